//! Weighted scores (Law 12C1(c)) on whole boards: factored to `E` like a
//! played result, and refused where they mean nothing.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_normalise::{
    score_board, score_fouled_board, BoardError, BoardNumber, BoardSpec, LineOutcome, Method,
    Movement, NormaliseError, Score, TableOutcome, TravellerLine, WeightedScore,
};

mod common;

use common::s;

const B: BoardNumber = BoardNumber(7);

fn line(t: usize, outcome: TableOutcome) -> TravellerLine {
    common::line_on(B, t, outcome)
}

fn played(t: usize, p: i32) -> TravellerLine {
    common::played_on(B, t, p)
}

fn w60_40() -> WeightedScore {
    WeightedScore::new(vec![(s("3/5"), 420), (s("2/5"), -50)]).unwrap()
}

/// Four results of five expected; table 4 is 60% of 420 and 40% of -50.
///
/// As-is (top 6): 450 → 6; 420 → 0 + 2 + (3/5·1 + 2/5·2) = 17/5;
/// -50 → 2/5·1 = 2/5; W → 3/5·(0+1+2) + 2/5·(0+0+1) = 11/5 (sum 12 = 4·3).
/// Neuberg to 5 (top 8): (M + 1)·5/4 − 1. W: (16/5)·5/4 − 1 = 3, which is
/// also 3/5·[(3+1)·5/4 − 1] + 2/5·[(1+1)·5/4 − 1] = 3/5·4 + 2/5·3/2: the
/// formula is affine, so factoring keeps the weighted reading. W's EW:
/// 6 − 11/5 = 19/5 → (24/5)·5/4 − 1 = 5; 3 + 5 = 8, the top.
#[test]
fn a_weighted_line_is_factored_like_a_played_result() {
    let lines = [
        played(1, 450),
        played(2, 420),
        played(3, -50),
        line(4, TableOutcome::Weighted(w60_40())),
    ];
    let board = score_board(B, &lines, &BoardSpec::new(5), &Movement::open()).unwrap();
    let ns: Vec<Score> = board.lines.iter().map(|l| l.ns_exact.clone()).collect();
    // (6+1)·5/4 − 1 = 31/4; (17/5 + 1)·5/4 − 1 = 11/2 − 1 = 9/2; (2/5 + 1)·5/4 − 1 = 3/4.
    assert_eq!(ns, [s("31/4"), s("9/2"), s("3/4"), s("3")]);
    let w = &board.lines[3];
    assert_eq!(w.ew_exact, s("5"));
    match &w.outcome {
        LineOutcome::Weighted {
            score,
            group_size,
            as_is_ns,
            as_is_ew,
            method,
        } => {
            assert_eq!(score, &w60_40());
            assert_eq!(*group_size, 4);
            assert_eq!((as_is_ns, as_is_ew), (&s("11/5"), &s("19/5")));
            assert_eq!(*method, Method::Formula);
        }
        other => panic!("not weighted: {other:?}"),
    }
    // Each of the four lines shares the top of 8 between NS and EW.
    assert_eq!(board.ns_total() + board.ew_total(), s("32"));
}

/// A weighted line alone in a fouled board's version has nothing to be
/// compared with: refused, never silently replaced by the unplayable award.
#[test]
fn a_weighted_line_alone_in_its_version_is_refused() {
    let versions = [
        vec![played(1, 450), played(2, 420), played(3, -50)],
        vec![line(4, TableOutcome::Weighted(w60_40()))],
    ];
    let got = score_fouled_board(B, &versions, &BoardSpec::new(4), &Movement::open());
    assert!(
        matches!(
            got,
            Err(NormaliseError::Board(BoardError::WeightedNotScored { ref pair, .. }))
                if pair.as_str() == "4NS"
        ),
        "{got:?}"
    );
}
