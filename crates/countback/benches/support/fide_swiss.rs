//! A synthetic FIDE Swiss as a TRF-16 text, shared by the benches that
//! rank and render one (`render`, `fide`), so both time the same event:
//! test-support's FIDE Swiss (the one `tiebreak-fide`'s `full_set` bench
//! times too), every player present and rated.

#[allow(unused_imports)] // `render` ranks by the default list.
pub use countback_test_support::fide_swiss::FULL_LIST;
use countback_test_support::fide_swiss::{self, FideSwiss};

/// A Swiss of `players` over `rounds`: random pairings and results, a
/// pairing-allocated bye for the odd one out, every player rated.
pub fn trf(players: u32, rounds: usize) -> String {
    fide_swiss::trf(&FideSwiss {
        players,
        rounds,
        seed: 0x2545_F491_4F6C_DD1D,
        irregular: false,
    })
}
