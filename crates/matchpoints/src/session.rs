//! Session scoring: the score table, totals, percentages and the ranking.

use std::collections::{BTreeMap, BTreeSet};

use countback_model::{
    partition_descending, BoardNumber, ContestantId, InputError, Score, ScoreError,
};

use crate::error::BoardError;

/// The reconciliation table of a session: one row per pair, one column per
/// board, each cell the pair's (possibly normalised) match points.
///
/// ```
/// use countback_matchpoints::{PercentageMethod, ScoreTable};
/// use countback_matchpoints::{BoardNumber, ContestantId, Score};
///
/// let mut table = ScoreTable::new(Score::integer(4));
/// let a = ContestantId::new("A");
/// table.record(BoardNumber(1), a.clone(), Score::integer(4))?;
/// table.record(BoardNumber(2), a.clone(), Score::integer(1))?;
/// assert_eq!(table.total(&a), Score::integer(5));
/// let pct = table.percentage(&a, &PercentageMethod::Proportional)?;
/// assert_eq!(pct, Score::new(125, 2)?); // 100 × 5 / (2 × 4)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScoreTable {
    top: Score,
    rows: BTreeMap<ContestantId, BTreeMap<BoardNumber, Score>>,
}

/// How a pair's percentage is formed when pairs played different numbers of
/// boards (`004_…`, score table).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum PercentageMethod {
    /// `100 × total / (boards played × top)`: each pair's maximum is in
    /// proportion to the boards it played.
    Proportional,
    /// Fill each gap with PAR (half the top) where the completed movement
    /// would have given the pair that board, then use
    /// `100 × total / (boards due × top)`. `due` lists, per pair, the
    /// boards the completed movement would have given it; a pair not listed
    /// is due exactly the boards it played.
    GapPar {
        /// Boards each pair was due in the completed movement.
        due: BTreeMap<ContestantId, BTreeSet<BoardNumber>>,
    },
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Standing {
    /// The pair.
    pub pair: ContestantId,
    /// Boards the pair has a score on.
    pub boards_played: usize,
    /// The total the percentage is formed from (including gap PARs under
    /// [`PercentageMethod::GapPar`]).
    pub total: Score,
    /// The maximum possible total for this pair.
    pub max_possible: Score,
    /// `100 × total / max_possible`, exact.
    pub percentage: Score,
}

/// A place in a ranking: a group of exactly equal values.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Place {
    /// The place, counting from 1; a tied group occupies this place and the
    /// next `members.len() − 1`.
    pub place: usize,
    /// The pairs, sorted by name; more than one means an exact tie.
    pub members: Vec<ContestantId>,
    /// The value they share.
    pub value: Score,
}

impl Place {
    /// Whether more than one pair shares this place.
    #[must_use]
    pub fn is_tie(&self) -> bool {
        self.members.len() > 1
    }
}

impl ScoreTable {
    /// An empty table whose boards have top `top` (the top of a complete
    /// board: a normalised short board is deemed to offer the same).
    #[must_use]
    pub fn new(top: Score) -> ScoreTable {
        ScoreTable {
            top,
            rows: BTreeMap::new(),
        }
    }

    /// The top of a board.
    #[must_use]
    pub fn top(&self) -> &Score {
        &self.top
    }

    /// Enter `pair`'s score on `board`; a second score for the same cell is
    /// refused.
    pub fn record(
        &mut self,
        board: BoardNumber,
        pair: ContestantId,
        score: Score,
    ) -> Result<(), BoardError> {
        let row = self.rows.entry(pair.clone()).or_default();
        if row.contains_key(&board) {
            return Err(InputError::BoardScoredTwice {
                board,
                contestant: pair,
            }
            .into());
        }
        row.insert(board, score);
        Ok(())
    }

    /// The pairs, by name.
    pub fn pairs(&self) -> impl Iterator<Item = &ContestantId> {
        self.rows.keys()
    }

    /// Every board with at least one score.
    #[must_use]
    pub fn boards(&self) -> BTreeSet<BoardNumber> {
        self.rows.values().flat_map(|r| r.keys().copied()).collect()
    }

    /// One cell: `None` is a gap.
    #[must_use]
    pub fn cell(&self, pair: &ContestantId, board: BoardNumber) -> Option<&Score> {
        self.rows.get(pair).and_then(|r| r.get(&board))
    }

    /// A pair's row, board by board.
    #[must_use]
    pub fn row(&self, pair: &ContestantId) -> Option<&BTreeMap<BoardNumber, Score>> {
        self.rows.get(pair)
    }

    /// Sum of a pair's cells (0 for an unknown pair).
    #[must_use]
    pub fn total(&self, pair: &ContestantId) -> Score {
        self.rows
            .get(pair)
            .map(|r| r.values().sum())
            .unwrap_or_default()
    }

    /// Sum of a board's column.
    #[must_use]
    pub fn board_total(&self, board: BoardNumber) -> Score {
        self.rows.values().filter_map(|r| r.get(&board)).sum()
    }

    /// How many boards a pair has a score on.
    #[must_use]
    pub fn boards_played(&self, pair: &ContestantId) -> usize {
        self.rows.get(pair).map_or(0, BTreeMap::len)
    }

    /// A pair's total scaled to `boards` boards: `total × boards / played`
    /// (what several programs print as the total of a pair that missed
    /// boards).
    pub fn scaled_total(&self, pair: &ContestantId, boards: usize) -> Result<Score, ScoreError> {
        (self.total(pair) * Score::from(boards)).checked_div(&Score::from(self.boards_played(pair)))
    }

    /// One pair's standing under `method`.
    pub fn standing(
        &self,
        pair: &ContestantId,
        method: &PercentageMethod,
    ) -> Result<Standing, ScoreError> {
        let played = self.boards_played(pair);
        let (total, slots) = match method {
            PercentageMethod::Proportional => (self.total(pair), played),
            PercentageMethod::GapPar { due } => match due.get(pair) {
                None => (self.total(pair), played),
                Some(boards) => {
                    let par = self.top.checked_div(&Score::integer(2))?;
                    let row = self.rows.get(pair);
                    let gaps = boards
                        .iter()
                        .filter(|b| row.map_or(true, |r| !r.contains_key(b)))
                        .count();
                    // Boards played outside the due set still count.
                    let extra = row.map_or(0, |r| r.keys().filter(|b| !boards.contains(b)).count());
                    (
                        self.total(pair) + par * Score::from(gaps),
                        boards.len() + extra,
                    )
                }
            },
        };
        let max_possible = &self.top * Score::from(slots);
        let percentage = (&total * Score::integer(100)).checked_div(&max_possible)?;
        Ok(Standing {
            pair: pair.clone(),
            boards_played: played,
            total,
            max_possible,
            percentage,
        })
    }

    /// A pair's percentage under `method`, exact.
    pub fn percentage(
        &self,
        pair: &ContestantId,
        method: &PercentageMethod,
    ) -> Result<Score, ScoreError> {
        Ok(self.standing(pair, method)?.percentage)
    }

    /// Every pair's standing, by name.
    pub fn standings(&self, method: &PercentageMethod) -> Result<Vec<Standing>, ScoreError> {
        self.rows.keys().map(|p| self.standing(p, method)).collect()
    }
}

/// Rank by value, highest first, with exact tie detection: equal values
/// share a place (listed by name), and the next place skips accordingly.
///
/// ```
/// use countback_matchpoints::rank;
/// use countback_matchpoints::{ContestantId, Score};
///
/// let places = rank([
///     (ContestantId::new("B"), Score::integer(60)),
///     (ContestantId::new("A"), Score::integer(60)),
///     (ContestantId::new("C"), Score::integer(55)),
/// ]);
/// assert_eq!(places[0].place, 1);
/// assert!(places[0].is_tie());
/// assert_eq!(places[1].place, 3);
/// ```
pub fn rank(values: impl IntoIterator<Item = (ContestantId, Score)>) -> Vec<Place> {
    let values: BTreeMap<ContestantId, Score> = values.into_iter().collect();
    let members: Vec<ContestantId> = values.keys().cloned().collect();
    let groups = partition_descending(&members, |m| values.get(m).cloned().unwrap_or_default());
    let mut place = 1;
    let mut out = Vec::with_capacity(groups.len());
    for members in groups {
        let value = members
            .first()
            .and_then(|m| values.get(m))
            .cloned()
            .unwrap_or_default();
        let size = members.len();
        out.push(Place {
            place,
            members,
            value,
        });
        place += size;
    }
    out
}

/// Rank standings by percentage.
#[must_use]
pub fn rank_standings(standings: &[Standing]) -> Vec<Place> {
    rank(
        standings
            .iter()
            .map(|s| (s.pair.clone(), s.percentage.clone())),
    )
}
