//! FIDE C.07: a TRF file, ranked by `rank_trf`; an event file names it
//! only to be told so.

use super::prelude::*;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::options::flex_bool;

/// Options of the `fide` procedure (a TRF file; set from the command line).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct FideOptions {
    /// The edition of article 16.
    #[serde(default)]
    pub edition: countback_tiebreak_fide::EditionChoice,
    /// The format, where the file's type record (092/192) does not say.
    #[serde(default)]
    pub format: Option<countback_tiebreak_fide::Format>,
    /// The tie-breaks, in FIDE's codes (`"BH/C1, BH, SB"`); default: the
    /// list the file declares (TRF-2026 records 202/212), else
    /// `BH/C1, BH, SB`.
    #[serde(default)]
    pub tiebreaks: Option<String>,
    /// Count a forfeit loss as played when classifying byes, as Vega does.
    #[serde(default, deserialize_with = "flex_bool")]
    pub vega_forfeit_loss: bool,
    /// Where a player's points come from when the points column and the
    /// results disagree: `results` (default) or `file` (docs/fide.md,
    /// "The file's points"). Either way every disagreement is said.
    #[serde(default)]
    pub points: countback_tiebreak_fide::PointsFrom,
}

/// FIDE C.07 tie-breaks (a TRF file).
pub(crate) const ENTRY: Entry =
    Entry::new(Reads::NOTHING, options_of::<FideOptions>(), rank).not_in_event_files();

/// An event file is not a TRF file.
fn rank(_: &Ctx<'_>, _: &mut Vec<Warning>) -> Result<Ranking> {
    Err(EventError::new(Problem::wrong_kind(
        "the FIDE procedure reads a TRF file: rank the tournament's .trf",
    )))
}
