//! The FIDE code syntax for tie-breaks (`BH/C1`, `SB`, `DE`, `PS`,
//! `BH:GP/M2/P` ...) and lists of them.
//!
//! A code is a name, an optional point reference after `:` (`GP` game
//! points, `MP` match points) and modifiers after `/`: `Cn` cut the `n`
//! least significant values, `Mn` cut `n` least and `n` most significant,
//! `Ln` set the Koya limit at `n` % (MTB26), `L±n` move it by `n` half
//! points, `P` count forfeits as games played against the scheduled
//! opponent.

use std::fmt;
use std::str::FromStr;

use crate::error::CodeError;

/// A tie-break of C.07 (individual tie-breaks of the mandatory list, Handbook MTB26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TieBreakKind {
    /// `PTS`: the points themselves (the primary score).
    Points,
    /// `DE`: direct encounter among the tied players (art. 6).
    DirectEncounter,
    /// `WIN`: rounds in which the player got a win's points, played or not (art. 7.1).
    Wins,
    /// `WON`: games won over the board (art. 7.2).
    GamesWon,
    /// `BPG`: games played with Black (art. 7.3).
    BlackGamesPlayed,
    /// `BWG`: games won with Black (art. 7.4).
    BlackGamesWon,
    /// `PS`: progressive score (art. 7.5).
    ProgressiveScore,
    /// `REP`: rounds one elected to play (art. 7.6).
    RoundsElectedToPlay,
    /// `STD`: standard points: 1 for each round scored above a draw, ½ for a draw's points (art. 7.7, 2026).
    StandardPoints,
    /// `TPN`: the tournament pairing number, lower first (art. 7.8, 2026).
    PairingNumber,
    /// `BH`: Buchholz (art. 8.1).
    Buchholz,
    /// `AOB`: average of the Buchholz of the opponents met over the board (art. 8.2).
    AverageOfOpponentsBuchholz,
    /// `FB`: Fore Buchholz: Buchholz with every game of the last round as a draw (art. 8.3).
    ForeBuchholz,
    /// `SB`: Sonneborn-Berger (art. 9.1).
    SonnebornBerger,
    /// `KS`: Koya (art. 9.2).
    Koya,
    /// `ARO`: average rating of opponents (art. 10.1).
    AverageRatingOfOpponents,
    /// `TPR`: tournament performance rating (art. 10.2).
    PerformanceRating,
    /// `PTP`: perfect tournament performance (art. 10.3).
    PerfectPerformance,
    /// `APRO`: average performance rating of the opponents (art. 10.4).
    AveragePerformanceOfOpponents,
    /// `APPO`: average perfect performance of the opponents (art. 10.5).
    AveragePerfectPerformanceOfOpponents,
    /// `RTNG`: the player's own rating (art. 10.6, 2026).
    Rating,
}

impl TieBreakKind {
    /// Every tie-break this crate computes, in the order of C.07.
    pub const ALL: [TieBreakKind; 21] = [
        TieBreakKind::Points,
        TieBreakKind::DirectEncounter,
        TieBreakKind::Wins,
        TieBreakKind::GamesWon,
        TieBreakKind::BlackGamesPlayed,
        TieBreakKind::BlackGamesWon,
        TieBreakKind::ProgressiveScore,
        TieBreakKind::RoundsElectedToPlay,
        TieBreakKind::StandardPoints,
        TieBreakKind::PairingNumber,
        TieBreakKind::Buchholz,
        TieBreakKind::AverageOfOpponentsBuchholz,
        TieBreakKind::ForeBuchholz,
        TieBreakKind::SonnebornBerger,
        TieBreakKind::Koya,
        TieBreakKind::AverageRatingOfOpponents,
        TieBreakKind::PerformanceRating,
        TieBreakKind::PerfectPerformance,
        TieBreakKind::AveragePerformanceOfOpponents,
        TieBreakKind::AveragePerfectPerformanceOfOpponents,
        TieBreakKind::Rating,
    ];

    /// The FIDE acronym.
    #[must_use]
    pub fn acronym(self) -> &'static str {
        match self {
            TieBreakKind::Points => "PTS",
            TieBreakKind::DirectEncounter => "DE",
            TieBreakKind::Wins => "WIN",
            TieBreakKind::GamesWon => "WON",
            TieBreakKind::BlackGamesPlayed => "BPG",
            TieBreakKind::BlackGamesWon => "BWG",
            TieBreakKind::ProgressiveScore => "PS",
            TieBreakKind::RoundsElectedToPlay => "REP",
            TieBreakKind::StandardPoints => "STD",
            TieBreakKind::PairingNumber => "TPN",
            TieBreakKind::Buchholz => "BH",
            TieBreakKind::AverageOfOpponentsBuchholz => "AOB",
            TieBreakKind::ForeBuchholz => "FB",
            TieBreakKind::SonnebornBerger => "SB",
            TieBreakKind::Koya => "KS",
            TieBreakKind::AverageRatingOfOpponents => "ARO",
            TieBreakKind::PerformanceRating => "TPR",
            TieBreakKind::PerfectPerformance => "PTP",
            TieBreakKind::AveragePerformanceOfOpponents => "APRO",
            TieBreakKind::AveragePerfectPerformanceOfOpponents => "APPO",
            TieBreakKind::Rating => "RTNG",
        }
    }

    /// The article of C.07 that defines the tie-break.
    #[must_use]
    pub fn article(self) -> &'static str {
        match self {
            TieBreakKind::Points => "1",
            TieBreakKind::DirectEncounter => "6",
            TieBreakKind::Wins => "7.1",
            TieBreakKind::GamesWon => "7.2",
            TieBreakKind::BlackGamesPlayed => "7.3",
            TieBreakKind::BlackGamesWon => "7.4",
            TieBreakKind::ProgressiveScore => "7.5",
            TieBreakKind::RoundsElectedToPlay => "7.6",
            TieBreakKind::StandardPoints => "7.7",
            TieBreakKind::PairingNumber => "7.8",
            TieBreakKind::Buchholz => "8.1",
            TieBreakKind::AverageOfOpponentsBuchholz => "8.2",
            TieBreakKind::ForeBuchholz => "8.3",
            TieBreakKind::SonnebornBerger => "9.1",
            TieBreakKind::Koya => "9.2",
            TieBreakKind::AverageRatingOfOpponents => "10.1",
            TieBreakKind::PerformanceRating => "10.2",
            TieBreakKind::PerfectPerformance => "10.3",
            TieBreakKind::AveragePerformanceOfOpponents => "10.4",
            TieBreakKind::AveragePerfectPerformanceOfOpponents => "10.5",
            TieBreakKind::Rating => "10.6",
        }
    }

    /// What the tie-break compares, in words.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            TieBreakKind::Points => "points",
            TieBreakKind::DirectEncounter => "direct encounter",
            TieBreakKind::Wins => "number of wins",
            TieBreakKind::GamesWon => "games won over the board",
            TieBreakKind::BlackGamesPlayed => "games played with Black",
            TieBreakKind::BlackGamesWon => "games won with Black",
            TieBreakKind::ProgressiveScore => "progressive score",
            TieBreakKind::RoundsElectedToPlay => "rounds one elected to play",
            TieBreakKind::StandardPoints => "standard points",
            TieBreakKind::PairingNumber => "tournament pairing number",
            TieBreakKind::Buchholz => "Buchholz",
            TieBreakKind::AverageOfOpponentsBuchholz => "average of opponents' Buchholz",
            TieBreakKind::ForeBuchholz => "Fore Buchholz",
            TieBreakKind::SonnebornBerger => "Sonneborn-Berger",
            TieBreakKind::Koya => "Koya",
            TieBreakKind::AverageRatingOfOpponents => "average rating of opponents",
            TieBreakKind::PerformanceRating => "tournament performance rating",
            TieBreakKind::PerfectPerformance => "perfect tournament performance",
            TieBreakKind::AveragePerformanceOfOpponents => {
                "average performance rating of opponents"
            }
            TieBreakKind::AveragePerfectPerformanceOfOpponents => {
                "average perfect performance of opponents"
            }
            TieBreakKind::Rating => "rating",
        }
    }

    /// Whether a lower value ranks first (only `TPN`, unless reversed).
    #[must_use]
    pub fn lower_is_better(self) -> bool {
        self == TieBreakKind::PairingNumber
    }

    /// Whether the tie-break rests on ratings (article 10, and `RTNG`): the
    /// ones that take the `/U` unrated-player rating.
    #[must_use]
    pub fn uses_ratings(self) -> bool {
        matches!(
            self,
            TieBreakKind::AverageRatingOfOpponents
                | TieBreakKind::PerformanceRating
                | TieBreakKind::PerfectPerformance
                | TieBreakKind::AveragePerformanceOfOpponents
                | TieBreakKind::AveragePerfectPerformanceOfOpponents
                | TieBreakKind::Rating
        )
    }

    fn from_acronym(text: &str) -> Option<TieBreakKind> {
        TieBreakKind::ALL.into_iter().find(|k| k.acronym() == text)
    }

    /// The acronyms this crate knows, comma-separated (for error messages).
    #[must_use]
    pub fn known_acronyms() -> String {
        TieBreakKind::ALL
            .iter()
            .map(|k| k.acronym())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The point reference after `:`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PointReference {
    /// `GP`: game points (for individual events, the only points there are).
    GamePoints,
    /// `MP`: match points (team events; not supported by the computations).
    MatchPoints,
}

/// One tie-break with its modifiers.
///
/// ```
/// use countback_tiebreak_fide::{TieBreakCode, TieBreakKind};
///
/// let code: TieBreakCode = "BH:GP/M2/P".parse()?;
/// assert_eq!(code.kind, TieBreakKind::Buchholz);
/// assert_eq!((code.cut, code.median), (0, 2));
/// assert!(code.forfeits_as_played);
/// assert_eq!(code.to_string(), "BH:GP/M2/P");
/// let aro: TieBreakCode = "ARO/C1/U1000".parse()?;
/// assert_eq!(aro.unrated, Some(1000));
/// # Ok::<(), countback_tiebreak_fide::CodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TieBreakCode {
    /// The tie-break.
    pub kind: TieBreakKind,
    /// The point reference, if written.
    pub reference: Option<PointReference>,
    /// `Cn`: how many least significant values are cut (0 for none).
    pub cut: u32,
    /// `Mn`: how many least and most significant values are cut (0 for none).
    pub median: u32,
    /// `L±n`: the Koya limit moved by this many half points.
    pub limit: i32,
    /// `Ln` (no sign, MTB26): the Koya limit set at `n` % of the maximum
    /// possible score instead of art. 9.2's 50 %.
    pub limit_percent: Option<u32>,
    /// `P`: forfeits count as games against the scheduled opponent.
    pub forfeits_as_played: bool,
    /// `F`: Fore mode (`BH/F` is Fore Buchholz; `AOB/F` averages the
    /// opponents' Fore Buchholz).
    pub fore: bool,
    /// `Un`: the rating given to unrated players in rating tie-breaks
    /// (`None`: unrated opponents are left out, an unrated player's own
    /// rating is 0).
    pub unrated: Option<u32>,
    /// `R`: reversed order (`TPN/R`: higher number first; `RTNG/R`: lower rating first).
    pub reverse: bool,
}

impl TieBreakCode {
    /// A code without modifiers.
    #[must_use]
    pub fn plain(kind: TieBreakKind) -> TieBreakCode {
        TieBreakCode {
            kind,
            reference: None,
            cut: 0,
            median: 0,
            limit: 0,
            limit_percent: None,
            forfeits_as_played: false,
            fore: false,
            unrated: None,
            reverse: false,
        }
    }

    /// The same code with `Cn`.
    #[must_use]
    pub fn with_cut(self, n: u32) -> TieBreakCode {
        TieBreakCode { cut: n, ..self }
    }

    /// The same code with `Mn`.
    #[must_use]
    pub fn with_median(self, n: u32) -> TieBreakCode {
        TieBreakCode { median: n, ..self }
    }

    /// The same code with `P`.
    #[must_use]
    pub fn with_forfeits_as_played(self) -> TieBreakCode {
        TieBreakCode {
            forfeits_as_played: true,
            ..self
        }
    }

    /// The same code with `Un`.
    #[must_use]
    pub fn with_unrated(self, rating: u32) -> TieBreakCode {
        TieBreakCode {
            unrated: Some(rating),
            ..self
        }
    }

    /// Whether the code computes a Fore Buchholz (`FB`, or `BH/F`).
    #[must_use]
    pub fn is_fore_buchholz(&self) -> bool {
        self.kind == TieBreakKind::ForeBuchholz
            || (self.kind == TieBreakKind::Buchholz && self.fore)
    }

    /// Whether a lower value ranks first: `TPN`, or `RTNG/R`.
    #[must_use]
    pub fn lower_is_better(&self) -> bool {
        self.kind.lower_is_better() != self.reverse
    }

    /// The article of C.07 the code is settled by (`8.1`, `14.1` for a cut ...).
    #[must_use]
    pub fn article(&self) -> &'static str {
        if self.cut != 0 {
            "14.1"
        } else if self.median != 0 {
            "14.3"
        } else if self.limit != 0 || self.limit_percent.is_some() {
            "14.5"
        } else {
            self.kind.article()
        }
    }
}

/// More than any event has rounds: a guard against absurd modifiers.
const MAX_MODIFIER: u32 = 1000;

/// The longest code accepted, in characters (`BH:GP/M2/P` is 10).
pub const MAX_CODE_LENGTH: usize = 40;

/// The most tie-breaks a list may hold. FIDE lists hold a handful; a
/// longer list is refused before anything is computed, so that a hostile
/// file cannot make the ranking trace grow without bound.
pub const MAX_TIE_BREAKS: usize = 32;

impl FromStr for TieBreakCode {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<TieBreakCode, CodeError> {
        let shown: String = text.chars().take(MAX_CODE_LENGTH).collect();
        let fail = |reason: &str| CodeError {
            code: shown.clone(),
            reason: reason.to_string(),
        };
        if text.chars().count() > MAX_CODE_LENGTH {
            return Err(fail(&format!("longer than {MAX_CODE_LENGTH} characters")));
        }
        let upper = text.trim().to_ascii_uppercase();
        let mut parts = upper.split('/');
        let head = parts.next().unwrap_or_default();
        let (name, reference) = match head.split_once(':') {
            Some((name, "GP")) => (name, Some(PointReference::GamePoints)),
            Some((name, "MP")) => (name, Some(PointReference::MatchPoints)),
            Some(_) => return Err(fail("the point reference must be GP or MP")),
            None => (head, None),
        };
        let kind = TieBreakKind::from_acronym(name).ok_or_else(|| {
            fail(&format!(
                "unknown tie-break; the known ones are {}",
                TieBreakKind::known_acronyms()
            ))
        })?;
        let mut code = TieBreakCode::plain(kind);
        code.reference = reference;
        let number = |digits: &str| -> Result<u32, CodeError> {
            digits
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_MODIFIER).contains(n))
                .ok_or_else(|| fail("a modifier needs a number from 1"))
        };
        for modifier in parts {
            if let Some(n) = modifier.strip_prefix('C') {
                if code.cut != 0 || code.median != 0 {
                    return Err(fail("only one cut or median modifier"));
                }
                code.cut = number(n)?;
            } else if let Some(n) = modifier.strip_prefix('M') {
                if code.cut != 0 || code.median != 0 {
                    return Err(fail("only one cut or median modifier"));
                }
                code.median = number(n)?;
            } else if let Some(n) = modifier.strip_prefix('L') {
                if code.limit != 0 || code.limit_percent.is_some() {
                    return Err(fail("only one limit modifier"));
                }
                // MTB26: `KS/L40` is a limit of 40 % of the maximum possible
                // score; a signed `L+n` / `L-n` moves art. 9.2's limit by n
                // half points (docs/fide.md, "Koya's limit").
                match (n.strip_prefix('-'), n.strip_prefix('+')) {
                    (Some(d), _) => {
                        code.limit =
                            -i32::try_from(number(d)?).map_err(|_| fail("limit out of range"))?;
                    }
                    (None, Some(d)) => {
                        code.limit =
                            i32::try_from(number(d)?).map_err(|_| fail("limit out of range"))?;
                    }
                    (None, None) => {
                        code.limit_percent = Some(
                            n.parse::<u32>()
                                .ok()
                                .filter(|p| *p <= 100)
                                .ok_or_else(|| fail("/Ln needs a percentage from 0 to 100"))?,
                        );
                    }
                }
            } else if let Some(n) = modifier.strip_prefix('U') {
                code.unrated = Some(
                    n.parse::<u32>()
                        .ok()
                        .filter(|r| *r <= 9999)
                        .ok_or_else(|| fail("/U needs a rating from 0 to 9999"))?,
                );
            } else if modifier == "P" {
                code.forfeits_as_played = true;
            } else if modifier == "F" {
                code.fore = true;
            } else if modifier == "R" {
                code.reverse = true;
            } else {
                return Err(fail(
                    "unknown modifier (known: Cn, Mn, Ln, L+n, L-n, P, F, R, Un)",
                ));
            }
        }
        use TieBreakKind as K;
        let cuttable = matches!(
            kind,
            K::Buchholz
                | K::ForeBuchholz
                | K::SonnebornBerger
                | K::ProgressiveScore
                | K::AverageRatingOfOpponents
                | K::PerformanceRating
                | K::PerfectPerformance
        );
        if code.cut != 0 && !cuttable {
            return Err(fail("this tie-break takes no cut"));
        }
        if code.median != 0
            && !matches!(
                kind,
                K::Buchholz
                    | K::ForeBuchholz
                    | K::AverageRatingOfOpponents
                    | K::PerformanceRating
                    | K::PerfectPerformance
            )
        {
            return Err(fail("this tie-break takes no median"));
        }
        if (code.limit != 0 || code.limit_percent.is_some()) && kind != K::Koya {
            return Err(fail("only Koya takes a limit"));
        }
        if code.forfeits_as_played
            && !matches!(
                kind,
                K::Buchholz
                    | K::ForeBuchholz
                    | K::AverageOfOpponentsBuchholz
                    | K::SonnebornBerger
                    | K::DirectEncounter
                    | K::Koya
            )
        {
            return Err(fail("this tie-break takes no P modifier"));
        }
        if code.fore && !matches!(kind, K::Buchholz | K::AverageOfOpponentsBuchholz) {
            return Err(fail("only BH and AOB take the F modifier"));
        }
        if code.unrated.is_some() && !kind.uses_ratings() {
            return Err(fail("only rating tie-breaks take the U modifier"));
        }
        if code.reverse && !matches!(kind, K::PairingNumber | K::Rating) {
            return Err(fail("only TPN and RTNG take the R modifier"));
        }
        Ok(code)
    }
}

impl fmt::Display for TieBreakCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.acronym())?;
        match self.reference {
            Some(PointReference::GamePoints) => f.write_str(":GP")?,
            Some(PointReference::MatchPoints) => f.write_str(":MP")?,
            None => {}
        }
        if self.cut != 0 {
            write!(f, "/C{}", self.cut)?;
        }
        if self.median != 0 {
            write!(f, "/M{}", self.median)?;
        }
        if let Some(percent) = self.limit_percent {
            write!(f, "/L{percent}")?;
        }
        if self.limit != 0 {
            write!(f, "/L{:+}", self.limit)?;
        }
        if self.forfeits_as_played {
            f.write_str("/P")?;
        }
        if self.fore {
            f.write_str("/F")?;
        }
        if let Some(r) = self.unrated {
            write!(f, "/U{r}")?;
        }
        if self.reverse {
            f.write_str("/R")?;
        }
        Ok(())
    }
}

/// An ordered list of tie-breaks, applied one after another to each group
/// still tied.
///
/// ```
/// use countback_tiebreak_fide::Cascade;
///
/// let cascade: Cascade = "BH/C1, BH, SB, DE".parse()?;
/// assert_eq!(cascade.to_string(), "BH/C1, BH, SB, DE");
/// # Ok::<(), countback_tiebreak_fide::CodeError>(())
/// ```
///
/// With the `serde` feature a list reads and writes as one string of codes
/// (`"BH/C1, BH, SB"`), read through the same parser, so a file cannot
/// bring in a list that `parse` would refuse.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
#[allow(clippy::exhaustive_structs)] // Closed: a tie-break list is its codes.
pub struct Cascade(pub Vec<TieBreakCode>);

impl TryFrom<String> for Cascade {
    type Error = CodeError;

    fn try_from(text: String) -> Result<Cascade, CodeError> {
        text.parse()
    }
}

impl From<Cascade> for String {
    fn from(cascade: Cascade) -> String {
        cascade.to_string()
    }
}

#[cfg(feature = "schemars")]
impl schemars::JsonSchema for Cascade {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "FideTieBreakList".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "FIDE tie-break codes (C.07, MTB26), separated by commas, semicolons or blanks: \"BH/C1, BH, SB\". A leading PTS is dropped.",
            "type": "string"
        })
    }
}

impl Cascade {
    /// Parse codes one by one (as a TRF `202`/`212` record lists them).
    /// A leading `PTS` is dropped: points always come first.
    /// At most [`MAX_TIE_BREAKS`] codes are accepted.
    pub fn from_codes<S: AsRef<str>>(codes: &[S]) -> Result<Cascade, CodeError> {
        if codes.len() > MAX_TIE_BREAKS + 1 {
            return Err(CodeError {
                code: format!("{} codes", codes.len()),
                reason: format!("a tie-break list holds at most {MAX_TIE_BREAKS} codes"),
            });
        }
        let mut list = Vec::new();
        for code in codes {
            let parsed: TieBreakCode = code.as_ref().parse()?;
            if !(list.is_empty() && parsed.kind == TieBreakKind::Points) {
                list.push(parsed);
            }
        }
        Ok(Cascade(list))
    }
}

/// The codes of a written list, separated by commas, semicolons or
/// blanks; at most `most` of them are split off (enough to tell a list
/// that is too long).
pub(crate) fn split_codes(text: &str, most: usize) -> Vec<&str> {
    text.split([',', ';', ' ', '\t'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .take(most)
        .collect()
}

impl FromStr for Cascade {
    type Err = CodeError;

    /// Codes separated by commas, semicolons or blanks.
    fn from_str(text: &str) -> Result<Cascade, CodeError> {
        Cascade::from_codes(&split_codes(text, MAX_TIE_BREAKS + 2))
    }
}

impl fmt::Display for Cascade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&texts.join(", "))
    }
}
