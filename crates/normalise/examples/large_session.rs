//! Scores a large generated session exactly and prints its shape: the
//! workload of the `session` benchmark, as a binary whose peak memory can
//! be measured (`/usr/bin/time -v cargo run --release --example
//! large_session -- 10000 24`).
#![allow(
    missing_docs,
    clippy::indexing_slicing,
    clippy::cast_possible_truncation
)]

use countback_normalise::{
    score_session, BoardNumber, Movement, PercentageMethod, SessionSpec, TableOutcome, Traveller,
    TravellerLine,
};

/// `pairs` pairs (half NS, half EW) in a Mitchell; every fifth board is
/// short, with between 80% and 98% of its results.
#[must_use]
pub fn session(pairs: usize, boards: u32) -> Vec<Traveller> {
    let tables = pairs / 2;
    let values = [
        -1100, -650, -620, -200, -100, -50, 0, 50, 110, 140, 170, 420, 450, 620, 1430,
    ];
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    (1..=boards)
        .map(|b| {
            let played = if b % 5 == 0 {
                tables * (80 + 2 * (b as usize % 10)) / 100
            } else {
                tables
            };
            let lines = (0..played)
                .map(|t| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let v = values[(x % values.len() as u64) as usize];
                    TravellerLine {
                        board: BoardNumber(b),
                        ns: format!("{}NS", t + 1).into(),
                        ew: format!("{}EW", (t + b as usize) % tables + 1).into(),
                        outcome: TableOutcome::Played { ns_points: v },
                    }
                })
                .collect();
            Traveller::new(BoardNumber(b), lines)
        })
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let pairs: usize = args.next().map_or(Ok(10_000), |a| a.parse())?;
    let boards: u32 = args.next().map_or(Ok(24), |a| a.parse())?;
    let travellers = session(pairs, boards);
    let start = std::time::Instant::now();
    let scored = score_session(&travellers, &SessionSpec::default(), &Movement::open())?;
    let standings = scored.table.standings(&PercentageMethod::Proportional)?;
    let elapsed = start.elapsed();
    let inline = standings.iter().filter(|s| s.total.is_inline()).count();
    println!(
        "{pairs} pairs, {boards} boards, E = {}: scored in {elapsed:?}; {} standings, {inline} totals on the inline path",
        scored.expected,
        standings.len()
    );
    Ok(())
}
