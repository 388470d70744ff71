//! The one formula: `(M·E + (E − A)) / A = MP·SF + (SF − 1)`.

use countback_matchpoints::Scale;
use countback_model::Score;

use crate::error::NormaliseError;

/// Scaling a group of `A` results up to `E` expected results:
/// `SF = E / A`.
///
/// Applied to a group's as-is match points `MP` (2 per beat), it gives
/// `MP·SF + (SF − 1)`, which is the EBU's `(M·E + (E − A)) / A` and
/// Neuberg's `(M + 1)·E/A − 1`: each result counts as `SF` results, one of
/// which is the pair itself.
///
/// ```
/// use countback_normalise::ScaleFactor;
/// use countback_normalise::Score;
///
/// let sf = ScaleFactor::new(10, 7)?;
/// assert_eq!(sf.apply(&Score::integer(12)), Score::new(123, 7)?);
/// // 3 → 4 then 4 → 5 is 3 → 5.
/// let chained = ScaleFactor::new(4, 3)?.then(&ScaleFactor::new(5, 4)?)?;
/// assert_eq!(chained, ScaleFactor::new(5, 3)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `0 < A ≤ E ≤ i64::MAX` however the value was made: deserialising goes
/// through [`ScaleFactor::new`] and fails with its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawScaleFactor"))]
pub struct ScaleFactor {
    expected: u64,
    actual: u64,
}

#[cfg(feature = "serde")]
countback_model::deserialize_through! {
    /// The serde form of [`ScaleFactor`], checked by `new` on the way in. The
    /// counts are read as `i64`, what `new` takes, so that a count beyond it is
    /// refused by the reader rather than clamped.
    #[serde(rename = "ScaleFactor")]
    struct RawScaleFactor { expected: i64, actual: i64 } => ScaleFactor::new -> NormaliseError
}

impl ScaleFactor {
    /// `E` expected results, `A` obtained. Refuses a negative count,
    /// `A = 0` and `E < A`.
    pub fn new(expected: i64, actual: i64) -> Result<ScaleFactor, NormaliseError> {
        for (what, value) in [("expected count E", expected), ("actual count A", actual)] {
            if value < 0 {
                return Err(NormaliseError::NegativeCount {
                    board: None,
                    what,
                    value,
                });
            }
        }
        if actual == 0 {
            return Err(NormaliseError::NoActualResults { board: None });
        }
        if expected < actual {
            return Err(NormaliseError::ExpectedBelowActual {
                board: None,
                expected,
                actual,
            });
        }
        Ok(ScaleFactor {
            expected: expected.unsigned_abs(),
            actual: actual.unsigned_abs(),
        })
    }

    /// The same from unsigned counts (no negative is possible).
    pub fn from_counts(expected: usize, actual: usize) -> Result<ScaleFactor, NormaliseError> {
        let e = i64::try_from(expected).unwrap_or(i64::MAX);
        let a = i64::try_from(actual).unwrap_or(i64::MAX);
        ScaleFactor::new(e, a)
    }

    /// `E`.
    #[must_use]
    pub fn expected(&self) -> u64 {
        self.expected
    }

    /// `A`.
    #[must_use]
    pub fn actual(&self) -> u64 {
        self.actual
    }

    /// `SF = E / A`.
    #[must_use]
    pub fn factor(&self) -> Score {
        // A > 0 by construction.
        Score::from(count_i64(self.expected))
            .checked_div(&Score::from(count_i64(self.actual)))
            .unwrap_or_default()
    }

    /// The offset `SF − 1`: what a pair earns for the extra copies of
    /// itself it would tie with.
    #[must_use]
    pub fn offset(&self) -> Score {
        self.factor() - Score::ONE
    }

    /// Whether nothing is missing (`E = A`, `SF = 1`).
    #[must_use]
    pub fn is_identity(&self) -> bool {
        self.expected == self.actual
    }

    /// `MP·SF + (SF − 1)`, for match points on the 2-per-beat scale.
    #[must_use]
    pub fn apply(&self, mp: &Score) -> Score {
        self.apply_on(mp, Scale::TwoPerBeat)
    }

    /// Normalise on any scale: `(MP + t)·SF − t` with `t` the value of one
    /// tie (1 or ½).
    #[must_use]
    pub fn apply_on(&self, mp: &Score, scale: Scale) -> Score {
        let t = scale.per_tie();
        (mp + &t) * self.factor() - t
    }

    /// Scale `A → E` then `E → E'`: the same as `A → E'` directly.
    pub fn then(&self, next: &ScaleFactor) -> Result<ScaleFactor, NormaliseError> {
        if self.expected != next.actual {
            return Err(NormaliseError::FactorsDoNotChain {
                first_actual: self.actual,
                first_expected: self.expected,
                second_actual: next.actual,
                second_expected: next.expected,
            });
        }
        Ok(ScaleFactor {
            expected: next.expected,
            actual: self.actual,
        })
    }
}

fn count_i64(n: u64) -> i64 {
    // Counts above i64::MAX cannot be built by `new`.
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The EBU formula as printed in `001_…`: `(M·E + (E − A)) / A`, on the
/// 2-per-beat scale. `E < A`, `A = 0` and negative counts are errors.
///
/// ```
/// use countback_normalise::{neuberg, Score};
///
/// assert_eq!(neuberg(&Score::integer(4), 10, 3)?, Score::new(47, 3)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn neuberg(m: &Score, expected: i64, actual: i64) -> Result<Score, NormaliseError> {
    Ok(ScaleFactor::new(expected, actual)?.apply(m))
}

/// The scored-out-of table of `004_…` for a board played `X` times: top
/// `2(X − 1)`, board total `2X(X − 1)` (both directions), PAR `X − 1` on
/// the 2-per-beat scale (half of each on the 1-per-beat scale).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ScoredOutOf {
    /// `X`, times played.
    pub times_played: usize,
    /// The top.
    pub top: Score,
    /// What the whole board is scored out of, NS and EW together.
    pub board_total: Score,
    /// The PAR (average) result.
    pub par: Score,
}

impl ScoredOutOf {
    /// The row for `X` results on `scale`.
    ///
    /// ```
    /// use countback_normalise::{Scale, ScoredOutOf, Score};
    ///
    /// let row = ScoredOutOf::for_times_played(5, Scale::TwoPerBeat);
    /// assert_eq!(row.top, Score::integer(8));
    /// assert_eq!(row.board_total, Score::integer(40));
    /// assert_eq!(row.par, Score::integer(4));
    /// ```
    #[must_use]
    pub fn for_times_played(times_played: usize, scale: Scale) -> ScoredOutOf {
        ScoredOutOf {
            times_played,
            top: scale.top(times_played),
            board_total: scale.direction_total(times_played).times(2),
            par: scale.average(times_played),
        }
    }
}
