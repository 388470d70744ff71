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
use crate::file::{BoardEntry, EventFile};

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
///
/// The boards are serialised and walked one at a time, and a field's path
/// is spelt out only for the culprit (issue 30): a session of a million
/// results never stands whole as one JSON value.
pub(crate) fn check(file: &mut EventFile) -> Result<(), EventError> {
    let boards = std::mem::take(&mut file.boards);
    let checked = check_with_boards(file, &boards);
    file.boards = boards;
    checked
}

fn check_with_boards(file: &EventFile, boards: &[BoardEntry]) -> Result<(), EventError> {
    // The file's own field names and indices: serialising gives them back
    // exactly as the file wrote them, in one linear pass.
    // An event file always serialises (its maps have text keys); were it
    // ever not to, the check is refused rather than silently skipped.
    let value = serialise(file)?;
    let mut at = Vec::new();
    let Value::Object(map) = &value else {
        return walk(&value, &mut at, None);
    };
    for (k, item) in map {
        if k == "boards" {
            // Where the boards stand in the file's order of keys. Each is
            // first written as JSON text into one reused buffer: a board
            // whose text is plainly clean needs no tree of values.
            let mut text = Vec::new();
            for (i, board) in boards.iter().enumerate() {
                text.clear();
                serde_json::to_writer(&mut text, board).map_err(unchecked)?;
                if plainly_clean(&text) {
                    continue;
                }
                let board = serialise(board)?;
                walk(&board, &mut vec![Step::Key(k), Step::Index(i)], Some(k))?;
            }
        } else {
            at.push(Step::Key(k));
            walk(item, &mut at, Some(k))?;
            at.pop();
        }
    }
    Ok(())
}

fn serialise(value: &impl serde::Serialize) -> Result<Value, EventError> {
    serde_json::to_value(value).map_err(unchecked)
}

fn unchecked(e: serde_json::Error) -> EventError {
    EventError::new(Problem::Format {
        message: format!("the event could not be checked for forged text: {e}"),
    })
}

/// Whether compact JSON text holds nothing [`walk`] could refuse, judged
/// on the bytes (issue 30: a tree of values per board was 16% of a large
/// session). Cautious, never wrong: printable ASCII only (a control
/// character is written escaped, so no backslash either; a bidirectional
/// character is not ASCII) and no string of nothing but spaces (compact
/// JSON puts no `"` right after a closing `"`, so a quote, spaces and a
/// quote are such a string). Anything else goes to the walk.
fn plainly_clean(json: &[u8]) -> bool {
    let printable = json
        .iter()
        .all(|&b| (0x20..0x7f).contains(&b) && b != b'\\');
    printable
        && !json.split(|&b| b == b'"').enumerate().any(|(n, between)| {
            // The odd pieces lie inside quotes: a string, or a key.
            n % 2 == 1 && between.iter().all(|&b| b == b' ')
        })
}

/// One step of the path being walked, spelt out only for an error.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

fn path(at: &[Step<'_>]) -> FieldPath {
    at.iter().fold(FieldPath::default(), |p, step| match step {
        Step::Key(k) if p.is_empty() => FieldPath::key(k),
        Step::Key(k) => p.k(k),
        Step::Index(i) => p.i(*i),
    })
}

fn walk<'a>(v: &'a Value, at: &mut Vec<Step<'a>>, key: Option<&str>) -> Result<(), EventError> {
    match v {
        Value::String(s) => {
            if let Some(c) = s.chars().find(|c| forges_output(*c)) {
                return Err(EventError::at(
                    path(at),
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
                    path(at),
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
                at.push(Step::Index(i));
                walk(item, at, key)?;
                at.pop();
            }
            Ok(())
        }
        Value::Object(map) => {
            for (k, item) in map {
                at.push(Step::Key(k));
                // A map's keys are text the output may print too.
                if let Some(c) = k.chars().find(|c| forges_output(*c)) {
                    return Err(EventError::at(
                        path(at),
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
                walk(item, at, Some(k))?;
                at.pop();
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

    /// The boards are walked one at a time (issue 30): a culprit on a
    /// board is still named by its whole path, and a culprit elsewhere is
    /// still found whichever side of the boards it stands.
    #[test]
    fn a_culprit_on_a_board_is_named_by_its_whole_path() {
        let event = |ns: &str, name: &str| {
            format!(
                "[event]\nname = \"{name}\"\n\n\
                 [[boards]]\nboard = 1\nresults = [\n\
                 {{ ns = \"1\", ew = \"11\", score = \"110\" }},\n\
                 {{ ns = \"2\", ew = \"12\", score = \"140\" }},\n]\n\n\
                 [[boards]]\nboard = 2\nresults = [\n\
                 {{ ns = \"1\", ew = \"12\", score = \"110\" }},\n\
                 {{ ns = \"{ns}\", ew = \"11\", score = \"140\" }},\n]\n"
            )
        };
        let refused = |text: String| {
            crate::Event::from_toml(&text)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        let forged = refused(event("2\\u202E", "Pairs"));
        assert!(forged.contains("boards[1].results[1].ns"), "{forged}");
        assert!(forged.contains("U+202E"), "{forged}");
        let empty = refused(event(" ", "Pairs"));
        assert!(empty.contains("boards[1].results[1].ns"), "{empty}");
        assert!(empty.contains("an id"), "{empty}");
        let title = refused(event("2", "Pairs\\n1  A  99"));
        assert!(title.contains("event.name"), "{title}");
        assert!(crate::Event::from_toml(&event("2", "Pairs")).is_ok());
    }

    /// The byte test lets through only what the walk passes: every text
    /// the walk refuses is sent to it.
    #[test]
    fn only_plainly_clean_text_skips_the_walk() {
        assert!(plainly_clean(
            br#"{"board":1,"results":[{"ns":"1 A","ew":"2","score":"-110"}]}"#
        ));
        for doubtful in [
            r#"{"ns":"","ew":"2"}"#,
            r#"{"ns":"  ","ew":"2"}"#,
            r#"{"ns":"1\n2","ew":"2"}"#,
            r#"{"ns":"1\u0000","ew":"2"}"#,
            "{\"ns\":\"1\u{202E}\",\"ew\":\"2\"}",
            "{\"ns\":\"1\u{7f}\",\"ew\":\"2\"}",
        ] {
            assert!(!plainly_clean(doubtful.as_bytes()), "{doubtful}");
        }
    }

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
