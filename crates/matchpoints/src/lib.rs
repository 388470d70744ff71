//! # countback-matchpoints
//!
//! Bridge board and session scoring, exactly: matchpoints, artificial
//! adjusted scores, IMPs, Butler and cross-IMPs, the session score table,
//! percentages and rankings with exact tie detection.
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
//!
//! ## Usage
//!
//! ```
//! use countback_matchpoints::{matchpoint_scores, Scale};
//! use countback_matchpoints::Score;
//!
//! // A four-result board (`004_…`): 160, 110, 110, −50.
//! let ns = matchpoint_scores(&[160, 110, 110, -50], Scale::TwoPerBeat);
//! let top = Scale::TwoPerBeat.top(4);
//! assert_eq!(top, Score::integer(6));
//! let ew: Vec<Score> = ns.iter().map(|m| &top - m).collect();
//! assert_eq!(ns.iter().sum::<Score>(), Score::integer(12));
//! assert_eq!(ew.iter().sum::<Score>(), Score::integer(12));
//! ```
//!
//! ## Examples
//!
//! Butler with the datum rounding of the real files (nearest 10, an exact
//! 5 away from zero):
//!
//! ```
//! use countback_matchpoints::{butler, datum_rounding_nearest_ten};
//! use countback_matchpoints::{BoardNumber, Score};
//!
//! let b = butler(BoardNumber(7), &[-420, -450, -450, 50], &datum_rounding_nearest_ten())?;
//! assert_eq!(b.datum, Score::integer(-440)); // mean of −420 and −450 is −435
//! assert_eq!(b.imps, [1, 0, 0, 10]);
//! # Ok::<(), countback_matchpoints::BoardError>(())
//! ```
//!
//! ## Crate features
//!
//! None.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
mod error;
mod imps;
mod scale;
mod session;

pub use board::{
    artificial_award, check_award, check_traveller, matchpoint_board, matchpoint_integers,
    matchpoint_scores, AdjustedLine, BoardMatchpoints, LineMatchpoints, Movement,
};
pub use error::BoardError;
pub use imps::{
    butler, butler_datum, cross_imps, datum_rounding_nearest_ten, imps, imps_for, Butler,
};
pub use scale::Scale;

/// The `countback-model` vocabulary this crate's API speaks, re-exported so
/// that callers need not name the model crate themselves.
pub use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, HalfRule, InputError, Rounding,
    RoundingMode, Score, ScoreError, TableOutcome, TravellerLine,
};
pub use session::{rank, rank_standings, PercentageMethod, Place, ScoreTable, Standing};
