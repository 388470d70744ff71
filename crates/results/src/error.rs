//! Typed errors: every one names the element and the line of the file.

use std::fmt;

use countback_model::{BoardNumber, ContestantId, ScoreError};

/// Where in the source text something was found: the element and its line
/// and column (1-based), as an editor shows them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[allow(clippy::exhaustive_structs)] // Closed: a place in a file: line, column, element.
pub struct SourcePosition {
    /// The element name (`TRAVELLER_LINE`, `SCORE`, `result` ...).
    pub element: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

/// `<SCORE> at line 14, column 89` for an XML element; a PBN tag or table
/// column is named as PBN writes it (`[ScoreTable] column MP_NS at line 9,
/// column 14`).
impl fmt::Display for SourcePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.element.starts_with('[') {
            write!(f, "{}", self.element)?;
        } else {
            write!(f, "<{}>", self.element)?;
        }
        write!(f, " at line {}, column {}", self.line, self.column)
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
    /// A results file of a kind this crate does not score (a teams file's
    /// matches and VPs): refused saying what it is, never read as something
    /// else.
    #[error(
        "{at}: {kind}; countback reads pairs and individual results, not this (the file's {parts})"
    )]
    OtherKind {
        /// Where the file says what it is.
        at: SourcePosition,
        /// What the file is (`a teams file: matches scored in VPs`).
        kind: String,
        /// The parts it has that are not read (its table columns).
        parts: String,
    },
    /// An element the file may hold once appears again (a second
    /// `<EVENT>`): refused rather than read in part, since what follows the
    /// first would be dropped without a word.
    #[error("{at}: a second {what} (the first is at line {first_line}); countback reads one {what} a file and does not read a file in part")]
    SecondElement {
        /// The second one.
        at: SourcePosition,
        /// The element (`<EVENT>`).
        what: &'static str,
        /// The 1-based line of the first one.
        first_line: u32,
    },
    /// An element that carries a pair or a figure given twice on one
    /// traveller line (issue 44: a second `<SCORE>` was ignored).
    #[error("{at}: a second <{element}> on one traveller line (the first is at line {first_line}); which one counts is not the reader's to choose: correct the file")]
    SecondOnLine {
        /// The second one.
        at: SourcePosition,
        /// The element's name (`SCORE`).
        element: &'static str,
        /// The 1-based line of the first one.
        first_line: u32,
    },
    /// The same board number appears twice in one section.
    #[error("{at}: board {board} appears twice")]
    DuplicateBoard {
        /// The second occurrence.
        at: SourcePosition,
        /// The board.
        board: BoardNumber,
    },
    /// The file is larger than [`crate::MAX_INPUT_BYTES`]; refused before
    /// it is read.
    #[error("the file is {bytes} bytes, more than the {limit} a results file may have")]
    TooLarge {
        /// The file's size.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// Elements nested deeper than an XML reader's limit (`countback_usebio::MAX_DEPTH`); refused before
    /// parsing (a real results file nests five or six levels).
    #[error("line {line}, column {column}: elements nested more than {limit} deep")]
    TooDeep {
        /// 1-based line of the element that goes too deep.
        line: u32,
        /// 1-based column.
        column: u32,
        /// The limit.
        limit: usize,
    },
    /// An entity declaration (`<!ENTITY`): results files have none, and
    /// expanding them can cost without bound, so they are refused.
    #[error(
        "line {line}, column {column}: entity declarations (<!ENTITY ...>) are not accepted in a results file"
    )]
    EntityDeclared {
        /// 1-based line.
        line: u32,
        /// 1-based column.
        column: u32,
    },
    /// A session of more than [`crate::MAX_TRAVELLER_LINES`] traveller
    /// lines, refused once the count is passed.
    #[error("the session has more than {limit} traveller lines (at least {count}); countback reads at most {limit} in a session, about 200 MB")]
    TooManyTravellerLines {
        /// The lines counted when the limit was passed.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// The document has more than an XML reader's limit (`countback_usebio::MAX_NODES`) XML nodes.
    #[error("the document has more than {limit} XML nodes")]
    TooManyNodes {
        /// The limit.
        limit: u32,
    },
    /// Bytes that are not UTF-8, in a file whose XML declaration does not
    /// name ISO-8859-1 (Latin-1).
    #[error("{}", not_utf8(*line, *column, *byte, declared.as_deref()))]
    NotUtf8 {
        /// 1-based line of the first bad byte.
        line: u32,
        /// 1-based column.
        column: u32,
        /// The byte.
        byte: u8,
        /// The encoding the XML declaration names, if any.
        declared: Option<String>,
    },
    /// A name the format does not have, or this crate does not read: a
    /// table column, a tag's value. The valid names are listed.
    #[error("{at}: {what} {found:?} is not one countback reads; known: {known}")]
    UnknownName {
        /// Where the name is written.
        at: SourcePosition,
        /// What kind of name (`ScoreTable column`, `Scoring`).
        what: &'static str,
        /// The name as written.
        found: String,
        /// The names that are read, separated by commas.
        known: String,
    },
    /// A line longer than the reader's limit; refused before parsing.
    #[error("line {line} is {bytes} bytes long, more than the {limit} a line of a results file may have")]
    LineTooLong {
        /// 1-based line.
        line: u32,
        /// Its length in bytes.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// More lines than the reader's limit; refused before parsing.
    #[error("the file has more than {limit} lines")]
    TooManyLines {
        /// The limit.
        limit: usize,
    },
    /// A document with nothing to score: no participants, or no traveller
    /// line on any board.
    #[error("{at}: the file has no {what}")]
    NoResults {
        /// The element that should have held them.
        at: SourcePosition,
        /// What is missing (`participants`, `traveller lines`).
        what: &'static str,
    },
}

fn not_utf8(line: u32, column: u32, byte: u8, declared: Option<&str>) -> String {
    let declared = match declared {
        Some(d) => format!(" (its XML declaration names encoding {d:?}, which is not read)"),
        None => String::new(),
    };
    format!(
        "line {line}, column {column}: byte 0x{byte:02X} is not UTF-8{declared}; \
         a Latin-1 or Windows-1252 file must say so in its XML declaration \
         (<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?> or encoding=\"windows-1252\"), \
         or be converted to UTF-8"
    )
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
