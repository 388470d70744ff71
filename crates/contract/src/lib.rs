#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`Contract`]: a level (1–7), a [`Strain`] and its [`Doubling`], read
//!   from text as travellers write it ([`Contract::parse`],
//!   [`Contract::parse_or_pass`]).
//! - [`Played`]: a contract, its declarer ([`Seat`]) and the tricks taken
//!   (or the result relative to the contract, [`Played::with_result`]);
//!   [`TableResult`] adds the pass-out.
//! - [`Vulnerability::of_board`]: the standard 16-board cycle (Law 2);
//!   [`Seat::dealer`] the dealer.
//! - [`breakdown`] and [`declarer_score`]: Law 77, entry by entry
//!   ([`Breakdown`]: trick score, overtricks, game or part-score premium,
//!   slam premium, the premium for making a doubled contract, undertricks).
//!   [`TableResult::ns_points`] gives the figure a traveller carries and
//!   [`TableResult::table_outcome`] the shared model's
//!   [`countback_model::TableOutcome`].
//! - [`is_possible_score`] and [`possible_ns_scores`]: whether any result
//!   at the table can give a score at a vulnerability (123, 4200 and 425
//!   cannot).
//!
//! Points are integers (`i32`), as in [`countback_model::TableOutcome`];
//! every figure is exact. Nothing here touches the file system.
//!
//! The page `docs/contract.md` of the repository gives the Law's table,
//! the sources of the tests and the readings chosen.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod error;
mod law77;
mod possible;
mod types;

pub use error::ContractError;
pub use law77::{breakdown, declarer_score, Breakdown};
pub use possible::{is_possible_score, possible_ns_scores};
pub use types::{Contract, Doubling, Played, Seat, Strain, TableResult, Vulnerability};
