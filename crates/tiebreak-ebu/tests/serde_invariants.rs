//! What deserialises is what the constructors would build (issue 18).
//!
//! Arbitrary JSON, shaped like each type or not: deserialising never
//! panics, and what comes out satisfies the constructor's invariant and
//! survives a round trip.
#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used, missing_docs)]

use countback_model::Unit;
use countback_test_support::json::read;
use countback_test_support::serde_check::{any_json as any_json_toward, read_each};
use countback_tiebreak_ebu::{
    EventFormat, FinalStanding, MethodOfScoring, PenaltyConversion, PlacePurposes, Procedure,
    Readings, Scoring,
};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

#[test]
fn place_purposes_refuse_what_new_refuses() {
    for (text, message) in [
        (
            r#"{"default": "title", "by_place": {"0": "title"}}"#,
            r#"place "0": places are numbered 1, 2, 3 ... (1 = first)"#,
        ),
        (
            r#"{"default": "title", "by_place": {"1": "title", "01": "shared_place"}}"#,
            "place 1 is given two different purposes",
        ),
    ] {
        assert_eq!(
            countback_test_support::json::refusal::<PlacePurposes>(text),
            message,
            "{text}"
        );
    }
}

#[test]
fn scoring_refuses_units_that_differ_without_victory_points() {
    let text = r#"{"basic": "imps", "final": "match_points"}"#;
    assert_eq!(
        countback_test_support::json::refusal::<Scoring>(text),
        "a basic unit of IMPs with a final unit of MP: the two differ only when scores \
             are converted to victory points (143.5.1)"
    );
    let vp: Scoring =
        serde_json::from_str(r#"{"basic": "imps", "final": "victory_points"}"#).unwrap();
    assert_eq!(vp, Scoring::victory_points(Unit::Imps));
}

// ---------------------------------------------------------------------------
// Arbitrary JSON.

const PURPOSES: &[&str] = &[
    "title",
    "qualifying_place",
    "indivisible_prize",
    "shared_place",
];

const UNITS: &[&str] = &[
    "match_points",
    "imps",
    "victory_points",
    "total_points",
    "game_points",
    "percent",
];

/// Any JSON, toward the names and texts these types read
/// (`data/serde_vocabulary.txt`).
fn any_json() -> impl Strategy<Value = Value> {
    any_json_toward(include_str!("data/serde_vocabulary.txt"))
}

fn place_purposes_json() -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        4 => (0u32..8).prop_map(|p| p.to_string()),
        1 => "0?[0-9]{1,3}|-1|x|4294967296",
    ];
    let purpose = prop_oneof![
        4 => prop::sample::select(PURPOSES).prop_map(Value::from),
        1 => any_json(),
    ];
    prop_oneof![
        4 => (
            prop::sample::select(PURPOSES),
            prop::collection::vec((key, purpose), 0..5),
        )
            .prop_map(|(default, places)| {
                let by_place: Map<String, Value> = places.into_iter().collect();
                json!({ "default": default, "by_place": by_place })
            }),
        1 => any_json(),
    ]
}

// ---------------------------------------------------------------------------
// The properties.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Every place with its own purpose is numbered from 1, and `new`
    /// builds the same value from it.
    #[test]
    fn deserialised_place_purposes_are_numbered_from_1(v in place_purposes_json()) {
        if let Some(p) = read::<PlacePurposes>(&v)? {
            prop_assert!(p.by_place().keys().all(|place| *place >= 1));
            let rebuilt = PlacePurposes::new(
                p.default_purpose(),
                p.by_place().iter().map(|(k, v)| (*k, *v)),
            );
            prop_assert_eq!(rebuilt, Ok(p));
        }
    }

    /// The units differ only when the final one is victory points.
    #[test]
    fn a_deserialised_scoring_differs_only_toward_victory_points(
        basic in prop::sample::select(UNITS),
        final_unit in prop::sample::select(UNITS),
    ) {
        let v = json!({ "basic": basic, "final": final_unit });
        if let Some(s) = read::<Scoring>(&v)? {
            let (b, f) = (s.unit(MethodOfScoring::Basic), s.unit(MethodOfScoring::Final));
            prop_assert!(b == f || f == Unit::VictoryPoints);
            prop_assert_eq!(Scoring::new(b, f), Ok(s));
        } else {
            prop_assert!(basic != final_unit && final_unit != "victory_points");
        }
    }

    #[test]
    fn other_ebu_types_never_panic_and_round_trip(v in any_json()) {
        read_each::<(PlacePurposes, Procedure, Readings, Scoring, EventFormat, FinalStanding, PenaltyConversion)>(&v)?;
    }
}
