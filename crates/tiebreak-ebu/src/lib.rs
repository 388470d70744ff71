#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`Scoring`], [`MethodOfScoring`]: basic against final method (143.5.1).
//! - [`tie_break_points()`], [`individual_tie_break_points`],
//!   [`FinalStanding`], [`Standings`]: tie-break points, with the pro-rata
//!   adjustments for repeated meetings, withdrawals and missed rounds
//!   (143.5.2).
//! - [`PointABoardCountBack`], [`Board`], [`BoardResult`]: who won more
//!   boards, for two or any number of contestants (143.5.3), with unplayed
//!   boards keeping their awarded score (143.5.5).
//! - [`MatchGrouping`], [`count_as_win`], [`win_record`],
//!   [`meetings_between`], [`HeadToHead`]: matches against rounds, "win"
//!   against "defeated" (143.5.4), and repeated meetings weighted to one
//!   match (143.6.2).
//! - [`PenaltyConversion`], [`ProceduralPenalty`]: penalties carried between
//!   units, 3 IMPs = 100 aggregate points (143.5.7).
//! - [`Procedure`], [`SplitTieTest`], [`Stage`], [`TiePurpose`]: the
//!   procedure itself. Its tests are a list the caller may reorder. After a
//!   test separates anyone, every group still tied restarts from the first
//!   test (143.5.6). A tie that must be broken but cannot be ends in
//!   [`Unresolved::RandomBallot`](countback_model::Unresolved::RandomBallot); the
//!   crate never picks an order.
//! - [`PlacePurposes`], [`Procedure::split_at_places`]: what each place of
//!   the ranking is for (143.4), so that a group left tied after a restart
//!   is split or shared according to the places it then occupies.
//! - [`Readings`] ([`DirectResultAmongMany`], [`Defeated`],
//!   [`UnbrokenTitleTie`]): where the text can be read two ways, the reading
//!   it supports best is the default and the other a named option.
//! - [`compare_closest`]: the first test among "closest" contestants of
//!   different sections (143.6.3).
//!
//! Every decision in a [`TieBreakOutcome`](countback_model::TieBreakOutcome) names
//! its clause (`EBU 143.7.1(a)`, `EBU 143.5.6` ...) and the values compared.
//!
//! ## Assumptions
//!
//! The published order for three or more contestants was not available. The
//! default [`Procedure::white_book`] applies the two-contestant order to
//! larger groups, reading (a) with 143.5.6 as "a contestant who defeated
//! each of the other tied contestants is placed first, one defeated by each
//! of them is placed last", whether or not the others met each other
//! ([`DirectResultAmongMany`]), "defeated" judged in the final method
//! ([`Defeated`]). A tie for the title that no test splits goes to a random
//! ballot ([`UnbrokenTitleTie`]). Each is a [`Readings`] field with the
//! other reading as an option, and the decision trace names the reading
//! that applied. See `docs/ebu-split-tie.md` in the repository.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod count_back;
pub mod error;
pub mod matches;
pub mod places;
pub mod procedure;
pub mod readings;
pub mod scoring;
pub mod tie_break_points;

pub use count_back::{Board, BoardPoints, BoardResult, PointABoardCountBack};
pub use error::EbuError;
pub use matches::{
    count_as_win, draw_score, meetings_between, win_record, HeadToHead, MatchGrouping,
    MatchOutcome, WinRecord,
};
pub use places::PlacePurposes;
pub use procedure::{compare_closest, EventFormat, Procedure, SplitTieTest, Stage, TiePurpose};
pub use readings::{Defeated, DirectResultAmongMany, Readings, UnbrokenTitleTie};
pub use scoring::{MethodOfScoring, PenaltyConversion, ProceduralPenalty, Scoring};
pub use tie_break_points::{
    individual_tie_break_points, tie_break_points, FinalStanding, Standings,
};
