//! Issue 30: the table's pairs by name are sorted on a prefix of each name
//! first, and a ranking of standings already by name is not sorted again.
//! Either way the order is the names' own.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use std::collections::BTreeSet;

use countback_matchpoints::{rank, BoardNumber, ContestantId, PercentageMethod, Score, ScoreTable};
use proptest::prelude::*;

/// Distinct names sharing long beginnings ("Pair 10000001", "Pair 1000001"):
/// the first eight bytes often tie.
fn names() -> impl Strategy<Value = Vec<String>> {
    proptest::collection::btree_set(
        (0u32..3, 0u32..2000).prop_map(|(p, n)| {
            let prefix = ["Pair 1000", "Pair 100", "Team"][usize::try_from(p).unwrap()];
            format!("{prefix}{n}")
        }),
        1..60,
    )
    .prop_map(|set: BTreeSet<String>| set.into_iter().rev().collect())
}

proptest! {
    #[test]
    fn pairs_and_standings_come_by_name(names in names(), top in 1i64..30) {
        let mut table = ScoreTable::new(Score::integer(top));
        for (i, n) in names.iter().enumerate() {
            let mp = i64::try_from(i).unwrap() % (top + 1);
            table.record(BoardNumber(1), ContestantId::new(n.as_str()), Score::integer(mp)).unwrap();
        }
        let mut sorted = names.clone();
        sorted.sort();
        let pairs: Vec<&str> = table.pairs().map(ContestantId::as_str).collect();
        prop_assert_eq!(&pairs, &sorted);
        let standings = table.standings(&PercentageMethod::Proportional).unwrap();
        let by: Vec<&str> = standings.iter().map(|s| s.pair.as_str()).collect();
        prop_assert_eq!(&by, &sorted);
        // Ranked from the standings (by name) or from any other order: the
        // same places, each tied group by name.
        let values: Vec<(ContestantId, Score)> =
            standings.iter().map(|s| (s.pair.clone(), s.percentage.clone())).collect();
        let mut reversed = values.clone();
        reversed.reverse();
        prop_assert_eq!(rank(values), rank(reversed));
    }
}

/// A pair given twice keeps its last value, whether or not the rest come
/// by name.
#[test]
fn a_pair_given_twice_keeps_its_last_value() {
    let c = ContestantId::new;
    let places = rank([
        (c("A"), Score::integer(1)),
        (c("B"), Score::integer(2)),
        (c("B"), Score::integer(0)),
    ]);
    assert_eq!(places[0].members, vec![c("A")]);
    assert_eq!(places[1].value, Score::integer(0));
}
