//! Typed errors: every one names the element and the line of the file.

use std::fmt;

use model::{BoardNumber, ContestantId, ScoreError};

/// Where in the source text something was found: the element and its line
/// and column (1-based), as an editor shows them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SourcePosition {
    /// The element name (`TRAVELLER_LINE`, `SCORE`, `result` ...).
    pub element: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

impl fmt::Display for SourcePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "<{}> at line {}, column {}",
            self.element, self.line, self.column
        )
    }
}

/// A results file that cannot be read. Each variant says where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The text is not well-formed XML.
    #[error("malformed XML at line {line}, column {column}: {message}")]
    MalformedXml {
        /// 1-based line.
        line: u32,
        /// 1-based column.
        column: u32,
        /// What the XML parser objected to.
        message: String,
    },
    /// The root element is not the one this reader expects.
    #[error("{at}: expected a <{expected}> document")]
    WrongRoot {
        /// The root element found.
        at: SourcePosition,
        /// The root element expected.
        expected: &'static str,
    },
    /// An `EVENT_TYPE` (or `scoring_type`) this crate does not know.
    #[error("{at}: unknown event type {found:?}")]
    UnknownEventType {
        /// The element carrying the type.
        at: SourcePosition,
        /// The type as written.
        found: String,
    },
    /// A required element or attribute is absent or empty.
    #[error("{at}: missing {what}")]
    Missing {
        /// The element that should contain it.
        at: SourcePosition,
        /// The missing child element or attribute.
        what: String,
    },
    /// A value that cannot be read as what it should be.
    #[error("{at}: {text:?} is not {expected}")]
    BadValue {
        /// The element (or attribute's element) holding the value.
        at: SourcePosition,
        /// The text as written.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A traveller line names a pair the participants list does not have.
    #[error("board {board}, {at}: pair {pair:?} is not a participant")]
    UnknownPair {
        /// The board.
        board: BoardNumber,
        /// The traveller line.
        at: SourcePosition,
        /// The pair as written.
        pair: String,
    },
    /// A pair appears on two lines of one board.
    #[error("board {board}, {at}: {pair} already has a line on this board (line {first_line})")]
    DuplicateLine {
        /// The board.
        board: BoardNumber,
        /// The second line.
        at: SourcePosition,
        /// The pair.
        pair: ContestantId,
        /// The 1-based line of the first one.
        first_line: u32,
    },
    /// The same pair listed twice among the participants.
    #[error("{at}: pair {pair} is listed twice")]
    DuplicateParticipant {
        /// The second listing.
        at: SourcePosition,
        /// The pair.
        pair: ContestantId,
    },
    /// The same board number appears twice in one section.
    #[error("{at}: board {board} appears twice")]
    DuplicateBoard {
        /// The second occurrence.
        at: SourcePosition,
        /// The board.
        board: BoardNumber,
    },
}

/// A session that parsed but cannot be rescored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RescoreError {
    /// Rescoring of this event type is not implemented (teams, Swiss): the
    /// file can still be read.
    #[error("rescoring {event} events is not supported")]
    UnsupportedEvent {
        /// The event type.
        event: String,
    },
    /// A board whose results cannot be scored.
    #[error("board {board}: {reason}")]
    Board {
        /// The board.
        board: BoardNumber,
        /// Why.
        reason: String,
    },
    /// Exact arithmetic refused (a division by zero: a field with no boards).
    #[error("arithmetic: {0}")]
    Arithmetic(#[from] ScoreError),
}
