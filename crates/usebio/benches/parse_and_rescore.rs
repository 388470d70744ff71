//! Parse and rescore a synthetic USEBIO session: 2,000 pairs (a 1,000-table
//! Mitchell), 30 boards, each board played at every table, with a sprinkling
//! of artificial scores and not-played lines so that Neuberg factoring runs.
//! Parsing and rescoring are measured separately, and the peak resident
//! memory of each phase is printed (Linux `/proc`), to show which dominates.
//!
//! In a debug build (`cargo test` runs this once as a smoke test) the session
//! is 100 pairs and 10 boards.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use countback_results::{audit, rescore};
use countback_test_support::synthetic::{mitchell_size, usebio_mitchell};
use countback_usebio::parse_usebio;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// Peak resident set size in kB since the last reset (Linux only).
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn current_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn reset_peak() {
    // Writing 5 resets the peak RSS counter (Linux 4.0 and later).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn report_memory(text: &str) {
    reset_peak();
    let base = current_rss_kb().unwrap_or(0);
    let session = parse_usebio(text).expect("synthetic file parses");
    let after_parse = peak_rss_kb().unwrap_or(0);
    reset_peak();
    let held = current_rss_kb().unwrap_or(0);
    let scored = rescore(&session, None).expect("synthetic session rescores");
    let after_rescore = peak_rss_kb().unwrap_or(0);
    black_box(&scored);
    eprintln!(
        "usebio bench: {} bytes of XML, {} pairs, {} boards; peak RSS above baseline: parse {} kB, rescore {} kB",
        text.len(),
        session.participants.len(),
        session.boards.len(),
        after_parse.saturating_sub(base),
        after_rescore.saturating_sub(held),
    );
}

fn bench(c: &mut Criterion) {
    let (tables, boards) = mitchell_size();
    let text = usebio_mitchell(tables, boards);
    report_memory(&text);
    let session = parse_usebio(&text).expect("synthetic file parses");
    let mut g = c.benchmark_group(format!("usebio/{}pairs_{}boards", tables * 2, boards));
    g.sample_size(10);
    g.bench_function("parse", |b| b.iter(|| parse_usebio(black_box(&text))));
    g.bench_function("rescore", |b| b.iter(|| rescore(black_box(&session), None)));
    g.bench_function("audit", |b| b.iter(|| audit(black_box(&session), None)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
