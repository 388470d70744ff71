//! The procedures, one file each, and the registry: one line per
//! procedure, giving its name (through [`Procedure`]), what it reads from a
//! file, its options and their schema, and its rank function.
//!
//! Adding a procedure: a file here with its `ENTRY` (and its rank
//! function, which builds its rule crate's stage and calls the crate's
//! `standings`), and one line in the `registry!` below, which declares
//! [`Procedure`] itself. The page lists its options from the entry.

use countback_model::lots::Draw;

use crate::error::Result;
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

    pub(super) use super::Procedure;
    pub(super) use super::{schema_of, Entry, Reads};
    pub(super) use crate::checks;
    pub(super) use crate::convert::{self, known, match_path};
    pub(super) use crate::error::{AtField, EventError, FieldPath, Problem, Result};
    pub(super) use crate::file::MatchStage;
    pub(super) use crate::options::*;
    pub(super) use crate::rank::{not_used, options_path, ranking, Ctx};
    pub(super) use crate::{Ranking, Warning};
}

/// The registry: one line per procedure — its doc, its variant, its name
/// in files and on the command line, and its entry. This declares
/// [`Procedure`] itself, so a procedure cannot be named without an entry.
macro_rules! registry {
    ($($(#[doc = $doc:literal])+ $variant:ident = $name:literal => $entry:path;)+) => {
        /// The tie-break procedures.
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize,
            schemars::JsonSchema,
        )]
        #[non_exhaustive]
        pub enum Procedure {
            $($(#[doc = $doc])+ #[serde(rename = $name)] $variant,)+
        }

        impl Procedure {
            /// Every procedure, in the order the documentation lists them.
            pub const ALL: [Procedure; [$($name),+].len()] = [$(Procedure::$variant),+];

            /// The name used in files and on the command line.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self {
                    $(Procedure::$variant => $name,)+
                }
            }

            /// Its registry entry.
            pub(crate) fn entry(self) -> &'static Entry {
                match self {
                    $(Procedure::$variant => &$entry,)+
                }
            }
        }
    };
}

registry! {
    /// EBU White Book 143 split ties.
    Ebu = "ebu" => ebu::ENTRY;
    /// WBF 1: round robin teams.
    WbfRoundRobin = "wbf-round-robin" => wbf_teams::ROUND_ROBIN;
    /// WBF 2: knockout.
    WbfKnockout = "wbf-knockout" => wbf_knockout::ENTRY;
    /// WBF 3: Swiss teams.
    WbfSwiss = "wbf-swiss" => wbf_teams::SWISS;
    /// WBF 4: pairs events.
    WbfPairs = "wbf-pairs" => wbf_pairs::ENTRY;
    /// WBF 5: board-a-match teams.
    WbfBam = "wbf-bam" => wbf_bam::ENTRY;
    /// USCF: modified median, Solkoff, cumulative, opposition cumulative.
    Uscf = "uscf" => uscf::ENTRY;
    /// IHSA team tie-break.
    Ihsa = "ihsa" => ihsa::ENTRY;
    /// FIDE C.07 tie-breaks (a TRF file).
    Fide = "fide" => fide::ENTRY;
}

impl std::fmt::Display for Procedure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Procedure {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<Procedure, String> {
        crate::display::by_name(&Procedure::ALL, Procedure::name, s)
            .map_err(|names| format!("unknown procedure {s:?}; expected one of {names}"))
    }
}

/// One procedure as the event library runs it.
pub(crate) struct Entry {
    /// The parts of an event file it reads; anything else given is refused.
    pub reads: Reads,
    /// The JSON Schema of its options type.
    pub options: fn() -> schemars::Schema,
    /// The event in, a whole ranking out.
    pub rank: fn(&Ctx<'_>, &mut Vec<Warning>) -> Result<Ranking>,
    /// The rule book's word for the draw that ends a tie nothing else
    /// separates, as the trace names it when lots are drawn on request.
    pub draw: Draw,
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
    /// A match's `weight` other than 1: part-matches (a triangle's halves).
    pub part_matches: bool,
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
        part_matches: false,
    };
}

impl Reads {
    /// Reads `matches` too.
    pub const fn matches(mut self) -> Reads {
        self.matches = true;
        self
    }

    /// Reads `byes` too.
    pub const fn byes(mut self) -> Reads {
        self.byes = true;
        self
    }

    /// Reads `board_scores` too.
    pub const fn board_scores(mut self) -> Reads {
        self.board_scores = true;
        self
    }

    /// Reads `sessions` too.
    pub const fn sessions(mut self) -> Reads {
        self.sessions = true;
        self
    }

    /// Reads `games` too.
    pub const fn games(mut self) -> Reads {
        self.games = true;
        self
    }

    /// Reads `score` too.
    pub const fn score(mut self) -> Reads {
        self.score = true;
        self
    }

    /// Reads `qualification_rank` too.
    pub const fn qualification_rank(mut self) -> Reads {
        self.qualification_rank = true;
        self
    }

    /// Reads `withdrew` too.
    pub const fn withdrew(mut self) -> Reads {
        self.withdrew = true;
        self
    }

    /// Reads `carryover` too.
    pub const fn carryover(mut self) -> Reads {
        self.carryover = true;
        self
    }

    /// Reads `match_stage` too.
    pub const fn match_stage(mut self) -> Reads {
        self.match_stage = true;
        self
    }

    /// Reads `vps` too.
    pub const fn vps(mut self) -> Reads {
        self.vps = true;
        self
    }

    /// Reads a match's `weight` too (part-matches).
    pub const fn part_matches(mut self) -> Reads {
        self.part_matches = true;
        self
    }
}

impl Entry {
    /// An entry: what the procedure reads, its options' schema, its rank
    /// function.
    pub const fn new(
        reads: Reads,
        options: fn() -> schemars::Schema,
        rank: fn(&Ctx<'_>, &mut Vec<Warning>) -> Result<Ranking>,
    ) -> Entry {
        Entry {
            reads,
            options,
            rank,
            draw: Draw::Lots,
        }
    }

    /// The same entry, its rule book calling the draw `draw` (the
    /// algorithm is the same; only the trace's word differs).
    pub const fn drawn_as(self, draw: Draw) -> Entry {
        Entry { draw, ..self }
    }
}

/// The schema of an options type.
pub(crate) fn schema_of<T: schemars::JsonSchema>() -> schemars::Schema {
    schemars::schema_for!(T)
}

/// The JSON Schema of `procedure`'s options, from its registry entry: what
/// a front end offers (the page's option fields), so a new procedure brings
/// its options with it.
#[must_use]
pub fn options_schema(procedure: Procedure) -> serde_json::Value {
    serde_json::to_value((procedure.entry().options)()).unwrap_or_default()
}
