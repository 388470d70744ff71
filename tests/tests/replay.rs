//! Every worked example of the rule documents, replayed.
//!
//! For each fixture under `docs/examples/<ruleset>/`: every printed figure is
//! asserted exactly against the computation (a misprint only passes when the
//! fixture records it as an erratum and the computation gives the recorded
//! correction), then the full breakdown is snapshotted for review.
#![allow(clippy::unwrap_used, clippy::panic, missing_docs)]

use std::collections::BTreeSet;
use std::path::PathBuf;

use countback_replay::{files, Status};

fn root() -> PathBuf {
    files::workspace_root(env!("CARGO_MANIFEST_DIR"))
}

fn snapshot_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("snapshots")
}

#[test]
fn every_printed_figure_matches_or_is_a_recorded_erratum() {
    let fixtures = files::all(&root()).unwrap();
    assert!(
        !fixtures.is_empty(),
        "no fixtures found under docs/examples"
    );
    let mut failures = Vec::new();
    for f in &fixtures {
        match files::replay(f) {
            Err(e) => failures.push(e),
            Ok(report) => {
                if report.figures.is_empty() {
                    failures.push(format!(
                        "{}/{}: records no printed figure",
                        f.ruleset, f.file
                    ));
                }
                for fig in report
                    .figures
                    .iter()
                    .filter(|g| g.status == Status::Mismatch)
                {
                    failures.push(format!(
                        "{}/{}: {}: printed {} computed {} ({})",
                        f.ruleset,
                        f.file,
                        fig.quantity,
                        fig.printed,
                        fig.display,
                        fig.reason.clone().unwrap_or_default()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_breakdown_is_snapshotted() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(snapshot_dir());
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for f in files::all(&root()).unwrap() {
            let report = files::replay(&f).unwrap();
            insta::assert_snapshot!(f.snapshot_name(), report.render());
        }
    });
}

#[test]
fn no_snapshot_without_a_fixture() {
    let wanted: BTreeSet<String> = files::all(&root())
        .unwrap()
        .iter()
        .map(|f| format!("{}.snap", f.snapshot_name()))
        .collect();
    let Ok(dir) = std::fs::read_dir(snapshot_dir()) else {
        return;
    };
    let stray: Vec<String> = dir
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".snap") && !wanted.contains(n))
        .collect();
    assert!(stray.is_empty(), "snapshots with no fixture: {stray:?}");
}

#[test]
fn every_rule_set_folder_is_known() {
    for f in files::all(&root()).unwrap() {
        assert!(
            countback_replay::rulesets::find(&f.ruleset).is_some(),
            "docs/examples/{} is not a rule set the replay knows",
            f.ruleset
        );
    }
}

/// Every clause of WBF 1–5 that can decide must be the decider of at
/// least one fixture. (A unit test of `countback-replay` until issue 39:
/// its only one, which cost the first `cargo test` a second build of the
/// whole crate as a test harness; it reads only the public API.)
#[test]
fn every_clause_of_the_wbf_document_decides_some_fixture() {
    let mut decided: BTreeSet<String> = BTreeSet::new();
    let mut listing = Vec::new();
    for f in files::all(&root()).unwrap() {
        if f.ruleset != "wbf" {
            continue;
        }
        let report = files::replay(&f).unwrap();
        let by = report
            .breakdown
            .computed
            .iter()
            .find(|c| c.quantity == "decided by")
            .map(|c| c.exact.clone())
            .unwrap_or_default();
        listing.push(format!("{}: {by}", f.file));
        decided.extend(
            by.split(", ")
                .filter(|s| !s.is_empty() && *s != "none")
                .map(str::to_owned),
        );
    }
    println!("{}", listing.join("\n"));
    let never: Vec<&str> = countback_tiebreak_wbf::DECIDING_CLAUSES
        .iter()
        .copied()
        .filter(|c| !decided.contains(*c))
        .collect();
    assert!(
        never.is_empty(),
        "clauses that decide no fixture: {never:?}\n{}",
        listing.join("\n")
    );
    let unknown: Vec<&String> = decided
        .iter()
        .filter(|c| !countback_tiebreak_wbf::DECIDING_CLAUSES.contains(&c.as_str()))
        .collect();
    assert!(unknown.is_empty(), "clauses not in the list: {unknown:?}");
}
