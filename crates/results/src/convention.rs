//! Named scoring conventions: the set of choices one scoring program (or
//! one rule book) makes where the Laws leave the scorer a choice.
//!
//! Each is described, with where it was learned, in `docs/conventions.md`.
//! A results file's writer (`PROGRAM_NAME`, PBN `Generator`) picks one
//! ([`Convention::from_writer`]); a caller may override it.

use std::fmt;
use std::str::FromStr;

use countback_matchpoints::Scale;
use countback_model::{HalfRule, RoundingMode, Score};
use countback_normalise::{Factoring, RoundingPolicy};

use crate::session::Session;

/// A scoring program's (or rule book's) conventions, by name.
///
/// Read by serde under the names of [`Convention::name`]. Its schema (the
/// `schemars` feature) lists those names with [`Convention::summary`], under
/// the name the event file's schema has always given it, `ConventionName`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Convention {
    /// The EBU Laws & Ethics letter on fouled boards (`001_…`): Neuberg,
    /// factored match points rounded to 0.1 (an exact 0.05 toward the
    /// average).
    EbuLetter,
    /// The EBU White Book 2025 as the EBU's articles on Neuberg describe
    /// it: Neuberg, exact (EBUScore's own files round; see
    /// [`Convention::EbuScore`]).
    // snake_case alone would give `ebu_white_book2025`: the name is
    // `ebu_white_book_2025` everywhere (docs, `Convention::name`).
    #[cfg_attr(feature = "serde", serde(rename = "ebu_white_book_2025"))]
    EbuWhiteBook2025,
    /// ACBL (ACBLscore): 1 per result beaten, ½ per tie; Neuberg.
    Acbl,
    /// Compscore (ABF): Neuberg, displays rounded half to even.
    Compscore,
    /// NZ Bridge Scorer: Neuberg on short boards, adjusted tables as ties in
    /// the totals, traveller lines truncated to 0.1, handicap % added.
    NzScorer,
    /// ScoreBridge's default ("Simple"): each missing result is a tie.
    ScoreBridge,
    /// KoPS: Neuberg, factored match points rounded to 0.01.
    Kops,
    /// Magic Contest: Neuberg; a Butler sit-out scores its own average
    /// (totals scaled to the boards of the session).
    MagicContest,
    /// BBO: a short board or a board with average lines scored as a plain
    /// percentage among its real results.
    Bbo,
    /// EBUScore (the EBU's club program) as its files show it: Neuberg,
    /// each factored line rounded to 0.01 (half up) before the totals.
    #[cfg_attr(feature = "serde", serde(rename = "ebuscore"))]
    EbuScore,
    /// Pianola (the EBU's results service) as its files show it: Neuberg,
    /// exact; a Butler or cross-IMP pair that missed boards scores its own
    /// average on them (total × most played in the field / played).
    Pianola,
    /// Ruter i Norge (Brenning), the Nordic club program: Magic Contest's
    /// choices, named for the program that wrote the file. What its files
    /// state of their figures (`MatchPoints;MP1`, `IMP;Butler-2;Mean` …)
    /// is the file's rule (`FileRule`), on top of these.
    Ruter,
}

/// Every convention, in documentation order.
pub const ALL_CONVENTIONS: [Convention; 12] = [
    Convention::EbuLetter,
    Convention::EbuWhiteBook2025,
    Convention::Acbl,
    Convention::Compscore,
    Convention::NzScorer,
    Convention::ScoreBridge,
    Convention::Kops,
    Convention::MagicContest,
    Convention::Bbo,
    Convention::EbuScore,
    Convention::Pianola,
    Convention::Ruter,
];

#[cfg(feature = "schemars")]
impl schemars::JsonSchema for Convention {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ConventionName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<schemars::Schema> = ALL_CONVENTIONS
            .iter()
            .map(|c| {
                schemars::json_schema!({
                    "const": c.name(),
                    "description": c.summary(),
                    "type": "string"
                })
            })
            .collect();
        schemars::json_schema!({
            "description": "A named scoring convention: the set of choices one scoring program\nmakes (see `docs/conventions.md`).",
            "oneOf": names
        })
    }
}

/// How a program prints an exact figure at the precision of its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Display {
    /// Nearest, an exact half away from zero.
    HalfUp,
    /// Nearest, an exact half to the even digit.
    HalfEven,
    /// Toward zero (truncated).
    Truncate,
}

impl Display {
    /// The rounding mode.
    #[must_use]
    pub fn mode(self) -> RoundingMode {
        match self {
            Display::HalfUp => RoundingMode::Nearest(HalfRule::AwayFromZero),
            Display::HalfEven => RoundingMode::Nearest(HalfRule::Even),
            Display::Truncate => RoundingMode::TowardZero,
        }
    }
}

/// What a Butler or cross-IMP pair that missed boards scores for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ImpSitOut {
    /// Nothing: the total is the sum of the boards played.
    Nothing,
    /// Its own average: the total is scaled by (most boards played in the
    /// field / boards played).
    OwnAverage,
    /// Its own average over the whole session: the total is scaled by
    /// (boards of the session / boards played), even where no pair played
    /// them all (Magic Contest: ×28/24 where every pair sat out a round).
    BoardsOfSession,
}

/// A short board with one, two or three results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SmallBoards {
    /// Factored like any short board.
    Factored,
    /// ACBLscore's fixed awards (its manual, "Fouled/Adjusted board
    /// formula"): one result 60 % of the top each way; two, 65 % and 55 %;
    /// three, 70 %, 60 % and 50 %; equal results share their awards.
    AcblAwards,
    /// Only a board of two results gets fixed awards, 65 % and 55 % (as
    /// ACBLscore's); one or three results are factored (Ruter, as its
    /// real file shows for two).
    TwoResultsAwarded,
}

/// Which pairs a pair that missed boards is factored up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum FactorTo {
    /// The most boards played in its own field (its direction, in a
    /// Mitchell).
    Field,
    /// The most boards played in its section, either direction (ACBLscore).
    Section,
}

/// What an artificial score of average plus (60 % of the top) gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum AveragePlus {
    /// 60 % of the top, as the file states it.
    Fixed,
    /// 60 %, or the pair's percentage on its other boards of the session if
    /// that is higher (Law 12C2 as the WBF Laws Committee defined average
    /// plus, 1998; ACBLscore prints it so).
    SessionIfBetter,
}

/// The choices a convention makes, each a typed value.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Choices {
    /// The matchpoint scale.
    pub scale: Scale,
    /// A board with fewer real results than the field's largest, and no
    /// artificial scores.
    pub short_boards: Factoring,
    /// The real results of a board that has artificial (adjusted) scores,
    /// as the totals count them.
    pub artificial_boards: Factoring,
    /// The same as the travellers print them (NZ Scorer prints Neuberg but
    /// adds up ties).
    pub artificial_boards_printed: Factoring,
    /// Rounding of each factored line before it is added up.
    pub factored_rounding: RoundingPolicy,
    /// How traveller lines are printed.
    pub line_display: Display,
    /// How totals are printed.
    pub total_display: Display,
    /// How percentages are printed.
    pub percentage_display: Display,
    /// Butler and cross-IMP pairs who missed boards.
    pub imp_sit_out: ImpSitOut,
    /// Whether a pair's handicap is added to its percentage (half of it:
    /// the printed percentage is raw % + handicap / 2).
    pub handicap_half: bool,
    /// A short board with one to three results.
    pub small_boards: SmallBoards,
    /// Match-point totals of a pair that missed boards: factored up to the
    /// most played in its field or in its section.
    pub factor_to: FactorTo,
    /// Whether the percentage is taken from the total rounded to 0.01
    /// (.005 up) as printed, rather than from the exact total.
    pub percentage_of_rounded_total: bool,
    /// Average plus (an artificial 60 %): fixed, or the pair's own
    /// percentage when better.
    pub average_plus: AveragePlus,
}

/// The writers known here: the words (lower case) a writer's name
/// contains, tried in this order, and its convention.
const WRITERS: [(&[&str], Convention); 10] = [
    (&["compscore"], Convention::Compscore),
    (&["scorebridge", "score bridge"], Convention::ScoreBridge),
    (&["kops"], Convention::Kops),
    (&["magic contest"], Convention::MagicContest),
    (&["ruter"], Convention::Ruter),
    (&["bridge base", "bbo"], Convention::Bbo),
    (&["acblscore", "acbl"], Convention::Acbl),
    (&["ebuscore"], Convention::EbuScore),
    (&["pianola"], Convention::Pianola),
    (&["nz bridge", "nzb scorer"], Convention::NzScorer),
];

impl Choices {
    /// These choices with each board with artificial scores factored as
    /// the program prints it on a traveller
    /// ([`Choices::artificial_boards_printed`]), where that differs from
    /// what its totals add: the lines a traveller shows.
    #[must_use]
    pub fn as_printed(&self) -> Choices {
        Choices {
            artificial_boards: self.artificial_boards_printed,
            ..self.clone()
        }
    }

    /// These choices with every board a result is missing from (short, or
    /// with artificial scores, as totalled and as printed) factored by `f`.
    fn every_board_factored(self, f: Factoring) -> Choices {
        Choices {
            short_boards: f,
            artificial_boards: f,
            artificial_boards_printed: f,
            ..self
        }
    }

    /// These choices with lines, totals and percentages all printed by `d`.
    fn every_figure_shown(self, d: Display) -> Choices {
        Choices {
            line_display: d,
            total_display: d,
            percentage_display: d,
            ..self
        }
    }
}

impl Convention {
    /// The name used in event files and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Convention::EbuLetter => "ebu_letter",
            Convention::EbuWhiteBook2025 => "ebu_white_book_2025",
            Convention::Acbl => "acbl",
            Convention::Compscore => "compscore",
            Convention::NzScorer => "nz_scorer",
            Convention::ScoreBridge => "score_bridge",
            Convention::Kops => "kops",
            Convention::MagicContest => "magic_contest",
            Convention::Bbo => "bbo",
            Convention::EbuScore => "ebuscore",
            Convention::Pianola => "pianola",
            Convention::Ruter => "ruter",
        }
    }

    /// What the convention does, in a line (an option's help, the event
    /// file's schema).
    #[must_use]
    pub fn summary(self) -> &'static str {
        match self {
            Convention::EbuLetter => {
                "The EBU letter on fouled boards: Neuberg, 0.1 toward the average."
            }
            Convention::EbuWhiteBook2025 => "EBU White Book 2025: Neuberg, exact.",
            Convention::Acbl => "ACBL (ACBLscore): 1 per result beaten, factored lines to 0.01, fixed awards for 1-3 results.",
            Convention::Compscore => "Compscore: Neuberg, displays half to even.",
            Convention::NzScorer => "NZ Scorer.",
            Convention::ScoreBridge => "ScoreBridge \"Simple\": each missing result a tie.",
            Convention::Kops => "KoPS: Neuberg, factored match points to 0.01.",
            Convention::MagicContest => "Magic Contest.",
            Convention::Ruter => {
                "Ruter: Magic Contest's choices; the file states its figures' rule."
            }
            Convention::Bbo => "BBO: short boards as a plain percentage.",
            Convention::EbuScore => "EBUScore: Neuberg, factored match points to 0.01.",
            Convention::Pianola => {
                "Pianola: Neuberg; an IMP pair's missed boards at its own average."
            }
        }
    }

    /// The choices this convention makes.
    #[must_use]
    pub fn choices(self) -> Choices {
        let base = Choices {
            scale: Scale::TwoPerBeat,
            short_boards: Factoring::Neuberg,
            artificial_boards: Factoring::Neuberg,
            artificial_boards_printed: Factoring::Neuberg,
            factored_rounding: RoundingPolicy::Exact,
            line_display: Display::HalfUp,
            total_display: Display::HalfUp,
            percentage_display: Display::HalfUp,
            imp_sit_out: ImpSitOut::Nothing,
            handicap_half: false,
            small_boards: SmallBoards::Factored,
            factor_to: FactorTo::Field,
            percentage_of_rounded_total: false,
            average_plus: AveragePlus::Fixed,
        };
        match self {
            Convention::EbuLetter => Choices {
                factored_rounding: RoundingPolicy::EbuTenthTowardAverage,
                ..base
            },
            Convention::EbuWhiteBook2025 => base,
            // ACBLscore (issue 41): its manual's fouled/adjusted board
            // formula, scores "rounded to the nearest hundredth, .005 is
            // rounded up", its fixed awards for groups of one to three;
            // a pair that missed boards factored to the section's most
            // played; percentages of the printed (rounded) total.
            Convention::Acbl => Choices {
                scale: Scale::OnePerBeat,
                factored_rounding: RoundingPolicy::HundredthHalfUp,
                small_boards: SmallBoards::AcblAwards,
                factor_to: FactorTo::Section,
                percentage_of_rounded_total: true,
                average_plus: AveragePlus::SessionIfBetter,
                ..base
            },
            Convention::Compscore => base.every_figure_shown(Display::HalfEven),
            Convention::NzScorer => Choices {
                artificial_boards: Factoring::TiesForMissing,
                line_display: Display::Truncate,
                total_display: Display::Truncate,
                handicap_half: true,
                ..base
            },
            Convention::ScoreBridge => base.every_board_factored(Factoring::TiesForMissing),
            Convention::Kops => Choices {
                factored_rounding: RoundingPolicy::HundredthHalfUp,
                ..base
            },
            Convention::MagicContest => Choices {
                imp_sit_out: ImpSitOut::BoardsOfSession,
                ..base
            },
            // Ruter gives a board of two real results 65 % and 55 % of
            // the top (the real pairs.pbn, board 37: beside A+ and A−, its
            // two results are stored 0.9/0.3 and 0.3/0.9 on MP1, 65/55 %):
            // ACBLscore's fixed award for two; one result is Neuberg's
            // (the Ruter Howell of crates/pbn/tests/real_programs.rs).
            Convention::Ruter => Choices {
                imp_sit_out: ImpSitOut::BoardsOfSession,
                small_boards: SmallBoards::TwoResultsAwarded,
                ..base
            },
            Convention::Bbo => base.every_board_factored(Factoring::Proportional),
            Convention::EbuScore => Choices {
                factored_rounding: RoundingPolicy::HundredthHalfUp,
                ..base
            },
            Convention::Pianola => Choices {
                imp_sit_out: ImpSitOut::OwnAverage,
                ..base
            },
        }
    }

    /// The convention of a program that writes results files, recognised
    /// by its name as the file gives it (`PROGRAM_NAME`, PBN `Generator`):
    /// `None` for a writer not known here.
    #[must_use]
    pub fn from_writer(writer: &str) -> Option<Convention> {
        let w = writer.to_ascii_lowercase();
        // A file that says which convention made its figures (countback's
        // USEBIO writes `(convention NAME)` in PROGRAM_VERSION) is read by
        // it, whoever wrote it.
        if let Some(named) = w
            .split("(convention ")
            .nth(1)
            .and_then(|rest| rest.split(')').next())
            .and_then(|name| name.trim().parse().ok())
        {
            return Some(named);
        }
        WRITERS
            .iter()
            .find(|(words, _)| words.iter().any(|s| w.contains(s)))
            .map(|(_, c)| *c)
    }

    /// The convention of the program that wrote `session`, by the writer's
    /// name its reader gives ([`Session::program`]: an NZ Scorer file's
    /// reader names `NZ Bridge Scorer`, whose format says who wrote it).
    #[must_use]
    pub fn of_session(session: &Session) -> Option<Convention> {
        session.program.as_deref().and_then(Convention::from_writer)
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A convention name that is not one of [`ALL_CONVENTIONS`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown scoring convention {found:?}; known: {}", known_names())]
#[non_exhaustive]
pub struct UnknownConvention {
    /// The name as given.
    pub found: String,
}

fn known_names() -> String {
    ALL_CONVENTIONS
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ")
}

impl FromStr for Convention {
    type Err = UnknownConvention;

    /// A name as [`Convention::name`] gives it; `-` and `_` are the same.
    fn from_str(s: &str) -> Result<Convention, UnknownConvention> {
        let n = s.trim().to_ascii_lowercase().replace('-', "_");
        if n == "scorebridge" {
            return Ok(Convention::ScoreBridge);
        }
        ALL_CONVENTIONS
            .into_iter()
            .find(|c| c.name() == n)
            .ok_or_else(|| UnknownConvention {
                found: s.chars().take(64).collect(),
            })
    }
}

/// Where the convention an audit or rescore used came from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "from"))]
#[non_exhaustive]
pub enum ConventionSource {
    /// Recognised from the file's writer.
    Writer {
        /// The writer as the file names it.
        writer: String,
    },
    /// Chosen by the caller (an event file or the command line).
    Chosen,
    /// The writer is not known, but what the file holds shows the country
    /// whose convention it is (an ACBL club's member numbers).
    Inferred {
        /// What was seen, in words ("40 of 40 member numbers have the
        /// ACBL's form …").
        evidence: String,
    },
    /// The writer is not known (or not named): the default,
    /// [`Convention::EbuWhiteBook2025`].
    Default {
        /// The writer as the file names it, if it does.
        writer: Option<String>,
    },
}

impl fmt::Display for ConventionSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConventionSource::Writer { writer } => write!(f, "from the file's writer {writer:?}"),
            ConventionSource::Chosen => f.write_str("chosen"),
            ConventionSource::Inferred { evidence } => write!(f, "inferred: {evidence}"),
            ConventionSource::Default { writer: Some(w) } => {
                write!(f, "the default: the writer {w:?} is not a known program")
            }
            ConventionSource::Default { writer: None } => {
                f.write_str("the default: the file does not name its writer")
            }
        }
    }
}

/// The convention to score `session` by: `chosen` if given, else the
/// writer's, else the default ([`Convention::EbuWhiteBook2025`]).
#[must_use]
pub fn resolve(session: &Session, chosen: Option<Convention>) -> (Convention, ConventionSource) {
    if let Some(c) = chosen {
        return (c, ConventionSource::Chosen);
    }
    let writer = session.program.clone();
    match Convention::of_session(session) {
        Some(c) => (
            c,
            ConventionSource::Writer {
                writer: writer.unwrap_or_default(),
            },
        ),
        None => match acbl_members(session) {
            Some(evidence) => (Convention::Acbl, ConventionSource::Inferred { evidence }),
            None => (
                Convention::EbuWhiteBook2025,
                ConventionSource::Default { writer },
            ),
        },
    }
}

/// An ACBL player number: "ACBL assigns a seven-digit player number to each
/// member … When a player reaches Life Master status, this is indicated by
/// a change in the player number by the substitution of a letter for the
/// first digit, alphabetically from J for 1 to R for 9" (ACBL Handbook,
/// I, "The Player Number").
fn is_acbl_number(id: &str) -> bool {
    let mut chars = id.chars();
    let first = chars.next();
    let rest: Vec<char> = chars.collect();
    first.is_some_and(|c| c.is_ascii_digit() || ('J'..='R').contains(&c.to_ascii_uppercase()))
        && rest.len() == 6
        && rest.iter().all(char::is_ascii_digit)
}

/// The fewest member numbers that can show a club's country: one or two
/// seven-digit numbers could be any federation's.
const FEWEST_MEMBER_NUMBERS: usize = 8;

/// Why the session is an ACBL club's, if it is: every member number it
/// gives (at least [`FEWEST_MEMBER_NUMBERS`]) is an ACBL player number.
/// The EBU's numbers (the UK files here: six digits), the ABF's and the
/// NBF's are shorter; one number of another form and the default stands.
fn acbl_members(session: &Session) -> Option<String> {
    let ids: Vec<&str> = session
        .participants
        .iter()
        .flat_map(|p| p.member_ids.iter().flatten())
        .map(|id| id.trim())
        .filter(|id| !id.is_empty())
        .collect();
    let acbl = ids.iter().filter(|id| is_acbl_number(id)).count();
    let lettered = ids
        .iter()
        .filter(|id| id.starts_with(|c: char| c.is_ascii_alphabetic()))
        .count();
    (ids.len() >= FEWEST_MEMBER_NUMBERS && acbl == ids.len()).then(|| {
        format!(
            "{acbl} of {} member numbers have the ACBL's form (seven digits, a Life Master's first \
             digit a letter J to R: ACBL Handbook I; {lettered} with the letter), so an ACBL club's \
             session, scored as ACBLscore scores it",
            ids.len()
        )
    })
}

/// `value` printed to `places` decimals as `display` does it, as an exact
/// value.
pub(crate) fn displayed(value: &Score, places: u32, display: Display) -> Option<Score> {
    let text = value.to_decimal(places, &display.mode()).ok()?;
    Score::parse(&text).ok()
}
