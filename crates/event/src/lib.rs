#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`Event::rank`]: standings, every tie split by the book with its trace;
//! - [`Event::score`]: a pairs session's matchpoints, totals and places;
//! - [`rank_trf`] and [`audit_trf`]: a FIDE TRF tournament;
//! - [`results::rescore`] and [`results::audit`]: a results file another
//!   program wrote (USEBIO, NZ Scorer, PBN);
//! - [`answer()`]: any of these for a file's bytes, its kind and the job —
//!   the one call a front end makes.
//!
//! Errors are one type, [`EventError`]: what is wrong ([`Problem`], which
//! wraps each rule crate's own error) and where, as data — the field path
//! (`matches[3].imps`) and the line and column in the text.
//!
//! A front end (the `countback` command line, a web page) reads files and
//! renders; nothing about the rules lives there.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod answer;
mod boards;
mod checks;
pub mod columns;
mod convert;
mod culprit;
pub mod display;
pub mod error;
pub mod file;
pub mod kinds;
pub mod labels;
pub mod limits;
pub mod options;
mod procedure;
pub mod procedures;
mod rank;
pub mod results;
pub mod results_teams;
mod score;
pub mod sessions;
mod source;
mod toml_pieces;
mod trf_notes;
pub mod trf_team;
mod usebio_doc;

/// The FIDE types an answer on a TRF file speaks (countback-tiebreak-fide).
pub mod trf {
    pub use countback_tiebreak_fide::trf::{Colour, Player, ResultCode, RoundEntry, Tournament};
    pub use countback_tiebreak_fide::{Audit, Edition, Finding};
}

/// The exact numbers and outcome types every answer speaks, so that a front
/// end needs no version-matched dependency of its own.
pub use countback_model as model;
/// The VP scales and their certified tables (`countback vp`).
pub use countback_vp as vp;

pub use answer::{
    answer, answer_owned, answer_schema, answer_sessions, answer_vp, Answer, FileKind, Job,
    Options, Refusal, Request, VpAnswer, VpRequest,
};

pub use usebio_doc::usebio;

pub use boards::{Applied, BoardLine, BoardTable, SessionBoard};
pub use columns::Column;
pub use convert::Conversion;
/// A pair's standing in a scored session ([`Field::standings`]).
pub use countback_matchpoints::Standing;
pub use error::{
    Contradiction, EventError, FieldPath, LineColumn, Located, Needed, NotASession, Problem,
    Segment,
};
pub use file::{EventFile, Procedure};
pub use options::RawOptions;
pub use rank::{Players, RankRequest, Ranking};
pub use score::{AppliedPenalty, Field, Scored};
pub use source::{Notation, Source};

use std::collections::BTreeMap;

use countback_model::ContestantId;

/// Something a scorer should look at before publishing: not wrong by
/// itself, but usually a mistake (a team with no match in a round, a
/// round-robin pairing never played, VPs that do not add up like the
/// others).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Warning {
    /// The field concerned, where there is one.
    pub field: Option<FieldPath>,
    /// Where it is in the text, where known.
    pub at: Option<LineColumn>,
    /// What to look at.
    pub message: String,
    /// The check that gave it, for a warning that can come many times in
    /// one file (a reader is told each kind once, with a count and the
    /// first places: [`told`]); `None` for one said once by nature.
    pub kind: Option<WarningKind>,
}

/// A check whose warning can come once a line, a pair or a match: a file
/// can hold thousands of one kind (issue 41: 20,000 lines on standard
/// error for one board of scores no contract makes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// A typed score no contract makes at the board's vulnerability.
    ImpossibleScore,
    /// A pair that plays fewer than half the boards of the busiest.
    FewBoards,
    /// A contestant with no match or bye in a round.
    NoMatchInRound,
    /// A match that lists fewer boards than a match has.
    ShortMatch,
    /// A stored figure of a results file the rescore does not give.
    StoredFigureDiffers,
}

impl WarningKind {
    /// Its name in JSON (`impossible-score`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            WarningKind::ImpossibleScore => "impossible-score",
            WarningKind::FewBoards => "few-boards",
            WarningKind::NoMatchInRound => "no-match-in-round",
            WarningKind::ShortMatch => "short-match",
            WarningKind::StoredFigureDiffers => "stored-figure-differs",
        }
    }

    /// The warnings of this kind, counted: `12 scores no contract makes`.
    #[must_use]
    pub fn counted(self, n: usize) -> String {
        let what = match self {
            WarningKind::ImpossibleScore => "scores no contract makes",
            WarningKind::FewBoards => "pairs on fewer than half the boards",
            WarningKind::NoMatchInRound => "rounds with no match or bye",
            WarningKind::ShortMatch => "matches shorter than a match",
            WarningKind::StoredFigureDiffers => "stored figures the rescore does not give",
        };
        format!("{n} {what}")
    }
}

/// How many warnings of one kind are told one by one; more are told once,
/// with their count and the first [`FIRST_PLACES`] places.
pub const TOLD_ONE_BY_ONE: usize = 3;

/// The places a kind told once names.
pub const FIRST_PLACES: usize = 3;

/// Warnings as a reader is told them (the JSON keeps every one).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Told<'a> {
    /// A warning told as it is.
    One(&'a Warning),
    /// Every warning of a kind that came more than [`TOLD_ONE_BY_ONE`]
    /// times, told once where the first came.
    Many {
        /// The check.
        kind: WarningKind,
        /// How many warnings it gave.
        count: usize,
        /// The first [`FIRST_PLACES`], in the order given.
        first: Vec<&'a Warning>,
    },
}

impl Warning {
    /// Where it is, in words: `line 12`, `field boards[0].results[3].score`,
    /// or none.
    #[must_use]
    pub fn place(&self) -> Option<String> {
        match (&self.at, &self.field) {
            (Some(at), _) => Some(format!("line {}", at.line)),
            (None, Some(field)) => Some(format!("`{field}`")),
            (None, None) => None,
        }
    }
}

impl std::fmt::Display for Told<'_> {
    /// One warning as itself; many as `N WHAT, the first at P1, P2, P3:
    /// FIRST`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Told::One(w) => std::fmt::Display::fmt(w, f),
            Told::Many { kind, count, first } => {
                let places: Vec<String> = first.iter().filter_map(|w| w.place()).collect();
                f.write_str(&kind.counted(*count))?;
                if !places.is_empty() {
                    write!(f, ", the first at {}", places.join(", "))?;
                }
                if let Some(w) = first.first() {
                    write!(f, "; the first says: {}", w.message)?;
                }
                f.write_str(" (the JSON lists each)")
            }
        }
    }
}

/// `warnings` as a reader is told them: each kind that came more than
/// [`TOLD_ONE_BY_ONE`] times once, where its first came, with its count
/// and first places; the others one by one, in order. Linear in the
/// warnings.
#[must_use]
pub fn told(warnings: &[Warning]) -> Vec<Told<'_>> {
    let mut by_kind: BTreeMap<WarningKind, Vec<usize>> = BTreeMap::new();
    for (i, w) in warnings.iter().enumerate() {
        if let Some(k) = w.kind {
            by_kind.entry(k).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    for (i, w) in warnings.iter().enumerate() {
        let Some((kind, all)) = w.kind.and_then(|k| Some((k, by_kind.get(&k)?))) else {
            out.push(Told::One(w));
            continue;
        };
        if all.len() <= TOLD_ONE_BY_ONE {
            out.push(Told::One(w));
        } else if all.first() == Some(&i) {
            out.push(Told::Many {
                kind,
                count: all.len(),
                first: all
                    .iter()
                    .take(FIRST_PLACES)
                    .filter_map(|j| warnings.get(*j))
                    .collect(),
            });
        }
    }
    out
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(at) = self.at {
            write!(f, "line {}, ", at.line)?;
        }
        if let Some(field) = &self.field {
            write!(f, "field `{field}`: ")?;
        }
        f.write_str(&self.message)
    }
}

/// A parsed event file, with its text kept so that every error and warning
/// can say where it is.
#[derive(Debug, Clone)]
pub struct Event {
    file: EventFile,
    source: Option<Source>,
}

impl Event {
    /// Read a TOML event file.
    pub fn from_toml(text: &str) -> Result<Event, EventError> {
        Event::parse(Source::new(text, Notation::Toml))
    }

    /// Read a JSON event file.
    pub fn from_json(text: &str) -> Result<Event, EventError> {
        Event::parse(Source::new(text, Notation::Json))
    }

    /// Read an event file in either notation.
    pub fn parse(source: Source) -> Result<Event, EventError> {
        let file = read_file(&source)?;
        let results: usize = file.boards.iter().map(|b| b.results.len()).sum();
        if results > limits::MAX_SESSION_RESULTS {
            return Err(source.located(EventError::at(
                FieldPath::key("boards"),
                Problem::TooLarge {
                    what: format!("a session of {results} results"),
                    limit: format!("{} results", limits::MAX_SESSION_RESULTS),
                    hint: "split it into sessions (docs/cli.md, Limits)".to_owned(),
                },
            )));
        }
        Ok(Event {
            file,
            source: Some(source),
        })
    }

    /// An event built by a program rather than read from text (errors then
    /// name fields but no lines).
    #[must_use]
    pub fn from_file(file: EventFile) -> Event {
        Event { file, source: None }
    }

    /// The event as read.
    #[must_use]
    pub fn file(&self) -> &EventFile {
        &self.file
    }

    /// Rank the event by its procedure (or the request's), with its
    /// options; the outcome's trace names the clause of every decision.
    pub fn rank(&self, request: &RankRequest) -> Result<Ranking, EventError> {
        let mut r = rank::rank(&self.file, request)
            .map_err(|e| self.locate(culprit::placed(&self.file, e)))?;
        self.place(&mut r.warnings);
        Ok(r)
    }

    /// Score the event's boards as a pairs session; `overrides` replace the
    /// file's `[event.scoring]` options one by one.
    pub fn score(&self, overrides: &RawOptions) -> Result<Scored, EventError> {
        let mut s = score::score(&self.file, overrides)
            .map_err(|e| self.locate(culprit::placed(&self.file, e)))?;
        self.place(&mut s.warnings);
        Ok(s)
    }

    /// [`Event::score`], giving the event up: each board's lines are moved
    /// into the session as it is read, not held twice (issue 43). A
    /// refusal that names a board and a pair is placed in the file read
    /// again from its text (only a refused file pays for it).
    pub(crate) fn score_giving_up(mut self, overrides: &RawOptions) -> Result<Scored, EventError> {
        if self.source.is_none() {
            return self.score(overrides);
        }
        match score::score_giving_up_lines(&mut self.file, overrides) {
            Ok(mut s) => {
                self.place(&mut s.warnings);
                Ok(s)
            }
            Err(e) => {
                // Only a refusal not yet placed is placed by the lines.
                if e.field.is_none() {
                    if let Some(Ok(file)) = self.source.as_ref().map(read_file) {
                        self.file = file;
                    }
                }
                Err(self.locate(culprit::placed(&self.file, e)))
            }
        }
    }

    /// Give each warning its line, from its field.
    fn place(&self, warnings: &mut [Warning]) {
        for w in warnings {
            if w.at.is_none() {
                w.at = w
                    .field
                    .as_ref()
                    .and_then(|f| self.source.as_ref().and_then(|s| s.locate(f)));
            }
        }
    }

    /// Every match the event's VP scale converts from IMPs or board
    /// results, with the VPs it computed (exact).
    pub fn conversions(&self) -> Result<Vec<Conversion>, EventError> {
        convert::conversions(&self.file).map_err(|e| self.locate(e))
    }

    /// Names for people, by contestant.
    #[must_use]
    pub fn names(&self) -> BTreeMap<ContestantId, String> {
        self.file
            .contestants
            .iter()
            .filter_map(|c| {
                c.name
                    .clone()
                    .map(|n| (ContestantId::new(c.id.as_str()), n))
            })
            .collect()
    }

    fn locate(&self, e: EventError) -> EventError {
        match &self.source {
            Some(s) => s.located(e),
            None => e,
        }
    }
}

/// The event file of `source`, its labels checked: what [`Event::parse`]
/// reads, and what a refused session's lines are read again from (a TOML
/// file in pieces either way).
fn read_file(source: &Source) -> Result<EventFile, EventError> {
    let mut file = source.parse_event_file()?;
    labels::check(&mut file).map_err(|e| source.located(e))?;
    Ok(file)
}

/// A TRF tournament read, with the options and the tie-break list that
/// apply to it.
struct Trf {
    tournament: countback_tiebreak_fide::trf::Tournament,
    options: countback_tiebreak_fide::Options,
    list: TrfList,
    warnings: Vec<Warning>,
}

/// The tie-break list of a TRF file: individual (C.07 arts. 6-10) or, for
/// a team file (records `310`, a team type in `192`), team (arts. 12-13,
/// MTB26). The file says which; nothing else chooses.
enum TrfList {
    Individual(countback_tiebreak_fide::Cascade),
    Team(countback_tiebreak_fide::TeamCascade),
}

fn read_trf(text: &str, options: &options::FideOptions) -> Result<Trf, EventError> {
    use countback_tiebreak_fide::{trf, EditionChoice};
    let t = trf::parse(text)?;
    if t.players.is_empty() {
        return Err(EventError::new(Problem::wrong_kind(
            "no player records (001) found: this is not a TRF tournament file",
        )));
    }
    let mut warnings = Vec::new();
    if options.edition == EditionChoice::ByStartDate && t.start_date.is_none() {
        warnings.push(Warning {
            kind: None,
            field: None,
            at: None,
            message: "no readable start date (record 042): the rules in force now (the March 2026 text of C.07) applied, as FIDE's reference engine does; choose another with the edition option".to_owned(),
        });
    }
    let base = options.edition.resolve(&t);
    let format = options.format;
    let fide_options = base
        .with_format(format)
        .forfeit_loss_counts_as_played_when_classifying_byes(options.vega_forfeit_loss)
        .with_points_from(options.points);
    warnings.extend(trf_notes::reading_notes(&t, options.points));
    if let Some(line) = t.source_lines.iter().position(|l| l.starts_with("172")) {
        warnings.push(Warning {
            kind: None,
            field: None,
            at: Some(LineColumn {
                line: line + 1,
                column: 1,
            }),
            message: "record 172 (national ratings) is not read: rating tie-breaks use the FIDE ratings of the 001 records".to_owned(),
        });
    }
    // The 2026 note to art. 8, one reading for players and teams: a code
    // not used in the format is left out, said (trf_notes.rs).
    let (format, edition) = (
        format.or(t.format).unwrap_or_default(),
        fide_options.edition(),
    );
    let list = if t.is_team_file() {
        let list = trf_team::list(&t, options, &mut warnings)?;
        TrfList::Team(trf_notes::usable_team_list(
            list,
            format,
            edition,
            &mut warnings,
        ))
    } else {
        let cascade = match &options.tiebreaks {
            Some(list) => list.parse()?,
            None => match t.declared_cascade()? {
                Some(c) => c,
                None => {
                    // Said wherever the ranking goes (issue 40: an audit
                    // of FIDE's own example reported 246 "findings"
                    // against a list the file never declared).
                    warnings.push(Warning {
                        kind: None,
                        field: None,
                        at: None,
                        message: format!(
                            "the file declares no tie-break list (records 202/212) and none was given: countback's default list {DEFAULT_TRF_LIST} applied, not the file's"
                        ),
                    });
                    DEFAULT_TRF_LIST.parse()?
                }
            },
        };
        TrfList::Individual(trf_notes::usable_list(
            cascade,
            format,
            edition,
            &mut warnings,
        ))
    };
    Ok(Trf {
        tournament: t,
        options: fide_options,
        list,
        warnings,
    })
}

/// The tie-break list a TRF file is ranked by when it declares none and
/// none is given (docs/fide.md): said in a warning wherever it applies.
pub const DEFAULT_TRF_LIST: &str = "BH/C1, BH, SB";

/// Rank a FIDE TRF tournament by `options` (edition, format, tie-break
/// list, Vega's forfeit rule); without a list, by the tie-breaks the file
/// declares (TRF-2026 records 202/212), or else [`DEFAULT_TRF_LIST`],
/// with a warning that says so.
pub fn rank_trf(text: &str, options: &options::FideOptions) -> Result<Ranking, EventError> {
    use countback_tiebreak_fide::Evaluation;
    let mut trf = read_trf(text, options)?;
    let cascade = match &trf.list {
        TrfList::Individual(c) => c,
        TrfList::Team(list) => {
            return trf_team::rank(&trf.tournament, trf.options, list, trf.warnings)
        }
    };
    // The file's lines as written are for writing it back: no figure of a
    // ranking reads them, so they are let go before it is computed (issue
    // 44: a copy of the file, held beside the evaluation).
    trf.tournament.source_lines = Vec::new();
    let t = &trf.tournament;
    let eval = Evaluation::new(t, trf.options)?;
    let outcome = eval.rank(cascade)?;
    let ids = countback_tiebreak_fide::contestant_ids(t);
    let columns = columns::fide(&eval, cascade, &ids)?;
    // The points by the file's own points system (record 162), kept; the
    // evaluation's figures are let go before the standings' maps are
    // built, so the two are not held at once (issue 44: 10× the file).
    let points = eval.all_points().to_vec();
    drop(eval);
    let mut names = BTreeMap::new();
    let mut ratings = BTreeMap::new();
    let mut primary = BTreeMap::new();
    for ((p, id), points) in t.players.iter().zip(ids).zip(points) {
        primary.insert(id.clone(), points);
        if !p.name.trim().is_empty() {
            names.insert(id.clone(), p.name.trim().to_owned());
        }
        if let Some(r) = p.rating.filter(|r| *r > 0) {
            ratings.insert(id, r);
        }
    }
    Ok(Ranking {
        event: t.name.clone().unwrap_or_default(),
        procedure: Procedure::Fide,
        unit: "points",
        ranks: Procedure::Fide.ranks(),
        primary,
        outcome,
        names,
        ratings,
        warnings: trf.warnings,
        notes: Vec::new(),
        not_used: Vec::new(),
        columns,
        conversions: Vec::new(),
        fide_edition: Some(trf.options.edition()),
        date: None,
        players: BTreeMap::new(),
    })
}

/// Check a TRF file's declared ranks against its own tie-break list (or
/// the one `options` gives) and its declared points against its results.
pub fn audit_trf(text: &str, options: &options::FideOptions) -> Result<TrfAudit, EventError> {
    let trf = read_trf(text, options)?;
    let edition = trf.options.edition();
    let findings = match &trf.list {
        TrfList::Individual(cascade) => {
            let eval = countback_tiebreak_fide::Evaluation::new(&trf.tournament, trf.options)?;
            TrfFindings::Players(countback_tiebreak_fide::audit(&eval, cascade)?)
        }
        TrfList::Team(list) => {
            TrfFindings::Teams(trf_team::audit(&trf.tournament, trf.options, list)?)
        }
    };
    Ok(TrfAudit {
        findings,
        warnings: trf.warnings,
        edition,
    })
}

/// A TRF file's declared ranks and points checked ([`audit_trf`]).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct TrfAudit {
    /// The findings, of players or of teams.
    pub findings: TrfFindings,
    /// What a scorer should look at.
    pub warnings: Vec<Warning>,
    /// The text of FIDE C.07 applied: it changes the figures, so the audit
    /// names it.
    pub edition: countback_tiebreak_fide::Edition,
}

/// What the standings check of a TRF file finds: of its players, or of
/// its teams (a team file).
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
#[allow(clippy::exhaustive_enums)] // Closed: a TRF file is of players or of teams.
pub enum TrfFindings {
    /// An individual tournament: the `001` ranks and points.
    Players(countback_tiebreak_fide::Audit),
    /// A team tournament: the `310` ranks and points.
    Teams(trf_team::TeamAudit),
}

impl TrfFindings {
    /// Whether the file's standings and points are borne out.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        match self {
            TrfFindings::Players(a) => a.is_clean(),
            TrfFindings::Teams(a) => a.findings.is_clean(),
        }
    }
}

/// The JSON Schema of the event file format.
#[must_use]
pub fn schema() -> serde_json::Value {
    let mut g = schemars::SchemaGenerator::default();
    // The options of each procedure an event file can name are asked of
    // the registry, not the format: their schema is the definition of the
    // format's `[event.options]`, in place before the format's is made.
    let options = procedures::event_file_options(&mut g);
    g.definitions_mut().insert(
        <RawOptions as schemars::JsonSchema>::schema_name().into_owned(),
        options.into(),
    );
    serde_json::to_value(g.into_root_schema_for::<EventFile>()).unwrap_or_default()
}
