//! Adding up many exact scores quickly.
//!
//! A session total adds one Neuberg-factored score per board, and each
//! factored board has its own denominator (the number of results on it).
//! Added one by one as rationals, thirty such terms grow a denominator of
//! hundreds of bits and every addition pays for a big greatest common
//! divisor. Here every score is put over one common denominator `L` (the
//! least common multiple of the denominators in the session, built from
//! their prime factors), so adding is integer adding, and each result is
//! reduced once, by dividing out the few small primes `L` is made of.

use std::collections::{BTreeMap, HashMap};

use countback_model::Score;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

/// Denominators above this are not board-count denominators; the caller
/// falls back to plain rational arithmetic.
const LARGEST_DENOMINATOR: u64 = 1 << 24;

fn prime_factors(mut n: u64) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut p = 2u64;
    while p.saturating_mul(p) <= n {
        let mut e = 0u32;
        while n % p == 0 {
            n /= p;
            e += 1;
        }
        if e > 0 {
            out.push((p, e));
        }
        p += if p == 2 { 1 } else { 2 };
    }
    if n > 1 {
        out.push((n, 1));
    }
    out
}

/// A common denominator for a set of scores.
pub(crate) struct CommonDenominator {
    l: BigInt,
    primes: Vec<u64>,
    multiplier: HashMap<u64, BigInt>,
}

impl CommonDenominator {
    /// `None` if some denominator is too large to be a board count's.
    pub(crate) fn new<'a>(scores: impl Iterator<Item = &'a Score>) -> Option<CommonDenominator> {
        let mut exponents: BTreeMap<u64, u32> = BTreeMap::new();
        let mut seen: HashMap<u64, ()> = HashMap::new();
        for s in scores {
            let d = s.denom().to_u64()?;
            if d == 0 || d > LARGEST_DENOMINATOR {
                return None;
            }
            if seen.insert(d, ()).is_none() {
                for (p, e) in prime_factors(d) {
                    let slot = exponents.entry(p).or_insert(0);
                    *slot = (*slot).max(e);
                }
            }
        }
        let mut l = BigInt::from(1u8);
        for (p, e) in &exponents {
            for _ in 0..*e {
                l *= *p;
            }
        }
        let multiplier = seen
            .into_keys()
            .map(|d| (d, &l / d))
            .collect::<HashMap<_, _>>();
        Some(CommonDenominator {
            l,
            primes: exponents.into_keys().collect(),
            multiplier,
        })
    }

    /// The numerator of `s` over `L`.
    pub(crate) fn numerator(&self, s: &Score) -> Option<BigInt> {
        let d = s.denom().to_u64()?;
        Some(s.numer() * self.multiplier.get(&d)?)
    }

    /// `(num / L) · times / over`, exactly and reduced.
    pub(crate) fn score(&self, num: &BigInt, times: u64, over: u64) -> Option<Score> {
        if over == 0 {
            return None;
        }
        let mut n = num * times;
        if n.is_zero() {
            return Some(Score::ZERO);
        }
        let mut d = &self.l * over;
        let mut primes = self.primes.clone();
        primes.extend(prime_factors(over).into_iter().map(|(p, _)| p));
        primes.sort_unstable();
        primes.dedup();
        // The denominator's only prime factors are these, so dividing them
        // out of both while they divide both leaves the fraction reduced.
        for p in primes {
            while (&d % p).is_zero() && (&n % p).is_zero() {
                d /= p;
                n /= p;
            }
        }
        Some(Score::from_big(BigRational::new_raw(n, d)))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn sums_and_reduces_like_plain_rationals() {
        let terms: Vec<Score> = (1..=40i64)
            .map(|i| Score::new(i * 7 + 3, 90 + i).unwrap())
            .collect();
        let plain: Score = terms.iter().sum();
        let cd = CommonDenominator::new(terms.iter()).unwrap();
        let num = terms
            .iter()
            .map(|t| cd.numerator(t).unwrap())
            .fold(BigInt::zero(), |a, b| a + b);
        assert_eq!(cd.score(&num, 1, 1).unwrap(), plain);
        let pct = (&plain * Score::integer(100))
            .checked_div(&Score::integer(1234))
            .unwrap();
        assert_eq!(cd.score(&num, 100, 1234).unwrap(), pct);
        assert_eq!(cd.score(&BigInt::zero(), 3, 7).unwrap(), Score::ZERO);
        assert_eq!(prime_factors(360), [(2, 3), (3, 2), (5, 1)]);
    }
}
