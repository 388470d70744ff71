//! A synthetic FIDE Swiss as TRF-16 text: the one generator of the FIDE
//! benches (`tiebreak-fide`'s `full_set`, `countback`'s `fide` and
//! `render`). Written here as text, field by field as TRF-16 lays out a
//! `001` record, so that it needs no FIDE crate (this crate depends on no
//! rule crate) and the reader measured is not also the writer of its input.

use std::fmt::Write as _;

use crate::synthetic::{random_pairs, XorShift};

/// Every tie-break code FIDE C.07 defines, each with its modifiers in use:
/// the "full list" issue 30 sets its bar with.
pub const FULL_LIST: &str = "DE, WIN, WON, BPG, BWG, REP, PS, PS/C1, STD, TPN, BH, BH/C1, BH/C2, \
                             BH/M1, BH/M2, BH/P, FB, FB/C1, AOB, SB, SB/C1, SB/C2, KS, ARO, ARO/C1, \
                             ARO/M1, TPR, PTP, APRO, APPO, RTNG";

/// The players of the FIDE benches: 9,999, the most four-column TRF-16
/// starting ranks can number (the issue asks for 10,000), or 300 in a
/// debug build, so that `cargo test` smoke-runs a bench in seconds.
#[must_use]
pub fn bench_players() -> u32 {
    if cfg!(debug_assertions) {
        300
    } else {
        9_999
    }
}

/// What to generate.
#[derive(Debug, Clone, Copy)]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a bench's own settings, built by name.
pub struct FideSwiss {
    /// Players (at most 9,999: TRF-16 numbers them in four columns).
    pub players: u32,
    /// Rounds.
    pub rounds: usize,
    /// The generator's seed (not 0).
    pub seed: u64,
    /// A Swiss as real ones go: now and then a requested half-point or
    /// zero-point bye, a forfeit, an unrated player. Without it, every
    /// player plays every round (but the odd one out), over the board, and
    /// is rated.
    pub irregular: bool,
}

/// One round of a `001` record: opponent (none: `0000`), colour and
/// result as TRF-16 writes them.
type Round = (Option<u32>, char, char);

/// The results of a game, White's then Black's, each with its weight: of
/// a draw below the weights' total, the first row whose weight reaches it.
const REGULAR: [(u64, char, char); 3] = [(1, '1', '0'), (1, '=', '='), (1, '0', '1')];
const IRREGULAR: [(u64, char, char); 5] = [
    (39, '1', '0'),
    (28, '=', '='),
    (31, '0', '1'),
    (1, '+', '-'),
    (1, '-', '+'),
];

/// The points (in halves) a result scores under 1-½-0.
fn half_points(result: char) -> u32 {
    match result {
        '1' | '+' | 'U' | 'F' => 2,
        '=' | 'H' => 1,
        _ => 0,
    }
}

/// The Swiss of `spec`: random pairings each round, a pairing-allocated
/// bye for the odd one out, as TRF-16 text (`012`, `042`, `142`, then a
/// `001` record a player, its points written out and its starting rank as
/// its rank).
#[must_use]
pub fn trf(spec: &FideSwiss) -> String {
    let FideSwiss {
        players: n,
        rounds,
        seed,
        irregular,
    } = *spec;
    let results: &[(u64, char, char)] = if irregular { &IRREGULAR } else { &REGULAR };
    let total: u64 = results.iter().map(|r| r.0).sum();
    let mut rng = XorShift(seed);
    let count = usize::try_from(n).unwrap_or(0);
    let mut table: Vec<Vec<Round>> = vec![Vec::with_capacity(rounds); count];
    let mut push = |player: u32, round: Round| {
        let slot = usize::try_from(player.saturating_sub(1))
            .ok()
            .and_then(|i| table.get_mut(i));
        if let Some(slot) = slot {
            slot.push(round);
        }
    };
    for _ in 0..rounds {
        let mut present: Vec<u32> = Vec::new();
        for p in 1..=n {
            match irregular.then(|| rng.below(100)) {
                Some(0 | 1) => push(p, (None, '-', 'H')),
                Some(2) => push(p, (None, '-', 'Z')),
                _ => present.push(p),
            }
        }
        let (pairs, odd) = random_pairs(&mut rng, present);
        for [w, b] in pairs {
            let mut draw = rng.below(total);
            let (_, rw, rb) = results
                .iter()
                .find(|r| {
                    let hit = draw < r.0;
                    draw = draw.saturating_sub(r.0);
                    hit
                })
                .copied()
                .unwrap_or(REGULAR[1]);
            let forfeit = rw == '+' || rw == '-';
            let colour = |c| if forfeit { '-' } else { c };
            push(w, (Some(b), colour('w'), rw));
            push(b, (Some(w), colour('b'), rb));
        }
        if let Some(odd) = odd {
            push(odd, (None, '-', 'U'));
        }
    }
    let mut text = format!("012 Synthetic Swiss\n042 2025/01/01\n142 {rounds}\n");
    for (rank, games) in (1u32..).zip(table) {
        let rated = !irregular || rng.below(10) != 0;
        let rating = if rated {
            (1000 + rng.below(1800)).to_string()
        } else {
            String::new()
        };
        let halves: u32 = games.iter().map(|g| half_points(g.2)).sum();
        let points = format!("{}.{}", halves / 2, if halves % 2 == 1 { 5 } else { 0 });
        let name = format!("Player {rank:05}");
        let _ = write!(
            text,
            "001 {rank:>4} {:4} {name:<33} {rating:>4} {:3} {:11} {:10} {points:>4} {rank:>4}",
            "", "", "", ""
        );
        for (opponent, colour, result) in games {
            let opponent = opponent.map_or_else(|| "0000".to_owned(), |o| o.to_string());
            let _ = write!(text, "  {opponent:>4} {colour} {result}");
        }
        text.push('\n');
    }
    text
}
