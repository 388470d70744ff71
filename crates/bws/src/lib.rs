#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`read_bws`] reads the file's bytes (no file system here) with the
//!   pure-Rust `jetdb` crate into a [`BwsFile`]: the sections
//!   (`Section`), the movement (`RoundData`: pairs and boards of each
//!   table and round), the players (`PlayerNumbers`) and the results
//!   received (`ReceivedData`): for each section, table, round and board
//!   the last row that is not erased, with its contract, declarer and
//!   result, or "not played". Every other table (the member roster
//!   `PlayerNames`, hand records, bidding and play, settings) is kept in
//!   [`BwsFile::not_used`] with its row count: it carries no figure, and is
//!   never a refusal.
//! - [`BwsFile::session`] builds a `countback_results::Session`: each
//!   contract scored by Law 77 (`countback-contract`, vulnerability from the
//!   board number), "not played" as absent; and the contracts as
//!   `countback_results::Plays` for the USEBIO writer. Scoring and auditing
//!   are `countback-results`' (writing as USEBIO `countback-usebio`'s), so a
//!   `.bws` session gets the same match points as the same session read
//!   from USEBIO.
//! - Errors ([`BwsError`]) name the Access table, and for a value the row,
//!   its `ID` and the column.
//!
//! The page `docs/bws.md` of the repository lists the tables and columns
//! read, the decisions and the limits.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod error;
mod file;
mod hands;
mod read;
mod session;

pub use error::BwsError;
pub use file::{BwsFile, Entry, NotUsed, Player, Received, Round, Section};
pub use read::{read_bws, MAX_BWS_BYTES};
pub use session::BwsSession;
