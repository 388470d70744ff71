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

use std::fmt::Write as _;

use countback_pbn::parse_pbn;
use countback_usebio::parse_usebio;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn size() -> (u32, u32) {
    if cfg!(debug_assertions) {
        (50, 10)
    } else {
        (1_000, 30)
    }
}

/// The benchmark's session as USEBIO (shared with the other reader's bench).
fn synthetic_usebio(tables: u32, boards: u32) -> String {
    countback_test_support::synthetic::usebio_mitchell(tables, boards)
}

fn synthetic_pbn(tables: u32, boards: u32) -> String {
    const SCORES: [&str; 12] = [
        "420", "450", "-50", "-100", "140", "110", "-420", "620", "-200", "170", "90", "-130",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let mut s = String::with_capacity((tables * boards) as usize * 60);
    s.push_str("% PBN 2.1\n[Event \"Bench\"]\n[Generator \"Magic Contest 5\"]\n[Scoring \"MatchPoints\"]\n");
    for b in 1..=boards {
        let _ = writeln!(
            s,
            "[Board \"{b}\"]\n[ScoreTable \"Table\\4R;PairId_NS\\4R;PairId_EW\\4R;Contract\\4L;Declarer\\1R;Score_NS\\6R\"]"
        );
        for t in 1..=tables {
            let ew = (t + b) % tables + 1;
            let r = next();
            let (contract, score) = match r % 400 {
                0 => ("-", "A6040"),
                1 => ("-", "A5050"),
                2 | 3 if b % 3 == 0 => ("NP", "-"),
                _ => ("4S", SCORES[r % SCORES.len()]),
            };
            let _ = writeln!(s, "{t} {t} {ew} {contract} N {score}");
        }
        s.push('\n');
    }
    s.push_str("[TotalScoreTable \"PairId\\4R;Direction\\2L;Names\\30L\"]\n");
    for dir in ["NS", "EW"] {
        for p in 1..=tables {
            let _ = writeln!(s, "{p} {dir} \"Player {p}{dir}a - Player {p}{dir}b\"");
        }
    }
    s
}

fn bench(c: &mut Criterion) {
    let (tables, boards) = size();
    let text = synthetic_pbn(tables, boards);
    let session = parse_pbn(&text).expect("synthetic file parses");
    eprintln!(
        "pbn bench: {} bytes of PBN, {} pairs, {} boards",
        text.len(),
        session.participants.len(),
        session.boards.len()
    );
    let xml = synthetic_usebio(tables, boards);
    let usebio = parse_usebio(&xml).expect("synthetic USEBIO parses");
    let lines = |s: &countback_usebio::Session| -> Vec<countback_model::TravellerLine> {
        s.boards
            .iter()
            .flat_map(|b| b.lines.iter().map(|l| l.traveller.clone()))
            .collect()
    };
    assert_eq!(lines(&session), lines(&usebio), "the same travellers");
    let ids = |s: &countback_usebio::Session| -> Vec<String> {
        s.participants.iter().map(|p| p.id.to_string()).collect()
    };
    assert_eq!(ids(&session), ids(&usebio), "the same contestants");
    let mut g = c.benchmark_group(format!("pbn/{}pairs_{}boards", tables * 2, boards));
    g.sample_size(10);
    g.bench_function("parse", |b| b.iter(|| parse_pbn(black_box(&text))));
    g.bench_function("rescore", |b| {
        b.iter(|| countback_usebio::rescore(black_box(&session)))
    });
    g.bench_function("audit", |b| {
        b.iter(|| countback_usebio::audit(black_box(&session)))
    });
    g.bench_function("parse+rescore+audit", |b| {
        b.iter(|| {
            let s = parse_pbn(black_box(&text)).unwrap();
            countback_usebio::audit(&s).unwrap()
        })
    });
    g.bench_function("usebio parse", |b| b.iter(|| parse_usebio(black_box(&xml))));
    g.bench_function("usebio rescore", |b| {
        b.iter(|| countback_usebio::rescore(black_box(&usebio)))
    });
    g.bench_function("usebio audit", |b| {
        b.iter(|| countback_usebio::audit(black_box(&usebio)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
