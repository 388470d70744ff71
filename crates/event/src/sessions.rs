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
        }
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
        error: EventError::new(crate::Contradiction::AcrossSessions(message)),
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
/// split by EBU 143.7.1 within the stage in which it occurred.
///
/// # Errors
/// A session that cannot be read or scored (naming it); a session that is
/// not match-pointed pairs; a pair missing from a session it must have
/// played (every session, or with a carry-forward every session of the
/// final and of the earlier stage), named with the session; two pairs of a
/// session with one key; a carry-forward whose fraction is not above 0 or
/// whose final is not after the first session and within the list.
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
    let final_from = match &rule.carry_forward {
        Some(c) => {
            if c.fraction <= Score::ZERO {
                return Err(SessionsError {
                    session: None,
                    error: EventError::new(Problem::out_of_range(
                        c.fraction.to_string(),
                        "a carry-forward fraction above 0",
                    )),
                });
            }
            if c.final_from < 2 || c.final_from > files.len() {
                return Err(SessionsError {
                    session: None,
                    error: EventError::new(Problem::out_of_range(c.final_from.to_string(), format!(
                            "the first session of the final: from 2 to {} (the sessions before it are carried forward)",
                            files.len()
                        ))),
                });
            }
            c.final_from - 1
        }
        None => 0,
    };
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

    // Each session's pairs by key.
    let mut keyed: Vec<BTreeMap<ContestantId, usize>> = Vec::with_capacity(reads.len());
    for (i, r) in reads.iter().enumerate() {
        let mut map = BTreeMap::new();
        for (j, p) in r.pairs.iter().enumerate() {
            let key = key_of(p, rule.match_by).ok_or_else(|| {
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
                        rule.match_by.name()
                    ),
                ));
            }
        }
        keyed.push(map);
    }

    // The pairs ranked overall: those of the final's first session (or of
    // the first session), each required in every other session it must
    // have played.
    let first = keyed.get(final_from).cloned().unwrap_or_default();
    let ranked: Vec<ContestantId> = first.keys().cloned().collect();
    for (i, map) in keyed.iter().enumerate() {
        let Some(r) = reads.get(i) else { continue };
        for k in &ranked {
            if !map.contains_key(k) {
                let stage = if i < final_from {
                    "the earlier stage carried forward"
                } else {
                    "the final"
                };
                return Err(bad(
                    Some(i),
                    format!(
                        "{k} (matched by {}) has no score in session {} ({}), a session of {}",
                        rule.match_by.name(),
                        i + 1,
                        r.name,
                        if final_from == 0 { "the event" } else { stage }
                    ),
                ));
            }
        }
        if i >= final_from {
            if let Some(extra) = map.keys().find(|k| !first.contains_key(*k)) {
                return Err(bad(
                    Some(i),
                    format!(
                        "{extra} (matched by {}) played session {} ({}) but not session {} ({})",
                        rule.match_by.name(),
                        i + 1,
                        r.name,
                        final_from + 1,
                        reads.get(final_from).map_or("", |r| r.name.as_str())
                    ),
                ));
            }
        }
    }

    let figure = |p: &Pair| match rule.combine {
        Combine::SumOfMatchPoints => p.total.clone(),
        Combine::MeanOfPercentages | Combine::SumOfPercentages => p.percentage.clone(),
    };
    let pair_of = |i: usize, k: &ContestantId| -> Option<&Pair> {
        let j = keyed.get(i)?.get(k)?;
        reads.get(i)?.pairs.get(*j)
    };

    // Fields: NS and EW apart when every session ranks them apart and each
    // pair keeps its field.
    let by_field = ranked.iter().all(|k| {
        let fields: BTreeSet<Option<Direction>> = (final_from..reads.len())
            .filter_map(|i| pair_of(i, k).map(|p| p.field))
            .collect();
        fields.len() == 1 && fields.iter().all(Option::is_some)
    });

    let mut overall: Vec<OverallStanding> = Vec::with_capacity(ranked.len());
    for k in &ranked {
        let figures: Vec<Option<Score>> = (0..reads.len())
            .map(|i| pair_of(i, k).map(&figure))
            .collect();
        let stage_figures: Vec<Score> = figures
            .get(final_from..)
            .unwrap_or_default()
            .iter()
            .flatten()
            .cloned()
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
        let head = pair_of(final_from, k);
        overall.push(OverallStanding {
            key: k.clone(),
            players: head.map(|p| p.players.clone()).unwrap_or_default(),
            field: if by_field {
                head.and_then(|p| p.field)
            } else {
                None
            },
            figures,
            carried,
            stage,
            total,
            place: 0,
            tied: false,
        });
    }

    // Board numbers of the stage: each session's boards follow the last
    // board of the session before.
    let mut offsets = Vec::with_capacity(reads.len());
    let mut offset = 0u32;
    for (i, r) in reads.iter().enumerate() {
        if i == final_from {
            offset = 0;
        }
        offsets.push(offset);
        offset = offset.saturating_add(r.boards.iter().map(|b| b.number).max().unwrap_or(0));
    }

    let procedure = EbuProcedure::white_book();
    let keys_of = |i: usize| -> BTreeMap<ContestantId, ContestantId> {
        let (Some(map), Some(r)) = (keyed.get(i), reads.get(i)) else {
            return BTreeMap::new();
        };
        map.iter()
            .filter_map(|(k, j)| r.pairs.get(*j).map(|p| (p.id.clone(), k.clone())))
            .collect()
    };
    let stage_reads: Vec<(usize, &Read)> = reads.iter().enumerate().skip(final_from).collect();
    let scores: BTreeMap<ContestantId, Score> = overall
        .iter()
        .map(|o| (o.key.clone(), o.stage.clone()))
        .collect();
    let stage = ebu_stage(&stage_reads, &offsets, &keys_of, &scores)?;

    let mut outcome = TieBreakOutcome::default();
    let fields: Vec<Option<Direction>> = if by_field {
        vec![Some(Direction::NorthSouth), Some(Direction::EastWest)]
    } else {
        vec![None]
    };
    let totals: BTreeMap<ContestantId, Score> = overall
        .iter()
        .map(|o| (o.key.clone(), o.total.clone()))
        .collect();
    let purposes = PlacePurposes::new(
        TiePurpose::SharedPlace,
        BTreeMap::from([(1, TiePurpose::Title)]),
    )
    .map_err(|e| SessionsError {
        session: None,
        error: EventError::new(Problem::Ebu(e)),
    })?;
    for f in &fields {
        let members: Vec<ContestantId> = overall
            .iter()
            .filter(|o| o.field == *f)
            .map(|o| o.key.clone())
            .collect();
        let o = procedure
            .field_standings(&stage, &members, |c| totals.get(c).cloned(), &purposes)
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

    let mut sessions = Vec::with_capacity(reads.len());
    for (i, r) in reads.iter().enumerate() {
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
                &offsets,
                &keys_of,
                &mut standings,
                &procedure,
                &purposes,
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
    let stage_names = |from: usize, to: usize| {
        if from + 1 == to {
            format!("session {to}")
        } else {
            format!("sessions {}–{to}", from + 1)
        }
    };
    if let Some(c) = &rule.carry_forward {
        trace.push(format!(
            "carry-forward: {} of {} over {} is added to the final ({}); pairs of the earlier stage not in the final are not ranked overall",
            c.fraction,
            rule.combine.words(),
            stage_names(0, final_from),
            stage_names(final_from, reads.len())
        ));
    }
    trace.push(format!(
        "ties in the overall standings split by EBU 143.7.1 within the stage in which they occur: {} (EBU 143.6.1: no reference to an earlier stage or a carry-forward); first place split (143.4(a)), any other tied place shared",
        stage_names(final_from, reads.len())
    ));
    for (i, r) in stage_reads {
        let off = offsets.get(i).copied().unwrap_or(0);
        if off > 0 {
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
    Ok(Combined {
        rule: rule.clone(),
        sessions,
        standings: overall,
        outcome,
        trace,
    })
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
