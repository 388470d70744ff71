//! Options: one typed set per procedure, and one for scoring a pairs
//! session.
//!
//! The file's `[event.options]` table is kept as written ([`RawOptions`])
//! until the procedure is known (the command line may choose it), then read
//! into that procedure's type. An option the procedure does not have is an
//! error that lists the options it has; a value that does not fit is an
//! error that lists the valid values. Booleans are booleans (`true`, not
//! `"yes"`); the strings `"true"` and `"false"` that older files used are
//! still read, with a warning.

use std::collections::BTreeMap;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{EventError, FieldPath, Problem};

/// The `[event.options]` table as written, read into a procedure's options
/// type once the procedure is known.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(transparent)]
#[non_exhaustive]
pub struct RawOptions(pub BTreeMap<String, serde_json::Value>);

impl JsonSchema for RawOptions {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ProcedureOptions".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        // The format does not know the procedures' options: the event
        // file's schema ([`crate::schema`]) asks the registry for them and
        // puts them in this place (`procedures::event_file_options`). Alone,
        // the table is an object of options.
        schemars::json_schema!({
            "description": "The options of the event's procedure.",
            "type": "object"
        })
    }
}

impl RawOptions {
    /// Set `key` from command-line text: a TOML value (`true`, `3`,
    /// `"title"`, `["a", "b"]`), or else the text itself as a string.
    pub fn set_from_text(&mut self, key: &str, value: &str) {
        let parsed = format!("v = {value}")
            .parse::<toml::Table>()
            .ok()
            .and_then(|mut t| t.remove("v"))
            .and_then(|v| serde_json::to_value(v).ok())
            .unwrap_or_else(|| serde_json::Value::String(value.to_owned()));
        self.0.insert(key.to_owned(), parsed);
    }

    /// Read the options into `T`, the options of `procedure`. `base` is
    /// where the table is in the file (`event.options`). Legacy string
    /// booleans are reported in `warnings`.
    pub fn read<T: DeserializeOwned + JsonSchema>(
        &self,
        procedure: &str,
        base: &FieldPath,
        warnings: &mut Vec<crate::Warning>,
    ) -> Result<T, EventError> {
        RawOptions::read_layered(&[(self, base.clone())], procedure, warnings)
    }

    /// Read layers of options (the file's, then the command line's, each
    /// with where it comes from) into `T`: a later layer replaces an
    /// earlier one key by key, and an error names the layer of its key.
    pub fn read_layered<T: DeserializeOwned + JsonSchema>(
        layers: &[(&RawOptions, FieldPath)],
        procedure: &str,
        warnings: &mut Vec<crate::Warning>,
    ) -> Result<T, EventError> {
        // The schema is built only when a layer names an option: a file
        // with none (most) is read without it (issue 30: building and
        // serialising it was a tenth of the run on a session of 30 tables).
        let mut names: Option<Vec<String>> = None;
        let mut merged = serde_json::Map::new();
        let mut origin: BTreeMap<String, FieldPath> = BTreeMap::new();
        for (layer, base) in layers {
            for (key, value) in &layer.0 {
                let valid = names.get_or_insert_with(property_names::<T>);
                if !valid.contains(key) {
                    return Err(EventError::at(
                        base.k(key),
                        Problem::UnknownOption {
                            procedure: procedure.to_owned(),
                            option: key.clone(),
                            valid: if valid.is_empty() {
                                vec!["(none)".to_owned()]
                            } else {
                                valid.clone()
                            },
                        },
                    ));
                }
                if let serde_json::Value::String(s) = value {
                    if (s == "true" || s == "false") && is_boolean::<T>(key) {
                        warnings.push(crate::Warning {
                            kind: None,
                            field: Some(base.k(key)),
                            at: None,
                            message: format!(
                                "write {s} without quotes: options that are on or off are booleans"
                            ),
                        });
                    }
                }
                merged.insert(key.clone(), value.clone());
                origin.insert(key.clone(), base.k(key));
            }
        }
        serde_path_to_error::deserialize(serde_json::Value::Object(merged)).map_err(|e| {
            let option = e
                .path()
                .iter()
                .next()
                .map(|s| s.to_string())
                .unwrap_or_default();
            let field = origin
                .get(&option)
                .cloned()
                .unwrap_or_else(|| layers.first().map(|(_, b)| b.clone()).unwrap_or_default());
            EventError::at(
                field,
                Problem::bad_option(option, e.into_inner().to_string()),
            )
        })
    }
}

fn schema_of<T: JsonSchema>() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap_or_default()
}

fn property_names<T: JsonSchema>() -> Vec<String> {
    schema_of::<T>()
        .get("properties")
        .and_then(|p| p.as_object())
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

fn is_boolean<T: JsonSchema>(key: &str) -> bool {
    let s = schema_of::<T>();
    let t = s.pointer(&format!("/properties/{key}/type")).cloned();
    match t {
        Some(serde_json::Value::String(t)) => t == "boolean",
        Some(serde_json::Value::Array(a)) => a.iter().any(|t| t == "boolean"),
        _ => false,
    }
}

/// A boolean, or the strings `"true"` / `"false"` of older files.
pub(crate) fn flex_bool<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum B {
        Bool(bool),
        Text(String),
    }
    match B::deserialize(d)? {
        B::Bool(b) => Ok(b),
        B::Text(t) if t == "true" => Ok(true),
        B::Text(t) if t == "false" => Ok(false),
        B::Text(t) => Err(serde::de::Error::custom(format!(
            "{t:?} is not a boolean; write true or false (without quotes)"
        ))),
    }
}

pub(crate) fn flex_bool_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    flex_bool(d).map(Some)
}

// The options of each procedure live with the procedure
// (`procedures/<name>.rs`: its options type, the readings they choose and
// its rank function in one file); they are named here too, beside the
// options of scoring.
pub use crate::procedures::ebu::EbuOptions;
pub use crate::procedures::fide::FideOptions;
pub use crate::procedures::ihsa::IhsaOptions;
pub use crate::procedures::uscf::{MedianTableName, UscfOptions};
pub use crate::procedures::wbf_bam::WbfBamOptions;
pub use crate::procedures::wbf_knockout::WbfKnockoutOptions;
pub use crate::procedures::wbf_pairs::WbfPairsOptions;
pub use crate::procedures::wbf_teams::{WbfRoundRobinOptions, WbfSwissOptions};

/// How factored match points are rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RoundingName {
    /// Exact fractions (default).
    Exact,
    /// The EBU's 0.1, an exact 0.05 toward the average.
    EbuTenthTowardAverage,
    /// 0.01, an exact half up.
    HundredthHalfUp,
    /// 0.0001, an exact half away from the average.
    TenThousandthHalfAwayFromAverage,
    /// Down to the 0.1 below.
    TenthTruncated,
}

/// How percentages are formed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum PercentageName {
    /// Each pair's maximum in proportion to the boards it played (default).
    Proportional,
    /// Gaps filled with PAR where the completed movement gave the pair a
    /// board (`contestants[].boards_due`).
    GapPar,
}

/// How a pairs session is scored (`[event.scoring]`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ScoringOptions {
    /// A named convention: its choices of scale, factoring and rounding
    /// are the defaults of the options below, which override them one by
    /// one. For a results file (`score`, `audit`), the convention to use
    /// instead of the writer's.
    #[serde(default)]
    pub convention: Option<countback_results::Convention>,
    /// Results on a complete board, common to the session (default: the
    /// most on any board, or any board's own `expected`).
    #[serde(default)]
    pub expected: Option<u32>,
    /// The matchpoint scale (default `two_per_beat`).
    #[serde(default)]
    pub scale: Option<countback_matchpoints::Scale>,
    /// One result short (default `formula`).
    #[serde(default)]
    pub one_missing: Option<countback_normalise::OneMissing>,
    /// Rounding of factored match points (default `exact`).
    #[serde(default)]
    pub rounding: Option<RoundingName>,
    /// Percentages (default `proportional`).
    #[serde(default)]
    pub percentage: Option<PercentageName>,
    /// The award on a version of a fouled board played only once
    /// (unplayable), as `"A5050"` (default 50% each way).
    #[serde(default)]
    pub unplayable_award: Option<String>,
}

/// The names of every field of `T`'s schema, for messages.
#[must_use]
pub fn option_names<T: JsonSchema>() -> Vec<String> {
    property_names::<T>()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn raw(pairs: &[(&str, &str)]) -> RawOptions {
        let mut r = RawOptions::default();
        for (k, v) in pairs {
            r.set_from_text(k, v);
        }
        r
    }

    #[test]
    fn every_ebu_reading_reaches_the_crate() {
        let o: EbuOptions = raw(&[
            ("direct_result_among_many", "every_pair_met"),
            ("defeated", "final_then_basic_method"),
            ("unbroken_title_tie", "stands"),
        ])
        .read("ebu", &FieldPath::key("o"), &mut Vec::new())
        .unwrap();
        let want = countback_tiebreak_ebu::Readings::default()
            .with_direct_result_among_many(
                countback_tiebreak_ebu::DirectResultAmongMany::EveryPairMet,
            )
            .with_defeated(countback_tiebreak_ebu::Defeated::FinalThenBasicMethod)
            .with_unbroken_title_tie(countback_tiebreak_ebu::UnbrokenTitleTie::Stands);
        assert_eq!(o.readings(), want);
        assert_ne!(want, countback_tiebreak_ebu::Readings::default());
    }

    #[test]
    fn every_wbf_reading_reaches_the_crate() {
        let pairs: WbfPairsOptions = raw(&[
            ("best_sessions", "up_to_all"),
            ("common_opponents", "from_the_top"),
        ])
        .read("wbf-pairs", &FieldPath::key("o"), &mut Vec::new())
        .unwrap();
        assert_eq!(
            pairs.readings(),
            countback_tiebreak_wbf::Readings::default()
                .with_best_sessions(countback_tiebreak_wbf::BestSessions::UpToAll)
                .with_common_opponents(countback_tiebreak_wbf::CommonOpponents::FromTheTop)
        );
        let bam: WbfBamOptions = raw(&[("bam_remainder", "next_clause")])
            .read("wbf-bam", &FieldPath::key("o"), &mut Vec::new())
            .unwrap();
        assert_eq!(
            bam.readings(),
            countback_tiebreak_wbf::Readings::default()
                .with_bam_remainder(countback_tiebreak_wbf::BamRemainder::NextClause)
        );
        let rr: WbfRoundRobinOptions = raw(&[("net_among", "every_pair_met")])
            .read("wbf-round-robin", &FieldPath::key("o"), &mut Vec::new())
            .unwrap();
        assert_eq!(
            rr.readings(),
            countback_tiebreak_wbf::Readings::default()
                .with_net_among(countback_tiebreak_wbf::NetAmong::EveryPairMet)
        );
    }

    #[test]
    fn every_convention_is_named_as_the_crate_names_it() {
        // The option is read by serde; a name that drifted from
        // `Convention::name` (snake_case makes `ebu_white_book2025`) would
        // refuse the documented one. `ruter` is Ruter's own convention
        // (issue 41; it was Magic Contest's other name).
        for c in countback_results::ALL_CONVENTIONS {
            let named: countback_results::Convention =
                serde_json::from_value(serde_json::json!(c.name())).unwrap();
            assert_eq!(named, c);
            assert_eq!(
                serde_json::to_value(c).unwrap(),
                serde_json::json!(c.name())
            );
        }
        let ruter: ScoringOptions =
            serde_json::from_value(serde_json::json!({ "convention": "ruter" })).unwrap();
        assert_eq!(ruter.convention, Some(countback_results::Convention::Ruter));
    }

    #[test]
    fn command_line_values_are_toml_or_text() {
        let r = raw(&[
            ("a", "true"),
            ("b", "title"),
            ("c", "[1, 2]"),
            ("d", "\"x y\""),
        ]);
        assert_eq!(r.0["a"], serde_json::json!(true));
        assert_eq!(r.0["b"], serde_json::json!("title"));
        assert_eq!(r.0["c"], serde_json::json!([1, 2]));
        assert_eq!(r.0["d"], serde_json::json!("x y"));
    }
}
