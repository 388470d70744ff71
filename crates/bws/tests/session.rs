//! The session built from a `.bws`-shaped file: movements, identifiers and
//! the refusals, each naming the `ReceivedData` row.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use countback_bws::{BwsError, BwsFile, Entry, Received, Round, Section};
use countback_contract::{Contract, Played, Seat, TableResult};
use countback_model::{Direction, TableOutcome};
use countback_usebio::Ranking;

fn round(section: u32, table: u32, round: u32, ns: u32, ew: u32) -> Round {
    Round {
        section,
        table,
        round,
        ns_pair: ns,
        ew_pair: ew,
        low_board: round,
        high_board: round,
    }
}

fn result(
    row: usize,
    section: u32,
    table: u32,
    round: u32,
    ns: u32,
    ew: u32,
    text: &str,
) -> Received {
    let entry = match text {
        "NP" => Entry::NotPlayed,
        "PASS" => Entry::Result(TableResult::PassedOut),
        c => Entry::Result(TableResult::Played(
            Played::with_result(Contract::parse(c).unwrap(), Seat::South, 0).unwrap(),
        )),
    };
    Received {
        id: i64::try_from(row).unwrap() + 100,
        row,
        section,
        table,
        round,
        board: round,
        pair_ns: ns,
        pair_ew: ew,
        entry,
        lead: None,
    }
}

fn file(sections: &[(u32, &str)], rounds: Vec<Round>, received: Vec<Received>) -> BwsFile {
    BwsFile {
        sections: sections
            .iter()
            .map(|(id, l)| Section {
                id: *id,
                letter: (*l).to_owned(),
                tables: 2,
            })
            .collect(),
        rounds,
        received,
        ..BwsFile::default()
    }
}

/// Two tables, two rounds. Mitchell: EW 1 and 2 swap tables, so in round 2
/// pair number 1 sits NS at table 1 and EW at table 2.
fn mitchell() -> BwsFile {
    file(
        &[(1, "A")],
        vec![
            round(1, 1, 1, 1, 1),
            round(1, 2, 1, 2, 2),
            round(1, 1, 2, 1, 2),
            round(1, 2, 2, 2, 1),
        ],
        vec![
            result(1, 1, 1, 1, 1, 1, "4S"),
            result(2, 1, 2, 1, 2, 2, "3NT"),
            result(3, 1, 1, 2, 1, 2, "PASS"),
            result(4, 1, 2, 2, 2, 1, "NP"),
        ],
    )
}

#[test]
fn a_mitchell_ranks_directions_apart() {
    let s = mitchell().session().unwrap().session;
    assert_eq!(s.ranking, Ranking::ByDirection);
    // Issue 27 item 3: named as what it is, not as a USEBIO file.
    assert_eq!(s.format, countback_usebio::SourceFormat::Bws);
    assert_eq!(s.format.name(), "Bridgemate .bws");
    let ids: Vec<&str> = s.participants.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["1NS", "2NS", "1EW", "2EW"]);
    assert_eq!(s.participants[2].field, Some(Direction::EastWest));
    // Board 1 is love all: 4S= by South 420, 3NT= 400.
    let b1: Vec<&TableOutcome> = s.boards[0]
        .lines
        .iter()
        .map(|l| &l.traveller.outcome)
        .collect();
    assert_eq!(
        b1,
        [
            &TableOutcome::Played { ns_points: 420 },
            &TableOutcome::Played { ns_points: 400 }
        ]
    );
    // Board 2: a pass-out is a real 0, "not played" is absent.
    let b2: Vec<&TableOutcome> = s.boards[1]
        .lines
        .iter()
        .map(|l| &l.traveller.outcome)
        .collect();
    assert_eq!(
        b2,
        [
            &TableOutcome::Played { ns_points: 0 },
            &TableOutcome::NotPlayed
        ]
    );
}

#[test]
fn a_howell_is_one_field() {
    // Four pairs, two tables: no pair number in both directions in a round.
    let f = file(
        &[(1, "A")],
        vec![
            round(1, 1, 1, 1, 2),
            round(1, 2, 1, 3, 4),
            round(1, 1, 2, 4, 1),
            round(1, 2, 2, 2, 3),
        ],
        vec![
            result(1, 1, 1, 1, 1, 2, "4S"),
            result(2, 1, 2, 1, 3, 4, "4S"),
        ],
    );
    let s = f.session().unwrap().session;
    assert_eq!(s.ranking, Ranking::OneField);
    let ids: Vec<&str> = s.participants.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["1", "2", "3", "4"]);
}

#[test]
fn sections_are_named_and_scored_apart() {
    let f = file(
        &[(1, "A"), (2, "B")],
        vec![
            round(1, 1, 1, 1, 1),
            round(2, 1, 1, 1, 1),
            round(1, 1, 2, 1, 1),
            round(2, 2, 1, 2, 2),
        ],
        vec![
            result(1, 1, 1, 1, 1, 1, "4S"),
            result(2, 2, 1, 1, 1, 1, "4S"),
        ],
    );
    let s = f.session().unwrap().session;
    assert!(s.participants.iter().any(|p| p.id.as_str() == "B1NS"));
    let sections: Vec<Option<&str>> = s.boards.iter().map(|b| b.section.as_deref()).collect();
    assert_eq!(sections, [Some("A"), Some("B")]);
}

#[test]
fn a_pair_outside_the_movement_is_refused_naming_the_row() {
    let mut f = mitchell();
    f.received[1].pair_ew = 7;
    assert_eq!(
        f.session().unwrap_err(),
        BwsError::UnknownPair {
            row: 2,
            id: 102,
            section: 1,
            direction: "EW",
            pair: 7
        }
    );
}

#[test]
fn a_pair_scored_twice_on_a_board_is_refused() {
    let mut f = mitchell();
    // Row 2 claims NS pair 1 at table 2 on board 1 as well.
    f.received[1].pair_ns = 1;
    let err = f.session().unwrap_err();
    assert!(
        matches!(&err, BwsError::BoardTwice { row: 2, board: 1, pair, first_row: 1, .. } if pair == "1NS"),
        "{err}"
    );
}

#[test]
fn a_file_with_no_result_is_refused() {
    let mut f = mitchell();
    f.received.clear();
    assert!(matches!(f.session(), Err(BwsError::Unsupported { .. })));
}

#[cfg(feature = "serde")]
#[test]
fn a_session_serialises_to_json_with_its_plays_as_a_list() {
    let s = mitchell().session().unwrap();
    let json = serde_json::to_value(&s).unwrap();
    let plays = json["plays"].as_array().unwrap();
    // Three results with a contract or a pass-out; the line not played has none.
    assert_eq!(plays.len(), 3);
    assert_eq!(plays[0][0], 1);
    assert_eq!(plays[0][2], "1NS");
    assert_eq!(plays[0][3]["contract"], "4S");
}
