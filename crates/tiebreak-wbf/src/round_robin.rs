//! Part 1: ties at the end of a round robin, by the number of teams tied.

use countback_model::{ContestantId, TieBreakOutcome};

use crate::book::{Book, Part};
use crate::breaker::Breaker;
use crate::error::WbfError;
use crate::readings::Readings;
use crate::teams::TeamsEvent;

/// Break a tie on victory points at the end of a round robin (WBF 1.1 for
/// two teams, 1.2 for three, 1.3 for four or more, handing what is left of a
/// partly broken tie on to 1.1 or 1.2 as the text directs).
///
/// `tied` must be teams of `event` with equal victory points.
///
/// ```
/// use countback_model::{ContestantId, Encounter, EncounterStatus, RoundNumber, Score, SideScores, Unit};
/// use countback_tiebreak_wbf::{round_robin, TeamsEvent};
///
/// let side = |unit, a: i64, b: i64| SideScores { unit, first: Score::integer(a), second: Score::integer(b) };
/// let m = |round, a: &str, b: &str, vp: (i64, i64), imp: (i64, i64)| Encounter {
///     round: RoundNumber(round),
///     first: a.into(),
///     second: b.into(),
///     scores: vec![
///         side(Unit::VictoryPoints, vp.0, vp.1),
///         side(Unit::Imps, imp.0, imp.1),
///         side(Unit::TotalPoints, 100 * imp.0, 100 * imp.1),
///     ],
///     status: EncounterStatus::Played,
///     weight: Score::ONE,
/// };
/// // A and B both finish on 20 VPs; A's IMP quotient (60/40) beats B's (50/50).
/// let event = TeamsEvent::new(
///     ["A", "B", "C"].map(ContestantId::new),
///     [m(1, "A", "B", (10, 10), (20, 20)), m(2, "A", "C", (10, 10), (40, 20)), m(3, "B", "C", (10, 10), (30, 30))],
/// )?;
/// let outcome = round_robin(&event, &["B".into(), "A".into()], &countback_tiebreak_wbf::Readings::default())?;
/// assert_eq!(outcome.order_text(), "A > B");
/// assert_eq!(outcome.deciding_clauses()[0].to_string(), "WBF 1.1(a)");
/// # Ok::<(), countback_tiebreak_wbf::WbfError>(())
/// ```
///
/// `readings` choose where the text can be read two ways
/// ([`Readings::default()`] is the reading it supports best).
pub fn round_robin(
    event: &TeamsEvent,
    tied: &[ContestantId],
    readings: &Readings,
) -> Result<TieBreakOutcome, WbfError> {
    Breaker::tie(event, tied, readings, |b, g| ROUND_ROBIN.any(b, g))
}

/// The whole round-robin ranking: teams by victory points, each tie broken
/// by [`round_robin`].
///
/// `readings` choose where the text can be read two ways
/// ([`Readings::default()`] is the reading it supports best).
pub fn round_robin_standings(
    event: &TeamsEvent,
    readings: &Readings,
) -> Result<TieBreakOutcome, WbfError> {
    Breaker::standings(event, readings, |b, g| ROUND_ROBIN.any(b, g))
}

/// Part 1's team clauses.
static ROUND_ROBIN: Book = Book {
    part: Part::RoundRobin,
};
