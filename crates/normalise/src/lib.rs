//! # countback-normalise
//!
//! Boards with a different number of results than a complete board:
//! fouled boards, short boards of a cut-short movement, late plays, and
//! boards where some tables got an artificial adjusted score.
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
//!
//! ## Usage
//!
//! ```
//! use countback_normalise::{RoundingPolicy, ScaleFactor, Score};
//!
//! // `001_…`: a group of 7 on a board expecting 10.
//! let sf = ScaleFactor::new(10, 7)?;
//! let exact = sf.apply(&Score::integer(12));
//! assert_eq!(exact, Score::new(123, 7)?);
//! let shown = RoundingPolicy::EbuTenthTowardAverage.apply(&exact, &Score::integer(9))?;
//! assert_eq!(shown, Score::parse("17.6")?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Examples
//!
//! A fouled board played 7 times one way and 3 times the other: every group
//! totals what a complete board would give it, and the board totals 90.
//!
//! ```
//! use countback_normalise::{score_fouled_board, BoardSpec, Movement, Score};
//! use countback_normalise::{BoardNumber, TableOutcome, TravellerLine};
//!
//! let line = |t: u32, points| TravellerLine {
//!     board: BoardNumber(5),
//!     ns: format!("{t}NS").into(),
//!     ew: format!("{t}EW").into(),
//!     outcome: TableOutcome::Played { ns_points: points },
//! };
//! let seven = (1..=7).map(|t| line(t, 100 + 10 * t as i32)).collect::<Vec<_>>();
//! let three = (8..=10).map(|t| line(t, -100 * t as i32)).collect::<Vec<_>>();
//! let board = score_fouled_board(BoardNumber(5), &[seven, three], &BoardSpec::new(10), &Movement::open())?;
//! assert_eq!(board.ns_total(), Score::integer(90));
//! assert_eq!(board.ew_total(), Score::integer(90));
//! # Ok::<(), countback_normalise::NormaliseError>(())
//! ```
//!
//! ## Crate features
//!
//! None.
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
    RoundingMode, Score, ScoreError, TableOutcome, TravellerLine,
};
