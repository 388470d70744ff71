//! Rescoring a whole session from the raw table results.
//!
//! The scoring methods themselves (matchpoints, IMPs, Butler, cross-IMPs,
//! Neuberg) belong to `countback-matchpoints` and `countback-normalise`; this
//! module only decides which of them a file's event type asks for, applies
//! them board by board, and adds up the session.

use std::collections::HashMap;

use matchpoints::{butler, cross_imps, datum_rounding_nearest_ten, Scale};
use model::{BoardNumber, ContestantId, Direction, Score, TableOutcome};
use serde::Serialize;

use crate::error::RescoreError;
use crate::session::{Board, EventKind, Session};

/// How a line's score was arrived at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum Treatment {
    /// Scored against every other result of a complete board.
    Plain,
    /// A board with fewer real results than the field's largest: matchpointed
    /// within its `results` real results, then factored up to `expected` by
    /// Neuberg's formula.
    Factored {
        /// Real results on the board (A).
        results: usize,
        /// The largest number of results on any board of the field (E).
        expected: usize,
    },
    /// An artificial adjusted score: its percentages of the top.
    Artificial,
    /// Not played (absent, a sit-out or the phantom): no score at all.
    NotPlayed,
    /// A value given from outside (the program's stored line), used to see
    /// whether stored totals follow from stored lines.
    Given,
}

/// One rescored traveller line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineScore {
    /// The NS pair.
    pub ns: ContestantId,
    /// The EW pair.
    pub ew: ContestantId,
    /// NS match points, Butler IMPs or cross-IMPs (exact); `None` if not played.
    pub ns_score: Option<Score>,
    /// EW figure.
    pub ew_score: Option<Score>,
    /// Match points within the board's own results before any factoring
    /// (what some programs print on a short board's traveller).
    pub unfactored: Option<(Score, Score)>,
    /// How the figure came about.
    pub treatment: Treatment,
}

/// One rescored board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardScore {
    /// The board.
    pub number: BoardNumber,
    /// The section when sections were scored apart.
    pub section: Option<String>,
    /// The matchpoint top of the field, `2(E − 1)` (matchpointed events).
    pub top: Option<Score>,
    /// Real results on the board.
    pub results: usize,
    /// The Butler datum used (rounded), if a Butler event.
    pub datum: Option<Score>,
    /// The lines, in file order.
    pub lines: Vec<LineScore>,
}

/// One contestant's rescored session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// Who.
    pub id: ContestantId,
    /// The section ranked in, if any.
    pub section: Option<String>,
    /// The direction ranked in, if NS and EW are ranked apart.
    pub field: Option<Direction>,
    /// Boards with a result (real or artificial).
    pub boards_played: usize,
    /// Sum of the board scores, unrounded.
    pub raw_total: Score,
    /// The total the event ranks by: for match points, the raw total scaled
    /// by (most boards played in the field / boards played); for IMPs the raw
    /// total.
    pub total: Score,
    /// Match points as a percentage of the maximum over the boards played.
    pub percentage: Option<Score>,
    /// The place: 1 + the number of contestants of the same field strictly
    /// ahead.
    pub place: u32,
    /// Whether another contestant of the field has exactly the same score.
    pub tied: bool,
}

/// A whole session rescored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rescore {
    /// Every board, in file order.
    pub boards: Vec<BoardScore>,
    /// Every participant, in file order.
    pub standings: Vec<Standing>,
}

impl Rescore {
    /// The standing of `id`.
    #[must_use]
    pub fn standing(&self, id: &ContestantId) -> Option<&Standing> {
        self.standings.iter().find(|s| s.id == *id)
    }
}

/// Line scores to take as given instead of computing them, keyed by board,
/// section and NS pair.
pub type GivenLines = HashMap<(BoardNumber, Option<String>, ContestantId), (Score, Score)>;

/// Rescore a session from its raw results.
///
/// # Errors
/// [`RescoreError::UnsupportedEvent`] for teams and Swiss events, or a board
/// that cannot be scored.
pub fn rescore(session: &Session) -> Result<Rescore, RescoreError> {
    rescore_with(session, &GivenLines::new())
}

/// Rescore, taking some line scores as given (to test whether stored totals
/// follow from stored lines). A given line counts as played.
///
/// # Errors
/// As [`rescore`].
pub fn rescore_with(session: &Session, given: &GivenLines) -> Result<Rescore, RescoreError> {
    let boards = match &session.event {
        EventKind::MatchPointPairs => matchpoint_boards(session, given)?,
        EventKind::ButlerPairs | EventKind::CrossImps => imp_boards(session, given)?,
        other => {
            return Err(RescoreError::UnsupportedEvent {
                event: other.usebio_name().to_owned(),
            })
        }
    };
    let standings = standings(session, &boards)?;
    Ok(Rescore { boards, standings })
}

fn given_for(given: &GivenLines, board: &Board, ns: &ContestantId) -> Option<(Score, Score)> {
    if given.is_empty() {
        return None;
    }
    given
        .get(&(board.number, board.section.clone(), ns.clone()))
        .cloned()
}

/// The largest number of results (real or artificial) on any board of each
/// scoring group: Neuberg's E.
fn expected_results(session: &Session, given: &GivenLines) -> HashMap<Option<String>, usize> {
    let mut most: HashMap<Option<String>, usize> = HashMap::new();
    for b in &session.boards {
        let n = b
            .lines
            .iter()
            .filter(|l| {
                !matches!(l.traveller.outcome, TableOutcome::NotPlayed)
                    || given_for(given, b, &l.traveller.ns).is_some()
            })
            .count();
        let e = most.entry(b.section.clone()).or_insert(0);
        *e = (*e).max(n);
    }
    most
}

fn matchpoint_boards(
    session: &Session,
    given: &GivenLines,
) -> Result<Vec<BoardScore>, RescoreError> {
    let scale = Scale::TwoPerBeat;
    let most = expected_results(session, given);
    let mut out = Vec::with_capacity(session.boards.len());
    for board in &session.boards {
        let e = most.get(&board.section).copied().unwrap_or(0);
        let top = scale.top(e);
        // Real results, with their positions among the lines.
        let mut real_at = Vec::new();
        let mut points = Vec::new();
        for (i, line) in board.lines.iter().enumerate() {
            // A line given from outside still counts among the results the
            // others are scored against: an override changes only its own
            // figures.
            if let TableOutcome::Played { ns_points } = line.traveller.outcome {
                real_at.push(i);
                points.push(ns_points);
            }
        }
        let a = points.len();
        let raw = matchpoints::matchpoint_scores(&points, scale);
        let top_a = scale.top(a);
        let mut lines: Vec<LineScore> = Vec::with_capacity(board.lines.len());
        let mut raw_iter = real_at.iter().zip(raw.iter()).peekable();
        for (i, line) in board.lines.iter().enumerate() {
            let t = &line.traveller;
            let score = |ns: Option<Score>, ew: Option<Score>, unf, treatment| LineScore {
                ns: t.ns.clone(),
                ew: t.ew.clone(),
                ns_score: ns,
                ew_score: ew,
                unfactored: unf,
                treatment,
            };
            let mut entry = match &t.outcome {
                TableOutcome::Played { .. } => {
                    let Some((_, m)) = raw_iter.next_if(|(at, _)| **at == i) else {
                        return Err(RescoreError::Board {
                            board: board.number,
                            reason: "internal: result out of step".to_owned(),
                        });
                    };
                    let unfactored = (m.clone(), &top_a - m);
                    if a == e {
                        score(
                            Some(m.clone()),
                            Some(&top - m),
                            Some(unfactored),
                            Treatment::Plain,
                        )
                    } else {
                        let ns = neuberg(board.number, m, e, a)?;
                        let ew = &top - &ns;
                        score(
                            Some(ns),
                            Some(ew),
                            Some(unfactored),
                            Treatment::Factored {
                                results: a,
                                expected: e,
                            },
                        )
                    }
                }
                TableOutcome::Artificial(award) => score(
                    Some(matchpoints::artificial_award(
                        award,
                        Direction::NorthSouth,
                        &top,
                    )),
                    Some(matchpoints::artificial_award(
                        award,
                        Direction::EastWest,
                        &top,
                    )),
                    None,
                    Treatment::Artificial,
                ),
                _ => score(None, None, None, Treatment::NotPlayed),
            };
            if let Some((ns, ew)) = given_for(given, board, &t.ns) {
                entry.ns_score = Some(ns);
                entry.ew_score = Some(ew);
                entry.treatment = Treatment::Given;
            }
            lines.push(entry);
        }
        out.push(BoardScore {
            number: board.number,
            section: board.section.clone(),
            top: Some(top),
            results: a,
            datum: None,
            lines,
        });
    }
    Ok(out)
}

/// Neuberg on the 2-per-beat scale, by `countback-normalise`.
fn neuberg(board: BoardNumber, m: &Score, e: usize, a: usize) -> Result<Score, RescoreError> {
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    normalise::neuberg(m, count(e), count(a)).map_err(|err| RescoreError::Board {
        board,
        reason: err.to_string(),
    })
}

/// Artificial scores in an IMP event: 10 percentage points either side of
/// average are worth 3 IMPs (average plus = +3, average minus = -3).
fn artificial_imps(percent: &Score) -> Result<Score, RescoreError> {
    Ok(((percent - Score::integer(50)) * Score::integer(3)).checked_div(&Score::integer(10))?)
}

fn imp_boards(session: &Session, given: &GivenLines) -> Result<Vec<BoardScore>, RescoreError> {
    let butler_event = session.event == EventKind::ButlerPairs;
    let rounding = datum_rounding_nearest_ten();
    let mut out = Vec::with_capacity(session.boards.len());
    for board in &session.boards {
        let mut real_at = Vec::new();
        let mut points = Vec::new();
        for (i, line) in board.lines.iter().enumerate() {
            // A line given from outside still counts among the results the
            // others are scored against: an override changes only its own
            // figures.
            if let TableOutcome::Played { ns_points } = line.traveller.outcome {
                real_at.push(i);
                points.push(ns_points);
            }
        }
        let (datum, figures): (Option<Score>, Vec<Score>) = if points.is_empty() {
            (None, Vec::new())
        } else if butler_event {
            let b = butler(board.number, &points, &rounding).map_err(|e| RescoreError::Board {
                board: board.number,
                reason: e.to_string(),
            })?;
            (
                Some(b.datum),
                b.imps.into_iter().map(Score::integer).collect(),
            )
        } else if points.len() < 2 {
            (None, vec![Score::ZERO])
        } else {
            let c = cross_imps(board.number, &points).map_err(|e| RescoreError::Board {
                board: board.number,
                reason: e.to_string(),
            })?;
            (None, c)
        };
        let mut lines = Vec::with_capacity(board.lines.len());
        let mut fig_iter = real_at.iter().zip(figures.iter()).peekable();
        for (i, line) in board.lines.iter().enumerate() {
            let t = &line.traveller;
            let (mut ns_score, mut ew_score, mut treatment) = {
                match &t.outcome {
                    TableOutcome::Played { .. } => {
                        let Some((_, v)) = fig_iter.next_if(|(at, _)| **at == i) else {
                            return Err(RescoreError::Board {
                                board: board.number,
                                reason: "internal: result out of step".to_owned(),
                            });
                        };
                        (Some(v.clone()), Some(-v), Treatment::Plain)
                    }
                    TableOutcome::Artificial(award) => (
                        Some(artificial_imps(award.percent(Direction::NorthSouth))?),
                        Some(artificial_imps(award.percent(Direction::EastWest))?),
                        Treatment::Artificial,
                    ),
                    _ => (None, None, Treatment::NotPlayed),
                }
            };
            if let Some((ns, ew)) = given_for(given, board, &t.ns) {
                ns_score = Some(ns);
                ew_score = Some(ew);
                treatment = Treatment::Given;
            }
            lines.push(LineScore {
                ns: t.ns.clone(),
                ew: t.ew.clone(),
                ns_score,
                ew_score,
                unfactored: None,
                treatment,
            });
        }
        out.push(BoardScore {
            number: board.number,
            section: board.section.clone(),
            top: None,
            results: points.len(),
            datum,
            lines,
        });
    }
    Ok(out)
}

fn standings(session: &Session, boards: &[BoardScore]) -> Result<Vec<Standing>, RescoreError> {
    let matchpointed = session.event == EventKind::MatchPointPairs;
    let index: HashMap<&ContestantId, usize> = session
        .participants
        .iter()
        .enumerate()
        .map(|(i, p)| (&p.id, i))
        .collect();
    let n = session.participants.len();
    let mut played = vec![0usize; n];
    let mut sums: Vec<Score> = vec![Score::ZERO; n];
    let mut tops: Vec<Score> = vec![Score::ZERO; n];
    for board in boards {
        let top = board.top.clone().unwrap_or(Score::ZERO);
        for line in &board.lines {
            for (who, figure) in [(&line.ns, &line.ns_score), (&line.ew, &line.ew_score)] {
                let (Some(figure), Some(&i)) = (figure, index.get(who)) else {
                    continue;
                };
                if let (Some(c), Some(s), Some(t)) =
                    (played.get_mut(i), sums.get_mut(i), tops.get_mut(i))
                {
                    *c += 1;
                    *s += figure;
                    *t += &top;
                }
            }
        }
    }
    type FieldKey = (Option<String>, Option<Direction>);
    let key = |i: usize| -> FieldKey {
        session
            .participants
            .get(i)
            .map(|p| (p.section.clone(), p.field))
            .unwrap_or_default()
    };
    let mut most_played: HashMap<FieldKey, usize> = HashMap::new();
    for (i, c) in played.iter().enumerate() {
        let m = most_played.entry(key(i)).or_insert(0);
        *m = (*m).max(*c);
    }
    let mut standings = Vec::with_capacity(n);
    for (i, p) in session.participants.iter().enumerate() {
        let count = played.get(i).copied().unwrap_or(0);
        let raw = sums.get(i).cloned().unwrap_or(Score::ZERO);
        let most = most_played.get(&key(i)).copied().unwrap_or(count);
        let (total, percentage) = if matchpointed && count > 0 {
            let scaled = if count < most {
                (&raw * Score::from(most)).checked_div(&Score::from(count))?
            } else {
                raw.clone()
            };
            let max = tops.get(i).cloned().unwrap_or(Score::ZERO);
            let pct = if max.is_zero() {
                None
            } else {
                Some((&raw * Score::integer(100)).checked_div(&max)?)
            };
            (scaled, pct)
        } else {
            (raw.clone(), None)
        };
        standings.push(Standing {
            id: p.id.clone(),
            section: p.section.clone(),
            field: p.field,
            boards_played: count,
            raw_total: raw,
            total,
            percentage,
            place: 0,
            tied: false,
        });
    }
    // Places: by percentage for match points (equal to ranking by the scaled
    // total within a field whose boards share one top), by total for IMPs.
    let rank_value = |s: &Standing| -> Option<Score> {
        if matchpointed {
            s.percentage.clone()
        } else {
            Some(s.total.clone())
        }
    };
    let mut fields: HashMap<FieldKey, Vec<usize>> = HashMap::new();
    for i in 0..standings.len() {
        fields.entry(key(i)).or_default().push(i);
    }
    for members in fields.values() {
        let mut values: Vec<Option<Score>> = members
            .iter()
            .map(|&i| standings.get(i).and_then(&rank_value))
            .collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        for &i in members {
            let Some(s) = standings.get_mut(i) else {
                continue;
            };
            let mine = rank_value(s);
            let ahead = values.partition_point(|v| *v > mine);
            let equal = values.iter().filter(|v| **v == mine).count();
            s.place = u32::try_from(ahead + 1).unwrap_or(u32::MAX);
            s.tied = equal > 1;
        }
    }
    Ok(standings)
}
