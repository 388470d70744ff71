//! Rounding policies and the one-missing-result choice, as named options.

use countback_matchpoints::Scale;
use countback_model::{HalfRule, Rounding, RoundingMode, Score, ScoreError};

/// How normalised match points are rounded: a jurisdiction's named choice.
///
/// The reference value of the "toward/away from average" rules is the
/// board's average (PAR) on the expected count, e.g. 9 for `E = 10`.
///
/// ```
/// use countback_normalise::{RoundingPolicy, Score};
///
/// let avg = Score::integer(9);
/// let ebu = RoundingPolicy::EbuTenthTowardAverage;
/// assert_eq!(ebu.apply(&Score::new(123, 7)?, &avg)?, Score::parse("17.6")?);
/// assert_eq!(ebu.apply(&Score::parse("9.05")?, &avg)?, Score::integer(9));
/// assert_eq!(ebu.apply(&Score::parse("8.95")?, &avg)?, Score::integer(9));
/// assert_eq!(RoundingPolicy::Exact.apply(&Score::new(123, 7)?, &avg)?, Score::new(123, 7)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum RoundingPolicy {
    /// No rounding: exact fractions (what the real programs sum).
    #[default]
    Exact,
    /// `001_…`: nearest 0.1 of a match point, an exact 0.05 toward the
    /// average.
    EbuTenthTowardAverage,
    /// Nearest 0.01, an exact half up.
    HundredthHalfUp,
    /// Nearest 0.0001, an exact half away from the average.
    TenThousandthHalfAwayFromAverage,
    /// Down to the 0.1 below (how some programs store factored lines).
    TenthTruncated,
    /// Any other rule, with no reference to the average.
    Custom(Rounding),
}

impl RoundingPolicy {
    /// The rounding rule for a board whose average is `average`, or `None`
    /// for [`RoundingPolicy::Exact`].
    pub fn rounding(&self, average: &Score) -> Result<Option<Rounding>, ScoreError> {
        let toward = || HalfRule::TowardReference(average.clone());
        let away = || HalfRule::AwayFromReference(average.clone());
        Ok(Some(match self {
            RoundingPolicy::Exact => return Ok(None),
            RoundingPolicy::EbuTenthTowardAverage => {
                Rounding::decimal(1, RoundingMode::Nearest(toward()))?
            }
            RoundingPolicy::HundredthHalfUp => {
                Rounding::decimal(2, RoundingMode::Nearest(HalfRule::Up))?
            }
            RoundingPolicy::TenThousandthHalfAwayFromAverage => {
                Rounding::decimal(4, RoundingMode::Nearest(away()))?
            }
            RoundingPolicy::TenthTruncated => Rounding::decimal(1, RoundingMode::TowardZero)?,
            RoundingPolicy::Custom(r) => r.clone(),
        }))
    }

    /// Round `value` on a board whose average is `average`.
    pub fn apply(&self, value: &Score, average: &Score) -> Result<Score, ScoreError> {
        match self.rounding(average)? {
            None => Ok(value.clone()),
            Some(r) => r.apply(value),
        }
    }
}

/// What to do when a group is exactly one result short of the expected
/// count (`001_…`, last paragraphs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        rename = "OneMissingName",
        transform = countback_model::schema::names_only,
        description = "A board one result short: `formula` (the formula, as for any other count) or `top_minus_one_bottom_plus_one` (the club shortcut)."
    )
)]
#[non_exhaustive]
pub enum OneMissing {
    /// Apply the formula as for any other count (strictly correct).
    #[default]
    Formula,
    /// The club shortcut: score as-is, then add one tie (top reduced by one
    /// from the complete board's, bottom raised by one). The group's total
    /// is the same as the formula's; single results differ.
    TopMinusOneBottomPlusOne,
}

/// How the match points of a group with fewer results than expected are
/// brought up to the expected count: the choice scoring programs differ on.
/// See `docs/short-boards.md` and `docs/conventions.md`.
///
/// ```
/// use countback_normalise::{Factoring, Scale, Score};
///
/// // 5 results of an expected 6, a result that beat 3 of the other 4.
/// let m = Score::integer(6);
/// let two = Scale::TwoPerBeat;
/// assert_eq!(Factoring::Neuberg.apply(&m, 6, 5, two)?, Score::new(37, 5)?);
/// assert_eq!(Factoring::TiesForMissing.apply(&m, 6, 5, two)?, Score::integer(7));
/// assert_eq!(Factoring::Proportional.apply(&m, 6, 5, two)?, Score::new(15, 2)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Factoring {
    /// Neuberg's formula `(M + t)·E/A − t` (`t` the worth of a tie): the
    /// EBU, WBF and ACBL rule.
    #[default]
    Neuberg,
    /// Each missing result counted as a tie with every result present:
    /// `M + (E − A)·t`. The old manual method, ScoreBridge's "Simple" default.
    TiesForMissing,
    /// Stretched in proportion to the tops: `M · top(E) / top(A)`, a plain
    /// percentage among the results present (BBO, JFR Pary).
    Proportional,
}

impl Factoring {
    /// `m`, match points within a group of `actual` results on `scale`,
    /// brought up to `expected` results.
    ///
    /// # Errors
    /// [`ScoreError::DivisionByZero`] for `actual` of 0 (or 1 with
    /// [`Factoring::Proportional`], whose group has no top).
    pub fn apply(
        self,
        m: &Score,
        expected: usize,
        actual: usize,
        scale: Scale,
    ) -> Result<Score, ScoreError> {
        let e = Score::from(expected);
        let a = Score::from(actual);
        let t = scale.per_tie();
        match self {
            Factoring::Neuberg => Ok(((m + &t) * e).checked_div(&a)? - t),
            Factoring::TiesForMissing => Ok(m + t * (e - a)),
            Factoring::Proportional => (m * scale.top(expected)).checked_div(&scale.top(actual)),
        }
    }
}
