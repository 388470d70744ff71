//! What deserialises is what the constructors would build (issue 18).
//!
//! Arbitrary JSON, shaped like each type or not: deserialising never
//! panics, and what comes out satisfies the constructor's invariant and
//! survives a round trip.
#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used, missing_docs)]

use countback_normalise::{BoardSpec, Direction, RoundingPolicy, ScaleFactor, Score, SessionSpec};
use countback_test_support::json::read;
use countback_test_support::serde_check::{any_json as any_json_toward, read_each};
use proptest::prelude::*;
use serde_json::{json, Value};

/// Issue 18: `{"expected": 0, "actual": 0}` deserialised past
/// `ScaleFactor::new`, and `apply(4)` gave −1 (a factor of 0 with an
/// offset of −1).
#[test]
fn a_scale_factor_with_no_results_does_not_deserialise() {
    let got = serde_json::from_str::<ScaleFactor>(r#"{"expected": 0, "actual": 0}"#);
    match got {
        Ok(sf) => panic!(
            "deserialised {sf:?}, whose apply(4) is {}",
            sf.apply(&Score::integer(4))
        ),
        Err(e) => assert_eq!(e.to_string(), "no results to normalise from (A = 0)"),
    }
}

#[test]
fn a_scale_factor_refuses_what_new_refuses() {
    for (json, message) in [
        (
            r#"{"expected": 3, "actual": 4}"#,
            "expected 3 results but 4 were obtained (E < A)",
        ),
        (
            r#"{"expected": -1, "actual": 4}"#,
            "the expected count E is -1, below zero",
        ),
        (
            r#"{"expected": 18446744073709551615, "actual": 4}"#,
            "invalid value: integer `18446744073709551615`, expected i64",
        ),
    ] {
        let e = countback_test_support::json::refusal::<ScaleFactor>(json);
        assert!(e.starts_with(message), "{json}: {e}");
    }
    let ok: ScaleFactor = serde_json::from_str(r#"{"expected": 10, "actual": 7}"#).unwrap();
    assert_eq!(ok, ScaleFactor::new(10, 7).unwrap());
}

// ---------------------------------------------------------------------------
// Arbitrary JSON.

/// Any JSON, toward the names and texts these types read
/// (`data/serde_vocabulary.txt`).
fn any_json() -> impl Strategy<Value = Value> {
    any_json_toward(include_str!("data/serde_vocabulary.txt"))
}

fn count_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (-2i64..=20).prop_map(Value::from),
        1 => any::<i64>().prop_map(Value::from),
        1 => any::<u64>().prop_map(Value::from),
        1 => any_json(),
    ]
}

fn percent_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => (-60i64..=160).prop_map(Value::from),
        1 => "-?[0-9]{1,3}(\\.[0-9])?".prop_map(Value::String),
        1 => any_json(),
    ]
}

fn scale_factor_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (count_json(), count_json()).prop_map(|(e, a)| json!({ "expected": e, "actual": a })),
        1 => any_json(),
    ]
}

fn rounding_policy_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(&["exact", "ebu_tenth_toward_average", "tenth_truncated"][..])
            .prop_map(Value::from),
        (
            prop_oneof![
                (-2i64..=2).prop_map(Value::from),
                "-?0?\\.[0-9]{1,2}".prop_map(Value::String)
            ],
            prop::sample::select(&["floor", "ceiling", "toward_zero"][..]),
        )
            .prop_map(|(step, mode)| json!({ "custom": { "step": step, "mode": mode } })),
        any_json(),
    ]
}

fn board_spec_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (
            0usize..20,
            percent_json(),
            percent_json(),
            rounding_policy_json(),
        )
            .prop_map(|(e, ns, ew, rounding)| {
                json!({
                    "expected": e,
                    "scale": "two_per_beat",
                    "one_missing": "formula",
                    "unplayable_award": { "ns_percent": ns, "ew_percent": ew },
                    "rounding": rounding,
                    "factoring": "neuberg",
                })
            }),
        1 => any_json(),
    ]
}

// ---------------------------------------------------------------------------
// The properties.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A scale factor has `0 < A ≤ E`, so it never lowers a score: every
    /// non-negative match-point score stays at least what it was.
    #[test]
    fn a_deserialised_scale_factor_never_lowers_a_score(
        v in scale_factor_json(), mp in 0i64..1000
    ) {
        if let Some(sf) = read::<ScaleFactor>(&v)? {
            prop_assert!(sf.actual() > 0);
            prop_assert!(sf.expected() >= sf.actual());
            let (e, a) = (
                i64::try_from(sf.expected()).unwrap(),
                i64::try_from(sf.actual()).unwrap(),
            );
            prop_assert_eq!(ScaleFactor::new(e, a), Ok(sf));
            prop_assert!(sf.factor() >= Score::ONE);
            let m = Score::integer(mp);
            prop_assert!(sf.apply(&m) >= m);
        }
    }

    /// A board spec's award is within 0–100 and its rounding can be built.
    #[test]
    fn a_deserialised_board_spec_is_usable(v in board_spec_json()) {
        if let Some(spec) = read::<BoardSpec>(&v)? {
            for d in [Direction::NorthSouth, Direction::EastWest] {
                let p = spec.unplayable_award.percent(d);
                prop_assert!(!p.is_negative() && *p <= Score::integer(100));
            }
            prop_assert!(spec.rounding.rounding(&spec.average()).is_ok());
        }
    }

    #[test]
    fn other_normalise_types_never_panic_and_round_trip(v in any_json()) {
        read_each::<(RoundingPolicy, SessionSpec, BoardSpec, ScaleFactor)>(&v)?;
    }
}
