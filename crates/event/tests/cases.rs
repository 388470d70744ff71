//! The event library's behaviour, procedure by procedure, as data: each
//! case is an event file under `tests/data/<procedure>/` worked by hand in
//! its header, beside `<case>.expected.toml` with what the header works
//! out — the order at the top, each contestant's score, the clause that
//! decided and the values it compared, the VPs the event's scale gives
//! each match, or the words of a refusal. One [`check`] reads them all.
#![allow(clippy::unwrap_used, clippy::panic)]
#![allow(clippy::indexing_slicing, missing_docs)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use countback_event::{Conversion, Event, RankRequest};
use countback_model::{ContestantId, Unit};

/// What a case's header works out.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    /// The contestants of the first places, in order.
    #[serde(default)]
    order: Vec<String>,
    /// The clause that separated them.
    #[serde(default)]
    decided_by: Option<String>,
    /// The values that clause compared, by contestant (exact).
    #[serde(default)]
    values: BTreeMap<String, String>,
    /// The ranking's own score, by contestant (exact).
    #[serde(default)]
    primary: BTreeMap<String, String>,
    /// The matches the event's scale converts, in the file's order.
    #[serde(default)]
    conversions: Vec<Converted>,
    /// The file is refused: words the refusal holds (the field, the value).
    #[serde(default)]
    refused: Vec<String>,
    /// Further decisions the header works out (another tie, or the rest
    /// of the same one), each found by its clause and its values.
    #[serde(default)]
    also: Vec<Decided>,
}

/// One more decision: its clause and the values it compared.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Decided {
    decided_by: String,
    values: BTreeMap<String, String>,
}

/// One match's conversion: its boards and each side's IMPs and VPs (exact).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Converted {
    boards: u32,
    imps: [String; 2],
    vp: [String; 2],
}

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Every case: (procedure folder, event file).
fn cases() -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir(data()).unwrap() {
        let dir = dir.unwrap().path();
        let procedure = dir.file_name().unwrap().to_str().unwrap().to_owned();
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            let name = f.file_name().unwrap().to_str().unwrap();
            if name.ends_with(".toml") && !name.ends_with(".expected.toml") {
                out.push((procedure.clone(), f));
            }
        }
    }
    out.sort();
    out
}

/// The exact text of `unit`'s two scores in a conversion.
fn pair(c: &Conversion, unit: Unit) -> [String; 2] {
    let s = c.scores.iter().find(|s| s.unit == unit).unwrap();
    [s.first.to_string(), s.second.to_string()]
}

/// Rank the case at `path`, filed under `procedure`, and compare what its
/// expected file says.
fn check(procedure: &str, path: &Path) {
    let name = path.display();
    let text = std::fs::read_to_string(path).unwrap();
    let expected: Expected =
        toml::from_str(&std::fs::read_to_string(path.with_extension("expected.toml")).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    let ranked = Event::from_toml(&text).and_then(|event| {
        let conversions: Vec<Converted> = event
            .conversions()?
            .iter()
            .map(|c| Converted {
                boards: c.boards,
                imps: pair(c, Unit::Imps),
                vp: pair(c, Unit::VictoryPoints),
            })
            .collect();
        Ok((event.rank(&RankRequest::new())?, conversions))
    });
    if !expected.refused.is_empty() {
        let refusal = match ranked {
            Ok(_) => panic!("{name}: ranked, expected a refusal"),
            Err(e) => e.to_string(),
        };
        for words in &expected.refused {
            assert!(refusal.contains(words.as_str()), "{name}: {refusal}");
        }
        return;
    }
    let (ranked, conversions) = ranked.unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        ranked.procedure.name(),
        procedure,
        "{name}: filed under another procedure"
    );
    let order: Vec<&str> = ranked
        .outcome
        .order
        .iter()
        .flat_map(|g| g.members.iter().map(|m| m.as_str()))
        .take(expected.order.len())
        .collect();
    assert_eq!(order, expected.order, "{name}");
    for (who, score) in &expected.primary {
        let got = ranked.primary.get(&ContestantId::new(who.as_str()));
        assert_eq!(
            got.map(ToString::to_string).as_deref(),
            Some(score.as_str()),
            "{name}: {who}"
        );
    }
    for (i, want) in expected.conversions.iter().enumerate() {
        let got = conversions
            .get(i)
            .unwrap_or_else(|| panic!("{name}: no match {i}"));
        assert_eq!(
            (got.boards, &got.imps, &got.vp),
            (want.boards, &want.imps, &want.vp),
            "{name}: match {i}"
        );
    }
    let Some(decided_by) = &expected.decided_by else {
        return;
    };
    let decision = ranked
        .outcome
        .trace
        .iter()
        .find(|d| d.separated() && d.clause.to_string() == *decided_by)
        .unwrap_or_else(|| panic!("{name}: nothing decided by {decided_by}"));
    for (who, value) in &expected.values {
        let got = decision
            .values
            .iter()
            .find(|(c, _)| c.as_str() == who)
            .map(|(_, v)| v.to_string());
        assert_eq!(got.as_deref(), Some(value.as_str()), "{name}: {who}");
    }
    for more in &expected.also {
        let found = ranked.outcome.trace.iter().any(|d| {
            d.separated()
                && d.clause.to_string() == more.decided_by
                && more.values.iter().all(|(who, value)| {
                    d.values
                        .iter()
                        .any(|(c, v)| c.as_str() == who && v.to_string() == *value)
                })
        });
        assert!(
            found,
            "{name}: no decision by {} with {:?}; the trace: {:#?}",
            more.decided_by, more.values, ranked.outcome.trace
        );
    }
}

#[test]
fn every_case_ranks_as_its_header_works_out() {
    let cases = cases();
    assert!(cases.len() >= 18, "the cases are missing");
    for (procedure, path) in cases {
        check(&procedure, &path);
    }
}
