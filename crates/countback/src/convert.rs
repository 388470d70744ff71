//! From the event file format to each rule crate's own input types.
//!
//! Every check here names the field at fault (`matches[3].first`), so a
//! director can find it in the file.

use std::collections::{BTreeMap, BTreeSet};

use model::{
    ArtificialScore, BoardNumber, ContestantId, Encounter, EncounterStatus, RoundNumber, Score,
    SideScores, TableOutcome, TravellerLine, Unit,
};
use tiebreak_chess::{Crosstable, RoundResult};

use crate::format::{EventFile, MatchEntry};

/// A message naming the field at fault.
pub type Problem = String;

/// The contestants the file lists, checked for duplicates.
pub fn contestants(event: &EventFile) -> Result<BTreeSet<ContestantId>, Problem> {
    let mut set = BTreeSet::new();
    for (i, c) in event.contestants.iter().enumerate() {
        if !set.insert(ContestantId::new(c.id.as_str())) {
            return Err(format!("contestants[{i}].id: {:?} is listed twice", c.id));
        }
    }
    if set.is_empty() {
        return Err("contestants: the event lists no contestants".to_owned());
    }
    Ok(set)
}

fn known(set: &BTreeSet<ContestantId>, id: &str, field: &str) -> Result<ContestantId, Problem> {
    let c = ContestantId::new(id);
    if set.contains(&c) {
        Ok(c)
    } else {
        Err(format!("{field}: {id:?} is not among the contestants"))
    }
}

/// The matches as encounters, each side checked against the contestants.
pub fn encounters(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
) -> Result<Vec<Encounter>, Problem> {
    event
        .matches
        .iter()
        .enumerate()
        .map(|(i, m)| encounter(i, m, set))
        .collect()
}

fn encounter(i: usize, m: &MatchEntry, set: &BTreeSet<ContestantId>) -> Result<Encounter, Problem> {
    let first = known(set, &m.first, &format!("matches[{i}].first"))?;
    let second = known(set, &m.second, &format!("matches[{i}].second"))?;
    if first == second {
        return Err(format!("matches[{i}]: {first} cannot play itself"));
    }
    if m.round == 0 {
        return Err(format!("matches[{i}].round: rounds count from 1"));
    }
    let mut scores = Vec::new();
    for (unit, pair) in [
        (Unit::VictoryPoints, &m.vp),
        (Unit::Imps, &m.imps),
        (Unit::TotalPoints, &m.total_points),
        (Unit::MatchPoints, &m.match_points),
    ] {
        if let Some([a, b]) = pair {
            scores.push(SideScores {
                unit,
                first: a.clone(),
                second: b.clone(),
            });
        }
    }
    if scores.is_empty() {
        return Err(format!(
            "matches[{i}]: no score given (vp, imps, total_points or match_points)"
        ));
    }
    Ok(Encounter {
        round: RoundNumber(m.round),
        first,
        second,
        scores,
        status: if m.awarded {
            EncounterStatus::Awarded
        } else {
            EncounterStatus::Played
        },
        weight: m.weight.clone().unwrap_or(Score::ONE),
    })
}

/// Each contestant's total in `unit` over its encounters.
pub fn totals(
    encounters: &[Encounter],
    set: &BTreeSet<ContestantId>,
    unit: Unit,
) -> BTreeMap<ContestantId, Score> {
    set.iter()
        .map(|c| {
            let t = model::head_to_head::for_against(encounters, c, unit, |_| true);
            (c.clone(), t.scored)
        })
        .collect()
}

/// A traveller score: points, an artificial `Axxyy`, `NP`, or `PASS`.
pub fn table_outcome(text: &str, field: &str) -> Result<TableOutcome, Problem> {
    let t = text.trim();
    match t.to_ascii_uppercase().as_str() {
        "NP" | "NOT PLAYED" => return Ok(TableOutcome::NotPlayed),
        "PASS" | "P" => return Ok(TableOutcome::Played { ns_points: 0 }),
        _ => {}
    }
    if let Some(rest) = t.strip_prefix('A').or_else(|| t.strip_prefix('a')) {
        let (ns, ew) = (rest.get(..2), rest.get(2..));
        let parse = |s: Option<&str>| {
            s.filter(|s| s.len() == 2)
                .and_then(|s| s.parse::<i64>().ok())
        };
        return match (parse(ns), parse(ew)) {
            (Some(n), Some(e)) => ArtificialScore::new(Score::integer(n), Score::integer(e))
                .map(TableOutcome::Artificial)
                .map_err(|e| format!("{field}: {e}")),
            _ => Err(format!(
                "{field}: {text:?} is not an artificial score; write e.g. \"A6040\" for 60% NS, 40% EW"
            )),
        };
    }
    t.parse::<i32>()
        .map(|ns_points| TableOutcome::Played { ns_points })
        .map_err(|_| {
            format!("{field}: {text:?} is not a score; expected NS points (\"420\", \"-50\"), \"A6040\", \"NP\" or \"PASS\"")
        })
}

/// The boards as travellers (one list of lines per version of a fouled board).
pub fn travellers(event: &EventFile) -> Result<Vec<normalise::Traveller>, Problem> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (i, b) in event.boards.iter().enumerate() {
        if !seen.insert(b.board) {
            return Err(format!(
                "boards[{i}].board: board {} is given twice",
                b.board
            ));
        }
        let mut versions: BTreeMap<u32, Vec<TravellerLine>> = BTreeMap::new();
        for (j, r) in b.results.iter().enumerate() {
            let field = format!("boards[{i}].results[{j}]");
            let outcome = table_outcome(&r.score, &format!("{field}.score"))?;
            versions
                .entry(r.version.unwrap_or(1))
                .or_default()
                .push(TravellerLine {
                    board: BoardNumber(b.board),
                    ns: ContestantId::new(r.ns.as_str()),
                    ew: ContestantId::new(r.ew.as_str()),
                    outcome,
                });
        }
        let versions: Vec<Vec<TravellerLine>> = versions.into_values().collect();
        out.push(if versions.len() == 1 {
            normalise::Traveller::new(
                BoardNumber(b.board),
                versions.into_iter().flatten().collect(),
            )
        } else {
            normalise::Traveller::fouled(BoardNumber(b.board), versions)
        });
    }
    if out.is_empty() {
        return Err("boards: the session has no boards".to_owned());
    }
    Ok(out)
}

/// The chess games as a crosstable.
pub fn crosstable(event: &EventFile, set: &BTreeSet<ContestantId>) -> Result<Crosstable, Problem> {
    let rounds = event.games.iter().map(|g| g.round).max().unwrap_or(0);
    if rounds == 0 {
        return Err("games: the event has no games".to_owned());
    }
    let mut slots: BTreeMap<ContestantId, BTreeMap<u32, RoundResult>> =
        set.iter().map(|c| (c.clone(), BTreeMap::new())).collect();
    let mut put =
        |who: &ContestantId, round: u32, r: RoundResult, field: &str| -> Result<(), Problem> {
            let row = slots
                .get_mut(who)
                .ok_or_else(|| format!("{field}: {who:?} is not among the contestants"))?;
            if row.insert(round, r).is_some() {
                return Err(format!(
                    "{field}: {who} already has a result in round {round}"
                ));
            }
            Ok(())
        };
    for (i, g) in event.games.iter().enumerate() {
        let field = format!("games[{i}]");
        if g.round == 0 {
            return Err(format!("{field}.round: rounds count from 1"));
        }
        let white = ContestantId::new(g.white.as_str());
        match (&g.black, g.result.trim()) {
            (None, bye) => {
                let r = match bye {
                    "bye" => RoundResult::FullPointBye,
                    "half-bye" => RoundResult::HalfPointBye,
                    "zero-bye" => RoundResult::ZeroPointBye,
                    "withdrawn" => RoundResult::Unplayed,
                    other => {
                        return Err(format!(
                            "{field}.result: {other:?} needs a black player; without one use \"bye\", \"half-bye\", \"zero-bye\" or \"withdrawn\""
                        ))
                    }
                };
                put(&white, g.round, r, &format!("{field}.white"))?;
            }
            (Some(black), result) => {
                let black = ContestantId::new(black.as_str());
                let (w, b) = match result {
                    "1-0" => (RoundResult::Win(black.clone()), RoundResult::Loss(white.clone())),
                    "0-1" => (RoundResult::Loss(black.clone()), RoundResult::Win(white.clone())),
                    "1/2" | "½" | "1/2-1/2" => (RoundResult::Draw(black.clone()), RoundResult::Draw(white.clone())),
                    "+-" => (RoundResult::ForfeitWin(black.clone()), RoundResult::ForfeitLoss(white.clone())),
                    "-+" => (RoundResult::ForfeitLoss(black.clone()), RoundResult::ForfeitWin(white.clone())),
                    other => {
                        return Err(format!(
                            "{field}.result: {other:?} is not a result; expected \"1-0\", \"0-1\", \"1/2\", \"+-\" or \"-+\""
                        ))
                    }
                };
                put(&white, g.round, w, &format!("{field}.white"))?;
                put(&black, g.round, b, &format!("{field}.black"))?;
            }
        }
    }
    let mut rows = Vec::new();
    for (player, row) in slots {
        let mut results = Vec::new();
        for round in 1..=rounds {
            match row.get(&round) {
                Some(r) => results.push(r.clone()),
                None => {
                    return Err(format!(
                        "games: {player} has no entry for round {round} (record a bye, a forfeit or \"withdrawn\")"
                    ))
                }
            }
        }
        rows.push((player, results));
    }
    Crosstable::new(rounds, rows).map_err(|e| format!("games: {e}"))
}

/// The board scores for the EBU count-back.
pub fn ebu_boards(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
) -> Result<Vec<tiebreak_ebu::Board>, Problem> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (i, b) in event.board_scores.iter().enumerate() {
        if !seen.insert(b.board) {
            return Err(format!(
                "board_scores[{i}].board: board {} is given twice",
                b.board
            ));
        }
        let mut results = BTreeMap::new();
        for (who, score) in &b.scores {
            let c = known(set, who, &format!("board_scores[{i}].scores"))?;
            let r = if b.awarded.iter().any(|a| a == who) {
                tiebreak_ebu::BoardResult::Unplayed {
                    awarded: score.clone(),
                }
            } else {
                tiebreak_ebu::BoardResult::Played(score.clone())
            };
            results.insert(c, r);
        }
        for a in &b.awarded {
            if !b.scores.contains_key(a) {
                return Err(format!(
                    "board_scores[{i}].awarded: {a:?} has no score on board {}",
                    b.board
                ));
            }
        }
        out.push(tiebreak_ebu::Board {
            number: BoardNumber(b.board),
            average: b.average.clone().unwrap_or_default(),
            results,
        });
    }
    Ok(out)
}

/// The board scores as BAM net points per team and board.
pub fn bam_boards(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
) -> Result<Vec<tiebreak_wbf::BamBoard>, Problem> {
    let mut out = Vec::new();
    for (i, b) in event.board_scores.iter().enumerate() {
        for (who, score) in &b.scores {
            let c = known(set, who, &format!("board_scores[{i}].scores"))?;
            out.push(tiebreak_wbf::BamBoard::new(
                c,
                BoardNumber(b.board),
                score.clone(),
            ));
        }
    }
    Ok(out)
}
