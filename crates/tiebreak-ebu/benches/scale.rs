//! Scale: one tie of n teams (n = 1,000 / 4,000 / 10,000) in a ten-round
//! Swiss with eight boards played by every team, split by the White Book
//! procedure and by its number-of-wins variant (together every test of
//! EBU 143.7.1). Issue 17's bound is O(n² log n) for a tie of n; each test
//! now reads each contestant's own meetings only.
//!
//! `cargo test` runs this once as a smoke test with a 40-team tie (debug
//! builds); `cargo bench --bench scale` runs the full sizes. Set
//! `COUNTBACK_SCALE=1000,4000` to choose the sizes.
#![allow(missing_docs, clippy::unwrap_used, clippy::cast_possible_truncation)]

// The tests' builders: the same generated Swiss as the test of a large tie.
#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::BTreeMap;

use countback_model::{BoardNumber, ContestantId, Score};
use countback_test_support::synthetic::{mix, scale_group, scale_sizes};
use countback_tiebreak_ebu::{Board, BoardResult, Procedure, Stage, TiePurpose};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

use common::{drawn_swiss, team as name, vp_imps_stage};

const ROUNDS: usize = 10;
const BOARDS: u32 = 8;

/// Every match drawn 10-10 on VPs (all tie on 100), IMPs varied.
fn stage(teams: usize) -> Stage {
    let (standings, encounters) = drawn_swiss(teams, ROUNDS, |a, b, r| mix(a, b, r) % 5);
    let boards = (1..=BOARDS)
        .map(|n| Board {
            number: BoardNumber(n),
            average: Score::ZERO,
            results: (0..teams)
                .map(|i| {
                    let x = mix(i, n as usize, 3);
                    (name(i), BoardResult::Played(Score::integer(x % 9 - 4)))
                })
                .collect::<BTreeMap<_, _>>(),
        })
        .collect();
    vp_imps_stage(standings, encounters, boards)
}

fn bench(c: &mut Criterion) {
    let mut g = scale_group(c, "ebu tie of n teams");
    for n in scale_sizes() {
        let stage = stage(n);
        let tied: Vec<ContestantId> = (0..n).map(name).collect();
        for (label, procedure) in [
            ("white book", Procedure::white_book()),
            ("number of wins", Procedure::with_number_of_wins()),
        ] {
            let o = procedure
                .split(&stage, &tied, TiePurpose::QualifyingPlace)
                .unwrap();
            assert_eq!(o.order.iter().map(|g| g.members.len()).sum::<usize>(), n);
            g.bench_with_input(BenchmarkId::new(label, n), &n, |b, _| {
                b.iter(|| {
                    procedure
                        .split(
                            black_box(&stage),
                            black_box(&tied),
                            TiePurpose::QualifyingPlace,
                        )
                        .unwrap()
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
