//! Invariants of the split-tie procedure and the count-back.
#![allow(clippy::unwrap_used)]
#![allow(
    missing_docs,
    clippy::indexing_slicing,
    clippy::cast_possible_truncation
)]

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::*;
use countback_model::{BoardNumber, ContestantId, Score};
use countback_tiebreak_ebu::{
    Board, BoardResult, PlacePurposes, PointABoardCountBack, Procedure, SplitTieTest, TiePurpose,
};
use proptest::prelude::*;

const NAMES: [&str; 6] = ["A", "B", "C", "D", "E", "F"];

/// A random small stage: `n` teams, matches in up to four rounds (each pair
/// at most once a round), boards with results from a few values so that
/// ties are common, and a random tied subset.
#[derive(Debug, Clone)]
struct Case {
    n: usize,
    finals: Vec<i64>,
    matches: Vec<(u32, usize, usize, i64, i64, i64)>,
    boards: Vec<Vec<Option<i64>>>,
    tied: Vec<usize>,
    all_play_all: bool,
    purpose: u8,
    with_wins: bool,
}

fn case() -> impl Strategy<Value = Case> {
    (2usize..=6).prop_flat_map(|n| {
        (
            prop::collection::vec(0i64..4, n),
            prop::collection::vec(
                (1u32..=4, 0..n, 0..n, 0i64..=20, -3i64..=3, -3i64..=3),
                0..12,
            ),
            prop::collection::vec(prop::collection::vec(prop::option::of(-2i64..=2), n), 0..8),
            prop::collection::btree_set(0..n, 2..=n),
            any::<bool>(),
            0u8..3,
            any::<bool>(),
        )
            .prop_map(
                move |(finals, raw, boards, tied, all_play_all, purpose, with_wins)| {
                    let mut seen = BTreeSet::new();
                    let matches = raw
                        .into_iter()
                        .filter(|(r, a, b, ..)| {
                            a != b && seen.insert((*r, (*a).min(*b), (*a).max(*b)))
                        })
                        .collect();
                    Case {
                        n,
                        finals,
                        matches,
                        boards,
                        tied: tied.into_iter().collect(),
                        all_play_all,
                        purpose,
                        with_wins,
                    }
                },
            )
    })
}

fn build(c: &Case, reverse: bool) -> countback_tiebreak_ebu::Stage {
    let mut encounters: Vec<_> = c
        .matches
        .iter()
        .map(|(r, a, b, v, i1, i2)| {
            // Swapping sides is also a permutation of the input.
            let (x, y, vx, vy, ix, iy) = if reverse {
                (*b, *a, 20 - v, *v, *i2, *i1)
            } else {
                (*a, *b, *v, 20 - v, *i1, *i2)
            };
            vp_match(*r, NAMES[x], NAMES[y], (vx, vy), (ix, iy))
        })
        .collect();
    let mut boards: Vec<Board> = c
        .boards
        .iter()
        .enumerate()
        .map(|(k, row)| Board {
            number: BoardNumber(k as u32 + 1),
            average: Score::ZERO,
            results: row
                .iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    s.map(|s| (id(NAMES[i]), BoardResult::Played(Score::integer(s))))
                })
                .collect(),
        })
        .collect();
    if reverse {
        encounters.reverse();
        boards.reverse();
    }
    let mut s = teams_stage(&NAMES[..c.n], &c.finals, encounters, boards);
    s.format.all_play_all = c.all_play_all;
    s
}

fn purpose(p: u8) -> TiePurpose {
    match p {
        0 => TiePurpose::Title,
        1 => TiePurpose::QualifyingPlace,
        _ => TiePurpose::IndivisiblePrize,
    }
}

fn procedure(c: &Case) -> Procedure {
    if c.with_wins {
        Procedure::with_number_of_wins()
    } else {
        Procedure::white_book()
    }
}

proptest! {
    #[test]
    fn permuting_the_input_never_changes_the_outcome(c in case(), seed in any::<u64>()) {
        let tied: Vec<ContestantId> = c.tied.iter().map(|i| id(NAMES[*i])).collect();
        let mut shuffled = tied.clone();
        // A deterministic rotation and reversal driven by the seed.
        let k = (seed as usize) % shuffled.len();
        shuffled.rotate_left(k);
        if seed % 2 == 1 {
            shuffled.reverse();
        }
        let p = procedure(&c);
        let one = p.split(&build(&c, false), &tied, purpose(c.purpose)).unwrap();
        let two = p.split(&build(&c, true), &shuffled, purpose(c.purpose)).unwrap();
        prop_assert_eq!(one, two);
    }

    #[test]
    fn a_resolved_order_refines_the_tied_group(c in case()) {
        let tied: Vec<ContestantId> = c.tied.iter().map(|i| id(NAMES[*i])).collect();
        let out = procedure(&c).split(&build(&c, false), &tied, purpose(c.purpose)).unwrap();
        let mut members: Vec<ContestantId> =
            out.order.iter().flat_map(|g| g.members.clone()).collect();
        let flat_len = members.len();
        members.sort();
        let mut want = tied.clone();
        want.sort();
        prop_assert_eq!(flat_len, want.len());
        prop_assert_eq!(members, want);
        for g in &out.order {
            prop_assert!(!g.members.is_empty());
            prop_assert_eq!(g.members.len() > 1, g.unresolved.is_some());
            let mut sorted = g.members.clone();
            sorted.sort();
            prop_assert_eq!(&sorted, &g.members);
        }
        // Every decision splits its group into non-empty parts of it.
        for d in &out.trace {
            let parts: BTreeSet<&ContestantId> = d.result.iter().flatten().collect();
            let among: BTreeSet<&ContestantId> = d.among.iter().collect();
            prop_assert_eq!(parts, among);
            prop_assert!(!d.clause.0.is_empty());
        }
    }

    #[test]
    fn uniform_place_purposes_give_what_split_gives(c in case(), first in 1u32..1000) {
        let tied: Vec<ContestantId> = c.tied.iter().map(|i| id(NAMES[*i])).collect();
        let stage = build(&c, false);
        let p = procedure(&c);
        let want = p.split(&stage, &tied, purpose(c.purpose)).unwrap();
        let got = p
            .split_at_places(&stage, &tied, first, &PlacePurposes::uniform(purpose(c.purpose)))
            .unwrap();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn a_shared_place_is_never_split_and_a_must_split_one_is_never_left_standing(
        c in case(),
        qualifying in 1u32..=6,
    ) {
        // Places 1-6 are shared except one that qualifies; the tie starts at 1.
        let tied: Vec<ContestantId> = c.tied.iter().map(|i| id(NAMES[*i])).collect();
        let purposes =
            PlacePurposes::new(TiePurpose::SharedPlace, [(qualifying, TiePurpose::QualifyingPlace)])
                .unwrap();
        let out = procedure(&c)
            .split_at_places(&build(&c, false), &tied, 1, &purposes)
            .unwrap();
        let mut place = 1u32;
        for g in &out.order {
            let last = place + g.members.len() as u32 - 1;
            let covers = (place..=last).contains(&qualifying);
            if g.members.len() > 1 {
                match &g.unresolved {
                    Some(countback_model::Unresolved::Stands { clause }) => {
                        prop_assert!(!covers);
                        prop_assert_eq!(clause.to_string(), "EBU 143.4");
                    }
                    Some(countback_model::Unresolved::RandomBallot { .. }) => prop_assert!(covers),
                    other => prop_assert!(false, "unexpected {:?}", other),
                }
            }
            place = last + 1;
        }
    }

    #[test]
    fn count_back_gives_n_times_n_minus_one_a_board(c in case()) {
        let tied: Vec<ContestantId> = c.tied.iter().map(|i| id(NAMES[*i])).collect();
        let stage = build(&c, false);
        let cb = PointABoardCountBack::compute(&tied, &stage.boards).unwrap();
        let n = tied.len() as u64;
        for b in &cb.boards {
            let sum: u64 = b.points.iter().map(|p| p.1).sum();
            prop_assert_eq!(sum, n * (n - 1));
            prop_assert!(b.points.iter().all(|p| p.1 <= PointABoardCountBack::top(n)));
        }
        let total: u64 = cb.totals.values().sum();
        prop_assert_eq!(total, cb.boards.len() as u64 * n * (n - 1));
    }

    #[test]
    fn count_back_agrees_with_pairwise_two_contestant_count_backs(c in case()) {
        // Among n, a contestant's points are the sum of its two-contestant
        // count-backs against each other tied contestant.
        let tied: Vec<ContestantId> = c.tied.iter().map(|i| id(NAMES[*i])).collect();
        let stage = build(&c, false);
        let all = PointABoardCountBack::compute(&tied, &stage.boards).unwrap();
        let mut pairwise: BTreeMap<ContestantId, u64> = BTreeMap::new();
        for a in &tied {
            for b in &tied {
                if a < b {
                    let two = PointABoardCountBack::compute(&[a.clone(), b.clone()], &stage.boards).unwrap();
                    // Boards neither played are left out of a pair's count but
                    // count 1 each among n when someone else played them.
                    let skipped = (all.boards.len() - two.boards.len()) as u64;
                    *pairwise.entry(a.clone()).or_default() += two.totals[a] + skipped;
                    *pairwise.entry(b.clone()).or_default() += two.totals[b] + skipped;
                }
            }
        }
        prop_assert_eq!(pairwise, all.totals);
    }

    #[test]
    fn count_back_alone_as_the_only_test_restarts_until_stable(c in case()) {
        let tied: Vec<ContestantId> = c.tied.iter().map(|i| id(NAMES[*i])).collect();
        let p = Procedure::new(vec![SplitTieTest::PointABoardCountBack]);
        let out = p.split(&build(&c, false), &tied, TiePurpose::QualifyingPlace).unwrap();
        // The last decision about any still-tied group did not separate it.
        for g in out.order.iter().filter(|g| g.members.len() > 1) {
            let last = out.trace.iter().rev().find(|d| d.among == g.members).unwrap();
            prop_assert!(!last.separated());
        }
    }
}
