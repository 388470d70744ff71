//! The command-line surface.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
pub use countback_event::display::HalfDisplay;
use countback_event::Job;
pub use countback_event::Procedure;

const AFTER_HELP: &str = "\
Exit codes:
  0   done; every tie the rules can split is split
  1   replay: a document figure disagrees with the rules (unexplained); audit: a stored
      figure no rule explains (a results file) or a rank or points that disagree (a TRF)
  2   usage error (unknown option, missing argument)
  3   a tie the rules send to a play-off or a random ballot; the rest is decided
  65  bad input: the message names the file, and the line and field where known
  69  serve: the page could not listen (the port is taken: try another --port)
  74  the output could not be written (a reader that stops early, `| head`, just ends it)

Every number is exact; rounded figures are for display, by the rule's own rounding, or
else with enough decimals that two different values never print alike (an exact half
that must be cut goes by --half: default `even`, or as a pairs session's scoring
convention prints).
The event file format (TOML or JSON): `countback schema`, and docs/cli.md.";

/// A command's long help: what it does, the kinds of file it reads (from
/// the event library's table of file kinds, so a new reader is named here
/// with no edit), and the rest.
fn reads(what: &str, job: Job, more: &str) -> String {
    format!(
        "{what}\n\nReads {} (recognised by content, else by extension). {more}",
        countback_event::kinds::described(Some(job))
    )
}

/// A file argument's long help, from the table of file kinds.
fn file_help(job: Job, more: &str) -> String {
    format!(
        "The file: {} (recognised by its content, else its extension).{more}",
        countback_event::kinds::described(Some(job))
    )
}

/// Exact bridge and chess scoring and tie-breaking, by the book.
///
/// Every decision names the clause it applied (e.g. `WBF 1.1(a)`, `EBU 143.5.3`,
/// `USCF modified median`), so a director can check it and show the players.
#[derive(Debug, Parser)]
#[command(name = "countback", version, after_help = AFTER_HELP)]
#[non_exhaustive]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
#[non_exhaustive]
pub enum Command {
    /// Score a bridge pairs session: matchpoints per board (fouled and short
    /// boards normalised), totals, percentages and places with exact ties.
    #[command(long_about = reads(
        "Score a bridge pairs session: matchpoints per board (fouled and short boards normalised), totals, percentages and places with exact ties.",
        Job::Score,
        "An event file is scored when it has `[[boards]]`; a results file another program wrote is rescored from its table results.",
    ))]
    Score(FileArgs),
    /// Rank an event by a named tie-break procedure and show who wins each tie.
    #[command(long_about = reads(
        "Rank an event by a named tie-break procedure and show who wins each tie.",
        Job::Rank,
        "A results file is ranked when it holds teams matches. The procedure comes from `--procedure` (which lists them all) or the file's `event.procedure`.",
    ))]
    Rank(RankArgs),
    /// Show the full decision trace of the ties in an event: every test, the
    /// clause, the values compared, and how each group split.
    Explain(ExplainArgs),
    /// Check the figures another program stored in a results or FIDE TRF
    /// file, and list every one that differs, with the reason.
    #[command(long_about = reads(
        "Check the figures another program stored in a results or FIDE TRF file, and list every one that differs, with the reason.",
        Job::Audit,
        "A results file is rescored from its raw table results (differences: rounding, unfactored short board, manual override ...); a FIDE TRF file's points and ranks are checked against its results and its tie-break list.",
    ))]
    Audit(AuditArgs),
    /// Replay every worked example of the rule documents (as `cargo xtask replay`).
    Replay(ReplayArgs),
    /// Print the JSON Schema of the event file format.
    Schema,
    /// Convert IMP margins to victory points on a named scale, or print the
    /// scale's whole table (certified: docs/vp.md).
    ///
    /// `countback vp --scale wbf-2013-continuous --boards 16 23 -5`; with no
    /// margins, every band of the table.
    Vp(crate::vp::VpArgs),
    /// Serve the results page: choose or drop a file in a browser and see
    /// the standings, the board tables and every tie with its clause.
    Serve(ServeArgs),
}

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum Format {
    /// Tables and sentences for people.
    Text,
    /// Every figure exact (as a string) beside its display, for programs.
    Json,
    /// One table for spreadsheets and results services.
    Csv,
    /// One self-contained, printable page.
    Html,
    /// A USEBIO 1.2 document (`score` of a pairs results file or `.bws`):
    /// what the EBU, Pianola and Bridgewebs take.
    Usebio,
    /// The TRF file written back as the arbiter submits it for rating
    /// (`rank` of a TRF file): every byte as read but the rank columns, and
    /// a `202` list where the file had none.
    Trf,
}

impl Format {
    /// How a document is written in this format: an HTML page for `html`,
    /// plain text for the others that print one.
    #[must_use]
    pub fn page(self) -> crate::doc::DocFormat {
        if self == Format::Html {
            crate::doc::DocFormat::Html
        } else {
            crate::doc::DocFormat::Text
        }
    }
}

/// How the output is written: shared by every command that prints results.
#[derive(Debug, Clone, Args)]
#[non_exhaustive]
pub struct OutputArgs {
    /// The output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// How a display rounds an exact half when it has to cut a value
    /// (`even`: 68.125 → 68.12, as Compscore; `up`; `down`;
    /// `away-from-zero`: 68.125 → 68.13; `toward-zero`). Exact values are
    /// never rounded, and a rule's own rounding is the rule's. Default: a
    /// pairs session's scoring convention prints as its program does
    /// (`ebu_letter`, `kops`: away from zero); anything else `even`.
    #[arg(long, value_name = "RULE", value_parser = half)]
    pub half: Option<HalfDisplay>,
}

impl OutputArgs {
    /// The format asked for (`--json` is `--format json`).
    #[must_use]
    pub fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else {
            self.format
        }
    }
}

/// A file and an output style.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct FileArgs {
    /// The file (recognised by its content, else its extension).
    #[arg(long_help = file_help(Job::Score, ""))]
    pub file: PathBuf,
    /// The further sessions of a multi-session event, in order (with
    /// `--combine`; docs/sessions.md).
    #[arg(value_name = "MORE")]
    pub more: Vec<PathBuf>,
    /// A multi-session event: how its sessions combine.
    #[command(flatten)]
    pub sessions: SessionsArgs,
    /// Output format and display choices.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Which boards to print a score table for: `all`, `adjusted` (the
    /// boards where something besides plain match points applied: fouled,
    /// short, artificial, not played), `none`, or a list such as `1,4,7-9`.
    /// Default: `all` for text, HTML and JSON; `none` for CSV (whose one
    /// table is then the standings; with `--boards` it is the board lines
    /// instead), for an event file and a results file alike.
    #[arg(long, value_name = "WHICH", value_parser = boards)]
    pub boards: Option<Boards>,
    /// Which table `--format csv` writes (one table per kind):
    /// `standings` (the default), `boards` (the lines of the boards
    /// `--boards` names, else every board), and for a results file
    /// `hands` (each board's hand record: dealer, vulnerability, the four
    /// hands, double-dummy tricks and par, as the file has them) or
    /// `scorecards` (each pair's boards: round, direction, opponents,
    /// contract, declarer, score, points).
    #[arg(long, value_enum, value_name = "TABLE")]
    pub table: Option<CsvTable>,
    /// Set a scoring option for this run, replacing the file's
    /// `[event.scoring]` one (repeatable): `-o rounding=ebu_tenth_toward_average`,
    /// `-o expected=5`, `-o percentage=gap_par`. An unknown option is an
    /// error that lists the valid ones.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE", value_parser = key_value)]
    pub options: Vec<(String, String)>,
}

/// A multi-session event's rule (`countback score s1.xml s2.xml --combine
/// sum-of-matchpoints`; docs/sessions.md).
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Multi-session events")]
#[non_exhaustive]
pub struct SessionsArgs {
    /// How the sessions' figures make the overall one:
    /// `sum-of-matchpoints`, `mean-of-percentages` or `sum-of-percentages`.
    #[arg(long, value_name = "RULE")]
    pub combine: Option<countback_event::sessions::Combine>,
    /// How a pair is recognised from one session to the next:
    /// `pair-number` (the default) or `names` (its players, in any order).
    #[arg(long, value_name = "KEY")]
    pub match_by: Option<countback_event::sessions::MatchBy>,
    /// Carry the earlier stage into the final by this exact fraction of its
    /// combined figure (`1/4`, `0.5`), with `--final-from`.
    #[arg(long, value_name = "FRACTION", requires = "final_from")]
    pub carry_forward: Option<String>,
    /// The first session of the final (from 1), with `--carry-forward`.
    #[arg(long, value_name = "N", requires = "carry_forward")]
    pub final_from: Option<usize>,
    /// A session's own tied first place: `shared` (the default) or `split`
    /// by EBU 143.7.1 within that session.
    #[arg(long, value_name = "READING")]
    pub session_ties: Option<countback_event::sessions::SessionTies>,
    /// Which sessions count for each pair: `every-session` (the default:
    /// every pair plays every session), or for a club series where not
    /// every pair plays each, `sessions-played` or `best-N` (`best-4`: a
    /// pair's best 4).
    #[arg(long, value_name = "RULE")]
    pub count: Option<countback_event::sessions::Counting>,
    /// In a club series, the fewest sessions a pair must have played to be
    /// ranked (default: 1 for `sessions-played`, N for `best-N`).
    #[arg(long, value_name = "N")]
    pub minimum: Option<u32>,
    /// In a club series, a tied first place: `shared` (the default) or
    /// `split` by EBU 143.7.1 over every session of the series.
    #[arg(long, value_name = "READING")]
    pub series_ties: Option<countback_event::sessions::SeriesTies>,
}

/// An audit's arguments.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct AuditArgs {
    /// The file (recognised by its content, else its extension).
    #[arg(long_help = file_help(Job::Audit, " A results file's stored figures are rescored, a TRF file's declared ranks checked against its own tie-break list and its points against its results; exit 1 when a figure is not explained or disagrees."))]
    pub file: PathBuf,
    /// Output format and display choices.
    #[command(flatten)]
    pub output: OutputArgs,
    /// FIDE: the edition, tie-break list and Vega's forfeit rule.
    #[command(flatten)]
    pub fide: FideArgs,
    /// Results files: audit under another program's convention than the
    /// writer's (`-o convention=compscore`; docs/conventions.md).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE", value_parser = key_value)]
    pub options: Vec<(String, String)>,
}

/// The FIDE flags of a TRF file, the same for `rank`, `explain` and
/// `audit` (all three read the file's list the same way).
#[derive(Debug, Clone, Args)]
#[non_exhaustive]
pub struct FideArgs {
    /// FIDE: the edition of C.07 article 16 (`2024`, `2026`, or
    /// `by_start_date`, the default).
    #[arg(long, value_name = "EDITION")]
    pub edition: Option<String>,
    /// FIDE: the tie-breaks in FIDE's codes, e.g. "BH/C1, BH, SB"
    /// (default: the file's declared list, else BH/C1, BH, SB).
    #[arg(long, value_name = "CODES")]
    pub tiebreaks: Option<String>,
    /// FIDE: count a forfeit loss as played when classifying byes, as Vega
    /// does.
    #[arg(long)]
    pub vega_forfeit_loss: bool,
    /// FIDE: where a player's points come from when the file's points
    /// column and the results disagree: `results` (the default) or
    /// `file`. Every disagreement is said either way.
    #[arg(long, value_name = "FROM")]
    pub points: Option<String>,
}

/// Ranking arguments.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct RankArgs {
    /// The file (recognised by its content, else its extension).
    #[arg(long_help = file_help(Job::Rank, ""))]
    pub file: PathBuf,
    /// The tie-break procedure (overrides the file's `event.procedure`).
    #[arg(long, short, value_parser = procedure())]
    pub procedure: Option<Procedure>,
    /// Output format and display choices.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Set a procedure option for this run, replacing the file's (repeatable):
    /// `-o all_play_all=true`, `-o 'places={"1"="title"}'`, `-o median=harkness`.
    /// The value is a TOML value, or else plain text. An option the
    /// procedure does not have is an error that lists the ones it has.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE", value_parser = key_value)]
    pub options: Vec<(String, String)>,
    /// EBU: what every tie is for unless `places` says otherwise
    /// (`title`, `qualifying_place`, `indivisible_prize`, `shared_place`).
    #[arg(long, value_name = "PURPOSE")]
    pub tie_purpose: Option<String>,
    /// FIDE: the edition, tie-break list and Vega's forfeit rule.
    #[command(flatten)]
    pub fide: FideArgs,
    /// Draw every tie the rules send to lots (FIDE C.07) or to a random
    /// ballot (EBU 143.7.1(e)) from this seed (0 to 2^64-1); the trace
    /// states the seed, the algorithm and the order drawn, so anyone can
    /// repeat it. Without it such ties are left to the arbiter (exit 3).
    #[arg(long, value_name = "SEED")]
    pub draw_lots: Option<u64>,
}

/// `explain` arguments: `rank`'s, and which tie to show.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct ExplainArgs {
    /// What `rank` takes.
    #[command(flatten)]
    pub rank: RankArgs,
    /// Only the tie of the contestant finishing at this place (from 1): its
    /// decisions, from the first test that took the group in.
    #[arg(long, value_name = "N", conflicts_with = "contestant")]
    pub place: Option<usize>,
    /// Only the tie this contestant was in (its name or id as the standings
    /// print it).
    #[arg(long, value_name = "NAME")]
    pub contestant: Option<String>,
}

/// `serve` arguments: where the page listens.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct ServeArgs {
    /// The TCP port (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address lets
    /// other machines use the page, and prints a warning.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Every timeout (header, body, idle) in seconds: for the tests only.
    #[arg(long, value_name = "SECS", hide = true)]
    pub timeouts_secs: Option<u64>,
    /// The most answers computed at once (default: the cores): for the
    /// tests only, which must not depend on the machine's cores.
    #[arg(long, value_name = "N", hide = true)]
    pub jobs: Option<usize>,
}

/// Replay arguments.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct ReplayArgs {
    /// The fixtures folder (one sub-folder per rule set).
    #[arg(long, default_value = "docs/examples")]
    pub examples: PathBuf,
    /// One JSON object per printed figure.
    #[arg(long)]
    pub json: bool,
}

fn key_value(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_owned(), v.trim().to_owned())),
        _ => Err(format!("{s:?}: write KEY=VALUE, e.g. tie_purpose=title")),
    }
}

/// The procedures by name, so that `--help` lists every one of them and a
/// misspelt name is answered with the list.
fn procedure() -> impl clap::builder::TypedValueParser<Value = Procedure> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(Procedure::ALL.map(Procedure::name))
        .try_map(|s| s.parse::<Procedure>())
}

fn half(s: &str) -> Result<HalfDisplay, String> {
    s.parse()
}

/// The display rule for an exact half: the one asked for, else the
/// convention's own (how its program prints percentages), else `even`.
#[must_use]
pub fn half_for(
    asked: Option<HalfDisplay>,
    convention: Option<countback_event::results::Convention>,
) -> HalfDisplay {
    use countback_event::results::Display;
    asked.unwrap_or_else(
        || match convention.map(|c| c.choices().percentage_display) {
            Some(Display::HalfUp) => HalfDisplay::AwayFromZero,
            // A truncating program's exact halves need no rule: it cuts every
            // figure; what is left to widen goes to even.
            _ => HalfDisplay::Even,
        },
    )
}

/// Which table `--format csv` writes: CSV is one table per kind, as
/// a spreadsheet or a results service takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum CsvTable {
    /// Each contestant's place and figures (the default).
    Standings,
    /// Each board's lines (the boards `--boards` names, else all).
    Boards,
    /// Each board's hand record, where a results file has them: dealer,
    /// vulnerability, the four hands, double-dummy tricks and par.
    Hands,
    /// Each contestant's scorecard, board by board: round, direction,
    /// opponents, contract, declarer, score and points.
    Scorecards,
}

/// Which boards get a score table.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Boards {
    /// Every board.
    All,
    /// Boards where something besides plain match points applied.
    Adjusted,
    /// None: the standings only.
    None,
    /// These boards (inclusive ranges).
    List(Vec<(u32, u32)>),
}

impl Boards {
    /// Whether board `n` (adjusted or not) is shown.
    #[must_use]
    pub fn shows(&self, n: u32, adjusted: bool) -> bool {
        match self {
            Boards::All => true,
            Boards::Adjusted => adjusted,
            Boards::None => false,
            Boards::List(ranges) => ranges.iter().any(|(a, b)| (*a..=*b).contains(&n)),
        }
    }
}

fn boards(s: &str) -> Result<Boards, String> {
    match s.trim() {
        "all" => return Ok(Boards::All),
        "adjusted" => return Ok(Boards::Adjusted),
        "none" => return Ok(Boards::None),
        _ => {}
    }
    let bad = || format!("{s:?}: write all, adjusted, none, or board numbers such as 1,4,7-9");
    let mut ranges = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        let (a, b) = part.split_once('-').unwrap_or((part, part));
        let a: u32 = a.trim().parse().map_err(|_| bad())?;
        let b: u32 = b.trim().parse().map_err(|_| bad())?;
        if b < a {
            return Err(bad());
        }
        ranges.push((a, b));
    }
    Ok(Boards::List(ranges))
}
