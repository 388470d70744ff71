//! WBF 2: a knockout match, by IMPs (and carry-over).

use crate::Contradiction;
use crate::Needed;
use countback_tiebreak_wbf::{KnockoutStage, Qualification};

use super::prelude::*;

wbf_options! {
    /// Options of `wbf-knockout` (WBF 2: the text leaves nothing to choose): where the text can be read two ways, which reading
    /// (docs/wbf.md argues each default).
    WbfKnockoutOptions {
    }
}

/// WBF 2: knockout.
pub(crate) const ENTRY: Entry = Entry::new(
    Reads::NOTHING
        .matches()
        .qualification_rank()
        .carryover()
        .match_stage(),
    options_of::<WbfKnockoutOptions>(),
    rank,
);

fn rank(ctx: &Ctx<'_>, warnings: &mut Vec<Warning>) -> Result<Ranking> {
    let readings = ctx.read::<WbfKnockoutOptions>(warnings)?.readings();
    let marked = ctx.event.matches.iter().any(|m| m.stage.is_some());
    let is_knockout = |m: &crate::file::MatchEntry| {
        if marked {
            m.stage == Some(MatchStage::Knockout)
        } else {
            true
        }
    };
    let ko = ctx.encounters(is_knockout)?;
    let qualification = ctx.encounters(|m| !is_knockout(m))?;
    let teams: BTreeSet<&ContestantId> =
        ko.iter().flat_map(|(_, e)| [&e.first, &e.second]).collect();
    if ko.is_empty() {
        return Err(EventError::at(
            FieldPath::key("matches"),
            Needed::KnockoutMatch,
        ));
    }
    if teams.len() != 2 {
        let contradiction = if marked {
            Contradiction::KnockoutTeams {
                teams: teams.iter().map(|t| t.as_str().to_owned()).collect(),
            }
        } else {
            Contradiction::KnockoutUnmarked
        };
        return Err(EventError::at(FieldPath::key("matches"), contradiction));
    }
    if let (false, [(_, a), (i, b), ..]) = (marked, ko.as_slice()) {
        // Without stages every match would be the knockout match and its
        // IMPs summed: a qualification match between the same two teams
        // would silently change the knockout's result.
        return Err(EventError::at(
            match_path(*i).k("stage"),
            Needed::Stages {
                first: a.first.to_string(),
                second: a.second.to_string(),
                matches: ko.len(),
                rounds: [a.round.0, b.round.0],
            },
        ));
    }
    let mut carryover = Vec::new();
    for (i, e) in &ko {
        if e.scores_for(&e.first, Unit::Imps).is_none() {
            return Err(EventError::at(
                match_path(*i).k("imps"),
                Needed::KnockoutImps,
            ));
        }
        if let Some([ca, cb]) = ctx.event.matches.get(*i).and_then(|m| m.carryover.clone()) {
            carryover.extend([(e.first.clone(), ca), (e.second.clone(), cb)]);
        }
    }
    for (i, _) in &qualification {
        if ctx
            .event
            .matches
            .get(*i)
            .is_some_and(|m| m.carryover.is_some())
        {
            return Err(not_used(
                match_path(*i).k("carryover"),
                "carry-over on a qualification match",
                ctx.procedure,
                "carry-over belongs to the knockout match",
            ));
        }
    }
    let positions = ctx.qualification_ranks()?;
    let q = Qualification::new(positions, qualification.into_iter().map(|(_, e)| e))?;
    let stage = KnockoutStage::new(q, ko.into_iter().map(|(_, e)| e), carryover)?;
    let outcome = countback_tiebreak_wbf::knockout_standings(&stage, &readings)?;
    let primary = stage.totals().clone();
    Ok(ranking(ctx.procedure, "IMPs", primary, outcome))
}
