//! Invariants of board matchpointing.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_matchpoints::{
    matchpoint_board, matchpoint_integers, matchpoint_scores, BoardNumber, Movement, Scale, Score,
    TableOutcome, TravellerLine,
};
use proptest::prelude::*;

fn scores() -> impl Strategy<Value = Vec<i32>> {
    // Few distinct values, so ties are common.
    prop::collection::vec(
        prop::sample::select(vec![
            -1100, -620, -100, -50, 0, 50, 110, 140, 420, 450, 1430,
        ]),
        1..40,
    )
}

fn lines(points: &[i32]) -> Vec<TravellerLine> {
    points
        .iter()
        .enumerate()
        .map(|(i, p)| TravellerLine {
            board: BoardNumber(1),
            ns: format!("{i}NS").into(),
            ew: format!("{i}EW").into(),
            outcome: TableOutcome::Played { ns_points: *p },
        })
        .collect()
}

fn naive(points: &[i32]) -> Vec<i64> {
    points
        .iter()
        .map(|a| {
            let below = points.iter().filter(|b| *b < a).count();
            let equal = points.iter().filter(|b| *b == a).count();
            i64::try_from(2 * below + equal - 1).unwrap()
        })
        .collect()
}

proptest! {
    #[test]
    fn both_paths_agree_with_counting_by_hand(
        narrow in scores(),
        wide in prop::collection::vec(any::<i32>(), 1..40),
    ) {
        prop_assert_eq!(matchpoint_integers(&narrow), naive(&narrow));
        prop_assert_eq!(matchpoint_integers(&wide), naive(&wide));
    }

    #[test]
    fn a_full_board_sums_to_n_n_minus_1_per_direction(points in scores()) {
        let b = matchpoint_board(BoardNumber(1), &lines(&points), Scale::TwoPerBeat, &Movement::open()).unwrap();
        let n = i64::try_from(points.len()).unwrap();
        let ns: Score = b.played.iter().map(|l| &l.ns_mp).sum();
        let ew: Score = b.played.iter().map(|l| &l.ew_mp).sum();
        prop_assert_eq!(&ns, &Score::integer(n * (n - 1)));
        prop_assert_eq!(&ew, &Score::integer(n * (n - 1)));
        for l in &b.played {
            prop_assert_eq!(&l.ns_mp + &l.ew_mp, b.top());
        }
    }

    #[test]
    fn matchpoints_follow_the_scores(points in scores()) {
        let mp = matchpoint_scores(&points, Scale::TwoPerBeat);
        for (i, a) in points.iter().enumerate() {
            for (j, b) in points.iter().enumerate() {
                prop_assert_eq!(a.cmp(b), mp[i].cmp(&mp[j]));
            }
        }
        let half = matchpoint_scores(&points, Scale::OnePerBeat);
        for (m, h) in mp.iter().zip(&half) {
            prop_assert_eq!(m.clone(), h.times(2));
        }
    }

    #[test]
    fn input_order_does_not_matter(points in scores(), seed in any::<u64>()) {
        let original = lines(&points);
        let mut shuffled = original.clone();
        // A deterministic shuffle from the seed.
        let mut x = seed | 1;
        for i in (1..shuffled.len()).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            let j = usize::try_from(x % (i as u64 + 1)).unwrap();
            shuffled.swap(i, j);
        }
        let a = matchpoint_board(BoardNumber(1), &original, Scale::TwoPerBeat, &Movement::open()).unwrap();
        let b = matchpoint_board(BoardNumber(1), &shuffled, Scale::TwoPerBeat, &Movement::open()).unwrap();
        prop_assert_eq!(a, b);
    }
}
