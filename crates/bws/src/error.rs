//! The crate's one error type.

use countback_model::InputError;

/// Why a `.bws` file could not be read or scored. Each variant names the
/// Access table and, for a value, the row (1-based, in the table's stored
/// order) and the row's `ID` where the table has one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BwsError {
    /// What every rule book refuses alike.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Not an Access database `jetdb` can open (or it is encrypted).
    #[error("not a readable Access (.bws) database: {message}")]
    NotAccess {
        /// What `jetdb` said.
        message: String,
    },
    /// A table the file must have to be scored.
    #[error("table {table} is missing: a Bridgemate .bws file has it")]
    MissingTable {
        /// The table.
        table: &'static str,
    },
    /// A column of a table that is read.
    #[error("table {table}: column {column} is missing")]
    MissingColumn {
        /// The table.
        table: &'static str,
        /// The column.
        column: &'static str,
    },
    /// A table `jetdb` could not read, or could read only in part.
    #[error("table {table}: {message}")]
    Table {
        /// The table.
        table: &'static str,
        /// What went wrong (`jetdb`'s message, or the number of rows skipped).
        message: String,
    },
    /// A value that is not what the column holds.
    #[error("table {table}, row {row}{}: {column} is {found:?}, expected {expected}", id.map(|i| format!(" (ID {i})")).unwrap_or_default())]
    BadValue {
        /// The table.
        table: &'static str,
        /// The row, 1-based in the table's stored order.
        row: usize,
        /// The row's `ID` column, where the table has one.
        id: Option<i64>,
        /// The column.
        column: &'static str,
        /// The value as found.
        found: String,
        /// What the column should hold.
        expected: &'static str,
    },
    /// A result row whose pair is not in the movement (`RoundData`).
    #[error("table ReceivedData, row {row} (ID {id}): {direction} pair {pair} of section {section} is not in the movement (RoundData)")]
    UnknownPair {
        /// The row, 1-based.
        row: usize,
        /// Its `ID`.
        id: i64,
        /// The section number.
        section: u32,
        /// `NS` or `EW`.
        direction: &'static str,
        /// The pair number.
        pair: u32,
    },
    /// Two pairs credited with the same board twice (two tables or rounds
    /// reporting one pair on one board).
    #[error("table ReceivedData, row {row} (ID {id}): board {board}: pair {pair} already has a result (row {first_row})")]
    BoardTwice {
        /// The row, 1-based.
        row: usize,
        /// Its `ID`.
        id: i64,
        /// The board.
        board: u32,
        /// The pair, as identified in the session.
        pair: String,
        /// The row of the first result.
        first_row: usize,
    },
    /// More results than a results file's session may have
    /// ([`countback_results::MAX_TRAVELLER_LINES`], the bound every results
    /// file is held to), counted once erased and superseded rows are set
    /// aside.
    #[error("table ReceivedData: {count} results, more than the {limit} a results file's session may have")]
    TooManyResults {
        /// The results counted.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// Sections of different movements, or nothing to score.
    #[error("{what}")]
    Unsupported {
        /// What, in words.
        what: String,
    },
}
