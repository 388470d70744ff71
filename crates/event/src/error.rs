//! One error type for everything that can be wrong with an event, with the
//! place in the file as data: the field path (`matches[3].imps`) and, when
//! the text is at hand, the line and column the parser reported for it.

use std::fmt;

use countback_model::{InputError, Score, ScoreError};

/// One step of a field path: a key of a table, or an index into an array.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[allow(clippy::exhaustive_enums)] // Closed: a path step is a key or an index, as in TOML and JSON.
pub enum Segment {
    /// A key (`matches`, `imps`, a contestant id in a score map).
    Key(String),
    /// A position in an array, counted from 0.
    Index(usize),
    /// Not in the file: what was set for this run (an option, the
    /// procedure), which each front end names in its own words (the command
    /// line's flags, the page's fields). Only ever a path's first step.
    Run,
}

/// Where a value sits in the event file, e.g. `boards[2].results[3].score`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[allow(clippy::exhaustive_structs)] // Closed: a path is its steps.
pub struct FieldPath(pub Vec<Segment>);

impl FieldPath {
    /// The path of a top-level key.
    #[must_use]
    pub fn key(key: &str) -> FieldPath {
        FieldPath(vec![Segment::Key(key.to_owned())])
    }

    /// The path of something set for this run rather than in the file:
    /// the run's options (`None`) or one of them.
    #[must_use]
    pub fn run(key: Option<&str>) -> FieldPath {
        let mut p = FieldPath(vec![Segment::Run]);
        if let Some(k) = key {
            p.0.push(Segment::Key(k.to_owned()));
        }
        p
    }

    /// Whether the path is of something set for this run, not in the file.
    #[must_use]
    pub fn is_run(&self) -> bool {
        self.0.first() == Some(&Segment::Run)
    }

    /// This path with a key appended.
    #[must_use]
    pub fn k(&self, key: &str) -> FieldPath {
        let mut p = self.clone();
        p.0.push(Segment::Key(key.to_owned()));
        p
    }

    /// This path with an index appended.
    #[must_use]
    pub fn i(&self, index: usize) -> FieldPath {
        let mut p = self.clone();
        p.0.push(Segment::Index(index));
        p
    }

    /// Whether the path is empty (the whole file).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = self.0.strip_prefix(&[Segment::Run]).unwrap_or(&self.0);
        for (n, s) in steps.iter().enumerate() {
            match s {
                Segment::Key(k) if n == 0 => write!(f, "{k}")?,
                Segment::Key(k) => write!(f, ".{k}")?,
                Segment::Index(i) => write!(f, "[{i}]")?,
                // Only ever first, and taken off above.
                Segment::Run => {}
            }
        }
        Ok(())
    }
}

/// Line and column (both from 1) in the file's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::exhaustive_structs)] // Closed: a place in a text is a line and a column.
pub struct LineColumn {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
}

impl LineColumn {
    /// The line and column of byte `offset` of `text`.
    #[must_use]
    pub fn of_offset(text: &str, offset: usize) -> LineColumn {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (line, column) = countback_model::error::line_column(text.as_bytes(), offset);
        LineColumn { line, column }
    }
}

/// What is wrong. Each variant names the culprit; the place is in
/// [`EventError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// The text is not valid TOML or JSON, or does not fit the format (a
    /// wrong type, an unknown or missing field): the parser's own words,
    /// which list the valid fields or values where there is a list.
    #[error("{message}")]
    Format {
        /// The parser's message.
        message: String,
    },
    /// An option the procedure does not have.
    #[error(
        "`{option}` is not an option of {procedure}; its options are: {}",
        list(valid)
    )]
    UnknownOption {
        /// The procedure (or `scoring`).
        procedure: String,
        /// The option as written.
        option: String,
        /// The options it has.
        valid: Vec<String>,
    },
    /// An option value that does not fit.
    #[error("option `{option}`: {message}")]
    BadOption {
        /// The option.
        option: String,
        /// What is wrong, with the valid values where there is a list.
        message: String,
    },
    /// A contestant the file does not list.
    #[error("{id:?} is not among the contestants")]
    UnknownContestant {
        /// The name as written.
        id: String,
    },
    /// A contestant listed twice.
    #[error("{id:?} is listed twice")]
    DuplicateContestant {
        /// The name.
        id: String,
    },
    /// A value outside what the rules allow.
    #[error("{value} is out of range: {expected}")]
    OutOfRange {
        /// The value as read.
        value: String,
        /// What it must be.
        expected: String,
    },
    /// Something the procedure needs is missing: what, and by what.
    #[error(transparent)]
    Missing(#[from] Needed),
    /// Something the procedure does not use was given: refused rather than
    /// silently ignored.
    #[error("{what} is not used by {by}: {hint}")]
    NotUsed {
        /// What was given.
        what: String,
        /// The procedure or command that does not use it.
        by: String,
        /// What to do instead.
        hint: String,
    },
    /// Data that contradicts itself (a team twice in a round, a board
    /// given twice, a result after a withdrawal …): which kind, with the
    /// values that contradict each other.
    #[error(transparent)]
    Contradiction(#[from] Contradiction),
    /// A file given as a session that is not one the series rules take.
    #[error(transparent)]
    NotASession(#[from] NotASession),
    /// A traveller score, chess result or other code that cannot be read.
    #[error("{text:?} is not {expected}")]
    Unreadable {
        /// The text as written.
        text: String,
        /// What was expected, with examples.
        expected: String,
    },
    /// A file with no stored figure to audit.
    #[error("nothing to audit: {what}; {hint}")]
    NothingToAudit {
        /// What the file stores instead.
        what: String,
        /// What to do instead.
        hint: String,
    },
    /// A teams results file where a pairs session was asked for: it is
    /// ranked by a teams procedure (each front end says how to ask).
    #[error("this is a teams results file (matches between teams, in IMPs and VPs): it is ranked by a teams procedure ({}), which also checks every stored IMP, VP and total (docs/pbn.md, \"Teams files\")", teams_procedures())]
    TeamsFile {
        /// Why USEBIO would not carry it as the file has it, for a front
        /// end that asked for USEBIO ([`crate::Refusal::for_usebio`]).
        usebio: countback_usebio::TeamsNotWritten,
    },
    /// A file of a kind this command does not take.
    #[error("{message}")]
    WrongKind {
        /// What to do instead.
        message: String,
    },
    /// An input beyond a documented limit ([`crate::limits`]), refused
    /// before any work starts.
    #[error("{what} is more than the {limit} countback reads: {hint}")]
    TooLarge {
        /// The input and its size.
        what: String,
        /// The limit.
        limit: String,
        /// What to do instead.
        hint: String,
    },
    /// Shared input rules (`countback-model`).
    #[error(transparent)]
    Input(#[from] InputError),
    /// Exact arithmetic.
    #[error(transparent)]
    Score(#[from] ScoreError),
    /// The EBU rules refused the stage.
    #[error(transparent)]
    Ebu(#[from] countback_tiebreak_ebu::EbuError),
    /// Sessions cannot be combined by the series' rule.
    #[error(transparent)]
    Series(#[from] countback_series::SeriesError),
    /// The WBF rules refused the event.
    #[error(transparent)]
    Wbf(#[from] countback_tiebreak_wbf::WbfError),
    /// The chess crosstable does not add up.
    #[error(transparent)]
    Crosstable(#[from] countback_tiebreak_chess::CrosstableError),
    /// The IHSA rules refused the event.
    #[error(transparent)]
    Ihsa(#[from] countback_tiebreak_chess::IhsaError),
    /// A USCF median table that cannot be used.
    #[error(transparent)]
    MedianTable(#[from] countback_tiebreak_chess::MedianTableError),
    /// The FIDE rules refused the tournament.
    #[error(transparent)]
    Fide(#[from] countback_tiebreak_fide::FideError),
    /// A FIDE tie-break code list that cannot be read.
    #[error(transparent)]
    FideCode(#[from] countback_tiebreak_fide::CodeError),
    /// A TRF file that cannot be read.
    #[error(transparent)]
    Trf(#[from] countback_tiebreak_fide::TrfError),
    /// Boards that cannot be normalised.
    #[error(transparent)]
    Normalise(#[from] countback_normalise::NormaliseError),
    /// A board that cannot be matchpointed.
    #[error(transparent)]
    Board(#[from] countback_matchpoints::BoardError),
    /// A USEBIO or NZ Scorer file that cannot be read.
    #[error(transparent)]
    Usebio(#[from] countback_results::ParseError),
    /// A USEBIO session that cannot be rescored.
    #[error(transparent)]
    Rescore(#[from] countback_results::RescoreError),
    /// A Bridgemate `.bws` file that cannot be read or scored.
    #[error(transparent)]
    Bws(#[from] countback_bws::BwsError),
    /// A session that cannot be written as USEBIO.
    #[error(transparent)]
    UsebioWrite(#[from] countback_usebio::WriteError),
    /// IMPs that cannot be converted to VPs.
    #[error(transparent)]
    Vp(#[from] countback_vp::VpError),
    /// A teams results file that cannot be rescored.
    #[error(transparent)]
    Teams(#[from] countback_results::TeamsError),
}

/// The procedures that rank a teams results file
/// ([`crate::results_teams::PROCEDURES`]), in words: `ebu, wbf-swiss, …`.
#[must_use]
pub fn teams_procedures() -> String {
    let names: Vec<&str> = crate::results_teams::PROCEDURES
        .iter()
        .map(|p| p.name())
        .collect();
    names.join(", ")
}

/// Data in an event file that contradicts itself: each kind the event
/// library finds, with the values that contradict each other, worded once
/// here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Contradiction {
    /// A contestant in more matches of a round than their weights allow
    /// (a triangle's half matches add up to one match).
    #[error("{who} is entered twice in round {round}: here{} and at {}; a contestant plays several matches in a round only when their weights (`weight = \"1/2\"` for a triangle) add up to at most one match, here {total}", weight_note(weight), .elsewhere.join(" and "))]
    EnteredTwiceInRound {
        /// The contestant.
        who: String,
        /// The round.
        round: u32,
        /// This entry's weight (one: a whole match).
        weight: Score,
        /// The other entries of the round, each its place and weight.
        elsewhere: Vec<String>,
        /// The weights added up.
        total: Score,
    },
    /// A played match after the round a contestant withdrew after.
    #[error("{who} withdrew after round {withdrew_after} but played in round {round} (mark the match `awarded = true` if it was not played)")]
    PlayedAfterWithdrawing {
        /// The contestant.
        who: String,
        /// The round they withdrew after.
        withdrew_after: u32,
        /// The round of the match.
        round: u32,
    },
    /// A match's VPs that do not add up to the declared total.
    #[error("the VPs add up to {sum}, not {want} (event.vp_total {total} × weight {weight})")]
    VpTotal {
        /// The match's VPs added up.
        sum: Score,
        /// The total times the weight.
        want: Score,
        /// `event.vp_total`.
        total: Score,
        /// The match's weight.
        weight: Score,
    },
    /// A procedural penalty with both or neither of its two forms.
    #[error("a penalty gives exactly one of match_points and percent_of_top")]
    PenaltyForms,
    /// A board with more results than it says it expects.
    #[error("board {board} has {results} results, more than the {expected} it expects")]
    MoreResultsThanExpected {
        /// The board.
        board: u32,
        /// Its results.
        results: usize,
        /// What it expects.
        expected: usize,
    },
    /// A board expecting more results than the session's most.
    #[error("board {board} expects {expected} results, more than the session's {most} (event.scoring.expected)")]
    ExpectsMoreThanTheSession {
        /// The board.
        board: u32,
        /// What it expects.
        expected: usize,
        /// The session's most.
        most: usize,
    },
    /// A board with more results than the session's `expected`.
    #[error("a board has {largest} results, more than the {expected} expected")]
    MoreResultsThanTheSessionExpects {
        /// The most results on a board.
        largest: usize,
        /// `event.scoring.expected`.
        expected: u32,
    },
    /// A match given both board by board as results and as IMPs.
    #[error("give the match either as board_results or as board_imps")]
    BoardResultsAndBoardImps,
    /// A match whose boards listed and declared differ.
    #[error("the match lists {listed} boards but says it had {declared}")]
    BoardCount {
        /// Boards listed.
        listed: u32,
        /// Boards declared.
        declared: u32,
    },
    /// A part-match whose VPs cannot come from the full match's scale.
    #[error("a part-match (weight {weight}) needs its `vp`: event.vp_scale {scale} scores a full match, and a part-match shares a part of the pool on a scale of its own (the EBU's for a triangle's half matches is `ebu-10vp-half-match`; docs/vp.md)")]
    PartMatchWithoutVp {
        /// The match's weight.
        weight: Score,
        /// The event's scale.
        scale: String,
    },
    /// A match's figure that its boards or scale do not give.
    #[error("the match gives {}–{}, but {by} gives {}–{}", .given[0], .given[1], .computed[0], .computed[1])]
    MatchFigure {
        /// The figures as written, first side then second.
        given: [Score; 2],
        /// What computes them: the scale over the boards, or the boards.
        by: String,
        /// The figures computed.
        computed: [Score; 2],
    },
    /// A contestant drawn against themselves.
    #[error("{who} cannot play itself")]
    PlaysItself {
        /// The contestant.
        who: String,
    },
    /// A traveller line with both a score and a weighted score.
    #[error("a line gives exactly one of `score` and `weighted` (a weighted score, Law 12C1(c)), not both")]
    ScoreAndWeighted,
    /// A numbered thing (a board, a round) given twice.
    #[error("{what} {number} is given twice")]
    GivenTwice {
        /// What it is.
        what: String,
        /// Its number.
        number: u32,
    },
    /// A second result for one contestant in one round.
    #[error("{who} already has a result in round {round}")]
    SecondResultInRound {
        /// The contestant.
        who: String,
        /// The round.
        round: u32,
    },
    /// A contestant marked awarded on a board where they have no score.
    #[error("{who:?} has no score on board {board}")]
    AwardedWithoutScore {
        /// The contestant.
        who: String,
        /// The board.
        board: u32,
    },
    /// A carry-over given on the contestant and on a match.
    #[error("{who}'s carry-over is given both here and in matches[].carryover: give it once")]
    CarryOverTwice {
        /// The contestant.
        who: String,
    },
    /// Knockout matches naming other than two teams.
    #[error("the knockout match is between two teams; the matches marked knockout name {}", .teams.join(", "))]
    KnockoutTeams {
        /// The teams named.
        teams: Vec<String>,
    },
    /// Matches among several teams with none marked the knockout match.
    #[error("the file has matches between several teams: mark the knockout match with stage = \"knockout\" and the qualification matches with stage = \"qualification\"")]
    KnockoutUnmarked,
}

/// A file given as one session of an event that is not a pairs session
/// the series rules can take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotASession {
    /// A TRF file.
    #[error("{file}: a TRF file is a chess event, not a bridge session")]
    Chess {
        /// The file's name.
        file: String,
    },
    /// A results file of another kind of event (teams, IMP pairs …).
    #[error("{file}: a {kind} session; sessions are combined from match-pointed pairs sessions")]
    NotMatchPoints {
        /// The file's name.
        file: String,
        /// Its USEBIO event type.
        kind: String,
    },
    /// A pair with no percentage to combine.
    #[error("{file}: {pair} has no percentage")]
    NoPercentage {
        /// The file's name.
        file: String,
        /// The pair.
        pair: String,
    },
    /// An event file that is not UTF-8.
    #[error("{file}: an event file is UTF-8 text")]
    NotUtf8 {
        /// The file's name.
        file: String,
    },
}

/// What an event file lacks that a procedure or a step needs, each kind
/// worded once here as "what is needed by what".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Needed {
    /// No contestant at all.
    #[error("at least one contestant is needed by every procedure")]
    Contestant,
    /// No board at all in a pairs session.
    #[error("at least one board is needed by scoring a pairs session")]
    Board,
    /// No game at all in a chess event.
    #[error("at least one game is needed by a chess procedure")]
    Game,
    /// A match's boards given without a VP scale to count them for.
    #[error("event.vp_scale is needed by a match's number of boards")]
    VpScaleForBoards,
    /// A match given board by board without a VP scale.
    #[error("event.vp_scale is needed by a match given board by board")]
    VpScaleForBoardByBoard,
    /// A VP scale with no number of boards to read it at.
    #[error("the number of boards (event.boards_per_match, or the match's boards) is needed by the VP scale")]
    BoardsForTheScale,
    /// A match with no score in any unit.
    #[error("a score (vp, imps, total_points or match_points) is needed by every match")]
    MatchScore,
    /// A traveller line with no score.
    #[error("`score` or `weighted` is needed by a traveller line")]
    LineScore,
    /// A weighted score with no part.
    #[error("at least one component is needed by a weighted score (Law 12C1(c))")]
    WeightedComponent,
    /// A crosstable gap: a player with no entry in a round.
    #[error("a result for {player} in round {round} (record a bye, a forfeit or \"withdrawn\") is needed by the crosstable")]
    RoundResult {
        /// The player.
        player: String,
        /// The round.
        round: u32,
    },
    /// An IHSA match without its match points.
    #[error("match_points is needed by the ihsa procedure")]
    IhsaMatchPoints,
    /// A knockout file with no knockout match.
    #[error("a knockout match (a match with stage = \"knockout\") is needed by the wbf-knockout procedure")]
    KnockoutMatch,
    /// Several matches between the knockout's two teams, none staged.
    #[error("a `stage` on each match: {first} v {second} play {matches} matches (round {} and round {}), and without stages their IMPs would be added up as one knockout match; mark the knockout match (each of its segments) stage = \"knockout\" and a qualification match stage = \"qualification\" is needed by a knockout file with more than one match", .rounds[0], .rounds[1])]
    Stages {
        /// One team.
        first: String,
        /// The other.
        second: String,
        /// How many matches they play.
        matches: usize,
        /// The rounds of the first two.
        rounds: [u32; 2],
    },
    /// A knockout match without its IMPs.
    #[error("the IMPs of the knockout match is needed by the wbf-knockout procedure")]
    KnockoutImps,
    /// Ranking with no procedure named by the file or the run.
    #[error(
        "a procedure (the file's event.procedure, or one chosen for this run) is needed by ranking"
    )]
    Procedure,
    /// A procedure's stage that ranks by a qualification rank not given.
    #[error("qualification_rank is needed by the {procedure} procedure")]
    QualificationRank {
        /// The procedure.
        procedure: String,
    },
    /// A teams results file with no teams procedure chosen.
    #[error(
        "a teams procedure ({}) is needed by ranking a teams results file",
        teams_procedures()
    )]
    TeamsProcedure,
    /// Gap PARs without the boards each pair was due.
    #[error("contestants[].boards_due for the pairs with gaps is needed by scoring.percentage = \"gap_par\"")]
    BoardsDue,
}

/// ` (weight 1/2)` for a part of a match, nothing for a whole one.
fn weight_note(weight: &Score) -> String {
    if *weight == Score::ONE {
        String::new()
    } else {
        format!(" (weight {weight})")
    }
}

// Constructors for the variants built in many places: each names its
// fields in the variant's order, so a call reads like the message it makes.
impl Problem {
    /// [`Problem::NotUsed`]: `what` is not used by `by`; `hint` says what to
    /// do instead.
    #[must_use]
    pub fn not_used(
        what: impl Into<String>,
        by: impl Into<String>,
        hint: impl Into<String>,
    ) -> Problem {
        Problem::NotUsed {
            what: what.into(),
            by: by.into(),
            hint: hint.into(),
        }
    }

    /// [`Problem::OutOfRange`]: `value` as read, and what it must be.
    #[must_use]
    pub fn out_of_range(value: impl Into<String>, expected: impl Into<String>) -> Problem {
        Problem::OutOfRange {
            value: value.into(),
            expected: expected.into(),
        }
    }

    /// The culprit a rule crate's error names, in the model's one
    /// vocabulary ([`countback_model::Culprit`]): what
    /// [`crate::Event`] places in the file when the error names no field.
    #[must_use]
    pub fn culprit(&self) -> Option<countback_model::Culprit> {
        match self {
            Problem::Wbf(e) => e.culprit(),
            Problem::Ebu(e) => e.culprit(),
            Problem::Input(e) => e.culprit(),
            Problem::Board(e) => e.culprit(),
            Problem::Normalise(e) => e.culprit(),
            Problem::Crosstable(e) => e.culprit(),
            Problem::Ihsa(e) => e.culprit(),
            _ => None,
        }
    }

    /// [`Problem::Unreadable`]: `text` as written, and what was expected.
    #[must_use]
    pub fn unreadable(text: impl Into<String>, expected: impl Into<String>) -> Problem {
        Problem::Unreadable {
            text: text.into(),
            expected: expected.into(),
        }
    }

    /// [`Problem::WrongKind`].
    #[must_use]
    pub fn wrong_kind(message: impl Into<String>) -> Problem {
        Problem::WrongKind {
            message: message.into(),
        }
    }

    /// [`Problem::BadOption`]: the option, and what is wrong with its value.
    #[must_use]
    pub fn bad_option(option: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem::BadOption {
            option: option.into(),
            message: message.into(),
        }
    }
}

/// Refuses the first of `fields` (a field's name, and whether the file
/// gives it) that is given, as a field under `under` (or at the top of the
/// file): `by` does not use it, and `hint` says what to do instead. A field
/// that would change nothing is refused, never silently ignored.
pub(crate) fn refuse_given(
    under: Option<&FieldPath>,
    fields: &[(&str, bool)],
    by: &str,
    hint: &str,
) -> Result<()> {
    match fields.iter().find(|(_, given)| *given) {
        Some((name, _)) => Err(EventError::at(
            under.map_or_else(|| FieldPath::key(name), |p| p.k(name)),
            Problem::not_used(*name, by, hint),
        )),
        None => Ok(()),
    }
}

fn list(v: &[String]) -> String {
    v.join(", ")
}

/// What is wrong and where: the contents of an [`EventError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Located {
    /// What is wrong.
    pub problem: Problem,
    /// The field at fault, where one is.
    pub field: Option<FieldPath>,
    /// Where the field (or the parser's error) is in the text, where known.
    pub at: Option<LineColumn>,
}

/// Something wrong with an event, and where ([`Located`], boxed so that a
/// `Result` stays small).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventError(Box<Located>);

impl std::ops::Deref for EventError {
    type Target = Located;
    fn deref(&self) -> &Located {
        &self.0
    }
}

impl std::ops::DerefMut for EventError {
    fn deref_mut(&mut self) -> &mut Located {
        &mut self.0
    }
}

impl EventError {
    /// A problem with no particular field.
    #[must_use]
    pub fn new(problem: impl Into<Problem>) -> EventError {
        EventError::located(problem.into(), None, None)
    }

    /// A problem in `field`.
    #[must_use]
    pub fn at(field: FieldPath, problem: impl Into<Problem>) -> EventError {
        EventError::located(problem.into(), Some(field), None)
    }

    /// A problem with everything known about where it is.
    #[must_use]
    pub fn located(
        problem: Problem,
        field: Option<FieldPath>,
        at: Option<LineColumn>,
    ) -> EventError {
        EventError(Box::new(Located { problem, field, at }))
    }
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = self.at {
            write!(f, "line {}, column {}, ", at.line, at.column)?;
        }
        if let Some(field) = self.field.as_ref().filter(|p| !p.is_empty()) {
            if field.is_run() {
                if field.0.len() > 1 {
                    write!(f, "`{field}` set for this run: ")?;
                } else {
                    write!(f, "set for this run: ")?;
                }
            } else {
                write!(f, "field `{field}`: ")?;
            }
        }
        write!(f, "{}", self.problem)
    }
}

impl std::error::Error for EventError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0.problem)
    }
}

macro_rules! from_problem {
    ($($t:ty),* $(,)?) => {$(
        impl From<$t> for EventError {
            fn from(e: $t) -> EventError {
                EventError::new(e)
            }
        }
    )*};
}

from_problem!(
    Problem,
    InputError,
    ScoreError,
    countback_tiebreak_ebu::EbuError,
    countback_tiebreak_wbf::WbfError,
    countback_tiebreak_chess::CrosstableError,
    countback_tiebreak_chess::IhsaError,
    countback_tiebreak_chess::MedianTableError,
    countback_tiebreak_fide::FideError,
    countback_tiebreak_fide::CodeError,
    countback_tiebreak_fide::TrfError,
    countback_normalise::NormaliseError,
    countback_matchpoints::BoardError,
    countback_results::ParseError,
    countback_results::RescoreError,
    countback_bws::BwsError,
    countback_usebio::WriteError,
    countback_vp::VpError,
    countback_results::TeamsError,
);

/// `Result` with an [`EventError`].
pub type Result<T, E = EventError> = std::result::Result<T, E>;

/// Attach a field to an error that has none.
pub(crate) trait AtField<T> {
    /// The error, located at `field` unless it already names one.
    fn at_field(self, field: impl FnOnce() -> FieldPath) -> Result<T>;
}

impl<T, E: Into<Problem>> AtField<T> for std::result::Result<T, E> {
    fn at_field(self, field: impl FnOnce() -> FieldPath) -> Result<T> {
        self.map_err(|e| EventError::at(field(), e))
    }
}
