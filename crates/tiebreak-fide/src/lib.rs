#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`trf::parse`] reads a TRF-16 file and the TRF-2026 records that
//!   change tie-breaks or standings (`162` points system, `192` type, `240`
//!   byes, `202`/`212` tie-break lists; `299` is refused, never skipped),
//!   checking that both lines of every game agree. Every error names its
//!   line and column; limits are checked before a line is split.
//!   [`trf::Tournament::to_trf`] writes the file back unchanged;
//!   [`trf::write_back`] writes it back with computed ranks, every other
//!   byte kept. [`trf::decode`] reads a file's bytes (UTF-8, else
//!   Windows-1252) and [`trf::looks_like_trf`] recognises one by content.
//!   Byes, pseudo-players and points records as the pairing programs
//!   write them (`0000 - =`, result-less byes the points column counts,
//!   bbpPairings' `BBW`/`BBD`/`BBL`/`BBU`, Swiss-Manager's `spielfrei`)
//!   are read and listed (docs/fide.md, "Spellings").
//! - [`Evaluation`] computes every individual tie-break of FIDE's
//!   mandatory list (C.07 art. 6-10: DE, WIN, WON, BPG, BWG, PS, REP, STD,
//!   TPN, BH, AOB, FB, SB, KS, ARO, TPR, PTP, APRO, APPO, RTNG) with their
//!   modifiers (`/Cn /Mn /P /F /Un /R /L±n`). Unplayed rounds follow art.
//!   16 of the chosen [`Edition`] (2024 or March 2026 text) in a Swiss and
//!   art. 15.2 in a round robin ([`Format`]).
//! - [`TieBreakCode`] and [`Cascade`] parse the FIDE code syntax
//!   (`BH/C1`, `SB`, `DE`, `BH:GP/M2/P`); [`Evaluation::rank`] ranks by a
//!   cascade and returns a [`countback_model::TieBreakOutcome`] whose trace names
//!   each tie-break as a clause (`FIDE C.07 BH/C1`) with every value.
//! - [`audit()`] checks a file's declared ranks against its own tie-break
//!   list and its declared points against its results.
//! - [`team`]: a team file (TRF-2026 records `310`, `320`, `330`, `240`,
//!   `299`, `352`, `362`, team types in `192`; TRF-16 `013`) read as teams:
//!   [`TeamTournament`] builds every team's rounds, checks the `310` match
//!   and game points, and ranks by match or game points as the file says
//!   and by the team codes of [`team::TEAM_CODES`] and the individual
//!   codes on match points. [`Evaluation::new`] refuses a team file
//!   ([`FideError::TeamTournament`]).
//! - [`lots::draw_lots`] draws the ties the rules send to lots, from a
//!   seed, by a fixed and documented algorithm (SplitMix64), and says so
//!   in the trace.
//!
//! Every value is an exact [`countback_model::Score`]; [`display`] rounds for
//! printing only.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod audit;
pub mod code;
pub mod compute;
pub mod edition;
pub mod error;
pub mod lots;
pub mod rating;
pub mod team;
pub mod trf;

pub use audit::{audit, Audit, Finding, PlacementValues};
pub use code::{Cascade, PointReference, TieBreakCode, TieBreakKind, MAX_TIE_BREAKS};
pub use compute::{contestant_ids, encounters, Contribution, Evaluation};
pub use edition::{Date, Edition, EditionChoice, Format, Options, PointsFrom};
pub use error::{CodeError, FideError, TrfError, TrfErrorKind};
pub use team::{TeamAudit, TeamCascade, TeamScore, TeamTieBreak, TeamTournament};

use countback_model::{HalfRule, RoundingMode, Score, ScoreError};

/// A value as result lists print it: `places` decimals, a half rounded up
/// (Vega prints a Sonneborn-Berger of 19.75 as 19.8). For display only.
///
/// ```
/// use countback_tiebreak_fide::display;
/// use countback_model::Score;
///
/// assert_eq!(display(&Score::parse("19.75")?, 1)?, "19.8");
/// assert_eq!(display(&Score::parse("8.25")?, 1)?, "8.3");
/// # Ok::<(), countback_model::ScoreError>(())
/// ```
pub fn display(value: &Score, places: u32) -> Result<String, ScoreError> {
    value.to_decimal(places, &RoundingMode::Nearest(HalfRule::Up))
}
