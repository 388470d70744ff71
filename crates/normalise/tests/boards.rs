//! Whole boards: fouled versions, unplayable versions, adjusted scores,
//! the one-missing shortcut, rounding policies and every bad input.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_normalise::{
    neuberg, score_board, score_fouled_board, ArtificialScore, BoardNumber, BoardSpec,
    ContestantId, LineOutcome, Method, Movement, NormaliseError, OneMissing, RoundingMode,
    RoundingPolicy, ScaleFactor, Score, TableOutcome, TravellerLine,
};
use countback_normalise::{BoardError, InputError};

mod common;

use common::s;

const B: BoardNumber = BoardNumber(12);

fn line(t: usize, outcome: TableOutcome) -> TravellerLine {
    common::line_on(B, t, outcome)
}

fn played(t: usize, p: i32) -> TravellerLine {
    common::played_on(B, t, p)
}

/// Distinct descending scores, so the group's as-is MPs are top, top−2, ... 0.
fn distinct(tables: std::ops::RangeInclusive<usize>) -> Vec<TravellerLine> {
    tables
        .map(|t| played(t, 2000 - 10 * i32::try_from(t).unwrap()))
        .collect()
}

fn ns_mps(board: &countback_normalise::ScoredBoard) -> Vec<String> {
    board
        .lines
        .iter()
        .map(|l| l.ns_mp.to_decimal(1, &RoundingMode::TowardZero).unwrap())
        .collect()
}

#[test]
fn fouled_board_seven_and_three_rounds_as_the_ebu_prints() {
    let spec = BoardSpec::new(10).with_rounding(RoundingPolicy::EbuTenthTowardAverage);
    let board = score_fouled_board(
        B,
        &[distinct(1..=7), distinct(8..=10)],
        &spec,
        &Movement::open(),
    )
    .unwrap();
    assert_eq!(
        ns_mps(&board),
        [
            "17.6", "14.7", "11.9", "9.0", "6.1", "3.3",
            "0.4", // version 2 by name: 10NS (lowest score), 8NS, 9NS
            "2.3", "15.7", "9.0"
        ]
    );
    assert_eq!(board.ns_total(), s("90"));
    assert_eq!(board.ew_total(), s("90"));
}

#[test]
fn one_missing_formula_and_shortcut_total_the_same() {
    let formula = score_board(
        B,
        &distinct(1..=9),
        &BoardSpec::new(10).with_rounding(RoundingPolicy::EbuTenthTowardAverage),
        &Movement::open(),
    )
    .unwrap();
    assert_eq!(
        ns_mps(&formula),
        ["17.9", "15.7", "13.4", "11.2", "9.0", "6.8", "4.6", "2.3", "0.1"]
    );
    let spec = BoardSpec::new(10).with_one_missing(OneMissing::TopMinusOneBottomPlusOne);
    let shortcut = score_board(B, &distinct(1..=9), &spec, &Movement::open()).unwrap();
    let mps: Vec<Score> = shortcut.lines.iter().map(|l| l.ns_mp.clone()).collect();
    assert_eq!(mps.first(), Some(&s("17")));
    assert_eq!(mps.last(), Some(&s("1")));
    assert_eq!(formula.ns_total(), s("81"));
    assert_eq!(shortcut.ns_total(), s("81"));
    assert_eq!(shortcut.ew_total(), s("81"));
    assert!(matches!(
        shortcut.lines[0].outcome,
        LineOutcome::Played {
            method: Method::OneMissingShortcut,
            ..
        }
    ));
    // Two missing: the shortcut does not apply, the formula does.
    let two = score_board(B, &distinct(1..=8), &spec, &Movement::open()).unwrap();
    assert!(matches!(
        two.lines[0].outcome,
        LineOutcome::Played {
            method: Method::Formula,
            ..
        }
    ));
}

#[test]
fn a_version_played_once_is_unplayable_and_gets_an_artificial_score() {
    let spec = BoardSpec::new(10).with_unplayable_award(ArtificialScore::average_plus_ns());
    let board = score_fouled_board(
        B,
        &[distinct(1..=9), vec![played(10, 620)]],
        &spec,
        &Movement::open(),
    )
    .unwrap();
    let last = board.lines.last().unwrap();
    assert_eq!(last.ns, ContestantId::new("10NS"));
    assert!(matches!(last.outcome, LineOutcome::Unplayable { .. }));
    // 60% and 40% of the complete top of 18.
    assert_eq!(
        (last.ns_mp.clone(), last.ew_mp.clone()),
        (s("54/5"), s("36/5"))
    );
}

#[test]
fn adjusted_lines_take_a_share_of_the_complete_top_and_the_rest_are_factored() {
    // Like `A6040` at top 40: 21 expected, 20 real results.
    let mut lines = distinct(1..=20);
    lines.push(line(
        21,
        TableOutcome::Artificial(ArtificialScore::average_plus_ns()),
    ));
    lines.push(line(22, TableOutcome::NotPlayed));
    let board = score_board(B, &lines, &BoardSpec::new(21), &Movement::open()).unwrap();
    assert_eq!(board.results(), 21);
    let adj = board
        .lines
        .iter()
        .find(|l| matches!(l.outcome, LineOutcome::Adjusted { .. }))
        .unwrap();
    assert_eq!((adj.ns_mp.clone(), adj.ew_mp.clone()), (s("24"), s("16")));
    // The top real result: (38 + 1)·21/20 − 1.
    let top = board.lines.iter().find(|l| l.ns.as_str() == "1NS").unwrap();
    assert_eq!(top.ns_exact, s("799/20"));
}

#[test]
fn rounding_policies_settle_exact_halves_as_named() {
    let avg = s("20");
    // (21·M + 1)/20 with E = 21, A = 20: 0.05, 2.15 and 39.95 are exact halves.
    assert_eq!(neuberg(&s("0"), 21, 20).unwrap(), s("0.05"));
    for (policy, value, rounded) in [
        (RoundingPolicy::EbuTenthTowardAverage, "0.05", "0.1"),
        (RoundingPolicy::EbuTenthTowardAverage, "2.15", "2.2"),
        (RoundingPolicy::EbuTenthTowardAverage, "39.95", "39.9"),
        (RoundingPolicy::HundredthHalfUp, "17/3", "5.67"),
        (RoundingPolicy::HundredthHalfUp, "1.005", "1.01"),
        (
            RoundingPolicy::TenThousandthHalfAwayFromAverage,
            "1.00005",
            "1.0000",
        ),
        (
            RoundingPolicy::TenThousandthHalfAwayFromAverage,
            "30.00005",
            "30.0001",
        ),
        (RoundingPolicy::TenthTruncated, "20.29", "20.2"),
        (RoundingPolicy::Exact, "1/3", "1/3"),
    ] {
        assert_eq!(
            policy.apply(&s(value), &avg).unwrap(),
            s(rounded),
            "{policy:?} of {value}"
        );
    }
}

#[test]
fn bad_counts_are_typed_errors() {
    assert_eq!(
        ScaleFactor::new(3, 4).unwrap_err(),
        NormaliseError::ExpectedBelowActual {
            board: None,
            expected: 3,
            actual: 4
        }
    );
    assert_eq!(
        ScaleFactor::new(-1, 4).unwrap_err(),
        NormaliseError::NegativeCount {
            board: None,
            what: "expected count E",
            value: -1
        }
    );
    assert_eq!(
        ScaleFactor::new(4, -2).unwrap_err(),
        NormaliseError::NegativeCount {
            board: None,
            what: "actual count A",
            value: -2
        }
    );
    assert_eq!(
        ScaleFactor::new(4, 0).unwrap_err(),
        NormaliseError::NoActualResults { board: None }
    );
    assert!(ScaleFactor::new(4, 3)
        .unwrap()
        .then(&ScaleFactor::new(6, 5).unwrap())
        .is_err());
    // On a board, E < A names the board.
    let err = score_board(B, &distinct(1..=5), &BoardSpec::new(4), &Movement::open()).unwrap_err();
    assert_eq!(
        err,
        NormaliseError::ExpectedBelowActual {
            board: Some(B),
            expected: 4,
            actual: 5
        }
    );
    assert_eq!(
        err.to_string(),
        "board 12: expected 4 results but 5 were obtained (E < A)"
    );
}

#[test]
fn bad_lines_are_typed_errors_naming_board_and_pair() {
    let movement = Movement::new(
        (1..=3)
            .flat_map(|t| [format!("{t}NS"), format!("{t}EW")])
            .map(ContestantId::from),
    );
    let spec = BoardSpec::new(3);
    let err = |versions: &[Vec<TravellerLine>]| {
        score_fouled_board(B, versions, &spec, &movement).unwrap_err()
    };
    assert_eq!(
        err(&[distinct(1..=2), vec![played(9, 10)]]),
        NormaliseError::Board(BoardError::UnknownPair {
            board: B,
            pair: "9NS".into()
        })
    );
    assert_eq!(
        err(&[distinct(1..=2), distinct(2..=2)]),
        NormaliseError::Board(BoardError::Input(InputError::BoardScoredTwice {
            board: B,
            contestant: "2NS".into()
        }))
    );
    assert_eq!(
        err(&[vec![], vec![line(1, TableOutcome::NotPlayed)]]),
        NormaliseError::Board(BoardError::Input(InputError::EmptyBoard { board: B }))
    );
    // An adjusted score out of range cannot be built, not even by serde
    // (issue 18), so no traveller can carry one.
    #[cfg(feature = "serde")]
    assert!(
        serde_json::from_str::<ArtificialScore>(r#"{"ns_percent":"-10","ew_percent":"50"}"#)
            .is_err()
    );
}

/// Source: `../shared/bridge-data/README.txt`, Compscore Howell board 12
/// (E = 6, A = 5): raw 8/5/5/2/0 -> 9.8/6.2/6.2/2.6/0.2.
#[test]
fn neuberg_as_the_real_files_apply_it() {
    let sf = ScaleFactor::new(6, 5).unwrap();
    let got: Vec<Score> = ["8", "5", "5", "2", "0"]
        .iter()
        .map(|m| sf.apply(&s(m)))
        .collect();
    assert_eq!(got, ["9.8", "6.2", "6.2", "2.6", "0.2"].map(s));
}

/// Issue 17: a one-table session gave "division by zero" naming nothing;
/// it is refused up front, naming the first board.
#[test]
fn a_one_table_session_is_refused_naming_the_board() {
    use countback_normalise::{score_session, SessionSpec, Traveller};
    let travellers = vec![
        Traveller::new(B, vec![played(1, 420)]),
        Traveller::new(BoardNumber(13), vec![played(1, -50)]),
    ];
    let err = score_session(&travellers, &SessionSpec::default(), &Movement::open()).unwrap_err();
    assert_eq!(err, NormaliseError::NothingToCompare { board: B });
    assert_eq!(
        err.to_string(),
        "board 12: no board has more than one result (a one-table session), so there is \
         nothing to compare a result with and no match points to give"
    );
}
