//! Limits checked before the XML parser sees a byte, and the decoding of
//! files handed over as bytes.
//!
//! A results file is small and shallow: a few thousand traveller lines,
//! five or six levels of elements, no entity declarations. The checks here
//! refuse, up front and in one pass, the inputs that would make the XML
//! parser overflow its stack (deep nesting) or spend seconds expanding
//! entities, each with a typed error naming the line.

use countback_results::{ParseError, MAX_INPUT_BYTES};

/// The deepest element nesting read. USEBIO and NZ Scorer files nest five
/// or six levels; 100 leaves room for any wrapper while keeping the XML
/// parser's recursion far from the stack's end.
pub const MAX_DEPTH: usize = 100;

/// The most XML nodes (elements, attributes' text, text runs) a document
/// may build: bounds the parser's memory whatever the text looks like
/// (about 80 bytes a node with its text: 2,000,000 nodes peak near 165 MB).
/// A real file has about 35 nodes per traveller line, so the largest
/// session ([`countback_results::MAX_TRAVELLER_LINES`]) fits.
pub const MAX_NODES: u32 = 2_000_000;

/// 1-based line and column (in characters) of byte offset `at` in `text`,
/// as the messages' `u32` fields hold them.
pub(crate) fn line_column(text: &[u8], at: usize) -> (u32, u32) {
    let (line, column) = countback_model::error::line_column(text, at);
    (
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(column).unwrap_or(u32::MAX),
    )
}

fn find(haystack: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    let rest = haystack.get(from..)?;
    rest.windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

/// Check size, entity declarations and nesting depth in one linear pass.
pub(crate) fn check(text: &str) -> Result<(), ParseError> {
    let bytes = text.as_bytes();
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(ParseError::TooLarge {
            bytes: bytes.len(),
            limit: MAX_INPUT_BYTES,
        });
    }
    if let Some(at) = find(bytes, 0, b"<!ENTITY") {
        let (line, column) = line_column(bytes, at);
        return Err(ParseError::EntityDeclared { line, column });
    }
    let mut depth = 0usize;
    let mut i = 0usize;
    while let Some(lt) = find(bytes, i, b"<") {
        let rest = bytes.get(lt..).unwrap_or(&[]);
        let skip_to = |close: &[u8], open_len: usize| {
            find(bytes, lt + open_len, close).map(|e| e + close.len())
        };
        let next = if rest.starts_with(b"<!--") {
            skip_to(b"-->", 4)
        } else if rest.starts_with(b"<![CDATA[") {
            skip_to(b"]]>", 9)
        } else if rest.starts_with(b"<?") {
            skip_to(b"?>", 2)
        } else if rest.starts_with(b"<!") {
            Some(end_of_declaration(bytes, lt + 2))
        } else if rest.starts_with(b"</") {
            depth = depth.saturating_sub(1);
            Some(lt + 2)
        } else {
            let end = end_of_tag(bytes, lt + 1);
            let self_closing = end
                .checked_sub(2)
                .and_then(|j| bytes.get(j))
                .is_some_and(|b| *b == b'/');
            if !self_closing {
                depth += 1;
                if depth > MAX_DEPTH {
                    let (line, column) = line_column(bytes, lt);
                    return Err(ParseError::TooDeep {
                        line,
                        column,
                        limit: MAX_DEPTH,
                    });
                }
            }
            Some(end)
        };
        match next {
            Some(n) if n > i => i = n,
            // Unterminated markup: the XML parser names it.
            _ => break,
        }
    }
    Ok(())
}

/// Past the `>` that ends a start tag begun before `from`, skipping quoted
/// attribute values (which may hold `>`).
fn end_of_tag(bytes: &[u8], from: usize) -> usize {
    let mut quote: Option<u8> = None;
    let mut j = from;
    while let Some(&b) = bytes.get(j) {
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(b),
            (Some(q), _) if b == q => quote = None,
            (None, b'>') => return j + 1,
            _ => {}
        }
        j += 1;
    }
    bytes.len()
}

/// Past the end of a `<!DOCTYPE ...>` (with any internal subset in `[...]`).
fn end_of_declaration(bytes: &[u8], from: usize) -> usize {
    let mut brackets = 0usize;
    let mut j = from;
    while let Some(&b) = bytes.get(j) {
        match b {
            b'[' => brackets += 1,
            b']' => brackets = brackets.saturating_sub(1),
            b'>' if brackets == 0 => return j + 1,
            _ => {}
        }
        j += 1;
    }
    bytes.len()
}

/// The `encoding` named by an XML declaration at the start of `bytes`.
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let body = body.strip_prefix(b"<?xml")?;
    let end = find(body, 0, b"?>")?;
    let decl = body.get(..end)?;
    let at = find(decl, 0, b"encoding")?;
    let rest = decl.get(at + b"encoding".len()..)?;
    let rest: Vec<u8> = rest
        .iter()
        .copied()
        .skip_while(|b| b.is_ascii_whitespace() || *b == b'=')
        .collect();
    let quote = *rest.first()?;
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    let value: Vec<u8> = rest
        .iter()
        .skip(1)
        .take_while(|b| **b != quote)
        .copied()
        .collect();
    String::from_utf8(value).ok()
}

fn is_latin1(name: &str) -> bool {
    matches!(
        name.to_ascii_uppercase().as_str(),
        "ISO-8859-1" | "ISO8859-1" | "ISO_8859-1" | "LATIN1" | "LATIN-1" | "L1"
    )
}

fn is_windows_1252(name: &str) -> bool {
    matches!(
        name.to_ascii_uppercase().as_str(),
        "WINDOWS-1252" | "CP1252" | "CP-1252" | "WIN-1252" | "X-CP1252"
    )
}

/// The characters Windows-1252 puts at 0x80–0x9F, where Latin-1 has
/// control characters; `None` for its five unassigned bytes.
const CP1252_HIGH: [Option<char>; 32] = [
    Some('\u{20AC}'),
    None,
    Some('\u{201A}'),
    Some('\u{0192}'),
    Some('\u{201E}'),
    Some('\u{2026}'),
    Some('\u{2020}'),
    Some('\u{2021}'),
    Some('\u{02C6}'),
    Some('\u{2030}'),
    Some('\u{0160}'),
    Some('\u{2039}'),
    Some('\u{0152}'),
    None,
    Some('\u{017D}'),
    None,
    None,
    Some('\u{2018}'),
    Some('\u{2019}'),
    Some('\u{201C}'),
    Some('\u{201D}'),
    Some('\u{2022}'),
    Some('\u{2013}'),
    Some('\u{2014}'),
    Some('\u{02DC}'),
    Some('\u{2122}'),
    Some('\u{0161}'),
    Some('\u{203A}'),
    Some('\u{0153}'),
    None,
    Some('\u{017E}'),
    Some('\u{0178}'),
];

/// One Windows-1252 byte as a character. Its five unassigned bytes become
/// U+FFFD: they can only occur in names, never in a figure, and a figure
/// holding one is refused by the reader that expects a number.
fn windows_1252(b: u8) -> char {
    match b {
        0x80..=0x9F => CP1252_HIGH
            .get(usize::from(b - 0x80))
            .copied()
            .flatten()
            .unwrap_or('\u{FFFD}'),
        _ => char::from(b),
    }
}

/// The text of a results file given as bytes: UTF-8 (a byte-order mark is
/// dropped), or ISO-8859-1 or Windows-1252 when the XML declaration says
/// so. Anything else
/// is [`ParseError::NotUtf8`], naming the first bad byte and how to fix it.
pub(crate) fn decode(bytes: &[u8]) -> Result<std::borrow::Cow<'_, str>, ParseError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(ParseError::TooLarge {
            bytes: bytes.len(),
            limit: MAX_INPUT_BYTES,
        });
    }
    let declared = declared_encoding(bytes);
    if declared.as_deref().is_some_and(is_latin1) {
        // Every byte is the character of the same number.
        return Ok(std::borrow::Cow::Owned(
            bytes.iter().map(|b| char::from(*b)).collect(),
        ));
    }
    if declared.as_deref().is_some_and(is_windows_1252) {
        return Ok(std::borrow::Cow::Owned(
            bytes.iter().map(|b| windows_1252(*b)).collect(),
        ));
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(body) {
        Ok(text) => Ok(std::borrow::Cow::Borrowed(text)),
        Err(e) => {
            let at = e.valid_up_to();
            let (line, column) = line_column(body, at);
            Err(ParseError::NotUtf8 {
                line,
                column,
                byte: body.get(at).copied().unwrap_or(0),
                declared,
            })
        }
    }
}
