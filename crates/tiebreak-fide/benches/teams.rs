//! A team Swiss of 200 teams, 6 boards, 11 rounds (issue 28), ranked by
//! every team tie-break the crate computes, from the TRF text: read, the
//! match table built, and the full list applied. 40 teams in a debug
//! build, so that `cargo test` smoke-runs it. Before the timings it
//! prints, once, the whole time and the number of teams.
#![allow(missing_docs)]
// A generator of its own data: every index is a team or player it numbered.
#![allow(clippy::indexing_slicing)]

use std::hint::black_box;
use std::time::Instant;

use countback_tiebreak_fide::{trf, TeamCascade, TeamTournament};
use criterion::{criterion_group, criterion_main, Criterion};

#[path = "support/team_swiss.rs"]
mod team_swiss;
use team_swiss::{team_swiss, TeamSwiss};

const BOARDS: u32 = 6;
const ROUNDS: usize = 11;
const FULL_LIST: &str = "MPvGP, BH:MP/C1/P, BH:MP, FB:MP, SB:MP, EMMSB, EMGSB/C1/P, EMGSB, \
                         PS:MP, BH:GP/C1/P, SB:GP, EGMSB/C1/P, EGGSB, PS:GP, KS:MP, WIN, TPN";

fn teams() -> u32 {
    if cfg!(debug_assertions) {
        40
    } else {
        200
    }
}

/// The generator's match points (in the `310` records) are what the
/// reader makes of the file: the bench ranks the event it means to.
fn check(text: &str) {
    let t = trf::parse(text).unwrap_or_default();
    let disagreements = TeamTournament::new(&t).map(|teams| teams.points_disagreements().len());
    assert_eq!(disagreements, Ok(0));
}

fn rank(text: &str, list: &TeamCascade) -> usize {
    let t = trf::parse(text).unwrap_or_default();
    let Ok(teams) = TeamTournament::new(&t) else {
        return 0;
    };
    teams.rank(list).map_or(0, |o| o.order.len())
}

fn bench(c: &mut Criterion) {
    let text = team_swiss(&TeamSwiss {
        teams: teams(),
        boards: BOARDS,
        rounds: ROUNDS,
        seed: 28,
        start_date: Some("2026/05/01"),
        win: 2,
        draw: 1,
        round_robin: false,
        blank_sit_out: false,
        forfeit_boards_named: false,
    });
    let list: TeamCascade = FULL_LIST.parse().unwrap_or_default();
    check(&text);
    let start = Instant::now();
    let places = rank(&text, &list);
    let whole = start.elapsed();
    println!(
        "teams: {} teams x {BOARDS} boards x {ROUNDS} rounds, {} codes: {places} places in {} us (read, match table, ranking)",
        teams(),
        list.0.len() + 1,
        whole.as_micros()
    );
    assert_eq!(places, usize::try_from(teams()).unwrap_or(0));
    c.bench_function("team swiss, full team list", |b| {
        b.iter(|| rank(black_box(&text), black_box(&list)));
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
