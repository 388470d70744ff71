//! The shape of a tie-break outcome: an ordering into tied groups plus a
//! trace of every decision, each naming the clause it applied.

use std::fmt;

use crate::event::ContestantId;
use crate::quotient::Quotient;
use crate::score::Score;

/// A reference into a rule book, e.g. `WBF 1.2(b)`, `EBU 143.5.3`,
/// `USCF modified median`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[allow(clippy::exhaustive_structs)] // Closed: a clause reference is its text.
pub struct Clause(pub String);

impl Clause {
    /// A clause with the given reference.
    #[must_use]
    pub fn new(reference: impl Into<String>) -> Clause {
        Clause(reference.into())
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A value a test compared.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Value {
    /// An exact number.
    Score(Score),
    /// A quotient, possibly infinite.
    Quotient(Quotient),
    /// Something not numeric (e.g. "beat B and C").
    Text(String),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Score(s) => write!(f, "{s}"),
            Value::Quotient(q) => write!(f, "{q}"),
            Value::Text(t) => f.write_str(t),
        }
    }
}

impl From<Score> for Value {
    fn from(s: Score) -> Value {
        Value::Score(s)
    }
}

impl From<Quotient> for Value {
    fn from(q: Quotient) -> Value {
        Value::Quotient(q)
    }
}

/// One step of a procedure: which test was applied to whom, the values it
/// compared, and how the group came out.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: every rule crate builds its trace by name; a new field is a breaking change on purpose.
pub struct Decision {
    /// The clause applied.
    pub clause: Clause,
    /// What was compared, in words ("IMP quotient in all matches").
    pub test: String,
    /// The contestants the test was applied to.
    pub among: Vec<ContestantId>,
    /// Each contestant's value.
    pub values: Vec<(ContestantId, Value)>,
    /// The groups after the test, best first; a single group means the test
    /// did not separate anyone.
    pub result: Vec<Vec<ContestantId>>,
    /// Anything the director should know (e.g. "B and C did not meet").
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub note: Option<String>,
}

impl Decision {
    /// Whether the test separated anyone.
    #[must_use]
    pub fn separated(&self) -> bool {
        self.result.len() > 1
    }
}

/// Why a group is still tied at the end of a procedure.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
#[non_exhaustive]
pub enum Unresolved {
    /// The rules ran out; the tie stands (e.g. shared place, EBU 143.4).
    Stands {
        /// The last clause consulted.
        clause: Clause,
    },
    /// The rules send the tie to a play-off ("sudden death" boards) that
    /// software cannot decide.
    PlayOff {
        /// The clause that says so.
        clause: Clause,
    },
    /// The rules end in a random ballot (a coin toss) that software must not
    /// invent.
    RandomBallot {
        /// The clause that says so.
        clause: Clause,
    },
}

/// A group of contestants at one place of the final order.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: every rule crate builds it by name; a new field is a breaking change on purpose.
pub struct TiedGroup {
    /// The contestants, sorted by name for stable output; more than one means
    /// still tied.
    pub members: Vec<ContestantId>,
    /// For a group of more than one, why it stays tied.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub unresolved: Option<Unresolved>,
}

/// The outcome of a tie-break procedure.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: every rule crate builds it by name; a new field is a breaking change on purpose.
pub struct TieBreakOutcome {
    /// The order, best first.
    pub order: Vec<TiedGroup>,
    /// Every decision taken, in the order taken.
    pub trace: Vec<Decision>,
}

impl TieBreakOutcome {
    /// Whether every group is a single contestant.
    #[must_use]
    pub fn is_fully_resolved(&self) -> bool {
        self.order.iter().all(|g| g.members.len() == 1)
    }

    /// The decisions of the one tie `who` was in: the first decision that
    /// takes `who` in gives the tied group, and every decision among that
    /// group (and no other) is kept, in the order taken. Empty when `who`
    /// was never tied. A director asks about one tie of a large event
    /// without reading the trace of all of them.
    #[must_use]
    pub fn trace_of_tie(&self, who: &ContestantId) -> Vec<&Decision> {
        let Some(first) = self.trace.iter().find(|d| d.among.contains(who)) else {
            return Vec::new();
        };
        let group: std::collections::HashSet<&ContestantId> = first.among.iter().collect();
        self.trace
            .iter()
            .filter(|d| d.among.iter().all(|c| group.contains(c)))
            .collect()
    }

    /// The contestant at `place` (from 1) of the order, counting a tied
    /// group's members as its places: `None` beyond the last.
    #[must_use]
    pub fn at_place(&self, place: usize) -> Option<&ContestantId> {
        self.order
            .iter()
            .flat_map(|g| g.members.iter())
            .nth(place.checked_sub(1)?)
    }

    /// The order as text, e.g. `A > B = C`.
    #[must_use]
    pub fn order_text(&self) -> String {
        self.order
            .iter()
            .map(|g| {
                g.members
                    .iter()
                    .map(ContestantId::as_str)
                    .collect::<Vec<_>>()
                    .join(" = ")
            })
            .collect::<Vec<_>>()
            .join(" > ")
    }

    /// The clauses that separated at least one group, in trace order.
    #[must_use]
    pub fn deciding_clauses(&self) -> Vec<&Clause> {
        self.trace
            .iter()
            .filter(|d| d.separated())
            .map(|d| &d.clause)
            .collect()
    }
}

/// Split `members` into groups of equal key, best (largest key) first.
/// Within a group members keep their name order, so the result does not
/// depend on the input order.
pub fn partition_descending<K: Ord + Clone>(
    members: &[ContestantId],
    mut key: impl FnMut(&ContestantId) -> K,
) -> Vec<Vec<ContestantId>> {
    let mut keyed: Vec<(K, ContestantId)> = members.iter().map(|m| (key(m), m.clone())).collect();
    keyed.sort_by(|(ka, a), (kb, b)| kb.cmp(ka).then_with(|| a.cmp(b)));
    let mut groups: Vec<Vec<ContestantId>> = Vec::new();
    let mut last: Option<K> = None;
    for (k, m) in keyed {
        match (&last, groups.last_mut()) {
            (Some(prev), Some(group)) if *prev == k => group.push(m),
            _ => {
                groups.push(vec![m]);
                last = Some(k);
            }
        }
    }
    groups
}

/// A whole ranking: `members` by `key`, highest first, with every group of
/// equal keys handed to `split` together with the first place it occupies
/// (1 = first); a contestant alone on its key is placed without a call.
/// This is the shape every rule crate's `standings` shares: the crate
/// splits the ties, the caller only says who is ranked.
pub fn split_every_tie<K: Ord + Clone, E>(
    members: &[ContestantId],
    key: impl FnMut(&ContestantId) -> K,
    mut split: impl FnMut(&[ContestantId], u32) -> Result<TieBreakOutcome, E>,
) -> Result<TieBreakOutcome, E> {
    let mut out = TieBreakOutcome::default();
    let mut place = 1u32;
    for group in partition_descending(members, key) {
        let size = u32::try_from(group.len()).unwrap_or(u32::MAX);
        if group.len() == 1 {
            out.order.push(TiedGroup {
                members: group,
                unresolved: None,
            });
        } else {
            let o = split(&group, place)?;
            out.order.extend(o.order);
            out.trace.extend(o.trace);
        }
        place = place.saturating_add(size);
    }
    Ok(out)
}
