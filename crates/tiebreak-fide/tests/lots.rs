//! Issue 28, item 5: lots drawn from a seed, repeatably, by the documented
//! algorithm (`lots` module docs).
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_model::{Clause, ContestantId, TieBreakOutcome, TiedGroup, Unresolved};
use countback_tiebreak_fide::lots::{draw_lots, SplitMix64, ALGORITHM};

fn ids(names: &[&str]) -> Vec<ContestantId> {
    names.iter().map(|n| ContestantId::new(*n)).collect()
}

fn lots(names: &[&str]) -> TiedGroup {
    TiedGroup {
        members: ids(names),
        unresolved: Some(Unresolved::RandomBallot {
            clause: Clause::new("FIDE C.07 drawing of lots"),
        }),
    }
}

/// Source: S. Vigna, `splitmix64.c` (the reference of Steele, Lea and
/// Flood's generator): from state 0 the first three outputs.
#[test]
fn the_generator_is_splitmix64() {
    let mut g = SplitMix64::new(0);
    assert_eq!(
        [g.next_u64(), g.next_u64(), g.next_u64()],
        [
            0xE220_A839_7B1D_CDAF,
            0x6E78_9E6A_A1B9_65F4,
            0x06C4_5D18_8009_454F
        ]
    );
}

/// The draw worked by hand from those outputs. Seed 0, group Ann, Bob,
/// Cid (name order). Fisher–Yates: i = 2: 0xE220A8397B1DCDAF mod 3 = 1
/// (accepted: far below 2^64 - 3), swap positions 2 and 1: Ann, Cid, Bob;
/// i = 1: 0x6E789E6AA1B965F4 mod 2 = 0 (even), swap 1 and 0: Cid, Ann, Bob.
#[test]
fn a_group_is_drawn_as_the_algorithm_says_and_the_trace_states_it() {
    assert_eq!(0xE220_A839_7B1D_CDAF_u64 % 3, 1);
    assert_eq!(0x6E78_9E6A_A1B9_65F4_u64 % 2, 0);
    // Zoe alone first, then the group sent to lots.
    let zoe_then_lots = |group: &[&str]| TieBreakOutcome {
        order: vec![
            TiedGroup {
                members: ids(&["Zoe"]),
                unresolved: None,
            },
            lots(group),
        ],
        trace: Vec::new(),
    };
    let outcome = zoe_then_lots(&["Bob", "Cid", "Ann"]);
    let drawn = draw_lots(&outcome, 0);
    assert_eq!(drawn.order_text(), "Zoe > Cid > Ann > Bob");
    let decision = drawn.trace.last().unwrap();
    assert_eq!(decision.clause.to_string(), "FIDE C.07 drawing of lots");
    let note = decision.note.as_deref().unwrap();
    assert!(note.starts_with("seed 0; "), "{note}");
    assert!(note.contains(ALGORITHM), "{note}");
    assert!(note.ends_with("drawn: Cid, Ann, Bob"), "{note}");
    // The input order of the group does not matter: name order first.
    let again = zoe_then_lots(&["Ann", "Bob", "Cid"]);
    assert_eq!(draw_lots(&again, 0).order, drawn.order);
}

/// A tie that stands or goes to a play-off is not drawn; without a draw
/// nothing changes (the caller asks for one).
#[test]
fn only_ties_sent_to_lots_are_drawn() {
    let stands = TiedGroup {
        members: ids(&["Ann", "Bob"]),
        unresolved: Some(Unresolved::Stands {
            clause: Clause::new("EBU 143.4"),
        }),
    };
    let outcome = TieBreakOutcome {
        order: vec![stands.clone(), lots(&["Cid", "Dan"])],
        trace: Vec::new(),
    };
    let drawn = draw_lots(&outcome, 7);
    assert_eq!(drawn.order[0], stands);
    assert_eq!(drawn.order.len(), 3);
    assert_eq!(drawn.trace.len(), 1);
}

/// Every seed gives a permutation of the group, and each of the 6 orders
/// of three comes out over many seeds, none far from a sixth.
#[test]
fn draws_are_permutations_and_not_biased() {
    let mut counts = std::collections::HashMap::new();
    for seed in 0..6000u64 {
        let drawn = draw_lots(
            &TieBreakOutcome {
                order: vec![lots(&["Ann", "Bob", "Cid"])],
                trace: Vec::new(),
            },
            seed,
        );
        let mut members: Vec<String> = drawn
            .order
            .iter()
            .map(|g| g.members[0].to_string())
            .collect();
        let key = members.join(" ");
        members.sort();
        assert_eq!(members, ["Ann", "Bob", "Cid"]);
        *counts.entry(key).or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 6);
    assert!(
        counts.values().all(|c| (850..=1150).contains(c)),
        "{counts:?}"
    );
}
