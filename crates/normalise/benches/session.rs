//! Scoring a whole session exactly: 10,000 pairs, 24 boards, a fifth of
//! them short (smaller in the debug smoke run).
#![allow(missing_docs)]

use countback_matchpoints::Standing;
use countback_normalise::synthetic::session;
use countback_normalise::{
    score_session, Movement, NormaliseError, PercentageMethod, ScoredSession, SessionSpec,
    Traveller,
};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// The session scored exactly and its standings ranked, as both benchmarks
/// measure it.
fn score_and_rank(
    travellers: &[Traveller],
) -> (Result<ScoredSession, NormaliseError>, Option<Vec<Standing>>) {
    let scored = score_session(travellers, &SessionSpec::default(), &Movement::open());
    let standings = scored
        .as_ref()
        .ok()
        .and_then(|s| s.table.standings(&PercentageMethod::Proportional).ok());
    (scored, standings)
}

fn whole_session(c: &mut Criterion) {
    let pairs = if cfg!(debug_assertions) { 200 } else { 10_000 };
    let travellers = session(pairs, 24);
    let mut g = c.benchmark_group("session");
    g.sample_size(10);
    g.bench_function(format!("{pairs}_pairs_24_boards_fifth_short_exact"), |b| {
        b.iter(|| black_box(score_and_rank(black_box(&travellers))))
    });
    g.finish();
}

criterion_group!(benches, whole_session, one_big_board);
criterion_main!(benches);

/// Issue 17: one board of n results (n = 10,000 / 100,000) scored and
/// ranked exactly must cost O(n log n). The debug smoke run uses 1,000.
fn one_big_board(c: &mut Criterion) {
    let sizes: &[usize] = if cfg!(debug_assertions) {
        &[1_000]
    } else {
        &[10_000, 100_000]
    };
    let mut g = c.benchmark_group("one board");
    g.sample_size(10)
        .warm_up_time(std::time::Duration::from_millis(100))
        .measurement_time(std::time::Duration::from_secs(2));
    for &n in sizes {
        let travellers = session(2 * n, 1);
        g.bench_function(format!("{n}_results_scored_and_ranked"), |b| {
            b.iter(|| {
                let (scored, standings) = score_and_rank(black_box(&travellers));
                assert!(standings.is_some());
                black_box((scored, standings))
            })
        });
    }
    g.finish();
}
