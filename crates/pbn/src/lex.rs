//! The pieces of PBN text: tag pairs, table headers and table rows, each
//! with the 1-based column (in characters) where it starts, for errors.

use std::borrow::Cow;

use crate::limits::MAX_COLUMNS;

/// 1-based column, in characters, of byte offset `at` of `line`.
pub(crate) fn column_of(line: &str, at: usize) -> usize {
    line.get(..at).map_or(0, |p| p.chars().count()) + 1
}

/// After a backslash in a string: `\"` is a quote and `\\` a backslash
/// (the PBN string token); any other backslash stands for itself, as in the width of a
/// table column (`PairId_NS\2R`).
fn escaped(chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>) -> char {
    match chars.peek() {
        Some(&(_, c @ ('"' | '\\'))) => {
            chars.next();
            c
        }
        _ => '\\',
    }
}

/// One token of a table row.
pub(crate) struct Cell<'t> {
    /// The token, quotes removed.
    pub text: Cow<'t, str>,
    /// 1-based column.
    pub column: usize,
}

/// The tokens of a table row: whitespace separates them, a string token
/// (`"Alfa - Bravo"`) is one, with `\"` and `\\` escapes. At most
/// `MAX_COLUMNS + 1` are returned: one more than any table can have is
/// enough to say the row is too long.
pub(crate) fn cells(row: &str) -> Vec<Cell<'_>> {
    let mut out = Vec::new();
    let mut chars = row.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        if out.len() > MAX_COLUMNS {
            break;
        }
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == '"' {
            chars.next();
            let mut text = String::new();
            while let Some((_, c)) = chars.next() {
                match c {
                    '\\' => text.push(escaped(&mut chars)),
                    '"' => break,
                    _ => text.push(c),
                }
            }
            out.push(Cell {
                text: Cow::Owned(text),
                column: column_of(row, i),
            });
        } else {
            let mut end = row.len();
            while let Some(&(j, c)) = chars.peek() {
                if c.is_whitespace() {
                    end = j;
                    break;
                }
                chars.next();
            }
            out.push(Cell {
                text: Cow::Borrowed(row.get(i..end).unwrap_or("")),
                column: column_of(row, i),
            });
        }
    }
    out
}

/// A tag pair `[Name "value"]`.
pub(crate) struct Tag {
    /// The tag name.
    pub name: String,
    /// The value, escapes resolved.
    pub value: String,
    /// 1-based column of the `[`.
    pub column: usize,
    /// 1-based column of the value's first character.
    pub value_column: usize,
}

/// What is wrong with a tag line: the 1-based column and the text there.
pub(crate) struct BadTag {
    pub column: usize,
    pub text: String,
}

/// The tag pairs of a line that starts with `[`: one or more, each
/// `[Name "value"]`, optionally followed by commentary (`; …` or `{…}`).
pub(crate) fn tags(line: &str) -> Result<Vec<Tag>, BadTag> {
    let mut out = Vec::new();
    let mut rest = line.trim_start();
    loop {
        let start = line.len() - rest.len();
        let bad = |at: usize| BadTag {
            column: column_of(line, at),
            text: line.get(at..).unwrap_or("").chars().take(64).collect(),
        };
        if rest.is_empty() || rest.starts_with(';') || rest.starts_with('{') {
            return Ok(out);
        }
        let Some(inner) = rest.strip_prefix('[') else {
            return Err(bad(start));
        };
        let inner = inner.trim_start();
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let (name, after) = inner.split_at(name_len);
        let after = after.trim_start();
        let Some(quoted) = after.strip_prefix('"') else {
            return Err(bad(start));
        };
        if name.is_empty() {
            return Err(bad(start));
        }
        let value_at = line.len() - quoted.len();
        let mut value = String::new();
        let mut chars = quoted.char_indices().peekable();
        let mut close = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => value.push(escaped(&mut chars)),
                '"' => {
                    close = Some(i);
                    break;
                }
                _ => value.push(c),
            }
        }
        let Some(close) = close else {
            return Err(bad(start));
        };
        let tail = quoted.get(close + 1..).unwrap_or("").trim_start();
        let Some(tail) = tail.strip_prefix(']') else {
            return Err(bad(start));
        };
        out.push(Tag {
            name: name.to_owned(),
            value,
            column: column_of(line, start),
            value_column: column_of(line, value_at),
        });
        rest = tail.trim_start();
    }
}

/// One column of a table header.
pub(crate) struct Column {
    /// The name, without a sort mark (`+`, `-`) or width (`\2R`).
    pub name: String,
    /// 1-based column of the name in the line.
    pub column: usize,
}

/// A table header's columns (`"+Rank\2R;PairId\2R;…"`), or the 1-based
/// column and text of an empty name.
pub(crate) fn header(value: &str, value_column: usize) -> Result<Vec<Column>, (usize, String)> {
    let mut out = Vec::new();
    let mut offset = 0usize;
    for part in value.split(';') {
        let lead = part.len() - part.trim_start().len();
        let body = part.trim_start();
        // PBN 5.2: `+` or `-` before the name gives the sort order; `\`
        // after it the minimum width and alignment.
        let unsigned = body.strip_prefix(['+', '-']).unwrap_or(body);
        let name = unsigned.split('\\').next().unwrap_or("").trim();
        let column = value_column + value.get(..offset + lead).map_or(0, |p| p.chars().count());
        if name.is_empty() {
            return Err((column, part.chars().take(64).collect()));
        }
        out.push(Column {
            name: name.to_owned(),
            column,
        });
        offset += part.len() + 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn a_row_keeps_string_tokens_whole_and_knows_its_columns() {
        let row = cells(r#" 7  8 "Alfa \"A\" - Bravo" 420"#);
        let texts: Vec<&str> = row.iter().map(|c| c.text.as_ref()).collect();
        assert_eq!(texts, ["7", "8", "Alfa \"A\" - Bravo", "420"]);
        let columns: Vec<usize> = row.iter().map(|c| c.column).collect();
        assert_eq!(columns, [2, 5, 7, 28]);
    }

    #[test]
    fn tags_with_commentary_and_two_on_a_line() {
        let t = tags(r#"[Board "3"] [Dealer "S"] ; a comment"#)
            .ok()
            .unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(
            (t[1].name.as_str(), t[1].value.as_str(), t[1].column),
            ("Dealer", "S", 13)
        );
        assert_eq!(t[0].value_column, 9);
        let bad = tags(r#"[Board 3]"#).err().unwrap();
        assert_eq!(bad.column, 1);
    }

    #[test]
    fn a_header_drops_sort_marks_and_widths() {
        let h = header(r"+Rank\2R;PairId\2R; -TotalScoreMP\5R", 20)
            .ok()
            .unwrap();
        let names: Vec<(&str, usize)> = h.iter().map(|c| (c.name.as_str(), c.column)).collect();
        assert_eq!(names, [("Rank", 20), ("PairId", 29), ("TotalScoreMP", 40)]);
        assert_eq!(header("A;;B", 1).err().unwrap().0, 3);
    }
}
