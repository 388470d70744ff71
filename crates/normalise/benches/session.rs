//! Scoring a whole session exactly: 10,000 pairs, 24 boards, a fifth of
//! them short (smaller in the debug smoke run).
#![allow(missing_docs)]

use countback_normalise::synthetic::session;
use countback_normalise::{score_session, Movement, PercentageMethod, SessionSpec};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn whole_session(c: &mut Criterion) {
    let pairs = if cfg!(debug_assertions) { 200 } else { 10_000 };
    let travellers = session(pairs, 24);
    let mut g = c.benchmark_group("session");
    g.sample_size(10);
    g.bench_function(format!("{pairs}_pairs_24_boards_fifth_short_exact"), |b| {
        b.iter(|| {
            let scored = score_session(
                black_box(&travellers),
                &SessionSpec::default(),
                &Movement::open(),
            );
            let standings = scored
                .as_ref()
                .ok()
                .and_then(|s| s.table.standings(&PercentageMethod::Proportional).ok());
            black_box((scored, standings))
        })
    });
    g.finish();
}

criterion_group!(benches, whole_session);
criterion_main!(benches);
