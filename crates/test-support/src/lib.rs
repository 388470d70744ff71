//! Test support shared by countback's tests (unpublished).
//!
//! The conformance tests read real results files from `../shared` beside
//! the checkout. Those files are never copied into the project, so a test
//! must say what it does when they are absent:
//!
//! - under CI (`CI` set to anything but `false`/`0`) or with
//!   `COUNTBACK_REQUIRE_DATA=1`, a missing file **fails** the test: in CI the
//!   data is always there, and a silent skip would hide a broken path;
//! - elsewhere the test passes without checking anything and says so in
//!   one line on the terminal (written to stderr directly, so that the
//!   test harness, which captures `println!`, shows it).
#![forbid(unsafe_code)]
// Test support: failing loudly is its job.
#![allow(clippy::panic, clippy::indexing_slicing)]

use std::io::Write;
use std::path::PathBuf;

pub mod cli;
pub mod files;
pub mod json;
pub mod synthetic;

/// `../shared`, beside the checkout.
#[must_use]
pub fn shared_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

fn set(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Whether a missing data file fails the test: under CI, or with
/// `COUNTBACK_REQUIRE_DATA=1`.
#[must_use]
pub fn data_required() -> bool {
    set("CI") || set("COUNTBACK_REQUIRE_DATA")
}

/// The file `rel` of the shared data (`"bridge-data/…"`, `"chess-data/…"`),
/// or `None` when it is absent outside CI.
///
/// # Panics
/// When the file is absent and [`data_required`].
#[must_use]
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    file_in(&shared_dir(), rel, data_required())
}

fn file_in(dir: &std::path::Path, rel: &str, required: bool) -> Option<PathBuf> {
    let path = dir.join(rel);
    if path.exists() {
        return Some(path);
    }
    assert!(
        !required,
        "../shared/{rel} is missing; the conformance data is required under CI \
         (CI or COUNTBACK_REQUIRE_DATA is set)"
    );
    let _ = writeln!(
        std::io::stderr(),
        "skipped: ../shared/{rel} not found (COUNTBACK_REQUIRE_DATA=1 makes this a failure)"
    );
    None
}

/// The text of the shared data file `rel`; see [`shared_file`].
///
/// # Panics
/// When the file is absent and [`data_required`], or is not UTF-8 text.
#[must_use]
pub fn shared_text(rel: &str) -> Option<String> {
    shared_file(rel)
        .map(|p| std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn missing_data_fails_when_required_and_is_skipped_otherwise() {
        // Before: every conformance test returned early, and passed, when
        // ../shared was absent, even in CI.
        let nowhere = std::env::temp_dir().join("countback-no-such-shared-folder");
        assert!(!nowhere.exists());
        let required = std::panic::catch_unwind(|| file_in(&nowhere, "bridge-data/x.xml", true));
        assert!(required.is_err(), "a missing file must fail under CI");
        assert_eq!(file_in(&nowhere, "bridge-data/x.xml", false), None);
        let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(
            file_in(&here, "Cargo.toml", true),
            Some(here.join("Cargo.toml"))
        );
    }

    #[test]
    fn the_shared_folder_is_beside_the_checkout() {
        let dir = shared_dir();
        assert!(dir.ends_with("shared"));
        // crates/test-support/../../../shared: one level above the checkout.
        let checkout = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let beside = checkout
            .canonicalize()
            .unwrap()
            .parent()
            .unwrap()
            .join("shared");
        assert_eq!(dir.file_name(), beside.file_name());
        assert_eq!(
            dir.join("..").canonicalize().unwrap(),
            beside.parent().unwrap()
        );
    }
}
