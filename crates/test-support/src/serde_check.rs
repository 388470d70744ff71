//! What the serde property tests of every crate share beyond
//! [`crate::json`]: the names a type's JSON uses, kept as a test's data
//! file (one name a line, `#` lines saying what they are), the arbitrary
//! JSON steered toward them, and one round-trip check over a list of types.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

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

/// Any JSON ([`crate::json::any_json`]), toward the names of the
/// vocabulary file `names_file` (its text) and the strings `text` (a
/// regular expression) matches: those the types themselves parse.
pub fn any_json(names_file: &'static str, text: &'static str) -> impl Strategy<Value = Value> {
    crate::json::any_json(names(names_file), text.boxed())
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
    use super::{names, read_each};
    use serde_json::json;

    #[test]
    fn names_skip_comments_and_blank_lines() {
        assert_eq!(names("# what\n\n title \nimps\n"), ["title", "imps"]);
    }

    #[test]
    fn read_each_reads_as_every_type() {
        read_each::<(u8, String, Vec<u8>)>(&json!(3)).unwrap();
        read_each::<(u8, String)>(&json!("x")).unwrap();
    }
}
