//! Tie-break points (EBU 143.5.2), formerly "Swiss points".
//!
//! Teams and pairs: the sum of the final scores of every opponent actually met
//! at the table. Individuals: `O / P`, the opponents' sum over the partners'
//! sum. Both are adjusted pro rata where more was available against some
//! opponents than others (a team met 1.5 times counts 1.5 times), where an
//! opponent withdrew (its score scaled to the whole event) and where the
//! contestant itself missed a round (its total scaled to the whole event).

use std::collections::{BTreeMap, HashMap};

use countback_model::opposition::{sum_of_opponents, Meeting};
use countback_model::{ContestantId, InputError, Score};

use crate::error::EbuError;

/// A contestant's final score in the stage, and the share of the stage it
/// took part in (1 for everyone who played throughout; 1/2 for a team that
/// withdrew half-way; 9/10 for a pair that sat out one round of ten).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct FinalStanding {
    /// Who.
    pub contestant: ContestantId,
    /// The final score (generally VPs).
    pub final_score: Score,
    /// The share of the stage played, in (0, 1].
    #[cfg_attr(feature = "serde", serde(default = "one"))]
    pub share_played: Score,
    /// Whether the share is short because the contestant withdrew: only
    /// then does its score count pro rata for its opponents (143.5.2: "where
    /// an opponent has withdrawn"). A contestant that sat out a round, or
    /// whose match was awarded, has its own tie-break points scaled, but its
    /// opponents count its final score as it is.
    #[cfg_attr(feature = "serde", serde(default = "yes"))]
    pub withdrew: bool,
}

/// Field defaults of a deserialised [`FinalStanding`] (serde's only callers).
#[cfg(feature = "serde")]
fn yes() -> bool {
    true
}

#[cfg(feature = "serde")]
fn one() -> Score {
    Score::ONE
}

impl FinalStanding {
    // The one place the fields are filled: each public constructor below
    // names a case of 143.5.2 and what it sets.
    fn new(
        contestant: ContestantId,
        final_score: Score,
        share_played: Score,
        withdrew: bool,
    ) -> FinalStanding {
        FinalStanding {
            contestant,
            final_score,
            share_played,
            withdrew,
        }
    }

    /// A contestant who played the whole stage.
    #[must_use]
    pub fn full(contestant: impl Into<ContestantId>, final_score: Score) -> FinalStanding {
        FinalStanding::new(contestant.into(), final_score, Score::ONE, false)
    }

    /// A contestant who withdrew after playing `share_played` of the
    /// stage: its own tie-break points and its score for its opponents are
    /// both taken pro rata (143.5.2).
    #[must_use]
    pub fn partial(
        contestant: impl Into<ContestantId>,
        final_score: Score,
        share_played: Score,
    ) -> FinalStanding {
        FinalStanding::new(contestant.into(), final_score, share_played, true)
    }

    /// A contestant who stayed in the stage but did not play
    /// `1 - share_played` of it at the table (it sat out, or a match was
    /// awarded): its own tie-break points are adjusted pro rata ("if the
    /// contestant considered missed a round (eg they sat out) then their
    /// Tie-break point score is adjusted pro rata", 143.5.2); its opponents
    /// count its final score as it is.
    ///
    /// ```
    /// use countback_tiebreak_ebu::FinalStanding;
    /// use countback_model::Score;
    ///
    /// let x = FinalStanding::missed_rounds("X", Score::integer(40), Score::parse("2/3")?);
    /// assert_eq!(x.pro_rata_score()?, Score::integer(40));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn missed_rounds(
        contestant: impl Into<ContestantId>,
        final_score: Score,
        share_played: Score,
    ) -> FinalStanding {
        FinalStanding::new(contestant.into(), final_score, share_played, false)
    }

    /// A contestant's standing from the rounds it played at the table
    /// (143.5.2): the whole stage if it played every one of the `rounds`;
    /// else that share of it, [`FinalStanding::partial`] if it `withdrew`,
    /// [`FinalStanding::missed_rounds`] if it sat out or had a match
    /// awarded. A contestant that played no round at the table cannot be
    /// adjusted pro rata and counts as having played throughout (a caller
    /// may want to warn of it).
    ///
    /// ```
    /// use countback_tiebreak_ebu::FinalStanding;
    /// use countback_model::Score;
    ///
    /// let x = FinalStanding::from_rounds("X", Score::integer(40), 2, 4, true)?;
    /// assert_eq!(x, FinalStanding::partial("X", Score::integer(40), Score::parse("1/2")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_rounds(
        contestant: impl Into<ContestantId>,
        final_score: Score,
        rounds_at_table: u32,
        rounds: u32,
        withdrew: bool,
    ) -> Result<FinalStanding, EbuError> {
        FinalStanding::from_matches_played(
            contestant,
            final_score,
            &Score::from(i64::from(rounds_at_table)),
            rounds,
            withdrew,
        )
    }

    /// [`FinalStanding::from_rounds`] where a round may be played in parts:
    /// `played` is how much of a match the contestant played at the table,
    /// summed over the `rounds` (a full match 1, each half match of a
    /// triangle 1/2), so a team that played both halves of a triangle
    /// played that round whole, and one that played one half of it missed
    /// half a round (143.5.2: "if the contestant considered missed a round
    /// … their Tie-break point score is adjusted pro rata").
    ///
    /// ```
    /// use countback_tiebreak_ebu::FinalStanding;
    /// use countback_model::Score;
    ///
    /// // Four rounds, one of them only half played at the table.
    /// let x = FinalStanding::from_matches_played("X", Score::integer(40), &Score::parse("7/2")?, 4, false)?;
    /// assert_eq!(x, FinalStanding::missed_rounds("X", Score::integer(40), Score::parse("7/8")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_matches_played(
        contestant: impl Into<ContestantId>,
        final_score: Score,
        played: &Score,
        rounds: u32,
        withdrew: bool,
    ) -> Result<FinalStanding, EbuError> {
        let contestant = contestant.into();
        let rounds = Score::from(i64::from(rounds));
        if *played >= rounds || rounds.is_zero() || !played.is_positive() {
            return Ok(FinalStanding::full(contestant, final_score));
        }
        let share = played
            .checked_div(&rounds)
            .map_err(EbuError::arithmetic(format!(
                "share of the stage played by {contestant}"
            )))?;
        Ok(if withdrew {
            FinalStanding::partial(contestant, final_score, share)
        } else {
            FinalStanding::missed_rounds(contestant, final_score, share)
        })
    }

    /// The final score scaled pro rata to the whole stage: what an opponent
    /// who withdrew counts for in its opponents' tie-break points.
    ///
    /// ```
    /// use countback_tiebreak_ebu::FinalStanding;
    /// use countback_model::Score;
    ///
    /// // Source: White Book 143.5.2: withdrew half-way on 40 VPs, counts 80.
    /// let x = FinalStanding::partial("X", Score::integer(40), Score::parse("1/2")?);
    /// assert_eq!(x.pro_rata_score()?, Score::integer(80));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pro_rata_score(&self) -> Result<Score, EbuError> {
        self.check_share()?;
        if !self.withdrew {
            return Ok(self.final_score.clone());
        }
        self.final_score
            .checked_div(&self.share_played)
            .map_err(EbuError::arithmetic(format!(
                "pro-rata score of {}",
                self.contestant
            )))
    }

    fn check_share(&self) -> Result<(), EbuError> {
        if !self.share_played.is_positive() || self.share_played > Score::ONE {
            return Err(EbuError::ShareOutOfRange {
                contestant: self.contestant.clone(),
                share: self.share_played.clone(),
            });
        }
        Ok(())
    }
}

/// The final standings of one stage, keyed by contestant.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Standings {
    by_contestant: BTreeMap<ContestantId, FinalStanding>,
}

impl Standings {
    /// Standings from a list; a contestant listed twice or a share outside
    /// (0, 1] is an error.
    pub fn new(list: impl IntoIterator<Item = FinalStanding>) -> Result<Standings, EbuError> {
        let mut by_contestant = BTreeMap::new();
        for s in list {
            s.check_share()?;
            let who = s.contestant.clone();
            if by_contestant.insert(who.clone(), s).is_some() {
                return Err(InputError::DuplicateContestant { contestant: who }.into());
            }
        }
        Ok(Standings { by_contestant })
    }

    /// One contestant's standing.
    #[must_use]
    pub fn get(&self, contestant: &ContestantId) -> Option<&FinalStanding> {
        self.by_contestant.get(contestant)
    }

    /// Whether the contestant is listed.
    #[must_use]
    pub fn contains(&self, contestant: &ContestantId) -> bool {
        self.by_contestant.contains_key(contestant)
    }

    /// Every standing, by name.
    pub fn iter(&self) -> impl Iterator<Item = &FinalStanding> {
        self.by_contestant.values()
    }

    /// How many contestants.
    #[must_use]
    pub fn len(&self) -> usize {
        self.by_contestant.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.by_contestant.is_empty()
    }

    pub(crate) fn require(&self, contestant: &ContestantId) -> Result<&FinalStanding, EbuError> {
        self.get(contestant).ok_or_else(|| {
            InputError::UnknownContestant {
                contestant: contestant.clone(),
            }
            .into()
        })
    }

    fn pro_rata_scores(&self) -> Result<BTreeMap<ContestantId, Score>, EbuError> {
        self.by_contestant
            .iter()
            .map(|(c, s)| Ok((c.clone(), s.pro_rata_score()?)))
            .collect()
    }
}

/// Tie-break points of teams or pairs (143.5.2): for each contestant that
/// appears in `meetings`, the weighted sum of its opponents' pro-rata final
/// scores, scaled up pro rata if it missed part of the stage itself.
///
/// A meeting's weight is the share of a full match it was worth; a team met
/// once in a full match and once in a half-length triangle has two meetings,
/// 1 and 1/2, and so counts that opponent 1.5 times. Only meetings played at
/// the table belong here.
///
/// ```
/// use countback_model::opposition::Meeting;
/// use countback_model::{ContestantId, Score};
/// use countback_tiebreak_ebu::{tie_break_points, FinalStanding, Standings};
///
/// // Source: White Book 143.5.2, first example.
/// let standings = Standings::new([
///     FinalStanding::full("A", Score::integer(60)),
///     FinalStanding::full("X", Score::integer(50)),
///     FinalStanding::full("Y", Score::integer(40)),
///     FinalStanding::full("Z", Score::integer(30)),
/// ])?;
/// let met = |o: &str| Meeting { contestant: "A".into(), opponent: o.into(), weight: Score::ONE };
/// let tbp = tie_break_points(&standings, &[met("X"), met("Y"), met("Z")])?;
/// assert_eq!(tbp[&ContestantId::new("A")], Score::integer(120));
/// # Ok::<(), countback_tiebreak_ebu::EbuError>(())
/// ```
pub fn tie_break_points(
    standings: &Standings,
    meetings: &[Meeting],
) -> Result<BTreeMap<ContestantId, Score>, EbuError> {
    team_tie_break_points(
        standings,
        meetings
            .iter()
            .map(|m| (&m.contestant, &m.opponent, &m.weight)),
    )
}

/// [`tie_break_points`] over borrowed meetings (contestant, opponent,
/// weight), each contestant numbered once by its place in the standings:
/// the sums are kept by number, not by name, and a whole stage's figures
/// cost no more than a pass over its meetings (issue 30).
fn team_tie_break_points<'m>(
    standings: &Standings,
    meetings: impl Iterator<Item = (&'m ContestantId, &'m ContestantId, &'m Score)>,
) -> Result<BTreeMap<ContestantId, Score>, EbuError> {
    let number: HashMap<&str, usize> = standings
        .by_contestant
        .keys()
        .enumerate()
        .map(|(i, c)| (c.as_str(), i))
        .collect();
    let find = |c: &ContestantId| {
        number.get(c.as_str()).copied().ok_or_else(|| {
            EbuError::from(InputError::UnknownContestant {
                contestant: c.clone(),
            })
        })
    };
    // Every meeting checked first, as `check_meetings` does, so that the
    // first bad meeting is the error whatever the scores.
    let mut resolved = Vec::new();
    for (contestant, opponent, weight) in meetings {
        let (c, o) = (find(contestant)?, find(opponent)?);
        if !weight.is_positive() {
            return Err(EbuError::WeightNotPositive {
                contestant: contestant.clone(),
                opponent: opponent.clone(),
                weight: weight.clone(),
            });
        }
        resolved.push((c, o, weight));
    }
    let finals = standings
        .by_contestant
        .values()
        .map(FinalStanding::pro_rata_score)
        .collect::<Result<Vec<Score>, EbuError>>()?;
    let mut sums: Vec<Option<Score>> = vec![None; finals.len()];
    for (c, o, weight) in resolved {
        let (Some(sum), Some(score)) = (sums.get_mut(c), finals.get(o)) else {
            continue;
        };
        // A whole match (weight 1, almost every meeting) adds the score
        // as it is.
        let add = if *weight == Score::ONE {
            score.clone()
        } else {
            score.clone() * weight
        };
        *sum.get_or_insert_with(Score::default) += add;
    }
    standings
        .by_contestant
        .iter()
        .zip(sums)
        .filter_map(|((c, standing), sum)| Some((c, &standing.share_played, sum?)))
        .map(|(c, share, sum)| {
            let scaled = if *share == Score::ONE {
                sum
            } else {
                sum.checked_div(share)
                    .map_err(EbuError::arithmetic(format!("tie-break points of {c}")))?
            };
            Ok((c.clone(), scaled))
        })
        .collect()
}

/// Tie-break points of an individual event (143.5.2): `O / P`, the sum of the
/// opponents' pro-rata final scores over the sum of the partners'. A player
/// who appears among `opponents` but whose partners total zero or less is an
/// [`EbuError::PartnerTotalNotPositive`].
///
/// Missing a round scales `O` and `P` alike, so it leaves the quotient as it
/// is.
///
/// ```
/// use countback_model::opposition::Meeting;
/// use countback_model::{ContestantId, Score};
/// use countback_tiebreak_ebu::{individual_tie_break_points, FinalStanding, Standings};
///
/// // Source: White Book 143.5.2, second example: A partnered Z against X and Y.
/// let standings = Standings::new([
///     FinalStanding::full("A", Score::integer(45)),
///     FinalStanding::full("X", Score::integer(50)),
///     FinalStanding::full("Y", Score::integer(40)),
///     FinalStanding::full("Z", Score::integer(30)),
/// ])?;
/// let m = |o: &str| Meeting { contestant: "A".into(), opponent: o.into(), weight: Score::ONE };
/// let op = individual_tie_break_points(&standings, &[m("X"), m("Y")], &[m("Z")])?;
/// assert_eq!(op[&ContestantId::new("A")], Score::integer(3));
/// # Ok::<(), countback_tiebreak_ebu::EbuError>(())
/// ```
pub fn individual_tie_break_points(
    standings: &Standings,
    opponents: &[Meeting],
    partners: &[Meeting],
) -> Result<BTreeMap<ContestantId, Score>, EbuError> {
    check_meetings(standings, opponents)?;
    check_meetings(standings, partners)?;
    let finals = standings.pro_rata_scores()?;
    let o = sum_of_opponents(opponents, |c| finals.get(c).cloned())?;
    let p = sum_of_opponents(partners, |c| finals.get(c).cloned())?;
    o.into_iter()
        .map(|(c, o_sum)| {
            let p_sum = p.get(&c).cloned().unwrap_or_default();
            if !p_sum.is_positive() {
                return Err(EbuError::PartnerTotalNotPositive {
                    contestant: c,
                    total: p_sum,
                });
            }
            let q = o_sum
                .checked_div(&p_sum)
                .map_err(EbuError::arithmetic(format!("O/P of {c}")))?;
            Ok((c, q))
        })
        .collect()
}

fn check_meetings(standings: &Standings, meetings: &[Meeting]) -> Result<(), EbuError> {
    for m in meetings {
        standings.require(&m.contestant)?;
        standings.require(&m.opponent)?;
        if !m.weight.is_positive() {
            return Err(EbuError::WeightNotPositive {
                contestant: m.contestant.clone(),
                opponent: m.opponent.clone(),
                weight: m.weight.clone(),
            });
        }
    }
    Ok(())
}

/// Every contestant's tie-break points over a whole stage, for standings
/// tables that print them for everyone.
impl crate::procedure::Stage {
    /// Tie-break points (143.5.2) of every contestant that met an opponent at
    /// the table: [`tie_break_points`] over the played matches (each met
    /// opponent in both directions, by the match's weight), or, for an
    /// individual event, [`individual_tie_break_points`] (O/P) with the
    /// stage's partnerships. The same figures the split-tie procedure
    /// compares.
    pub fn all_tie_break_points(&self) -> Result<BTreeMap<ContestantId, Score>, EbuError> {
        let played = self
            .encounters
            .iter()
            .filter(|e| e.status == countback_model::EncounterStatus::Played);
        if self.format.contestants == countback_model::ContestantKind::Individual {
            let meetings: Vec<Meeting> = played
                .flat_map(|e| {
                    [
                        Meeting {
                            contestant: e.first.clone(),
                            opponent: e.second.clone(),
                            weight: e.weight.clone(),
                        },
                        Meeting {
                            contestant: e.second.clone(),
                            opponent: e.first.clone(),
                            weight: e.weight.clone(),
                        },
                    ]
                })
                .collect();
            individual_tie_break_points(&self.standings, &meetings, &self.partnerships)
        } else {
            // Each played match, met from both sides, borrowed: no copy of
            // a name per meeting.
            team_tie_break_points(
                &self.standings,
                played.flat_map(|e| {
                    [
                        (&e.first, &e.second, &e.weight),
                        (&e.second, &e.first, &e.weight),
                    ]
                }),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    fn s(t: &str) -> Score {
        Score::parse(t).unwrap()
    }

    fn m(a: &str, b: &str, w: &str) -> Meeting {
        Meeting {
            contestant: a.into(),
            opponent: b.into(),
            weight: s(w),
        }
    }

    /// Asserts A's tie-break points among `standings` after `meetings`.
    fn a_has(standings: Vec<FinalStanding>, meetings: &[Meeting], want: &str) {
        let st = Standings::new(standings).unwrap();
        let t = tie_break_points(&st, meetings).unwrap();
        assert_eq!(t[&ContestantId::new("A")], s(want));
    }

    #[test]
    fn met_one_and_a_half_times_counts_one_and_a_half() {
        let st = vec![
            FinalStanding::full("A", s("70")),
            FinalStanding::full("B", s("50")),
        ];
        a_has(st, &[m("A", "B", "1"), m("A", "B", "1/2")], "75");
    }

    #[test]
    fn missed_round_scales_own_total() {
        let st = vec![
            FinalStanding::partial("A", s("60"), s("2/3")),
            FinalStanding::full("B", s("50")),
            FinalStanding::full("C", s("30")),
        ];
        a_has(st, &[m("A", "B", "1"), m("A", "C", "1")], "120");
    }

    #[test]
    fn zero_partner_total_is_an_error() {
        // A partnered Z: Z's score is A's partners' total, zero or below.
        for z in ["0", "-3"] {
            let st = Standings::new([
                FinalStanding::full("A", s("1")),
                FinalStanding::full("X", s("5")),
                FinalStanding::full("Z", s(z)),
            ])
            .unwrap();
            let e = individual_tie_break_points(&st, &[m("A", "X", "1")], &[m("A", "Z", "1")]);
            assert_eq!(
                e,
                Err(EbuError::PartnerTotalNotPositive {
                    contestant: "A".into(),
                    total: s(z)
                })
            );
            // No partner at all: a total of zero.
            let e = individual_tie_break_points(&st, &[m("A", "X", "1")], &[]);
            assert!(matches!(e, Err(EbuError::PartnerTotalNotPositive { .. })));
        }
    }

    #[test]
    fn unknown_opponent_is_named() {
        let st = Standings::new([FinalStanding::full("A", s("1"))]).unwrap();
        let e = tie_break_points(&st, &[m("A", "Q", "1")]);
        assert_eq!(
            e,
            Err(EbuError::Input(InputError::UnknownContestant {
                contestant: "Q".into()
            }))
        );
    }

    #[test]
    fn share_out_of_range_is_refused() {
        let e = Standings::new([FinalStanding::partial("A", s("1"), s("0"))]);
        assert!(matches!(e, Err(EbuError::ShareOutOfRange { .. })));
        let e = Standings::new([FinalStanding::partial("A", s("1"), s("3/2"))]);
        assert!(matches!(e, Err(EbuError::ShareOutOfRange { .. })));
    }
}
