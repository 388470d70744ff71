//! What deserialises is what the constructors would build (issue 18).
//!
//! Arbitrary JSON, shaped like each type or not, is fed to every type whose
//! constructor checks something. Deserialising must never panic, and a
//! value that comes out must satisfy the constructor's invariant and
//! survive a serialise → deserialise round trip unchanged.
#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used, missing_docs)]

use countback_model::{
    ArtificialScore, Direction, Encounter, HalfRule, Quotient, Rounding, RoundingMode, Score,
    TableOutcome, TravellerLine,
};
use countback_test_support::json::read;
use num_bigint::BigInt;
use num_integer::Integer;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// Issue 18: an artificial score of 150 % and −50 % deserialised past
/// `ArtificialScore::new`.
#[test]
fn an_artificial_score_outside_0_to_100_does_not_deserialise() {
    for (json, message) in [
        (
            r#"{"ns_percent": 150, "ew_percent": 40}"#,
            "NS percentage is 150, outside 0 to 100",
        ),
        (
            r#"{"ns_percent": "60", "ew_percent": "-50"}"#,
            "EW percentage is -50, outside 0 to 100",
        ),
    ] {
        assert_eq!(
            countback_test_support::json::refusal::<ArtificialScore>(json),
            message,
            "{json}"
        );
    }
}

/// The same check one level down: a traveller line cannot smuggle one in.
#[test]
fn a_traveller_line_cannot_carry_an_artificial_score_above_100() {
    let line = r#"{"board": 1, "ns": "1", "ew": "2",
                   "outcome": {"artificial": {"ns_percent": "100.5", "ew_percent": 40}}}"#;
    let err = serde_json::from_str::<TravellerLine>(line).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("NS percentage is 201/2, outside 0 to 100"),
        "{err}"
    );
}

#[test]
fn a_rounding_step_of_zero_or_below_does_not_deserialise() {
    for (step, message) in [
        ("0", "a rounding step must be positive, not 0"),
        ("-1/10", "a rounding step must be positive, not -1/10"),
    ] {
        let text = json!({ "step": step, "mode": "floor" }).to_string();
        assert_eq!(
            countback_test_support::json::refusal::<Rounding>(&text),
            message,
            "{text}"
        );
    }
    let ok: Rounding = serde_json::from_str(r#"{"step": "0.1", "mode": "ceiling"}"#).unwrap();
    assert_eq!(ok, Rounding::decimal(1, RoundingMode::Ceiling).unwrap());
}

#[test]
fn a_score_refuses_what_parse_refuses() {
    for (text, message) in [
        (r#""1/0""#, "division by zero"),
        (
            r#""+-1""#,
            r#""+-1" is not an exact score: more than one sign"#,
        ),
        (
            "0.1",
            "0.1 is a binary floating-point number, which cannot hold most decimals \
             exactly; write it as a string, e.g. \"0.1\"",
        ),
    ] {
        let e = countback_test_support::json::refusal::<Score>(text);
        assert!(e.starts_with(message), "{text}: {e}");
    }
}

// ---------------------------------------------------------------------------
// Arbitrary JSON.

/// Text a score might be written as, valid or nearly so.
/// Any JSON, toward the names and the score texts the model reads.
fn any_json(names: &'static [&'static str]) -> impl Strategy<Value = Value> {
    countback_test_support::json::any_json(names, score_text().boxed())
}

fn score_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[-+]?[0-9]{1,25}",
        "[-+]?[0-9]{0,4}\\.[0-9]{0,4}",
        "[-+]?[0-9]{1,4} ?/ ?[-+]?[0-9]{1,4}",
        "[-+ 0-9./e]{0,12}",
    ]
}

/// A score in JSON: mostly a valid one, sometimes anything.
fn score_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => (-200i64..=200).prop_map(Value::from),
        3 => score_text().prop_map(Value::String),
        1 => any_json(NAMES),
    ]
}

/// Every field and variant name of the types under test.
const NAMES: &[&str] = &[
    "step",
    "mode",
    "nearest",
    "toward_zero",
    "floor",
    "ceiling",
    "rule",
    "reference",
    "toward_reference",
    "away_from_reference",
    "even",
    "up",
    "down",
    "away_from_zero",
    "ns_percent",
    "ew_percent",
    "board",
    "ns",
    "ew",
    "outcome",
    "played",
    "ns_points",
    "artificial",
    "not_played",
    "finite",
    "infinite",
    "round",
    "first",
    "second",
    "scores",
    "unit",
    "status",
    "weight",
    "imps",
    "awarded",
];

fn half_rule_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(&["even", "up", "down", "toward_zero", "away_from_zero"][..])
            .prop_map(|r| json!({ "rule": r })),
        (
            prop::sample::select(&["toward_reference", "away_from_reference"][..]),
            score_json()
        )
            .prop_map(|(r, s)| json!({ "rule": r, "reference": s })),
        any_json(NAMES),
    ]
}

fn mode_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(&["toward_zero", "floor", "ceiling"][..]).prop_map(Value::from),
        half_rule_json().prop_map(|h| json!({ "nearest": h })),
        any_json(NAMES),
    ]
}

/// An object with the given fields, each from its strategy, some dropped,
/// and sometimes a field nobody asked for.
fn shaped(fields: Vec<(&'static str, BoxedStrategy<Value>)>) -> impl Strategy<Value = Value> {
    let n = fields.len();
    let values: Vec<BoxedStrategy<Option<Value>>> = fields
        .iter()
        .map(|(_, s)| prop::option::weighted(0.9, s.clone()).boxed())
        .collect();
    let names: Vec<&'static str> = fields.iter().map(|(k, _)| *k).collect();
    (values, prop::option::weighted(0.1, any_json(NAMES))).prop_map(move |(vs, extra)| {
        let mut map = Map::new();
        for (k, v) in names.iter().zip(vs).take(n) {
            if let Some(v) = v {
                map.insert((*k).to_owned(), v);
            }
        }
        if let Some(extra) = extra {
            map.insert("extra".to_owned(), extra);
        }
        Value::Object(map)
    })
}

fn rounding_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        shaped(vec![
            ("step", score_json().boxed()),
            ("mode", mode_json().boxed())
        ]),
        any_json(NAMES),
    ]
}

fn artificial_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        shaped(vec![
            ("ns_percent", score_json().boxed()),
            ("ew_percent", score_json().boxed()),
        ]),
        any_json(NAMES),
    ]
}

fn outcome_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!("not_played")),
        any::<i32>().prop_map(|p| json!({ "played": { "ns_points": p } })),
        artificial_json().prop_map(|a| json!({ "artificial": a })),
        any_json(NAMES),
    ]
}

fn line_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        shaped(vec![
            (
                "board",
                prop_oneof![(0u32..40).prop_map(Value::from), any_json(NAMES)].boxed()
            ),
            ("ns", Just(json!("1")).boxed()),
            ("ew", Just(json!("2")).boxed()),
            ("outcome", outcome_json().boxed()),
        ]),
        any_json(NAMES),
    ]
}

// ---------------------------------------------------------------------------
// The properties.

fn in_percent_range(a: &ArtificialScore) -> bool {
    [Direction::NorthSouth, Direction::EastWest]
        .iter()
        .all(|d| !a.percent(*d).is_negative() && *a.percent(*d) <= Score::integer(100))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A score is in lowest terms with a positive denominator, and its text
    /// reads back as the same value.
    #[test]
    fn a_deserialised_score_is_canonical(v in score_json()) {
        if let Some(s) = read::<Score>(&v)? {
            let (n, d) = (s.numer(), s.denom());
            prop_assert!(d > BigInt::from(0));
            prop_assert_eq!(n.gcd(&d), BigInt::from(1));
            prop_assert_eq!(Score::parse(&s.to_string()).unwrap(), s);
        }
    }

    /// A rounding has a positive step, so rounding anything succeeds and
    /// lands on a multiple of it.
    #[test]
    fn a_deserialised_rounding_has_a_positive_step(v in rounding_json(), x in -10_000i64..10_000) {
        if let Some(r) = read::<Rounding>(&v)? {
            prop_assert!(r.step().is_positive());
            prop_assert_eq!(Rounding::new(r.step().clone(), r.mode().clone()), Ok(r.clone()));
            let out = r.apply(&Score::new(x, 7).unwrap()).unwrap();
            prop_assert!(out.checked_div(r.step()).unwrap().is_integer());
        }
    }

    /// Both percentages of an artificial score are within 0–100.
    #[test]
    fn a_deserialised_artificial_score_is_within_0_to_100(v in artificial_json()) {
        if let Some(a) = read::<ArtificialScore>(&v)? {
            prop_assert!(in_percent_range(&a));
            let rebuilt = ArtificialScore::new(
                a.percent(Direction::NorthSouth).clone(),
                a.percent(Direction::EastWest).clone(),
            );
            prop_assert_eq!(rebuilt, Ok(a));
        }
    }

    /// A traveller line's artificial score is checked as a bare one is.
    #[test]
    fn a_deserialised_traveller_line_has_a_valid_award(v in line_json()) {
        if let Some(line) = read::<TravellerLine>(&v)? {
            if let TableOutcome::Artificial(a) = &line.outcome {
                prop_assert!(in_percent_range(a));
            }
        }
    }

    /// The types without a checking constructor still never panic and
    /// round-trip.
    #[test]
    fn other_model_types_never_panic_and_round_trip(v in any_json(NAMES)) {
        read::<HalfRule>(&v)?;
        read::<RoundingMode>(&v)?;
        read::<Quotient>(&v)?;
        read::<TableOutcome>(&v)?;
        read::<Encounter>(&v)?;
    }
}
