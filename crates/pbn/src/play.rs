//! What a PBN file says of the play and the deal (issue 40): each
//! `ScoreTable` row's `Contract`, `Declarer`, `Result` (tricks taken) and
//! `Lead`, for the travellers, and each board's `[Deal]`, `[Dealer]`,
//! `[Vulnerable]`, `[OptimumResultTable]` (double-dummy tricks) and par
//! (`[ParContract]` or Ruter's `[OptimumContract]`, `[OptimumScore]`),
//! for the hand records. No figure depends on any of them: each is kept as
//! written, and what cannot be read is listed as not used, never refused.

use std::collections::HashMap;

use countback_model::BoardNumber;
use countback_results::hands::{SEATS, STRAINS};
use countback_results::{DoubleDummy, HandRecord, HandRecords, Par, Play, Session};

use crate::lex::{self, Cell};
use crate::ScoreCols;

/// The play of one `ScoreTable` row, or `None` for a row with no contract.
/// `Result` is the tricks declarer took (PBN 3.4.10); a value that is not
/// 0 to 13 is shown as absent.
pub(crate) fn play_of(cols: &ScoreCols, row: &[Cell<'_>]) -> Option<Play> {
    let text = |c: Option<&Cell<'_>>| {
        c.map(|c| c.text.trim())
            .filter(|t| !matches!(*t, "" | "-" | "?"))
            .map(str::to_owned)
    };
    let contract = text(cols.contract.cell(row))?;
    Some(Play {
        contract,
        declarer: text(cols.declarer.cell(row)).unwrap_or_default(),
        tricks: text(cols.result.cell(row))
            .and_then(|r| r.parse::<u8>().ok())
            .filter(|t| *t <= 13),
        lead: text(cols.lead.cell(row)),
        round: text(cols.round.cell(row)).and_then(|r| r.parse::<u32>().ok()),
    })
}

/// Hand records being read, board by board.
#[derive(Default)]
pub(crate) struct Deals {
    records: HandRecords,
    /// `[Dealer]` and `[Vulnerable]` of each board, the first given: set
    /// on the board's record at the end (a file may give them before its
    /// `[Deal]`, or with no deal at all).
    dealt: HashMap<BoardNumber, (Option<char>, Option<String>)>,
    /// The open `[OptimumResultTable]`'s board and its `Declarer`,
    /// `Denomination` and `Result` columns.
    optimum: Option<(BoardNumber, [usize; 3])>,
    /// The plays of the rows read, by the row's line.
    plays: HashMap<u32, Play>,
    /// `[Deal]` values that are not a deal, and optimum rows that could
    /// not be read.
    unread_deals: usize,
    unread_rows: usize,
}

impl Deals {
    fn record(&mut self, board: BoardNumber) -> &mut HandRecord {
        self.records
            .by_board
            .entry((board, None))
            .or_insert_with(|| HandRecord::new(board))
    }

    /// A tag of the current board (`board`): `true` if it was one of the
    /// hand record's.
    pub(crate) fn tag(&mut self, board: Option<BoardNumber>, name: &str, value: &str) -> bool {
        self.optimum = None;
        let Some(board) = board else {
            return false;
        };
        let value = value.trim();
        let given = !matches!(value, "" | "#" | "?");
        match name {
            "Deal" if given => {
                let mut record = HandRecord::new(board);
                if record.set_pbn_deal(value) {
                    self.record(board).hands = record.hands;
                } else {
                    self.unread_deals += 1;
                }
            }
            "Dealer" if given => {
                let seat = SEATS
                    .iter()
                    .copied()
                    .find(|s| value.eq_ignore_ascii_case(&s.to_string()));
                self.dealt
                    .entry(board)
                    .or_default()
                    .0
                    .get_or_insert(seat.unwrap_or('?'));
            }
            "Vulnerable" if given => {
                self.dealt
                    .entry(board)
                    .or_default()
                    .1
                    .get_or_insert_with(|| value.to_owned());
            }
            "ParContract" | "OptimumContract" if given => {
                let par = self.record(board).par.get_or_insert_with(Par::default);
                par.contract.get_or_insert_with(|| value.to_owned());
            }
            "OptimumScore" if given => {
                let par = self.record(board).par.get_or_insert_with(Par::default);
                par.score.get_or_insert_with(|| value.to_owned());
            }
            "OptimumResultTable" => {
                let columns = lex::header(value, 1).unwrap_or_default();
                let at = |n: &str| columns.iter().position(|c| c.name == n);
                if let (Some(d), Some(s), Some(r)) =
                    (at("Declarer"), at("Denomination"), at("Result"))
                {
                    self.optimum = Some((board, [d, s, r]));
                }
            }
            _ => return false,
        }
        true
    }

    /// Whether a table of the hand record is open: its rows come here.
    pub(crate) fn reading_rows(&self) -> bool {
        self.optimum.is_some()
    }

    /// A blank line ends the optimum table.
    pub(crate) fn blank(&mut self) {
        self.optimum = None;
    }

    /// One `[OptimumResultTable]` row: `W  S  3`, `N NT  6`.
    pub(crate) fn optimum_row(&mut self, line: &str) {
        let Some((board, [d, s, r])) = self.optimum else {
            return;
        };
        let cells = lex::cells(line);
        let text = |i: usize| cells.get(i).map(|c| c.text.trim().to_ascii_uppercase());
        let seat = text(d).and_then(|t| SEATS.iter().position(|s| t == s.to_string()));
        let strain = text(s).and_then(|t| {
            let t = if t == "N" { "NT".to_owned() } else { t };
            STRAINS.iter().position(|s| *s == t)
        });
        let tricks = text(r)
            .and_then(|t| t.parse::<u8>().ok())
            .filter(|t| *t <= 13);
        match (seat, strain, tricks) {
            (Some(seat), Some(strain), Some(tricks)) => self
                .record(board)
                .double_dummy
                .get_or_insert_with(DoubleDummy::new)
                .set(seat, strain, tricks),
            _ => self.unread_rows += 1,
        }
    }

    /// Keep the play of the `ScoreTable` row at `line`.
    pub(crate) fn play(&mut self, line: usize, play: Play) {
        self.plays
            .insert(u32::try_from(line).unwrap_or(u32::MAX), play);
    }

    /// Each row's play into its traveller line ([`Line::play`]: the first
    /// line of a frequency traveller's row), and the hand records with
    /// their dealers; what was read past is added to the session's
    /// `not_used`, and the play columns read are taken off it.
    ///
    /// [`Line::play`]: countback_results::Line::play
    pub(crate) fn finish(mut self, session: &mut Session) -> HandRecords {
        if !self.plays.is_empty() {
            for b in &mut session.boards {
                for l in &mut b.lines {
                    if let Some(p) = self.plays.remove(&l.line) {
                        l.play = Some(Box::new(p));
                    }
                }
            }
            let read = ["Declarer", "Result", "Lead", "Round"]
                .map(|c| format!("{} column {c}", crate::Kind::Score.tag()));
            session.not_used.retain(|n| !read.contains(n));
        }
        for ((board, _), record) in &mut self.records.by_board {
            if let Some((dealer, vulnerable)) = self.dealt.get(board) {
                record.dealer = dealer.filter(|d| *d != '?');
                record.vulnerable.clone_from(vulnerable);
            }
        }
        // A board with only a dealer and vulnerability has no hand record.
        self.records.by_board.retain(|_, r| r.has_content());
        if self.unread_deals > 0 {
            session.not_used.push(format!(
                "[Deal] on {} board(s): not a deal (a seat, then four hands of card ranks): not shown",
                self.unread_deals
            ));
        }
        if self.unread_rows > 0 {
            session.not_used.push(format!(
                "[OptimumResultTable] {} row(s) not a declarer, a strain and 0 to 13 tricks: not shown",
                self.unread_rows
            ));
        }
        self.records
    }
}
