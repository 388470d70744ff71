//! The draw that ends a tie no tie-break separates — FIDE C.07's drawing
//! of lots, the EBU White Book's random ballot (143.7.1(e)) — on request,
//! from a seed, by a fixed and documented algorithm, so that anyone can
//! repeat the draw. It lives here, beside [`Unresolved::RandomBallot`],
//! because every rule book that sends a tie to chance uses the same draw
//! under its own word ([`Draw`]).
//!
//! **Algorithm (version 1; it will not change under this name):**
//!
//! 1. The generator is SplitMix64 (G. Steele, D. Lea, C. Flood, *Fast
//!    splittable pseudorandom number generators*, OOPSLA 2014; the
//!    constants of S. Vigna's reference `splitmix64.c`): a 64-bit state
//!    starting at the seed; each output adds `0x9E3779B97F4A7C15` to the
//!    state (wrapping) and returns `z ^ (z >> 31)` where
//!    `z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9`,
//!    `z = (z ^ (z >> 27)) * 0x94D049BB133111EB` (wrapping products).
//!    From seed 0 its first outputs are `0xE220A8397B1DCDAF`,
//!    `0x6E789E6AA1B965F4`, `0x06C45D188009454F`.
//! 2. A number below `n` is drawn without bias by rejection: draw `x`;
//!    `r = x mod n`; accept `r` when `x - r <= 2^64 - n`, else draw again.
//! 3. One generator serves the whole ranking. The tied groups sent to lots
//!    are drawn best place first; inside a group the members are taken in
//!    name order, then shuffled by Fisher–Yates from the last position
//!    down (`i = k-1 … 1`: swap position `i` with a position drawn below
//!    `i + 1`). The result is the order of places.
//!
//! No external random-number crate is used: their output may change
//! between versions, and a drawn order must be repeatable for ever.

use crate::{Decision, Score, TieBreakOutcome, TiedGroup, Unresolved, Value};

/// The name of the algorithm, as the trace states it.
pub const ALGORITHM: &str =
    "countback lots v1: SplitMix64, Fisher-Yates over the group in name order";

/// The SplitMix64 generator (Steele, Lea and Flood, 2014).
///
/// ```
/// use countback_model::lots::SplitMix64;
///
/// let mut g = SplitMix64::new(0);
/// assert_eq!(g.next_u64(), 0xE220_A839_7B1D_CDAF);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting at `seed`.
    #[must_use]
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` ≥ 1), without bias (rejection).
    pub fn below(&mut self, n: u64) -> u64 {
        let n = n.max(1);
        loop {
            let x = self.next_u64();
            let r = x % n;
            if x - r <= u64::MAX - (n - 1) {
                return r;
            }
        }
    }
}

/// Draw lots for every group of `outcome` that the rules send to lots
/// (`Unresolved::RandomBallot`), from `seed`: each such group becomes one
/// place per member in the order drawn, and the trace gains a decision per
/// group stating the seed, the algorithm and the order drawn (each
/// member's drawn place as its value). Groups left tied for another
/// reason (a tie that stands, a play-off) are kept as they are.
///
/// ```
/// use countback_model::{ContestantId, TieBreakOutcome, TiedGroup, Unresolved, Clause};
/// use countback_model::lots::draw_lots;
///
/// let tied = TieBreakOutcome {
///     order: vec![TiedGroup {
///         members: vec![ContestantId::new("Ann"), ContestantId::new("Bob")],
///         unresolved: Some(Unresolved::RandomBallot { clause: Clause::new("FIDE C.07 drawing of lots") }),
///     }],
///     trace: Vec::new(),
/// };
/// let drawn = draw_lots(&tied, 2026);
/// assert!(drawn.is_fully_resolved());
/// assert_eq!(drawn, draw_lots(&tied, 2026)); // the same seed, the same order
/// ```
#[must_use]
pub fn draw_lots(outcome: &TieBreakOutcome, seed: u64) -> TieBreakOutcome {
    draw(outcome, seed, Draw::Lots)
}

/// What the rule book calls its draw, as the trace names the test: C.07
/// ends with "the drawing of lots", the EBU White Book (143.7.1(e)) with
/// "a random ballot". The algorithm is the same; only the word differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Draw {
    /// FIDE C.07: the drawing of lots.
    Lots,
    /// EBU White Book 143.7.1(e): a random ballot.
    RandomBallot,
}

impl Draw {
    /// The test's name in the trace.
    #[must_use]
    pub fn test(self) -> &'static str {
        match self {
            Draw::Lots => "drawing of lots",
            Draw::RandomBallot => "random ballot",
        }
    }
}

/// [`draw_lots`] under the rule book's own word for the draw.
///
/// ```
/// use countback_model::{ContestantId, TieBreakOutcome, TiedGroup, Unresolved, Clause};
/// use countback_model::lots::{draw, Draw};
///
/// let tied = TieBreakOutcome {
///     order: vec![TiedGroup {
///         members: vec![ContestantId::new("A"), ContestantId::new("B")],
///         unresolved: Some(Unresolved::RandomBallot { clause: Clause::new("EBU 143.7.1(e)") }),
///     }],
///     trace: Vec::new(),
/// };
/// let drawn = draw(&tied, 11, Draw::RandomBallot);
/// assert_eq!(drawn.trace[0].test, "random ballot");
/// ```
#[must_use]
pub fn draw(outcome: &TieBreakOutcome, seed: u64, what: Draw) -> TieBreakOutcome {
    let mut generator = SplitMix64::new(seed);
    let mut order = Vec::with_capacity(outcome.order.len());
    let mut trace = outcome.trace.clone();
    for group in &outcome.order {
        let Some(Unresolved::RandomBallot { clause }) = &group.unresolved else {
            order.push(group.clone());
            continue;
        };
        let mut members = group.members.clone();
        members.sort();
        for i in (1..members.len()).rev() {
            let bound = u64::try_from(i + 1).unwrap_or(u64::MAX);
            let j = usize::try_from(generator.below(bound)).unwrap_or(0);
            members.swap(i, j);
        }
        let mut among = group.members.clone();
        among.sort();
        trace.push(Decision {
            clause: clause.clone(),
            test: what.test().to_string(),
            among,
            values: members
                .iter()
                .zip(1i64..)
                .map(|(m, place)| (m.clone(), Value::Score(Score::integer(place))))
                .collect(),
            result: members.iter().map(|m| vec![m.clone()]).collect(),
            note: Some(format!(
                "seed {seed}; {ALGORITHM}; drawn: {}",
                members
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        });
        order.extend(members.into_iter().map(|m| TiedGroup {
            members: vec![m],
            unresolved: None,
        }));
    }
    TieBreakOutcome { order, trace }
}
