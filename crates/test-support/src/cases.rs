//! Case files: a test's cases kept as data beside it (`tests/data/…`),
//! each with its inputs, expected values and the source they are checked
//! against, read by the one check that runs them.

use std::path::Path;

/// The case file `tests/data/{name}` of the crate at `crate_dir` (a test
/// passes `env!("CARGO_MANIFEST_DIR")`), read as TOML into `T`.
///
/// # Panics
/// Where the file cannot be read or is not a `T`, naming it.
#[must_use]
pub fn read_toml<T: serde::de::DeserializeOwned>(crate_dir: &str, name: &str) -> T {
    let path = Path::new(crate_dir).join("tests/data").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
