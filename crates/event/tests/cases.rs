//! The event library's behaviour, procedure by procedure, as data: each
//! case is an event file under `tests/data/<procedure>/` worked by hand in
//! its header, beside `<case>.expected.toml` with what the header works
//! out — the order at the top, the clause that decided and the values it
//! compared. One [`check`] reads them all.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    missing_docs
)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use countback_event::{Event, RankRequest};

/// What a case's header works out.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    /// The contestants of the first places, in order.
    order: Vec<String>,
    /// The clause that separated them.
    decided_by: String,
    /// The values that clause compared, by contestant (exact).
    #[serde(default)]
    values: BTreeMap<String, String>,
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

/// Rank the case at `path`, filed under `procedure`, and compare what its
/// expected file says.
fn check(procedure: &str, path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let expected: Expected =
        toml::from_str(&std::fs::read_to_string(path.with_extension("expected.toml")).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let event = Event::from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let ranked = event
        .rank(&RankRequest::new())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(
        ranked.procedure.name(),
        procedure,
        "{}: filed under another procedure",
        path.display()
    );
    let order: Vec<&str> = ranked
        .outcome
        .order
        .iter()
        .flat_map(|g| g.members.iter().map(|m| m.as_str()))
        .take(expected.order.len())
        .collect();
    assert_eq!(order, expected.order, "{}", path.display());
    let decision = ranked
        .outcome
        .trace
        .iter()
        .find(|d| d.separated() && d.clause.to_string() == expected.decided_by)
        .unwrap_or_else(|| {
            panic!(
                "{}: nothing decided by {}",
                path.display(),
                expected.decided_by
            )
        });
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
            "{}: no decision by {} with {:?}; the trace: {:#?}",
            path.display(),
            more.decided_by,
            more.values,
            ranked.outcome.trace
        );
    }
    for (who, value) in &expected.values {
        let got = decision
            .values
            .iter()
            .find(|(c, _)| c.as_str() == who)
            .map(|(_, v)| v.to_string());
        assert_eq!(
            got.as_deref(),
            Some(value.as_str()),
            "{}: {who}",
            path.display()
        );
    }
}

#[test]
fn every_case_ranks_as_its_header_works_out() {
    let cases = cases();
    assert!(cases.len() >= 4, "the cases are missing");
    for (procedure, path) in cases {
        check(&procedure, &path);
    }
}
