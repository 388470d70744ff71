#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`Crosstable`]: a Swiss crosstable of [`RoundResult`]s (wins, draws and
//!   losses played; forfeits won and lost; full-, half- and zero-point byes;
//!   rounds missed after a withdrawal). A pairing recorded from both sides
//!   must agree, or [`CrosstableError::Asymmetric`] names both players and
//!   the round.
//! - [`tie_break_values`]: every player's [`PlayerTieBreaks`], exact. Under
//!   34E ([`UnplayedGames::uscf`]) an opponent's unplayed rounds count as
//!   draws, a player's own unplayed rounds count as opponents on 0, and
//!   cumulative loses a point for each unplayed win. The number of scores a
//!   median drops comes from a [`MedianDiscards`] table: the Harkness preset,
//!   the USCF rulebook preset, or your own.
//! - [`rank`]: ties only among equal scores, then the systems of a
//!   [`Cascade`] one at a time ([`Cascade::uscf`] or any order), each only
//!   among players all earlier systems left level. The trace names each
//!   system's clause (`USCF 34E1 modified median`, ...) and every value.
//! - [`IhsaEvent`]: the IHSA team tie-break,
//!   `(match points + 10) × (1 + opponent's tournament points²) / 100`
//!   summed over the rounds, with [`OwnUnplayedMatch`] choosing how a
//!   team's own unplayed match enters.
//!
//! Medians never fail on short lists: when there are fewer opponents than
//! scores to drop, everything is dropped and the median is 0 (see
//! [`sum_dropping`]).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod crosstable;
pub mod ihsa;
pub mod ranking;
pub mod uscf;

/// The exact score and contestant types of `countback-model`, re-exported.
pub use countback_model::{ContestantId, InputError, RoundNumber, Score};

pub use crosstable::{Crosstable, CrosstableError, RoundResult};
pub use ihsa::{
    ihsa_round_points, IhsaError, IhsaEvent, IhsaOptions, IhsaRow, IhsaTieBreak, OwnUnplayedMatch,
    TeamMatch, TeamRound, UnplayedMatch, IHSA_CLAUSE,
};
pub use ranking::{rank, rank_values, Cascade, CascadeEnd, SCORE_CLAUSE};
pub use uscf::{
    adjusted_score, cumulative, cumulative_deduction, median, modified_median, running_scores,
    sum_dropping, tie_break_values, MedianDiscards, MedianTableError, PlayerTieBreaks, Standing,
    TieBreak, UnplayedGames, UscfOptions,
};
