//! Test support shared by countback's tests (unpublished).
//!
//! The conformance tests read real results files from `../shared` beside
//! the checkout (or from the folder `COUNTBACK_SHARED` names). Those files
//! are never copied into the project, so a test must say what it does when
//! they are absent:
//!
//! - under CI (`CI` set to anything but `false`/`0`) or with
//!   `COUNTBACK_REQUIRE_DATA=1`, a missing file **fails** the test: in CI the
//!   data is always there, and a silent skip would hide a broken path;
//! - elsewhere the test passes without checking anything, and the test
//!   binary says so **once**, in one line naming the folder (written to
//!   stderr directly, so that the test harness, which captures `println!`,
//!   shows it). One line a binary, not one a case: a property test that
//!   looks for data in each of its thousands of cases would otherwise bury
//!   the terminal.
#![forbid(unsafe_code)]
// Test support: failing loudly is its job.
#![allow(clippy::panic, clippy::indexing_slicing)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

pub mod case_file;
pub mod cli;
pub mod fide_swiss;
pub mod files;
pub mod json;
pub mod one_binary;
pub mod places;
pub mod serde_check;
pub mod synthetic;
pub mod webdriver;

/// The environment variable that names the shared data folder instead of
/// `../shared` beside the checkout. CI points it at a missing folder to prove
/// that a fresh clone without the data passes.
pub const SHARED_VAR: &str = "COUNTBACK_SHARED";

/// `../shared` beside the checkout, whether or not it exists.
#[must_use]
pub fn default_shared_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

/// The shared data folder: `COUNTBACK_SHARED` when set and not empty, else
/// [`default_shared_dir`].
#[must_use]
pub fn shared_dir() -> PathBuf {
    match std::env::var_os(SHARED_VAR) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => default_shared_dir(),
    }
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
    let dir = shared_dir();
    let found = file_in(&dir, rel, data_required());
    if found.is_none() && first_skip(&SKIPPED) {
        // One write of the whole line: written piece by piece, it could be
        // cut by the harness's progress output from other threads.
        let line = format!(
            "skipped: {} not found ({rel} first); this test binary's data tests check nothing \
             (COUNTBACK_REQUIRE_DATA=1 makes this a failure)\n",
            dir.display(),
        );
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
    found
}

/// How many look-ups for absent data this test binary has answered with a
/// skip; only the first one is said on the terminal.
static SKIPPED: AtomicUsize = AtomicUsize::new(0);

fn file_in(dir: &Path, rel: &str, required: bool) -> Option<PathBuf> {
    let path = dir.join(rel);
    if path.exists() {
        return Some(path);
    }
    assert!(
        !required,
        "{} is missing; the conformance data is required under CI \
         (CI or COUNTBACK_REQUIRE_DATA is set)",
        path.display()
    );
    None
}

/// Counts a skip; true for the first one only (the one that is said).
fn first_skip(counter: &AtomicUsize) -> bool {
    counter.fetch_add(1, Ordering::Relaxed) == 0
}

/// How many look-ups for shared data this test binary has skipped so far.
#[must_use]
pub fn skipped() -> usize {
    SKIPPED.load(Ordering::Relaxed)
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

/// Asserts that `result` is a refusal whose message is `expected`, word
/// for word: the readers' bad-input tests, `what` naming the case.
///
/// # Panics
/// When `result` is `Ok`, or its message is another.
#[track_caller]
pub fn assert_refused<T, E: std::fmt::Display>(what: &str, result: Result<T, E>, expected: &str) {
    match result {
        Ok(_) => panic!("{what}: parsed"),
        Err(e) => assert_eq!(e.to_string(), expected, "{what}"),
    }
}

/// Asserts that `text` (a report, a page, a trace) shows each of `words`.
///
/// # Panics
/// At the first that it does not, printing the text.
#[track_caller]
pub fn assert_shows(text: &str, words: &[&str]) {
    for word in words {
        assert!(text.contains(word), "no {word:?} in:\n{text}");
    }
}

/// Every file under `dir`, recursively, in path order (a corpus of real
/// files read whole, as the conformance tests of `../shared` read it).
///
/// # Panics
/// When a folder cannot be read.
#[must_use]
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            e.unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path()
        })
        .collect();
    entries.sort();
    let mut out = Vec::new();
    for path in entries {
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// Asserts that a reader listed, among what it kept but did not use
/// (`not_used`), an entry that `wanted` accepts.
///
/// # Panics
/// When none is, printing the list.
#[track_caller]
pub fn assert_listed(not_used: &[String], wanted: impl Fn(&str) -> bool) {
    assert!(not_used.iter().any(|n| wanted(n)), "{not_used:?}");
}

/// Asserts that a whole-tie `TieBreakOutcome` (the model's) placed all `n`
/// contestants, and that its trace stayed small: under 400 characters of
/// notes and values a contestant (issue 17: a note once named every pair
/// of a 1,500-team tie that did not meet). A macro, not a function: this
/// crate does not depend on the model, whose own tests use it.
///
/// # Panics
/// When a contestant is missing or placed twice, or the trace is larger.
#[macro_export]
macro_rules! assert_placed_with_small_trace {
    ($outcome:expr, $n:expr) => {{
        let outcome = &$outcome;
        let n: usize = $n;
        let placed: usize = outcome.order.iter().map(|g| g.members.len()).sum();
        assert_eq!(placed, n);
        let text: usize = outcome
            .trace
            .iter()
            .map(|d| {
                d.note.as_ref().map_or(0, String::len)
                    + d.values
                        .iter()
                        .map(|(_, v)| v.to_string().len())
                        .sum::<usize>()
            })
            .sum();
        assert!(text < 400 * n, "{text} characters of trace");
    }};
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
        // Before: this canonicalised the shared folder itself, and so
        // panicked on a fresh clone without `../shared`, stopping
        // `cargo test --workspace` before most crates had run. Only folders
        // that exist on every checkout are canonicalised here.
        let dir = default_shared_dir();
        assert_eq!(dir.file_name().unwrap(), "shared");
        // crates/test-support/../../../shared: one level above the checkout.
        let checkout = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .canonicalize()
            .unwrap();
        let above = dir.parent().unwrap().canonicalize().unwrap();
        assert_eq!(Some(above.as_path()), checkout.parent());
    }

    #[test]
    fn a_skip_is_said_once_however_many_cases_skip() {
        // Before: one line per look-up; a property test that looked for its
        // data in each of 3,078 cases printed 3,078 lines.
        let counter = AtomicUsize::new(0);
        let said: Vec<bool> = (0..5).map(|_| first_skip(&counter)).collect();
        assert_eq!(said, [true, false, false, false, false]);
        assert_eq!(counter.load(Ordering::Relaxed), 5);
    }
}
