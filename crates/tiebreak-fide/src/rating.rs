//! The FIDE rating tables that the rating tie-breaks use (Handbook B.02
//! art. 8.1, shipped as data in `data/fide-b02-8.1.txt` with its source),
//! and the performance computations of C.07 art. 10.2 and 10.3.

use std::sync::OnceLock;

use countback_model::{HalfRule, Rounding, RoundingMode, Score};

use crate::error::FideError;

/// The tables as shipped.
const TABLE_TEXT: &str = include_str!("../data/fide-b02-8.1.txt");

/// The largest rating difference table 8.1.b lists.
pub const MAX_DIFFERENCE: u32 = 800;

/// B.02 table 8.1.a and 8.1.b, read from the shipped data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingTables {
    /// `dp` for a fractional score of `p` hundredths, `p` from 0 to 100.
    dp: Vec<i32>,
    /// The higher-rated player's scoring probability, in hundredths, for a
    /// rating difference from 0 to [`MAX_DIFFERENCE`].
    pd: Vec<u32>,
}

impl RatingTables {
    /// The tables (read once).
    pub fn get() -> Result<&'static RatingTables, FideError> {
        static TABLES: OnceLock<Result<RatingTables, String>> = OnceLock::new();
        TABLES
            .get_or_init(|| RatingTables::parse(TABLE_TEXT))
            .as_ref()
            .map_err(|e| FideError::RatingTable(e.clone()))
    }

    fn parse(text: &str) -> Result<RatingTables, String> {
        let mut dp: Vec<Option<i32>> = vec![None; 101];
        let mut pd: Vec<Option<u32>> = vec![None; 801];
        let mut section = "";
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if line.starts_with('[') {
                section = line;
                continue;
            }
            let numbers: Vec<i64> = line
                .split_whitespace()
                .map(str::parse)
                .collect::<Result<_, _>>()
                .map_err(|_| format!("line {}: not numbers", n + 1))?;
            match (section, numbers.as_slice()) {
                ("[8.1.a]", [p, value]) => {
                    let value = i32::try_from(*value).map_err(|e| e.to_string())?;
                    for (at, v) in [(*p, value), (100 - *p, -value)] {
                        let slot = usize::try_from(at)
                            .ok()
                            .and_then(|i| dp.get_mut(i))
                            .ok_or_else(|| format!("line {}: p out of range", n + 1))?;
                        *slot = Some(v);
                    }
                }
                ("[8.1.b]", [lo, hi, value]) => {
                    let value = u32::try_from(*value).map_err(|e| e.to_string())?;
                    for d in *lo..=*hi {
                        let slot = usize::try_from(d)
                            .ok()
                            .and_then(|i| pd.get_mut(i))
                            .ok_or_else(|| format!("line {}: D out of range", n + 1))?;
                        *slot = Some(value);
                    }
                }
                _ => return Err(format!("line {}: unexpected entry", n + 1)),
            }
        }
        let dp = dp
            .into_iter()
            .enumerate()
            .map(|(i, v)| v.ok_or_else(|| format!("8.1.a has no p = {i}")))
            .collect::<Result<_, _>>()?;
        let pd = pd
            .into_iter()
            .enumerate()
            .map(|(i, v)| v.ok_or_else(|| format!("8.1.b has no D = {i}")))
            .collect::<Result<_, _>>()?;
        Ok(RatingTables { dp, pd })
    }

    /// Table 8.1.a: the rating difference for a percentage score.
    #[must_use]
    pub fn dp(&self, percent: u32) -> i32 {
        usize::try_from(percent.min(100))
            .ok()
            .and_then(|i| self.dp.get(i))
            .copied()
            .unwrap_or_default()
    }

    /// Table 8.1.b: the expected score, in hundredths, of a player rated
    /// `own` against one rated `opponent` (differences beyond 800 count as 800).
    #[must_use]
    pub fn expected_hundredths(&self, own: i64, opponent: i64) -> u32 {
        let difference = own.saturating_sub(opponent);
        let magnitude = difference.unsigned_abs().min(u64::from(MAX_DIFFERENCE));
        let pd = usize::try_from(magnitude)
            .ok()
            .and_then(|i| self.pd.get(i))
            .copied()
            .unwrap_or(100);
        if difference >= 0 {
            pd
        } else {
            100 - pd
        }
    }
}

/// Round half up to a whole number (C.07 art. 10: ratings are whole numbers,
/// a half going up).
pub(crate) fn whole(value: &Score) -> Result<Score, FideError> {
    let rule = Rounding::new(Score::ONE, RoundingMode::Nearest(HalfRule::Up))?;
    Ok(rule.apply(value)?)
}

/// `num / den` (`den > 0`) rounded to a whole number with a half going
/// up, in machine integers: `floor((2 num + den) / (2 den))`, what
/// [`whole`] gives (the averages of art. 10 are of at most a few hundred
/// ratings or percentages, far inside `i128`).
pub(crate) fn whole_quotient(num: i128, den: i128) -> i128 {
    (2 * num + den).div_euclid(2 * den)
}

/// The mean of `ratings`, rounded to a whole number (art. 10.1); `None` for none.
pub(crate) fn average(ratings: &[i64]) -> Result<Option<Score>, FideError> {
    Ok(whole_average(ratings).map(Score::from))
}

fn whole_average(ratings: &[i64]) -> Option<i64> {
    if ratings.is_empty() {
        return None;
    }
    let sum: i128 = ratings.iter().map(|r| i128::from(*r)).sum();
    let len = i128::try_from(ratings.len()).ok()?;
    // A mean of i64 ratings is an i64.
    i64::try_from(whole_quotient(sum, len)).ok()
}

/// Art. 10.2: the average rating of the opponents plus the rating
/// difference (table 8.1.a) for the percentage scored, the percentage
/// rounded to a whole number with a half going up. `None` without
/// opponents. `halves`: the 1-½-0 score in half points.
pub(crate) fn performance(halves: i64, ratings: &[i64]) -> Result<Option<Score>, FideError> {
    let Some(aro) = whole_average(ratings) else {
        return Ok(None);
    };
    // The percentage: 100 × (halves / 2) / games = 50 × halves / games.
    let games = i128::try_from(ratings.len()).unwrap_or(i128::MAX);
    let percent = whole_quotient(i128::from(halves) * 50, games).clamp(0, 100);
    let percent = u32::try_from(percent).unwrap_or(0);
    let dp = RatingTables::get()?.dp(percent);
    Ok(Some(Score::from(aro) + Score::from(dp)))
}

/// Art. 10.3: the lowest whole rating whose expected score (table 8.1.b)
/// against the opponents is at least the score; a score of zero gives the
/// lowest opponent's rating less 800. `None` without opponents.
/// `halves`: the 1-½-0 score in half points.
pub(crate) fn perfect_performance(
    halves: i64,
    ratings: &[i64],
) -> Result<Option<Score>, FideError> {
    let (Some(low), Some(high)) = (ratings.iter().min(), ratings.iter().max()) else {
        return Ok(None);
    };
    let tables = RatingTables::get()?;
    let bound = i64::from(MAX_DIFFERENCE);
    if halves <= 0 {
        return Ok(Some(Score::from(low - bound)));
    }
    // The score in hundredths, as table 8.1.b gives expected scores.
    let wanted = i128::from(halves) * 50;
    let reaches = |rating: i64| {
        let total: i128 = ratings
            .iter()
            .map(|o| i128::from(tables.expected_hundredths(rating, *o)))
            .sum();
        total >= wanted
    };
    let (mut lo, mut hi) = (low - bound - 1, high + bound);
    if !reaches(hi) {
        // More than the number of games: no rating reaches it.
        return Ok(Some(Score::from(hi)));
    }
    // Invariant: reaches(hi) and !reaches(lo) (at lo every expected score is 0).
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if reaches(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(Some(Score::from(hi)))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_shipped_tables_cover_every_entry() {
        let t = RatingTables::get().unwrap();
        assert_eq!(t.dp(50), 0);
        assert_eq!(t.dp(100), 800);
        assert_eq!(t.dp(0), -800);
        assert_eq!(t.dp(83), 273);
        assert_eq!(t.dp(17), -273);
        assert_eq!(t.expected_hundredths(1600, 1600), 50);
        assert_eq!(t.expected_hundredths(1700, 1600), 64);
        assert_eq!(t.expected_hundredths(1600, 1700), 36);
        assert_eq!(t.expected_hundredths(2500, 1600), 100);
        assert_eq!(t.expected_hundredths(1600, 2500), 0);
    }

    /// The machine-integer rounding is `whole` (the rounding rule of the
    /// model) on every quotient of a range, halves included.
    #[test]
    fn whole_quotient_rounds_as_the_rule_does() {
        for den in 1..=24_i64 {
            for num in 0..=600_i64 {
                let exact = whole(&Score::new(num, den).unwrap()).unwrap();
                let fast = whole_quotient(i128::from(num), i128::from(den));
                assert_eq!(
                    Score::from(i64::try_from(fast).unwrap()),
                    exact,
                    "{num}/{den}"
                );
            }
        }
    }

    /// Source: B.02 table 8.1.a; 2 of 3 against 1800, 1900, 2000: ARO 1900,
    /// p = 67% -> dp 125, TPR 2025.
    #[test]
    fn performance_by_the_tables() {
        let tpr = performance(4, &[1800, 1900, 2000]).unwrap();
        assert_eq!(tpr, Some(Score::from(2025)));
        let ptp = perfect_performance(4, &[1800, 1900, 2000]).unwrap();
        // The lowest rating expected to score at least 2.00.
        let r = ptp.unwrap().to_i64().unwrap();
        let t = RatingTables::get().unwrap();
        let e = |x: i64| -> u32 {
            [1800, 1900, 2000]
                .iter()
                .map(|o| t.expected_hundredths(x, *o))
                .sum()
        };
        assert!(e(r) >= 200 && e(r - 1) < 200);
        assert_eq!(
            perfect_performance(0, &[1800, 1900]).unwrap(),
            Some(Score::from(1000))
        );
    }
}
