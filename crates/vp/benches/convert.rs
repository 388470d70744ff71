//! Converting every margin 0..=200 for N = 1..=64 boards (12 864
//! conversions per scale), and building the 64 tables from scratch.
//! Criterion reports the time of one sweep; divide by 12 864 for the time
//! per conversion (and by 64 for the time per table).
#![allow(missing_docs, clippy::unwrap_used)]

use countback_vp::{FractionalMargin, Score, VpScale};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

const MAX_MARGIN: i64 = 200;

fn boards() -> std::ops::RangeInclusive<u32> {
    // The smoke run of `cargo test` is a debug build: keep it small there.
    if cfg!(debug_assertions) {
        1..=4
    } else {
        1..=64
    }
}

fn sweep(c: &mut Criterion) {
    let margins: Vec<Score> = (0..=MAX_MARGIN).map(Score::integer).collect();
    let mut g = c.benchmark_group("convert_every_margin_0_to_200_for_1_to_64_boards");
    for scale in VpScale::ALL {
        // Warm the table cache so the sweep times conversions, not builds.
        for n in boards() {
            scale
                .convert(n, &Score::ZERO, &FractionalMargin::Refuse)
                .unwrap();
        }
        g.bench_function(scale.name(), |b| {
            b.iter(|| {
                for n in boards() {
                    for m in &margins {
                        black_box(scale.convert(n, m, &FractionalMargin::Refuse).unwrap());
                    }
                }
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("build_tables_for_1_to_64_boards");
    g.sample_size(10);
    for scale in VpScale::ALL {
        g.bench_function(scale.name(), |b| {
            b.iter(|| {
                for n in boards() {
                    black_box(scale.table(n).unwrap());
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, sweep);
criterion_main!(benches);
