#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`parse_usebio`] reads a USEBIO 1.2/1.3 document (the EBU's XML
//!   interchange format) from a `&str`: `MP_PAIRS`, `BUTLER_PAIRS` and
//!   `CROSS_IMP` events are read in full; teams and Swiss event types are
//!   read (participants, travellers) but not rescored. Pair numbers may carry
//!   a direction (`1NS`); artificial scores (`A6040`, `A5050` ...) become
//!   [`countback_model::ArtificialScore`]s; `NP` lines become
//!   [`countback_model::TableOutcome::NotPlayed`]. `WINNER_TYPE` 2 ranks NS and EW as
//!   two fields (a Mitchell), 1 as one field (a Howell).
//! - [`parse_nz_scorer`] reads the native XML of the NZ Bridge "Scorer"
//!   program, including its phantom lines, adjusted (`Adj`) lines and
//!   multi-section field scoring. Its "not played" line scored as 0 is read
//!   as absent.
//! - Each reader writes its session through
//!   [`countback_results::SessionBuilder`]; the rescore, the conventions
//!   and the audit are `countback-results`'.
//! - [`write_usebio`] writes a scored session back as USEBIO 1.2.
//!
//! - [`parse_results`] picks the reader by the document's root element;
//!   [`parse_results_bytes`] takes the file's bytes (UTF-8, or ISO-8859-1
//!   when its XML declaration says so).
//!
//! ## Limits
//!
//! Checked in one pass before the XML parser starts, each refused with a
//! typed [`countback_results::ParseError`]: at most
//! [`countback_results::MAX_INPUT_BYTES`] bytes, elements nested
//! at most [`MAX_DEPTH`] deep, no entity declarations (`<!ENTITY`), at most
//! [`MAX_NODES`] XML nodes. A document without participants or without a
//! single traveller line is [`countback_results::ParseError::NoResults`].
//!
//! No function here touches the file system: pass the text in.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod limits;
mod nz;
mod usebio;
mod usebio_teams;
mod write;

pub use limits::{MAX_DEPTH, MAX_NODES};
pub use nz::parse_nz_scorer;
pub use usebio::{parse_results, parse_results_bytes, parse_usebio};
pub use usebio_teams::{parse_results_any_bytes, parse_usebio_teams, Results, TEAMS_EVENT_TYPES};
pub use write::{write_usebio, TeamsNotWritten, WriteError};
