//! Locating the real results files beside the checkout.
#![allow(dead_code, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// `../shared/bridge-data` relative to the workspace root, or `None` (with a
/// printed note) when it is absent.
pub fn data_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bridge-data");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/bridge-data not found");
        None
    }
}

/// The text of a data file.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
