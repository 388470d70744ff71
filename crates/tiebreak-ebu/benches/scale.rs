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

use std::collections::BTreeMap;
use std::time::Duration;

use countback_model::{
    BoardNumber, ContestantId, ContestantKind, Encounter, EncounterStatus, RoundNumber, Score,
    SideScores, Unit,
};
use countback_test_support::synthetic::{mix, scale_sizes};
use countback_tiebreak_ebu::{
    Board, BoardResult, EventFormat, FinalStanding, MatchGrouping, PenaltyConversion, Procedure,
    Scoring, Stage, Standings, TiePurpose,
};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

const ROUNDS: usize = 10;
const BOARDS: u32 = 8;

fn name(i: usize) -> ContestantId {
    ContestantId::new(format!("T{i:05}"))
}

/// Every match drawn 10-10 on VPs (all tie on 100), IMPs varied.
fn stage(teams: usize) -> Stage {
    let standings =
        Standings::new((0..teams).map(|i| FinalStanding::full(name(i), Score::integer(100))))
            .unwrap();
    let mut encounters = Vec::new();
    for r in 0..ROUNDS {
        let shift = r * 7 + 1;
        let order: Vec<usize> = (0..teams).map(|i| (i * 13 + shift) % teams).collect();
        for pair in order.chunks(2) {
            let [a, b] = pair else { continue };
            let imps = mix(*a, *b, r) % 5;
            encounters.push(Encounter {
                round: RoundNumber(r as u32 + 1),
                first: name(*a),
                second: name(*b),
                scores: vec![
                    SideScores {
                        unit: Unit::VictoryPoints,
                        first: Score::integer(10),
                        second: Score::integer(10),
                    },
                    SideScores {
                        unit: Unit::Imps,
                        first: Score::integer(imps),
                        second: Score::integer(4 - imps),
                    },
                ],
                status: EncounterStatus::Played,
                weight: Score::ONE,
            });
        }
    }
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
    Stage {
        format: EventFormat {
            scoring: Scoring::victory_points(Unit::Imps),
            all_play_all: false,
            contestants: ContestantKind::Team,
            grouping: MatchGrouping::Rounds,
            draw_score: Score::integer(10),
        },
        standings,
        encounters,
        partnerships: Vec::new(),
        boards,
        penalties: Vec::new(),
        conversion: PenaltyConversion::standard(),
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("ebu tie of n teams");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(1));
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
