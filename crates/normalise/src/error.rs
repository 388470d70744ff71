//! Errors of normalisation.

use countback_matchpoints::BoardError;
use countback_model::{BoardNumber, ScoreError};

/// Bad input to normalisation. Every variant names the board when there is
/// one (a bare [`crate::ScaleFactor`] has none).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NormaliseError {
    /// Fewer results expected than were obtained: `E < A`.
    #[error("{}expected {expected} results but {actual} were obtained (E < A)", on_board(*.board))]
    ExpectedBelowActual {
        /// Which board, if known.
        board: Option<BoardNumber>,
        /// `E`.
        expected: i64,
        /// `A`.
        actual: i64,
    },
    /// A count below zero.
    #[error("{}the {what} is {value}, below zero", on_board(*.board))]
    NegativeCount {
        /// Which board, if known.
        board: Option<BoardNumber>,
        /// Which count.
        what: &'static str,
        /// The value given.
        value: i64,
    },
    /// No results to normalise from: `A = 0`.
    #[error("{}no results to normalise from (A = 0)", on_board(*.board))]
    NoActualResults {
        /// Which board, if known.
        board: Option<BoardNumber>,
    },
    /// Every board has at most one result (a one-table session): there is
    /// nothing to compare a result with, so no match points can be given.
    #[error(
        "board {board}: no board has more than one result (a one-table session), so there is \
         nothing to compare a result with and no match points to give"
    )]
    NothingToCompare {
        /// The first board with a result.
        board: BoardNumber,
    },
    /// Two scale factors that do not chain (`a → b` then `c → d` with `b ≠ c`).
    #[error("cannot chain scaling {first_actual}→{first_expected} with {second_actual}→{second_expected}")]
    FactorsDoNotChain {
        /// First factor's `A`.
        first_actual: u64,
        /// First factor's `E`.
        first_expected: u64,
        /// Second factor's `A`.
        second_actual: u64,
        /// Second factor's `E`.
        second_expected: u64,
    },
    /// A board's lines failed the traveller checks.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// An arithmetic error (a zero divisor or a bad rounding step).
    #[error("{}{source}", on_board(*.board))]
    Arithmetic {
        /// Which board, if known.
        board: Option<BoardNumber>,
        /// The arithmetic error.
        #[source]
        source: ScoreError,
    },
}

fn on_board(board: Option<BoardNumber>) -> String {
    board.map(|b| format!("board {b}: ")).unwrap_or_default()
}

impl NormaliseError {
    /// The same error, naming `board` if it named none.
    #[must_use]
    pub fn on(self, board: BoardNumber) -> NormaliseError {
        match self {
            NormaliseError::ExpectedBelowActual {
                board: None,
                expected,
                actual,
            } => NormaliseError::ExpectedBelowActual {
                board: Some(board),
                expected,
                actual,
            },
            NormaliseError::NegativeCount {
                board: None,
                what,
                value,
            } => NormaliseError::NegativeCount {
                board: Some(board),
                what,
                value,
            },
            NormaliseError::NoActualResults { board: None } => {
                NormaliseError::NoActualResults { board: Some(board) }
            }
            NormaliseError::Arithmetic {
                board: None,
                source,
            } => NormaliseError::Arithmetic {
                board: Some(board),
                source,
            },
            other => other,
        }
    }
}

impl NormaliseError {
    /// The culprit this error names, in the model's vocabulary, so that a
    /// caller can place it in its input without matching this type.
    #[must_use]
    pub fn culprit(&self) -> Option<countback_model::Culprit> {
        use countback_model::Culprit;
        match self {
            NormaliseError::ExpectedBelowActual { board, .. }
            | NormaliseError::NegativeCount { board, .. }
            | NormaliseError::NoActualResults { board }
            | NormaliseError::Arithmetic { board, .. } => {
                board.map(|board| Culprit::Board { board })
            }
            NormaliseError::NothingToCompare { board } => Some(Culprit::Board { board: *board }),
            NormaliseError::Board(e) => e.culprit(),
            // A rule of the book, an option or a figure of no one place.
            NormaliseError::FactorsDoNotChain { .. } => None,
        }
    }
}
