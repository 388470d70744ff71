//! The USCF tie-break systems: Solkoff, Harkness median, modified median,
//! cumulative and cumulative of opposition, with unplayed games handled as
//! USCF rule 34E says.

use std::fmt;

use countback_model::{Clause, Score};

use crate::crosstable::{total, Crosstable, RoundResult};

/// One tie-break system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        rename = "UscfTieBreakName",
        transform = countback_model::schema::names_only,
        description = "A USCF tie-break system: `modified_median` (34E1), `median` (Harkness), `solkoff` (34E2), `cumulative` (34E3) or `opposition_cumulative`."
    )
)]
#[non_exhaustive]
pub enum TieBreak {
    /// Opponents' scores with the extremes dropped by the player's standing:
    /// plus scores drop the lowest, minus scores the highest, exactly 50%
    /// both (as the median).
    ModifiedMedian,
    /// Opponents' scores with the lowest and the highest dropped (Harkness).
    Median,
    /// The sum of the opponents' scores.
    Solkoff,
    /// The sum of the player's running scores after each round, less unplayed
    /// wins.
    Cumulative,
    /// The sum of the opponents' cumulative tie-breaks.
    OppositionCumulative,
}

impl TieBreak {
    /// The four systems the USCF recommends for Swiss events, in its order.
    pub const USCF_ORDER: [TieBreak; 4] = [
        TieBreak::ModifiedMedian,
        TieBreak::Solkoff,
        TieBreak::Cumulative,
        TieBreak::OppositionCumulative,
    ];

    /// The rule-book reference the trace cites.
    #[must_use]
    pub fn clause(self) -> Clause {
        Clause::new(match self {
            TieBreak::ModifiedMedian => "USCF 34E1 modified median",
            TieBreak::Median => "USCF 34E median (Harkness)",
            TieBreak::Solkoff => "USCF 34E2 Solkoff",
            TieBreak::Cumulative => "USCF 34E3 cumulative",
            TieBreak::OppositionCumulative => "USCF 34E opposition's cumulative",
        })
    }

    /// The system's key, as files and column headers write it
    /// (`modified_median`, `opposition_cumulative` ...).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            TieBreak::ModifiedMedian => "modified_median",
            TieBreak::Median => "median",
            TieBreak::Solkoff => "solkoff",
            TieBreak::Cumulative => "cumulative",
            TieBreak::OppositionCumulative => "opposition_cumulative",
        }
    }

    /// The system's name, as directors say it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::ModifiedMedian => "Modified Median",
            TieBreak::Median => "Median",
            TieBreak::Solkoff => "Solkoff",
            TieBreak::Cumulative => "Cumulative",
            TieBreak::OppositionCumulative => "Cumulative of Opposition",
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A median table that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MedianTableError {
    /// Steps must start at strictly increasing round counts.
    #[error("median table: the step from {later} rounds does not come after the step from {earlier} rounds")]
    NotAscending {
        /// The earlier step's round count.
        earlier: u32,
        /// The offending step's round count.
        later: u32,
    },
}

/// How many opponents' scores the (modified) median drops at each end,
/// by the number of rounds of the event.
///
/// ```
/// use countback_tiebreak_chess::MedianDiscards;
///
/// let seed = MedianDiscards::harkness();
/// assert_eq!([8, 9, 12, 13].map(|r| seed.for_rounds(r)), [1, 2, 2, 3]);
/// let rulebook = MedianDiscards::uscf_rulebook();
/// assert_eq!([8, 9, 13].map(|r| rulebook.for_rounds(r)), [1, 2, 2]);
/// let custom = MedianDiscards::custom([(1, 1), (7, 2)])?;
/// assert_eq!(custom.for_rounds(7), 2);
/// # Ok::<(), countback_tiebreak_chess::MedianTableError>(())
/// ```
///
/// The steps are strictly ascending however the value was made:
/// deserialising goes through [`MedianDiscards::custom`] and fails with its
/// message.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawMedianDiscards"))]
pub struct MedianDiscards {
    /// `(from rounds, discard at each end)`, ascending.
    steps: Vec<(u32, usize)>,
}

#[cfg(feature = "serde")]
countback_model::deserialize_through! {
    /// The serde form of [`MedianDiscards`], checked by `custom` on the way in.
    #[serde(rename = "MedianDiscards")]
    struct RawMedianDiscards { steps: Vec<(u32, usize)> } => MedianDiscards::custom -> MedianTableError
}

impl MedianDiscards {
    /// Harkness as described in *Understanding Tie-breaks*: one at each end
    /// below 9 rounds, two for 9 to 12 rounds, three above 12.
    #[must_use]
    pub fn harkness() -> MedianDiscards {
        MedianDiscards {
            steps: vec![(0, 1), (9, 2), (13, 3)],
        }
    }

    /// The USCF rulebook: one at each end below 9 rounds, two from 9 up.
    #[must_use]
    pub fn uscf_rulebook() -> MedianDiscards {
        MedianDiscards {
            steps: vec![(0, 1), (9, 2)],
        }
    }

    /// A table of `(from rounds, discard at each end)` steps. Events shorter
    /// than the first step discard nothing.
    pub fn custom(
        steps: impl IntoIterator<Item = (u32, usize)>,
    ) -> Result<MedianDiscards, MedianTableError> {
        let steps: Vec<(u32, usize)> = steps.into_iter().collect();
        for pair in steps.windows(2) {
            if let [(earlier, _), (later, _)] = pair {
                if later <= earlier {
                    return Err(MedianTableError::NotAscending {
                        earlier: *earlier,
                        later: *later,
                    });
                }
            }
        }
        Ok(MedianDiscards { steps })
    }

    /// Scores dropped at each end for an event of `rounds` rounds.
    #[must_use]
    pub fn for_rounds(&self, rounds: u32) -> usize {
        self.steps
            .iter()
            .take_while(|(from, _)| *from <= rounds)
            .last()
            .map_or(0, |(_, d)| *d)
    }
}

impl Default for MedianDiscards {
    fn default() -> MedianDiscards {
        MedianDiscards::uscf_rulebook()
    }
}

/// How unplayed games (byes, forfeits, rounds missed after a withdrawal)
/// enter the tie-breaks. [`UnplayedGames::uscf`] (the default) is rule 34E;
/// [`UnplayedGames::as_scored`] is what a naive program does.
///
/// ```
/// use countback_tiebreak_chess::UnplayedGames;
///
/// let rules = UnplayedGames::uscf().with_half_point_bye_deduction(true);
/// assert!(rules.deducts_half_point_byes());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct UnplayedGames {
    /// An opponent's unplayed rounds count as draws in the score seen by the
    /// players who met them.
    pub opponent_unplayed_as_draw: bool,
    /// A player's own unplayed rounds count as opponents with score 0.
    pub own_unplayed_as_zero_opponent: bool,
    /// Cumulative loses 1 for each unplayed win (forfeit win, full-point bye).
    pub deduct_unplayed_wins: bool,
    /// Cumulative loses 1/2 for each half-point bye.
    pub deduct_half_point_byes: bool,
}

impl UnplayedGames {
    /// USCF 34E: opponents' unplayed rounds are draws; one's own unplayed
    /// rounds are opponents on 0; cumulative loses 1 per unplayed win;
    /// half-point byes are not deducted.
    #[must_use]
    pub fn uscf() -> UnplayedGames {
        UnplayedGames {
            opponent_unplayed_as_draw: true,
            own_unplayed_as_zero_opponent: true,
            deduct_unplayed_wins: true,
            deduct_half_point_byes: false,
        }
    }

    /// Raw scores, own unplayed rounds skipped, no cumulative deduction.
    #[must_use]
    pub fn as_scored() -> UnplayedGames {
        UnplayedGames {
            opponent_unplayed_as_draw: false,
            own_unplayed_as_zero_opponent: false,
            deduct_unplayed_wins: false,
            deduct_half_point_byes: false,
        }
    }

    /// The same rules with the half-point-bye deduction switched on or off.
    #[must_use]
    pub fn with_half_point_bye_deduction(mut self, on: bool) -> UnplayedGames {
        self.deduct_half_point_byes = on;
        self
    }

    /// Whether cumulative loses 1/2 per half-point bye.
    #[must_use]
    pub fn deducts_half_point_byes(&self) -> bool {
        self.deduct_half_point_byes
    }
}

impl Default for UnplayedGames {
    fn default() -> UnplayedGames {
        UnplayedGames::uscf()
    }
}

/// Everything the tie-break systems need to know besides the crosstable.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct UscfOptions {
    /// Scores dropped by the median and the modified median.
    pub median: MedianDiscards,
    /// The treatment of unplayed games.
    pub unplayed: UnplayedGames,
}

impl UscfOptions {
    /// The given median table and unplayed-game rules.
    #[must_use]
    pub fn new(median: MedianDiscards, unplayed: UnplayedGames) -> UscfOptions {
        UscfOptions { median, unplayed }
    }
}

/// Where a score stands against half the rounds: what the modified median
/// drops depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Standing {
    /// More than 50%.
    Plus,
    /// Exactly 50%.
    Even,
    /// Less than 50%.
    Minus,
}

impl Standing {
    /// The standing of `score` in an event of `rounds` rounds.
    #[must_use]
    pub fn of(score: &Score, rounds: u32) -> Standing {
        let half = Score::from(rounds) * Score::half();
        match score.cmp(&half) {
            std::cmp::Ordering::Greater => Standing::Plus,
            std::cmp::Ordering::Equal => Standing::Even,
            std::cmp::Ordering::Less => Standing::Minus,
        }
    }
}

/// A player's score as the players who met them see it: each unplayed round
/// (bye, forfeit, absence) counts as a draw, per USCF 34E.
///
/// ```
/// use countback_tiebreak_chess::{adjusted_score, RoundResult};
///
/// // W, W, L, then withdrawn from rounds 4 and 5: counts 3 as an opponent.
/// let rows: Vec<RoundResult> = ["W:a", "W:b", "L:c", "U", "U"]
///     .iter().map(|t| t.parse()).collect::<Result<_, _>>()?;
/// assert_eq!(adjusted_score(&rows).to_string(), "3");
/// # Ok::<(), countback_tiebreak_chess::CrosstableError>(())
/// ```
#[must_use]
pub fn adjusted_score(results: &[RoundResult]) -> Score {
    results
        .iter()
        .map(|r| {
            if r.is_played() {
                r.points()
            } else {
                Score::half()
            }
        })
        .sum()
}

/// The running score after each round, round 1 first.
#[must_use]
pub fn running_scores(results: &[RoundResult]) -> Vec<Score> {
    let mut running = Score::ZERO;
    results
        .iter()
        .map(|r| {
            running += r.points();
            running.clone()
        })
        .collect()
}

/// What cumulative deducts for unplayed points under `rules`.
#[must_use]
pub fn cumulative_deduction(results: &[RoundResult], rules: &UnplayedGames) -> Score {
    results
        .iter()
        .map(|r| match r {
            RoundResult::ForfeitWin(_) | RoundResult::FullPointBye
                if rules.deduct_unplayed_wins =>
            {
                Score::ONE
            }
            RoundResult::HalfPointBye if rules.deduct_half_point_byes => Score::half(),
            _ => Score::ZERO,
        })
        .sum()
}

/// Cumulative: the sum of the running scores, less the deduction for
/// unplayed points.
///
/// ```
/// use countback_tiebreak_chess::{cumulative, RoundResult, UnplayedGames};
///
/// let rows: Vec<RoundResult> = ["B", "W:a", "L:b", "D:c", "W:d"]
///     .iter().map(|t| t.parse()).collect::<Result<_, _>>()?;
/// // 1 + 2 + 2 + 2½ + 3½ = 11, less 1 for the full-point bye.
/// assert_eq!(cumulative(&rows, &UnplayedGames::uscf()).to_string(), "10");
/// # Ok::<(), countback_tiebreak_chess::CrosstableError>(())
/// ```
#[must_use]
pub fn cumulative(results: &[RoundResult], rules: &UnplayedGames) -> Score {
    let sum: Score = running_scores(results).iter().sum();
    sum - cumulative_deduction(results, rules)
}

/// The sum of `values` with the `low` smallest and `high` largest dropped.
///
/// When there are fewer values than drops, the low drops are taken first and
/// whatever is left after them is all that the high drops can take: the sum
/// of nothing is 0. It never panics.
#[must_use]
pub fn sum_dropping(values: &[Score], low: usize, high: usize) -> Score {
    let mut sorted = values.to_vec();
    sorted.sort();
    let n = sorted.len();
    let from = low.min(n);
    let to = n.saturating_sub(high).max(from);
    sorted
        .get(from..to)
        .map_or(Score::ZERO, |kept| kept.iter().sum())
}

/// The Harkness median: opponents' scores without the `discard` lowest and
/// `discard` highest.
///
/// ```
/// use countback_tiebreak_chess::Score;
/// use countback_tiebreak_chess::median;
///
/// let opp = [0, 3, 3, 4, 5].map(Score::integer);
/// assert_eq!(median(&opp, 1), Score::integer(10));
/// // Too few opponents: everything is dropped, the median is 0.
/// assert_eq!(median(&opp[..1], 1), Score::ZERO);
/// ```
#[must_use]
pub fn median(opponent_scores: &[Score], discard: usize) -> Score {
    sum_dropping(opponent_scores, discard, discard)
}

/// The modified median: a plus score drops only the `discard` lowest, a
/// minus score only the `discard` highest, an even score both ends.
///
/// ```
/// use countback_tiebreak_chess::Score;
/// use countback_tiebreak_chess::{modified_median, Standing};
///
/// let opp = [3, 2, 5, 3, 3].map(Score::integer);
/// assert_eq!(modified_median(&opp, 1, Standing::Plus), Score::integer(14));
/// assert_eq!(modified_median(&opp, 1, Standing::Minus), Score::integer(11));
/// assert_eq!(modified_median(&opp, 1, Standing::Even), Score::integer(9));
/// ```
#[must_use]
pub fn modified_median(opponent_scores: &[Score], discard: usize, standing: Standing) -> Score {
    match standing {
        Standing::Plus => sum_dropping(opponent_scores, discard, 0),
        Standing::Minus => sum_dropping(opponent_scores, 0, discard),
        Standing::Even => sum_dropping(opponent_scores, discard, discard),
    }
}

/// Every tie-break value of one player, with the working behind them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct PlayerTieBreaks {
    /// The player.
    pub player: countback_model::ContestantId,
    /// The player's total score.
    pub score: Score,
    /// The player's score as opponents see it (unplayed rounds as draws
    /// under 34E).
    pub adjusted_score: Score,
    /// The opponents' (adjusted) scores counted, round order; an own
    /// unplayed round is a 0 here under 34E.
    pub opponent_scores: Vec<Score>,
    /// Where the score stands against 50%.
    pub standing: Standing,
    /// Opponents' scores dropped at each end by the (modified) median.
    pub discard: usize,
    /// Solkoff.
    pub solkoff: Score,
    /// Harkness median.
    pub median: Score,
    /// Modified median.
    pub modified_median: Score,
    /// Cumulative (after the deduction).
    pub cumulative: Score,
    /// Cumulative of opposition.
    pub opposition_cumulative: Score,
}

impl PlayerTieBreaks {
    /// The value of one system.
    #[must_use]
    pub fn value(&self, system: TieBreak) -> &Score {
        match system {
            TieBreak::ModifiedMedian => &self.modified_median,
            TieBreak::Median => &self.median,
            TieBreak::Solkoff => &self.solkoff,
            TieBreak::Cumulative => &self.cumulative,
            TieBreak::OppositionCumulative => &self.opposition_cumulative,
        }
    }
}

/// Every player's tie-break values, sorted by player name.
///
/// An opponent met twice counts twice. Cumulative of opposition sums the
/// opponents' cumulative tie-breaks (deduction included); an own unplayed
/// round adds nothing to it.
///
/// ```
/// use countback_tiebreak_chess::{tie_break_values, Crosstable, UscfOptions};
///
/// let table = Crosstable::parse(2, [
///     ("Ann", "W:Bob W:Cy"),
///     ("Bob", "L:Ann B"),
///     ("Cy", "B L:Ann"),
/// ])?;
/// let values = tie_break_values(&table, &UscfOptions::default());
/// let ann = &values[0];
/// // Bob and Cy each have a bye, seen as a draw: 1/2 each.
/// assert_eq!(ann.solkoff.to_string(), "1");
/// // Bob's own bye counts as an opponent on 0.
/// let bob: Vec<String> = values[1].opponent_scores.iter().map(|s| s.to_string()).collect();
/// assert_eq!(bob, ["2", "0"]);
/// # Ok::<(), countback_tiebreak_chess::CrosstableError>(())
/// ```
#[must_use]
pub fn tie_break_values(table: &Crosstable, options: &UscfOptions) -> Vec<PlayerTieBreaks> {
    let rules = &options.unplayed;
    let discard = options.median.for_rounds(table.rounds());
    let rows = table.rows();
    let scores: Vec<Score> = rows.iter().map(|r| total(&r.results)).collect();
    let seen: Vec<Score> = rows
        .iter()
        .zip(&scores)
        .map(|(r, s)| {
            if rules.opponent_unplayed_as_draw {
                adjusted_score(&r.results)
            } else {
                s.clone()
            }
        })
        .collect();
    let cumulatives: Vec<Score> = rows.iter().map(|r| cumulative(&r.results, rules)).collect();
    rows.iter()
        .zip(scores)
        .zip(seen.iter())
        .zip(cumulatives.iter())
        .map(|(((row, score), adjusted), cum)| {
            let mut opponent_scores = Vec::with_capacity(row.played.len());
            let mut opposition_cumulative = Score::ZERO;
            for opponent in &row.played {
                match opponent {
                    Some(o) => {
                        opponent_scores.push(seen.get(*o).cloned().unwrap_or_default());
                        opposition_cumulative += cumulatives.get(*o).cloned().unwrap_or_default();
                    }
                    None if rules.own_unplayed_as_zero_opponent => {
                        opponent_scores.push(Score::ZERO);
                    }
                    None => {}
                }
            }
            let standing = Standing::of(&score, table.rounds());
            PlayerTieBreaks {
                player: row.player.clone(),
                solkoff: opponent_scores.iter().sum(),
                median: median(&opponent_scores, discard),
                modified_median: modified_median(&opponent_scores, discard, standing),
                cumulative: cum.clone(),
                opposition_cumulative,
                adjusted_score: adjusted.clone(),
                opponent_scores,
                standing,
                discard,
                score,
            }
        })
        .collect()
}
