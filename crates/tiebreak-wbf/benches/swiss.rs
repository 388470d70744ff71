//! A 300-team Swiss (ten rounds) with a 40-team tie on VPs, broken by the
//! WBF procedure (Swiss points, then 3.1 / 3.2 / 3.3). Debug builds (the
//! `cargo test` smoke run) use 60 teams with a 10-team tie.
#![allow(missing_docs, clippy::unwrap_used)]

use countback_model::{ContestantId, Score};
use countback_test_support::synthetic::mix;
use countback_tiebreak_wbf::{swiss, swiss_standings, TeamsEvent};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

// The tests' builders (names, a teams match).
#[path = "../tests/common/mod.rs"]
mod common;

use common::{name, teams_match};

const ROUNDS: usize = 10;

fn sizes() -> (usize, usize) {
    if cfg!(debug_assertions) {
        (60, 10)
    } else {
        (300, 40)
    }
}

/// Each round pairs neighbours after a rotation. A match with one of the
/// first `tied` teams is drawn 10-10 on VPs (so those teams tie on 100 VPs)
/// with varied IMPs and points; other matches are varied throughout.
fn event(teams: usize, tied: usize) -> TeamsEvent {
    let mut matches = Vec::new();
    for r in 0..ROUNDS {
        let shift = r * 7 + 1;
        let order: Vec<usize> = (0..teams).map(|i| (i * 13 + shift) % teams).collect();
        for pair in order.chunks(2) {
            let [a, b] = pair else { continue };
            let (a, b) = (*a, *b);
            let vp = if a < tied || b < tied {
                10
            } else {
                mix(a, b, r) % 21
            };
            let imps = (mix(a, b, r + 100) % 60, mix(b, a, r + 100) % 60);
            let points = (mix(a, b, r + 200) + 500, mix(b, a, r + 200) + 500);
            matches.push(teams_match(r + 1, (a, b), (vp, 20 - vp), imps, points));
        }
    }
    TeamsEvent::new((0..teams).map(name), matches)
        .and_then(|e| e.with_vp_scale_total(Score::integer(20)))
        .unwrap()
}

fn bench(c: &mut Criterion) {
    let (teams, tied) = sizes();
    let e = event(teams, tied);
    let group: Vec<ContestantId> = (0..tied).map(name).collect();
    let outcome = swiss(&e, &group, &countback_tiebreak_wbf::Readings::default()).unwrap();
    assert_eq!(
        outcome.order.iter().map(|g| g.members.len()).sum::<usize>(),
        tied
    );
    let mut g = c.benchmark_group("wbf swiss");
    g.sample_size(10);
    g.bench_function(format!("{teams} teams, {tied}-team tie"), |b| {
        b.iter(|| {
            swiss(
                black_box(&e),
                black_box(&group),
                &countback_tiebreak_wbf::Readings::default(),
            )
            .unwrap()
        })
    });
    g.bench_function(format!("{teams} teams, whole standings"), |b| {
        b.iter(|| {
            swiss_standings(black_box(&e), &countback_tiebreak_wbf::Readings::default()).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
