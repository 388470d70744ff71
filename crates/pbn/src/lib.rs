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
//!   convention (`countback_results::Convention::from_writer`).
//! - Pairs (`PairId_NS`, `PairId_EW`; a `Direction` column in the totals
//!   ranks NS and EW apart, or is the pairs' starting direction in a
//!   Howell, as the file's figures show) and individuals (`PlayerId_North`
//!   … `PlayerId_West`; each player a contestant, partners credited alike).
//! - Other programs' files are read faithfully: columns read are
//!   [`SCORE_COLUMNS`] and [`TOTAL_COLUMNS`]; [`INFORMATIONAL_COLUMNS`] and
//!   any other column that carries no figure (member numbers, sex,
//!   countries, tie marks …) are kept and listed in
//!   `Session::not_used`; a column named like a figure that is not read is
//!   refused, naming it and listing the known ones. A figure column of the
//!   other scoring (`IMP_NS` in a matchpointed event) is refused too, and a
//!   teams file is refused as one by [`parse_pbn`]: [`parse_pbn_teams`]
//!   reads it ([`TEAM_SCORE_COLUMNS`], [`TEAM_TOTAL_COLUMNS`]; Ruter's
//!   `MatchDetails` segments, segment `200` the match total) into a
//!   `countback_results::TeamsSession`, and [`parse_pbn_results_bytes`]
//!   reads a file as what it is ([`is_teams`]).
//! - The rule the file states (`MatchPoints;MP1`, `IMP;Butler-2;Mean`,
//!   `IMP;Cross`, `IMP;Cross2`) is kept as `Session::rule`.
//! - A cell `-` (irrelevant) or `?` (unknown) is no figure; `^` before a
//!   figure marks an artificial score (PBN 5.2): a row with no score and
//!   figures marked `^` is an adjusted score, read as the percentages of the
//!   top those figures are (match points) or 50 % plus ten points for every
//!   three IMPs (IMPs). `Contract` `NP` is not played, `Pass` with no score
//!   a pass-out.
//! - Several sections (a `Section` column) are scored per section or
//!   across the field as the file's places show. Rows are one per line
//!   (the PBN export format).
//!
//! ## Limits
//!
//! Checked before any line is read, each a typed [`ParseError`]: at most
//! [`MAX_INPUT_BYTES`] bytes, [`MAX_LINES`] lines, [`MAX_LINE_BYTES`] bytes
//! on a line, and [`MAX_COLUMNS`] columns in a table (so tokens in a row).
//!
//! ## Errors
//!
//! Every error is a [`countback_results::ParseError`] whose position names
//! the line, the column (1-based, in characters) and the tag or table
//! column, and which shows the culprit: `[ScoreTable] column MP_NS at line
//! 9, column 14: "4x" is not a decimal number`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod columns;
mod lex;
mod limits;
mod play;
mod reader;
mod teams;

pub use reader::{parse_pbn, parse_pbn_played, PbnSession};
pub use teams::{is_teams, parse_pbn_teams, TEAM_SCORE_COLUMNS, TEAM_TOTAL_COLUMNS};

use std::borrow::Cow;
use std::collections::HashSet;

use countback_model::{ArtificialScore, BoardNumber, Score, TableOutcome};
use countback_results::{
    EventKind, HandRecords, ParseError, Session, SourcePosition, StoredFigure,
};

pub use columns::{INFORMATIONAL_COLUMNS, SCORE_COLUMNS, TOTAL_COLUMNS};

/// What a PBN file is called, with the version its `% PBN x.y` line
/// gives: `PBN 2.1`, or `PBN` when it gives none.
pub(crate) fn format_label(version: Option<&str>) -> String {
    match version {
        Some(v) => format!("PBN {v}"),
        None => "PBN".to_owned(),
    }
}
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

/// A tag's value as PBN 2.1 §4.8 ("Tag value inheritance") means it: a
/// value beginning `##` is the text after it, "use this text in all
/// subsequent games" (`[Scoring "##IMP"]` is `IMP`, on this board and every
/// later one); a plain `#` (inherit the previous game's value) is left for
/// the caller, which keeps the value it already has.
fn tag_value(raw: &str) -> &str {
    let value = raw.trim();
    value.strip_prefix("##").map_or(value, str::trim)
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

/// What one line of a PBN file is, told apart once for both readers (pairs
/// and teams): commentary, escapes, comments, blank lines and tags are the
/// same whatever the file holds.
enum LineKind {
    /// `{…}` commentary, or a line inside it: no figure.
    Commentary,
    /// A `%` escape line: its text after the `%`, trimmed (the readers look
    /// for the version and Ruter's `META` lines here).
    Escape(String),
    /// A `;` comment line.
    Comment,
    /// An empty line: the end of a game's section, and of any table.
    Blank,
    /// A line of one or more tags.
    Tags(Vec<lex::Tag>),
    /// Anything else: a table row, or a section's text (an auction, a play).
    Text,
}

/// The state of a PBN file between lines: whether `{…}` commentary opened
/// on an earlier line is still open, which table is open, and which one a
/// blank line has just ended (until the next tag), so a row after that
/// blank line is refused rather than dropped ([`Table::row_after_its_end`]).
#[derive(Default)]
struct Lines {
    in_braces: bool,
    /// The table whose rows come next.
    open: Option<Kind>,
    /// The table a blank line ended, and that line.
    ended: Option<(Kind, usize)>,
    /// A `;` comment line ends a table too (the teams reader's rule).
    comment_ends_table: bool,
}

impl Lines {
    /// The kind of `line`, with the tables' state moved on: a blank line
    /// ends the open table, a tag line clears both.
    fn classify(&mut self, line_no: usize, line: &str) -> Result<LineKind, ParseError> {
        let kind = self.kind(line_no, line)?;
        match kind {
            LineKind::Blank => self.end_table(line_no),
            LineKind::Comment if self.comment_ends_table => self.end_table(line_no),
            LineKind::Tags(_) => {
                self.open = None;
                self.ended = None;
            }
            _ => {}
        }
        Ok(kind)
    }

    fn end_table(&mut self, line_no: usize) {
        if let Some(kind) = self.open.take() {
            self.ended = Some((kind, line_no));
        }
    }

    fn kind(&mut self, line_no: usize, line: &str) -> Result<LineKind, ParseError> {
        if self.in_braces {
            self.in_braces = !line.contains('}');
            return Ok(LineKind::Commentary);
        }
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix('%') {
            return Ok(LineKind::Escape(rest.trim().to_owned()));
        }
        if trimmed.starts_with('{') {
            self.in_braces = !trimmed.contains('}');
            return Ok(LineKind::Commentary);
        }
        if trimmed.starts_with(';') {
            return Ok(LineKind::Comment);
        }
        if trimmed.is_empty() {
            return Ok(LineKind::Blank);
        }
        if !trimmed.starts_with('[') {
            return Ok(LineKind::Text);
        }
        let tags = lex::tags(line).map_err(|bad| ParseError::BadValue {
            at: pos("[tag]", line_no, bad.column),
            text: bad.text,
            expected: "a tag pair: [Name \"value\"]",
        })?;
        // Commentary opened after the tags and closed on a later line.
        if let Some(brace) = line.rfind('{') {
            self.in_braces = !line.get(brace..).is_some_and(|r| r.contains('}'))
                && tags.last().is_some_and(|t| t.column <= brace);
        }
        Ok(LineKind::Tags(tags))
    }
}

/// A table header: its columns and where it is.
struct Table {
    kind: Kind,
    columns: Vec<lex::Column>,
    line: usize,
}

impl Table {
    /// The table a `[ScoreTable "…"]` or `[TotalScoreTable "…"]` tag
    /// declares, at most [`MAX_COLUMNS`] columns.
    fn from_tag(kind: Kind, line_no: usize, tag: &lex::Tag) -> Result<Table, ParseError> {
        let columns = lex::header(&tag.value, tag.value_column).map_err(|(column, text)| {
            ParseError::BadValue {
                at: pos(kind.tag(), line_no, column),
                text,
                expected: "a column name (columns are separated by `;`)",
            }
        })?;
        let table = Table {
            kind,
            columns,
            line: line_no,
        };
        if table.columns.len() > MAX_COLUMNS {
            return Err(too_many_columns(&table));
        }
        Ok(table)
    }

    /// A row's cells, exactly one per column of the table.
    fn row<'t>(&self, line_no: usize, line: &'t str) -> Result<Vec<Cell<'t>>, ParseError> {
        let row = lex::cells(line);
        if let Some(extra) = row.get(self.columns.len()) {
            return Err(ParseError::BadValue {
                at: pos(self.kind.tag(), line_no, extra.column),
                text: short(&extra.text),
                expected: "the end of the row: it has more values than its table has columns",
            });
        }
        if let Some(c) = self.columns.get(row.len()) {
            return Err(ParseError::Missing {
                at: pos(self.kind.tag(), line_no, line.chars().count() + 1),
                what: format!(
                    "a value for column {} (the row has {} of the table's {} values)",
                    c.name,
                    row.len(),
                    self.columns.len()
                ),
            });
        }
        Ok(row)
    }

    /// A `ScorePenalty` cell of a row, if it holds a penalty: refused,
    /// naming it. No writer's documentation nor the PBN standard says what
    /// the column deducts from (match points, percentage, the board or the
    /// session) nor from which side, so a penalty is never applied or
    /// passed over silently; 0, `-` or empty is no penalty.
    fn penalty(&self, line_no: usize, row: &[Cell<'_>]) -> Result<(), ParseError> {
        let Some(cell) = self.index(columns::PENALTY).and_then(|i| row.get(i)) else {
            return Ok(());
        };
        let text = cell.text.trim();
        let none = matches!(text, "" | "-")
            || Score::parse(&text.replace(',', ".")).is_ok_and(|p| p == Score::ZERO);
        if none {
            return Ok(());
        }
        Err(ParseError::BadValue {
            at: pos(
                &format!("{} column {}", self.kind.tag(), columns::PENALTY),
                line_no,
                cell.column,
            ),
            text: short(text),
            expected: "a ScorePenalty of 0, - or empty (no penalty): what a penalty deducts, and \
                       from whom, is documented by no writer countback knows, so it is not applied",
        })
    }

    /// A line after the blank line that ended this table (`blank`): a
    /// PBN table ends at a blank line or a tag, so a row that follows the
    /// blank line would be dropped unread, changing the figures without a
    /// word. A line of as many values as the table has columns is taken for
    /// such a row and refused; any other line (free text) carries no figure.
    fn row_after_its_end(
        &self,
        blank: usize,
        line_no: usize,
        line: &str,
    ) -> Result<(), ParseError> {
        if self.row(line_no, line).is_err() {
            return Ok(());
        }
        Err(ParseError::BadValue {
            at: pos(self.kind.tag(), line_no, 1),
            text: format!(
                "{} (the blank line {blank} ended the table of line {})",
                short(line.trim()),
                self.line
            ),
            expected: "a tag or a comment: a table row after the blank line that ends its table would be dropped unread",
        })
    }

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
    /// NS and EW percentages (read only when marked artificial).
    pct: [SideCols; 2],
    section: Col,
    datum: Col,
    /// `Declarer` and `Result` (tricks taken), read for a row with a
    /// contract and no score.
    declarer: Col,
    result: Col,
    /// `Lead` and `Round`: the opening lead and the round, shown on the
    /// traveller and a pair's scorecard (issue 40).
    lead: Col,
    round: Col,
    /// `Multiplicity`: how many tables had the row's score, read in a
    /// frequency traveller.
    multiplicity: Col,
}

impl ScoreCols {
    fn of(table: &Table) -> ScoreCols {
        let side = |d: &'static str, a: &'static str, b: &'static str| SideCols {
            direction: table.col(d),
            seats: [table.col(a), table.col(b)],
        };
        let ids = if table.index("PairId_NS").is_some() {
            vec![table.col("PairId_NS"), table.col("PairId_EW")]
        } else if table.index("PlayerId_North").is_none() {
            // A frequency traveller names nobody.
            Vec::new()
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
            pct: [
                side("Percentage_NS", "Percentage_North", "Percentage_South"),
                side("Percentage_EW", "Percentage_East", "Percentage_West"),
            ],
            section: table.col("Section"),
            datum: table.col("ButlerDatum"),
            declarer: table.col("Declarer"),
            result: table.col("Result"),
            lead: table.col("Lead"),
            round: table.col("Round"),
            multiplicity: table.col("Multiplicity"),
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

/// One row of a table, with what an error in it points at: the table (its
/// tag and columns) and the row's line in the file.
#[derive(Clone, Copy)]
struct Row<'r, 't> {
    table: &'r Table,
    cells: &'r [Cell<'t>],
    line: usize,
}

impl<'r, 't> Row<'r, 't> {
    /// The stored figure in `col`'s cell of the row: `-` (irrelevant), `?`
    /// (unknown) and an empty cell are none.
    fn figure(self, col: Col) -> Result<Option<Figure>, ParseError> {
        let (table, row, line) = (self.table, self.cells, self.line);
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
    fn side_figure(self, side: SideCols) -> Result<Option<Figure>, ParseError> {
        if let Some(f) = self.figure(side.direction)? {
            return Ok(Some(f));
        }
        let [a_col, b_col] = side.seats;
        let a = self.figure(a_col)?;
        let b = self.figure(b_col)?;
        let (table, line) = (self.table, self.line);
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

    /// One `ScoreTable` row, or `None` for a bye row (a pair with no
    /// opponents: the other side `-`), which is no result.
    fn score_row(
        self,
        cols: &ScoreCols,
        board: BoardNumber,
        vulnerable: Option<(&str, usize, usize)>,
    ) -> Result<Option<RawLine<'t>>, ParseError> {
        let (table, row, line) = (self.table, self.cells, self.line);
        if cols.ids.len() == 2 && cols.ids.iter().any(|c| nobody(c.cell(row))) {
            return Ok(None);
        }
        let who = cols
            .ids
            .iter()
            .map(|&col| self.id_cell(col))
            .collect::<Result<Who<'t>, ParseError>>()?;
        let figures =
            |[ns, ew]: [SideCols; 2]| -> Result<(Option<Figure>, Option<Figure>), ParseError> {
                Ok((self.side_figure(ns)?, self.side_figure(ew)?))
            };
        let mp = figures(cols.mp)?;
        let imp = figures(cols.imp)?;
        let pct = figures(cols.pct)?;
        let section = cols.section.cell(row).map(trimmed);
        let datum = self.figure(cols.datum)?.map(|f| Box::new(f.figure));
        let contract = cols.contract.cell(row).map_or("", |c| c.text.trim());
        let not_played = ["NP", "N P", "N/P", "NOT PLAYED"]
            .iter()
            .any(|np| contract.eq_ignore_ascii_case(np));
        let marked = |f: &Option<Figure>| f.as_ref().is_some_and(|f| f.caret);
        let carets = [&mp.0, &mp.1, &imp.0, &imp.1, &pct.0, &pct.1]
            .into_iter()
            .any(marked);
        let mut from_contract = false;
        let (outcome, text) = if not_played {
            (Outcome::Known(TableOutcome::NotPlayed), Cow::Borrowed("NP"))
        } else if let Some((outcome, text)) = self.adjusted_in_words(cols)? {
            (Outcome::Known(outcome), Cow::Owned(text))
        } else {
            match self.score_text(cols)? {
            Some(t) => {
                let column = [cols.score_ns, cols.score_ew]
                    .iter()
                    .find_map(|c| c.cell(row))
                    .map_or(1, |c| c.column);
                let o =
                    countback_results::table_outcome(&t).ok_or_else(|| ParseError::BadValue {
                        at: pos(&table.at("Score_NS"), line, column),
                        text: short(&t),
                        expected:
                            "a score in points, an adjusted score (A6040, A+, A=, A-), or NP",
                    })?;
                (Outcome::Known(o), t)
            }
            None if contract.eq_ignore_ascii_case("PASS") => (
                Outcome::Known(TableOutcome::Played { ns_points: 0 }),
                Cow::Borrowed("0"),
            ),
            None if !matches!(contract, "" | "-" | "?") && !carets => {
                from_contract = true;
                let points = self.law77(cols, board, contract, vulnerable)?;
                (
                    Outcome::Known(TableOutcome::Played { ns_points: points }),
                    Cow::Owned(points.to_string()),
                )
            }
            None if carets => {
                let texts: Vec<&str> = [&pct.0, &pct.1, &mp.0, &mp.1, &imp.0, &imp.1]
                    .iter()
                    .filter_map(|f| {
                        f.as_ref()
                            .filter(|f| f.caret)
                            .map(|f| f.figure.text.as_str())
                    })
                    .collect();
                (
                    Outcome::FromFigures,
                    Cow::Owned(format!("^{}", texts.join("/^"))),
                )
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
        // Percentages are read only as an artificial score's.
        let pct = (marked(&pct.0) || marked(&pct.1)).then(|| Box::new(pct));
        // A frequency traveller's row stands for as many tables as its
        // `Multiplicity` says (1 without the column).
        let multiplicity = if cols.ids.is_empty() {
            match cols.multiplicity.cell(row) {
                Some(c) => c
                    .text
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|m| (1..=10_000).contains(m))
                    .ok_or_else(|| ParseError::BadValue {
                        at: pos(&table.at("Multiplicity"), line, c.column),
                        text: short(&c.text),
                        expected: "how many tables had the row's score: a whole number from 1",
                    })?,
                None => 1,
            }
        } else {
            1
        };
        Ok(Some(RawLine {
            board,
            who,
            multiplicity,
            from_contract,
            outcome,
            score_text: text,
            mp,
            imp,
            pct,
            section,
            datum,
            line,
        }))
    }

    /// The North-South score of a row that gives a contract and no score
    /// (Bridgewebs' score tables): Law 77 on `Contract`, `Declarer` and
    /// `Result` (PBN's tricks taken by declarer), vulnerable as the board's
    /// `[Vulnerable]` tag says, else by the board number (Law 2). Each
    /// cell that cannot be read is refused, naming it.
    fn law77(
        self,
        cols: &ScoreCols,
        board: BoardNumber,
        contract: &str,
        vulnerable: Option<(&str, usize, usize)>,
    ) -> Result<i32, ParseError> {
        use countback_contract::{Contract, Played, Seat, Vulnerability};
        let (table, row, line) = (self.table, self.cells, self.line);
        let cell_of = |col: Col| -> Result<(&str, usize), ParseError> {
            match col.cell(row) {
                Some(c) if !matches!(c.text.trim(), "" | "-" | "?") => Ok((c.text.trim(), c.column)),
                _ => Err(ParseError::Missing {
                    at: pos(Kind::Score.tag(), line, 1),
                    what: format!(
                        "column {} for board {board}: the row has a contract and no score, so the score is worked out from Contract, Declarer and Result",
                        col.name
                    ),
                }),
            }
        };
        let contract_column = cols.contract.cell(row).map_or(1, |c| c.column);
        let parsed = Contract::parse(contract).map_err(|_| ParseError::BadValue {
            at: pos(&table.at("Contract"), line, contract_column),
            text: short(contract),
            expected: "a contract such as 4S, 3NTX, 2HXX, Pass or NP",
        })?;
        let (declarer, declarer_column) = cell_of(cols.declarer)?;
        let seat = Seat::parse(declarer).map_err(|_| ParseError::BadValue {
            at: pos(&table.at("Declarer"), line, declarer_column),
            text: short(declarer),
            expected: "the declarer's seat: N, E, S or W",
        })?;
        let (result, result_column) = cell_of(cols.result)?;
        let bad_result = || ParseError::BadValue {
            at: pos(&table.at("Result"), line, result_column),
            text: short(result),
            expected: "the tricks declarer took, 0 to 13",
        };
        let tricks = result.parse::<u8>().map_err(|_| bad_result())?;
        let played = Played::new(parsed, seat, tricks).map_err(|_| bad_result())?;
        let vulnerability = match vulnerable {
            Some((text, tag_line, column)) => {
                Vulnerability::parse(text).map_err(|_| ParseError::BadValue {
                    at: pos("[Vulnerable]", tag_line, column),
                    text: short(text),
                    expected: "None, NS, EW or All",
                })?
            }
            None => Vulnerability::of_board(board).map_err(|_| ParseError::BadValue {
                at: pos("[Board]", line, 1),
                text: board.to_string(),
                expected: "a board number from 1",
            })?,
        };
        Ok(played.ns_points(vulnerability))
    }

    /// A row's adjusted score in words: each side's word, or the complement of
    /// the other side's.
    fn adjusted_in_words(
        self,
        cols: &ScoreCols,
    ) -> Result<Option<(TableOutcome, String)>, ParseError> {
        let (row, line) = (self.cells, self.line);
        let word = |col: Col| col.cell(row).and_then(|c| average_word(&c.text));
        let (ns, ew) = (word(cols.score_ns), word(cols.score_ew));
        let hundred = Score::integer(100);
        let (ns, ew) = match (ns, ew) {
            (None, None) => return Ok(None),
            (Some(n), Some(e)) => (n, e),
            (Some(n), None) => {
                let e = &hundred - &n;
                (n, e)
            }
            (None, Some(e)) => (&hundred - &e, e),
        };
        let text: Vec<String> = [cols.score_ns, cols.score_ew]
            .iter()
            .filter_map(|c| c.cell(row).map(|c| c.text.trim().to_owned()))
            .filter(|t| average_word(t).is_some())
            .collect();
        let outcome = ArtificialScore::new(ns, ew)
            .map(TableOutcome::Artificial)
            .map_err(|_| ParseError::BadValue {
                at: pos(Kind::Score.tag(), line, 1),
                text: text.join("/"),
                expected: "an adjusted score within 0 to 100 % each way",
            })?;
        Ok(Some((outcome, text.join("/"))))
    }

    /// The score of a row: `Score_NS`, else minus `Score_EW`; both given must
    /// agree.
    fn score_text(self, cols: &ScoreCols) -> Result<Option<Cow<'t, str>>, ParseError> {
        let (table, row, line) = (self.table, self.cells, self.line);
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

    /// The identifier in `col`'s cell: present and short.
    fn id_cell(self, col: Col) -> Result<(Cow<'t, str>, usize), ParseError> {
        let (table, row, line) = (self.table, self.cells, self.line);
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
    /// Scored here by Law 77: the row gave a contract and no score.
    from_contract: bool,
    /// How many tables the row stands for (a frequency traveller's
    /// `Multiplicity`; 1 for a row naming its pairs).
    multiplicity: u32,
    outcome: Outcome,
    score_text: Cow<'t, str>,
    mp: (Option<Figure>, Option<Figure>),
    imp: (Option<Figure>, Option<Figure>),
    /// An artificial score's percentages, where the file gives them
    /// (`Percentage_NS` `^58.5`); boxed, as rare, to keep every row small.
    pct: Option<Box<(Option<Figure>, Option<Figure>)>>,
    /// The section, where the table has the column.
    section: Option<Cow<'t, str>>,
    /// The Butler datum the program stored on the row (boxed, as `pct`).
    datum: Option<Box<StoredFigure>>,
    line: usize,
}

/// The `ScoreTable` columns that give figures, with where each was first
/// declared: checked against the event's scoring at the end.
type Declared = Vec<(String, usize, usize)>;

/// Whom a `ScoreTable`'s rows name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Named {
    /// Pairs (`PairId_NS`, `PairId_EW`).
    Pairs,
    /// Players (the four `PlayerId_` columns).
    Players,
    /// Nobody: a frequency traveller (issue 41), each row a score, how
    /// many tables had it (`Multiplicity`) and the match points for it,
    /// as online tournaments, simultaneous pairs and national finals
    /// publish them.
    Nobody,
}

/// A `ScoreTable` header: every column known, no column twice, and the
/// contestants named one way (pairs or players), or none at all with a
/// score column (a frequency traveller).
fn score_header(table: &Table, not_used: &mut Vec<String>) -> Result<Named, ParseError> {
    check_names(table, &SCORE_COLUMNS, not_used)?;
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
    let scored = ["Score_NS", "Score_EW"]
        .iter()
        .any(|n| table.index(n).is_some());
    if !individual && has(&pairs) == 0 && scored {
        return Ok(Named::Nobody);
    }
    if let Some(missing) = need.iter().find(|n| table.index(n).is_none()) {
        return Err(ParseError::Missing {
            at: pos(Kind::Score.tag(), table.line, 1),
            what: format!("column {missing}"),
        });
    }
    Ok(if individual {
        Named::Players
    } else {
        Named::Pairs
    })
}

/// A table's columns: none declared twice, none named like a figure that
/// is not read; those that are not read are added to `not_used`.
fn check_names(
    table: &Table,
    known: &[&str],
    not_used: &mut Vec<String>,
) -> Result<(), ParseError> {
    let mut seen: HashSet<&str> = HashSet::new();
    // A totals table whose total is a column read here (`TotalScoreVP`,
    // `TotalScoreMP` …): an `MP` column beside it is the master points
    // awarded (Ruter's exports), no figure of the event.
    let total = (table.kind == Kind::Total)
        .then(|| {
            table
                .columns
                .iter()
                .find(|c| c.name.starts_with("Total") && known.contains(&c.name.as_str()))
        })
        .flatten();
    for c in &table.columns {
        if let (Some(total), true) = (total, columns::is_master_points(&c.name)) {
            let entry = format!(
                "{} column {}: master points awarded (the table's total is {}): no figure of the event",
                table.kind.tag(),
                c.name,
                total.name
            );
            if !not_used.contains(&entry) {
                not_used.push(entry);
            }
            if !seen.insert(&c.name) {
                return Err(ParseError::BadValue {
                    at: pos(table.kind.tag(), table.line, c.column),
                    text: c.name.clone(),
                    expected: "a column the table has not declared already",
                });
            }
            continue;
        }
        let penalty = table.kind == Kind::Score && c.name == columns::PENALTY;
        if penalty {
            // Each row's value is checked as it is read (`Table::penalty`).
            let entry = format!(
                "{} column {}: every value 0 or empty (no penalty), so no figure changes",
                table.kind.tag(),
                c.name
            );
            if !not_used.contains(&entry) {
                not_used.push(entry);
            }
        }
        match columns::use_of(&c.name, known) {
            _ if penalty => {}
            columns::Use::Read => {}
            columns::Use::Refused => {
                return Err(ParseError::UnknownName {
                    at: pos(table.kind.tag(), table.line, c.column),
                    what: "table column (its name says it carries a figure, which countback would have to read)",
                    found: short(&c.name),
                    known: columns::listing(known),
                })
            }
            columns::Use::Informational | columns::Use::NotUsed => {
                let entry = format!("{} column {}", table.kind.tag(), c.name);
                if !not_used.contains(&entry) {
                    not_used.push(entry);
                }
            }
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

fn too_many_columns(table: &Table) -> ParseError {
    let c = table.columns.get(MAX_COLUMNS);
    ParseError::BadValue {
        at: pos(table.kind.tag(), table.line, c.map_or(1, |c| c.column)),
        text: c.map_or_else(String::new, |c| c.name.clone()),
        expected: "at most 64 columns (countback_pbn::MAX_COLUMNS)",
    }
}

/// Whether a pair or player cell names nobody: a bye row's empty side.
fn nobody(cell: Option<&Cell<'_>>) -> bool {
    cell.is_some_and(|c| matches!(c.text.trim(), "" | "-"))
}

/// An adjusted score in words, as Ruter writes it in `Score_NS` and
/// `Score_EW`: `A+` (average plus, 60 %), `A=` (average, 50 %), `A-`
/// (average minus, 40 %).
fn average_word(text: &str) -> Option<Score> {
    match text.trim() {
        "A+" => Some(Score::integer(60)),
        "A=" | "A" => Some(Score::integer(50)),
        "A-" => Some(Score::integer(40)),
        _ => None,
    }
}

/// How a row's artificial figures (`^`) are read: percentages as they are,
/// match points as a share of the top (relative to its half when the file
/// centres them), IMPs as 50 % plus ten points for every three.
#[derive(Clone, Copy)]
pub(crate) enum ArtificialScale<'a> {
    Percent,
    MatchPoints { top: &'a Score, centred: bool },
    Imps,
}

/// An artificial score given as figures marked `^`.
fn artificial(
    ns: Option<&Figure>,
    ew: Option<&Figure>,
    scale: ArtificialScale<'_>,
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
        let v = &f.figure.value;
        match scale {
            ArtificialScale::Percent => Some(v.clone()),
            ArtificialScale::Imps => Some(
                Score::integer(50)
                    + (v * Score::integer(10))
                        .checked_div(&Score::integer(3))
                        .ok()?,
            ),
            ArtificialScale::MatchPoints { top, centred } => {
                let m = if centred {
                    v + top.checked_div(&Score::integer(2)).ok()?
                } else {
                    v.clone()
                };
                (m * Score::integer(100)).checked_div(top).ok()
            }
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

/// [`parse_pbn`] for a file handed over as bytes: UTF-8 (a byte-order mark
/// is dropped) when the bytes are valid UTF-8, else ISO-8859-1, the
/// character set the PBN standard prescribes (every byte is a character).
///
/// # Errors
/// [`ParseError::TooLarge`] before decoding; otherwise as [`parse_pbn`].
pub fn parse_pbn_bytes(bytes: &[u8]) -> Result<Session, ParseError> {
    parse_pbn(&decode(bytes)?)
}

/// A PBN file's bytes as text: UTF-8 (a byte-order mark dropped) when they
/// are valid UTF-8, else ISO-8859-1; [`ParseError::TooLarge`] first.
fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, ParseError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(ParseError::TooLarge {
            bytes: bytes.len(),
            limit: MAX_INPUT_BYTES,
        });
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    Ok(match std::str::from_utf8(body) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|b| char::from(*b)).collect()),
    })
}

/// What a PBN results file holds: a pairs or individual session, or a
/// teams event.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
#[allow(clippy::exhaustive_enums)] // Closed: a PBN results file holds a session or a teams event; readers match it whole.
pub enum PbnResults {
    /// A pairs or individual session ([`parse_pbn`]).
    Session(Session),
    /// A teams event ([`parse_pbn_teams`]).
    Teams(countback_results::TeamsSession),
}

/// A PBN results file given as bytes (decoded as [`parse_pbn_bytes`]),
/// read as what it is: a teams event ([`is_teams`]) or a session.
///
/// # Errors
/// As [`parse_pbn`] or [`parse_pbn_teams`].
pub fn parse_pbn_results_bytes(bytes: &[u8]) -> Result<PbnResults, ParseError> {
    let text = decode(bytes)?;
    if is_teams(&text) {
        parse_pbn_teams(&text).map(PbnResults::Teams)
    } else {
        parse_pbn(&text).map(PbnResults::Session)
    }
}

/// [`parse_pbn_results_bytes`], keeping for a session the hand records
/// ([`parse_pbn_played`]; the play of each row is in its line); a teams
/// event is returned as it is, with none.
///
/// # Errors
/// As [`parse_pbn_results_bytes`].
pub fn parse_pbn_results_played_bytes(
    bytes: &[u8],
) -> Result<(PbnResults, HandRecords), ParseError> {
    let text = decode(bytes)?;
    if is_teams(&text) {
        parse_pbn_teams(&text).map(|t| (PbnResults::Teams(t), HandRecords::new()))
    } else {
        parse_pbn_played(&text).map(|p| (PbnResults::Session(p.session), p.hands))
    }
}
