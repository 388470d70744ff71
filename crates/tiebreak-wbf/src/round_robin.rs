//! Part 1: ties at the end of a round robin, by the number of teams tied.

use model::{ContestantId, TieBreakOutcome, TiedGroup, Unit};

use crate::breaker::{Breaker, Standout, TeamStep};
use crate::engine::{alone, play_off, without};
use crate::error::WbfError;
use crate::teams::{check_tied, tied_group, TeamsEvent};

/// Break a tie on victory points at the end of a round robin (WBF 1.1 for
/// two teams, 1.2 for three, 1.3 for four or more, handing what is left of a
/// partly broken tie on to 1.1 or 1.2 as the text directs).
///
/// `tied` must be teams of `event` with equal victory points.
///
/// ```
/// use model::{ContestantId, Encounter, EncounterStatus, RoundNumber, Score, SideScores, Unit};
/// use countback_tiebreak_wbf::{round_robin, TeamsEvent};
///
/// let side = |unit, a: i64, b: i64| SideScores { unit, first: Score::integer(a), second: Score::integer(b) };
/// let m = |round, a: &str, b: &str, vp: (i64, i64), imp: (i64, i64)| Encounter {
///     round: RoundNumber(round),
///     first: a.into(),
///     second: b.into(),
///     scores: vec![
///         side(Unit::VictoryPoints, vp.0, vp.1),
///         side(Unit::Imps, imp.0, imp.1),
///         side(Unit::TotalPoints, 100 * imp.0, 100 * imp.1),
///     ],
///     status: EncounterStatus::Played,
///     weight: Score::ONE,
/// };
/// // A and B both finish on 20 VPs; A's IMP quotient (60/40) beats B's (50/50).
/// let event = TeamsEvent::new(
///     ["A", "B", "C"].map(ContestantId::new),
///     [m(1, "A", "B", (10, 10), (20, 20)), m(2, "A", "C", (10, 10), (40, 20)), m(3, "B", "C", (10, 10), (30, 30))],
/// )?;
/// let outcome = round_robin(&event, &["B".into(), "A".into()])?;
/// assert_eq!(outcome.order_text(), "A > B");
/// assert_eq!(outcome.deciding_clauses()[0].to_string(), "WBF 1.1(a)");
/// # Ok::<(), countback_tiebreak_wbf::WbfError>(())
/// ```
pub fn round_robin(event: &TeamsEvent, tied: &[ContestantId]) -> Result<TieBreakOutcome, WbfError> {
    let group = tied_group(tied)?;
    event.check_known(&group)?;
    check_tied(&group, "victory points", |t| {
        event.victory_points(t).cloned()
    })?;
    let mut b = Breaker::new(event);
    let order = any(&mut b, &group);
    Ok(b.trace.finish(order))
}

/// The whole round-robin ranking: teams by victory points, each tie broken
/// by [`round_robin`].
pub fn round_robin_standings(event: &TeamsEvent) -> Result<TieBreakOutcome, WbfError> {
    let teams: Vec<ContestantId> = event.teams().cloned().collect();
    let mut b = Breaker::new(event);
    let groups = model::partition_descending(&teams, |t| event.victory_points(t).cloned());
    let mut order = Vec::new();
    for g in groups {
        order.extend(any(&mut b, &g));
    }
    Ok(b.trace.finish(order))
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

/// Hand every part of a split on: alone, to 1.1, to 1.2, or (four or more)
/// to `many`.
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
                    .hand_off(format!("as {from} directs, this tie is broken by WBF 1.1"));
                out.extend(two(b, &p));
            }
            3 => {
                b.trace
                    .hand_off(format!("as {from} directs, this tie is broken by WBF 1.2"));
                out.extend(three(b, &p));
            }
            n if n >= 4 => out.extend(many(b, &p)),
            _ => out.extend(any(b, &p)),
        }
    }
    out
}

/// WBF 1.1: two teams.
fn two(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    let steps: [(&str, TeamStep); 4] = [
        ("WBF 1.1(a)", |b, c, g| b.quotient(c, Unit::Imps, g)),
        ("WBF 1.1(b)", |b, c, g| b.direct(c, Unit::Imps, g)),
        ("WBF 1.1(c)", |b, c, g| b.direct(c, Unit::TotalPoints, g)),
        ("WBF 1.1(d)", |b, c, g| b.quotient(c, Unit::TotalPoints, g)),
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
    vec![play_off(group, "WBF 1.1(e)")]
}

/// WBF 1.2: three teams.
fn three(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    let parts = b.quotient("WBF 1.2(a)", Unit::Imps, group);
    if parts.len() > 1 {
        return hand_on(b, parts, "WBF 1.2(a)", any);
    }
    if let Some(w) = b.standout("WBF 1.2(b)", Standout::BeatEach, group) {
        return winner_then(b, w, group, "WBF 1.2(b)");
    }
    if let Some(w) = b.standout("WBF 1.2(c)", Standout::BeatOneTiedOne, group) {
        return winner_then(b, w, group, "WBF 1.2(c)");
    }
    if let Some(l) = b.beaten_by_all("WBF 1.2(d)", group) {
        let rest = without(group, &l);
        b.trace
            .hand_off("as WBF 1.2(d) directs, this tie is broken by WBF 1.1".to_owned());
        let mut out = two(b, &rest);
        out.push(alone(l));
        return out;
    }
    let steps: [(&str, TeamStep); 3] = [
        ("WBF 1.2 other cases (a)", |b, c, g| {
            b.net_among(c, Unit::Imps, g)
        }),
        ("WBF 1.2 other cases (b)", |b, c, g| {
            b.net_among(c, Unit::TotalPoints, g)
        }),
        ("WBF 1.2 other cases (c)", |b, c, g| {
            b.quotient(c, Unit::TotalPoints, g)
        }),
    ];
    for (clause, step) in steps {
        let parts = step(b, clause, group);
        if parts.len() > 1 {
            return hand_on(b, parts, clause, any);
        }
    }
    vec![play_off(group, "WBF 1.2 other cases (d)")]
}

fn winner_then(
    b: &mut Breaker<'_>,
    winner: ContestantId,
    group: &[ContestantId],
    clause: &str,
) -> Vec<TiedGroup> {
    let rest = without(group, &winner);
    b.trace.hand_off(format!(
        "as {clause} directs, this tie is broken by WBF 1.1"
    ));
    let mut out = vec![alone(winner)];
    out.extend(two(b, &rest));
    out
}

/// WBF 1.3: four teams or more.
fn four_or_more(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    let parts = b.quotient("WBF 1.3(a)", Unit::Imps, group);
    hand_on(b, parts, "WBF 1.3(a)", from_1_3_b)
}

fn from_1_3_b(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    match b.standout("WBF 1.3(b)", Standout::BeatEachOrTiedOne, group) {
        Some(w) => {
            let rest = without(group, &w);
            let mut out = vec![alone(w)];
            if rest.len() >= 4 {
                out.extend(from_1_3_c(b, &rest));
            } else {
                out.extend(hand_on(b, vec![rest], "WBF 1.3(b)", from_1_3_c));
            }
            out
        }
        None => from_1_3_c(b, group),
    }
}

fn from_1_3_c(b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    let parts = b.quotient("WBF 1.3(c)", Unit::TotalPoints, group);
    hand_on(b, parts, "WBF 1.3(c)", sudden_death_1_3_d)
}

fn sudden_death_1_3_d(_: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
    vec![play_off(group, "WBF 1.3(d)")]
}
