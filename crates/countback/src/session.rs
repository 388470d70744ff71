//! Pairs sessions and results files, for people and for programs.

use std::fmt::Write as _;

use event::Scored;
use model::{HalfRule, RoundingMode, Score};
use serde_json::json;

use crate::render::show_score;

fn percent(s: &Score) -> String {
    s.to_decimal(2, &RoundingMode::Nearest(HalfRule::AwayFromZero))
        .unwrap_or_else(|_| s.to_string())
}

/// The standings as a table for people.
pub fn to_text(name: &str, scored: &Scored) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{name}\n{} boards, {} results expected a board, top {}\n",
        scored.session.boards.len(),
        scored.session.expected,
        scored.session.table.top()
    );
    for f in &scored.fields {
        if scored.fields.len() > 1 {
            let _ = writeln!(out, "{} field", f.name);
        }
        let _ = writeln!(
            out,
            "{:>5}  {:<10} {:>10} {:>8} {:>7}  exact",
            "place", "pair", "MP", "%", "boards"
        );
        for p in &f.places {
            let label = if p.is_tie() {
                format!("{}=", p.place)
            } else {
                p.place.to_string()
            };
            for m in &p.members {
                if let Some(s) = f.standings.iter().find(|s| &s.pair == m) {
                    let _ = writeln!(
                        out,
                        "{label:>5}  {:<10} {:>10} {:>8} {:>7}  {}",
                        m.as_str(),
                        show_score(&s.total),
                        percent(&s.percentage),
                        s.boards_played,
                        s.total
                    );
                }
            }
        }
        out.push('\n');
    }
    out.push_str(
        "MP shown to two decimals for reading; totals and percentages are exact (last column).\n",
    );
    out
}

/// The standings as JSON: exact values as strings beside rounded displays.
pub fn to_json(name: &str, scored: &Scored) -> String {
    let fields: Vec<_> = scored
        .fields
        .iter()
        .map(|f| {
            let rows: Vec<_> = f
                .places
                .iter()
                .flat_map(|p| {
                    p.members.iter().filter_map(|m| {
                        f.standings.iter().find(|s| &s.pair == m).map(|s| {
                            json!({
                                "place": p.place,
                                "tied": p.is_tie(),
                                "pair": m.as_str(),
                                "total": { "exact": s.total.to_string(), "display": show_score(&s.total) },
                                "percentage": { "exact": s.percentage.to_string(), "display": percent(&s.percentage) },
                                "boards_played": s.boards_played,
                                "max_possible": s.max_possible.to_string(),
                            })
                        })
                    })
                })
                .collect();
            json!({ "field": f.name, "standings": rows })
        })
        .collect();
    let v = json!({
        "event": name,
        "expected_results": scored.session.expected,
        "top": scored.session.table.top().to_string(),
        "fields": fields,
    });
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

/// An audit for people and for programs.
pub struct AuditReport {
    /// For people.
    pub text: String,
    /// For programs.
    pub json: String,
}

/// An audit of a USEBIO (or NZ Scorer) file, for people and for programs.
pub fn audit(a: &usebio::Audit) -> AuditReport {
    let mut out = String::new();
    let total = a.findings.len();
    let exceptions: Vec<_> = a.exceptions().collect();
    let _ = writeln!(
        out,
        "{total} stored figures compared: {} agree at the file's precision, {} differ.",
        total - exceptions.len(),
        exceptions.len()
    );
    for f in &exceptions {
        let mut place = format!("line {}", f.line);
        if let Some(b) = f.board {
            let _ = write!(place, ", board {b}");
        }
        if let Some(c) = &f.contestant {
            let _ = write!(place, ", {c}");
        }
        if let Some(o) = &f.opponent {
            let _ = write!(place, " v {o}");
        }
        let computed = f
            .computed
            .as_ref()
            .map(show_score)
            .unwrap_or_else(|| "-".to_owned());
        let _ = writeln!(
            out,
            "  {place}: {:?} stored {} computed {computed} — {:?}",
            f.figure, f.stored, f.class
        );
    }
    let json = serde_json::to_string_pretty(&json!({
        "compared": total,
        "differences": exceptions,
    }))
    .unwrap_or_default();
    AuditReport { text: out, json }
}

/// A rescored results file's standings.
pub fn rescored(r: &usebio::Rescore, json_out: bool) -> String {
    let mut rows: Vec<&usebio::Standing> = r.standings.iter().collect();
    rows.sort_by(|a, b| {
        (
            a.section.as_deref(),
            a.field.map(|d| d.to_string()),
            a.place,
            &a.id,
        )
            .cmp(&(
                b.section.as_deref(),
                b.field.map(|d| d.to_string()),
                b.place,
                &b.id,
            ))
    });
    if json_out {
        let v: Vec<_> = rows
            .iter()
            .map(|s| {
                json!({
                    "contestant": s.id.as_str(),
                    "section": s.section,
                    "field": s.field.map(|d| d.to_string()),
                    "place": s.place,
                    "tied": s.tied,
                    "boards_played": s.boards_played,
                    "total": { "exact": s.total.to_string(), "display": show_score(&s.total) },
                    "percentage": s.percentage.as_ref().map(|p| json!({ "exact": p.to_string(), "display": percent(p) })),
                })
            })
            .collect();
        return serde_json::to_string_pretty(&json!({ "standings": v })).unwrap_or_default();
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>5}  {:<8} {:<4} {:>10} {:>8} {:>7}  exact",
        "place", "pair", "field", "total", "%", "boards"
    );
    for s in rows {
        let label = if s.tied {
            format!("{}=", s.place)
        } else {
            s.place.to_string()
        };
        let field = s.field.map(|d| d.to_string()).unwrap_or_default();
        let pct = s.percentage.as_ref().map(percent).unwrap_or_default();
        let _ = writeln!(
            out,
            "{label:>5}  {:<8} {field:<4} {:>10} {pct:>8} {:>7}  {}",
            s.id.as_str(),
            show_score(&s.total),
            s.boards_played,
            s.total
        );
    }
    out
}
