#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! - [`Score`]: an exact rational for match points, IMPs, VPs, aggregate
//!   points, game points, percentages and tie-break values. Inline 64-bit
//!   fractions on the fast path, promoted to arbitrary precision instead of
//!   overflowing. There is no `f64` anywhere a score flows.
//! - [`Rounding`]: rounding to a step with the tie rule spelt out (half toward
//!   a reference value such as the board average, half away from zero,
//!   half-even ...), and exact decimal rendering with integer arithmetic.
//! - [`event`]: contestants, directions, boards, traveller lines (played,
//!   artificial, not played), encounters with per-side scores in several units.
//! - [`outcome`]: the shape of a tie-break result: an order of tied groups and
//!   a trace of [`Decision`]s, each naming the [`Clause`] it applied, plus
//!   explicit "play-off" and "random ballot" endings.
//! - [`Quotient`], [`opposition`] and [`head_to_head`]: notions several rule
//!   books share (won/lost quotients, sums over opponents, direct matches).
//!
//! This crate knows nothing of any rule book: a "win", an "average" or a
//! "median" is defined by the rule crates built on it.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// Deserialises a type with private fields through its checking
/// constructor, so that no value the constructor refuses can be read
/// either: the type says `#[serde(try_from = "Raw…")]`, and this writes the
/// `Raw…` form (the fields as the constructor takes them, in its order,
/// with the attributes given) and its `TryFrom`, which calls the
/// constructor and fails with its error.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use countback_model::{deserialize_through, InputError, Score};
///
/// #[derive(Debug, serde::Deserialize)]
/// #[serde(try_from = "RawHalf")]
/// struct Half {
///     points: Score,
/// }
///
/// impl Half {
///     fn new(points: Score) -> Result<Half, InputError> {
///         if points.is_negative() {
///             return Err(InputError::OutOfRange {
///                 what: "points".to_owned(),
///                 value: points,
///                 range: "0 or more",
///             });
///         }
///         Ok(Half { points })
///     }
/// }
///
/// deserialize_through! {
///     #[serde(rename = "Half")]
///     struct RawHalf { points: Score } => Half::new -> InputError
/// }
///
/// assert!(serde_json::from_str::<Half>(r#"{"points": "3/2"}"#).is_ok());
/// assert!(serde_json::from_str::<Half>(r#"{"points": "-1"}"#).is_err());
/// # }
/// ```
#[macro_export]
macro_rules! deserialize_through {
    (
        $(#[$attr:meta])*
        struct $raw:ident { $($field:ident: $field_type:ty),+ $(,)? } => $ty:ident::$new:ident -> $error:ty
    ) => {
        #[derive(serde::Deserialize)]
        $(#[$attr])*
        struct $raw {
            $($field: $field_type),+
        }

        impl ::core::convert::TryFrom<$raw> for $ty {
            type Error = $error;

            fn try_from(raw: $raw) -> ::core::result::Result<$ty, $error> {
                $ty::$new($(raw.$field),+)
            }
        }
    };
}

pub mod culprit;
pub mod error;
pub mod event;
pub mod head_to_head;
pub mod lots;
pub mod opposition;
pub mod outcome;
pub mod quotient;
pub mod round;
#[cfg(feature = "schemars")]
pub mod schema;
pub mod score;

pub use culprit::Culprit;
pub use error::{InputError, NumberPart, ScoreError};
pub use event::{
    order_by_packed_keys, ArtificialScore, BoardNumber, ContestantId, ContestantKind, Direction,
    Encounter, EncounterStatus, RoundNumber, SessionNumber, SideScores, StageId, TableOutcome,
    TravellerLine, Unit, WeightedComponent, WeightedScore,
};
pub use outcome::{
    partition_descending, split_every_tie, Clause, Decision, TieBreakOutcome, TiedGroup,
    Unresolved, Value,
};
pub use quotient::Quotient;
pub use round::{HalfRule, Rounding, RoundingMode};
pub use score::{
    Score, SharedDenominators, MAX_COMMON_DENOMINATOR_DIGITS, MAX_SCORE_DIGITS, MAX_SCORE_TEXT,
};

/// `num-bigint`, whose `BigInt` [`Score::numer`], [`Score::denom`] and
/// `Score::from(BigInt)` speak. Re-exported so that a caller uses the very
/// version this crate was built with, with no dependency of its own to keep
/// in step.
///
/// ```
/// use countback_model::num_bigint::BigInt;
/// use countback_model::Score;
///
/// let s = Score::new(-6, 4)?;
/// assert_eq!((s.numer(), s.denom()), (BigInt::from(-3), BigInt::from(2)));
/// assert_eq!(Score::from(BigInt::from(7)), Score::integer(7));
/// # Ok::<(), countback_model::ScoreError>(())
/// ```
pub use num_bigint;

/// `num-rational`, whose `BigRational` [`Score::from_big`] and
/// [`Score::to_big`] speak. Re-exported for the same reason as
/// [`num_bigint`].
///
/// ```
/// use countback_model::num_bigint::BigInt;
/// use countback_model::num_rational::BigRational;
/// use countback_model::Score;
///
/// let big = BigRational::new(BigInt::from(246), BigInt::from(14));
/// assert_eq!(Score::from_big(big.clone()).to_string(), "123/7");
/// assert_eq!(Score::parse("123/7")?.to_big(), big);
/// # Ok::<(), countback_model::ScoreError>(())
/// ```
pub use num_rational;

/// `num-traits`, whose `One` [`Score`] implements. Re-exported for the same
/// reason as [`num_bigint`].
///
/// ```
/// use countback_model::num_traits::One;
/// use countback_model::Score;
///
/// assert_eq!(Score::one(), Score::ONE);
/// ```
pub use num_traits;
