//! Multi-session pairs events: several sessions, each a results file the
//! library reads (USEBIO, NZ Scorer, PBN, a Bridgemate `.bws`) or an event
//! file's pairs session, combined by the event's rule into one overall
//! standing, exact throughout.
//!
//! The rules are the `countback-series` crate's (re-exported here: the
//! combine rule, which sessions count, the carry-forward, the key, the
//! readings of ties, and what comes out); this module reads each file as
//! `score` reads it into a [`Session`] and hands them to
//! [`countback_series::standings`]; see docs/sessions.md for the readings.

use std::collections::BTreeMap;
use std::fmt;

use countback_model::{ContestantId, Direction};
pub use countback_series::{
    BoardLine, CarryForward, Combine, Combined, Counting, MatchBy, OverallStanding, SeriesError,
    SeriesTies, Session, SessionBoard, SessionPair, SessionResult, SessionStanding, SessionTies,
    SessionsRule,
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

fn bad(session: Option<usize>, why: crate::NotASession) -> SessionsError {
    SessionsError {
        session,
        error: EventError::new(why),
    }
}

fn read_session(index: usize, file: &SessionFile<'_>) -> Result<Session, SessionsError> {
    let at = |error: EventError| SessionsError {
        session: Some(index),
        error,
    };
    match file.kind {
        FileKind::Results => read_results_file(index, file, &at),
        FileKind::Event(notation) => read_event_file(index, file, notation, &at),
        FileKind::Trf => Err(bad(
            Some(index),
            crate::NotASession::Chess {
                file: file.name.to_owned(),
            },
        )),
    }
}

/// A results file another program wrote, rescored as `score` rescores it;
/// only a match-pointed pairs session.
fn read_results_file(
    index: usize,
    file: &SessionFile<'_>,
    at: &dyn Fn(EventError) -> SessionsError,
) -> Result<Session, SessionsError> {
    let r = crate::results::rescore(file.bytes, &RawOptions::default()).map_err(at)?;
    if r.session.event != countback_results::EventKind::MatchPointPairs {
        return Err(bad(
            Some(index),
            crate::NotASession::NotMatchPoints {
                file: file.name.to_owned(),
                kind: r.session.event.usebio_name().to_owned(),
            },
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
            Ok(SessionPair {
                id: s.id.clone(),
                players: players.get(&s.id).map(|p| (*p).clone()).unwrap_or_default(),
                field: s.field,
                total: s.total.clone(),
                percentage: s.percentage.clone().ok_or_else(|| {
                    bad(
                        Some(index),
                        crate::NotASession::NoPercentage {
                            file: file.name.to_owned(),
                            pair: s.id.to_string(),
                        },
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
        .map(|b| SessionBoard {
            number: b.number.0,
            top: b.top.clone().unwrap_or_default(),
            lines: b
                .lines
                .iter()
                .filter_map(|l| {
                    Some(BoardLine {
                        ns: l.ns.clone(),
                        ew: l.ew.clone(),
                        ns_points: l.ns_score.clone()?,
                        ew_points: l.ew_score.clone()?,
                        played: !matches!(
                            l.treatment,
                            countback_results::Treatment::Artificial
                                | countback_results::Treatment::NotPlayed
                        ),
                    })
                })
                .collect(),
        })
        .collect();
    Ok(Session {
        name: file.name.to_owned(),
        source: r.session.format.clone(),
        pairs,
        boards,
    })
}

/// An event file's pairs session, scored by its `[event.scoring]`.
fn read_event_file(
    index: usize,
    file: &SessionFile<'_>,
    notation: crate::Notation,
    at: &dyn Fn(EventError) -> SessionsError,
) -> Result<Session, SessionsError> {
    let text = std::str::from_utf8(file.bytes).map_err(|_| {
        bad(
            Some(index),
            crate::NotASession::NotUtf8 {
                file: file.name.to_owned(),
            },
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
                pairs.push(SessionPair {
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
            SessionBoard {
                number: b.board.0,
                top: b.top,
                lines: b
                    .lines
                    .into_iter()
                    .filter_map(|l| {
                        let (ns_points, ew_points) = l.scored?;
                        Some(BoardLine {
                            ns: l.ns,
                            ew: l.ew,
                            ns_points,
                            ew_points,
                            played: l.ns_points.is_some(),
                        })
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(Session {
        name: file.name.to_owned(),
        source: "event file".to_owned(),
        pairs,
        boards,
    })
}

/// Combine `files` by `rule`: the rule checked, every session read and
/// ranked on its own, then combined by [`countback_series::standings`].
///
/// # Errors
/// The rule's ([`SessionsRule::check`]), before any file is read; a
/// session that cannot be read or scored (naming it); a session that is
/// not match-pointed pairs; more sessions or traveller lines than the
/// limits; then the series' refusals ([`SeriesError`]), each placed on the
/// session it names.
pub fn combine(files: &[SessionFile<'_>], rule: &SessionsRule) -> Result<Combined, SessionsError> {
    rule.check(files.len()).map_err(from_series)?;
    let sessions = read_all(files)?;
    countback_series::standings(&sessions, rule).map_err(from_series)
}

/// A series' refusal as the event library's error, on its session.
fn from_series(e: SeriesError) -> SessionsError {
    SessionsError {
        session: e.session(),
        error: EventError::new(Problem::Series(e)),
    }
}

/// Every session read, within [`MAX_SESSIONS`] and
/// [`MAX_COMBINED_RESULTS`] (checked as each is read, before the next).
fn read_all(files: &[SessionFile<'_>]) -> Result<Vec<Session>, SessionsError> {
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
