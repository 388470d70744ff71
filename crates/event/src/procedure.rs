//! [`Procedure`]: the tie-break procedures by name, and what each ranks.
//! A leaf: the event file format names a procedure through it without
//! depending on the registry of what each procedure reads and how it ranks
//! ([`crate::procedures`], which maps every `Procedure` to its entry by an
//! exhaustive match, so a procedure still cannot be named without one).

/// The procedures, one line each — its doc, its variant, its name in files
/// and on the command line, and what it ranks (the standings' header word:
/// `team`, `pair`, `player`, or `contestant` where an event may hold
/// either).
macro_rules! procedures {
    ($($(#[doc = $doc:literal])+ $variant:ident = $name:literal, ranking $ranks:literal;)+) => {
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

            /// What it ranks, for a standings header: `team`, `pair`,
            /// `player`, or `contestant` where an event may hold either.
            #[must_use]
            pub fn ranks(self) -> &'static str {
                match self {
                    $(Procedure::$variant => $ranks,)+
                }
            }
        }
    };
}

procedures! {
    /// EBU White Book 143 split ties.
    Ebu = "ebu", ranking "contestant";
    /// WBF 1: round robin teams.
    WbfRoundRobin = "wbf-round-robin", ranking "team";
    /// WBF 2: knockout.
    WbfKnockout = "wbf-knockout", ranking "team";
    /// WBF 3: Swiss teams.
    WbfSwiss = "wbf-swiss", ranking "team";
    /// WBF 4: pairs events.
    WbfPairs = "wbf-pairs", ranking "pair";
    /// WBF 5: board-a-match teams.
    WbfBam = "wbf-bam", ranking "team";
    /// USCF: modified median, Solkoff, cumulative, opposition cumulative.
    Uscf = "uscf", ranking "player";
    /// IHSA team tie-break.
    Ihsa = "ihsa", ranking "team";
    /// FIDE C.07 tie-breaks (a TRF file).
    Fide = "fide", ranking "player";
}

impl std::fmt::Display for Procedure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Procedure {
    type Err = String;
    fn from_str(s: &str) -> Result<Procedure, String> {
        crate::display::by_name(&Procedure::ALL, Procedure::name, s)
            .map_err(|names| format!("unknown procedure {s:?}; expected one of {names}"))
    }
}
