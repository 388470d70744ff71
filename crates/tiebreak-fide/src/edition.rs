//! Which text of the regulations applies, and the options that depart from it.

use std::fmt;

/// A calendar date (as TRF record `042` gives it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(clippy::exhaustive_structs)] // Closed: a calendar date is a year, a month and a day.
pub struct Date {
    /// The year.
    pub year: u16,
    /// The month, 1-12.
    pub month: u8,
    /// The day, 1-31.
    pub day: u8,
}

impl Date {
    /// A date, if the month and day are in range.
    #[must_use]
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        ((1..=12).contains(&month) && (1..=31).contains(&day)).then_some(Date { year, month, day })
    }

    /// Parse a date as TRF writers give it: year first (`YYYY/MM/DD`,
    /// `YYYY-MM-DD`, `YYYY.MM.DD`) or day first (`DD.MM.YYYY`,
    /// `DD/MM/YYYY`, `DD-MM-YYYY`), told apart by which end has four
    /// digits; a two-digit year first (`YY/MM/DD`, TRF-16) means 20YY.
    /// A time of day after a blank is ignored. Two more spellings of real
    /// files: `28. 07. 2005` (blanks after the dots: FIDE's published
    /// example TRF, Swiss-Manager's German layout) and `May 29, 2020` (an
    /// English month name: lichess.org's Swiss export). `None` when it is
    /// not a date.
    ///
    /// ```
    /// use countback_tiebreak_fide::Date;
    ///
    /// let d = Date::new(2026, 3, 1);
    /// assert_eq!(Date::parse_trf("2026/03/01"), d);
    /// assert_eq!(Date::parse_trf("01.03.2026"), d);
    /// assert_eq!(Date::parse_trf("01/03/2026"), d);
    /// assert_eq!(Date::parse_trf("26/03/01"), d);
    /// assert_eq!(Date::parse_trf("2026-03-01 10:00"), d);
    /// assert_eq!(Date::parse_trf("28. 07. 2005"), Date::new(2005, 7, 28));
    /// assert_eq!(Date::parse_trf("May 29, 2020"), Date::new(2020, 5, 29));
    /// assert_eq!(Date::parse_trf("March 2026"), None);
    /// ```
    #[must_use]
    pub fn parse_trf(text: &str) -> Option<Date> {
        if let Some(date) = Date::month_named(text) {
            return Some(date);
        }
        // `28. 07. 2005`: the blanks after the dots belong to the date.
        let joined = text.trim().replace(". ", ".");
        let date = joined.split_whitespace().next()?;
        let parts: Vec<&str> = date.split(['/', '-', '.']).collect();
        let [a, b, c] = parts.as_slice() else {
            return None;
        };
        if ![a, b, c]
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 4 && p.chars().all(|ch| ch.is_ascii_digit()))
        {
            return None;
        }
        let (year, month, day) = match (a.len(), c.len()) {
            (4, 1 | 2) => (a.parse::<u16>().ok()?, b, c),
            (1 | 2, 4) => (c.parse::<u16>().ok()?, b, a),
            (2, 2) => (2000 + a.parse::<u16>().ok()?, b, c),
            _ => return None,
        };
        Date::new(year, month.parse().ok()?, day.parse().ok()?)
    }
}

impl Date {
    /// `May 29, 2020` and `Jun 26, 2020`: an English month name or its
    /// first three letters, the day, a comma, the year.
    fn month_named(text: &str) -> Option<Date> {
        const MONTHS: [&str; 12] = [
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        ];
        let mut words = text.split_whitespace();
        let month = words.next()?.to_ascii_lowercase();
        let day = words.next()?.strip_suffix(',')?;
        let year = words.next()?;
        if month.len() < 3 || !month.chars().all(|c| c.is_ascii_alphabetic()) {
            return None;
        }
        let first = month.get(..3)?;
        let at = MONTHS.iter().position(|m| *m == first)?;
        let month = u8::try_from(at + 1).ok()?;
        if year.len() != 4 {
            return None;
        }
        Date::new(year.parse().ok()?, month, day.parse().ok()?)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The text of FIDE Handbook C.07 a computation follows.
///
/// With the `serde` feature it reads and writes as `"2024"` or `"2026"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum Edition {
    /// The text applied from 1 August 2024 (its article 16 on unplayed
    /// rounds is that of the 2023 text the FIDE exercise was written for):
    /// the dummy opponent of an unplayed round scores the player's own
    /// final score.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "2024"))]
    Aug2024,
    /// The text applied from 1 March 2026: the dummy's score is capped
    /// (art. 16.4).
    #[cfg_attr(feature = "serde", serde(rename = "2026"))]
    Mar2026,
}

/// Which edition to apply: a fixed one, or the one in force on the
/// tournament's start date ([`Edition::for_date`]).
///
/// With the `serde` feature it reads and writes as `"by_start_date"`,
/// `"2024"` or `"2026"`.
///
/// ```
/// use countback_tiebreak_fide::{trf, Edition, EditionChoice};
///
/// let t = trf::parse("042 2025/06/01\n")?;
/// assert_eq!(EditionChoice::ByStartDate.resolve(&t).edition(), Edition::Aug2024);
/// assert_eq!(EditionChoice::Mar2026.resolve(&t).edition(), Edition::Mar2026);
/// # Ok::<(), countback_tiebreak_fide::TrfError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum EditionChoice {
    /// By the tournament's start date (the March 2026 text from
    /// 2026-03-01); without a readable date, the text in force now (2026),
    /// as FIDE's reference engine takes it.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "by_start_date"))]
    ByStartDate,
    /// The August 2024 text.
    #[cfg_attr(feature = "serde", serde(rename = "2024"))]
    Aug2024,
    /// The March 2026 text.
    #[cfg_attr(feature = "serde", serde(rename = "2026"))]
    Mar2026,
}

impl EditionChoice {
    /// The literal-text options this choice gives for `tournament`.
    #[must_use]
    pub fn resolve(self, tournament: &crate::trf::Tournament) -> Options {
        match self {
            EditionChoice::ByStartDate => Options::for_tournament(tournament),
            EditionChoice::Aug2024 => Options::new(Edition::Aug2024),
            EditionChoice::Mar2026 => Options::new(Edition::Mar2026),
        }
    }
}

impl Edition {
    /// The first day the March 2026 text applies.
    pub const MARCH_2026_FROM: Date = Date {
        year: 2026,
        month: 3,
        day: 1,
    };

    /// The edition in force for a tournament starting on `start`.
    ///
    /// Tournaments that started before 1 March 2026 get the 2024 text
    /// (earlier texts, such as the 2009 virtual opponent, are not
    /// implemented).
    #[must_use]
    pub fn for_start_date(start: Date) -> Edition {
        if start >= Edition::MARCH_2026_FROM {
            Edition::Mar2026
        } else {
            Edition::Aug2024
        }
    }

    /// The edition in force for a tournament whose start date is
    /// `start`; without a date, the text in force now (the March 2026
    /// text), as FIDE's reference engine does: a file that does not say
    /// when it started cannot be placed before the change, and the rules
    /// in force are the ones an arbiter applies today.
    ///
    /// ```
    /// use countback_tiebreak_fide::{Date, Edition};
    ///
    /// assert_eq!(Edition::for_date(None), Edition::Mar2026);
    /// assert_eq!(Edition::for_date(Date::new(2025, 12, 31)), Edition::Aug2024);
    /// ```
    #[must_use]
    pub fn for_date(start: Option<Date>) -> Edition {
        start.map_or(Edition::CURRENT, Edition::for_start_date)
    }

    /// The text in force now: what a tournament without a start date gets.
    pub const CURRENT: Edition = Edition::Mar2026;

    /// How the edition is cited in clauses.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Edition::Aug2024 => "2024",
            Edition::Mar2026 => "2026",
        }
    }
}

/// How to compute: the edition and any deliberate departures from its text.
///
/// ```
/// use countback_tiebreak_fide::{Edition, Options};
///
/// let literal = Options::new(Edition::Aug2024);
/// let like_vega = literal.forfeit_loss_counts_as_played_when_classifying_byes(true);
/// assert!(!literal.vega_forfeit_loss_rule());
/// assert!(like_vega.vega_forfeit_loss_rule());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Options {
    edition: Edition,
    forfeit_loss_counts_as_played: bool,
    format: Option<Format>,
    points: PointsFrom,
}

/// Which figure is a player's points when the file's points column
/// (81-84) and the results disagree (docs/fide.md, "The file's points").
///
/// With the `serde` feature it reads and writes as `"results"` or `"file"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum PointsFrom {
    /// What the results score under the file's points system (the
    /// default): every tie-break is defined on the games.
    #[default]
    Results,
    /// The points column, where the file fills it: the player's score and,
    /// in every opponent's Buchholz, the score they are counted with; the
    /// difference is carried into the adjusted score (art. 16) unchanged.
    File,
}

/// How the tournament was paired: the rules for unplayed rounds differ
/// (art. 15.2: in a round robin forfeits are games, and there are no
/// dummy opponents).
///
/// With the `serde` feature it reads and writes as `"swiss"` or
/// `"round_robin"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum Format {
    /// A Swiss (or any event not known to be a round robin).
    #[default]
    Swiss,
    /// A round robin, single or multiple (pre-determined pairings).
    RoundRobin,
}

impl Options {
    /// The literal text of `edition`.
    #[must_use]
    pub fn new(edition: Edition) -> Options {
        Options {
            edition,
            forfeit_loss_counts_as_played: false,
            format: None,
            points: PointsFrom::Results,
        }
    }

    /// The edition in force for `tournament` ([`Edition::for_date`] of
    /// its start date, record `042`), literal text, and the format the
    /// file declares.
    #[must_use]
    pub fn for_tournament(tournament: &crate::trf::Tournament) -> Options {
        Options::new(Edition::for_date(tournament.start_date))
    }

    /// Treat the event as `format` whatever the file says (records `092`
    /// and `192`); `None` goes back to the file's own type.
    #[must_use]
    pub fn with_format(self, format: Option<Format>) -> Options {
        Options { format, ..self }
    }

    /// The format chosen with [`Options::with_format`], if any.
    #[must_use]
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// The edition in force on `start`, literal text.
    #[must_use]
    pub fn for_start_date(start: Date) -> Options {
        Options::new(Edition::for_start_date(start))
    }

    /// Reproduce Vega: when deciding whether a requested bye is followed
    /// only by voluntarily unplayed rounds (and so counts as a draw for the
    /// opponents), treat a later forfeit loss as a played round. The
    /// literal text counts a forfeit loss as voluntarily unplayed.
    #[must_use]
    pub fn forfeit_loss_counts_as_played_when_classifying_byes(self, on: bool) -> Options {
        Options {
            forfeit_loss_counts_as_played: on,
            ..self
        }
    }

    /// The edition.
    #[must_use]
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// Take a player's points from `from` where the points column and the
    /// results disagree.
    #[must_use]
    pub fn with_points_from(self, from: PointsFrom) -> Options {
        Options {
            points: from,
            ..self
        }
    }

    /// Where a player's points come from.
    #[must_use]
    pub fn points_from(&self) -> PointsFrom {
        self.points
    }

    /// Whether the Vega forfeit-loss deviation is on.
    #[must_use]
    pub fn vega_forfeit_loss_rule(&self) -> bool {
        self.forfeit_loss_counts_as_played
    }
}
