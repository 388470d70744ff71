//! A synthetic FIDE Swiss as a TRF-16 text, shared by the benches that
//! rank and render one (`render`, `fide`), so both time the same event.

use countback_test_support::synthetic::XorShift;

/// Every tie-break code FIDE C.07 defines, each with its modifiers in use:
/// the "full list" issue 30 sets its bar with.
#[allow(dead_code)] // `render` ranks by the default list.
pub const FULL_LIST: &str = "DE, WIN, WON, BPG, BWG, REP, PS, PS/C1, STD, TPN, BH, BH/C1, BH/C2, \
                             BH/M1, BH/M2, BH/P, FB, FB/C1, AOB, SB, SB/C1, SB/C2, KS, ARO, ARO/C1, \
                             ARO/M1, TPR, PTP, APRO, APPO, RTNG";

/// A Swiss of `players` over `rounds`: random pairings and results, a
/// pairing-allocated bye for the odd one out, every player rated.
pub fn trf(players: u32, rounds: usize) -> String {
    use countback_event::trf::{Colour, Player, ResultCode, RoundEntry};
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let n = usize::try_from(players).unwrap_or(0);
    let mut table: Vec<Vec<RoundEntry>> = vec![Vec::with_capacity(rounds); n];
    for _ in 0..rounds {
        let mut order: Vec<u32> = (1..=players).collect();
        rng.shuffle(&mut order);
        let mut pairs = order.chunks_exact(2);
        for pair in &mut pairs {
            let &[w, b] = pair else { continue };
            let (rw, rb) = match rng.below(3) {
                0 => (ResultCode::Win, ResultCode::Loss),
                1 => (ResultCode::Draw, ResultCode::Draw),
                _ => (ResultCode::Loss, ResultCode::Win),
            };
            for (me, opp, colour, result) in [(w, b, Colour::White, rw), (b, w, Colour::Black, rb)]
            {
                if let Some(slot) = table.get_mut(usize::try_from(me - 1).unwrap_or(0)) {
                    slot.push(RoundEntry {
                        opponent: Some(opp),
                        colour,
                        result,
                    });
                }
            }
        }
        if let [odd] = pairs.remainder() {
            if let Some(slot) = table.get_mut(usize::try_from(odd - 1).unwrap_or(0)) {
                slot.push(RoundEntry {
                    opponent: None,
                    colour: Colour::None,
                    result: ResultCode::PairingAllocatedBye,
                });
            }
        }
    }
    let mut text = format!("012 Synthetic Swiss\n042 2025/01/01\n142 {rounds}\n");
    for (i, r) in table.into_iter().enumerate() {
        let starting_rank = u32::try_from(i + 1).unwrap_or(0);
        let player = Player {
            starting_rank,
            name: format!("Player {starting_rank:05}"),
            rating: Some(1000 + u32::try_from(rng.below(1800)).unwrap_or(0)),
            declared_points: None,
            declared_rank: None,
            rounds: r,
            line: 0,
        };
        text.push_str(&player.to_trf_line());
        text.push('\n');
    }
    text
}
