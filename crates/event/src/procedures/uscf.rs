//! USCF: chess games as a crosstable, ranked by the USCF cascade.

use countback_tiebreak_chess::{Cascade, TieBreak};

use super::prelude::*;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::options::flex_bool_opt;

/// Which median table the USCF median and modified median use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum MedianTableName {
    /// The USCF rulebook: one at each end below 9 rounds, two from 9 up.
    Rulebook,
    /// Harkness as in *Understanding Tie-breaks*: one below 9 rounds, two
    /// for 9 to 12, three above 12.
    Harkness,
}

/// Options of the `uscf` procedure.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct UscfOptions {
    /// The tie-breaks, in order (default: modified median, Solkoff,
    /// cumulative, opposition's cumulative).
    #[serde(default)]
    pub tiebreaks: Option<Vec<TieBreak>>,
    /// The median table (default `rulebook`).
    #[serde(default)]
    pub median: Option<MedianTableName>,
    /// A custom median table instead: `[[from_rounds, dropped_each_end], …]`
    /// ascending, e.g. `[[0, 1], [9, 2]]`.
    #[serde(default)]
    pub median_table: Option<Vec<(u32, usize)>>,
    /// Opponents' unplayed rounds count as draws in their scores (34E;
    /// default true).
    #[serde(default, deserialize_with = "flex_bool_opt")]
    pub opponent_unplayed_as_draw: Option<bool>,
    /// A player's own unplayed rounds count as opponents on 0 (34E; default
    /// true).
    #[serde(default, deserialize_with = "flex_bool_opt")]
    pub own_unplayed_as_zero_opponent: Option<bool>,
    /// Cumulative loses 1 for each unplayed win (34E3; default true).
    #[serde(default, deserialize_with = "flex_bool_opt")]
    pub deduct_unplayed_wins: Option<bool>,
    /// Cumulative loses 1/2 for each half-point bye (default false).
    #[serde(default, deserialize_with = "flex_bool_opt")]
    pub deduct_half_point_byes: Option<bool>,
}

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
        Some(list) => Cascade::new(list.iter().copied()),
        None => Cascade::uscf(),
    };
    let options = countback_tiebreak_chess::UscfOptions::new(median, unplayed);
    let values = countback_tiebreak_chess::tie_break_values(&table, &options);
    let outcome = countback_tiebreak_chess::rank_values(&values, &cascade);
    let mut r = ranking(ctx.procedure, "points", primary, outcome);
    r.columns = columns(&values, &cascade);
    Ok(r)
}

/// USCF: one column per system of the cascade, in its order.
fn columns(values: &[countback_tiebreak_chess::PlayerTieBreaks], cascade: &Cascade) -> Vec<Column> {
    cascade
        .steps()
        .iter()
        .map(|&system| {
            Column::of_scores(
                system.key(),
                system.name(),
                &system.clause().to_string(),
                Precision::distinct(0),
                values
                    .iter()
                    .map(|v| (v.player.clone(), v.value(system).clone())),
            )
        })
        .collect()
}
