//! A 1,000-team Swiss whose 50-team tie is resolved by point-a-board
//! count-back over 200 boards (smaller in a debug build, where `cargo test`
//! runs this once as a smoke test).
#![allow(missing_docs)]

// The tests' builders: the stage's format.
#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::BTreeMap;

use countback_model::{
    BoardNumber, ContestantId, Encounter, EncounterStatus, RoundNumber, Score, SideScores, Unit,
};
use countback_tiebreak_ebu::{
    Board, BoardResult, FinalStanding, PointABoardCountBack, Procedure, SplitTieTest, Stage,
    Standings, TiePurpose,
};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

struct Size {
    teams: usize,
    tied: usize,
    boards: u32,
    rounds: u32,
}

impl Size {
    /// The benchmark's name: what it measures, then the size.
    fn label(&self, what: &str) -> String {
        format!(
            "{what}/{}_teams/{}_tied/{}_boards",
            self.teams, self.tied, self.boards
        )
    }
}

fn size() -> Size {
    if cfg!(debug_assertions) {
        Size {
            teams: 100,
            tied: 10,
            boards: 20,
            rounds: 4,
        }
    } else {
        Size {
            teams: 1000,
            tied: 50,
            boards: 200,
            rounds: 10,
        }
    }
}

/// A small deterministic generator, so every run measures the same event.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn name(i: usize) -> ContestantId {
    ContestantId::new(format!("T{i:04}"))
}

fn swiss(s: &Size) -> (Stage, Vec<ContestantId>) {
    let mut rng = Lcg(2026);
    let standings = Standings::new((0..s.teams).map(|i| {
        let vps = if i < s.tied {
            120
        } else {
            (rng.next() % 200) as i64
        };
        FinalStanding::full(name(i), Score::integer(vps))
    }))
    .unwrap_or_default();
    let mut encounters = Vec::new();
    for r in 1..=s.rounds {
        let shift = r as usize;
        for j in 0..s.teams / 2 {
            let (a, b) = ((2 * j + shift) % s.teams, (2 * j + 1 + shift) % s.teams);
            let v = (rng.next() % 21) as i64;
            encounters.push(Encounter {
                round: RoundNumber(r),
                first: name(a),
                second: name(b),
                scores: vec![SideScores {
                    unit: Unit::VictoryPoints,
                    first: v.into(),
                    second: (20 - v).into(),
                }],
                status: EncounterStatus::Played,
                weight: Score::ONE,
            });
        }
    }
    let boards = (1..=s.boards)
        .map(|n| Board {
            number: BoardNumber(n),
            average: Score::ZERO,
            results: (0..s.teams)
                .filter_map(|i| {
                    let x = rng.next();
                    (x % 20 != 0).then(|| {
                        (
                            name(i),
                            BoardResult::Played(Score::integer((x % 25) as i64 - 12)),
                        )
                    })
                })
                .collect::<BTreeMap<_, _>>(),
        })
        .collect();
    let stage = common::vp_imps_stage(standings, encounters, boards);
    let tied = (0..s.tied).map(name).collect();
    (stage, tied)
}

fn bench(c: &mut Criterion) {
    let s = size();
    let (stage, tied) = swiss(&s);
    let procedure = Procedure::new(vec![SplitTieTest::PointABoardCountBack]);
    c.bench_function(&s.label("split_tie"), |b| {
        b.iter(|| {
            black_box(
                procedure
                    .split(
                        black_box(&stage),
                        black_box(&tied),
                        TiePurpose::QualifyingPlace,
                    )
                    .map(|o| o.order.len()),
            )
        })
    });
}

/// The count-back alone, without validating the 1,000-team stage.
fn count_back_only(c: &mut Criterion) {
    let s = size();
    let (stage, tied) = swiss(&s);
    c.bench_function(&s.label("count_back"), |b| {
        b.iter(|| {
            black_box(
                PointABoardCountBack::compute(black_box(&tied), black_box(&stage.boards))
                    .map(|cb| cb.totals.len()),
            )
        })
    });
}

/// Validating the stage alone (every name in every board checked).
fn validate_only(c: &mut Criterion) {
    let s = size();
    let (stage, _) = swiss(&s);
    let label = format!("validate/{}_teams/{}_boards", s.teams, s.boards);
    c.bench_function(&label, |b| {
        b.iter(|| black_box(black_box(&stage).validate()))
    });
}

criterion_group!(benches, bench, count_back_only, validate_only);
criterion_main!(benches);
