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
//! - [`rescore()`] scores a [`Session`] again with the methods of
//!   `countback-matchpoints` and `countback-normalise`: matchpoints with
//!   Neuberg factoring of short boards and boards with artificial scores,
//!   Butler against the datum Compscore uses, cross-IMPs; totals scaled for
//!   pairs who played fewer boards; percentages; places with exact ties.
//! - [`audit()`] compares every stored figure (line, datum, total,
//!   percentage, place) with the recomputation and classifies each
//!   difference ([`Difference`]): display rounding or truncation, a short
//!   board printed unfactored, a different printed top, a not-played line
//!   scored as a result, a manual override (and the totals it flows into),
//!   or unexplained.
//!
//! - [`parse_results`] picks the reader by the document's root element;
//!   [`parse_results_bytes`] takes the file's bytes (UTF-8, or ISO-8859-1
//!   when its XML declaration says so).
//!
//! ## Limits
//!
//! Checked in one pass before the XML parser starts, each refused with a
//! typed [`ParseError`]: at most [`MAX_INPUT_BYTES`] bytes, elements nested
//! at most [`MAX_DEPTH`] deep, no entity declarations (`<!ENTITY`), at most
//! [`MAX_NODES`] XML nodes. A document without participants or without a
//! single traveller line is [`ParseError::NoResults`].
//!
//! No function here touches the file system: pass the text in.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod audit;
mod common_denominator;
pub mod convention;
pub mod error;
pub mod hands;
mod limits;
mod nz;
pub mod pab;
pub mod rescore;
pub mod session;
pub mod teams;
mod usebio;
mod usebio_teams;
mod write;

pub use audit::{audit, Audit, Counts, Difference, Figure, Finding};
pub use convention::{
    resolve, AveragePlus, Choices, Convention, ConventionSource, Display, FactorTo, ImpSitOut,
    SmallBoards, UnknownConvention, ALL_CONVENTIONS,
};
pub use error::{ParseError, RescoreError, SourcePosition};
pub use hands::{DoubleDummy, Hand, HandRecord, HandRecords, Par};
pub use limits::{
    check_traveller_lines, MAX_DEPTH, MAX_INPUT_BYTES, MAX_NODES, MAX_TRAVELLER_LINES,
};
pub use nz::parse_nz_scorer;
pub use pab::{score_pab, PabFinding, PabScore};
pub use rescore::{
    rescore, rescore_with, BoardScore, GivenLines, LineScore, Rescore, Standing, Treatment,
};
pub use session::{
    Board, CrossImpLine, EventKind, FileRule, ImpTotal, Line, Participant, Ranking, Seats, Session,
    SourceFormat, StoredFigure, StoredStanding,
};
pub use teams::{
    audit_imps, audit_teams, infer_scale, rescore_teams, Fixture, MatchBoard, MatchRescore, Room,
    ScaleChoice, ScaleSource, Segment, Team, TeamFigure, TeamFinding, TeamMatch, TeamsAudit,
    TeamsClass, TeamsError, TeamsRescore, TeamsSession,
};
pub use usebio::{parse_results, parse_results_bytes, parse_usebio, table_outcome};
pub use usebio_teams::{parse_results_any_bytes, parse_usebio_teams, Results, TEAMS_EVENT_TYPES};
pub use write::{write_usebio, Play, Plays, TeamsNotWritten, WriteError};
