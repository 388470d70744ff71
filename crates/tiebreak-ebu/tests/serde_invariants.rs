//! What deserialises is what the constructors would build (issue 18).
//!
//! Arbitrary JSON, shaped like each type or not: deserialising never
//! panics, and what comes out satisfies the constructor's invariant and
//! survives a round trip.
#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used, missing_docs)]

use countback_model::Unit;
use countback_tiebreak_ebu::{
    EventFormat, FinalStanding, MethodOfScoring, PenaltyConversion, PlacePurposes, Procedure,
    Readings, Scoring,
};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
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
        match serde_json::from_str::<PlacePurposes>(text) {
            Ok(p) => panic!("{text} deserialised as {p:?}"),
            Err(e) => assert_eq!(e.to_string(), message, "{text}"),
        }
    }
}

#[test]
fn scoring_refuses_units_that_differ_without_victory_points() {
    let text = r#"{"basic": "imps", "final": "match_points"}"#;
    match serde_json::from_str::<Scoring>(text) {
        Ok(s) => panic!("{text} deserialised as {s:?}"),
        Err(e) => assert_eq!(
            e.to_string(),
            "a basic unit of IMPs with a final unit of MP: the two differ only when scores \
             are converted to victory points (143.5.1)"
        ),
    }
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

const NAMES: &[&str] = &[
    "default",
    "by_place",
    "title",
    "qualifying_place",
    "indivisible_prize",
    "shared_place",
    "tests",
    "readings",
    "direct_result",
    "tie_break_points",
    "scoring",
    "basic",
    "final",
    "imps",
    "victory_points",
    "contestant",
    "final_score",
    "share_played",
    "withdrew",
    "aggregate_points",
    "all_play_all",
    "contestants",
    "grouping",
    "draw_score",
    "team",
    "rounds",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-2i64..=12).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "[-+]?[0-9]{1,3}([./][0-9]{1,2})?".prop_map(Value::String),
        prop::sample::select(NAMES).prop_map(Value::from),
        ".{0,6}".prop_map(Value::String),
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        let key = prop_oneof![
            4 => prop::sample::select(NAMES).prop_map(str::to_owned),
            1 => "[a-z_0-9]{0,6}",
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((key, inner), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
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

fn read<T>(value: &Value) -> Result<Option<T>, TestCaseError>
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let Ok(got) = serde_json::from_str::<T>(&value.to_string()) else {
        return Ok(None);
    };
    let again: T = serde_json::from_str(&serde_json::to_string(&got).unwrap())
        .map_err(|e| TestCaseError::fail(format!("{got:?} does not read back: {e}")))?;
    prop_assert_eq!(&again, &got);
    Ok(Some(got))
}

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
        read::<PlacePurposes>(&v)?;
        read::<Procedure>(&v)?;
        read::<Readings>(&v)?;
        read::<Scoring>(&v)?;
        read::<EventFormat>(&v)?;
        read::<FinalStanding>(&v)?;
        read::<PenaltyConversion>(&v)?;
    }
}
