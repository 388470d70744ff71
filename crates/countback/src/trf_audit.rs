//! `countback audit FILE.trf`: the standings and points a TRF file
//! declares, checked against its own tie-break list and its results.

use std::io::{self, Write};

use countback_event::trf::{Audit, Finding};
use serde::Serialize;

use crate::cli::Format;

#[derive(Serialize)]
struct Value {
    code: String,
    exact: Option<String>,
}

#[derive(Serialize)]
#[serde(tag = "finding", rename_all = "snake_case")]
enum Row {
    PointsDisagree {
        starting_rank: u32,
        name: String,
        line: usize,
        declared: String,
        from_results: String,
    },
    OutOfPlace {
        starting_rank: u32,
        name: String,
        line: usize,
        declared_rank: u32,
        places: [u32; 2],
        values: Vec<Value>,
    },
    MissingRank {
        starting_rank: u32,
        line: usize,
    },
    NoDeclaredRanks,
}

fn row(f: &Finding) -> Option<Row> {
    Some(match f {
        Finding::PointsDisagree {
            starting_rank,
            name,
            line,
            declared,
            from_results,
        } => Row::PointsDisagree {
            starting_rank: *starting_rank,
            name: name.clone(),
            line: *line,
            declared: declared.to_string(),
            from_results: from_results.to_string(),
        },
        Finding::OutOfPlace {
            starting_rank,
            name,
            line,
            declared_rank,
            first,
            last,
            values,
        } => Row::OutOfPlace {
            starting_rank: *starting_rank,
            name: name.clone(),
            line: *line,
            declared_rank: *declared_rank,
            places: [*first, *last],
            values: values
                .iter()
                .map(|v| Value {
                    code: v.code.to_string(),
                    exact: v.value.as_ref().map(ToString::to_string),
                })
                .collect(),
        },
        Finding::MissingRank {
            starting_rank,
            line,
        } => Row::MissingRank {
            starting_rank: *starting_rank,
            line: *line,
        },
        Finding::NoDeclaredRanks => Row::NoDeclaredRanks,
        _ => return None,
    })
}

fn sentence(r: &Row) -> String {
    match r {
        Row::PointsDisagree {
            starting_rank,
            name,
            line,
            declared,
            from_results,
        } => format!(
            "line {line}: #{starting_rank} {name}: the file declares {declared} points; the results score {from_results}"
        ),
        Row::OutOfPlace {
            starting_rank,
            name,
            line,
            declared_rank,
            places,
            values,
        } => {
            let place = if places[0] == places[1] {
                places[0].to_string()
            } else {
                format!("{}-{} (a tie the list cannot break)", places[0], places[1])
            };
            let shown: Vec<String> = values
                .iter()
                .map(|v| format!("{} {}", v.code, v.exact.as_deref().unwrap_or("-")))
                .collect();
            format!(
                "line {line}: #{starting_rank} {name}: declared rank {declared_rank}, but the list places them {place}: {}",
                shown.join(", ")
            )
        }
        Row::MissingRank {
            starting_rank,
            line,
        } => format!("line {line}: #{starting_rank} has no rank while others have one"),
        Row::NoDeclaredRanks => {
            "no player record declares a rank: there are no standings to check".to_owned()
        }
    }
}

/// Write the audit; the caller sets the exit status from
/// [`Audit::is_clean`].
pub fn write(out: &mut dyn Write, audit: &Audit, format: Format) -> io::Result<()> {
    let rows: Vec<Row> = audit.findings.iter().filter_map(row).collect();
    match format {
        Format::Json => {
            #[derive(Serialize)]
            struct Report<'a> {
                tie_breaks: String,
                clean: bool,
                findings: &'a [Row],
            }
            serde_json::to_writer(
                &mut *out,
                &Report {
                    tie_breaks: audit.cascade.to_string(),
                    clean: audit.is_clean(),
                    findings: &rows,
                },
            )?;
            writeln!(out)
        }
        _ => {
            writeln!(
                out,
                "Standings checked against the tie-break list: {}",
                audit.cascade
            )?;
            if rows.is_empty() {
                return writeln!(out, "Every declared rank and points total is borne out.");
            }
            writeln!(out, "{} finding(s):", rows.len())?;
            for r in &rows {
                writeln!(out, "  {}", sentence(r))?;
            }
            Ok(())
        }
    }
}
