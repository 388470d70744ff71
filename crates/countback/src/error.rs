//! What can go wrong, and the exit code each kind of failure gives.

use std::path::PathBuf;
use std::process::ExitCode;

/// A failure the user must act on.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file was read but its content is wrong: the event library's
    /// error names the field, and the line and column where known.
    #[error("{}: {source}", path.display())]
    Event {
        /// The file.
        path: PathBuf,
        /// What is wrong, where.
        source: countback_event::EventError,
    },
    /// A file larger than `countback` reads.
    #[error("{}: {size} bytes is more than the {limit} bytes countback reads; is this the right file?", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// An event or TRF file that is not UTF-8 text.
    #[error("{}: line {line}, column {column}: byte 0x{byte:02X} is not UTF-8; save the file as UTF-8 (event and TRF files are UTF-8 text)", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// The line of the first bad byte.
        line: usize,
        /// Its column, in characters.
        column: usize,
        /// The byte.
        byte: u8,
    },
    /// A file of a kind the command does not take.
    #[error("{}: {message}", path.display())]
    WrongFile {
        /// The file.
        path: PathBuf,
        /// What to do instead.
        message: String,
    },
    /// The output could not be written (other than a closed pipe).
    #[error("cannot write the output: {0}")]
    Output(std::io::Error),
    /// The document replay found figures that disagree with the rules.
    #[error("{0}")]
    Replay(String),
}

/// Process exit codes, documented in `countback --help`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Everything asked for was decided.
    Success,
    /// Bad input: unreadable file, wrong format, unknown contestant.
    BadInput,
    /// A tie the rules send to a play-off or a random ballot: the order
    /// printed is complete except for that tie, which a human must settle.
    PlayOffRequired,
    /// The replay found an unexplained difference from a document.
    ReplayMismatch,
    /// A check of a file's own figures found some that disagree (a TRF's
    /// declared ranks or points).
    ChecksFailed,
    /// The output could not be written.
    OutputError,
}

impl From<&CliError> for Exit {
    fn from(e: &CliError) -> Exit {
        match e {
            CliError::Io { .. }
            | CliError::Event { .. }
            | CliError::WrongFile { .. }
            | CliError::TooLarge { .. }
            | CliError::NotUtf8 { .. } => Exit::BadInput,
            CliError::Output(_) => Exit::OutputError,
            CliError::Replay(_) => Exit::ReplayMismatch,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(match e {
            Exit::Success => 0,
            Exit::ReplayMismatch | Exit::ChecksFailed => 1,
            Exit::BadInput => 65,
            Exit::OutputError => 74,
            Exit::PlayOffRequired => 3,
        })
    }
}
