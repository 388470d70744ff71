//! The command-line surface.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

const AFTER_HELP: &str = "\
Exit codes:
  0   done; every tie the rules can split is split
  1   replay: a document figure disagrees with the rules (unexplained)
  2   usage error (unknown option, missing argument)
  3   a tie the rules send to a play-off or a random ballot; the rest is decided
  65  bad input: the message names the file, and the line and field where known

Every number is exact; rounded figures are for display, by the rule's own rounding.
The event file format (TOML or JSON): `countback schema`, and docs/cli.md.";

/// Exact bridge and chess scoring and tie-breaking, by the book.
///
/// Every decision names the clause it applied (e.g. `WBF 1.1(a)`, `EBU 143.5.3`,
/// `USCF modified median`), so a director can check it and show the players.
#[derive(Debug, Parser)]
#[command(name = "countback", version, after_help = AFTER_HELP)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score a bridge pairs session: matchpoints per board (fouled and short
    /// boards normalised), totals, percentages and places with exact ties.
    ///
    /// Reads an event file (TOML/JSON with `[[boards]]`) or a USEBIO XML file.
    Score(FileArgs),
    /// Rank an event by a named tie-break procedure and show who wins each tie.
    ///
    /// The procedure comes from `--procedure` or the file's `event.procedure`.
    Rank(RankArgs),
    /// Show the full decision trace of the ties in an event: every test, the
    /// clause, the values compared, and how each group split.
    Explain(RankArgs),
    /// Rescore a USEBIO results file from its raw table results and list every
    /// stored figure that differs, with the reason (rounding, unfactored short
    /// board, manual override ...).
    Audit(FileArgs),
    /// Replay every worked example of the rule documents (as `cargo xtask replay`).
    Replay(ReplayArgs),
    /// Print the JSON Schema of the event file format.
    Schema,
}

/// A file and an output style.
#[derive(Debug, Args)]
pub struct FileArgs {
    /// The event file: `.toml`, `.json`, USEBIO `.xml`, or FIDE `.trf`.
    pub file: PathBuf,
    /// Print JSON (exact values as strings, plus rounded displays).
    #[arg(long)]
    pub json: bool,
}

/// Ranking arguments.
#[derive(Debug, Args)]
pub struct RankArgs {
    /// The event file: `.toml`, `.json`, or FIDE `.trf`.
    pub file: PathBuf,
    /// The tie-break procedure (overrides the file's `event.procedure`).
    #[arg(long, short, value_enum)]
    pub procedure: Option<Procedure>,
    /// Print JSON (exact values as strings, plus rounded displays).
    #[arg(long)]
    pub json: bool,
}

/// Replay arguments.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The fixtures folder (one sub-folder per rule set).
    #[arg(long, default_value = "docs/examples")]
    pub examples: PathBuf,
    /// One JSON object per printed figure.
    #[arg(long)]
    pub json: bool,
}

/// The tie-break procedures `rank` and `explain` apply.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    ValueEnum,
    serde::Deserialize,
    serde::Serialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Procedure {
    /// EBU White Book 143 split ties.
    Ebu,
    /// WBF 1: round robin teams.
    WbfRoundRobin,
    /// WBF 2: knockout.
    WbfKnockout,
    /// WBF 3: Swiss teams.
    WbfSwiss,
    /// WBF 4: pairs events.
    WbfPairs,
    /// WBF 5: board-a-match teams.
    WbfBam,
    /// USCF: modified median, Solkoff, cumulative, opposition cumulative.
    Uscf,
    /// IHSA team tie-break.
    Ihsa,
    /// FIDE C.07 tie-breaks (the list from the file, or BH/C1, BH, SB).
    Fide,
}
