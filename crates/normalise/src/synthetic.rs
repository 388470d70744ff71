//! A synthetic session for the `session` benchmark and the `large_session`
//! example, kept in one place so both measure the same workload. Not part
//! of the API: hidden from the docs and free to change.

use countback_matchpoints::synthetic::{mitchell_line, pick, xorshift};
use countback_model::BoardNumber;

use crate::session::Traveller;

/// The NS scores drawn from: a spread of common contracts and penalties.
const VALUES: [i32; 15] = [
    -1100, -650, -620, -200, -100, -50, 0, 50, 110, 140, 170, 420, 450, 620, 1430,
];

/// `pairs` pairs (half NS, half EW) in a Mitchell over `boards` boards;
/// every fifth board is short, with between 80% and 98% of its results.
/// The scores come from a fixed xorshift sequence, so every call gives the
/// same session.
#[must_use]
pub fn session(pairs: usize, boards: u32) -> Vec<Traveller> {
    let tables = pairs / 2;
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
                    let draw = xorshift(&mut x);
                    mitchell_line(b, t, tables, pick(&VALUES, draw))
                })
                .collect();
            Traveller::new(BoardNumber(b), lines)
        })
        .collect()
}
