//! Output for people (plain tables and sentences) and for programs (JSON).

use std::fmt::Write as _;

use model::{Decision, HalfRule, RoundingMode, Score, TieBreakOutcome, Unresolved, Value};

/// A value as people read it: exact when short, else two decimals.
pub fn show(v: &Value) -> String {
    match v {
        Value::Score(s) => show_score(s),
        Value::Quotient(model::Quotient::Finite(s)) => show_score(s),
        other => other.to_string(),
    }
}

/// A score for people: whole numbers as they are, halves and quarters
/// exactly, anything else to two decimals (rounded half away from zero,
/// display only).
pub fn show_score(s: &Score) -> String {
    let mode = RoundingMode::Nearest(HalfRule::AwayFromZero);
    if s.is_integer() {
        return s.to_string();
    }
    for places in [1, 2] {
        if let Ok(text) = s.to_decimal(places, &mode) {
            if text.parse::<Score>().ok().as_ref() == Some(s) {
                return text;
            }
        }
    }
    s.to_decimal(2, &mode).unwrap_or_else(|_| s.to_string())
}

/// One sentence per decision that split a tie (a group level on `primary`),
/// e.g. `A ahead of B: WBF 1.1(a) IMP quotient 1.42 v 1.17`.
pub fn sentences(
    outcome: &TieBreakOutcome,
    primary: &std::collections::BTreeMap<model::ContestantId, Score>,
    name: &dyn Fn(&model::ContestantId) -> String,
) -> Vec<String> {
    outcome
        .trace
        .iter()
        .filter(|d| d.separated())
        .filter(|d| {
            // The ranking by the main score is not a tie-break.
            let mut scores = d.among.iter().map(|c| primary.get(c));
            let first = scores.next();
            scores.all(|s| s == first.unwrap_or(None))
        })
        .map(|d| sentence(d, name))
        .collect()
}

fn sentence(d: &Decision, name: &dyn Fn(&model::ContestantId) -> String) -> String {
    let groups: Vec<String> = d
        .result
        .iter()
        .map(|g| g.iter().map(name).collect::<Vec<_>>().join(" = "))
        .collect();
    let values: Vec<String> = d
        .result
        .iter()
        .flatten()
        .filter_map(|c| d.values.iter().find(|(x, _)| x == c).map(|(_, v)| show(v)))
        .collect();
    format!(
        "{}: {} {} {}",
        groups.join(" ahead of "),
        d.clause,
        d.test,
        values.join(" v ")
    )
}

/// The whole trace, step by step.
pub fn trace(outcome: &TieBreakOutcome) -> String {
    let mut out = String::new();
    for (i, d) in outcome.trace.iter().enumerate() {
        let among: Vec<&str> = d.among.iter().map(model::ContestantId::as_str).collect();
        let _ = writeln!(
            out,
            "{:>3}. {} — {} (among {})",
            i + 1,
            d.clause,
            d.test,
            among.join(", ")
        );
        for (c, v) in &d.values {
            let _ = writeln!(out, "       {c:<16} {}  [exact {v}]", show(v));
        }
        let verdict = if d.separated() {
            let order: Vec<String> = d
                .result
                .iter()
                .map(|g| g.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(" = "))
                .collect();
            format!("separates: {}", order.join(" > "))
        } else {
            "does not separate".to_owned()
        };
        let _ = writeln!(out, "       → {verdict}");
        if let Some(n) = &d.note {
            let _ = writeln!(out, "       note: {n}");
        }
    }
    out
}

/// Why a group stays tied, in words.
pub fn unresolved(u: &Unresolved) -> String {
    match u {
        Unresolved::Stands { clause } => format!("tie stands ({clause})"),
        Unresolved::PlayOff { clause } => format!("play-off required ({clause})"),
        Unresolved::RandomBallot { clause } => format!("random ballot required ({clause})"),
        other => format!("{other:?}"),
    }
}
