//! Carrying out a parsed command line: read the file, call the event
//! library, render. No rule logic lives here.

use std::path::Path;

use countback_event::{answer, FileKind, Job, Options, RawOptions, Refusal, Request};

use crate::answer::{Focus, Shown};
use crate::cli::{AuditArgs, Cli, Command, FideArgs, FileArgs, Format, RankArgs};
use crate::error::{CliError, Exit};
use crate::out::to_stdout;
use crate::progress::Progress;

/// The kind of the file at `path` holding `bytes`: by its content first,
/// then its name (the event library's table of file kinds).
pub(crate) fn kind_of(path: &Path, bytes: &[u8]) -> Result<FileKind, CliError> {
    countback_event::kinds::recognise(&path.to_string_lossy(), bytes)
        .map(|f| f.kind)
        .map_err(|e| wrong(path, &e.to_string()))
}

/// The file read and its kind recognised: the first step of every command
/// that reads a file.
pub(crate) fn read_file(path: &Path) -> Result<(Vec<u8>, Progress, FileKind), CliError> {
    let (bytes, progress) = read_bytes(path)?;
    let kind = kind_of(path, &bytes)?;
    Ok((bytes, progress, kind))
}

pub(crate) fn wrong(path: &Path, message: &str) -> CliError {
    CliError::WrongFile {
        path: path.to_owned(),
        message: message.to_owned(),
    }
}

/// The largest input file `countback` reads: checked before reading, so a
/// huge file is refused at once rather than filling memory (docs/cli.md).
/// 128 MiB: an event file in JSON at its own limit
/// (`countback_event::limits::MAX_JSON_BYTES`, a session of 2,000,000
/// results). A TOML event file, a USEBIO or PBN results file have smaller
/// limits of their own; a TRF is held by its rounds and line length.
pub const MAX_INPUT_BYTES: u64 = countback_event::limits::MAX_JSON_BYTES as u64;

pub(crate) fn read_bytes(path: &Path) -> Result<(Vec<u8>, Progress), CliError> {
    use std::io::Read as _;
    let io = |source| CliError::Io {
        path: path.to_owned(),
        source,
    };
    // Regular files only, asked before opening: opening a FIFO would wait
    // for a writer, and a device (`/dev/zero` behind a `.xml` link) has no
    // size to check and no end.
    let not_a_file = |meta: &std::fs::Metadata| {
        (!meta.is_file()).then(|| {
            wrong(
                path,
                &format!(
                    "is {}, not a file; countback reads regular files only",
                    kind_of_special(meta)
                ),
            )
        })
    };
    if let Some(e) = not_a_file(&std::fs::metadata(path).map_err(io)?) {
        return Err(e);
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if let Some(e) = not_a_file(&meta) {
        return Err(e);
    }
    let too_large = |size| CliError::TooLarge {
        path: path.to_owned(),
        size,
        limit: MAX_INPUT_BYTES,
    };
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_large(meta.len()));
    }
    let progress = Progress::for_input(meta.len());
    progress.stage("reading");
    // The limit holds for what is read, not only for what the metadata
    // said: a file that grows while it is read stops one byte past it.
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > MAX_INPUT_BYTES {
        return Err(too_large(read));
    }
    Ok((bytes, progress))
}

/// What a path that is not a regular file is, for the message.
fn kind_of_special(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "something other than a file"
    }
}

/// Why the event library did not answer, said as the command line says
/// it: a wrong job names the command to use instead.
pub(crate) fn refused(path: &Path) -> impl Fn(Refusal) -> CliError + '_ {
    move |r| match r {
        // One file here: a session's refusal is about it.
        Refusal::Event(source) | Refusal::InSession { error: source, .. } => CliError::Event {
            path: path.to_owned(),
            source,
        },
        Refusal::NotUtf8 { line, column, byte } => CliError::NotUtf8 {
            path: path.to_owned(),
            line,
            column,
            byte,
        },
        Refusal::WrongJob { kind, job } => wrong(path, &wrong_job(kind, job)),
        Refusal::NotFide { .. } => wrong(path, "a TRF file is ranked by the FIDE procedure"),
        // The command line sets neither a procedure for scoring nor
        // options by group: said plainly all the same.
        Refusal::NoProcedure { .. } => wrong(
            path,
            "a pairs session or a results file is scored, not ranked by a procedure",
        ),
        Refusal::UnusedOptions { set, .. } => wrong(
            path,
            &format!("the {set} options do not apply to this file"),
        ),
    }
}

/// What to do instead of a job a kind of file does not allow: the kinds
/// of file that job reads, or the commands this kind allows (both from the
/// event library's table of file kinds).
fn wrong_job(kind: FileKind, job: Job) -> String {
    let command = |j: Job| match j {
        Job::Rank => "`countback rank`",
        Job::Score => "`countback score`",
        Job::Audit => "`countback audit`",
        Job::Auto => "`countback score`",
    };
    let instead: Vec<&str> = [Job::Score, Job::Rank, Job::Audit]
        .into_iter()
        .filter(|j| *j != job && kind.allows(*j).is_ok())
        .map(command)
        .collect();
    let instead = instead.join(" or ");
    match kind {
        FileKind::Results => format!(
            "a results file ({}) is a scored session: use {instead}",
            countback_event::kinds::results_labels()
        ),
        FileKind::Trf => format!("a TRF file is a chess event: use {instead}"),
        FileKind::Event(_) => format!(
            "{} reads {}",
            command(job)
                .trim_matches('`')
                .trim_start_matches("countback "),
            countback_event::kinds::described(Some(job))
        ),
    }
}

/// Write to standard output; a reader that went away (`| head`) ends the
/// output quietly, any other failure is an error.
fn emit(text: &str) -> Result<(), CliError> {
    to_stdout(|out| out.write_all(text.as_bytes()))
}

/// Each warning on standard error; a kind that came many times once, with
/// its count and first places (issue 41: a line each drowned the answer).
fn warn(path: &Path, warnings: &[countback_event::Warning]) {
    for w in countback_event::told(warnings) {
        eprintln!("countback: warning: {}: {w}", path.display());
    }
}

/// Run the command; `Ok` carries the exit status for decided or
/// play-off-bound outcomes.
pub fn run(cli: &Cli) -> Result<Exit, CliError> {
    match &cli.command {
        Command::Replay(args) => {
            let mut out = Vec::new();
            let sum = countback_replay::report_folder(
                &args.examples,
                args.json,
                &mut out,
                &mut std::io::stderr(),
            )
            .map_err(|source| CliError::Io {
                path: args.examples.clone(),
                source,
            })?;
            emit(&String::from_utf8_lossy(&out))?;
            if sum.wrong > 0 {
                return Err(CliError::Replay(format!("replay: {sum}")));
            }
            Ok(Exit::Success)
        }
        Command::Schema => {
            let mut out = Vec::new();
            let shown = Shown {
                format: Format::Json,
                half: None,
                explain: false,
                boards: None,
                table: None,
            };
            crate::answer::write(&mut out, &countback_event::answer_schema(), &shown)
                .map_err(CliError::Output)?;
            emit(&String::from_utf8_lossy(&out))?;
            Ok(Exit::Success)
        }
        Command::Score(args) => score(args),
        Command::Rank(args) => rank(args, false),
        Command::Explain(args) => explain(args),
        Command::Audit(args) => audit(args),
        Command::Serve(args) => crate::serve::run(args),
        Command::Vp(args) => crate::vp::run(args),
    }
}

fn raw_options(pairs: &[(String, String)]) -> RawOptions {
    let mut raw = RawOptions::default();
    for (k, v) in pairs {
        raw.set_from_text(k, v);
    }
    raw
}

/// The FIDE flags, by option name, as the option values they set (where
/// given): the text of `--edition` and `--tiebreaks` as strings, the flag
/// as `true`.
fn fide_flags(fide: &FideArgs) -> [(&'static str, Option<serde_json::Value>); 4] {
    use serde_json::Value;
    [
        ("edition", fide.edition.clone().map(Value::String)),
        ("points", fide.points.clone().map(Value::String)),
        ("tiebreaks", fide.tiebreaks.clone().map(Value::String)),
        (
            "vega_forfeit_loss",
            fide.vega_forfeit_loss.then_some(Value::Bool(true)),
        ),
    ]
}

/// Read the file, answer the request, render: the one path of every
/// command that reads a file.
fn answer_file(
    path: &Path,
    file: (Vec<u8>, Progress, FileKind),
    request: &Request,
    shown: &Shown,
    stage: &'static str,
) -> Result<Exit, CliError> {
    answer_focused(path, file, request, shown, stage, None)
}

/// [`answer_file`], a ranking's trace cut to the one tie `focus` names.
fn answer_focused(
    path: &Path,
    (bytes, progress, kind): (Vec<u8>, Progress, FileKind),
    request: &Request,
    shown: &Shown,
    stage: &'static str,
    focus: Option<&Focus>,
) -> Result<Exit, CliError> {
    progress.stage(stage);
    // The bytes are given up: an event file's text is held once, by the
    // event, not beside this copy (issue 43), and the file is not kept
    // while the output is built (issue 30: 46 MB of a million-result
    // session's peak).
    let usebio = shown.format == Format::Usebio;
    let mut answer = countback_event::answer_owned(bytes, kind, request)
        .map_err(|r| if usebio { r.for_usebio() } else { r })
        .map_err(refused(path))?;
    if usebio {
        // USEBIO is rendered from the answer by the event library, whose
        // writer may refuse what USEBIO 1.2 cannot carry: a refusal, as
        // any other, not an output error.
        let xml = countback_event::usebio(&answer).map_err(refused(path))?;
        progress.stage("writing");
        let written = to_stdout(|out| out.write_all(xml.as_bytes()));
        progress.done();
        // A USEBIO document has no place for them: on standard error, as
        // for every other format.
        warn(path, crate::answer::warnings(&answer));
        written?;
        return Ok(crate::answer::exit(&answer));
    }
    if let (Some(focus), countback_event::Answer::Ranked(r)) = (focus, &mut answer) {
        *r = crate::answer::focused(r, focus).map_err(|e| wrong(path, &e))?;
    }
    progress.stage("writing");
    let written = to_stdout(|out| crate::answer::write(out, &answer, shown));
    progress.done();
    warn(path, crate::answer::warnings(&answer));
    written?;
    Ok(crate::answer::exit(&answer))
}

fn explain(args: &crate::cli::ExplainArgs) -> Result<Exit, CliError> {
    let focus = match (&args.place, &args.contestant) {
        (Some(n), _) => Some(Focus::Place(*n)),
        (None, Some(name)) => Some(Focus::Contestant(name.clone())),
        (None, None) => None,
    };
    rank_focused(&args.rank, true, focus.as_ref())
}

fn rank(args: &RankArgs, explain: bool) -> Result<Exit, CliError> {
    rank_focused(args, explain, None)
}

fn rank_focused(args: &RankArgs, explain: bool, focus: Option<&Focus>) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let file = read_file(path)?;
    let kind = file.2;
    kind.allows(Job::Rank).map_err(refused(path))?;
    let mut options = raw_options(&args.options);
    if let Some(p) = &args.tie_purpose {
        options.set_from_text("tie_purpose", &format!("{p:?}"));
    }
    for (k, v) in fide_flags(&args.fide) {
        let Some(v) = v else { continue };
        if kind != FileKind::Trf {
            return Err(wrong(
                path,
                &format!("--{} is a FIDE option, for a TRF file", k.replace('_', "-")),
            ));
        }
        options.0.insert(k.to_owned(), v);
    }
    no_usebio(path, args.output.format(), "rank")?;
    let mut request = Request::new(Job::Rank);
    request.procedure = args.procedure;
    request.options = Options::Any(options);
    request.draw_lots = args.draw_lots;
    if args.output.format() == Format::Trf {
        if kind != FileKind::Trf || explain {
            return Err(wrong(
                path,
                "--format trf writes a TRF file back with its ranks: `countback rank FILE.trf --format trf`",
            ));
        }
        return trf_written_back(path, file, &request);
    }
    let shown = Shown {
        format: args.output.format(),
        half: args.output.half,
        explain,
        boards: None,
        table: None,
    };
    answer_focused(path, file, &request, &shown, "ranking", focus)
}

/// `rank FILE.trf --format trf`: the file as the arbiter submits it for
/// rating, its rank columns (and a `202` list where it had none) from the
/// ranking, every other byte as read (docs/fide.md).
fn trf_written_back(
    path: &Path,
    (bytes, progress, kind): (Vec<u8>, Progress, FileKind),
    request: &Request,
) -> Result<Exit, CliError> {
    progress.stage("ranking");
    let answer = answer(&bytes, kind, request).map_err(refused(path))?;
    let countback_event::Answer::Ranked(ranking) = &answer else {
        return Err(wrong(
            path,
            "a TRF file is ranked: nothing else is written back",
        ));
    };
    let out = countback_event::trf_team::written_back(&bytes, ranking).map_err(|source| {
        CliError::Event {
            path: path.to_owned(),
            source,
        }
    })?;
    progress.done();
    to_stdout(|o| o.write_all(&out))?;
    warn(path, &ranking.warnings);
    Ok(crate::answer::exit(&answer))
}

/// `--format trf` is a TRF file written back with its ranks: `rank` only.
fn no_trf(path: &Path, format: Format, command: &str) -> Result<(), CliError> {
    if format == Format::Trf && command != "rank" {
        return Err(wrong(
            path,
            &format!(
                "`{command}` does not write a TRF file: `countback rank FILE.trf --format trf` does"
            ),
        ));
    }
    Ok(())
}

/// `--format usebio` is a scored pairs session written out: `score` only.
fn no_usebio(path: &Path, format: Format, command: &str) -> Result<(), CliError> {
    no_trf(path, format, command)?;
    if format == Format::Usebio {
        return Err(wrong(
            path,
            &format!(
                "`{command}` does not write USEBIO: use `countback score FILE --format usebio`"
            ),
        ));
    }
    Ok(())
}

fn score(args: &FileArgs) -> Result<Exit, CliError> {
    if !args.more.is_empty() || args.sessions.combine.is_some() {
        return crate::session::sessions(args);
    }
    let path = args.file.as_path();
    let file = read_file(path)?;
    let kind = file.2;
    kind.allows(Job::Score).map_err(refused(path))?;
    // A results file is rescored by its writer's convention; only
    // `-o convention=…` can override it (anything else is refused by the
    // library, by name).
    no_trf(path, args.output.format(), "score")?;
    if args.table.is_some() && args.output.format() != Format::Csv {
        return Err(wrong(path, "--table chooses the table --format csv writes"));
    }
    if matches!(
        args.table,
        Some(crate::cli::CsvTable::Hands | crate::cli::CsvTable::Scorecards)
    ) && kind != FileKind::Results
    {
        return Err(wrong(
            path,
            "--table hands and --table scorecards are a results file's (its hand records, its contracts); an event file holds neither",
        ));
    }
    let mut request = Request::new(Job::Score);
    request.options = Options::Any(raw_options(&args.options));
    let shown = Shown {
        format: args.output.format(),
        half: args.output.half,
        explain: false,
        boards: args.boards.clone(),
        table: args.table,
    };
    let stage = if kind == FileKind::Results {
        "rescoring"
    } else {
        "scoring"
    };
    answer_file(path, file, &request, &shown, stage)
}

fn audit(args: &AuditArgs) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let file = read_file(path)?;
    let kind = file.2;
    kind.allows(Job::Audit).map_err(refused(path))?;
    let flags = fide_flags(&args.fide);
    let mut options = RawOptions::default();
    if kind == FileKind::Trf {
        for (k, v) in flags {
            if let Some(v) = v {
                options.0.insert(k.to_owned(), v);
            }
        }
    } else {
        if flags.iter().any(|(_, v)| v.is_some()) {
            return Err(wrong(
                path,
                "--edition, --tiebreaks and --vega-forfeit-loss are FIDE options, for a TRF file",
            ));
        }
        options = raw_options(&args.options);
    }
    no_usebio(path, args.output.format(), "audit")?;
    let mut request = Request::new(Job::Audit);
    request.options = Options::Any(options);
    let shown = Shown {
        format: args.output.format(),
        half: args.output.half,
        explain: false,
        boards: None,
        table: None,
    };
    answer_file(path, file, &request, &shown, "auditing")
}
