//! The largest inputs the event library takes, checked before any work
//! starts, so that no input costs more than about a second and 200 MB
//! (issue 17). Each is derived from a measured cost, not picked at random:
//!
//! - **TOML**: the TOML reader builds the whole document (every key, value
//!   and position) before a field is read: about 40 bytes of memory for
//!   each byte of text. 4 MiB of TOML peaks near 175 MB.
//! - **JSON** is read as a stream straight into the event, about 17 bytes
//!   of memory per byte at most (a teams or chess event; a pairs session,
//!   about 21 bytes a byte, is held by its results limit below): 128 MiB
//!   holds a session of 2,000,000 results with names of a dozen characters.
//! - **A pairs session**: scoring and showing a result costs about 1 KB
//!   and 2–3 µs (issue 30; it was 3.4 KB and 20 µs, then 1.3 KB and
//!   4–5 µs): 150,000 results (6,000 tables × 25 boards, 6.3 MiB of JSON)
//!   peak at 154 MB in 0.35 s, and 1,000,000 (45.7 MB of JSON, the limits
//!   raised for the run) at 987 MB in 2.9 s of CPU (1.7 s for the
//!   standings alone, CSV; release, `countback score`, text output, 2
//!   cores shared, load 7–8). Pair names are shared, not copied, by every
//!   line. The limit is 2,000,000 results (issue 30): an online daylong
//!   or a worldwide simultaneous event fits, and the cost is linear, about
//!   2 GB and 4–6 s at the limit (measured: see docs/cli.md, Limits). The
//!   memory is set while scoring, not writing: the text and JSON are
//!   written board by board, and the peak is the same for the standings
//!   alone (CSV). The boards' line-by-line tables are no longer a second
//!   copy of the scored lines (each is built as it is written: 1,000,000
//!   results 969 → 720 MB, 2,000,000 1.93 → 1.43 GB, load 6); the event
//!   file as read is still held while scoring.
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
