//! A TRF-2026 team file (records `310`, a team type in `192`) under the
//! FIDE procedure: ranked as teams by C.07 arts. 12-13 and MTB26, never as
//! players.
//!
//! Why the FIDE entry and not a procedure of its own: C.07 is one
//! regulation for individual and team events, and a TRF file says which
//! it is (its `310` records and `192` type), so the file chooses, as it
//! chooses its points system (`162`) and its tie-break list (`202`/`212`).
//! A second procedure name would only let a user ask for the wrong one;
//! what applies to players only is refused on a team file, naming it.

use std::collections::{BTreeMap, HashMap};

use countback_model::{ContestantId, Value};
/// The records a team file lists its teams in (`310` or TRF-16 `013`).
pub use countback_tiebreak_fide::team::TeamRecordKind;
use countback_tiebreak_fide::team::{TeamOutOfPlace, TeamPointsDisagreement, TeamRoundKind};
use countback_tiebreak_fide::trf::Tournament;
use countback_tiebreak_fide::{TeamCascade, TeamScore, TeamTournament};

use crate::columns::Column;
use crate::display::Precision;
use crate::error::{EventError, Problem};
use crate::options::FideOptions;
use crate::{Procedure, Ranking, Warning};

/// What the file is, in the words of a refusal: `a team tournament (50
/// teams, record 192 FIDE_TEAM_BAKU)`.
fn what_it_is(t: &Tournament) -> String {
    let records = t.team.as_ref();
    let teams = records.map_or(0, |r| r.teams.len());
    let type_code = records
        .and_then(|r| r.type_code.as_ref())
        .map(|c| format!(", record 192 {c}"))
        .unwrap_or_default();
    format!("a team tournament ({teams} teams{type_code})")
}

/// The team tie-break list: the one given, else the file's (`202`/`212`),
/// else none (the primary score alone, with a warning). An option that
/// applies to players only is refused, saying what the file is.
pub(crate) fn list(
    t: &Tournament,
    options: &FideOptions,
    warnings: &mut Vec<Warning>,
) -> Result<TeamCascade, EventError> {
    if options.vega_forfeit_loss {
        return Err(EventError::new(Problem::wrong_kind(format!(
                "this is {}: vega_forfeit_loss classifies a player's byes (individual tie-breaks); the file is ranked as teams, by C.07 arts. 12-13",
                what_it_is(t)
            ))));
    }
    let team_list = |text: &str| -> Result<TeamCascade, EventError> {
        text.parse::<TeamCascade>().map_err(|e| {
            EventError::new(Problem::wrong_kind(format!(
                "this is {}, ranked as teams: {e}",
                what_it_is(t)
            )))
        })
    };
    if let Some(text) = &options.tiebreaks {
        return team_list(text);
    }
    if let Some(codes) = &t.tie_break_codes {
        // A leading `PTS` is the primary score the `192` type names, as in
        // an individual file's list (Sharly Chess writes `212 PTS,WIN,...`).
        let codes = match codes.split_first() {
            Some((first, rest)) if first.trim().eq_ignore_ascii_case("PTS") => rest,
            _ => codes.as_slice(),
        };
        return team_list(&codes.join(","));
    }
    warnings.push(Warning {
        kind: None,
        field: None,
        at: None,
        message: "no team tie-break list in the file (records 202/212) nor given for this run (the tiebreaks option): the teams are ranked by their primary score alone, ties left to the drawing of lots".to_owned(),
    });
    Ok(TeamCascade::default())
}

/// The unit of a team ranking's primary score.
fn unit(score: TeamScore) -> &'static str {
    if matches!(score, TeamScore::GamePoints) {
        "game points"
    } else {
        "match points"
    }
}

/// What a team file does not say and the standings take as read, each
/// said once: teams from TRF-16 `013` records (no points, no byes); a
/// round robin with fewer rounds than its teams need (a federation's
/// rating report of one round is not the event's standings).
fn what_the_file_holds(
    t: &Tournament,
    teams: &TeamTournament<'_>,
    options: countback_tiebreak_fide::Options,
) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let n = teams.standings().len();
    let say = |message: String| Warning {
        kind: None,
        field: None,
        at: None,
        message,
    };
    let written_as = t.team.as_ref().map(|r| r.written_as);
    if written_as == Some(TeamRecordKind::Roster013) {
        let unpaired = teams
            .standings()
            .iter()
            .flat_map(|s| &s.rounds)
            .filter(|r| matches!(r.kind, TeamRoundKind::NotPaired))
            .count();
        let byes = if unpaired == 0 {
            String::new()
        } else {
            format!(
                "; TRF-16 has no record of a team's bye: {unpaired} team round(s) with no game score nothing (TRF-2026 records 240/320 give a bye its points)"
            )
        };
        warnings.push(say(format!(
            "the {n} teams are read from the TRF-16 team records (013), players in roster order; match points from the board results (record 362, else 2-1-0){byes}"
        )));
    }
    let format = options.format().or(t.format);
    if format == Some(countback_tiebreak_fide::Format::RoundRobin) && t.rounds + 1 < n {
        warnings.push(say(format!(
            "the file holds {} round(s) of a round robin (record 092/192) of {n} teams, which needs {} rounds (its groups fewer): these are the standings of the rounds held, not of the event (a rating report of part of it)",
            t.rounds,
            n - 1
        )));
    }
    warnings
}

/// Rank the teams of `t`: the primary score (the `192` type), then `list`,
/// each decision in the trace with its article; a column per code that has
/// a value (DE and the EDE chains rank a group and have none: their
/// decisions are in the trace).
pub(crate) fn rank(
    t: &Tournament,
    options: countback_tiebreak_fide::Options,
    list: &TeamCascade,
    warnings: Vec<Warning>,
) -> Result<Ranking, EventError> {
    let teams = TeamTournament::with_options(t, options)?;
    let mut warnings = warnings;
    warnings.extend(what_the_file_holds(t, &teams, options));
    let outcome = teams.rank(list)?;
    let ids = teams.contestant_ids();
    let primary_score = teams.primary();
    let primary = ids
        .iter()
        .zip(teams.standings())
        .map(|(id, s)| {
            let points = if matches!(primary_score, TeamScore::GamePoints) {
                s.game_points.clone()
            } else {
                s.match_points.clone()
            };
            (id.clone(), points)
        })
        .collect();
    let mut columns = Vec::new();
    for code in &list.0 {
        if code.ranks_groups() {
            continue;
        }
        let name = code.to_string();
        let values: BTreeMap<ContestantId, Value> = ids
            .iter()
            .cloned()
            .zip(teams.values(code)?.into_iter().map(Value::Score))
            .collect();
        columns.push(Column {
            key: name.clone(),
            title: name,
            description: format!("FIDE {}: {}", code.article(), code.description()),
            values,
            precision: Precision::distinct(0),
        });
    }
    Ok(Ranking {
        event: t.name.clone().unwrap_or_default(),
        procedure: Procedure::Fide,
        unit: unit(primary_score),
        ranks: "team",
        primary,
        outcome,
        names: BTreeMap::new(),
        ratings: BTreeMap::new(),
        warnings,
        notes: Vec::new(),
        not_used: Vec::new(),
        columns,
        conversions: Vec::new(),
        // The edition changes team figures as it does players' (the
        // article 16 rules and the 2026 caps apply to teams unchanged).
        fide_edition: Some(options.edition()),
        date: None,
        players: BTreeMap::new(),
    })
}

/// The standings check of a team file: its `310` match and game points
/// against the results, its `310` ranks against the list.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamAudit {
    /// The list the ranks were checked against (the primary score first).
    pub list: TeamCascade,
    /// The primary score (the `192` type).
    pub primary: TeamScore,
    /// What the check found.
    pub findings: countback_tiebreak_fide::TeamAudit,
    /// Each team's name, by number (for the findings' sentences).
    pub names: BTreeMap<u32, ContestantId>,
    /// The records the teams were read from: TRF-16 `013` records declare
    /// no team points or ranks, so there is nothing of theirs to check.
    pub written_as: TeamRecordKind,
}

impl TeamAudit {
    /// The teams whose `310` points are not the results'.
    #[must_use]
    pub fn points(&self) -> &[TeamPointsDisagreement] {
        &self.findings.points
    }

    /// The teams whose `310` rank is not a place the list gives them.
    #[must_use]
    pub fn out_of_place(&self) -> &[TeamOutOfPlace] {
        &self.findings.out_of_place
    }
}

/// Check a team file's `310` records (`TeamTournament::audit`).
pub(crate) fn audit(
    t: &Tournament,
    options: countback_tiebreak_fide::Options,
    list: &TeamCascade,
) -> Result<TeamAudit, EventError> {
    let teams = TeamTournament::with_options(t, options)?;
    let findings = teams.audit(list)?;
    let names = teams
        .standings()
        .iter()
        .map(|s| s.team.number)
        .zip(teams.contestant_ids())
        .collect();
    Ok(TeamAudit {
        list: list.clone(),
        primary: teams.primary(),
        findings,
        names,
        written_as: t.team.as_ref().map(|r| r.written_as).unwrap_or_default(),
    })
}

/// The TRF file `bytes` written back as the arbiter submits it for rating
/// (docs/fide.md, "What the arbiter sends"): every byte as read, but the
/// rank columns, now the places of `ranking` (which [`crate::rank_trf`]
/// made of the same bytes; a tied group shares its first place), and a
/// `202` record with the list the ranking followed where the file had no
/// list. The encoding and line endings are kept.
///
/// # Errors
/// The file as [`crate::rank_trf`] refuses it; a TRF-16 team file
/// (`013` records), which has no column for a team's rank.
pub fn written_back(bytes: &[u8], ranking: &Ranking) -> Result<Vec<u8>, EventError> {
    use countback_tiebreak_fide::team::TeamRecordKind;
    use countback_tiebreak_fide::trf;
    let (text, _) = trf::decode(bytes);
    let t = trf::parse(&text)?;
    // Each contestant's place: a group's members share its first place.
    let mut place_of: HashMap<&ContestantId, u32> = HashMap::new();
    let mut place = 1_u32;
    for g in &ranking.outcome.order {
        for m in &g.members {
            place_of.insert(m, place);
        }
        place = place.saturating_add(u32::try_from(g.members.len()).unwrap_or(u32::MAX));
    }
    let mut ranks = trf::WriteBack::default();
    match t.team.as_ref() {
        Some(records) if records.written_as == TeamRecordKind::Roster013 => {
            return Err(EventError::new(Problem::wrong_kind(
                "a TRF-16 team file (013 records) has no column for a team's rank: nothing to write back",
            )));
        }
        Some(_) => {
            let teams = TeamTournament::new(&t)?;
            for (s, id) in teams.standings().iter().zip(teams.contestant_ids()) {
                if let Some(p) = place_of.get(&id) {
                    ranks.teams.insert(s.team.number, *p);
                }
            }
        }
        None => {
            let ids = countback_tiebreak_fide::contestant_ids(&t);
            for (p, id) in t.players.iter().zip(ids) {
                if let Some(place) = place_of.get(&id) {
                    ranks.players.insert(p.starting_rank, *place);
                }
            }
        }
    }
    if t.tie_break_codes.is_none() {
        let codes: Vec<&str> = ranking.columns.iter().map(|c| c.key.as_str()).collect();
        ranks.list = Some(codes.join(", "));
    }
    Ok(trf::write_back(bytes, &ranks)?)
}
