//! Text in an event file that could forge the output: refused at input.
//!
//! A name or id is printed in every format. A line break in one prints a
//! line of its own (a fake standings line in the text output), a NUL or
//! another control character can end or garble what a program reads, and a
//! bidirectional override (U+202E …) makes a name read backwards and the
//! figures beside it with it. Our own format is strict, so such text is an
//! error naming the field, not something escaped into the output. Results
//! files other programs wrote are read faithfully instead, and their names
//! are shown with such characters made visible by the front end.
//!
//! An id may not be empty either: a line with an empty pair or team is a
//! typo, never a contestant.

use serde_json::Value;

use crate::error::{EventError, FieldPath, Problem};
use crate::file::EventFile;

/// The fields that name a contestant: an empty one is refused.
const IDS: [&str; 9] = [
    "id",
    "first",
    "second",
    "contestant",
    "ns",
    "ew",
    "awarded",
    "white",
    "black",
];

/// Whether `c` may not stand in a name or id: control characters
/// (including line breaks and NUL) and the bidirectional formatting
/// characters (marks, embeddings, overrides and isolates).
#[must_use]
pub fn forges_output(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

/// The first string of the file that could forge the output, or an empty
/// id, as an error naming its field.
pub(crate) fn check(file: &EventFile) -> Result<(), EventError> {
    // The file's own field names and indices: serialising gives them back
    // exactly as the file wrote them, in one linear pass.
    // An event file always serialises (its maps have text keys); were it
    // ever not to, the check is refused rather than silently skipped.
    let value = serde_json::to_value(file).map_err(|e| {
        EventError::new(Problem::Format {
            message: format!("the event could not be checked for forged text: {e}"),
        })
    })?;
    walk(&value, &FieldPath::default(), None)
}

fn walk(v: &Value, at: &FieldPath, key: Option<&str>) -> Result<(), EventError> {
    match v {
        Value::String(s) => {
            if let Some(c) = s.chars().find(|c| forges_output(*c)) {
                return Err(EventError::at(
                    at.clone(),
                    Problem::Unreadable {
                        text: s.clone(),
                        expected: format!(
                            "text without control characters, line breaks or bidirectional \
                             overrides (it holds U+{:04X}, which could forge a line of the output)",
                            u32::from(c)
                        ),
                    },
                ));
            }
            if s.trim().is_empty() && key.is_some_and(|k| IDS.contains(&k)) {
                return Err(EventError::at(
                    at.clone(),
                    Problem::Unreadable {
                        text: s.clone(),
                        expected: "an id: a contestant is never named by nothing".to_owned(),
                    },
                ));
            }
            Ok(())
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, &at.i(i), key)?;
            }
            Ok(())
        }
        Value::Object(map) => {
            for (k, item) in map {
                let here = if at.is_empty() {
                    FieldPath::key(k)
                } else {
                    at.k(k)
                };
                // A map's keys are text the output may print too.
                if let Some(c) = k.chars().find(|c| forges_output(*c)) {
                    return Err(EventError::at(
                        here,
                        Problem::Unreadable {
                            text: k.clone(),
                            expected: format!(
                                "a key without control characters or bidirectional overrides \
                                 (it holds U+{:04X})",
                                u32::from(c)
                            ),
                        },
                    ));
                }
                walk(item, &here, Some(k))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn what_could_forge_a_line_is_told_from_what_cannot() {
        for c in [
            '\n', '\r', '\0', '\u{7}', '\u{202E}', '\u{2067}', '\u{200F}',
        ] {
            assert!(forges_output(c), "{c:?}");
        }
        for c in ['a', 'é', 'ø', 'Ö', '-', ' ', '’', '王'] {
            assert!(!forges_output(c), "{c:?}");
        }
    }
}
