//! Case files: a document's table of figures, or a test's cases, kept as
//! data under a crate's `tests/data/` (each with its inputs, expected
//! values and the source they are checked against) and read by the one
//! check that uses them: a table as CSV ([`csv`]), cases with structure as
//! TOML ([`read_toml`]). In CSV a `#` line is a comment (the source, the
//! working of a figure); the first other line is the header, which the
//! check names, so that a file whose columns moved fails instead of being
//! misread.

use std::path::Path;

/// The `rows` rows of the CSV `text` (`include_str!` the file), each cut
/// at its commas into as many cells as `header` has columns. The check
/// says how many rows the file holds, so that a file cut short fails too.
///
/// # Panics
/// When the header is not `header`, a row has another number of cells, or
/// there are not `rows` rows.
#[must_use]
#[track_caller]
pub fn csv<'a>(text: &'a str, header: &str, rows: usize) -> Vec<Vec<&'a str>> {
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(lines.next(), Some(header), "the header");
    let columns = header.split(',').count();
    let cells: Vec<Vec<&str>> = lines
        .map(|line| {
            let cells: Vec<&str> = line.split(',').map(str::trim).collect();
            assert_eq!(cells.len(), columns, "{line:?} is not {header}");
            cells
        })
        .collect();
    assert_eq!(cells.len(), rows, "the rows under {header}");
    cells
}

/// The case file `tests/data/{name}` of the crate at `crate_dir` (a test
/// passes `env!("CARGO_MANIFEST_DIR")`), read as TOML into `T`.
///
/// # Panics
/// Where the file cannot be read or is not a `T`, naming it.
#[must_use]
pub fn read_toml<T: serde::de::DeserializeOwned>(crate_dir: &str, name: &str) -> T {
    let text = read_text(crate_dir, name);
    toml::from_str(&text).unwrap_or_else(|e| panic!("tests/data/{name}: {e}"))
}

/// The text of the case file `tests/data/{name}` of the crate at
/// `crate_dir`.
///
/// # Panics
/// Where the file cannot be read, naming it.
#[must_use]
pub fn read_text(crate_dir: &str, name: &str) -> String {
    let path = Path::new(crate_dir).join("tests/data").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::csv;

    #[test]
    fn comments_are_skipped_and_the_header_checked() {
        let text = "# source\na,b\n# working\n1, 2\n3,4\n";
        assert_eq!(csv(text, "a,b", 2), [["1", "2"], ["3", "4"]]);
        assert!(std::panic::catch_unwind(|| csv(text, "a,c", 2)).is_err());
        assert!(std::panic::catch_unwind(|| csv(text, "a,b", 3)).is_err());
        assert!(std::panic::catch_unwind(|| csv("a,b\n1\n", "a,b", 1)).is_err());
    }
}
