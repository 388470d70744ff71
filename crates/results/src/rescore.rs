//! Rescoring a whole session from the raw table results.
//!
//! The scoring methods themselves (matchpoints, IMPs, Butler, cross-IMPs,
//! Neuberg) belong to `countback-matchpoints` and `countback-normalise`; this
//! module only decides which of them a file's event type asks for, applies
//! them board by board, and adds up the session.

use std::collections::{HashMap, HashSet};

use countback_matchpoints::{butler, cross_imps, datum_rounding_nearest_ten};
use countback_model::{BoardNumber, ContestantId, Direction, Score, TableOutcome};
use num_bigint::BigInt;
use num_traits::Zero;

use crate::common_denominator::CommonDenominator;
use crate::convention::{
    resolve, AveragePlus, Choices, Convention, FactorTo, ImpSitOut, SmallBoards,
};
use crate::error::RescoreError;
use crate::session::{Board, CrossImpLine, EventKind, ImpTotal, Seats, Session};

/// How a line's score was arrived at.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Treatment {
    /// Scored against every other result of a complete board.
    Plain,
    /// A board with fewer real results than the field's largest: matchpointed
    /// within its `results` real results, then factored up to `expected` by
    /// the convention's rule (Neuberg's formula, ties for the missing
    /// results, or in proportion to the tops), and rounded if the convention
    /// rounds factored match points.
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
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
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
    /// The players, in an individual event: the NS figure is credited to
    /// North and South, the EW figure to East and West.
    pub seats: Option<Seats>,
}

/// One rescored board.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
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
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
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
    /// The place: 1 + the number of ranked contestants of the same field
    /// strictly ahead. For a contestant that is not [`Standing::ranked`], one
    /// past the last ranked place: list it, do not print it as a place.
    pub place: u32,
    /// Whether the contestant is ranked: `false` for one that played no
    /// board (it is listed, with no place).
    pub ranked: bool,
    /// Whether another contestant of the field has exactly the same score.
    pub tied: bool,
}

/// A whole session rescored.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Rescore {
    /// The convention the session was scored by.
    pub convention: Convention,
    /// Where that convention came from.
    pub convention_source: crate::convention::ConventionSource,
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

/// Rescore a session from its raw results, by `convention`, or (`None`)
/// by the convention of the program that wrote it ([`crate::resolve`]).
///
/// # Errors
/// [`RescoreError::UnsupportedEvent`] for teams and Swiss events, or a board
/// that cannot be scored.
pub fn rescore(session: &Session, convention: Option<Convention>) -> Result<Rescore, RescoreError> {
    let (c, source) = resolve(session, convention);
    let mut r = rescore_by(session, &GivenLines::new(), &c.choices())?;
    r.convention = c;
    r.convention_source = source;
    Ok(r)
}

/// Rescore, taking some line scores as given (to test whether stored totals
/// follow from stored lines). A given line counts as played.
///
/// # Errors
/// As [`rescore`].
pub fn rescore_with(session: &Session, given: &GivenLines) -> Result<Rescore, RescoreError> {
    let (c, source) = resolve(session, None);
    let mut r = rescore_by(session, given, &c.choices())?;
    r.convention = c;
    r.convention_source = source;
    Ok(r)
}

/// Rescore by the given `choices` (a convention's, or one changed in
/// part: the USEBIO writer prints the lines as a convention prints them on
/// a traveller), taking the `given` lines as given. The result names the
/// default convention; [`rescore`] and [`rescore_with`] name the one used.
///
/// # Errors
/// As [`rescore`].
pub fn rescore_by(
    session: &Session,
    given: &GivenLines,
    choices: &Choices,
) -> Result<Rescore, RescoreError> {
    let boards = match &session.event {
        EventKind::MatchPointPairs => {
            let mut boards = matchpoint_boards(session, given, choices)?;
            if choices.average_plus == AveragePlus::SessionIfBetter {
                average_plus_from_session(&mut boards, choices)?;
            }
            boards
        }
        EventKind::ButlerPairs | EventKind::CrossImps => imp_boards(session, given)?,
        other => {
            return Err(RescoreError::UnsupportedEvent {
                event: other.usebio_name().to_owned(),
            })
        }
    };
    let anonymous = session.travellers_name_nobody();
    let mut standings = if anonymous {
        stored_standings(session)
    } else {
        standings(session, &boards, choices)?
    };
    let mut boards = boards;
    if session.rule.centred && session.event == EventKind::MatchPointPairs {
        if anonymous {
            // The stored totals are already written as the file writes them.
            centre(&mut boards, &mut Vec::new())?;
        } else {
            centre(&mut boards, &mut standings)?;
        }
    }
    let (convention, convention_source) = resolve(session, None);
    Ok(Rescore {
        convention,
        convention_source,
        boards,
        standings,
    })
}

/// Match points written relative to the average, as a file that says so
/// writes them (Ruter's `MP1`): each line less half its board's top, each
/// total less half the tops of the boards it adds (scaled as the total is).
/// Percentages and places do not change.
fn centre(boards: &mut [BoardScore], standings: &mut [Standing]) -> Result<(), RescoreError> {
    let two = Score::integer(2);
    let mut halves: HashMap<ContestantId, Score> = HashMap::new();
    for b in boards.iter_mut() {
        let Some(top) = &b.top else { continue };
        let half = top.checked_div(&two)?;
        for l in &mut b.lines {
            let credited: Vec<ContestantId> = [
                (Direction::NorthSouth, &l.ns, l.ns_score.is_some()),
                (Direction::EastWest, &l.ew, l.ew_score.is_some()),
            ]
            .into_iter()
            .filter(|(_, _, played)| *played)
            .flat_map(|(d, pair, _)| match &l.seats {
                Some(seats) => seats.of(d).map(Clone::clone).to_vec(),
                None => vec![pair.clone()],
            })
            .collect();
            for who in credited {
                *halves.entry(who).or_insert(Score::ZERO) += &half;
            }
            for v in [&mut l.ns_score, &mut l.ew_score].into_iter().flatten() {
                *v = &*v - &half;
            }
            if let Some((ns, ew)) = &mut l.unfactored {
                let own_half = (&*ns + &*ew).checked_div(&two)?;
                *ns = &*ns - &own_half;
                *ew = &*ew - &own_half;
            }
        }
    }
    for s in standings.iter_mut() {
        let Some(half) = halves.get(&s.id) else {
            continue;
        };
        let scaled = if s.raw_total.is_zero() || s.total == s.raw_total {
            half.clone()
        } else {
            (half * &s.total).checked_div(&s.raw_total)?
        };
        s.raw_total = &s.raw_total - half;
        s.total = &s.total - &scaled;
    }
    Ok(())
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
    choices: &Choices,
) -> Result<Vec<BoardScore>, RescoreError> {
    let scale = choices.scale;
    let most = expected_results(session, given);
    let mut out = Vec::with_capacity(session.boards.len());
    for board in &session.boards {
        let e = most.get(&board.section).copied().unwrap_or(0);
        if e == 1 {
            // One result per board: a one-table session (or section).
            return Err(RescoreError::Board {
                board: board.number,
                reason: "no board of its field has more than one result (a one-table \
                         session), so there is nothing to compare a result with and no \
                         match points to give"
                    .to_owned(),
            });
        }
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
        let artificial_lines = board
            .lines
            .iter()
            .filter(|l| matches!(l.traveller.outcome, TableOutcome::Artificial(_)))
            .count();
        let raw = countback_matchpoints::matchpoint_scores(&points, scale);
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
                seats: line.seats.clone(),
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
                    } else if (choices.small_boards == SmallBoards::AcblAwards && a <= 3)
                        || (choices.small_boards == SmallBoards::TwoResultsAwarded && a == 2)
                    {
                        let (ns, ew) = acbl_awards(&points, i_of(&real_at, i), &top, choices)?;
                        score(
                            Some(ns),
                            Some(ew),
                            Some(unfactored),
                            Treatment::Factored {
                                results: a,
                                expected: e,
                            },
                        )
                    } else {
                        let rule = if artificial_lines > 0 {
                            choices.artificial_boards
                        } else {
                            choices.short_boards
                        };
                        let ns = factor(board.number, rule, choices, m, e, a)?;
                        let ew = factor(board.number, rule, choices, &(&top_a - m), e, a)?;
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
                    Some(countback_matchpoints::artificial_award(
                        award,
                        Direction::NorthSouth,
                        &top,
                    )),
                    Some(countback_matchpoints::artificial_award(
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
                // A file that centres its figures gave them relative to the
                // average.
                let (ns, ew) = if session.rule.centred {
                    let half = top.checked_div(&Score::integer(2))?;
                    (ns + &half, ew + &half)
                } else {
                    (ns, ew)
                };
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

/// Average plus as "60 % or the pair's percentage on its other boards of
/// the session, whichever is higher" (Law 12C2, as the WBF Laws Committee
/// defined it in 1998; ACBLscore): each side of an artificial line given
/// exactly 60 % gets its pair's percentage over the boards it scored
/// otherwise (every line that is not artificial, of the same top scale),
/// when higher, rounded as the convention rounds factored lines. A side
/// given anything else keeps it (average minus stays 40 %, as ACBLscore
/// prints it).
fn average_plus_from_session(
    boards: &mut [BoardScore],
    choices: &Choices,
) -> Result<(), RescoreError> {
    let sixty = Score::integer(60);
    let hundred = Score::integer(100);
    // Each contestant's match points and tops on its other boards.
    let mut own: HashMap<ContestantId, (Score, Score)> = HashMap::new();
    let mut any = false;
    for b in boards.iter() {
        let Some(top) = &b.top else { continue };
        for l in &b.lines {
            if l.treatment == Treatment::Artificial {
                any = true;
                continue;
            }
            for (who, score) in [(&l.ns, &l.ns_score), (&l.ew, &l.ew_score)] {
                if let Some(s) = score {
                    let e = own.entry(who.clone()).or_insert((Score::ZERO, Score::ZERO));
                    e.0 = &e.0 + s;
                    e.1 = &e.1 + top;
                }
            }
        }
    }
    if !any {
        return Ok(());
    }
    for b in boards.iter_mut() {
        let Some(top) = b.top.clone() else { continue };
        let average_plus = (&top * &sixty).checked_div(&hundred)?;
        for l in &mut b.lines {
            if l.treatment != Treatment::Artificial {
                continue;
            }
            for (who, score) in [(&l.ns, &mut l.ns_score), (&l.ew, &mut l.ew_score)] {
                if score.as_ref() != Some(&average_plus) {
                    continue;
                }
                let Some((mps, tops)) = own.get(who) else {
                    continue;
                };
                if tops.is_zero() {
                    continue;
                }
                let session = (mps * &top).checked_div(tops)?;
                if session > average_plus {
                    *score = Some(choices.factored_rounding.apply(&session, &Score::ZERO)?);
                }
            }
        }
    }
    Ok(())
}

/// The position among a board's real results of the line at `i`.
fn i_of(real_at: &[usize], i: usize) -> usize {
    real_at.iter().position(|&at| at == i).unwrap_or(0)
}

/// ACBLscore's fixed awards for a board of one to three results (its
/// manual, "Fouled/Adjusted board formula": "In groups of two, the better
/// score receives 65% of the matchpoints and the worse receives 55% … A
/// single score is awarded 60% of top for each direction"; a group of
/// three 70 %, 60 % and 50 %): the line at `k` of `points` (NS scores)
/// gets the awards of the places it holds, shared with equal results,
/// each way; rounded as the convention rounds factored lines ("rounded to
/// the nearest hundredth, .005 is rounded up").
fn acbl_awards(
    points: &[i32],
    k: usize,
    top: &Score,
    choices: &Choices,
) -> Result<(Score, Score), RescoreError> {
    let awards: &[i64] = match points.len() {
        1 => &[60],
        2 => &[65, 55],
        _ => &[70, 60, 50],
    };
    let mine = points.get(k).copied().unwrap_or(0);
    let ties = points.iter().filter(|&&p| p == mine).count();
    let share = |ahead: usize| -> Result<Score, RescoreError> {
        let sum: i64 = awards.iter().skip(ahead).take(ties).sum();
        let per = Score::new(sum, i64::try_from(ties.max(1)).unwrap_or(1))?;
        let exact = (per * top.clone()).checked_div(&Score::integer(100))?;
        Ok(choices.factored_rounding.apply(&exact, &Score::ZERO)?)
    };
    let better = points.iter().filter(|&&p| p > mine).count();
    let worse = points.iter().filter(|&&p| p < mine).count();
    // A single result gets 60 % each way (not zero-sum).
    Ok((share(better)?, share(worse)?))
}

/// `m` (within `a` results) brought up to `e` results by `rule`, on the
/// convention's scale, then rounded as the convention rounds factored match
/// points (toward or away from the average of a complete board).
fn factor(
    board: BoardNumber,
    rule: countback_normalise::Factoring,
    choices: &Choices,
    m: &Score,
    e: usize,
    a: usize,
) -> Result<Score, RescoreError> {
    let err = |err: countback_model::ScoreError| RescoreError::Board {
        board,
        reason: err.to_string(),
    };
    let exact = rule.apply(m, e, a, choices.scale).map_err(err)?;
    choices
        .factored_rounding
        .apply(&exact, &choices.scale.average(e))
        .map_err(err)
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
            // The mean over the other results, or (Ruter's `IMP;Cross`)
            // their sum.
            let c = match session.rule.cross_imp_line {
                CrossImpLine::Sum => {
                    let others = Score::from(points.len() - 1);
                    c.into_iter().map(|v| v * others.clone()).collect()
                }
                _ => c,
            };
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
                seats: line.seats.clone(),
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

/// The standings of a session whose travellers name nobody
/// ([`Session::travellers_name_nobody`]): each contestant's total and
/// percentage as the file stores them (no traveller says who scored what),
/// placed by them within its field (by percentage where every contestant
/// of the field has one, else by total), ties sharing a place. A
/// contestant with no stored total is listed, not ranked.
fn stored_standings(session: &Session) -> Vec<Standing> {
    let mut standings: Vec<Standing> = session
        .participants
        .iter()
        .map(|p| {
            let total = p.stored.total.as_ref().map(|f| f.value.clone());
            Standing {
                id: p.id.clone(),
                section: p.section.clone(),
                field: p.field,
                boards_played: 0,
                raw_total: total.clone().unwrap_or(Score::ZERO),
                ranked: total.is_some(),
                total: total.unwrap_or(Score::ZERO),
                percentage: p.stored.percentage.as_ref().map(|f| f.value.clone()),
                place: 0,
                tied: false,
            }
        })
        .collect();
    let mut fields: HashMap<(Option<String>, Option<Direction>), Vec<usize>> = HashMap::new();
    for (i, s) in standings.iter().enumerate() {
        fields
            .entry((s.section.clone(), s.field))
            .or_default()
            .push(i);
    }
    for members in fields.into_values() {
        let (mut ranked, unranked): (Vec<usize>, Vec<usize>) = members
            .into_iter()
            .partition(|&m| standings.get(m).is_some_and(|s| s.ranked));
        let by_pct = ranked
            .iter()
            .all(|&m| standings.get(m).is_some_and(|s| s.percentage.is_some()));
        let key = |m: usize| -> Score {
            standings.get(m).map_or(Score::ZERO, |s| {
                if by_pct {
                    s.percentage.clone().unwrap_or(Score::ZERO)
                } else {
                    s.total.clone()
                }
            })
        };
        ranked.sort_by_key(|&m| std::cmp::Reverse(key(m)));
        let keys: Vec<Score> = ranked.iter().map(|&m| key(m)).collect();
        let places: Vec<(usize, u32, bool)> = ranked
            .iter()
            .enumerate()
            .map(|(k, &m)| {
                let mine = keys.get(k);
                let ahead = keys.iter().filter(|o| Some(*o) > mine).count();
                let ties = keys.iter().filter(|o| Some(*o) == mine).count();
                (m, u32::try_from(ahead + 1).unwrap_or(u32::MAX), ties > 1)
            })
            .collect();
        for (m, place, tied) in places {
            if let Some(s) = standings.get_mut(m) {
                s.place = place;
                s.tied = tied;
            }
        }
        let next = u32::try_from(ranked.len() + 1).unwrap_or(u32::MAX);
        for m in unranked {
            if let Some(s) = standings.get_mut(m) {
                s.place = next;
            }
        }
    }
    standings
}

fn standings(
    session: &Session,
    boards: &[BoardScore],
    choices: &Choices,
) -> Result<Vec<Standing>, RescoreError> {
    let matchpointed = session.event == EventKind::MatchPointPairs;
    let imp_scaled = !matchpointed && choices.imp_sit_out != ImpSitOut::Nothing;
    let imp_total = session.rule.imp_total;
    // The boards of each section (all of the session's when unsectioned):
    // what Magic Contest scales a sit-out's IMPs up to.
    let mut boards_of: HashMap<Option<String>, HashSet<BoardNumber>> = HashMap::new();
    for b in &session.boards {
        boards_of
            .entry(b.section.clone())
            .or_default()
            .insert(b.number);
    }
    let n = session.participants.len();
    let Tally {
        played,
        comparisons,
        tops,
        sums,
    } = &tally(session, boards)?;
    let key = |i: usize| -> FieldKey {
        session
            .participants
            .get(i)
            .map(|p| (p.section.clone(), p.field))
            .unwrap_or_default()
    };
    // The pairs a pair that missed boards is factored up to: its field's,
    // or (ACBLscore) its section's, either direction.
    let factor_key = |i: usize| -> FieldKey {
        match choices.factor_to {
            FactorTo::Section => (key(i).0, None),
            _ => key(i),
        }
    };
    let mut most_played: HashMap<FieldKey, usize> = HashMap::new();
    for (i, c) in played.iter().enumerate() {
        let m = most_played.entry(factor_key(i)).or_insert(0);
        *m = (*m).max(*c);
    }
    let as_u64 = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    let mut standings = Vec::with_capacity(n);
    for (i, p) in session.participants.iter().enumerate() {
        let count = played.get(i).copied().unwrap_or(0);
        let most = most_played.get(&factor_key(i)).copied().unwrap_or(count);
        let max = tops.get(i).copied().unwrap_or(0);
        let raw = sums.value(i, 1, 1)?;
        let comps = comparisons.get(i).copied().unwrap_or(0);
        // What a sit-out's IMPs are scaled up to: the most boards any pair
        // of the field played, or every board of the session.
        let full = match choices.imp_sit_out {
            ImpSitOut::BoardsOfSession => boards_of
                .get(&p.section)
                .or_else(|| boards_of.get(&None))
                .map_or(most, HashSet::len),
            _ => most,
        };
        let (total, percentage) = if !matchpointed && imp_total == ImpTotal::PerBoard {
            let total = if count > 0 {
                sums.value(i, 1, as_u64(count))?
            } else {
                raw.clone()
            };
            (total, None)
        } else if !matchpointed && imp_total == ImpTotal::PerComparison {
            let total = if comps > 0 {
                sums.value(i, 1, as_u64(comps))?
            } else {
                raw.clone()
            };
            (total, None)
        } else if imp_scaled && count > 0 && count < full {
            (sums.value(i, as_u64(full), as_u64(count))?, None)
        } else if matchpointed && count > 0 {
            let scaled = if count < most {
                sums.value(i, as_u64(most), as_u64(count))?
            } else {
                raw.clone()
            };
            let pct = if max == 0 {
                None
            } else if choices.percentage_of_rounded_total {
                // ACBLscore: the printed total (to 0.01, .005 up) over the
                // printed maximum, the top of every board of the factored
                // total.
                let rounded =
                    crate::convention::displayed(&scaled, 2, crate::convention::Display::HalfUp)
                        .ok_or(RescoreError::Arithmetic(
                            countback_model::ScoreError::DivisionByZero,
                        ))?;
                let big = |n: u64| Score::from(BigInt::from(n));
                let full = (big(max) * big(as_u64(most))).checked_div(&big(as_u64(count)))?;
                Some((rounded * Score::integer(100)).checked_div(&full)?)
            } else {
                let raw_pct = sums.value(i, 100, max)?;
                match (&p.stored.handicap, choices.handicap_half) {
                    (Some(h), true) => Some(raw_pct + h.checked_div(&Score::integer(2))?),
                    _ => Some(raw_pct),
                }
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
            ranked: count > 0,
            tied: false,
        });
    }
    // Places: by percentage for match points (equal to ranking by the scaled
    // total within a field whose boards share one top), by total for IMPs.
    let mut fields: HashMap<FieldKey, Vec<usize>> = HashMap::new();
    for i in 0..standings.len() {
        fields.entry(key(i)).or_default().push(i);
    }
    place(
        &mut standings,
        fields,
        (played, comparisons, tops, sums),
        imp_total,
        (matchpointed, imp_scaled),
    );
    Ok(standings)
}

/// A field of standings: its section and its direction.
type FieldKey = (Option<String>, Option<Direction>);

/// Each participant's boards played, comparisons made, sum of the tops of
/// its boards and running total.
struct Tally {
    played: Vec<usize>,
    comparisons: Vec<usize>,
    tops: Vec<u64>,
    sums: Sums,
}

/// Add up every scored figure to whoever it is credited to.
fn tally(session: &Session, boards: &[BoardScore]) -> Result<Tally, RescoreError> {
    let index: HashMap<&ContestantId, usize> = session
        .participants
        .iter()
        .enumerate()
        .map(|(i, p)| (&p.id, i))
        .collect();
    let n = session.participants.len();
    // Each figure with whoever it is credited to: the pair, or in an
    // individual event both partners.
    let figures = || {
        boards.iter().flat_map(|b| {
            b.lines.iter().flat_map(move |l| {
                [
                    (Direction::NorthSouth, &l.ns, &l.ns_score),
                    (Direction::EastWest, &l.ew, &l.ew_score),
                ]
                .into_iter()
                .filter_map(|(d, pair, f)| f.as_ref().map(|f| (d, pair, f)))
                .flat_map(move |(d, pair, f)| {
                    let who: [Option<&ContestantId>; 2] = match &l.seats {
                        Some(seats) => seats.of(d).map(Some),
                        None => [Some(pair), None],
                    };
                    who.into_iter().flatten().map(move |w| (w, f, b))
                })
            })
        })
    };
    // Integer tops (always, for 2(E - 1)) let the fast path work in integers.
    let integer_tops = boards.iter().all(|b| {
        b.top
            .as_ref()
            .map_or(true, |t| t.to_i64().is_some_and(|t| t >= 0))
    });
    let common = if integer_tops {
        CommonDenominator::new(figures().map(|(_, f, _)| f))
    } else {
        None
    };
    let mut played = vec![0usize; n];
    let mut comparisons = vec![0usize; n];
    let mut tops = vec![0u64; n];
    let mut sums = Sums::new(common, n);
    for (who, figure, board) in figures() {
        let Some(&i) = index.get(who) else { continue };
        if let Some(c) = comparisons.get_mut(i) {
            *c += board.results.saturating_sub(1);
        }
        if let (Some(c), Some(t)) = (played.get_mut(i), tops.get_mut(i)) {
            *c += 1;
            let top = board.top.as_ref().and_then(Score::to_i64).unwrap_or(0);
            *t = t.saturating_add(u64::try_from(top).unwrap_or(0));
        }
        sums.add(i, figure)?;
    }
    Ok(Tally {
        played,
        comparisons,
        tops,
        sums,
    })
}

/// Places within each field: by percentage for match points, by total (or
/// mean) for IMPs; ties share a place, and a contestant that played no
/// board is listed one past the last ranked place.
fn place(
    standings: &mut [Standing],
    fields: HashMap<FieldKey, Vec<usize>>,
    (played, comparisons, tops, sums): (&[usize], &[usize], &[u64], &Sums),
    imp_total: ImpTotal,
    (matchpointed, imp_scaled): (bool, bool),
) {
    let as_u64 = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    // IMPs ranked per board played (or per comparison) when the total is
    // a mean or a sit-out is scaled to its own average.
    let imp_divisor = |m: usize| -> u64 {
        let n = if imp_total == ImpTotal::PerComparison {
            comparisons.get(m)
        } else {
            played.get(m)
        };
        as_u64(n.copied().unwrap_or(1).max(1))
    };
    let imp_mean = !matchpointed && (imp_scaled || imp_total != ImpTotal::Sum);
    for members in fields.into_values() {
        // A contestant that played no board is listed, not ranked.
        let (mut members, unranked): (Vec<usize>, Vec<usize>) = members
            .into_iter()
            .partition(|&m| played.get(m).copied().unwrap_or(0) > 0);
        // A handicap changes the printed percentage, not the order: NZ
        // Scorer's published files rank by the raw match points (issue 25).
        let better = |a: usize, b: usize| -> std::cmp::Ordering {
            if imp_mean {
                sums.cmp_ratio(b, imp_divisor(a), a, imp_divisor(b))
            } else if matchpointed {
                let ta = tops.get(a).copied().unwrap_or(0);
                let tb = tops.get(b).copied().unwrap_or(0);
                // No boards played ranks last.
                match (ta, tb) {
                    (0, 0) => std::cmp::Ordering::Equal,
                    (0, _) => std::cmp::Ordering::Greater,
                    (_, 0) => std::cmp::Ordering::Less,
                    _ => sums.cmp_ratio(b, ta, a, tb),
                }
            } else {
                sums.cmp_ratio(b, 1, a, 1)
            }
        };
        members.sort_by(|&a, &b| better(a, b));
        let mut start = 0usize;
        while let Some(&first) = members.get(start) {
            let len = members
                .get(start..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&m| better(first, m) == std::cmp::Ordering::Equal)
                .count()
                .max(1);
            for &m in members.get(start..start + len).unwrap_or_default() {
                if let Some(s) = standings.get_mut(m) {
                    s.place = u32::try_from(start + 1).unwrap_or(u32::MAX);
                    s.tied = len > 1;
                }
            }
            start += len;
        }
        for m in unranked {
            if let Some(s) = standings.get_mut(m) {
                s.place = u32::try_from(members.len() + 1).unwrap_or(u32::MAX);
                s.tied = false;
            }
        }
    }
}

/// Each contestant's running total: integers over a common denominator when
/// the session allows it, plain rationals otherwise.
enum Sums {
    Common(CommonDenominator, Vec<BigInt>),
    Plain(Vec<Score>),
}

impl Sums {
    fn new(common: Option<CommonDenominator>, n: usize) -> Sums {
        match common {
            Some(c) => Sums::Common(c, vec![BigInt::zero(); n]),
            None => Sums::Plain(vec![Score::ZERO; n]),
        }
    }

    fn add(&mut self, i: usize, figure: &Score) -> Result<(), RescoreError> {
        match self {
            Sums::Common(c, nums) => {
                let num = c.numerator(figure).ok_or(RescoreError::Arithmetic(
                    countback_model::ScoreError::DivisionByZero,
                ))?;
                if let Some(slot) = nums.get_mut(i) {
                    *slot += num;
                }
            }
            Sums::Plain(sums) => {
                if let Some(slot) = sums.get_mut(i) {
                    *slot += figure;
                }
            }
        }
        Ok(())
    }

    /// Contestant `i`'s total times `times / over`.
    fn value(&self, i: usize, times: u64, over: u64) -> Result<Score, RescoreError> {
        match self {
            Sums::Common(c, nums) => {
                let zero = BigInt::zero();
                c.score(nums.get(i).unwrap_or(&zero), times, over)
                    .ok_or(RescoreError::Arithmetic(
                        countback_model::ScoreError::DivisionByZero,
                    ))
            }
            Sums::Plain(sums) => {
                let s = sums.get(i).cloned().unwrap_or(Score::ZERO);
                Ok((s * Score::from(BigInt::from(times)))
                    .checked_div(&Score::from(BigInt::from(over)))?)
            }
        }
    }

    /// Compare total(a) · ka with total(b) · kb.
    fn cmp_ratio(&self, a: usize, ka: u64, b: usize, kb: u64) -> std::cmp::Ordering {
        match self {
            Sums::Common(_, nums) => {
                let zero = BigInt::zero();
                let x = nums.get(a).unwrap_or(&zero) * ka;
                let y = nums.get(b).unwrap_or(&zero) * kb;
                x.cmp(&y)
            }
            Sums::Plain(sums) => {
                let x = sums.get(a).cloned().unwrap_or(Score::ZERO) * Score::from(BigInt::from(ka));
                let y = sums.get(b).cloned().unwrap_or(Score::ZERO) * Score::from(BigInt::from(kb));
                x.cmp(&y)
            }
        }
    }
}
