//! The procedures, one file each, and the registry: one line per
//! procedure, giving its name (through [`Procedure`]), what it reads from a
//! file, its options and their schema, and its rank function.
//!
//! Adding a procedure: a file here with its `ENTRY` (and its rank
//! function, which builds its rule crate's stage and calls the crate's
//! `standings`), one line in [`REGISTRY`], and its name in [`Procedure`].
//! The page and the JSON Schema list its options from the entry; a
//! procedure missing from the registry fails `every_procedure_is_registered`.

use crate::error::{EventError, Problem, Result};
use crate::file::Procedure;
use crate::rank::Ctx;
use crate::{Ranking, Warning};

mod ebu;
mod fide;
mod ihsa;
mod uscf;
mod wbf_bam;
mod wbf_knockout;
mod wbf_pairs;
mod wbf_teams;

/// What each procedure file uses.
mod prelude {
    pub(super) use std::collections::{BTreeMap, BTreeSet};

    pub(super) use countback_model::{ContestantId, Encounter, EncounterStatus, Score, Unit};

    pub(super) use super::{schema_of, Entry, Reads};
    pub(super) use crate::checks;
    pub(super) use crate::convert::{self, known, match_path};
    pub(super) use crate::error::{AtField, EventError, FieldPath, Problem, Result};
    pub(super) use crate::file::{MatchStage, Procedure};
    pub(super) use crate::options::*;
    pub(super) use crate::rank::{not_used, options_path, ranking, Ctx};
    pub(super) use crate::{Ranking, Warning};
}

/// Every procedure, one line each, in the order the documentation lists
/// them.
static REGISTRY: [Entry; 9] = [
    ebu::ENTRY,
    wbf_teams::ROUND_ROBIN,
    wbf_knockout::ENTRY,
    wbf_teams::SWISS,
    wbf_pairs::ENTRY,
    wbf_bam::ENTRY,
    uscf::ENTRY,
    ihsa::ENTRY,
    fide::ENTRY,
];

/// One procedure as the event library runs it.
pub(crate) struct Entry {
    /// Which (its name is [`Procedure::name`]).
    pub procedure: Procedure,
    /// The parts of an event file it reads; anything else given is refused.
    pub reads: Reads,
    /// The JSON Schema of its options type.
    pub options: fn() -> schemars::Schema,
    /// The event in, a whole ranking out.
    pub rank: fn(&Ctx<'_>, &mut Vec<Warning>) -> Result<Ranking>,
}

/// The parts of a file a procedure reads. Anything else given is an error:
/// a director who wrote it expected it to count.
#[derive(Debug, Clone, Copy)]
#[allow(clippy::struct_excessive_bools)]
pub(crate) struct Reads {
    pub matches: bool,
    pub byes: bool,
    pub board_scores: bool,
    pub sessions: bool,
    pub games: bool,
    pub score: bool,
    pub qualification_rank: bool,
    pub withdrew: bool,
    pub carryover: bool,
    pub match_stage: bool,
    /// VPs, and a VP scale converting IMPs to them.
    pub vps: bool,
}

impl Reads {
    /// Nothing: the base every entry adds to.
    pub const NOTHING: Reads = Reads {
        matches: false,
        byes: false,
        board_scores: false,
        sessions: false,
        games: false,
        score: false,
        qualification_rank: false,
        withdrew: false,
        carryover: false,
        match_stage: false,
        vps: false,
    };
}

/// The schema of an options type.
pub(crate) fn schema_of<T: schemars::JsonSchema>() -> schemars::Schema {
    schemars::schema_for!(T)
}

/// The registry's entry for `procedure`.
pub(crate) fn entry(procedure: Procedure) -> Result<&'static Entry> {
    REGISTRY
        .iter()
        .find(|e| e.procedure == procedure)
        .ok_or_else(|| {
            EventError::new(Problem::WrongKind {
                message: format!("the procedure {procedure} is not registered"),
            })
        })
}

/// The JSON Schema of `procedure`'s options, from its registry entry: what
/// a front end offers (the page's option fields), so a new procedure brings
/// its options with it.
#[must_use]
pub fn options_schema(procedure: Procedure) -> serde_json::Value {
    entry(procedure)
        .map(|e| serde_json::to_value((e.options)()).unwrap_or_default())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_procedure_is_registered_once() {
        for p in Procedure::ALL {
            assert_eq!(
                REGISTRY.iter().filter(|e| e.procedure == p).count(),
                1,
                "{p}"
            );
        }
        assert_eq!(REGISTRY.len(), Procedure::ALL.len());
    }
}
