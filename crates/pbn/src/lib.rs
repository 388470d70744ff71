#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! PBN (Portable Bridge Notation, version 2.1) carries a session's results
//! in two tables: a `[ScoreTable "…"]` after each board (one row per table
//! played: the pairs or players, the score, and the match points or IMPs
//! the program gave) and one `[TotalScoreTable "…"]` (one row per pair or
//! player: total, percentage, rank). Magic Contest, Ruter and JFR write
//! them.
//!
//! - [`parse_pbn`] reads the text; [`parse_pbn_bytes`] the file's bytes
//!   (UTF-8 when they are valid UTF-8, else ISO-8859-1, the character set
//!   the PBN standard prescribes).
//! - The scoring comes from `[Scoring "…"]`: `MP`/`MatchPoints`, `Butler`,
//!   `Cross-IMPs` (`IMP` alone is refused: it does not say which); without
//!   the tag, tables of match points only are matchpointed. The writer comes
//!   from `[Generator "…"]` (or `[Application "…"]`) and picks the scoring
//!   convention (`countback_usebio::Convention::from_writer`).
//! - Pairs (`PairId_NS`, `PairId_EW`; a `Direction` column in the totals
//!   ranks NS and EW apart) and individuals (`PlayerId_North` …
//!   `PlayerId_West`; each player a contestant, partners credited alike).
//! - Columns read are [`SCORE_COLUMNS`] and [`TOTAL_COLUMNS`];
//!   [`INFORMATIONAL_COLUMNS`] are read past on purpose; any other column is
//!   refused, naming it and listing the known ones. A figure column of the
//!   other scoring (`IMP_NS` in a matchpointed event) is refused too.
//! - A cell `-` (irrelevant) or `?` (unknown) is no figure; `^` before a
//!   figure marks an artificial score (PBN 5.2): a row with no score and
//!   figures marked `^` is an adjusted score, read as the percentages of the
//!   top those figures are (match points) or 50 % plus ten points for every
//!   three IMPs (IMPs). `Contract` `NP` is not played, `Pass` with no score
//!   a pass-out.
//! - One section per file: a `Section` column with two values is refused.
//!   Rows are one per line (the PBN export format).
//!
//! ## Limits
//!
//! Checked before any line is read, each a typed [`ParseError`]: at most
//! [`MAX_INPUT_BYTES`] bytes, [`MAX_LINES`] lines, [`MAX_LINE_BYTES`] bytes
//! on a line, and [`MAX_COLUMNS`] columns in a table (so tokens in a row).
//!
//! ## Errors
//!
//! Every error is a [`countback_usebio::ParseError`] whose position names
//! the line, the column (1-based, in characters) and the tag or table
//! column, and which shows the culprit: `[ScoreTable] column MP_NS at line
//! 9, column 14: "4x" is not a decimal number`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod columns;
mod lex;
mod limits;

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, Score, TableOutcome, TravellerLine,
};
use countback_usebio::{
    Board, EventKind, Line, ParseError, Participant, Ranking, Seats, Session, SourceFormat,
    SourcePosition, StoredFigure, StoredStanding,
};

pub use columns::{INFORMATIONAL_COLUMNS, SCORE_COLUMNS, TOTAL_COLUMNS};
pub use limits::{MAX_COLUMNS, MAX_INPUT_BYTES, MAX_LINES, MAX_LINE_BYTES};

use lex::Cell;

/// The scorings a `[Scoring]` tag may name, for messages.
const SCORINGS: &str = "MP (or MatchPoints, MatchPoints;MP1 …), Butler (IMP;Butler), \
                        Cross-IMPs (IMP;Cross); IMP alone does not say which IMP scoring";

fn pos(element: &str, line: usize, column: usize) -> SourcePosition {
    SourcePosition {
        element: element.to_owned(),
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(column).unwrap_or(u32::MAX),
    }
}

fn short(text: &str) -> String {
    text.chars().take(64).collect()
}

/// The scoring a `[Scoring "…"]` value names, or `None`.
fn event_kind(value: &str) -> Option<EventKind> {
    let v = value.to_ascii_uppercase();
    if v.contains("BUTLER") {
        Some(EventKind::ButlerPairs)
    } else if v.contains("CROSS") || v.contains("XIMP") {
        Some(EventKind::CrossImps)
    } else if v.starts_with("MP") || v.contains("MATCHPOINT") {
        Some(EventKind::MatchPointPairs)
    } else {
        None
    }
}

/// Which table the rows being read belong to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Score,
    Total,
}

impl Kind {
    fn tag(self) -> &'static str {
        match self {
            Kind::Score => "[ScoreTable]",
            Kind::Total => "[TotalScoreTable]",
        }
    }
}

/// A table header: its columns and where it is.
struct Table {
    kind: Kind,
    columns: Vec<lex::Column>,
    line: usize,
}

impl Table {
    fn index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.name == name)
    }

    fn column(&self, name: &str) -> Option<&lex::Column> {
        self.columns.iter().find(|c| c.name == name)
    }

    fn at(&self, name: &str) -> String {
        format!("{} column {name}", self.kind.tag())
    }

    fn col(&self, name: &'static str) -> Col {
        Col {
            at: self.index(name),
            name,
        }
    }
}

/// Where a column is in a table's rows (if the table has it), with its
/// name for messages: looked up once per table, not once per row.
#[derive(Clone, Copy)]
struct Col {
    at: Option<usize>,
    name: &'static str,
}

impl Col {
    fn cell<'r, 't>(self, row: &'r [Cell<'t>]) -> Option<&'r Cell<'t>> {
        self.at.and_then(|i| row.get(i))
    }
}

/// A side's figure columns of one kind: the direction's (`MP_NS`) and the
/// seats' (`MP_North`, `MP_South`).
#[derive(Clone, Copy)]
struct SideCols {
    direction: Col,
    seats: [Col; 2],
}

/// The columns of a `ScoreTable` that are read.
struct ScoreCols {
    /// `PairId_NS`, `PairId_EW`, or the four `PlayerId_` columns.
    ids: Vec<Col>,
    score_ns: Col,
    score_ew: Col,
    contract: Col,
    /// NS and EW match points.
    mp: [SideCols; 2],
    /// NS and EW IMPs.
    imp: [SideCols; 2],
}

impl ScoreCols {
    fn of(table: &Table) -> ScoreCols {
        let side = |d: &'static str, a: &'static str, b: &'static str| SideCols {
            direction: table.col(d),
            seats: [table.col(a), table.col(b)],
        };
        let ids = if table.index("PairId_NS").is_some() {
            vec![table.col("PairId_NS"), table.col("PairId_EW")]
        } else {
            [
                "PlayerId_North",
                "PlayerId_South",
                "PlayerId_East",
                "PlayerId_West",
            ]
            .map(|n| table.col(n))
            .to_vec()
        };
        ScoreCols {
            ids,
            score_ns: table.col("Score_NS"),
            score_ew: table.col("Score_EW"),
            contract: table.col("Contract"),
            mp: [
                side("MP_NS", "MP_North", "MP_South"),
                side("MP_EW", "MP_East", "MP_West"),
            ],
            imp: [
                side("IMP_NS", "IMP_North", "IMP_South"),
                side("IMP_EW", "IMP_East", "IMP_West"),
            ],
        }
    }
}

/// A cell's text without surrounding blanks, still borrowed from the file
/// where it was.
fn trimmed<'t>(cell: &Cell<'t>) -> Cow<'t, str> {
    match &cell.text {
        Cow::Borrowed(s) => Cow::Borrowed(s.trim()),
        Cow::Owned(s) => Cow::Owned(s.trim().to_owned()),
    }
}

/// A stored figure with its 1-based column, and whether PBN marks it as an
/// artificial score (`^`, PBN 5.2).
struct Figure {
    figure: StoredFigure,
    caret: bool,
    column: usize,
}

/// The stored figure in `col`'s cell of `row`: `-` (irrelevant), `?`
/// (unknown) and an empty cell are none.
fn figure(
    table: &Table,
    row: &[Cell<'_>],
    col: Col,
    line: usize,
) -> Result<Option<Figure>, ParseError> {
    let Some(cell) = col.cell(row) else {
        return Ok(None);
    };
    let t = cell.text.trim();
    if matches!(t, "" | "-" | "?") {
        return Ok(None);
    }
    let (caret, number) = match t.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let figure = StoredFigure::parse(number).ok_or_else(|| ParseError::BadValue {
        at: pos(&table.at(col.name), line, cell.column),
        text: short(t),
        expected: "a decimal number (^ before it for an artificial score)",
    })?;
    Ok(Some(Figure {
        figure,
        caret,
        column: cell.column,
    }))
}

/// A side's figure of one kind: the direction's column (`MP_NS`), else the
/// seats' (`MP_North`, `MP_South`), which must agree: partners score alike.
fn side_figure(
    table: &Table,
    row: &[Cell<'_>],
    side: SideCols,
    line: usize,
) -> Result<Option<Figure>, ParseError> {
    if let Some(f) = figure(table, row, side.direction, line)? {
        return Ok(Some(f));
    }
    let [a_col, b_col] = side.seats;
    let a = figure(table, row, a_col, line)?;
    let b = figure(table, row, b_col, line)?;
    match (a, b) {
        (Some(a), Some(b)) if a.figure.value != b.figure.value => Err(ParseError::BadValue {
            at: pos(&table.at(b_col.name), line, b.column),
            text: b.figure.text,
            expected: "the same figure as its partner's column (partners score alike)",
        }),
        (Some(a), _) => Ok(Some(a)),
        (None, b) => Ok(b),
    }
}

/// Who played a row, as written, each with its column: a pair each way
/// (NS, EW) or four players (North, South, East, West).
type Who<'t> = Vec<(Cow<'t, str>, usize)>;

/// How a row's result is known.
enum Outcome {
    Known(TableOutcome),
    /// No score, and figures marked artificial (`^`): an adjusted score
    /// given in match points or IMPs, turned into percentages once the top
    /// is known.
    FromFigures,
}

/// A `ScoreTable` row, before pairs are resolved.
struct RawLine<'t> {
    board: BoardNumber,
    who: Who<'t>,
    outcome: Outcome,
    score_text: Cow<'t, str>,
    mp: (Option<Figure>, Option<Figure>),
    imp: (Option<Figure>, Option<Figure>),
    line: usize,
}

/// The `ScoreTable` columns that give figures, with where each was first
/// declared: checked against the event's scoring at the end.
type Declared = Vec<(String, usize, usize)>;

/// The score of a row: `Score_NS`, else minus `Score_EW`; both given must
/// agree.
fn score_text<'t>(
    table: &Table,
    cols: &ScoreCols,
    row: &[Cell<'t>],
    line: usize,
) -> Result<Option<Cow<'t, str>>, ParseError> {
    let get = |col: Col| {
        col.cell(row).and_then(|c| {
            let t = trimmed(c);
            (!matches!(t.as_ref(), "" | "-" | "?")).then_some((t, c.column))
        })
    };
    match (get(cols.score_ns), get(cols.score_ew)) {
        (Some((ns, _)), Some((ew, column))) => {
            let agree = match (ns.parse::<i64>(), ew.parse::<i64>()) {
                (Ok(n), Ok(e)) => n == -e,
                _ => true,
            };
            if !agree {
                return Err(ParseError::BadValue {
                    at: pos(&table.at("Score_EW"), line, column),
                    text: short(&ew),
                    expected: "minus Score_NS (both columns give the same result)",
                });
            }
            Ok(Some(ns))
        }
        (Some((ns, _)), None) => Ok(Some(ns)),
        (None, Some((ew, _))) => Ok(Some(match ew.strip_prefix('-') {
            Some(positive) => Cow::Owned(positive.to_owned()),
            None if ew == "0" => ew,
            None => Cow::Owned(format!("-{ew}")),
        })),
        (None, None) => Ok(None),
    }
}

/// A `ScoreTable` header: every column known, no column twice, and the
/// contestants named one way (pairs or players).
fn score_header(table: &Table) -> Result<bool, ParseError> {
    check_names(table, &SCORE_COLUMNS)?;
    let players = [
        "PlayerId_North",
        "PlayerId_South",
        "PlayerId_East",
        "PlayerId_West",
    ];
    let pairs = ["PairId_NS", "PairId_EW"];
    let has = |names: &[&str]| names.iter().filter(|n| table.index(n).is_some()).count();
    let individual = has(&players) > 0;
    let (need, mixed): (&[&str], &[&str]) = if individual {
        (&players, &pairs)
    } else {
        (&pairs, &players)
    };
    if let Some(c) = mixed.iter().find_map(|n| table.column(n)) {
        return Err(ParseError::BadValue {
            at: pos(Kind::Score.tag(), table.line, c.column),
            text: c.name.clone(),
            expected: "one kind of contestant: PairId_NS and PairId_EW (pairs) or the four PlayerId_ columns (individuals), not both",
        });
    }
    if let Some(missing) = need.iter().find(|n| table.index(n).is_none()) {
        return Err(ParseError::Missing {
            at: pos(Kind::Score.tag(), table.line, 1),
            what: format!("column {missing}"),
        });
    }
    Ok(individual)
}

fn check_names(table: &Table, known: &[&str]) -> Result<(), ParseError> {
    let mut seen: HashSet<&str> = HashSet::new();
    for c in &table.columns {
        if !columns::is_known(&c.name, known) {
            return Err(ParseError::UnknownName {
                at: pos(table.kind.tag(), table.line, c.column),
                what: "table column",
                found: short(&c.name),
                known: columns::listing(known),
            });
        }
        if !seen.insert(&c.name) {
            return Err(ParseError::BadValue {
                at: pos(table.kind.tag(), table.line, c.column),
                text: c.name.clone(),
                expected: "a column the table has not declared already",
            });
        }
    }
    Ok(())
}

/// The identifier in `col`'s cell: present and short.
fn id_cell<'t>(
    table: &Table,
    row: &[Cell<'t>],
    col: Col,
    line: usize,
) -> Result<(Cow<'t, str>, usize), ParseError> {
    match col.cell(row) {
        Some(c) if !matches!(c.text.trim(), "" | "-" | "?") && c.text.len() <= 64 => {
            Ok((trimmed(c), c.column))
        }
        Some(c) => Err(ParseError::BadValue {
            at: pos(&table.at(col.name), line, c.column),
            text: short(&c.text),
            expected: "a pair or player number (at most 64 characters)",
        }),
        None => Err(ParseError::Missing {
            at: pos(table.kind.tag(), line, 1),
            what: format!("a value for column {}", col.name),
        }),
    }
}

/// Parse the results tables of a PBN file.
///
/// # Errors
/// A [`ParseError`] naming the line, the column (1-based, in characters)
/// and the tag or table column of the first problem; the limits
/// ([`MAX_INPUT_BYTES`], [`MAX_LINES`], [`MAX_LINE_BYTES`], [`MAX_COLUMNS`])
/// are checked before anything is read.
#[allow(clippy::too_many_lines)]
pub fn parse_pbn(text: &str) -> Result<Session, ParseError> {
    limits::check(text)?;
    let mut version = None;
    let mut program: Option<String> = None;
    let mut description: Option<String> = None;
    let mut scoring: Option<(String, usize, usize)> = None;
    let mut competition: Option<(String, usize, usize)> = None;
    let mut board: Option<BoardNumber> = None;
    let mut open: Option<Kind> = None;
    let mut score_table: Option<(Table, ScoreCols)> = None;
    let mut total_table: Option<Table> = None;
    let mut individual: Option<(bool, usize)> = None;
    let mut raw_lines: Vec<RawLine<'_>> = Vec::new();
    let mut boards_seen: Vec<(BoardNumber, usize)> = Vec::new();
    let mut tabled: HashMap<BoardNumber, usize> = HashMap::new();
    let mut totals: Vec<(Vec<Cell<'_>>, usize)> = Vec::new();
    let mut declared: Declared = Vec::new();
    let mut section: Option<(String, usize)> = None;
    let mut in_braces = false;

    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = raw.trim_end();
        if in_braces {
            if line.contains('}') {
                in_braces = false;
            }
            continue;
        }
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix('%') {
            if let Some(v) = rest.trim().strip_prefix("PBN") {
                version = Some(v.trim().to_owned());
            }
            continue;
        }
        if trimmed.starts_with('{') {
            in_braces = !trimmed.contains('}');
            continue;
        }
        if trimmed.starts_with(';') {
            continue;
        }
        if trimmed.is_empty() {
            open = None;
            continue;
        }
        if trimmed.starts_with('[') {
            open = None;
            let tags = lex::tags(line).map_err(|bad| ParseError::BadValue {
                at: pos("[tag]", line_no, bad.column),
                text: bad.text,
                expected: "a tag pair: [Name \"value\"]",
            })?;
            // Commentary opened after the tags and closed on a later line.
            if let Some(brace) = line.rfind('{') {
                in_braces = !line.get(brace..).is_some_and(|r| r.contains('}'))
                    && tags.last().is_some_and(|t| t.column <= brace);
            }
            for tag in tags {
                let value = tag.value.trim();
                match tag.name.as_str() {
                    "Generator" | "Application" if program.is_none() => {
                        program = Some(value.to_owned());
                    }
                    "Event" if description.is_none() && !matches!(value, "" | "#" | "?") => {
                        description = Some(value.to_owned());
                    }
                    "Competition" if !matches!(value, "" | "#" | "?") => {
                        if !matches!(value, "Pairs" | "Individuals") {
                            return Err(ParseError::UnknownName {
                                at: pos("[Competition]", line_no, tag.value_column),
                                what: "competition",
                                found: short(value),
                                known: "Pairs, Individuals (teams results are not read)".to_owned(),
                            });
                        }
                        competition.get_or_insert((value.to_owned(), line_no, tag.value_column));
                    }
                    "Scoring" if !matches!(value, "" | "#" | "?") => match &scoring {
                        Some((first, first_line, _)) if first != value => {
                            return Err(ParseError::BadValue {
                                at: pos("[Scoring]", line_no, tag.value_column),
                                text: format!("{} (line {first_line} says {first})", short(value)),
                                expected: "the same scoring as the file's first [Scoring] tag",
                            });
                        }
                        Some(_) => {}
                        None => scoring = Some((value.to_owned(), line_no, tag.value_column)),
                    },
                    "Board" if !matches!(value, "#" | "?") => {
                        let number = value.parse::<u32>().map_err(|_| ParseError::BadValue {
                            at: pos("[Board]", line_no, tag.value_column),
                            text: short(value),
                            expected: "a board number",
                        })?;
                        let number = BoardNumber(number);
                        if !boards_seen.iter().any(|(b, _)| *b == number) {
                            boards_seen.push((number, line_no));
                        }
                        board = Some(number);
                    }
                    "ScoreTable" => {
                        let columns = lex::header(&tag.value, tag.value_column).map_err(
                            |(column, text)| ParseError::BadValue {
                                at: pos(Kind::Score.tag(), line_no, column),
                                text,
                                expected: "a column name (columns are separated by `;`)",
                            },
                        )?;
                        let table = Table {
                            kind: Kind::Score,
                            columns,
                            line: line_no,
                        };
                        if table.columns.len() > MAX_COLUMNS {
                            return Err(too_many_columns(&table));
                        }
                        let is_individual = score_header(&table)?;
                        let Some(number) = board else {
                            return Err(ParseError::Missing {
                                at: pos(Kind::Score.tag(), line_no, tag.column),
                                what: "a [Board] tag before the ScoreTable".to_owned(),
                            });
                        };
                        if let Some((first, first_line)) = individual {
                            if first != is_individual {
                                return Err(ParseError::BadValue {
                                    at: pos(Kind::Score.tag(), line_no, tag.value_column),
                                    text: format!(
                                        "{} (the ScoreTable at line {first_line} names {})",
                                        short(&tag.value),
                                        if first { "players" } else { "pairs" }
                                    ),
                                    expected: "a table naming the same kind of contestant as the file's first ScoreTable",
                                });
                            }
                        } else {
                            individual = Some((is_individual, line_no));
                        }
                        if let Some((c, c_line, c_col)) = &competition {
                            if (c == "Individuals") != is_individual {
                                return Err(ParseError::BadValue {
                                    at: pos("[Competition]", *c_line, *c_col),
                                    text: c.clone(),
                                    expected: "the competition the ScoreTable columns name (PairId_ for Pairs, PlayerId_ for Individuals)",
                                });
                            }
                        }
                        if tabled.insert(number, line_no).is_some() {
                            return Err(ParseError::DuplicateBoard {
                                at: pos(Kind::Score.tag(), line_no, tag.column),
                                board: number,
                            });
                        }
                        for c in &table.columns {
                            let figure = c.name.starts_with("MP_") || c.name.starts_with("IMP_");
                            if figure && !declared.iter().any(|(n, _, _)| *n == c.name) {
                                declared.push((c.name.clone(), line_no, c.column));
                            }
                        }
                        let cols = ScoreCols::of(&table);
                        score_table = Some((table, cols));
                        open = Some(Kind::Score);
                    }
                    "TotalScoreTable" => {
                        let columns = lex::header(&tag.value, tag.value_column).map_err(
                            |(column, text)| ParseError::BadValue {
                                at: pos(Kind::Total.tag(), line_no, column),
                                text,
                                expected: "a column name (columns are separated by `;`)",
                            },
                        )?;
                        let table = Table {
                            kind: Kind::Total,
                            columns,
                            line: line_no,
                        };
                        if table.columns.len() > MAX_COLUMNS {
                            return Err(too_many_columns(&table));
                        }
                        check_names(&table, &TOTAL_COLUMNS)?;
                        if let Some(first) = &total_table {
                            return Err(ParseError::BadValue {
                                at: pos(Kind::Total.tag(), line_no, tag.column),
                                text: format!(
                                    "a second TotalScoreTable (the first is at line {})",
                                    first.line
                                ),
                                expected: "one TotalScoreTable per file",
                            });
                        }
                        total_table = Some(table);
                        open = Some(Kind::Total);
                    }
                    _ => {}
                }
            }
            continue;
        }
        // A table row; anything else (a deal diagram, an auction, a play
        // section) is not a result.
        let table = match open {
            Some(Kind::Score) => score_table.as_ref().map(|(t, _)| t),
            Some(Kind::Total) => total_table.as_ref(),
            None => None,
        };
        let Some(table) = table else { continue };
        let row = lex::cells(line);
        if let Some(extra) = row.get(table.columns.len()) {
            return Err(ParseError::BadValue {
                at: pos(table.kind.tag(), line_no, extra.column),
                text: short(&extra.text),
                expected: "the end of the row: it has more values than its table has columns",
            });
        }
        if let Some(c) = table.columns.get(row.len()) {
            return Err(ParseError::Missing {
                at: pos(table.kind.tag(), line_no, line.chars().count() + 1),
                what: format!(
                    "a value for column {} (the row has {} of the table's {} values)",
                    c.name,
                    row.len(),
                    table.columns.len()
                ),
            });
        }
        if let Some(cell) = table.index("Section").and_then(|i| row.get(i)) {
            let s = cell.text.trim();
            match &section {
                Some((first, first_line)) if first != s => {
                    return Err(ParseError::BadValue {
                        at: pos(&table.at("Section"), line_no, cell.column),
                        text: format!("{s} (line {first_line} has section {first})"),
                        expected: "the section of the file's other rows: a file of more than one section is not read yet",
                    });
                }
                Some(_) => {}
                None => section = Some((s.to_owned(), line_no)),
            }
        }
        if table.kind == Kind::Total {
            totals.push((row, line_no));
            continue;
        }
        let (Some(number), Some((_, cols))) = (board, &score_table) else {
            continue;
        };
        countback_usebio::check_traveller_lines(raw_lines.len() + 1)?;
        raw_lines.push(score_row(table, cols, &row, number, line_no)?);
    }

    let Some((individual, _)) = individual else {
        return Err(ParseError::NoResults {
            at: pos(Kind::Score.tag(), 1, 1),
            what: "ScoreTable (the results of each board)",
        });
    };
    let event = match &scoring {
        Some((value, line, column)) => {
            event_kind(value).ok_or_else(|| ParseError::UnknownName {
                at: pos("[Scoring]", *line, *column),
                what: "scoring",
                found: short(value),
                known: SCORINGS.to_owned(),
            })?
        }
        // Without the tag, match points are known by their columns; IMPs
        // alone do not say Butler or cross-IMPs.
        None if !declared.is_empty() && declared.iter().all(|(n, _, _)| n.starts_with("MP_")) => {
            EventKind::MatchPointPairs
        }
        None => {
            return Err(ParseError::Missing {
                at: pos("[Scoring]", 1, 1),
                what: format!("a [Scoring \"…\"] tag: {SCORINGS}"),
            })
        }
    };
    let (figure_kind, total_names, other_totals): (&str, [&str; 2], [&str; 2]) =
        if event == EventKind::MatchPointPairs {
            (
                "MP_",
                ["TotalScoreMP", "TotalMP"],
                ["TotalScoreIMP", "TotalIMP"],
            )
        } else {
            (
                "IMP_",
                ["TotalScoreIMP", "TotalIMP"],
                ["TotalScoreMP", "TotalMP"],
            )
        };
    if let Some((name, line, column)) = declared
        .iter()
        .find(|(n, _, _)| !n.starts_with(figure_kind))
    {
        return Err(ParseError::BadValue {
            at: pos(Kind::Score.tag(), *line, *column),
            text: name.clone(),
            expected: if event == EventKind::MatchPointPairs {
                "a match-point column (MP_…): the event is matchpointed"
            } else {
                "an IMP column (IMP_…): the event is scored in IMPs"
            },
        });
    }
    let total_table = total_table.ok_or_else(|| ParseError::NoResults {
        at: pos(Kind::Total.tag(), 1, 1),
        what: "TotalScoreTable (the contestants and their totals)",
    })?;
    if let Some(c) = other_totals.iter().find_map(|n| total_table.column(n)) {
        return Err(ParseError::BadValue {
            at: pos(Kind::Total.tag(), total_table.line, c.column),
            text: c.name.clone(),
            expected: if event == EventKind::MatchPointPairs {
                "a match-point total (TotalScoreMP or TotalMP): the event is matchpointed"
            } else {
                "an IMP total (TotalScoreIMP or TotalIMP): the event is scored in IMPs"
            },
        });
    }
    if let (Some(_), Some(c)) = (
        total_table.column(total_names[0]),
        total_table.column(total_names[1]),
    ) {
        return Err(ParseError::BadValue {
            at: pos(Kind::Total.tag(), total_table.line, c.column),
            text: c.name.clone(),
            expected: "one total column, not two",
        });
    }
    let total_col = total_names
        .iter()
        .copied()
        .find(|n| total_table.index(n).is_some());

    let (participants, numbers) = participants(&total_table, &totals, individual, total_col)?;
    let by_direction = !individual && total_table.index("Direction").is_some();
    // By the number as the tables write it and the ranking field, so that a
    // row's pair is found without building its identifier.
    let index: HashMap<(&str, Option<Direction>), usize> = numbers
        .iter()
        .zip(&participants)
        .enumerate()
        .map(|(i, (n, p))| ((n.as_str(), p.field), i))
        .collect();

    // An artificial score given as figures is a percentage of the top,
    // 2(E − 1) with E the most results on any board (match points), or ten
    // percentage points for every three IMPs (IMPs).
    let mut results: HashMap<BoardNumber, usize> = HashMap::new();
    for l in &raw_lines {
        if !matches!(l.outcome, Outcome::Known(TableOutcome::NotPlayed)) {
            *results.entry(l.board).or_insert(0) += 1;
        }
    }
    let most = results.values().copied().max().unwrap_or(0);
    let top = Score::from(most.saturating_sub(1)).times(2);

    let mut boards: Vec<Board> = boards_seen
        .iter()
        .filter(|(b, _)| tabled.contains_key(b))
        .map(|(number, line)| Board {
            number: *number,
            section: None,
            stored_datum: None,
            lines: Vec::new(),
            line: u32::try_from(*line).unwrap_or(u32::MAX),
        })
        .collect();
    let board_at: HashMap<BoardNumber, usize> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| (b.number, i))
        .collect();
    // The board and line where each contestant was last seen: a board's
    // rows are together (one ScoreTable a board), so a contestant seen
    // twice on one board is seen twice in a row of this.
    let mut last_seen: Vec<Option<(BoardNumber, usize)>> = vec![None; participants.len()];
    let imps = event != EventKind::MatchPointPairs;
    let id_columns: [&str; 4] = if individual {
        [
            "PlayerId_North",
            "PlayerId_South",
            "PlayerId_East",
            "PlayerId_West",
        ]
    } else {
        ["PairId_NS", "PairId_EW", "", ""]
    };
    for l in raw_lines {
        let mut who: Vec<usize> = Vec::with_capacity(4);
        for (k, (text, column)) in l.who.iter().enumerate() {
            let field = match k {
                _ if !by_direction => None,
                0 => Some(Direction::NorthSouth),
                _ => Some(Direction::EastWest),
            };
            let i = index.get(&(text.as_ref(), field)).copied().ok_or_else(|| {
                ParseError::UnknownPair {
                    board: l.board,
                    at: pos(
                        &format!("[ScoreTable] column {}", id_columns.get(k).unwrap_or(&"")),
                        l.line,
                        *column,
                    ),
                    pair: short(text),
                }
            })?;
            who.push(i);
        }
        for &i in &who {
            let Some(slot) = last_seen.get_mut(i) else {
                continue;
            };
            if let Some((board, first)) = *slot {
                if board == l.board {
                    let pair = participants
                        .get(i)
                        .map_or_else(|| ContestantId::new(""), |p| p.id.clone());
                    return Err(ParseError::DuplicateLine {
                        board: l.board,
                        at: pos(Kind::Score.tag(), l.line, 1),
                        pair,
                        first_line: u32::try_from(first).unwrap_or(u32::MAX),
                    });
                }
            }
            *slot = Some((l.board, l.line));
        }
        let id = |k: usize| {
            who.get(k)
                .and_then(|&i| participants.get(i))
                .map_or_else(|| ContestantId::new(""), |p| p.id.clone())
        };
        let (ns, ew, seats) = if who.len() == 4 {
            let seats = Seats {
                north: id(0),
                south: id(1),
                east: id(2),
                west: id(3),
            };
            (
                ContestantId::new(format!("{}+{}", seats.north, seats.south)),
                ContestantId::new(format!("{}+{}", seats.east, seats.west)),
                Some(seats),
            )
        } else {
            (id(0), id(1), None)
        };
        let (f_ns, f_ew) = if imps { l.imp } else { l.mp };
        let outcome = match l.outcome {
            Outcome::Known(o) => o,
            Outcome::FromFigures => {
                artificial(f_ns.as_ref(), f_ew.as_ref(), imps, &top, l.line, l.board)?
            }
        };
        let Some(b) = board_at.get(&l.board).and_then(|&i| boards.get_mut(i)) else {
            continue;
        };
        b.lines.push(Line {
            traveller: TravellerLine {
                board: l.board,
                ns,
                ew,
                outcome,
            },
            score_text: l.score_text.into_owned(),
            stored_ns: f_ns.map(|f| f.figure),
            stored_ew: f_ew.map(|f| f.figure),
            seats,
            line: u32::try_from(l.line).unwrap_or(u32::MAX),
        });
    }
    boards.retain(|b| !b.lines.is_empty());
    if boards.is_empty() {
        return Err(ParseError::NoResults {
            at: pos(Kind::Score.tag(), 1, 1),
            what: "ScoreTable rows",
        });
    }
    Ok(Session {
        format: SourceFormat::Pbn { version },
        event,
        ranking: if by_direction {
            Ranking::ByDirection
        } else {
            Ranking::OneField
        },
        description,
        program,
        participants,
        boards,
    })
}

fn too_many_columns(table: &Table) -> ParseError {
    let c = table.columns.get(MAX_COLUMNS);
    ParseError::BadValue {
        at: pos(table.kind.tag(), table.line, c.map_or(1, |c| c.column)),
        text: c.map_or_else(String::new, |c| c.name.clone()),
        expected: "at most 64 columns (countback_pbn::MAX_COLUMNS)",
    }
}

/// One `ScoreTable` row.
fn score_row<'t>(
    table: &Table,
    cols: &ScoreCols,
    row: &[Cell<'t>],
    board: BoardNumber,
    line: usize,
) -> Result<RawLine<'t>, ParseError> {
    let who = cols
        .ids
        .iter()
        .map(|&col| id_cell(table, row, col, line))
        .collect::<Result<Who<'t>, ParseError>>()?;
    let [mp_ns, mp_ew] = cols.mp;
    let [imp_ns, imp_ew] = cols.imp;
    let mp = (
        side_figure(table, row, mp_ns, line)?,
        side_figure(table, row, mp_ew, line)?,
    );
    let imp = (
        side_figure(table, row, imp_ns, line)?,
        side_figure(table, row, imp_ew, line)?,
    );
    let contract = cols.contract.cell(row).map_or("", |c| c.text.trim());
    let not_played = ["NP", "N P", "N/P", "NOT PLAYED"]
        .iter()
        .any(|np| contract.eq_ignore_ascii_case(np));
    let score = score_text(table, cols, row, line)?;
    let carets = [&mp.0, &mp.1, &imp.0, &imp.1]
        .iter()
        .any(|f| f.as_ref().is_some_and(|f| f.caret));
    let (outcome, text) = if not_played {
        (Outcome::Known(TableOutcome::NotPlayed), Cow::Borrowed("NP"))
    } else {
        match score {
            Some(t) => {
                let column = [cols.score_ns, cols.score_ew]
                    .iter()
                    .find_map(|c| c.cell(row))
                    .map_or(1, |c| c.column);
                let o = countback_usebio::table_outcome(&t).ok_or_else(|| ParseError::BadValue {
                    at: pos(&table.at("Score_NS"), line, column),
                    text: short(&t),
                    expected: "a score in points, an artificial score such as A6040, or NP",
                })?;
                (Outcome::Known(o), t)
            }
            None if contract.eq_ignore_ascii_case("PASS") => (
                Outcome::Known(TableOutcome::Played { ns_points: 0 }),
                Cow::Borrowed("0"),
            ),
            None if carets => {
                let texts: Vec<&str> = [&mp.0, &mp.1, &imp.0, &imp.1]
                    .iter()
                    .filter_map(|f| f.as_ref().map(|f| f.figure.text.as_str()))
                    .collect();
                (Outcome::FromFigures, Cow::Owned(format!("^{}", texts.join("/^"))))
            }
            None => {
                return Err(ParseError::Missing {
                    at: pos(Kind::Score.tag(), line, 1),
                    what: format!(
                        "a score for board {board}: Score_NS or Score_EW, Contract Pass or NP, or figures marked artificial (^)"
                    ),
                })
            }
        }
    };
    Ok(RawLine {
        board,
        who,
        outcome,
        score_text: text,
        mp,
        imp,
        line,
    })
}

/// An artificial score given as figures marked `^`: the percentages of the
/// top (match points), or 50 % plus ten points for every three IMPs.
fn artificial(
    ns: Option<&Figure>,
    ew: Option<&Figure>,
    imps: bool,
    top: &Score,
    line: usize,
    board: BoardNumber,
) -> Result<TableOutcome, ParseError> {
    let (Some(ns), Some(ew)) = (ns, ew) else {
        return Err(ParseError::Missing {
            at: pos(Kind::Score.tag(), line, 1),
            what: format!(
                "both sides' figures of board {board}'s artificial score (the row has no score)"
            ),
        });
    };
    let percent = |f: &Figure| -> Option<Score> {
        if imps {
            Some(
                Score::integer(50)
                    + (&f.figure.value * Score::integer(10))
                        .checked_div(&Score::integer(3))
                        .ok()?,
            )
        } else {
            (&f.figure.value * Score::integer(100))
                .checked_div(top)
                .ok()
        }
    };
    percent(ns)
        .zip(percent(ew))
        .and_then(|(n, e)| ArtificialScore::new(n, e).ok())
        .map(TableOutcome::Artificial)
        .ok_or_else(|| ParseError::BadValue {
            at: pos(Kind::Score.tag(), line, ns.column),
            text: format!("^{} / ^{}", ns.figure.text, ew.figure.text),
            expected: "an artificial score within the top (0 to 100 % each way)",
        })
}

/// The contestants, from the `TotalScoreTable` rows.
fn participants(
    table: &Table,
    rows: &[(Vec<Cell<'_>>, usize)],
    individual: bool,
    total_col: Option<&'static str>,
) -> Result<(Vec<Participant>, Vec<String>), ParseError> {
    let id_name = if individual { "PlayerId" } else { "PairId" };
    let other = if individual { "PairId" } else { "PlayerId" };
    if let Some(c) = table.column(other) {
        return Err(ParseError::BadValue {
            at: pos(Kind::Total.tag(), table.line, c.column),
            text: c.name.clone(),
            expected: if individual {
                "PlayerId: the ScoreTables name players"
            } else {
                "PairId: the ScoreTables name pairs"
            },
        });
    }
    if individual {
        if let Some(c) = table.column("Direction") {
            return Err(ParseError::BadValue {
                at: pos(Kind::Total.tag(), table.line, c.column),
                text: c.name.clone(),
                expected: "no Direction in an individual event (one field)",
            });
        }
    }
    if table.index(id_name).is_none() {
        return Err(ParseError::Missing {
            at: pos(Kind::Total.tag(), table.line, 1),
            what: format!("column {id_name}"),
        });
    }
    let mut out: Vec<Participant> = Vec::with_capacity(rows.len());
    let mut numbers: Vec<String> = Vec::with_capacity(rows.len());
    let mut seen: HashSet<String> = HashSet::new();
    for (row, line) in rows {
        let line = *line;
        let cell = |c: &str| table.index(c).and_then(|i| row.get(i));
        let (number, id_column) = id_cell(table, row, table.col(id_name), line)?;
        let direction = match cell("Direction") {
            None => None,
            Some(d) => Some(match d.text.trim().to_ascii_uppercase().as_str() {
                "NS" | "N-S" | "N/S" => Direction::NorthSouth,
                "EW" | "E-W" | "E/W" => Direction::EastWest,
                _ => {
                    return Err(ParseError::BadValue {
                        at: pos(&table.at("Direction"), line, d.column),
                        text: short(&d.text),
                        expected: "a direction: NS or EW",
                    })
                }
            }),
        };
        let id = match direction {
            Some(d) => format!("{number}{d}"),
            None => number.clone().into_owned(),
        };
        if !seen.insert(id.clone()) {
            return Err(ParseError::DuplicateParticipant {
                at: pos(&table.at(id_name), line, id_column),
                pair: ContestantId::new(id),
            });
        }
        let place = match cell("Rank") {
            Some(c) if !matches!(c.text.trim(), "-" | "?" | "") => {
                let t = c.text.trim();
                Some((
                    t.trim_end_matches('=')
                        .parse::<u32>()
                        .map_err(|_| ParseError::BadValue {
                            at: pos(&table.at("Rank"), line, c.column),
                            text: short(t),
                            expected: "a place (a trailing = marks a tie)",
                        })?,
                    t.to_owned(),
                ))
            }
            _ => None,
        };
        let players = match cell("Names").or_else(|| cell("Name")) {
            Some(c) if individual => vec![c.text.trim().to_owned()],
            Some(c) => c
                .text
                .split(" - ")
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect(),
            None => Vec::new(),
        };
        let total = match total_col {
            Some(name) => figure(table, row, table.col(name), line)?.map(|f| f.figure),
            None => None,
        };
        let percentage = figure(table, row, table.col("TotalPercentage"), line)?.map(|f| f.figure);
        numbers.push(number.into_owned());
        out.push(Participant {
            id: ContestantId::new(id),
            field: direction,
            section: None,
            players,
            stored: StoredStanding {
                total,
                total_out_of: None,
                percentage,
                place: place.as_ref().map(|(p, _)| *p),
                place_text: place.map(|(_, t)| t),
                handicap: None,
            },
            line: u32::try_from(line).unwrap_or(u32::MAX),
        });
    }
    if out.is_empty() {
        return Err(ParseError::NoResults {
            at: pos(Kind::Total.tag(), table.line, 1),
            what: "contestants",
        });
    }
    Ok((out, numbers))
}

/// [`parse_pbn`] for a file handed over as bytes: UTF-8 (a byte-order mark
/// is dropped) when the bytes are valid UTF-8, else ISO-8859-1, the
/// character set the PBN standard prescribes (every byte is a character).
///
/// # Errors
/// [`ParseError::TooLarge`] before decoding; otherwise as [`parse_pbn`].
pub fn parse_pbn_bytes(bytes: &[u8]) -> Result<Session, ParseError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(ParseError::TooLarge {
            bytes: bytes.len(),
            limit: MAX_INPUT_BYTES,
        });
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(body) {
        Ok(text) => parse_pbn(text),
        Err(_) => {
            let text: String = bytes.iter().map(|b| char::from(*b)).collect();
            parse_pbn(&text)
        }
    }
}
