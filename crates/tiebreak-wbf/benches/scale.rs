//! Scale: one tie of n teams (n = 1,000 / 4,000 / 10,000) in a ten-round
//! event, for every procedure that takes a tie of any size (round robin,
//! Swiss, pairs, BAM; the knockout tie is always two teams). Issue 17's
//! bound is O(n² log n) for a tie of n; the procedures now read each team's
//! own matches only, so they grow about as n log n.
//!
//! `cargo test` runs this once as a smoke test with a 40-team tie (debug
//! builds); `cargo bench --bench scale` runs the full sizes. Set
//! `COUNTBACK_SCALE=1000,4000` to choose the sizes.
#![allow(missing_docs, clippy::unwrap_used, clippy::cast_possible_truncation)]

use countback_model::{
    BoardNumber, ContestantId, Encounter, EncounterStatus, RoundNumber, Score, Unit,
};
use countback_test_support::synthetic::{mix, scale_group, scale_sizes};
use countback_tiebreak_wbf::{
    bam, pairs, round_robin, swiss, BamBoard, BamStage, PairsStage, Readings, TeamsEvent,
};
use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion,
};

// The tests' builders (names, a teams match).
#[path = "../tests/common/mod.rs"]
mod common;

use common::{name, side, teams_match, Procedure};

const ROUNDS: usize = 10;

/// Each round pairs neighbours after a rotation: (round, a, b).
fn schedule(teams: usize) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for r in 0..ROUNDS {
        let shift = r * 7 + 1;
        let order: Vec<usize> = (0..teams).map(|i| (i * 13 + shift) % teams).collect();
        for pair in order.chunks(2) {
            if let [a, b] = pair {
                out.push((r, *a, *b));
            }
        }
    }
    out
}

/// Every match drawn 10-10 on VPs (all teams tie), with varied IMPs and
/// points; some IMP quotients repeat, so the later clauses run too.
fn teams_event(teams: usize) -> TeamsEvent {
    let matches = schedule(teams).into_iter().map(|(r, a, b)| {
        let imps = (mix(a, b, r) % 7, mix(b, a, r) % 7);
        let points = (mix(a, b, r + 200) % 5 + 500, mix(b, a, r + 200) % 5 + 500);
        teams_match(r + 1, (a, b), (10, 10), imps, points)
    });
    TeamsEvent::new((0..teams).map(name), matches).unwrap()
}

/// Every pair on 100 over two sessions, split a few ways.
fn pairs_stage(teams: usize) -> PairsStage {
    let sessions = (0..teams).map(|i| {
        let first = (i % 5) as i64 + 48;
        (
            name(i),
            vec![Score::integer(first), Score::integer(100 - first)],
        )
    });
    let positions = (0..teams).map(|i| (name(i), (i % 50) as u32 + 1));
    let meetings = schedule(teams).into_iter().map(|(r, a, b)| {
        let mp = mix(a, b, r) % 3;
        Encounter {
            round: RoundNumber(r as u32 + 1),
            first: name(a),
            second: name(b),
            scores: vec![side(Unit::MatchPoints, mp, 2 - mp)],
            status: EncounterStatus::Played,
            weight: Score::ONE,
        }
    });
    PairsStage::new(sessions, positions, meetings).unwrap()
}

/// Every match halved (all teams tie on score), boards varied.
fn bam_stage(teams: usize) -> BamStage {
    let matches = schedule(teams).into_iter().map(|(r, a, b)| Encounter {
        round: RoundNumber(r as u32 + 1),
        first: name(a),
        second: name(b),
        scores: vec![side(Unit::MatchPoints, 1, 1)],
        status: EncounterStatus::Played,
        weight: Score::ONE,
    });
    let boards = (0..teams).flat_map(|t| {
        (1..=4u32).map(move |b| {
            BamBoard::new(
                name(t),
                BoardNumber(b),
                Score::integer(mix(t, b as usize, 9) % 3),
            )
        })
    });
    BamStage::new((0..teams).map(|t| (name(t), Score::ZERO)), matches, boards).unwrap()
}

/// Measure `procedure` on the tie of every team of `stage`, once checked to
/// place each of them.
fn measure<S>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    stage: &S,
    tied: &[ContestantId],
    procedure: Procedure<S>,
) {
    let readings = Readings::default();
    let outcome = procedure(stage, tied, &readings).unwrap();
    let placed: usize = outcome.order.iter().map(|g| g.members.len()).sum();
    assert_eq!(placed, tied.len());
    g.bench_with_input(BenchmarkId::new(label, tied.len()), &tied.len(), |b, _| {
        b.iter(|| procedure(black_box(stage), black_box(tied), &readings).unwrap())
    });
}

fn bench(c: &mut Criterion) {
    let mut g = scale_group(c, "wbf tie of n teams");
    for n in scale_sizes() {
        let tied: Vec<ContestantId> = (0..n).map(name).collect();
        let event = teams_event(n);
        measure(&mut g, "swiss", &event, &tied, swiss);
        measure(&mut g, "round robin", &event, &tied, round_robin);
        drop(event);
        let stage = pairs_stage(n);
        measure(&mut g, "pairs", &stage, &tied, pairs);
        drop(stage);
        let stage = bam_stage(n);
        measure(&mut g, "bam", &stage, &tied, bam);
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
