//! Building the tables: the continuous scale's hundredths and the discrete
//! scales' band bounds, each decision certified.

use std::sync::OnceLock;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};

use crate::certified::{Fixed, Interval, Narrow, QuadSqrt5, MAX_BITS, START_BITS};

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
///
/// Two certified paths give the same hundredths, since each gives the true
/// rounding or nothing: a fast one in machine integers (62 bits after the
/// point, constants shared by every board count) that decides every margin
/// of every board count from 1 to 1000, and the big-integer path, which
/// doubles its precision up to [`MAX_BITS`], for anything the fast one
/// leaves undecided.
pub(crate) fn continuous_hundredths(boards: u32) -> Result<Vec<u32>, BuildError> {
    let n = BigRational::from_integer(BigInt::from(boards));
    let top = blitz_ceiling(&n)
        .to_u32()
        .ok_or(BuildError::Degenerate("the blitz margin does not fit"))?;
    if let Some(values) = continuous_fast(&n, top) {
        return Ok(values);
    }
    continuous_big(&n, top)
}

/// The precision of the constants the fast paths share.
const FAST_BITS: u32 = 64;

/// `ln φ` and `1/(1 − r)`, the same for every board count: computed once.
struct ContinuousConstants {
    ln_phi: Interval,
    inverse_one_minus_r: Narrow,
}

fn continuous_constants() -> Option<&'static ContinuousConstants> {
    static CONSTANTS: OnceLock<Option<ContinuousConstants>> = OnceLock::new();
    CONSTANTS
        .get_or_init(|| {
            let f = Fixed::new(FAST_BITS);
            let one_minus_r = f.quad(&QuadSqrt5::new(
                BigRational::from_integer(BigInt::from(3)),
                -BigRational::one(),
            ))?;
            Some(ContinuousConstants {
                ln_phi: f.ln_phi()?,
                inverse_one_minus_r: f.div(&f.int(1), &one_minus_r)?.narrow(FAST_BITS)?,
            })
        })
        .as_ref()
}

/// The fast path of [`continuous_hundredths`]: `r^(1/B)` in big integers,
/// then one machine-integer step per margin. `None` if any margin is left
/// undecided (or anything would overflow): the caller takes the big path.
fn continuous_fast(n: &BigRational, top: u32) -> Option<Vec<u32>> {
    let constants = continuous_constants()?;
    let f = Fixed::new(FAST_BITS);
    let blitz = f.mul_int(&f.sqrt(n)?, 15);
    // r^(1/B) = e^(ln r / B), ln r = −3·ln φ.
    let step = f
        .exp(&f.div(&f.mul_int(&constants.ln_phi, -3), &blitz)?)?
        .narrow(FAST_BITS)?;
    let one = Narrow::int(1);
    let mut power = one; // r^(m/B)
    let mut out = Vec::with_capacity(usize::try_from(top).ok()? + 1);
    for m in 0..=top {
        if m > 0 {
            power = power.mul_nonneg(step)?;
        }
        let hundredths = one
            .sub(power)?
            .mul_nonneg(constants.inverse_one_minus_r)?
            .mul_int(1000)?
            .add(Narrow::int(1000))?
            .min_int(2000)
            .nearest()?;
        out.push(u32::try_from(hundredths).ok()?);
    }
    Some(out)
}

/// The big-integer path of [`continuous_hundredths`].
fn continuous_big(n: &BigRational, top: u32) -> Result<Vec<u32>, BuildError> {
    let mut bits = START_BITS;
    loop {
        match continuous_at(&Fixed::new(bits), n, top) {
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
/// between them.
///
/// The result does not depend on the order of the raises: if `w` is any
/// concave sequence at or above the raw values with the same ends, a value
/// `v[i] ≤ w[i]` that violates (`2·v[i] < v[i−1] + v[i+1] ≤ 2·w[i]`) is
/// below `w[i]`, so raising it keeps `v ≤ w`; when no violation is left,
/// `v` is itself such a sequence, hence the least one. So a work list that
/// re-checks only the neighbours of a raised value gives exactly what whole
/// passes give (the JavaScript port's in-place passes, the C++ port's stale
/// passes; `tests` compares them), in time proportional to the raises.
pub(crate) fn concavity_correction(values: &mut [u32]) -> Result<(), BuildError> {
    let len = values.len();
    let mut pending: Vec<usize> = (1..len.saturating_sub(1)).collect();
    // Every value stays at or below the last (itself concave above the raw
    // values), so the raises are bounded; the budget is a guard, not a rule.
    let top = values.last().copied().unwrap_or(0);
    let mut budget = len.saturating_mul(usize::try_from(top).unwrap_or(usize::MAX)) + len;
    while let Some(i) = pending.pop() {
        let (Some(&a), Some(&b), Some(&c)) = (
            i.checked_sub(1).and_then(|h| values.get(h)),
            values.get(i),
            values.get(i + 1),
        ) else {
            continue;
        };
        if i64::from(c) - i64::from(b) <= i64::from(b) - i64::from(a) {
            continue;
        }
        budget = budget.checked_sub(1).ok_or(BuildError::Degenerate(
            "the concavity correction did not settle",
        ))?;
        if let Some(v) = values.get_mut(i) {
            *v += 1;
        }
        pending.push(i);
        if i > 1 {
            pending.push(i - 1);
        }
        if i + 2 < len {
            pending.push(i + 1);
        }
    }
    Ok(())
}

/// The discrete scales' raw band tops, as the EBU's generator computes them:
/// for VP `mid + v` (`v = 0 … mid − 1`) the largest margin still awarding it
/// is `⌊I*⌋`, where `I*` is the margin at which the continuous curve reaches
/// `mid + v + ½`:
/// `I* = B · ln(1 − (1 − r)·q) / ln r`, `q = (v + ½)/mid`, `B = 15√N`.
///
/// `N` is rational (the 10-VP half-match scale uses half the half's boards).
///
/// `I* = √N · c` with `c = −5·ln a / ln φ` independent of `N`, so the fast
/// path computes each band's `c` once (at [`CROSSING_BITS`]) and each board
/// count costs a square root and a product per band; a floor it cannot
/// decide goes to the big-integer path, which doubles its precision.
pub(crate) fn discrete_raw_tops(boards: &BigRational, mid: i64) -> Result<Vec<i64>, BuildError> {
    let shared = crossing_constants(mid);
    (0..mid)
        .map(|v| {
            let index = usize::try_from(v).ok();
            let fast = shared
                .and_then(|all| all.get(index?))
                .and_then(|c| crossing_fast(c, boards));
            let top = match fast {
                Some(top) => top,
                None => floor_crossing(&band_edge(v, mid), boards)?,
            };
            top.to_i64()
                .ok_or(BuildError::Degenerate("a band bound does not fit"))
        })
        .collect()
}

/// `a = r^(I*/B)` at the edge `mid + v + ½`: `a = 1 − (1 − r)·q` with
/// `q = (v + ½)/mid`, that is `(1 − 3q) + q·√5`.
fn band_edge(v: i64, mid: i64) -> QuadSqrt5 {
    let q = BigRational::new(BigInt::from(2 * v + 1), BigInt::from(2 * mid));
    let three = BigRational::from_integer(BigInt::from(3));
    QuadSqrt5::new(BigRational::one() - three * &q, q)
}

/// The precision of the shared crossing constants.
const CROSSING_BITS: u32 = 128;

/// One band edge, independent of the board count.
enum Crossing {
    /// `a = φ^(−k)`: `I* = 5k√N`, floored exactly.
    Exact(i64),
    /// `c = −5·ln a / ln φ` at [`CROSSING_BITS`]: `I* = c·√N`.
    Scaled(Interval),
}

/// Each band edge's [`Crossing`] for a pool of `2·mid` (10 or 20 VPs),
/// computed once; `None` for another pool or if a constant failed.
fn crossing_constants(mid: i64) -> Option<&'static [Crossing]> {
    static TEN: OnceLock<Option<Vec<Crossing>>> = OnceLock::new();
    static TWENTY: OnceLock<Option<Vec<Crossing>>> = OnceLock::new();
    let cell = match mid {
        5 => &TEN,
        10 => &TWENTY,
        _ => return None,
    };
    let compute = || -> Option<Vec<Crossing>> {
        let f = Fixed::new(CROSSING_BITS);
        let ln_phi = f.ln_phi()?;
        (0..mid)
            .map(|v| {
                let a = band_edge(v, mid);
                let (reduced, k) = a.reduce_by_phi()?;
                if reduced.is_one() {
                    return Some(Crossing::Exact(k));
                }
                let ln_a = f.ln_quad(&a, &ln_phi)?;
                Some(Crossing::Scaled(f.div(&f.mul_int(&ln_a, -5), &ln_phi)?))
            })
            .collect()
    };
    cell.get_or_init(compute).as_deref()
}

/// `⌊I*⌋` from a shared constant, or `None` when the floor is not decided
/// at [`CROSSING_BITS`].
fn crossing_fast(crossing: &Crossing, n: &BigRational) -> Option<BigInt> {
    match crossing {
        Crossing::Exact(k) => Some(exact_floor(*k, n)),
        Crossing::Scaled(c) => {
            let f = Fixed::new(CROSSING_BITS);
            f.floor(&f.mul(&f.sqrt(n)?, c))
        }
    }
}

/// `⌊5k√N⌋`, exactly.
fn exact_floor(k: i64, n: &BigRational) -> BigInt {
    let x = n * BigRational::from_integer(BigInt::from(25) * BigInt::from(k) * BigInt::from(k));
    let root = x.floor().to_integer().sqrt();
    if k >= 0 {
        return root;
    }
    // I* = −5|k|√N: its floor is −⌈5|k|√N⌉.
    let exact = BigRational::from_integer(&root * &root) == x;
    if exact {
        -root
    } else {
        -root - 1
    }
}

/// `⌊I*⌋` with `I* = −5·√N · ln a / ln φ` (that is `15√N · ln a / ln r`).
fn floor_crossing(a: &QuadSqrt5, n: &BigRational) -> Result<BigInt, BuildError> {
    // Exact case: a = φ^(−k) makes I* = 5k√N, whose floor is ⌊√(25k²N)⌋.
    if let Some((reduced, k)) = a.reduce_by_phi() {
        if reduced.is_one() {
            return Ok(exact_floor(k, n));
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

    /// Board counts from every part of the range, the largest included:
    /// 1–40, then every 37th count, then the last ten.
    fn sample() -> Vec<u32> {
        let mut counts: Vec<u32> = (1..=40).chain((41..=1000).step_by(37)).collect();
        counts.extend(991..=1000);
        counts
    }

    #[test]
    fn fast_continuous_path_decides_and_agrees_with_the_big_path() {
        for boards in sample() {
            let n = BigRational::from_integer(BigInt::from(boards));
            let top = blitz_ceiling(&n).to_u32().unwrap_or(0);
            let fast = continuous_fast(&n, top);
            assert!(fast.is_some(), "{boards} boards: the fast path gave up");
            assert_eq!(fast, continuous_big(&n, top).ok(), "{boards} boards");
        }
    }

    /// The fast paths alone decide every board count the crate accepts, so
    /// the big-integer fallback is a guard, not a cost any event pays.
    #[test]
    fn fast_paths_decide_every_board_count_up_to_the_limit() {
        for boards in 1..=crate::scale::MAX_BOARDS {
            let n = BigRational::from_integer(BigInt::from(boards));
            let top = blitz_ceiling(&n).to_u32().unwrap_or(0);
            assert!(continuous_fast(&n, top).is_some(), "{boards} boards");
            for (mid, n) in [
                (10, n),
                (5, BigRational::new(BigInt::from(boards), BigInt::from(2))),
            ] {
                for c in crossing_constants(mid).unwrap_or(&[]) {
                    assert!(
                        crossing_fast(c, &n).is_some(),
                        "{boards} boards, pool {}",
                        2 * mid
                    );
                }
            }
        }
    }

    #[test]
    fn shared_crossings_agree_with_the_big_path() {
        for boards in sample() {
            for (mid, n) in [
                (10, BigRational::from_integer(BigInt::from(boards))),
                (5, BigRational::new(BigInt::from(boards), BigInt::from(2))),
            ] {
                let constants = crossing_constants(mid).unwrap_or(&[]);
                assert_eq!(constants.len(), usize::try_from(mid).unwrap_or(0));
                for (v, c) in (0..mid).zip(constants) {
                    let fast = crossing_fast(c, &n);
                    assert!(
                        fast.is_some(),
                        "{boards} boards, pool {}, edge {v}",
                        2 * mid
                    );
                    let big = floor_crossing(&band_edge(v, mid), &n).ok();
                    assert_eq!(fast, big, "{boards} boards, pool {}, edge {v}", 2 * mid);
                }
            }
        }
    }

    /// The correction as whole in-place passes (the JavaScript port's
    /// algorithm, the crate's before the work list).
    #[allow(clippy::indexing_slicing)]
    fn correction_by_passes(values: &mut [u32]) {
        loop {
            let mut changed = false;
            for i in 1..values.len().saturating_sub(1) {
                if i64::from(values[i + 1]) - i64::from(values[i])
                    > i64::from(values[i]) - i64::from(values[i - 1])
                {
                    values[i] += 1;
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    #[test]
    fn work_list_correction_equals_whole_passes_for_every_board_count() {
        let mut raised = 0;
        for boards in 1..=crate::scale::MAX_BOARDS {
            let n = BigRational::from_integer(BigInt::from(boards));
            let top = blitz_ceiling(&n).to_u32().unwrap_or(0);
            let raw = continuous_fast(&n, top).unwrap_or_default();
            let mut by_list = raw.clone();
            assert_eq!(concavity_correction(&mut by_list), Ok(()));
            let mut by_passes = raw.clone();
            correction_by_passes(&mut by_passes);
            assert_eq!(by_list, by_passes, "{boards} boards");
            raised += raw.iter().zip(&by_list).filter(|(a, b)| a != b).count();
        }
        assert!(raised > 1000, "{raised}");
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
