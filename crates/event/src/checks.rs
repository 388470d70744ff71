//! The checks a scorer wants before publishing a teams event: nobody twice
//! in a round, nothing after a withdrawal, every round accounted for, every
//! round-robin pairing played, VPs that add up to the scale.
//!
//! What cannot be right is an error; what may be right but usually is not
//! is a [`Warning`], printed and listed in the JSON.

use std::collections::{BTreeMap, BTreeSet};

use countback_model::{ContestantId, Encounter, EncounterStatus, Score, Unit};

use crate::convert::{known, match_path, round_from_one};
use crate::error::{EventError, FieldPath, Problem, Result};
use crate::file::EventFile;
use crate::Warning;

/// Who played at the table in which round, and how many rounds the stage
/// has.
#[derive(Debug, Clone, Default)]
pub struct Rounds {
    /// The number of rounds of the stage (the last round of any match or
    /// bye).
    pub count: u32,
    /// The rounds in which each contestant played a match at the table.
    pub at_table: BTreeMap<ContestantId, BTreeSet<u32>>,
    /// Each withdrawn contestant's last round.
    pub withdrew_after: BTreeMap<ContestantId, u32>,
    /// Each contestant's VPs from byes.
    pub bye_vps: BTreeMap<ContestantId, Score>,
}

/// Check the matches and byes of a teams event; `encounters` are the
/// converted matches with their index in the file.
pub fn team_rounds(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
    encounters: &[(usize, Encounter)],
    round_robin: bool,
    warnings: &mut Vec<Warning>,
) -> Result<Rounds> {
    let mut rounds = Rounds::default();
    let mut entry: BTreeMap<(u32, ContestantId), FieldPath> = BTreeMap::new();
    let mut claim = |round: u32, who: &ContestantId, at: FieldPath| -> Result<()> {
        if let Some(first) = entry.get(&(round, who.clone())) {
            return Err(EventError::at(
                at,
                Problem::Inconsistent {
                    message: format!("{who} is entered twice in round {round} (also at {first})"),
                },
            ));
        }
        entry.insert((round, who.clone()), at);
        Ok(())
    };
    for (i, e) in encounters {
        let at = match_path(*i);
        claim(e.round.0, &e.first, at.k("first"))?;
        claim(e.round.0, &e.second, at.k("second"))?;
        rounds.count = rounds.count.max(e.round.0);
        if e.status == EncounterStatus::Played {
            for t in [&e.first, &e.second] {
                rounds
                    .at_table
                    .entry(t.clone())
                    .or_default()
                    .insert(e.round.0);
            }
        }
    }
    for (i, b) in event.byes.iter().enumerate() {
        let at = FieldPath::key("byes").i(i);
        let who = known(set, &b.contestant, at.k("contestant"))?;
        if b.round == 0 {
            return Err(round_from_one(at.k("round")));
        }
        claim(b.round, &who, at.clone())?;
        rounds.count = rounds.count.max(b.round);
        if let Some(vp) = &b.vp {
            *rounds.bye_vps.entry(who).or_default() += vp;
        }
    }
    for (i, c) in event.contestants.iter().enumerate() {
        let Some(w) = c.withdrew_after_round else {
            continue;
        };
        let at = FieldPath::key("contestants").i(i).k("withdrew_after_round");
        if w == 0 {
            return Err(EventError::at(
                at,
                Problem::OutOfRange {
                    value: "0".to_owned(),
                    expected: "a contestant who played no round is not in the stage: leave it out"
                        .to_owned(),
                },
            ));
        }
        if w > rounds.count {
            return Err(EventError::at(
                at,
                Problem::OutOfRange {
                    value: w.to_string(),
                    expected: format!(
                        "the stage has {} rounds: a contestant who played them all did not withdraw",
                        rounds.count
                    ),
                },
            ));
        }
        let id = ContestantId::new(c.id.as_str());
        for (j, e) in encounters {
            if e.status == EncounterStatus::Played
                && e.round.0 > w
                && (e.first == id || e.second == id)
            {
                return Err(EventError::at(
                    match_path(*j),
                    Problem::Inconsistent {
                        message: format!(
                            "{id} withdrew after round {w} but played in round {} (mark the match `awarded = true` if it was not played)",
                            e.round.0
                        ),
                    },
                ));
            }
        }
        rounds.withdrew_after.insert(id, w);
    }
    for c in set {
        let last = rounds
            .withdrew_after
            .get(c)
            .copied()
            .unwrap_or(rounds.count);
        let missing: Vec<String> = (1..=last)
            .filter(|r| !entry.contains_key(&(*r, c.clone())))
            .map(|r| r.to_string())
            .collect();
        if !missing.is_empty() {
            let i = event
                .contestants
                .iter()
                .position(|x| x.id == c.as_str())
                .unwrap_or(0);
            warnings.push(Warning {
                field: Some(FieldPath::key("contestants").i(i)),
                at: None,
                message: format!(
                    "{c} has no match or bye in round {} (record a `[[byes]]` entry if it sat out)",
                    missing.join(", ")
                ),
            });
        }
    }
    if round_robin {
        let met: BTreeSet<(&ContestantId, &ContestantId)> = encounters
            .iter()
            .map(|(_, e)| {
                if e.first < e.second {
                    (&e.first, &e.second)
                } else {
                    (&e.second, &e.first)
                }
            })
            .collect();
        let never: Vec<String> = set
            .iter()
            .flat_map(|a| set.range(a.clone()..).skip(1).map(move |b| (a, b)))
            .filter(|p| !met.contains(p))
            .map(|(a, b)| format!("{a} v {b}"))
            .collect();
        if !never.is_empty() {
            warnings.push(Warning {
                field: Some(FieldPath::key("matches")),
                at: None,
                message: format!(
                    "a round robin in which {} pairing(s) never played: {}",
                    never.len(),
                    never.join(", ")
                ),
            });
        }
    }
    Ok(rounds)
}

/// Every played match's VPs add up to the scale: to `vp_total` (times the
/// match's weight) where the file declares it, an error otherwise; where it
/// does not, a warning names the matches whose total differs from the
/// usual one.
pub fn vp_totals(
    event: &EventFile,
    encounters: &[(usize, Encounter)],
    warnings: &mut Vec<Warning>,
) -> Result<()> {
    let played = encounters
        .iter()
        .filter(|(_, e)| e.status == EncounterStatus::Played)
        .filter_map(|(i, e)| {
            e.scores_for(&e.first, Unit::VictoryPoints)
                .map(|(a, b)| (*i, e, a + b))
        });
    if let Some(total) = &event.event.vp_total {
        for (i, e, sum) in played {
            let want = total * &e.weight;
            if sum != want {
                return Err(EventError::at(
                    match_path(i).k("vp"),
                    Problem::Inconsistent {
                        message: format!(
                            "the VPs add up to {sum}, not {want} (event.vp_total {total} × weight {})",
                            e.weight
                        ),
                    },
                ));
            }
        }
        return Ok(());
    }
    let full: Vec<(usize, Score)> = played
        .filter(|(_, e, _)| e.weight == Score::ONE)
        .map(|(i, _, s)| (i, s))
        .collect();
    let mut counts: BTreeMap<&Score, usize> = BTreeMap::new();
    for (_, s) in &full {
        *counts.entry(s).or_default() += 1;
    }
    let Some((usual, _)) = counts
        .iter()
        .max_by_key(|(s, n)| (**n, std::cmp::Reverse(**s)))
    else {
        return Ok(());
    };
    let odd: Vec<&(usize, Score)> = full.iter().filter(|(_, s)| s != *usual).collect();
    for (i, s) in odd {
        warnings.push(Warning {
            field: Some(match_path(*i).k("vp")),
            at: None,
            message: format!(
                "the VPs add up to {s} where the other matches add up to {usual}; declare event.vp_total to make this an error"
            ),
        });
    }
    Ok(())
}
