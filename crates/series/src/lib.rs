#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! A stage in, a whole ranking out: [`standings`] takes every
//! [`Session`] (each pair's figures and place as the session ranked it on
//! its own, and its traveller lines' match points) and the event's
//! [`SessionsRule`], and gives a [`Combined`]: the overall standings with
//! each pair's figure of every session and which count, the pairs under a
//! club series' minimum apart, the decision trace of every tie (EBU White
//! Book 143.7.1 within the stage in which it occurred, 143.6.1) and what
//! was applied, in words. Every figure is a `countback_model::Score`.
//!
//! - [`Combine`]: the sum of match points, the mean or the sum of
//!   percentages.
//! - [`Counting`]: every session, the sessions played, or the best N
//!   (with [`SessionsRule::minimum`]).
//! - [`CarryForward`]: the sessions before `final_from` are an earlier
//!   stage, carried into the final by an exact fraction.
//! - [`MatchBy`]: a pair across sessions by its number or its players.
//! - [`SessionTies`], [`SeriesTies`]: the readings of ties (docs/sessions.md).
//!
//! ```
//! use countback_model::{ContestantId, Score};
//! use countback_series::{standings, Combine, Counting, Session, SessionPair, SessionsRule};
//!
//! // A pair's figures in one session, as the session ranked it.
//! let pair = |id: &str, pct: i64, place| SessionPair {
//!     id: ContestantId::new(id),
//!     players: vec![],
//!     field: None,
//!     total: Score::integer(pct),
//!     percentage: Score::integer(pct),
//!     place,
//!     tied: false,
//! };
//! let session = |name: &str, pairs| Session {
//!     name: name.to_owned(),
//!     source: "example".to_owned(),
//!     pairs,
//!     boards: vec![],
//! };
//! // A club series: pair 3 missed the second evening.
//! let evenings = [
//!     session("mon", vec![pair("1", 60, 1), pair("2", 50, 2), pair("3", 40, 3)]),
//!     session("tue", vec![pair("2", 70, 1), pair("1", 30, 2)]),
//! ];
//! let mut rule = SessionsRule::new(Combine::MeanOfPercentages);
//! rule.counting = Counting::Best(1);
//! let c = standings(&evenings, &rule)?;
//! // Each pair's best evening: 2 (70), 1 (60), 3 (40).
//! let order: Vec<(&str, Score)> = c
//!     .standings
//!     .iter()
//!     .map(|s| (s.key.as_str(), s.total.clone()))
//!     .collect();
//! assert_eq!(
//!     order,
//!     [("2", Score::integer(70)), ("1", Score::integer(60)), ("3", Score::integer(40))]
//! );
//! // Which evening counted for pair 1: Monday's.
//! assert_eq!(c.standings[1].counted, [true, false]);
//! # Ok::<(), countback_series::SeriesError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod combine;
mod error;
mod rule;
mod session;

pub use combine::{standings, Combined, OverallStanding, SessionResult, SessionStanding};
pub use error::SeriesError;
pub use rule::{CarryForward, Combine, Counting, MatchBy, SeriesTies, SessionTies, SessionsRule};
pub use session::{BoardLine, Session, SessionBoard, SessionPair};
