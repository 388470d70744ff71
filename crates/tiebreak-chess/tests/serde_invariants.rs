//! What deserialises is what the constructors would build (issue 18).
//!
//! Arbitrary JSON, shaped like each type or not: deserialising never
//! panics, and what comes out satisfies the constructor's invariant and
//! survives a round trip.
#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_test_support::json::read;
use countback_test_support::serde_check::{any_json as any_json_toward, read_each};
use countback_tiebreak_chess::{
    Cascade, IhsaOptions, MedianDiscards, RoundResult, UnplayedGames, UscfOptions,
};
use proptest::prelude::*;
use serde_json::{json, Value};

#[test]
fn a_median_table_out_of_order_does_not_deserialise() {
    let text = r#"{"steps": [[0, 1], [9, 2], [9, 3]]}"#;
    assert_eq!(
        countback_test_support::json::refusal::<MedianDiscards>(text),
        "median table: the step from 9 rounds does not come after the step from 9 rounds"
    );
    let ok: MedianDiscards = serde_json::from_str(r#"{"steps": [[0, 1], [9, 2]]}"#).unwrap();
    assert_eq!(ok, MedianDiscards::uscf_rulebook());
}

#[test]
fn a_round_result_refuses_what_parse_refuses() {
    let err = serde_json::from_str::<RoundResult>(r#""W:""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#""W:" is not a round result (W:x, D:x, L:x, X:x, F:x, B, H, Z or U)"#
    );
}

// ---------------------------------------------------------------------------
// Arbitrary JSON.

/// Any JSON, toward the names and texts these types read
/// (`data/serde_vocabulary.txt`).
fn any_json() -> impl Strategy<Value = Value> {
    any_json_toward(include_str!("data/serde_vocabulary.txt"))
}

fn steps_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => prop::collection::vec((0u32..20, 0usize..4), 0..5)
            .prop_map(|s| json!({ "steps": s })),
        1 => any_json(),
    ]
}

// ---------------------------------------------------------------------------
// The properties.

/// The `from rounds` of each step, as the value serialises them.
fn step_starts(m: &MedianDiscards) -> Vec<u64> {
    let v = serde_json::to_value(m).unwrap();
    v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s[0].as_u64().unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A median table's steps start at strictly increasing round counts, as
    /// `custom` requires, wherever the table comes from.
    #[test]
    fn a_deserialised_median_table_is_ascending(v in steps_json()) {
        for m in [read::<MedianDiscards>(&v)?, read::<UscfOptions>(&json!({
            "median": v.clone(),
            "unplayed": UnplayedGames::uscf(),
        }))?.map(|o| o.median)].into_iter().flatten() {
            let starts = step_starts(&m);
            prop_assert!(starts.windows(2).all(|w| w[0] < w[1]), "{:?}", starts);
        }
    }

    /// A round result reads back from its own text.
    #[test]
    fn a_deserialised_round_result_is_its_text(v in any_json()) {
        if let Some(r) = read::<RoundResult>(&v)? {
            prop_assert_eq!(r.to_string().parse::<RoundResult>().unwrap(), r);
        }
    }

    #[test]
    fn other_chess_types_never_panic_and_round_trip(v in any_json()) {
        read_each::<(MedianDiscards, UscfOptions, Cascade, IhsaOptions)>(&v)?;
    }
}
