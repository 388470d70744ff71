//! Combining sessions: `cargo bench -p countback-event --bench sessions`.
//!
//! Three USEBIO sessions of a 30-table Mitchell, 30 boards each (900
//! traveller lines a session, 60 pairs), read, rescored, combined by the sum
//! of match points and every overall tie split by EBU 143.7.1 over the
//! stage's 90 boards; the same with a carry-forward into the third.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use countback_event::sessions::{combine, CarryForward, Combine, SessionFile, SessionsRule};
use countback_event::FileKind;
use countback_model::Score;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let xml = countback_test_support::synthetic::usebio_mitchell(30, 30);
    let files: Vec<SessionFile<'_>> = ["s1.xml", "s2.xml", "s3.xml"]
        .into_iter()
        .map(|name| SessionFile {
            name,
            bytes: xml.as_bytes(),
            kind: FileKind::Results,
        })
        .collect();
    let mut g = c.benchmark_group("sessions");
    g.sample_size(10);
    let sum = SessionsRule::new(Combine::SumOfMatchPoints);
    let combined = combine(&files, &sum).unwrap();
    assert_eq!(combined.standings.len(), 60);
    g.bench_function("3 x 30 tables x 30 boards, sum of match points", |b| {
        b.iter(|| combine(black_box(&files), &sum).unwrap());
    });
    let mut carry = SessionsRule::new(Combine::MeanOfPercentages);
    carry.carry_forward = Some(CarryForward::new(Score::new(1, 4).unwrap(), 3));
    g.bench_function(
        "3 x 30 tables x 30 boards, carry-forward into the third",
        |b| {
            b.iter(|| combine(black_box(&files), &carry).unwrap());
        },
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
