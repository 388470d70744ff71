//! A deterministic random Swiss crosstable, shared by the property tests and
//! the benchmark. Pairings are random rather than by score: the tie-breaks
//! do not care how pairings were made, and random pairings reach every kind
//! of result (rematches included).

use countback_tiebreak_chess::{ContestantId, RoundResult};

/// SplitMix64: tiny, deterministic, good enough to shuffle test data.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        let n64 = u64::try_from(n).unwrap_or(u64::MAX).max(1);
        usize::try_from(self.next() % n64).unwrap_or(0)
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

pub fn name(i: usize) -> ContestantId {
    ContestantId::new(format!("P{i:05}"))
}

/// Rows of a Swiss of `players` players and `rounds` rounds, in player order.
pub fn swiss(players: usize, rounds: u32, seed: u64) -> Vec<(ContestantId, Vec<RoundResult>)> {
    let mut rng = Rng::new(seed);
    let mut rows: Vec<Vec<RoundResult>> = vec![Vec::new(); players];
    let mut withdrawn = vec![false; players];
    for round in 0..rounds {
        let mut active = Vec::new();
        for (i, row) in rows.iter_mut().enumerate() {
            if round > 0 && !withdrawn[i] && rng.below(50) == 0 {
                withdrawn[i] = true;
            }
            if withdrawn[i] {
                row.push(RoundResult::Unplayed);
            } else if rng.below(30) == 0 {
                row.push(RoundResult::HalfPointBye);
            } else {
                active.push(i);
            }
        }
        rng.shuffle(&mut active);
        let mut pairs = active.chunks_exact(2);
        for pair in pairs.by_ref() {
            let (a, b) = (pair[0], pair[1]);
            let (ra, rb) = match rng.below(20) {
                0..=8 => (RoundResult::Win(name(b)), RoundResult::Loss(name(a))),
                9..=11 => (RoundResult::Draw(name(b)), RoundResult::Draw(name(a))),
                12..=18 => (RoundResult::Loss(name(b)), RoundResult::Win(name(a))),
                _ => (
                    RoundResult::ForfeitWin(name(b)),
                    RoundResult::ForfeitLoss(name(a)),
                ),
            };
            rows[a].push(ra);
            rows[b].push(rb);
        }
        if let [odd] = pairs.remainder() {
            rows[*odd].push(RoundResult::FullPointBye);
        }
    }
    rows.into_iter()
        .enumerate()
        .map(|(i, r)| (name(i), r))
        .collect()
}
