//! The event's rule for its sessions: how figures combine, how a pair is
//! recognised across sessions, which sessions count, an earlier stage
//! carried forward, and the readings of ties.

use countback_model::Score;

use crate::SeriesError;

/// How the sessions' figures make the overall figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Combine {
    /// Each pair's match-point totals added (`sum-of-matchpoints`): fits
    /// sessions with the same top and the same boards per pair.
    SumOfMatchPoints,
    /// The mean of each pair's session percentages (`mean-of-percentages`).
    MeanOfPercentages,
    /// The sum of each pair's session percentages (`sum-of-percentages`).
    SumOfPercentages,
}

impl Combine {
    /// Every rule, in the order `--help` lists them.
    pub const ALL: [Combine; 3] = [
        Combine::SumOfMatchPoints,
        Combine::MeanOfPercentages,
        Combine::SumOfPercentages,
    ];

    /// The name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Combine::SumOfMatchPoints => "sum-of-matchpoints",
            Combine::MeanOfPercentages => "mean-of-percentages",
            Combine::SumOfPercentages => "sum-of-percentages",
        }
    }

    /// The rule in words, for the trace.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Combine::SumOfMatchPoints => "the sum of the sessions' match-point totals",
            Combine::MeanOfPercentages => "the mean of the sessions' percentages",
            Combine::SumOfPercentages => "the sum of the sessions' percentages",
        }
    }

    /// The unit of the combined figure.
    #[must_use]
    pub fn unit(self) -> &'static str {
        match self {
            Combine::SumOfMatchPoints => "MP",
            Combine::MeanOfPercentages | Combine::SumOfPercentages => "%",
        }
    }

    /// The figure of `sessions` (one pair's, in order) under the rule.
    pub(crate) fn of(self, figures: &[Score]) -> Score {
        let sum = figures.iter().fold(Score::ZERO, |a, b| a + b.clone());
        match self {
            Combine::SumOfMatchPoints | Combine::SumOfPercentages => sum,
            Combine::MeanOfPercentages => {
                let n = Score::integer(i64::try_from(figures.len()).unwrap_or(i64::MAX));
                sum.checked_div(&n).unwrap_or(sum)
            }
        }
    }
}

impl std::str::FromStr for Combine {
    type Err = String;
    fn from_str(s: &str) -> Result<Combine, String> {
        named(
            s,
            &Combine::ALL,
            Combine::name,
            "a rule for combining sessions",
        )
    }
}

/// The value of `all` whose `name` is `s` (`_` read as `-`), else a message
/// listing the names.
fn named<T: Copy>(
    s: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    what: &str,
) -> Result<T, String> {
    let wanted = s.trim().replace('_', "-");
    all.iter()
        .copied()
        .find(|c| name(*c) == wanted)
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|c| name(*c)).collect();
            format!("{s:?} is not {what}: {}", names.join(", "))
        })
}

/// How a pair is recognised across sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum MatchBy {
    /// The pair number (the session's identifier: `7`, `3NS`), the same in
    /// every session (`pair-number`, the default).
    #[default]
    PairNumber,
    /// The players' names, in any order and case, spaces trimmed
    /// (`names`): for events whose pair numbers change between sessions.
    Names,
}

impl MatchBy {
    /// Every key, in the order `--help` lists them.
    pub const ALL: [MatchBy; 2] = [MatchBy::PairNumber, MatchBy::Names];

    /// The name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MatchBy::PairNumber => "pair-number",
            MatchBy::Names => "names",
        }
    }
}

impl std::str::FromStr for MatchBy {
    type Err = String;
    fn from_str(s: &str) -> Result<MatchBy, String> {
        named(s, &MatchBy::ALL, MatchBy::name, "a way to match pairs")
    }
}

/// Whether a tie in one session's own standings is split.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SessionTies {
    /// Shared (`shared`, the default): a session of a longer event is not
    /// "the tournament" whose winners 143.4(a) splits.
    #[default]
    Shared,
    /// Split for a session's first place, by 143.7.1 within that session
    /// alone (`split`): for a session with a trophy of its own.
    Split,
}

impl SessionTies {
    /// Every reading.
    pub const ALL: [SessionTies; 2] = [SessionTies::Shared, SessionTies::Split];

    /// The name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SessionTies::Shared => "shared",
            SessionTies::Split => "split",
        }
    }
}

impl std::str::FromStr for SessionTies {
    type Err = String;
    fn from_str(s: &str) -> Result<SessionTies, String> {
        named(
            s,
            &SessionTies::ALL,
            SessionTies::name,
            "a reading of session ties",
        )
    }
}

/// Which of its sessions count for a pair: every session of the event,
/// or, in a club series where not every pair plays every session, the
/// sessions it played or its best few (docs/sessions.md, "Club series").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Counting {
    /// Every pair plays every session and each counts (`every-session`,
    /// the default): a pair missing from a session is refused, naming it.
    #[default]
    EverySession,
    /// Every session a pair played counts (`sessions-played`): a club's
    /// "average over the sessions played", with a minimum played to be
    /// ranked (1 unless the rule sets one).
    SessionsPlayed,
    /// A pair's best `n` sessions count (`best-N`, e.g. `best-4`): a
    /// series' "best 4 scores", with a minimum played to be ranked (`n`
    /// unless the rule sets one); a pair ranked with fewer than `n` counts
    /// every session it played.
    Best(u32),
}

impl Counting {
    /// The names of the rules, as a message lists them.
    pub const NAMES: &'static str = "every-session, sessions-played, best-N (best-4)";

    /// The name in the command line and the page (`best-4`).
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Counting::EverySession => "every-session".to_owned(),
            Counting::SessionsPlayed => "sessions-played".to_owned(),
            Counting::Best(n) => format!("best-{n}"),
        }
    }

    /// The fewest sessions a pair must have played to be ranked, when the
    /// rule sets none: 1 for the sessions played, `n` for the best `n`;
    /// none when every pair plays every session.
    #[must_use]
    pub fn default_minimum(self) -> Option<u32> {
        match self {
            Counting::EverySession => None,
            Counting::SessionsPlayed => Some(1),
            Counting::Best(n) => Some(n),
        }
    }
}

impl std::str::FromStr for Counting {
    type Err = String;
    fn from_str(s: &str) -> Result<Counting, String> {
        let wanted = s.trim().replace('_', "-");
        match wanted.as_str() {
            "every-session" => Ok(Counting::EverySession),
            "sessions-played" => Ok(Counting::SessionsPlayed),
            other => other
                .strip_prefix("best-")
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| *n >= 1)
                .map(Counting::Best)
                .ok_or_else(|| {
                    format!(
                        "{s:?} is not a rule for which sessions count: {}",
                        Counting::NAMES
                    )
                }),
        }
    }
}

/// How a tie of a club series' overall standings is settled (docs/sessions.md,
/// "Reading: ties in a club series are shared").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SeriesTies {
    /// Every tied place shared (`shared`, the default): the pairs did not
    /// play one stage, so no test of 143.7.1 has a common ground (143.4).
    #[default]
    Shared,
    /// First place split by 143.7.1 over every session of the series, a
    /// board a pair did not play counted at its average (`split`).
    Split,
}

impl SeriesTies {
    /// Every reading.
    pub const ALL: [SeriesTies; 2] = [SeriesTies::Shared, SeriesTies::Split];

    /// The name on the command line and the page.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SeriesTies::Shared => "shared",
            SeriesTies::Split => "split",
        }
    }
}

impl std::str::FromStr for SeriesTies {
    type Err = String;
    fn from_str(s: &str) -> Result<SeriesTies, String> {
        named(
            s,
            &SeriesTies::ALL,
            SeriesTies::name,
            "a reading of a club series' ties",
        )
    }
}

/// An earlier stage carried into the final.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CarryForward {
    /// The exact share of the earlier stage's combined figure carried
    /// (`1/4`, `0.5`); above 0.
    pub fraction: Score,
    /// The first session of the final (from 1); the sessions before it are
    /// the earlier stage.
    pub final_from: usize,
}

impl CarryForward {
    /// A carry-forward of `fraction` into a final from session `final_from`
    /// (from 1).
    #[must_use]
    pub fn new(fraction: Score, final_from: usize) -> CarryForward {
        CarryForward {
            fraction,
            final_from,
        }
    }
}

/// The event's rule for its sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SessionsRule {
    /// How session figures combine.
    pub combine: Combine,
    /// How pairs are recognised across sessions.
    pub match_by: MatchBy,
    /// An earlier stage carried into the final, if any.
    pub carry_forward: Option<CarryForward>,
    /// Whether a session's own first place is split.
    pub session_ties: SessionTies,
    /// Which sessions count for each pair.
    pub counting: Counting,
    /// The fewest sessions a pair must have played to be ranked overall,
    /// if the rule sets it (else [`Counting::default_minimum`]); only for
    /// a series where not every pair plays every session.
    pub minimum: Option<u32>,
    /// How a club series' overall ties are settled.
    pub series_ties: SeriesTies,
}

impl SessionsRule {
    /// `combine`, pairs matched by number, no carry-forward, session ties
    /// shared.
    #[must_use]
    pub fn new(combine: Combine) -> SessionsRule {
        SessionsRule {
            combine,
            match_by: MatchBy::PairNumber,
            carry_forward: None,
            session_ties: SessionTies::Shared,
            counting: Counting::EverySession,
            minimum: None,
            series_ties: SeriesTies::Shared,
        }
    }

    /// The fewest sessions a pair must have played to be ranked: the
    /// rule's own, else its counting's default.
    #[must_use]
    pub fn minimum_played(&self) -> Option<u32> {
        self.minimum.or(self.counting.default_minimum())
    }

    /// Whether this is a club series: not every pair need play every
    /// session.
    #[must_use]
    pub fn is_series(&self) -> bool {
        self.counting != Counting::EverySession
    }
}

impl SessionsRule {
    /// The rule checked against `sessions` given, before any is read:
    /// the first session of the final (from 0; 0 with no carry-forward).
    ///
    /// # Errors
    /// Fewer than two sessions; a carry-forward whose fraction is not
    /// above 0 or whose final is not after the first session and within
    /// the list; a club series' minimum that is 0 or above the sessions
    /// given, or set where every pair plays every session; `best-0`; a
    /// club series with a carry-forward.
    pub fn check(&self, sessions: usize) -> Result<usize, SeriesError> {
        if sessions < 2 {
            return Err(SeriesError::TooFewSessions { given: sessions });
        }
        let final_from = self.final_from(sessions)?;
        self.check_series(sessions)?;
        Ok(final_from)
    }

    /// The first session of the final (from 0; 0 with no carry-forward),
    /// its fraction and place checked.
    fn final_from(&self, sessions: usize) -> Result<usize, SeriesError> {
        let Some(c) = &self.carry_forward else {
            return Ok(0);
        };
        if c.fraction <= Score::ZERO {
            return Err(SeriesError::OutOfRange {
                value: c.fraction.to_string(),
                expected: "a carry-forward fraction above 0".to_owned(),
            });
        }
        if c.final_from < 2 || c.final_from > sessions {
            return Err(SeriesError::OutOfRange {
                value: c.final_from.to_string(),
                expected: format!(
                    "the first session of the final: from 2 to {sessions} (the sessions before it are carried forward)"
                ),
            });
        }
        Ok(c.final_from - 1)
    }

    /// A club series' counting rule checked against the rest of the rule
    /// and the sessions given.
    fn check_series(&self, sessions: usize) -> Result<(), SeriesError> {
        if let Counting::Best(0) = self.counting {
            return Err(SeriesError::OutOfRange {
                value: self.counting.name(),
                expected: "best-N with N at least 1".to_owned(),
            });
        }
        if !self.is_series() {
            if self.series_ties != SeriesTies::Shared {
                return Err(SeriesError::SeriesTiesWithoutSeries);
            }
            if let Some(minimum) = self.minimum {
                return Err(SeriesError::MinimumWithoutSeries { minimum });
            }
            return Ok(());
        }
        if self.carry_forward.is_some() {
            return Err(SeriesError::SeriesWithCarryForward {
                counting: self.counting,
            });
        }
        match self.minimum_played() {
            Some(m) if m == 0 || usize::try_from(m).map_or(true, |m| m > sessions) => {
                Err(SeriesError::OutOfRange {
                    value: m.to_string(),
                    expected: format!(
                        "the fewest sessions a pair must play to be ranked: from 1 to {sessions} (the sessions given)"
                    ),
                })
            }
            _ => Ok(()),
        }
    }
}
