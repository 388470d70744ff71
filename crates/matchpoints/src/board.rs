//! Matchpointing one board.

use std::collections::BTreeSet;

use model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, Score, TableOutcome, TravellerLine,
};
use serde::{Deserialize, Serialize};

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
    tie_units(ns_points)
        .into_iter()
        .map(|u| scale.mp_of_tie_units(u))
        .collect()
}

/// For each score, `2·(results below) + (results equal − 1)`.
///
/// One `sort_unstable` of packed keys (score in the high half, position in
/// the low half) and one linear pass: a board costs about as much as
/// sorting its raw scores.
fn tie_units(ns_points: &[i32]) -> Vec<i64> {
    let n = ns_points.len();
    let mut out = vec![0i64; n];
    let mut keys: Vec<i64> = Vec::with_capacity(n);
    let mut packed = true;
    for (i, p) in ns_points.iter().enumerate() {
        match u32::try_from(i) {
            Ok(i) => keys.push(i64::from(*p) * (1i64 << 32) + i64::from(i)),
            Err(_) => {
                packed = false;
                break;
            }
        }
    }
    if !packed {
        // More than 2^32 results: fall back to sorting pairs.
        let mut pairs: Vec<(i32, usize)> = ns_points.iter().copied().zip(0..).collect();
        pairs.sort_unstable();
        assign(&pairs, |&(p, _)| p, |&(_, i)| i, &mut out);
        return out;
    }
    keys.sort_unstable();
    assign(
        &keys,
        |k| k >> 32,
        |k| usize::try_from(k & 0xFFFF_FFFF).unwrap_or_default(),
        &mut out,
    );
    out
}

fn assign<T, K: PartialEq>(
    sorted: &[T],
    key: impl Fn(&T) -> K,
    index: impl Fn(&T) -> usize,
    out: &mut [i64],
) {
    let mut start = 0usize;
    while start < sorted.len() {
        let first = sorted.get(start).map(&key);
        let len = sorted
            .get(start..)
            .unwrap_or_default()
            .iter()
            .take_while(|t| Some(key(t)) == first)
            .count()
            .max(1);
        let below = i64::try_from(start).unwrap_or(i64::MAX);
        let equal = i64::try_from(len).unwrap_or(i64::MAX);
        let units = below.saturating_mul(2).saturating_add(equal - 1);
        for t in sorted.get(start..start + len).unwrap_or_default() {
            if let Some(slot) = out.get_mut(index(t)) {
                *slot = units;
            }
        }
        start += len;
    }
}

/// The pairs a movement seats. Results for anyone else are refused.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
/// Checks that every pair is in `movement`, that no pair appears twice, that
/// every line belongs to `board`, that every adjusted score is within
/// 0–100%, and that the board has at least one result or adjusted score.
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
    let mut seen: BTreeSet<&ContestantId> = BTreeSet::new();
    let mut played: Vec<&TravellerLine> = Vec::new();
    let mut adjusted = Vec::new();
    let mut not_played = Vec::new();
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
                return Err(BoardError::PairTwice {
                    board,
                    pair: pair.clone(),
                });
            }
        }
        match &line.outcome {
            TableOutcome::Played { .. } => played.push(line),
            TableOutcome::Artificial(award) => {
                check_award(board, line, award)?;
                adjusted.push(AdjustedLine {
                    ns: line.ns.clone(),
                    ew: line.ew.clone(),
                    award: award.clone(),
                });
            }
            // Not played is absent, never a zero; unknown future outcomes
            // are treated the same way rather than guessed at.
            _ => not_played.push((line.ns.clone(), line.ew.clone())),
        }
    }
    if played.is_empty() && adjusted.is_empty() {
        return Err(BoardError::NoResults { board });
    }
    // Sorting first makes the output independent of the input order.
    played.sort_by(|a, b| (&a.ns, &a.ew).cmp(&(&b.ns, &b.ew)));
    adjusted.sort_by(|a, b| (&a.ns, &a.ew).cmp(&(&b.ns, &b.ew)));
    not_played.sort();
    let points: Vec<i32> = played
        .iter()
        .map(|l| match l.outcome {
            TableOutcome::Played { ns_points } => ns_points,
            _ => 0,
        })
        .collect();
    let top = scale.top(played.len());
    let played = played
        .iter()
        .zip(points.iter())
        .zip(matchpoint_scores(&points, scale))
        .map(|((line, &ns_points), ns_mp)| LineMatchpoints {
            ns: line.ns.clone(),
            ew: line.ew.clone(),
            ns_points,
            ew_mp: &top - &ns_mp,
            ns_mp,
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

/// Refuse an award outside 0–100% (a deserialised [`ArtificialScore`] skips
/// its constructor's check, so it is checked again here).
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
