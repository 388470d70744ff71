//! Match scoring: two-room boards, per-board IMPs, match IMPs, adjustments.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use countback_model::{EncounterStatus, Unit};
use countback_vp::{
    score_match, ArtificialImps, BoardResult, FractionalMargin, HalfRule, MatchInput, Score, Side,
    Totals, VpError, VpScale,
};

fn s(text: &str) -> Score {
    Score::parse(text).unwrap()
}

fn totals(scored: i64, conceded: i64) -> Option<Totals> {
    Some(Totals {
        scored: Score::integer(scored),
        conceded: Score::integer(conceded),
    })
}

#[test]
fn two_room_boards_give_imps_total_points_and_vps() {
    let table = VpScale::WbfContinuous.table(16).unwrap();
    let input = MatchInput::Boards(vec![
        // +620 vs −620 in the other room (game swing): +1240 → 15 IMPs.
        BoardResult::TwoRoom {
            open_ns: 620,
            closed_ns: -620,
        },
        // Pass-out in the open room, 3NT down one in the closed: +50 → 2 IMPs.
        BoardResult::TwoRoom {
            open_ns: 0,
            closed_ns: -50,
        },
        // −100 and +110: −210 → −5 IMPs.
        BoardResult::TwoRoom {
            open_ns: -100,
            closed_ns: 110,
        },
        // Flat.
        BoardResult::TwoRoom {
            open_ns: 420,
            closed_ns: 420,
        },
    ]);
    let m = score_match(&input, &table, &FractionalMargin::Refuse).unwrap();
    let imps: Vec<Score> = m.boards.iter().map(|b| b.first_imps.clone()).collect();
    assert_eq!(imps, [15, 2, -5, 0].map(Score::integer));
    assert_eq!(m.boards[2].points, Some(-210));
    assert_eq!(m.first.imps, totals(17, 5));
    assert_eq!(m.second.imps, totals(5, 17));
    // First team: +620 +620 (EW in the closed room) +50 +420 scored; 100 + 110 + 420 conceded.
    assert_eq!(
        m.first.total_points,
        totals(620 + 620 + 50 + 420, 100 + 110 + 420)
    );
    assert_eq!(
        m.second.total_points,
        totals(100 + 110 + 420, 620 + 620 + 50 + 420)
    );
    // 12 IMPs over 16 boards: 13.28.
    assert_eq!(m.first.victory_points, s("13.28"));
    assert_eq!(m.second.victory_points, s("6.72"));
    assert_eq!(m.status, EncounterStatus::Played);
    let units: Vec<Unit> = m.side_scores().iter().map(|x| x.unit).collect();
    assert_eq!(units, [Unit::VictoryPoints, Unit::Imps, Unit::TotalPoints]);
    assert_eq!(m.side_scores()[1].first, Score::integer(17));
}

#[test]
fn per_board_and_match_imps_agree() {
    let table = VpScale::WbfDiscrete.table(8).unwrap();
    let boards = MatchInput::Boards(
        [5, -3, 12, 0, -1, 7]
            .map(|n| BoardResult::Imps(Score::integer(n)))
            .to_vec(),
    );
    let by_board = score_match(&boards, &table, &FractionalMargin::Refuse).unwrap();
    let by_match = score_match(
        &MatchInput::Imps {
            first: Score::integer(24),
            second: Score::integer(4),
        },
        &table,
        &FractionalMargin::Refuse,
    )
    .unwrap();
    assert_eq!(by_board.first.imps, totals(24, 4));
    assert_eq!(by_board.first.victory_points, by_match.first.victory_points);
    // 20 IMPs over 8 boards: 16–4 (17–20 IMPs).
    assert_eq!(by_match.first.victory_points, Score::integer(16));
    assert_eq!(by_match.second.victory_points, Score::integer(4));
    // No total points without two-room results.
    assert_eq!(by_board.first.total_points, None);
    assert_eq!(by_board.side_scores().len(), 2);
}

#[test]
fn unplayable_boards_score_three_imps_each_way() {
    let table = VpScale::WbfContinuous.table(8).unwrap();
    // A board of 7 IMPs to the first side, and an unplayable one.
    let with_unplayable = |first, second| {
        let boards = MatchInput::Boards(vec![
            BoardResult::Imps(Score::integer(7)),
            BoardResult::Adjusted { first, second },
        ]);
        score_match(&boards, &table, &FractionalMargin::Refuse).unwrap()
    };
    let m = with_unplayable(ArtificialImps::AverageMinus, ArtificialImps::AveragePlus);
    assert_eq!(m.first.imps, totals(7, 3));
    assert_eq!(m.second.imps, totals(3, 7));
    assert_eq!(
        &m.first.victory_points + &m.second.victory_points,
        Score::integer(20)
    );

    // Both sides non-offending: +3 each, converted side by side.
    let m = with_unplayable(ArtificialImps::AveragePlus, ArtificialImps::AveragePlus);
    assert_eq!(m.first.imps, totals(10, 0));
    assert_eq!(m.second.imps, totals(3, 7));
    let eight = VpScale::WbfContinuous.table(8).unwrap();
    let ten = eight
        .convert(&Score::integer(10), &FractionalMargin::Refuse)
        .unwrap();
    let minus_four = eight
        .convert(&Score::integer(-4), &FractionalMargin::Refuse)
        .unwrap();
    assert_eq!(m.first.victory_points, ten.first);
    assert_eq!(m.second.victory_points, minus_four.first);
    assert_ne!(
        &m.first.victory_points + &m.second.victory_points,
        Score::integer(20)
    );
}

#[test]
fn void_matches_take_a_share_of_the_pool() {
    let full = VpScale::WbfContinuous.table(16).unwrap();
    let void = MatchInput::Void {
        first_percent: Score::integer(60),
        second_percent: Score::integer(40),
    };
    let m = score_match(&void, &full, &FractionalMargin::Refuse).unwrap();
    assert_eq!(
        (
            m.first.victory_points.clone(),
            m.second.victory_points.clone()
        ),
        (Score::integer(12), Score::integer(8))
    );
    assert_eq!(m.status, EncounterStatus::Awarded);
    assert_eq!(m.first.imps, None);
    assert_eq!(m.side_scores().len(), 1);
    let half = VpScale::EbuHalfMatch.table(4).unwrap();
    let m = score_match(&void, &half, &FractionalMargin::Refuse).unwrap();
    assert_eq!(
        (m.first.victory_points, m.second.victory_points),
        (Score::integer(6), Score::integer(4))
    );

    let bad = MatchInput::Void {
        first_percent: Score::integer(60),
        second_percent: Score::integer(101),
    };
    assert_eq!(
        score_match(&bad, &full, &FractionalMargin::Refuse),
        Err(VpError::VoidShareOutOfRange {
            side: Side::Second,
            percent: Score::integer(101),
        })
    );
}

#[test]
fn fractional_match_imps_need_a_rule() {
    let table = VpScale::WbfDiscrete.table(8).unwrap();
    // Weighted scores: 16.5 − 4 = 12.5 IMPs.
    let input = MatchInput::Imps {
        first: s("16.5"),
        second: Score::integer(4),
    };
    let err = score_match(&input, &table, &FractionalMargin::Refuse).unwrap_err();
    assert!(
        matches!(err, VpError::FractionalMargin { boards: 8, .. }),
        "{err}"
    );
    assert!(
        err.to_string().contains("12.5") || err.to_string().contains("25/2"),
        "{err}"
    );
    let m = score_match(
        &input,
        &table,
        &FractionalMargin::Round(HalfRule::AwayFromZero),
    )
    .unwrap();
    // 13 IMPs: 15–5; the loser's −12.5 rounds the same way (to −13).
    assert_eq!(
        (m.first.victory_points, m.second.victory_points),
        (Score::integer(15), Score::integer(5))
    );
}

#[cfg(feature = "serde")]
#[test]
fn match_inputs_deserialise_from_json() {
    let json = r#"{"boards": [{"two_room": {"open_ns": 620, "closed_ns": 170}},
                              {"imps": "-2.5"},
                              {"adjusted": {"first": "average_plus", "second": "average_minus"}}]}"#;
    let input: MatchInput = serde_json::from_str(json).unwrap();
    let table = VpScale::WbfContinuous.table(12).unwrap();
    let m = score_match(&input, &table, &FractionalMargin::Interpolate).unwrap();
    assert_eq!(
        m.first.imps,
        Some(Totals {
            scored: Score::integer(13),
            conceded: s("2.5")
        })
    );
}
