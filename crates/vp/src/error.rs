//! The one error type of VP conversion and match scoring, and the error of
//! parsing a scale name.

use std::fmt;

use countback_model::{Score, ScoreError};

use crate::scale::VpScale;

/// A conversion or a match that cannot be scored. Every variant names the
/// scale and board count, or the side, at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VpError {
    /// A board count of zero, or beyond what the crate builds tables for.
    #[error("{scale}: a match has from {min} to {max} boards, not {boards}")]
    BoardsOutOfRange {
        /// The scale asked for.
        scale: VpScale,
        /// The board count given.
        boards: u32,
        /// The smallest count accepted.
        min: u32,
        /// The largest count accepted.
        max: u32,
    },
    /// A fractional IMP margin while the caller's rule is
    /// [`FractionalMargin::Refuse`](crate::FractionalMargin::Refuse).
    #[error(
        "{scale} over {boards} boards: the margin of {margin} IMPs is fractional and the \
         fractional-margin rule is `refuse`"
    )]
    FractionalMargin {
        /// The scale.
        scale: VpScale,
        /// The board count.
        boards: u32,
        /// The margin given.
        margin: Score,
    },
    /// A rounding or floor decision that the certified arithmetic could not
    /// take even at its largest precision. The crate refuses rather than
    /// guess; no board count the crate accepts (1–1000) reaches this.
    #[error("{scale} over {boards} boards: {what} could not be decided with {bits}-bit intervals")]
    Undecided {
        /// The scale.
        scale: VpScale,
        /// The board count.
        boards: u32,
        /// The decision, e.g. "the hundredths of the VPs for a 14 IMP margin".
        what: String,
        /// The largest precision tried.
        bits: u32,
    },
    /// A band table whose concavity pass left an empty or negative band.
    #[error("{scale} over {boards} boards: the band table is degenerate ({reason})")]
    DegenerateScale {
        /// The scale.
        scale: VpScale,
        /// The board count.
        boards: u32,
        /// What is wrong.
        reason: &'static str,
    },
    /// A void-match share below 0% or above 100% of the VP pool.
    #[error("a void match awards {side} {percent}% of the VP pool, outside 0-100%")]
    VoidShareOutOfRange {
        /// The side at fault.
        side: Side,
        /// The percentage given.
        percent: Score,
    },
    /// A rounding rule that could not be applied (a step that is not
    /// positive, or a division by zero inside the rule).
    #[error("{scale} over {boards} boards: rounding the margin {margin}: {source}")]
    Rounding {
        /// The scale.
        scale: VpScale,
        /// The board count.
        boards: u32,
        /// The margin being rounded.
        margin: Score,
        /// What failed.
        source: ScoreError,
    },
}

/// One of the two teams of a match, in the order the caller gave them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[allow(clippy::exhaustive_enums)] // Closed: a match has two sides.
pub enum Side {
    /// The first team named (North-South in the open room).
    First,
    /// The second team named.
    Second,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::First => "the first team",
            Side::Second => "the second team",
        })
    }
}

/// A scale name that no scale answers to. The message lists the valid names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown VP scale {given:?}; the valid names are: {}", VpScale::names().join(", "))]
#[non_exhaustive]
pub struct UnknownScale {
    /// The name as given.
    pub given: String,
}
