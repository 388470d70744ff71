//! The limits every results file's session is held to, whatever its
//! format: checked by each reader through [`crate::SessionBuilder`] (the
//! traveller lines) or before it reads (the size), so each check lives here
//! once.

use crate::error::ParseError;

/// The largest results file read, in bytes (32 MiB): a session of 100,000
/// traveller lines fits several times over.
pub const MAX_INPUT_BYTES: usize = 32 * 1024 * 1024;

/// The most traveller lines a session may have, over all its boards.
/// Rescoring costs about 0.9 KB a line and an audit up to 3.9 KB (every
/// figure tried under every convention): 50,000 lines stay within about
/// 200 MB. A 2,000-pair session of 30 boards has 30,000.
pub const MAX_TRAVELLER_LINES: usize = 50_000;

/// Refuse a session once it has more than [`MAX_TRAVELLER_LINES`] lines.
///
/// # Errors
/// [`ParseError::TooManyTravellerLines`].
pub fn check_traveller_lines(count: usize) -> Result<(), ParseError> {
    if count > MAX_TRAVELLER_LINES {
        return Err(ParseError::TooManyTravellerLines {
            count,
            limit: MAX_TRAVELLER_LINES,
        });
    }
    Ok(())
}
