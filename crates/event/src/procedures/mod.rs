//! The procedures, one file each, and the registry: one entry per
//! procedure, giving what it reads from a file, its options and their
//! schema, and its rank function.
//!
//! Adding a procedure: its line in `procedure.rs` (its name and what
//! it ranks: the leaf the event file format uses), a file here with its
//! `ENTRY` (and its rank function, which builds its rule crate's stage and
//! calls the crate's `standings`), and its arm in `Procedure::entry`'s
//! exhaustive match below, which the compiler asks for. The page lists its
//! options from the entry.

use countback_model::lots::Draw;

use crate::error::Result;
pub use crate::procedure::Procedure;
use crate::rank::Ctx;
use crate::{Ranking, Warning};

/// The options of a WBF procedure, written once as data: each field an
/// `Option` of one of the WBF crate's readings and the `Readings` builder
/// method that sets it, from which the struct and its `readings()` are
/// made (where the text can be read two ways, which reading; docs/wbf.md
/// argues each default).
macro_rules! wbf_options {
    (
        $(#[doc = $doc:literal])+
        $name:ident {
            $($(#[doc = $fdoc:literal])+ $field:ident: $ty:ident => $with:ident,)*
        }
    ) => {
        $(#[doc = $doc])+
        #[derive(
            Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize,
            schemars::JsonSchema,
        )]
        #[serde(deny_unknown_fields)]
        #[non_exhaustive]
        pub struct $name {
            $(
                $(#[doc = $fdoc])+
                #[serde(default)]
                pub $field: Option<countback_tiebreak_wbf::$ty>,
            )*
        }

        impl $name {
            /// The readings of the text these options choose.
            #[must_use]
            pub fn readings(&self) -> countback_tiebreak_wbf::Readings {
                #[allow(unused_mut)]
                let mut r = countback_tiebreak_wbf::Readings::default();
                $(
                    if let Some(x) = self.$field {
                        r = r.$with(x);
                    }
                )*
                r
            }
        }
    };
}

pub(crate) mod ebu;
pub(crate) mod fide;
pub(crate) mod ihsa;
pub(crate) mod uscf;
pub(crate) mod wbf_bam;
pub(crate) mod wbf_knockout;
pub(crate) mod wbf_pairs;
pub(crate) mod wbf_teams;

/// What each procedure file uses.
mod prelude {
    pub(super) use std::collections::{BTreeMap, BTreeSet};

    pub(super) use countback_model::{ContestantId, Encounter, EncounterStatus, Score, Unit};

    pub(super) use super::Procedure;
    pub(super) use super::{options_of, Entry, Reads};
    pub(super) use crate::checks;
    pub(super) use crate::columns::Column;
    pub(super) use crate::convert::{self, known, match_path};
    pub(super) use crate::display::Precision;
    pub(super) use crate::error::{AtField, EventError, FieldPath, Problem, Result};
    pub(super) use crate::file::MatchStage;
    pub(super) use crate::rank::{not_used, options_path, ranking, Ctx};
    pub(super) use crate::{Ranking, Warning};
}

/// The registry: each procedure's entry, by an exhaustive match, so a
/// procedure named in [`Procedure`] cannot lack one (nor an entry be made
/// for a procedure that cannot be named).
impl Procedure {
    /// Its registry entry.
    pub(crate) fn entry(self) -> &'static Entry {
        match self {
            Procedure::Ebu => &ebu::ENTRY,
            Procedure::WbfRoundRobin => &wbf_teams::ROUND_ROBIN,
            Procedure::WbfKnockout => &wbf_knockout::ENTRY,
            Procedure::WbfSwiss => &wbf_teams::SWISS,
            Procedure::WbfPairs => &wbf_pairs::ENTRY,
            Procedure::WbfBam => &wbf_bam::ENTRY,
            Procedure::Uscf => &uscf::ENTRY,
            Procedure::Ihsa => &ihsa::ENTRY,
            Procedure::Fide => &fide::ENTRY,
        }
    }
}

/// One procedure as the event library runs it.
pub(crate) struct Entry {
    /// The parts of an event file it reads; anything else given is refused.
    pub reads: Reads,
    /// The JSON Schema of its options type.
    pub options: OptionsSchema,
    /// The event in, a whole ranking out.
    pub rank: fn(&Ctx<'_>, &mut Vec<Warning>) -> Result<Ranking>,
    /// The rule book's word for the draw that ends a tie nothing else
    /// separates, as the trace names it when lots are drawn on request.
    pub draw: Draw,
    /// Whether an event file's `[event.options]` may hold its options
    /// (not for a procedure that reads another kind of file: FIDE's TRF).
    pub in_event_files: bool,
    /// Whether a match's `match_points` are board-a-match points (WBF 5: a
    /// board gives a side 0, 1/2 or 1), checked as such.
    pub bam_points: bool,
}

/// The JSON Schema of a procedure's options type, whole (for a front end
/// that offers its fields) and as a part of the event file's schema.
#[derive(Clone, Copy)]
pub(crate) struct OptionsSchema {
    whole: fn() -> schemars::Schema,
    part: fn(&mut schemars::SchemaGenerator) -> schemars::Schema,
    name: fn() -> std::borrow::Cow<'static, str>,
}

/// The schema of the options type `T`.
pub(crate) const fn options_of<T: schemars::JsonSchema>() -> OptionsSchema {
    OptionsSchema {
        whole: whole_schema::<T>,
        part: part_schema::<T>,
        name: T::schema_name,
    }
}

fn whole_schema<T: schemars::JsonSchema>() -> schemars::Schema {
    schemars::schema_for!(T)
}

fn part_schema<T: schemars::JsonSchema>(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
    g.subschema_for::<T>()
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
        options: OptionsSchema,
        rank: fn(&Ctx<'_>, &mut Vec<Warning>) -> Result<Ranking>,
    ) -> Entry {
        Entry {
            reads,
            options,
            rank,
            draw: Draw::Lots,
            in_event_files: true,
            bam_points: false,
        }
    }

    /// The same entry, its matches' `match_points` board-a-match points.
    pub const fn bam_points(self) -> Entry {
        Entry {
            bam_points: true,
            ..self
        }
    }

    /// The same entry for a procedure that reads another kind of file: an
    /// event file cannot hold its options.
    pub const fn not_in_event_files(self) -> Entry {
        Entry {
            in_event_files: false,
            ..self
        }
    }

    /// The same entry, its rule book calling the draw `draw` (the
    /// algorithm is the same; only the trace's word differs).
    pub const fn drawn_as(self, draw: Draw) -> Entry {
        Entry { draw, ..self }
    }
}

/// The JSON Schema of `procedure`'s options, from its registry entry: what
/// a front end offers (the page's option fields), so a new procedure brings
/// its options with it.
#[must_use]
pub fn options_schema(procedure: Procedure) -> serde_json::Value {
    serde_json::to_value((procedure.entry().options.whole)()).unwrap_or_default()
}

/// The schema of the options an event file's `[event.options]` may hold:
/// one for each procedure an event file can name, in the registry's order,
/// each named with its procedure. A new procedure's options join the event
/// file's schema ([`crate::schema`]) with its entry.
pub(crate) fn event_file_options(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let each: Vec<(Procedure, std::borrow::Cow<'static, str>, schemars::Schema)> = Procedure::ALL
        .into_iter()
        .filter(|p| p.entry().in_event_files)
        .map(|p| {
            let options = p.entry().options;
            (p, (options.name)(), (options.part)(g))
        })
        .collect();
    let which: Vec<String> = each
        .iter()
        .map(|(p, name, _)| format!("{name} for `{p}`"))
        .collect();
    let each: Vec<schemars::Schema> = each.into_iter().map(|(_, _, schema)| schema).collect();
    schemars::json_schema!({
        "description": format!("The options of the event's procedure: {}.", which.join(", ")),
        "anyOf": each
    })
}
