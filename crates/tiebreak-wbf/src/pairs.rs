//! Part 4: ties in a pairs event.

use std::collections::{BTreeMap, BTreeSet};

use countback_model::head_to_head::for_against;
use countback_model::{ContestantId, Encounter, Score, TieBreakOutcome, TiedGroup, Unit};

use crate::engine::{alone, cascade, names, sorted, standings, stands, Step, Trace};
use crate::error::WbfError;
use crate::readings::{BestSessions, CommonOpponents, Readings};
use crate::teams::{check_tied, listed_once, tied_group};

/// One stage of a pairs event, as its tie-break needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairsStage {
    sessions: BTreeMap<ContestantId, Vec<Score>>,
    positions: BTreeMap<ContestantId, u32>,
    meetings: Vec<Encounter>,
    /// Each pair's meetings, as indices into `meetings`.
    by_pair: BTreeMap<ContestantId, Vec<usize>>,
}

impl PairsStage {
    /// `sessions`: each pair's score in every session of the stage.
    /// `positions`: the final ranking of the stage (1 is first; equal
    /// positions allowed), every pair or team an opponent may be.
    /// `meetings`: each round's opponents, with the match points each side
    /// scored on the boards they played against each other
    /// ([`Unit::MatchPoints`]).
    pub fn new(
        sessions: impl IntoIterator<Item = (ContestantId, Vec<Score>)>,
        positions: impl IntoIterator<Item = (ContestantId, u32)>,
        meetings: impl IntoIterator<Item = Encounter>,
    ) -> Result<PairsStage, WbfError> {
        let mut s = BTreeMap::new();
        for (p, list) in sessions {
            if list.is_empty() {
                return Err(WbfError::NoSessions { pair: p });
            }
            if s.insert(p.clone(), list).is_some() {
                return Err(WbfError::listed_twice(p));
            }
        }
        let pos = listed_once(positions)?;
        let meetings: Vec<Encounter> = meetings.into_iter().collect();
        crate::teams::check_matches(&meetings, |t| pos.contains_key(t), |_| &[Unit::MatchPoints])?;
        let mut by_pair: BTreeMap<ContestantId, Vec<usize>> = BTreeMap::new();
        for (i, m) in meetings.iter().enumerate() {
            by_pair.entry(m.first.clone()).or_default().push(i);
            by_pair.entry(m.second.clone()).or_default().push(i);
        }
        Ok(PairsStage {
            sessions: s,
            positions: pos,
            meetings,
            by_pair,
        })
    }

    /// A pair's total over its sessions.
    #[must_use]
    pub fn total(&self, pair: &ContestantId) -> Option<Score> {
        self.sessions.get(pair).map(|l| l.iter().sum())
    }

    /// The sum of the `n` best sessions.
    fn best(&self, pair: &ContestantId, n: usize) -> Score {
        let mut l = self.sessions.get(pair).cloned().unwrap_or_default();
        l.sort_by(|a, b| b.cmp(a));
        l.iter().take(n).sum()
    }

    /// `pair`'s meetings.
    fn meetings_of<'s>(&'s self, pair: &ContestantId) -> impl Iterator<Item = &'s Encounter> + 's {
        self.by_pair
            .get(pair)
            .into_iter()
            .flatten()
            .filter_map(|i| self.meetings.get(*i))
    }

    fn opponents(&self, pair: &ContestantId) -> BTreeSet<ContestantId> {
        self.meetings_of(pair)
            .filter_map(|m| m.opponent_of(pair).cloned())
            .collect()
    }
}

/// The whole ranking of a pairs stage: pairs by their total over the
/// sessions, every tie broken by [`pairs`] (WBF 4).
pub fn pairs_standings(
    stage: &PairsStage,
    readings: &Readings,
) -> Result<TieBreakOutcome, WbfError> {
    standings(
        stage.sessions.keys(),
        |p| stage.total(p),
        |tied| pairs(stage, tied, readings),
    )
}

/// Break a tie in a pairs event (WBF 4): the best single session, then the
/// best two sessions, then match points scored against the highest-ranked
/// pair(s) or team(s) every tied pair played, then the next ranked, and so
/// on. If that runs out the tie stands: the document names no last resort.
///
/// `readings` choose where the text can be read two ways
/// ([`Readings::default()`] is the reading it supports best).
pub fn pairs(
    stage: &PairsStage,
    tied: &[ContestantId],
    readings: &Readings,
) -> Result<TieBreakOutcome, WbfError> {
    let group = tied_group(tied)?;
    for p in &group {
        if !stage.sessions.contains_key(p) {
            return Err(WbfError::unknown(p));
        }
    }
    check_tied(&group, "total score", |p| stage.total(p))?;
    // The most sessions any tied pair played: the best of them all is the
    // tied total, so a count below it is the most that can separate.
    let sessions = group
        .iter()
        .filter_map(|p| stage.sessions.get(p).map(Vec::len))
        .max()
        .unwrap_or_default();
    let mut trace = Trace::default();
    let best_one = |t: &mut Trace, g: &[ContestantId]| {
        t.split(
            CLAUSE_ONE,
            "score in the pair's best session",
            g,
            |p| stage.best(p, 1),
            None,
        )
    };
    let best_two = |t: &mut Trace, g: &[ContestantId]| {
        let note = match readings.best_sessions {
            BestSessions::UpToTwo if sessions > 3 && stays_tied(g, |p| stage.best(p, 2)) => {
                let counts = if sessions == 4 {
                    "three".to_owned()
                } else {
                    format!("3 to {}", sessions - 1)
                };
                Some(format!(
                    "the text compares one and two sessions only, so the best {counts} of the \
                     {sessions} sessions are not compared (reading best_sessions = up_to_two)"
                ))
            }
            _ => None,
        };
        t.split(
            CLAUSE_TWO,
            "score in the pair's best two sessions",
            g,
            |p| stage.best(p, 2),
            note,
        )
    };
    // Beyond the text (BestSessions::UpToAll): the best three, four ...
    let last = match readings.best_sessions {
        BestSessions::UpToTwo => 2,
        BestSessions::UpToAll => sessions.saturating_sub(1),
    };
    let more: Vec<_> = (3..=last)
        .map(|n| {
            move |t: &mut Trace, g: &[ContestantId]| {
                t.split(
                    CLAUSE_TWO,
                    &format!("score in the pair's best {n} sessions"),
                    g,
                    |p| stage.best(p, n),
                    Some(format!(
                        "beyond the text: \"the highest score in two Sessions\" extended to {n} \
                         (reading best_sessions = up_to_all)"
                    )),
                )
            }
        })
        .collect();
    let mut steps: Vec<Step<'_>> = vec![&best_one, &best_two];
    steps.extend(more.iter().map(|f| f as Step<'_>));
    let mut order = Vec::new();
    let after = cascade(&mut trace, &group, &steps, &|g| stands(g, "pending"));
    for g in after {
        if g.members.len() > 1 {
            order.extend(common_opponents(&mut trace, stage, readings, &g.members, 0));
        } else {
            order.push(g);
        }
    }
    Ok(trace.finish(order))
}

const CLAUSE_ONE: &str = "WBF 4 ¶1 best session";
const CLAUSE_TWO: &str = "WBF 4 ¶1 two sessions";

/// Whether some two members of `group` share a value of `key`.
fn stays_tied(group: &[ContestantId], key: impl Fn(&ContestantId) -> Score) -> bool {
    let mut seen = BTreeSet::new();
    group.iter().any(|p| !seen.insert(key(p)))
}

/// WBF 4 ¶2 from the opponents ranked below `below` (0: from the top).
fn common_opponents(
    trace: &mut Trace,
    stage: &PairsStage,
    readings: &Readings,
    group: &[ContestantId],
    below: u32,
) -> Vec<TiedGroup> {
    const CLAUSE: &str = "WBF 4 ¶2";
    if group.len() <= 1 {
        return group.iter().cloned().map(alone).collect();
    }
    let mut common: Option<BTreeSet<ContestantId>> = None;
    for p in group {
        common = Some(match common {
            None => stage.opponents(p),
            // Once nobody is common, the other pairs need not be read.
            Some(c) if c.is_empty() => c,
            Some(c) => {
                let o = stage.opponents(p);
                c.intersection(&o).cloned().collect()
            }
        });
    }
    let level = common
        .unwrap_or_default()
        .into_iter()
        .filter_map(|o| stage.positions.get(&o).map(|p| (*p, o)))
        .filter(|(p, _)| *p > below)
        .fold(None::<(u32, Vec<ContestantId>)>, |acc, (p, o)| match acc {
            Some((q, mut l)) if q == p => {
                l.push(o);
                Some((q, l))
            }
            Some((q, l)) if q < p => Some((q, l)),
            _ => Some((p, vec![o])),
        });
    let Some((position, opponents)) = level else {
        trace.not_separating(
            CLAUSE,
            "match points against the highest-ranked opponent all tied pairs played",
            group,
            Vec::new(),
            Some(format!(
                "no further opponent (ranked below position {below}) was played by all of {}",
                names(&sorted(group))
            )),
        );
        return vec![stands(group, CLAUSE)];
    };
    let test = format!(
        "match points against {} (position {position}), played by every tied pair",
        names(&opponents)
    );
    let parts = trace.split(
        CLAUSE,
        &test,
        group,
        |p| {
            for_against(stage.meetings_of(p), p, Unit::MatchPoints, |e| {
                e.opponent_of(p)
                    .is_some_and(|o| opponents.binary_search(o).is_ok())
            })
            .scored
        },
        None,
    );
    let split = parts.len() > 1;
    let mut out = Vec::new();
    for part in parts {
        // A part still tied after a split: the reading says where it goes on.
        let from = if split && part.len() > 1 {
            let who = names(&part);
            match readings.common_opponents {
                CommonOpponents::NextLower => {
                    trace.hand_off(format!(
                        "{who} are still tied: ¶2 goes on with the next lower-ranked opponent all \
                         of them played (below position {position})"
                    ));
                    position
                }
                CommonOpponents::FromTheTop => {
                    trace.hand_off(format!(
                        "{who} are still tied: ¶2 starts again from the highest-ranked opponent \
                         all of them played (reading common_opponents = from_the_top)"
                    ));
                    0
                }
            }
        } else {
            position
        };
        out.extend(common_opponents(trace, stage, readings, &part, from));
    }
    out
}
