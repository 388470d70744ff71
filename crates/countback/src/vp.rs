//! `countback vp`: IMPs to victory points on a named scale, or the scale's
//! whole table. The scales, their certified values and the conversion are
//! the `countback-vp` library's (through `countback-event`); this module
//! only reads the arguments and renders.

use std::io::Write;

use clap::{Args, ValueEnum};
use countback_event::model::Score;
use countback_event::vp::{FractionalMargin, HalfRule, MarginVp, VpBand, VpScale, VpTable};
use countback_event::VpAnswer;

use crate::error::{CliError, Exit};
use crate::out::to_stdout;

/// `vp` arguments.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  countback vp --scale wbf-2013-continuous --boards 16 23 -5
  countback vp --scale wbf-2013-discrete --boards 8 --format csv
  countback vp --scale wbf-2013-continuous --boards 16 14.5 --fractional interpolate

Every value is certified: the scale's own rounding of the WBF formula, decided by
interval arithmetic that never guesses (docs/vp.md).")]
#[non_exhaustive]
pub struct VpArgs {
    /// The scale: wbf-2013-continuous, wbf-2013-continuous-uncorrected,
    /// wbf-2013-discrete, or ebu-10vp-half-match (docs/vp.md).
    #[arg(long, value_name = "NAME", value_parser = scale())]
    pub scale: VpScale,
    /// Boards in the match (for ebu-10vp-half-match, the boards of the half
    /// match), 1 to 1000.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(countback_event::vp::MAX_BOARDS)))]
    pub boards: u32,
    /// IMP margins to convert, each the first team's IMPs less the
    /// second's (`23`, `-5`, `14.5`, `29/2`). None: print the whole table.
    #[arg(value_name = "MARGIN", allow_negative_numbers = true, value_parser = margin)]
    pub margins: Vec<Score>,
    /// A fractional margin (`14.5`): `refuse` (the default: no WBF or EBU
    /// text settles it), `interpolate` (linear between the whole margins,
    /// exact), or round it first: `round-half-up`, `round-half-even`,
    /// `round-half-away-from-zero`.
    #[arg(long, value_enum, default_value_t = Fractional::Refuse)]
    pub fractional: Fractional,
    /// The output format.
    #[arg(long, value_enum, default_value_t = VpFormat::Text)]
    pub format: VpFormat,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

/// What `vp` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum VpFormat {
    /// A table for people.
    Text,
    /// One row per margin or band, for spreadsheets.
    Csv,
    /// Exact values (as strings) beside their display, for programs.
    Json,
    /// One self-contained, printable page (what the results page shows).
    Html,
}

/// What a fractional margin becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum Fractional {
    /// An error naming the margin.
    Refuse,
    /// Linear between the whole margins either side.
    Interpolate,
    /// Rounded to a whole IMP, an exact half up.
    RoundHalfUp,
    /// Rounded to a whole IMP, an exact half to even.
    RoundHalfEven,
    /// Rounded to a whole IMP, an exact half away from zero.
    RoundHalfAwayFromZero,
}

impl Fractional {
    fn rule(self) -> FractionalMargin {
        match self {
            Fractional::Refuse => FractionalMargin::Refuse,
            Fractional::Interpolate => FractionalMargin::Interpolate,
            Fractional::RoundHalfUp => FractionalMargin::Round(HalfRule::Up),
            Fractional::RoundHalfEven => FractionalMargin::Round(HalfRule::Even),
            Fractional::RoundHalfAwayFromZero => FractionalMargin::Round(HalfRule::AwayFromZero),
        }
    }
}

/// The scales by name, so that `--help` lists them and a misspelt name is
/// answered with the list.
fn scale() -> impl clap::builder::TypedValueParser<Value = VpScale> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(VpScale::ALL.map(VpScale::name)).try_map(|s| s.parse::<VpScale>())
}

fn margin(s: &str) -> Result<Score, String> {
    Score::parse(s.trim()).map_err(|e| {
        format!("{s:?} is not an exact margin ({e}); write IMPs as 23, -5, 14.5 or 29/2")
    })
}

/// A refusal of `answer_vp` as the command line says it: a VP error with
/// its hint, anything else a refusal of what was asked (bad input, exit
/// 65, in the command line's words, as every other command's), never an
/// output error.
fn refused(r: countback_event::Refusal) -> CliError {
    match r {
        countback_event::Refusal::Event(e) => match &e.problem {
            countback_event::Problem::Vp(v) => CliError::Vp(v.clone()),
            _ => CliError::Refused(e),
        },
        // Of a file: `vp` reads none, so none comes; said as the other
        // commands say it, all the same.
        other => crate::run::refused(std::path::Path::new("countback vp"))(other),
    }
}

/// Convert the margins given, or print the whole table: the event
/// library's one answer, rendered as every answer is.
pub fn run(args: &VpArgs) -> Result<Exit, CliError> {
    let mut request = countback_event::VpRequest::new(args.scale, args.boards);
    request.margins.clone_from(&args.margins);
    request.fractional = args.fractional.rule();
    let answer = countback_event::answer_vp(&request).map_err(refused)?;
    let format = match (args.json, args.format) {
        (true, _) | (false, VpFormat::Json) => crate::cli::Format::Json,
        (false, VpFormat::Csv) => crate::cli::Format::Csv,
        (false, VpFormat::Text) => crate::cli::Format::Text,
        (false, VpFormat::Html) => crate::cli::Format::Html,
    };
    let shown = crate::answer::Shown {
        format,
        half: None,
        explain: false,
        boards: None,
        table: None,
    };
    to_stdout(|out| crate::answer::write(out, &answer, &shown))?;
    Ok(crate::answer::exit(&answer))
}

/// An answer of IMPs to VPs in `format`: the margins converted, or the
/// whole table.
pub(crate) fn write(
    out: &mut dyn Write,
    v: &VpAnswer,
    format: crate::cli::Format,
) -> std::io::Result<()> {
    use crate::cli::Format;
    let table = &v.table;
    match (format, v.converted.is_empty()) {
        (Format::Text, true) => table_text(out, table, &v.bands),
        (Format::Csv, true) => table_csv(out, table, &v.bands),
        (Format::Json, true) => json(out, &table_json(table, &v.bands)),
        (Format::Text, false) => margins_text(out, table, &v.converted, &v.fractional),
        (Format::Csv, false) => margins_csv(out, table, &v.converted),
        (Format::Json, false) => json(out, &margins_json(table, &v.converted, &v.fractional)),
        (Format::Html, _) => crate::doc::write_doc(out, &doc(v), crate::doc::DocFormat::Html),
        (Format::Usebio, _) => Err(crate::answer::not_usebio()),
        (Format::Trf, _) => Err(crate::answer::not_trf()),
    }
}

/// An answer of IMPs to VPs as a document (the HTML format, the page).
#[must_use]
pub fn doc(v: &VpAnswer) -> crate::doc::Doc {
    use crate::doc::{Align, Block, Doc, Line, Table};
    let table = &v.table;
    let (head, rows): ([&str; 3], Vec<[String; 3]>) = if v.converted.is_empty() {
        (["IMPs", "winner", "loser"], band_rows(table, &v.bands))
    } else {
        (
            ["margin", "first", "second"],
            margin_rows(table, &v.converted),
        )
    };
    let mut t = Table::new(
        head.iter()
            .map(|h| ((*h).to_owned(), Align::Right))
            .collect(),
    );
    t.lines = rows.into_iter().map(|r| Line::Cells(r.to_vec())).collect();
    Doc {
        title: title(table),
        subtitle: vec![
            format!("source: {}", table.scale().source()),
            CERTIFIED.to_owned(),
        ],
        blocks: vec![Block::Table(t)],
        ..Doc::default()
    }
}

/// What the certification means, in one line.
const CERTIFIED: &str =
    "certified: every value is the scale's exact rounding, decided by interval arithmetic (docs/vp.md)";

/// The scale, the match, the pool and the blitz, in one line.
fn title(table: &VpTable) -> String {
    format!(
        "{} over {} board{}: {} VPs a match, blitz {} IMPs",
        table.scale(),
        table.boards(),
        if table.boards() == 1 { "" } else { "s" },
        table.pool(),
        table.blitz()
    )
}

/// A fractional-margin rule by its `--fractional` name.
fn fractional_name(f: &FractionalMargin) -> String {
    match f {
        FractionalMargin::Refuse => "refuse".to_owned(),
        FractionalMargin::Interpolate => "interpolate".to_owned(),
        FractionalMargin::Round(HalfRule::Up) => "round-half-up".to_owned(),
        FractionalMargin::Round(HalfRule::Even) => "round-half-even".to_owned(),
        FractionalMargin::Round(HalfRule::AwayFromZero) => "round-half-away-from-zero".to_owned(),
        other => format!("{other:?}"),
    }
}

fn margin_rows(table: &VpTable, converted: &[MarginVp]) -> Vec<[String; 3]> {
    converted
        .iter()
        .map(|c| {
            [
                c.margin.to_string(),
                table.format_vp(&c.first),
                table.format_vp(&c.second),
            ]
        })
        .collect()
}

fn band_rows(table: &VpTable, bands: &[VpBand]) -> Vec<[String; 3]> {
    bands
        .iter()
        .map(|b| {
            [
                b.margins(),
                table.format_vp(&b.winner),
                table.format_vp(&b.loser),
            ]
        })
        .collect()
}

/// The heading every text output starts with: the scale, the match, the
/// pool and where the scale comes from.
fn heading(out: &mut dyn Write, table: &VpTable) -> std::io::Result<()> {
    writeln!(out, "{}", title(table))?;
    writeln!(out, "source: {}", table.scale().source())?;
    writeln!(out, "{CERTIFIED}")?;
    writeln!(out)
}

fn margins_text(
    out: &mut dyn Write,
    table: &VpTable,
    converted: &[MarginVp],
    fractional: &FractionalMargin,
) -> std::io::Result<()> {
    heading(out, table)?;
    columns(
        out,
        ["margin", "first", "second"],
        &margin_rows(table, converted),
    )?;
    if converted.iter().any(|c| !c.margin.is_integer()) {
        writeln!(
            out,
            "\nfractional margins: {} (--fractional)",
            fractional_name(fractional)
        )?;
    }
    Ok(())
}

fn table_text(out: &mut dyn Write, table: &VpTable, bands: &[VpBand]) -> std::io::Result<()> {
    heading(out, table)?;
    columns(out, ["IMPs", "winner", "loser"], &band_rows(table, bands))
}

/// Three right-aligned columns under their headings.
fn columns(out: &mut dyn Write, head: [&str; 3], rows: &[[String; 3]]) -> std::io::Result<()> {
    let mut width = head.map(str::len);
    for row in rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let [a, b, c] = width;
    writeln!(out, "{:>a$}  {:>b$}  {:>c$}", head[0], head[1], head[2])?;
    for [x, y, z] in rows {
        writeln!(out, "{x:>a$}  {y:>b$}  {z:>c$}")?;
    }
    Ok(())
}

fn margins_csv(
    out: &mut dyn Write,
    table: &VpTable,
    converted: &[MarginVp],
) -> std::io::Result<()> {
    let rows = converted.iter().map(|c| {
        format!(
            "{},{},{}",
            c.margin,
            table.format_vp(&c.first),
            table.format_vp(&c.second)
        )
    });
    csv_of_table(out, table, "margin,first,second", rows)
}

fn table_csv(out: &mut dyn Write, table: &VpTable, bands: &[VpBand]) -> std::io::Result<()> {
    let rows = bands.iter().map(|b| {
        format!(
            "{},{},{},{}",
            b.from,
            b.to.map(|t| t.to_string()).unwrap_or_default(),
            table.format_vp(&b.winner),
            table.format_vp(&b.loser)
        )
    });
    csv_of_table(out, table, "from,to,winner,loser", rows)
}

/// CSV whose every record starts with the table's scale and number of
/// boards, then `head`'s columns, one record a row.
fn csv_of_table(
    out: &mut dyn Write,
    table: &VpTable,
    head: &str,
    rows: impl Iterator<Item = String>,
) -> std::io::Result<()> {
    writeln!(out, "scale,boards,{head}")?;
    for row in rows {
        writeln!(out, "{},{},{row}", table.scale(), table.boards())?;
    }
    Ok(())
}

/// An exact value beside the scale's display of it.
fn shown(table: &VpTable, v: &Score) -> serde_json::Value {
    serde_json::json!({ "exact": v.to_string(), "display": table.format_vp(v) })
}

fn margins_json(
    table: &VpTable,
    converted: &[MarginVp],
    fractional: &FractionalMargin,
) -> serde_json::Value {
    serde_json::json!({
        "scale": table.scale(),
        "boards": table.boards(),
        "pool": table.pool().to_string(),
        "blitz": table.blitz(),
        "source": table.scale().source(),
        "fractional": fractional_name(fractional),
        "margins": converted.iter().map(|c| serde_json::json!({
            "margin": c.margin.to_string(),
            "first": shown(table, &c.first),
            "second": shown(table, &c.second),
        })).collect::<Vec<_>>(),
    })
}

fn table_json(table: &VpTable, bands: &[VpBand]) -> serde_json::Value {
    serde_json::json!({
        "scale": table.scale(),
        "boards": table.boards(),
        "pool": table.pool().to_string(),
        "decimal_places": table.scale().decimal_places(),
        "blitz": table.blitz(),
        "source": table.scale().source(),
        "bands": bands.iter().map(|b| serde_json::json!({
            "from": b.from,
            "to": b.to,
            "margins": b.margins(),
            "winner": shown(table, &b.winner),
            "loser": shown(table, &b.loser),
        })).collect::<Vec<_>>(),
    })
}

fn json(out: &mut dyn Write, value: &serde_json::Value) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use countback_event::{EventError, Problem, Refusal};

    /// A refusal that is not a VP error is a refusal of what was asked:
    /// bad input (exit 65), said in the command line's words, as every
    /// other command's; it was an output error (exit 74, "cannot write the
    /// output"), which a script would read as a full disc.
    #[test]
    fn a_refusal_that_is_not_a_vp_error_is_bad_input_not_an_output_error() {
        let problem = Problem::out_of_range("0", "a match has at least one board");
        let said = problem.to_string();
        let e = refused(Refusal::Event(EventError::new(problem)));
        assert_eq!(Exit::from(&e), Exit::BadInput);
        assert_eq!(e.to_string(), said);
    }
}
