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

/// One sentence per decision that separated someone, e.g.
/// `A ahead of B: WBF 1.1(a) IMP quotient 1.42 v 1.17`.
pub fn sentences(outcome: &TieBreakOutcome) -> Vec<String> {
    outcome
        .trace
        .iter()
        .filter(|d| d.separated())
        .map(sentence)
        .collect()
}

fn value_of<'a>(d: &'a Decision, who: &model::ContestantId) -> Option<&'a Value> {
    d.values.iter().find(|(c, _)| c == who).map(|(_, v)| v)
}

fn sentence(d: &Decision) -> String {
    let groups: Vec<String> = d
        .result
        .iter()
        .map(|g| {
            g.iter()
                .map(|c| match value_of(d, c) {
                    Some(v) => format!("{c} ({})", show(v)),
                    None => c.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" = ")
        })
        .collect();
    format!("{}: {} — {}", d.clause, d.test, groups.join(" ahead of "))
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

/// The final order, with what still stands tied and why.
pub fn order(outcome: &TieBreakOutcome) -> String {
    let mut out = String::new();
    let mut place = 1usize;
    for g in &outcome.order {
        let names: Vec<&str> = g.members.iter().map(model::ContestantId::as_str).collect();
        let label = if g.members.len() > 1 {
            format!("{place}=")
        } else {
            place.to_string()
        };
        let _ = write!(out, "{label:>5}  {}", names.join(", "));
        if let Some(u) = &g.unresolved {
            let _ = write!(out, "   — {}", unresolved(u));
        }
        out.push('\n');
        place += g.members.len();
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

/// Whether any group needs a human: a play-off or a ballot.
pub fn needs_play_off(outcome: &TieBreakOutcome) -> bool {
    outcome.order.iter().any(|g| {
        matches!(
            g.unresolved,
            Some(Unresolved::PlayOff { .. } | Unresolved::RandomBallot { .. })
        )
    })
}
