//! One answer for every front end: a file's bytes, its kind, the job and
//! the typed request in; the answer (data, never text) out. The command
//! line and the results page both call [`answer`], so which job a kind of
//! file allows, which reader reads it and which options apply are decided
//! here once.

use std::collections::BTreeMap;

use countback_model::ContestantId;

use crate::error::FieldPath;
use crate::options::{FideOptions, RawOptions};
use crate::{
    Event, EventError, Notation, Procedure, RankRequest, Ranking, Scored, Source, Warning,
};

/// The kinds of file the event library reads.
///
/// Not `#[non_exhaustive]`, on purpose, like [`Job`], [`Answer`] and
/// [`Refusal`]: a front end matches them whole, so a new kind, answer or
/// refusal is a compile error in every front end until it says what to do
/// with it (a wildcard would show nothing, silently).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums)] // Closed: front ends match it whole (ARCHITECTURE).
pub enum FileKind {
    /// An event file (our format), TOML or JSON.
    Event(Notation),
    /// A results file another program wrote: USEBIO, NZ Scorer, PBN or a
    /// Bridgemate `.bws` (binary: an Access database), told apart by its
    /// content.
    Results,
    /// A FIDE TRF tournament file.
    Trf,
}

impl FileKind {
    /// The kind of a file by its extension (any case), from the table of
    /// file kinds ([`crate::kinds::FORMATS`]). A front end that has the
    /// file's bytes asks [`crate::kinds::recognise`] instead, which reads
    /// the content first.
    #[must_use]
    pub fn by_extension(ext: &str) -> Option<FileKind> {
        crate::kinds::by_extension(ext).map(|f| f.kind)
    }

    /// The options group a job on this kind of file reads (the procedure's
    /// name, or `scoring`), where the kind decides it: a results file reads
    /// the scoring options (its convention), a TRF file the FIDE options.
    /// An event file's group is its procedure's, or `scoring` when scored.
    #[must_use]
    pub fn options_group(self) -> Option<&'static str> {
        match self {
            FileKind::Event(_) => None,
            FileKind::Results => Some("scoring"),
            FileKind::Trf => Some(Procedure::Fide.name()),
        }
    }

    /// Whether `job` can be done on this kind of file; checked before the
    /// file is read.
    pub fn allows(self, job: Job) -> Result<(), Refusal> {
        let allowed = match (self, job) {
            (FileKind::Event(_), Job::Audit) | (FileKind::Trf, Job::Score) => false,
            (FileKind::Event(_) | FileKind::Results | FileKind::Trf, _) => true,
        };
        if allowed {
            Ok(())
        } else {
            Err(Refusal::WrongJob { kind: self, job })
        }
    }
}

/// What is asked of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(clippy::exhaustive_enums)] // Closed: front ends match it whole (ARCHITECTURE).
pub enum Job {
    /// What the file is for: an event file with boards and no procedure is
    /// scored, any other ranked; a results file rescored; a TRF ranked.
    #[default]
    Auto,
    /// Standings by a tie-break procedure.
    Rank,
    /// A pairs session scored, or a results file rescored.
    Score,
    /// A results or TRF file's stored figures checked.
    Audit,
}

/// Options set for this run, each replacing the file's of the same name.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::exhaustive_enums)] // Closed: front ends match it whole (ARCHITECTURE).
pub enum Options {
    /// For whatever applies: the procedure's, the scoring options, a
    /// results file's convention or a TRF file's FIDE options (the command
    /// line's `-o`).
    Any(RawOptions),
    /// Each set for one group, by its name (a procedure's name, or
    /// `scoring`), as a form's `GROUP.OPTION` fields are: a group that does
    /// not apply is refused ([`Refusal::UnusedOptions`]).
    ByGroup(BTreeMap<String, RawOptions>),
}

impl Default for Options {
    fn default() -> Options {
        Options::Any(RawOptions::default())
    }
}

impl Options {
    /// The options for `applies` (the group that applies, if any).
    fn for_group(&self, kind: FileKind, applies: Option<&str>) -> Result<RawOptions, Refusal> {
        match self {
            Options::Any(raw) => Ok(raw.clone()),
            Options::ByGroup(groups) => {
                let mut mine = RawOptions::default();
                for (group, raw) in groups {
                    if applies == Some(group.as_str()) {
                        mine = raw.clone();
                    } else {
                        return Err(Refusal::UnusedOptions {
                            set: group.clone(),
                            kind,
                            applies: applies.map(str::to_owned),
                        });
                    }
                }
                Ok(mine)
            }
        }
    }
}

/// The typed request: the job, the procedure (else the file's) and the
/// options set for this run.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Request {
    /// The job.
    pub job: Job,
    /// The procedure; `None` takes the file's.
    pub procedure: Option<Procedure>,
    /// Options for this run.
    pub options: Options,
    /// Draw the ties the rules send to lots (FIDE C.07) or to a random
    /// ballot (EBU 143.7.1(e)) from this seed
    /// ([`countback_tiebreak_fide::lots`]: the trace states the seed, the
    /// algorithm and the order drawn). `None`: such ties are left for the
    /// arbiter (exit 3).
    pub draw_lots: Option<u64>,
}

impl Request {
    /// `job`, by the file's procedure and options.
    #[must_use]
    pub fn new(job: Job) -> Request {
        Request {
            job,
            ..Request::default()
        }
    }
}

/// The answer to a request, as data for a front end to render.
#[derive(Debug, Clone)]
#[allow(clippy::exhaustive_enums)] // Closed: front ends match it whole (ARCHITECTURE).
pub enum Answer {
    /// Standings by a procedure (an event file or a TRF file).
    Ranked(Ranking),
    /// A pairs session scored, with the names the file gives.
    Scored {
        /// The session.
        scored: Box<Scored>,
        /// Names for people, by contestant.
        names: BTreeMap<ContestantId, String>,
    },
    /// A results file rescored, with the session read.
    Rescored(Box<crate::results::Rescored>),
    /// A results file audited, with the session read.
    Audited(Box<crate::results::Audited>),
    /// A TRF team file's `310` ranks and points checked.
    TeamAudited {
        /// The findings.
        audit: crate::trf_team::TeamAudit,
        /// What a scorer should look at.
        warnings: Vec<Warning>,
    },
    /// Several sessions of one event combined by the event's rule
    /// ([`answer_sessions`]).
    Combined(Box<crate::sessions::Combined>),
    /// IMP margins converted to VPs on a named scale, or its whole table
    /// ([`answer_vp`]).
    Vp(Box<VpAnswer>),
    /// The JSON Schema of the event file format ([`answer_schema`]).
    Schema(Box<serde_json::Value>),
    /// A TRF file's declared ranks and points checked.
    TrfAudited {
        /// The findings.
        audit: crate::trf::Audit,
        /// What a scorer should look at.
        warnings: Vec<Warning>,
        /// The text of FIDE C.07 applied.
        edition: crate::trf::Edition,
    },
}

/// Why a request was not answered.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::exhaustive_enums)] // Closed: front ends match it whole (ARCHITECTURE).
pub enum Refusal {
    /// The job is not one this kind of file allows (each front end says
    /// what to do instead in its own words).
    WrongJob {
        /// The kind of file.
        kind: FileKind,
        /// The job asked.
        job: Job,
    },
    /// A procedure was asked where none applies: a pairs session is
    /// scored by its scoring options, a results file as its convention
    /// scores it.
    NoProcedure {
        /// The kind of file.
        kind: FileKind,
        /// The procedure asked.
        procedure: Procedure,
    },
    /// A procedure other than FIDE's was asked of a TRF file.
    NotFide {
        /// The procedure asked.
        procedure: Procedure,
    },
    /// Options were set for a group that does not apply.
    UnusedOptions {
        /// The group they were set for.
        set: String,
        /// The kind of file.
        kind: FileKind,
        /// The group that applies: `scoring`, or the procedure's name
        /// (`None`: an event file that names no procedure).
        applies: Option<String>,
    },
    /// The text is not UTF-8.
    NotUtf8 {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// The first byte that is not UTF-8.
        byte: u8,
    },
    /// The file, or an option, is wrong: located.
    Event(EventError),
    /// One session of several is wrong ([`answer_sessions`]): which (from
    /// 0), and what.
    InSession {
        /// The session, by its place in the list (from 0).
        session: usize,
        /// What is wrong, located in that session's file.
        error: EventError,
    },
}

impl From<EventError> for Refusal {
    fn from(e: EventError) -> Refusal {
        Refusal::Event(e)
    }
}

fn text(bytes: &[u8]) -> Result<&str, Refusal> {
    std::str::from_utf8(bytes).map_err(|e| {
        let (line, column, byte) = not_utf8_at(bytes, e.valid_up_to());
        Refusal::NotUtf8 { line, column, byte }
    })
}

/// The line and column (from 1) of the first byte that is not UTF-8, at
/// offset `good`, and the byte.
fn not_utf8_at(bytes: &[u8], good: usize) -> (usize, usize, u8) {
    let (line, column) = countback_model::error::line_column(bytes, good);
    (line, column, bytes.get(good).copied().unwrap_or(0))
}

/// A file's bytes as the caller gives them: lent, or given up.
enum Input<'a> {
    Lent(&'a [u8]),
    Given(Vec<u8>),
}

impl Input<'_> {
    fn bytes(&self) -> &[u8] {
        match self {
            Input::Lent(b) => b,
            Input::Given(b) => b,
        }
    }

    /// The text of an event file: moved, not copied, when the bytes were
    /// given up.
    fn into_text(self) -> Result<String, Refusal> {
        match self {
            Input::Lent(b) => text(b).map(str::to_owned),
            Input::Given(b) => String::from_utf8(b).map_err(|e| {
                let good = e.utf8_error().valid_up_to();
                let (line, column, byte) = not_utf8_at(e.as_bytes(), good);
                Refusal::NotUtf8 { line, column, byte }
            }),
        }
    }
}

/// Answer `request` on a file of `kind` given as `bytes`.
pub fn answer(bytes: &[u8], kind: FileKind, request: &Request) -> Result<Answer, Refusal> {
    drawn(answer_undrawn(Input::Lent(bytes), kind, request)?, request)
}

/// [`answer`] on bytes the caller gives up: an event file's text is then
/// held once, by the event read from it, not beside the caller's copy
/// (issue 43: a session of 1,000,000 results, 45 MB of JSON, was held
/// twice while it was scored).
pub fn answer_owned(bytes: Vec<u8>, kind: FileKind, request: &Request) -> Result<Answer, Refusal> {
    drawn(answer_undrawn(Input::Given(bytes), kind, request)?, request)
}

/// `answer` with its ties sent to lots where the request draws them.
fn drawn(mut answer: Answer, request: &Request) -> Result<Answer, Refusal> {
    if let Some(seed) = request.draw_lots {
        let Answer::Ranked(ranking) = &mut answer else {
            return Err(Refusal::Event(EventError::new(crate::Problem::bad_option(
                "draw_lots",
                "lots are drawn in a ranking, not when scoring or auditing",
            ))));
        };
        // The same draw under each rule book's word (its registry entry's).
        let what = ranking.procedure.entry().draw;
        ranking.outcome = countback_model::lots::draw(&ranking.outcome, seed, what);
    }
    Ok(answer)
}

/// IMPs to VPs, asked: a scale, the boards of the match, the margins to
/// convert (none: the whole table) and what a fractional margin becomes.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct VpRequest {
    /// The scale.
    pub scale: countback_vp::VpScale,
    /// Boards in the match.
    pub boards: u32,
    /// The margins (the first team's IMPs less the second's); empty: the
    /// whole table.
    pub margins: Vec<countback_model::Score>,
    /// What a fractional margin becomes.
    pub fractional: countback_vp::FractionalMargin,
}

impl VpRequest {
    /// The whole table of `scale` over `boards` boards (no margin, a
    /// fractional one refused).
    #[must_use]
    pub fn new(scale: countback_vp::VpScale, boards: u32) -> VpRequest {
        VpRequest {
            scale,
            boards,
            margins: Vec::new(),
            fractional: countback_vp::FractionalMargin::Refuse,
        }
    }
}

/// IMPs to VPs, answered: the certified table, and each margin converted
/// (or each band of the table when no margin was given).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct VpAnswer {
    /// The table of the scale over the match's boards.
    pub table: countback_vp::VpTable,
    /// The margins converted, in the order given; empty when none was.
    pub converted: Vec<countback_vp::MarginVp>,
    /// The table's bands, when no margin was given.
    pub bands: Vec<countback_vp::VpBand>,
    /// What a fractional margin became.
    pub fractional: countback_vp::FractionalMargin,
}

/// IMPs to VPs (docs/vp.md) through the one answer: every front end asks
/// here, the command line's `vp` and the page alike.
///
/// # Errors
/// A board count the scale has no table for, a fractional margin refused
/// (or one no rule converts): [`Problem::Vp`](crate::Problem::Vp).
pub fn answer_vp(request: &VpRequest) -> Result<Answer, Refusal> {
    let vp = |e: countback_vp::VpError| Refusal::Event(EventError::new(crate::Problem::Vp(e)));
    let table = request.scale.table(request.boards).map_err(vp)?;
    let (converted, bands) = if request.margins.is_empty() {
        (Vec::new(), table.bands())
    } else {
        (
            table
                .convert_margins(&request.margins, &request.fractional)
                .map_err(vp)?,
            Vec::new(),
        )
    };
    Ok(Answer::Vp(Box::new(VpAnswer {
        table,
        converted,
        bands,
        fractional: request.fractional.clone(),
    })))
}

/// The JSON Schema of the event file format, as an answer: the one call
/// for it, from the command line (`schema`) or any other front end.
#[must_use]
pub fn answer_schema() -> Answer {
    Answer::Schema(Box::new(crate::schema()))
}

/// Answer `request` on several sessions of one event, each a file,
/// combined by `rule` (docs/sessions.md): the one call for a multi-session
/// event, from the command line or the page. The request's job is
/// [`Job::Auto`] or [`Job::Score`]; a procedure, options or lots belong to
/// one session and are refused here.
pub fn answer_sessions(
    files: &[crate::sessions::SessionFile<'_>],
    rule: &crate::sessions::SessionsRule,
    request: &Request,
) -> Result<Answer, Refusal> {
    // A session is what `score` reads: the kinds' own rule says which.
    for f in files {
        f.kind.allows(Job::Score)?;
    }
    if let Some(procedure) = request.procedure {
        return Err(Refusal::NoProcedure {
            kind: files.first().map_or(FileKind::Results, |f| f.kind),
            procedure,
        });
    }
    let no_options = match &request.options {
        Options::Any(raw) => raw.0.is_empty(),
        Options::ByGroup(groups) => groups.values().all(|raw| raw.0.is_empty()),
    };
    if !no_options || request.draw_lots.is_some() || matches!(request.job, Job::Rank | Job::Audit) {
        return Err(Refusal::Event(EventError::new(crate::Problem::not_used(
            "options, a procedure, lots or a job other than scoring",
            "several sessions combined",
            "each belongs to one session: score that session alone",
        ))));
    }
    crate::sessions::combine(files, rule)
        .map(|c| Answer::Combined(Box::new(c)))
        .map_err(|e| match e.session {
            Some(session) => Refusal::InSession {
                session,
                error: e.error,
            },
            None => Refusal::Event(e.error),
        })
}

/// The answer, ties sent to lots or a ballot left as they are.
fn answer_undrawn(input: Input<'_>, kind: FileKind, request: &Request) -> Result<Answer, Refusal> {
    kind.allows(request.job)?;
    let bytes = input.bytes();
    match kind {
        // The event file's text is moved into its event, not copied.
        FileKind::Event(notation) => answer_event(input.into_text()?, notation, kind, request),
        // Ranked when asked, or when a procedure is chosen for what the
        // file is for (the page's default view with a procedure chosen).
        FileKind::Results
            if request.job == Job::Rank
                || (request.job == Job::Auto && request.procedure.is_some()) =>
        {
            // A teams results file is ranked as the event file of its
            // matches would be; a pairs session is not ranked.
            let options = request
                .options
                .for_group(kind, request.procedure.map(Procedure::name))?;
            match crate::results_teams::rank(bytes, request.procedure, &options)? {
                Some(ranked) => Ok(Answer::Ranked(ranked.ranking)),
                None => Err(match request.procedure {
                    Some(procedure) if request.job == Job::Auto => {
                        Refusal::NoProcedure { kind, procedure }
                    }
                    _ => Refusal::WrongJob {
                        kind,
                        job: request.job,
                    },
                }),
            }
        }
        FileKind::Results => {
            if let Some(procedure) = request.procedure {
                return Err(Refusal::NoProcedure { kind, procedure });
            }
            let options = request.options.for_group(kind, kind.options_group())?;
            Ok(match request.job {
                Job::Audit => Answer::Audited(Box::new(crate::results::audit(bytes, &options)?)),
                Job::Auto | Job::Score | Job::Rank => {
                    Answer::Rescored(Box::new(crate::results::rescore(bytes, &options)?))
                }
            })
        }
        FileKind::Trf => {
            if let Some(p) = request.procedure.filter(|p| *p != Procedure::Fide) {
                return Err(Refusal::NotFide { procedure: p });
            }
            let options: FideOptions = request
                .options
                .for_group(kind, kind.options_group())?
                .read("fide", &FieldPath::run(None), &mut Vec::new())?;
            // A TRF is UTF-8, else Windows-1252 (Latin-1): Swiss-Manager,
            // SWAR and the ICU write the Windows code page (docs/fide.md).
            let (text, encoding) = countback_tiebreak_fide::trf::decode(bytes);
            let text = text.as_ref();
            // Never a silent reading: a file not in UTF-8 says which code
            // page its names were read in, first among the notes.
            let said = crate::trf_notes::encoding_note(encoding);
            Ok(match request.job {
                Job::Audit => {
                    let crate::TrfAudit {
                        findings,
                        mut warnings,
                        edition,
                    } = crate::audit_trf(text, &options)?;
                    warnings.splice(0..0, said);
                    match findings {
                        crate::TrfFindings::Players(audit) => Answer::TrfAudited {
                            audit,
                            warnings,
                            edition,
                        },
                        crate::TrfFindings::Teams(audit) => Answer::TeamAudited { audit, warnings },
                    }
                }
                Job::Auto | Job::Rank | Job::Score => {
                    let mut ranking = crate::rank_trf(text, &options)?;
                    ranking.warnings.splice(0..0, said);
                    Answer::Ranked(ranking)
                }
            })
        }
    }
}

/// An event file's answer: scored, or ranked by its procedure.
fn answer_event(
    text: String,
    notation: Notation,
    kind: FileKind,
    request: &Request,
) -> Result<Answer, Refusal> {
    let event = Event::parse(Source::new(text, notation))?;
    let procedure = request.procedure.or(event.file().event.procedure);
    let score = match request.job {
        Job::Score => true,
        Job::Rank | Job::Audit => false,
        Job::Auto => procedure.is_none() && !event.file().boards.is_empty(),
    };
    if score {
        if let Some(procedure) = request.procedure {
            return Err(Refusal::NoProcedure { kind, procedure });
        }
        let options = request.options.for_group(kind, Some("scoring"))?;
        let names = event.names();
        // The event is not needed after: its lines are moved into the
        // session (issue 43).
        let scored = event.score_giving_up(&options)?;
        return Ok(Answer::Scored {
            scored: Box::new(scored),
            names,
        });
    }
    let mut rank = RankRequest::new();
    rank.procedure = request.procedure;
    rank.options = request
        .options
        .for_group(kind, procedure.map(Procedure::name))?;
    Ok(Answer::Ranked(event.rank(&rank)?))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Bytes given up are answered as bytes lent: the same answer for
    /// the shipped examples (a pairs session scored, teams and chess
    /// events ranked), and the same refusal, at the same line, column and
    /// byte, for text that is not UTF-8.
    #[test]
    fn bytes_given_up_are_answered_as_bytes_lent() {
        let request = Request::default();
        for text in [
            include_str!("../../../examples/pairs-fouled-board.toml"),
            include_str!("../../../examples/wbf-swiss-three-way-tie.toml"),
            include_str!("../../../examples/chess-swiss-byes-forfeits.toml"),
        ] {
            let kind = FileKind::Event(Notation::Toml);
            let lent = answer(text.as_bytes(), kind, &request).unwrap();
            let given = answer_owned(text.as_bytes().to_vec(), kind, &request).unwrap();
            assert_eq!(format!("{lent:?}"), format!("{given:?}"));
        }
        let bad = b"[event]\nname = \"caf\xe9\"\n".to_vec();
        let kind = FileKind::Event(Notation::Toml);
        let lent = answer(&bad, kind, &request).unwrap_err();
        let given = answer_owned(bad, kind, &request).unwrap_err();
        assert_eq!(lent, given);
        assert_eq!(
            given,
            Refusal::NotUtf8 {
                line: 2,
                column: 12,
                byte: 0xe9
            }
        );
    }

    /// Issue 43: a pairs session scored for an answer gives its lines up
    /// to the session; what it answers is what the event lent answers, and
    /// a refusal that names a board and a pair, found only once the lines
    /// are given up, is placed at the same line: pair 1 plays board 2
    /// twice, first on its first line (`boards[1].results[0]`, line 3).
    #[test]
    fn a_session_given_up_answers_as_the_event_lent() {
        let request = Request::new(Job::Score);
        let lent = |text: &str, kind| {
            let notation = match kind {
                FileKind::Event(n) => n,
                _ => Notation::Toml,
            };
            let event = Event::parse(Source::new(text, notation)).unwrap();
            event
                .score(&RawOptions::default())
                .map(|scored| Answer::Scored {
                    scored: Box::new(scored),
                    names: event.names(),
                })
        };
        let pairs = include_str!("../../../examples/pairs-fouled-board.toml");
        let kind = FileKind::Event(Notation::Toml);
        assert_eq!(
            format!("{:?}", answer(pairs.as_bytes(), kind, &request).unwrap()),
            format!("{:?}", lent(pairs, kind).unwrap())
        );
        let twice = r#"{"event": {"name": "x"}, "boards": [
            {"board": 1, "results": [{"ns": "1", "ew": "2", "score": 100}, {"ns": "3", "ew": "4", "score": 50}]},
            {"board": 2, "results": [{"ns": "1", "ew": "2", "score": 100}, {"ns": "1", "ew": "4", "score": 50}]}]}"#;
        let kind = FileKind::Event(Notation::Json);
        let Err(Refusal::Event(given)) = answer(twice.as_bytes(), kind, &request) else {
            panic!("refused as an event")
        };
        assert_eq!(given, lent(twice, kind).unwrap_err());
        assert_eq!(
            given.field.as_ref().map(ToString::to_string).as_deref(),
            Some("boards[1].results[0].ns")
        );
        assert_eq!(given.at.map(|at| at.line), Some(3));
    }
}
