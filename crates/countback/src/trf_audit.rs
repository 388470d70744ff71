//! `countback audit FILE.trf`: the standings and points a TRF file
//! declares, checked against its own tie-break list and its results.

use std::io::{self, Write};

use countback_event::trf::{Audit, Finding};
use countback_event::trf_team::TeamAudit;
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

/// A finding of a team file's standings check, as written.
#[derive(Serialize)]
#[serde(tag = "finding", rename_all = "snake_case")]
enum TeamRow {
    PointsDisagree {
        team: u32,
        line: usize,
        declared_match_points: Option<String>,
        match_points: String,
        declared_game_points: Option<String>,
        game_points: String,
    },
    OutOfPlace {
        team: u32,
        line: usize,
        declared_rank: u32,
        places: [u32; 2],
    },
    MissingRank {
        team: u32,
    },
}

fn team_rows(audit: &TeamAudit) -> Vec<TeamRow> {
    let f = &audit.findings;
    let text = |s: &Option<countback_event::model::Score>| s.as_ref().map(ToString::to_string);
    f.points
        .iter()
        .map(|d| TeamRow::PointsDisagree {
            team: d.team,
            line: d.line,
            declared_match_points: text(&d.match_points.0),
            match_points: d.match_points.1.to_string(),
            declared_game_points: text(&d.game_points.0),
            game_points: d.game_points.1.to_string(),
        })
        .chain(f.out_of_place.iter().map(|o| TeamRow::OutOfPlace {
            team: o.team,
            line: o.line,
            declared_rank: o.declared,
            places: [o.places.0, o.places.1],
        }))
        .chain(
            f.missing_rank
                .iter()
                .map(|t| TeamRow::MissingRank { team: *t }),
        )
        .collect()
}

fn team_sentence(r: &TeamRow) -> String {
    match r {
        TeamRow::PointsDisagree {
            team,
            line,
            declared_match_points,
            match_points,
            declared_game_points,
            game_points,
        } => format!(
            "line {line}: team #{team}: the file declares {} match points and {} game points; the results make {match_points} and {game_points}",
            declared_match_points.as_deref().unwrap_or("no"),
            declared_game_points.as_deref().unwrap_or("no"),
        ),
        TeamRow::OutOfPlace {
            team,
            line,
            declared_rank,
            places,
        } => {
            let place = if places[0] == places[1] {
                places[0].to_string()
            } else {
                format!("{}-{} (a tie the list cannot break)", places[0], places[1])
            };
            format!("line {line}: team #{team}: declared rank {declared_rank}, but the list places it {place}")
        }
        TeamRow::MissingRank { team } => {
            format!("team #{team} has no rank while others have one")
        }
    }
}

/// The list a team file was checked against, the primary score first.
fn team_list(audit: &TeamAudit) -> String {
    std::iter::once(audit.primary.code().to_owned())
        .chain(audit.list.0.iter().map(ToString::to_string))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Write the standings check of a team file (`310` points and ranks);
/// the caller sets the exit status.
pub fn write_teams(out: &mut dyn Write, audit: &TeamAudit, format: Format) -> io::Result<()> {
    let rows = team_rows(audit);
    match format {
        Format::Json => {
            #[derive(Serialize)]
            struct Report<'a> {
                teams: bool,
                tie_breaks: String,
                clean: bool,
                findings: &'a [TeamRow],
            }
            serde_json::to_writer(
                &mut *out,
                &Report {
                    teams: true,
                    tie_breaks: team_list(audit),
                    clean: audit.findings.is_clean(),
                    findings: &rows,
                },
            )?;
            writeln!(out)
        }
        _ => {
            writeln!(
                out,
                "Team standings (records 310) checked against the tie-break list: {}",
                team_list(audit)
            )?;
            if rows.is_empty() {
                return writeln!(
                    out,
                    "Every declared team rank and points total is borne out."
                );
            }
            writeln!(out, "{} finding(s):", rows.len())?;
            for r in &rows {
                writeln!(out, "  {}", team_sentence(r))?;
            }
            Ok(())
        }
    }
}
