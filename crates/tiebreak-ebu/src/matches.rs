//! Matches and rounds (EBU 143.5.4) and repeated meetings on one scale
//! (EBU 143.6.2).
//!
//! A *match* is two or more pre-scheduled rounds between the same
//! contestants in similar conditions (a double round robin, a head-on match
//! in stanzas); anything else, such as two chance meetings in a Swiss, is a
//! *round* in its own right. Two different notions of winning apply:
//!
//! - counting wins: a match or round is a win when the contestant scored
//!   more than average, i.e. more than a draw would have given it. An
//!   unplayed match whose award is above average is a win too;
//! - whether one tied contestant *defeated* another: who scored more than the
//!   other in the match or round between them.

use std::cmp::Ordering;

use countback_model::head_to_head::head_to_head;
use countback_model::{ContestantId, Encounter, Score, Unit};

use crate::error::EbuError;

/// How repeated meetings between the same two contestants are grouped
/// (143.5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum MatchGrouping {
    /// Pre-scheduled repeated meetings in similar conditions: all meetings of
    /// two contestants form one match (a double round robin, a match in
    /// stanzas).
    PreScheduledMatches,
    /// Every meeting is a round in its own right (a Swiss event, an
    /// individual with a different partner each time).
    #[default]
    Rounds,
}

/// A contestant's result in one match or round, for counting wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum MatchOutcome {
    /// Above average.
    Win,
    /// Exactly average: the score for a drawn match.
    Draw,
    /// Below average.
    Loss,
}

/// The score of a drawn match on a VP scale whose two sides add up to
/// `scale_total`: half of it; without a total, 10, the draw of the EBU's
/// 20-VP scale (143.5.4 counts a win as more than a draw).
///
/// ```
/// use countback_tiebreak_ebu::draw_score;
/// use countback_model::Score;
/// assert_eq!(draw_score(None)?, Score::integer(10));
/// assert_eq!(draw_score(Some(&Score::integer(30)))?, Score::integer(15));
/// # Ok::<(), countback_tiebreak_ebu::EbuError>(())
/// ```
pub fn draw_score(scale_total: Option<&Score>) -> Result<Score, EbuError> {
    match scale_total {
        Some(t) => t
            .checked_div(&Score::integer(2))
            .map_err(EbuError::arithmetic("the VPs of a draw")),
        None => Ok(Score::integer(10)),
    }
}

/// Whether `own` counts as a win for counting wins (143.5.4): more than
/// `draw_score`, the score a drawn match of this length would give. This
/// holds for unplayed matches too: an award above average is a win.
///
/// ```
/// use countback_tiebreak_ebu::{count_as_win, MatchOutcome};
/// use countback_model::Score;
/// let draw = Score::integer(10);
/// assert_eq!(count_as_win(&Score::integer(12), &draw), MatchOutcome::Win);
/// assert_eq!(count_as_win(&Score::integer(10), &draw), MatchOutcome::Draw);
/// ```
#[must_use]
pub fn count_as_win(own: &Score, draw_score: &Score) -> MatchOutcome {
    match own.cmp(draw_score) {
        Ordering::Greater => MatchOutcome::Win,
        Ordering::Equal => MatchOutcome::Draw,
        Ordering::Less => MatchOutcome::Loss,
    }
}

/// What two contestants scored against each other in one unit, over all their
/// meetings, with the total weight of those meetings.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: two totals and a weight, built by name (as its example does).
pub struct HeadToHead {
    /// The first contestant's total.
    pub own: Score,
    /// The second contestant's total.
    pub opponent: Score,
    /// The meetings' total weight (1.5 for a full match and a half-length
    /// triangle match).
    pub weight: Score,
}

impl HeadToHead {
    /// Both totals weighted to a single match (143.6.2): a loss by 8–12
    /// head-on and a 10–0 win in a triangle total 18–12, which on one 20-VP
    /// scale is 12–8.
    ///
    /// ```
    /// use countback_model::Score;
    /// use countback_tiebreak_ebu::HeadToHead;
    /// let h = HeadToHead {
    ///     own: Score::integer(18),
    ///     opponent: Score::integer(12),
    ///     weight: Score::parse("3/2")?,
    /// };
    /// assert_eq!(h.on_one_match_scale()?, (Score::integer(12), Score::integer(8)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on_one_match_scale(&self) -> Result<(Score, Score), EbuError> {
        let ctx = "head-to-head on one match scale";
        Ok((
            self.own
                .checked_div(&self.weight)
                .map_err(EbuError::arithmetic(ctx))?,
            self.opponent
                .checked_div(&self.weight)
                .map_err(EbuError::arithmetic(ctx))?,
        ))
    }

    /// Whether the first contestant defeated the second (143.5.4): scored
    /// more; `Equal` for a drawn meeting.
    #[must_use]
    pub fn defeated(&self) -> Ordering {
        self.own.cmp(&self.opponent)
    }
}

/// What `a` and `b` scored against each other in `unit` over all their
/// meetings in `encounters`, or `None` if they never met with a score in that
/// unit.
#[must_use]
pub fn meetings_between(
    encounters: &[Encounter],
    a: &ContestantId,
    b: &ContestantId,
    unit: Unit,
) -> Option<HeadToHead> {
    meetings_among(encounters, a, b, unit)
}

/// [`meetings_between`] over any list of encounters (the procedure passes
/// only the two contestants' own meetings, from an index).
pub(crate) fn meetings_among<'e, I>(
    encounters: I,
    a: &ContestantId,
    b: &ContestantId,
    unit: Unit,
) -> Option<HeadToHead>
where
    I: IntoIterator<Item = &'e Encounter> + Clone,
{
    let totals = head_to_head(encounters.clone(), a, b, unit)?;
    let weight = encounters
        .into_iter()
        .filter(|e| e.between(a, b) && e.scores_for(a, unit).is_some())
        .map(|e| e.weight.clone())
        .sum();
    Some(HeadToHead {
        own: totals.scored,
        opponent: totals.conceded,
        weight,
    })
}

/// A contestant's record for counting wins (143.5.4): wins, with a draw as
/// half a win, and the number of matches or rounds counted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct WinRecord {
    /// Wins, a draw counting one half.
    pub wins: Score,
    /// Matches or rounds counted.
    pub matches: u64,
}

/// `who`'s wins in `unit` over `encounters`. Under
/// [`MatchGrouping::PreScheduledMatches`] all meetings with one opponent form
/// a single match, judged on its total against the draw score times the
/// match's total weight; under [`MatchGrouping::Rounds`] each meeting is
/// judged alone against `draw_score` times its weight. `draw_score` is what a
/// drawn full-weight match gives (10 on a 20–0 scale).
#[must_use]
pub fn win_record(
    encounters: &[Encounter],
    who: &ContestantId,
    unit: Unit,
    grouping: MatchGrouping,
    draw_score: &Score,
) -> WinRecord {
    win_record_of(encounters, who, unit, grouping, draw_score)
}

/// [`win_record`] over any list of encounters (the procedure passes only
/// the contestant's own, from an index).
pub(crate) fn win_record_of<'e>(
    encounters: impl IntoIterator<Item = &'e Encounter>,
    who: &ContestantId,
    unit: Unit,
    grouping: MatchGrouping,
    draw_score: &Score,
) -> WinRecord {
    let half = Score::half();
    let mut record = WinRecord::default();
    let mut add = |own: &Score, weight: &Score| {
        record.matches += 1;
        match count_as_win(own, &(draw_score * weight)) {
            MatchOutcome::Win => record.wins += Score::ONE,
            MatchOutcome::Draw => record.wins += &half,
            MatchOutcome::Loss => {}
        }
    };
    match grouping {
        MatchGrouping::Rounds => {
            for e in encounters {
                if let Some((own, _)) = e.scores_for(who, unit) {
                    add(own, &e.weight);
                }
            }
        }
        MatchGrouping::PreScheduledMatches => {
            let mut by_opponent: std::collections::BTreeMap<&ContestantId, (Score, Score)> =
                std::collections::BTreeMap::new();
            for e in encounters {
                if let (Some((own, _)), Some(opp)) = (e.scores_for(who, unit), e.opponent_of(who)) {
                    let entry = by_opponent.entry(opp).or_default();
                    entry.0 += own;
                    entry.1 += &e.weight;
                }
            }
            for (own, weight) in by_opponent.values() {
                add(own, weight);
            }
        }
    }
    record
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use countback_model::{EncounterStatus, RoundNumber, SideScores};

    fn enc(round: u32, a: &str, b: &str, sa: i64, sb: i64, w: &str) -> Encounter {
        Encounter {
            round: RoundNumber(round),
            first: a.into(),
            second: b.into(),
            scores: vec![SideScores {
                unit: Unit::VictoryPoints,
                first: Score::integer(sa),
                second: Score::integer(sb),
            }],
            status: EncounterStatus::Played,
            weight: Score::parse(w).unwrap(),
        }
    }

    #[test]
    fn triangle_example_weighted_to_twenty() {
        let e = [enc(1, "A", "B", 8, 12, "1"), enc(5, "B", "A", 0, 10, "1/2")];
        let h = meetings_between(&e, &"A".into(), &"B".into(), Unit::VictoryPoints).unwrap();
        assert_eq!((h.own.clone(), h.opponent.clone()), (18.into(), 12.into()));
        assert_eq!(h.on_one_match_scale().unwrap(), (12.into(), 8.into()));
        assert_eq!(h.defeated(), Ordering::Greater);
    }

    #[test]
    fn double_round_robin_is_one_match() {
        let e = [enc(1, "A", "B", 12, 8, "1"), enc(4, "A", "B", 7, 13, "1")];
        let ten = Score::integer(10);
        let m = win_record(
            &e,
            &"A".into(),
            Unit::VictoryPoints,
            MatchGrouping::PreScheduledMatches,
            &ten,
        );
        assert_eq!(m.matches, 1);
        assert_eq!(m.wins, Score::ZERO);
        let r = win_record(
            &e,
            &"A".into(),
            Unit::VictoryPoints,
            MatchGrouping::Rounds,
            &ten,
        );
        assert_eq!((r.wins, r.matches), (Score::ONE, 2));
    }

    #[test]
    fn both_sides_can_win_an_awarded_match() {
        // 143.5.4: an obscure case where each side is above average.
        let mut e = enc(3, "A", "B", 12, 12, "1");
        e.status = EncounterStatus::Awarded;
        let ten = Score::integer(10);
        for who in ["A", "B"] {
            let r = win_record(
                std::slice::from_ref(&e),
                &who.into(),
                Unit::VictoryPoints,
                MatchGrouping::Rounds,
                &ten,
            );
            assert_eq!(r.wins, Score::ONE);
        }
        let h = meetings_between(&[e], &"A".into(), &"B".into(), Unit::VictoryPoints).unwrap();
        assert_eq!(h.defeated(), Ordering::Equal);
    }

    #[test]
    fn awarded_above_average_is_a_win() {
        let mut bye = enc(2, "A", "BYE", 12, 0, "1");
        bye.status = EncounterStatus::Awarded;
        let r = win_record(
            &[bye],
            &"A".into(),
            Unit::VictoryPoints,
            MatchGrouping::Rounds,
            &Score::integer(10),
        );
        assert_eq!(r.wins, Score::ONE);
    }
}
