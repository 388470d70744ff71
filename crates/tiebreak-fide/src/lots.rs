//! The drawing of lots (C.07: ties no tie-break separates), on request,
//! from a seed. The draw is the one every rule book uses under its own
//! word, so it lives in [`countback_model::lots`] (the algorithm, its
//! version and its proof are documented there); this module keeps the
//! name a FIDE user looks for.
//!
//! ```
//! use countback_model::{Clause, ContestantId, TieBreakOutcome, TiedGroup, Unresolved};
//! use countback_tiebreak_fide::lots::draw_lots;
//!
//! let tied = TieBreakOutcome {
//!     order: vec![TiedGroup {
//!         members: vec![ContestantId::new("Ann"), ContestantId::new("Bob")],
//!         unresolved: Some(Unresolved::RandomBallot { clause: Clause::new("FIDE C.07 drawing of lots") }),
//!     }],
//!     trace: Vec::new(),
//! };
//! assert!(draw_lots(&tied, 2026).is_fully_resolved());
//! ```

pub use countback_model::lots::{draw, draw_lots, Draw, SplitMix64, ALGORITHM};
