//! A pairs session board by board: every line's score, its match points
//! before and after factoring, and what was applied (as-is, Neuberg with its
//! `A` and `E`, an artificial score, not played, unplayable), so that a
//! director can check every figure of the standings.

use countback_model::{ArtificialScore, BoardNumber, ContestantId, Direction, Score, TableOutcome};
use countback_normalise::{LineOutcome, Method, ScoredBoard, ScoredLine, ScoredSession, Traveller};

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

/// What a board's table takes from its travellers beyond the scored
/// lines: whether it was fouled, and its not-played lines (the scored
/// session leaves them out). Kept per board so that each table is built
/// only when asked for, never a second copy of every line (issue 30).
#[derive(Debug, Clone, Default)]
pub(crate) struct BoardExtras {
    fouled: bool,
    /// NS, EW and version (from 1, fouled boards only) of each line not played.
    not_played: Vec<(ContestantId, ContestantId, Option<usize>)>,
}

/// Each board of `session` (in its order), what its table takes from
/// `travellers`.
pub(crate) fn extras(session: &ScoredSession, travellers: &[Traveller]) -> Vec<BoardExtras> {
    let by_board: std::collections::HashMap<BoardNumber, &Traveller> =
        travellers.iter().map(|t| (t.board, t)).collect();
    session
        .boards
        .iter()
        .map(|b| {
            let Some(t) = by_board.get(&b.board) else {
                return BoardExtras::default();
            };
            let fouled = t.versions.len() > 1;
            let not_played = t
                .versions
                .iter()
                .enumerate()
                .flat_map(|(v, group)| group.iter().map(move |l| (v, l)))
                .filter(|(_, l)| l.outcome == TableOutcome::NotPlayed)
                .map(|(v, l)| (l.ns.clone(), l.ew.clone(), fouled.then_some(v + 1)))
                .collect();
            BoardExtras { fouled, not_played }
        })
        .collect()
}

/// One board of a scored session, its table not yet built: what picks the
/// boards to show, and the table on demand.
#[derive(Debug, Clone, Copy)]
pub struct SessionBoard<'a> {
    scored: &'a ScoredBoard,
    extras: &'a BoardExtras,
}

impl<'a> SessionBoard<'a> {
    pub(crate) fn new(scored: &'a ScoredBoard, extras: &'a BoardExtras) -> SessionBoard<'a> {
        SessionBoard { scored, extras }
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> BoardNumber {
        self.scored.board
    }

    /// Whether the board was played in more than one version.
    #[must_use]
    pub fn fouled(&self) -> bool {
        self.extras.fouled
    }

    /// Whether any line had anything applied besides its match points: as
    /// [`BoardTable::is_adjusted`], without building the table.
    #[must_use]
    pub fn is_adjusted(&self) -> bool {
        self.extras.fouled
            || !self.extras.not_played.is_empty()
            || self
                .scored
                .lines
                .iter()
                .any(|l| applied(l, self.scored.spec.expected).is_adjustment())
    }

    /// The board's table, built now: every line, NS pairs in order.
    #[must_use]
    pub fn table(&self) -> BoardTable {
        let b = self.scored;
        let fouled = self.extras.fouled;
        let mut lines: Vec<BoardLine> =
            Vec::with_capacity(b.lines.len() + self.extras.not_played.len());
        lines.extend(b.lines.iter().map(|l| BoardLine {
            ns: l.ns.clone(),
            ew: l.ew.clone(),
            version: fouled.then_some(l.version + 1),
            ns_points: match &l.outcome {
                LineOutcome::Played { ns_points, .. } => Some(*ns_points),
                _ => None,
            },
            raw: match &l.outcome {
                LineOutcome::Played {
                    as_is_ns, as_is_ew, ..
                }
                | LineOutcome::Weighted {
                    as_is_ns, as_is_ew, ..
                } => Some((as_is_ns.clone(), as_is_ew.clone())),
                _ => None,
            },
            factored: Some((l.ns_exact.clone(), l.ew_exact.clone())),
            scored: Some((l.ns_mp.clone(), l.ew_mp.clone())),
            applied: applied(l, b.spec.expected),
        }));
        lines.extend(
            self.extras
                .not_played
                .iter()
                .map(|(ns, ew, version)| BoardLine {
                    ns: ns.clone(),
                    ew: ew.clone(),
                    version: *version,
                    ns_points: None,
                    raw: None,
                    factored: None,
                    scored: None,
                    applied: Applied::NotPlayed,
                }),
        );
        lines.sort_by(|x, y| (x.version, &x.ns, &x.ew).cmp(&(y.version, &y.ns, &y.ew)));
        BoardTable {
            board: b.board,
            expected: b.spec.expected,
            top: b.spec.top(),
            fouled,
            lines,
        }
    }
}

/// What was applied to a scored line of a board of `e` results.
fn applied(l: &ScoredLine, e: usize) -> Applied {
    match &l.outcome {
        LineOutcome::Played {
            group_size, method, ..
        } => by_method(*method, *group_size, e),
        LineOutcome::Weighted {
            score,
            group_size,
            method,
            ..
        } => Applied::Weighted {
            components: score
                .components()
                .iter()
                .map(|c| WeightedPart {
                    weight: c.weight.clone(),
                    ns_points: c.ns_points,
                })
                .collect(),
            then: Box::new(by_method(*method, *group_size, e)),
        },
        LineOutcome::Adjusted { award: a } => {
            let (ns_percent, ew_percent) = award(a);
            Applied::Artificial {
                ns_percent,
                ew_percent,
            }
        }
        LineOutcome::Unplayable { award: a } => {
            let (ns_percent, ew_percent) = award(a);
            Applied::Unplayable {
                ns_percent,
                ew_percent,
            }
        }
        _ => Applied::AsIs,
    }
}
