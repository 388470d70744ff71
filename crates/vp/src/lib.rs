#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`VpScale`]: the named scales, each with a stable kebab-case name for
//!   event files (`vp_scale = "wbf-2013-continuous"`), a [`FromStr`] whose
//!   error lists the valid names, and its source ([`VpScale::source`]):
//!   - `wbf-2013-continuous`: the WBF 2013 continuous 20-VP scale, two
//!     decimals, with the WBF's concavity correction as in its published
//!     tables (16 boards, 14 IMPs → 13.75);
//!   - `wbf-2013-continuous-uncorrected`: the same formula without the
//!     correction (13.74), a named variant only;
//!   - `wbf-2013-discrete`: the WBF/EBU discrete 20-VP scale (EBU White Book
//!     3.1.1) for any number of boards;
//!   - `ebu-10vp-half-match`: the EBU 10-VP scale for the half matches of
//!     a triangle.
//! - [`VpTable`]: one scale for one board count; [`VpTable::convert`] turns
//!   a margin (whole or, by a named [`FractionalMargin`] rule, fractional)
//!   into both teams' VPs. [`VpScale::convert`] does the same with tables
//!   kept for reuse. [`VpTable::bands`] gives the whole table as
//!   [`VpBand`]s (margins, winner's and loser's VPs, exact),
//!   [`VpTable::convert_margins`] a list of margins as [`MarginVp`]s, and
//!   [`VpTable::format_vp`] a VP as the scale publishes it.
//! - [`score_match`]: a match from two-room board results (IMPs by the WBF
//!   table of `countback-matchpoints`), from per-board IMPs, or from match
//!   IMPs, with artificial adjusted scores (±3 IMPs) and void matches (a
//!   share of the pool); totals in IMPs, total points and VPs, ready for the
//!   tie-break crates as `model` [`SideScores`](countback_model::SideScores).
//!
//! ## Certified, not guessed
//!
//! The continuous scale is `VP = 10 + 10·(1 − r^(M/B))/(1 − r)` with
//! `r = ((√5 − 1)/2)³` and `B = 15·√N`: irrational almost everywhere. The
//! crate encloses each value in an interval of big fixed-point numbers that
//! provably contains it (outward rounding, bounded series tails), and takes a
//! rounding or floor decision only when the whole interval is on one side;
//! otherwise it doubles the precision, and past 4096 bits it returns
//! [`VpError::Undecided`] rather than guess. Values the scales can meet
//! exactly (10, 15 and 20 VPs) are recognised by exact arithmetic in Q(√5).
//! No floating point is used. Constants shared by every board count are
//! enclosed once, and a fast path in machine integers decides every table
//! the crate builds (1–1000 boards), each in well under a millisecond; the
//! big-integer path stays behind it for anything it cannot decide.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod build;
mod certified;
mod error;
mod matches;
mod scale;

pub use error::{Side, UnknownScale, VpError};
pub use matches::{
    score_match, ArtificialImps, BoardResult, BoardScore, MatchInput, MatchScore, SideResult,
    Totals,
};
pub use scale::{FractionalMargin, MarginVp, VpBand, VpScale, VpSplit, VpTable, MAX_BOARDS};

/// The `countback-model` vocabulary this crate's API speaks, re-exported so
/// that callers need not name the model crate themselves.
pub use countback_model::{HalfRule, Score};

#[cfg(doc)]
use std::str::FromStr;
