//! Weighted scores (Law 12C1(c)) matchpointed against the other results:
//! hand-worked boards, the board total, and the weights' invariants.

#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::indexing_slicing, missing_docs)]
use countback_matchpoints::{
    matchpoint_board, matchpoint_scores, matchpoint_weighted, BoardError, BoardNumber, BoardResult,
    InputError, Movement, Scale, Score, TableOutcome, TravellerLine, WeightedScore,
};

fn s(t: &str) -> Score {
    t.parse().expect("a score")
}

fn weighted(parts: &[(&str, i32)]) -> WeightedScore {
    WeightedScore::new(parts.iter().map(|(w, p)| (s(w), *p)).collect()).expect("weights")
}

fn check(results: &[BoardResult<'_>], scale: Scale, expected: &[&str]) {
    let got = matchpoint_weighted(results, scale);
    let want: Vec<Score> = expected.iter().map(|t| s(t)).collect();
    assert_eq!(got, want);
}

/// Five tables, the fifth 60% of 420 and 40% of -50 (2 per beat, top 8).
///
/// - W: its 420 beats -50 (2) and ties both 420s (2), loses to 450: 4; its
///   -50 ties the -50 (1): 1. 3/5·4 + 2/5·1 = 14/5.
/// - 450 beats everything: 2·3 + 2·(3/5 + 2/5) = 8.
/// - each 420: 0 (450) + 1 (420) + 2 (-50) + (3/5·1 + 2/5·2) (W) = 22/5.
/// - -50: 0 + 0 + 0 + (3/5·0 + 2/5·1) = 2/5.
///
/// Total 14/5 + 8 + 22/5 + 22/5 + 2/5 = 20 = 5·4, the NS total of any
/// 5-result board.
#[test]
fn five_tables_one_weighted_60_40() {
    let w = weighted(&[("3/5", 420), ("2/5", -50)]);
    let results = [
        BoardResult::Played(450),
        BoardResult::Played(420),
        BoardResult::Played(420),
        BoardResult::Played(-50),
        BoardResult::Weighted(&w),
    ];
    check(
        &results,
        Scale::TwoPerBeat,
        &["8", "22/5", "22/5", "2/5", "14/5"],
    );
    // One per beat: every figure halved (top 4).
    check(
        &results,
        Scale::OnePerBeat,
        &["4", "11/5", "11/5", "1/5", "7/5"],
    );
}

/// Two weighted lines compare with each other component by component.
/// Tables: 100, W1 = 1/2 of 200 + 1/2 of 0, W2 = 1/4 of 200 + 3/4 of 100.
///
/// - 100: v W1: 1/2·0 + 1/2·2 = 1; v W2: 1/4·0 + 3/4·1 = 3/4. 7/4.
/// - W1 at 200: v 100: 2; v W2: 1/4·1 + 3/4·2 = 7/4; 15/4.
///   W1 at 0: 0 against both. W1 = 1/2·15/4 = 15/8.
/// - W2 at 200: v 100: 2; v W1: 1/2·1 + 1/2·2 = 3/2; 7/2.
///   W2 at 100: v 100: 1; v W1: 1/2·0 + 1/2·2 = 1; 2.
///   W2 = 1/4·7/2 + 3/4·2 = 7/8 + 12/8 = 19/8.
///
/// Total 14/8 + 15/8 + 19/8 = 48/8 = 6 = 3·2.
#[test]
fn two_weighted_lines_against_each_other() {
    let w1 = weighted(&[("1/2", 200), ("1/2", 0)]);
    let w2 = weighted(&[("1/4", 200), ("3/4", 100)]);
    let results = [
        BoardResult::Played(100),
        BoardResult::Weighted(&w1),
        BoardResult::Weighted(&w2),
    ];
    check(&results, Scale::TwoPerBeat, &["7/4", "15/8", "19/8"]);
}

/// Whatever the weights, each pair of tables shares one beat: the NS
/// match points add up to `n(n − 1)` on 2 per beat, and a board with no
/// weighted line scores as [`matchpoint_scores`] does.
#[test]
fn weighted_boards_add_up_to_the_board_total() {
    let ws = [
        weighted(&[("3/5", 420), ("2/5", -50)]),
        weighted(&[("1/3", 100), ("1/3", 420), ("1/3", -100)]),
        weighted(&[("7/10", -50), ("3/10", 450)]),
    ];
    let plain = [420, 450, -50, 420, 100, -100, 0, 420];
    for n_plain in 1..=plain.len() {
        for n_w in 0..=ws.len() {
            let mut results: Vec<BoardResult<'_>> = plain[..n_plain]
                .iter()
                .map(|p| BoardResult::Played(*p))
                .collect();
            results.extend(ws[..n_w].iter().map(BoardResult::Weighted));
            let mp = matchpoint_weighted(&results, Scale::TwoPerBeat);
            let n = i64::try_from(results.len()).unwrap();
            let total: Score = mp.iter().sum();
            assert_eq!(total, Score::integer(n * (n - 1)), "{n_plain} + {n_w}");
            if n_w == 0 {
                assert_eq!(mp, matchpoint_scores(&plain[..n_plain], Scale::TwoPerBeat));
            }
        }
    }
}

#[test]
fn weights_must_be_positive_and_sum_to_one() {
    let bad =
        |parts: &[(&str, i32)]| WeightedScore::new(parts.iter().map(|(w, p)| (s(w), *p)).collect());
    assert!(matches!(
        bad(&[("3/5", 420), ("1/2", -50)]),
        Err(InputError::OutOfRange { ref what, .. }) if what.contains("sum")
    ));
    assert!(matches!(
        bad(&[("0", 420), ("1", -50)]),
        Err(InputError::OutOfRange { ref what, .. }) if what.contains("weight")
    ));
    assert!(matches!(
        bad(&[("3/2", 420), ("-1/2", -50)]),
        Err(InputError::OutOfRange { .. })
    ));
    assert!(matches!(bad(&[]), Err(InputError::Empty { .. })));
}

/// Deserialising goes through `new`: weights that do not sum to one are
/// refused from JSON too.
#[cfg(feature = "serde")]
#[test]
fn weights_read_from_json_are_checked() {
    let json =
        r#"{"components":[{"weight":"3/5","ns_points":420},{"weight":"1/2","ns_points":-50}]}"#;
    assert!(serde_json::from_str::<WeightedScore>(json).is_err());
    let good = weighted(&[("3/5", 420), ("2/5", -50)]);
    let back: WeightedScore = serde_json::from_str(&serde_json::to_string(&good).unwrap()).unwrap();
    assert_eq!(back, good);
}

/// `matchpoint_board` holds one score per line: a weighted line is refused
/// there, never dropped as if not played.
#[test]
fn matchpoint_board_refuses_a_weighted_line() {
    let line = |ns: &str, ew: &str, outcome| TravellerLine {
        board: BoardNumber(1),
        ns: ns.into(),
        ew: ew.into(),
        outcome,
    };
    let lines = [
        line("1", "11", TableOutcome::Played { ns_points: 420 }),
        line(
            "2",
            "12",
            TableOutcome::Weighted(weighted(&[("3/5", 420), ("2/5", -50)])),
        ),
    ];
    assert!(matches!(
        matchpoint_board(BoardNumber(1), &lines, Scale::TwoPerBeat, &Movement::open()),
        Err(BoardError::WeightedNotScored { ref pair, .. }) if pair.as_str() == "2"
    ));
}
