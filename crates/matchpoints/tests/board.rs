//! Board scoring, data-driven, and every bad input as a typed error.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_matchpoints::{
    butler, butler_datum, cross_imps, datum_rounding_nearest_ten, imps, matchpoint_board,
    matchpoint_scores, BoardError, BoardNumber, ContestantId, Movement, Scale, Score, TableOutcome,
    TravellerLine,
};
use countback_matchpoints::{ArtificialScore, InputError};

fn s(t: &str) -> Score {
    t.parse().unwrap()
}

fn check(points: &[i32], scale: Scale, expected: &[&str]) {
    let got: Vec<String> = matchpoint_scores(points, scale)
        .iter()
        .map(Score::to_string)
        .collect();
    assert_eq!(got, expected, "{points:?} on {scale:?}");
}

#[test]
fn matchpoints_of_raw_scores() {
    check(&[], Scale::TwoPerBeat, &[]);
    check(&[420], Scale::TwoPerBeat, &["0"]);
    check(&[150, 150, 80], Scale::TwoPerBeat, &["3", "3", "0"]);
    check(
        &[160, 110, 110, -50],
        Scale::TwoPerBeat,
        &["6", "3", "3", "0"],
    );
    // A pass-out is a real 0, between pluses and minuses.
    check(&[0, -50, 50], Scale::TwoPerBeat, &["2", "0", "4"]);
    check(
        &[160, 110, 110, -50],
        Scale::OnePerBeat,
        &["3", "3/2", "3/2", "0"],
    );
    check(
        &[i32::MIN, i32::MAX, 0],
        Scale::TwoPerBeat,
        &["0", "4", "2"],
    );
}

#[test]
fn scale_figures() {
    for (n, top, avg, total) in [
        (3, "4", "2", "6"),
        (4, "6", "3", "12"),
        (10, "18", "9", "90"),
    ] {
        assert_eq!(Scale::TwoPerBeat.top(n), s(top));
        assert_eq!(Scale::TwoPerBeat.average(n), s(avg));
        assert_eq!(Scale::TwoPerBeat.direction_total(n), s(total));
    }
    assert_eq!(Scale::OnePerBeat.top(10), s("9"));
    assert_eq!(Scale::TwoPerBeat.top(0), s("0"));
}

fn line(ns: &str, ew: &str, outcome: TableOutcome) -> TravellerLine {
    TravellerLine {
        board: BoardNumber(3),
        ns: ns.into(),
        ew: ew.into(),
        outcome,
    }
}

fn played(ns: &str, ew: &str, p: i32) -> TravellerLine {
    line(ns, ew, TableOutcome::Played { ns_points: p })
}

#[test]
fn a_traveller_with_not_played_and_adjusted_lines() {
    let lines = [
        played("1", "11", 420),
        line("2", "12", TableOutcome::NotPlayed),
        played("3", "13", 450),
        line(
            "4",
            "14",
            TableOutcome::Artificial(ArtificialScore::average_plus_ns()),
        ),
        played("5", "15", 0),
    ];
    let b = matchpoint_board(BoardNumber(3), &lines, Scale::TwoPerBeat, &Movement::open()).unwrap();
    assert_eq!(b.results(), 3);
    assert_eq!(b.top(), s("4"));
    let by: Vec<(String, String, String)> = b
        .played
        .iter()
        .map(|l| (l.ns.to_string(), l.ns_mp.to_string(), l.ew_mp.to_string()))
        .collect();
    assert_eq!(
        by,
        [
            ("1".into(), "2".into(), "2".into()),
            ("3".into(), "4".into(), "0".into()),
            ("5".into(), "0".into(), "4".into())
        ]
    );
    assert_eq!(b.adjusted.len(), 1);
    assert_eq!(
        b.not_played,
        [(ContestantId::new("2"), ContestantId::new("12"))]
    );
}

#[test]
fn bad_input_is_a_typed_error_naming_board_and_pair() {
    let movement = Movement::new(["1", "2", "11", "12"].map(ContestantId::new));
    let b = BoardNumber(3);
    let err = |lines: &[TravellerLine]| {
        matchpoint_board(b, lines, Scale::TwoPerBeat, &movement).unwrap_err()
    };
    assert_eq!(
        err(&[played("1", "11", 100), played("9", "12", 100)]),
        BoardError::UnknownPair {
            board: b,
            pair: "9".into()
        }
    );
    assert_eq!(
        err(&[played("1", "11", 100), played("2", "11", 100)]),
        BoardError::Input(InputError::BoardScoredTwice {
            board: b,
            contestant: "11".into()
        })
    );
    assert_eq!(
        err(&[played("1", "1", 100)]),
        BoardError::Input(InputError::BoardScoredTwice {
            board: b,
            contestant: "1".into()
        })
    );
    assert_eq!(
        err(&[]),
        BoardError::Input(InputError::EmptyBoard { board: b })
    );
    assert_eq!(
        err(&[line("1", "11", TableOutcome::NotPlayed)]),
        BoardError::Input(InputError::EmptyBoard { board: b })
    );
    let mut other = played("1", "11", 100);
    other.board = BoardNumber(4);
    assert_eq!(
        err(&[other]),
        BoardError::WrongBoard {
            board: b,
            found: BoardNumber(4),
            pair: "1".into()
        }
    );
    // An adjusted score out of range cannot be built, not even by serde
    // (issue 18), so no traveller can carry one.
    #[cfg(feature = "serde")]
    assert!(
        serde_json::from_str::<ArtificialScore>(r#"{"ns_percent":"60","ew_percent":"140"}"#)
            .is_err()
    );
    assert!(ArtificialScore::new(s("-1"), s("50")).is_err());
}

#[test]
fn imp_scale_band_edges() {
    let edges = [
        (10, 0),
        (20, 1),
        (40, 1),
        (50, 2),
        (80, 2),
        (90, 3),
        (120, 3),
        (130, 4),
        (160, 4),
        (170, 5),
        (210, 5),
        (220, 6),
        (260, 6),
        (270, 7),
        (310, 7),
        (320, 8),
        (360, 8),
        (370, 9),
        (420, 9),
        (430, 10),
        (490, 10),
        (500, 11),
        (590, 11),
        (600, 12),
        (740, 12),
        (750, 13),
        (890, 13),
        (900, 14),
        (1090, 14),
        (1100, 15),
        (1290, 15),
        (1300, 16),
        (1490, 16),
        (1500, 17),
        (1740, 17),
        (1750, 18),
        (1990, 18),
        (2000, 19),
        (2240, 19),
        (2250, 20),
        (2490, 20),
        (2500, 21),
        (2990, 21),
        (3000, 22),
        (3490, 22),
        (3500, 23),
        (3990, 23),
        (4000, 24),
        (7600, 24),
    ];
    for (d, want) in edges {
        assert_eq!(imps(d), want, "{d}");
        assert_eq!(imps(-d), -want, "-{d}");
    }
    assert_eq!(imps(i64::MIN), -24);
}

#[test]
fn butler_datum_rounds_exact_fives_away_from_zero() {
    let b = BoardNumber(1);
    let r = datum_rounding_nearest_ten();
    // Datums of the real files: -445 -> -450, -5 -> -10, 5 -> 10, 125 -> 130.
    for (scores, exact, rounded) in [
        (vec![-420, -420, -470, -470], "-445", "-450"),
        (vec![0, -10, 100, -100], "-5", "-10"),
        (vec![0, 10, 100, -100], "5", "10"),
        (vec![120, 130, 600, -600], "125", "130"),
        (vec![110, 140, 400], "140", "140"),
    ] {
        assert_eq!(butler_datum(b, &scores).unwrap(), s(exact));
        assert_eq!(butler(b, &scores, &r).unwrap().datum, s(rounded));
    }
    assert_eq!(
        butler_datum(b, &[1, 2]).unwrap_err(),
        BoardError::TooFewResults {
            board: b,
            method: "a Butler datum",
            needed: 3,
            found: 2
        }
    );
}

#[test]
fn cross_imps_average_over_the_other_results() {
    let b = BoardNumber(2);
    let x = cross_imps(b, &[620, 170, 140, -100]).unwrap();
    // 620: 10 + 10 + 12 = 32 / 3; the lines sum to 0 over the board.
    assert_eq!(x[0], s("32/3"));
    assert_eq!(x.iter().sum::<Score>(), Score::ZERO);
    assert!(cross_imps(b, &[5]).is_err());
}
