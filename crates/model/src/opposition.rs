//! Sums over a contestant's opponents, the notion behind EBU tie-break points,
//! WBF Swiss points and chess Solkoff alike.

use std::collections::BTreeMap;

use crate::error::InputError;
use crate::event::ContestantId;
use crate::score::Score;

/// One meeting as the opposition sums see it: who met whom, and with what
/// weight (1 for a full match, 1/2 for a half-length one).
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_structs)] // Closed: who met whom with what weight: the whole of a meeting.
pub struct Meeting {
    /// The contestant whose sum this adds to.
    pub contestant: ContestantId,
    /// The opponent met.
    pub opponent: ContestantId,
    /// The weight of the meeting.
    pub weight: Score,
}

/// For every contestant, the weighted sum of the final scores of each
/// opponent met (an opponent met twice counts twice).
///
/// `final_score` supplies each opponent's score as the rule wants it seen
/// (raw, pro-rata for a withdrawal, adjusted for byes); an opponent it does
/// not know is an [`InputError::UnknownContestant`].
///
/// ```
/// use countback_model::opposition::{sum_of_opponents, Meeting};
/// use countback_model::{ContestantId, Score};
/// use std::collections::BTreeMap;
///
/// let id = ContestantId::new;
/// let finals: BTreeMap<_, _> = [("X", 50), ("Y", 40), ("Z", 30)]
///     .into_iter()
///     .map(|(c, s)| (id(c), Score::integer(s)))
///     .collect();
/// let meetings: Vec<Meeting> = ["X", "Y", "Z"]
///     .into_iter()
///     .map(|o| Meeting { contestant: id("A"), opponent: id(o), weight: Score::ONE })
///     .collect();
/// let sums = sum_of_opponents(&meetings, |c| finals.get(c).cloned())?;
/// assert_eq!(sums[&id("A")], Score::integer(120));
/// # Ok::<(), countback_model::InputError>(())
/// ```
pub fn sum_of_opponents(
    meetings: &[Meeting],
    mut final_score: impl FnMut(&ContestantId) -> Option<Score>,
) -> Result<BTreeMap<ContestantId, Score>, InputError> {
    let mut sums: BTreeMap<ContestantId, Score> = BTreeMap::new();
    for m in meetings {
        let score = final_score(&m.opponent).ok_or_else(|| InputError::UnknownContestant {
            contestant: m.opponent.clone(),
        })?;
        *sums.entry(m.contestant.clone()).or_default() += score * &m.weight;
    }
    Ok(sums)
}
