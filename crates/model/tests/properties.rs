//! Property tests: the score type against an arbitrary-precision oracle.
#![allow(clippy::unwrap_used, missing_docs)]

use countback_model::{HalfRule, Rounding, RoundingMode, Score};
use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;

fn any_score() -> impl Strategy<Value = Score> {
    prop_oneof![
        // Small everyday fractions.
        (-10_000i64..10_000, 1i64..200).prop_map(|(n, d)| Score::new(n, d).unwrap()),
        // Near the edge of the inline range.
        (any::<i64>(), 1i64..=i64::MAX).prop_map(|(n, d)| Score::new(n, d).unwrap()),
        // Already promoted.
        (any::<i64>(), any::<i64>(), 1i64..=i64::MAX).prop_map(|(a, b, d)| {
            Score::from_big(BigRational::new(
                BigInt::from(a) * BigInt::from(b),
                BigInt::from(d),
            ))
        }),
    ]
}

fn tie_rule() -> impl Strategy<Value = HalfRule> {
    prop_oneof![
        Just(HalfRule::Even),
        Just(HalfRule::Up),
        Just(HalfRule::Down),
        Just(HalfRule::TowardZero),
        Just(HalfRule::AwayFromZero),
        (-100i64..100).prop_map(|r| HalfRule::TowardReference(Score::integer(r))),
        (-100i64..100).prop_map(|r| HalfRule::AwayFromReference(Score::integer(r))),
    ]
}

proptest! {
    #[test]
    fn promoting_ops_equal_the_oracle(a in any_score(), b in any_score()) {
        let (x, y) = (a.to_big(), b.to_big());
        prop_assert_eq!((&a + &b).to_big(), &x + &y);
        prop_assert_eq!((&a - &b).to_big(), &x - &y);
        prop_assert_eq!((&a * &b).to_big(), &x * &y);
        prop_assert_eq!((-&a).to_big(), -x.clone());
        match a.checked_div(&b) {
            Ok(q) => prop_assert_eq!(q.to_big(), &x / &y),
            Err(_) => prop_assert!(b.is_zero()),
        }
        prop_assert_eq!(a.cmp(&b), x.cmp(&y));
    }

    #[test]
    fn inline_ops_are_exact_or_report_overflow(a in any_score(), b in any_score()) {
        let (x, y) = (a.to_big(), b.to_big());
        match a.try_add_inline(&b) {
            Ok(s) => prop_assert_eq!(s.to_big(), &x + &y),
            Err(_) => prop_assert!(!a.is_inline() || !b.is_inline() || !(&a + &b).is_inline()),
        }
        match a.try_mul_inline(&b) {
            Ok(s) => prop_assert_eq!(s.to_big(), &x * &y),
            Err(_) => prop_assert!(!a.is_inline() || !b.is_inline() || !(&a * &b).is_inline()),
        }
    }

    #[test]
    fn every_value_has_one_representation(a in any_score()) {
        let again = Score::from_big(a.to_big());
        prop_assert_eq!(&again, &a);
        prop_assert_eq!(again.is_inline(), a.is_inline());
    }

    #[test]
    fn rounding_lands_on_the_step_within_half_a_step(
        v in any_score(), step_n in 1i64..1000, step_d in 1i64..1000, rule in tie_rule()
    ) {
        let step = Score::new(step_n, step_d).unwrap();
        let r = Rounding::new(step.clone(), RoundingMode::Nearest(rule.clone())).unwrap();
        let out = r.apply(&v).unwrap();
        prop_assert!(out.checked_div(&step).unwrap().is_integer());
        let dist = (&out - &v).abs();
        prop_assert!(dist <= &step * &Score::half());
        prop_assert_eq!(r.apply(&out).unwrap(), out.clone());
        // Exact halves go the declared way.
        if dist == &step * &Score::half() {
            let up = out > v;
            match rule {
                HalfRule::Up => prop_assert!(up),
                HalfRule::Down => prop_assert!(!up),
                HalfRule::TowardZero => prop_assert_eq!(up, v.is_negative()),
                HalfRule::AwayFromZero => prop_assert_eq!(up, !v.is_negative()),
                HalfRule::TowardReference(ref reference) if v != *reference => {
                    prop_assert_eq!(up, v < *reference)
                }
                HalfRule::AwayFromReference(ref reference) if v != *reference => {
                    prop_assert_eq!(up, v > *reference)
                }
                _ => prop_assert!(out.checked_div(&step).unwrap().numer() % 2 == BigInt::from(0)),
            }
        }
    }

    #[test]
    fn directed_rounding_stays_on_its_side(v in any_score(), step_d in 1i64..1000) {
        let step = Score::new(1, step_d).unwrap();
        let floor = Rounding::new(step.clone(), RoundingMode::Floor).unwrap().apply(&v).unwrap();
        let ceil = Rounding::new(step.clone(), RoundingMode::Ceiling).unwrap().apply(&v).unwrap();
        let trunc = Rounding::new(step.clone(), RoundingMode::TowardZero).unwrap().apply(&v).unwrap();
        prop_assert!(floor <= v && v <= ceil);
        prop_assert!(&ceil - &floor <= step);
        prop_assert!(trunc.abs() <= v.abs());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trips_canonically(a in any_score()) {
        let json = serde_json::to_string(&a).unwrap();
        let back: Score = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &a);
        prop_assert_eq!(json, format!("\"{a}\""));
        // The canonical text is in lowest terms with a positive denominator.
        prop_assert_eq!(a.to_string().parse::<Score>().unwrap().to_string(), a.to_string());
    }

    #[test]
    fn decimal_text_parses_back_to_the_rounded_value(a in any_score(), places in 0u32..6) {
        let mode = RoundingMode::Nearest(HalfRule::Even);
        let text = a.to_decimal(places, &mode).unwrap();
        let rounded = Rounding::decimal(places, mode).unwrap().apply(&a).unwrap();
        prop_assert_eq!(text.parse::<Score>().unwrap(), rounded);
    }
}

#[cfg(feature = "serde")]
#[test]
fn floats_are_refused_on_input() {
    let err = serde_json::from_str::<Score>("17.6")
        .unwrap_err()
        .to_string();
    assert!(err.contains("write it as a string"), "{err}");
    assert_eq!(
        serde_json::from_str::<Score>("\"17.6\"")
            .unwrap()
            .to_string(),
        "88/5"
    );
    assert_eq!(
        serde_json::from_str::<Score>("12").unwrap(),
        Score::integer(12)
    );
}

/// Issue 17: 2,500 distinct prime denominators took 9-17 s (a quadratic
/// binary gcd of two big numbers on every addition). Now each addition of
/// a machine-word fraction to a promoted sum costs one pass over its digits.
#[test]
fn summing_many_distinct_prime_denominators_is_fast_and_exact() {
    let primes = countback_test_support::synthetic::primes(2_500);
    let numerators: Vec<i64> = (0..primes.len())
        .map(|i| i64::try_from(i % 7).unwrap() - 3)
        .collect();
    let terms: Vec<Score> = numerators
        .iter()
        .zip(&primes)
        .map(|(n, p)| Score::new(*n, *p).unwrap())
        .collect();
    let start = std::time::Instant::now();
    let total: Score = terms.iter().sum();
    let elapsed = start.elapsed();
    // Oracle: over the common denominator, reduced once.
    let d: BigInt = primes.iter().map(|p| BigInt::from(*p)).product();
    let n: BigInt = numerators
        .iter()
        .zip(&primes)
        .map(|(n, p)| BigInt::from(*n) * (&d / BigInt::from(*p)))
        .sum();
    assert_eq!(total.to_big(), BigRational::new(n, d.clone()));
    // Products too: cancelling against machine words only.
    let start = std::time::Instant::now();
    let product = primes
        .iter()
        .fold(Score::ONE, |acc, p| acc * Score::new(*p + 1, *p).unwrap());
    let product_elapsed = start.elapsed();
    let top: BigInt = primes.iter().map(|p| BigInt::from(*p + 1)).product();
    assert_eq!(product.to_big(), BigRational::new(top, d));
    // Generous for an unoptimised build; the sum took 9 s and more before.
    assert!(elapsed.as_secs_f64() < 3.0, "sum took {elapsed:?}");
    assert!(
        product_elapsed.as_secs_f64() < 3.0,
        "product took {product_elapsed:?}"
    );
}
