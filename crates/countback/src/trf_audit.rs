//! `countback audit FILE.trf`: the standings and points a TRF file
//! declares, checked against its own tie-break list and its results, in
//! every format (text, JSON, CSV, HTML), values shown as decimals as every
//! other output shows them (the exact fraction beside it in JSON and CSV),
//! and the text of FIDE C.07 applied named.

use std::collections::BTreeMap;
use std::io::{self, Write};

use countback_event::display::{ColumnDisplay, HalfDisplay, Precision};
use countback_event::model::Score;
use countback_event::trf::{Audit, Edition, Finding};
use countback_event::trf_team::{TeamAudit, TeamRecordKind};
use serde::Serialize;

use crate::cli::Format;
use crate::doc::{csv_record, write_doc, Align, Block, Doc, DocFormat, Line, Table};
use crate::standings::Figure;

#[derive(Serialize)]
struct Value {
    code: String,
    exact: Option<String>,
    display: Option<String>,
}

#[derive(Serialize)]
#[serde(tag = "finding", rename_all = "snake_case")]
enum Row {
    PointsDisagree {
        starting_rank: u32,
        name: String,
        line: usize,
        declared: Figure,
        from_results: Figure,
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

/// How each quantity is shown: points (declared and from the results) in
/// one display, each tie-break code in its own, chosen over all its
/// values as a standings column is.
struct Displays {
    points: ColumnDisplay,
    codes: BTreeMap<String, ColumnDisplay>,
}

impl Displays {
    fn new(audit: &Audit, half: HalfDisplay) -> Displays {
        let mut points: Vec<&Score> = Vec::new();
        let mut codes: BTreeMap<String, Vec<&Score>> = BTreeMap::new();
        for f in &audit.findings {
            match f {
                Finding::PointsDisagree {
                    declared,
                    from_results,
                    ..
                } => points.extend([declared, from_results]),
                Finding::OutOfPlace { values, .. } => {
                    for v in values {
                        let all = codes.entry(v.code.to_string()).or_default();
                        all.extend(v.value.as_ref());
                    }
                }
                _ => {}
            }
        }
        let shown =
            |values: Vec<&Score>| ColumnDisplay::for_values(values, &Precision::distinct(0), half);
        Displays {
            points: shown(points),
            codes: codes.into_iter().map(|(k, v)| (k, shown(v))).collect(),
        }
    }

    fn figure(&self, s: &Score) -> Figure {
        Figure::of(s, &self.points)
    }

    fn value(&self, code: &str, s: &Score) -> String {
        match self.codes.get(code) {
            Some(d) => d.show(s),
            None => s.to_string(),
        }
    }
}

fn row(f: &Finding, d: &Displays) -> Option<Row> {
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
            declared: d.figure(declared),
            from_results: d.figure(from_results),
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
                .map(|v| {
                    let code = v.code.to_string();
                    Value {
                        exact: v.value.as_ref().map(ToString::to_string),
                        display: v.value.as_ref().map(|s| d.value(&code, s)),
                        code,
                    }
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

fn place_words(places: [u32; 2]) -> String {
    if places[0] == places[1] {
        places[0].to_string()
    } else {
        format!("{}-{} (a tie the list cannot break)", places[0], places[1])
    }
}

fn values_words(values: &[Value]) -> String {
    values
        .iter()
        .map(|v| format!("{} {}", v.code, v.display.as_deref().unwrap_or("-")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where a finding is (its line, the player's starting rank and name)
/// and what it says.
fn parts(r: &Row) -> (Option<usize>, Option<u32>, &str, String) {
    match r {
        Row::PointsDisagree {
            starting_rank,
            name,
            line,
            declared,
            from_results,
        } => (
            Some(*line),
            Some(*starting_rank),
            name,
            format!(
                "the file declares {} points; the results score {}",
                declared.display, from_results.display
            ),
        ),
        Row::OutOfPlace {
            starting_rank,
            name,
            line,
            declared_rank,
            places,
            values,
        } => (
            Some(*line),
            Some(*starting_rank),
            name,
            format!(
                "declared rank {declared_rank}, but the list places them {}: {}",
                place_words(*places),
                values_words(values)
            ),
        ),
        Row::MissingRank {
            starting_rank,
            line,
        } => (
            Some(*line),
            Some(*starting_rank),
            "",
            "has no rank while others have one".to_owned(),
        ),
        Row::NoDeclaredRanks => (
            None,
            None,
            "",
            "no player record declares a rank: there are no standings to check".to_owned(),
        ),
    }
}

fn sentence(r: &Row) -> String {
    match parts(r) {
        (Some(line), Some(start), "", what) => format!("line {line}: #{start} {what}"),
        (Some(line), Some(start), name, what) => format!("line {line}: #{start} {name}: {what}"),
        (_, _, _, what) => what,
    }
}

/// The edition's key (`2024`, `2026`), as `--edition` takes it.
#[must_use]
pub fn edition_key(e: Edition) -> &'static str {
    match e {
        Edition::Aug2024 => "2024",
        Edition::Mar2026 => "2026",
        _ => "other",
    }
}

/// The edition in words, for a heading or a sentence.
#[must_use]
pub fn edition_words(e: Edition) -> &'static str {
    match e {
        Edition::Aug2024 => "FIDE C.07, the text applied from 1 August 2024",
        Edition::Mar2026 => "FIDE C.07, the text applied from 1 March 2026",
        _ => "FIDE C.07",
    }
}

fn headline(audit: &Audit) -> String {
    format!(
        "Standings checked against the tie-break list: {}",
        audit.cascade
    )
}

const CLEAN: &str = "Every declared rank and points total is borne out.";

/// The audit as a document (what the HTML format and the page show).
#[must_use]
pub fn doc(audit: &Audit, edition: Edition, half: HalfDisplay) -> Doc {
    let d = Displays::new(audit, half);
    let rows: Vec<Row> = audit.findings.iter().filter_map(|f| row(f, &d)).collect();
    let mut doc = Doc {
        title: "TRF audit".to_owned(),
        subtitle: vec![headline(audit), format!("by {}", edition_words(edition))],
        ..Doc::default()
    };
    if rows.is_empty() {
        doc.blocks.push(Block::Para(CLEAN.to_owned()));
        return doc;
    }
    doc.blocks
        .push(Block::Heading(format!("{} finding(s)", rows.len())));
    let mut t = Table::new(vec![
        ("line".to_owned(), Align::Right),
        ("start rank".to_owned(), Align::Right),
        ("player".to_owned(), Align::Left),
        ("finding".to_owned(), Align::Left),
    ]);
    for r in &rows {
        let (line, start, name, what) = parts(r);
        t.lines.push(Line::Cells(vec![
            line.map(|l| l.to_string()).unwrap_or_default(),
            start.map(|s| s.to_string()).unwrap_or_default(),
            name.to_owned(),
            what,
        ]));
    }
    doc.blocks.push(Block::Table(t));
    doc
}

/// Write the audit; the caller sets the exit status from
/// [`Audit::is_clean`].
pub fn write(
    out: &mut dyn Write,
    audit: &Audit,
    edition: Edition,
    (format, half): (Format, HalfDisplay),
    warnings: &[countback_event::Warning],
) -> io::Result<()> {
    let d = Displays::new(audit, half);
    let rows: Vec<Row> = audit.findings.iter().filter_map(|f| row(f, &d)).collect();
    match format {
        Format::Json => {
            #[derive(Serialize)]
            struct Report<'a> {
                tie_breaks: String,
                edition: &'static str,
                clean: bool,
                findings: &'a [Row],
                warnings: Vec<crate::standings::WarningJson>,
            }
            serde_json::to_writer(
                &mut *out,
                &Report {
                    tie_breaks: audit.cascade.to_string(),
                    edition: edition_key(edition),
                    clean: audit.is_clean(),
                    findings: &rows,
                    warnings: crate::standings::warnings_json(warnings),
                },
            )?;
            writeln!(out)
        }
        Format::Csv => csv(out, &rows, audit, edition),
        Format::Html => write_doc(out, &doc(audit, edition, half), DocFormat::Html),
        Format::Usebio => Err(crate::answer::not_usebio()),
        Format::Trf => Err(crate::answer::not_trf()),
        Format::Text => {
            writeln!(out, "{}", headline(audit))?;
            writeln!(out, "by {}", edition_words(edition))?;
            if rows.is_empty() {
                return writeln!(out, "{CLEAN}");
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
    let text = |s: &Option<Score>| s.as_ref().map(ToString::to_string);
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

/// Where a team finding is: the record's line (none for a team with no
/// rank) and the team.
fn team_place(r: &TeamRow) -> (Option<usize>, u32) {
    match r {
        TeamRow::PointsDisagree { team, line, .. } | TeamRow::OutOfPlace { team, line, .. } => {
            (Some(*line), *team)
        }
        TeamRow::MissingRank { team } => (None, *team),
    }
}

/// The standings check of a team file as a document (issue 39: the HTML
/// and the page were the text's sentences, unescaped): a table of the
/// findings, each its line, team and sentence.
#[must_use]
pub fn team_doc(audit: &TeamAudit) -> Doc {
    let mut doc = Doc {
        title: "TRF team audit".to_owned(),
        subtitle: vec![format!("tie-break list: {}", team_list(audit))],
        ..Doc::default()
    };
    if audit.written_as == TeamRecordKind::Roster013 {
        doc.blocks.push(Block::Para(
            "Teams read from TRF-16 records 013, which declare no team points or ranks: nothing of theirs to check.".to_owned(),
        ));
        return doc;
    }
    let rows = team_rows(audit);
    if rows.is_empty() {
        doc.blocks.push(Block::Para(
            "Every declared team rank and points total is borne out.".to_owned(),
        ));
        return doc;
    }
    doc.blocks
        .push(Block::Heading(format!("{} finding(s)", rows.len())));
    let mut t = Table::new(vec![
        ("line".to_owned(), Align::Right),
        ("team".to_owned(), Align::Right),
        ("finding".to_owned(), Align::Left),
    ]);
    for r in &rows {
        let (line, team) = team_place(r);
        t.lines.push(Line::Cells(vec![
            line.map(|l| l.to_string()).unwrap_or_default(),
            format!("#{team}"),
            team_sentence(r),
        ]));
    }
    doc.blocks.push(Block::Table(t));
    doc
}

/// One record per team finding, each figure in a column of its own, the
/// tie-break list on every record (as the players' audit writes it).
fn team_csv(out: &mut dyn Write, audit: &TeamAudit) -> io::Result<()> {
    csv_record(
        out,
        &[
            "finding",
            "line",
            "team",
            "declared_match_points",
            "match_points",
            "declared_game_points",
            "game_points",
            "declared_rank",
            "places",
            "tie_breaks",
        ],
    )?;
    let list = team_list(audit);
    for r in &team_rows(audit) {
        let (line, team) = team_place(r);
        let mut rec: [String; 10] = Default::default();
        rec[1] = line.map(|l| l.to_string()).unwrap_or_default();
        rec[2] = team.to_string();
        rec[0] = match r {
            TeamRow::PointsDisagree {
                declared_match_points,
                match_points,
                declared_game_points,
                game_points,
                ..
            } => {
                rec[3] = declared_match_points.clone().unwrap_or_default();
                rec[4] = match_points.clone();
                rec[5] = declared_game_points.clone().unwrap_or_default();
                rec[6] = game_points.clone();
                "points_disagree"
            }
            TeamRow::OutOfPlace {
                declared_rank,
                places,
                ..
            } => {
                rec[7] = declared_rank.to_string();
                rec[8] = format!("{}-{}", places[0], places[1]);
                "out_of_place"
            }
            TeamRow::MissingRank { .. } => "missing_rank",
        }
        .to_owned();
        rec[9] = list.clone();
        csv_record(out, &rec)?;
    }
    Ok(())
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
pub fn write_teams(
    out: &mut dyn Write,
    audit: &TeamAudit,
    format: Format,
    warnings: &[countback_event::Warning],
) -> io::Result<()> {
    let rows = team_rows(audit);
    match format {
        Format::Json => {
            #[derive(Serialize)]
            struct Report<'a> {
                teams: bool,
                tie_breaks: String,
                clean: bool,
                findings: &'a [TeamRow],
                warnings: Vec<crate::standings::WarningJson>,
            }
            serde_json::to_writer(
                &mut *out,
                &Report {
                    teams: true,
                    tie_breaks: team_list(audit),
                    clean: audit.findings.is_clean(),
                    findings: &rows,
                    warnings: crate::standings::warnings_json(warnings),
                },
            )?;
            writeln!(out)
        }
        Format::Usebio => Err(crate::answer::not_usebio()),
        Format::Trf => Err(crate::answer::not_trf()),
        Format::Csv => team_csv(out, audit),
        Format::Html => write_doc(out, &team_doc(audit), DocFormat::Html),
        Format::Text => {
            if audit.written_as == TeamRecordKind::Roster013 {
                // TRF-16 team records hold a name and players only.
                writeln!(
                    out,
                    "Teams read from TRF-16 records 013, which declare no team points or ranks: nothing of theirs to check (tie-break list: {})",
                    team_list(audit)
                )?;
                return Ok(());
            }
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

/// One record per finding; the tie-break list and the edition on every
/// record, so that a spreadsheet of many files keeps them.
fn csv(out: &mut dyn Write, rows: &[Row], audit: &Audit, edition: Edition) -> io::Result<()> {
    csv_record(
        out,
        &[
            "finding",
            "line",
            "starting_rank",
            "name",
            "declared",
            "declared exact",
            "from_results",
            "from_results exact",
            "declared_rank",
            "places",
            "values",
            "tie_breaks",
            "edition",
        ],
    )?;
    let cascade = audit.cascade.to_string();
    let edition = edition_key(edition);
    for r in rows {
        // Where (line, starting rank, name) from the sentence's parts;
        // then each finding's own columns.
        let (line, start, name, _) = parts(r);
        let mut rec: [String; 13] = Default::default();
        rec[0] = match r {
            Row::PointsDisagree { .. } => "points_disagree",
            Row::OutOfPlace { .. } => "out_of_place",
            Row::MissingRank { .. } => "missing_rank",
            Row::NoDeclaredRanks => "no_declared_ranks",
        }
        .to_owned();
        rec[1] = line.map(|l| l.to_string()).unwrap_or_default();
        rec[2] = start.map(|s| s.to_string()).unwrap_or_default();
        rec[3] = name.to_owned();
        match r {
            Row::PointsDisagree {
                declared,
                from_results,
                ..
            } => {
                rec[4] = declared.display.clone();
                rec[5] = declared.exact.clone();
                rec[6] = from_results.display.clone();
                rec[7] = from_results.exact.clone();
            }
            Row::OutOfPlace {
                declared_rank,
                places,
                values,
                ..
            } => {
                rec[8] = declared_rank.to_string();
                rec[9] = format!("{}-{}", places[0], places[1]);
                rec[10] = values_words(values);
            }
            Row::MissingRank { .. } | Row::NoDeclaredRanks => {}
        }
        rec[11] = cascade.clone();
        rec[12] = edition.to_owned();
        csv_record(out, &rec)?;
    }
    Ok(())
}
