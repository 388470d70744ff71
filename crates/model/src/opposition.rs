//! Sums over a contestant's opponents, the notion behind EBU tie-break points,
//! WBF Swiss points and chess Solkoff alike.

use std::collections::{BTreeMap, HashMap};

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
    final_score: impl FnMut(&ContestantId) -> Option<Score>,
) -> Result<BTreeMap<ContestantId, Score>, InputError> {
    sum_of_opponents_of(
        meetings
            .iter()
            .map(|m| (&m.contestant, &m.opponent, &m.weight)),
        final_score,
    )
}

/// [`sum_of_opponents`] over borrowed meetings (contestant, opponent,
/// weight), as a stage's matches give them from both sides.
///
/// Each contestant is numbered once, when first seen, and each opponent's
/// score asked for once: the sums are kept by number, so a stage of
/// 10,000 teams costs a pass over its meetings, not a copy and a name
/// comparison per meeting (issue 30).
///
/// ```
/// use countback_model::opposition::sum_of_opponents_of;
/// use countback_model::{ContestantId, Score};
///
/// let (a, x) = (ContestantId::new("A"), ContestantId::new("X"));
/// let (one, half) = (Score::ONE, Score::parse("1/2")?);
/// let sums = sum_of_opponents_of([(&a, &x, &one), (&a, &x, &half)], |_| Some(Score::integer(40)))?;
/// assert_eq!(sums[&a], Score::integer(60));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sum_of_opponents_of<'m>(
    meetings: impl IntoIterator<Item = (&'m ContestantId, &'m ContestantId, &'m Score)>,
    mut final_score: impl FnMut(&ContestantId) -> Option<Score>,
) -> Result<BTreeMap<ContestantId, Score>, InputError> {
    let mut seen = Numbered::default();
    for (contestant, opponent, weight) in meetings {
        let o = seen.number(opponent);
        let score = match seen.finals.get_mut(o) {
            Some(Some(known)) => known.clone(),
            Some(slot) => slot.insert(final_score(opponent)).clone(),
            None => None,
        };
        let score = score.ok_or_else(|| InputError::UnknownContestant {
            contestant: opponent.clone(),
        })?;
        let c = seen.number(contestant);
        // A whole match (weight 1, almost every meeting) adds the score as
        // it is.
        let add = if *weight == Score::ONE {
            score
        } else {
            score * weight
        };
        if let Some(sum) = seen.sums.get_mut(c) {
            *sum.get_or_insert_with(Score::default) += add;
        }
    }
    Ok(seen
        .names
        .into_iter()
        .zip(seen.sums)
        .filter_map(|(name, sum)| Some((name.clone(), sum?)))
        .collect())
}

/// The contestants of [`sum_of_opponents_of`], numbered as first seen:
/// each one's final score (asked for once) and sum.
#[derive(Default)]
struct Numbered<'m> {
    number: HashMap<&'m str, usize>,
    names: Vec<&'m ContestantId>,
    finals: Vec<Option<Option<Score>>>,
    sums: Vec<Option<Score>>,
}

impl<'m> Numbered<'m> {
    fn number(&mut self, c: &'m ContestantId) -> usize {
        let next = self.names.len();
        let n = *self.number.entry(c.as_str()).or_insert(next);
        if n == next {
            self.names.push(c);
            self.finals.push(None);
            self.sums.push(None);
        }
        n
    }
}
