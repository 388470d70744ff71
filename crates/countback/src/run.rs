//! Carrying out a parsed command line.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use model::{ContestantId, Score, TieBreakOutcome};
use serde_json::{json, Value as Json};

use crate::cli::{Cli, Command, FileArgs, Procedure, RankArgs};
use crate::error::{CliError, Exit};
use crate::format::EventFile;
use crate::load::{self, Format};
use crate::procedures::{self, Ranked};
use crate::render;

/// Run the command; `Ok` carries the exit status for decided or
/// play-off-bound outcomes.
pub fn run(cli: &Cli) -> Result<Exit, CliError> {
    match &cli.command {
        Command::Replay(args) => {
            let sum = replay::report_folder(
                &args.examples,
                args.json,
                &mut std::io::stdout(),
                &mut std::io::stderr(),
            )
            .map_err(|source| CliError::Io {
                path: args.examples.clone(),
                source,
            })?;
            if sum.wrong > 0 {
                return Err(CliError::Replay(format!("replay: {sum}")));
            }
            Ok(Exit::Success)
        }
        Command::Schema => {
            let schema = schemars::schema_for!(EventFile);
            let text = serde_json::to_string_pretty(&schema).unwrap_or_default();
            println!("{text}");
            Ok(Exit::Success)
        }
        Command::Score(args) => score(args),
        Command::Rank(args) => rank(args, false),
        Command::Explain(args) => rank(args, true),
        Command::Audit(args) => audit(args),
    }
}

fn bad(path: &Path, message: impl Into<String>) -> CliError {
    CliError::BadInput {
        path: path.to_owned(),
        message: message.into(),
    }
}

/// A problem found after parsing: add the line where the field is written.
fn bad_at(path: &Path, text: &str, message: String) -> CliError {
    let field = message.split(':').next().unwrap_or_default();
    match load::toml_line_of(text, field) {
        Some(line) => bad(path, format!("line {line}, {message}")),
        None => bad(path, message),
    }
}

fn event_file(path: &Path, format: Format, text: &str) -> Result<EventFile, CliError> {
    load::event_file(path, text, format)
}

fn rank(args: &RankArgs, explain: bool) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let format = load::format_of(path)?;
    let text = load::read(path)?;
    let (name, procedure, ranked) = match format {
        Format::Trf => {
            if args.procedure.is_some_and(|p| p != Procedure::Fide) {
                return Err(bad(path, "a TRF file is ranked by the FIDE procedure"));
            }
            let ranked = procedures::fide(&text, None).map_err(|m| bad(path, m))?;
            (path.display().to_string(), Procedure::Fide, ranked)
        }
        Format::Usebio => {
            return Err(bad(
                path,
                "a USEBIO file is a scored session: use `countback score` or `countback audit`",
            ))
        }
        Format::Toml | Format::Json => {
            let event = event_file(path, format, &text)?;
            let procedure = args.procedure.or(event.event.procedure).ok_or_else(|| {
                bad(
                    path,
                    "no procedure: give --procedure or set event.procedure in the file",
                )
            })?;
            let ranked = if procedure == Procedure::Fide {
                return Err(bad(path, "the FIDE procedure reads a TRF file (.trf)"));
            } else {
                procedures::rank(procedure, &event).map_err(|m| bad_at(path, &text, m))?
            };
            let name = match &event.event.stage {
                Some(stage) => format!("{}, {stage}", event.event.name),
                None => event.event.name.clone(),
            };
            (name, procedure, ranked)
        }
    };
    if args.json {
        println!("{}", ranked_json(&name, procedure, &ranked));
    } else {
        print!("{}", ranked_text(&name, procedure, &ranked, explain));
    }
    Ok(if render::needs_play_off(&ranked.outcome) {
        Exit::PlayOffRequired
    } else {
        Exit::Success
    })
}

fn procedure_name(p: Procedure) -> String {
    serde_json::to_value(p)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn ranked_text(name: &str, procedure: Procedure, r: &Ranked, explain: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{name} — ranked by {}\n", procedure_name(procedure));
    let name = |c: &ContestantId| r.names.get(c).cloned().unwrap_or_else(|| c.to_string());
    let _ = writeln!(out, "{:>5}  {:<24} {}", "place", "contestant", r.unit);
    let mut place = 1usize;
    for g in &r.outcome.order {
        let label = if g.members.len() > 1 {
            format!("{place}=")
        } else {
            place.to_string()
        };
        for m in &g.members {
            let s = r.primary.get(m).map(render::show_score).unwrap_or_default();
            let _ = writeln!(out, "{label:>5}  {:<24} {s}", name(m));
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

fn outcome_json(o: &TieBreakOutcome, primary: &BTreeMap<ContestantId, Score>) -> (Json, Json) {
    let mut place = 1usize;
    let standings: Vec<Json> = o
        .order
        .iter()
        .map(|g| {
            let members: Vec<Json> = g
                .members
                .iter()
                .map(|m| match primary.get(m) {
                    Some(s) => json!({ "contestant": m.as_str(), "score": exact_and_display(s) }),
                    None => json!({ "contestant": m.as_str() }),
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

fn ranked_json(name: &str, procedure: Procedure, r: &Ranked) -> String {
    let (standings, decisions) = outcome_json(&r.outcome, &r.primary);
    let v = json!({
        "event": name,
        "procedure": procedure_name(procedure),
        "unit": r.unit,
        "standings": standings,
        "decisions": decisions,
        "needs_play_off": render::needs_play_off(&r.outcome),
    });
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

fn score(args: &FileArgs) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let format = load::format_of(path)?;
    let text = load::read(path)?;
    let event = match format {
        Format::Toml | Format::Json => event_file(path, format, &text)?,
        Format::Usebio => {
            let out = crate::session::rescore_file(&text, args.json).map_err(|m| bad(path, m))?;
            println!("{out}");
            return Ok(Exit::Success);
        }
        Format::Trf => {
            return Err(bad(
                path,
                "a TRF file is a chess event: use `countback rank`",
            ))
        }
    };
    let scored = crate::session::score(&event).map_err(|m| bad_at(path, &text, m))?;
    if args.json {
        println!("{}", crate::session::to_json(&event.event.name, &scored));
    } else {
        print!("{}", crate::session::to_text(&event.event.name, &scored));
    }
    Ok(Exit::Success)
}

fn audit(args: &FileArgs) -> Result<Exit, CliError> {
    let path = args.file.as_path();
    let text = load::read(path)?;
    let report = crate::session::audit(&text).map_err(|m| bad(path, m))?;
    if args.json {
        println!("{}", report.json);
    } else {
        print!("{}", report.text);
    }
    Ok(Exit::Success)
}
