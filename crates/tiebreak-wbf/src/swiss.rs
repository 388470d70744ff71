//! Part 3: ties in a Swiss teams event: Swiss points, then 3.1 / 3.2 / 3.3.

use std::collections::BTreeMap;

use model::opposition::{sum_of_opponents, Meeting};
use model::{ContestantId, Score, TieBreakOutcome, TiedGroup, Unit};

use crate::breaker::{Breaker, Standout, TeamStep};
use crate::engine::{alone, play_off, without};
use crate::error::WbfError;
use crate::teams::{check_tied, tied_group, TeamsEvent};

/// Swiss points of `team`: the sum of the final VP scores of each direct
/// opponent in `opponents` (an opponent met twice is listed twice), read
/// from `finals`; an opponent missing there is an unknown team.
///
/// ```
/// use countback_tiebreak_wbf::swiss_points_from_finals;
/// use model::{ContestantId, Score};
/// use std::collections::BTreeMap;
///
/// // WBF 3: A met X (50 VPs), Y (40) and Z (30): 120 Swiss points.
/// let finals: BTreeMap<ContestantId, Score> =
///     [("X", 50), ("Y", 40), ("Z", 30)].map(|(t, v)| (t.into(), Score::integer(v))).into();
/// let opponents: Vec<ContestantId> = ["X", "Y", "Z"].map(ContestantId::new).to_vec();
/// assert_eq!(swiss_points_from_finals(&"A".into(), &opponents, &finals)?, Score::integer(120));
/// # Ok::<(), countback_tiebreak_wbf::WbfError>(())
/// ```
pub fn swiss_points_from_finals(
    team: &ContestantId,
    opponents: &[ContestantId],
    finals: &BTreeMap<ContestantId, Score>,
) -> Result<Score, WbfError> {
    let me = team.clone();
    let meetings: Vec<Meeting> = opponents
        .iter()
        .map(|o| Meeting {
            contestant: me.clone(),
            opponent: o.clone(),
            weight: Score::ONE,
        })
        .collect();
    let sums = sum_of_opponents(&meetings, |c| finals.get(c).cloned())?;
    Ok(sums.get(&me).cloned().unwrap_or_default())
}

/// Every team's Swiss points in `event`: the sum of the final VP scores of
/// each opponent it met, awarded matches included (they count in the VP
/// standings too).
pub fn swiss_points(event: &TeamsEvent) -> Result<BTreeMap<ContestantId, Score>, WbfError> {
    let meetings: Vec<Meeting> = event
        .matches()
        .iter()
        .flat_map(|m| {
            [
                Meeting {
                    contestant: m.first.clone(),
                    opponent: m.second.clone(),
                    weight: Score::ONE,
                },
                Meeting {
                    contestant: m.second.clone(),
                    opponent: m.first.clone(),
                    weight: Score::ONE,
                },
            ]
        })
        .collect();
    let mut sums = sum_of_opponents(&meetings, |c| event.victory_points(c).cloned())?;
    for t in event.teams() {
        sums.entry(t.clone()).or_default();
    }
    Ok(sums)
}

/// Break a tie on victory points in a Swiss teams event: Swiss points
/// first (WBF 3), then WBF 3.1 for two teams, 3.2 for three (in the order
/// we read its garbled text in; see the crate docs) and 3.3 for four or more.
pub fn swiss(event: &TeamsEvent, tied: &[ContestantId]) -> Result<TieBreakOutcome, WbfError> {
    let group = tied_group(tied)?;
    event.check_known(&group)?;
    check_tied(&group, "victory points", |t| {
        event.victory_points(t).cloned()
    })?;
    let points = swiss_points(event)?;
    let mut b = Breaker::new(event);
    let order = by_swiss_points(&mut b, &points, &group);
    Ok(b.trace.finish(order))
}

/// The whole Swiss ranking: teams by victory points, each tie broken by
/// [`swiss`].
pub fn swiss_standings(event: &TeamsEvent) -> Result<TieBreakOutcome, WbfError> {
    let teams: Vec<ContestantId> = event.teams().cloned().collect();
    let points = swiss_points(event)?;
    let mut b = Breaker::new(event);
    let mut order = Vec::new();
    for g in model::partition_descending(&teams, |t| event.victory_points(t).cloned()) {
        if g.len() > 1 {
            order.extend(by_swiss_points(&mut b, &points, &g));
        } else {
            order.extend(g.into_iter().map(alone));
        }
    }
    Ok(b.trace.finish(order))
}

fn by_swiss_points(
    b: &mut Breaker<'_>,
    points: &BTreeMap<ContestantId, Score>,
    group: &[ContestantId],
) -> Vec<TiedGroup> {
    let parts = b.trace.split(
        "WBF 3 Swiss points",
        "Swiss points (sum of every direct opponent's VP score)",
        group,
        |t| points.get(t).cloned().unwrap_or_default(),
        None,
    );
    hand_on(b, parts, "WBF 3 Swiss points", |b, p| {
        b.trace
            .hand_off("as WBF 3 Swiss points directs, this tie is broken by WBF 3.3".to_owned());
        four_or_more(b, p)
    })
}

fn any(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    match group {
        [] => Vec::new(),
        [one] => vec![alone(one.clone())],
        [_, _] => two(b, group),
        [_, _, _] => three(b, group),
        _ => four_or_more(b, group),
    }
}

/// Hand every part of a split on: alone, to 3.1, to 3.2, or (four or more)
/// to `many`, the next step of 3.3.
fn hand_on(
    b: &mut Breaker<'_>,
    parts: Vec<Vec<ContestantId>>,
    from: &str,
    mut many: impl FnMut(&mut Breaker<'_>, &[ContestantId]) -> Vec<TiedGroup>,
) -> Vec<TiedGroup> {
    let mut out = Vec::new();
    for p in parts {
        match p.len() {
            2 => {
                b.trace
                    .hand_off(format!("as {from} directs, this tie is broken by WBF 3.1"));
                out.extend(two(b, &p));
            }
            3 => {
                b.trace
                    .hand_off(format!("as {from} directs, this tie is broken by WBF 3.2"));
                out.extend(three(b, &p));
            }
            n if n >= 4 => out.extend(many(b, &p)),
            _ => out.extend(any(b, &p)),
        }
    }
    out
}

/// WBF 3.1: two teams. Unlike 1.1 the direct match comes first.
fn two(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    let steps: [(&str, TeamStep); 4] = [
        ("WBF 3.1(i)", |b, c, g| b.direct(c, Unit::Imps, g)),
        ("WBF 3.1(ii)", |b, c, g| b.quotient(c, Unit::Imps, g)),
        ("WBF 3.1(iii)", |b, c, g| b.direct(c, Unit::TotalPoints, g)),
        ("WBF 3.1(iv)", |b, c, g| b.quotient(c, Unit::TotalPoints, g)),
    ];
    for (clause, step) in steps {
        let parts = step(b, clause, group);
        if parts.len() > 1 {
            return parts
                .into_iter()
                .flat_map(|p| p.into_iter().map(alone))
                .collect();
        }
    }
    vec![play_off(group, "WBF 3.1(v)")]
}

/// WBF 3.2: three teams, items numbered as we restore them (see the crate
/// docs): (i) beat both, (ii) IMP quotient, (iii) beat one and tied the
/// other, (iv) beaten by both; then the "all other cases" list.
fn three(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    if let Some(w) = b.standout("WBF 3.2(i)", Standout::BeatEach, group) {
        return winner_then(b, w, group, "WBF 3.2(i)");
    }
    let parts = b.quotient("WBF 3.2(ii)", Unit::Imps, group);
    if parts.len() > 1 {
        return hand_on(b, parts, "WBF 3.2(ii)", any);
    }
    if let Some(w) = b.standout("WBF 3.2(iii)", Standout::BeatOneTiedOne, group) {
        return winner_then(b, w, group, "WBF 3.2(iii)");
    }
    if let Some(l) = b.beaten_by_all("WBF 3.2(iv)", group) {
        let rest = without(group, &l);
        b.trace
            .hand_off("as WBF 3.2(iv) directs, this tie is broken by WBF 3.1".to_owned());
        let mut out = two(b, &rest);
        out.push(alone(l));
        return out;
    }
    let steps: [(&str, TeamStep); 3] = [
        ("WBF 3.2 other cases (i)", |b, c, g| {
            b.net_among(c, Unit::Imps, g)
        }),
        ("WBF 3.2 other cases (ii)", |b, c, g| {
            b.net_among(c, Unit::TotalPoints, g)
        }),
        ("WBF 3.2 other cases (iii)", |b, c, g| {
            b.quotient(c, Unit::TotalPoints, g)
        }),
    ];
    for (clause, step) in steps {
        let parts = step(b, clause, group);
        if parts.len() > 1 {
            return hand_on(b, parts, clause, any);
        }
    }
    vec![play_off(group, "WBF 3.2 other cases (iv)")]
}

fn winner_then(
    b: &mut Breaker<'_>,
    winner: ContestantId,
    group: &[ContestantId],
    clause: &str,
) -> Vec<TiedGroup> {
    let rest = without(group, &winner);
    b.trace.hand_off(format!(
        "as {clause} directs, this tie is broken by WBF 3.1"
    ));
    let mut out = vec![alone(winner)];
    out.extend(two(b, &rest));
    out
}

/// WBF 3.3: four teams or more. Here the VP record comes first.
fn four_or_more(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    match b.standout("WBF 3.3 ¶1", Standout::BeatEachOrTiedOne, group) {
        Some(w) => {
            let rest = without(group, &w);
            let mut out = vec![alone(w)];
            if rest.len() >= 4 {
                out.extend(from_3_3_i(b, &rest));
            } else {
                out.extend(hand_on(b, vec![rest], "WBF 3.3 ¶1", from_3_3_i));
            }
            out
        }
        None => from_3_3_i(b, group),
    }
}

fn from_3_3_i(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    let parts = b.quotient("WBF 3.3(i)", Unit::Imps, group);
    hand_on(b, parts, "WBF 3.3(i)", from_3_3_ii)
}

fn from_3_3_ii(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    let parts = b.quotient("WBF 3.3(ii)", Unit::TotalPoints, group);
    hand_on(b, parts, "WBF 3.3(ii)", sudden_death_3_3_iii)
}

fn sudden_death_3_3_iii(_: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    vec![play_off(group, "WBF 3.3(iii)")]
}
