//! Replay of `001_…` (EBU scoring of fouled boards: `(M·E + (E − A)) / A`,
//! rounded to the nearest 0.1 with an exact 0.05 toward average).
//!
//! The document gives each group's original match points `M`, not the
//! scores behind them. The replay builds one distinct NS score per row
//! (ten times `M`, so the order is the same), scores the whole board with
//! `countback-normalise` (each version its own group), and checks that the
//! as-is match points come back as the printed `M`.

use countback_model::{BoardNumber, Score, TableOutcome, TravellerLine};
use countback_normalise::{
    score_fouled_board, BoardSpec, LineOutcome, Movement, OneMissing, RoundingPolicy, ScoredLine,
};
use serde::Deserialize;

use super::short_boards::show;
use crate::{input, Breakdown, Computed, KindError};

/// Replay one fixture of this rule set.
pub fn compute(kind: &str, table: &toml::Table) -> Result<Breakdown, KindError> {
    match kind {
        "fouled_board" => fouled_board(input(table)?),
        _ => Err(KindError::UnknownKind),
    }
}

#[derive(Deserialize)]
struct FouledBoard {
    /// `E`.
    expected: usize,
    /// Each version's original match points, as printed.
    groups: Vec<Vec<i64>>,
    /// Also score with the one-missing shortcut.
    #[serde(default)]
    shortcut: bool,
}

const BOARD: BoardNumber = BoardNumber(1);

fn versions(groups: &[Vec<i64>]) -> Result<Vec<Vec<TravellerLine>>, KindError> {
    let mut table = 0usize;
    groups
        .iter()
        .map(|g| {
            g.iter()
                .map(|m| {
                    table += 1;
                    let points = i32::try_from(m * 10)
                        .map_err(|_| KindError::Input(format!("M = {m} is too large")))?;
                    Ok(TravellerLine {
                        board: BOARD,
                        ns: format!("{table:02}NS").into(),
                        ew: format!("{table:02}EW").into(),
                        outcome: TableOutcome::Played { ns_points: points },
                    })
                })
                .collect()
        })
        .collect()
}

fn ebu(value: &Score, average: &Score) -> Result<String, KindError> {
    let r = RoundingPolicy::EbuTenthTowardAverage
        .apply(value, average)
        .map_err(KindError::compute)?;
    show(&r, "1")
}

fn fouled_board(i: FouledBoard) -> Result<Breakdown, KindError> {
    let spec = BoardSpec::new(i.expected).with_rounding(RoundingPolicy::EbuTenthTowardAverage);
    let board = score_fouled_board(BOARD, &versions(&i.groups)?, &spec, &Movement::open())
        .map_err(KindError::compute)?;
    let average = spec.average();
    let e = Score::from(i.expected);
    let mut out = vec![
        Computed::number("normal top", &spec.top(), spec.top().to_string()),
        Computed::number(
            "board total per direction",
            &board.spec.scale.direction_total(i.expected),
            board.spec.scale.direction_total(i.expected).to_string(),
        ),
        Computed::exact("average", &average),
    ];
    let mut trace = Vec::new();
    for (v, group) in i.groups.iter().enumerate() {
        let a = group.len();
        let label = format!("group of {a}");
        let lines: Vec<&ScoredLine> = board.lines.iter().filter(|l| l.version == v).collect();
        let group_top = board.spec.scale.top(a);
        out.push(Computed::exact(format!("{label}: top"), &group_top));
        let mut total = Score::ZERO;
        let mut rounded_total = Score::ZERO;
        for m in group {
            let line = lines
                .iter()
                .find(|l| matches!(&l.outcome, LineOutcome::Played { as_is_ns, .. } if *as_is_ns == Score::integer(*m)))
                .ok_or_else(|| KindError::Compute(format!("{label}: no result with M = {m}")))?;
            // The document's working, unreduced: (M·E + (E − A)) / A.
            let numerator = Score::integer(*m) * &e + (&e - &Score::from(a));
            out.push(Computed::number(
                format!("{label}, M = {m}: formula"),
                &line.ns_exact,
                format!("{numerator}/{a}"),
            ));
            out.push(Computed::number(
                format!("{label}, M = {m}: result"),
                &line.ns_exact,
                ebu(&line.ns_exact, &average)?,
            ));
            trace.push(format!(
                "{label}: M = {m} -> ({m} x {e} + {}) / {a} = {} -> {}",
                i.expected.saturating_sub(a),
                line.ns_exact,
                show(&line.ns_mp, "1")?
            ));
            total += &line.ns_exact;
            rounded_total += &line.ns_mp;
        }
        out.push(Computed::exact(format!("{label}: total"), &total));
        // The printed results happen to add up to the exact total too.
        out.push(Computed::number(
            format!("{label}: total of the rounded results"),
            &rounded_total,
            show(&rounded_total, "1")?,
        ));
        // An exact average of the group (M = A − 1) normalises to the board's.
        let avg = countback_normalise::ScaleFactor::from_counts(i.expected, a)
            .map_err(KindError::compute)?
            .apply(&board.spec.scale.average(a));
        out.push(Computed::exact(format!("{label}: exact average"), &avg));
    }
    let whole = board.ns_total();
    out.push(Computed::exact("whole board total", &whole));
    if i.shortcut {
        let spec = spec.with_one_missing(OneMissing::TopMinusOneBottomPlusOne);
        let short = score_fouled_board(BOARD, &versions(&i.groups)?, &spec, &Movement::open())
            .map_err(KindError::compute)?;
        let mps: Vec<&Score> = short.lines.iter().map(|l| &l.ns_exact).collect();
        let top = mps.iter().max().map(|s| (*s).clone()).unwrap_or_default();
        let bottom = mps.iter().min().map(|s| (*s).clone()).unwrap_or_default();
        out.push(Computed::exact("shortcut: top", &top));
        out.push(Computed::exact("shortcut: bottom", &bottom));
        let total = short.ns_total();
        out.push(Computed::exact("shortcut: total", &total));
        let less = board.spec.scale.direction_total(i.expected) - &average;
        out.push(Computed::exact("board total less one average", &less));
        trace.push(format!(
            "shortcut: as-is + 1 on every line, top {top}, bottom {bottom}, total {total}"
        ));
    }
    Ok(Breakdown {
        computed: out,
        trace,
    })
}
