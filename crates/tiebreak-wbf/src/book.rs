//! The machinery parts 1 and 3 share: a rule book's team clauses are lists
//! of steps, walked the same way whatever the section numbers are.

use countback_model::{ContestantId, TiedGroup, Unit};

use crate::breaker::{Breaker, Standout};
use crate::engine::{alone, play_off, without};

/// One clause of a list, applied to the tied teams.
pub(crate) enum Step {
    /// A test that may split the tie; every part goes on as the text
    /// directs (to the clause for its size, or to the next step).
    Split(&'static str, Test),
    /// A team whose VP record stands out takes the top place; the rest go on.
    Winner(&'static str, Standout),
    /// A team beaten by each of the others takes the bottom place; the rest
    /// go on.
    Loser(&'static str),
}

/// A test that may split a tie, on a unit (IMPs or total points): the
/// books name each by its clause, and parts 1 and 3 apply the same three.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Test {
    /// The match between the two tied teams ([`Breaker::direct`]).
    Direct(Unit),
    /// The won/lost quotient over the whole event ([`Breaker::quotient`]).
    Quotient(Unit),
    /// The net score in the matches among the tied teams
    /// ([`Breaker::net_among`]).
    NetAmong(Unit),
}

impl Test {
    fn apply(
        self,
        b: &mut Breaker<'_>,
        clause: &str,
        group: &[ContestantId],
    ) -> Vec<Vec<ContestantId>> {
        match self {
            Test::Direct(unit) => b.direct(clause, unit, group),
            Test::Quotient(unit) => b.quotient(clause, unit, group),
            Test::NetAmong(unit) => b.net_among(clause, unit, group),
        }
    }
}

/// The steps for ties of one size, in the rule book's order.
pub(crate) struct Clauses {
    /// The section a hand-off names (e.g. `WBF 1.1`).
    pub(crate) section: &'static str,
    /// The steps, first to last.
    pub(crate) steps: &'static [Step],
    /// The clause that sends a tie left after the last step to a play-off.
    pub(crate) play_off: &'static str,
}

/// A part's team clauses: two teams, three teams, four or more.
pub(crate) struct Book {
    pub(crate) two: Clauses,
    pub(crate) three: Clauses,
    pub(crate) four_or_more: Clauses,
}

impl Book {
    /// Break a tie of any size by the clause for its size.
    pub(crate) fn any(&self, b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
        match group {
            [] => Vec::new(),
            [one] => vec![alone(one.clone())],
            [_, _] => self.two(b, group),
            [_, _, _] => self.three(b, group),
            _ => self.four_or_more(b, group),
        }
    }

    /// Two teams.
    pub(crate) fn two(&self, b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
        self.walk(&self.two, 0, b, group)
    }

    /// Three teams.
    pub(crate) fn three(&self, b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
        self.walk(&self.three, 0, b, group)
    }

    /// Four teams or more.
    pub(crate) fn four_or_more(
        &self,
        b: &mut Breaker<'_>,
        group: &[ContestantId],
    ) -> Vec<TiedGroup> {
        self.walk(&self.four_or_more, 0, b, group)
    }

    /// Hand every part of a split on: alone, to the two-team clause, to the
    /// three-team clause, or (four or more) to `many`.
    pub(crate) fn hand_on(
        &self,
        b: &mut Breaker<'_>,
        parts: Vec<Vec<ContestantId>>,
        from: &str,
        mut many: impl FnMut(&mut Breaker<'_>, &[ContestantId]) -> Vec<TiedGroup>,
    ) -> Vec<TiedGroup> {
        let mut out = Vec::new();
        for p in parts {
            match p.len() {
                2 => {
                    self.directs(b, from, &self.two);
                    out.extend(self.two(b, &p));
                }
                3 => {
                    self.directs(b, from, &self.three);
                    out.extend(self.three(b, &p));
                }
                n if n >= 4 => out.extend(many(b, &p)),
                _ => out.extend(self.any(b, &p)),
            }
        }
        out
    }

    /// Note on the next decision that `from` sent the tie to `to`.
    pub(crate) fn directs(&self, b: &mut Breaker<'_>, from: &str, to: &Clauses) {
        b.trace.hand_off(format!(
            "as {from} directs, this tie is broken by {}",
            to.section
        ));
    }

    /// Apply `list` from step `from` on; what a step leaves tied goes to the
    /// clause for its size, or, if still as large, to the next step.
    fn walk(
        &self,
        list: &Clauses,
        from: usize,
        b: &mut Breaker<'_>,
        group: &[ContestantId],
    ) -> Vec<TiedGroup> {
        let Some(step) = list.steps.get(from) else {
            return vec![play_off(group, list.play_off)];
        };
        let next = |b: &mut Breaker<'_>, g: &[ContestantId]| self.walk(list, from + 1, b, g);
        match step {
            Step::Split(clause, test) => {
                let parts = test.apply(b, clause, group);
                if parts.len() > 1 {
                    self.hand_on(b, parts, clause, next)
                } else {
                    next(b, group)
                }
            }
            Step::Winner(clause, record) => match b.standout(clause, *record, group) {
                Some(w) => {
                    let mut out = vec![alone(w.clone())];
                    out.extend(self.rest(b, without(group, &w), clause, next));
                    out
                }
                None => next(b, group),
            },
            Step::Loser(clause) => match b.beaten_by_all(clause, group) {
                Some(l) => {
                    let mut out = self.rest(b, without(group, &l), clause, next);
                    out.push(alone(l));
                    out
                }
                None => next(b, group),
            },
        }
    }

    /// The teams left once one has taken its place: still four or more go
    /// to the next step, fewer to the clause for their size.
    fn rest(
        &self,
        b: &mut Breaker<'_>,
        rest: Vec<ContestantId>,
        clause: &str,
        mut next: impl FnMut(&mut Breaker<'_>, &[ContestantId]) -> Vec<TiedGroup>,
    ) -> Vec<TiedGroup> {
        if rest.len() >= 4 {
            next(b, &rest)
        } else {
            self.hand_on(b, vec![rest], clause, next)
        }
    }
}
