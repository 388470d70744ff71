//! Matchpointing one board.

use std::collections::BTreeSet;

use foldhash::{HashSet, HashSetExt};

use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, InputError, Score, TableOutcome,
    TravellerLine,
};

use crate::error::BoardError;
use crate::scale::Scale;

/// NS match points of each raw NS score, in input order: for each result,
/// one tie unit per other result equal to it and two per result below it
/// (scaled by `scale`).
///
/// EW match points are the top minus these (EW pluses are NS minuses). A
/// pass-out is a real result of 0; a board not played must simply be left
/// out.
///
/// ```
/// use countback_matchpoints::{matchpoint_scores, Scale};
/// use countback_matchpoints::Score;
///
/// let mp = matchpoint_scores(&[150, 150, 80], Scale::TwoPerBeat);
/// assert_eq!(mp, [Score::integer(3), Score::integer(3), Score::integer(0)]);
/// ```
#[must_use]
pub fn matchpoint_scores(ns_points: &[i32], scale: Scale) -> Vec<Score> {
    matchpoint_integers(ns_points)
        .into_iter()
        .map(|u| scale.mp_of_tie_units(u))
        .collect()
}

/// NS match points on the 2-per-beat scale, as whole numbers, in input
/// order: `2·(results below) + (results equal − 1)`. Exact, and the fast
/// path for large boards (halve them for the 1-per-beat scale).
///
/// Bridge scores span a narrow range (multiples of 10 within a few
/// thousand), so when the range is at most a few times the number of
/// results the scores are counted into a table indexed by value: linear
/// time, no comparisons to mispredict. Otherwise a copy of the scores is
/// sorted and each result looked up among the distinct scores.
///
/// ```
/// use countback_matchpoints::matchpoint_integers;
///
/// assert_eq!(matchpoint_integers(&[160, 110, 110, -50]), [6, 3, 3, 0]);
/// ```
#[must_use]
pub fn matchpoint_integers(ns_points: &[i32]) -> Vec<i64> {
    let (Some(min), Some(max)) = (ns_points.iter().min(), ns_points.iter().max()) else {
        return Vec::new();
    };
    let range = i64::from(*max) - i64::from(*min);
    let room = i64::try_from(ns_points.len())
        .unwrap_or(i64::MAX)
        .saturating_mul(4)
        .saturating_add(64);
    match usize::try_from(range) {
        Ok(range) if i64::try_from(range).is_ok_and(|r| r <= room) => {
            by_counting(ns_points, *min, range)
        }
        _ => by_sorting(ns_points),
    }
}

fn slot(p: i32, min: i32) -> usize {
    usize::try_from(i64::from(p) - i64::from(min)).unwrap_or(usize::MAX)
}

fn by_counting(ns_points: &[i32], min: i32, range: usize) -> Vec<i64> {
    let mut table = vec![0i64; range.saturating_add(1)];
    for p in ns_points {
        if let Some(c) = table.get_mut(slot(*p, min)) {
            *c += 1;
        }
    }
    // Each count becomes the units of its score: 2·below + (equal − 1).
    let mut below: i64 = 0;
    for c in &mut table {
        let equal = *c;
        *c = below.saturating_mul(2).saturating_add(equal - 1);
        below = below.saturating_add(equal);
    }
    ns_points
        .iter()
        .map(|p| table.get(slot(*p, min)).copied().unwrap_or(0))
        .collect()
}

fn by_sorting(ns_points: &[i32]) -> Vec<i64> {
    let mut sorted = ns_points.to_vec();
    sorted.sort_unstable();
    let mut values: Vec<i32> = Vec::new();
    let mut units: Vec<i64> = Vec::new();
    let mut below: i64 = 0;
    for run in sorted.chunk_by(|a, b| a == b) {
        let equal = i64::try_from(run.len()).unwrap_or(i64::MAX);
        if let Some(value) = run.first() {
            values.push(*value);
            units.push(below.saturating_mul(2).saturating_add(equal - 1));
        }
        below = below.saturating_add(equal);
    }
    ns_points
        .iter()
        .map(|p| {
            let i = values.partition_point(|v| v < p);
            units.get(i).copied().unwrap_or(0)
        })
        .collect()
}

/// The pairs a movement seats. Results for anyone else are refused.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Movement {
    /// `None`: accept any pair (no movement given).
    pairs: Option<BTreeSet<ContestantId>>,
}

impl Movement {
    /// A movement seating exactly these pairs.
    pub fn new(pairs: impl IntoIterator<Item = ContestantId>) -> Movement {
        Movement {
            pairs: Some(pairs.into_iter().collect()),
        }
    }

    /// No movement to check against: every pair is accepted.
    #[must_use]
    pub fn open() -> Movement {
        Movement { pairs: None }
    }

    /// Whether `pair` takes part.
    #[must_use]
    pub fn seats(&self, pair: &ContestantId) -> bool {
        self.pairs.as_ref().map_or(true, |p| p.contains(pair))
    }
}

/// One played result with its match points within its group.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct LineMatchpoints {
    /// The NS pair.
    pub ns: ContestantId,
    /// The EW pair.
    pub ew: ContestantId,
    /// The NS score in points.
    pub ns_points: i32,
    /// NS match points.
    pub ns_mp: Score,
    /// EW match points (`top − ns_mp`).
    pub ew_mp: Score,
}

/// A line with an artificial adjusted score instead of a result.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct AdjustedLine {
    /// The NS pair.
    pub ns: ContestantId,
    /// The EW pair.
    pub ew: ContestantId,
    /// The award, as percentages of the top.
    pub award: ArtificialScore,
}

/// One board matchpointed as it was played ("as-is"): the played results
/// among themselves. Adjusted lines are listed apart; they take percentages
/// of whatever top the board is finally scored out of (see
/// [`artificial_award`] and the `countback-normalise` crate).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct BoardMatchpoints {
    /// The board.
    pub board: BoardNumber,
    /// The scale used.
    pub scale: Scale,
    /// The played results, sorted by NS then EW pair name.
    pub played: Vec<LineMatchpoints>,
    /// Lines with an artificial adjusted score, sorted likewise.
    pub adjusted: Vec<AdjustedLine>,
    /// Lines marked not played (absent from the scoring), sorted likewise.
    pub not_played: Vec<(ContestantId, ContestantId)>,
}

impl BoardMatchpoints {
    /// The top among the played results: `2(A − 1)` on the usual scale.
    #[must_use]
    pub fn top(&self) -> Score {
        self.scale.top(self.played.len())
    }

    /// The number of played results, `A`.
    #[must_use]
    pub fn results(&self) -> usize {
        self.played.len()
    }
}

/// Matchpoint one board's traveller: played results among themselves, NS
/// and EW; adjusted lines set apart; not-played lines absent.
///
/// First checks the traveller with [`check_traveller`]: every pair is in
/// `movement`, no pair appears twice, every line belongs to `board`, every
/// adjusted score is within 0–100%, and the board has at least one result
/// or adjusted score.
///
/// ```
/// use countback_matchpoints::{matchpoint_board, Movement, Scale};
/// use countback_matchpoints::{BoardNumber, Score, TableOutcome, TravellerLine};
///
/// let line = |ns: &str, ew: &str, points| TravellerLine {
///     board: BoardNumber(1),
///     ns: ns.into(),
///     ew: ew.into(),
///     outcome: TableOutcome::Played { ns_points: points },
/// };
/// let lines = [line("1", "11", 150), line("2", "12", 100), line("3", "13", 80)];
/// let board = matchpoint_board(BoardNumber(1), &lines, Scale::TwoPerBeat, &Movement::open())?;
/// assert_eq!(board.top(), Score::integer(4));
/// let first = &board.played[0];
/// assert_eq!((first.ns_mp.clone(), first.ew_mp.clone()), (Score::integer(4), Score::ZERO));
/// # Ok::<(), countback_matchpoints::BoardError>(())
/// ```
pub fn matchpoint_board(
    board: BoardNumber,
    lines: &[TravellerLine],
    scale: Scale,
    movement: &Movement,
) -> Result<BoardMatchpoints, BoardError> {
    check_traveller(board, lines, movement)?;
    let mut played: Vec<&TravellerLine> = Vec::new();
    let mut adjusted = Vec::new();
    let mut not_played = Vec::new();
    for line in lines {
        match &line.outcome {
            TableOutcome::Played { .. } => played.push(line),
            TableOutcome::Artificial(award) => adjusted.push(AdjustedLine {
                ns: line.ns.clone(),
                ew: line.ew.clone(),
                award: award.clone(),
            }),
            TableOutcome::Weighted(_) => {
                return Err(BoardError::WeightedNotScored {
                    board,
                    pair: line.ns.clone(),
                    why: "a line here holds one score; score the board with \
                          countback_normalise::score_board, or use matchpoint_weighted",
                })
            }
            // Not played is absent, never a zero; unknown future outcomes
            // are treated the same way rather than guessed at.
            _ => not_played.push((line.ns.clone(), line.ew.clone())),
        }
    }
    // Sorting first makes the output independent of the input order. No
    // pair sits twice (checked above), so no two lines share an NS pair and
    // an unstable sort is deterministic.
    played.sort_unstable_by(|a, b| (&a.ns, &a.ew).cmp(&(&b.ns, &b.ew)));
    adjusted.sort_unstable_by(|a, b| (&a.ns, &a.ew).cmp(&(&b.ns, &b.ew)));
    not_played.sort_unstable();
    let points: Vec<i32> = played
        .iter()
        .map(|l| match l.outcome {
            TableOutcome::Played { ns_points } => ns_points,
            _ => 0,
        })
        .collect();
    // Every line's match points in tie units, EW's as the top's units less
    // NS's: whole numbers until each value is made.
    let top_units = i64::try_from(played.len())
        .unwrap_or(i64::MAX)
        .saturating_sub(1)
        .saturating_mul(2)
        .max(0);
    let played = played
        .iter()
        .zip(points.iter())
        .zip(matchpoint_integers(&points))
        .map(|((line, &ns_points), units)| LineMatchpoints {
            ns: line.ns.clone(),
            ew: line.ew.clone(),
            ns_points,
            ns_mp: scale.mp_of_tie_units(units),
            ew_mp: scale.mp_of_tie_units(top_units - units),
        })
        .collect();
    Ok(BoardMatchpoints {
        board,
        scale,
        played,
        adjusted,
        not_played,
    })
}

/// Check one board's traveller before it is scored: every line belongs to
/// `board`, every pair is in `movement` and appears at most once, every
/// adjusted score is within 0–100% (see [`check_award`]), and the board has
/// at least one result or adjusted score.
///
/// Lines are checked in order and the first fault is returned, so the error
/// names the line a scorer should look at first. A pair may sit only once on
/// a board however the lines are grouped, so callers holding several
/// versions of a traveller pass them all as one sequence.
///
/// ```
/// use countback_matchpoints::{check_traveller, BoardError, InputError, Movement};
/// use countback_matchpoints::{BoardNumber, TableOutcome, TravellerLine};
///
/// let line = |ns: &str, ew: &str| TravellerLine {
///     board: BoardNumber(3),
///     ns: ns.into(),
///     ew: ew.into(),
///     outcome: TableOutcome::Played { ns_points: 120 },
/// };
/// let movement = Movement::open();
/// assert!(check_traveller(BoardNumber(3), &[line("1", "11"), line("2", "12")], &movement).is_ok());
/// assert!(matches!(
///     check_traveller(BoardNumber(3), &[line("1", "11"), line("2", "1")], &movement),
///     Err(BoardError::Input(InputError::BoardScoredTwice { .. }))
/// ));
/// ```
pub fn check_traveller<'a>(
    board: BoardNumber,
    lines: impl IntoIterator<Item = &'a TravellerLine>,
    movement: &Movement,
) -> Result<(), BoardError> {
    // Hashed, not ordered: only membership matters here (issue 30), by a
    // fast hasher (SipHash was most of this check).
    let lines = lines.into_iter();
    let mut seen: HashSet<&ContestantId> =
        HashSet::with_capacity(lines.size_hint().0.saturating_mul(2));
    let mut any = false;
    for line in lines {
        if line.board != board {
            return Err(BoardError::WrongBoard {
                board,
                found: line.board,
                pair: line.ns.clone(),
            });
        }
        for pair in [&line.ns, &line.ew] {
            if !movement.seats(pair) {
                return Err(BoardError::UnknownPair {
                    board,
                    pair: pair.clone(),
                });
            }
            if !seen.insert(pair) {
                return Err(InputError::BoardScoredTwice {
                    board,
                    contestant: pair.clone(),
                }
                .into());
            }
        }
        match &line.outcome {
            TableOutcome::Played { .. } => any = true,
            TableOutcome::Artificial(award) => {
                check_award(board, line, award)?;
                any = true;
            }
            TableOutcome::Weighted(_) => any = true,
            _ => {}
        }
    }
    if any {
        Ok(())
    } else {
        Err(InputError::EmptyBoard { board }.into())
    }
}

/// Refuse an award outside 0–100%.
///
/// [`ArtificialScore::new`] refuses one already, and so does deserialising
/// (it goes through `new`), so no award built by this workspace fails here.
/// The check stays because it is cheap and a board scored from an
/// impossible award would be wrong without a word.
pub fn check_award(
    board: BoardNumber,
    line: &TravellerLine,
    award: &ArtificialScore,
) -> Result<(), BoardError> {
    for (direction, pair) in [
        (Direction::NorthSouth, &line.ns),
        (Direction::EastWest, &line.ew),
    ] {
        let p = award.percent(direction);
        if p.is_negative() || *p > Score::integer(100) {
            return Err(BoardError::AdjustedOutOfRange {
                board,
                pair: pair.clone(),
                direction,
                percent: p.clone(),
            });
        }
    }
    Ok(())
}

/// The match points of an artificial adjusted score: a fixed percentage of
/// the top the board is scored out of (`A6040` at top 40 gives 24 and 16).
///
/// ```
/// use countback_matchpoints::artificial_award;
/// use countback_matchpoints::{ArtificialScore, Direction, Score};
///
/// let a6040 = ArtificialScore::average_plus_ns();
/// let top = Score::integer(40);
/// assert_eq!(artificial_award(&a6040, Direction::NorthSouth, &top), Score::integer(24));
/// assert_eq!(artificial_award(&a6040, Direction::EastWest, &top), Score::integer(16));
/// ```
#[must_use]
pub fn artificial_award(award: &ArtificialScore, direction: Direction, top: &Score) -> Score {
    // Dividing by the constant 100 cannot fail.
    (award.percent(direction) * top)
        .checked_div(&Score::integer(100))
        .unwrap_or_default()
}
