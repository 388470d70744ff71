//! A `.bws` read and scored: the bar is a 30-table, 30-board
//! session read and scored in under 0.2 s (release).
//!
//! - `read_real_file`: `read_bws` on the larger real file of
//!   `../shared/bridge-data/real-world` (1.1 MB, Jet 3, 14,020 roster rows
//!   that are counted, not read): the reading half. `jetdb` cannot write an
//!   Access file, so a 30-table file cannot be generated; the real file is
//!   the measure of reading.
//! - `score_30x30`: a generated `.bws`-shaped session (the `BwsFile` the
//!   reader returns) of a 30-table Mitchell where every board is played at
//!   every table (900 results, 60 pairs, the heaviest shape of 30 tables
//!   and 30 boards), with a few "not played" rows so that Neuberg runs:
//!   Law 77 for every contract, the session built, match points, totals
//!   and places (`countback_results::rescore`).
//! - `score_and_write_30x30`: the same and the USEBIO file written.
//!
//! In a debug build (`cargo test` runs this once as a smoke test) the same
//! sizes run once.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(missing_docs, clippy::indexing_slicing)]

use countback_bws::{read_bws, BwsFile, Entry, Received, Round, Section};
use countback_contract::{Contract, Doubling, Played, Seat, Strain, TableResult};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

const REAL: &str = "bridge-data/real-world/rick-wilson-bridge-game-analysis/LBC-2026-01-26.bws";

/// A 30-table Mitchell, every board at every table in one of 30 rounds,
/// contracts from a fixed pseudo-random sequence (a linear congruential
/// generator), one result in 97 "not played".
fn generated(tables: u32, boards: u32) -> BwsFile {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let mut rounds = Vec::new();
    let mut received = Vec::new();
    for round in 1..=boards {
        for table in 1..=tables {
            // EW pairs move up one table a round.
            let ew = (table + round - 2) % tables + 1;
            rounds.push(Round {
                section: 1,
                table,
                round,
                ns_pair: table,
                ew_pair: ew,
                low_board: round,
                high_board: round,
            });
            let id = i64::try_from(received.len() + 1).unwrap();
            let entry = if next(97) == 0 {
                Entry::NotPlayed
            } else {
                let level = u8::try_from(next(4)).unwrap() + 1 + u8::from(next(8) == 0) * 2;
                let strain = Strain::ALL[usize::try_from(next(5)).unwrap()];
                let doubling = if next(12) == 0 {
                    Doubling::Doubled
                } else {
                    Doubling::Undoubled
                };
                let contract = Contract::new(level, strain, doubling).unwrap();
                let declarer = Seat::ALL[usize::try_from(next(4)).unwrap()];
                let tricks =
                    (i64::from(contract.tricks_needed()) + i64::try_from(next(5)).unwrap() - 2)
                        .clamp(0, 13);
                let played =
                    Played::new(contract, declarer, u8::try_from(tricks).unwrap()).unwrap();
                Entry::Result(TableResult::Played(played))
            };
            received.push(Received {
                id,
                row: received.len() + 1,
                section: 1,
                table,
                round,
                board: round,
                pair_ns: table,
                pair_ew: ew,
                entry,
                lead: None,
            });
        }
    }
    BwsFile {
        engine: "generated".to_owned(),
        sections: vec![Section {
            id: 1,
            letter: "A".to_owned(),
            tables,
        }],
        rounds,
        received_rows: received.len(),
        received,
        ..BwsFile::default()
    }
}

fn score(file: &BwsFile) -> countback_results::Rescore {
    let s = file.session().unwrap();
    countback_results::rescore(&s.session, None).unwrap()
}

fn bench(c: &mut Criterion) {
    let file = generated(30, 30);
    let scored = score(&file);
    assert_eq!(scored.standings.len(), 60);
    assert_eq!(scored.boards.len(), 30);
    let mut g = c.benchmark_group("bws");
    g.sample_size(10);
    if let Some(path) = countback_test_support::shared_file(REAL) {
        let bytes = std::fs::read(path).unwrap();
        g.bench_function("read_real_file", |b| {
            b.iter(|| read_bws(black_box(&bytes)).unwrap())
        });
    }
    g.bench_function("score_30x30", |b| b.iter(|| score(black_box(&file))));
    g.bench_function("score_and_write_30x30", |b| {
        b.iter(|| {
            let s = file.session().unwrap();
            let r = countback_results::rescore(&s.session, None).unwrap();
            countback_usebio::write_usebio(&s.session, &r, "countback").unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
