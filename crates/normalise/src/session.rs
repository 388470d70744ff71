//! Scoring a whole session into a score table.

use countback_matchpoints::{Movement, Scale, ScoreTable};
use countback_model::{ArtificialScore, BoardNumber, TableOutcome, TravellerLine};

use crate::board::{score_fouled_board, BoardSpec, ScoredBoard};
use crate::error::NormaliseError;
use crate::policy::{Factoring, OneMissing, RoundingPolicy};

/// One board's traveller, in one version or (fouled) several.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Traveller {
    /// The board.
    pub board: BoardNumber,
    /// The lines of each version; a board that was not fouled has one.
    pub versions: Vec<Vec<TravellerLine>>,
}

impl Traveller {
    /// A board played in one version.
    #[must_use]
    pub fn new(board: BoardNumber, lines: Vec<TravellerLine>) -> Traveller {
        Traveller {
            board,
            versions: vec![lines],
        }
    }

    /// A fouled board: each version's lines apart.
    #[must_use]
    pub fn fouled(board: BoardNumber, versions: Vec<Vec<TravellerLine>>) -> Traveller {
        Traveller { board, versions }
    }

    /// Every line of every version, not-played lines included: two pairs
    /// each, all distinct on one board.
    #[must_use]
    pub fn lines(&self) -> usize {
        self.versions.iter().map(Vec::len).sum()
    }

    /// Lines that count toward the number of results (played or adjusted).
    #[must_use]
    pub fn results(&self) -> usize {
        self.versions
            .iter()
            .flatten()
            .filter(|l| {
                matches!(
                    l.outcome,
                    TableOutcome::Played { .. }
                        | TableOutcome::Artificial(_)
                        | TableOutcome::Weighted(_)
                )
            })
            .count()
    }
}

/// Where `E`, the expected count of every board, comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Expected {
    /// The largest number of results on any board of the session (what the
    /// real programs do).
    LargestBoard,
    /// A number the movement gives.
    Fixed(usize),
}

/// How a session is scored.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SessionSpec {
    /// Where `E` comes from.
    pub expected: Expected,
    /// The matchpoint scale.
    pub scale: Scale,
    /// The one-missing-result choice.
    pub one_missing: OneMissing,
    /// The award on an unplayable version.
    pub unplayable_award: ArtificialScore,
    /// How each board's match points are rounded before they enter the table.
    pub rounding: RoundingPolicy,
    /// How a group short of the expected count is brought up to it.
    pub factoring: Factoring,
}

impl Default for SessionSpec {
    fn default() -> SessionSpec {
        SessionSpec {
            expected: Expected::LargestBoard,
            scale: Scale::TwoPerBeat,
            one_missing: OneMissing::Formula,
            unplayable_award: ArtificialScore::average(),
            rounding: RoundingPolicy::Exact,
            factoring: Factoring::Neuberg,
        }
    }
}

impl SessionSpec {
    /// The spec of one board with `E = expected`.
    #[must_use]
    pub fn board_spec(&self, expected: usize) -> BoardSpec {
        BoardSpec::new(expected)
            .with_scale(self.scale)
            .with_one_missing(self.one_missing)
            .with_unplayable_award(self.unplayable_award.clone())
            .with_rounding(self.rounding.clone())
            .with_factoring(self.factoring)
    }
}

/// A scored session: every board, and the score table built from them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ScoredSession {
    /// `E` used for every board.
    pub expected: usize,
    /// Each board, in board order.
    pub boards: Vec<ScoredBoard>,
    /// Rows pairs, columns boards; top of a complete board.
    pub table: ScoreTable,
}

/// Score every board of a session and build the score table.
///
/// ```
/// use countback_normalise::{score_session, Movement, SessionSpec, Traveller};
/// use countback_normalise::{BoardNumber, ContestantId, Score, TableOutcome, TravellerLine};
///
/// let line = |b, ns: &str, ew: &str, points| TravellerLine {
///     board: BoardNumber(b),
///     ns: ns.into(),
///     ew: ew.into(),
///     outcome: TableOutcome::Played { ns_points: points },
/// };
/// let travellers = vec![
///     Traveller::new(BoardNumber(1), vec![line(1, "1", "4", 100), line(1, "2", "5", 50), line(1, "3", "6", 0)]),
///     Traveller::new(BoardNumber(2), vec![line(2, "1", "5", 100), line(2, "2", "6", 50)]),
/// ];
/// let session = score_session(&travellers, &SessionSpec::default(), &Movement::open())?;
/// assert_eq!(session.expected, 3);
/// // Board 2 had two results: 2 → (2 + 1)·3/2 − 1 = 7/2 for pair 1.
/// assert_eq!(session.table.total(&ContestantId::new("1")), Score::new(15, 2)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn score_session(
    travellers: &[Traveller],
    spec: &SessionSpec,
    movement: &Movement,
) -> Result<ScoredSession, NormaliseError> {
    let expected = match spec.expected {
        Expected::Fixed(e) => e,
        Expected::LargestBoard => travellers.iter().map(Traveller::results).max().unwrap_or(0),
    };
    if expected == 1 {
        if let Some(first) = travellers.iter().find(|t| t.results() > 0) {
            return Err(NormaliseError::NothingToCompare { board: first.board });
        }
    }
    let board_spec = spec.board_spec(expected);
    let mut table = ScoreTable::new(board_spec.top());
    // Two scores (NS and EW) a line, at most.
    table.reserve(2 * travellers.iter().map(Traveller::results).sum::<usize>());
    // Two pairs a line on the largest board, all distinct.
    table.reserve_pairs(2 * travellers.iter().map(Traveller::lines).max().unwrap_or(0));
    let mut boards = Vec::with_capacity(travellers.len());
    for t in travellers {
        let scored = score_fouled_board(t.board, &t.versions, &board_spec, movement)?;
        for (pair, mp) in scored.pair_scores() {
            table.record(t.board, pair.clone(), mp.clone())?;
        }
        boards.push(scored);
    }
    boards.sort_by_key(|b| b.board);
    Ok(ScoredSession {
        expected,
        boards,
        table,
    })
}
