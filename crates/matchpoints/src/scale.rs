//! The two matchpoint scales.

use countback_model::Score;

/// How many match points a result earns for each result it beats or ties.
///
/// On the usual scale a result earns 2 for each result it beats and 1 for
/// each it ties; some programs and countries use 1 and ½ instead. Both
/// scales rank identically; the second is exactly half the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        rename = "ScaleName",
        transform = countback_model::schema::names_only,
        description = "The matchpoint scale: `two_per_beat` (2 per result beaten, 1 per tie: EBU, ACBL club) or `one_per_beat` (1 per result beaten, ½ per tie)."
    )
)]
#[non_exhaustive]
pub enum Scale {
    /// 2 per result beaten, 1 per result tied (EBU, ACBL club, `004_…`).
    #[default]
    TwoPerBeat,
    /// 1 per result beaten, ½ per result tied.
    OnePerBeat,
}

impl Scale {
    /// Match points for one result tied: 1 or ½. Beating a result is worth
    /// twice this.
    #[must_use]
    pub fn per_tie(self) -> Score {
        match self {
            Scale::TwoPerBeat => Score::ONE,
            Scale::OnePerBeat => Score::half(),
        }
    }

    /// Match points for one result beaten: 2 or 1.
    #[must_use]
    pub fn per_beat(self) -> Score {
        self.per_tie().times(2)
    }

    /// The top of a board with `results` results: `2(n − 1)` on the usual
    /// scale.
    #[must_use]
    pub fn top(self, results: usize) -> Score {
        self.per_beat() * Score::from(results.saturating_sub(1))
    }

    /// The average (PAR) of a board with `results` results: half the top.
    #[must_use]
    pub fn average(self, results: usize) -> Score {
        self.per_tie() * Score::from(results.saturating_sub(1))
    }

    /// What all results of one direction earn between them: `n(n − 1)` on
    /// the usual scale.
    #[must_use]
    pub fn direction_total(self, results: usize) -> Score {
        self.average(results) * Score::from(results)
    }

    /// Match points from a count of half-ties (`2·beaten + tied` on the usual
    /// scale): the integer every scoring loop works in.
    pub(crate) fn mp_of_tie_units(self, units: i64) -> Score {
        match self {
            Scale::TwoPerBeat => Score::integer(units),
            Scale::OnePerBeat => Score::new(units, 2).unwrap_or_default(),
        }
    }
}
