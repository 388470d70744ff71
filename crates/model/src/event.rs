//! The shared event vocabulary: who played, where, and what they scored.
//!
//! These types carry no rules. A rule crate decides what a "win" or an
//! "average" is; here there are only contestants, boards, results and
//! encounters with their scores in each unit.

use std::fmt;

use crate::error::InputError;
use crate::score::Score;

/// A contestant: a pair, a team or an individual player, named as the event
/// names it (`"7"`, `"1NS"`, `"Team X"`).
///
/// The name is shared, not copied: a clone is a count, not an allocation
/// (issue 30: a million-result session holds each pair's name on every
/// line it played, in several tables, and copying the text was a tenth of
/// the run). A reader that meets the same name many times can make one id
/// and clone it, so every line shares one allocation.
#[derive(Debug, Clone, Eq, PartialOrd, Ord)]
pub struct ContestantId(std::sync::Arc<str>);

/// Equal when the names are: one shared name is told equal to itself
/// without reading its text (issue 43: a reader shares one id per name, and
/// the session's maps and sorts compare the same ids again and again).
impl PartialEq for ContestantId {
    fn eq(&self, other: &ContestantId) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

/// The name's hash, as equality is the name's.
impl std::hash::Hash for ContestantId {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl ContestantId {
    /// A contestant called `name`.
    #[must_use]
    pub fn new(name: impl Into<String>) -> ContestantId {
        ContestantId(std::sync::Arc::from(name.into()))
    }

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The first eight bytes of the name as a big-endian number, padded
    /// with zeros: a key that sorts many names with machine-word
    /// comparisons (issue 30: comparing names was a tenth of a large
    /// session). A smaller key is always a smaller name; equal keys say
    /// nothing, and the names themselves decide.
    ///
    /// ```
    /// use countback_model::ContestantId;
    ///
    /// let [a, b, c] = ["10NS", "2NS", "Team 10 long name"].map(ContestantId::new);
    /// assert!(a.order_prefix() < b.order_prefix() && a < b);
    /// assert!(b.order_prefix() < c.order_prefix() && b < c);
    /// ```
    #[must_use]
    pub fn order_prefix(&self) -> u64 {
        let mut bytes = [0_u8; 8];
        for (to, from) in bytes.iter_mut().zip(self.0.as_bytes()) {
            *to = *from;
        }
        u64::from_be_bytes(bytes)
    }
}

/// Places in the order of packed keys: each key holds a sort key in its
/// high 96 bits (e.g. [`ContestantId::order_prefix`] and whatever comes
/// before it) and its place in its low 32. The keys are sorted as plain
/// integers, then each run of keys equal in their high bits is put in
/// order by `tie`, given two places (issue 30: names are sorted this way,
/// compared whole only where their first bytes are alike).
#[must_use]
pub fn order_by_packed_keys(
    mut keys: Vec<u128>,
    mut tie: impl FnMut(u32, u32) -> std::cmp::Ordering,
) -> Vec<u32> {
    keys.sort_unstable();
    let place = |k: &u128| u32::try_from(k & u128::from(u32::MAX)).unwrap_or(u32::MAX);
    let mut order: Vec<u32> = keys.iter().map(place).collect();
    let mut start = 0;
    for run in keys.chunk_by(|a, b| a >> 32 == b >> 32) {
        let end = start + run.len();
        if let (true, Some(alike)) = (run.len() > 1, order.get_mut(start..end)) {
            alike.sort_unstable_by(|a, b| tie(*a, *b));
        }
        start = end;
    }
    order
}

/// A name looks itself up: a table keyed by ids is searched with a `&str`
/// (hash, equality and order are the name's own).
impl std::borrow::Borrow<str> for ContestantId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

// Written and read as its name, exactly as a `String` would be.
#[cfg(feature = "serde")]
impl serde::Serialize for ContestantId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ContestantId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ContestantId, D::Error> {
        String::deserialize(d).map(ContestantId::new)
    }
}

impl fmt::Display for ContestantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for ContestantId {
    fn from(name: &str) -> ContestantId {
        ContestantId(std::sync::Arc::from(name))
    }
}

impl From<String> for ContestantId {
    fn from(name: String) -> ContestantId {
        ContestantId::new(name)
    }
}

/// What kind of contestant an event ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ContestantKind {
    /// A bridge pair.
    Pair,
    /// A bridge team.
    Team,
    /// One player (an individual bridge event, or chess).
    Individual,
}

/// A compass direction at a bridge table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Direction {
    /// North-South.
    #[cfg_attr(feature = "serde", serde(rename = "NS"))]
    NorthSouth,
    /// East-West.
    #[cfg_attr(feature = "serde", serde(rename = "EW"))]
    EastWest,
}

impl Direction {
    /// The other direction.
    #[must_use]
    pub fn opposite(self) -> Direction {
        match self {
            Direction::NorthSouth => Direction::EastWest,
            Direction::EastWest => Direction::NorthSouth,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::NorthSouth => "NS",
            Direction::EastWest => "EW",
        })
    }
}

macro_rules! number_newtype {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(transparent))]
        #[allow(clippy::exhaustive_structs)] // Closed: a number and nothing more.
        pub struct $name(pub u32);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl From<u32> for $name {
            fn from(n: u32) -> $name {
                $name(n)
            }
        }
    };
}

number_newtype!(
    /// A board number.
    BoardNumber
);
number_newtype!(
    /// A round number (1-based).
    RoundNumber
);
number_newtype!(
    /// A session number (1-based).
    SessionNumber
);

impl RoundNumber {
    /// A contestant's entries for rounds `1..=rounds`, in round order, from
    /// its entries by round; else the first round it has none for. A
    /// crosstable needs every round filled: a bye or a forfeit is an entry,
    /// a gap never is.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use countback_model::RoundNumber;
    ///
    /// let by_round = BTreeMap::from([(1, "W"), (3, "D")]);
    /// assert_eq!(RoundNumber::every_round(&by_round, 1), Ok(vec!["W"]));
    /// assert_eq!(RoundNumber::every_round(&by_round, 3), Err(RoundNumber(2)));
    /// ```
    ///
    /// # Errors
    /// The first round from 1 to `rounds` without an entry.
    pub fn every_round<T: Clone>(
        by_round: &std::collections::BTreeMap<u32, T>,
        rounds: u32,
    ) -> Result<Vec<T>, RoundNumber> {
        (1..=rounds)
            .map(|r| by_round.get(&r).cloned().ok_or(RoundNumber(r)))
            .collect()
    }
}

/// A stage of an event (qualifying, semi-final, final); ties are broken
/// within the stage in which they occur.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[allow(clippy::exhaustive_structs)] // Closed: an id is its text.
pub struct StageId(pub String);

/// An artificial adjusted score: fixed percentages of the top to each side,
/// independent of what anyone else did on the board.
///
/// Each percentage is between 0 and 100, however the value was made:
/// deserialising goes through [`ArtificialScore::new`] and fails with its
/// message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawArtificialScore"))]
pub struct ArtificialScore {
    ns_percent: Score,
    ew_percent: Score,
}

#[cfg(feature = "serde")]
crate::deserialize_through! {
    /// The serde form of [`ArtificialScore`], checked by `new` on the way in.
    #[serde(rename = "ArtificialScore")]
    struct RawArtificialScore { ns_percent: Score, ew_percent: Score } => ArtificialScore::new -> InputError
}

impl ArtificialScore {
    /// Percentages for NS and EW, each between 0 and 100.
    pub fn new(ns_percent: Score, ew_percent: Score) -> Result<ArtificialScore, InputError> {
        for (what, p) in [
            ("NS percentage", &ns_percent),
            ("EW percentage", &ew_percent),
        ] {
            if p.is_negative() || *p > Score::integer(100) {
                return Err(InputError::OutOfRange {
                    what: what.to_owned(),
                    value: p.clone(),
                    range: "0 to 100",
                });
            }
        }
        Ok(ArtificialScore {
            ns_percent,
            ew_percent,
        })
    }

    /// Average plus to NS and average minus to EW (60% / 40%).
    #[must_use]
    pub fn average_plus_ns() -> ArtificialScore {
        ArtificialScore {
            ns_percent: Score::integer(60),
            ew_percent: Score::integer(40),
        }
    }

    /// Average to both sides (50% / 50%).
    #[must_use]
    pub fn average() -> ArtificialScore {
        ArtificialScore {
            ns_percent: Score::integer(50),
            ew_percent: Score::integer(50),
        }
    }

    /// The percentage for one direction.
    #[must_use]
    pub fn percent(&self, direction: Direction) -> &Score {
        match direction {
            Direction::NorthSouth => &self.ns_percent,
            Direction::EastWest => &self.ew_percent,
        }
    }
}

/// One component of a weighted score: a real table result and its weight.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct WeightedComponent {
    /// The weight, above 0 and at most 1 (`3/5` for 60%).
    pub weight: Score,
    /// The NS score in points this component stands for.
    pub ns_points: i32,
}

/// A weighted score (Law 12C1(c)): the director's assigned adjusted score
/// as a weighted mixture of real results, e.g. 60% of 4S= and 40% of 4S-1.
///
/// The weights are exact, each above 0, and they sum to exactly 1, however
/// the value was made: deserialising goes through [`WeightedScore::new`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawWeightedScore"))]
pub struct WeightedScore {
    components: Vec<WeightedComponent>,
}

/// The serde form of [`WeightedScore`], checked by `new` on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "WeightedScore")]
struct RawWeightedScore {
    components: Vec<WeightedComponent>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawWeightedScore> for WeightedScore {
    type Error = InputError;

    fn try_from(raw: RawWeightedScore) -> Result<WeightedScore, InputError> {
        WeightedScore::new(
            raw.components
                .into_iter()
                .map(|c| (c.weight, c.ns_points))
                .collect(),
        )
    }
}

impl WeightedScore {
    /// Components as `(weight, NS points)`: at least one, each weight above
    /// 0 and at most 1, the weights summing to exactly 1.
    ///
    /// ```
    /// use countback_model::{Score, WeightedScore};
    ///
    /// let w = |n, d| Score::new(n, d).unwrap();
    /// assert!(WeightedScore::new(vec![(w(3, 5), 420), (w(2, 5), -50)]).is_ok());
    /// assert!(WeightedScore::new(vec![(w(3, 5), 420), (w(1, 2), -50)]).is_err());
    /// ```
    pub fn new(components: Vec<(Score, i32)>) -> Result<WeightedScore, InputError> {
        if components.is_empty() {
            return Err(InputError::Empty {
                what: "a weighted score's components",
            });
        }
        let one = Score::integer(1);
        for (weight, _) in &components {
            if !weight.is_positive() || *weight > one {
                return Err(InputError::OutOfRange {
                    what: "a weighted score's weight".to_owned(),
                    value: weight.clone(),
                    range: "above 0 and at most 1",
                });
            }
        }
        let sum: Score = components.iter().map(|(w, _)| w).sum();
        if sum != one {
            return Err(InputError::OutOfRange {
                what: "the sum of a weighted score's weights".to_owned(),
                value: sum,
                range: "exactly 1",
            });
        }
        Ok(WeightedScore {
            components: components
                .into_iter()
                .map(|(weight, ns_points)| WeightedComponent { weight, ns_points })
                .collect(),
        })
    }

    /// The components, in the order given.
    #[must_use]
    pub fn components(&self) -> &[WeightedComponent] {
        &self.components
    }
}

/// What happened at one table on one board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TableOutcome {
    /// A real result: the NS score in points (a pass-out is a real 0;
    /// EW pluses are NS minuses).
    Played {
        /// NS points.
        ns_points: i32,
    },
    /// An artificial adjusted score.
    Artificial(ArtificialScore),
    /// Not played: absent, never a zero.
    NotPlayed,
    /// A weighted score (Law 12C1(c)): counts as one result, matchpointed
    /// as the weighted sum of its components' comparisons.
    Weighted(WeightedScore),
}

/// One line of a traveller: who sat NS and EW at one table and the outcome.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: one line of a traveller, built by name by every reader and scorer.
pub struct TravellerLine {
    /// The board.
    pub board: BoardNumber,
    /// The NS contestant.
    pub ns: ContestantId,
    /// The EW contestant.
    pub ew: ContestantId,
    /// What happened.
    pub outcome: TableOutcome,
}

/// A scoring unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Unit {
    /// Match points.
    MatchPoints,
    /// International match points.
    Imps,
    /// Victory points.
    VictoryPoints,
    /// Total (aggregate) points.
    TotalPoints,
    /// Chess game points.
    GamePoints,
    /// A percentage.
    Percent,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unit::MatchPoints => "MP",
            Unit::Imps => "IMPs",
            Unit::VictoryPoints => "VPs",
            Unit::TotalPoints => "total points",
            Unit::GamePoints => "points",
            Unit::Percent => "%",
        })
    }
}

/// Both sides' scores of an encounter in one unit.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: one unit's two scores, built by name wherever an encounter is.
pub struct SideScores {
    /// The unit.
    pub unit: Unit,
    /// The first side's score.
    pub first: Score,
    /// The second side's score.
    pub second: Score,
}

/// How an encounter came to its scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum EncounterStatus {
    /// Played at the table.
    #[default]
    Played,
    /// Not played; the scores were awarded (a forfeit, a withdrawal, a bye).
    Awarded,
}

/// A meeting of two contestants in one round: a match, a stanza, a chess game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: one meeting and its scores by unit, which every rule crate and reader builds by name.
pub struct Encounter {
    /// The round.
    pub round: RoundNumber,
    /// The first side.
    pub first: ContestantId,
    /// The second side.
    pub second: ContestantId,
    /// The scores, one entry per unit recorded.
    pub scores: Vec<SideScores>,
    /// Played or awarded.
    #[cfg_attr(feature = "serde", serde(default))]
    pub status: EncounterStatus,
    /// The share of a full match this encounter was worth (1 for a normal
    /// match, 1/2 for a short triangle match).
    #[cfg_attr(feature = "serde", serde(default = "one"))]
    pub weight: Score,
}

/// The default weight of a deserialised encounter (serde's only caller).
#[cfg(feature = "serde")]
fn one() -> Score {
    Score::ONE
}

impl Encounter {
    /// Both scores in `unit`, from `who`'s point of view (own, opponent's),
    /// or `None` if `who` did not take part or the unit was not recorded.
    #[must_use]
    pub fn scores_for(&self, who: &ContestantId, unit: Unit) -> Option<(&Score, &Score)> {
        let s = self.scores.iter().find(|s| s.unit == unit)?;
        if *who == self.first {
            Some((&s.first, &s.second))
        } else if *who == self.second {
            Some((&s.second, &s.first))
        } else {
            None
        }
    }

    /// The other side, if `who` took part.
    #[must_use]
    pub fn opponent_of(&self, who: &ContestantId) -> Option<&ContestantId> {
        if *who == self.first {
            Some(&self.second)
        } else if *who == self.second {
            Some(&self.first)
        } else {
            None
        }
    }

    /// Whether both `a` and `b` took part.
    #[must_use]
    pub fn between(&self, a: &ContestantId, b: &ContestantId) -> bool {
        (self.first == *a && self.second == *b) || (self.first == *b && self.second == *a)
    }
}
