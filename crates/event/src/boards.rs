//! A pairs session board by board: every line's score, its match points
//! before and after factoring, and what was applied (as-is, Neuberg with its
//! `A` and `E`, an artificial score, not played, unplayable), so that a
//! director can check every figure of the standings.

use countback_model::{ArtificialScore, BoardNumber, ContestantId, Direction, Score, TableOutcome};
use countback_normalise::{LineOutcome, Method, ScoredSession, Traveller};

/// What was applied to a line.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
#[non_exhaustive]
pub enum Applied {
    /// A complete group: its match points as they are.
    AsIs,
    /// Neuberg's formula, `(M·E + (E − A)) / A`, from `a` results to `e`.
    Neuberg {
        /// `A`: results in the line's group (its version of a fouled board).
        a: usize,
        /// `E`: results on a complete board.
        e: usize,
    },
    /// A group exactly one result short: as-is plus one tie.
    OneMissing {
        /// `A`.
        a: usize,
        /// `E`.
        e: usize,
    },
    /// Each missing result counted as a tie: `M + (E − A)·t` (ScoreBridge).
    TiesForMissing {
        /// `A`.
        a: usize,
        /// `E`.
        e: usize,
    },
    /// Stretched in proportion to the tops (BBO's plain percentage).
    Proportional {
        /// `A`.
        a: usize,
        /// `E`.
        e: usize,
    },
    /// An artificial adjusted score given by the director.
    Artificial {
        /// NS percentage.
        ns_percent: Score,
        /// EW percentage.
        ew_percent: Score,
    },
    /// The line's version of a fouled board was played only once: the
    /// board is unplayable there and the session's award applies.
    Unplayable {
        /// NS percentage.
        ns_percent: Score,
        /// EW percentage.
        ew_percent: Score,
    },
    /// Not played: absent, never a zero.
    NotPlayed,
    /// A weighted score (Law 12C1(c)): the weighted sum of what each
    /// component scores against the other results, then brought to `E` as
    /// a played result is (`then`).
    Weighted {
        /// The components: each weight and the NS score it weighs.
        components: Vec<WeightedPart>,
        /// What was then applied to the line as a result of its group (as
        /// is, Neuberg, ...).
        then: Box<Applied>,
    },
}

/// One component of a weighted score, as traced.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct WeightedPart {
    /// The exact weight (`3/5`).
    pub weight: Score,
    /// The NS score in points.
    pub ns_points: i32,
}

impl WeightedPart {
    /// `60% of 420`; a weight that is no whole percentage stays exact
    /// (`100/3% of 420`).
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "{}% of {}",
            &self.weight * &Score::integer(100),
            self.ns_points
        )
    }
}

impl Applied {
    /// In words, for a table cell.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Applied::AsIs => String::new(),
            Applied::Neuberg { a, e } => format!("Neuberg A={a} E={e}"),
            Applied::OneMissing { a, e } => format!("one missing A={a} E={e}"),
            Applied::TiesForMissing { a, e } => format!("ties for missing A={a} E={e}"),
            Applied::Proportional { a, e } => format!("proportional A={a} E={e}"),
            Applied::Artificial {
                ns_percent,
                ew_percent,
            } => format!("artificial {ns_percent}%/{ew_percent}%"),
            Applied::Unplayable {
                ns_percent,
                ew_percent,
            } => format!("unplayable {ns_percent}%/{ew_percent}%"),
            Applied::NotPlayed => "not played".to_owned(),
            Applied::Weighted { components, then } => {
                let parts: Vec<String> = components.iter().map(WeightedPart::describe).collect();
                let then = then.describe();
                let then = if then.is_empty() {
                    String::new()
                } else {
                    format!("; {then}")
                };
                format!("weighted score, Law 12C1(c): {}{then}", parts.join(" + "))
            }
        }
    }

    /// Whether anything but a complete group's match points applied.
    #[must_use]
    pub fn is_adjustment(&self) -> bool {
        !matches!(self, Applied::AsIs)
    }
}

/// One line of a board's table.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BoardLine {
    /// The NS pair.
    pub ns: ContestantId,
    /// The EW pair.
    pub ew: ContestantId,
    /// The version (from 1) on a fouled board.
    pub version: Option<usize>,
    /// The NS score in points, where the board was played.
    pub ns_points: Option<i32>,
    /// Match points within the line's own group, before any factoring.
    pub raw: Option<(Score, Score)>,
    /// Match points on a complete board's scale (factored), exact.
    pub factored: Option<(Score, Score)>,
    /// Match points as they count (the session's rounding policy applied).
    pub scored: Option<(Score, Score)>,
    /// What was applied.
    pub applied: Applied,
}

/// One board: every line, NS pairs in order.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BoardTable {
    /// The board.
    pub board: BoardNumber,
    /// `E`: results on a complete board.
    pub expected: usize,
    /// The top on a complete board.
    pub top: Score,
    /// Whether the board was played in more than one version.
    pub fouled: bool,
    /// The lines, by version, then NS, then EW pair.
    pub lines: Vec<BoardLine>,
}

impl BoardTable {
    /// Whether any line had anything applied besides its match points.
    #[must_use]
    pub fn is_adjusted(&self) -> bool {
        self.fouled || self.lines.iter().any(|l| l.applied.is_adjustment())
    }
}

fn award(a: &ArtificialScore) -> (Score, Score) {
    (
        a.percent(Direction::NorthSouth).clone(),
        a.percent(Direction::EastWest).clone(),
    )
}

/// What bringing a group of `a` results to `e` applied to a line.
fn by_method(method: Method, a: usize, e: usize) -> Applied {
    match method {
        Method::Formula => Applied::Neuberg { a, e },
        Method::OneMissingShortcut => Applied::OneMissing { a, e },
        Method::TiesForMissing => Applied::TiesForMissing { a, e },
        Method::Proportional => Applied::Proportional { a, e },
        _ => Applied::AsIs,
    }
}

/// Every board of `session`, with the not-played lines of `travellers`.
pub(crate) fn tables(session: &ScoredSession, travellers: &[Traveller]) -> Vec<BoardTable> {
    let by_board: std::collections::HashMap<BoardNumber, &Traveller> =
        travellers.iter().map(|t| (t.board, t)).collect();
    session
        .boards
        .iter()
        .map(|b| {
            let traveller = by_board.get(&b.board);
            let fouled = traveller.is_some_and(|t| t.versions.len() > 1);
            let version = |v: usize| fouled.then_some(v + 1);
            let mut lines: Vec<BoardLine> = b
                .lines
                .iter()
                .map(|l| {
                    let scored = Some((l.ns_mp.clone(), l.ew_mp.clone()));
                    let factored = Some((l.ns_exact.clone(), l.ew_exact.clone()));
                    let (ns_points, raw, applied) = match &l.outcome {
                        LineOutcome::Played {
                            ns_points,
                            group_size,
                            as_is_ns,
                            as_is_ew,
                            method,
                        } => (
                            Some(*ns_points),
                            Some((as_is_ns.clone(), as_is_ew.clone())),
                            by_method(*method, *group_size, b.spec.expected),
                        ),
                        LineOutcome::Weighted {
                            score,
                            group_size,
                            as_is_ns,
                            as_is_ew,
                            method,
                        } => (
                            None,
                            Some((as_is_ns.clone(), as_is_ew.clone())),
                            Applied::Weighted {
                                components: score
                                    .components()
                                    .iter()
                                    .map(|c| WeightedPart {
                                        weight: c.weight.clone(),
                                        ns_points: c.ns_points,
                                    })
                                    .collect(),
                                then: Box::new(by_method(*method, *group_size, b.spec.expected)),
                            },
                        ),
                        LineOutcome::Adjusted { award: a } => {
                            let (ns_percent, ew_percent) = award(a);
                            (
                                None,
                                None,
                                Applied::Artificial {
                                    ns_percent,
                                    ew_percent,
                                },
                            )
                        }
                        LineOutcome::Unplayable { award: a } => {
                            let (ns_percent, ew_percent) = award(a);
                            (
                                None,
                                None,
                                Applied::Unplayable {
                                    ns_percent,
                                    ew_percent,
                                },
                            )
                        }
                        _ => (None, None, Applied::AsIs),
                    };
                    BoardLine {
                        ns: l.ns.clone(),
                        ew: l.ew.clone(),
                        version: version(l.version),
                        ns_points,
                        raw,
                        factored,
                        scored,
                        applied,
                    }
                })
                .collect();
            if let Some(t) = traveller {
                for (v, group) in t.versions.iter().enumerate() {
                    for l in group {
                        if l.outcome == TableOutcome::NotPlayed {
                            lines.push(BoardLine {
                                ns: l.ns.clone(),
                                ew: l.ew.clone(),
                                version: version(v),
                                ns_points: None,
                                raw: None,
                                factored: None,
                                scored: None,
                                applied: Applied::NotPlayed,
                            });
                        }
                    }
                }
            }
            lines.sort_by(|x, y| (x.version, &x.ns, &x.ew).cmp(&(y.version, &y.ns, &y.ew)));
            BoardTable {
                board: b.board,
                expected: b.spec.expected,
                top: b.spec.top(),
                fouled,
                lines,
            }
        })
        .collect()
}
