//! Replay of `000_…` (EBU White Book 143 split-tie definitions).

use std::collections::BTreeMap;

use model::opposition::{sum_of_opponents, Meeting};
use model::{ContestantId, Score};
use serde::Deserialize;

use crate::{input, Breakdown, Computed, KindError};

/// Replay one fixture of this rule set.
pub fn compute(kind: &str, table: &toml::Table) -> Result<Breakdown, KindError> {
    match kind {
        "tie_break_points" => tie_break_points(input(table)?),
        _ => Err(KindError::UnknownKind),
    }
}

#[derive(Deserialize)]
struct TieBreakPoints {
    /// (opponent, opponent's final score) for contestant A.
    opponents: Vec<(String, Score)>,
}

fn tie_break_points(i: TieBreakPoints) -> Result<Breakdown, KindError> {
    let a = ContestantId::new("A");
    let finals: BTreeMap<ContestantId, Score> = i
        .opponents
        .iter()
        .map(|(o, s)| (ContestantId::new(o.as_str()), s.clone()))
        .collect();
    let meetings: Vec<Meeting> = finals
        .keys()
        .map(|o| Meeting {
            contestant: a.clone(),
            opponent: o.clone(),
            weight: Score::ONE,
        })
        .collect();
    let sums =
        sum_of_opponents(&meetings, |c| finals.get(c).cloned()).map_err(KindError::compute)?;
    let total = sums.get(&a).cloned().unwrap_or_default();
    Ok(Breakdown {
        computed: vec![Computed::number(
            "tie-break points of A",
            &total,
            total.to_string(),
        )],
        trace: finals
            .iter()
            .map(|(o, s)| format!("A met {o}, who finished on {s}"))
            .collect(),
    })
}
