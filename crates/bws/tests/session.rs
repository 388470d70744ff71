//! The session built from a `.bws`-shaped file: movements, identifiers and
//! the refusals, each naming the `ReceivedData` row.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use countback_bws::{BwsError, BwsFile, Entry, Received, Round, Section};
use countback_contract::{Contract, Played, Seat, TableResult};
use countback_model::{Direction, TableOutcome};
use countback_results::Ranking;

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

/// A movement of `tests/data/movements.toml` (its head says how it is
/// written): a seat is section, table, round, NS pair, EW pair.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Movement {
    sections: Vec<(u32, String)>,
    seats: Vec<(u32, u32, u32, u32, u32)>,
    contracts: Vec<String>,
}

/// The file of the movement `name`.
fn movement(name: &str) -> BwsFile {
    let all: std::collections::BTreeMap<String, Movement> =
        countback_test_support::case_file::read_toml(env!("CARGO_MANIFEST_DIR"), "movements.toml");
    let m = &all[name];
    // A result for the first seat rows (a movement may list rounds not yet
    // played), never more results than rows: the zip below would drop them.
    assert!(
        m.contracts.len() <= m.seats.len(),
        "{name}: more contracts than seats"
    );
    BwsFile {
        sections: m
            .sections
            .iter()
            .map(|(id, l)| Section {
                id: *id,
                letter: l.clone(),
                tables: 2,
            })
            .collect(),
        rounds: m
            .seats
            .iter()
            .map(|&(s, t, r, ns, ew)| round(s, t, r, ns, ew))
            .collect(),
        received: m
            .seats
            .iter()
            .zip(&m.contracts)
            .enumerate()
            .map(|(i, (&(s, t, r, ns, ew), c))| result(i + 1, s, t, r, ns, ew, c))
            .collect(),
        ..BwsFile::default()
    }
}

fn mitchell() -> BwsFile {
    movement("mitchell")
}

/// The outcome of each line of the `i`th board of `s`.
fn outcomes(s: &countback_results::Session, i: usize) -> Vec<&TableOutcome> {
    s.boards[i]
        .lines
        .iter()
        .map(|l| &l.traveller.outcome)
        .collect()
}

#[test]
fn a_mitchell_ranks_directions_apart() {
    let s = mitchell().session().unwrap().session;
    assert_eq!(s.ranking, Ranking::ByDirection);
    // Issue 27 item 3: named as what it is, not as a USEBIO file.
    assert_eq!(s.format, "Bridgemate .bws");
    let ids: Vec<&str> = s.participants.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["1NS", "2NS", "1EW", "2EW"]);
    assert_eq!(s.participants[2].field, Some(Direction::EastWest));
    // Board 1 is love all: 4S= by South 420, 3NT= 400.
    assert_eq!(
        outcomes(&s, 0),
        [
            &TableOutcome::Played { ns_points: 420 },
            &TableOutcome::Played { ns_points: 400 }
        ]
    );
    // Board 2: a pass-out is a real 0, "not played" is absent.
    assert_eq!(
        outcomes(&s, 1),
        [
            &TableOutcome::Played { ns_points: 0 },
            &TableOutcome::NotPlayed
        ]
    );
}

#[test]
fn a_howell_is_one_field() {
    let f = movement("howell");
    let s = f.session().unwrap().session;
    assert_eq!(s.ranking, Ranking::OneField);
    let ids: Vec<&str> = s.participants.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["1", "2", "3", "4"]);
}

#[test]
fn sections_are_named_and_scored_apart() {
    let f = movement("two_sections");
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
fn a_session_serialises_to_json_with_each_lines_play() {
    let s = mitchell().session().unwrap();
    let json = serde_json::to_value(&s).unwrap();
    let lines: Vec<&serde_json::Value> = json["session"]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| b["lines"].as_array().unwrap())
        .collect();
    // Three results with a contract or a pass-out; the line not played has none.
    let played: Vec<_> = lines.iter().filter(|l| !l["play"].is_null()).collect();
    assert_eq!(played.len(), 3);
    assert_eq!(lines.len(), 4);
    let first = played[0];
    assert_eq!(first["traveller"]["board"], 1);
    assert_eq!(first["traveller"]["ns"], "1NS");
    assert_eq!(first["play"]["contract"], "4S");
}

/// Issue 41: "a Mitchell section beside a Howell section (14) … is
/// refused". Each section is ranked by its own movement. By hand, board 1:
/// in A (Mitchell), 420 beats 400: 1NS 2 of 2, 2NS 0, and EW the reverse,
/// each direction its own field; in B (Howell, one field), 420 beats 110:
/// B1 (North-South) and B4 (East-West) 2 of 2, B2 and B3 0, so B1 and B4
/// share first place and B2 and B3 third.
#[test]
fn a_mitchell_section_beside_a_howell_section_is_read() {
    let s = movement("mitchell_beside_howell")
        .session()
        .unwrap()
        .session;
    let ids: Vec<(&str, Option<Direction>)> = s
        .participants
        .iter()
        .map(|p| (p.id.as_str(), p.field))
        .collect();
    assert_eq!(
        ids,
        [
            ("A1NS", Some(Direction::NorthSouth)),
            ("A2NS", Some(Direction::NorthSouth)),
            ("A1EW", Some(Direction::EastWest)),
            ("A2EW", Some(Direction::EastWest)),
            ("B1", None),
            ("B2", None),
            ("B3", None),
            ("B4", None),
        ]
    );
    let r = countback_results::rescore(&s, None).unwrap();
    let place = |id: &str| {
        let st = r.standing(&countback_model::ContestantId::new(id)).unwrap();
        (st.total.to_string(), st.place)
    };
    for (id, total, at) in [
        ("A1NS", "2", 1),
        ("A2NS", "0", 2),
        ("A2EW", "2", 1),
        ("A1EW", "0", 2),
        ("B1", "2", 1),
        ("B4", "2", 1),
        ("B2", "0", 3),
        ("B3", "0", 3),
    ] {
        assert_eq!(place(id), (total.to_owned(), at), "{id}");
    }
}

/// Issue 41: "files written by a third-party manager whose `RoundData` is
/// a one-row stub while all results are in `ReceivedData` (refused; the
/// movement has to come from the received results)". The Mitchell above
/// with `RoundData` cut to its first row: who sat where is read from the
/// results, the same pairs as from the full `RoundData`, and the session
/// says so.
#[test]
fn a_stub_round_data_gives_the_movement_from_the_results() {
    let full = mitchell().session().unwrap();
    let mut f = mitchell();
    f.rounds.truncate(1);
    let s = f.session().unwrap();
    assert!(s.movement_from_results);
    assert!(!full.movement_from_results);
    assert_eq!(s.session.participants, full.session.participants);
    assert_eq!(s.session.boards, full.session.boards);
    assert!(
        s.session
            .not_used
            .iter()
            .any(|n| n.starts_with("RoundData (1 rows)")),
        "{:?}",
        s.session.not_used
    );
}

/// Issue 41: "`Not played` rows at an empty table refused (2)". A half
/// table (nobody East-West: `EWPair` 0) sends "Not played": no result for
/// anyone, passed and counted, whether the row says pair 0 or a number no
/// seat has. A real result there is still refused, naming the row.
#[test]
fn not_played_at_an_empty_table_is_no_result() {
    for ew in [0, 9] {
        let mut f = movement("half_table");
        f.received[1].pair_ew = ew;
        let s = f.session().unwrap();
        assert_eq!(s.not_played_at_empty_tables, 1, "EW {ew}");
        let lines: usize = s.session.boards.iter().map(|b| b.lines.len()).sum();
        assert_eq!(lines, 1, "EW {ew}");
        assert!(s
            .session
            .not_used
            .iter()
            .any(|n| n.starts_with("ReceivedData (1 rows): \"Not played\"")));
    }
    let mut f = movement("half_table");
    f.received[1].entry = Entry::Result(TableResult::PassedOut);
    assert!(matches!(
        f.session(),
        Err(BwsError::UnknownPair {
            row: 2,
            pair: 0,
            ..
        })
    ));
}
