//! What the serde property tests of every crate share beyond
//! [`crate::json`]: the names and texts a type's JSON uses, kept as a
//! test's data file (one name a line, one `text: ` line, `#` lines saying
//! what they are), the arbitrary JSON steered toward them, and one
//! round-trip check over a list of types.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// What a vocabulary file (its text: `include_str!` it) says: its
/// names, every line that is neither blank nor a `#` comment, trimmed; and
/// from its one `text: ` line, a regular expression of the strings the
/// types themselves parse.
///
/// # Panics
/// When the file holds no name, or not exactly one `text: ` line: a test
/// would then steer toward nothing.
#[must_use]
pub fn vocabulary(file: &'static str) -> (&'static [&'static str], &'static str) {
    let lines = file
        .lines()
        .map(str::trim_start)
        .filter(|l| !l.trim_end().is_empty() && !l.starts_with('#'));
    let (texts, names): (Vec<&'static str>, Vec<&'static str>) =
        lines.partition(|l| l.starts_with("text: "));
    let [text] = texts[..] else {
        panic!(
            "a vocabulary file has one `text: ` line, not {}",
            texts.len()
        );
    };
    let names: Vec<&'static str> = names.into_iter().map(str::trim_end).collect();
    assert!(!names.is_empty(), "a vocabulary file without a name");
    // Once a strategy, for the life of a test binary: the strategies
    // borrow their names for as long as they run.
    let names = Box::leak(names.into_boxed_slice());
    (names, text.trim_start_matches("text: "))
}

/// Any JSON ([`crate::json::any_json`]), toward the names and the texts
/// of the vocabulary file `file` (its text; see [`vocabulary`]).
pub fn any_json(file: &'static str) -> impl Strategy<Value = Value> {
    let (names, text) = vocabulary(file);
    crate::json::any_json(names, text.boxed())
}

/// Types whose serde form is checked together: see [`read_each`].
pub trait ReadEach {
    /// `value` read as each type in turn ([`crate::json::read`]).
    ///
    /// # Errors
    /// A failed test case at the first type whose value does not read
    /// back alike.
    fn read_each(value: &Value) -> Result<(), TestCaseError>;
}

/// `ReadEach` for a tuple of types, each read in order.
macro_rules! read_each_tuple {
    ($($t:ident),+) => {
        impl<$($t),+> ReadEach for ($($t,)+)
        where
            $($t: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,)+
        {
            fn read_each(value: &Value) -> Result<(), TestCaseError> {
                $(crate::json::read::<$t>(value)?;)+
                Ok(())
            }
        }
    };
}

read_each_tuple!(A);
read_each_tuple!(A, B);
read_each_tuple!(A, B, C);
read_each_tuple!(A, B, C, D);
read_each_tuple!(A, B, C, D, E);
read_each_tuple!(A, B, C, D, E, F);
read_each_tuple!(A, B, C, D, E, F, G);
read_each_tuple!(A, B, C, D, E, F, G, H);

/// `value` read as each type of the tuple `T` (`(A, B, C)`): whatever
/// reads as one of them must write and read back as itself; reading may
/// fail, but never panic.
///
/// # Errors
/// A failed test case when a value does not read back alike.
pub fn read_each<T: ReadEach>(value: &Value) -> Result<(), TestCaseError> {
    T::read_each(value)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::{read_each, vocabulary};
    use serde_json::json;

    #[test]
    fn a_vocabulary_skips_comments_and_blank_lines() {
        let (names, text) = vocabulary("# what\ntext: [0-9] ?\n\n title \nimps\n");
        assert_eq!(names, ["title", "imps"]);
        assert_eq!(text, "[0-9] ?");
        assert!(std::panic::catch_unwind(|| vocabulary("title\n")).is_err());
        assert!(std::panic::catch_unwind(|| vocabulary("text: x\n")).is_err());
    }

    #[test]
    fn read_each_reads_as_every_type() {
        read_each::<(u8, String, Vec<u8>)>(&json!(3)).unwrap();
        read_each::<(u8, String)>(&json!("x")).unwrap();
    }
}
