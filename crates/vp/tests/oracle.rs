//! An independent high-precision oracle for every N from 1 to 64 boards and
//! every margin up to the 20-VP bound.
//!
//! The oracle shares nothing with the crate's arithmetic: it works in
//! *decimal* fixed point with 64 digits (the crate: binary intervals), takes
//! `ln r` from the atanh series of `r` itself without any reduction (the
//! crate: `ln r = −3·ln φ` and an exact reduction in Q(√5)), evaluates
//! `r^(m/B)` afresh for each margin by a plain Taylor series (the crate: one
//! step multiplied on), finds discrete band tops by scanning margins with the
//! exponential (the crate: the logarithm's floor), and corrects concavity
//! with the other published algorithm (second differences, a stale pass). It
//! proves its own roundings by demanding a distance of 10⁻⁴⁰ from every
//! decision line, far above its error (below 10⁻⁶⁰).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::cast_possible_truncation,
    missing_docs
)]

use countback_vp::{Score, VpScale};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

const DIGITS: u32 = 64;

struct Dec {
    one: BigInt,
}

impl Dec {
    fn new() -> Dec {
        Dec {
            one: BigInt::from(10).pow(DIGITS),
        }
    }
    fn int(&self, n: i64) -> BigInt {
        BigInt::from(n) * &self.one
    }
    fn mul(&self, a: &BigInt, b: &BigInt) -> BigInt {
        (a * b) / &self.one
    }
    fn div(&self, a: &BigInt, b: &BigInt) -> BigInt {
        (a * &self.one) / b
    }
    /// √(p/q) for whole p, q.
    fn sqrt_ratio(&self, p: i64, q: i64) -> BigInt {
        ((BigInt::from(p) * &self.one * &self.one) / BigInt::from(q)).sqrt()
    }
    fn exp(&self, y: &BigInt) -> BigInt {
        let mut sum = self.one.clone();
        let mut term = self.one.clone();
        let mut n = 1;
        while !term.is_zero() {
            term = self.mul(&term, y) / BigInt::from(n);
            sum += &term;
            n += 1;
        }
        sum
    }
    fn ln(&self, x: &BigInt) -> BigInt {
        // 2·atanh((x − 1)/(x + 1)), no reduction.
        let z = self.div(&(x - &self.one), &(x + &self.one));
        let z2 = self.mul(&z, &z);
        let mut power = z.clone();
        let mut sum = z;
        let mut k = 1;
        while !power.is_zero() {
            power = self.mul(&power, &z2);
            sum += &power / BigInt::from(2 * k + 1);
            k += 1;
        }
        sum * 2
    }
}

/// The oracle's curve for one board count (`p/q` boards): VP(m) × 100 with
/// `mid` VPs for a draw, as a 64-digit decimal.
struct Curve {
    d: Dec,
    ln_r: BigInt,
    blitz: BigInt,
    one_minus_r: BigInt,
    mid: i64,
}

impl Curve {
    fn new(p: i64, q: i64, mid: i64) -> Curve {
        let d = Dec::new();
        let r = d.sqrt_ratio(5, 1) - d.int(2);
        let ln_r = d.ln(&r);
        let blitz = d.sqrt_ratio(p, q) * 15;
        let one_minus_r = d.int(1) - &r;
        Curve {
            d,
            ln_r,
            blitz,
            one_minus_r,
            mid,
        }
    }

    /// 100 × VP(m), uncapped.
    fn hundred_vp(&self, m: i64) -> BigInt {
        let d = &self.d;
        let y = d.div(&(&self.ln_r * BigInt::from(m)), &self.blitz);
        let e = d.exp(&y);
        let frac = d.div(&(d.int(1) - e), &self.one_minus_r);
        (d.int(self.mid) + &frac * self.mid) * 100
    }

    fn certain(&self, distance: &BigInt) -> bool {
        // 10⁻⁴⁰ in units of 10⁻⁶⁴.
        distance.abs() > BigInt::from(10).pow(DIGITS - 40)
    }

    /// round(100·VP(m)), capped at the pool, proved by distance.
    fn hundredths(&self, m: i64) -> i64 {
        let x = self.hundred_vp(m);
        let shifted: BigInt = &x + &self.d.one / 2;
        let (k, rem) = shifted.div_mod_floor(&self.d.one);
        let to_next: BigInt = &self.d.one - &rem;
        assert!(
            self.certain(&rem) && self.certain(&to_next),
            "oracle cannot round margin {m}"
        );
        k.to_i64().unwrap().min(self.mid * 200)
    }
}

fn oracle_continuous(boards: i64) -> (Vec<i64>, Vec<i64>) {
    let curve = Curve::new(boards, 1, 10);
    // ⌈15√N⌉ by integers: smallest s with s² ≥ 225 N.
    let mut top = 0;
    while top * top < 225 * boards {
        top += 1;
    }
    let raw: Vec<i64> = (0..=top).map(|m| curve.hundredths(m)).collect();
    // The C++ port's correction: second differences, all raised in one stale
    // pass, then recomputed, until none is positive.
    let mut v = raw.clone();
    loop {
        let diffs: Vec<i64> = v.windows(2).map(|w| w[1] - w[0]).collect();
        let second: Vec<i64> = diffs.windows(2).map(|w| w[1] - w[0]).collect();
        if second.iter().all(|x| *x <= 0) {
            break;
        }
        for (i, s2) in second.iter().enumerate() {
            if *s2 > 0 {
                v[i + 1] += 1;
            }
        }
    }
    (raw, v)
}

#[test]
fn continuous_scales_agree_with_the_oracle_for_1_to_64_boards() {
    let mut corrections = 0;
    for boards in 1..=64_u32 {
        let (raw, corrected) = oracle_continuous(i64::from(boards));
        for (scale, expected) in [
            (VpScale::WbfContinuousUncorrected, &raw),
            (VpScale::WbfContinuous, &corrected),
        ] {
            let table = scale.table(boards).unwrap();
            let got: Vec<Score> = (0..u32::try_from(expected.len()).unwrap())
                .map(|m| table.winner_vp(m))
                .collect();
            let want: Vec<Score> = expected
                .iter()
                .map(|h| Score::new(*h, 100).unwrap())
                .collect();
            assert_eq!(got, want, "{scale}, {boards} boards");
            // Beyond the table, the pool.
            let beyond = u32::try_from(expected.len()).unwrap();
            assert_eq!(table.winner_vp(beyond), Score::integer(20));
        }
        corrections += raw.iter().zip(&corrected).filter(|(a, b)| a != b).count();
    }
    // The correction is not a no-op over this range.
    assert!(corrections > 100, "{corrections}");
}

/// Band tops by scanning: the largest margin whose VP is below (or, where the
/// curve meets the edge exactly, at) `mid + v + ½`.
fn oracle_tops(p: i64, q: i64, mid: i64) -> Vec<i64> {
    let curve = Curve::new(p, q, mid);
    // Every edge is crossed before the blitz ⌈15·√(p/q)⌉: look one past it.
    let mut blitz = 0;
    while blitz * blitz * q < 225 * p {
        blitz += 1;
    }
    let values: Vec<BigInt> = (0..=blitz + 1).map(|m| curve.hundred_vp(m)).collect();
    (0..mid)
        .map(|v| {
            let edge = curve.d.int(200 * (mid + v) + 100) / 2; // 100·(mid + v + ½)
            let mut top = -1;
            for (m, x) in values.iter().enumerate() {
                let diff = x - &edge;
                if !curve.certain(&diff) {
                    // Only the 10-VP scale's 7.5 edge can be met exactly,
                    // at m = 5·√(p/q) for square p/q: it stays below.
                    assert_eq!((mid, v), (5, 2), "oracle: {p}/{q} boards, edge {v}");
                } else if diff.is_positive() {
                    break;
                }
                top = i64::try_from(m).unwrap();
            }
            top
        })
        .collect()
}

/// The EBU pass, written afresh from its description: the draw band
/// `[−t₀, t₀]` no wider than the next, each band no wider than the one after.
fn oracle_concavity(mut t: Vec<i64>) -> Vec<i64> {
    'again: loop {
        for i in 0..t.len() - 1 {
            let width_next = t[i + 1] - t[i];
            let width_here = if i == 0 {
                2 * t[0] + 1
            } else {
                t[i] - t[i - 1]
            };
            if width_next < width_here {
                t[i] -= 1;
                continue 'again;
            }
        }
        return t;
    }
}

fn starts(tops: &[i64]) -> Vec<u32> {
    std::iter::once(0)
        .chain(tops.iter().map(|t| u32::try_from(t + 1).unwrap()))
        .collect()
}

#[test]
fn discrete_scales_agree_with_the_oracle_for_1_to_64_boards() {
    for boards in 1..=64_u32 {
        let b = i64::from(boards);
        // (scale, its curve: boards/q boards and mid VPs for a draw, what it is)
        for (scale, (q, mid), what) in [
            (VpScale::WbfDiscrete, (1, 10), "20-VP"),
            (VpScale::EbuHalfMatch, (2, 5), "10-VP half"),
        ] {
            let want = starts(&oracle_concavity(oracle_tops(b, q, mid)));
            let table = scale.table(boards).unwrap();
            assert_eq!(
                table.band_starts(),
                Some(&want[..]),
                "{what}, {boards} boards"
            );
        }
    }
}

#[test]
fn oracle_knows_its_exponential_and_logarithm() {
    let d = Dec::new();
    let e = d.exp(&d.int(1));
    let digits = (e * BigInt::from(10).pow(12)) / &d.one;
    assert_eq!(digits, BigInt::from(2_718_281_828_459_i64));
    let two = d.int(2);
    let ln2 = d.ln(&two) * BigInt::from(10).pow(12) / &d.one;
    assert_eq!(ln2, BigInt::from(693_147_180_559_i64));
    assert!(BigInt::one() < d.one);
}
