//! Issue 40: what a Ruter pairs PBN says of the play and the deals. The
//! reader listed `Contract`, `Declarer`, `Result` and `Lead` as not used
//! and read no `[Deal]`, `[OptimumResultTable]` or par; travellers showed
//! the score alone and there were no hand records. Every expected value
//! below is typed in from the file's board 2 (its `[Deal]`, its
//! `ScoreTable`'s first row and its `OptimumResultTable`, as a text editor
//! shows them). No personal name is asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use countback_model::{BoardNumber, ContestantId};
use countback_pbn::parse_pbn_played;
use countback_test_support::shared_text;

const PAIRS: &str = "bridge-data/real-world/gerhardsletten-jrbridge-pbn-api/pairs.pbn";

#[test]
fn a_ruter_pairs_file_gives_each_line_its_contract_declarer_tricks_and_lead() {
    let Some(text) = shared_text(PAIRS) else {
        return;
    };
    let p = parse_pbn_played(&text).unwrap();
    let plays = p.session.plays();
    let eight = ContestantId::new("8");
    let (two, four) = (ContestantId::new("2"), ContestantId::new("4"));
    // 63 boards of 4 tables, 252 rows: all but board 37's two adjusted
    // scores (round 13, `-` contract, `"A+"`/`"A-"`) have a contract.
    assert_eq!(plays.len(), 63 * 4 - 2);
    assert!(!plays.contains_key(&(BoardNumber(37), None, &two)));
    // Board 2, table 1, round 1: pair 8 NS v 1, `4H N 11 CK "650"`.
    let play = plays[&(BoardNumber(2), None, &eight)];
    assert_eq!(play.contract, "4H");
    assert_eq!(play.declarer, "N");
    assert_eq!(play.tricks, Some(11));
    assert_eq!(play.lead.as_deref(), Some("CK"));
    assert_eq!(play.round, Some(1));
    // Board 2, table 4: `4D W 8 HA "100"`.
    let play = plays[&(BoardNumber(2), None, &four)];
    assert_eq!(
        (play.contract.as_str(), play.declarer.as_str(), play.tricks),
        ("4D", "W", Some(8))
    );
    for column in ["Declarer", "Result", "Lead", "Round"] {
        let entry = format!("[ScoreTable] column {column}");
        assert!(!p.session.not_used.contains(&entry), "{entry} is read now");
    }
}

#[test]
fn a_ruter_pairs_file_gives_each_board_its_deal_double_dummy_tricks_and_par() {
    let Some(text) = shared_text(PAIRS) else {
        return;
    };
    let p = parse_pbn_played(&text).unwrap();
    assert_eq!(p.hands.len(), 63);
    let two = p.hands.get(BoardNumber(2), None).unwrap();
    assert_eq!(
        (two.dealer, two.vulnerable.as_deref()),
        (Some('E'), Some("NS"))
    );
    assert!(!two.by_board_number);
    // `E:Q75.J2.T9743.AK5 K83.T964.J6.QJT4 92.87.AKQ82.9876
    // AJT64.AKQ53.5.32`: East first, then South, West, North.
    let suits = |seat: usize| two.hands[seat].as_ref().unwrap().suits();
    assert_eq!(suits(0), ["AJT64", "AKQ53", "5", "32"]);
    assert_eq!(suits(1), ["Q75", "J2", "T9743", "AK5"]);
    assert_eq!(suits(2), ["K83", "T964", "J6", "QJT4"]);
    assert_eq!(suits(3), ["92", "87", "AKQ82", "9876"]);
    // `N S 10`, `N H 10`, `N D 5`, `N C 6`, `N NT 6`; `W NT 3` … `W D 8`.
    let dd = two.double_dummy.as_ref().unwrap();
    assert_eq!(
        dd.tricks[0],
        [Some(6), Some(10), Some(10), Some(5), Some(6)]
    );
    assert_eq!(dd.tricks[3], [Some(3), Some(3), Some(2), Some(8), Some(6)]);
    let par = two.par.as_ref().unwrap();
    assert_eq!(par.contract.as_deref(), Some("5DX E 8"));
    assert_eq!(par.score.as_deref(), Some("NS 500"));
}
