//! Parse, rescore and audit a synthetic PBN session: 2,000 pairs (a
//! 1,000-table Mitchell), 30 boards, each board played at every table, with
//! a sprinkling of artificial scores and not-played lines so that factoring
//! runs. The same session is written as USEBIO too (the generator of
//! `countback-usebio`'s `parse_and_rescore` bench) and measured alongside,
//! in the same run, so the two readers compare under the same load; the
//! two files give the same traveller lines and contestants (checked here),
//! so rescoring and auditing them is the same work.
//!
//! In a debug build (`cargo test` runs this once as a smoke test) the session
//! is 100 pairs and 10 boards.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use countback_pbn::parse_pbn;
use countback_test_support::synthetic::{mitchell_size, pbn_mitchell, usebio_mitchell};
use countback_usebio::parse_usebio;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let (tables, boards) = mitchell_size();
    let text = pbn_mitchell(tables, boards);
    let session = parse_pbn(&text).expect("synthetic file parses");
    eprintln!(
        "pbn bench: {} bytes of PBN, {} pairs, {} boards",
        text.len(),
        session.participants.len(),
        session.boards.len()
    );
    let xml = usebio_mitchell(tables, boards);
    let usebio = parse_usebio(&xml).expect("synthetic USEBIO parses");
    let lines = |s: &countback_results::Session| -> Vec<countback_model::TravellerLine> {
        s.boards
            .iter()
            .flat_map(|b| b.lines.iter().map(|l| l.traveller.clone()))
            .collect()
    };
    assert_eq!(lines(&session), lines(&usebio), "the same travellers");
    let ids = |s: &countback_results::Session| -> Vec<String> {
        s.participants.iter().map(|p| p.id.to_string()).collect()
    };
    assert_eq!(ids(&session), ids(&usebio), "the same contestants");
    let mut g = c.benchmark_group(format!("pbn/{}pairs_{}boards", tables * 2, boards));
    g.sample_size(10);
    g.bench_function("parse", |b| b.iter(|| parse_pbn(black_box(&text))));
    g.bench_function("rescore", |b| {
        b.iter(|| countback_results::rescore(black_box(&session), None))
    });
    g.bench_function("audit", |b| {
        b.iter(|| countback_results::audit(black_box(&session), None))
    });
    g.bench_function("parse+rescore+audit", |b| {
        b.iter(|| {
            let s = parse_pbn(black_box(&text)).unwrap();
            countback_results::audit(&s, None).unwrap()
        })
    });
    g.bench_function("usebio parse", |b| b.iter(|| parse_usebio(black_box(&xml))));
    g.bench_function("usebio rescore", |b| {
        b.iter(|| countback_results::rescore(black_box(&usebio), None))
    });
    g.bench_function("usebio audit", |b| {
        b.iter(|| countback_results::audit(black_box(&usebio), None))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
