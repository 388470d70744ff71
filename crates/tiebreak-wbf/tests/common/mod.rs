//! Small builders shared by the integration tests and the benchmarks
//! (which include this file by path).
#![allow(dead_code, clippy::unwrap_used)]

use countback_model::{
    ContestantId, Encounter, EncounterStatus, RoundNumber, Score, SideScores, TieBreakOutcome, Unit,
};
use countback_tiebreak_wbf::{Readings, WbfError};

/// A tie-break procedure of this crate: a tie of a stage in, the tie split
/// out, as the readings say.
pub type Procedure<S> = fn(&S, &[ContestantId], &Readings) -> Result<TieBreakOutcome, WbfError>;

/// `procedure` on the tie of the teams named `tied`, read the default way.
pub fn split<S>(
    procedure: Procedure<S>,
    stage: &S,
    tied: &[&str],
) -> Result<TieBreakOutcome, WbfError> {
    procedure(stage, &ids(tied), &Readings::default())
}

/// The teams (or pairs) named.
pub fn ids(names: &[&str]) -> Vec<ContestantId> {
    names.iter().map(|n| ContestantId::new(*n)).collect()
}

/// The team (or pair) named.
pub fn id(n: &str) -> ContestantId {
    ContestantId::new(n)
}

/// Team (or pair) `i` of a generated event.
pub fn name(i: usize) -> ContestantId {
    ContestantId::new(format!("T{i:05}"))
}

/// One unit's two scores.
pub fn side(unit: Unit, a: i64, b: i64) -> SideScores {
    SideScores {
        unit,
        first: Score::integer(a),
        second: Score::integer(b),
    }
}

/// A match played in `round` (counted from 1) between `a` and `b`, at
/// full weight.
pub fn played(
    round: usize,
    a: ContestantId,
    b: ContestantId,
    scores: Vec<SideScores>,
) -> Encounter {
    Encounter {
        round: RoundNumber(u32::try_from(round).unwrap()),
        first: a,
        second: b,
        scores,
        status: EncounterStatus::Played,
        weight: Score::ONE,
    }
}

/// A teams match between generated teams `a` and `b`: VPs, IMPs and total
/// points, each as (a's, b's).
pub fn teams_match(
    round: usize,
    (a, b): (usize, usize),
    vp: (i64, i64),
    imps: (i64, i64),
    points: (i64, i64),
) -> Encounter {
    match_between(round, name(a), name(b), vp, imps, points)
}

/// A teams match played in `round` between `a` and `b`: VPs, IMPs and
/// total points, each as (a's, b's).
pub fn match_between(
    round: usize,
    a: impl Into<ContestantId>,
    b: impl Into<ContestantId>,
    vp: (i64, i64),
    imps: (i64, i64),
    points: (i64, i64),
) -> Encounter {
    played(
        round,
        a.into(),
        b.into(),
        vec![
            side(Unit::VictoryPoints, vp.0, vp.1),
            side(Unit::Imps, imps.0, imps.1),
            side(Unit::TotalPoints, points.0, points.1),
        ],
    )
}
