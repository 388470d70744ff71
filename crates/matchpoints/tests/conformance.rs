//! Conformance with real results files scored by Compscore3 (Butler and
//! cross-IMP sessions), read from `../shared/bridge-data` beside the
//! workspace. Skipped, saying so, when the files are absent.
#![allow(clippy::unwrap_used, clippy::panic)]
#![allow(clippy::indexing_slicing, missing_docs)]

use countback_matchpoints::{
    butler, cross_imps, datum_rounding_nearest_ten, BoardNumber, HalfRule, RoundingMode, Score,
};

use countback_test_support::files::{played_boards, tags};

fn data(file: &str) -> Option<String> {
    countback_test_support::shared_text(&format!("bridge-data/cobalt-compscore3/{file}"))
}

/// (board, NS scores, a per-line figure, the board's extra figure) for
/// every board block with traveller lines.
/// Board number, NS scores, per-line figures, board average.
type Board = (u32, Vec<i32>, Vec<String>, Option<String>);

fn boards(xml: &str, per_line: &str) -> Vec<Board> {
    played_boards(xml)
        .map(|b| {
            let board = tags(b, "BOARD_NUMBER")[0].trim().parse().unwrap();
            let scores = tags(b, "SCORE")
                .iter()
                .map(|s| s.trim().parse().unwrap())
                .collect();
            let figures = tags(b, per_line)
                .iter()
                .map(|s| s.trim().to_owned())
                .collect();
            let average = tags(b, "BOARD_AVERAGE")
                .first()
                .map(|s| s.trim().to_owned());
            (board, scores, figures, average)
        })
        .collect()
}

#[test]
fn butler_datum_and_imps_match_compscore() {
    let Some(xml) = data("butler_howell.xml") else {
        return;
    };
    let boards = boards(&xml, "NS_BUTLER_POINTS");
    assert_eq!(boards.len(), 35);
    let mut lines = 0;
    for (board, scores, printed, average) in boards {
        let b = butler(BoardNumber(board), &scores, &datum_rounding_nearest_ten()).unwrap();
        assert_eq!(Some(b.datum.to_string()), average, "board {board} datum");
        let got: Vec<String> = b.imps.iter().map(i64::to_string).collect();
        assert_eq!(got, printed, "board {board}: scores {scores:?}");
        lines += got.len();
    }
    assert_eq!(lines, 140);
}

#[test]
fn cross_imps_match_compscore_to_two_places() {
    let Some(xml) = data("cross_imp_howell.xml") else {
        return;
    };
    let boards = boards(&xml, "NS_CROSS_IMP_POINTS");
    let mut lines = 0;
    for (board, scores, printed, _) in boards {
        let x = cross_imps(BoardNumber(board), &scores).unwrap();
        for (value, shown) in x.iter().zip(&printed) {
            let want = Score::parse(shown).unwrap();
            // The file drops trailing zeros ("-6", "3.67"); compare values.
            let ours = value
                .to_decimal(2, &RoundingMode::Nearest(HalfRule::AwayFromZero))
                .unwrap();
            assert_eq!(
                Score::parse(&ours).unwrap(),
                want,
                "board {board}: {scores:?}"
            );
            lines += 1;
        }
    }
    assert_eq!(lines, 108);
}
