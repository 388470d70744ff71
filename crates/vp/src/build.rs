//! Building the tables: the continuous scale's hundredths and the discrete
//! scales' band bounds, each decision certified.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};

use crate::certified::{Fixed, QuadSqrt5, MAX_BITS, START_BITS};

/// Why a table could not be built; the caller adds the scale and board count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BuildError {
    /// A decision not taken at [`MAX_BITS`].
    Undecided { what: String, bits: u32 },
    /// An empty or negative band after the concavity pass.
    Degenerate(&'static str),
}

/// The smallest whole number of IMPs not below the blitz `15·√N`:
/// `⌈√(225·N)⌉`, exactly.
pub(crate) fn blitz_ceiling(boards: &BigRational) -> BigInt {
    // ⌈√x⌉ for rational x ≥ 0: s = ⌊√⌈x⌉⌋ … adjust.
    let x = boards * BigRational::from_integer(BigInt::from(225));
    let ceil_x = x.ceil().to_integer();
    let mut s = ceil_x.sqrt();
    // s² ≤ ⌈x⌉; ⌈√x⌉ is s if s² ≥ x, else s + 1.
    if BigRational::from_integer(&s * &s) < x {
        s += 1;
    }
    s
}

/// The WBF 2013 continuous scale before any correction: for each whole
/// margin `m` in `0..=⌈15√N⌉`, `min(2000, round(100·VP(m)))` with
/// `VP(m) = 10 + 10·(1 − r^(m/B))/(1 − r)`, `r = (√5 − 2)`, `B = 15√N`.
///
/// No margin can give a VP exactly half-way between two hundredths (see
/// `docs/vp.md`, "Why no tie can occur"), and the interval test is strict, so
/// each hundredth is proved, never guessed.
pub(crate) fn continuous_hundredths(boards: u32) -> Result<Vec<u32>, BuildError> {
    let n = BigRational::from_integer(BigInt::from(boards));
    let top = blitz_ceiling(&n)
        .to_u32()
        .ok_or(BuildError::Degenerate("the blitz margin does not fit"))?;
    let mut bits = START_BITS;
    loop {
        match continuous_at(&Fixed::new(bits), &n, top) {
            Ok(values) => return Ok(values),
            Err(margin) if bits >= MAX_BITS => {
                return Err(BuildError::Undecided {
                    what: format!("the hundredths of the VPs for a {margin} IMP margin"),
                    bits,
                })
            }
            Err(_) => bits *= 2,
        }
    }
}

/// One attempt at `f`'s precision; `Err(m)` names the first margin whose
/// hundredth the intervals could not settle.
fn continuous_at(f: &Fixed, n: &BigRational, top: u32) -> Result<Vec<u32>, u32> {
    let setup = || -> Option<_> {
        let ln_phi = f.ln_phi()?;
        let blitz = f.mul_int(&f.sqrt(n)?, 15);
        // r^(1/B) = e^(ln r / B), ln r = −3·ln φ.
        let step = f.exp(&f.div(&f.mul_int(&ln_phi, -3), &blitz)?)?;
        let one_minus_r = f.quad(&QuadSqrt5::new(
            BigRational::from_integer(BigInt::from(3)),
            -BigRational::one(),
        ))?;
        Some((step, one_minus_r))
    };
    let (step, one_minus_r) = setup().ok_or(0_u32)?;
    let one = f.int(1);
    let mut power = f.int(1); // r^(m/B)
    let mut out = Vec::with_capacity(usize::try_from(top).unwrap_or(0) + 1);
    for m in 0..=top {
        if m > 0 {
            power = f.mul(&power, &step);
        }
        let hundredths = f
            .div(&f.sub(&one, &power), &one_minus_r)
            .map(|frac| f.add(&f.int(1000), &f.mul_int(&frac, 1000)))
            .map(|v| f.min_int(&v, 2000))
            .and_then(|v| f.nearest(&v))
            .and_then(|k| k.to_u32())
            .ok_or(m)?;
        out.push(hundredths);
    }
    Ok(out)
}

/// The WBF's concavity correction of the rounded continuous scale: while
/// some increment is larger than the one before it, add 0.01 to the value
/// between them. Values only rise and never pass their right neighbour, so
/// the loop ends; the cap is a guard, not a rule.
pub(crate) fn concavity_correction(values: &mut [u32]) -> Result<(), BuildError> {
    for _ in 0..100_000 {
        let mut changed = false;
        for i in 1..values.len().saturating_sub(1) {
            let (Some(&a), Some(&b), Some(&c)) =
                (values.get(i - 1), values.get(i), values.get(i + 1))
            else {
                continue;
            };
            if i64::from(c) - i64::from(b) > i64::from(b) - i64::from(a) {
                if let Some(v) = values.get_mut(i) {
                    *v += 1;
                    changed = true;
                }
            }
        }
        if !changed {
            return Ok(());
        }
    }
    Err(BuildError::Degenerate(
        "the concavity correction did not settle",
    ))
}

/// The discrete scales' raw band tops, as the EBU's generator computes them:
/// for VP `mid + v` (`v = 0 … mid − 1`) the largest margin still awarding it
/// is `⌊I*⌋`, where `I*` is the margin at which the continuous curve reaches
/// `mid + v + ½`:
/// `I* = B · ln(1 − (1 − r)·q) / ln r`, `q = (v + ½)/mid`, `B = 15√N`.
///
/// `N` is rational (the 10-VP half-match scale uses half the half's boards).
pub(crate) fn discrete_raw_tops(boards: &BigRational, mid: i64) -> Result<Vec<i64>, BuildError> {
    (0..mid)
        .map(|v| {
            let q = BigRational::new(BigInt::from(2 * v + 1), BigInt::from(2 * mid));
            // a = 1 − (3 − √5)·q = (1 − 3q) + q·√5
            let three = BigRational::from_integer(BigInt::from(3));
            let a = QuadSqrt5::new(BigRational::one() - three * &q, q);
            floor_crossing(&a, boards).and_then(|top| {
                top.to_i64()
                    .ok_or(BuildError::Degenerate("a band bound does not fit"))
            })
        })
        .collect()
}

/// `⌊I*⌋` with `I* = −5·√N · ln a / ln φ` (that is `15√N · ln a / ln r`).
fn floor_crossing(a: &QuadSqrt5, n: &BigRational) -> Result<BigInt, BuildError> {
    // Exact case: a = φ^(−k) makes I* = 5k√N, whose floor is ⌊√(25k²N)⌋.
    if let Some((reduced, k)) = a.reduce_by_phi() {
        if reduced.is_one() {
            let x =
                n * BigRational::from_integer(BigInt::from(25) * BigInt::from(k) * BigInt::from(k));
            let root = x.floor().to_integer().sqrt();
            if k >= 0 {
                return Ok(root);
            }
            // I* = −5|k|√N: its floor is −⌈5|k|√N⌉.
            let exact = BigRational::from_integer(&root * &root) == x;
            return Ok(if exact { -root } else { -root - 1 });
        }
    }
    let mut bits = START_BITS;
    loop {
        let f = Fixed::new(bits);
        let attempt = || -> Option<BigInt> {
            let ln_phi = f.ln_phi()?;
            let ln_a = f.ln_quad(a, &ln_phi)?;
            let numerator = f.mul(&f.mul_int(&f.sqrt(n)?, -5), &ln_a);
            f.floor(&f.div(&numerator, &ln_phi)?)
        };
        if let Some(top) = attempt() {
            return Ok(top);
        }
        if bits >= MAX_BITS {
            return Err(BuildError::Undecided {
                what: format!(
                    "the floor of the IMP margin where the curve crosses the band edge {}",
                    describe(a)
                ),
                bits,
            });
        }
        bits *= 2;
    }
}

fn describe(a: &QuadSqrt5) -> String {
    format!("(r^(m/B) = {} + {}·√5)", a.c, a.d)
}

/// The EBU generator's concavity pass over the band tops (`discreteCC` in
/// the EBU's `vps.js`): the draw band `[−t₀, t₀]` must be no wider than the
/// next band, and each band no wider than the one after it; where one is
/// wider, its top comes down by one and the pass starts again.
pub(crate) fn ebu_concavity(tops: &mut [i64]) -> Result<(), BuildError> {
    let len = tops.len();
    let mut i = 0;
    for _ in 0..1_000_000 {
        if i + 1 >= len {
            return Ok(());
        }
        let here = tops.get(i).copied().unwrap_or_default();
        let next = tops.get(i + 1).copied().unwrap_or_default();
        let too_wide = if i == 0 {
            next - here < 2 * here + 1
        } else {
            let before = tops.get(i - 1).copied().unwrap_or_default();
            next - here < here - before
        };
        if too_wide {
            if let Some(t) = tops.get_mut(i) {
                *t -= 1;
            }
            i = 0;
        } else {
            i += 1;
        }
    }
    Err(BuildError::Degenerate("the concavity pass did not settle"))
}

/// Band starts from band tops: `[0, t₀ + 1, t₁ + 1, …]`, checked to be
/// strictly increasing from a non-negative first top.
pub(crate) fn starts_from_tops(tops: &[i64]) -> Result<Vec<u32>, BuildError> {
    let mut starts = vec![0_u32];
    let mut previous: i64 = -1;
    for &top in tops {
        if top <= previous {
            return Err(BuildError::Degenerate("a band is empty"));
        }
        previous = top;
        let start = u32::try_from(top + 1)
            .map_err(|_| BuildError::Degenerate("a band bound does not fit"))?;
        starts.push(start);
    }
    Ok(starts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blitz_ceiling_is_exact_on_squares() {
        let n = |b: i64| BigRational::from_integer(BigInt::from(b));
        assert_eq!(blitz_ceiling(&n(16)), BigInt::from(60));
        assert_eq!(blitz_ceiling(&n(8)), BigInt::from(43)); // 42.43
        assert_eq!(blitz_ceiling(&n(1)), BigInt::from(15));
        let half = BigRational::new(BigInt::from(3), BigInt::from(2));
        assert_eq!(blitz_ceiling(&half), BigInt::from(19)); // 18.37
    }

    #[test]
    fn exact_crossing_at_fifteen_vp() {
        // q = 1/2 gives a = 1/φ: I* = 5√N exactly; N = 4 gives 10.
        let a = QuadSqrt5::phi_inverse();
        let four = BigRational::from_integer(BigInt::from(4));
        assert_eq!(floor_crossing(&a, &four), Ok(BigInt::from(10)));
        let two = BigRational::from_integer(BigInt::from(2));
        assert_eq!(floor_crossing(&a, &two), Ok(BigInt::from(7))); // 7.07
    }

    #[test]
    fn concavity_passes_reach_fixed_points() {
        let mut v = vec![0, 5, 9, 20];
        assert_eq!(concavity_correction(&mut v), Ok(()));
        assert!(v.windows(3).all(|w| match w {
            [a, b, c] => c - b <= b - a,
            _ => true,
        }));
        let mut tops = vec![1, 3, 6, 9, 12];
        assert_eq!(ebu_concavity(&mut tops), Ok(()));
        assert_eq!(tops, [0, 3, 6, 9, 12]);
    }
}
