//! Replay of `003_…` (WBF Procedures for Tie Breaking, 2023).
//!
//! The document prints one number (the Swiss-points example). Every other
//! fixture is an event of our own in which one clause decides; its expected
//! order is worked by hand in the fixture's `note`.

use std::collections::{BTreeMap, BTreeSet};

use countback_model::{
    BoardNumber, ContestantId, Encounter, EncounterStatus, RoundNumber, Score, SideScores,
    TieBreakOutcome, Unit, Unresolved,
};
use countback_tiebreak_wbf::{
    bam, decided_by, knockout, pairs, round_robin, swiss, swiss_points_from_finals, BamBoard,
    BamStage, PairsStage, Qualification, Readings, TeamsEvent, WbfError,
};
use serde::Deserialize;

use crate::{input, Breakdown, Computed, KindError};

/// Replay one fixture of this rule set.
pub fn compute(kind: &str, table: &toml::Table) -> Result<Breakdown, KindError> {
    match kind {
        "swiss_points" => swiss_points_example(input(table)?),
        "round_robin" => teams(input(table)?, Part::RoundRobin),
        "swiss" => teams(input(table)?, Part::Swiss),
        "knockout" => knockout_tie(input(table)?),
        "pairs" => pairs_tie(input(table)?),
        "bam" => bam_tie(input(table)?),
        _ => Err(KindError::UnknownKind),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SwissPointsExample {
    team: String,
    /// (opponent, opponent's final VP score).
    opponents: Vec<(String, Score)>,
}

fn swiss_points_example(i: SwissPointsExample) -> Result<Breakdown, KindError> {
    let team = ContestantId::new(i.team.as_str());
    let finals: BTreeMap<ContestantId, Score> = i
        .opponents
        .iter()
        .map(|(o, s)| (ContestantId::new(o.as_str()), s.clone()))
        .collect();
    let opponents: Vec<ContestantId> = i
        .opponents
        .iter()
        .map(|(o, _)| ContestantId::new(o.as_str()))
        .collect();
    let total = swiss_points_from_finals(&team, &opponents, &finals).map_err(KindError::compute)?;
    Ok(Breakdown {
        computed: vec![Computed::exact(format!("Swiss points of {team}"), &total)],
        trace: i
            .opponents
            .iter()
            .map(|(o, s)| format!("{team} met {o}, who finished on {s} VPs"))
            .collect(),
    })
}

/// One match of a teams fixture.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Match {
    round: u32,
    teams: (String, String),
    vp: (Score, Score),
    #[serde(default)]
    imps: Option<(Score, Score)>,
    #[serde(default)]
    points: Option<(Score, Score)>,
    #[serde(default)]
    awarded: bool,
}

impl Match {
    fn encounter(&self, unit_for_vp: Unit) -> Encounter {
        let mut scores = vec![side(unit_for_vp, &self.vp)];
        for (unit, s) in [(Unit::Imps, &self.imps), (Unit::TotalPoints, &self.points)] {
            if let Some(s) = s {
                scores.push(side(unit, s));
            }
        }
        let mut e = meeting(self.round, &self.teams, scores);
        if self.awarded {
            e.status = EncounterStatus::Awarded;
        }
        e
    }
}

/// One unit's two scores.
fn side(unit: Unit, (first, second): &(Score, Score)) -> SideScores {
    SideScores {
        unit,
        first: first.clone(),
        second: second.clone(),
    }
}

/// A meeting played in `round` between the two named contestants.
fn meeting(round: u32, (a, b): &(String, String), scores: Vec<SideScores>) -> Encounter {
    Encounter {
        round: RoundNumber(round),
        first: ContestantId::new(a.as_str()),
        second: ContestantId::new(b.as_str()),
        scores,
        status: EncounterStatus::Played,
        weight: Score::ONE,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamsTie {
    tied: Vec<String>,
    #[serde(default)]
    vp_scale_total: Option<Score>,
    matches: Vec<Match>,
}

#[derive(Clone, Copy)]
enum Part {
    RoundRobin,
    Swiss,
}

fn ids(names: &[String]) -> Vec<ContestantId> {
    names
        .iter()
        .map(|n| ContestantId::new(n.as_str()))
        .collect()
}

/// Each named contestant with its value, in name order.
fn by_id<T: Clone>(named: &BTreeMap<String, T>) -> impl Iterator<Item = (ContestantId, T)> + '_ {
    named
        .iter()
        .map(|(n, v)| (ContestantId::new(n.as_str()), v.clone()))
}

/// The fixture's tied group split by one of the rule crate's entries, read
/// the default way.
fn split<S>(
    rule: fn(&S, &[ContestantId], &Readings) -> Result<TieBreakOutcome, WbfError>,
    stage: &S,
    tied: &[String],
) -> Result<TieBreakOutcome, KindError> {
    rule(stage, &ids(tied), &Readings::default()).map_err(KindError::compute)
}

fn teams(i: TeamsTie, part: Part) -> Result<Breakdown, KindError> {
    let mut all: BTreeSet<ContestantId> = ids(&i.tied).into_iter().collect();
    for m in &i.matches {
        all.insert(ContestantId::new(m.teams.0.as_str()));
        all.insert(ContestantId::new(m.teams.1.as_str()));
    }
    let encounters: Vec<Encounter> = i
        .matches
        .iter()
        .map(|m| m.encounter(Unit::VictoryPoints))
        .collect();
    let mut event = TeamsEvent::new(all, encounters).map_err(KindError::compute)?;
    if let Some(total) = i.vp_scale_total {
        event = event
            .with_vp_scale_total(total)
            .map_err(KindError::compute)?;
    }
    let rule = match part {
        Part::RoundRobin => round_robin,
        Part::Swiss => swiss,
    };
    let outcome = split(rule, &event, &i.tied)?;
    let mut b = breakdown(&outcome);
    let mut vps: Vec<String> = Vec::new();
    for t in event.teams() {
        if let Some(v) = event.victory_points(t) {
            vps.push(format!("{t} {v}"));
        }
    }
    b.trace
        .insert(0, format!("victory points: {}", vps.join(", ")));
    Ok(b)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KnockoutTie {
    tied: Vec<String>,
    positions: BTreeMap<String, u32>,
    #[serde(default)]
    matches: Vec<Match>,
}

fn knockout_tie(i: KnockoutTie) -> Result<Breakdown, KindError> {
    let q = Qualification::new(
        by_id(&i.positions),
        i.matches.iter().map(|m| m.encounter(Unit::VictoryPoints)),
    )
    .map_err(KindError::compute)?;
    Ok(breakdown(&split(knockout, &q, &i.tied)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairsMeeting {
    round: u32,
    pairs: (String, String),
    mp: (Score, Score),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairsTie {
    tied: Vec<String>,
    sessions: BTreeMap<String, Vec<Score>>,
    positions: BTreeMap<String, u32>,
    #[serde(default)]
    meetings: Vec<PairsMeeting>,
}

fn pairs_tie(i: PairsTie) -> Result<Breakdown, KindError> {
    let stage = PairsStage::new(
        by_id(&i.sessions),
        by_id(&i.positions),
        i.meetings
            .iter()
            .map(|m| meeting(m.round, &m.pairs, vec![side(Unit::MatchPoints, &m.mp)])),
    )
    .map_err(KindError::compute)?;
    Ok(breakdown(&split(pairs, &stage, &i.tied)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BamMatch {
    round: u32,
    teams: (String, String),
    score: (Score, Score),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BamTie {
    tied: Vec<String>,
    carryover: BTreeMap<String, Score>,
    matches: Vec<BamMatch>,
    /// (team, board, net total points).
    #[serde(default)]
    boards: Vec<(String, u32, Score)>,
}

fn bam_tie(i: BamTie) -> Result<Breakdown, KindError> {
    let stage = BamStage::new(
        by_id(&i.carryover),
        i.matches
            .iter()
            .map(|m| meeting(m.round, &m.teams, vec![side(Unit::MatchPoints, &m.score)])),
        i.boards.iter().map(|(t, b, s)| {
            BamBoard::new(ContestantId::new(t.as_str()), BoardNumber(*b), s.clone())
        }),
    )
    .map_err(KindError::compute)?;
    let mut b = breakdown(&split(bam, &stage, &i.tied)?);
    let finals: Vec<String> = i
        .carryover
        .keys()
        .map(|t| {
            let id = ContestantId::new(t.as_str());
            format!("{t} {}", stage.final_score(&id).unwrap_or_default())
        })
        .collect();
    b.trace
        .insert(0, format!("final scores: {}", finals.join(", ")));
    Ok(b)
}

/// The order and the deciding clauses as computed figures; every decision
/// as a trace line.
fn breakdown(outcome: &TieBreakOutcome) -> Breakdown {
    let decided: Vec<String> = decided_by(outcome)
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut trace: Vec<String> = outcome
        .trace
        .iter()
        .map(|d| {
            let values: Vec<String> = d.values.iter().map(|(t, v)| format!("{t}: {v}")).collect();
            let result: Vec<String> = d.result.iter().map(|g| g.join_names()).collect();
            let mut line = format!(
                "[{}] {} | {} | -> {}",
                d.clause,
                d.test,
                values.join("; "),
                result.join(" > ")
            );
            if let Some(n) = &d.note {
                line.push_str(&format!(" (note: {n})"));
            }
            line
        })
        .collect();
    for g in &outcome.order {
        let who = super::joined(&g.members, ", ");
        match &g.unresolved {
            Some(Unresolved::PlayOff { clause }) => trace.push(format!(
                "play-off (\"sudden death\") required between {who} [{clause}]"
            )),
            Some(Unresolved::Stands { clause }) => {
                trace.push(format!("the tie between {who} stands [{clause}]"));
            }
            Some(other) => trace.push(format!("{who}: {other:?}")),
            None => {}
        }
    }
    Breakdown {
        computed: vec![
            Computed::text("order", outcome.order_text()),
            Computed::text(
                "decided by",
                if decided.is_empty() {
                    "none".to_owned()
                } else {
                    decided.join(", ")
                },
            ),
        ],
        trace,
    }
}

trait JoinNames {
    fn join_names(&self) -> String;
}

impl JoinNames for Vec<ContestantId> {
    fn join_names(&self) -> String {
        super::joined(self, " = ")
    }
}
