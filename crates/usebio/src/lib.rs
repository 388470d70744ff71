//! # countback-usebio
//!
//! Read bridge results files, rescore them exactly, audit the stored figures.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod audit;
pub mod error;
mod nz;
pub mod rescore;
pub mod session;
mod usebio;

pub use audit::{audit, Audit, Difference, Figure, Finding};
pub use error::{ParseError, RescoreError, SourcePosition};
pub use nz::parse_nz_scorer;
pub use rescore::{
    rescore, rescore_with, BoardScore, GivenLines, LineScore, Rescore, Standing, Treatment,
};
pub use session::{
    Board, EventKind, Line, Participant, Ranking, Session, SourceFormat, StoredFigure,
    StoredStanding,
};
pub use usebio::parse_usebio;
