//! Rendering one [`Answer`] of the event library: the command line and the
//! results page both call [`write()`], so a file gives the same document in
//! either, format by format.

use std::io::{self, Write};

use countback_event::{Answer, Warning};

use crate::cli::{Boards, CsvTable, Format, HalfDisplay};
use crate::error::Exit;

/// How an answer is shown: what the reader chose beside the job.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Shown {
    /// The output format.
    pub format: Format,
    /// The half rule asked for (`None`: as the convention prints, else to
    /// even).
    pub half: Option<HalfDisplay>,
    /// Every decision in words (`explain`), or the standings only.
    pub explain: bool,
    /// Which boards of a pairs session get a table (`None`: all, none in
    /// CSV).
    pub boards: Option<Boards>,
    /// The table CSV writes (`None`: the standings, or the boards'
    /// lines when `boards` names some).
    pub table: Option<CsvTable>,
}

/// The one tie a reader asks about.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Focus {
    /// The tie of whoever finished at this place (from 1).
    Place(usize),
    /// The tie of this contestant, by id or by the name the standings print.
    Contestant(String),
}

/// `r` with its trace cut to the one tie `focus` names, or why not.
///
/// # Errors
/// A place beyond the standings, or a contestant the ranking does not
/// have, named with what there is.
pub fn focused(
    r: &countback_event::Ranking,
    focus: &Focus,
) -> Result<countback_event::Ranking, String> {
    let who = match focus {
        Focus::Place(n) => r.outcome.at_place(*n).cloned().ok_or_else(|| {
            format!(
                "there is no place {n}: the standings have {} places",
                r.outcome
                    .order
                    .iter()
                    .map(|g| g.members.len())
                    .sum::<usize>()
            )
        })?,
        Focus::Contestant(name) => r
            .outcome
            .order
            .iter()
            .flat_map(|g| g.members.iter())
            .find(|c| c.as_str() == name || r.names.get(*c).is_some_and(|n| n == name))
            .cloned()
            .ok_or_else(|| format!("{name:?} is not among the contestants ranked"))?,
    };
    let mut one = r.clone();
    one.outcome.trace = r.outcome.trace_of_tie(&who).into_iter().cloned().collect();
    Ok(one)
}

impl Shown {
    /// The boards asked for, else every board's traveller (a session is
    /// published with them), none in CSV (whose one table is then the
    /// standings). The same for an event file's pairs session and a results
    /// file (issue 40: a results file showed none unless asked).
    #[must_use]
    pub fn boards_or_default(&self) -> Boards {
        match (self.format, self.table) {
            // The table asked for decides what CSV writes.
            (Format::Csv, Some(CsvTable::Standings)) => Boards::None,
            (Format::Csv, Some(CsvTable::Boards | CsvTable::Hands | CsvTable::Scorecards)) => {
                self.boards.clone().unwrap_or(Boards::All)
            }
            _ => self.boards.clone().unwrap_or(match self.format {
                Format::Csv => Boards::None,
                _ => Boards::All,
            }),
        }
    }

    /// The one CSV table a pairs session's hand records or scorecards
    /// are: `None` for every other table and format.
    #[must_use]
    pub fn club_table(&self) -> Option<CsvTable> {
        self.table.filter(|t| {
            self.format == Format::Csv && matches!(t, CsvTable::Hands | CsvTable::Scorecards)
        })
    }
}

/// The library's warnings as the last of an HTML document's notes for
/// the scorer: a file opened in a browser has no terminal to show them,
/// and a reading of the file is never silent (issue 42: the encoding a
/// TRF was read in, its points column's disagreements).
fn with_warnings(mut doc: crate::doc::Doc, warnings: &[Warning]) -> crate::doc::Doc {
    if !warnings.is_empty() {
        doc.notes
            .push(crate::doc::Block::Para("Warnings:".to_owned()));
        doc.notes.push(crate::doc::Block::List(
            warnings.iter().map(ToString::to_string).collect(),
        ));
    }
    doc
}

/// Write `answer` as `shown` says.
pub fn write(out: &mut dyn Write, answer: &Answer, shown: &Shown) -> io::Result<()> {
    let half_for = |c| crate::cli::half_for(shown.half, c);
    // A ranking's or a TRF audit's HTML carries its warnings as notes.
    if shown.format == Format::Html
        && matches!(
            answer,
            Answer::Ranked(_) | Answer::TrfAudited { .. } | Answer::TeamAudited { .. }
        )
    {
        if let Some(doc) = doc(answer, shown) {
            return crate::doc::write_doc(out, &doc, crate::doc::DocFormat::Html);
        }
    }
    match answer {
        Answer::Ranked(r) => {
            crate::standings::write(out, r, shown.format, half_for(None), shown.explain)
        }
        Answer::Scored { .. } if shown.club_table().is_some() => Err(io::Error::other(
            "an event file holds no hand records or contracts: --table hands and scorecards are a results file's",
        )),
        Answer::Scored { .. } => match session(answer, shown) {
            Some(s) => s.write(out, shown.format),
            None => Ok(()),
        },
        Answer::Rescored(r) => match shown.club_table() {
            Some(table) => crate::club::csv(
                out,
                r,
                table,
                half_for(Some(r.rescore.convention)),
                &shown.boards_or_default(),
            ),
            None => crate::session::rescored(
                out,
                r,
                shown.format,
                half_for(Some(r.rescore.convention)),
                &shown.boards_or_default(),
            ),
        },
        Answer::Audited(a) => {
            crate::session::audit(out, a, shown.format, half_for(Some(a.audit.convention)))
        }
        Answer::TrfAudited {
            audit,
            edition,
            warnings,
        } => crate::trf_audit::write(
            out,
            audit,
            *edition,
            (shown.format, half_for(None)),
            warnings,
        ),
        // JSON whatever the format: a schema is JSON.
        Answer::Schema(schema) => {
            serde_json::to_writer_pretty(&mut *out, schema).map_err(io::Error::other)?;
            out.write_all(b"\n")
        }
        Answer::TeamAudited { audit, warnings } => {
            crate::trf_audit::write_teams(out, audit, shown.format, warnings)
        }
        Answer::Vp(v) => crate::vp::write(out, v, shown.format),
        Answer::Combined(c) => crate::session::write_combined(
            out,
            c,
            shown.format,
            shown.half.unwrap_or(HalfDisplay::Even),
        ),
    }
}

/// What a renderer says when asked for a TRF write-back of an answer that
/// is not a TRF ranking (the command line writes it from the file).
pub(crate) fn not_trf() -> io::Error {
    io::Error::other("a TRF file is written back by `countback rank FILE.trf --format trf`")
}

/// What a renderer says when asked for USEBIO here: the event library
/// writes it from the answer (`countback_event::usebio`), which the front
/// ends call before this renderer.
pub(crate) fn not_usebio() -> io::Error {
    io::Error::other("USEBIO is written by `countback score` of a pairs results file")
}

/// `answer` as a document — what the HTML format shows (a ranking's and a
/// TRF audit's warnings among its notes; text leaves them to the terminal),
/// and the text format of every
/// answer but a TRF audit (a list of sentences). The page shows its body
/// ([`crate::doc::write_html_body`]) under its own head, with
/// [`crate::doc::STYLE`].
#[must_use]
pub fn doc(answer: &Answer, shown: &Shown) -> Option<crate::doc::Doc> {
    doc_with(answer, shown, with_warnings)
}

/// [`doc`] as the page shows it: the page tells the warnings in a box of
/// its own above the document, each kind once with its count, so the
/// document's notes do not say them again.
#[must_use]
pub fn page_doc(answer: &Answer, shown: &Shown) -> Option<crate::doc::Doc> {
    doc_with(answer, shown, |doc, _| doc)
}

fn doc_with(
    answer: &Answer,
    shown: &Shown,
    with_warnings: fn(crate::doc::Doc, &[Warning]) -> crate::doc::Doc,
) -> Option<crate::doc::Doc> {
    let half_for = |c| crate::cli::half_for(shown.half, c);
    match answer {
        Answer::Ranked(r) => Some(with_warnings(
            crate::standings::doc(r, half_for(None), shown.explain),
            &r.warnings,
        )),
        Answer::Scored { .. } => session(answer, shown).map(|s| s.doc()),
        Answer::Rescored(r) => Some(crate::session::rescored_doc(
            r,
            half_for(Some(r.rescore.convention)),
            &shown.boards_or_default(),
        )),
        Answer::Audited(a) => Some(crate::session::audit_doc(
            a,
            half_for(Some(a.audit.convention)),
        )),
        Answer::TrfAudited {
            audit,
            edition,
            warnings,
        } => Some(with_warnings(
            crate::trf_audit::doc(audit, *edition, half_for(None)),
            warnings,
        )),
        Answer::Combined(c) => Some(crate::session::combined_doc(
            c,
            shown.half.unwrap_or(HalfDisplay::Even),
        )),
        Answer::Vp(v) => Some(crate::vp::doc(v)),
        Answer::TeamAudited { audit, warnings } => {
            Some(with_warnings(crate::trf_audit::team_doc(audit), warnings))
        }
        Answer::Schema(_) => None,
    }
}

/// A scored session as `shown` asks for it.
fn session<'a>(answer: &'a Answer, shown: &Shown) -> Option<crate::session::SessionOutput<'a>> {
    let Answer::Scored { scored, names } = answer else {
        return None;
    };
    Some(crate::session::SessionOutput {
        scored,
        names,
        boards: shown.boards_or_default(),
        half: crate::cli::half_for(shown.half, scored.options.convention),
    })
}

/// What a scorer should look at before publishing.
#[must_use]
pub fn warnings(answer: &Answer) -> &[Warning] {
    match answer {
        Answer::Ranked(r) => &r.warnings,
        Answer::TrfAudited { warnings, .. } | Answer::TeamAudited { warnings, .. } => warnings,
        Answer::Scored { scored, .. } => &scored.warnings,
        Answer::Rescored(_)
        | Answer::Audited(_)
        | Answer::Combined(_)
        | Answer::Vp(_)
        | Answer::Schema(_) => &[],
    }
}

/// The exit status of an answer: a tie a human must settle, or an audit
/// that found something (a TRF's ranks or points; a results file's figure
/// that no rule of its convention explains), is not a plain success, so a
/// script can trust the exit code (docs/cli.md, "Exit codes").
#[must_use]
pub fn exit(answer: &Answer) -> Exit {
    match answer {
        Answer::Ranked(r) if r.needs_human() => Exit::PlayOffRequired,
        Answer::Audited(a) if a.audit.counts().unexplained > 0 => Exit::ChecksFailed,
        Answer::Combined(c) if c.needs_human() => Exit::PlayOffRequired,
        Answer::TrfAudited { audit, .. } if !audit.is_clean() => Exit::ChecksFailed,
        Answer::TeamAudited { audit, .. } if !audit.findings.is_clean() => Exit::ChecksFailed,
        _ => Exit::Success,
    }
}
