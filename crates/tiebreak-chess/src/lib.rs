//! # countback-tiebreak-chess
//!
//! Chess tie-breaks as US directors apply them: the USCF systems (modified
//! median, Solkoff, cumulative, cumulative of opposition, and the Harkness
//! median) with unplayed games treated as USCF rule 34E says, and the
//! Illinois High School Association team formula.
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
//!
//! ## Usage
//!
//! ```
//! use countback_tiebreak_chess::{rank, Cascade, Crosstable, UscfOptions};
//!
//! let table = Crosstable::parse(3, [
//!     ("Ann", "W:Bob W:Cy L:Dee"),
//!     ("Bob", "L:Ann W:Dee W:Cy"),
//!     ("Cy",  "W:Dee L:Ann L:Bob"),
//!     ("Dee", "L:Cy L:Bob W:Ann"),
//! ])?;
//! let outcome = rank(&table, &Cascade::uscf(), &UscfOptions::default());
//! // Ann and Bob tie on 2 and on both medians; Ann won earlier.
//! assert_eq!(outcome.order_text(), "Ann > Bob > Cy > Dee");
//! let clauses: Vec<String> = outcome.deciding_clauses().iter().map(|c| c.to_string()).collect();
//! assert_eq!(clauses[1], "USCF 34E3 cumulative");
//! # Ok::<(), countback_tiebreak_chess::CrosstableError>(())
//! ```
//!
//! ## Examples
//!
//! The rulebook's two 4–1 players, from their opponents' scores:
//!
//! ```
//! use countback_tiebreak_chess::Score;
//! use countback_tiebreak_chess::{median, modified_median, Standing};
//!
//! let first = [0, 3, 3, 4, 5].map(Score::integer);
//! let second = [3, 2, 5, 3, 3].map(Score::integer);
//! let solkoff = |o: &[Score]| o.iter().sum::<Score>();
//! assert_eq!((solkoff(&first), solkoff(&second)), (Score::integer(15), Score::integer(16)));
//! assert_eq!(modified_median(&first, 1, Standing::Plus), Score::integer(15));
//! assert_eq!(modified_median(&second, 1, Standing::Plus), Score::integer(14));
//! assert_eq!((median(&first, 1), median(&second, 1)), (Score::integer(10), Score::integer(9)));
//! ```
//!
//! ## Crate features
//!
//! None.
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
