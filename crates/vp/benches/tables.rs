//! Building a table for every board count of a large event (issue 29,
//! item 4: "896 different VP board counts: 6–8 s").
//!
//! An event may give each match its own board count, and each count needs
//! its own certified table. The realistic worst case under `MAX_BOARDS`
//! (1000) is 896 different counts: `1..=896`, and the largest tables,
//! `105..=1000`. Criterion reports the time of one sweep (all 896 tables).
//! The target: well under one second per sweep in release.
#![allow(missing_docs, clippy::unwrap_used)]

use countback_vp::VpScale;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn ranges() -> [(&'static str, std::ops::RangeInclusive<u32>); 2] {
    // The smoke run of `cargo test` is a debug build: keep it small there.
    if cfg!(debug_assertions) {
        [("1_to_896", 1..=3), ("105_to_1000", 998..=1000)]
    } else {
        [("1_to_896", 1..=896), ("105_to_1000", 105..=1000)]
    }
}

fn build_896(c: &mut Criterion) {
    let mut g = c.benchmark_group("build_896_tables");
    g.sample_size(10);
    for scale in VpScale::ALL {
        for (name, range) in ranges() {
            g.bench_function(format!("{}/{name}", scale.name()), |b| {
                b.iter(|| {
                    for n in range.clone() {
                        black_box(scale.table(n).unwrap());
                    }
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, build_896);
criterion_main!(benches);
