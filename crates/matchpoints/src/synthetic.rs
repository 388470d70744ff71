//! Synthetic travellers for the benchmarks (this crate's and
//! `countback-normalise`'s), kept in one place so that every bench draws
//! the same workload. Not part of the API: hidden from the docs and free to
//! change.

use countback_model::{BoardNumber, TableOutcome, TravellerLine};

/// The next value of a fixed xorshift64 sequence: every run draws the same
/// scores.
pub fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// One of `values` (0 when there are none), chosen by `draw`.
#[must_use]
pub fn pick(values: &[i32], draw: u64) -> i32 {
    let len = u64::try_from(values.len()).unwrap_or(u64::MAX).max(1);
    usize::try_from(draw % len)
        .ok()
        .and_then(|i| values.get(i).copied())
        .unwrap_or_default()
}

/// Table `t` (from 0) of `tables` on board `board` of a Mitchell: NS pair
/// `t + 1` meets EW pair `t + board` (mod `tables`) + 1.
#[must_use]
pub fn mitchell_line(board: u32, t: usize, tables: usize, ns_points: i32) -> TravellerLine {
    let shift = usize::try_from(board).unwrap_or(0);
    TravellerLine {
        board: BoardNumber(board),
        ns: format!("{}NS", t + 1).into(),
        ew: format!("{}EW", (t + shift) % tables.max(1) + 1).into(),
        outcome: TableOutcome::Played { ns_points },
    }
}

/// Common contracts and penalties, for the matchpoint benches.
pub const SPREAD: [i32; 19] = [
    -1100, -800, -650, -620, -200, -100, -50, 0, 50, 90, 110, 140, 170, 420, 450, 480, 620, 650,
    1430,
];

/// The next score of the matchpoint benches: one of [`SPREAD`] plus 0–60
/// in tens, so that a large board has many ties and many distinct scores.
pub fn bench_score(x: &mut u64) -> i32 {
    let draw = xorshift(x);
    pick(&SPREAD, draw) + i32::try_from(draw % 7).unwrap_or(0) * 10
}
