//! The published JSON Schema (`countback schema`) accepts every shipped
//! example and test event, checked by a real JSON Schema validator, and
//! refuses what the parser refuses.
#![allow(clippy::unwrap_used, clippy::panic)]
#![allow(clippy::indexing_slicing, missing_docs)]

use std::path::PathBuf;

fn event_files() -> Vec<PathBuf> {
    countback_test_support::files::event_files()
}

fn validator() -> jsonschema::Validator {
    jsonschema::validator_for(&countback_event::schema()).unwrap()
}

#[test]
fn the_schema_accepts_every_example_and_test_event() {
    let v = validator();
    for p in event_files() {
        let text = std::fs::read_to_string(&p).unwrap();
        let value: serde_json::Value = toml::from_str(&text).unwrap();
        let errors: Vec<String> = v
            .iter_errors(&value)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", p.display());
        // And the library reads it.
        countback_event::Event::from_toml(&text).unwrap();
    }
}

#[test]
fn the_schema_refuses_what_the_parser_refuses() {
    let v = validator();
    let base = serde_json::json!({
        "event": { "name": "x", "procedure": "ebu" },
        "contestants": [{ "id": "A" }],
    });
    assert!(v.is_valid(&base));
    for (field, bad) in [
        ("/contestants/0/score", serde_json::json!(17.6)),
        ("/contestants/0/score", serde_json::json!("17,6")),
        ("/contestants/0/colour", serde_json::json!("red")),
        ("/event/procedure", serde_json::json!("ebu-swiss")),
        (
            "/event/options",
            serde_json::json!({ "tie_purpos": "title" }),
        ),
        (
            "/event/options",
            serde_json::json!({ "all_play_all": "yes" }),
        ),
    ] {
        let mut doc = base.clone();
        let (parent, key) = field.rsplit_once('/').unwrap();
        doc.pointer_mut(parent)
            .unwrap()
            .as_object_mut()
            .unwrap()
            .insert(key.to_owned(), bad.clone());
        assert!(!v.is_valid(&doc), "the schema accepts {field} = {bad}");
        let text = serde_json::to_string(&doc).unwrap();
        let parsed = countback_event::Event::from_json(&text);
        let ranked = parsed.and_then(|e| e.rank(&countback_event::RankRequest::new()));
        assert!(ranked.is_err(), "the library accepts {field} = {bad}");
    }
    // Exact numbers in strings, as the parser reads them.
    for ok in ["17.6", "-123/7", "3", ".5", " 1/2 "] {
        let mut doc = base.clone();
        doc["contestants"][0]["score"] = serde_json::json!(ok);
        assert!(v.is_valid(&doc), "the schema refuses {ok:?}");
        assert!(ok.trim().parse::<countback_model::Score>().is_ok());
    }
}

/// The readings' schemas are the rule crates' own types (no mirror in the
/// event library to drift): each `$defs` entry is what the rule crate's
/// `schemars` feature writes, and lists every name the crate serialises.
#[test]
fn the_readings_schemas_are_the_rule_crates_own() {
    use countback_tiebreak_ebu::{Defeated, DirectResultAmongMany, TiePurpose, UnbrokenTitleTie};
    use countback_tiebreak_wbf::{
        BamRemainder, BestSessions, CommonOpponents, NetAmong, SwissPointsOpponents,
    };
    let schema = countback_event::schema();
    let check = |def: &str, own: serde_json::Value, names: Vec<serde_json::Value>| {
        let published = &schema["$defs"][def];
        assert_eq!(published, &own, "{def}");
        let listed: Vec<&serde_json::Value> = match published.get("enum") {
            Some(list) => list.as_array().unwrap().iter().collect(),
            None => published["oneOf"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| &v["const"])
                .collect(),
        };
        assert_eq!(listed, names.iter().collect::<Vec<_>>(), "{def}");
    };
    /// The rule crate's schema of `T` (as a `$defs` entry), its name, and
    /// the names `values` serialise to.
    fn own<T: schemars::JsonSchema + serde::Serialize>(
        values: &[T],
    ) -> (String, serde_json::Value, Vec<serde_json::Value>) {
        let mut own = serde_json::to_value(schemars::schema_for!(T)).unwrap();
        own.as_object_mut().unwrap().remove("$schema");
        own.as_object_mut().unwrap().remove("title");
        let names = values.iter().map(|v| serde_json::to_value(v).unwrap());
        (T::schema_name().into_owned(), own, names.collect())
    }
    for (def, schema, names) in [
        own(&[
            DirectResultAmongMany::EachOfTheOthers,
            DirectResultAmongMany::EveryPairMet,
        ]),
        own(&[Defeated::FinalMethod, Defeated::FinalThenBasicMethod]),
        own(&[UnbrokenTitleTie::RandomBallot, UnbrokenTitleTie::Stands]),
    ] {
        check(&def, schema, names);
    }
    for (def, schema, names) in [
        own(&[NetAmong::MatchesPlayed, NetAmong::EveryPairMet]),
        own(&[
            SwissPointsOpponents::EveryOpponent,
            SwissPointsOpponents::PlayedOnly,
        ]),
        own(&[BestSessions::UpToTwo, BestSessions::UpToAll]),
        own(&[CommonOpponents::NextLower, CommonOpponents::FromTheTop]),
        own(&[BamRemainder::Restart, BamRemainder::NextClause]),
    ] {
        check(&def, schema, names);
    }
    let (def, schema, names) = own(&[
        TiePurpose::Title,
        TiePurpose::QualifyingPlace,
        TiePurpose::IndivisiblePrize,
        TiePurpose::SharedPlace,
    ]);
    check(&def, schema, names);
}
