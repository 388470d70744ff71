//! Matchpointing one large board against sorting its raw scores.
#![allow(missing_docs)]

use countback_matchpoints::synthetic::bench_score;
use countback_matchpoints::{matchpoint_integers, matchpoint_scores, Scale};
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};

/// Bridge-like NS scores with many ties, from a fixed generator.
fn board(n: usize) -> Vec<i32> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n).map(|_| bench_score(&mut x)).collect()
}

fn matchpoint_vs_sort(c: &mut Criterion) {
    // The smoke run of `cargo test` is a debug build: keep it small there.
    let n = if cfg!(debug_assertions) { 500 } else { 5_000 };
    let scores = board(n);
    let mut g = c.benchmark_group(format!("board_{n}_results"));
    g.bench_function("sort_unstable_raw_scores", |b| {
        b.iter_batched(
            || scores.clone(),
            |mut v| {
                v.sort_unstable();
                black_box(v)
            },
            BatchSize::SmallInput,
        )
    });
    g.bench_function("matchpoint_integers", |b| {
        b.iter_batched(
            || scores.clone(),
            |v| black_box(matchpoint_integers(&v)),
            BatchSize::SmallInput,
        )
    });
    // The same with every value as an exact `Score`.
    g.bench_function("matchpoint_scores", |b| {
        b.iter_batched(
            || scores.clone(),
            |v| black_box(matchpoint_scores(&v, Scale::TwoPerBeat)),
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

criterion_group!(benches, matchpoint_vs_sort);
criterion_main!(benches);
