//! Words for people: a decision's clause and test, the sentence for a tie
//! split, the trace, why a group stays tied.

use std::borrow::Cow;
use std::fmt::Write as _;

use countback_event::display::{numbers, ColumnDisplay, HalfDisplay, Precision};
use countback_event::model::{ContestantId, Decision, TieBreakOutcome, Unresolved, Value};

/// A clause and its test in one phrase, without saying the same words twice:
/// clause "WBF 3 Swiss points" and test "Swiss points (sum of …)" read
/// "WBF 3 Swiss points (sum of …)", not "WBF 3 Swiss points Swiss points
/// (sum of …)".
#[must_use]
pub fn clause_and_test(clause: &str, test: &str) -> String {
    let clause_words: Vec<&str> = clause.split_whitespace().collect();
    let test_words: Vec<&str> = test.split_whitespace().collect();
    let same = |a: &str, b: &str| {
        let trim = |s: &str| {
            s.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        };
        trim(a) == trim(b) && !trim(a).is_empty()
    };
    // The longest run of words that ends the clause and starts the test.
    let longest = (1..=clause_words.len().min(test_words.len()))
        .rev()
        .find(|&n| {
            let tail = clause_words.get(clause_words.len() - n..).unwrap_or(&[]);
            let head = test_words.get(..n).unwrap_or(&[]);
            tail.iter().zip(head).all(|(a, b)| same(a, b))
        })
        .unwrap_or(0);
    let rest: Vec<&str> = test_words.get(longest..).unwrap_or(&[]).to_vec();
    if rest.is_empty() {
        clause.to_owned()
    } else if longest > 0 {
        format!("{clause} {}", rest.join(" "))
    } else {
        format!("{clause} {test}")
    }
}

/// The display of a decision's values: enough decimals that the values it
/// compared, if different, never print alike.
#[must_use]
pub fn decision_display(d: &Decision, half: HalfDisplay) -> ColumnDisplay {
    ColumnDisplay::for_values(
        numbers(d.values.iter().map(|(_, v)| v)),
        &Precision::distinct(0),
        half,
    )
}

/// The sentence for one decision.
pub fn sentence(
    d: &Decision,
    name: &dyn Fn(&ContestantId) -> String,
    shown: &ColumnDisplay,
) -> String {
    sentence_with(
        d,
        &|c| Cow::Owned(name(c)),
        shown,
        &clause_and_test(&d.clause.to_string(), &d.test),
    )
}

/// [`sentence`] with the decision's clause and test already in one
/// phrase ([`clause_and_test`]), a ranking's thousands of decisions
/// sharing a few dozen, and names that may be borrowed (written once for
/// the standings).
pub fn sentence_with<'n>(
    d: &Decision,
    name: &dyn Fn(&ContestantId) -> Cow<'n, str>,
    shown: &ColumnDisplay,
    phrase: &str,
) -> String {
    let groups: Vec<String> = d
        .result
        .iter()
        .map(|g| g.iter().map(name).collect::<Vec<_>>().join(" = "))
        .collect();
    let by: foldhash::HashMap<&ContestantId, &Value> =
        d.values.iter().map(|(c, v)| (c, v)).collect();
    // Members of a group share a value: each run of one value is written
    // once (a display rounds, and 9,999 players' sentences rounded some
    // 60,000 values: issue 30).
    let mut values: Vec<String> = Vec::with_capacity(d.values.len());
    let mut last: Option<&Value> = None;
    for v in d.result.iter().flatten().filter_map(|c| by.get(c).copied()) {
        let text = match (last, values.last()) {
            (Some(previous), Some(text)) if previous == v => text.clone(),
            _ => shown.show_value(v),
        };
        values.push(text);
        last = Some(v);
    }
    format!(
        "{}: {phrase} {}",
        groups.join(" ahead of "),
        values.join(" v ")
    )
}

/// The whole trace, step by step, each contestant named by `name` (as the
/// standings name it).
pub fn trace(
    outcome: &TieBreakOutcome,
    half: HalfDisplay,
    name: &dyn Fn(&ContestantId) -> String,
) -> String {
    let mut out = String::new();
    for (i, d) in outcome.trace.iter().enumerate() {
        let among: Vec<String> = d.among.iter().map(name).collect();
        let _ = writeln!(
            out,
            "{:>3}. {} (among {})",
            i + 1,
            clause_and_test(&d.clause.to_string(), &d.test),
            among.join(", ")
        );
        let shown = decision_display(d, half);
        for (c, v) in &d.values {
            let _ = writeln!(
                out,
                "       {:<16} {}  [exact {v}]",
                name(c),
                shown.show_value(v)
            );
        }
        let verdict = if d.separated() {
            let order: Vec<String> = d
                .result
                .iter()
                .map(|g| g.iter().map(name).collect::<Vec<_>>().join(" = "))
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
#[must_use]
pub fn unresolved(u: &Unresolved) -> String {
    match u {
        Unresolved::Stands { clause } => format!("tie stands ({clause})"),
        Unresolved::PlayOff { clause } => format!("play-off required ({clause})"),
        Unresolved::RandomBallot { clause } => format!("random ballot required ({clause})"),
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::clause_and_test;

    #[test]
    fn a_clause_and_its_test_do_not_repeat_words() {
        for (clause, test, expected) in [
            (
                "WBF 3 Swiss points",
                "Swiss points (sum of every direct opponent's VP score)",
                "WBF 3 Swiss points (sum of every direct opponent's VP score)",
            ),
            (
                "USCF 34E1 modified median",
                "Modified Median",
                "USCF 34E1 modified median",
            ),
            (
                "IHSA team tie-break",
                "IHSA team tie-break points",
                "IHSA team tie-break points",
            ),
            (
                "WBF 3.1(i)",
                "IMPs earned in the match between them",
                "WBF 3.1(i) IMPs earned in the match between them",
            ),
        ] {
            assert_eq!(clause_and_test(clause, test), expected);
        }
    }
}
