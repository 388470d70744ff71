#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! PBN (Portable Bridge Notation, version 2.1) carries a session's results
//! in two tables: a `[ScoreTable "…"]` after each board (one row per table
//! played: the pairs, the score, and the match points or IMPs the program
//! gave) and one `[TotalScoreTable "…"]` (one row per pair: total,
//! percentage, rank). Magic Contest, Ruter and JFR write them.
//!
//! - [`parse_pbn`] reads the text; [`parse_pbn_bytes`] the file's bytes
//!   (UTF-8 when they are valid UTF-8, else ISO-8859-1, the character set
//!   the PBN standard prescribes).
//! - The scoring method comes from `[Scoring "…"]`: `MP`/`MatchPoints`,
//!   `Butler`, `Cross-IMPs` (`IMP` alone is refused: say which); the
//!   writer from `[Generator "…"]` (or `[Application "…"]`), which picks the
//!   scoring convention.
//! - Columns read: `PairId_NS`, `PairId_EW`, `Score_NS`, `Score_EW`,
//!   `Contract` (`Pass`; `NP` = not played), `MP_NS`, `MP_EW`, `IMP_NS`,
//!   `IMP_EW`; and in the totals `PairId`, `Direction`, `Rank`,
//!   `TotalScoreMP`, `TotalScoreIMP`, `TotalPercentage`, `Names`. Columns
//!   that carry nothing a rescore uses (`Table`, `Round`, `Declarer`,
//!   `Result`, `Lead`, `Names_NS`, `Percentage_NS` …) are listed in
//!   [`INFORMATIONAL_COLUMNS`]; any other column is refused, naming it.
//!   Individual tables (`PlayerId_…`) are refused for now.
//!
//! Every error is a [`countback_usebio::ParseError`] whose position names the line,
//! the column (1-based, in characters) and the tag or table column.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::borrow::Cow;
use std::collections::HashMap;

use countback_model::{BoardNumber, ContestantId, Direction, TableOutcome, TravellerLine};
use countback_usebio::{
    Board, EventKind, Line, ParseError, Participant, Ranking, Session, SourceFormat,
    SourcePosition, StoredFigure, StoredStanding,
};

/// The largest PBN file read, in bytes: the same bound as a USEBIO file's.
pub const MAX_INPUT_BYTES: usize = countback_usebio::MAX_INPUT_BYTES;

/// The most columns a table may declare.
pub const MAX_COLUMNS: usize = 64;

/// Table columns read and deliberately not used: what a rescore needs is in
/// the other columns.
pub const INFORMATIONAL_COLUMNS: [&str; 18] = [
    "Table",
    "Round",
    "Section",
    "Contract",
    "Declarer",
    "Result",
    "Lead",
    "Names_NS",
    "Names_EW",
    "Percentage_NS",
    "Percentage_EW",
    "Multiplicity",
    "Club",
    "NrBoards",
    "Names",
    "Table_NS",
    "Table_EW",
    "Country",
];

fn at(element: &str, line: usize, column: usize) -> SourcePosition {
    SourcePosition {
        element: element.to_owned(),
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(column).unwrap_or(u32::MAX),
    }
}

/// One token of a table row, with its 1-based column.
struct Cell<'t> {
    text: Cow<'t, str>,
    column: usize,
}

/// Split a row into whitespace-separated tokens, a quoted string being one.
fn cells(row: &str) -> Vec<Cell<'_>> {
    let mut out = Vec::new();
    let mut chars = row.char_indices().peekable();
    let column_of = |i: usize| row.get(..i).map_or(0, |p| p.chars().count()) + 1;
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == '"' {
            chars.next();
            let mut text = String::new();
            while let Some((_, c)) = chars.next() {
                match c {
                    '\\' => {
                        if let Some((_, n)) = chars.next() {
                            text.push(n);
                        }
                    }
                    '"' => break,
                    _ => text.push(c),
                }
            }
            out.push(Cell {
                text: Cow::Owned(text),
                column: column_of(i),
            });
        } else {
            let start = i;
            let mut end = row.len();
            while let Some(&(j, c)) = chars.peek() {
                if c.is_whitespace() {
                    end = j;
                    break;
                }
                chars.next();
            }
            out.push(Cell {
                text: Cow::Borrowed(row.get(start..end).unwrap_or("")),
                column: column_of(start),
            });
        }
    }
    out
}

/// A tag line `[Name "value"]`: the name and value.
fn tag(line: &str) -> Option<(&str, &str)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

/// A table header's column names (`"PairId_NS\2R;…"` → `PairId_NS`, …).
fn columns(header: &str, line: usize, name: &str) -> Result<Vec<String>, ParseError> {
    let names: Vec<String> = header
        .split(';')
        .map(|c| c.split('\\').next().unwrap_or("").trim().to_owned())
        .collect();
    if names.len() > MAX_COLUMNS || names.iter().any(String::is_empty) {
        return Err(ParseError::BadValue {
            at: at(name, line, 1),
            text: header.chars().take(64).collect(),
            expected: "a table header: column names separated by `;`",
        });
    }
    Ok(names)
}

fn event_kind(value: &str, line: usize) -> Result<EventKind, ParseError> {
    let v = value.to_ascii_uppercase();
    if v.contains("BUTLER") {
        Ok(EventKind::ButlerPairs)
    } else if v.contains("CROSS") || v.contains("XIMP") {
        Ok(EventKind::CrossImps)
    } else if v.starts_with("MP") || v.contains("MATCHPOINT") {
        Ok(EventKind::MatchPointPairs)
    } else {
        Err(ParseError::UnknownEventType {
            at: at("Scoring", line, 1),
            found: value.chars().take(64).collect(),
        })
    }
}

struct Table {
    name: String,
    columns: Vec<String>,
    line: usize,
}

impl Table {
    fn index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }
}

/// A row of the per-board `ScoreTable`, before pairs are resolved.
struct RawLine {
    board: BoardNumber,
    ns: String,
    ew: String,
    outcome: TableOutcome,
    score_text: String,
    stored_ns: Option<StoredFigure>,
    stored_ew: Option<StoredFigure>,
    line: usize,
    column: usize,
}

const SCORE_COLUMNS: [&str; 9] = [
    "PairId_NS",
    "PairId_EW",
    "Score_NS",
    "Score_EW",
    "MP_NS",
    "MP_EW",
    "IMP_NS",
    "IMP_EW",
    "Contract",
];
const TOTAL_COLUMNS: [&str; 7] = [
    "PairId",
    "Direction",
    "Rank",
    "TotalScoreMP",
    "TotalScoreIMP",
    "TotalPercentage",
    "Names",
];

fn check_columns(table: &Table, known: &[&str]) -> Result<(), ParseError> {
    for (i, c) in table.columns.iter().enumerate() {
        if c.starts_with("PlayerId") {
            return Err(ParseError::BadValue {
                at: at(&table.name, table.line, 1),
                text: c.clone(),
                expected: "a pairs table column: individual tables (PlayerId_…) are not read yet",
            });
        }
        if !known.contains(&c.as_str()) && !INFORMATIONAL_COLUMNS.contains(&c.as_str()) {
            let _ = i;
            return Err(ParseError::BadValue {
                at: at(&table.name, table.line, 1),
                text: c.chars().take(64).collect(),
                expected: "a known table column (see countback_pbn's documentation)",
            });
        }
    }
    Ok(())
}

fn figure(
    cell: Option<&Cell<'_>>,
    table: &Table,
    col: &str,
    line: usize,
) -> Result<Option<StoredFigure>, ParseError> {
    let Some(cell) = cell else { return Ok(None) };
    let t = cell.text.trim();
    if t == "-" || t.is_empty() {
        return Ok(None);
    }
    StoredFigure::parse(t)
        .map(Some)
        .ok_or_else(|| ParseError::BadValue {
            at: at(&format!("{} column {col}", table.name), line, cell.column),
            text: t.chars().take(64).collect(),
            expected: "a decimal number",
        })
}

/// Parse the results tables of a PBN file.
///
/// # Errors
/// A [`ParseError`] naming the line, column and tag or table column of the
/// first problem.
pub fn parse_pbn(text: &str) -> Result<Session, ParseError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ParseError::TooLarge {
            bytes: text.len(),
            limit: MAX_INPUT_BYTES,
        });
    }
    let mut version = None;
    let mut program: Option<String> = None;
    let mut description: Option<String> = None;
    let mut scoring: Option<(String, usize)> = None;
    let mut board: Option<(BoardNumber, usize)> = None;
    let mut table: Option<Table> = None;
    let mut raw_lines: Vec<RawLine> = Vec::new();
    let mut boards_seen: Vec<(BoardNumber, usize)> = Vec::new();
    let mut totals: Vec<(Vec<Cell<'_>>, usize)> = Vec::new();
    let mut total_table: Option<Table> = None;
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
        if trimmed.is_empty() {
            table = None;
            continue;
        }
        if trimmed.starts_with('[') {
            table = None;
            let (name, value) = tag(trimmed).ok_or_else(|| ParseError::BadValue {
                at: at("tag", line_no, 1),
                text: trimmed.chars().take(64).collect(),
                expected: "a tag: [Name \"value\"]",
            })?;
            match name {
                "Generator" | "Application" if program.is_none() => {
                    program = Some(value.to_owned());
                }
                "Event" if description.is_none() && value != "#" => {
                    description = Some(value.to_owned());
                }
                "Scoring" if value != "#" => match &scoring {
                    Some((first, _)) if first != value => {
                        return Err(ParseError::BadValue {
                            at: at("Scoring", line_no, 1),
                            text: value.chars().take(64).collect(),
                            expected: "the same scoring as the file's first [Scoring] tag",
                        })
                    }
                    Some(_) => {}
                    None => scoring = Some((value.to_owned(), line_no)),
                },
                "Board" => {
                    let number = value
                        .trim()
                        .parse::<u32>()
                        .map_err(|_| ParseError::BadValue {
                            at: at("Board", line_no, 1),
                            text: value.chars().take(64).collect(),
                            expected: "a board number",
                        })?;
                    if let Some((_, first)) =
                        boards_seen.iter().find(|(b, _)| b.0 == number).copied()
                    {
                        let _ = first;
                        return Err(ParseError::DuplicateBoard {
                            at: at("Board", line_no, 1),
                            board: BoardNumber(number),
                        });
                    }
                    boards_seen.push((BoardNumber(number), line_no));
                    board = Some((BoardNumber(number), line_no));
                }
                "ScoreTable" => {
                    let t = Table {
                        name: "ScoreTable".to_owned(),
                        columns: columns(value, line_no, "ScoreTable")?,
                        line: line_no,
                    };
                    check_columns(&t, &SCORE_COLUMNS)?;
                    if board.is_none() {
                        return Err(ParseError::Missing {
                            at: at("ScoreTable", line_no, 1),
                            what: "a [Board] tag before the ScoreTable".to_owned(),
                        });
                    }
                    for c in ["PairId_NS", "PairId_EW"] {
                        if t.index(c).is_none() {
                            return Err(ParseError::Missing {
                                at: at("ScoreTable", line_no, 1),
                                what: format!("column {c}"),
                            });
                        }
                    }
                    table = Some(t);
                }
                "TotalScoreTable" => {
                    let t = Table {
                        name: "TotalScoreTable".to_owned(),
                        columns: columns(value, line_no, "TotalScoreTable")?,
                        line: line_no,
                    };
                    check_columns(&t, &TOTAL_COLUMNS)?;
                    if t.index("PairId").is_none() {
                        return Err(ParseError::Missing {
                            at: at("TotalScoreTable", line_no, 1),
                            what: "column PairId".to_owned(),
                        });
                    }
                    if total_table.is_some() {
                        return Err(ParseError::BadValue {
                            at: at("TotalScoreTable", line_no, 1),
                            text: "TotalScoreTable".to_owned(),
                            expected: "one TotalScoreTable per file",
                        });
                    }
                    total_table = Some(t);
                    table = total_table.as_ref().map(|t| Table {
                        name: t.name.clone(),
                        columns: t.columns.clone(),
                        line: t.line,
                    });
                }
                _ => {}
            }
            continue;
        }
        // A table row.
        let Some(t) = &table else {
            // Deal diagrams, auctions and play sections: not results.
            continue;
        };
        let row = cells(line);
        if row.len() != t.columns.len() {
            return Err(ParseError::BadValue {
                at: at(&t.name, line_no, 1),
                text: line.chars().take(64).collect(),
                expected: "a row with one value per column of its table",
            });
        }
        if t.name == "TotalScoreTable" {
            totals.push((row, line_no));
            continue;
        }
        let Some((number, _)) = board else { continue };
        let get = |c: &str| t.index(c).and_then(|i| row.get(i));
        let text_of = |c: &str| get(c).map(|c| c.text.trim().to_owned());
        let ns = text_of("PairId_NS").unwrap_or_default();
        let ew = text_of("PairId_EW").unwrap_or_default();
        let contract = text_of("Contract").unwrap_or_default();
        let score_ns = text_of("Score_NS").filter(|s| s != "-");
        let score_ew = text_of("Score_EW").filter(|s| s != "-");
        let score_cell = get("Score_NS").or_else(|| get("Score_EW"));
        let column = score_cell.map_or(1, |c| c.column);
        let np = matches!(
            contract.to_ascii_uppercase().as_str(),
            "NP" | "N P" | "N/P" | "NOT PLAYED"
        );
        let (outcome, score_text) = if np {
            (TableOutcome::NotPlayed, "NP".to_owned())
        } else {
            let text = match (&score_ns, &score_ew) {
                (Some(s), _) => s.clone(),
                (None, Some(s)) => match s.strip_prefix('-') {
                    Some(pos) => pos.to_owned(),
                    None if s == "0" => s.clone(),
                    None => format!("-{s}"),
                },
                (None, None) if contract.eq_ignore_ascii_case("pass") => "0".to_owned(),
                (None, None) => {
                    return Err(ParseError::Missing {
                        at: at("ScoreTable", line_no, column),
                        what: format!("a score for board {number}: Score_NS or Score_EW"),
                    })
                }
            };
            let outcome =
                countback_usebio::table_outcome(&text).ok_or_else(|| ParseError::BadValue {
                    at: at("ScoreTable column Score_NS", line_no, column),
                    text: text.chars().take(64).collect(),
                    expected: "a score in points, an artificial score such as A6040, or NP",
                })?;
            (outcome, text)
        };
        let (ns_col, ew_col) = if t.index("MP_NS").is_some() {
            ("MP_NS", "MP_EW")
        } else {
            ("IMP_NS", "IMP_EW")
        };
        raw_lines.push(RawLine {
            board: number,
            ns,
            ew,
            outcome,
            score_text,
            stored_ns: figure(get(ns_col), t, ns_col, line_no)?,
            stored_ew: figure(get(ew_col), t, ew_col, line_no)?,
            line: line_no,
            column: 1,
        });
    }

    let event = match &scoring {
        Some((value, line)) => event_kind(value, *line)?,
        None => {
            return Err(ParseError::Missing {
                at: at("Scoring", 1, 1),
                what: "a [Scoring \"…\"] tag (MP, Butler or Cross-IMPs)".to_owned(),
            })
        }
    };
    let total_table = total_table.ok_or_else(|| ParseError::NoResults {
        at: at("TotalScoreTable", 1, 1),
        what: "TotalScoreTable (the pairs and their totals)",
    })?;

    // Participants.
    let col = |c: &str| total_table.index(c);
    let by_direction = col("Direction").is_some();
    let mut participants = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for (row, line_no) in &totals {
        let cell = |c: &str| col(c).and_then(|i| row.get(i));
        let Some(pair_cell) = cell("PairId") else {
            continue;
        };
        let number = pair_cell.text.trim().to_owned();
        if number.is_empty() || number.len() > 64 {
            return Err(ParseError::BadValue {
                at: at("TotalScoreTable column PairId", *line_no, pair_cell.column),
                text: number.chars().take(64).collect(),
                expected: "a pair number",
            });
        }
        let direction = match cell("Direction") {
            None => None,
            Some(d) => Some(match d.text.trim().to_ascii_uppercase().as_str() {
                "NS" | "N-S" | "N/S" => Direction::NorthSouth,
                "EW" | "E-W" | "E/W" => Direction::EastWest,
                _ => {
                    return Err(ParseError::BadValue {
                        at: at("TotalScoreTable column Direction", *line_no, d.column),
                        text: d.text.chars().take(64).collect(),
                        expected: "a direction (NS or EW)",
                    })
                }
            }),
        };
        let id = match direction {
            Some(d) => format!("{number}{d}"),
            None => number.clone(),
        };
        if index.contains_key(&id) {
            return Err(ParseError::DuplicateParticipant {
                at: at("TotalScoreTable", *line_no, pair_cell.column),
                pair: ContestantId::new(id),
            });
        }
        let total_col = if col("TotalScoreMP").is_some() {
            "TotalScoreMP"
        } else {
            "TotalScoreIMP"
        };
        let rank = cell("Rank").map(|c| (c.text.trim().to_owned(), c.column));
        let place = match &rank {
            Some((t, c)) if t != "-" => Some(t.trim_end_matches('=').parse::<u32>().map_err(
                |_| ParseError::BadValue {
                    at: at("TotalScoreTable column Rank", *line_no, *c),
                    text: t.chars().take(64).collect(),
                    expected: "a place",
                },
            )?),
            _ => None,
        };
        let players = cell("Names")
            .map(|c| {
                c.text
                    .split(" - ")
                    .map(|s| s.trim().to_owned())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        index.insert(id.clone(), participants.len());
        participants.push(Participant {
            id: ContestantId::new(id),
            field: direction,
            section: None,
            players,
            stored: StoredStanding {
                total: figure(cell(total_col), &total_table, total_col, *line_no)?,
                total_out_of: None,
                percentage: figure(
                    cell("TotalPercentage"),
                    &total_table,
                    "TotalPercentage",
                    *line_no,
                )?,
                place,
                place_text: rank.map(|(t, _)| t).filter(|t| t != "-"),
                handicap: None,
            },
            line: u32::try_from(*line_no).unwrap_or(u32::MAX),
        });
    }
    if participants.is_empty() {
        return Err(ParseError::NoResults {
            at: at("TotalScoreTable", total_table.line, 1),
            what: "participants",
        });
    }

    // Travellers, by board in file order.
    let resolve = |text: &str, d: Direction| -> Option<ContestantId> {
        let key = if by_direction {
            format!("{text}{d}")
        } else {
            text.to_owned()
        };
        index
            .get(&key)
            .and_then(|&i| participants.get(i))
            .map(|p| p.id.clone())
    };
    let mut boards: Vec<Board> = boards_seen
        .iter()
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
    let mut first_seen: HashMap<(BoardNumber, ContestantId), usize> = HashMap::new();
    for l in raw_lines {
        let mut ids = Vec::with_capacity(2);
        for (text, d, col) in [
            (&l.ns, Direction::NorthSouth, "PairId_NS"),
            (&l.ew, Direction::EastWest, "PairId_EW"),
        ] {
            let id = resolve(text, d).ok_or_else(|| ParseError::UnknownPair {
                board: l.board,
                at: at(&format!("ScoreTable column {col}"), l.line, l.column),
                pair: text.chars().take(64).collect(),
            })?;
            if let Some(first) = first_seen.insert((l.board, id.clone()), l.line) {
                return Err(ParseError::DuplicateLine {
                    board: l.board,
                    at: at("ScoreTable", l.line, l.column),
                    pair: id,
                    first_line: u32::try_from(first).unwrap_or(u32::MAX),
                });
            }
            ids.push(id);
        }
        let mut ids = ids.into_iter();
        let (Some(ns), Some(ew)) = (ids.next(), ids.next()) else {
            continue;
        };
        let Some(b) = board_at.get(&l.board).and_then(|&i| boards.get_mut(i)) else {
            continue;
        };
        b.lines.push(Line {
            traveller: TravellerLine {
                board: l.board,
                ns,
                ew,
                outcome: l.outcome,
            },
            score_text: l.score_text,
            stored_ns: l.stored_ns,
            stored_ew: l.stored_ew,
            line: u32::try_from(l.line).unwrap_or(u32::MAX),
        });
    }
    boards.retain(|b| !b.lines.is_empty());
    if boards.is_empty() {
        return Err(ParseError::NoResults {
            at: at("ScoreTable", 1, 1),
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
