//! Hot operations of the score type, on the inline path and promoted.
#![allow(missing_docs)]

use countback_model::Score;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};

/// The 64 pairs of fractions every representation adds, each made by
/// `make(numerator, denominator)`.
fn fraction_pairs<T>(make: impl Fn(i64, i64) -> T) -> Vec<(T, T)> {
    (1..=64i64)
        .map(|i| (make(i * 37 + 11, i % 7 + 3), make(i * 5 + 1, i % 11 + 2)))
        .collect()
}

fn small_pairs() -> Vec<(Score, Score)> {
    fraction_pairs(|n, d| Score::new(n, d).unwrap_or_default())
}

fn promoted_pairs() -> Vec<(Score, Score)> {
    let huge = Score::integer(i64::MAX);
    small_pairs()
        .into_iter()
        .map(|(a, b)| (&a * &huge * &huge, &b * &huge))
        .collect()
}

fn ops(c: &mut Criterion) {
    let mut g = c.benchmark_group("score");
    for (label, pairs) in [("inline", small_pairs()), ("promoted", promoted_pairs())] {
        g.bench_function(format!("add/{label}"), |b| {
            b.iter(|| {
                for (x, y) in &pairs {
                    black_box(x + y);
                }
            })
        });
        g.bench_function(format!("mul/{label}"), |b| {
            b.iter(|| {
                for (x, y) in &pairs {
                    black_box(x * y);
                }
            })
        });
    }
    // The alternatives the representation was chosen against.
    checked_add(&mut g, "i64", &fraction_pairs(Ratio::<i64>::new));
    checked_add(
        &mut g,
        "i128",
        &fraction_pairs(|n, d| Ratio::new(i128::from(n), i128::from(d))),
    );
    let big = fraction_pairs(|n, d| BigRational::new(BigInt::from(n), BigInt::from(d)));
    g.bench_function("add/bigrational", |b| {
        b.iter(|| {
            for (x, y) in &big {
                black_box(x + y);
            }
        })
    });
    g.finish();
}

/// `add/num-rational-{int}-checked`: checked addition of a fixed-width
/// `num-rational` fraction.
fn checked_add<T: num_traits::CheckedAdd>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    int: &str,
    pairs: &[(T, T)],
) {
    g.bench_function(format!("add/num-rational-{int}-checked"), |b| {
        b.iter(|| {
            for (x, y) in pairs {
                black_box(x.checked_add(y));
            }
        })
    });
}

fn sums(c: &mut Criterion) {
    let mut g = c.benchmark_group("sum");
    // A field of 10,000 Neuberg-factored values whose denominators are the
    // result counts 3..=30: the denominators' lcm outgrows 64 bits.
    let mixed: Vec<Score> = (0..10_000i64)
        .map(|i| Score::new(i % 97 + 1, i % 28 + 3).unwrap_or_default())
        .collect();
    g.bench_function("10000-mixed-denominators", |b| {
        b.iter(|| black_box(mixed.iter().sum::<Score>()))
    });
    let tenths: Vec<Score> = (0..10_000i64)
        .map(|i| Score::new(i % 180, 10).unwrap_or_default())
        .collect();
    g.bench_function("10000-tenths", |b| {
        b.iter(|| black_box(tenths.iter().sum::<Score>()))
    });
    // Issue 17: 10,000 distinct prime denominators (their product has about
    // 170,000 bits). Each addition of a machine-word fraction to the
    // promoted sum costs one pass over its digits.
    let n = if cfg!(debug_assertions) { 500 } else { 10_000 };
    let primes = countback_test_support::synthetic::primes(n);
    let distinct: Vec<Score> = primes
        .iter()
        .map(|p| Score::new(p % 7 - 3, *p).unwrap_or_default())
        .collect();
    g.sample_size(10);
    g.bench_function(format!("{n}-distinct-primes"), |b| {
        b.iter(|| black_box(distinct.iter().sum::<Score>()))
    });
    g.finish();
}

criterion_group!(benches, ops, sums);
criterion_main!(benches);
