//! Small builders shared by the whole-board tests.
#![allow(dead_code, clippy::unwrap_used)]

use countback_normalise::{BoardNumber, Score, TableOutcome, TravellerLine};

/// An exact score from its text.
pub fn s(t: &str) -> Score {
    t.parse().unwrap()
}

/// Table `t`'s line of `board` (pairs `tNS` and `tEW`).
pub fn line_on(board: BoardNumber, t: usize, outcome: TableOutcome) -> TravellerLine {
    TravellerLine {
        board,
        ns: format!("{t}NS").into(),
        ew: format!("{t}EW").into(),
        outcome,
    }
}

/// Table `t`'s line of `board`, played for `p` to NS.
pub fn played_on(board: BoardNumber, t: usize, p: i32) -> TravellerLine {
    line_on(board, t, TableOutcome::Played { ns_points: p })
}
