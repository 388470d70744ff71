//! Multi-session pairs events: several sessions, each a results file the
//! library reads (USEBIO, NZ Scorer, PBN, a Bridgemate `.bws`) or an event
//! file's pairs session, combined by the event's rule into one overall
//! standing, exact throughout.
//!
//! - [`Combine`]: the sum of match points, the mean or the sum of
//!   percentages.
//! - [`CarryForward`]: the sessions before `final_from` are an earlier
//!   stage, carried into the final by a stated exact fraction of their
//!   combined figure.
//! - [`MatchBy`]: how a pair is recognised from one session to the next
//!   (its pair number, or its players' names when numbers change).
//! - Each tie in the overall standings is split by EBU 143.7.1 within the
//!   stage in which it occurred (143.6.1: never by an earlier stage or a
//!   carry-forward); see docs/sessions.md for the readings.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use countback_model::{
    BoardNumber, ContestantId, ContestantKind, Direction, Encounter, EncounterStatus, RoundNumber,
    Score, SideScores, TieBreakOutcome, Unit,
};
use countback_tiebreak_ebu::{
    Board as EbuBoard, BoardResult, EventFormat, FinalStanding, MatchGrouping, PenaltyConversion,
    PlacePurposes, Procedure as EbuProcedure, Scoring, Stage, Standings, TiePurpose,
};

use crate::answer::FileKind;
use crate::error::{EventError, Problem};
use crate::{Event, RawOptions, Source};

/// The most sessions combined: a championship of a few days is 4 to 8
/// sessions; 16 leaves room and keeps a wrong glob (`*.xml` in a year's
/// folder) from being read as one event.
pub const MAX_SESSIONS: usize = 16;

/// The most traveller lines over all sessions: one session's limit
/// ([`crate::limits::MAX_SESSION_RESULTS`], 2,000,000), since every
/// session is held at once, so the whole event costs what one session at
/// the limit costs; checked as each session is read, before the next.
pub const MAX_COMBINED_RESULTS: usize = crate::limits::MAX_SESSION_RESULTS;

/// How the sessions' figures make the overall figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Combine {
    /// Each pair's match-point totals added (`sum-of-matchpoints`): fits
    /// sessions with the same top and the same boards per pair.
    SumOfMatchPoints,
    /// The mean of each pair's session percentages (`mean-of-percentages`).
    MeanOfPercentages,
    /// The sum of each pair's session percentages (`sum-of-percentages`).
    SumOfPercentages,
}

impl Combine {
    /// Every rule, in the order `--help` lists them.
    pub const ALL: [Combine; 3] = [
        Combine::SumOfMatchPoints,
        Combine::MeanOfPercentages,
        Combine::SumOfPercentages,
    ];

    /// The name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Combine::SumOfMatchPoints => "sum-of-matchpoints",
            Combine::MeanOfPercentages => "mean-of-percentages",
            Combine::SumOfPercentages => "sum-of-percentages",
        }
    }

    /// The rule in words, for the trace.
    fn words(self) -> &'static str {
        match self {
            Combine::SumOfMatchPoints => "the sum of the sessions' match-point totals",
            Combine::MeanOfPercentages => "the mean of the sessions' percentages",
            Combine::SumOfPercentages => "the sum of the sessions' percentages",
        }
    }

    /// The unit of the combined figure.
    fn unit(self) -> &'static str {
        match self {
            Combine::SumOfMatchPoints => "MP",
            Combine::MeanOfPercentages | Combine::SumOfPercentages => "%",
        }
    }

    /// The figure of `sessions` (one pair's, in order) under the rule.
    fn of(self, figures: &[Score]) -> Score {
        let sum = figures.iter().fold(Score::ZERO, |a, b| a + b.clone());
        match self {
            Combine::SumOfMatchPoints | Combine::SumOfPercentages => sum,
            Combine::MeanOfPercentages => {
                let n = Score::integer(i64::try_from(figures.len()).unwrap_or(i64::MAX));
                sum.checked_div(&n).unwrap_or(sum)
            }
        }
    }
}

impl std::str::FromStr for Combine {
    type Err = String;
    fn from_str(s: &str) -> Result<Combine, String> {
        named(
            s,
            &Combine::ALL,
            Combine::name,
            "a rule for combining sessions",
        )
    }
}

/// The value of `all` whose `name` is `s` (`_` read as `-`), else a message
/// listing the names.
fn named<T: Copy>(
    s: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    what: &str,
) -> Result<T, String> {
    crate::display::by_name(all, name, &s.trim().replace('_', "-"))
        .map_err(|names| format!("{s:?} is not {what}: {names}"))
}

/// How a pair is recognised across sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum MatchBy {
    /// The pair number (the session's identifier: `7`, `3NS`), the same in
    /// every session (`pair-number`, the default).
    #[default]
    PairNumber,
    /// The players' names, in any order and case, spaces trimmed
    /// (`names`): for events whose pair numbers change between sessions.
    Names,
}

impl MatchBy {
    /// Every key, in the order `--help` lists them.
    pub const ALL: [MatchBy; 2] = [MatchBy::PairNumber, MatchBy::Names];

    /// The name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MatchBy::PairNumber => "pair-number",
            MatchBy::Names => "names",
        }
    }
}

impl std::str::FromStr for MatchBy {
    type Err = String;
    fn from_str(s: &str) -> Result<MatchBy, String> {
        named(s, &MatchBy::ALL, MatchBy::name, "a way to match pairs")
    }
}

/// Whether a tie in one session's own standings is split.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SessionTies {
    /// Shared (`shared`, the default): a session of a longer event is not
    /// "the tournament" whose winners 143.4(a) splits.
    #[default]
    Shared,
    /// Split for a session's first place, by 143.7.1 within that session
    /// alone (`split`): for a session with a trophy of its own.
    Split,
}

impl SessionTies {
    /// Every reading.
    pub const ALL: [SessionTies; 2] = [SessionTies::Shared, SessionTies::Split];

    /// The name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SessionTies::Shared => "shared",
            SessionTies::Split => "split",
        }
    }
}

impl std::str::FromStr for SessionTies {
    type Err = String;
    fn from_str(s: &str) -> Result<SessionTies, String> {
        named(
            s,
            &SessionTies::ALL,
            SessionTies::name,
            "a reading of session ties",
        )
    }
}

/// Which of its sessions count for a pair: every session of the event,
/// or, in a club series where not every pair plays every session, the
/// sessions it played or its best few (docs/sessions.md, "Club series").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Counting {
    /// Every pair plays every session and each counts (`every-session`,
    /// the default): a pair missing from a session is refused, naming it.
    #[default]
    EverySession,
    /// Every session a pair played counts (`sessions-played`): a club's
    /// "average over the sessions played", with a minimum played to be
    /// ranked (1 unless the rule sets one).
    SessionsPlayed,
    /// A pair's best `n` sessions count (`best-N`, e.g. `best-4`): a
    /// series' "best 4 scores", with a minimum played to be ranked (`n`
    /// unless the rule sets one); a pair ranked with fewer than `n` counts
    /// every session it played.
    Best(u32),
}

impl Counting {
    /// The names of the rules, as a message lists them.
    pub const NAMES: &'static str = "every-session, sessions-played, best-N (best-4)";

    /// The name in the command line and the page (`best-4`).
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Counting::EverySession => "every-session".to_owned(),
            Counting::SessionsPlayed => "sessions-played".to_owned(),
            Counting::Best(n) => format!("best-{n}"),
        }
    }

    /// The fewest sessions a pair must have played to be ranked, when the
    /// rule sets none: 1 for the sessions played, `n` for the best `n`;
    /// none when every pair plays every session.
    #[must_use]
    pub fn default_minimum(self) -> Option<u32> {
        match self {
            Counting::EverySession => None,
            Counting::SessionsPlayed => Some(1),
            Counting::Best(n) => Some(n),
        }
    }
}

impl std::str::FromStr for Counting {
    type Err = String;
    fn from_str(s: &str) -> Result<Counting, String> {
        let wanted = s.trim().replace('_', "-");
        match wanted.as_str() {
            "every-session" => Ok(Counting::EverySession),
            "sessions-played" => Ok(Counting::SessionsPlayed),
            other => other
                .strip_prefix("best-")
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| *n >= 1)
                .map(Counting::Best)
                .ok_or_else(|| {
                    format!(
                        "{s:?} is not a rule for which sessions count: {}",
                        Counting::NAMES
                    )
                }),
        }
    }
}

/// How a tie of a club series' overall standings is settled (docs/sessions.md,
/// "Reading: ties in a club series are shared").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SeriesTies {
    /// Every tied place shared (`shared`, the default): the pairs did not
    /// play one stage, so no test of 143.7.1 has a common ground (143.4).
    #[default]
    Shared,
    /// First place split by 143.7.1 over every session of the series, a
    /// board a pair did not play counted at its average (`split`).
    Split,
}

impl SeriesTies {
    /// Every reading.
    pub const ALL: [SeriesTies; 2] = [SeriesTies::Shared, SeriesTies::Split];

    /// The name on the command line and the page.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SeriesTies::Shared => "shared",
            SeriesTies::Split => "split",
        }
    }
}

impl std::str::FromStr for SeriesTies {
    type Err = String;
    fn from_str(s: &str) -> Result<SeriesTies, String> {
        named(
            s,
            &SeriesTies::ALL,
            SeriesTies::name,
            "a reading of a club series' ties",
        )
    }
}

/// An earlier stage carried into the final.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CarryForward {
    /// The exact share of the earlier stage's combined figure carried
    /// (`1/4`, `0.5`); above 0.
    pub fraction: Score,
    /// The first session of the final (from 1); the sessions before it are
    /// the earlier stage.
    pub final_from: usize,
}

impl CarryForward {
    /// A carry-forward of `fraction` into a final from session `final_from`
    /// (from 1).
    #[must_use]
    pub fn new(fraction: Score, final_from: usize) -> CarryForward {
        CarryForward {
            fraction,
            final_from,
        }
    }
}

/// The event's rule for its sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SessionsRule {
    /// How session figures combine.
    pub combine: Combine,
    /// How pairs are recognised across sessions.
    pub match_by: MatchBy,
    /// An earlier stage carried into the final, if any.
    pub carry_forward: Option<CarryForward>,
    /// Whether a session's own first place is split.
    pub session_ties: SessionTies,
    /// Which sessions count for each pair.
    pub counting: Counting,
    /// The fewest sessions a pair must have played to be ranked overall,
    /// if the rule sets it (else [`Counting::default_minimum`]); only for
    /// a series where not every pair plays every session.
    pub minimum: Option<u32>,
    /// How a club series' overall ties are settled.
    pub series_ties: SeriesTies,
}

impl SessionsRule {
    /// `combine`, pairs matched by number, no carry-forward, session ties
    /// shared.
    #[must_use]
    pub fn new(combine: Combine) -> SessionsRule {
        SessionsRule {
            combine,
            match_by: MatchBy::PairNumber,
            carry_forward: None,
            session_ties: SessionTies::Shared,
            counting: Counting::EverySession,
            minimum: None,
            series_ties: SeriesTies::Shared,
        }
    }

    /// The fewest sessions a pair must have played to be ranked: the
    /// rule's own, else its counting's default.
    #[must_use]
    pub fn minimum_played(&self) -> Option<u32> {
        self.minimum.or(self.counting.default_minimum())
    }

    /// Whether this is a club series: not every pair need play every
    /// session.
    #[must_use]
    pub fn is_series(&self) -> bool {
        self.counting != Counting::EverySession
    }
}

/// One session's file.
#[derive(Debug, Clone, Copy)]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a file's name, bytes and kind, built by name by every front end.
pub struct SessionFile<'a> {
    /// How the session is named (its file name).
    pub name: &'a str,
    /// The file's bytes.
    pub bytes: &'a [u8],
    /// The kind of file (an event file or a results file).
    pub kind: FileKind,
}

/// Why sessions cannot be combined: the error, and the session (from 0)
/// it is about, if one.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SessionsError {
    /// The session, by its place in the list (from 0).
    pub session: Option<usize>,
    /// What is wrong.
    pub error: EventError,
}

impl fmt::Display for SessionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl std::error::Error for SessionsError {}

fn bad(session: Option<usize>, message: String) -> SessionsError {
    SessionsError {
        session,
        error: EventError::new(Problem::inconsistent(message)),
    }
}

/// A pair in one session's own standings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SessionStanding {
    /// The pair as the session numbers it.
    pub id: ContestantId,
    /// The pair across the event (its key).
    pub key: ContestantId,
    /// The session's field ("NS", "EW", or none for one field).
    pub field: Option<Direction>,
    /// The match-point total the session ranks by.
    pub total: Score,
    /// The percentage.
    pub percentage: Score,
    /// The place in the session, from 1.
    pub place: u32,
    /// Whether the place is shared.
    pub tied: bool,
}

/// One session, as read and ranked on its own.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct SessionResult {
    /// The session's name (its file).
    pub name: String,
    /// The kind of file read (`USEBIO 1.2`, `Bridgemate .bws`, `event file`).
    pub source: String,
    /// Whether the session belongs to the earlier, carried-forward stage.
    pub carried: bool,
    /// Its boards are numbered from `board_offset + 1` in the stage's
    /// count-back (board `b` is `board_offset + b`).
    pub board_offset: u32,
    /// The pairs by place.
    pub standings: Vec<SessionStanding>,
    /// The split of its ties ([`SessionTies::Split`]).
    pub outcome: Option<TieBreakOutcome>,
}

/// A pair in the overall standings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct OverallStanding {
    /// The pair's key across sessions (its number, or its names).
    pub key: ContestantId,
    /// Its players, as the first session names them.
    pub players: Vec<String>,
    /// Its field when the sessions rank NS and EW apart.
    pub field: Option<Direction>,
    /// The figure of each session under the rule (match points or a
    /// percentage), in session order; `None` for an earlier-stage session
    /// the pair did not play.
    pub figures: Vec<Option<Score>>,
    /// Whether each session's figure counts in `stage` (a club series'
    /// best sessions; every figure of the final otherwise), in session
    /// order.
    pub counted: Vec<bool>,
    /// The earlier stage's combined figure times the fraction.
    pub carried: Option<Score>,
    /// The final stage's combined figure (every session's, without a
    /// carry-forward).
    pub stage: Score,
    /// The figure ranked: `stage` plus `carried`.
    pub total: Score,
    /// The place, from 1.
    pub place: u32,
    /// Whether the place is shared (a tie that 143.4 does not split, or
    /// that no test split).
    pub tied: bool,
}

/// Sessions combined.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Combined {
    /// The rule applied.
    pub rule: SessionsRule,
    /// Each session, in order.
    pub sessions: Vec<SessionResult>,
    /// The overall standings, by field then place.
    pub standings: Vec<OverallStanding>,
    /// The pairs of a club series that played fewer sessions than the
    /// rule's minimum: their figures, not ranked (place 0).
    pub not_ranked: Vec<OverallStanding>,
    /// The order and the decision trace of the overall ties (143.7.1).
    pub outcome: TieBreakOutcome,
    /// What was applied, in words: the rule, the key, the carry-forward,
    /// the stage the ties are split in and the boards' numbering.
    pub trace: Vec<String>,
}

impl Combined {
    /// Whether a tie, overall or in a session split by
    /// [`SessionTies::Split`], is left to a play-off or a random ballot.
    #[must_use]
    pub fn needs_human(&self) -> bool {
        std::iter::once(&self.outcome)
            .chain(self.sessions.iter().filter_map(|s| s.outcome.as_ref()))
            .flat_map(|o| &o.order)
            .any(|g| {
                matches!(
                    g.unresolved,
                    Some(
                        countback_model::Unresolved::PlayOff { .. }
                            | countback_model::Unresolved::RandomBallot { .. }
                    )
                )
            })
    }

    /// The unit of the overall figure (`MP` or `%`).
    #[must_use]
    pub fn unit(&self) -> &'static str {
        self.rule.combine.unit()
    }
}

/// A session reduced to what combining reads.
struct Read {
    name: String,
    source: String,
    pairs: Vec<Pair>,
    boards: Vec<Board>,
}

struct Pair {
    id: ContestantId,
    players: Vec<String>,
    field: Option<Direction>,
    total: Score,
    percentage: Score,
    place: u32,
    tied: bool,
}

struct Board {
    number: u32,
    top: Score,
    /// NS, EW, their match points, whether played at the table.
    lines: Vec<(ContestantId, ContestantId, Score, Score, bool)>,
}

fn read_session(index: usize, file: &SessionFile<'_>) -> Result<Read, SessionsError> {
    let at = |error: EventError| SessionsError {
        session: Some(index),
        error,
    };
    match file.kind {
        FileKind::Results => {
            let r = crate::results::rescore(file.bytes, &RawOptions::default()).map_err(at)?;
            if r.session.event != countback_usebio::EventKind::MatchPointPairs {
                return Err(bad(
                    Some(index),
                    format!(
                        "{}: a {} session; sessions are combined from match-pointed pairs sessions",
                        file.name,
                        r.session.event.usebio_name()
                    ),
                ));
            }
            let players: BTreeMap<&ContestantId, &Vec<String>> = r
                .session
                .participants
                .iter()
                .map(|p| (&p.id, &p.players))
                .collect();
            let pairs = r
                .rescore
                .standings
                .iter()
                .filter(|s| s.ranked)
                .map(|s| {
                    Ok(Pair {
                        id: s.id.clone(),
                        players: players.get(&s.id).map(|p| (*p).clone()).unwrap_or_default(),
                        field: s.field,
                        total: s.total.clone(),
                        percentage: s.percentage.clone().ok_or_else(|| {
                            bad(
                                Some(index),
                                format!("{}: {} has no percentage", file.name, s.id),
                            )
                        })?,
                        place: s.place,
                        tied: s.tied,
                    })
                })
                .collect::<Result<Vec<_>, SessionsError>>()?;
            let boards = r
                .rescore
                .boards
                .iter()
                .map(|b| Board {
                    number: b.number.0,
                    top: b.top.clone().unwrap_or_default(),
                    lines: b
                        .lines
                        .iter()
                        .filter_map(|l| {
                            Some((
                                l.ns.clone(),
                                l.ew.clone(),
                                l.ns_score.clone()?,
                                l.ew_score.clone()?,
                                !matches!(
                                    l.treatment,
                                    countback_usebio::Treatment::Artificial
                                        | countback_usebio::Treatment::NotPlayed
                                ),
                            ))
                        })
                        .collect(),
                })
                .collect();
            Ok(Read {
                name: file.name.to_owned(),
                source: r.session.format.name(),
                pairs,
                boards,
            })
        }
        FileKind::Event(notation) => {
            let text = std::str::from_utf8(file.bytes).map_err(|_| {
                bad(
                    Some(index),
                    format!("{}: an event file is UTF-8 text", file.name),
                )
            })?;
            let event = Event::parse(Source::new(text, notation)).map_err(at)?;
            let scored = event.score(&RawOptions::default()).map_err(at)?;
            let names = event.names();
            let mut pairs = Vec::new();
            for f in &scored.fields {
                let field = match f.name {
                    "NS" => Some(Direction::NorthSouth),
                    "EW" => Some(Direction::EastWest),
                    _ => None,
                };
                for p in &f.places {
                    for m in &p.members {
                        let Some(s) = f.standings.iter().find(|s| &s.pair == m) else {
                            continue;
                        };
                        pairs.push(Pair {
                            id: m.clone(),
                            players: names.get(m).cloned().into_iter().collect(),
                            field,
                            total: s.total.clone(),
                            percentage: s.percentage.clone(),
                            place: u32::try_from(p.place).unwrap_or(u32::MAX),
                            tied: p.members.len() > 1,
                        });
                    }
                }
            }
            let boards = scored
                .boards()
                .map(|b| {
                    let b = b.table();
                    Board {
                        number: b.board.0,
                        top: b.top,
                        lines: b
                            .lines
                            .into_iter()
                            .filter_map(|l| {
                                let (ns, ew) = l.scored?;
                                Some((l.ns, l.ew, ns, ew, l.ns_points.is_some()))
                            })
                            .collect(),
                    }
                })
                .collect();
            Ok(Read {
                name: file.name.to_owned(),
                source: "event file".to_owned(),
                pairs,
                boards,
            })
        }
        FileKind::Trf => Err(bad(
            Some(index),
            format!(
                "{}: a TRF file is a chess event, not a bridge session",
                file.name
            ),
        )),
    }
}

/// The key of a pair under `by`.
fn key_of(pair: &Pair, by: MatchBy) -> Option<ContestantId> {
    match by {
        MatchBy::PairNumber => Some(pair.id.clone()),
        MatchBy::Names => {
            let mut names: Vec<String> = pair
                .players
                .iter()
                .map(|n| {
                    n.split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                        .to_lowercase()
                })
                .filter(|n| !n.is_empty())
                .collect();
            if names.is_empty() {
                return None;
            }
            names.sort();
            Some(ContestantId::new(names.join(" & ")))
        }
    }
}

/// Combine `files` by `rule`: every session read and ranked on its own,
/// each pair's figures combined, and every tie of the overall standings
/// split by EBU 143.7.1 within the stage in which it occurred (in a club
/// series, shared).
///
/// # Errors
/// A session that cannot be read or scored (naming it); a session that is
/// not match-pointed pairs; a pair missing from a session it must have
/// played (every session, or with a carry-forward every session of the
/// final and of the earlier stage), named with the session; two pairs of a
/// session with one key; a carry-forward whose fraction is not above 0 or
/// whose final is not after the first session and within the list; a club
/// series' minimum that is 0, above the sessions given, or set where every
/// pair plays every session, and a club series with a carry-forward.
pub fn combine(files: &[SessionFile<'_>], rule: &SessionsRule) -> Result<Combined, SessionsError> {
    if files.len() < 2 {
        return Err(bad(
            None,
            format!(
                "{} session given: a multi-session event combines two or more",
                files.len()
            ),
        ));
    }
    let final_from = final_from(rule, files.len())?;
    check_series(rule, files.len())?;
    let reads = read_all(files)?;
    combine_read(&reads, rule, final_from)
}

/// The first session of the final (from 0; 0 with no carry-forward), its
/// fraction and place checked.
fn final_from(rule: &SessionsRule, sessions: usize) -> Result<usize, SessionsError> {
    let Some(c) = &rule.carry_forward else {
        return Ok(0);
    };
    if c.fraction <= Score::ZERO {
        return Err(SessionsError {
            session: None,
            error: EventError::new(Problem::out_of_range(
                c.fraction.to_string(),
                "a carry-forward fraction above 0",
            )),
        });
    }
    if c.final_from < 2 || c.final_from > sessions {
        return Err(SessionsError {
            session: None,
            error: EventError::new(Problem::out_of_range(
                c.final_from.to_string(),
                format!(
                "the first session of the final: from 2 to {sessions} (the sessions before it are carried forward)"
            ),
            )),
        });
    }
    Ok(c.final_from - 1)
}

/// A club series' counting rule checked against the rest of the rule and
/// the sessions given.
fn check_series(rule: &SessionsRule, sessions: usize) -> Result<(), SessionsError> {
    let refuse = |problem: Problem| {
        Err(SessionsError {
            session: None,
            error: EventError::new(problem),
        })
    };
    if let Counting::Best(0) = rule.counting {
        return refuse(Problem::out_of_range(
            rule.counting.name(),
            "best-N with N at least 1",
        ));
    }
    if !rule.is_series() {
        if rule.series_ties != SeriesTies::Shared {
            return refuse(Problem::inconsistent(format!(
                "the reading of a club series' ties applies to a club series, where not every pair plays every session: choose which sessions count ({})",
                Counting::NAMES
            )));
        }
        if let Some(m) = rule.minimum {
            return refuse(Problem::inconsistent(format!(
                "a minimum of {m} sessions played applies to a club series, where not every pair plays every session: choose which sessions count ({})",
                Counting::NAMES
            )));
        }
        return Ok(());
    }
    if rule.carry_forward.is_some() {
        return refuse(Problem::inconsistent(format!(
            "a carry-forward ranks the pairs of the final, who play every session; {} counts each pair's own sessions: choose one",
            rule.counting.name()
        )));
    }
    match rule.minimum_played() {
        Some(m) if m == 0 || usize::try_from(m).map_or(true, |m| m > sessions) => {
            refuse(Problem::out_of_range(
                m.to_string(),
                format!(
                "the fewest sessions a pair must play to be ranked: from 1 to {sessions} (the sessions given)"
            ),
            ))
        }
        _ => Ok(()),
    }
}

/// Every session read, within [`MAX_SESSIONS`] and
/// [`MAX_COMBINED_RESULTS`] (checked as each is read, before the next).
fn read_all(files: &[SessionFile<'_>]) -> Result<Vec<Read>, SessionsError> {
    let too_large = |what: String, limit: usize, hint: &str| SessionsError {
        session: None,
        error: EventError::new(Problem::TooLarge {
            what,
            limit: limit.to_string(),
            hint: hint.to_owned(),
        }),
    };
    if files.len() > MAX_SESSIONS {
        return Err(too_large(
            format!("{} sessions", files.len()),
            MAX_SESSIONS,
            "combine the sessions of one event",
        ));
    }
    let mut reads = Vec::with_capacity(files.len());
    let mut results = 0usize;
    for (i, f) in files.iter().enumerate() {
        let r = read_session(i, f)?;
        results = results.saturating_add(r.boards.iter().map(|b| b.lines.len()).sum::<usize>());
        if results > MAX_COMBINED_RESULTS {
            return Err(too_large(
                format!("{results} traveller lines in sessions 1–{}", i + 1),
                MAX_COMBINED_RESULTS,
                "combine fewer or smaller sessions",
            ));
        }
        reads.push(r);
    }
    Ok(reads)
}

/// The sessions read, each pair by its key across the event.
struct Keyed<'a> {
    reads: &'a [Read],
    /// Each session's pairs: key → index in its `pairs`.
    keyed: Vec<BTreeMap<ContestantId, usize>>,
}

impl Keyed<'_> {
    /// The pair `k` in session `i`, if it played it.
    fn pair_of(&self, i: usize, k: &ContestantId) -> Option<&Pair> {
        let j = self.keyed.get(i)?.get(k)?;
        self.reads.get(i)?.pairs.get(*j)
    }

    /// Session `i`'s pairs: its own id → the key across the event.
    fn keys_of(&self, i: usize) -> BTreeMap<ContestantId, ContestantId> {
        let (Some(map), Some(r)) = (self.keyed.get(i), self.reads.get(i)) else {
            return BTreeMap::new();
        };
        map.iter()
            .filter_map(|(k, j)| r.pairs.get(*j).map(|p| (p.id.clone(), k.clone())))
            .collect()
    }
}

/// Each session's pairs by their key under `by`; two pairs of a session
/// with one key, or a pair with no key, refused.
fn key_sessions(reads: &[Read], by: MatchBy) -> Result<Keyed<'_>, SessionsError> {
    let mut keyed: Vec<BTreeMap<ContestantId, usize>> = Vec::with_capacity(reads.len());
    for (i, r) in reads.iter().enumerate() {
        let mut map = BTreeMap::new();
        for (j, p) in r.pairs.iter().enumerate() {
            let key = key_of(p, by).ok_or_else(|| {
                bad(
                    Some(i),
                    format!(
                        "{}: pair {} has no player names to match it by (pairs matched by names)",
                        r.name, p.id
                    ),
                )
            })?;
            if let Some(other) = map.insert(key.clone(), j) {
                let first = r
                    .pairs
                    .get(other)
                    .map(|p| p.id.to_string())
                    .unwrap_or_default();
                return Err(bad(
                    Some(i),
                    format!(
                        "{}: pairs {first} and {} are both {key:?} (pairs matched by {})",
                        r.name,
                        p.id,
                        by.name()
                    ),
                ));
            }
        }
        keyed.push(map);
    }
    Ok(Keyed { reads, keyed })
}

/// The pairs of the overall standings. Every session counting: those of
/// the final's first session (or of the first session), each required in
/// every other session it must have played. A club series: every pair
/// that played any session.
fn ranked_pairs(
    k: &Keyed<'_>,
    rule: &SessionsRule,
    final_from: usize,
) -> Result<Vec<ContestantId>, SessionsError> {
    if rule.is_series() {
        let all: BTreeSet<&ContestantId> = k.keyed.iter().flat_map(BTreeMap::keys).collect();
        return Ok(all.into_iter().cloned().collect());
    }
    let first = k.keyed.get(final_from).cloned().unwrap_or_default();
    let ranked: Vec<ContestantId> = first.keys().cloned().collect();
    for (i, map) in k.keyed.iter().enumerate() {
        let Some(r) = k.reads.get(i) else { continue };
        if let Some(missing) = ranked.iter().find(|p| !map.contains_key(*p)) {
            let stage = if i < final_from {
                "the earlier stage carried forward"
            } else {
                "the final"
            };
            return Err(bad(
                Some(i),
                format!(
                    "{missing} (matched by {}) has no score in session {} ({}), a session of {}",
                    rule.match_by.name(),
                    i + 1,
                    r.name,
                    if final_from == 0 { "the event" } else { stage }
                ),
            ));
        }
        if i >= final_from {
            if let Some(extra) = map.keys().find(|p| !first.contains_key(*p)) {
                return Err(bad(
                    Some(i),
                    format!(
                        "{extra} (matched by {}) played session {} ({}) but not session {} ({})",
                        rule.match_by.name(),
                        i + 1,
                        r.name,
                        final_from + 1,
                        k.reads.get(final_from).map_or("", |r| r.name.as_str())
                    ),
                ));
            }
        }
    }
    Ok(ranked)
}

/// Which of `figures` (one pair's, by session; `None` where it did not
/// play) count under `rule`: every figure of the final; in a club series
/// the sessions played, or the best `n` of them (the earlier session first
/// between equal figures).
fn counted(figures: &[Option<Score>], rule: &SessionsRule, final_from: usize) -> Vec<bool> {
    let mut counted: Vec<bool> = figures
        .iter()
        .enumerate()
        .map(|(i, f)| i >= final_from && f.is_some())
        .collect();
    if let Counting::Best(n) = rule.counting {
        let mut played: Vec<(usize, &Score)> = figures
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.as_ref().map(|f| (i, f)))
            .collect();
        // Best first; between equal figures the earlier session.
        played.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(&b.0)));
        let best = usize::try_from(n).unwrap_or(usize::MAX);
        for (i, _) in played.into_iter().skip(best) {
            if let Some(c) = counted.get_mut(i) {
                *c = false;
            }
        }
    }
    counted
}

/// Each pair's figures, what counts, the carry and the total; in a club
/// series, the pairs that played fewer sessions than the minimum apart
/// (not ranked).
fn overall_figures(
    k: &Keyed<'_>,
    ranked: &[ContestantId],
    rule: &SessionsRule,
    final_from: usize,
) -> (Vec<OverallStanding>, Vec<OverallStanding>) {
    let figure = |p: &Pair| match rule.combine {
        Combine::SumOfMatchPoints => p.total.clone(),
        Combine::MeanOfPercentages | Combine::SumOfPercentages => p.percentage.clone(),
    };
    let sessions = k.reads.len();
    // Fields: NS and EW apart when every session ranks them apart and each
    // pair keeps its field.
    let by_field = ranked.iter().all(|p| {
        let fields: BTreeSet<Option<Direction>> = (final_from..sessions)
            .filter_map(|i| k.pair_of(i, p).map(|p| p.field))
            .collect();
        fields.len() == 1 && fields.iter().all(Option::is_some)
    });
    let minimum = rule
        .minimum_played()
        .and_then(|m| usize::try_from(m).ok())
        .unwrap_or(0);
    let mut overall: Vec<OverallStanding> = Vec::with_capacity(ranked.len());
    let mut not_ranked = Vec::new();
    for p in ranked {
        let figures: Vec<Option<Score>> = (0..sessions)
            .map(|i| k.pair_of(i, p).map(&figure))
            .collect();
        let counted = counted(&figures, rule, final_from);
        let stage_figures: Vec<Score> = figures
            .iter()
            .zip(&counted)
            .filter(|(_, c)| **c)
            .filter_map(|(f, _)| f.clone())
            .collect();
        let stage = rule.combine.of(&stage_figures);
        let carried = rule.carry_forward.as_ref().map(|c| {
            let earlier: Vec<Score> = figures
                .get(..final_from)
                .unwrap_or_default()
                .iter()
                .flatten()
                .cloned()
                .collect();
            rule.combine.of(&earlier) * c.fraction.clone()
        });
        let total = stage.clone() + carried.clone().unwrap_or_default();
        // Its players as the first session it played names them.
        let head = (final_from..sessions).find_map(|i| k.pair_of(i, p));
        let played = figures.iter().flatten().count();
        let standing = OverallStanding {
            key: p.clone(),
            players: head.map(|p| p.players.clone()).unwrap_or_default(),
            field: if by_field {
                head.and_then(|p| p.field)
            } else {
                None
            },
            figures,
            counted,
            carried,
            stage,
            total,
            place: 0,
            tied: false,
        };
        if played < minimum {
            not_ranked.push(standing);
        } else {
            overall.push(standing);
        }
    }
    (overall, not_ranked)
}

/// Board numbers of the stage: each session's boards follow the last
/// board of the session before (from 0 again at the final).
fn board_offsets(reads: &[Read], final_from: usize) -> Vec<u32> {
    let mut offsets = Vec::with_capacity(reads.len());
    let mut offset = 0u32;
    for (i, r) in reads.iter().enumerate() {
        if i == final_from {
            offset = 0;
        }
        offsets.push(offset);
        offset = offset.saturating_add(r.boards.iter().map(|b| b.number).max().unwrap_or(0));
    }
    offsets
}

/// What each overall place is for: first place split (143.4(a)), any other
/// shared; in a club series every place shared (docs/sessions.md).
fn overall_purposes(rule: &SessionsRule) -> Result<PlacePurposes, SessionsError> {
    let first = if rule.is_series() && rule.series_ties == SeriesTies::Shared {
        TiePurpose::SharedPlace
    } else {
        TiePurpose::Title
    };
    PlacePurposes::new(TiePurpose::SharedPlace, BTreeMap::from([(1, first)])).map_err(|e| {
        SessionsError {
            session: None,
            error: EventError::new(Problem::Ebu(e)),
        }
    })
}

/// Sessions combined once read: the pure rule, with no file in it.
fn combine_read(
    reads: &[Read],
    rule: &SessionsRule,
    final_from: usize,
) -> Result<Combined, SessionsError> {
    let k = key_sessions(reads, rule.match_by)?;
    let ranked = ranked_pairs(&k, rule, final_from)?;
    let (mut overall, not_ranked) = overall_figures(&k, &ranked, rule, final_from);
    let offsets = board_offsets(reads, final_from);
    let procedure = EbuProcedure::white_book();
    let purposes = overall_purposes(rule)?;
    let outcome = place_overall(
        &k,
        &mut overall,
        &offsets,
        final_from,
        &procedure,
        &purposes,
    )?;
    let sessions = session_results(&k, &offsets, rule, final_from, &procedure, &purposes)?;
    Ok(Combined {
        rule: rule.clone(),
        sessions,
        standings: overall,
        not_ranked,
        outcome,
        trace: trace_of(reads, rule, final_from, &offsets),
    })
}

/// The overall places, field by field, each tie split within the stage by
/// `purposes`; `overall` sorted by field then place.
fn place_overall(
    k: &Keyed<'_>,
    overall: &mut [OverallStanding],
    offsets: &[u32],
    final_from: usize,
    procedure: &EbuProcedure,
    purposes: &PlacePurposes,
) -> Result<TieBreakOutcome, SessionsError> {
    let keys_of = |i: usize| k.keys_of(i);
    let stage_reads: Vec<(usize, &Read)> = k.reads.iter().enumerate().skip(final_from).collect();
    let scores: BTreeMap<ContestantId, Score> = overall
        .iter()
        .map(|o| (o.key.clone(), o.stage.clone()))
        .collect();
    let stage = ebu_stage(&stage_reads, offsets, &keys_of, &scores)?;
    let by_field = overall.iter().any(|o| o.field.is_some());
    let fields: Vec<Option<Direction>> = if by_field {
        vec![Some(Direction::NorthSouth), Some(Direction::EastWest)]
    } else {
        vec![None]
    };
    let totals: BTreeMap<ContestantId, Score> = overall
        .iter()
        .map(|o| (o.key.clone(), o.total.clone()))
        .collect();
    let mut outcome = TieBreakOutcome::default();
    for f in &fields {
        let members: Vec<ContestantId> = overall
            .iter()
            .filter(|o| o.field == *f)
            .map(|o| o.key.clone())
            .collect();
        let o = procedure
            .field_standings(&stage, &members, |c| totals.get(c).cloned(), purposes)
            .map_err(|e| SessionsError {
                session: None,
                error: EventError::new(Problem::Ebu(e)),
            })?;
        let placed = places(&o);
        for s in overall.iter_mut().filter(|s| s.field == *f) {
            if let Some((place, tied)) = placed.get(&s.key) {
                s.place = *place;
                s.tied = *tied;
            }
        }
        outcome.order.extend(o.order);
        outcome.trace.extend(o.trace);
    }
    overall.sort_by(|a, b| {
        (a.field.map(|d| d == Direction::EastWest), a.place, &a.key).cmp(&(
            b.field.map(|d| d == Direction::EastWest),
            b.place,
            &b.key,
        ))
    });
    Ok(outcome)
}

/// Each session's own standings, its pairs keyed, its first place split
/// when the rule says so.
fn session_results(
    k: &Keyed<'_>,
    offsets: &[u32],
    rule: &SessionsRule,
    final_from: usize,
    procedure: &EbuProcedure,
    purposes: &PlacePurposes,
) -> Result<Vec<SessionResult>, SessionsError> {
    let keys_of = |i: usize| k.keys_of(i);
    let mut sessions = Vec::with_capacity(k.reads.len());
    for (i, r) in k.reads.iter().enumerate() {
        let keys = keys_of(i);
        let mut standings: Vec<SessionStanding> = r
            .pairs
            .iter()
            .filter_map(|p| {
                Some(SessionStanding {
                    id: p.id.clone(),
                    key: keys.get(&p.id)?.clone(),
                    field: p.field,
                    total: p.total.clone(),
                    percentage: p.percentage.clone(),
                    place: p.place,
                    tied: p.tied,
                })
            })
            .collect();
        let split = match rule.session_ties {
            SessionTies::Shared => None,
            SessionTies::Split => Some(split_session(
                i,
                r,
                offsets,
                &keys_of,
                &mut standings,
                procedure,
                purposes,
            )?),
        };
        sessions.push(SessionResult {
            name: r.name.clone(),
            source: r.source.clone(),
            carried: i < final_from,
            board_offset: offsets.get(i).copied().unwrap_or(0),
            standings,
            outcome: split,
        });
    }
    Ok(sessions)
}

/// `sessions from–to` (from 0, to from 1) in words.
fn stage_names(from: usize, to: usize) -> String {
    if from + 1 == to {
        format!("session {to}")
    } else {
        format!("sessions {}–{to}", from + 1)
    }
}

/// What was applied, in words: the rule, the key, what counts, the
/// carry-forward, the stage the ties are split in and the boards'
/// numbering.
fn trace_of(
    reads: &[Read],
    rule: &SessionsRule,
    final_from: usize,
    offsets: &[u32],
) -> Vec<String> {
    let mut trace = vec![
        format!(
            "combined by {} ({})",
            rule.combine.words(),
            rule.combine.name()
        ),
        match rule.match_by {
            MatchBy::PairNumber => "pairs matched across sessions by pair number".to_owned(),
            MatchBy::Names => {
                "pairs matched across sessions by their players' names, in any order and case"
                    .to_owned()
            }
        },
    ];
    if let Some(c) = &rule.carry_forward {
        trace.push(format!(
            "carry-forward: {} of {} over {} is added to the final ({}); pairs of the earlier stage not in the final are not ranked overall",
            c.fraction,
            rule.combine.words(),
            stage_names(0, final_from),
            stage_names(final_from, reads.len())
        ));
    }
    if rule.is_series() {
        trace.extend(series_trace(rule, reads.len()));
    } else {
        trace.push(format!(
            "ties in the overall standings split by EBU 143.7.1 within the stage in which they occur: {} (EBU 143.6.1: no reference to an earlier stage or a carry-forward); first place split (143.4(a)), any other tied place shared",
            stage_names(final_from, reads.len())
        ));
    }
    for (i, r) in reads.iter().enumerate().skip(final_from) {
        let off = offsets.get(i).copied().unwrap_or(0);
        if off > 0 && !(rule.is_series() && rule.series_ties == SeriesTies::Shared) {
            trace.push(format!(
                "in the count-back, board b of session {} ({}) is board {off} + b of the stage",
                i + 1,
                r.name
            ));
        }
    }
    if rule.session_ties == SessionTies::Split {
        trace.push(
            "each session's first place split by EBU 143.7.1 within that session alone".to_owned(),
        );
    }
    trace
}

/// A club series' lines of the trace: what counts, who is ranked, how
/// ties are settled.
fn series_trace(rule: &SessionsRule, sessions: usize) -> Vec<String> {
    let minimum = rule.minimum_played().unwrap_or(1);
    let counts = match rule.counting {
        Counting::Best(n) => format!(
            "a club series ({}): each pair's best {n} of the sessions it played count (with fewer, every one it played); the others are shown in brackets",
            rule.counting.name()
        ),
        _ => format!(
            "a club series ({}): every session a pair played counts",
            rule.counting.name()
        ),
    };
    let ties = match rule.series_ties {
        SeriesTies::Shared => "ties in the overall standings shared: the pairs of a club series did not play one stage together (EBU 143.6.1 splits a tie within the stage in which it occurred), so no test of EBU 143.7.1 applies (EBU 143.4: tied contestants share)".to_owned(),
        SeriesTies::Split => format!(
            "ties in the overall standings: first place split by EBU 143.7.1 over every session of the series ({}), a board a pair did not play at its average; any other tied place shared (the split reading of a club series' ties)",
            stage_names(0, sessions)
        ),
    };
    vec![
        counts,
        format!(
            "a pair is ranked when it played at least {minimum} of the {sessions} sessions; the others are listed, not ranked"
        ),
        ties,
    ]
}

/// Each member's place (from 1) and whether it is shared, from an order.
fn places(o: &TieBreakOutcome) -> BTreeMap<ContestantId, (u32, bool)> {
    let mut out = BTreeMap::new();
    let mut place = 1u32;
    for g in &o.order {
        for m in &g.members {
            out.insert(m.clone(), (place, g.members.len() > 1));
        }
        place = place.saturating_add(u32::try_from(g.members.len()).unwrap_or(u32::MAX));
    }
    out
}

/// The EBU stage of `sessions`: every pair by its key with `scores` as its
/// final score; each meeting of two pairs in a session a round, in match
/// points; every board of every session (numbered past the boards of the
/// sessions before) for the count-back.
fn ebu_stage(
    sessions: &[(usize, &Read)],
    offsets: &[u32],
    keys_of: &dyn Fn(usize) -> BTreeMap<ContestantId, ContestantId>,
    scores: &BTreeMap<ContestantId, Score>,
) -> Result<Stage, SessionsError> {
    let ebu = |e: countback_tiebreak_ebu::EbuError| SessionsError {
        session: None,
        error: EventError::new(Problem::Ebu(e)),
    };
    let standings = Standings::new(
        scores
            .iter()
            .map(|(k, s)| FinalStanding::full(k.clone(), s.clone())),
    )
    .map_err(ebu)?;
    let mut meetings: BTreeMap<(usize, ContestantId, ContestantId), (Score, Score)> =
        BTreeMap::new();
    let mut boards = Vec::new();
    for (i, r) in sessions {
        let keys = keys_of(*i);
        let off = offsets.get(*i).copied().unwrap_or(0);
        for b in &r.boards {
            let mut results = BTreeMap::new();
            for (ns, ew, ns_mp, ew_mp, played) in &b.lines {
                let (Some(n), Some(e)) = (keys.get(ns), keys.get(ew)) else {
                    continue;
                };
                if !scores.contains_key(n) || !scores.contains_key(e) {
                    continue;
                }
                let result = |s: &Score| {
                    if *played {
                        BoardResult::Played(s.clone())
                    } else {
                        BoardResult::Unplayed { awarded: s.clone() }
                    }
                };
                results.insert(n.clone(), result(ns_mp));
                results.insert(e.clone(), result(ew_mp));
                if *played {
                    let (lo, hi, a, z) = if n < e {
                        (n, e, ns_mp, ew_mp)
                    } else {
                        (e, n, ew_mp, ns_mp)
                    };
                    let m = meetings
                        .entry((*i, lo.clone(), hi.clone()))
                        .or_insert((Score::ZERO, Score::ZERO));
                    m.0 += a.clone();
                    m.1 += z.clone();
                }
            }
            boards.push(EbuBoard {
                number: BoardNumber(off.saturating_add(b.number)),
                average: b.top.checked_div(&Score::integer(2)).unwrap_or_default(),
                results,
            });
        }
    }
    let met: BTreeSet<(&ContestantId, &ContestantId)> =
        meetings.keys().map(|(_, a, b)| (a, b)).collect();
    let n = scores.len();
    let all_play_all = n > 1 && met.len() == n * (n - 1) / 2;
    let encounters = meetings
        .into_iter()
        .map(|((i, first, second), (a, b))| Encounter {
            round: RoundNumber(u32::try_from(i + 1).unwrap_or(u32::MAX)),
            first,
            second,
            scores: vec![SideScores {
                unit: Unit::MatchPoints,
                first: a,
                second: b,
            }],
            status: EncounterStatus::Played,
            weight: Score::ONE,
        })
        .collect();
    Ok(Stage {
        format: EventFormat {
            scoring: Scoring::unconverted(Unit::MatchPoints),
            all_play_all,
            contestants: ContestantKind::Pair,
            grouping: MatchGrouping::Rounds,
            draw_score: countback_tiebreak_ebu::draw_score(None).map_err(ebu)?,
        },
        standings,
        encounters,
        partnerships: vec![],
        boards,
        penalties: vec![],
        conversion: PenaltyConversion::standard(),
    })
}

/// Split session `i`'s first place by 143.7.1 within the session alone,
/// and set its places from the split.
fn split_session(
    i: usize,
    r: &Read,
    offsets: &[u32],
    keys_of: &dyn Fn(usize) -> BTreeMap<ContestantId, ContestantId>,
    standings: &mut [SessionStanding],
    procedure: &EbuProcedure,
    purposes: &PlacePurposes,
) -> Result<TieBreakOutcome, SessionsError> {
    let ebu = |e: countback_tiebreak_ebu::EbuError| SessionsError {
        session: Some(i),
        error: EventError::new(Problem::Ebu(e)),
    };
    let scores: BTreeMap<ContestantId, Score> = standings
        .iter()
        .map(|s| (s.key.clone(), s.percentage.clone()))
        .collect();
    let stage = ebu_stage(&[(i, r)], offsets, keys_of, &scores)?;
    let mut out = TieBreakOutcome::default();
    let fields: BTreeSet<Option<Direction>> = standings.iter().map(|s| s.field).collect();
    for f in fields {
        let members: Vec<ContestantId> = standings
            .iter()
            .filter(|s| s.field == f)
            .map(|s| s.key.clone())
            .collect();
        let o = procedure
            .field_standings(&stage, &members, |c| scores.get(c).cloned(), purposes)
            .map_err(ebu)?;
        let placed = places(&o);
        for s in standings.iter_mut().filter(|s| s.field == f) {
            if let Some((place, tied)) = placed.get(&s.key) {
                s.place = *place;
                s.tied = *tied;
            }
        }
        out.order.extend(o.order);
        out.trace.extend(o.trace);
    }
    Ok(out)
}
