//! What contestants scored against each other, and for and against overall:
//! the raw material of direct-match tests and won/lost quotients.

use crate::event::{ContestantId, Encounter, Unit};
use crate::quotient::Quotient;
use crate::score::Score;

/// Totals for one contestant over a set of encounters.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[allow(clippy::exhaustive_structs)] // Closed: scored, conceded and how many: the whole of a head-to-head total.
pub struct ForAgainst {
    /// Scored by the contestant.
    pub scored: Score,
    /// Scored by its opponents.
    pub conceded: Score,
    /// How many encounters counted.
    pub encounters: usize,
}

impl ForAgainst {
    /// `scored / conceded` (IMP quotient, total-points quotient).
    #[must_use]
    pub fn quotient(&self) -> Quotient {
        Quotient::of(&self.scored, &self.conceded)
    }

    /// `scored - conceded` (net IMPs, net total points).
    #[must_use]
    pub fn net(&self) -> Score {
        &self.scored - &self.conceded
    }
}

/// `who`'s totals in `unit` over every encounter it took part in that
/// `include` accepts. Encounters without a score in `unit` are skipped.
pub fn for_against<'a>(
    encounters: impl IntoIterator<Item = &'a Encounter>,
    who: &ContestantId,
    unit: Unit,
    mut include: impl FnMut(&Encounter) -> bool,
) -> ForAgainst {
    let mut t = ForAgainst::default();
    for e in encounters {
        if !include(e) {
            continue;
        }
        if let Some((own, other)) = e.scores_for(who, unit) {
            t.scored += own;
            t.conceded += other;
            t.encounters += 1;
        }
    }
    t
}

/// What `a` and `b` scored against each other in `unit`, summed over all
/// their meetings (a double round robin is one match); `None` if they never
/// met with a score in that unit.
///
/// ```
/// use countback_model::head_to_head::head_to_head;
/// use countback_model::{ContestantId, Encounter, EncounterStatus, RoundNumber, Score, SideScores, Unit};
///
/// let e = Encounter {
///     round: RoundNumber(1),
///     first: ContestantId::new("A"),
///     second: ContestantId::new("B"),
///     scores: vec![SideScores { unit: Unit::VictoryPoints, first: Score::integer(12), second: Score::integer(8) }],
///     status: EncounterStatus::Played,
///     weight: Score::ONE,
/// };
/// let h = head_to_head([&e], &ContestantId::new("B"), &ContestantId::new("A"), Unit::VictoryPoints).unwrap();
/// assert_eq!((h.scored, h.conceded), (Score::integer(8), Score::integer(12)));
/// ```
pub fn head_to_head<'a>(
    encounters: impl IntoIterator<Item = &'a Encounter>,
    a: &ContestantId,
    b: &ContestantId,
    unit: Unit,
) -> Option<ForAgainst> {
    let t = for_against(encounters, a, unit, |e| e.between(a, b));
    (t.encounters > 0).then_some(t)
}
