//! Invariants: symmetry violations are refused, the outcome does not depend
//! on the order of the input, and the tie-breaks are deterministic.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::indexing_slicing, missing_docs)]

mod support;

use countback_tiebreak_chess::{
    rank, tie_break_values, Cascade, Crosstable, CrosstableError, MedianDiscards, RoundResult,
    Score, TieBreak, UnplayedGames, UscfOptions,
};
use proptest::prelude::*;
use support::swiss::{swiss, Rng};

fn options(variant: u8) -> UscfOptions {
    match variant % 3 {
        0 => UscfOptions::default(),
        1 => UscfOptions::new(MedianDiscards::harkness(), UnplayedGames::as_scored()),
        _ => UscfOptions::new(
            MedianDiscards::custom([(1, 2)]).unwrap(),
            UnplayedGames::uscf().with_half_point_bye_deduction(true),
        ),
    }
}

/// A result that disagrees with `r` as the other side's record.
fn corrupt(r: &RoundResult) -> Option<RoundResult> {
    Some(match r {
        RoundResult::Win(o) => RoundResult::Draw(o.clone()),
        RoundResult::Draw(o) => RoundResult::Loss(o.clone()),
        RoundResult::Loss(o) => RoundResult::Draw(o.clone()),
        RoundResult::ForfeitWin(o) => RoundResult::Win(o.clone()),
        RoundResult::ForfeitLoss(o) => RoundResult::Draw(o.clone()),
        _ => return None,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_crosstables_are_valid(players in 1usize..30, rounds in 1u32..9, seed in any::<u64>()) {
        prop_assert!(Crosstable::new(rounds, swiss(players, rounds, seed)).is_ok());
    }

    #[test]
    fn symmetry_violations_are_refused(players in 2usize..30, rounds in 1u32..9, seed in any::<u64>(), pick in any::<u64>()) {
        let mut rows = swiss(players, rounds, seed);
        // Pick a paired result and change it so the two sides disagree.
        let paired: Vec<(usize, usize)> = rows.iter().enumerate().flat_map(|(p, (_, rs))| {
            rs.iter().enumerate().filter(|(_, r)| r.opponent().is_some()).map(move |(r, _)| (p, r))
        }).collect();
        prop_assume!(!paired.is_empty());
        let mut rng = Rng::new(pick);
        let (p, r) = paired[rng.below(paired.len())];
        let original = rows[p].1[r].clone();
        let opponent = original.opponent().unwrap().clone();
        let changed = corrupt(&original).unwrap();
        rows[p].1[r] = changed;
        let me = rows[p].0.clone();
        match Crosstable::new(rounds, rows) {
            Err(CrosstableError::Asymmetric { round, player, opponent: other, .. }) => {
                prop_assert_eq!(round.0, u32::try_from(r).unwrap() + 1);
                let pair = [player, other];
                prop_assert!(pair.contains(&me) && pair.contains(&opponent));
            }
            other => prop_assert!(false, "{original} changed, yet {other:?}"),
        }
    }

    #[test]
    fn outcome_does_not_depend_on_input_order(players in 1usize..40, rounds in 1u32..9, seed in any::<u64>(), shuffle in any::<u64>(), variant in any::<u8>()) {
        let rows = swiss(players, rounds, seed);
        let mut shuffled = rows.clone();
        Rng::new(shuffle).shuffle(&mut shuffled);
        let a = Crosstable::new(rounds, rows).unwrap();
        let b = Crosstable::new(rounds, shuffled).unwrap();
        prop_assert_eq!(&a, &b);
        let options = options(variant);
        prop_assert_eq!(tie_break_values(&a, &options), tie_break_values(&b, &options));
        for cascade in [Cascade::uscf(), Cascade::new([TieBreak::Cumulative, TieBreak::Median])] {
            prop_assert_eq!(rank(&a, &cascade, &options), rank(&b, &cascade, &options));
        }
    }

    #[test]
    fn tie_breaks_are_deterministic_and_consistent(players in 1usize..40, rounds in 1u32..9, seed in any::<u64>(), variant in any::<u8>()) {
        let table = Crosstable::new(rounds, swiss(players, rounds, seed)).unwrap();
        let options = options(variant);
        let first = tie_break_values(&table, &options);
        prop_assert_eq!(&first, &tie_break_values(&table, &options));
        let outcome = rank(&table, &Cascade::uscf(), &options);
        prop_assert_eq!(&outcome, &rank(&table, &Cascade::uscf(), &options));
        // Every player placed once; scores never rise down the order; a
        // median never exceeds Solkoff when scores are non-negative.
        let placed: usize = outcome.order.iter().map(|g| g.members.len()).sum();
        prop_assert_eq!(placed, players);
        let score = |p: &countback_model::ContestantId| first.iter().find(|v| &v.player == p).unwrap().score.clone();
        let firsts: Vec<Score> = outcome.order.iter().map(|g| score(&g.members[0])).collect();
        prop_assert!(firsts.windows(2).all(|w| w[0] >= w[1]));
        for v in &first {
            prop_assert!(v.median <= v.solkoff && v.modified_median <= v.solkoff);
            prop_assert!(v.modified_median >= v.median);
        }
    }
}
