//! Quotients such as IMPs won over IMPs lost, with a defined infinity.

use std::cmp::Ordering;
use std::fmt;

use crate::score::Score;

/// `won / lost`, exact. A quotient with nothing lost is larger than any finite
/// one, and two such are equal; no division can panic.
///
/// `0 / 0` (nothing won or lost at all) is taken as `1`: neither ahead nor
/// behind. That is an assumption of ours; the rule books are silent.
///
/// ```
/// use countback_model::{Quotient, Score};
/// let a = Quotient::of(&Score::integer(142), &Score::integer(100));
/// let b = Quotient::of(&Score::integer(5), &Score::ZERO);
/// assert!(b > a);
/// assert_eq!(b, Quotient::of(&Score::integer(9), &Score::ZERO));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Quotient {
    /// A finite value.
    Finite(Score),
    /// Something won and nothing lost.
    Infinite,
}

impl Quotient {
    /// `won / lost`.
    #[must_use]
    pub fn of(won: &Score, lost: &Score) -> Quotient {
        match won.checked_div(lost) {
            Ok(q) => Quotient::Finite(q),
            Err(_) if won.is_zero() => Quotient::Finite(Score::ONE),
            Err(_) => Quotient::Infinite,
        }
    }
}

impl Ord for Quotient {
    fn cmp(&self, other: &Quotient) -> Ordering {
        match (self, other) {
            (Quotient::Finite(a), Quotient::Finite(b)) => a.cmp(b),
            (Quotient::Finite(_), Quotient::Infinite) => Ordering::Less,
            (Quotient::Infinite, Quotient::Finite(_)) => Ordering::Greater,
            (Quotient::Infinite, Quotient::Infinite) => Ordering::Equal,
        }
    }
}

impl PartialOrd for Quotient {
    fn partial_cmp(&self, other: &Quotient) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Quotient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Quotient::Finite(s) => write!(f, "{s}"),
            Quotient::Infinite => f.write_str("infinite (nothing lost)"),
        }
    }
}
