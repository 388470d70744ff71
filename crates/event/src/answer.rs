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
pub enum FileKind {
    /// An event file (our format), TOML or JSON.
    Event(Notation),
    /// A results file another program wrote: USEBIO, NZ Scorer or PBN,
    /// told apart by its content.
    Results,
    /// A FIDE TRF tournament file.
    Trf,
}

impl FileKind {
    /// What to say of a file whose kind is not known.
    pub const UNKNOWN: &'static str = "unknown file type: expected .toml or .json (event file), .xml (USEBIO / NZ Scorer), .pbn (PBN results) or .trf (FIDE)";

    /// The kind of a file by its extension (any case).
    #[must_use]
    pub fn by_extension(ext: &str) -> Option<FileKind> {
        match ext.to_ascii_lowercase().as_str() {
            "toml" => Some(FileKind::Event(Notation::Toml)),
            "json" => Some(FileKind::Event(Notation::Json)),
            "xml" | "pbn" => Some(FileKind::Results),
            "trf" | "txt" => Some(FileKind::Trf),
            _ => None,
        }
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
            (FileKind::Event(_), Job::Audit)
            | (FileKind::Results, Job::Rank)
            | (FileKind::Trf, Job::Score) => false,
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
    /// A results file rescored.
    Rescored(crate::results::Rescore),
    /// A results file audited.
    Audited(crate::results::Audit),
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

/// Answer `request` on a file of `kind` given as `bytes`.
pub fn answer(bytes: &[u8], kind: FileKind, request: &Request) -> Result<Answer, Refusal> {
    kind.allows(request.job)?;
    match kind {
        FileKind::Event(notation) => {
            let event = Event::parse(Source::new(text(bytes)?, notation))?;
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
                let scored = event.score(&options)?;
                return Ok(Answer::Scored {
                    scored: Box::new(scored),
                    names: event.names(),
                });
            }
            let mut rank = RankRequest::new();
            rank.procedure = request.procedure;
            rank.options = request
                .options
                .for_group(kind, procedure.map(Procedure::name))?;
            Ok(Answer::Ranked(event.rank(&rank)?))
        }
        FileKind::Results => {
            if let Some(procedure) = request.procedure {
                return Err(Refusal::NoProcedure { kind, procedure });
            }
            let options = request.options.for_group(kind, kind.options_group())?;
            Ok(match request.job {
                Job::Audit => Answer::Audited(crate::results::audit(bytes, &options)?),
                Job::Auto | Job::Score | Job::Rank => {
                    Answer::Rescored(crate::results::rescore(bytes, &options)?)
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
                .read("fide", &FieldPath::key("--option"), &mut Vec::new())?;
            let text = text(bytes)?;
            Ok(match request.job {
                Job::Audit => {
                    let crate::TrfAudit {
                        audit,
                        warnings,
                        edition,
                    } = crate::audit_trf(text, &options)?;
                    Answer::TrfAudited {
                        audit,
                        warnings,
                        edition,
                    }
                }
                Job::Auto | Job::Rank | Job::Score => {
                    Answer::Ranked(crate::rank_trf(text, &options)?)
                }
            })
        }
    }
}
