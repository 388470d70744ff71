//! Locating the real results files beside the checkout.
#![allow(dead_code, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// `../shared/bridge-data` beside the checkout, or `None` when it is absent
/// outside CI (said on the terminal); under CI its absence fails the test
/// (`countback-test-support`).
pub fn data_dir() -> Option<PathBuf> {
    countback_test_support::shared_file("bridge-data")
}

/// The text of a data file.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
