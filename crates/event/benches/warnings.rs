//! Locating many warnings in a large TOML event: `cargo bench -p countback-event --bench warnings`.
//!
//! A Swiss of 500 teams over 10 rounds (about 180 KB of TOML) with 100
//! matches left out, so that about 150 teams are warned of a round with
//! neither a match nor a bye, each warning located by line. Every warning
//! used to parse the whole text again (issue 29: 4.4–5.1 s for a 340 KB
//! file; 62.7 s for 4 MiB with 234 warnings); the target is well under a
//! second for the whole read-and-rank.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::fmt::Write as _;

use countback_event::{Event, Notation, RankRequest, Source};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// A Swiss of `teams` teams over `rounds` rounds, with `missing` matches
/// left out, from a fixed generator.
fn swiss(teams: usize, rounds: usize, missing: usize) -> String {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(seed >> 33).unwrap_or(0)
    };
    let mut s = String::from("[event]\nname = \"Big Swiss\"\nprocedure = \"ebu\"\n\n");
    for t in 0..teams {
        let _ = write!(s, "[[contestants]]\nid = \"T{t}\"\nname = \"Team {t}\"\n\n");
    }
    let matches = rounds * teams / 2;
    // Every `matches / missing`-th match is left out.
    let gap = (matches / missing.max(1)).max(1);
    let mut k = 0;
    for r in 1..=rounds {
        let mut order: Vec<usize> = (0..teams).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, next() % (i + 1));
        }
        for pair in order.chunks_exact(2) {
            k += 1;
            if k % gap == 0 && k / gap <= missing {
                continue;
            }
            let &[a, b] = pair else { continue };
            let v = next() % 21;
            let _ = write!(
                s,
                "[[matches]]\nround = {r}\nfirst = \"T{a}\"\nsecond = \"T{b}\"\nvp = [{v}, {}]\n\n",
                20 - v
            );
        }
    }
    s
}

fn located_warnings(c: &mut Criterion) {
    // The smoke run of `cargo test` is a debug build: keep it small there.
    let (teams, rounds, missing) = if cfg!(debug_assertions) {
        (40, 4, 6)
    } else {
        (500, 10, 100)
    };
    let text = swiss(teams, rounds, missing);
    let ranking = Event::parse(Source::new(text.clone(), Notation::Toml))
        .unwrap()
        .rank(&RankRequest::new())
        .unwrap();
    assert!(
        ranking.warnings.len() >= missing,
        "{}",
        ranking.warnings.len()
    );
    assert!(ranking.warnings.iter().all(|w| w.at.is_some()));
    let mut g = c.benchmark_group(format!(
        "toml_{teams}_teams_{rounds}_rounds_{}_warnings",
        ranking.warnings.len()
    ));
    g.sample_size(10);
    g.bench_function("parse_and_rank", |b| {
        b.iter(|| {
            let event = Event::parse(Source::new(text.clone(), Notation::Toml)).unwrap();
            black_box(event.rank(&RankRequest::new()).unwrap())
        })
    });
    g.finish();
}

criterion_group!(benches, located_warnings);
criterion_main!(benches);
