//! What can go wrong, and the exit code each kind of failure gives.

use std::path::PathBuf;
use std::process::ExitCode;

/// The event library's error as the command line says it: the library
/// names what was set for this run and what to do instead as data, in
/// words the page shows too; here they become the flags and commands a
/// user types.
#[must_use]
pub fn in_command_line_words(e: &countback_event::EventError) -> String {
    use countback_event::{Problem, Segment};
    let mut said = match e.field.as_ref().filter(|f| f.is_run()) {
        Some(field) => {
            let flag = match field.0.get(1..).unwrap_or_default() {
                [] => "-o".to_owned(),
                [Segment::Key(k)] if k == "procedure" => "--procedure".to_owned(),
                [Segment::Key(k), ..] => format!("-o {k}"),
                _ => "-o".to_owned(),
            };
            format!("{flag}: {}", e.problem)
        }
        None => e.to_string(),
    };
    if matches!(e.problem, Problem::TeamsFile { .. }) {
        said.push_str("; use `countback rank FILE --procedure ebu` (or another of them)");
    }
    said
}

/// A failure the user must act on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
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
    /// error names the field, and the line and column where known; what
    /// was set for this run is named as the command line sets it.
    #[error("{}: {}", path.display(), in_command_line_words(source))]
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
    /// `countback vp` could not convert (a fractional margin refused, a
    /// value the certified arithmetic could not decide).
    #[error("{}{}", .0, vp_hint(.0))]
    Vp(countback_event::vp::VpError),
    /// What was asked of a command that reads no file (`countback vp`),
    /// refused by the event library: said in the command line's words.
    #[error("{}", in_command_line_words(.0))]
    Refused(countback_event::EventError),
    /// The document replay found figures that disagree with the rules.
    #[error("{0}")]
    Replay(String),
    /// `countback serve` could not listen on its address, or stopped
    /// listening: not the input's fault, so not exit 65.
    #[error(
        "cannot serve the results page on {addr}: {source}{}",
        listen_hint(source)
    )]
    Listen {
        /// The address asked for.
        addr: std::net::SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// How `countback vp` chooses what the library refused by default.
fn vp_hint(e: &countback_event::vp::VpError) -> &'static str {
    match e {
        countback_event::vp::VpError::FractionalMargin { .. } => {
            "; no WBF or EBU text settles a fractional margin: choose a rule with --fractional (interpolate, round-half-up, round-half-even, round-half-away-from-zero)"
        }
        _ => "",
    }
}

/// What to do about the commonest reasons a port cannot be listened on.
fn listen_hint(e: &std::io::Error) -> &'static str {
    match e.kind() {
        std::io::ErrorKind::AddrInUse => {
            "; the port is taken (another countback serve?): choose another with --port N, or --port 0 for any free one"
        }
        std::io::ErrorKind::AddrNotAvailable => {
            "; that address is not one of this machine's: --bind takes one of its own addresses (127.0.0.1 by default)"
        }
        std::io::ErrorKind::PermissionDenied => {
            "; ports below 1024 need special rights: choose a port above 1023 with --port N"
        }
        _ => "",
    }
}

/// Process exit codes, documented in `countback --help`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums)] // Closed: the documented exit codes, matched whole by main.
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
    /// `countback serve` could not listen (the port is taken).
    Unavailable,
}

impl From<&CliError> for Exit {
    fn from(e: &CliError) -> Exit {
        match e {
            CliError::Io { .. }
            | CliError::Event { .. }
            | CliError::WrongFile { .. }
            | CliError::TooLarge { .. }
            | CliError::NotUtf8 { .. }
            | CliError::Vp(_)
            | CliError::Refused(_) => Exit::BadInput,
            CliError::Output(_) => Exit::OutputError,
            CliError::Replay(_) => Exit::ReplayMismatch,
            CliError::Listen { .. } => Exit::Unavailable,
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
            // sysexits' EX_UNAVAILABLE: a service could not be provided.
            Exit::Unavailable => 69,
            Exit::PlayOffRequired => 3,
        })
    }
}
