//! A scored session's board tables, built one board at a time on demand
//! (issue 30: no second copy of every scored line): each table holds the
//! figures worked by hand in `examples/pairs-fouled-board.toml`, the
//! not-played lines the scored session leaves out, and what picks the
//! boards to show (board, fouled, adjusted) agrees with the table built.
#![allow(clippy::unwrap_used, clippy::panic)]
#![allow(clippy::indexing_slicing, missing_docs)]

use countback_event::model::Score;
use countback_event::{Applied, BoardTable, Event, RawOptions, Scored};

fn example() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/pairs-fouled-board.toml"
    );
    std::fs::read_to_string(path).unwrap()
}

/// The example with N3 v E5 on board 2 not played.
fn with_not_played() -> String {
    example().replacen(
        r#"{ ns = "N3", ew = "E5", score = "100" }"#,
        r#"{ ns = "N3", ew = "E5", score = "NP" }"#,
        1,
    )
}

fn scored(text: &str) -> Scored {
    Event::from_toml(text)
        .unwrap()
        .score(&RawOptions::default())
        .unwrap()
}

fn table(s: &Scored, board: u32) -> BoardTable {
    s.boards()
        .find(|b| b.board().0 == board)
        .unwrap_or_else(|| panic!("no board {board}"))
        .table()
}

fn q(n: i64, d: i64) -> Score {
    Score::new(n, d).unwrap()
}

/// Board 4 of the example, by hand (its header): version 1's three results
/// score 4, 1, 1 within their group, `(M·5 + 2)/3` = 22/3, 7/3, 7/3;
/// version 2's two score 2, 0, `(M·5 + 3)/2` = 13/2, 3/2. Lines by
/// version, then NS pair.
#[test]
fn a_fouled_boards_table_is_built_on_demand_version_by_version() {
    let s = scored(&example());
    let b4 = table(&s, 4);
    assert!(b4.fouled);
    let got: Vec<(&str, Option<usize>, Score)> = b4
        .lines
        .iter()
        .map(|l| (l.ns.as_str(), l.version, l.factored.clone().unwrap().0))
        .collect();
    assert_eq!(
        got,
        vec![
            ("N2", Some(1), q(7, 3)),
            ("N3", Some(1), q(22, 3)),
            ("N4", Some(1), q(7, 3)),
            ("N1", Some(2), q(13, 2)),
            ("N5", Some(2), q(3, 2)),
        ]
    );
    assert_eq!(b4.lines[0].applied, Applied::Neuberg { a: 3, e: 5 });
    assert_eq!(b4.lines[3].applied, Applied::Neuberg { a: 2, e: 5 });
}

/// A not-played line is in no scored board, only in the traveller: the
/// table built on demand still lists it, in its NS pair's place, and the
/// board counts as adjusted before its table is built.
#[test]
fn a_not_played_line_is_in_its_boards_table_in_its_place() {
    let s = scored(&with_not_played());
    let b2 = s.boards().find(|b| b.board().0 == 2).unwrap();
    assert!(b2.is_adjusted() && !b2.fouled());
    let t = b2.table();
    let ns: Vec<&str> = t.lines.iter().map(|l| l.ns.as_str()).collect();
    assert_eq!(ns, ["N1", "N2", "N3", "N4", "N5"]);
    assert_eq!(t.lines[2].applied, Applied::NotPlayed);
    assert_eq!((t.lines[2].ns_points, &t.lines[2].scored), (None, &None));
    // Four results of five: N2's 500 tops them (6 of 6), (6·5 + 1)/4.
    assert_eq!(t.lines[1].factored.clone().unwrap().0, q(31, 4));
    assert_eq!(t.lines[1].applied, Applied::Neuberg { a: 4, e: 5 });
}

/// What picks the boards to show agrees with the table, board by board.
#[test]
fn a_boards_summary_agrees_with_its_table() {
    for (s, want) in [
        (scored(&example()), vec![4]),
        (scored(&with_not_played()), vec![2, 4]),
    ] {
        assert_eq!(s.boards().len(), s.session.boards.len());
        let mut adjusted = Vec::new();
        for b in s.boards() {
            let t = b.table();
            assert_eq!((b.board(), b.fouled()), (t.board, t.fouled));
            assert_eq!(b.is_adjusted(), t.is_adjusted(), "board {}", t.board);
            if b.is_adjusted() {
                adjusted.push(t.board.0);
            }
        }
        // Board 4 is fouled; board 2 short by its not-played line.
        assert_eq!(adjusted, want);
    }
}
