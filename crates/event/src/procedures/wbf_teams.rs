//! WBF 1 (round robin) and WBF 3 (Swiss teams): a teams stage by VPs.

use countback_model::Value;
use countback_tiebreak_wbf::TeamsEvent;

use super::prelude::*;

wbf_options! {
    /// Options of `wbf-round-robin` (WBF 1): where the text can be read two ways, which reading
    /// (docs/wbf.md argues each default).
    WbfRoundRobinOptions {
        /// WBF 1.2 / 3.2 other cases (default `matches_played`).
        net_among: NetAmong => with_net_among,
    }
}

wbf_options! {
    /// Options of `wbf-swiss` (WBF 3): where the text can be read two ways, which reading
    /// (docs/wbf.md argues each default).
    WbfSwissOptions {
        /// WBF 1.2 / 3.2 other cases (default `matches_played`).
        net_among: NetAmong => with_net_among,
        /// WBF 3 Swiss points (default `every_opponent`).
        swiss_points_opponents: SwissPointsOpponents => with_swiss_points_opponents,
        /// WBF 3 Swiss points, an opponent met in a part-match (default
        /// `by_weight`).
        swiss_points_part_matches: SwissPointsPartMatches => with_swiss_points_part_matches,
    }
}

/// WBF 1: round robin teams.
pub(crate) const ROUND_ROBIN: Entry = Entry::new(
    Reads::NOTHING.matches().vps().part_matches(),
    options_of::<WbfRoundRobinOptions>(),
    rank,
);

/// WBF 3: Swiss teams.
pub(crate) const SWISS: Entry = Entry::new(
    Reads::NOTHING.matches().vps().part_matches(),
    options_of::<WbfSwissOptions>(),
    rank,
);

fn rank(ctx: &Ctx<'_>, warnings: &mut Vec<Warning>) -> Result<Ranking> {
    let round_robin = ctx.procedure == Procedure::WbfRoundRobin;
    let readings = if round_robin {
        ctx.read::<WbfRoundRobinOptions>(warnings)?.readings()
    } else {
        ctx.read::<WbfSwissOptions>(warnings)?.readings()
    };
    let indexed = ctx.all_encounters()?;
    checks::team_rounds(ctx.event, ctx.set, &indexed, round_robin, warnings)?;
    checks::vp_totals(ctx.event, &indexed, warnings)?;
    let matches: Vec<Encounter> = indexed.into_iter().map(|(_, e)| e).collect();
    let primary = convert::totals(&matches, ctx.set, Unit::VictoryPoints);
    let teams = TeamsEvent::new(ctx.set.iter().cloned(), matches)?;
    let outcome = if round_robin {
        countback_tiebreak_wbf::round_robin_standings(&teams, &readings)
    } else {
        countback_tiebreak_wbf::swiss_standings(&teams, &readings)
    }?;
    let mut r = ranking(ctx.procedure, "VPs", primary, outcome);
    r.columns = columns(&teams, &readings, !round_robin)?;
    Ok(r)
}

/// WBF teams: Swiss points (Swiss only), then the IMP and total-points
/// quotients over the matches played.
fn columns(
    teams: &TeamsEvent,
    readings: &countback_tiebreak_wbf::Readings,
    swiss: bool,
) -> Result<Vec<Column>> {
    let mut out = Vec::new();
    if swiss {
        out.push(Column::of_scores(
            "swiss_points",
            "Swiss points",
            "WBF 3 Swiss points: the sum of every direct opponent's VPs",
            Precision::distinct(0),
            countback_tiebreak_wbf::swiss_points(teams, readings)?,
        ));
    }
    let (imp, points) = if swiss {
        ("WBF 3.1(ii)", "WBF 3.1(iv)")
    } else {
        ("WBF 1.1(a)", "WBF 1.1(d)")
    };
    let mut q = Column::new(
        "imp_quotient",
        "IMP quotient",
        &format!("{imp} IMP quotient in all matches played"),
        Precision::distinct(2),
    );
    let mut p = Column::new(
        "points_quotient",
        "Points quotient",
        &format!("{points} total-points quotient in all matches played"),
        Precision::distinct(2),
    );
    // A team with a played match that lacks the unit has no quotient (no
    // tie reached the clause, or the ranking was refused).
    for t in teams.teams() {
        if teams.played_without(t, Unit::Imps).is_none() {
            q.values
                .insert(t.clone(), Value::Quotient(teams.played_imp_quotient(t)));
        }
        if teams.played_without(t, Unit::TotalPoints).is_none() {
            p.values.insert(
                t.clone(),
                Value::Quotient(teams.played_total_points_quotient(t)),
            );
        }
    }
    out.push(q);
    out.push(p);
    Ok(out)
}
