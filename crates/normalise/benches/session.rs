//! Scoring a whole session exactly: 10,000 pairs, 24 boards, a fifth of
//! them short (smaller in the debug smoke run).
#![allow(
    missing_docs,
    clippy::indexing_slicing,
    clippy::cast_possible_truncation
)]

use countback_normalise::{
    score_session, BoardNumber, Movement, PercentageMethod, SessionSpec, TableOutcome, Traveller,
    TravellerLine,
};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

// The same generator as `examples/large_session.rs`.
fn session(pairs: usize, boards: u32) -> Vec<Traveller> {
    let tables = pairs / 2;
    let values = [
        -1100, -650, -620, -200, -100, -50, 0, 50, 110, 140, 170, 420, 450, 620, 1430,
    ];
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    (1..=boards)
        .map(|b| {
            let played = if b % 5 == 0 {
                tables * (80 + 2 * (b as usize % 10)) / 100
            } else {
                tables
            };
            let lines = (0..played)
                .map(|t| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let v = values[(x % values.len() as u64) as usize];
                    TravellerLine {
                        board: BoardNumber(b),
                        ns: format!("{}NS", t + 1).into(),
                        ew: format!("{}EW", (t + b as usize) % tables + 1).into(),
                        outcome: TableOutcome::Played { ns_points: v },
                    }
                })
                .collect();
            Traveller::new(BoardNumber(b), lines)
        })
        .collect()
}

fn whole_session(c: &mut Criterion) {
    let pairs = if cfg!(debug_assertions) { 200 } else { 10_000 };
    let travellers = session(pairs, 24);
    let mut g = c.benchmark_group("session");
    g.sample_size(10);
    g.bench_function(format!("{pairs}_pairs_24_boards_fifth_short_exact"), |b| {
        b.iter(|| {
            let scored = score_session(
                black_box(&travellers),
                &SessionSpec::default(),
                &Movement::open(),
            );
            let standings = scored
                .as_ref()
                .ok()
                .and_then(|s| s.table.standings(&PercentageMethod::Proportional).ok());
            black_box((scored, standings))
        })
    });
    g.finish();
}

criterion_group!(benches, whole_session);
criterion_main!(benches);
