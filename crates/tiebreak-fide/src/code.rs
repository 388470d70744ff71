//! The FIDE code syntax for tie-breaks (`BH/C1`, `SB`, `DE`, `PS`,
//! `BH:GP/M2/P` ...) and lists of them.
//!
//! A code is a name, an optional point reference after `:` (`GP` game
//! points, `MP` match points) and modifiers after `/`: `Cn` cut the `n`
//! least significant values, `Mn` cut `n` least and `n` most significant,
//! `L±n` move the Koya limit by `n` half points, `P` count forfeits as games
//! played against the scheduled opponent.

use std::fmt;
use std::str::FromStr;

use crate::error::CodeError;

/// A tie-break of C.07.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TieBreakKind {
    /// `PTS`: the points themselves (the primary score).
    Points,
    /// `DE`: direct encounter among the tied players.
    DirectEncounter,
    /// `WIN`: rounds in which the player got a win's points, played or not.
    Wins,
    /// `WON`: games won over the board.
    GamesWon,
    /// `BPG`: games played with Black.
    BlackGamesPlayed,
    /// `BWG`: games won with Black.
    BlackGamesWon,
    /// `REP`: rounds one elected to play.
    RoundsElectedToPlay,
    /// `PS`: progressive score.
    ProgressiveScore,
    /// `BH`: Buchholz.
    Buchholz,
    /// `SB`: Sonneborn-Berger.
    SonnebornBerger,
    /// `KS`: Koya.
    Koya,
    /// `ARO`: average rating of opponents.
    AverageRatingOfOpponents,
}

impl TieBreakKind {
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
            TieBreakKind::RoundsElectedToPlay => "REP",
            TieBreakKind::ProgressiveScore => "PS",
            TieBreakKind::Buchholz => "BH",
            TieBreakKind::SonnebornBerger => "SB",
            TieBreakKind::Koya => "KS",
            TieBreakKind::AverageRatingOfOpponents => "ARO",
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
            TieBreakKind::RoundsElectedToPlay => "rounds one elected to play",
            TieBreakKind::ProgressiveScore => "progressive score",
            TieBreakKind::Buchholz => "Buchholz",
            TieBreakKind::SonnebornBerger => "Sonneborn-Berger",
            TieBreakKind::Koya => "Koya",
            TieBreakKind::AverageRatingOfOpponents => "average rating of opponents",
        }
    }

    fn from_acronym(text: &str) -> Option<TieBreakKind> {
        Some(match text {
            "PTS" => TieBreakKind::Points,
            "DE" => TieBreakKind::DirectEncounter,
            "WIN" => TieBreakKind::Wins,
            "WON" => TieBreakKind::GamesWon,
            "BPG" => TieBreakKind::BlackGamesPlayed,
            "BWG" => TieBreakKind::BlackGamesWon,
            "REP" => TieBreakKind::RoundsElectedToPlay,
            "PS" => TieBreakKind::ProgressiveScore,
            "BH" => TieBreakKind::Buchholz,
            "SB" => TieBreakKind::SonnebornBerger,
            "KS" => TieBreakKind::Koya,
            "ARO" => TieBreakKind::AverageRatingOfOpponents,
            _ => return None,
        })
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
    /// `P`: forfeits count as games against the scheduled opponent.
    pub forfeits_as_played: bool,
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
            forfeits_as_played: false,
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
}

/// More than any event has rounds: a guard against absurd modifiers.
const MAX_MODIFIER: u32 = 1000;

impl FromStr for TieBreakCode {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<TieBreakCode, CodeError> {
        let fail = |reason: &str| CodeError {
            code: text.to_string(),
            reason: reason.to_string(),
        };
        let upper = text.trim().to_ascii_uppercase();
        let mut parts = upper.split('/');
        let head = parts.next().unwrap_or_default();
        let (name, reference) = match head.split_once(':') {
            Some((name, "GP")) => (name, Some(PointReference::GamePoints)),
            Some((name, "MP")) => (name, Some(PointReference::MatchPoints)),
            Some(_) => return Err(fail("the point reference must be GP or MP")),
            None => (head, None),
        };
        let kind = TieBreakKind::from_acronym(name).ok_or_else(|| fail("unknown tie-break"))?;
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
                let (sign, digits) = match n.strip_prefix('-') {
                    Some(d) => (-1, d),
                    None => (1, n.strip_prefix('+').unwrap_or(n)),
                };
                let magnitude =
                    i32::try_from(number(digits)?).map_err(|_| fail("limit out of range"))?;
                code.limit = sign * magnitude;
            } else if modifier == "P" {
                code.forfeits_as_played = true;
            } else {
                return Err(fail("unknown modifier"));
            }
        }
        let cuttable = matches!(
            kind,
            TieBreakKind::Buchholz
                | TieBreakKind::SonnebornBerger
                | TieBreakKind::ProgressiveScore
                | TieBreakKind::AverageRatingOfOpponents
        );
        if code.cut != 0 && !cuttable {
            return Err(fail("this tie-break takes no cut"));
        }
        if code.median != 0
            && !matches!(
                kind,
                TieBreakKind::Buchholz | TieBreakKind::AverageRatingOfOpponents
            )
        {
            return Err(fail("this tie-break takes no median"));
        }
        if code.limit != 0 && kind != TieBreakKind::Koya {
            return Err(fail("only Koya takes a limit"));
        }
        if code.forfeits_as_played
            && !matches!(
                kind,
                TieBreakKind::Buchholz
                    | TieBreakKind::SonnebornBerger
                    | TieBreakKind::DirectEncounter
                    | TieBreakKind::Koya
            )
        {
            return Err(fail("this tie-break takes no P modifier"));
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
        if self.limit != 0 {
            write!(f, "/L{:+}", self.limit)?;
        }
        if self.forfeits_as_played {
            f.write_str("/P")?;
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
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Cascade(pub Vec<TieBreakCode>);

impl Cascade {
    /// Parse codes one by one (as a TRF `202`/`212` record lists them).
    /// A leading `PTS` is dropped: points always come first.
    pub fn from_codes<S: AsRef<str>>(codes: &[S]) -> Result<Cascade, CodeError> {
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

impl FromStr for Cascade {
    type Err = CodeError;

    /// Codes separated by commas, semicolons or blanks.
    fn from_str(text: &str) -> Result<Cascade, CodeError> {
        let codes: Vec<&str> = text
            .split([',', ';', ' ', '\t'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        Cascade::from_codes(&codes)
    }
}

impl fmt::Display for Cascade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&texts.join(", "))
    }
}
