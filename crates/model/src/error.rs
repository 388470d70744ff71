//! Typed errors that name the culprit.

use crate::event::{BoardNumber, ContestantId, RoundNumber};
use crate::score::Score;

/// Arithmetic and parsing errors of [`Score`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// A division (or a fraction's denominator) by zero.
    #[error("division by zero")]
    DivisionByZero,
    /// Text that is not an exact score.
    #[error("{text:?} is not an exact score: {reason}")]
    InvalidText {
        /// The text as given.
        text: String,
        /// What was wrong with it.
        reason: &'static str,
    },
    /// An exact number read with more digits in its numerator or its
    /// denominator than [`MAX_SCORE_DIGITS`](crate::score::MAX_SCORE_DIGITS)
    /// allows: no real score comes near, and the work on a number grows
    /// with its size (issue 44).
    #[error(
        "{text:?} is not read: its {part} has {digits} digits, and an exact score may have at most {limit}"
    )]
    TooManyDigits {
        /// The text as given (its first 32 characters and `…` when longer).
        text: String,
        /// Which part is too long.
        part: NumberPart,
        /// How many digits it has (leading zeros not counted; a decimal's
        /// denominator is `10^places`, so it has `places + 1`).
        digits: usize,
        /// The bound.
        limit: usize,
    },
    /// A number whose denominator, with those of the numbers read before it
    /// from the same file, would need a common denominator of more than
    /// [`MAX_COMMON_DENOMINATOR_DIGITS`](crate::score::MAX_COMMON_DENOMINATOR_DIGITS)
    /// digits: every sum of them would carry it, and exact arithmetic
    /// costs grow with it (issue 44).
    #[error(
        "{text:?} is not read: the numbers read so far from this file and it have denominators whose least common multiple has {digits} digits, and one file's may have at most {limit} (real scores share small denominators: tenths, hundredths, sevenths)"
    )]
    CommonDenominatorTooLong {
        /// The text as given (its first 32 characters and `…` when longer).
        text: String,
        /// The digits of the common denominator with this number.
        digits: usize,
        /// The bound.
        limit: usize,
    },
    /// A rounding step that is zero or negative.
    #[error("a rounding step must be positive, not {step}")]
    NonPositiveStep {
        /// The step given.
        step: Score,
    },
}

/// The two parts of a fraction, for a message that names one.
#[allow(clippy::exhaustive_enums)] // Closed: a fraction has two parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberPart {
    /// Above the line (a decimal's digits, both sides of the point).
    Numerator,
    /// Below the line (a decimal's `10^places`).
    Denominator,
}

impl std::fmt::Display for NumberPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NumberPart::Numerator => "numerator",
            NumberPart::Denominator => "denominator",
        })
    }
}

/// Bad event input, shared by every rule crate. Each variant names what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// A contestant that the event does not list.
    #[error("unknown contestant {contestant}")]
    UnknownContestant {
        /// Who.
        contestant: ContestantId,
    },
    /// The same contestant listed twice.
    #[error("contestant {contestant} is listed twice")]
    DuplicateContestant {
        /// Who.
        contestant: ContestantId,
    },
    /// A contestant scored twice on one board.
    #[error("board {board}: {contestant} has more than one result")]
    BoardScoredTwice {
        /// Which board.
        board: BoardNumber,
        /// Who.
        contestant: ContestantId,
    },
    /// A board without a single result.
    #[error("board {board} has no results")]
    EmptyBoard {
        /// Which board.
        board: BoardNumber,
    },
    /// A match between two contestants recorded more than once in a round.
    #[error("round {round}: the match {first} v {second} is recorded twice")]
    MatchRecordedTwice {
        /// Which round.
        round: RoundNumber,
        /// One side.
        first: ContestantId,
        /// The other side.
        second: ContestantId,
    },
    /// A contestant meeting itself.
    #[error("round {round}: {contestant} cannot play itself")]
    PlaysItself {
        /// Which round.
        round: RoundNumber,
        /// Who.
        contestant: ContestantId,
    },
    /// Nothing to work on.
    #[error("empty input: {what}")]
    Empty {
        /// What was empty.
        what: &'static str,
    },
    /// A value outside its allowed range.
    #[error("{what} is {value}, outside {range}")]
    OutOfRange {
        /// Which quantity.
        what: String,
        /// The value given.
        value: Score,
        /// The allowed range, in words.
        range: &'static str,
    },
    /// An arithmetic error while computing a named quantity.
    #[error("{context}: {source}")]
    Arithmetic {
        /// What was being computed.
        context: String,
        /// The arithmetic error.
        #[source]
        source: ScoreError,
    },
}

/// Where byte `offset` of a file's `text` stands: its line and column, both
/// from 1, the column counted in characters (bytes that start a UTF-8
/// character), as an editor shows it. Every reader names its culprit's
/// place by this one count; an offset past the end is the end.
#[must_use]
pub fn line_column(text: &[u8], offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let column = before
        .get(start..)
        .unwrap_or(&[])
        .iter()
        .filter(|b| (**b & 0xC0) != 0x80)
        .count()
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn a_place_is_a_line_and_a_column_of_characters() {
        let text = "ab\nçé x\n".as_bytes();
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 2), (1, 3));
        assert_eq!(line_column(text, 3), (2, 1));
        // "çé " is five bytes and three characters: `x` is the fourth.
        assert_eq!(line_column(text, 8), (2, 4));
        assert_eq!(line_column(text, 999), (3, 1));
    }
}
