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
    // The rest of the file is first written as compact JSON text too
    // (issue 30: a tree of values of a whole teams event was a fifth of its
    // read): text that is plainly clean needs no tree, and only a file that
    // is not goes to the walk, which alone decides what is refused.
    let mut text = Vec::new();
    serde_json::to_writer(&mut text, file).map_err(unchecked)?;
    if plainly_clean(&text) {
        return check_boards(boards);
    }
    let value = serialise(file)?;
    let mut at = Vec::new();
    let Value::Object(map) = &value else {
        return walk(&value, &mut at, None);
    };
    for (k, item) in map {
        if k == BOARDS {
            // Where the boards stand in the file's order of keys.
            check_boards(boards)?;
        } else {
            at.push(Step::Key(k));
            walk(item, &mut at, Some(k))?;
            at.pop();
        }
    }
    Ok(())
}

/// The file's key of its boards.
const BOARDS: &str = "boards";

/// Each board's own text is first looked at where it stands, in the
/// board's fields: a board whose every text is plainly clean needs neither
/// JSON text nor a tree of values (issue 30: writing each board as JSON
/// to scan it was a quarter of a large session's scoring). Any other board
/// goes to the walk, which alone decides what is refused.
fn check_boards(boards: &[BoardEntry]) -> Result<(), EventError> {
    for (i, board) in boards.iter().enumerate() {
        if board_plainly_clean(board) {
            continue;
        }
        let board = serialise(board)?;
        walk(
            &board,
            &mut vec![Step::Key(BOARDS), Step::Index(i)],
            Some(BOARDS),
        )?;
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
/// on the text (issue 30: a tree of values per board was 16% of a large
/// session). Cautious, never wrong: no character [`forges_output`] (the
/// walk's own test; a control character is written escaped, so no
/// backslash either) and no string of nothing but whitespace, as `trim`
/// sees it (compact JSON puts no `"` right after a closing `"`, so a
/// quote, whitespace and a quote are such a string). Anything else goes
/// to the walk.
fn plainly_clean(json: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(json) else {
        return false;
    };
    // One pass over the bytes (issue 30: decoding every character cost 40
    // instructions a byte, 5% of a large session's run): an ASCII byte is
    // judged by itself, and only a byte that starts a longer character is
    // decoded, to ask the same questions of the character. Whether a quote
    // is open, and whether what it holds so far is whitespace only.
    let mut inside = false;
    let mut blank = true;
    let mut i = 0;
    while let Some(&b) = json.get(i) {
        if b.is_ascii() {
            // ASCII whitespace other than the space is a control character.
            if b == b'\\' || b.is_ascii_control() {
                return false;
            }
            if b == b'"' {
                if inside && blank {
                    return false;
                }
                inside = !inside;
                blank = true;
            } else if b != b' ' {
                blank = false;
            }
            i += 1;
        } else {
            let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) else {
                return false;
            };
            if forges_output(c) {
                return false;
            }
            if !c.is_whitespace() {
                blank = false;
            }
            i += c.len_utf8();
        }
    }
    true
}

/// Whether no text of `board` is anything [`walk`] could refuse. Its
/// fields are named one by one, so a field added to a board or a line
/// fails to compile here until it is judged. Numbers, a vulnerability (one
/// of four words) and an exact weight (digits and a slash) are never
/// doubtful; the names and scores as written are, when they hold a
/// character [`forges_output`] or nothing but whitespace.
fn board_plainly_clean(board: &BoardEntry) -> bool {
    let BoardEntry {
        board: _,
        expected: _,
        vulnerability: _,
        results,
    } = board;
    results.iter().all(|line| {
        let crate::file::ResultEntry {
            ns,
            ew,
            score,
            weighted,
            version: _,
        } = line;
        plainly_clean_str(ns.as_str())
            && plainly_clean_str(ew.as_str())
            && score.as_ref().is_none_or(plainly_clean_score)
            && weighted.iter().flatten().all(|part| {
                let crate::file::WeightedPart { weight: _, score } = part;
                plainly_clean_score(score)
            })
    })
}

/// Whether `s` holds no character [`forges_output`] and something besides
/// whitespace: text [`walk`] passes under any key. ASCII, the usual case,
/// is judged byte by byte.
fn plainly_clean_str(s: &str) -> bool {
    // One pass over an ASCII name (issue 30: three passes were 3% of
    // reading a session of 1,000 tables): ASCII whitespace other than the
    // space is a control character.
    let mut visible = false;
    for b in s.bytes() {
        if !b.is_ascii() {
            return !s.chars().any(forges_output) && !s.trim().is_empty();
        }
        if b.is_ascii_control() {
            return false;
        }
        visible |= b != b' ';
    }
    visible
}

/// Whether a score's text is plainly clean: a whole number kept as one
/// always is (digits and a minus).
fn plainly_clean_score(score: &crate::file::TravellerScore) -> bool {
    score.points().is_some() || plainly_clean_str(&score.text())
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

/// Refuses `text` if it holds a character that could forge a line of the
/// output; `expected` says what was expected, given the culprit's code point.
fn refuse_forging(
    text: &str,
    at: &[Step<'_>],
    expected: fn(u32) -> String,
) -> Result<(), EventError> {
    match text.chars().find(|c| forges_output(*c)) {
        Some(c) => Err(EventError::at(
            path(at),
            Problem::unreadable(text, expected(u32::from(c))),
        )),
        None => Ok(()),
    }
}

fn walk<'a>(v: &'a Value, at: &mut Vec<Step<'a>>, key: Option<&str>) -> Result<(), EventError> {
    match v {
        Value::String(s) => {
            refuse_forging(s, at, |c| {
                format!(
                    "text without control characters, line breaks or bidirectional overrides \
                     (it holds U+{c:04X}, which could forge a line of the output)"
                )
            })?;
            if s.trim().is_empty() && key.is_some_and(|k| IDS.contains(&k)) {
                return Err(EventError::at(
                    path(at),
                    Problem::unreadable(s.clone(), "an id: a contestant is never named by nothing"),
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
                refuse_forging(k, at, |c| {
                    format!(
                        "a key without control characters or bidirectional overrides \
                         (it holds U+{c:04X})"
                    )
                })?;
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

    /// What reading `text` as a TOML event says, or nothing if it reads.
    fn refused(text: String) -> String {
        crate::Event::from_toml(&text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

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

    /// A board is judged in its own fields (issue 30), and every text a
    /// line holds is judged: a culprit in a score or in a weighted score's
    /// component is named by its whole path as one in a name is.
    #[test]
    fn every_text_of_a_line_is_judged() {
        let event = |score: &str, part: &str| {
            format!(
                "[event]\nname = \"Pairs\"\n\n\
                 [[boards]]\nboard = 1\nresults = [\n\
                 {{ ns = \"1\", ew = \"11\", score = \"{score}\" }},\n\
                 {{ ns = \"2\", ew = \"12\", weighted = [\
                 {{ weight = \"1/2\", score = \"420\" }}, \
                 {{ weight = \"1/2\", score = \"{part}\" }}] }},\n\
                 {{ ns = \"3\", ew = \"13\", score = \"-50\" }},\n]\n"
            )
        };
        let score = refused(event("110\\u2066", "-50"));
        assert!(score.contains("boards[0].results[0].score"), "{score}");
        assert!(score.contains("U+2066"), "{score}");
        let part = refused(event("110", "-50\\n"));
        assert!(
            part.contains("boards[0].results[1].weighted[1].score"),
            "{part}"
        );
        assert!(crate::Event::from_toml(&event("110", "-50")).is_ok());
    }

    /// A name or score is plainly clean only when the walk passes it under
    /// any key: no character that forges the output, and not whitespace
    /// alone (a space, or any of Unicode's).
    #[test]
    fn only_plainly_clean_names_skip_the_walk() {
        for clean in ["1 A", "Ørsted ’王", "-110", "a\"b", "a\\b", " 7 ", "  é"] {
            assert!(plainly_clean_str(clean), "{clean:?}");
        }
        for doubtful in [
            "",
            "  ",
            "1\n2",
            "1\u{0}",
            "\t",
            "1\u{202E}",
            "1\u{7f}",
            "1\u{85}",
            "\u{3000}",
            "\u{a0} ",
            "\u{2066}",
            "a\u{1}é",
            "é\n",
            " \u{3000}",
        ] {
            assert!(!plainly_clean_str(doubtful), "{doubtful:?}");
        }
    }

    /// The text test lets through only what the walk passes: every text
    /// the walk refuses is sent to it. A name in any script is plainly
    /// clean (issue 30: a file with one accented name is not walked whole).
    #[test]
    fn only_plainly_clean_text_skips_the_walk() {
        for clean in [
            r#"{"board":1,"results":[{"ns":"1 A","ew":"2","score":"-110"}]}"#,
            r#"{"id":"Ørsted ’王","name":null,"vp":["12","8"]}"#,
            r#"{"id":"a b","name":"Ö"}"#,
        ] {
            assert!(plainly_clean(clean.as_bytes()), "{clean}");
        }
        for doubtful in [
            r#"{"ns":"","ew":"2"}"#,
            r#"{"ns":"  ","ew":"2"}"#,
            r#"{"ns":"1\n2","ew":"2"}"#,
            r#"{"ns":"1\u0000","ew":"2"}"#,
            r#"{"ns":"a\\b","ew":"2"}"#,
            "{\"ns\":\"1\u{202E}\",\"ew\":\"2\"}",
            "{\"ns\":\"1\u{7f}\",\"ew\":\"2\"}",
            "{\"ns\":\"1\u{85}\",\"ew\":\"2\"}",
            "{\"ns\":\"\u{3000}\",\"ew\":\"2\"}",
            "{\"ns\":\"\u{a0} \",\"ew\":\"2\"}",
            "{\"ns\u{2066}\":\"1\",\"ew\":\"2\"}",
        ] {
            assert!(!plainly_clean(doubtful.as_bytes()), "{doubtful}");
        }
        assert!(!plainly_clean(b"{\"ns\":\"\xff\"}"));
    }

    /// A teams event is no longer walked as a whole tree when its text is
    /// plainly clean (issue 30): forged text in a team's name, a match's
    /// field or a nested table is still refused by its whole path, and a
    /// name in another script still reads.
    #[test]
    fn a_culprit_in_a_teams_event_is_named_by_its_whole_path() {
        let event = |options: &str, name: &str, first: &str| {
            format!(
                "[event]\nname = \"Teams\"\nprocedure = \"ebu\"\nvp_total = 20\n{options}\n\
                 [[contestants]]\nid = \"A\"\n\n\
                 [[contestants]]\nid = \"B\"\nname = \"{name}\"\n\n\
                 [[matches]]\nround = 1\nfirst = \"A\"\nsecond = \"B\"\nvp = [12, 8]\n\n\
                 [[matches]]\nround = 2\nfirst = \"{first}\"\nsecond = \"A\"\nvp = [10, 10]\n"
            )
        };
        for (text, field, says) in [
            (event("", "B\\u202E", "B"), "contestants[1].name", "U+202E"),
            (event("", "B", "B\\n1  A"), "matches[1].first", "U+000A"),
            (event("", "B", "\u{3000}"), "matches[1].first", "an id"),
            (
                event("[event.options]\nx = { y = \"\\u0007\" }\n", "B", "B"),
                "event.options.x.y",
                "U+0007",
            ),
        ] {
            let message = refused(text);
            assert!(message.contains(field), "{field}: {message}");
            assert!(message.contains(says), "{says}: {message}");
        }
        assert!(crate::Event::from_toml(&event("", "Ørsted ’王", "B")).is_ok());
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
