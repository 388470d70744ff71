//! Hot operations of the score type, on the inline path and promoted.
#![allow(missing_docs)]

use countback_model::Score;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};

fn small_pairs() -> Vec<(Score, Score)> {
    (1..=64i64)
        .map(|i| {
            (
                Score::new(i * 37 + 11, i % 7 + 3).unwrap_or_default(),
                Score::new(i * 5 + 1, i % 11 + 2).unwrap_or_default(),
            )
        })
        .collect()
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
    let r64: Vec<(Ratio<i64>, Ratio<i64>)> = (1..=64i64)
        .map(|i| {
            (
                Ratio::new(i * 37 + 11, i % 7 + 3),
                Ratio::new(i * 5 + 1, i % 11 + 2),
            )
        })
        .collect();
    g.bench_function("add/num-rational-i64-checked", |b| {
        b.iter(|| {
            for (x, y) in &r64 {
                black_box(num_traits::CheckedAdd::checked_add(x, y));
            }
        })
    });
    let r128: Vec<(Ratio<i128>, Ratio<i128>)> = (1..=64i128)
        .map(|i| {
            (
                Ratio::new(i * 37 + 11, i % 7 + 3),
                Ratio::new(i * 5 + 1, i % 11 + 2),
            )
        })
        .collect();
    g.bench_function("add/num-rational-i128-checked", |b| {
        b.iter(|| {
            for (x, y) in &r128 {
                black_box(num_traits::CheckedAdd::checked_add(x, y));
            }
        })
    });
    let big: Vec<(BigRational, BigRational)> = (1..=64i64)
        .map(|i| {
            (
                BigRational::new(BigInt::from(i * 37 + 11), BigInt::from(i % 7 + 3)),
                BigRational::new(BigInt::from(i * 5 + 1), BigInt::from(i % 11 + 2)),
            )
        })
        .collect();
    g.bench_function("add/bigrational", |b| {
        b.iter(|| {
            for (x, y) in &big {
                black_box(x + y);
            }
        })
    });
    g.finish();
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
