//! What a club posts beside the standings of a results file (issue 40):
//! each board's hand record next to its traveller, and each pair's
//! scorecard. Everything shown is the file's own (the deal, the
//! double-dummy tricks and the par as written: nothing is analysed here)
//! or the rescore's (a line's points).

use std::collections::HashMap;
use std::io::{self, Write};

use countback_event::display::{ColumnDisplay, HalfDisplay, Precision};
use countback_event::model::{ContestantId, Direction};
use countback_event::results::{hands, BoardScore, HandRecord, LineScore, Plays, Rescored};
use serde::Serialize;

use crate::cli::{Boards, CsvTable};
use crate::doc::{csv_record, Align, CellTable, HandDiagram};

/// A board's hand record as a diagram.
pub(crate) fn diagram(r: &HandRecord) -> HandDiagram {
    let mut caption = Vec::new();
    if let Some(d) = r.dealer {
        caption.push(format!("Dealer {d}"));
    }
    if let Some(v) = &r.vulnerable {
        caption.push(format!("Vul {v}"));
    }
    let hands = r.hands.clone().map(|h| {
        h.map(|h| {
            [
                h.spades.clone(),
                h.hearts.clone(),
                h.diamonds.clone(),
                h.clubs.clone(),
            ]
        })
    });
    // Tables print North, South, East, West: the two sides together.
    let double_dummy = r.double_dummy.as_ref().map(|dd| {
        [0usize, 2, 1, 3].map(|seat| {
            let row = dd.tricks.get(seat).copied().unwrap_or_default();
            row.map(|t| t.map(|t| t.to_string()).unwrap_or_default())
        })
    });
    let par = r.par.as_ref().map(|p| {
        [p.contract.as_deref(), p.score.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ")
    });
    HandDiagram {
        caption: caption.join(" · "),
        hands,
        points: r.points,
        double_dummy,
        par,
    }
}

/// The hand record of a shown board, if it has something to show.
pub(crate) fn record_of<'r>(rescored: &'r Rescored, b: &BoardScore) -> Option<&'r HandRecord> {
    rescored
        .hands
        .get(b.number, b.section.as_deref())
        .filter(|r| r.has_content())
}

/// One hand record in JSON: every field the file gave.
#[derive(Serialize)]
pub(crate) struct HandJson<'a> {
    board: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    section: Option<&'a str>,
    /// The dealer's seat: `N`, `E`, `S` or `W`.
    dealer: Option<char>,
    /// Who is vulnerable, as written (`None`, `NS`, `EW`, `All`).
    vulnerable: Option<&'a str>,
    /// Whether dealer and vulnerability come from the board number (Law
    /// 2), the file stating neither (a `.bws`).
    by_board_number: bool,
    /// The hands by seat (`N`, `E`, `S`, `W`): four suits, spades first,
    /// each its cards as written; a seat left out is absent.
    hands: InOrder<char, [&'a str; 4]>,
    /// High-card points by seat, where the file gives them.
    points: Option<InOrder<char, u8>>,
    /// Double-dummy tricks by declarer and strain (`NT`, `S`, `H`, `D`,
    /// `C`), as the file gives them; never computed here.
    double_dummy: Option<InOrder<char, InOrder<&'static str, u8>>>,
    /// The par contract and score as written.
    par_contract: Option<&'a str>,
    par_score: Option<&'a str>,
}

/// A JSON object whose keys keep the order they were given in: seats N, E,
/// S, W and strains NT, S, H, D, C, as every print of a deal orders them.
/// (A hash map's order changed from run to run, and with it the bytes of
/// the same answer.)
#[derive(Debug)]
pub(crate) struct InOrder<K, V>(Vec<(K, V)>);

impl<K: Serialize, V: Serialize> Serialize for InOrder<K, V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl<K, V> FromIterator<(K, V)> for InOrder<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(i: I) -> Self {
        InOrder(i.into_iter().collect())
    }
}

impl<'a> HandJson<'a> {
    pub(crate) fn of(section: Option<&'a str>, r: &'a HandRecord) -> HandJson<'a> {
        let seats = hands::SEATS;
        HandJson {
            board: r.board.0,
            section,
            dealer: r.dealer,
            vulnerable: r.vulnerable.as_deref(),
            by_board_number: r.by_board_number,
            hands: seats
                .iter()
                .zip(&r.hands)
                .filter_map(|(s, h)| h.as_ref().map(|h| (*s, h.suits())))
                .collect(),
            points: r.points.map(|p| seats.iter().copied().zip(p).collect()),
            double_dummy: r.double_dummy.as_ref().map(|dd| {
                seats
                    .iter()
                    .zip(&dd.tricks)
                    .map(|(s, row)| {
                        let strains = hands::STRAINS
                            .iter()
                            .zip(row)
                            .filter_map(|(k, t)| t.map(|t| (*k, t)))
                            .collect();
                        (*s, strains)
                    })
                    .collect()
            }),
            par_contract: r.par.as_ref().and_then(|p| p.contract.as_deref()),
            par_score: r.par.as_ref().and_then(|p| p.score.as_deref()),
        }
    }
}

/// Every hand record of a rescored file for JSON, in board order.
pub(crate) fn hands_json(rescored: &Rescored) -> Vec<HandJson<'_>> {
    rescored
        .hands
        .iter()
        .map(|(s, r)| HandJson::of(s.as_deref(), r))
        .collect()
}

/// Which side of a line a contestant sat: North-South or East-West (an
/// individual's seat counts for its partnership).
fn side_of(l: &LineScore, c: &ContestantId) -> Option<Direction> {
    if let Some(seats) = &l.seats {
        if [&seats.north, &seats.south].contains(&c) {
            return Some(Direction::NorthSouth);
        }
        if [&seats.east, &seats.west].contains(&c) {
            return Some(Direction::EastWest);
        }
        return None;
    }
    if l.ns == *c {
        Some(Direction::NorthSouth)
    } else if l.ew == *c {
        Some(Direction::EastWest)
    } else {
        None
    }
}

/// One board of a contestant's scorecard.
#[derive(Serialize)]
pub(crate) struct CardLine<'a> {
    pub board: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<&'a str>,
    /// The round, where the file says.
    pub round: Option<u32>,
    /// `NS` or `EW`: where the contestant sat.
    pub direction: String,
    /// The opponents.
    pub opponents: &'a str,
    pub contract: Option<&'a str>,
    pub declarer: Option<&'a str>,
    pub lead: Option<&'a str>,
    pub tricks: Option<u8>,
    /// The table result as the file writes it, North-South's.
    pub score: &'a str,
    /// The contestant's points on the board (match points or IMPs), as
    /// displayed and exact.
    pub points: Option<crate::standings::Figure>,
}

/// Each contestant's scorecard: their lines, board by board, in one pass
/// over the boards (the lines of each contestant found by map).
pub(crate) fn scorecards<'a>(
    rescored: &'a Rescored,
    boards: &[&'a BoardScore],
    texts: &HashMap<(u32, &'a ContestantId, &'a ContestantId), &'a str>,
    half: HalfDisplay,
) -> HashMap<&'a ContestantId, Vec<CardLine<'a>>> {
    let plays: Plays<'a> = rescored.session.plays();
    let mut cards: HashMap<&'a ContestantId, Vec<CardLine<'a>>> = HashMap::new();
    for b in boards {
        let shown = ColumnDisplay::for_values(
            b.lines
                .iter()
                .flat_map(|l| [l.ns_score.as_ref(), l.ew_score.as_ref()])
                .flatten(),
            &Precision::distinct(0),
            half,
        );
        for l in &b.lines {
            let play = plays.get(&(b.number, b.section.as_deref(), &l.ns)).copied();
            let mut who: Vec<&'a ContestantId> = vec![&l.ns, &l.ew];
            if let Some(s) = &l.seats {
                who = vec![&s.north, &s.south, &s.east, &s.west];
            }
            for c in who {
                let Some(side) = side_of(l, c) else { continue };
                let ns = side == Direction::NorthSouth;
                let (opponents, figure) = if ns {
                    (&l.ew, &l.ns_score)
                } else {
                    (&l.ns, &l.ew_score)
                };
                cards.entry(c).or_default().push(CardLine {
                    board: b.number.0,
                    section: b.section.as_deref(),
                    round: play.and_then(|p| p.round),
                    direction: (if ns { "NS" } else { "EW" }).to_owned(),
                    opponents: opponents.as_str(),
                    contract: play.map(|p| p.contract.as_str()),
                    declarer: play.map(|p| p.declarer.as_str()).filter(|d| !d.is_empty()),
                    lead: play.and_then(|p| p.lead.as_deref()),
                    tricks: play.and_then(|p| p.tricks),
                    score: texts
                        .get(&(b.number.0, &l.ns, &l.ew))
                        .copied()
                        .unwrap_or_default(),
                    points: figure
                        .as_ref()
                        .map(|f| crate::standings::Figure::of(f, &shown)),
                });
            }
        }
    }
    for lines in cards.values_mut() {
        lines.sort_by_key(|l| (l.round.unwrap_or(u32::MAX), l.board));
    }
    cards
}

/// One contestant's scorecard as a table: round, board, direction,
/// opponents, contract, by, score, points.
pub(crate) fn card_table(lines: &[CardLine<'_>], unit: &str) -> CellTable {
    let with_round = lines.iter().any(|l| l.round.is_some());
    let mut head = Vec::new();
    if with_round {
        head.push(("round".to_owned(), Align::Right));
    }
    head.extend([
        ("board".to_owned(), Align::Right),
        ("dir".to_owned(), Align::Left),
        ("vs".to_owned(), Align::Left),
        ("contract".to_owned(), Align::Left),
        ("by".to_owned(), Align::Left),
        ("score NS".to_owned(), Align::Right),
        (unit.to_owned(), Align::Right),
    ]);
    let mut t = CellTable::new(head, lines.len());
    for l in lines {
        if with_round {
            t.cell(&l.round.map(|r| r.to_string()).unwrap_or_default());
        }
        t.cell(&l.board.to_string());
        t.cell(&l.direction);
        t.cell(l.opponents);
        t.cell(l.contract.unwrap_or_default());
        t.cell(l.declarer.unwrap_or_default());
        t.cell(l.score);
        t.cell(l.points.as_ref().map_or("", |f| f.display.as_str()));
    }
    t
}

/// A results file's hand records or scorecards as one CSV table
/// (`--format csv --table hands|scorecards`): CSV is one table per kind,
/// as the standings and the boards' lines are.
///
/// - `hands`: a row a board, as the file gives it: `board`, `section`,
///   `dealer`, `vulnerable`, the four hands (`north` … `west`, the suits
///   spades first joined by `.` as PBN writes a hand), the double-dummy
///   tricks by declarer and strain (`dd_n_nt` … `dd_w_c`) and the par
///   (`par_contract`, `par_score`); empty where the file has none.
/// - `scorecards`: a row a contestant and board, in standings order and
///   each card by round then board: the contestant, `board`, `section`,
///   `round`, `direction`, `opponents`, `contract`, `declarer`, `lead`,
///   `tricks`, `score` (North-South's, as written), `points` and
///   `points_exact` (the contestant's match points or IMPs).
pub(crate) fn csv(
    out: &mut dyn Write,
    rescored: &Rescored,
    table: CsvTable,
    half: HalfDisplay,
    boards: &Boards,
) -> io::Result<()> {
    if table == CsvTable::Hands {
        let mut head: Vec<String> = ["board", "section", "dealer", "vulnerable"]
            .iter()
            .map(|h| (*h).to_owned())
            .collect();
        head.extend(["north", "east", "south", "west"].map(str::to_owned));
        for seat in hands::SEATS {
            for strain in hands::STRAINS {
                head.push(format!(
                    "dd_{}_{}",
                    seat.to_ascii_lowercase(),
                    strain.to_ascii_lowercase()
                ));
            }
        }
        head.extend(["par_contract", "par_score"].map(str::to_owned));
        csv_record(out, &head)?;
        let mut row: Vec<String> = Vec::with_capacity(head.len());
        for (section, r) in rescored.hands.iter() {
            if !boards.shows(r.board.0, true) {
                continue;
            }
            row.clear();
            row.push(r.board.0.to_string());
            row.push(section.clone().unwrap_or_default());
            row.push(r.dealer.map(String::from).unwrap_or_default());
            row.push(r.vulnerable.clone().unwrap_or_default());
            row.extend(
                r.hands
                    .iter()
                    .map(|h| h.as_ref().map(|h| h.suits().join(".")).unwrap_or_default()),
            );
            for seat in 0..hands::SEATS.len() {
                for strain in 0..hands::STRAINS.len() {
                    row.push(
                        r.double_dummy
                            .as_ref()
                            .and_then(|dd| {
                                dd.tricks
                                    .get(seat)
                                    .and_then(|s| s.get(strain))
                                    .copied()
                                    .flatten()
                            })
                            .map(|t| t.to_string())
                            .unwrap_or_default(),
                    );
                }
            }
            row.push(
                r.par
                    .as_ref()
                    .and_then(|p| p.contract.clone())
                    .unwrap_or_default(),
            );
            row.push(
                r.par
                    .as_ref()
                    .and_then(|p| p.score.clone())
                    .unwrap_or_default(),
            );
            csv_record(out, &row)?;
        }
        return Ok(());
    }
    let session = &rescored.session;
    let (rows, _, _) = crate::session::rescored_rows(&rescored.rescore, half);
    let texts = crate::session::score_texts(session);
    let shown: Vec<&BoardScore> =
        crate::session::results_boards(&rescored.rescore, boards).collect();
    let mut cards = scorecards(rescored, &shown, &texts, half);
    csv_record(
        out,
        &[
            crate::session::contestant_word(session),
            "board",
            "section",
            "round",
            "direction",
            "opponents",
            "contract",
            "declarer",
            "lead",
            "tricks",
            "score",
            "points",
            "points_exact",
        ],
    )?;
    let mut row: Vec<String> = Vec::with_capacity(13);
    for s in rows {
        let Some(lines) = cards.remove(&s.id) else {
            continue;
        };
        for l in lines {
            row.clear();
            row.push(s.id.to_string());
            row.push(l.board.to_string());
            row.push(l.section.unwrap_or_default().to_owned());
            row.push(l.round.map(|r| r.to_string()).unwrap_or_default());
            row.push(l.direction);
            row.push(l.opponents.to_owned());
            row.push(l.contract.unwrap_or_default().to_owned());
            row.push(l.declarer.unwrap_or_default().to_owned());
            row.push(l.lead.unwrap_or_default().to_owned());
            row.push(l.tricks.map(|t| t.to_string()).unwrap_or_default());
            row.push(l.score.to_owned());
            match l.points {
                Some(f) => row.extend([f.display, f.exact]),
                None => row.extend([String::new(), String::new()]),
            }
            csv_record(out, &row)?;
        }
    }
    Ok(())
}
