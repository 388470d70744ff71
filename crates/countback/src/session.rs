//! Pairs sessions: scoring an event file's boards, auditing a results file.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use matchpoints::{PercentageMethod, Place, Standing};
use model::{ContestantId, HalfRule, RoundingMode, Score};
use normalise::{score_session, Expected, Movement, ScoredSession, SessionSpec};
use serde_json::json;

use crate::convert::{self, Problem};
use crate::format::EventFile;
use crate::render::show_score;

/// One field of a session (both directions of a Howell, or one direction of
/// a Mitchell), ranked.
pub struct Field {
    /// "NS", "EW" or "all".
    pub name: &'static str,
    /// Places by percentage, exact ties shared.
    pub places: Vec<Place>,
    /// Each pair's standing.
    pub standings: Vec<Standing>,
}

/// A scored session and its fields.
pub struct Scored {
    /// The scored boards and table.
    pub session: ScoredSession,
    /// The ranked fields.
    pub fields: Vec<Field>,
}

/// Score the event file's boards: matchpoints (2 per beat), each version of
/// a fouled board and every short board normalised to the expected count,
/// exact; percentages proportional to the boards played.
pub fn score(event: &EventFile) -> Result<Scored, Problem> {
    let travellers = convert::travellers(event)?;
    let pairs: Vec<ContestantId> = event
        .contestants
        .iter()
        .map(|c| ContestantId::new(c.id.as_str()))
        .collect();
    let movement = if pairs.is_empty() {
        Movement::open()
    } else {
        Movement::new(pairs)
    };
    let mut spec = SessionSpec::default();
    if let Some(e) = event.boards.iter().filter_map(|b| b.expected).max() {
        spec.expected = Expected::Fixed(usize::try_from(e).unwrap_or(usize::MAX));
    }
    let session = score_session(&travellers, &spec, &movement).map_err(|e| e.to_string())?;
    let mut ns = BTreeSet::new();
    let mut ew = BTreeSet::new();
    for t in &travellers {
        for line in t.versions.iter().flatten() {
            ns.insert(line.ns.clone());
            ew.insert(line.ew.clone());
        }
    }
    let method = PercentageMethod::Proportional;
    let all = session
        .table
        .standings(&method)
        .map_err(|e| e.to_string())?;
    let field = |name: &'static str, keep: &dyn Fn(&ContestantId) -> bool| {
        let standings: Vec<Standing> = all.iter().filter(|s| keep(&s.pair)).cloned().collect();
        let places = matchpoints::rank(
            standings
                .iter()
                .map(|s| (s.pair.clone(), s.percentage.clone())),
        );
        Field {
            name,
            places,
            standings,
        }
    };
    // A Mitchell: nobody sat both ways, so NS and EW are separate fields.
    let fields = if ns.is_disjoint(&ew) {
        vec![
            field("NS", &|p| ns.contains(p)),
            field("EW", &|p| ew.contains(p)),
        ]
    } else {
        vec![field("all", &|_| true)]
    };
    Ok(Scored { session, fields })
}

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

/// Read a USEBIO (or NZ Scorer) file, rescore it, and compare every stored
/// figure.
pub fn audit(text: &str) -> Result<AuditReport, Problem> {
    let session = usebio::parse_results(text).map_err(|e| e.to_string())?;
    let a = usebio::audit(&session).map_err(|e| e.to_string())?;
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
    Ok(AuditReport { text: out, json })
}

/// Rescore a results file from its raw table results and show the standings.
pub fn rescore_file(text: &str, json_out: bool) -> Result<String, Problem> {
    let session = usebio::parse_results(text).map_err(|e| e.to_string())?;
    let r = usebio::rescore(&session).map_err(|e| e.to_string())?;
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
        return Ok(serde_json::to_string_pretty(&json!({ "standings": v })).unwrap_or_default());
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
    Ok(out)
}
