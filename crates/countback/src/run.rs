//! Carrying out a parsed command line: read the file, call the event
//! library, render. No rule logic lives here.

use std::path::Path;

use countback_event::options::FideOptions;
use countback_event::{Event, EventError, Notation, Procedure, RankRequest, RawOptions, Source};

use crate::cli::{AuditArgs, Boards, Cli, Command, FileArgs, Format, RankArgs};
use crate::error::{CliError, Exit};
use crate::out::to_stdout;
use crate::progress::Progress;

/// The kinds of file `countback` reads, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An event file.
    Event(Notation),
    /// A results file: USEBIO, NZ Scorer or PBN.
    Results,
    /// A FIDE TRF file.
    Trf,
}

/// What to say of a file whose kind is not known.
pub(crate) const UNKNOWN_KIND: &str = "unknown file type: expected .toml or .json (event file), .xml (USEBIO / NZ Scorer), .pbn (PBN results) or .trf (FIDE)";

/// The kind of a file by its extension (any case), the one table the
/// command line and the results page share.
pub(crate) fn kind_by_extension(ext: &str) -> Option<Kind> {
    match ext.to_ascii_lowercase().as_str() {
        "toml" => Some(Kind::Event(Notation::Toml)),
        "json" => Some(Kind::Event(Notation::Json)),
        "xml" | "pbn" => Some(Kind::Results),
        "trf" | "txt" => Some(Kind::Trf),
        _ => None,
    }
}

fn kind_of(path: &Path) -> Result<Kind, CliError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    kind_by_extension(&ext).ok_or_else(|| wrong(path, UNKNOWN_KIND))
}

fn wrong(path: &Path, message: &str) -> CliError {
    CliError::WrongFile {
        path: path.to_owned(),
        message: message.to_owned(),
    }
}

/// The largest input file `countback` reads: checked before reading, so a
/// huge file is refused at once rather than filling memory (docs/cli.md).
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

fn read_bytes(path: &Path) -> Result<(Vec<u8>, Progress), CliError> {
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

fn read(path: &Path) -> Result<(String, Progress), CliError> {
    let (bytes, progress) = read_bytes(path)?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok((text, progress)),
        Err(e) => {
            let (line, column, byte) = not_utf8_at(e.as_bytes(), e.utf8_error().valid_up_to());
            Err(CliError::NotUtf8 {
                path: path.to_owned(),
                line,
                column,
                byte,
            })
        }
    }
}

/// The line and column (from 1) of the first byte that is not UTF-8, at
/// offset `good`, and the byte.
pub(crate) fn not_utf8_at(bytes: &[u8], good: usize) -> (usize, usize, u8) {
    let before = bytes.get(..good).unwrap_or(bytes);
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(before.get(start..).unwrap_or(&[]))
        .chars()
        .count()
        + 1;
    (line, column, bytes.get(good).copied().unwrap_or(0))
}

fn bad(path: &Path) -> impl Fn(EventError) -> CliError + '_ {
    move |source| CliError::Event {
        path: path.to_owned(),
        source,
    }
}

/// Write to standard output; a reader that went away (`| head`) ends the
/// output quietly, any other failure is an error.
fn emit(text: &str) -> Result<(), CliError> {
    to_stdout(|out| out.write_all(text.as_bytes()))
}

fn warn(path: &Path, warnings: &[countback_event::Warning]) {
    for w in warnings {
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
            let text = serde_json::to_string_pretty(&countback_event::schema()).unwrap_or_default();
            emit(&format!("{text}\n"))?;
            Ok(Exit::Success)
        }
        Command::Score(args) => score(args),
        Command::Rank(args) => rank(args, false),
        Command::Explain(args) => rank(args, true),
        Command::Audit(args) => audit(args),
        Command::Serve(args) => crate::serve::run(args),
    }
}

fn raw_options(pairs: &[(String, String)]) -> RawOptions {
    let mut raw = RawOptions::default();
    for (k, v) in pairs {
        raw.set_from_text(k, v);
    }
    raw
}

fn rank(args: &RankArgs, explain: bool) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let kind = kind_of(path)?;
    let (text, progress) = read(path)?;
    let mut options = raw_options(&args.options);
    if let Some(p) = &args.tie_purpose {
        options.set_from_text("tie_purpose", &format!("{p:?}"));
    }
    let fide_flags = [
        ("edition", args.edition.as_ref().map(|e| format!("{e:?}"))),
        (
            "tiebreaks",
            args.tiebreaks.as_ref().map(|t| format!("{t:?}")),
        ),
        (
            "vega_forfeit_loss",
            args.vega_forfeit_loss.then(|| "true".to_owned()),
        ),
    ];
    progress.stage("ranking");
    let ranked = match kind {
        Kind::Trf => {
            if args.procedure.is_some_and(|p| p != Procedure::Fide) {
                return Err(wrong(path, "a TRF file is ranked by the FIDE procedure"));
            }
            for (k, v) in fide_flags {
                if let Some(v) = v {
                    options.set_from_text(k, &v);
                }
            }
            let fide: FideOptions = options
                .read(
                    "fide",
                    &countback_event::FieldPath::key("--option"),
                    &mut Vec::new(),
                )
                .map_err(bad(path))?;
            countback_event::rank_trf(&text, &fide).map_err(bad(path))?
        }
        Kind::Results => {
            return Err(wrong(
                path,
                "a USEBIO file is a scored session: use `countback score` or `countback audit`",
            ))
        }
        Kind::Event(notation) => {
            if let Some((flag, _)) = fide_flags.iter().find(|(_, v)| v.is_some()) {
                return Err(wrong(
                    path,
                    &format!(
                        "--{} is a FIDE option, for a TRF file",
                        flag.replace('_', "-")
                    ),
                ));
            }
            let event = Event::parse(Source::new(text, notation)).map_err(bad(path))?;
            let mut request = RankRequest::new();
            request.procedure = args.procedure;
            request.options = options;
            event.rank(&request).map_err(bad(path))?
        }
    };
    progress.stage("writing");
    let format = args.output.format();
    let half = crate::cli::half_for(args.output.half, None);
    let written = to_stdout(|out| crate::standings::write(out, &ranked, format, half, explain));
    progress.done();
    warn(path, &ranked.warnings);
    written?;
    Ok(if ranked.needs_human() {
        Exit::PlayOffRequired
    } else {
        Exit::Success
    })
}

fn score(args: &FileArgs) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let kind = kind_of(path)?;
    let format = args.output.format();
    let asked = args.output.half;
    let notation = match kind {
        Kind::Event(n) => n,
        Kind::Results => {
            // A results file is rescored by its writer's convention; only
            // `-o convention=…` can override it (anything else is refused
            // by the library, by name).
            let (bytes, progress) = read_bytes(path)?;
            progress.stage("rescoring");
            let r = countback_event::rescore_results_under(&bytes, &raw_options(&args.options))
                .map_err(bad(path))?;
            progress.stage("writing");
            let half = crate::cli::half_for(asked, Some(r.convention));
            let written = to_stdout(|out| crate::session::rescored(out, &r, format, half));
            progress.done();
            written?;
            return Ok(Exit::Success);
        }
        Kind::Trf => {
            return Err(wrong(
                path,
                "a TRF file is a chess event: use `countback rank`",
            ))
        }
    };
    let (text, progress) = read(path)?;
    progress.stage("scoring");
    let event = Event::parse(Source::new(text, notation)).map_err(bad(path))?;
    let scored = event
        .score(&raw_options(&args.options))
        .map_err(bad(path))?;
    let names = event.names();
    let half = crate::cli::half_for(asked, scored.options.convention.map(|c| c.convention()));
    let boards = args.boards.clone().unwrap_or(match format {
        Format::Csv => Boards::None,
        _ => Boards::All,
    });
    let output = crate::session::SessionOutput {
        scored: &scored,
        names: &names,
        boards,
        half,
    };
    progress.stage("writing");
    let written = to_stdout(|out| output.write(out, format));
    progress.done();
    written?;
    Ok(Exit::Success)
}

fn audit(args: &AuditArgs) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let kind = kind_of(path)?;
    if kind == Kind::Trf {
        return audit_trf(args);
    }
    if kind != Kind::Results {
        return Err(wrong(
            path,
            "audit reads a USEBIO or NZ Scorer (.xml) or PBN (.pbn) results file, or a FIDE TRF file (.trf)",
        ));
    }
    if args.edition.is_some() || args.tiebreaks.is_some() || args.vega_forfeit_loss {
        return Err(wrong(
            path,
            "--edition, --tiebreaks and --vega-forfeit-loss are FIDE options, for a TRF file",
        ));
    }
    let (bytes, progress) = read_bytes(path)?;
    progress.stage("auditing");
    let a = countback_event::audit_results_under(&bytes, &raw_options(&args.options))
        .map_err(bad(path))?;
    progress.stage("writing");
    let half = crate::cli::half_for(args.output.half, Some(a.convention));
    let written = to_stdout(|out| crate::session::audit(out, &a, args.output.format(), half));
    progress.done();
    written?;
    Ok(Exit::Success)
}

fn audit_trf(args: &AuditArgs) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let mut options = RawOptions::default();
    for (k, v) in [
        ("edition", args.edition.as_ref().map(|e| format!("{e:?}"))),
        (
            "tiebreaks",
            args.tiebreaks.as_ref().map(|t| format!("{t:?}")),
        ),
        (
            "vega_forfeit_loss",
            args.vega_forfeit_loss.then(|| "true".to_owned()),
        ),
    ] {
        if let Some(v) = v {
            options.set_from_text(k, &v);
        }
    }
    let fide: FideOptions = options
        .read(
            "fide",
            &countback_event::FieldPath::key("--option"),
            &mut Vec::new(),
        )
        .map_err(bad(path))?;
    let (text, progress) = read(path)?;
    progress.stage("auditing");
    let (audit, warnings) = countback_event::audit_trf(&text, &fide).map_err(bad(path))?;
    progress.stage("writing");
    let format = args.output.format();
    let written = to_stdout(|out| crate::trf_audit::write(out, &audit, format));
    progress.done();
    warn(path, &warnings);
    written?;
    Ok(if audit.is_clean() {
        Exit::Success
    } else {
        Exit::ChecksFailed
    })
}
