//! Each named procedure: the event file in, a ranked outcome out.

use std::collections::{BTreeMap, BTreeSet};

use model::{ContestantId, Score, TieBreakOutcome, TiedGroup, Unit};
use tiebreak_chess::{Cascade, CascadeEnd, IhsaEvent, IhsaOptions, TeamMatch, UscfOptions};
use tiebreak_ebu::{
    EventFormat, FinalStanding, MatchGrouping, PenaltyConversion, Procedure as EbuProcedure,
    Scoring, Stage, Standings, TiePurpose,
};
use tiebreak_wbf::{PairsStage, Qualification, TeamsEvent};

use crate::cli::Procedure;
use crate::convert::{self, Problem};
use crate::format::EventFile;

/// A ranked event: the main score of each contestant (what the standings
/// table shows) and the outcome of the procedure.
pub struct Ranked {
    /// What the main score is ("VPs", "points" ...).
    pub unit: &'static str,
    /// Each contestant's main score.
    pub primary: BTreeMap<ContestantId, Score>,
    /// The order and the decisions.
    pub outcome: TieBreakOutcome,
    /// Names for people, where the file gives them.
    pub names: BTreeMap<ContestantId, String>,
}

fn option<'a>(event: &'a EventFile, name: &str) -> Option<&'a str> {
    event.event.options.get(name).map(String::as_str)
}

/// Apply `procedure` to the event.
pub fn rank(procedure: Procedure, event: &EventFile) -> Result<Ranked, Problem> {
    let mut ranked = rank_by(procedure, event)?;
    ranked.names = event
        .contestants
        .iter()
        .filter_map(|c| {
            c.name
                .clone()
                .map(|n| (ContestantId::new(c.id.as_str()), n))
        })
        .collect();
    Ok(ranked)
}

fn rank_by(procedure: Procedure, event: &EventFile) -> Result<Ranked, Problem> {
    let set = convert::contestants(event)?;
    match procedure {
        Procedure::WbfSwiss | Procedure::WbfRoundRobin => {
            let matches = convert::encounters(event, &set)?;
            let primary = convert::totals(&matches, &set, Unit::VictoryPoints);
            let teams = TeamsEvent::new(set.iter().cloned(), matches).map_err(|e| e.to_string())?;
            let outcome = if procedure == Procedure::WbfSwiss {
                tiebreak_wbf::swiss_standings(&teams)
            } else {
                tiebreak_wbf::round_robin_standings(&teams)
            }
            .map_err(|e| e.to_string())?;
            Ok(Ranked {
                unit: "VPs",
                primary,
                outcome,
                names: BTreeMap::new(),
            })
        }
        Procedure::WbfKnockout => {
            let matches = convert::encounters(event, &set)?;
            let primary = convert::totals(&matches, &set, Unit::Imps);
            let positions = qualification_ranks(event)?;
            let q = Qualification::new(positions, matches).map_err(|e| e.to_string())?;
            let outcome = split_ties(&primary, |tied| {
                tiebreak_wbf::knockout(&q, tied).map_err(|e| e.to_string())
            })?;
            Ok(Ranked {
                unit: "IMPs",
                primary,
                outcome,
                names: BTreeMap::new(),
            })
        }
        Procedure::WbfPairs => {
            let mut sessions: BTreeMap<ContestantId, Vec<Score>> = BTreeMap::new();
            let mut ordered = event.sessions.clone();
            ordered.sort_by_key(|s| s.session);
            for (i, s) in ordered.iter().enumerate() {
                for (pair, score) in &s.scores {
                    let id = ContestantId::new(pair.as_str());
                    if !set.contains(&id) {
                        return Err(format!(
                            "sessions[{i}].scores: {pair:?} is not among the contestants"
                        ));
                    }
                    sessions.entry(id).or_default().push(score.clone());
                }
            }
            let primary: BTreeMap<ContestantId, Score> = sessions
                .iter()
                .map(|(p, s)| (p.clone(), s.iter().sum()))
                .collect();
            let matches = convert::encounters(event, &set)?;
            let positions = qualification_ranks(event)?;
            let stage = PairsStage::new(sessions, positions, matches).map_err(|e| e.to_string())?;
            let outcome = split_ties(&primary, |tied| {
                tiebreak_wbf::pairs(&stage, tied).map_err(|e| e.to_string())
            })?;
            Ok(Ranked {
                unit: "MPs",
                primary,
                outcome,
                names: BTreeMap::new(),
            })
        }
        Procedure::WbfBam => {
            let matches = convert::encounters(event, &set)?;
            let carry: Vec<(ContestantId, Score)> = event
                .contestants
                .iter()
                .map(|c| {
                    (
                        ContestantId::new(c.id.as_str()),
                        c.score.clone().unwrap_or_default(),
                    )
                })
                .collect();
            let boards = convert::bam_boards(event, &set)?;
            let stage =
                tiebreak_wbf::BamStage::new(carry, matches, boards).map_err(|e| e.to_string())?;
            let primary: BTreeMap<ContestantId, Score> = set
                .iter()
                .map(|t| (t.clone(), stage.final_score(t).unwrap_or_default()))
                .collect();
            let outcome = split_ties(&primary, |tied| {
                tiebreak_wbf::bam(&stage, tied).map_err(|e| e.to_string())
            })?;
            Ok(Ranked {
                unit: "points",
                primary,
                outcome,
                names: BTreeMap::new(),
            })
        }
        Procedure::Ebu => ebu(event, &set),
        Procedure::Uscf => {
            let table = convert::crosstable(event, &set)?;
            let primary = set
                .iter()
                .map(|p| (p.clone(), table.score(p).unwrap_or_default()))
                .collect();
            let outcome = tiebreak_chess::rank(&table, &Cascade::uscf(), &UscfOptions::default());
            Ok(Ranked {
                unit: "points",
                primary,
                outcome,
                names: BTreeMap::new(),
            })
        }
        Procedure::Ihsa => ihsa(event, &set),
        Procedure::Fide => Err(
            "the FIDE procedure reads a TRF file: run `countback rank` on the tournament's .trf"
                .to_owned(),
        ),
    }
}

fn qualification_ranks(event: &EventFile) -> Result<Vec<(ContestantId, u32)>, Problem> {
    event
        .contestants
        .iter()
        .enumerate()
        .map(|(i, c)| {
            c.qualification_rank
                .map(|r| (ContestantId::new(c.id.as_str()), r))
                .ok_or_else(|| {
                    format!("contestants[{i}].qualification_rank: needed by this procedure")
                })
        })
        .collect()
}

/// Rank by `primary`, highest first, and hand every group of equal scores
/// to `split`.
fn split_ties(
    primary: &BTreeMap<ContestantId, Score>,
    mut split: impl FnMut(&[ContestantId]) -> Result<TieBreakOutcome, Problem>,
) -> Result<TieBreakOutcome, Problem> {
    let members: Vec<ContestantId> = primary.keys().cloned().collect();
    let mut out = TieBreakOutcome::default();
    for group in model::partition_descending(&members, |c| primary.get(c).cloned()) {
        if group.len() == 1 {
            out.order.push(TiedGroup {
                members: group,
                unresolved: None,
            });
            continue;
        }
        let o = split(&group)?;
        out.order.extend(o.order);
        out.trace.extend(o.trace);
    }
    Ok(out)
}

fn ebu(event: &EventFile, set: &BTreeSet<ContestantId>) -> Result<Ranked, Problem> {
    let matches = convert::encounters(event, set)?;
    let primary = convert::totals(&matches, set, Unit::VictoryPoints);
    // A contestant who withdrew played `withdrew_after_round` of the stage's
    // rounds: its score is taken pro rata for its opponents (EBU 143.5.2).
    let rounds = matches.iter().map(|m| m.round.0).max().unwrap_or(0);
    let mut list = Vec::new();
    for (i, c) in event.contestants.iter().enumerate() {
        let id = ContestantId::new(c.id.as_str());
        let score = primary.get(&id).cloned().unwrap_or_default();
        list.push(match c.withdrew_after_round {
            Some(0) => {
                return Err(format!(
                    "contestants[{i}].withdrew_after_round: a contestant who played no round is not in the stage"
                ))
            }
            Some(r) if r < rounds => {
                let share = Score::new(i64::from(r), i64::from(rounds)).map_err(|e| e.to_string())?;
                FinalStanding::partial(id, score, share)
            }
            _ => FinalStanding::full(id, score),
        });
    }
    let standings = Standings::new(list).map_err(|e| e.to_string())?;
    let all_play_all = option(event, "all_play_all") == Some("true");
    let purpose = match option(event, "tie_purpose").unwrap_or("title") {
        "title" => TiePurpose::Title,
        "qualifying_place" => TiePurpose::QualifyingPlace,
        "indivisible_prize" => TiePurpose::IndivisiblePrize,
        "shared_place" => TiePurpose::SharedPlace,
        other => {
            return Err(format!(
                "event.options.tie_purpose: {other:?}; expected title, qualifying_place, indivisible_prize or shared_place"
            ))
        }
    };
    let stage = Stage {
        format: EventFormat {
            scoring: Scoring::victory_points(Unit::Imps),
            all_play_all,
            contestants: model::ContestantKind::Team,
            grouping: MatchGrouping::Rounds,
            draw_score: Score::integer(10),
        },
        standings,
        encounters: matches,
        partnerships: vec![],
        boards: convert::ebu_boards(event, set)?,
        penalties: vec![],
        conversion: PenaltyConversion::standard(),
    };
    let procedure = EbuProcedure::white_book();
    let outcome = split_ties(&primary, |tied| {
        procedure
            .split(&stage, tied, purpose)
            .map_err(|e| e.to_string())
    })?;
    Ok(Ranked {
        unit: "VPs",
        primary,
        outcome,
        names: BTreeMap::new(),
    })
}

fn ihsa(event: &EventFile, set: &BTreeSet<ContestantId>) -> Result<Ranked, Problem> {
    let rounds = event.matches.iter().map(|m| m.round).max().unwrap_or(0);
    let mut matches = Vec::new();
    for (i, e) in convert::encounters(event, set)?.into_iter().enumerate() {
        let Some((a, b)) = e.scores_for(&e.first, Unit::MatchPoints) else {
            return Err(format!(
                "matches[{i}].match_points: needed by the IHSA procedure"
            ));
        };
        matches.push(TeamMatch {
            round: e.round,
            first: e.first.clone(),
            second: e.second.clone(),
            first_match_points: a.clone(),
            second_match_points: b.clone(),
        });
    }
    let ev = IhsaEvent::new(rounds, set.iter().cloned(), matches, Vec::new())
        .map_err(|e| e.to_string())?;
    let primary = set
        .iter()
        .map(|t| (t.clone(), ev.tournament_points(t).unwrap_or_default()))
        .collect();
    let outcome = ev
        .rank(&IhsaOptions::ihsa(), &CascadeEnd::Stands)
        .map_err(|e| e.to_string())?;
    Ok(Ranked {
        unit: "tournament points",
        primary,
        outcome,
        names: BTreeMap::new(),
    })
}

/// Rank a FIDE TRF tournament by its declared tie-breaks, the `--tiebreaks`
/// list, or the common default `BH/C1, BH, SB`.
pub fn fide(text: &str, tiebreaks: Option<&str>) -> Result<Ranked, Problem> {
    use tiebreak_fide::{trf, Cascade as FideCascade, Evaluation, Options};
    let t = trf::parse(text).map_err(|e| e.to_string())?;
    let options = t
        .start_date
        .map_or(Options::new(Default::default()), Options::for_start_date);
    let eval = Evaluation::new(&t, options).map_err(|e| e.to_string())?;
    let cascade: FideCascade = match tiebreaks {
        Some(list) => list
            .parse()
            .map_err(|e| format!("tie-break list {list:?}: {e}"))?,
        None => match t.declared_cascade().map_err(|e| e.to_string())? {
            Some(c) => c,
            None => "BH/C1, BH, SB".parse().map_err(|e| format!("{e}"))?,
        },
    };
    let outcome = eval.rank(&cascade).map_err(|e| e.to_string())?;
    let ids = tiebreak_fide::contestant_ids(&t);
    let primary = t
        .players
        .iter()
        .zip(ids)
        .map(|(p, id)| (id, p.points()))
        .collect();
    Ok(Ranked {
        unit: "points",
        primary,
        outcome,
        names: BTreeMap::new(),
    })
}
