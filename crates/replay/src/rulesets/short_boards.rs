//! Replay of `004_…` (scoring skewered movements: short boards, the scaling
//! factor, the scored-out-of table).
//!
//! The document fixes no rounding. Its decimals are shown here rounded to
//! the nearest (an exact half up), to as many places as the document prints
//! for that figure: each fixture's `[input.display]` names the places (or
//! `exact`, `mixed` for `2+2/3`, or the shape of a `product+offset`
//! working) per quantity, from how the document prints it.

use std::collections::BTreeMap;

use countback_matchpoints::{matchpoint_scores, Scale};
use countback_model::{HalfRule, RoundingMode, Score};
use countback_normalise::{score_board, BoardSpec, Movement, ScaleFactor, ScoredOutOf};
use serde::Deserialize;

use crate::{input, Breakdown, Computed, KindError};

/// Replay one fixture of this rule set.
pub fn compute(kind: &str, table: &toml::Table) -> Result<Breakdown, KindError> {
    match kind {
        "scale_table" => scale_table(input(table)?),
        "best_guess" => best_guess(input(table)?),
        "short_board" => short_board(input(table)?),
        "complete_board" => complete_board(input(table)?),
        "composition" => composition(input(table)?),
        "scored_out_of" => scored_out_of(input(table)?),
        _ => Err(KindError::UnknownKind),
    }
}

/// How each quantity is displayed, keyed by quantity; the fixture says.
#[derive(Deserialize, Default)]
pub(crate) struct Display(BTreeMap<String, String>);

impl Display {
    fn style<'a>(&'a self, quantity: &str, default: &'a str) -> &'a str {
        self.0.get(quantity).map_or(default, String::as_str)
    }
}

/// Display `value` in `style`: a number of decimal places (nearest, an
/// exact half up), `exact` (canonical fraction), or `mixed` (`2+2/3`).
pub(crate) fn show(value: &Score, style: &str) -> Result<String, KindError> {
    match style {
        "exact" => Ok(value.to_string()),
        "mixed" => Ok(mixed(value)),
        places => {
            let places: u32 = places
                .parse()
                .map_err(|_| KindError::Input(format!("unknown display style {style:?}")))?;
            value
                .to_decimal(places, &RoundingMode::Nearest(HalfRule::Up))
                .map_err(KindError::compute)
        }
    }
}

fn mixed(value: &Score) -> String {
    let whole = value.floor();
    let frac = value - &whole;
    if frac.is_zero() {
        whole.to_string()
    } else if whole.is_zero() {
        frac.to_string()
    } else {
        format!("{whole}+{frac}")
    }
}

fn number(
    out: &mut Vec<Computed>,
    display: &Display,
    quantity: String,
    value: &Score,
    default: &str,
) -> Result<(), KindError> {
    let shown = show(value, display.style(&quantity, default))?;
    out.push(Computed::number(quantity, value, shown));
    Ok(())
}

fn factor(expected: i64, actual: i64) -> Result<ScaleFactor, KindError> {
    ScaleFactor::new(expected, actual).map_err(KindError::compute)
}

#[derive(Deserialize)]
struct ScaleTable {
    actual: i64,
    expected: i64,
    as_is: Vec<Score>,
    #[serde(default)]
    display: Display,
}

/// The "scale A results to E results" tables: `MP·SF + (SF − 1)` per row.
fn scale_table(i: ScaleTable) -> Result<Breakdown, KindError> {
    let sf = factor(i.expected, i.actual)?;
    let mut out = Vec::new();
    let mut trace = vec![format!(
        "SF = {}/{} = {}, offset SF - 1 = {}",
        i.expected,
        i.actual,
        sf.factor(),
        sf.offset()
    )];
    number(
        &mut out,
        &i.display,
        "scale factor".into(),
        &sf.factor(),
        "exact",
    )?;
    number(
        &mut out,
        &i.display,
        "scale factor (decimal)".into(),
        &sf.factor(),
        "2",
    )?;
    for m in &i.as_is {
        let product = m * &sf.factor();
        let offset = sf.offset();
        let normalised = sf.apply(m);
        let q = format!("normalised working, as-is {m}");
        let shape = i.display.style(&q, "product+offset");
        let working = match shape {
            "product +offset" => format!("{product} +{offset}"),
            "product+offset" => format!("{product}+{offset}"),
            // The document drops a zero product; a non-zero one is kept.
            "offset" if product.is_zero() => offset.to_string(),
            "offset" => format!("{product}+{offset}"),
            other => return Err(KindError::Input(format!("unknown working shape {other:?}"))),
        };
        out.push(Computed {
            quantity: q,
            exact: normalised.to_string(),
            display: working,
        });
        number(
            &mut out,
            &i.display,
            format!("as decimal, as-is {m}"),
            &normalised,
            "2",
        )?;
        trace.push(format!(
            "{m} x {} + {offset} = {product} + {offset} = {normalised}",
            sf.factor()
        ));
    }
    Ok(Breakdown {
        computed: out,
        trace,
    })
}

#[derive(Deserialize)]
struct BestGuess {
    ns_scores: Vec<i32>,
    expected: i64,
    hypothetical: i64,
    #[serde(default)]
    display: Display,
}

/// The "best guess" derivation: each result stands for `SF` results.
fn best_guess(i: BestGuess) -> Result<Breakdown, KindError> {
    let a = i64::try_from(i.ns_scores.len()).map_err(KindError::compute)?;
    let mp = matchpoint_scores(&i.ns_scores, Scale::TwoPerBeat);
    let mut out = Vec::new();
    let mut trace = Vec::new();
    let mut distinct: Vec<i32> = i.ns_scores.clone();
    distinct.sort_unstable_by(|x, y| y.cmp(x));
    distinct.dedup();
    for (p, m) in i.ns_scores.iter().zip(&mp) {
        let q = format!("as-is NS MP of {p}");
        if !out.iter().any(|c: &Computed| c.quantity == q) {
            number(&mut out, &i.display, q, m, "exact")?;
        }
    }
    for (label, n) in [("hypothetical", i.hypothetical), ("expected", i.expected)] {
        let sf = factor(n, a)?;
        trace.push(format!("{label}: SF = {n}/{a} = {}", sf.factor()));
        for p in &distinct {
            let count = Score::from(i.ns_scores.iter().filter(|q| *q == p).count());
            let guess = &count * &sf.factor();
            number(
                &mut out,
                &i.display,
                format!("results of {p} if played {n} times"),
                &guess,
                "mixed",
            )?;
        }
    }
    // One MP per pair tied, two per pair beaten, at E results.
    let sf = factor(i.expected, a)?;
    for p in &distinct {
        let equal = Score::from(i.ns_scores.iter().filter(|q| *q == p).count());
        let below = Score::from(i.ns_scores.iter().filter(|q| *q < p).count());
        let ties = &equal * &sf.factor() - Score::ONE;
        let beats = &below * &sf.factor();
        let score = &ties + &beats.times(2);
        for style in ["mixed", "decimal"] {
            let default = if style == "mixed" { "mixed" } else { "2" };
            number(
                &mut out,
                &i.display,
                format!("pairs {p} ties with ({style})"),
                &ties,
                default,
            )?;
            number(
                &mut out,
                &i.display,
                format!("pairs {p} beats ({style})"),
                &beats,
                default,
            )?;
        }
        number(
            &mut out,
            &i.display,
            format!("normalised score of {p}"),
            &score,
            "2",
        )?;
        let as_is = i
            .ns_scores
            .iter()
            .zip(&mp)
            .find(|(q, _)| *q == p)
            .map(|(_, m)| m.clone())
            .unwrap_or_default();
        trace.push(format!(
            "{p}: ties {ties} x 1 + beats {beats} x 2 = {score}; formula {} x SF + (SF - 1) = {}",
            as_is,
            sf.apply(&as_is)
        ));
    }
    Ok(Breakdown {
        computed: out,
        trace,
    })
}

#[derive(Deserialize)]
struct ShortBoard {
    ns_scores: Vec<i32>,
    expected: usize,
    #[serde(default)]
    display: Display,
}

fn lines(scores: &[i32]) -> Vec<countback_model::TravellerLine> {
    scores
        .iter()
        .enumerate()
        .map(|(t, p)| countback_model::TravellerLine {
            board: countback_model::BoardNumber(1),
            ns: format!("{:02}NS", t + 1).into(),
            ew: format!("{:02}EW", t + 1).into(),
            outcome: countback_model::TableOutcome::Played { ns_points: *p },
        })
        .collect()
}

/// The three-result board scaled to four, with PARs for the phantom pairs.
fn short_board(i: ShortBoard) -> Result<Breakdown, KindError> {
    let a = i.ns_scores.len();
    let spec = BoardSpec::new(i.expected);
    let board = score_board(
        countback_model::BoardNumber(1),
        &lines(&i.ns_scores),
        &spec,
        &Movement::open(),
    )
    .map_err(KindError::compute)?;
    let d = &i.display;
    let mut out = Vec::new();
    let mut trace = Vec::new();
    let as_is = ScoredOutOf::for_times_played(a, Scale::TwoPerBeat);
    number(&mut out, d, "as-is top".into(), &as_is.top, "exact")?;
    number(
        &mut out,
        d,
        "as-is total per direction".into(),
        &Scale::TwoPerBeat.direction_total(a),
        "exact",
    )?;
    let (mut ns_as_is, mut ew_as_is) = (Score::ZERO, Score::ZERO);
    for l in &board.lines {
        let countback_normalise::LineOutcome::Played {
            ns_points,
            as_is_ns,
            as_is_ew,
            ..
        } = &l.outcome
        else {
            return Err(KindError::Compute(format!("{}: not a played line", l.ns)));
        };
        number(
            &mut out,
            d,
            format!("NS as-is, {ns_points}"),
            as_is_ns,
            "exact",
        )?;
        number(
            &mut out,
            d,
            format!("EW as-is, {ns_points}"),
            as_is_ew,
            "exact",
        )?;
        number(
            &mut out,
            d,
            format!("NS normalised, {ns_points}"),
            &l.ns_exact,
            "2",
        )?;
        number(
            &mut out,
            d,
            format!("EW normalised, {ns_points}"),
            &l.ew_exact,
            "2",
        )?;
        number(
            &mut out,
            d,
            format!("NS + EW normalised, {ns_points}"),
            &(&l.ns_exact + &l.ew_exact),
            "exact",
        )?;
        ns_as_is += as_is_ns;
        ew_as_is += as_is_ew;
        trace.push(format!(
            "{ns_points}: as-is {as_is_ns}/{as_is_ew} -> {}/{}",
            l.ns_exact, l.ew_exact
        ));
    }
    number(&mut out, d, "NS as-is total".into(), &ns_as_is, "exact")?;
    number(&mut out, d, "EW as-is total".into(), &ew_as_is, "exact")?;
    number(
        &mut out,
        d,
        "NS normalised total".into(),
        &board.ns_total(),
        "exact",
    )?;
    number(
        &mut out,
        d,
        "EW normalised total".into(),
        &board.ew_total(),
        "exact",
    )?;
    let complete = ScoredOutOf::for_times_played(i.expected, Scale::TwoPerBeat);
    let missing = Score::from(i.expected.saturating_sub(a));
    let pars = &complete.par * &missing;
    number(
        &mut out,
        d,
        "PAR of the phantom pairs".into(),
        &pars,
        "exact",
    )?;
    number(
        &mut out,
        d,
        "NS normalised total with PAR".into(),
        &(board.ns_total() + &pars),
        "exact",
    )?;
    number(
        &mut out,
        d,
        "EW normalised total with PAR".into(),
        &(board.ew_total() + &pars),
        "exact",
    )?;
    let sf = ScaleFactor::from_counts(i.expected, a).map_err(KindError::compute)?;
    number(&mut out, d, "scale factor".into(), &sf.factor(), "exact")?;
    number(&mut out, d, "offset".into(), &sf.offset(), "exact")?;
    // The document warns that "scored-out-of" may mean the whole board or
    // one direction's pair set; "scored out of 12" for four results is the
    // latter (the table's "board scored out of" is the former, 24).
    number(
        &mut out,
        d,
        "scored out of (one direction)".into(),
        &Scale::TwoPerBeat.direction_total(i.expected),
        "exact",
    )?;
    number(
        &mut out,
        d,
        "scored out of (whole board)".into(),
        &complete.board_total,
        "exact",
    )?;
    Ok(Breakdown {
        computed: out,
        trace,
    })
}

/// A complete board, matchpointed as-is (the four-result example).
fn complete_board(i: ShortBoard) -> Result<Breakdown, KindError> {
    let n = i.ns_scores.len();
    let mp = matchpoint_scores(&i.ns_scores, Scale::TwoPerBeat);
    let row = ScoredOutOf::for_times_played(n, Scale::TwoPerBeat);
    let d = &i.display;
    let mut out = Vec::new();
    let mut trace = Vec::new();
    let (mut ns_total, mut ew_total) = (Score::ZERO, Score::ZERO);
    for (k, (p, m)) in i.ns_scores.iter().zip(&mp).enumerate() {
        let ew = &row.top - m;
        number(
            &mut out,
            d,
            format!("NS MP, row {} ({p})", k + 1),
            m,
            "exact",
        )?;
        number(
            &mut out,
            d,
            format!("EW MP, row {} ({p})", k + 1),
            &ew,
            "exact",
        )?;
        trace.push(format!("row {}: {p} -> NS {m}, EW {ew}", k + 1));
        ns_total += m;
        ew_total += &ew;
    }
    number(&mut out, d, "NS total".into(), &ns_total, "exact")?;
    number(&mut out, d, "EW total".into(), &ew_total, "exact")?;
    number(&mut out, d, "top".into(), &row.top, "exact")?;
    number(
        &mut out,
        d,
        "total per direction".into(),
        &Scale::TwoPerBeat.direction_total(n),
        "exact",
    )?;
    number(&mut out, d, "par".into(), &row.par, "exact")?;
    Ok(Breakdown {
        computed: out,
        trace,
    })
}

#[derive(Deserialize)]
struct Composition {
    from: i64,
    via: i64,
    to: i64,
    #[serde(default)]
    as_is: Vec<Score>,
    #[serde(default)]
    display: Display,
}

/// Scaling `from → via → to` equals `from → to`.
fn composition(i: Composition) -> Result<Breakdown, KindError> {
    let first = factor(i.via, i.from)?;
    let second = factor(i.to, i.via)?;
    let direct = factor(i.to, i.from)?;
    let chained = first.then(&second).map_err(KindError::compute)?;
    let d = &i.display;
    let mut out = Vec::new();
    let mut trace = Vec::new();
    number(
        &mut out,
        d,
        format!("scale factor {} to {}", i.from, i.to),
        &direct.factor(),
        "exact",
    )?;
    number(
        &mut out,
        d,
        format!("scale factor {} to {} to {}", i.from, i.via, i.to),
        &chained.factor(),
        "exact",
    )?;
    for m in &i.as_is {
        let two_steps = second.apply(&first.apply(m));
        let one_step = direct.apply(m);
        trace.push(format!(
            "as-is {m}: {} to {} gives {}, then {} to {} gives {two_steps}; {} to {} directly gives {one_step}",
            i.from,
            i.via,
            first.apply(m),
            i.via,
            i.to,
            i.from,
            i.to
        ));
        if two_steps != one_step {
            return Err(KindError::Compute(format!(
                "as-is {m}: two steps give {two_steps} but one gives {one_step}"
            )));
        }
    }
    out.push(Computed::text(
        "two steps equal one",
        if chained == direct {
            "same answer"
        } else {
            "different"
        },
    ));
    Ok(Breakdown {
        computed: out,
        trace,
    })
}

#[derive(Deserialize)]
struct ScoredOutOfTable {
    times_played: Vec<usize>,
}

/// The scored-out-of table: top, board total and PAR for each `X`.
fn scored_out_of(i: ScoredOutOfTable) -> Result<Breakdown, KindError> {
    let mut out = Vec::new();
    let mut trace = Vec::new();
    for x in &i.times_played {
        let row = ScoredOutOf::for_times_played(*x, Scale::TwoPerBeat);
        out.push(Computed::number(
            format!("top, played {x}"),
            &row.top,
            row.top.to_string(),
        ));
        out.push(Computed::number(
            format!("board scored out of, played {x}"),
            &row.board_total,
            row.board_total.to_string(),
        ));
        out.push(Computed::number(
            format!("PAR, played {x}"),
            &row.par,
            row.par.to_string(),
        ));
        trace.push(format!(
            "X = {x}: top 2(X-1) = {}, out of 2X(X-1) = {}, PAR X-1 = {}",
            row.top, row.board_total, row.par
        ));
    }
    Ok(Breakdown {
        computed: out,
        trace,
    })
}
