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

use std::fmt::Write as _;

use countback_usebio::{audit, parse_usebio, rescore};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn size() -> (u32, u32) {
    if cfg!(debug_assertions) {
        (50, 10)
    } else {
        (1_000, 30)
    }
}

/// A deterministic stand-in for real results: scores from a small set of
/// common outcomes, picked by a linear congruential generator.
fn synthetic_usebio(tables: u32, boards: u32) -> String {
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
    let mut s = String::with_capacity((tables * boards) as usize * 260);
    s.push_str("<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">\n<EVENT EVENT_TYPE=\"MP_PAIRS\">\n<WINNER_TYPE>2</WINNER_TYPE>\n<PARTICIPANTS EVENT_TYPE=\"MP_PAIRS\">\n");
    for dir in ["NS", "EW"] {
        for p in 1..=tables {
            let _ = writeln!(
                s,
                "<PAIR><PAIR_NUMBER>{p}{dir}</PAIR_NUMBER><DIRECTION>{dir}</DIRECTION><PLAYER><PLAYER_NAME>Player {p}{dir}a</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Player {p}{dir}b</PLAYER_NAME></PLAYER></PAIR>"
            );
        }
    }
    s.push_str("</PARTICIPANTS>\n");
    for b in 1..=boards {
        let _ = writeln!(
            s,
            "<BOARD EVENT_TYPE=\"MP_PAIRS\">\n<BOARD_NUMBER>{b}</BOARD_NUMBER>"
        );
        for t in 1..=tables {
            let ew = (t + b) % tables + 1;
            let r = next();
            let score = match r % 400 {
                0 => "A6040",
                1 => "A5050",
                2 | 3 if b % 3 == 0 => "NP",
                _ => SCORES[r % SCORES.len()],
            };
            let _ = writeln!(
                s,
                "<TRAVELLER_LINE><NS_PAIR_NUMBER>{t}NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}EW</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>AH</LEAD><TRICKS>10</TRICKS><SCORE>{score}</SCORE></TRAVELLER_LINE>"
            );
        }
        s.push_str("</BOARD>\n");
    }
    s.push_str("</EVENT>\n</USEBIO>\n");
    s
}

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
    let scored = rescore(&session).expect("synthetic session rescores");
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
    let (tables, boards) = size();
    let text = synthetic_usebio(tables, boards);
    report_memory(&text);
    let session = parse_usebio(&text).expect("synthetic file parses");
    let mut g = c.benchmark_group(format!("usebio/{}pairs_{}boards", tables * 2, boards));
    g.sample_size(10);
    g.bench_function("parse", |b| b.iter(|| parse_usebio(black_box(&text))));
    g.bench_function("rescore", |b| b.iter(|| rescore(black_box(&session))));
    g.bench_function("audit", |b| b.iter(|| audit(black_box(&session))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
