//! Rounding to a step, with the tie rule always spelt out.
//!
//! Rule books disagree on what to do with an exact half: the EBU rounds
//! `.05` toward the board average, Butler datums go away from zero, some
//! programs truncate. No rounding here happens without one of these rules
//! being named by the caller.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};

use crate::error::ScoreError;
use crate::score::Score;

/// What to do with a value exactly half-way between two steps.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", tag = "rule", content = "reference")
)]
#[non_exhaustive]
pub enum HalfRule {
    /// Toward a reference value, e.g. the board average (EBU fouled boards:
    /// "0.05 being rounded towards average"). A half that sits exactly on the
    /// reference cannot move toward it and falls back to [`HalfRule::Even`].
    TowardReference(Score),
    /// Away from a reference value (falls back to [`HalfRule::Even`] on it).
    AwayFromReference(Score),
    /// To the even multiple of the step (banker's rounding).
    Even,
    /// Toward positive infinity.
    Up,
    /// Toward negative infinity.
    Down,
    /// Toward zero.
    TowardZero,
    /// Away from zero (Butler datums: `-445 -> -450`, `125 -> 130`).
    AwayFromZero,
}

/// How a value is brought onto a multiple of the step.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum RoundingMode {
    /// To the nearest multiple; exact halves by the given rule.
    Nearest(HalfRule),
    /// Truncation: toward zero (what some programs print).
    TowardZero,
    /// Toward negative infinity.
    Floor,
    /// Toward positive infinity.
    Ceiling,
}

/// A rounding rule: a positive step and a mode.
///
/// ```
/// use countback_model::{HalfRule, Rounding, RoundingMode, Score};
///
/// // EBU: nearest 0.1, an exact .05 toward the average of 9.
/// let ebu = Rounding::new(
///     Score::parse("0.1")?,
///     RoundingMode::Nearest(HalfRule::TowardReference(Score::integer(9))),
/// )?;
/// assert_eq!(ebu.apply(&Score::parse("9.05")?)?, Score::integer(9));
/// assert_eq!(ebu.apply(&Score::parse("8.95")?)?, Score::integer(9));
/// assert_eq!(ebu.apply(&Score::parse("123/7")?)?, Score::parse("17.6")?);
/// # Ok::<(), countback_model::ScoreError>(())
/// ```
///
/// The step is positive however the value was made: deserialising goes
/// through [`Rounding::new`] and fails with its message.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawRounding"))]
pub struct Rounding {
    step: Score,
    mode: RoundingMode,
}

#[cfg(feature = "serde")]
crate::deserialize_through! {
    /// The serde form of [`Rounding`], checked by `new` on the way in.
    #[serde(rename = "Rounding")]
    struct RawRounding { step: Score, mode: RoundingMode } => Rounding::new -> ScoreError
}

impl Rounding {
    /// A rule rounding to multiples of `step` (which must be positive).
    pub fn new(step: Score, mode: RoundingMode) -> Result<Rounding, ScoreError> {
        if !step.is_positive() {
            return Err(ScoreError::NonPositiveStep { step });
        }
        Ok(Rounding { step, mode })
    }

    /// Round to `places` decimal places.
    pub fn decimal(places: u32, mode: RoundingMode) -> Result<Rounding, ScoreError> {
        Rounding::new(decimal_step(places)?, mode)
    }

    /// The step.
    #[must_use]
    pub fn step(&self) -> &Score {
        &self.step
    }

    /// The mode.
    #[must_use]
    pub fn mode(&self) -> &RoundingMode {
        &self.mode
    }

    /// Round `value` by this rule.
    pub fn apply(&self, value: &Score) -> Result<Score, ScoreError> {
        round(value, &self.step, &self.mode)
    }
}

fn decimal_step(places: u32) -> Result<Score, ScoreError> {
    // Up to 18 places the step is a machine-integer fraction: no big
    // power of ten per figure displayed.
    if let Some(scale) = 10i64.checked_pow(places) {
        return Score::new(1, scale);
    }
    let scale = Score::from(num_traits::pow(BigInt::from(10u8), places as usize));
    Score::ONE.checked_div(&scale)
}

/// Round `value` to a multiple of `step` by `mode`.
pub fn round(value: &Score, step: &Score, mode: &RoundingMode) -> Result<Score, ScoreError> {
    if !step.is_positive() {
        return Err(ScoreError::NonPositiveStep { step: step.clone() });
    }
    let q = value.checked_div(step)?;
    let lower = q.floor();
    if lower == q {
        return Ok(value.clone());
    }
    let upper = &lower + &Score::ONE;
    let chosen = match mode {
        RoundingMode::Floor => lower,
        RoundingMode::Ceiling => upper,
        RoundingMode::TowardZero => {
            if q.is_negative() {
                upper
            } else {
                lower
            }
        }
        RoundingMode::Nearest(rule) => {
            let frac = &q - &lower;
            match frac.cmp(&Score::half()) {
                std::cmp::Ordering::Less => lower,
                std::cmp::Ordering::Greater => upper,
                std::cmp::Ordering::Equal => half(rule, value, lower, upper),
            }
        }
    };
    Ok(chosen * step)
}

fn half(rule: &HalfRule, value: &Score, lower: Score, upper: Score) -> Score {
    let even = || {
        let l = lower.numer();
        if l.is_even() {
            lower.clone()
        } else {
            upper.clone()
        }
    };
    match rule {
        HalfRule::Up => upper,
        HalfRule::Down => lower,
        HalfRule::Even => even(),
        HalfRule::TowardZero => {
            if value.is_negative() {
                upper
            } else {
                lower
            }
        }
        HalfRule::AwayFromZero => {
            if value.is_negative() {
                lower
            } else {
                upper
            }
        }
        HalfRule::TowardReference(r) | HalfRule::AwayFromReference(r) => {
            let toward = matches!(rule, HalfRule::TowardReference(_));
            match value.cmp(r) {
                std::cmp::Ordering::Equal => even(),
                // Below the reference: toward it is up.
                std::cmp::Ordering::Less => {
                    if toward {
                        upper
                    } else {
                        lower
                    }
                }
                std::cmp::Ordering::Greater => {
                    if toward {
                        lower
                    } else {
                        upper
                    }
                }
            }
        }
    }
}

/// Render `value` with exactly `places` decimals after rounding by `mode`,
/// using integer arithmetic only.
pub fn to_decimal(value: &Score, places: u32, mode: &RoundingMode) -> Result<String, ScoreError> {
    // A value already a multiple of the last place shown (a whole number,
    // a half shown to one place, …) is its own rounding under every mode:
    // the usual cell of a big table, written without rounding arithmetic.
    if shown_exactly(value, places) {
        if let Some(text) = small_decimal(value, places) {
            return Ok(text);
        }
    }
    let rounded = round(value, &decimal_step(places)?, mode)?;
    // The usual case, a value held inline and a few places, stays in
    // machine integers: displays are written for every figure of a big
    // event, and big integers made them cost more than the rules.
    if let Some(text) = small_decimal(&rounded, places) {
        return Ok(text);
    }
    let scale = num_traits::pow(BigInt::from(10u8), places as usize);
    // rounded * 10^places is a whole number by construction.
    let scaled = rounded.numer() * &scale / rounded.denom();
    let negative = scaled.is_negative();
    let digits = scaled.abs().to_string();
    let places = places as usize;
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if places == 0 {
        out.push_str(&digits);
        return Ok(out);
    }
    let padded = format!("{digits:0>width$}", width = places + 1);
    let (int, frac) = padded.split_at(padded.len() - places);
    out.push_str(int);
    out.push('.');
    out.push_str(frac);
    // "-0.00" is not a number a scorer writes.
    if negative && scaled.is_zero() {
        out.remove(0);
    }
    Ok(out)
}

/// [`to_decimal`]'s digits for an inline value already rounded to
/// `places`, in `i128`; `None` when it does not fit (the caller then uses
/// big integers).
/// Whether `value`, held inline, is a whole number of `10^-places`.
fn shown_exactly(value: &Score, places: u32) -> bool {
    let Some((num, den)) = value.small_parts() else {
        return false;
    };
    let Some(scale) = 10i128.checked_pow(places) else {
        return false;
    };
    i128::from(num)
        .checked_mul(scale)
        .and_then(|scaled| scaled.checked_rem(i128::from(den)))
        == Some(0)
}

fn small_decimal(rounded: &Score, places: u32) -> Option<String> {
    let (num, den) = rounded.small_parts()?;
    let scale = 10i128.checked_pow(places)?;
    let scaled = i128::from(num)
        .checked_mul(scale)?
        .checked_div(i128::from(den))?;
    let digits = scaled.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + 3);
    if scaled < 0 {
        out.push('-');
    }
    let places = places as usize;
    if places == 0 {
        out.push_str(&digits);
        return Some(out);
    }
    if digits.len() <= places {
        out.push('0');
        out.push('.');
        out.extend(std::iter::repeat('0').take(places - digits.len()));
        out.push_str(&digits);
    } else {
        let (int, frac) = digits.split_at(digits.len() - places);
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The machine-integer path writes exactly what big integers write.
    #[test]
    fn the_fast_decimal_path_agrees_with_big_integers() {
        let big = |r: &Score, places: u32| {
            let scale = num_traits::pow(BigInt::from(10u8), places as usize);
            let scaled = r.numer() * &scale / r.denom();
            let digits = scaled.abs().to_string();
            let mut out = String::new();
            if scaled.is_negative() {
                out.push('-');
            }
            if places == 0 {
                out.push_str(&digits);
                return out;
            }
            let padded = format!("{digits:0>width$}", width = places as usize + 1);
            let (int, frac) = padded.split_at(padded.len() - places as usize);
            format!("{out}{int}.{frac}")
        };
        for den in 1..=40i64 {
            for num in -700..=700i64 {
                let v = Score::new(num, den).unwrap();
                for places in 0..=4u32 {
                    for mode in [
                        RoundingMode::Nearest(HalfRule::Even),
                        RoundingMode::Nearest(HalfRule::AwayFromZero),
                        RoundingMode::TowardZero,
                    ] {
                        let r = round(&v, &decimal_step(places).unwrap(), &mode).unwrap();
                        assert_eq!(
                            small_decimal(&r, places).unwrap(),
                            big(&r, places),
                            "{v} {places}"
                        );
                    }
                }
            }
        }
    }

    /// `to_decimal`'s shortcuts (a value shown exactly; a step of machine
    /// integers) write what rounding by a big-integer step writes, for
    /// every mode, sign and number of places.
    #[test]
    fn to_decimal_agrees_with_rounding_by_a_big_step() {
        for den in [1i64, 2, 3, 4, 5, 8, 10, 16, 25, 40, 100, 1000, 7919] {
            for num in -600..=600i64 {
                let v = Score::new(num, den).unwrap();
                for places in 0..=4u32 {
                    let step = Score::from(num_traits::pow(BigInt::from(10u8), places as usize))
                        .recip()
                        .unwrap();
                    for mode in [
                        RoundingMode::Nearest(HalfRule::Even),
                        RoundingMode::Nearest(HalfRule::AwayFromZero),
                        RoundingMode::Nearest(HalfRule::TowardZero),
                        RoundingMode::TowardZero,
                        RoundingMode::Floor,
                        RoundingMode::Ceiling,
                    ] {
                        let by_rounding = round(&v, &step, &mode).unwrap();
                        let expected: Score = by_rounding;
                        let text = to_decimal(&v, places, &mode).unwrap();
                        assert_eq!(s(&text), expected, "{v} at {places} places, {mode:?}");
                        assert_eq!(
                            text.split_once('.').map_or(0, |(_, f)| f.len()),
                            places as usize,
                            "{text}"
                        );
                    }
                }
            }
        }
    }

    fn s(t: &str) -> Score {
        t.parse().unwrap()
    }

    #[test]
    fn half_rules() {
        let step = s("10");
        let cases: [(&str, HalfRule, &str); 8] = [
            ("-445", HalfRule::AwayFromZero, "-450"),
            ("125", HalfRule::AwayFromZero, "130"),
            ("-5", HalfRule::AwayFromZero, "-10"),
            ("125", HalfRule::Even, "120"),
            ("135", HalfRule::Even, "140"),
            ("125", HalfRule::TowardZero, "120"),
            ("125", HalfRule::TowardReference(s("0")), "120"),
            ("-125", HalfRule::TowardReference(s("0")), "-120"),
        ];
        for (v, rule, want) in cases {
            let got = round(&s(v), &step, &RoundingMode::Nearest(rule.clone())).unwrap();
            assert_eq!(got, s(want), "{v} {rule:?}");
        }
    }

    #[test]
    fn decimals() {
        let up = RoundingMode::Nearest(HalfRule::Up);
        assert_eq!(to_decimal(&s("17/3"), 2, &up).unwrap(), "5.67");
        assert_eq!(
            to_decimal(&s("17/3"), 2, &RoundingMode::TowardZero).unwrap(),
            "5.66"
        );
        assert_eq!(to_decimal(&s("-1/3"), 2, &up).unwrap(), "-0.33");
        assert_eq!(to_decimal(&s("-1/1000"), 2, &up).unwrap(), "0.00");
        assert_eq!(to_decimal(&s("7"), 0, &up).unwrap(), "7");
        assert_eq!(to_decimal(&s("3/7"), 1, &up).unwrap(), "0.4");
    }

    #[test]
    fn non_positive_step_is_an_error() {
        assert!(Rounding::new(Score::ZERO, RoundingMode::Floor).is_err());
        assert!(Rounding::new(s("-1"), RoundingMode::Floor).is_err());
    }
}
