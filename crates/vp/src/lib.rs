//! # countback-vp
//!
//! Bridge teams scoring from IMPs to victory points by the published scales,
//! with every VP an exact [`Score`] and every rounding decision *certified*.
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
//!   kept for reuse.
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
//! No floating point is used.
//!
//! ## Usage
//!
//! ```
//! use countback_vp::{FractionalMargin, Score, VpScale};
//!
//! let scale: VpScale = "wbf-2013-continuous".parse()?;
//! // 16 boards: 10 IMPs → 12.80, 15 → 13.97, 20 → 15.00, 30 → 16.73.
//! let vp = scale.convert(16, &Score::integer(10), &FractionalMargin::Refuse)?;
//! assert_eq!(vp.first, Score::parse("12.80")?);
//! assert_eq!(vp.second, Score::parse("7.20")?);
//! let (winner, loser) = scale
//!     .convert(16, &Score::integer(-20), &FractionalMargin::Refuse)?
//!     .winner_loser();
//! assert_eq!((winner, loser), (Score::integer(15), Score::integer(5)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Examples
//!
//! A match from board results, converted by the discrete scale:
//!
//! ```
//! use countback_vp::{score_match, ArtificialImps, BoardResult, FractionalMargin};
//! use countback_vp::{MatchInput, Score, VpScale};
//!
//! let table = VpScale::WbfDiscrete.table(8)?;
//! let input = MatchInput::Boards(vec![
//!     BoardResult::TwoRoom { open_ns: 420, closed_ns: -50 },  // +470: 10 IMPs
//!     BoardResult::TwoRoom { open_ns: 140, closed_ns: 110 },  // +30: 1 IMP
//!     BoardResult::Adjusted {                                  // unplayable
//!         first: ArtificialImps::AveragePlus,
//!         second: ArtificialImps::AverageMinus,
//!     },
//! ]);
//! let m = score_match(&input, &table, &FractionalMargin::Refuse)?;
//! // 14 IMPs over 8 boards: the 15–5 band (13–16).
//! assert_eq!(m.first.victory_points, Score::integer(15));
//! assert_eq!(m.second.victory_points, Score::integer(5));
//! # Ok::<(), countback_vp::VpError>(())
//! ```
//!
//! ## Crate features
//!
//! None.
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
pub use scale::{FractionalMargin, VpScale, VpSplit, VpTable, MAX_BOARDS};

/// The `countback-model` vocabulary this crate's API speaks, re-exported so
/// that callers need not name the model crate themselves.
pub use countback_model::{HalfRule, Score};

#[cfg(doc)]
use std::str::FromStr;
