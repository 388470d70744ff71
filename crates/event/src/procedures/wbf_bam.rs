//! WBF 5: a board-a-match teams stage, by the final score.

use super::prelude::*;

wbf_options! {
    /// Options of `wbf-bam` (WBF 5): where the text can be read two ways, which reading
    /// (docs/wbf.md argues each default).
    WbfBamOptions {
        /// WBF 5 (default `restart`).
        bam_remainder: BamRemainder => with_bam_remainder,
    }
}
use crate::Contradiction;

/// WBF 5: board-a-match teams.
pub(crate) const ENTRY: Entry = Entry::new(
    Reads::NOTHING.matches().board_scores().score().carryover(),
    options_of::<WbfBamOptions>(),
    rank,
)
.bam_points();

fn rank(ctx: &Ctx<'_>, warnings: &mut Vec<Warning>) -> Result<Ranking> {
    let readings = ctx.read::<WbfBamOptions>(warnings)?.readings();
    let indexed = ctx.all_encounters()?;
    checks::team_rounds(ctx.event, ctx.set, &indexed, false, warnings)?;
    let mut carry: BTreeMap<ContestantId, Score> =
        ctx.set.iter().map(|c| (c.clone(), Score::ZERO)).collect();
    let mut from_matches: BTreeSet<ContestantId> = BTreeSet::new();
    for (i, m) in ctx.event.matches.iter().enumerate() {
        if let Some([a, b]) = &m.carryover {
            for (who, c) in [(&m.first, a), (&m.second, b)] {
                let id = known(ctx.set, who, match_path(i))?;
                *carry.entry(id.clone()).or_default() += c;
                from_matches.insert(id);
            }
        }
    }
    for (i, c) in ctx.event.contestants.iter().enumerate() {
        if let Some(s) = &c.score {
            let id = ContestantId::new(c.id.as_str());
            if from_matches.contains(&id) {
                return Err(EventError::at(
                    FieldPath::key("contestants").i(i).k("score"),
                    Contradiction::CarryOverTwice {
                        who: id.to_string(),
                    },
                ));
            }
            carry.insert(id, s.clone());
        }
    }
    let matches: Vec<Encounter> = indexed.into_iter().map(|(_, e)| e).collect();
    let boards = convert::bam_boards(ctx.event, ctx.set)?;
    let carried = carryover_column(&carry);
    let stage = countback_tiebreak_wbf::BamStage::new(carry, matches, boards)?;
    let primary: BTreeMap<ContestantId, Score> = ctx
        .set
        .iter()
        .map(|t| (t.clone(), stage.final_score(t).unwrap_or_default()))
        .collect();
    let outcome = countback_tiebreak_wbf::bam_standings(&stage, &readings)?;
    let mut ranked = ranking(ctx.procedure, "points", primary, outcome);
    ranked.columns = vec![carried];
    Ok(ranked)
}

/// WBF 5: the carry-over each team brings into the stage, part of the
/// final score the standings show (WBF 5(a) compares the score without
/// it). A figure of the file, shown so that the total can be read.
fn carryover_column(carry: &BTreeMap<ContestantId, Score>) -> Column {
    Column::of_scores(
        "carryover",
        "carry-over",
        "WBF 5 carry-over into the stage (included in the points)",
        Precision::distinct(0),
        carry.iter().map(|(t, s)| (t.clone(), s.clone())),
    )
}
