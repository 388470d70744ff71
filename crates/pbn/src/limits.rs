//! Limits checked in one pass before any line is read as PBN.
//!
//! A results file is a few thousand short lines. The checks bound what the
//! reader holds and the work one line can cost, whatever the text is, each
//! with a typed error naming the limit (and the line where one is crossed).

use countback_results::ParseError;

/// The largest PBN file read, in bytes (32 MiB, as for a USEBIO file): a
/// session of 100,000 table results fits several times over.
pub const MAX_INPUT_BYTES: usize = countback_results::MAX_INPUT_BYTES;

/// The most lines a file may have (3,000,000, as many as the XML nodes a
/// USEBIO file may build).
pub const MAX_LINES: usize = 3_000_000;

/// The longest line, in bytes (100,000, as for an exact number written as
/// text). A table row or a tag of a real file is under a few hundred.
pub const MAX_LINE_BYTES: usize = 100_000;

/// The most columns a table may declare, and so the most tokens a row may
/// hold. A real `ScoreTable` has about fifteen.
pub const MAX_COLUMNS: usize = 64;

/// Size, line count and line length, in one linear pass.
pub(crate) fn check(text: &str) -> Result<(), ParseError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ParseError::TooLarge {
            bytes: text.len(),
            limit: MAX_INPUT_BYTES,
        });
    }
    for (n, line) in text.split('\n').enumerate() {
        if n >= MAX_LINES {
            return Err(ParseError::TooManyLines { limit: MAX_LINES });
        }
        if line.len() > MAX_LINE_BYTES {
            return Err(ParseError::LineTooLong {
                line: u32::try_from(n + 1).unwrap_or(u32::MAX),
                bytes: line.len(),
                limit: MAX_LINE_BYTES,
            });
        }
    }
    Ok(())
}
