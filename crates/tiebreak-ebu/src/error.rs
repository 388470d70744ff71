//! Typed errors that name the culprit.

use countback_model::{ContestantId, InputError, Score, ScoreError, Unit};

/// Why a split-tie computation refused its input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EbuError {
    /// Bad event input shared with the other rule crates: an unknown
    /// contestant, a match recorded twice, a contestant playing itself, a
    /// division by zero in a named quantity ...
    #[error(transparent)]
    Input(#[from] InputError),
    /// The individual formula O/P needs a positive partners' total.
    #[error("{contestant}: the partners' final scores total {total}; O/P needs a positive total")]
    PartnerTotalNotPositive {
        /// The player whose tie-break points were wanted.
        contestant: ContestantId,
        /// The partners' total found.
        total: Score,
    },
    /// The share of the event a contestant took part in must be in (0, 1].
    #[error("{contestant}: share of the event played is {share}, outside (0, 1]")]
    ShareOutOfRange {
        /// Who.
        contestant: ContestantId,
        /// The share given.
        share: Score,
    },
    /// A meeting weight that is zero or negative.
    #[error("{contestant} v {opponent}: a meeting weight must be positive, not {weight}")]
    WeightNotPositive {
        /// One side.
        contestant: ContestantId,
        /// The other side.
        opponent: ContestantId,
        /// The weight given.
        weight: Score,
    },
    /// A basic and a final unit that differ while the final one is not
    /// victory points: only a conversion to victory points makes the two
    /// methods of scoring differ (143.5.1).
    #[error(
        "a basic unit of {basic} with a final unit of {final_unit}: the two differ only when \
         scores are converted to victory points (143.5.1)"
    )]
    UnitsDiffer {
        /// The basic unit given.
        basic: Unit,
        /// The final unit given.
        final_unit: Unit,
    },
    /// No standard conversion between these units (143.5.7 only fixes
    /// IMPs against aggregate points).
    #[error("no standard conversion of a procedural penalty from {from} to {to}")]
    NoConversion {
        /// The penalty's unit.
        from: Unit,
        /// The unit wanted.
        to: Unit,
    },
    /// A place that is not a number from 1 up (1 = first), in a
    /// [`PlacePurposes`](crate::PlacePurposes) or as the first place of a tie.
    #[error("place {place:?}: places are numbered 1, 2, 3 ... (1 = first)")]
    InvalidPlace {
        /// The place as given.
        place: String,
    },
    /// One place given two different purposes.
    #[error("place {place} is given two different purposes")]
    PlaceRepeated {
        /// The place.
        place: u32,
    },
    /// A tie whose places run past the largest place number (`u32::MAX`).
    #[error("{tied} contestants tied from place {first_place} run past the last place number")]
    PlacesOverflow {
        /// The first place of the tie.
        first_place: u32,
        /// How many are tied.
        tied: usize,
    },
}

impl EbuError {
    /// Exact arithmetic failed computing `context` (a division by zero in a
    /// named quantity): the shared [`InputError::Arithmetic`].
    pub(crate) fn arithmetic(context: impl Into<String>) -> impl FnOnce(ScoreError) -> EbuError {
        let context = context.into();
        move |source| InputError::Arithmetic { context, source }.into()
    }
}

impl EbuError {
    /// The culprit this error names, in the model's vocabulary, so that a
    /// caller can place it in its input without matching this type.
    #[must_use]
    pub fn culprit(&self) -> Option<countback_model::Culprit> {
        use countback_model::Culprit;
        match self {
            EbuError::PartnerTotalNotPositive { contestant, .. }
            | EbuError::ShareOutOfRange { contestant, .. } => Some(Culprit::Contestant {
                contestant: contestant.clone(),
            }),
            EbuError::WeightNotPositive {
                contestant,
                opponent,
                ..
            } => Some(Culprit::MatchWeight {
                first: contestant.clone(),
                second: opponent.clone(),
            }),
            EbuError::Input(e) => e.culprit(),
            // A rule of the book, an option or a figure of no one place.
            EbuError::UnitsDiffer { .. }
            | EbuError::NoConversion { .. }
            | EbuError::InvalidPlace { .. }
            | EbuError::PlaceRepeated { .. }
            | EbuError::PlacesOverflow { .. } => None,
        }
    }
}
