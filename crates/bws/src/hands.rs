//! `HandRecord` and `HandEvaluation`: each board's deal, and the
//! double-dummy tricks and high-card points Bridgemate Control Software
//! stores beside it (issue 40). No figure depends on them: a row that
//! cannot be read as a deal is listed, never a refusal.

use countback_model::BoardNumber;
use countback_results::{DoubleDummy, Hand, HandRecord, HandRecords};
use jetdb::Value;

use crate::file::{BwsFile, NotUsed};
use crate::read::Rows;

/// The seats as the tables' column names start, in [`countback_results::hands::SEATS`] order.
const SEATS: [&str; 4] = ["North", "East", "South", "West"];
/// The suits as the column names end, spades first.
const SUITS: [&str; 4] = ["Spades", "Hearts", "Diamonds", "Clubs"];
/// `HandEvaluation`'s strains, in [`countback_results::hands::STRAINS`] order.
const STRAINS: [&str; 5] = ["Notrump", "Spades", "Hearts", "Diamonds", "Clubs"];

/// A whole number in a cell, if it is one.
fn whole(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Byte(b) => Some(i64::from(*b)),
        Value::Int(i) => Some(i64::from(*i)),
        Value::Long(l) => Some(i64::from(*l)),
        Value::BigInt(b) => Some(*b),
        _ => None,
    }
}

/// The cell of `row` in column `name`, if the table has it.
fn cell<'r>(rows: &Rows, row: &'r [Value], name: &str) -> Option<&'r Value> {
    rows.optional_named(name).and_then(|i| row.get(i))
}

/// The board and section letter a row is for (the letter only when the
/// file has several sections, as the session names its boards).
fn key(rows: &Rows, row: &[Value], file: &BwsFile) -> Option<(BoardNumber, Option<String>)> {
    let board = u32::try_from(whole(cell(rows, row, "Board"))?).ok()?;
    let section = whole(cell(rows, row, "Section"));
    let letter = (file.sections.len() > 1)
        .then(|| {
            file.sections
                .iter()
                .find(|s| Some(i64::from(s.id)) == section)
                .map(|s| s.letter.clone())
        })
        .flatten();
    Some((BoardNumber(board), letter))
}

/// One `HandRecord` row's four hands, or `None` if a suit is not text of
/// card ranks.
fn hands(rows: &Rows, row: &[Value]) -> Option<[Option<Hand>; 4]> {
    let mut out: [Option<Hand>; 4] = [None, None, None, None];
    for (slot, seat) in out.iter_mut().zip(SEATS) {
        let mut suits = Vec::with_capacity(4);
        for suit in SUITS {
            match cell(rows, row, &format!("{seat}{suit}")) {
                Some(Value::Text(t)) => suits.push(t.trim().to_owned()),
                Some(Value::Null) | None => suits.push(String::new()),
                Some(_) => return None,
            }
        }
        *slot = Hand::from_pbn(&suits.join("."));
        slot.as_ref()?;
    }
    Some(out)
}

/// One `HandEvaluation` row's double-dummy tricks and points.
fn evaluation(rows: &Rows, row: &[Value]) -> (DoubleDummy, Option<[u8; 4]>) {
    let mut dd = DoubleDummy::new();
    let mut points = [0u8; 4];
    let mut all_points = true;
    for (s, seat) in SEATS.iter().enumerate() {
        for (k, strain) in STRAINS.iter().enumerate() {
            let tricks = whole(cell(rows, row, &format!("{seat}{strain}")))
                .and_then(|t| u8::try_from(t).ok())
                .filter(|t| *t <= 13);
            if let Some(t) = tricks {
                dd.set(s, k, t);
            }
        }
        match whole(cell(rows, row, &format!("{seat}Hcp"))).and_then(|p| u8::try_from(p).ok()) {
            Some(p) if p <= 37 => {
                if let Some(slot) = points.get_mut(s) {
                    *slot = p;
                }
            }
            _ => all_points = false,
        }
    }
    (dd, all_points.then_some(points))
}

/// Read both tables into `file.hands`; what cannot be read is returned to
/// be listed as not used.
pub(crate) fn read_hands(
    deals: Option<&Rows>,
    evaluations: Option<&Rows>,
    file: &mut BwsFile,
) -> Vec<NotUsed> {
    let mut records = HandRecords::new();
    let mut unread = Vec::new();
    if let Some(rows) = deals {
        let mut bad = 0u32;
        for row in &rows.rows {
            match key(rows, row, file).zip(hands(rows, row)) {
                Some(((board, section), hands)) => {
                    let mut r = HandRecord::by_number(board);
                    r.hands = hands;
                    records.insert(section, r);
                }
                None => bad += 1,
            }
        }
        if bad > 0 {
            unread.push(NotUsed {
                table: rows.table.to_owned(),
                rows: bad,
                why: "rows that are not a deal (a board number and four hands of card ranks): not shown",
            });
        }
    }
    if let Some(rows) = evaluations {
        for row in &rows.rows {
            let Some((board, section)) = key(rows, row, file) else {
                continue;
            };
            let (dd, points) = evaluation(rows, row);
            // In every strain one side takes at least seven tricks double
            // dummy: a row with no trick anywhere was never analysed.
            let analysed = dd.tricks.iter().flatten().any(|t| t.is_some_and(|t| t > 0));
            let record = records
                .by_board
                .entry((board, section))
                .or_insert_with(|| HandRecord::by_number(board));
            if analysed {
                record.double_dummy = Some(dd);
            }
            record.points = points.filter(|p| p.iter().map(|&x| u32::from(x)).sum::<u32>() == 40);
        }
    }
    file.hands = records;
    unread
}
