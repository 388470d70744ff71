//! Point-a-board (board-a-match) teams: each board of a match is won,
//! tied or lost on the two teams' net score; a match is the board points
//! won, a team's total the sum of its matches.
//!
//! The rule: "The team with the best raw score on a board earns one point.
//! On a board in which there is a tie in the raw score, each team earns one
//! half a point" (ACBL Handbook, I, "Types of team events",
//! board-a-match); British clubs commonly write a win as 2 and a tie as 1
//! (point-a-board). The unit is read from the file's own board figures
//! (what a board's two stored points add up to: 2 in EBUScoreTeams'
//! files), never assumed (docs/usebio.md).

use std::collections::BTreeMap;

use countback_model::{ContestantId, Direction, Score};

use crate::session::StoredFigure;
use crate::teams::{MatchBoard, Room, TeamMatch, TeamsError, TeamsSession};

/// One figure of a point-a-board file compared with the recomputation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct PabFinding {
    /// What the figure is: `board 7, 1 v 2`, `round 2, 1 v 2`, `team 1
    /// total`, `team 1 place`.
    pub what: String,
    /// As stored.
    pub stored: Score,
    /// As recomputed, on the file's unit.
    pub computed: Score,
    /// 1-based line of the figure's element.
    pub line: u32,
}

impl PabFinding {
    /// Whether the stored figure is the recomputed one.
    #[must_use]
    pub fn agrees(&self) -> bool {
        self.stored == self.computed
    }
}

/// A point-a-board event scored from its table results, beside its
/// stored figures.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct PabScore {
    /// Points a won board is written as in the file (1 by the rule; 2 in
    /// EBUScoreTeams' files), read from its stored board points.
    pub unit: Score,
    /// Each team's total on the file's unit, with its place (ties share).
    pub standings: Vec<(ContestantId, Score, u32)>,
    /// Every stored figure compared: board points, match scores, team
    /// totals and places.
    pub findings: Vec<PabFinding>,
}

impl PabScore {
    /// The findings whose stored figure is not the recomputed one.
    pub fn differences(&self) -> impl Iterator<Item = &PabFinding> {
        self.findings.iter().filter(|f| !f.agrees())
    }
}

/// The home team's net score on a board: its NS score in the room where
/// it sat NS less the NS score where it sat EW.
fn net(rooms: &[Room]) -> Option<i64> {
    let [a, b] = rooms else { return None };
    if a.team_direction == b.team_direction {
        return None;
    }
    let own = |r: &Room| {
        let s = i64::from(r.ns_score?);
        Some(if r.team_direction == Direction::NorthSouth {
            s
        } else {
            -s
        })
    };
    Some(own(a)? + own(b)?)
}

/// The board's points, `[home, away]`, by the rule (1 for the higher net
/// score, ½ each for a tie), times `unit`.
fn board_points(m: &TeamMatch, b: &MatchBoard, unit: &Score) -> Result<[Score; 2], TeamsError> {
    let net = net(&b.rooms).ok_or_else(|| TeamsError::NoImps {
        round: m.round,
        home: m.home.clone(),
        away: m.away.clone(),
        line: b.line,
    })?;
    let half = unit * &Score::new(1, 2).unwrap_or_default();
    Ok(match net.cmp(&0) {
        std::cmp::Ordering::Greater => [unit.clone(), Score::ZERO],
        std::cmp::Ordering::Less => [Score::ZERO, unit.clone()],
        std::cmp::Ordering::Equal => [half.clone(), half],
    })
}

/// The unit the file writes a won board as: what every board's two stored
/// points add up to, where they all agree; else the rule's 1.
fn unit_of(session: &TeamsSession) -> Score {
    let mut sums = session
        .matches
        .iter()
        .flat_map(|m| &m.boards)
        .filter_map(|b| b.stored_points.as_ref())
        .map(|[a, o]| &a.value + &o.value);
    match sums.next() {
        Some(first) if sums.all(|s| s == first) && first.is_positive() => first,
        _ => Score::ONE,
    }
}

fn compare(
    findings: &mut Vec<PabFinding>,
    (what, line): (String, u32),
    stored: &StoredFigure,
    computed: Score,
) {
    findings.push(PabFinding {
        what,
        stored: stored.value.clone(),
        computed,
        line,
    });
}

/// Score a point-a-board event from its table results and compare every
/// figure it stores.
///
/// # Errors
/// [`TeamsError::NoImps`] for a board without both rooms' scores (the
/// board cannot be won or lost).
pub fn score_pab(session: &TeamsSession) -> Result<PabScore, TeamsError> {
    let unit = unit_of(session);
    let mut findings = Vec::new();
    let mut totals: BTreeMap<&ContestantId, Score> =
        session.teams.iter().map(|t| (&t.id, Score::ZERO)).collect();
    for m in &session.matches {
        let mut score = [Score::ZERO, Score::ZERO];
        for b in &m.boards {
            let points = board_points(m, b, &unit)?;
            if let Some([h, a]) = &b.stored_points {
                let what = |who: &ContestantId| {
                    let what = format!(
                        "board {}, {} v {}: {who}'s points",
                        b.number, m.home, m.away
                    );
                    (what, b.line)
                };
                compare(&mut findings, what(&m.home), h, points[0].clone());
                compare(&mut findings, what(&m.away), a, points[1].clone());
            }
            score[0] += &points[0];
            score[1] += &points[1];
        }
        if let Some([h, a]) = &m.stored_points {
            let what = |who: &ContestantId| {
                let what = format!(
                    "round {}, {} v {}: {who}'s match score",
                    m.round, m.home, m.away
                );
                (what, m.line)
            };
            compare(&mut findings, what(&m.home), h, score[0].clone());
            compare(&mut findings, what(&m.away), a, score[1].clone());
        }
        for (team, s) in [(&m.home, &score[0]), (&m.away, &score[1])] {
            if let Some(t) = totals.get_mut(team) {
                *t += s;
            }
        }
    }
    let standings: Vec<(ContestantId, Score, u32)> = totals
        .iter()
        .map(|(id, total)| {
            let above = totals.values().filter(|o| *o > total).count();
            let place = u32::try_from(above).unwrap_or(u32::MAX).saturating_add(1);
            ((*id).clone(), total.clone(), place)
        })
        .collect();
    for t in &session.teams {
        let Some((_, total, place)) = standings.iter().find(|(id, _, _)| *id == t.id) else {
            continue;
        };
        if let Some(stored) = &t.stored_total {
            let what = (format!("team {} total", t.id), t.line);
            compare(&mut findings, what, stored, total.clone());
        }
        if let Some(p) = t.place {
            findings.push(PabFinding {
                what: format!("team {} place", t.id),
                stored: Score::integer(i64::from(p)),
                computed: Score::integer(i64::from(*place)),
                line: t.line,
            });
        }
    }
    Ok(PabScore {
        unit,
        standings,
        findings,
    })
}
