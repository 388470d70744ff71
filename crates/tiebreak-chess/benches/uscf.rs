//! All four USCF tie-breaks (and the ranking through them) for a
//! 10,000-player, 11-round Swiss. A debug build (the `cargo test` smoke
//! run) uses 300 players so it stays fast.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(missing_docs, clippy::indexing_slicing)]

#[path = "../tests/support/swiss.rs"]
mod swiss;

use countback_tiebreak_chess::{rank_values, tie_break_values, Cascade, Crosstable, UscfOptions};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

const PLAYERS: usize = if cfg!(debug_assertions) { 300 } else { 10_000 };
const ROUNDS: u32 = 11;

fn uscf(c: &mut Criterion) {
    let table = Crosstable::new(ROUNDS, swiss::swiss(PLAYERS, ROUNDS, 2024)).unwrap();
    let options = UscfOptions::default();
    let cascade = Cascade::uscf();
    let mut g = c.benchmark_group(format!("uscf/{PLAYERS}x{ROUNDS}"));
    g.sample_size(10);
    g.bench_function("four tie-breaks", |b| {
        b.iter(|| black_box(tie_break_values(&table, &options)))
    });
    let values = tie_break_values(&table, &options);
    g.bench_function("rank through the USCF order", |b| {
        b.iter(|| black_box(rank_values(&values, &cascade)))
    });
    g.bench_function("validate crosstable", |b| {
        b.iter(|| black_box(Crosstable::new(ROUNDS, swiss::swiss(PLAYERS, ROUNDS, 2024)).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, uscf);
criterion_main!(benches);
