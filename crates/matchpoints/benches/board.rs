//! Matchpointing one large board against sorting its raw scores.
#![allow(missing_docs)]

use countback_matchpoints::{matchpoint_integers, matchpoint_scores, Scale};
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};

/// Bridge-like NS scores with many ties, from a fixed generator.
fn board(n: usize) -> Vec<i32> {
    let values = [
        -1100, -800, -650, -620, -200, -100, -50, 0, 50, 90, 110, 140, 170, 420, 450, 480, 620,
        650, 1430,
    ];
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let i = usize::try_from(x % values.len() as u64).unwrap_or(0);
            values.get(i).copied().unwrap_or(0) + i32::try_from(x % 7).unwrap_or(0) * 10
        })
        .collect()
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
