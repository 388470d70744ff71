//! # countback-usebio
//!
//! Read bridge results files, rescore them exactly from the raw table
//! results, and audit every figure the scoring program stored.
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
//!
//! ## Usage
//!
//! ```
//! use countback_usebio::{audit, parse_usebio, Convention, Difference, Figure};
//!
//! // A writer the crate does not know, scoring 1 per result beaten.
//! let xml = r#"<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
//!   <WINNER_TYPE>1</WINNER_TYPE>
//!   <PARTICIPANTS>
//!     <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><TOTAL_SCORE>1</TOTAL_SCORE><PLACE>1</PLACE></PAIR>
//!     <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><TOTAL_SCORE>0</TOTAL_SCORE><PLACE>3</PLACE></PAIR>
//!     <PAIR><PAIR_NUMBER>3</PAIR_NUMBER><TOTAL_SCORE>0</TOTAL_SCORE><PLACE>3</PLACE></PAIR>
//!     <PAIR><PAIR_NUMBER>4</PAIR_NUMBER><TOTAL_SCORE>1</TOTAL_SCORE><PLACE>1</PLACE></PAIR>
//!   </PARTICIPANTS>
//!   <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
//!     <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
//!       <SCORE>420</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
//!     <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
//!       <SCORE>-50</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>1</EW_MATCH_POINTS></TRAVELLER_LINE>
//!   </BOARD>
//! </EVENT></USEBIO>"#;
//!
//! let session = parse_usebio(xml)?;
//! let report = audit(&session)?;
//! // Places agree; the default convention (2 per result beaten) gives a
//! // top of 2, so the lines and totals do not.
//! assert_eq!(report.convention, Convention::EbuWhiteBook2025);
//! assert!(report.of(Figure::Place).all(|f| f.class.agrees()));
//! let total = report.of(Figure::Total).next().unwrap();
//! assert_eq!(total.stored, "1");
//! // Not passed and not called a manual override: the audit names the
//! // convention that gives it (ACBL's 1 per result beaten), and says that
//! // convention explains the whole file.
//! assert_eq!(total.class, Difference::OtherConvention { convention: Convention::Acbl });
//! assert_eq!(report.explained_by(), Some(Convention::Acbl));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Crate features
//!
//! None.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod audit;
mod common_denominator;
pub mod convention;
pub mod error;
mod limits;
mod nz;
pub mod rescore;
pub mod session;
mod usebio;

pub use audit::{audit, audit_under, Audit, Difference, Figure, Finding};
pub use convention::{
    resolve, Choices, Convention, ConventionSource, Display, ImpSitOut, UnknownConvention,
    ALL_CONVENTIONS,
};
pub use error::{ParseError, RescoreError, SourcePosition};
pub use limits::{
    check_traveller_lines, MAX_DEPTH, MAX_INPUT_BYTES, MAX_NODES, MAX_TRAVELLER_LINES,
};
pub use nz::parse_nz_scorer;
pub use rescore::{
    rescore, rescore_under, rescore_with, BoardScore, GivenLines, LineScore, Rescore, Standing,
    Treatment,
};
pub use session::{
    Board, EventKind, Line, Participant, Ranking, Seats, Session, SourceFormat, StoredFigure,
    StoredStanding,
};
pub use usebio::{parse_results, parse_results_bytes, parse_usebio, table_outcome};
