//! FIDE C.07: a TRF file, ranked by `rank_trf`; an event file names it
//! only to be told so.

use super::prelude::*;

/// FIDE C.07 tie-breaks (a TRF file).
pub(crate) const ENTRY: Entry =
    Entry::new(Reads::NOTHING, options_of::<FideOptions>(), rank).not_in_event_files();

/// An event file is not a TRF file.
fn rank(_: &Ctx<'_>, _: &mut Vec<Warning>) -> Result<Ranking> {
    Err(EventError::new(Problem::wrong_kind(
        "the FIDE procedure reads a TRF file: rank the tournament's .trf",
    )))
}
