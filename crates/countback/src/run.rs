//! Carrying out a parsed command line: read the file, call the event
//! library, render. No rule logic lives here.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use event::options::FideOptions;
use event::{Event, EventError, Notation, Procedure, RankRequest, Ranking, RawOptions, Source};
use model::{ContestantId, Score, TieBreakOutcome};
use serde_json::{json, Value as Json};

use crate::cli::{AuditArgs, Cli, Command, FileArgs, RankArgs};
use crate::error::{CliError, Exit};
use crate::render;

/// The kinds of file `countback` reads, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Event(Notation),
    Results,
    Trf,
}

fn kind_of(path: &Path) -> Result<Kind, CliError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "toml" => Ok(Kind::Event(Notation::Toml)),
        "json" => Ok(Kind::Event(Notation::Json)),
        "xml" => Ok(Kind::Results),
        "trf" | "txt" => Ok(Kind::Trf),
        _ => Err(wrong(
            path,
            "unknown file type: expected .toml or .json (event file), .xml (USEBIO / NZ Scorer) or .trf (FIDE)",
        )),
    }
}

fn wrong(path: &Path, message: &str) -> CliError {
    CliError::WrongFile {
        path: path.to_owned(),
        message: message.to_owned(),
    }
}

fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|source| CliError::Io {
        path: path.to_owned(),
        source,
    })
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
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::Output(e)),
    }
}

fn warn(path: &Path, warnings: &[event::Warning]) {
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
            let sum =
                replay::report_folder(&args.examples, args.json, &mut out, &mut std::io::stderr())
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
            let text = serde_json::to_string_pretty(&event::schema()).unwrap_or_default();
            emit(&format!("{text}\n"))?;
            Ok(Exit::Success)
        }
        Command::Score(args) => score(args),
        Command::Rank(args) => rank(args, false),
        Command::Explain(args) => rank(args, true),
        Command::Audit(args) => audit(args),
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
    let text = read(path)?;
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
                .read("fide", &event::FieldPath::key("--option"), &mut Vec::new())
                .map_err(bad(path))?;
            event::rank_trf(&text, &fide).map_err(bad(path))?
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
    warn(path, &ranked.warnings);
    if args.json {
        emit(&format!("{}\n", ranked_json(&ranked)))?;
    } else {
        emit(&ranked_text(&ranked, explain))?;
    }
    Ok(if ranked.needs_human() {
        Exit::PlayOffRequired
    } else {
        Exit::Success
    })
}

fn ranked_text(r: &Ranking, explain: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} — ranked by {}\n", r.event, r.procedure);
    let name = |c: &ContestantId| r.names.get(c).cloned().unwrap_or_else(|| c.to_string());
    let rated = !r.ratings.is_empty();
    let _ = write!(out, "{:>5}  {:<24} ", "place", "contestant");
    if rated {
        let _ = write!(out, "{:>6} ", "rating");
    }
    let _ = writeln!(out, "{}", r.unit);
    let mut place = 1usize;
    for g in &r.outcome.order {
        let label = if g.members.len() > 1 {
            format!("{place}=")
        } else {
            place.to_string()
        };
        for m in &g.members {
            let s = r.primary.get(m).map(render::show_score).unwrap_or_default();
            let _ = write!(out, "{label:>5}  {:<24} ", name(m));
            if rated {
                let rating = r.ratings.get(m).map(u32::to_string).unwrap_or_default();
                let _ = write!(out, "{rating:>6} ");
            }
            let _ = writeln!(out, "{s}");
        }
        if let Some(u) = &g.unresolved {
            let _ = writeln!(out, "       ↳ {}", render::unresolved(u));
        }
        place += g.members.len();
    }
    let ties = render::sentences(&r.outcome, &r.primary, &name);
    if !ties.is_empty() {
        let _ = writeln!(out, "\nTies broken:");
        for s in ties {
            let _ = writeln!(out, "  {s}");
        }
    }
    if explain {
        let _ = writeln!(out, "\nDecision trace:");
        out.push_str(&render::trace(&r.outcome));
    }
    out
}

fn exact_and_display(s: &Score) -> Json {
    json!({ "exact": s.to_string(), "display": render::show_score(s) })
}

fn outcome_json(
    o: &TieBreakOutcome,
    primary: &BTreeMap<ContestantId, Score>,
    ratings: &BTreeMap<ContestantId, u32>,
) -> (Json, Json) {
    let mut place = 1usize;
    let standings: Vec<Json> = o
        .order
        .iter()
        .map(|g| {
            let members: Vec<Json> = g
                .members
                .iter()
                .map(|m| {
                    let mut v = serde_json::Map::new();
                    v.insert("contestant".into(), json!(m.as_str()));
                    if let Some(s) = primary.get(m) {
                        v.insert("score".into(), exact_and_display(s));
                    }
                    if let Some(r) = ratings.get(m) {
                        v.insert("rating".into(), json!(r));
                    }
                    Json::Object(v)
                })
                .collect();
            let entry = json!({
                "place": place,
                "members": members,
                "unresolved": g.unresolved,
            });
            place += g.members.len();
            entry
        })
        .collect();
    let decisions: Vec<Json> = o
        .trace
        .iter()
        .map(|d| {
            json!({
                "clause": d.clause.to_string(),
                "test": d.test,
                "among": d.among,
                "values": d.values.iter().map(|(c, v)| json!({
                    "contestant": c.as_str(),
                    "exact": v.to_string(),
                    "display": render::show(v),
                })).collect::<Vec<_>>(),
                "result": d.result,
                "separated": d.separated(),
                "note": d.note,
            })
        })
        .collect();
    (Json::Array(standings), Json::Array(decisions))
}

fn warnings_json(warnings: &[event::Warning]) -> Json {
    Json::Array(
        warnings
            .iter()
            .map(|w| {
                json!({
                    "field": w.field.as_ref().map(ToString::to_string),
                    "line": w.at.map(|a| a.line),
                    "message": w.message,
                })
            })
            .collect(),
    )
}

fn ranked_json(r: &Ranking) -> String {
    let (standings, decisions) = outcome_json(&r.outcome, &r.primary, &r.ratings);
    let v = json!({
        "event": r.event,
        "procedure": r.procedure.name(),
        "unit": r.unit,
        "standings": standings,
        "decisions": decisions,
        "needs_play_off": r.needs_human(),
        "warnings": warnings_json(&r.warnings),
    });
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

fn score(args: &FileArgs) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let kind = kind_of(path)?;
    let text = read(path)?;
    let notation = match kind {
        Kind::Event(n) => n,
        Kind::Results => {
            if !args.options.is_empty() {
                return Err(wrong(
                    path,
                    "--option sets an event file's scoring; a results file is rescored as its program scored it",
                ));
            }
            let r = event::rescore_results(&text).map_err(bad(path))?;
            emit(&format!("{}\n", crate::session::rescored(&r, args.json)))?;
            return Ok(Exit::Success);
        }
        Kind::Trf => {
            return Err(wrong(
                path,
                "a TRF file is a chess event: use `countback rank`",
            ))
        }
    };
    let event = Event::parse(Source::new(text, notation)).map_err(bad(path))?;
    let scored = event
        .score(&raw_options(&args.options))
        .map_err(bad(path))?;
    if args.json {
        emit(&format!(
            "{}\n",
            crate::session::to_json(&scored.event, &scored)
        ))?;
    } else {
        emit(&crate::session::to_text(&scored.event, &scored))?;
    }
    Ok(Exit::Success)
}

fn audit(args: &AuditArgs) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    if kind_of(path)? != Kind::Results {
        return Err(wrong(
            path,
            "audit reads a USEBIO or NZ Scorer results file (.xml)",
        ));
    }
    let text = read(path)?;
    let a = event::audit_results(&text).map_err(bad(path))?;
    let report = crate::session::audit(&a);
    if args.json {
        emit(&format!("{}\n", report.json))?;
    } else {
        emit(&report.text)?;
    }
    Ok(Exit::Success)
}
