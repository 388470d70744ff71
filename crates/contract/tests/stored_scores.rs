//! Oracle: every traveller line of the real results files in
//! `../shared/bridge-data` that stores a contract, a declarer and the tricks
//! stores a score; Law 77, with the vulnerability of the board number by
//! the standard cycle, must give that score on every one.
//!
//! - USEBIO (Compscore3): `CONTRACT` (`4H`, `3NTX`, `PASS`), `PLAYED_BY`
//!   (`N`), `TRICKS` (tricks taken by declarer), `SCORE` (to North-South).
//! - NZ Scorer: `cont` (`4 S`, `3 N`, `4 H x`, `PASS`), `dec`, `res`
//!   (`=`, `+1`, `-2`: relative to the contract), `score`.
//!
//! Lines with no contract (artificial scores, phantom lines) and "not
//! played" lines carry no contract to score; they are counted apart.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use countback_contract::{is_possible_score, Contract, Played, Seat, TableResult, Vulnerability};
use countback_model::BoardNumber;
use countback_test_support::shared_text;

// The Compscore3 USEBIO sessions (the list every test of them shares).
use countback_test_support::files::COMPSCORE_SESSIONS as USEBIO;

const NZ: [&str; 3] = [
    "bridge-data/nz-scorer/multi-section-multi-movement-pairs.xml",
    "bridge-data/nz-scorer/pairs-with-np-passed.xml",
    "bridge-data/nz-scorer/three_quarter_howell_with_phantom.xml",
];

#[derive(Default, Debug)]
struct Tally {
    lines: usize,
    scored: usize,
    agree: usize,
    without_contract: usize,
    disagreements: Vec<String>,
    /// Lines that also store the opening lead.
    with_lead: usize,
}

impl Tally {
    fn check(&mut self, at: String, board: u32, result: TableResult, stored: &str) {
        self.scored += 1;
        let vul = Vulnerability::of_board(BoardNumber(board)).unwrap();
        let ours = result.ns_points(vul);
        let theirs: i32 = stored
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{at}: score {stored:?}"));
        // The impossible-score check accepts every score a table made
        // (the two NZ scores typed by hand are possible too).
        assert!(is_possible_score(theirs, vul), "{at}: {theirs}");
        if ours == theirs {
            self.agree += 1;
        } else {
            self.disagreements.push(format!(
                "{at}: board {board}: {result:?} gives {ours}, stored {theirs}"
            ));
        }
    }
}

fn text_of<'a>(node: roxmltree::Node<'a, '_>, tag: &str) -> Option<&'a str> {
    node.children()
        .find(|c| c.has_tag_name(tag))
        .and_then(|c| c.text())
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

#[test]
fn every_stored_usebio_contract_score_agrees_with_law_77() {
    let mut tally = Tally::default();
    let mut files = 0;
    for rel in USEBIO {
        let Some(text) = shared_text(rel) else { return };
        files += 1;
        let doc = roxmltree::Document::parse_with_options(
            &text,
            roxmltree::ParsingOptions {
                allow_dtd: true,
                ..Default::default()
            },
        )
        .unwrap();
        for board in doc.descendants().filter(|n| n.has_tag_name("BOARD")) {
            let number: u32 = text_of(board, "BOARD_NUMBER").unwrap().parse().unwrap();
            for line in board
                .children()
                .filter(|n| n.has_tag_name("TRAVELLER_LINE"))
            {
                tally.lines += 1;
                let at = format!("{rel} line {}", doc.text_pos_at(line.range().start).row);
                let Some(contract) = text_of(line, "CONTRACT") else {
                    tally.without_contract += 1;
                    continue;
                };
                let score = text_of(line, "SCORE").unwrap();
                if text_of(line, "LEAD").is_some() {
                    tally.with_lead += 1;
                }
                let result = match Contract::parse_or_pass(contract).unwrap() {
                    None => TableResult::PassedOut,
                    Some(c) => {
                        let declarer = Seat::parse(text_of(line, "PLAYED_BY").unwrap()).unwrap();
                        let tricks: u8 = text_of(line, "TRICKS").unwrap().parse().unwrap();
                        TableResult::Played(Played::new(c, declarer, tricks).unwrap())
                    }
                };
                tally.check(at, number, result, score);
            }
        }
    }
    if files == 0 {
        return;
    }
    assert!(tally.disagreements.is_empty(), "{:#?}", tally.disagreements);
    // The files as the README describes them: 1,622 traveller lines, of
    // which 5 are artificial scores with no contract; the other 1,617
    // (6 of them passed out) are all scored and agree. The 1,611
    // are the lines that also store the lead (a pass-out has none).
    assert_eq!((tally.lines, tally.without_contract), (1622, 5));
    assert_eq!((tally.scored, tally.agree), (1617, 1617));
    assert_eq!(tally.with_lead, 1611);
    eprintln!("USEBIO: {tally:?}");
}

#[test]
fn every_stored_nz_scorer_contract_score_agrees_with_law_77() {
    let mut tally = Tally::default();
    let mut not_played = 0;
    let mut files = 0;
    for rel in NZ {
        let Some(text) = shared_text(rel) else { return };
        files += 1;
        let doc = roxmltree::Document::parse(&text).unwrap();
        for line in doc.descendants().filter(|n| n.has_tag_name("result")) {
            tally.lines += 1;
            let at = format!("{rel} line {}", doc.text_pos_at(line.range().start).row);
            let attr = |name: &str| line.attribute(name).unwrap_or("").trim();
            let board: u32 = attr("bd").parse().unwrap();
            let contract = attr("cont");
            if contract.is_empty() {
                tally.without_contract += 1;
                continue;
            }
            if contract.eq_ignore_ascii_case("N P") {
                not_played += 1;
                continue;
            }
            let result = match Contract::parse_or_pass(contract).unwrap() {
                None => TableResult::PassedOut,
                Some(c) => {
                    let relative: i8 = match attr("res") {
                        "=" => 0,
                        r => r.trim_start_matches('+').parse().unwrap(),
                    };
                    let declarer = Seat::parse(attr("dec")).unwrap();
                    TableResult::Played(Played::with_result(c, declarer, relative).unwrap())
                }
            };
            tally.check(at, board, result, attr("score"));
        }
    }
    if files == 0 {
        return;
    }
    // Two lines of the three-section file carry a score that no reading of
    // their own contract and result gives; each is a score typed by hand
    // over a placeholder contract (checked by reading the board's other
    // lines):
    // - line 484, board 16: "6 NT" by W, res "-5", score -250. Six no
    //   trumps five down, not vulnerable, is +250 to North-South: the
    //   stored sign is reversed (and the MPs, 0/640, follow the stored -250).
    // - line 765, board 18: "6 NT" by N, res "-12" (no tricks at all),
    //   score -170: the score of 2H+2 by West that four other tables on
    //   the board have, with MPs 220/420 identical to theirs.
    // Law 77 cannot agree with either; every other line agrees.
    let known = [
        "multi-section-multi-movement-pairs.xml line 484: board 16",
        "multi-section-multi-movement-pairs.xml line 765: board 18",
    ];
    assert_eq!(
        tally.disagreements.len(),
        known.len(),
        "{:#?}",
        tally.disagreements
    );
    for (found, expected) in tally.disagreements.iter().zip(known) {
        assert!(found.contains(expected), "{found}");
    }
    // 1,358 lines: 29 with no contract (phantom and "Adj" lines), 1 "N P".
    assert_eq!(
        (tally.lines, tally.without_contract, not_played),
        (1358, 29, 1)
    );
    assert_eq!((tally.scored, tally.agree), (1328, 1326));
    eprintln!("NZ Scorer: {tally:?}");
}
