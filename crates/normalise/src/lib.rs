#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! One formula covers them all. A group of `A` results, matchpointed among
//! themselves (`M`, 2 per beat), is brought to the `E` results of a complete
//! board by
//!
//! ```text
//! (M·E + (E − A)) / A  =  MP·SF + (SF − 1),   SF = E / A
//! ```
//!
//! (the EBU's form in `001_…`, the scaling-factor form in `004_…`, and
//! Neuberg's `(M + 1)·E/A − 1`).
//!
//! - [`ScaleFactor`] and [`neuberg`]: the formula; factors chain
//!   (`3 → 4` then `4 → 5` is `3 → 5`).
//! - [`ScoredOutOf`]: top `2(X − 1)`, board total `2X(X − 1)`, PAR `X − 1`.
//! - [`RoundingPolicy`]: named rounding choices (exact; `001_…`'s nearest 0.1
//!   with an exact .05 toward average; 0.01 half up; ...).
//! - [`OneMissing`]: the formula, or the club shortcut (top − 1, bottom + 1)
//!   when exactly one result is missing.
//! - [`score_board`], [`score_fouled_board`]: a whole traveller, each line a
//!   typed [`LineOutcome`]: played and normalised, adjusted by the director,
//!   or unplayable (its version played once) with an artificial score.
//! - [`score_session`]: every board into a [`ScoreTable`] (from
//!   `countback-matchpoints`) for totals, percentages and ranking.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
mod error;
mod factor;
mod policy;
mod session;
#[doc(hidden)]
pub mod synthetic;

pub use board::{
    score_board, score_fouled_board, BoardSpec, LineOutcome, Method, ScoredBoard, ScoredLine,
};
pub use error::NormaliseError;
pub use factor::{neuberg, ScaleFactor, ScoredOutOf};
pub use policy::{Factoring, OneMissing, RoundingPolicy};
pub use session::{score_session, Expected, ScoredSession, SessionSpec, Traveller};

/// The `countback-matchpoints` items this crate's API speaks, re-exported.
pub use countback_matchpoints::{
    rank, BoardError, Movement, PercentageMethod, Place, Scale, ScoreTable,
};
/// The `countback-model` vocabulary this crate's API speaks, re-exported.
pub use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, HalfRule, InputError, Rounding,
    RoundingMode, Score, ScoreError, TableOutcome, TravellerLine, WeightedComponent, WeightedScore,
};
