//! Issue 25, Why: "A USEBIO event with several SECTIONs (each with boards
//! 1–26) is refused: 'board 1 appears twice'." Two sections, each its
//! own pairs (numbered 1–4 in both) and boards 1 and 2, scored per section
//! or across the field as the file's own figures show.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use countback_model::{ContestantId, Score};
use countback_results::{audit, Audit};
use countback_usebio::parse_usebio;

/// The audit of a session, every figure of which must agree.
fn agreeing(s: &countback_results::Session) -> Audit {
    let a = audit(s, None).unwrap();
    assert!(
        a.findings.iter().all(|f| f.class.agrees()),
        "{}",
        a.summary()
    );
    a
}

fn total(a: &Audit, who: &str) -> Score {
    a.rescore
        .standing(&ContestantId::new(who))
        .unwrap()
        .total
        .clone()
}

/// Asserts the rescored total of each pair in `want`.
fn totals_are(a: &Audit, want: &[(&str, i64)]) {
    for (who, t) in want {
        assert_eq!(total(a, who), Score::integer(*t), "{who}");
    }
}

fn line(ns: u32, ew: u32, score: &str, mp: (u32, u32)) -> String {
    format!(
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><SCORE>{score}</SCORE><NS_MATCH_POINTS>{}</NS_MATCH_POINTS><EW_MATCH_POINTS>{}</EW_MATCH_POINTS></TRAVELLER_LINE>",
        mp.0, mp.1
    )
}

/// A section: pairs 1–4 with their totals and places, boards 1 and 2 with
/// 1 v 2 and 3 v 4 scoring `scores` and storing `mps`.
fn section(id: &str, totals: [(u32, u32); 4], scores: [&str; 2], mps: [(u32, u32); 2]) -> String {
    let mut s = format!("<SECTION><SECTION_ID>{id}</SECTION_ID><PARTICIPANTS>");
    for (p, (total, place)) in (1..=4).zip(totals) {
        s.push_str(&format!(
            "<PAIR><PAIR_NUMBER>{p}</PAIR_NUMBER><TOTAL_SCORE>{total}</TOTAL_SCORE><PLACE>{place}</PLACE></PAIR>"
        ));
    }
    s.push_str("</PARTICIPANTS>");
    for b in 1..=2 {
        s.push_str(&format!(
            "<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER>{}{}</BOARD>",
            line(1, 2, scores[0], mps[0]),
            line(3, 4, scores[1], mps[1])
        ));
    }
    s.push_str("</SECTION>");
    s
}

fn event(a: &str, b: &str) -> String {
    format!(
        "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"MP_PAIRS\"><PROGRAM_NAME>Compscore3</PROGRAM_NAME><WINNER_TYPE>1</WINNER_TYPE><SECTION_COUNT>2</SECTION_COUNT>{a}{b}</EVENT></USEBIO>"
    )
}

/// Two sections, each the mirror of the other: in A, +420 at 1 v 2 and
/// −50 at 3 v 4 on both boards; in B the reverse. The pairs on the winning
/// side (A1, A4, B2, B3) total `win` (total, place) and store `top` match
/// points a board; the others `lose` and `bottom`.
fn mirrored_sections(win: (u32, u32), lose: (u32, u32), (top, bottom): (u32, u32)) -> String {
    let (w, l) = (win, lose);
    let mps = [(top, bottom), (bottom, top)];
    let a = section("A", [w, l, l, w], ["420", "-50"], mps);
    let b = section("B", [l, w, w, l], ["-50", "420"], [mps[1], mps[0]]);
    event(&a, &b)
}

/// Per section (two results a board, top 2): in A, +420 at 1 v 2 and −50
/// at 3 v 4: 1 and 4 score 2 a board (4), 2 and 3 nothing; in B the
/// reverse. Places start again in each section: 1 and 4 tie first in A,
/// 2 and 3 in B.
#[test]
fn sections_scored_and_ranked_apart() {
    let xml = mirrored_sections((4, 1), (0, 3), (2, 0));
    let s = parse_usebio(&xml).unwrap();
    assert_eq!(s.participants.len(), 8);
    assert_eq!(s.participants[4].id.as_str(), "B1");
    assert_eq!(s.boards.len(), 4);
    let a = agreeing(&s);
    totals_are(&a, &[("A1", 4), ("B1", 0)]);
}

/// Across the field (four results a board, top 6): both +420s tie on top
/// (5), both −50s at the bottom (1). A1, A4, B2, B3 score 10; the others
/// 2. The stored match points add up to 6, the field's top, not a
/// section's 2: the file was scored across the field; the places run in
/// one list (four first, four fifth).
#[test]
fn sections_scored_across_the_field_when_the_figures_say_so() {
    let xml = mirrored_sections((10, 1), (2, 5), (5, 1));
    let s = parse_usebio(&xml).unwrap();
    assert_eq!(s.boards.len(), 2);
    assert!(s.participants.iter().all(|p| p.section.is_none()));
    let a = agreeing(&s);
    totals_are(&a, &[("A1", 10), ("B2", 10)]);
}

/// The faithful rule for USEBIO: what the file carries and the reader does
/// not use (contacts, the play) is listed, never refused. The club's name
/// is read (issue 40: it heads what is printed), so it is not listed.
#[test]
fn what_a_usebio_file_carries_beyond_the_figures_is_listed_as_not_used() {
    let xml = mirrored_sections((4, 1), (0, 3), (2, 0)).replace(
        "<PROGRAM_NAME>",
        "<CLUB_NAME>Club</CLUB_NAME><CONTACT><EMAIL>x@example.invalid</EMAIL></CONTACT><PROGRAM_NAME>",
    );
    let s = parse_usebio(&xml).unwrap();
    assert_eq!(s.not_used, ["<CONTACT>", "<EMAIL>", "<SECTION_COUNT>"]);
    assert_eq!(s.club.as_deref(), Some("Club"));
}
