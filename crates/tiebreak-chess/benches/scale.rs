//! Scale: a tie of n players (n = 1,000 / 4,000 / 10,000) on score in an
//! eleven-round Swiss where every game is drawn, ranked through the USCF
//! cascade; and a tie of n teams in a ten-round IHSA event where every
//! match is halved, ranked by the IHSA formula. Issue 17's bound is
//! O(n² log n) for a tie of n; both grow about as n log n.
//!
//! `cargo test` runs this once as a smoke test with 40 (debug builds);
//! `cargo bench --bench scale` runs the full sizes. Set
//! `COUNTBACK_SCALE=1000,4000` to choose the sizes.
#![allow(missing_docs, clippy::unwrap_used, clippy::cast_possible_truncation)]

use countback_test_support::synthetic::{scale_group, scale_sizes};
use countback_tiebreak_chess::{
    rank, Cascade, CascadeEnd, ContestantId, Crosstable, IhsaEvent, IhsaOptions, RoundNumber,
    RoundResult, Score, TeamMatch, UscfOptions,
};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

fn name(i: usize) -> ContestantId {
    ContestantId::new(format!("P{i:05}"))
}

/// Round r pairs i with i + 2^r (mod n) in blocks: everyone plays, all draws.
fn pairings(n: usize, rounds: usize) -> Vec<Vec<(usize, usize)>> {
    (0..rounds)
        .map(|r| {
            let shift = r * 7 + 1;
            let order: Vec<usize> = (0..n).map(|i| (i * 13 + shift) % n).collect();
            order
                .chunks(2)
                .filter_map(|p| match p {
                    [a, b] => Some((*a, *b)),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

fn crosstable(n: usize) -> Crosstable {
    const ROUNDS: usize = 11;
    let mut rows: Vec<Vec<RoundResult>> = vec![Vec::new(); n];
    for round in pairings(n, ROUNDS) {
        for (a, b) in round {
            if let Some(r) = rows.get_mut(a) {
                r.push(RoundResult::Draw(name(b)));
            }
            if let Some(r) = rows.get_mut(b) {
                r.push(RoundResult::Draw(name(a)));
            }
        }
    }
    Crosstable::new(
        ROUNDS as u32,
        rows.into_iter().enumerate().map(|(i, r)| (name(i), r)),
    )
    .unwrap()
}

fn ihsa(n: usize) -> IhsaEvent {
    const ROUNDS: usize = 10;
    let matches = pairings(n, ROUNDS)
        .into_iter()
        .enumerate()
        .flat_map(|(r, round)| {
            round.into_iter().map(move |(a, b)| TeamMatch {
                round: RoundNumber(r as u32 + 1),
                first: name(a),
                second: name(b),
                first_match_points: Score::integer(2),
                second_match_points: Score::integer(2),
            })
        });
    IhsaEvent::new(ROUNDS as u32, (0..n).map(name), matches, []).unwrap()
}

fn bench(c: &mut Criterion) {
    let mut g = scale_group(c, "chess tie of n");
    for n in scale_sizes() {
        let table = crosstable(n);
        let options = UscfOptions::default();
        let cascade = Cascade::uscf();
        assert_eq!(rank(&table, &cascade, &options).order.len(), 1);
        g.bench_with_input(BenchmarkId::new("uscf", n), &n, |b, _| {
            b.iter(|| rank(black_box(&table), &cascade, &options))
        });
        let event = ihsa(n);
        let options = IhsaOptions::ihsa();
        event.rank(&options, &CascadeEnd::Stands).unwrap();
        g.bench_with_input(BenchmarkId::new("ihsa", n), &n, |b, _| {
            b.iter(|| {
                event
                    .rank(black_box(&options), &CascadeEnd::Stands)
                    .unwrap()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
