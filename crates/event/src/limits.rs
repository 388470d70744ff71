//! The largest inputs the event library takes, checked before any work
//! starts, so that no input costs more than its documented bound below
//! (issue 17 set about a second and 200 MB; issue 30 sized the pairs
//! session, and with it the JSON file, to the largest real events). Each
//! is derived from a measured cost, not picked at random:
//!
//! - **TOML**: the `toml` crate builds the whole document (every key,
//!   value and position) before a field is read, about 40 bytes of memory
//!   for each byte of text, so an event file is read a piece at a time
//!   (`toml_pieces`: cut at each top-level `[[matches]]`, `[[boards]]` …
//!   header, a piece of about 64 KiB parsed at once): 4 MiB of TOML then
//!   peaks at 7.5 to 14 bytes a byte with its ranking (docs/cli.md,
//!   Limits). A file that cannot be cut so is read whole, and 4 MiB of it
//!   peaks near 175 MB: the limit is set by that.
//! - **JSON** is read as a stream straight into the event, about 17 bytes
//!   of memory per byte at most (a teams or chess event; a pairs session,
//!   about 21 bytes a byte, is held by its results limit below): 128 MiB
//!   holds a session of 2,000,000 results with names of a dozen characters.
//!   A teams or chess event has no count limit of its own, so one written
//!   to fill 128 MiB could peak near 2.2 GB; real ones are a few MB (10,000
//!   teams over 11 rounds: 79 MB in 0.25 s).
//! - **A pairs session**: scoring and showing a result costs about 575
//!   bytes and 1.3 µs (issue 30; it was 3.4 KB and 20 µs): 150,000 results
//!   (6,000 tables × 25 boards, 6.3 MiB of JSON) peak at 90 MB in 0.15 s
//!   of CPU, 1,000,000 (45.7 MB of JSON) at 574 MB in 1.3 s (1.0 s for the
//!   standings alone, CSV), 2,000,000 (92 MB) at 1.14 GB in 3.0 s (2.4 s
//!   CSV); release, `countback score`, text output, user + system time,
//!   load 0.3–0.9. The limit is 2,000,000 results: an online daylong or a
//!   worldwide simultaneous event fits, and the cost is linear. Pair names
//!   are read once and shared by every line; a score is kept as a number;
//!   each board's table is built as it is written, not held beside the
//!   scored session, so the peak is set while scoring, and is the same for
//!   the standings alone (CSV). The event file as read is still held while
//!   scoring.
//!
//! Real events sit far below: a 2,000-pair session of 30 boards has 30,000
//! results in about 1.5 MB of TOML; a 500-team Swiss of 12 rounds has 3,000
//! matches. A larger event of teams or players fits in JSON.

/// The largest event file in TOML, in bytes: 4 MiB.
pub const MAX_TOML_BYTES: usize = 4 << 20;

/// The largest event file in JSON, in bytes: 128 MiB (a session at the
/// results limit, 2,000,000 lines, is about 90 MiB).
pub const MAX_JSON_BYTES: usize = 128 << 20;

/// The most traveller lines a pairs session may have, over all its boards.
pub const MAX_SESSION_RESULTS: usize = 2_000_000;

/// `n` bytes as people read them.
pub(crate) fn bytes(n: usize) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 20 {
        // One decimal, truncated: never shows a size over the limit as the
        // limit itself.
        let tenths = n * 10 / (1 << 20);
        format!("{}.{} MiB", tenths / 10, tenths % 10)
    } else {
        format!("{n} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(bytes(4 << 20), "4 MiB");
        assert_eq!(bytes((4 << 20) + 1), "4.0 MiB");
        assert_eq!(bytes(6_220_800), "5.9 MiB");
        assert_eq!(bytes(1000), "1000 bytes");
    }
}
