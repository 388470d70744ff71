//! The machinery parts 1 and 3 share: a rule book's team clauses are lists
//! of steps, walked the same way whatever the section numbers are. The two
//! parts apply the same tests, so their lists are one table, each clause
//! named by its number in either part.

use countback_model::{ContestantId, TiedGroup, Unit};

use crate::breaker::{Breaker, Standout};
use crate::engine::{alone, play_off, without};

/// A clause's name in part 1 (round robin) and in part 3 (Swiss), by
/// [`Part`].
pub(crate) type Names = [&'static str; 2];

/// The part whose numbering and order a walk follows.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Part {
    /// Part 1: the round robin.
    RoundRobin,
    /// Part 3: the Swiss, which takes the first two steps of each list the
    /// other way round (3.1 puts the direct match first, 3.2 and 3.3 the VP
    /// record).
    Swiss,
}

impl Part {
    /// This part's name of a clause.
    fn name(self, names: &Names) -> &'static str {
        match self {
            Part::RoundRobin => names[0],
            Part::Swiss => names[1],
        }
    }

    /// The index into a list of the step this part applies `n`th: part 3
    /// takes a list's first two steps the other way round (every list of
    /// [`TEAM_CLAUSES`] has three or more).
    fn step(self, n: usize) -> usize {
        match (self, n) {
            (Part::Swiss, 0) => 1,
            (Part::Swiss, 1) => 0,
            _ => n,
        }
    }
}

/// One clause of a list, applied to the tied teams.
pub(crate) enum Step {
    /// A test that may split the tie; every part goes on as the text
    /// directs (to the clause for its size, or to the next step).
    Split(Names, Test),
    /// A team whose VP record stands out takes the top place; the rest go on.
    Winner(Names, Standout),
    /// A team beaten by each of the others takes the bottom place; the rest
    /// go on.
    Loser(Names),
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

/// The steps for ties of one size, in part 1's order.
pub(crate) struct Clauses {
    /// The section a hand-off names (e.g. `WBF 1.1`).
    pub(crate) section: Names,
    /// The steps, first to last.
    pub(crate) steps: &'static [Step],
    /// The clause that sends a tie left after the last step to a play-off.
    pub(crate) play_off: Names,
}

/// The team clauses of parts 1 and 3: two teams, three teams, four or more.
pub(crate) struct Lists {
    pub(crate) two: Clauses,
    pub(crate) three: Clauses,
    pub(crate) four_or_more: Clauses,
}

/// Parts 1 and 3's team clauses, 3.2 in the order we restore its items to
/// (see the crate docs).
pub(crate) static TEAM_CLAUSES: Lists = Lists {
    two: Clauses {
        section: ["WBF 1.1", "WBF 3.1"],
        steps: &[
            Step::Split(["WBF 1.1(a)", "WBF 3.1(ii)"], Test::Quotient(Unit::Imps)),
            Step::Split(["WBF 1.1(b)", "WBF 3.1(i)"], Test::Direct(Unit::Imps)),
            Step::Split(
                ["WBF 1.1(c)", "WBF 3.1(iii)"],
                Test::Direct(Unit::TotalPoints),
            ),
            Step::Split(
                ["WBF 1.1(d)", "WBF 3.1(iv)"],
                Test::Quotient(Unit::TotalPoints),
            ),
        ],
        play_off: ["WBF 1.1(e)", "WBF 3.1(v)"],
    },
    three: Clauses {
        section: ["WBF 1.2", "WBF 3.2"],
        steps: &[
            Step::Split(["WBF 1.2(a)", "WBF 3.2(ii)"], Test::Quotient(Unit::Imps)),
            Step::Winner(["WBF 1.2(b)", "WBF 3.2(i)"], Standout::BeatEach),
            Step::Winner(["WBF 1.2(c)", "WBF 3.2(iii)"], Standout::BeatOneTiedOne),
            Step::Loser(["WBF 1.2(d)", "WBF 3.2(iv)"]),
            Step::Split(
                ["WBF 1.2 other cases (a)", "WBF 3.2 other cases (i)"],
                Test::NetAmong(Unit::Imps),
            ),
            Step::Split(
                ["WBF 1.2 other cases (b)", "WBF 3.2 other cases (ii)"],
                Test::NetAmong(Unit::TotalPoints),
            ),
            Step::Split(
                ["WBF 1.2 other cases (c)", "WBF 3.2 other cases (iii)"],
                Test::Quotient(Unit::TotalPoints),
            ),
        ],
        play_off: ["WBF 1.2 other cases (d)", "WBF 3.2 other cases (iv)"],
    },
    four_or_more: Clauses {
        section: ["WBF 1.3", "WBF 3.3"],
        steps: &[
            Step::Split(["WBF 1.3(a)", "WBF 3.3(i)"], Test::Quotient(Unit::Imps)),
            Step::Winner(["WBF 1.3(b)", "WBF 3.3 ¶1"], Standout::BeatEachOrTiedOne),
            Step::Split(
                ["WBF 1.3(c)", "WBF 3.3(ii)"],
                Test::Quotient(Unit::TotalPoints),
            ),
        ],
        play_off: ["WBF 1.3(d)", "WBF 3.3(iii)"],
    },
};

/// One part's book: [`TEAM_CLAUSES`] in its numbering and order.
pub(crate) struct Book {
    pub(crate) part: Part,
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
        self.walk(&TEAM_CLAUSES.two, 0, b, group)
    }

    /// Three teams.
    pub(crate) fn three(&self, b: &mut Breaker<'_>, group: &[ContestantId]) -> Vec<TiedGroup> {
        self.walk(&TEAM_CLAUSES.three, 0, b, group)
    }

    /// Four teams or more.
    pub(crate) fn four_or_more(
        &self,
        b: &mut Breaker<'_>,
        group: &[ContestantId],
    ) -> Vec<TiedGroup> {
        self.walk(&TEAM_CLAUSES.four_or_more, 0, b, group)
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
                    self.directs(b, from, &TEAM_CLAUSES.two);
                    out.extend(self.two(b, &p));
                }
                3 => {
                    self.directs(b, from, &TEAM_CLAUSES.three);
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
            self.part.name(&to.section)
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
        let Some(step) = list.steps.get(self.part.step(from)) else {
            return vec![play_off(group, self.part.name(&list.play_off))];
        };
        let part = self.part;
        let next = |b: &mut Breaker<'_>, g: &[ContestantId]| self.walk(list, from + 1, b, g);
        match step {
            Step::Split(clause, test) => {
                let clause = part.name(clause);
                let parts = test.apply(b, clause, group);
                if parts.len() > 1 {
                    self.hand_on(b, parts, clause, next)
                } else {
                    next(b, group)
                }
            }
            Step::Winner(clause, record) => match b.standout(part.name(clause), *record, group) {
                Some(w) => {
                    let mut out = vec![alone(w.clone())];
                    out.extend(self.rest(b, without(group, &w), part.name(clause), next));
                    out
                }
                None => next(b, group),
            },
            Step::Loser(clause) => match b.beaten_by_all(part.name(clause), group) {
                Some(l) => {
                    let mut out = self.rest(b, without(group, &l), part.name(clause), next);
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
