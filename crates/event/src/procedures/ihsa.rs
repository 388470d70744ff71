//! IHSA: a chess team event by tournament points.

use crate::Needed;
use countback_tiebreak_chess::{CascadeEnd, IhsaEvent, OwnUnplayedMatch, TeamMatch, UnplayedMatch};

use super::prelude::*;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::file::Exact;
use crate::options::flex_bool_opt;

/// Options of the `ihsa` procedure.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct IhsaOptions {
    /// The most match points a team can score in one match (default 68).
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub max_match_points: Option<Score>,
    /// A team's own unplayed matches (default `omitted`).
    #[serde(default)]
    pub own_unplayed: Option<OwnUnplayedMatch>,
    /// An opponent's unplayed matches count as drawn in the tournament
    /// points the formula squares (default true, the IHSA text).
    #[serde(default, deserialize_with = "flex_bool_opt")]
    pub opponent_unplayed_as_draw: Option<bool>,
}

/// IHSA team tie-break.
pub(crate) const ENTRY: Entry = Entry::new(
    Reads::NOTHING.matches().byes(),
    options_of::<IhsaOptions>(),
    rank,
);

fn rank(ctx: &Ctx<'_>, warnings: &mut Vec<Warning>) -> Result<Ranking> {
    let o: IhsaOptions = ctx.read(warnings)?;
    if let Some(i) = ctx.event.matches.iter().position(|m| m.weight.is_some()) {
        return Err(not_used(
            match_path(i).k("weight"),
            "a match's weight",
            ctx.procedure,
            "every IHSA match is a full match",
        ));
    }
    let indexed = ctx.all_encounters()?;
    let rounds = checks::team_rounds(ctx.event, ctx.set, &indexed, false, warnings)?;
    let mut matches = Vec::new();
    let mut unplayed = Vec::new();
    for (i, e) in &indexed {
        let Some((a, b)) = e.scores_for(&e.first, Unit::MatchPoints) else {
            return Err(EventError::at(
                match_path(*i).k("match_points"),
                Needed::IhsaMatchPoints,
            ));
        };
        if e.status == EncounterStatus::Awarded {
            unplayed.extend(UnplayedMatch::awarded(
                e.round,
                e.first.clone(),
                e.second.clone(),
                a.clone(),
                b.clone(),
            ));
            continue;
        }
        matches.push(TeamMatch {
            round: e.round,
            first: e.first.clone(),
            second: e.second.clone(),
            first_match_points: a.clone(),
            second_match_points: b.clone(),
        });
    }
    for (i, b) in ctx.event.byes.iter().enumerate() {
        let at = FieldPath::key("byes").i(i);
        if b.vp.is_some() {
            return Err(not_used(
                at.k("vp"),
                "VPs",
                ctx.procedure,
                "an IHSA bye has match_points and tournament_points",
            ));
        }
        unplayed.push(UnplayedMatch {
            round: countback_model::RoundNumber(b.round),
            team: known(ctx.set, &b.contestant, at.k("contestant"))?,
            match_points: b.match_points.clone().unwrap_or_default(),
            tournament_points: b.tournament_points.clone().unwrap_or(Score::ONE),
        });
    }
    let ev = IhsaEvent::new(rounds.count, ctx.set.iter().cloned(), matches, unplayed)?;
    let primary = ctx
        .set
        .iter()
        .map(|t| (t.clone(), ev.tournament_points(t).unwrap_or_default()))
        .collect();
    let mut options = countback_tiebreak_chess::IhsaOptions::ihsa();
    if let Some(m) = &o.max_match_points {
        options.max_match_points = m.clone();
    }
    if let Some(u) = o.own_unplayed {
        options = options.with_own_unplayed(u);
    }
    if let Some(b) = o.opponent_unplayed_as_draw {
        options.opponent_unplayed_as_draw = b;
    }
    let outcome = ev.rank(&options, &CascadeEnd::Stands)?;
    let mut r = ranking(ctx.procedure, "tournament points", primary, outcome);
    r.columns = columns(&ev.tie_breaks(&options)?);
    Ok(r)
}

/// IHSA: the team tie-break total.
fn columns(breaks: &[countback_tiebreak_chess::IhsaTieBreak]) -> Vec<Column> {
    vec![Column::of_scores(
        "ihsa_tie_break",
        "IHSA tie-break",
        &format!(
            "{}: (match points + 10) × (1 + opponent's tournament points²) / 100, summed over the rounds",
            countback_tiebreak_chess::IHSA_CLAUSE
        ),
        Precision::distinct(2),
        breaks.iter().map(|b| (b.team.clone(), b.total.clone())),
    )]
}
