//! The score table: totals, percentages, gap PARs and exact ties.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use std::collections::{BTreeMap, BTreeSet};

use countback_matchpoints::{
    rank, rank_standings, BoardError, BoardNumber, ContestantId, InputError, PercentageMethod,
    Score, ScoreTable,
};

fn s(t: &str) -> Score {
    t.parse().unwrap()
}

fn c(n: &str) -> ContestantId {
    ContestantId::new(n)
}

/// Top 12 (a 7-result board): A played 3 boards, B only 2 (sat out board 3).
fn table() -> ScoreTable {
    let mut t = ScoreTable::new(s("12"));
    for (b, p, v) in [
        (1, "A", "12"),
        (2, "A", "6"),
        (3, "A", "0"),
        (1, "B", "9"),
        (2, "B", "9"),
    ] {
        t.record(BoardNumber(b), c(p), s(v)).unwrap();
    }
    t
}

#[test]
fn totals_and_proportional_percentages() {
    let t = table();
    assert_eq!(t.total(&c("A")), s("18"));
    assert_eq!(t.boards_played(&c("B")), 2);
    assert_eq!(t.board_total(BoardNumber(1)), s("21"));
    let a = t
        .standing(&c("A"), &PercentageMethod::Proportional)
        .unwrap();
    assert_eq!((a.max_possible, a.percentage), (s("36"), s("50")));
    let b = t
        .standing(&c("B"), &PercentageMethod::Proportional)
        .unwrap();
    assert_eq!((b.max_possible, b.percentage), (s("24"), s("75")));
    assert_eq!(t.scaled_total(&c("B"), 3).unwrap(), s("27"));
}

#[test]
fn gap_par_fills_only_boards_the_movement_would_have_given() {
    let t = table();
    let all: BTreeSet<BoardNumber> = [1, 2, 3].map(BoardNumber).into();
    let due = BTreeMap::from([(c("A"), all.clone()), (c("B"), all)]);
    let b = t
        .standing(&c("B"), &PercentageMethod::GapPar { due: due.clone() })
        .unwrap();
    // 18 + PAR 6 on board 3, out of 36.
    assert_eq!(
        (b.total, b.max_possible, b.percentage),
        (s("24"), s("36"), s("200/3"))
    );
    // B due only boards 1-2: no gap, same as proportional.
    let due = BTreeMap::from([(c("B"), [1, 2].map(BoardNumber).into())]);
    let b = t
        .standing(&c("B"), &PercentageMethod::GapPar { due })
        .unwrap();
    assert_eq!(b.percentage, s("75"));
}

#[test]
fn a_cell_cannot_be_scored_twice() {
    let mut t = table();
    assert_eq!(
        t.record(BoardNumber(1), c("A"), s("1")).unwrap_err(),
        BoardError::Input(InputError::BoardScoredTwice {
            board: BoardNumber(1),
            contestant: c("A")
        })
    );
}

#[test]
fn exact_ties_share_a_place() {
    // 1/3 + 1/6 equals 1/2 exactly: a float sum would not tie.
    let places = rank([
        (c("Z"), s("1/3") + s("1/6")),
        (c("Y"), s("1/2")),
        (c("X"), s("0.4999999999")),
        (c("W"), s("7")),
    ]);
    let shown: Vec<(usize, Vec<&str>)> = places
        .iter()
        .map(|p| {
            (
                p.place,
                p.members.iter().map(ContestantId::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(shown, [(1, vec!["W"]), (2, vec!["Y", "Z"]), (4, vec!["X"])]);
    let t = table();
    let standings = t.standings(&PercentageMethod::Proportional).unwrap();
    let order: Vec<Vec<ContestantId>> = rank_standings(&standings)
        .into_iter()
        .map(|p| p.members)
        .collect();
    assert_eq!(order, [vec![c("B")], vec![c("A")]]);
}

/// A pair given twice keeps its last value, as a map built from the same
/// pairs would (what `rank` did before it stopped building one).
#[test]
fn a_pair_given_twice_to_rank_keeps_its_last_value() {
    let places = rank([(c("A"), s("1")), (c("B"), s("5")), (c("A"), s("9"))]);
    let shown: Vec<(usize, Vec<&str>, Score)> = places
        .iter()
        .map(|p| {
            (
                p.place,
                p.members.iter().map(ContestantId::as_str).collect(),
                p.value.clone(),
            )
        })
        .collect();
    assert_eq!(shown, [(1, vec!["A"], s("9")), (2, vec!["B"], s("5"))]);
}

/// Pairs recorded out of name order come back by name, and the table is
/// written as it always was: `top`, and `rows` from pair to board to score,
/// by name (a hand-built map of the same cells is the reference).
#[test]
#[cfg(feature = "serde")]
fn the_table_reads_and_writes_by_name_whatever_the_recording_order() {
    let mut t = ScoreTable::new(s("4"));
    for (b, p, v) in [(2, "C", "1"), (1, "A", "4"), (1, "C", "3/2"), (2, "B", "0")] {
        t.record(BoardNumber(b), c(p), s(v)).unwrap();
    }
    let names: Vec<&str> = t.pairs().map(ContestantId::as_str).collect();
    assert_eq!(names, ["A", "B", "C"]);
    let rows: BTreeMap<ContestantId, BTreeMap<BoardNumber, Score>> = BTreeMap::from([
        (c("A"), BTreeMap::from([(BoardNumber(1), s("4"))])),
        (c("B"), BTreeMap::from([(BoardNumber(2), s("0"))])),
        (
            c("C"),
            BTreeMap::from([(BoardNumber(1), s("3/2")), (BoardNumber(2), s("1"))]),
        ),
    ]);
    let expected = serde_json::json!({ "top": s("4"), "rows": rows });
    let written = serde_json::to_value(&t).unwrap();
    assert_eq!(written, expected);
    let read: ScoreTable = serde_json::from_value(written).unwrap();
    assert_eq!(read, t);
    assert_eq!(read.cell(&c("C"), BoardNumber(1)), Some(&s("3/2")));
    let standings = read.standings(&PercentageMethod::Proportional).unwrap();
    let order: Vec<&str> = standings.iter().map(|st| st.pair.as_str()).collect();
    assert_eq!(order, ["A", "B", "C"]);
}
