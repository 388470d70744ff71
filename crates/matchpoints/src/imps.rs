//! IMPs: the WBF/EBU scale, Butler scoring against a datum, and cross-IMPs.

use countback_model::{BoardNumber, HalfRule, Rounding, RoundingMode, Score};

use crate::error::BoardError;

/// Lower edge of each IMP band of the WBF/EBU scale: a difference of at
/// least `IMP_BANDS[k]` points is worth `k + 1` IMPs.
const IMP_BANDS: [i64; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
];

/// IMPs for a difference in points, by the WBF/EBU scale (0–10: 0,
/// 20–40: 1, … 4000 and more: 24), signed like the difference.
///
/// ```
/// use countback_matchpoints::imps;
/// assert_eq!(imps(0), 0);
/// assert_eq!(imps(10), 0);
/// assert_eq!(imps(20), 1);
/// assert_eq!(imps(-620), -12);
/// assert_eq!(imps(4000), 24);
/// ```
#[must_use]
pub fn imps(difference: i64) -> i64 {
    imps_for(&Score::integer(difference))
}

/// IMPs for an exact difference (a datum need not be a multiple of 10 when
/// a rule does not round it). A difference between two bands' edges, such
/// as 15, earns the lower band: a band starts at its printed lower edge.
#[must_use]
pub fn imps_for(difference: &Score) -> i64 {
    let magnitude = difference.abs();
    let band = IMP_BANDS
        .iter()
        .take_while(|edge| magnitude >= Score::integer(**edge))
        .count();
    let band = i64::try_from(band).unwrap_or(24);
    if difference.is_negative() {
        -band
    } else {
        band
    }
}

/// The datum rounding the real files use: nearest 10, an exact 5 away from
/// zero (`-445 → -450`, `125 → 130`).
#[must_use]
pub fn datum_rounding_nearest_ten() -> Rounding {
    match Rounding::new(
        Score::integer(10),
        RoundingMode::Nearest(HalfRule::AwayFromZero),
    ) {
        Ok(rounding) => rounding,
        // `Rounding::new` refuses only a step that is not positive, and 10
        // is positive: this arm is never taken (and no panic is needed).
        Err(_) => datum_rounding_nearest_ten(),
    }
}

/// A Butler board: the datum and each result's IMPs against it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Butler {
    /// The datum before rounding: the mean after dropping one highest and
    /// one lowest score.
    pub exact_datum: Score,
    /// The datum as the rule rounds it.
    pub datum: Score,
    /// NS IMPs of each score against the datum, in input order (EW get the
    /// negation).
    pub imps: Vec<i64>,
}

/// The Butler datum of one board: drop the single highest and the single
/// lowest NS score, take the mean of the rest, round it by `rounding`.
///
/// ```
/// use countback_matchpoints::{butler, datum_rounding_nearest_ten};
/// use countback_matchpoints::{BoardNumber, Score};
///
/// let b = butler(BoardNumber(1), &[620, 170, 140, -100], &datum_rounding_nearest_ten())?;
/// assert_eq!(b.exact_datum, Score::integer(155));
/// assert_eq!(b.datum, Score::integer(160)); // an exact 5 goes away from zero
/// assert_eq!(b.imps, [10, 0, -1, -6]);
/// # Ok::<(), countback_matchpoints::BoardError>(())
/// ```
pub fn butler(
    board: BoardNumber,
    ns_points: &[i32],
    rounding: &Rounding,
) -> Result<Butler, BoardError> {
    let exact_datum = butler_datum(board, ns_points)?;
    let datum = rounding
        .apply(&exact_datum)
        .map_err(|source| BoardError::Arithmetic { board, source })?;
    let imps = ns_points
        .iter()
        .map(|p| imps_for(&(Score::from(*p) - &datum)))
        .collect();
    Ok(Butler {
        exact_datum,
        datum,
        imps,
    })
}

/// The unrounded Butler datum: the mean of the NS scores after dropping
/// the single highest and the single lowest. Needs at least 3 scores.
pub fn butler_datum(board: BoardNumber, ns_points: &[i32]) -> Result<Score, BoardError> {
    if ns_points.len() < 3 {
        return Err(BoardError::TooFewResults {
            board,
            method: "a Butler datum",
            needed: 3,
            found: ns_points.len(),
        });
    }
    let (mut lo, mut hi, mut sum) = (i64::MAX, i64::MIN, 0i64);
    for p in ns_points {
        let p = i64::from(*p);
        lo = lo.min(p);
        hi = hi.max(p);
        sum += p;
    }
    let kept = Score::integer(sum) - Score::integer(lo) - Score::integer(hi);
    kept.checked_div(&Score::from(ns_points.len() - 2))
        .map_err(|source| BoardError::Arithmetic { board, source })
}

/// Cross-IMPs: each NS score's IMPs against every other score on the board,
/// summed and divided by `n − 1`, in input order (EW get the negation).
///
/// ```
/// use countback_matchpoints::cross_imps;
/// use countback_matchpoints::{BoardNumber, Score};
///
/// let x = cross_imps(BoardNumber(1), &[420, 420, -50])?;
/// assert_eq!(x[0], Score::integer(5)); // (0 + 10) / 2
/// assert_eq!(x[2], Score::integer(-10));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn cross_imps(board: BoardNumber, ns_points: &[i32]) -> Result<Vec<Score>, BoardError> {
    let n = ns_points.len();
    if n < 2 {
        return Err(BoardError::TooFewResults {
            board,
            method: "cross-IMPs",
            needed: 2,
            found: n,
        });
    }
    let others = Score::from(n - 1);
    ns_points
        .iter()
        .map(|a| {
            let total: i64 = ns_points
                .iter()
                .map(|b| imps(i64::from(*a) - i64::from(*b)))
                .sum();
            Score::integer(total)
                .checked_div(&others)
                .map_err(|source| BoardError::Arithmetic { board, source })
        })
        .collect()
}
