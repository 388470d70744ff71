//! Reading the Access tables with `jetdb`.

use std::collections::HashMap;
use std::io::Cursor;

use countback_contract::{Contract, Played, Seat, TableResult};
use jetdb::{PageReader, Value};

use crate::error::BwsError;
use crate::file::{BwsFile, Entry, NotUsed, Player, Received, Round, Section};

/// The largest file read: real `.bws` files are about 1 MB, almost all of
/// it the member roster; 64 MB is far beyond any club session.
pub const MAX_BWS_BYTES: usize = 64 * 1024 * 1024;

/// The tables read, and why each other known table is not needed.
const NOT_USED: [(&str, &str); 7] = [
    (
        "PlayerNames",
        "member roster (numbers and names): no figure",
    ),
    ("BiddingData", "the auctions: no figure"),
    ("PlayData", "the play of the cards: no figure"),
    (
        "IntermediateData",
        "results being entered, not yet received: no figure",
    ),
    (
        "Clients",
        "the computers of the Bridgemate server: no figure",
    ),
    ("Settings", "Bridgemate display settings: no figure"),
    ("Tables", "the Bridgemate of each table: no figure"),
];

/// One table's rows with its columns found by name once.
pub(crate) struct Rows {
    pub(crate) table: &'static str,
    columns: HashMap<String, usize>,
    pub(crate) rows: Vec<Vec<Value>>,
}

impl Rows {
    fn column(&self, name: &'static str) -> Result<usize, BwsError> {
        self.columns
            .get(&name.to_ascii_lowercase())
            .copied()
            .ok_or(BwsError::MissingColumn {
                table: self.table,
                column: name,
            })
    }

    pub(crate) fn optional(&self, name: &'static str) -> Option<usize> {
        self.optional_named(name)
    }

    /// [`Rows::optional`] for a name built at run time.
    pub(crate) fn optional_named(&self, name: &str) -> Option<usize> {
        self.columns.get(&name.to_ascii_lowercase()).copied()
    }

    /// One value per row, built by `f` from the row's cells.
    fn each<T>(&self, f: impl Fn(&Cell<'_>) -> Result<T, BwsError>) -> Result<Vec<T>, BwsError> {
        (0..self.rows.len())
            .map(|row| {
                f(&Cell {
                    rows: self,
                    row,
                    id: None,
                })
            })
            .collect()
    }
}

/// A cell, with what to say when it is not what it should be.
struct Cell<'a> {
    rows: &'a Rows,
    row: usize,
    id: Option<i64>,
}

impl Cell<'_> {
    fn value(&self, column: usize) -> &Value {
        self.rows
            .rows
            .get(self.row)
            .and_then(|r| r.get(column))
            .unwrap_or(&Value::Null)
    }

    fn bad(&self, column: &'static str, found: &Value, expected: &'static str) -> BwsError {
        let found = match found {
            Value::Text(t) => t.chars().take(64).collect(),
            other => format!("{other:?}").chars().take(64).collect(),
        };
        BwsError::BadValue {
            table: self.rows.table,
            row: self.row + 1,
            id: self.id,
            column,
            found,
            expected,
        }
    }

    fn integer(&self, name: &'static str) -> Result<i64, BwsError> {
        let v = self.value(self.rows.column(name)?);
        match v {
            Value::Byte(b) => Ok(i64::from(*b)),
            Value::Int(i) => Ok(i64::from(*i)),
            Value::Long(l) => Ok(i64::from(*l)),
            Value::BigInt(b) => Ok(*b),
            other => Err(self.bad(name, other, "a whole number")),
        }
    }

    fn number(&self, name: &'static str) -> Result<u32, BwsError> {
        let v = self.integer(name)?;
        u32::try_from(v).map_err(|_| self.bad(name, &Value::BigInt(v), "a number 0 or more"))
    }

    /// Text, with `Null` as empty.
    fn text(&self, name: &'static str) -> Result<&str, BwsError> {
        self.text_at(name, self.rows.column(name)?)
    }

    fn text_at(&self, name: &'static str, column: usize) -> Result<&str, BwsError> {
        match self.value(column) {
            Value::Text(t) => Ok(t.trim()),
            Value::Null => Ok(""),
            other => Err(self.bad(name, other, "text")),
        }
    }

    fn flag(&self, name: &'static str) -> Result<bool, BwsError> {
        match self.value(self.rows.column(name)?) {
            Value::Bool(b) => Ok(*b),
            Value::Null => Ok(false),
            other => Err(self.bad(name, other, "yes or no")),
        }
    }
}

fn jet(e: jetdb::FileError) -> String {
    e.to_string().chars().take(200).collect()
}

/// Read a Bridgemate `.bws` file (an Access database, Jet 3 or Jet 4)
/// from its bytes.
///
/// # Errors
/// [`BwsError`] naming the table, and the row and column of a value, that
/// could not be read; [`BwsError::TooManyResults`] for more results than a
/// session may have; [`BwsError::Unsupported`] for a file of more than
/// [`MAX_BWS_BYTES`].
pub fn read_bws(bytes: &[u8]) -> Result<BwsFile, BwsError> {
    // The Access reader (jetdb) can panic on a damaged database (fuzzing
    // found an arithmetic overflow in its page-map reading, issue 44): a
    // damaged file is bad input, refused as such, never a crash.
    guarded(|| read_bws_unguarded(bytes))
}

/// `read`, a panic inside it turned into [`BwsError::NotAccess`].
fn guarded(read: impl FnOnce() -> Result<BwsFile, BwsError>) -> Result<BwsFile, BwsError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(read)).unwrap_or_else(|_| {
        Err(BwsError::NotAccess {
            message: "the database is damaged: the Access reader could not follow its pages"
                .to_owned(),
        })
    })
}

fn read_bws_unguarded(bytes: &[u8]) -> Result<BwsFile, BwsError> {
    if bytes.len() > MAX_BWS_BYTES {
        return Err(BwsError::Unsupported {
            what: format!(
                "a .bws file of {} bytes (at most {MAX_BWS_BYTES})",
                bytes.len()
            ),
        });
    }
    let mut reader = PageReader::open_reader(Cursor::new(bytes.to_vec()))
        .map_err(|e| BwsError::NotAccess { message: jet(e) })?;
    let engine = format!("{:?}", reader.header().version);
    let catalog =
        jetdb::read_catalog(&mut reader).map_err(|e| BwsError::NotAccess { message: jet(e) })?;
    let names =
        jetdb::table_names(&mut reader).map_err(|e| BwsError::NotAccess { message: jet(e) })?;

    let mut load = |table: &'static str, required: bool| -> Result<Option<Rows>, BwsError> {
        let Some(name) = names.iter().find(|n| n.eq_ignore_ascii_case(table)) else {
            return if required {
                Err(BwsError::MissingTable { table })
            } else {
                Ok(None)
            };
        };
        let failed = |e: jetdb::FileError| BwsError::Table {
            table,
            message: jet(e),
        };
        let entry = jetdb::find_table(&catalog, name).map_err(failed)?;
        let def =
            jetdb::read_table_def(&mut reader, &entry.name, entry.table_page).map_err(failed)?;
        let read = jetdb::read_table_rows(&mut reader, &def).map_err(failed)?;
        if read.skipped_rows > 0 {
            return Err(BwsError::Table {
                table,
                message: format!(
                    "{} row(s) could not be read (of {} stored)",
                    read.skipped_rows, def.num_rows
                ),
            });
        }
        let columns = def
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.to_ascii_lowercase(), i))
            .collect();
        Ok(Some(Rows {
            table,
            columns,
            rows: read.rows,
        }))
    };

    let sections = read_sections(&load("Section", true)?.unwrap_or_else(empty("Section")))?;
    let (rounds, custom_rows) =
        read_rounds(&load("RoundData", true)?.unwrap_or_else(empty("RoundData")))?;
    let players = match load("PlayerNumbers", false)? {
        Some(rows) => read_players(&rows)?,
        None => Vec::new(),
    };
    let (session_name, session_date) = match load("Session", false)? {
        Some(rows) => read_session(&rows),
        None => (None, None),
    };
    let received_rows = load("ReceivedData", true)?.unwrap_or_else(empty("ReceivedData"));
    let mut file = BwsFile {
        engine,
        sections,
        rounds,
        players,
        session_name,
        session_date,
        ..BwsFile::default()
    };
    read_received(&received_rows, &mut file)?;
    let unread = crate::hands::read_hands(
        load("HandRecord", false)?.as_ref(),
        load("HandEvaluation", false)?.as_ref(),
        &mut file,
    );
    file.not_used.extend(unread);
    if custom_rows > 0 {
        file.not_used.push(NotUsed {
            table: "RoundData.CustomBoards".to_owned(),
            rows: custom_rows,
            why: "a round's boards as a list: each result names its own board",
        });
    }

    // Every other table is listed, with its row count, as not used.
    let read_here = [
        "Section",
        "RoundData",
        "PlayerNumbers",
        "ReceivedData",
        "Session",
        "HandRecord",
        "HandEvaluation",
    ];
    for name in &names {
        if read_here.iter().any(|t| t.eq_ignore_ascii_case(name)) {
            continue;
        }
        let rows = jetdb::find_table(&catalog, name)
            .ok()
            .and_then(|e| jetdb::read_table_def(&mut reader, &e.name, e.table_page).ok())
            .map_or(0, |d| d.num_rows);
        let why = NOT_USED
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case(name))
            .map_or(
                "not a Bridgemate table this reader knows: no figure read from it",
                |(_, w)| w,
            );
        file.not_used.push(NotUsed {
            table: name.clone(),
            rows,
            why,
        });
    }
    Ok(file)
}

fn empty(table: &'static str) -> impl Fn() -> Rows {
    move || Rows {
        table,
        columns: HashMap::new(),
        rows: Vec::new(),
    }
}

fn read_sections(rows: &Rows) -> Result<Vec<Section>, BwsError> {
    let winners = rows.optional("Winners");
    rows.each(|c| {
        if let Some(column) = winners {
            // `Winners` may turn a Mitchell into one field (an
            // arrow-switched movement): it would change every place.
            // Both real files say 0 (the ranking follows the movement);
            // another value is refused until its meaning is known.
            if c.integer("Winners")? != 0 {
                return Err(c.bad(
                    "Winners",
                    c.value(column),
                    "0 (the ranking from the movement; other settings are not read yet)",
                ));
            }
        }
        Ok(Section {
            id: c.number("ID")?,
            letter: c.text("Letter")?.to_owned(),
            tables: c.number("Tables")?,
        })
    })
}

/// `RoundData`, and how many of its rows give a custom board list.
///
/// `CustomBoards` lists the boards of a round where they are not the range
/// `LowBoard`–`HighBoard`. No figure depends on it: every result names its
/// own board (`ReceivedData.Board`), and the boards a table played are
/// the results it sent. So it is kept and listed, never a refusal (issue
/// 41: a third-party manager writes a one-row `RoundData` with
/// `CustomBoards "1"` and every result in `ReceivedData`).
fn read_rounds(rows: &Rows) -> Result<(Vec<Round>, u32), BwsError> {
    let custom = rows.optional("CustomBoards");
    let mut custom_rows = 0u32;
    if let Some(col) = custom {
        for row in 0..rows.rows.len() {
            let c = Cell {
                rows,
                row,
                id: None,
            };
            if !c.text_at("CustomBoards", col)?.is_empty() {
                custom_rows += 1;
            }
        }
    }
    let rounds = rows.each(|c| {
        Ok(Round {
            section: c.number("Section")?,
            table: c.number("Table")?,
            round: c.number("Round")?,
            ns_pair: c.number("NSPair")?,
            ew_pair: c.number("EWPair")?,
            low_board: c.number("LowBoard")?,
            high_board: c.number("HighBoard")?,
        })
    })?;
    Ok((rounds, custom_rows))
}

/// The `Session` table's name and date (its first row), for the header of
/// what is printed: no figure depends on them, so a missing or odd value
/// is simply absent, never a refusal.
fn read_session(rows: &Rows) -> (Option<String>, Option<String>) {
    let Some(row) = rows.rows.first() else {
        return (None, None);
    };
    let cell = |name: &'static str| rows.optional(name).and_then(|i| row.get(i));
    let name = match cell("Name") {
        Some(Value::Text(t)) if !t.trim().is_empty() => Some(t.trim().to_owned()),
        _ => None,
    };
    let date = match cell("Date") {
        Some(Value::Timestamp(days)) => iso_date(*days),
        _ => None,
    };
    (name, date)
}

/// An Access date (days since 1899-12-30, the time of day as the
/// fraction) as an ISO date, by the civil-from-days algorithm in whole
/// numbers; `None` outside years 1900–9999.
fn iso_date(days: f64) -> Option<String> {
    if !days.is_finite() || !(0.0..=3_000_000.0).contains(&days) {
        return None;
    }
    // In range, so the whole days fit an i64 exactly.
    #[allow(clippy::cast_possible_truncation)]
    let whole = days.floor() as i64;
    // Days from 1970-01-01: 1899-12-30 is 25,569 days before it.
    let z = whole - 25_569 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (1900..=9999)
        .contains(&year)
        .then(|| format!("{year:04}-{month:02}-{day:02}"))
}

fn read_players(rows: &Rows) -> Result<Vec<Player>, BwsError> {
    let round = rows.optional("Round");
    rows.each(|c| {
        let direction = c.text("Direction")?;
        let seat = Seat::parse(direction).map_err(|_| {
            c.bad(
                "Direction",
                &Value::Text(direction.to_owned()),
                "N, E, S or W",
            )
        })?;
        Ok(Player {
            section: c.number("Section")?,
            table: c.number("Table")?,
            seat,
            round: match round {
                Some(_) => c.number("Round")?,
                None => 0,
            },
            number: c.text("Number")?.to_owned(),
            name: c.text("Name")?.to_owned(),
        })
    })
}

/// `ReceivedData`: every row read and checked; the last row that is not
/// erased (highest `ID`) kept for each section, table, round and board.
fn read_received(rows: &Rows, file: &mut BwsFile) -> Result<(), BwsError> {
    let lead = rows.optional("LeadCard");
    let mut kept: HashMap<(u32, u32, u32, u32), Received> = HashMap::new();
    for row in 0..rows.rows.len() {
        let c0 = Cell {
            rows,
            row,
            id: None,
        };
        let id = c0.integer("ID")?;
        let c = Cell {
            rows,
            row,
            id: Some(id),
        };
        file.received_rows += 1;
        if c.flag("Erased")? {
            file.erased_rows += 1;
            continue;
        }
        let entry = read_entry(&c)?;
        let received = Received {
            id,
            row: row + 1,
            section: c.number("Section")?,
            table: c.number("Table")?,
            round: c.number("Round")?,
            board: c.number("Board")?,
            pair_ns: c.number("PairNS")?,
            pair_ew: c.number("PairEW")?,
            entry,
            lead: match lead {
                Some(col) => Some(c.text_at("LeadCard", col)?.to_owned()).filter(|l| !l.is_empty()),
                None => None,
            },
        };
        let key = (
            received.section,
            received.table,
            received.round,
            received.board,
        );
        match kept.get(&key) {
            Some(earlier) if earlier.id > received.id => file.superseded_rows += 1,
            Some(_) => {
                file.superseded_rows += 1;
                kept.insert(key, received);
            }
            None => {
                kept.insert(key, received);
            }
        }
    }
    // The bound every results file's session is held to (the USEBIO, NZ
    // Scorer and PBN readers check it as they read): what a session costs
    // to rescore follows its results, and a .bws of 64 MiB can hold far
    // more than a real session's 30,000.
    if kept.len() > countback_results::MAX_TRAVELLER_LINES {
        return Err(BwsError::TooManyResults {
            count: kept.len(),
            limit: countback_results::MAX_TRAVELLER_LINES,
        });
    }
    let mut received: Vec<Received> = kept.into_values().collect();
    received.sort_by_key(|r| r.row);
    file.received = received;
    Ok(())
}

/// An arbitral score as Bridgemate Control Software writes it in
/// `Remarks`: North-South's percentage of the top, then East-West's,
/// `"60%-40%"` (spaces around the parts allowed). The software offers
/// average minus, average and average plus to each side (40, 50 and 60 %:
/// nine forms, the data connector's `Avg-/Avg-` … `Avg+/Avg+`); another
/// whole percentage from 0 to 100 written the same way means the same
/// thing and is read so. `None` for any other text.
#[must_use]
pub(crate) fn arbitral_remark(text: &str) -> Option<(u8, u8)> {
    let percent = |part: &str| -> Option<u8> {
        let digits = part.trim().strip_suffix('%')?.trim_end();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse::<u8>().ok().filter(|p| *p <= 100)
    };
    let (ns, ew) = text.split_once('-')?;
    Some((percent(ns)?, percent(ew)?))
}

/// The contract, declarer and result of a row, "not played", or an
/// arbitral score.
fn read_entry(c: &Cell<'_>) -> Result<Entry, BwsError> {
    let remarks = c.text("Remarks")?;
    let contract = c.text("Contract")?;
    // A row whose remark replaces the result must not also say what was
    // played: which one the file means could not be told.
    let no_contract = |what: &'static str| -> Result<(), BwsError> {
        if contract.is_empty() {
            Ok(())
        } else {
            Err(c.bad("Contract", c.value(c.rows.column("Contract")?), what))
        }
    };
    match remarks.to_ascii_lowercase().as_str() {
        "" => {}
        "not played" => {
            no_contract("empty on a row marked \"Not played\"")?;
            return Ok(Entry::NotPlayed);
        }
        other => {
            if let Some((ns_percent, ew_percent)) = arbitral_remark(other) {
                no_contract(
                    "empty on a row with an arbitral score (its Remarks, such as 60%-40%)",
                )?;
                return Ok(Entry::Arbitral {
                    ns_percent,
                    ew_percent,
                });
            }
            // Another remark may change the figure in a way this reader
            // does not know: refused, never passed over.
            return Err(c.bad(
                "Remarks",
                c.value(c.rows.column("Remarks")?),
                "empty, \"Not played\", or an arbitral score as NS%-EW% (such as 60%-40%, \
                 50%-50%, 40%-40%)",
            ));
        }
    }
    let contract_value = || {
        c.value(c.rows.column("Contract").unwrap_or(usize::MAX))
            .clone()
    };
    let parsed = Contract::parse_or_pass(contract).map_err(|_| {
        c.bad(
            "Contract",
            &contract_value(),
            "a contract such as \"4 S\", \"3 NT x\", \"2 H xx\", or PASS",
        )
    })?;
    let Some(contract) = parsed else {
        return Ok(Entry::Result(TableResult::PassedOut));
    };
    let declarer_text = c.text("NS/EW")?;
    let declarer = Seat::parse(declarer_text).map_err(|_| {
        c.bad(
            "NS/EW",
            &Value::Text(declarer_text.to_owned()),
            "the declarer's seat: N, E, S or W",
        )
    })?;
    let result = c.text("Result")?;
    let relative: i8 = match result {
        "=" | "0" => 0,
        r => r
            .strip_prefix('+')
            .unwrap_or(r)
            .parse()
            .map_err(|_| c.bad("Result", &Value::Text(result.to_owned()), "=, +n or -n"))?,
    };
    let played = Played::with_result(contract, declarer, relative).map_err(|_| {
        c.bad(
            "Result",
            &Value::Text(result.to_owned()),
            "a result between 0 and 13 tricks",
        )
    })?;
    Ok(Entry::Result(TableResult::Played(played)))
}

#[cfg(test)]
mod tests {
    //! `ReceivedData` rows as the Bridgemate server writes them (every
    //! column of the real files' table, informational ones included), read
    //! and refused row by row.
    #![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

    use super::*;

    const COLUMNS: [&str; 23] = [
        "ID",
        "Section",
        "Table",
        "Round",
        "Board",
        "PairNS",
        "PairEW",
        "Declarer",
        "NS/EW",
        "Contract",
        "Result",
        "LeadCard",
        "Remarks",
        "DateLog",
        "TimeLog",
        "Processed",
        "Processed1",
        "Processed2",
        "Processed3",
        "Processed4",
        "Erased",
        "ExternalUpdate",
        "SuspiciousContract",
    ];

    /// One row: (ID, table, board, declarer seat, contract, result,
    /// remarks, erased).
    type Row<'a> = (i32, i16, i16, &'a str, &'a str, &'a str, &'a str, bool);

    fn rows(data: &[Row<'_>]) -> Rows {
        let rows = data
            .iter()
            .map(
                |&(id, table, board, seat, contract, result, remarks, erased)| {
                    vec![
                        Value::Long(id),
                        Value::Int(1),
                        Value::Int(table),
                        Value::Int(1),
                        Value::Int(board),
                        Value::Int(table),
                        Value::Int(table),
                        Value::Int(table),
                        Value::Text(seat.to_owned()),
                        Value::Text(contract.to_owned()),
                        Value::Text(result.to_owned()),
                        Value::Text(String::new()),
                        Value::Text(remarks.to_owned()),
                        Value::Timestamp(46048.0),
                        Value::Timestamp(0.42),
                        Value::Bool(false),
                        Value::Bool(false),
                        Value::Bool(false),
                        Value::Bool(false),
                        Value::Bool(false),
                        Value::Bool(erased),
                        Value::Bool(false),
                        Value::Int(0),
                    ]
                },
            )
            .collect();
        Rows {
            table: "ReceivedData",
            columns: COLUMNS
                .iter()
                .enumerate()
                .map(|(i, c)| (c.to_ascii_lowercase(), i))
                .collect(),
            rows,
        }
    }

    fn read(data: &[Row<'_>]) -> Result<BwsFile, BwsError> {
        let mut file = BwsFile::default();
        read_received(&rows(data), &mut file).map(|()| file)
    }

    /// A refusal naming the last row of `data` (its number and ID) and
    /// the column.
    fn refused(data: &[Row<'_>], column: &str) {
        let (row, id) = (data.len(), i64::from(data[data.len() - 1].0));
        match read(data) {
            Err(BwsError::BadValue {
                table,
                row: r,
                id: i,
                column: c,
                ..
            }) => {
                assert_eq!((table, r, i, c), ("ReceivedData", row, Some(id), column));
            }
            other => panic!("{data:?}: {other:?}"),
        }
    }

    /// The results limit of every results file (50,000), counted after
    /// superseded rows are set aside: 50,000 distinct results are read,
    /// 50,001 refused naming the count, and a corrected result does not
    /// count twice.
    #[test]
    fn more_results_than_a_session_may_have_are_refused() {
        let limit = countback_results::MAX_TRAVELLER_LINES;
        let at = |n: usize| -> Vec<Row<'static>> {
            (0..n)
                .map(|i| {
                    let table = i16::try_from(i % 25_000 + 1).unwrap();
                    let board = i16::try_from(i / 25_000 + 1).unwrap();
                    let id = i32::try_from(i + 1).unwrap();
                    (id, table, board, "N", "3NT", "=", "", false)
                })
                .collect()
        };
        let mut data = at(limit);
        assert_eq!(read(&data).unwrap().received.len(), limit);
        // A correction of the first result: the same key, a later ID.
        data.push((i32::MAX, 1, 1, "N", "3NT", "+1", "", false));
        assert_eq!(read(&data).unwrap().received.len(), limit);
        let data = at(limit + 1);
        match read(&data) {
            Err(BwsError::TooManyResults { count, limit: l }) => {
                assert_eq!((count, l), (limit + 1, limit));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn results_not_played_and_pass_outs_are_read() {
        let f = read(&[
            (1, 1, 1, "N", "4 S", "=", "", false),
            (2, 2, 1, "W", "3 NT x", "-2", "", false),
            (3, 3, 1, "N", "PASS", "", "", false),
            (4, 4, 1, "N", "", "", "Not played", false),
            (5, 5, 1, "E", "1 C xx", "+1", "", false),
        ])
        .unwrap();
        assert_eq!(f.received.len(), 5);
        assert_eq!(f.not_played().count(), 1);
        let tricks: Vec<Option<u8>> = f
            .received
            .iter()
            .map(|r| match r.entry {
                Entry::Result(TableResult::Played(p)) => Some(p.tricks()),
                _ => None,
            })
            .collect();
        assert_eq!(tricks, [Some(10), Some(7), None, None, Some(8)]);
        assert!(matches!(
            f.received[2].entry,
            Entry::Result(TableResult::PassedOut)
        ));
    }

    /// Issue 41, "Bridgemate arbitral scores refused": every form the
    /// Bridgemate software writes (average minus, average and average
    /// plus to each side: 40, 50, 60 %) read as the percentages of the top
    /// it gives North-South and East-West, on a row with no contract, as
    /// the server writes it.
    #[test]
    fn arbitral_scores_are_read_in_every_form() {
        let forms = [
            ("40%-60%", (40, 60)),
            ("60%-40%", (60, 40)),
            ("50%-50%", (50, 50)),
            ("60%-60%", (60, 60)),
            ("40%-40%", (40, 40)),
            ("40%-50%", (40, 50)),
            ("50%-40%", (50, 40)),
            ("50%-60%", (50, 60)),
            ("60%-50%", (60, 50)),
            (" 60 % - 40 % ", (60, 40)),
        ];
        let data: Vec<Row<'_>> = forms
            .iter()
            .zip(1_i16..)
            .map(|((text, _), table)| (i32::from(table), table, 1, "", "", "", *text, false))
            .collect();
        let f = read(&data).unwrap();
        let read: Vec<Entry> = f.received.iter().map(|r| r.entry).collect();
        let want: Vec<Entry> = forms
            .iter()
            .map(|(_, (ns, ew))| Entry::Arbitral {
                ns_percent: *ns,
                ew_percent: *ew,
            })
            .collect();
        assert_eq!(read, want);
    }

    #[test]
    fn the_last_row_not_erased_is_the_result() {
        // Table 1: entered, corrected (the first erased), corrected again.
        // Table 2: entered, then the only later row erased: the first stands.
        let f = read(&[
            (1, 1, 1, "N", "4 S", "=", "", true),
            (2, 2, 1, "N", "3 NT", "=", "", false),
            (3, 1, 1, "N", "4 S", "-1", "", false),
            (4, 2, 1, "N", "3 NT", "+1", "", true),
            (5, 1, 1, "N", "4 S", "+1", "", false),
        ])
        .unwrap();
        assert_eq!(
            (f.received_rows, f.erased_rows, f.superseded_rows),
            (5, 2, 1)
        );
        let kept: Vec<(u32, i64)> = f.received.iter().map(|r| (r.table, r.id)).collect();
        assert_eq!(kept, [(2, 2), (1, 5)]);
    }

    #[test]
    fn what_cannot_be_read_is_refused_naming_table_row_and_column() {
        let ok = (1, 1, 1, "N", "4 S", "=", "", false);
        refused(&[ok, (7, 2, 1, "N", "4 Q", "=", "", false)], "Contract");
        refused(&[ok, (8, 2, 1, "N", "4 S", "+4", "", false)], "Result");
        refused(&[ok, (9, 2, 1, "N", "4 S", "one", "", false)], "Result");
        refused(&[(3, 2, 1, "X", "4 S", "=", "", false)], "NS/EW");
        refused(&[(4, 2, -1, "N", "4 S", "=", "", false)], "Board");
        refused(&[(5, 2, 1, "", "", "", "Arbitral score", false)], "Remarks");
        refused(&[(5, 2, 1, "", "", "", "60%-40%-1", false)], "Remarks");
        refused(&[(5, 2, 1, "", "", "", "110%-40%", false)], "Remarks");
        refused(&[(5, 2, 1, "", "", "", "60-40", false)], "Remarks");
        refused(&[(6, 2, 1, "N", "4 S", "=", "60%-40%", false)], "Contract");
        refused(
            &[(6, 2, 1, "N", "4 S", "=", "Not played", false)],
            "Contract",
        );
        refused(&[(10, 2, 1, "N", "", "", "", false)], "Contract");
    }

    #[test]
    fn a_missing_column_is_named() {
        let mut r = rows(&[(1, 1, 1, "N", "4 S", "=", "", false)]);
        r.columns.remove("erased");
        let mut file = BwsFile::default();
        assert_eq!(
            read_received(&r, &mut file),
            Err(BwsError::MissingColumn {
                table: "ReceivedData",
                column: "Erased"
            })
        );
    }
}

#[cfg(test)]
mod guard_tests {
    #[test]
    #[allow(clippy::panic)]
    fn a_panic_in_the_access_reader_is_a_refusal() {
        // What fuzzing found: jetdb overflowing on a damaged page map. The
        // guard turns any such panic into the typed refusal.
        let out = super::guarded(|| panic!("attempt to add with overflow"));
        assert!(
            matches!(out, Err(super::BwsError::NotAccess { .. })),
            "{out:?}"
        );
    }
}

#[cfg(test)]
mod date_tests {
    #[test]
    fn access_dates_are_calendar_dates() {
        // 1899-12-30 is day 0; 2026-01-26 is day 46,048 (Access's own
        // count: 45,658 for 2025-01-01, plus 390).
        assert_eq!(super::iso_date(0.0), None);
        assert_eq!(super::iso_date(2.0).as_deref(), Some("1900-01-01"));
        assert_eq!(super::iso_date(46_048.0).as_deref(), Some("2026-01-26"));
        assert_eq!(super::iso_date(46_048.75).as_deref(), Some("2026-01-26"));
        assert_eq!(super::iso_date(f64::NAN), None);
    }
}

#[cfg(test)]
mod section_tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;

    fn section(winners: i16) -> Rows {
        let columns = [
            "ID",
            "Letter",
            "Tables",
            "MissingPair",
            "EWMoveBeforePlay",
            "Session",
            "ScoringType",
            "Winners",
        ];
        Rows {
            table: "Section",
            columns: columns
                .iter()
                .enumerate()
                .map(|(i, c)| (c.to_ascii_lowercase(), i))
                .collect(),
            rows: vec![vec![
                Value::Int(1),
                Value::Text("A  ".to_owned()),
                Value::Int(11),
                Value::Int(0),
                Value::Int(0),
                Value::Int(1),
                Value::Int(1),
                Value::Int(winners),
            ]],
        }
    }

    /// Issue 41: a third-party manager's one-row `RoundData` with
    /// `CustomBoards "1"` (every column of the real files' table) is read,
    /// the custom list counted (the results name their own boards), never
    /// refused as it was.
    #[test]
    fn a_custom_board_list_is_kept_not_refused() {
        let columns = [
            "Section",
            "Table",
            "Round",
            "NSPair",
            "EWPair",
            "LowBoard",
            "HighBoard",
            "CustomBoards",
        ];
        let rows = Rows {
            table: "RoundData",
            columns: columns
                .iter()
                .enumerate()
                .map(|(i, c)| (c.to_ascii_lowercase(), i))
                .collect(),
            rows: vec![vec![
                Value::Int(1),
                Value::Int(1),
                Value::Int(1),
                Value::Int(1),
                Value::Int(2),
                Value::Int(0),
                Value::Int(0),
                Value::Text("1".to_owned()),
            ]],
        };
        let (rounds, custom) = read_rounds(&rows).unwrap();
        assert_eq!((rounds.len(), custom), (1, 1));
        assert_eq!((rounds[0].ns_pair, rounds[0].ew_pair), (1, 2));
    }

    #[test]
    fn sections_are_read_and_an_unknown_winners_setting_refused() {
        let s = read_sections(&section(0)).unwrap();
        assert_eq!((s[0].id, s[0].letter.as_str(), s[0].tables), (1, "A", 11));
        match read_sections(&section(1)) {
            Err(BwsError::BadValue {
                table: "Section",
                row: 1,
                column: "Winners",
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }
}
