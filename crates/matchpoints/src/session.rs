//! Session scoring: the score table, totals, percentages and the ranking.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, BTreeSet};

use foldhash::{HashMap, HashMapExt, HashSet};
use std::sync::OnceLock;

use countback_model::{BoardNumber, ContestantId, InputError, Score, ScoreError};

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
///
/// Issue 30: a table of a million cells is filled in a fraction of a second.
/// Each pair is interned once (a hash lookup per entry, no name-keyed tree)
/// and each cell appended to one flat list; the order by name and the
/// board-by-board rows are settled once, when first asked for.
#[derive(Clone)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "RawScoreTable"))]
pub struct ScoreTable {
    top: Score,
    /// Each pair, in the order first recorded; a pair is its place here.
    names: Vec<ContestantId>,
    /// A pair's place in `names`.
    index: HashMap<ContestantId, u32>,
    /// Every cell, in the order recorded.
    cells: Vec<(u32, BoardNumber, Score)>,
    /// Each pair's highest board so far: a later board cannot repeat a cell.
    last_board: Vec<BoardNumber>,
    /// Every cell, once some pair's boards came out of order: from then on
    /// a repeat is found by lookup.
    seen: Option<HashSet<(u32, BoardNumber)>>,
    /// Places in `names` by name.
    by_name: OnceLock<Vec<u32>>,
    /// Each pair's row, board by board.
    rows: OnceLock<Vec<BTreeMap<BoardNumber, Score>>>,
}

/// The serde form: `top` and `rows`, a map from pair to its map from board
/// to score, as the table has always been written.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "ScoreTable")]
struct RawScoreTable {
    top: Score,
    rows: BTreeMap<ContestantId, BTreeMap<BoardNumber, Score>>,
}

#[cfg(feature = "serde")]
impl From<RawScoreTable> for ScoreTable {
    fn from(raw: RawScoreTable) -> ScoreTable {
        let mut table = ScoreTable::new(raw.top);
        for (pair, row) in raw.rows {
            for (board, score) in row {
                // Each cell of a map is distinct: no entry can be refused.
                let _ = table.record(board, pair.clone(), score);
            }
        }
        table
    }
}

/// The rows by name, for writing the table out as a map.
struct Rows<'a>(&'a ScoreTable);

#[cfg(feature = "serde")]
impl serde::Serialize for Rows<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.sorted_rows())
    }
}

impl std::fmt::Debug for Rows<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.0.sorted_rows()).finish()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ScoreTable {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;

        let mut s = serializer.serialize_struct("ScoreTable", 2)?;
        s.serialize_field("top", &self.top)?;
        s.serialize_field("rows", &Rows(self))?;
        s.end()
    }
}

/// Shown as it always was: the top and the rows by name.
impl std::fmt::Debug for ScoreTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScoreTable")
            .field("top", &self.top)
            .field("rows", &Rows(self))
            .finish()
    }
}

impl PartialEq for ScoreTable {
    fn eq(&self, other: &ScoreTable) -> bool {
        self.top == other.top
            && self.names.len() == other.names.len()
            && self.sorted_rows().eq(other.sorted_rows())
    }
}

impl Eq for ScoreTable {}

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
            names: Vec::new(),
            index: HashMap::new(),
            cells: Vec::new(),
            last_board: Vec::new(),
            seen: None,
            by_name: OnceLock::new(),
            rows: OnceLock::new(),
        }
    }

    /// Room for `cells` more scores, so that a session whose size is known
    /// is recorded without the table's storage growing (and being copied)
    /// on the way (issue 30).
    pub fn reserve(&mut self, cells: usize) {
        self.cells.reserve(cells);
    }

    /// Room for `pairs` more pairs, so that the index of a session's pairs
    /// is sized once rather than grown (and rehashed) as they come
    /// (issue 30). The pairs of the largest board are all distinct: a
    /// count the session is sure to reach.
    pub fn reserve_pairs(&mut self, pairs: usize) {
        self.names.reserve(pairs);
        self.index.reserve(pairs);
        self.last_board.reserve(pairs);
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
        // One probe of the index, found or not.
        let next = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
        let (at, new) = match self.index.entry(pair) {
            Entry::Occupied(found) => (*found.get(), false),
            Entry::Vacant(slot) => {
                self.names.push(slot.key().clone());
                slot.insert(next);
                self.last_board.push(board);
                self.by_name.take();
                (next, true)
            }
        };
        let slot = usize::try_from(at).unwrap_or(usize::MAX);
        let repeat = match (&mut self.seen, self.last_board.get_mut(slot)) {
            (Some(seen), _) => !seen.insert((at, board)),
            (None, _) if new => false,
            (None, Some(last)) if board > *last => {
                *last = board;
                false
            }
            (None, _) => {
                // Out of board order for this pair: from now on every cell
                // is looked up.
                let mut seen: HashSet<(u32, BoardNumber)> =
                    self.cells.iter().map(|(p, b, _)| (*p, *b)).collect();
                let repeat = !seen.insert((at, board));
                self.seen = Some(seen);
                repeat
            }
        };
        // Every place `at` names a pair (it was given out above).
        if let (true, Some(pair)) = (repeat, self.name(at)) {
            return Err(InputError::BoardScoredTwice {
                board,
                contestant: pair.clone(),
            }
            .into());
        }
        self.cells.push((at, board, score));
        self.rows.take();
        Ok(())
    }

    /// Each pair's row, board by board, in the order of `names`.
    fn rows(&self) -> &[BTreeMap<BoardNumber, Score>] {
        self.rows.get_or_init(|| {
            let mut rows = vec![BTreeMap::new(); self.names.len()];
            for (pair, board, score) in &self.cells {
                if let Some(row) = rows.get_mut(usize::try_from(*pair).unwrap_or(usize::MAX)) {
                    row.insert(*board, score.clone());
                }
            }
            rows
        })
    }

    /// Places in `names` by name.
    fn by_name(&self) -> &[u32] {
        self.by_name.get_or_init(|| {
            // Each name's first bytes as a number, with its place below
            // them, sorted as plain integers (issue 30: comparing the names
            // themselves was most of this sort); only names alike in those
            // bytes are then compared whole. Names are unique, so the order
            // is deterministic.
            let keys: Vec<u128> = self
                .names
                .iter()
                .zip(0..u32::MAX)
                .map(|(name, at)| u128::from(name.order_prefix()) << 32 | u128::from(at))
                .collect();
            countback_model::order_by_packed_keys(keys, |a, b| self.name(a).cmp(&self.name(b)))
        })
    }

    fn name(&self, at: u32) -> Option<&ContestantId> {
        self.names.get(usize::try_from(at).unwrap_or(usize::MAX))
    }

    /// Every pair with its row, by name.
    fn sorted_rows(&self) -> impl Iterator<Item = (&ContestantId, &BTreeMap<BoardNumber, Score>)> {
        let rows = self.rows();
        self.by_name().iter().filter_map(move |&at| {
            let i = usize::try_from(at).ok()?;
            Some((self.names.get(i)?, rows.get(i)?))
        })
    }

    /// The pairs, by name.
    pub fn pairs(&self) -> impl Iterator<Item = &ContestantId> {
        self.by_name().iter().filter_map(|&at| self.name(at))
    }

    /// Every board with at least one score.
    #[must_use]
    pub fn boards(&self) -> BTreeSet<BoardNumber> {
        self.cells.iter().map(|(_, b, _)| *b).collect()
    }

    /// One cell: `None` is a gap.
    #[must_use]
    pub fn cell(&self, pair: &ContestantId, board: BoardNumber) -> Option<&Score> {
        self.row(pair).and_then(|r| r.get(&board))
    }

    /// A pair's row, board by board.
    #[must_use]
    pub fn row(&self, pair: &ContestantId) -> Option<&BTreeMap<BoardNumber, Score>> {
        let at = usize::try_from(*self.index.get(pair)?).ok()?;
        self.rows().get(at)
    }

    /// Sum of a pair's cells (0 for an unknown pair).
    #[must_use]
    pub fn total(&self, pair: &ContestantId) -> Score {
        self.row(pair).map(row_total).unwrap_or_default()
    }

    /// Sum of a board's column.
    #[must_use]
    pub fn board_total(&self, board: BoardNumber) -> Score {
        self.cells
            .iter()
            .filter(|(_, b, _)| *b == board)
            .map(|(_, _, s)| s)
            .sum()
    }

    /// How many boards a pair has a score on.
    #[must_use]
    pub fn boards_played(&self, pair: &ContestantId) -> usize {
        self.row(pair).map_or(0, BTreeMap::len)
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
        let row = self.row(pair);
        let played = row.map_or(0, BTreeMap::len);
        let sum = row.map(row_total).unwrap_or_default();
        self.standing_of(pair, played, sum, row, method)
    }

    /// The standing of `pair`, who played `played` boards for `sum`; its
    /// row is needed only for gap PARs.
    fn standing_of(
        &self,
        pair: &ContestantId,
        played: usize,
        sum: Score,
        row: Option<&BTreeMap<BoardNumber, Score>>,
        method: &PercentageMethod,
    ) -> Result<Standing, ScoreError> {
        let (total, slots) = match method {
            PercentageMethod::Proportional => (sum, played),
            PercentageMethod::GapPar { due } => match due.get(pair) {
                None => (sum, played),
                Some(boards) => {
                    let par = self.top.checked_div(&Score::integer(2))?;
                    let gaps = boards
                        .iter()
                        .filter(|b| row.map_or(true, |r| !r.contains_key(b)))
                        .count();
                    // Boards played outside the due set still count.
                    let extra = row.map_or(0, |r| r.keys().filter(|b| !boards.contains(b)).count());
                    (sum + par * Score::from(gaps), boards.len() + extra)
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
    ///
    /// Totals are summed in one pass over the cells, not pair by pair; a
    /// pair's row is built only for gap PARs.
    pub fn standings(&self, method: &PercentageMethod) -> Result<Vec<Standing>, ScoreError> {
        let mut sums: Vec<(usize, Score)> = vec![(0, Score::ZERO); self.names.len()];
        for (pair, _, score) in &self.cells {
            if let Some((played, sum)) = sums.get_mut(usize::try_from(*pair).unwrap_or(usize::MAX))
            {
                *played += 1;
                *sum += score;
            }
        }
        let rows = match method {
            PercentageMethod::GapPar { .. } => Some(self.rows()),
            _ => None,
        };
        self.by_name()
            .iter()
            .filter_map(|&at| {
                let i = usize::try_from(at).ok()?;
                let (played, sum) = sums.get(i)?.clone();
                let row = rows.and_then(|r| r.get(i));
                Some(self.standing_of(self.names.get(i)?, played, sum, row, method))
            })
            .collect()
    }
}

fn row_total(row: &BTreeMap<BoardNumber, Score>) -> Score {
    row.values().sum()
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
    let mut values: Vec<(ContestantId, Score)> = values.into_iter().collect();
    // A pair given twice keeps its last value (as a map built from the
    // pairs would): sort by name, stably, and keep the last of each name.
    // Standings come by name already: checked in one pass, not sorted
    // again (issue 30).
    if !values
        .iter()
        .zip(values.iter().skip(1))
        .all(|(a, b)| a.0 < b.0)
    {
        values.sort_by(|a, b| a.0.cmp(&b.0));
    }
    let mut kept: Vec<(ContestantId, Score)> = Vec::with_capacity(values.len());
    for (pair, value) in values {
        match kept.last_mut() {
            Some(last) if last.0 == pair => last.1 = value,
            _ => kept.push((pair, value)),
        }
    }
    // Highest first; a stable sort keeps each tied group by name.
    kept.sort_by(|a, b| b.1.cmp(&a.1));
    let mut place = 1;
    let mut out: Vec<Place> = Vec::new();
    for (pair, value) in kept {
        match out.last_mut() {
            Some(last) if last.value == value => last.members.push(pair),
            _ => {
                place += out.last().map_or(0, |p| p.members.len());
                out.push(Place {
                    place,
                    members: vec![pair],
                    value,
                });
            }
        }
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
