//! The one error type of board and session scoring.

use countback_model::{BoardNumber, ContestantId, Direction, InputError, Score, ScoreError};

/// Bad input to board or session scoring. Every variant names the board and,
/// where there is one, the pair at fault; what every rule book refuses alike
/// is the shared [`InputError`], wrapped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A result for a pair the movement does not list.
    #[error("board {board}: pair {pair} is not in the movement")]
    UnknownPair {
        /// Which board.
        board: BoardNumber,
        /// Who.
        pair: ContestantId,
    },
    /// A traveller line filed under another board.
    #[error("board {board}: the line of pair {pair} belongs to board {found}")]
    WrongBoard {
        /// The board being scored.
        board: BoardNumber,
        /// The board the line names.
        found: BoardNumber,
        /// The NS pair of the line.
        pair: ContestantId,
    },
    /// An adjusted score below 0% or above 100% of the top.
    #[error(
        "board {board}: the adjusted score of {pair} ({direction}) is {percent}%, outside 0-100%"
    )]
    AdjustedOutOfRange {
        /// Which board.
        board: BoardNumber,
        /// The pair whose award is out of range.
        pair: ContestantId,
        /// The pair's direction on the line.
        direction: Direction,
        /// The percentage given.
        percent: Score,
    },
    /// Too few results for a method that needs more (a Butler datum needs
    /// three so that a top and a bottom can be dropped; cross-IMPs need two).
    #[error("board {board}: {method} needs at least {needed} results, found {found}")]
    TooFewResults {
        /// Which board.
        board: BoardNumber,
        /// The method.
        method: &'static str,
        /// How many it needs.
        needed: usize,
        /// How many there were.
        found: usize,
    },
    /// A weighted score (Law 12C1(c)) where the method has no defined
    /// meaning for one (say which and what to use instead).
    #[error("board {board}: the weighted score at {pair}'s table cannot be scored here: {why}")]
    WeightedNotScored {
        /// Which board.
        board: BoardNumber,
        /// The NS pair of the weighted line.
        pair: ContestantId,
        /// Why, and what to use instead.
        why: &'static str,
    },
    /// Bad input shared with the other rule crates: a pair with two results
    /// on one board, whether on two lines, on both sides of one line or in
    /// one cell of the score table ([`InputError::BoardScoredTwice`]), and a
    /// board with neither a played result nor an adjusted score
    /// ([`InputError::EmptyBoard`]).
    #[error(transparent)]
    Input(#[from] InputError),
    /// An arithmetic error (only a zero divisor is possible).
    #[error("board {board}: {source}")]
    Arithmetic {
        /// Which board.
        board: BoardNumber,
        /// The arithmetic error.
        #[source]
        source: ScoreError,
    },
}

impl BoardError {
    /// The culprit this error names, in the model's vocabulary, so that a
    /// caller can place it in its input without matching this type.
    #[must_use]
    pub fn culprit(&self) -> Option<countback_model::Culprit> {
        use countback_model::Culprit;
        match self {
            BoardError::UnknownPair { board, pair }
            | BoardError::AdjustedOutOfRange { board, pair, .. }
            | BoardError::WrongBoard { board, pair, .. } => Some(Culprit::Line {
                board: *board,
                pair: pair.clone(),
            }),
            BoardError::TooFewResults { board, .. } | BoardError::Arithmetic { board, .. } => {
                Some(Culprit::Board { board: *board })
            }
            BoardError::Input(e) => e.culprit(),
            // A rule of the book, an option or a figure of no one place.
            BoardError::WeightedNotScored { .. } => None,
        }
    }
}
