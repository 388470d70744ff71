//! Point-a-board count-back (EBU 143.5.3): who won more boards, judged in
//! the basic method of scoring.
//!
//! Between two contestants a board is worth 2: 2 to the higher score, 1 each
//! for equal scores, compared directly even when they sat in different
//! directions. A contestant who did not play a board is taken to have scored
//! exactly average on it. Among `n` contestants every pair is compared the
//! same way, so a board is worth a top of `2(n−1)`, an average of `n−1` and
//! `n(n−1)` in all.

use std::collections::{BTreeMap, BTreeSet};

use countback_model::{BoardNumber, ContestantId, InputError, Score};

use crate::error::EbuError;

/// One contestant's score on a board in the basic method.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum BoardResult {
    /// A score obtained at the table.
    Played(Score),
    /// A board not played but scored: the score awarded at the time stands,
    /// and may win, draw or lose against a real score (143.5.5).
    Unplayed {
        /// The score awarded.
        awarded: Score,
    },
}

impl BoardResult {
    /// The score that counts.
    #[must_use]
    pub fn score(&self) -> &Score {
        match self {
            BoardResult::Played(s) | BoardResult::Unplayed { awarded: s } => s,
        }
    }
}

/// One board of the stage: the average score on it (0 for IMPs, half the top
/// for match points) and every contestant's result. Contestants outside the
/// tie may be listed; they are ignored.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a board of the count-back, built by name by the event library and the replay.
pub struct Board {
    /// The board.
    pub number: BoardNumber,
    /// The average: what a contestant who did not play it is assumed to score.
    pub average: Score,
    /// Results, by contestant.
    pub results: BTreeMap<ContestantId, BoardResult>,
}

/// The points one board gave the tied contestants.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct BoardPoints {
    /// The board.
    pub board: BoardNumber,
    /// Points per contestant, by name; always summing to `n(n−1)`.
    pub points: Vec<(ContestantId, u64)>,
}

/// A count-back among tied contestants.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct PointABoardCountBack {
    /// Total points per contestant.
    pub totals: BTreeMap<ContestantId, u64>,
    /// Each board that at least one tied contestant played, in board order.
    pub boards: Vec<BoardPoints>,
}

impl PointABoardCountBack {
    /// Points for the best score on a board among `n` contestants: `2(n−1)`.
    #[must_use]
    pub fn top(n: u64) -> u64 {
        2 * n.saturating_sub(1)
    }

    /// Points for an average board: `n−1`.
    #[must_use]
    pub fn average(n: u64) -> u64 {
        n.saturating_sub(1)
    }

    /// Points given out on each board: `n(n−1)`.
    #[must_use]
    pub fn total_per_board(n: u64) -> u64 {
        n * n.saturating_sub(1)
    }

    /// Count back among `tied` over `boards`.
    ///
    /// Boards that none of the tied contestants played are left out: they
    /// would give everyone the same `n−1`. The same board listed twice with
    /// a result for a tied contestant in both is an
    /// [`InputError::BoardScoredTwice`]; a name listed twice in `tied` is an
    /// [`InputError::DuplicateContestant`].
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use countback_model::{BoardNumber, ContestantId, Score};
    /// use countback_tiebreak_ebu::{Board, BoardResult, PointABoardCountBack};
    ///
    /// // Source: White Book 143.5.3: A best, B and C joint worst, D did not play.
    /// let played = |s: i64| BoardResult::Played(Score::integer(s));
    /// let board = Board {
    ///     number: BoardNumber(1),
    ///     average: Score::integer(5),
    ///     results: BTreeMap::from([("A".into(), played(8)), ("B".into(), played(2)), ("C".into(), played(2))]),
    /// };
    /// let tied: Vec<ContestantId> = ["A", "B", "C", "D"].map(ContestantId::new).to_vec();
    /// let cb = PointABoardCountBack::compute(&tied, &[board])?;
    /// let got: Vec<u64> = tied.iter().map(|c| cb.totals[c]).collect();
    /// assert_eq!(got, [6, 1, 1, 4]);
    /// # Ok::<(), countback_tiebreak_ebu::EbuError>(())
    /// ```
    pub fn compute(
        tied: &[ContestantId],
        boards: &[Board],
    ) -> Result<PointABoardCountBack, EbuError> {
        Self::compute_with(tied, boards, true)
    }

    /// [`PointABoardCountBack::compute`] keeping the totals only: each entry
    /// of `boards` has its board number but no points (a tie of thousands
    /// over hundreds of boards would otherwise keep a name per result).
    pub(crate) fn compute_totals(
        tied: &[ContestantId],
        boards: &[Board],
    ) -> Result<PointABoardCountBack, EbuError> {
        Self::compute_with(tied, boards, false)
    }

    fn compute_with(
        tied: &[ContestantId],
        boards: &[Board],
        keep_points: bool,
    ) -> Result<PointABoardCountBack, EbuError> {
        let mut names: Vec<&ContestantId> = tied.iter().collect();
        names.sort();
        for w in names.windows(2) {
            if let [a, b] = w {
                if a == b {
                    return Err(InputError::DuplicateContestant {
                        contestant: (*a).clone(),
                    }
                    .into());
                }
            }
        }
        // Only a board number listed more than once can score anyone twice.
        let mut numbers: BTreeSet<BoardNumber> = BTreeSet::new();
        let repeated: BTreeSet<BoardNumber> = boards
            .iter()
            .filter(|b| !numbers.insert(b.number))
            .map(|b| b.number)
            .collect();
        let mut seen: BTreeSet<(BoardNumber, &ContestantId)> = BTreeSet::new();
        let mut totals: BTreeMap<ContestantId, u64> =
            names.iter().map(|c| ((*c).clone(), 0)).collect();
        let mut per_board = Vec::new();
        let mut sorted: Vec<&Score> = Vec::with_capacity(names.len());
        let mut effective: Vec<&Score> = Vec::with_capacity(names.len());
        for board in boards {
            effective.clear();
            let mut anyone = false;
            for c in &names {
                match board.results.get(*c) {
                    Some(r) => {
                        if repeated.contains(&board.number) && !seen.insert((board.number, *c)) {
                            return Err(InputError::BoardScoredTwice {
                                board: board.number,
                                contestant: (*c).clone(),
                            }
                            .into());
                        }
                        anyone = true;
                        effective.push(r.score());
                    }
                    None => effective.push(&board.average),
                }
            }
            if !anyone {
                continue;
            }
            sorted.clear();
            sorted.extend(effective.iter().copied());
            sorted.sort();
            let mut points = Vec::with_capacity(if keep_points { names.len() } else { 0 });
            for (c, s) in names.iter().zip(&effective) {
                // Pairwise 2/1/0 summed: twice those below, once those level.
                let below = sorted.partition_point(|x| *x < *s);
                let level = sorted.partition_point(|x| *x <= *s) - below - 1;
                let p = 2 * below as u64 + level as u64;
                if let Some(t) = totals.get_mut(*c) {
                    *t += p;
                }
                if keep_points {
                    points.push(((*c).clone(), p));
                }
            }
            per_board.push(BoardPoints {
                board: board.number,
                points,
            });
        }
        per_board.sort_by_key(|b| b.board);
        Ok(PointABoardCountBack {
            totals,
            boards: per_board,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    fn board(n: u32, avg: i64, r: &[(&str, i64)]) -> Board {
        Board {
            number: BoardNumber(n),
            average: Score::integer(avg),
            results: r
                .iter()
                .map(|(c, s)| {
                    (
                        ContestantId::new(*c),
                        BoardResult::Played(Score::integer(*s)),
                    )
                })
                .collect(),
        }
    }

    fn ids(v: &[&str]) -> Vec<ContestantId> {
        v.iter().map(|c| ContestantId::new(*c)).collect()
    }

    #[test]
    fn two_contestants_and_the_one_player_board() {
        let tied = ids(&["A", "B"]);
        // IMPs: +6 v +4; then B alone +4, A alone exactly average, B alone -1.
        let cb = PointABoardCountBack::compute(
            &tied,
            &[
                board(1, 0, &[("A", 6), ("B", 4)]),
                board(2, 0, &[("B", 4)]),
                board(3, 0, &[("A", 0)]),
                board(4, 0, &[("B", -1)]),
            ],
        )
        .unwrap();
        let pts: Vec<Vec<u64>> = cb
            .boards
            .iter()
            .map(|b| b.points.iter().map(|p| p.1).collect())
            .collect();
        assert_eq!(pts, vec![vec![2, 0], vec![0, 2], vec![1, 1], vec![2, 0]]);
    }

    #[test]
    fn awarded_score_counts_as_scored() {
        let tied = ids(&["A", "B"]);
        let mut b = board(1, 5, &[("A", 6)]);
        b.results.insert(
            "B".into(),
            BoardResult::Unplayed {
                awarded: Score::integer(6),
            },
        );
        let cb = PointABoardCountBack::compute(&tied, &[b]).unwrap();
        assert_eq!(cb.totals[&ContestantId::new("A")], 1);
    }

    #[test]
    fn scale_for_three() {
        assert_eq!(PointABoardCountBack::top(3), 4);
        assert_eq!(PointABoardCountBack::average(3), 2);
        assert_eq!(PointABoardCountBack::total_per_board(3), 6);
    }

    #[test]
    fn board_listed_twice_is_an_error() {
        let tied = ids(&["A", "B"]);
        let e = PointABoardCountBack::compute(
            &tied,
            &[board(1, 0, &[("A", 1)]), board(1, 0, &[("A", 2)])],
        );
        assert!(matches!(
            e,
            Err(EbuError::Input(InputError::BoardScoredTwice { .. }))
        ));
    }
}
