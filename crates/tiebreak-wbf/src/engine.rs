//! The bookkeeping every procedure shares: applying a test to a group,
//! recording the decision, and building the final order.

use std::collections::BTreeMap;

use countback_model::{
    partition_descending, Clause, ContestantId, Decision, TieBreakOutcome, TiedGroup, Unresolved,
    Value,
};

use crate::error::WbfError;

/// A whole ranking (parts 2, 4 and 5): `members` by `score`, largest
/// first, every tie broken by `split`, the part's procedure.
pub(crate) fn standings<'m, K: Ord + Clone>(
    members: impl Iterator<Item = &'m ContestantId>,
    score: impl FnMut(&ContestantId) -> K,
    mut split: impl FnMut(&[ContestantId]) -> Result<TieBreakOutcome, WbfError>,
) -> Result<TieBreakOutcome, WbfError> {
    let members: Vec<ContestantId> = members.cloned().collect();
    countback_model::split_every_tie(&members, score, |tied, _| split(tied))
}

/// The trace under construction, plus a pending hand-off note that the next
/// recorded decision carries ("as WBF 1.2(a) directs").
#[derive(Debug, Default)]
pub(crate) struct Trace {
    decisions: Vec<Decision>,
    pending: Option<String>,
}

/// Join two optional notes.
pub(crate) fn join_notes(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, None) => a,
        (None, b) => b,
    }
}

impl Trace {
    /// Apply a numeric test (largest value best) to `group`, record it and
    /// return the groups it makes, best first.
    pub(crate) fn split<K: Ord + Clone + Into<Value>>(
        &mut self,
        clause: &str,
        test: &str,
        group: &[ContestantId],
        key: impl FnMut(&ContestantId) -> K,
        note: Option<String>,
    ) -> Vec<Vec<ContestantId>> {
        self.split_by(Best::Largest, clause, test, group, key, note)
    }

    /// Apply a test whose `best` end places first (a ranking position: the
    /// smallest): the body of [`Trace::split`]. The trace records the
    /// values as they are, whichever end is best.
    pub(crate) fn split_by<K: Ord + Clone + Into<Value>>(
        &mut self,
        best: Best,
        clause: &str,
        test: &str,
        group: &[ContestantId],
        mut key: impl FnMut(&ContestantId) -> K,
        note: Option<String>,
    ) -> Vec<Vec<ContestantId>> {
        let keys: BTreeMap<ContestantId, K> = group.iter().map(|c| (c.clone(), key(c))).collect();
        let result = match best {
            Best::Largest => partition_descending(group, |c| keys.get(c).cloned()),
            Best::Smallest => {
                partition_descending(group, |c| keys.get(c).cloned().map(std::cmp::Reverse))
            }
        };
        let values = keys.into_iter().map(|(c, k)| (c, k.into())).collect();
        self.record(clause, test, group, values, result.clone(), note);
        result
    }

    /// A test that could not be applied (e.g. the teams never met): recorded,
    /// separating nobody.
    pub(crate) fn not_separating(
        &mut self,
        clause: &str,
        test: &str,
        group: &[ContestantId],
        values: Vec<(ContestantId, Value)>,
        note: Option<String>,
    ) {
        self.record(clause, test, group, values, vec![sorted(group)], note);
    }

    /// Say, on the next decision recorded, why its procedure was entered.
    pub(crate) fn hand_off(&mut self, note: String) {
        self.pending = Some(note);
    }

    /// Record a decision whose outcome the caller worked out.
    pub(crate) fn record(
        &mut self,
        clause: &str,
        test: &str,
        group: &[ContestantId],
        values: Vec<(ContestantId, Value)>,
        result: Vec<Vec<ContestantId>>,
        note: Option<String>,
    ) {
        self.decisions.push(Decision {
            clause: Clause::new(clause),
            test: test.to_owned(),
            among: sorted(group),
            values,
            result,
            note: join_notes(self.pending.take(), note),
        });
    }

    /// The finished outcome.
    pub(crate) fn finish(self, order: Vec<TiedGroup>) -> TieBreakOutcome {
        TieBreakOutcome {
            order,
            trace: self.decisions,
        }
    }
}

/// Members in name order.
pub(crate) fn sorted(group: &[ContestantId]) -> Vec<ContestantId> {
    let mut g = group.to_vec();
    g.sort();
    g.dedup();
    g
}

/// `group` without `who`, in name order.
pub(crate) fn without(group: &[ContestantId], who: &ContestantId) -> Vec<ContestantId> {
    sorted(group).into_iter().filter(|c| c != who).collect()
}

/// A single contestant's place.
pub(crate) fn alone(who: ContestantId) -> TiedGroup {
    TiedGroup {
        members: vec![who],
        unresolved: None,
    }
}

/// A group the rules send to a play-off.
pub(crate) fn play_off(group: &[ContestantId], clause: &str) -> TiedGroup {
    TiedGroup {
        members: sorted(group),
        unresolved: Some(Unresolved::PlayOff {
            clause: Clause::new(clause),
        }),
    }
}

/// A group the rules leave tied.
pub(crate) fn stands(group: &[ContestantId], clause: &str) -> TiedGroup {
    TiedGroup {
        members: sorted(group),
        unresolved: Some(Unresolved::Stands {
            clause: Clause::new(clause),
        }),
    }
}

/// `a, b and c`.
pub(crate) fn names(list: &[ContestantId]) -> String {
    let names: Vec<&str> = list.iter().map(ContestantId::as_str).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// `a, b and c` for a list of `total` names of which `shown` are the first:
/// past [`crate::teams::LISTED`] names, `a, b, ... h and 9,992 others`.
pub(crate) fn names_of(shown: &[ContestantId], total: usize) -> String {
    let listed = crate::teams::LISTED;
    if total <= listed && shown.len() == total {
        return names(shown);
    }
    let first: Vec<&str> = shown
        .iter()
        .take(listed)
        .map(ContestantId::as_str)
        .collect();
    let rest = total.saturating_sub(first.len());
    if first.is_empty() {
        return format!("{rest} others");
    }
    format!("{} and {rest} others", first.join(", "))
}

/// Every pair of `group` that never met (`A and B`), in name order.
pub(crate) fn not_met_pairs(
    group: &[ContestantId],
    met: impl Fn(&ContestantId, &ContestantId) -> bool,
) -> Vec<String> {
    let g = sorted(group);
    let mut missing = Vec::new();
    for (i, a) in g.iter().enumerate() {
        for b in g.iter().skip(i + 1) {
            if !met(a, b) {
                missing.push(format!("{a} and {b}"));
            }
        }
    }
    missing
}

/// Every pair of `group` that never met, as a note, or `None` if all met.
pub(crate) fn not_met_note(
    group: &[ContestantId],
    met: impl Fn(&ContestantId, &ContestantId) -> bool,
) -> Option<String> {
    let missing = not_met_pairs(group, met);
    (!missing.is_empty()).then(|| {
        format!(
            "{} did not play each other, so this test cannot separate the group",
            missing.join(", ")
        )
    })
}

/// [`not_met_note`] for a group of any size, given how many of its pairs
/// met (`met_pairs`, counted from the teams' own matches): when every pair
/// met it returns at once; otherwise it names the first
/// [`crate::teams::LISTED`] pairs that did not, then how many more.
pub(crate) fn not_met_note_counted(
    group: &std::collections::BTreeSet<&ContestantId>,
    met_pairs: usize,
    met: impl Fn(&ContestantId, &ContestantId) -> bool,
) -> Option<String> {
    let n = group.len();
    let all = n.saturating_mul(n.saturating_sub(1)) / 2;
    let missing_count = all.saturating_sub(met_pairs);
    if missing_count == 0 {
        return None;
    }
    // Few missing pairs means many met ones: this scan stops after at most
    // `met_pairs + LISTED` pairs.
    let listed = crate::teams::LISTED;
    let mut missing = Vec::new();
    'outer: for (i, a) in group.iter().enumerate() {
        for b in group.iter().skip(i + 1) {
            if !met(a, b) {
                missing.push(format!("{a} and {b}"));
                if missing.len() == listed {
                    break 'outer;
                }
            }
        }
    }
    if missing_count > missing.len() {
        missing.push(format!("{} other pairs", missing_count - missing.len()));
    }
    Some(format!(
        "{} did not play each other, so this test cannot separate the group",
        missing.join(", ")
    ))
}

/// One test of a fixed sequence: applied to a group, it returns the groups
/// it makes, best first.
pub(crate) type Step<'s> = &'s dyn Fn(&mut Trace, &[ContestantId]) -> Vec<Vec<ContestantId>>;

/// Apply `steps` in sequence: each part a step makes goes on to the next
/// step; a group still tied after the last one ends as `end` says.
pub(crate) fn cascade(
    trace: &mut Trace,
    group: &[ContestantId],
    steps: &[Step<'_>],
    end: &dyn Fn(&[ContestantId]) -> TiedGroup,
) -> Vec<TiedGroup> {
    if group.len() <= 1 {
        return group.iter().cloned().map(alone).collect();
    }
    let Some((step, rest)) = steps.split_first() else {
        return vec![end(group)];
    };
    let mut out = Vec::new();
    for part in step(trace, group) {
        out.extend(cascade(trace, &part, rest, end));
    }
    out
}

/// Which end of a test's values places first.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Best {
    /// The largest value (points, IMPs, VPs).
    Largest,
    /// The smallest value (a ranking position).
    Smallest,
}
