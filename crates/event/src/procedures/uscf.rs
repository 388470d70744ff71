//! USCF: chess games as a crosstable, ranked by the USCF cascade.

use countback_tiebreak_chess::Cascade;

use super::prelude::*;

/// USCF: modified median, Solkoff, cumulative, opposition cumulative.
pub(crate) const ENTRY: Entry =
    Entry::new(Reads::NOTHING.games(), options_of::<UscfOptions>(), rank);

fn rank(ctx: &Ctx<'_>, warnings: &mut Vec<Warning>) -> Result<Ranking> {
    let o: UscfOptions = ctx.read(warnings)?;
    let table = convert::crosstable(ctx.event, ctx.set)?;
    let primary = ctx
        .set
        .iter()
        .map(|p| (p.clone(), table.score(p).unwrap_or_default()))
        .collect();
    let median = match (&o.median_table, o.median) {
        (Some(_), Some(_)) => {
            return Err(EventError::at(
                options_path().k("median_table"),
                Problem::bad_option(
                    "median_table",
                    "give either `median` or `median_table`, not both",
                ),
            ))
        }
        (Some(steps), None) => {
            countback_tiebreak_chess::MedianDiscards::custom(steps.iter().copied())
                .at_field(|| options_path().k("median_table"))?
        }
        (None, Some(MedianTableName::Harkness)) => {
            countback_tiebreak_chess::MedianDiscards::harkness()
        }
        (None, _) => countback_tiebreak_chess::MedianDiscards::uscf_rulebook(),
    };
    let mut unplayed = countback_tiebreak_chess::UnplayedGames::uscf();
    if let Some(b) = o.opponent_unplayed_as_draw {
        unplayed.opponent_unplayed_as_draw = b;
    }
    if let Some(b) = o.own_unplayed_as_zero_opponent {
        unplayed.own_unplayed_as_zero_opponent = b;
    }
    if let Some(b) = o.deduct_unplayed_wins {
        unplayed.deduct_unplayed_wins = b;
    }
    if let Some(b) = o.deduct_half_point_byes {
        unplayed.deduct_half_point_byes = b;
    }
    let cascade = match &o.tiebreaks {
        Some(list) => Cascade::new(list.iter().map(|t| (*t).into())),
        None => Cascade::uscf(),
    };
    let options = countback_tiebreak_chess::UscfOptions::new(median, unplayed);
    let values = countback_tiebreak_chess::tie_break_values(&table, &options);
    let outcome = countback_tiebreak_chess::rank_values(&values, &cascade);
    let mut r = ranking(ctx.procedure, "points", primary, outcome);
    r.columns = crate::columns::uscf(&values, &cascade);
    Ok(r)
}
