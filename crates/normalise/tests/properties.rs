//! Invariants of normalisation.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_normalise::{
    score_board, score_fouled_board, BoardNumber, BoardSpec, Movement, OneMissing, RoundingPolicy,
    Scale, ScaleFactor, Score, TableOutcome, TravellerLine,
};
use proptest::prelude::*;

const B: BoardNumber = BoardNumber(1);

fn lines(points: &[i32], first_table: usize) -> Vec<TravellerLine> {
    points
        .iter()
        .enumerate()
        .map(|(i, p)| TravellerLine {
            board: B,
            ns: format!("{}NS", i + first_table).into(),
            ew: format!("{}EW", i + first_table).into(),
            outcome: TableOutcome::Played { ns_points: *p },
        })
        .collect()
}

fn scores(max: usize) -> impl Strategy<Value = Vec<i32>> {
    prop::collection::vec(
        prop::sample::select(vec![-620, -100, -50, 0, 50, 110, 140, 420, 450]),
        2..max,
    )
}

fn scale() -> impl Strategy<Value = Scale> {
    prop::sample::select(vec![Scale::TwoPerBeat, Scale::OnePerBeat])
}

fn count(n: usize) -> Score {
    Score::from(n)
}

proptest! {
    /// A short board plus PAR for each missing result totals a complete board.
    #[test]
    fn a_normalised_short_board_keeps_the_weight_of_a_complete_board(
        points in scores(20), extra in 0usize..10, scale in scale(),
    ) {
        let e = points.len() + extra;
        let spec = BoardSpec::new(e).with_scale(scale);
        let board = score_board(B, &lines(&points, 1), &spec, &Movement::open()).unwrap();
        let pars = scale.average(e) * count(extra);
        prop_assert_eq!(board.ns_total() + &pars, scale.direction_total(e));
        prop_assert_eq!(board.ew_total() + &pars, scale.direction_total(e));
        for l in &board.lines {
            prop_assert_eq!(&l.ns_exact + &l.ew_exact, scale.top(e));
        }
    }

    /// Each version of a fouled board keeps its share of the board's weight.
    #[test]
    fn a_fouled_board_totals_as_a_complete_board(
        first in scores(12), second in scores(12), extra in 0usize..5,
    ) {
        let e = first.len() + second.len() + extra;
        let versions = [lines(&first, 1), lines(&second, 100)];
        let board = score_fouled_board(B, &versions, &BoardSpec::new(e), &Movement::open()).unwrap();
        let pars = Scale::TwoPerBeat.average(e) * count(extra);
        prop_assert_eq!(board.ns_total() + pars, Scale::TwoPerBeat.direction_total(e));
    }

    #[test]
    fn an_average_result_stays_average(a in 1usize..60, extra in 0usize..60, scale in scale()) {
        let e = a + extra;
        let sf = ScaleFactor::from_counts(e, a).unwrap();
        prop_assert_eq!(sf.apply_on(&scale.average(a), scale), scale.average(e));
        // And the group's top and bottom map inside the complete board's.
        prop_assert!(sf.apply_on(&scale.top(a), scale) <= scale.top(e));
        prop_assert!(sf.apply_on(&Score::ZERO, scale) >= Score::ZERO);
    }

    #[test]
    fn normalising_is_monotone(
        a in 1usize..40, extra in 0usize..40, m1 in 0i64..80, m2 in 0i64..80,
    ) {
        let e = a + extra;
        let sf = ScaleFactor::from_counts(e, a).unwrap();
        let (x, y) = (Score::integer(m1), Score::integer(m2));
        prop_assert_eq!(x.cmp(&y), sf.apply(&x).cmp(&sf.apply(&y)));
        let avg = Scale::TwoPerBeat.average(e);
        for policy in [RoundingPolicy::EbuTenthTowardAverage, RoundingPolicy::HundredthHalfUp, RoundingPolicy::TenThousandthHalfAwayFromAverage] {
            let (rx, ry) = (policy.apply(&sf.apply(&x), &avg).unwrap(), policy.apply(&sf.apply(&y), &avg).unwrap());
            if x <= y { prop_assert!(rx <= ry); } else { prop_assert!(rx >= ry); }
        }
    }

    #[test]
    fn scaling_composes(a in 1usize..30, b in 0usize..30, c in 0usize..30, m in 0i64..60) {
        let (b, c) = (a + b, a + b + c);
        let step = ScaleFactor::from_counts(b, a).unwrap().then(&ScaleFactor::from_counts(c, b).unwrap()).unwrap();
        let direct = ScaleFactor::from_counts(c, a).unwrap();
        prop_assert_eq!(step, direct);
        let m = Score::integer(m);
        let twice = ScaleFactor::from_counts(c, b).unwrap().apply(&ScaleFactor::from_counts(b, a).unwrap().apply(&m));
        prop_assert_eq!(twice, direct.apply(&m));
    }

    #[test]
    fn the_one_missing_shortcut_totals_as_the_formula(points in scores(20)) {
        let e = points.len() + 1;
        let formula = score_board(B, &lines(&points, 1), &BoardSpec::new(e), &Movement::open()).unwrap();
        let spec = BoardSpec::new(e).with_one_missing(OneMissing::TopMinusOneBottomPlusOne);
        let shortcut = score_board(B, &lines(&points, 1), &spec, &Movement::open()).unwrap();
        prop_assert_eq!(formula.ns_total(), shortcut.ns_total());
        prop_assert_eq!(formula.ew_total(), shortcut.ew_total());
    }

    #[test]
    fn input_order_does_not_matter(first in scores(10), second in scores(10), rot in 0usize..10) {
        let e = first.len() + second.len() + 2;
        let a = [lines(&first, 1), lines(&second, 100)];
        let mut x = a[0].clone();
        let r = rot % x.len();
        x.rotate_left(r);
        let mut y = a[1].clone();
        y.reverse();
        let b = [x, y];
        let spec = BoardSpec::new(e).with_rounding(RoundingPolicy::EbuTenthTowardAverage);
        prop_assert_eq!(
            score_fouled_board(B, &a, &spec, &Movement::open()).unwrap(),
            score_fouled_board(B, &b, &spec, &Movement::open()).unwrap()
        );
    }
}
