//! Replay of `002_…` (*Understanding Tie-breaks*: the USCF order and the
//! IHSA team formula) and of the USCF rulebook 34E examples.

use countback_model::{HalfRule, RoundingMode, Score};
use countback_tiebreak_chess::{
    adjusted_score, cumulative, cumulative_deduction, ihsa_round_points, median, modified_median,
    rank, running_scores, tie_break_values, Cascade, Crosstable, MedianDiscards, RoundResult,
    Standing, TieBreak, UnplayedGames, UscfOptions,
};
use serde::Deserialize;

use crate::{input, Breakdown, Computed, KindError};

/// Replay one fixture of this rule set.
pub fn compute(kind: &str, table: &toml::Table) -> Result<Breakdown, KindError> {
    match kind {
        "uscf_order" => Ok(uscf_order()),
        "cumulative" => cumulative_kind(input(table)?),
        "adjusted_score" => adjusted_kind(input(table)?),
        "opponent_scores" => opponent_scores_kind(input(table)?),
        "median_discards" => median_discards_kind(input(table)?),
        "crosstable" => crosstable_kind(input(table)?),
        "ihsa_table" => ihsa_table_kind(input(table)?),
        "ihsa_factor_ranges" => ihsa_ranges_kind(input(table)?),
        _ => Err(KindError::UnknownKind),
    }
}

/// A score as chess documents print it: `2½`, `½`, `9`.
fn chess_display(s: &Score) -> String {
    if s.is_integer() {
        return s.to_string();
    }
    let doubled = s.times(2);
    match doubled.to_i64() {
        Some(d) if !s.is_negative() => {
            let whole = d / 2;
            if whole == 0 {
                "½".to_owned()
            } else {
                format!("{whole}½")
            }
        }
        _ => s.to_string(),
    }
}

fn chess_number(quantity: impl Into<String>, s: &Score) -> Computed {
    Computed::number(quantity, s, chess_display(s))
}

fn parse_results(texts: &[String]) -> Result<Vec<RoundResult>, KindError> {
    texts
        .iter()
        .map(|t| t.parse().map_err(KindError::compute))
        .collect()
}

fn uscf_order() -> Breakdown {
    let names: Vec<&str> = TieBreak::USCF_ORDER.iter().map(|t| t.name()).collect();
    let clauses: Vec<String> = TieBreak::USCF_ORDER
        .iter()
        .map(|t| t.clause().to_string())
        .collect();
    Breakdown {
        computed: vec![Computed::text("USCF order", names.join(", "))],
        trace: clauses
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}. {c}", i + 1))
            .collect(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CumulativeInput {
    /// One player's results, round 1 first, in crosstable shorthand.
    results: Vec<String>,
    #[serde(default)]
    half_point_bye_deduction: bool,
}

fn cumulative_kind(i: CumulativeInput) -> Result<Breakdown, KindError> {
    let results = parse_results(&i.results)?;
    let rules = UnplayedGames::uscf().with_half_point_bye_deduction(i.half_point_bye_deduction);
    let running = running_scores(&results);
    let mut computed: Vec<Computed> = (1..)
        .zip(&running)
        .map(|(r, s)| chess_number(format!("running score after round {r}"), s))
        .collect();
    let sum: Score = running.iter().sum();
    let deduction = cumulative_deduction(&results, &rules);
    let total = cumulative(&results, &rules);
    computed.push(chess_number("sum of running scores", &sum));
    computed.push(chess_number("deduction for unplayed wins", &deduction));
    computed.push(chess_number("cumulative", &total));
    Ok(Breakdown {
        computed,
        trace: vec![format!(
            "results {}: running {} = {}, less {} = {}",
            i.results.join(" "),
            super::joined(running.iter().map(chess_display), " + "),
            chess_display(&sum),
            chess_display(&deduction),
            chess_display(&total)
        )],
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdjustedInput {
    /// The opponent's results, round 1 first.
    results: Vec<String>,
}

fn adjusted_kind(i: AdjustedInput) -> Result<Breakdown, KindError> {
    let results = parse_results(&i.results)?;
    let scored: Score = results.iter().map(RoundResult::points).sum();
    let adjusted = adjusted_score(&results);
    Ok(Breakdown {
        computed: vec![
            chess_number("score as played", &scored),
            chess_number("adjusted score as an opponent", &adjusted),
        ],
        trace: results
            .iter()
            .zip(1..)
            .map(|(r, n)| {
                let counted = if r.is_played() {
                    r.points()
                } else {
                    Score::half()
                };
                format!(
                    "round {n}: {r} scored {}, counts {}",
                    chess_display(&r.points()),
                    chess_display(&counted)
                )
            })
            .collect(),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpponentScoresInput {
    rounds: u32,
    #[serde(default = "rulebook")]
    median: String,
    players: Vec<PlayerInput>,
}

fn rulebook() -> String {
    "uscf_rulebook".to_owned()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerInput {
    name: String,
    score: Score,
    opponents: Vec<Score>,
}

fn median_table(name: &str) -> Result<MedianDiscards, KindError> {
    match name {
        "uscf_rulebook" => Ok(MedianDiscards::uscf_rulebook()),
        "harkness" => Ok(MedianDiscards::harkness()),
        other => Err(KindError::Input(format!("unknown median table {other:?}"))),
    }
}

fn opponent_scores_kind(i: OpponentScoresInput) -> Result<Breakdown, KindError> {
    let discard = median_table(&i.median)?.for_rounds(i.rounds);
    let mut out = Breakdown::default();
    for p in &i.players {
        let standing = Standing::of(&p.score, i.rounds);
        let solkoff: Score = p.opponents.iter().sum();
        let modified = modified_median(&p.opponents, discard, standing);
        let plain = median(&p.opponents, discard);
        out.computed
            .push(chess_number(format!("{} Solkoff", p.name), &solkoff));
        out.computed.push(chess_number(
            format!("{} modified median", p.name),
            &modified,
        ));
        out.computed
            .push(chess_number(format!("{} median", p.name), &plain));
        out.trace.push(format!(
            "{}: {} of {}, {standing:?}; opponents {}; {discard} dropped at each end as the table says",
            p.name,
            chess_display(&p.score),
            i.rounds,
            super::joined(p.opponents.iter().map(chess_display), ", ")
        ));
    }
    Ok(out)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MedianDiscardsInput {
    table: String,
    rounds: Vec<u32>,
}

fn median_discards_kind(i: MedianDiscardsInput) -> Result<Breakdown, KindError> {
    let table = median_table(&i.table)?;
    Ok(Breakdown {
        computed: i
            .rounds
            .iter()
            .map(|r| {
                let d = Score::from(table.for_rounds(*r));
                Computed::exact(format!("dropped at each end, {r} rounds"), &d)
            })
            .collect(),
        trace: vec![format!("table {}: {table:?}", i.table)],
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CrosstableInput {
    rounds: u32,
    #[serde(default = "rulebook")]
    median: String,
    /// `[name, "W:x D:y B ..."]`.
    rows: Vec<(String, String)>,
}

fn crosstable_kind(i: CrosstableInput) -> Result<Breakdown, KindError> {
    let table = Crosstable::parse(
        i.rounds,
        i.rows.iter().map(|(n, r)| (n.as_str(), r.as_str())),
    )
    .map_err(KindError::compute)?;
    let options = UscfOptions::new(median_table(&i.median)?, UnplayedGames::uscf());
    let values = tie_break_values(&table, &options);
    let mut out = Breakdown::default();
    for v in &values {
        let p = &v.player;
        out.computed
            .push(chess_number(format!("{p} score"), &v.score));
        out.computed.push(chess_number(
            format!("{p} adjusted score as an opponent"),
            &v.adjusted_score,
        ));
        for system in [
            TieBreak::ModifiedMedian,
            TieBreak::Median,
            TieBreak::Solkoff,
            TieBreak::Cumulative,
            TieBreak::OppositionCumulative,
        ] {
            out.computed.push(chess_number(
                format!("{p} {}", system.name().to_lowercase()),
                v.value(system),
            ));
        }
    }
    let outcome = rank(&table, &Cascade::uscf(), &options);
    out.computed
        .push(Computed::text("order", outcome.order_text()));
    for d in &outcome.trace {
        out.trace.push(format!(
            "{} among {}: {} -> {}",
            d.clause,
            super::joined(&d.among, ", "),
            super::joined(d.values.iter().map(|(c, v)| format!("{c} {v}")), ", "),
            super::joined(d.result.iter().map(|g| super::joined(g, " = ")), " > ")
        ));
    }
    Ok(out)
}

fn two_places(s: &Score) -> Result<String, KindError> {
    // Every row with whole inputs is an exact hundredth; the rule only
    // matters for half match points, and only for display.
    s.to_decimal(2, &RoundingMode::Nearest(HalfRule::Even))
        .map_err(KindError::compute)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IhsaTableInput {
    /// `[round, opponent, match points, opponent's tournament points]`.
    rows: Vec<(u32, String, Score, Score)>,
}

fn ihsa_table_kind(i: IhsaTableInput) -> Result<Breakdown, KindError> {
    let mut out = Breakdown::default();
    let mut total = Score::ZERO;
    for (round, opp, mp, tp) in &i.rows {
        let points = ihsa_round_points(mp, tp);
        out.computed.push(Computed::number(
            format!("round {round} (v {opp})"),
            &points,
            two_places(&points)?,
        ));
        out.trace.push(format!(
            "round {round} v {opp}: ({mp}+10) x ({tp}^2+1) / 100 = {} x {} / 100 = {points}",
            mp + &Score::integer(10),
            Score::ONE + tp * tp
        ));
        total += points;
    }
    out.computed.push(Computed::number(
        "team's total tie-break",
        &total,
        two_places(&total)?,
    ));
    Ok(out)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IhsaRangesInput {
    max_match_points: Score,
    rounds: u32,
}

fn ihsa_ranges_kind(i: IhsaRangesInput) -> Result<Breakdown, KindError> {
    let ten = Score::integer(10);
    let max_tp = Score::from(i.rounds);
    let mut out = Breakdown::default();
    for (quantity, value) in [
        ("match points plus ten, least", &Score::ZERO + &ten),
        ("match points plus ten, most", &i.max_match_points + &ten),
        ("tournament points, most", max_tp.clone()),
        ("tournament points squared plus one, least", Score::ONE),
        (
            "tournament points squared plus one, most",
            &max_tp * &max_tp + Score::ONE,
        ),
    ] {
        out.computed
            .push(Computed::number(quantity, &value, value.to_string()));
    }
    out.trace.push(format!(
        "match points 0 to {}; tournament points 0 to {} (one per round)",
        i.max_match_points, i.rounds
    ));
    Ok(out)
}
