#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`matchpoint_scores`]: raw NS point scores of one board to NS match
//!   points, 2 per result beaten and 1 per tie ([`Scale::TwoPerBeat`]) or 1
//!   and ½ ([`Scale::OnePerBeat`]). EW get `top − NS` (EW pluses are NS
//!   minuses). A pass-out is a real 0; a board not played is left out.
//!   [`matchpoint_integers`] gives the 2-per-beat values as plain integers,
//!   in linear time for the narrow score ranges of real boards.
//! - [`matchpoint_board`]: the same from a traveller
//!   ([`countback_model::TravellerLine`]), with every line checked: the pair is in the
//!   [`Movement`], no pair twice, adjusted scores within 0–100%.
//! - [`artificial_award`]: an artificial adjusted score is a fixed
//!   percentage of the top (`A6040` at top 40 gives 24/16). Scoring the real
//!   results of such a board, and boards with fewer results than expected,
//!   is the job of `countback-normalise`.
//! - [`imps`], [`butler`], [`cross_imps`]: the WBF/EBU IMP scale, Butler
//!   IMPs against a datum (mean after dropping one top and one bottom,
//!   rounded by a named rule such as [`datum_rounding_nearest_ten`]) and
//!   cross-IMPs (the sum against every other result over `n − 1`).
//! - [`ScoreTable`]: rows pairs, columns boards; totals, percentages
//!   (`100 × total / (boards played × top)`, or with gap PARs), and
//!   [`rank`] with exact ties.
//!
//! No floating point is involved: every value is a [`countback_model::Score`].
//! Nothing is rounded here except a Butler datum, by the rule the caller
//! names.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
mod error;
mod imps;
mod scale;
mod session;
#[doc(hidden)]
pub mod synthetic;
mod weighted;

pub use board::{
    artificial_award, check_award, check_traveller, matchpoint_board, matchpoint_integers,
    matchpoint_scores, AdjustedLine, BoardMatchpoints, LineMatchpoints, Movement,
};
pub use error::BoardError;
pub use imps::{
    butler, butler_datum, cross_imps, datum_rounding_nearest_ten, imps, imps_for, Butler,
};
pub use scale::Scale;
pub use weighted::{matchpoint_weighted, BoardResult};

/// The `countback-model` vocabulary this crate's API speaks, re-exported so
/// that callers need not name the model crate themselves.
pub use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, HalfRule, InputError, Rounding,
    RoundingMode, Score, ScoreError, TableOutcome, TravellerLine, WeightedComponent, WeightedScore,
};
pub use session::{rank, rank_standings, PercentageMethod, Place, ScoreTable, Standing};
