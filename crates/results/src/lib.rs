#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`Session`] is what a pairs results file says: its participants,
//!   boards and traveller lines, every figure its program stored
//!   ([`StoredFigure`], kept apart from what is recomputed), the play of
//!   each line ([`Play`]) and the file's writer. A reader builds one with
//!   a [`SessionBuilder`], which holds every session to the limits of
//!   [`limits`](crate::MAX_TRAVELLER_LINES) as it is built. The model names
//!   no format: the reader says what it read (`USEBIO 1.2`, `PBN 2.1`).
//! - [`Convention`] names each scoring program's choices, picked from the
//!   file's writer ([`resolve`]) or chosen.
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
//! - [`TeamsSession`] is the same for a teams event (matches, boards by
//!   room, stored IMPs, VPs and totals): [`infer_scale`], [`rescore_teams`],
//!   [`audit_teams`], and [`score_pab`] for point-a-board.
//! - [`HandRecords`]: what a club posts beside the results and no figure
//!   uses (deals, dealer, vulnerability, double-dummy tricks, par).
//! - [`ParseError`] is the error every reader returns, positioned by
//!   [`SourcePosition`]; [`RescoreError`] a session that cannot be scored.
//!
//! No function here reads a file: the readers (`countback-usebio`,
//! `countback-pbn`, `countback-bws`) do, and write into this model.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod audit;
mod builder;
mod common_denominator;
pub mod convention;
pub mod error;
pub mod hands;
mod limits;
pub mod pab;
pub mod rescore;
pub mod session;
pub mod teams;

pub use audit::{audit, Audit, Counts, Difference, Figure, Finding};
pub use builder::SessionBuilder;
pub use convention::{
    resolve, AveragePlus, Choices, Convention, ConventionSource, Display, FactorTo, ImpSitOut,
    SmallBoards, UnknownConvention, ALL_CONVENTIONS,
};
pub use error::{ParseError, RescoreError, SourcePosition};
pub use hands::{DoubleDummy, Hand, HandRecord, HandRecords, Par};
pub use limits::{check_traveller_lines, MAX_INPUT_BYTES, MAX_TRAVELLER_LINES};
pub use pab::{score_pab, PabFinding, PabScore};
pub use rescore::{
    rescore, rescore_by, rescore_with, BoardScore, GivenLines, LineScore, Rescore, Standing,
    Treatment,
};
pub use session::{
    table_outcome, Board, CrossImpLine, EventKind, FileRule, ImpTotal, Line, Participant, Play,
    Plays, Ranking, Seats, Session, StoredFigure, StoredStanding,
};
pub use teams::{
    audit_imps, audit_teams, infer_scale, rescore_teams, Fixture, MatchBoard, MatchRescore, Room,
    ScaleChoice, ScaleSource, Segment, Team, TeamFigure, TeamFinding, TeamMatch, TeamsAudit,
    TeamsClass, TeamsError, TeamsRescore, TeamsSession,
};
