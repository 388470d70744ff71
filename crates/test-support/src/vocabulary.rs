//! The names a type's JSON uses, kept as a test's data file: one name a
//! line, `#` lines saying what they are. The serde property tests steer
//! their arbitrary JSON toward them ([`crate::json::any_json`]).

/// The names of a vocabulary file's text (`include_str!` it): every line
/// that is neither blank nor a `#` comment, trimmed.
///
/// # Panics
/// When the text holds no name: a test would then steer toward nothing.
#[must_use]
pub fn names(text: &'static str) -> &'static [&'static str] {
    let names: Vec<&'static str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert!(!names.is_empty(), "a vocabulary file without a name");
    // Once a strategy, for the life of a test binary: the strategies
    // borrow their names for as long as they run.
    Box::leak(names.into_boxed_slice())
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn names_skip_comments_and_blank_lines() {
        assert_eq!(names("# what\n\n title \nimps\n"), ["title", "imps"]);
    }
}
