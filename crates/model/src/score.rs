//! The exact score type.
//!
//! A [`Score`] is a rational number held in lowest terms. Most scores in a
//! real event are small fractions (`123/7`, `17/3`), so they live inline as a
//! pair of `i64`; every inline operation is computed in `i128`, where it cannot
//! overflow, and the result is reduced and checked to fit. When it does not
//! fit, the value is *promoted* to an arbitrary-precision rational instead of
//! failing or wrapping, and it is demoted again as soon as it fits. That keeps
//! sums of many Neuberg-factored boards exact at any event size.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::iter::Sum;
use std::ops::{Add, Mul, Neg, Sub};
use std::str::FromStr;

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::error::{NumberPart, ScoreError};

/// An exact rational score: match points, IMPs, VPs, aggregate points,
/// game points, percentages and tie-break values alike.
///
/// Addition, subtraction, multiplication and negation never fail: a result
/// that outgrows 64-bit fractions is promoted to arbitrary precision. The only
/// fallible operation is division, which reports a zero divisor as
/// [`ScoreError::DivisionByZero`] (see [`Score::checked_div`]).
///
/// ```
/// use countback_model::Score;
///
/// let m = Score::integer(12);
/// let exact: Score = (m * Score::integer(10) + Score::integer(3))
///     .checked_div(&Score::integer(7))?;
/// assert_eq!(exact.to_string(), "123/7");
/// # Ok::<(), countback_model::ScoreError>(())
/// ```
#[derive(Clone)]
pub struct Score(Repr);

#[derive(Clone)]
enum Repr {
    /// Invariant: `den > 0`, `gcd(num, den) == 1`, `num != i64::MIN`.
    Small { num: i64, den: i64 },
    /// Invariant: in lowest terms, positive denominator, and does *not* fit
    /// `Small` (so every value has exactly one representation).
    Big(Box<BigRational>),
}

/// The fast path could not hold a result; the promoting operations never
/// return this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct InlineOverflow;

impl fmt::Display for InlineOverflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("result does not fit a 64-bit fraction")
    }
}

fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    // Euclid on machine words; inputs are below 2^127 so nothing can overflow.
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

/// `a/b + c/d` of two inline fractions in 128 bits (it cannot overflow:
/// each term is a product of two 64-bit values), not yet reduced; one
/// denominator when they share it.
fn small_sum((a, b): (i64, i64), (c, d): (i64, i64)) -> (i128, i128) {
    if b == d {
        (i128::from(a) + i128::from(c), i128::from(b))
    } else {
        (
            i128::from(a) * i128::from(d) + i128::from(c) * i128::from(b),
            i128::from(b) * i128::from(d),
        )
    }
}

/// `a/b × c/d` of two inline fractions in 128 bits, not yet reduced.
fn small_product((a, b): (i64, i64), (c, d): (i64, i64)) -> (i128, i128) {
    (i128::from(a) * i128::from(c), i128::from(b) * i128::from(d))
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

/// Reduce `num/den` (with `den > 0`) computed in `i128` and try to fit it inline.
fn reduce_i128(num: i128, den: i128) -> Result<Score, (i128, i128)> {
    // Issue 30: a whole number needs no gcd, and a gcd of two machine words
    // is a hardware division a step, not a 128-bit one in software.
    if den == 1 {
        return match i64::try_from(num) {
            Ok(n) if n != i64::MIN => Ok(Score(Repr::Small { num: n, den: 1 })),
            _ => Err((num, den)),
        };
    }
    if let (Ok(n), Ok(d)) = (i64::try_from(num), i64::try_from(den)) {
        // 0 < g <= d, so g fits and divides both exactly.
        let g = i64::try_from(gcd_u64(n.unsigned_abs(), d.unsigned_abs())).unwrap_or(1);
        if n != i64::MIN && g > 0 {
            return Ok(Score(Repr::Small {
                num: n / g,
                den: d / g,
            }));
        }
    }
    let (a, b) = (num.unsigned_abs(), den.unsigned_abs());
    let g = match (u64::try_from(a), u64::try_from(b)) {
        (Ok(a), Ok(b)) => u128::from(gcd_u64(a, b)),
        _ => gcd_u128(a, b),
    };
    let (num, den) = if g > 1 {
        // g divides both exactly and g <= |den| < 2^127, so it fits i128.
        let g = i128::try_from(g).map_err(|_| (num, den))?;
        (num / g, den / g)
    } else {
        (num, den)
    };
    match (i64::try_from(num), i64::try_from(den)) {
        (Ok(n), Ok(d)) if n != i64::MIN => Ok(Score(Repr::Small { num: n, den: d })),
        _ => Err((num, den)),
    }
}

/// `n mod d` for a positive machine-word `d`: one pass over `n`'s digits.
fn mod_small(n: &BigInt, d: u64) -> u64 {
    (n.magnitude() % d).to_u64().unwrap_or(0)
}

/// `x + c/d` (with `d > 0`, `c/d` in lowest terms) in time linear in the
/// size of `x`. `BigRational`'s own addition takes the gcd of two big
/// numbers with Stein's binary algorithm, quadratic in their size even when
/// one of them is a machine word; summing thousands of fractions with
/// distinct prime denominators spent seconds there. Knuth's method (TAOCP
/// 4.5.1) needs only gcds with a machine word, each one `mod` away.
fn add_big_small(x: &BigRational, c: i64, d: i64) -> Score {
    let (a, b) = (x.numer(), x.denom());
    let Ok(d_u) = u64::try_from(d) else {
        return Score::from_big(x + BigRational::new(BigInt::from(c), BigInt::from(d)));
    };
    // g = gcd(b, d) <= d fits a machine word.
    let g = gcd_u64(mod_small(b, d_u), d_u).max(1);
    if g == 1 {
        // Coprime denominators: (a d + c b) / (b d) is already in lowest terms.
        let num = a * d + b * c;
        let den = b * d;
        return Score::from_big(BigRational::new_raw(num, den));
    }
    let d_over_g = d_u / g;
    let b_over_g: BigInt = b / g;
    let t: BigInt = a * d_over_g + &b_over_g * c;
    // gcd(t, b d / g) = gcd(t, g), and g is a machine word.
    let g2 = gcd_u64(mod_small(&t, g), g).max(1);
    let num = t / g2;
    let den = b_over_g * (d_u / g2);
    Score::from_big(BigRational::new_raw(num, den))
}

/// `x * c/d` (with `d > 0`, `c/d` in lowest terms), cancelling with gcds
/// of a big number and a machine word only (see [`add_big_small`]).
fn mul_big_small(x: &BigRational, c: i64, d: i64) -> Score {
    let (a, b) = (x.numer(), x.denom());
    let (Ok(d_u), Some(c_u)) = (u64::try_from(d), Some(c.unsigned_abs())) else {
        return Score::from_big(x * BigRational::new(BigInt::from(c), BigInt::from(d)));
    };
    if c_u == 0 {
        return Score::ZERO;
    }
    // Cross-cancel: gcd(a, d) and gcd(b, c), both machine words.
    let g1 = gcd_u64(mod_small(a, d_u), d_u).max(1);
    let g2 = gcd_u64(mod_small(b, c_u), c_u).max(1);
    let num: BigInt = (a / g1) * (BigInt::from(c) / g2);
    let den: BigInt = (b / g2) * (d_u / g1);
    Score::from_big(BigRational::new_raw(num, den))
}

/// `gcd(x, y)` of two big numbers by Lehmer's algorithm (Knuth, TAOCP
/// 4.5.2, Algorithm L): the quotients of Euclid's algorithm are found on
/// the leading 63 bits in machine words, and the big numbers are replaced
/// by one linear combination for a run of them, about 30 bits at a time. A
/// long sum's denominators are long on both sides (the EBU's tie-break
/// points add opponents' exact totals): `num-bigint`'s binary gcd takes a
/// step per bit, each step as long as the number, and 94 KB of fractions
/// summed in 13.5 s (issue 44). The larger is first reduced modulo the
/// smaller, so a short number against a long one costs one pass.
fn gcd_big(x: &BigInt, y: &BigInt) -> BigInt {
    let (mut u, mut v) = (x.magnitude().clone(), y.magnitude().clone());
    if u < v {
        std::mem::swap(&mut u, &mut v);
    }
    loop {
        if v.is_zero() {
            return BigInt::from(u);
        }
        if let (Some(a), Some(b)) = (u.to_u64(), v.to_u64()) {
            return BigInt::from(gcd_u64(a, b));
        }
        let shift = u.bits().saturating_sub(63);
        let (Some(uh), Some(vh)) = ((&u >> shift).to_u64(), (&v >> shift).to_u64()) else {
            // Both fit 63 bits after the shift; unreachable, but a plain
            // step is always correct.
            let r = &u % &v;
            u = std::mem::replace(&mut v, r);
            continue;
        };
        let (mut uh, mut vh) = (i128::from(uh), i128::from(vh));
        let (mut a, mut b, mut c, mut d) = (1i128, 0i128, 0i128, 1i128);
        // Each cosequence stays below 2^63 in size: no overflow in i128.
        loop {
            if vh + c == 0 || vh + d == 0 {
                break;
            }
            let q = (uh + a) / (vh + c);
            if q != (uh + b) / (vh + d) {
                break;
            }
            (a, c) = (c, a - q * c);
            (b, d) = (d, b - q * d);
            (uh, vh) = (vh, uh - q * vh);
        }
        if b == 0 {
            // No quotient could be certified from the leading bits: one
            // full division step.
            let r = &u % &v;
            u = std::mem::replace(&mut v, r);
        } else {
            let (bu, bv) = (BigInt::from(u), BigInt::from(v));
            let nu = &bu * a + &bv * b;
            let nv = bu * c + bv * d;
            // Lehmer's combinations are the remainders Euclid would reach:
            // never negative.
            u = nu.magnitude().clone();
            v = nv.magnitude().clone();
        }
    }
}

/// `a/b + c/d` of two promoted values by Knuth's method (TAOCP 4.5.1), every
/// gcd through [`gcd_big`], so that a short denominator (a number read, at
/// most [`MAX_SCORE_DIGITS`] digits) added to a long one (a running total)
/// costs a pass over the long one, not a gcd of two long numbers.
fn add_big_big(x: &BigRational, y: &BigRational) -> Score {
    let (a, b) = (x.numer(), x.denom());
    let (c, d) = (y.numer(), y.denom());
    let g = gcd_big(b, d);
    if g.is_one() {
        return Score::from_big(BigRational::new_raw(a * d + b * c, b * d));
    }
    let b_over_g = b / &g;
    let t: BigInt = a * (d / &g) + c * &b_over_g;
    // gcd(t, b d / g) = gcd(t, g); g is no longer than the shorter denominator.
    let g2 = gcd_big(&t, &g);
    let den = b_over_g * (d / &g2);
    Score::from_big(BigRational::new_raw(t / g2, den))
}

/// `a/b × c/d` of two promoted values, cross-cancelled (`gcd(a, d)`,
/// `gcd(c, b)`) through [`gcd_big`]: both factors are then in lowest terms
/// against each other, so the product is too.
fn mul_big_big(x: &BigRational, y: &BigRational) -> Score {
    let (a, b) = (x.numer(), x.denom());
    let (c, d) = (y.numer(), y.denom());
    if a.is_zero() || c.is_zero() {
        return Score::ZERO;
    }
    let g1 = gcd_big(a, d);
    let g2 = gcd_big(c, b);
    let num = (a / &g1) * (c / &g2);
    let den = (b / &g2) * (d / &g1);
    Score::from_big(BigRational::new_raw(num, den))
}

fn big_from_i128(num: i128, den: i128) -> Score {
    Score::from_big(BigRational::new(BigInt::from(num), BigInt::from(den)))
}

/// The two sides of a commutative operation by representation: both
/// inline (as `(num, den)`), one big and one inline, or both big.
enum Sides<'s> {
    Small((i64, i64), (i64, i64)),
    Mixed(&'s BigRational, i64, i64),
    Big(&'s BigRational, &'s BigRational),
}

impl<'s> Sides<'s> {
    #[inline]
    fn of(a: &'s Score, b: &'s Score) -> Sides<'s> {
        match (&a.0, &b.0) {
            (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) => {
                Sides::Small((*a, *b), (*c, *d))
            }
            (Repr::Big(x), Repr::Small { num, den }) | (Repr::Small { num, den }, Repr::Big(x)) => {
                Sides::Mixed(x, *num, *den)
            }
            (Repr::Big(x), Repr::Big(y)) => Sides::Big(x, y),
        }
    }
}

impl Score {
    /// Zero.
    pub const ZERO: Score = Score(Repr::Small { num: 0, den: 1 });
    /// One.
    pub const ONE: Score = Score(Repr::Small { num: 1, den: 1 });

    /// A whole number.
    #[must_use]
    pub fn integer(value: i64) -> Score {
        if value == i64::MIN {
            return Score::from_big(BigRational::from_integer(BigInt::from(value)));
        }
        Score(Repr::Small { num: value, den: 1 })
    }

    /// `numerator / denominator`, reduced. A zero denominator is an error,
    /// never a panic.
    pub fn new(numerator: i64, denominator: i64) -> Result<Score, ScoreError> {
        if denominator == 0 {
            return Err(ScoreError::DivisionByZero);
        }
        let (n, d) = if denominator < 0 {
            (-i128::from(numerator), -i128::from(denominator))
        } else {
            (i128::from(numerator), i128::from(denominator))
        };
        Ok(reduce_i128(n, d).unwrap_or_else(|(n, d)| big_from_i128(n, d)))
    }

    /// Build from an arbitrary-precision rational (any representation).
    #[must_use]
    pub fn from_big(value: BigRational) -> Score {
        // BigRational keeps itself reduced with a positive denominator.
        let small = (value.numer().to_i64(), value.denom().to_i64());
        match small {
            (Some(n), Some(d)) if n != i64::MIN => Score(Repr::Small { num: n, den: d }),
            _ => Score(Repr::Big(Box::new(value))),
        }
    }

    /// The value as an arbitrary-precision rational.
    #[must_use]
    pub fn to_big(&self) -> BigRational {
        match &self.0 {
            Repr::Small { num, den } => {
                BigRational::new_raw(BigInt::from(*num), BigInt::from(*den))
            }
            Repr::Big(b) => (**b).clone(),
        }
    }

    /// Numerator in lowest terms (the sign lives here).
    #[must_use]
    /// The numerator and denominator while the value is held inline (the
    /// common case), for fast paths that would otherwise go through
    /// big integers.
    pub(crate) fn small_parts(&self) -> Option<(i64, i64)> {
        match &self.0 {
            Repr::Small { num, den } => Some((*num, *den)),
            Repr::Big(_) => None,
        }
    }

    /// The numerator, in lowest terms.
    pub fn numer(&self) -> BigInt {
        match &self.0 {
            Repr::Small { num, .. } => BigInt::from(*num),
            Repr::Big(b) => b.numer().clone(),
        }
    }

    /// Denominator in lowest terms, always positive.
    #[must_use]
    pub fn denom(&self) -> BigInt {
        match &self.0 {
            Repr::Small { den, .. } => BigInt::from(*den),
            Repr::Big(b) => b.denom().clone(),
        }
    }

    /// Whether the value lives on the inline fast path.
    #[must_use]
    pub fn is_inline(&self) -> bool {
        matches!(self.0, Repr::Small { .. })
    }

    /// Whether the value is zero.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small { num: 0, .. })
    }

    /// Whether the value is a whole number.
    #[must_use]
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small { den, .. } => *den == 1,
            Repr::Big(b) => b.is_integer(),
        }
    }

    /// `-1`, `0` or `1`.
    #[must_use]
    pub fn signum(&self) -> i8 {
        match &self.0 {
            Repr::Small { num, .. } => i8::try_from(num.signum()).unwrap_or_default(),
            Repr::Big(b) => match b.numer().sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            },
        }
    }

    /// Absolute value.
    #[must_use]
    pub fn abs(&self) -> Score {
        if self.signum() < 0 {
            -self
        } else {
            self.clone()
        }
    }

    /// Largest whole number not above the value.
    #[must_use]
    pub fn floor(&self) -> Score {
        match &self.0 {
            Repr::Small { num, den } => Score::integer(num.div_floor(den)),
            Repr::Big(b) => Score::from_big(b.floor()),
        }
    }

    /// Smallest whole number not below the value.
    #[must_use]
    pub fn ceil(&self) -> Score {
        -(-self).floor()
    }

    /// Fast-path addition only: the exact sum if it fits a 64-bit fraction.
    ///
    /// The promoting `+` is what scoring code uses; this exists so the fast
    /// path can be measured and property-tested on its own.
    pub fn try_add_inline(&self, rhs: &Score) -> Result<Score, InlineOverflow> {
        self.try_inline(rhs, small_sum)
    }

    /// Fast-path multiplication only: the exact product if it fits.
    pub fn try_mul_inline(&self, rhs: &Score) -> Result<Score, InlineOverflow> {
        self.try_inline(rhs, small_product)
    }

    /// The fast path of an operation alone: both sides inline and the
    /// result of `small` fitting a 64-bit fraction once reduced (`+` and
    /// `*`, as [`Score::promoting`]'s).
    #[inline]
    fn try_inline(
        &self,
        rhs: &Score,
        small: impl FnOnce((i64, i64), (i64, i64)) -> (i128, i128),
    ) -> Result<Score, InlineOverflow> {
        match Sides::of(self, rhs) {
            Sides::Small(x, y) => {
                let (num, den) = small(x, y);
                reduce_i128(num, den).map_err(|_| InlineOverflow)
            }
            Sides::Mixed(..) | Sides::Big(..) => Err(InlineOverflow),
        }
    }

    /// One operation, promoting: `small` on two inline sides (a result
    /// that does not fit 64 bits once reduced goes big), `mixed` on a big
    /// and an inline one, `big` on two big ones. For commutative
    /// operations only (`+`, `*`): `mixed` is not told which side was big.
    #[inline]
    fn promoting(
        &self,
        rhs: &Score,
        small: impl FnOnce((i64, i64), (i64, i64)) -> (i128, i128),
        mixed: impl FnOnce(&BigRational, i64, i64) -> Score,
        big: impl FnOnce(&BigRational, &BigRational) -> Score,
    ) -> Score {
        match Sides::of(self, rhs) {
            Sides::Small(x, y) => {
                let (num, den) = small(x, y);
                reduce_i128(num, den).unwrap_or_else(|(n, d)| big_from_i128(n, d))
            }
            Sides::Mixed(x, num, den) => mixed(x, num, den),
            Sides::Big(x, y) => big(x, y),
        }
    }

    fn add_ref(&self, rhs: &Score) -> Score {
        self.promoting(rhs, small_sum, add_big_small, add_big_big)
    }

    fn mul_ref(&self, rhs: &Score) -> Score {
        self.promoting(rhs, small_product, mul_big_small, mul_big_big)
    }

    /// `self / rhs`; a zero divisor is [`ScoreError::DivisionByZero`].
    pub fn checked_div(&self, rhs: &Score) -> Result<Score, ScoreError> {
        // Two whole numbers (a total over a maximum): one fraction, reduced
        // once (issue 30).
        if let (Repr::Small { num: a, den: 1 }, Repr::Small { num: c, den: 1 }) = (&self.0, &rhs.0)
        {
            return Score::new(*a, *c);
        }
        Ok(self.mul_ref(&rhs.recip()?))
    }

    /// `1 / self`; zero is [`ScoreError::DivisionByZero`].
    pub fn recip(&self) -> Result<Score, ScoreError> {
        match &self.0 {
            Repr::Small { num: 0, .. } => Err(ScoreError::DivisionByZero),
            // Already in lowest terms, and `num != i64::MIN`, `0 < den`: the
            // reciprocal is inline as it is, with the sign moved up.
            Repr::Small { num, den } if *num < 0 => Ok(Score(Repr::Small {
                num: -*den,
                den: -*num,
            })),
            Repr::Small { num, den } => Ok(Score(Repr::Small {
                num: *den,
                den: *num,
            })),
            Repr::Big(b) => Ok(Score::from_big(b.recip())),
        }
    }

    /// The larger of two scores (the first on a tie).
    #[must_use]
    pub fn max(self, other: Score) -> Score {
        if other > self {
            other
        } else {
            self
        }
    }

    /// The smaller of two scores (the first on a tie).
    #[must_use]
    pub fn min(self, other: Score) -> Score {
        if other < self {
            other
        } else {
            self
        }
    }

    /// Parse the canonical text form (`"123/7"`, `"-4"`) or an exact decimal
    /// (`"17.6"`, `"-0.05"`).
    pub fn parse(text: &str) -> Result<Score, ScoreError> {
        text.parse()
    }

    /// Render as a decimal with exactly `places` digits after the point,
    /// after rounding by `mode` (integer arithmetic only).
    pub fn to_decimal(
        &self,
        places: u32,
        mode: &crate::round::RoundingMode,
    ) -> Result<String, ScoreError> {
        crate::round::to_decimal(self, places, mode)
    }
}

impl From<i64> for Score {
    fn from(value: i64) -> Score {
        Score::integer(value)
    }
}

impl From<i32> for Score {
    fn from(value: i32) -> Score {
        Score::integer(i64::from(value))
    }
}

impl From<u32> for Score {
    fn from(value: u32) -> Score {
        Score::integer(i64::from(value))
    }
}

impl From<usize> for Score {
    fn from(value: usize) -> Score {
        match i64::try_from(value) {
            Ok(v) => Score::integer(v),
            Err(_) => Score::from_big(BigRational::from_integer(BigInt::from(value))),
        }
    }
}

impl From<BigInt> for Score {
    fn from(value: BigInt) -> Score {
        Score::from_big(BigRational::from_integer(value))
    }
}

impl Default for Score {
    fn default() -> Score {
        Score::ZERO
    }
}

impl PartialEq for Score {
    // Inlined into other crates' sorts and searches (issue 30).
    #[inline]
    fn eq(&self, other: &Score) -> bool {
        // Both representations are canonical, so structural equality is exact.
        match (&self.0, &other.0) {
            (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) => a == c && b == d,
            // Field by field: `BigRational`'s own `==` compares by continued
            // fractions, one recursion a step (issue 44).
            (Repr::Big(x), Repr::Big(y)) => x.numer() == y.numer() && x.denom() == y.denom(),
            _ => false,
        }
    }
}

impl Eq for Score {}

impl Hash for Score {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Small { num, den } => {
                0u8.hash(state);
                num.hash(state);
                den.hash(state);
            }
            // The canonical parts, not `BigRational`'s hash: that one walks
            // the continued fraction recursively, one stack frame a step, and
            // a 7,000-digit `p/q` overflowed a thread's stack (issue 44).
            // Both forms are in lowest terms, so equal values hash alike.
            Repr::Big(b) => {
                1u8.hash(state);
                b.numer().hash(state);
                b.denom().hash(state);
            }
        }
    }
}

impl Ord for Score {
    // Inlined into other crates' sorts and searches (issue 30).
    #[inline]
    fn cmp(&self, other: &Score) -> Ordering {
        match (&self.0, &other.0) {
            // One denominator (whole numbers above all): the numerators decide.
            (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) if b == d => a.cmp(c),
            (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) => {
                (i128::from(*a) * i128::from(*d)).cmp(&(i128::from(*c) * i128::from(*b)))
            }
            _ => cmp_big(self, other),
        }
    }
}

/// The order of two scores of which one at least is promoted: rare, kept
/// out of the inlined comparison. By the signs, then `a·d` against `c·b`
/// (denominators are positive): two products, no recursion.
/// `BigRational`'s own order recurses once per continued-fraction step,
/// which overflowed the stack on long fractions (issue 44).
#[cold]
fn cmp_big(x: &Score, y: &Score) -> Ordering {
    let by_sign = x.signum().cmp(&y.signum());
    if by_sign != Ordering::Equal {
        return by_sign;
    }
    let (a, b, c, d) = (x.numer(), x.denom(), y.numer(), y.denom());
    if b == d {
        return a.cmp(&c);
    }
    (a * d).cmp(&(c * b))
}

impl PartialOrd for Score {
    // Inlined into other crates' sorts and searches (issue 30).
    #[inline]
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

macro_rules! forward_binop {
    ($trait:ident, $method:ident, $body:expr) => {
        impl $trait<&Score> for &Score {
            type Output = Score;
            fn $method(self, rhs: &Score) -> Score {
                $body(self, rhs)
            }
        }
        impl $trait<Score> for Score {
            type Output = Score;
            fn $method(self, rhs: Score) -> Score {
                $body(&self, &rhs)
            }
        }
        impl $trait<&Score> for Score {
            type Output = Score;
            fn $method(self, rhs: &Score) -> Score {
                $body(&self, rhs)
            }
        }
        impl $trait<Score> for &Score {
            type Output = Score;
            fn $method(self, rhs: Score) -> Score {
                $body(self, &rhs)
            }
        }
    };
}

forward_binop!(Add, add, |a: &Score, b: &Score| a.add_ref(b));
forward_binop!(Sub, sub, |a: &Score, b: &Score| a.add_ref(&-b));
forward_binop!(Mul, mul, |a: &Score, b: &Score| a.mul_ref(b));

impl Neg for &Score {
    type Output = Score;
    fn neg(self) -> Score {
        match &self.0 {
            // num != i64::MIN, so -num cannot overflow.
            Repr::Small { num, den } => Score(Repr::Small {
                num: -num,
                den: *den,
            }),
            Repr::Big(b) => Score::from_big(-(**b).clone()),
        }
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        -&self
    }
}

impl std::ops::AddAssign<&Score> for Score {
    // Inlined, for totals summed in other crates (issue 30).
    #[inline]
    fn add_assign(&mut self, rhs: &Score) {
        // Whole numbers, as match points on the 2/1 scale are: added in
        // place, no gcd, no new value (issue 30: summing a session's cells
        // was most of its standings).
        if let (Repr::Small { num: a, den: 1 }, Repr::Small { num: c, den: 1 }) =
            (&mut self.0, &rhs.0)
        {
            if let Some(sum) = a.checked_add(*c).filter(|s| *s != i64::MIN) {
                *a = sum;
                return;
            }
        }
        *self = self.add_ref(rhs);
    }
}

impl std::ops::AddAssign<Score> for Score {
    fn add_assign(&mut self, rhs: Score) {
        *self = self.add_ref(&rhs);
    }
}

impl std::ops::SubAssign<&Score> for Score {
    fn sub_assign(&mut self, rhs: &Score) {
        *self = self.add_ref(&-rhs);
    }
}

impl Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, |acc, x| acc.add_ref(&x))
    }
}

impl<'a> Sum<&'a Score> for Score {
    fn sum<I: Iterator<Item = &'a Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, |acc, x| acc.add_ref(x))
    }
}

/// Canonical text: `"n"` for whole numbers, `"n/d"` otherwise, in lowest terms.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small { num, den: 1 } => write!(f, "{num}"),
            Repr::Small { num, den } => write!(f, "{num}/{den}"),
            Repr::Big(b) if b.is_integer() => write!(f, "{}", b.numer()),
            Repr::Big(b) => write!(f, "{}/{}", b.numer(), b.denom()),
        }
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Score({self})")
    }
}

/// The longest score text read: far beyond any real score (a sum of 10,000
/// Neuberg-factored boards prints in well under this), and short enough that
/// parsing it stays fast.
pub const MAX_SCORE_TEXT: usize = 100_000;

/// The most digits the numerator, and the denominator, of an exact number
/// read from text may have (leading zeros not counted; a decimal `i.f` is
/// `if / 10^len(f)`, so it may have at most 99 places). A real score has a
/// handful; an exact total of a large field, its denominator the lcm of
/// every board's result count, has a few dozen. Past it a number is
/// refused as it is read ([`ScoreError::TooManyDigits`]), so that no
/// number read costs more than a few machine words to hash, compare or
/// add (issue 44: a `p/q` of 7,000-digit parts overflowed the page's stack,
/// one of 49,000 the command line's).
pub const MAX_SCORE_DIGITS: usize = 100;

/// The most digits the least common multiple of the denominators of every
/// number read from one file may have, while a reader has started
/// [`SharedDenominators`]. A bound on each number alone does not bound a
/// sum: 380 fractions of 99-digit denominators, each within
/// [`MAX_SCORE_DIGITS`], summed to one denominator of 38,000 digits, and
/// the EBU's tie-break points then added such totals for minutes (issue
/// 44). With this bound every sum of numbers read has a denominator that
/// divides one of at most 100 digits (times the small counts a rule
/// divides by), so no exact arithmetic on them costs more than a few
/// machine words. Real files share small denominators: hundredths,
/// sevenths, the result counts of a Neuberg-factored board.
pub const MAX_COMMON_DENOMINATOR_DIGITS: usize = 100;

thread_local! {
    /// The common denominator of the numbers read so far by the reading
    /// under way on this thread, if one is.
    static COMMON: std::cell::RefCell<Option<BigInt>> = const { std::cell::RefCell::new(None) };
}

/// One file being read: while this value lives, every [`Score`]
/// deserialised on this thread has its denominator folded into a least
/// common multiple, and a number that would take it past
/// [`MAX_COMMON_DENOMINATOR_DIGITS`] digits is refused
/// ([`ScoreError::CommonDenominatorTooLong`]) at its field. A reading
/// started within another has a multiple of its own, and the outer one's
/// is kept for it.
#[must_use = "the bound holds only while the value lives"]
#[derive(Debug)]
#[non_exhaustive]
pub struct SharedDenominators(Option<BigInt>);

impl SharedDenominators {
    /// Start folding the denominators of the numbers read on this thread.
    pub fn start() -> SharedDenominators {
        SharedDenominators(COMMON.with(|c| c.replace(Some(BigInt::one()))))
    }
}

impl Drop for SharedDenominators {
    fn drop(&mut self) {
        let outer = self.0.take();
        COMMON.with(|c| *c.borrow_mut() = outer);
    }
}

/// Fold `value`'s denominator into the reading's common one (nothing when
/// no reading is under way or the value is whole).
#[cfg(feature = "serde")]
fn fold_denominator(value: &Score, text: &str) -> Result<(), ScoreError> {
    if value.is_integer() {
        return Ok(());
    }
    COMMON.with(|c| {
        let mut common = c.borrow_mut();
        let Some(lcm) = common.as_mut() else {
            return Ok(());
        };
        let den = value.denom();
        if (&*lcm % &den).is_zero() {
            return Ok(());
        }
        let next = &*lcm / gcd_big(lcm, &den) * den;
        let digits = next.magnitude().to_string().len();
        if digits > MAX_COMMON_DENOMINATOR_DIGITS {
            return Err(ScoreError::CommonDenominatorTooLong {
                text: excerpt(text),
                digits,
                limit: MAX_COMMON_DENOMINATOR_DIGITS,
            });
        }
        *lcm = next;
        Ok(())
    })
}

/// The first characters of a refused text, for its message.
fn excerpt(text: &str) -> String {
    if text.chars().count() <= 32 {
        text.to_owned()
    } else {
        text.chars().take(32).chain("…".chars()).collect()
    }
}

/// `digits` significant digits in `part` of `whole`: refused past the bound.
fn within_bound(digits: usize, part: NumberPart, whole: &str) -> Result<(), ScoreError> {
    if digits > MAX_SCORE_DIGITS {
        return Err(ScoreError::TooManyDigits {
            text: excerpt(whole),
            part,
            digits,
            limit: MAX_SCORE_DIGITS,
        });
    }
    Ok(())
}

/// The digits of `body` that count: leading zeros do not.
fn significant(body: &str) -> usize {
    body.trim_start_matches('0').len()
}

fn parse_int(text: &str, whole: &str, part: NumberPart) -> Result<BigInt, ScoreError> {
    // At most one sign: `+-1` is refused, not read as `-1` or `1`.
    let (negative, body) = match text.as_bytes().first() {
        Some(b'+') => (false, text.get(1..).unwrap_or("")),
        Some(b'-') => (true, text.get(1..).unwrap_or("")),
        _ => (false, text),
    };
    if body.starts_with(['+', '-']) {
        return Err(ScoreError::InvalidText {
            text: whole.to_owned(),
            reason: "more than one sign",
        });
    }
    let digits = if negative { text } else { body };
    if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ScoreError::InvalidText {
            text: whole.to_owned(),
            reason: "expected digits",
        });
    }
    within_bound(significant(body), part, whole)?;
    digits
        .parse::<BigInt>()
        .map_err(|_| ScoreError::InvalidText {
            text: whole.to_owned(),
            reason: "expected digits",
        })
}

impl FromStr for Score {
    type Err = ScoreError;

    fn from_str(text: &str) -> Result<Score, ScoreError> {
        if text.len() > MAX_SCORE_TEXT {
            return Err(ScoreError::InvalidText {
                text: text.chars().take(32).chain("…".chars()).collect(),
                reason: "longer than 100,000 characters",
            });
        }
        let t = text.trim();
        if let Some((n, d)) = t.split_once('/') {
            let n = parse_int(n.trim(), text, NumberPart::Numerator)?;
            let d = parse_int(d.trim(), text, NumberPart::Denominator)?;
            if d.is_zero() {
                return Err(ScoreError::DivisionByZero);
            }
            return Ok(Score::from_big(BigRational::new(n, d)));
        }
        if let Some((int, frac)) = t.split_once('.') {
            let negative = int.starts_with('-');
            let int_part = if int.is_empty() || int == "-" || int == "+" {
                BigInt::zero()
            } else {
                parse_int(int, text, NumberPart::Numerator)?
            };
            if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ScoreError::InvalidText {
                    text: text.to_owned(),
                    reason: "expected digits after the decimal point",
                });
            }
            // `i.f` is `if / 10^len(f)`: the places make the denominator,
            // and with the whole part's digits the numerator.
            within_bound(frac.len() + 1, NumberPart::Denominator, text)?;
            let whole_digits = significant(int.trim_start_matches(['+', '-']));
            let numerator_digits = if whole_digits == 0 {
                significant(frac)
            } else {
                whole_digits + frac.len()
            };
            within_bound(numerator_digits, NumberPart::Numerator, text)?;
            let scale = num_traits::pow(BigInt::from(10u8), frac.len());
            let frac_val = parse_int(frac, text, NumberPart::Numerator)?;
            let magnitude = int_part.abs() * &scale + frac_val;
            let num = if negative { -magnitude } else { magnitude };
            return Ok(Score::from_big(BigRational::new(num, scale)));
        }
        Ok(Score::from(parse_int(t, text, NumberPart::Numerator)?))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Score {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Score, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Score;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an exact score: an integer, or a string such as \"123/7\" or \"17.6\"")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Score, E> {
                Ok(Score::integer(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Score, E> {
                Ok(Score::from(BigInt::from(v)))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Score, E> {
                Err(E::custom(format_args!(
                    "{v} is a binary floating-point number, which cannot hold most decimals \
                     exactly; write it as a string, e.g. \"{v}\""
                )))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Score, E> {
                let value: Score = v.parse().map_err(E::custom)?;
                fold_denominator(&value, v).map_err(E::custom)?;
                Ok(value)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// Whole-number helpers used across the rule crates.
impl Score {
    /// `self * n` for a whole `n`.
    #[must_use]
    pub fn times(&self, n: i64) -> Score {
        self.mul_ref(&Score::integer(n))
    }

    /// The value as an `i64` when it is a whole number that fits.
    #[must_use]
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small { num, den: 1 } => Some(*num),
            _ => None,
        }
    }

    /// One half.
    #[must_use]
    pub fn half() -> Score {
        Score(Repr::Small { num: 1, den: 2 })
    }

    /// Whether `self` is positive.
    #[must_use]
    pub fn is_positive(&self) -> bool {
        self.signum() > 0
    }

    /// Whether `self` is negative.
    #[must_use]
    pub fn is_negative(&self) -> bool {
        self.signum() < 0
    }
}

impl One for Score {
    fn one() -> Score {
        Score::ONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(t: &str) -> Score {
        t.parse().unwrap()
    }

    #[test]
    fn canonical_text() {
        for (input, canonical) in [
            ("123/7", "123/7"),
            ("2/4", "1/2"),
            ("-6/-4", "3/2"),
            ("17.6", "88/5"),
            ("-0.05", "-1/20"),
            ("4", "4"),
            (".5", "1/2"),
            ("-.5", "-1/2"),
            ("3/-6", "-1/2"),
        ] {
            assert_eq!(s(input).to_string(), canonical, "{input}");
        }
    }

    #[test]
    fn bad_text_is_an_error() {
        for bad in [
            "", "1/0", "x", "1.", "1..2", "--1", "1/2/3", "1e5", "+-1.5", "-+1.5", "+-1", "++1",
            "+-1/2", "1/+-2", "+-.5", "-", "+", "1.+5", "1.-5", "- 1.5",
        ] {
            assert!(bad.parse::<Score>().is_err(), "{bad:?} parsed");
        }
    }

    /// Issue 17: `"+-1.5"` was read as +3/2, the sign lost.
    #[test]
    fn a_double_sign_is_refused_not_read() {
        for bad in ["+-1.5", "+-1", "-+1", "+-1/2"] {
            assert_eq!(
                bad.parse::<Score>(),
                Err(ScoreError::InvalidText {
                    text: bad.to_owned(),
                    reason: "more than one sign"
                }),
                "{bad:?}"
            );
        }
        assert_eq!(s("+1.5"), s("3/2"));
        assert_eq!(s("-1.5"), s("-3/2"));
        assert_eq!(s("+.5"), s("1/2"));
    }

    #[test]
    fn overlong_text_is_refused_up_front() {
        let long = "1".repeat(MAX_SCORE_TEXT + 1);
        assert!(long.parse::<Score>().is_err());
        let ok = format!("{}{}", "0".repeat(MAX_SCORE_TEXT - 200), "7".repeat(100));
        assert!(ok.parse::<Score>().is_ok());
    }

    /// Issue 44: the page's upload, `p/q` with 7,000-digit parts, and the
    /// command line's 49,000-digit fraction are refused as read, naming
    /// the part and the bound; a decimal's places are its denominator.
    #[test]
    fn a_number_past_the_digit_bound_is_refused_naming_its_part() {
        let seven = format!("{}/{}", "7".repeat(7_000), "3".repeat(7_000));
        let err = seven.parse::<Score>().unwrap_err();
        assert!(
            matches!(
                &err,
                ScoreError::TooManyDigits { part: NumberPart::Numerator, digits: 7_000, limit: 100, text }
                    if text.chars().count() == 33
            ),
            "{err:?}"
        );
        let below = format!("1/{}", "9".repeat(49_000));
        assert!(matches!(
            below.parse::<Score>(),
            Err(ScoreError::TooManyDigits {
                part: NumberPart::Denominator,
                digits: 49_000,
                ..
            })
        ));
        let places = format!("0.{}1", "0".repeat(99));
        assert!(matches!(
            places.parse::<Score>(),
            Err(ScoreError::TooManyDigits {
                part: NumberPart::Denominator,
                digits: 101,
                ..
            })
        ));
        // At the bound, and leading zeros are not digits that count.
        let at = format!("-{}/{}", "9".repeat(100), "7".repeat(100));
        assert!(at.parse::<Score>().is_ok());
        assert!(format!("0.{}", "5".repeat(99)).parse::<Score>().is_ok());
        assert!(format!("000{}", "1".repeat(100)).parse::<Score>().is_ok());
        assert!(format!("{}.5", "1".repeat(100)).parse::<Score>().is_err());
    }

    /// `F(n+1)/F(n)`: a continued fraction of `n` steps, all ones.
    fn fibonacci_ratio(n: usize) -> Score {
        let (mut a, mut b) = (BigInt::one(), BigInt::one());
        for _ in 0..n {
            let next = &a + &b;
            a = b;
            b = next;
        }
        Score::from_big(BigRational::new(b, a))
    }

    /// Issue 44: hashing, comparing and printing a fraction whose continued
    /// fraction is 30,000 steps long recursed once a step (in
    /// `BigRational`'s `Hash` and `Ord`) and overflowed the stack; on a
    /// 256 KiB stack it must now finish.
    #[test]
    fn a_long_continued_fraction_is_hashed_and_compared_without_recursion() {
        let done = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(|| {
                let x = fibonacci_ratio(30_000);
                let y = fibonacci_ratio(30_001);
                let mut set = std::collections::HashSet::new();
                set.insert(x.clone());
                set.insert(y.clone());
                set.insert(x.clone());
                // F(n+1)/F(n) alternates about the golden ratio: odd n above.
                (set.len(), x.cmp(&y), x == y, x.to_string().len())
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(done.0, 2);
        assert_eq!(done.1, Ordering::Less);
        assert!(!done.2);
        assert!(done.3 > 12_000);
    }

    /// Issue 44: a sum of fractions with long denominators (94 KB of them
    /// took 13.5 s: every addition a binary gcd of the growing total's
    /// denominator). 450 fractions at the digit bound, with denominators
    /// `10^99 + k`, summed and checked against the sum taken another way.
    #[test]
    fn a_sum_of_long_fractions_is_quick_and_exact() {
        let base = num_traits::pow(BigInt::from(10u8), 99);
        let terms: Vec<Score> = (1..=450u32)
            .map(|k| {
                let text = format!("{}/{}", k, &base + BigInt::from(2 * k + 1));
                text.parse().unwrap()
            })
            .collect();
        let start = std::time::Instant::now();
        let total: Score = terms.iter().sum();
        let took = start.elapsed();
        // The same sum in two halves, each summed backwards.
        let (a, b) = terms.split_at(200);
        let other = a.iter().rev().sum::<Score>() + b.iter().rev().sum::<Score>();
        assert_eq!(total, other);
        assert!(total.denom().bits() > 20_000);
        // 5 s, not 1: an unoptimised build takes 0.3–0.5 s alone and passed
        // 1 s by 5 % at a load of 15 on 2 cores; the binary gcd this guards
        // against took 13.5 s on 94 KB optimised, far past either bound.
        assert!(took < std::time::Duration::from_secs(5), "took {took:?}");
        // Subtracting every term back leaves nothing.
        let back = terms.iter().fold(total, |acc, t| acc - t);
        assert_eq!(back, Score::ZERO);
    }

    /// Lehmer's gcd against `num-bigint`'s binary one, on numbers of a
    /// word to a few hundred words, with common factors and without, and
    /// of very different lengths.
    #[test]
    fn lehmer_gcd_is_the_binary_gcd() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut number = |words: usize| {
            #[allow(clippy::cast_possible_truncation)] // The high half of a word.
            let digits: Vec<u32> = (0..words * 2).map(|_| (next() >> 32) as u32).collect();
            BigInt::from_slice(Sign::Plus, &digits)
        };
        for (i, (m, n, k)) in [
            (1, 1, 0),
            (2, 1, 1),
            (3, 3, 2),
            (40, 40, 5),
            (40, 39, 0),
            (200, 3, 4),
            (300, 300, 100),
            (5, 500, 7),
            (64, 64, 64),
        ]
        .into_iter()
        .enumerate()
        {
            let common = number(k).max(BigInt::one());
            let x = number(m) * &common;
            let y = number(n) * &common;
            assert_eq!(gcd_big(&x, &y), x.gcd(&y), "case {i}");
            assert_eq!(gcd_big(&-&x, &y), x.gcd(&y), "case {i}, a sign");
            assert_eq!(gcd_big(&x, &x), x.clone(), "case {i}, itself");
            assert_eq!(gcd_big(&x, &BigInt::zero()), x.clone(), "case {i}, zero");
        }
        // Consecutive Fibonacci numbers: the longest run of quotients 1.
        let f = fibonacci_ratio(5_000);
        assert!(gcd_big(&f.numer(), &f.denom()).is_one());
    }

    #[test]
    fn promotion_and_demotion() {
        let big = Score::integer(i64::MAX) + Score::ONE;
        assert!(!big.is_inline());
        let back = &big - &Score::ONE;
        assert!(back.is_inline());
        assert_eq!(back, Score::integer(i64::MAX));
        assert!(Score::integer(i64::MIN).to_string() == i64::MIN.to_string());
    }

    #[test]
    fn division_by_zero_is_an_error() {
        assert_eq!(
            Score::ONE.checked_div(&Score::ZERO),
            Err(ScoreError::DivisionByZero)
        );
        assert_eq!(Score::new(1, 0), Err(ScoreError::DivisionByZero));
    }

    /// The machine-word fast paths (issue 30: a whole number needs no gcd,
    /// a reciprocal none, a gcd of two words is a hardware division) give
    /// exactly what big rationals give, held inline exactly when the value
    /// fits, at the edges of `i64` too.
    #[test]
    fn inline_arithmetic_is_big_arithmetic() {
        let edges = [
            i64::MIN + 1,
            -(1 << 40) - 3,
            -360,
            -7,
            -1,
            0,
            1,
            2,
            3,
            12,
            100,
            (1 << 40) + 1,
            i64::MAX - 1,
            i64::MAX,
        ];
        let dens = [1, 2, 3, 6, 7, 360, (1 << 31) - 1, i64::MAX];
        let mut values = vec![Score::integer(i64::MIN)];
        for n in edges {
            for d in dens {
                values.push(Score::new(n, d).unwrap());
            }
        }
        let same = |got: Score, want: BigRational, what: &str| {
            assert_eq!(got.to_big(), want, "{what}");
            let fits = want.numer().to_i64().is_some_and(|n| n != i64::MIN)
                && want.denom().to_i64().is_some();
            assert_eq!(got.is_inline(), fits, "{what}: inline exactly when it fits");
        };
        for a in &values {
            let (x, ix) = (a.to_big(), a.recip());
            match ix {
                Ok(r) => same(r, x.recip(), &format!("1 / {a}")),
                Err(_) => assert!(a.is_zero()),
            }
            for b in &values {
                let y = b.to_big();
                same(a + b, &x + &y, &format!("{a} + {b}"));
                let mut sum = a.clone();
                sum += b;
                same(sum, &x + &y, &format!("{a} += {b}"));
                same(a * b, &x * &y, &format!("{a} * {b}"));
                assert_eq!(a.cmp(b), x.cmp(&y), "{a} <=> {b}");
                if !b.is_zero() {
                    same(a.checked_div(b).unwrap(), &x / &y, &format!("{a} / {b}"));
                }
            }
        }
    }

    #[test]
    fn ordering_is_exact() {
        assert!(s("1/3") < s("0.3334"));
        assert!(s("-1/3") > s("-0.3334"));
        assert_eq!(s("10/20"), s("0.5"));
    }
}
