//! Ranking by score, then by tie-breaks applied one at a time and only
//! among those still level.

use std::collections::BTreeMap;

use countback_model::{
    partition_descending, Clause, ContestantId, Decision, Score, TieBreakOutcome, TiedGroup,
    Unresolved, Value,
};

use crate::crosstable::Crosstable;
use crate::uscf::{tie_break_values, PlayerTieBreaks, TieBreak, UscfOptions};

/// What the event's regulations say happens when every tie-break is level.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", tag = "kind", content = "clause")
)]
#[non_exhaustive]
pub enum CascadeEnd {
    /// The tie stands (the players share the place).
    #[default]
    Stands,
    /// A play-off decides, under the given clause.
    PlayOff(Clause),
    /// A coin toss decides, under the given clause; software never invents it.
    RandomBallot(Clause),
}

/// An ordered list of tie-break systems and what happens after the last.
///
/// ```
/// use countback_tiebreak_chess::{Cascade, TieBreak};
///
/// assert_eq!(Cascade::uscf().steps(), &TieBreak::USCF_ORDER);
/// let mine = Cascade::new([TieBreak::Cumulative, TieBreak::Median]);
/// assert_eq!(mine.steps().len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cascade {
    steps: Vec<TieBreak>,
    #[cfg_attr(feature = "serde", serde(default))]
    end: CascadeEnd,
}

impl Cascade {
    /// The USCF order: modified median, Solkoff, cumulative, cumulative of
    /// opposition; a tie after all four stands.
    #[must_use]
    pub fn uscf() -> Cascade {
        Cascade::new(TieBreak::USCF_ORDER)
    }

    /// Any order of systems the organiser announced.
    #[must_use]
    pub fn new(steps: impl IntoIterator<Item = TieBreak>) -> Cascade {
        Cascade {
            steps: steps.into_iter().collect(),
            end: CascadeEnd::Stands,
        }
    }

    /// The same systems, ending as given.
    #[must_use]
    pub fn ending(mut self, end: CascadeEnd) -> Cascade {
        self.end = end;
        self
    }

    /// The systems, in order.
    #[must_use]
    pub fn steps(&self) -> &[TieBreak] {
        &self.steps
    }

    /// What happens after the last system.
    #[must_use]
    pub fn end(&self) -> &CascadeEnd {
        &self.end
    }
}

impl Default for Cascade {
    fn default() -> Cascade {
        Cascade::uscf()
    }
}

/// The clause cited when players are grouped by score before any tie-break.
pub const SCORE_CLAUSE: &str = "USCF 34E: tie-breaks only among equal scores";

/// Rank a crosstable: by score, then each tied group through `cascade`.
///
/// ```
/// use countback_tiebreak_chess::{rank, Cascade, Crosstable, UscfOptions};
///
/// let table = Crosstable::parse(2, [
///     ("Ann", "W:Bob D:Cy"),
///     ("Bob", "L:Ann W:Dee"),
///     ("Cy", "W:Dee D:Ann"),
///     ("Dee", "L:Cy L:Bob"),
/// ])?;
/// let outcome = rank(&table, &Cascade::uscf(), &UscfOptions::default());
/// // Ann and Cy tie on 1½ and on modified median (each drops the lower
/// // opponent); Solkoff separates them.
/// assert_eq!(outcome.order_text(), "Ann > Cy > Bob > Dee");
/// assert_eq!(outcome.deciding_clauses()[1].to_string(), "USCF 34E2 Solkoff");
/// # Ok::<(), countback_tiebreak_chess::CrosstableError>(())
/// ```
#[must_use]
pub fn rank(table: &Crosstable, cascade: &Cascade, options: &UscfOptions) -> TieBreakOutcome {
    let values = tie_break_values(table, options);
    rank_values(&values, cascade)
}

/// Rank players whose tie-break values are already computed (see
/// [`tie_break_values`]).
#[must_use]
pub fn rank_values(values: &[PlayerTieBreaks], cascade: &Cascade) -> TieBreakOutcome {
    let by_player: BTreeMap<&ContestantId, &PlayerTieBreaks> =
        values.iter().map(|v| (&v.player, v)).collect();
    let by_player = &by_player;
    let steps: Vec<Step<'_>> = cascade
        .steps()
        .iter()
        .map(|&system| Step {
            clause: system.clause(),
            test: system.name().to_owned(),
            value: Box::new(move |p: &ContestantId| {
                by_player.get(p).map(|v| v.value(system).clone())
            }),
        })
        .collect();
    let members: Vec<ContestantId> = values.iter().map(|v| v.player.clone()).collect();
    let score = |p: &ContestantId| by_player.get(p).map(|v| v.score.clone());
    run_cascade(
        &members,
        (Clause::new(SCORE_CLAUSE), "score".to_owned(), &score),
        &steps,
        &cascade.end,
    )
}

/// A value looked up by contestant.
pub(crate) type Key<'a> = dyn Fn(&ContestantId) -> Option<Score> + 'a;

/// One test of a cascade.
pub(crate) struct Step<'a> {
    pub(crate) clause: Clause,
    pub(crate) test: String,
    pub(crate) value: Box<Key<'a>>,
}

/// Group `members` by the primary key, then refine each tied group through
/// `steps` in order, each step only among those all earlier ones left level.
pub(crate) fn run_cascade(
    members: &[ContestantId],
    primary: (Clause, String, &Key<'_>),
    steps: &[Step<'_>],
    end: &CascadeEnd,
) -> TieBreakOutcome {
    let mut outcome = TieBreakOutcome::default();
    let (clause, test, key) = primary;
    let groups = decide(&mut outcome, members, clause, test, key);
    for group in groups {
        refine(&mut outcome, group, steps, None, end);
    }
    outcome
}

fn decide(
    outcome: &mut TieBreakOutcome,
    members: &[ContestantId],
    clause: Clause,
    test: String,
    key: &Key<'_>,
) -> Vec<Vec<ContestantId>> {
    let mut among: Vec<ContestantId> = members.to_vec();
    among.sort();
    let values: Vec<(ContestantId, Value)> = among
        .iter()
        .map(|p| (p.clone(), Value::Score(key(p).unwrap_or_default())))
        .collect();
    let result = partition_descending(&among, |p| key(p).unwrap_or_default());
    outcome.trace.push(Decision {
        clause,
        test,
        among,
        values,
        result: result.clone(),
        note: None,
    });
    result
}

fn refine(
    outcome: &mut TieBreakOutcome,
    group: Vec<ContestantId>,
    steps: &[Step<'_>],
    last: Option<&Clause>,
    end: &CascadeEnd,
) {
    if group.len() < 2 {
        outcome.order.push(TiedGroup {
            members: group,
            unresolved: None,
        });
        return;
    }
    let Some((step, rest)) = steps.split_first() else {
        let unresolved = match end {
            CascadeEnd::Stands => Unresolved::Stands {
                clause: last.cloned().unwrap_or_else(|| Clause::new(SCORE_CLAUSE)),
            },
            CascadeEnd::PlayOff(c) => Unresolved::PlayOff { clause: c.clone() },
            CascadeEnd::RandomBallot(c) => Unresolved::RandomBallot { clause: c.clone() },
        };
        let mut members = group;
        members.sort();
        outcome.order.push(TiedGroup {
            members,
            unresolved: Some(unresolved),
        });
        return;
    };
    let groups = decide(
        outcome,
        &group,
        step.clause.clone(),
        step.test.clone(),
        &*step.value,
    );
    for g in groups {
        refine(outcome, g, rest, Some(&step.clause), end);
    }
}
