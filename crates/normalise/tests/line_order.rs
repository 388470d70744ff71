//! Issue 30: a scored board's lines are ordered by version, NS pair and EW
//! pair through small keys and moved once; the order is the names' own,
//! whatever order the traveller came in.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_normalise::{
    score_fouled_board, BoardNumber, BoardSpec, LineOutcome, Movement, TableOutcome, TravellerLine,
};
use proptest::prelude::*;

const B: BoardNumber = BoardNumber(1);

fn line(ns: &str, ew: &str, points: i32) -> TravellerLine {
    TravellerLine {
        board: B,
        ns: ns.into(),
        ew: ew.into(),
        outcome: TableOutcome::Played { ns_points: points },
    }
}

proptest! {
    /// Tables in any order, pairs whose names share their first eight bytes,
    /// two versions: the lines come out by version, then NS, then EW, each
    /// with its own match points.
    #[test]
    fn lines_come_by_version_then_names(
        tables in proptest::collection::btree_set(0u32..5000, 2..40),
        points in proptest::collection::vec(-20i32..20, 40),
        split in 1usize..39,
        turn in 0usize..40,
    ) {
        let mut all: Vec<TravellerLine> = tables
            .iter()
            .zip(&points)
            .map(|(t, p)| line(&format!("North-South {t}"), &format!("East-West {t}"), p * 10))
            .collect();
        let n = all.len();
        all.rotate_left(turn % n);
        let split = split.min(n - 1).max(1);
        let versions = vec![all[..split].to_vec(), all[split..].to_vec()];
        let e = split.max(n - split);
        let board = score_fouled_board(B, &versions, &BoardSpec::new(e), &Movement::open()).unwrap();
        let got: Vec<(usize, &str, &str)> =
            board.lines.iter().map(|l| (l.version, l.ns.as_str(), l.ew.as_str())).collect();
        let mut want: Vec<(usize, &str, &str)> = versions
            .iter()
            .enumerate()
            .flat_map(|(v, lines)| lines.iter().map(move |l| (v, l.ns.as_str(), l.ew.as_str())))
            .collect();
        want.sort();
        prop_assert_eq!(&got, &want);
        // Each line keeps its own result: the NS points it was scored from.
        for l in &board.lines {
            let typed = versions[l.version].iter().find(|t| t.ns == l.ns).unwrap();
            // (A version of one result is unplayable: no points of its own.)
            if let (TableOutcome::Played { ns_points: typed }, LineOutcome::Played { ns_points, .. }) =
                (&typed.outcome, &l.outcome)
            {
                prop_assert_eq!(typed, ns_points);
            }
        }
    }
}

#[test]
fn names_alike_in_their_first_eight_bytes() {
    let lines = [
        line("Pair 100000002", "E2", 100),
        line("Pair 10000001", "E1", 50),
        line("Pair 100000001", "E3", 0),
    ];
    let board =
        score_fouled_board(B, &[lines.to_vec()], &BoardSpec::new(3), &Movement::open()).unwrap();
    let ns: Vec<&str> = board.lines.iter().map(|l| l.ns.as_str()).collect();
    assert_eq!(ns, ["Pair 100000001", "Pair 100000002", "Pair 10000001"]);
}
