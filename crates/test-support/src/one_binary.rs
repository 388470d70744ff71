//! Each crate's integration tests build as one binary: `tests/main.rs`
//! declares every `tests/<name>.rs` as a module, and the crate's manifest
//! turns Cargo's discovery of one binary per file off (`autotests = false`),
//! because each binary links the whole dependency graph again (issue 39).
//!
//! With discovery off, a new `tests/<name>.rs` that nobody declares would
//! never build and never run, silently. [`every_file_is_a_module`] is the
//! check each `main.rs` runs against itself so that such a file fails the
//! crate's tests instead.

use std::path::Path;

/// Asserts that every `tests/<name>.rs` beside the crate's `tests/main.rs`
/// is declared in it as `#[path = "<name>.rs"]`; `manifest_dir` is the
/// crate's `CARGO_MANIFEST_DIR` and `main` the text of its `tests/main.rs`.
///
/// The `#[path]` attribute is what keeps each file's own `mod common;`,
/// `include_str!` and `#[path]` paths meaning what they meant when the file
/// was a binary of its own: a file loaded through `#[path]` finds its
/// modules in its own folder.
///
/// # Panics
/// When a test file is not declared, naming it, or when the folder cannot
/// be read.
pub fn every_file_is_a_module(manifest_dir: &str, main: &str) {
    let dir = Path::new(manifest_dir).join("tests");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut missing = Vec::new();
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if !path.is_file() || !name.ends_with(".rs") || name == "main.rs" {
            continue;
        }
        if !main.contains(&format!("#[path = \"{name}\"]")) {
            missing.push(name.to_owned());
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "{}: {missing:?} not declared in tests/main.rs (add `#[path = \"<name>.rs\"] mod <name>;`): \
         with `autotests = false` an undeclared test file never builds",
        dir.display(),
    );
}

/// The test each crate's `tests/main.rs` ends with, given its own text
/// (`include_str!("main.rs")`): every `tests/<name>.rs` is declared above
/// it, since with `autotests = false` an undeclared one would never build.
#[macro_export]
macro_rules! every_test_file_is_a_module {
    ($main:expr) => {
        /// Every `tests/<name>.rs` is declared above: with `autotests =
        /// false` an undeclared one would never build.
        #[test]
        fn every_test_file_is_a_module_of_this_binary() {
            $crate::one_binary::every_file_is_a_module(env!("CARGO_MANIFEST_DIR"), $main);
        }
    };
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::process::Command;

    /// Every package of the workspace builds at most one integration-test
    /// binary (issue 39, "First contact": 84 of them, each linking the
    /// dependency graph again, were most of a fresh clone's first test run).
    /// Cargo's own view of the targets, so a file discovered as a binary of
    /// its own counts however it got there.
    #[test]
    fn every_package_builds_at_most_one_integration_test_binary() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let out = Command::new(cargo)
            .args([
                "metadata",
                "--no-deps",
                "--format-version",
                "1",
                "--offline",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap_or_else(|e| panic!("cargo metadata: {e}"));
        assert!(
            out.status.success(),
            "cargo metadata: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let metadata: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("cargo metadata's JSON: {e}"));
        let mut tests: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for package in metadata["packages"].as_array().into_iter().flatten() {
            for target in package["targets"].as_array().into_iter().flatten() {
                let kinds = target["kind"].as_array().into_iter().flatten();
                if kinds.filter_map(|k| k.as_str()).any(|k| k == "test") {
                    tests
                        .entry(package["name"].as_str().unwrap_or_default().to_owned())
                        .or_default()
                        .push(target["name"].as_str().unwrap_or_default().to_owned());
                }
            }
        }
        assert!(!tests.is_empty(), "no integration tests found at all");
        let many: BTreeMap<_, _> = tests.into_iter().filter(|(_, t)| t.len() > 1).collect();
        assert!(
            many.is_empty(),
            "packages with more than one integration-test binary: {many:?}"
        );
    }
}
