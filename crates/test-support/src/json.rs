//! Arbitrary JSON for the serde property tests: whatever deserialises
//! must satisfy its type's invariant and read back as itself.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

/// A JSON leaf: every kind of scalar, biased toward small numbers (where
/// the types' limits are), toward `names` (the variant and field names the
/// types use) and toward `text`, the strings the type itself parses.
pub fn leaf(
    names: &'static [&'static str],
    text: BoxedStrategy<String>,
) -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-3i64..=14).prop_map(Value::from),
        (-200i64..=200).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        text.prop_map(Value::String),
        prop::sample::select(names).prop_map(Value::from),
        ".{0,8}".prop_map(Value::String),
    ]
}

/// Any JSON value, its object keys drawn mostly from `names` so that the
/// deserialiser gets past "unknown field" often enough to reach the checks.
pub fn any_json(
    names: &'static [&'static str],
    text: BoxedStrategy<String>,
) -> impl Strategy<Value = Value> {
    leaf(names, text).prop_recursive(4, 48, 6, move |inner| {
        let key = prop_oneof![
            4 => prop::sample::select(names).prop_map(str::to_owned),
            1 => "[a-z_]{0,6}",
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((key, inner), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// `value` read as a `T`, if it reads; what reads must write and read back
/// as itself.
///
/// # Errors
/// A failed test case when the value does not read back alike.
pub fn read<T>(value: &Value) -> Result<Option<T>, TestCaseError>
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let Ok(got) = serde_json::from_str::<T>(&value.to_string()) else {
        return Ok(None);
    };
    let written = serde_json::to_string(&got)
        .map_err(|e| TestCaseError::fail(format!("{got:?} does not write: {e}")))?;
    let again: T = serde_json::from_str(&written)
        .map_err(|e| TestCaseError::fail(format!("{got:?} does not read back: {e}")))?;
    prop_assert_eq!(&again, &got);
    Ok(Some(got))
}

/// The message with which `text` is refused as a `T`; a failure if it
/// reads.
#[must_use]
pub fn refusal<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
    match serde_json::from_str::<T>(text) {
        Ok(t) => panic!("{text} deserialised as {t:?}"),
        Err(e) => e.to_string(),
    }
}
