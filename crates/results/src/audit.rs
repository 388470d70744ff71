//! The audit: every figure a scoring program stored, next to our exact
//! recomputation, with the difference classified.

use std::collections::{HashMap, HashSet};

use countback_model::{
    BoardNumber, ContestantId, Direction, HalfRule, RoundingMode, Score, TableOutcome,
};

use crate::convention::{displayed, resolve, Choices, Convention, ConventionSource, Display};
use crate::error::RescoreError;
use crate::rescore::{rescore_by, GivenLines, LineScore, Rescore, Standing};
use crate::session::{Session, StoredFigure};

/// Which stored figure a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Figure {
    /// A traveller line's NS figure (match points, Butler IMPs, cross-IMPs).
    LineNs,
    /// A traveller line's EW figure.
    LineEw,
    /// A board's Butler datum (`BOARD_AVERAGE`).
    Datum,
    /// A contestant's total (`TOTAL_SCORE`; NZ: the match points won).
    Total,
    /// NZ Scorer: the maximum the total is out of (boards played x top).
    TotalOutOf,
    /// A percentage.
    Percentage,
    /// A place.
    Place,
}

/// How a stored figure relates to the recomputation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Difference {
    /// Exactly equal.
    Reproduced,
    /// Equal once the exact value is rounded to the number of decimals the
    /// file prints, by the writer's own rule (half up or half to even).
    DisplayRounding,
    /// Equal once the exact value is truncated to the printed decimals, by a
    /// writer that truncates.
    DisplayTruncation,
    /// A short board's line printed as matchpointed within its own results,
    /// before Neuberg factoring (the totals use the factored value).
    UnfactoredShortBoard,
    /// Printed on a different top (e.g. rescaled to a top of 10), then
    /// rounded: display only.
    RescaledTop {
        /// The top the program printed on.
        top: Score,
    },
    /// The program scored a line marked "not played" as a result of 0: the
    /// whole board's stored figures follow from that mistake. We treat the
    /// line as absent.
    NotPlayedScoredAsResult,
    /// A line value that no scoring rule produces: set by hand.
    ManualOverride,
    /// A total, percentage or place that differs from the clean
    /// recomputation but is reproduced once the stored values of the lines
    /// classified [`Difference::ManualOverride`] or
    /// [`Difference::NotPlayedScoredAsResult`] are taken as given.
    FollowsStoredLines,
    /// Not reproduced under the writer's convention, but reproduced (at the
    /// printed precision, by that convention's display rule) under another:
    /// the file was scored with other settings than its writer's defaults.
    OtherConvention {
        /// The convention that reproduces the figure.
        convention: Convention,
    },
    /// A total (or the percentage that follows from it) that differs from
    /// the recomputation by exactly the opposite of another contestant's
    /// total, an opponent on `boards`, while the travellers print every line
    /// between them as the rules give it: what a score changed by hand
    /// between the two in the totals alone (a split or weighted adjustment,
    /// a transfer of match points) gives. No scoring rule produces it; like
    /// [`Difference::ManualOverride`] it is named, not reproduced.
    OffsettingAdjustment {
        /// The contestant whose total differs by the opposite amount.
        with: ContestantId,
        /// The boards the two met on.
        boards: Vec<BoardNumber>,
        /// This contestant's total, stored minus computed.
        difference: Score,
    },
    /// Not what the file's convention gives, but what a systematic relation
    /// to it gives, for every figure of its kind: another rule (a sum where
    /// a mean was expected, a constant factor per board or per pair,
    /// figures written relative to the average). Never a hand change.
    OtherRule {
        /// The relation, in words (`each line the sum over the other
        /// results, not the mean (× results − 1)`).
        relation: String,
        /// How many figures of the file it explains.
        figures: usize,
    },
    /// Differs, and nothing above explains it.
    Unexplained {
        /// Stored minus computed.
        difference: Score,
    },
}

impl Difference {
    /// Whether the figure looks set by hand: a line no rule gives, or a pair
    /// of totals changed by opposite amounts.
    #[must_use]
    pub fn by_hand(&self) -> bool {
        matches!(
            self,
            Difference::ManualOverride | Difference::OffsettingAdjustment { .. }
        )
    }

    /// Whether the stored figure agrees with the recomputation at the file's
    /// precision.
    #[must_use]
    pub fn agrees(&self) -> bool {
        matches!(
            self,
            Difference::Reproduced | Difference::DisplayRounding | Difference::DisplayTruncation
        )
    }
}

/// A signed exact number as people write it: `+1/3`, `-2`, `+0.5` for a
/// terminating decimal.
fn signed(value: &Score) -> String {
    let sign = if value.is_negative() { "-" } else { "+" };
    let magnitude = value.abs();
    // A decimal when one with up to four places is exact.
    for places in 0..=4u32 {
        if let Ok(text) = magnitude.to_decimal(places, &RoundingMode::TowardZero) {
            if Score::parse(&text).is_ok_and(|back| back == magnitude) {
                return format!("{sign}{text}");
            }
        }
    }
    format!("{sign}{magnitude}")
}

impl std::fmt::Display for Figure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Figure::LineNs => "NS line figure",
            Figure::LineEw => "EW line figure",
            Figure::Datum => "datum",
            Figure::Total => "total",
            Figure::TotalOutOf => "total out of",
            Figure::Percentage => "percentage",
            Figure::Place => "place",
        })
    }
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difference::Reproduced => f.write_str("reproduced"),
            Difference::DisplayRounding => f.write_str("display rounding"),
            Difference::DisplayTruncation => f.write_str("display truncation"),
            Difference::UnfactoredShortBoard => {
                f.write_str("short board printed before Neuberg factoring")
            }
            Difference::RescaledTop { top } => write!(f, "printed on a top of {top}"),
            Difference::NotPlayedScoredAsResult => {
                f.write_str("a not-played line scored as a result")
            }
            Difference::ManualOverride => f.write_str("manual override"),
            Difference::FollowsStoredLines => f.write_str("follows the stored line figures"),
            Difference::OffsettingAdjustment {
                with,
                boards,
                difference,
            } => {
                let boards: Vec<String> = boards.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "the total differs by {} and {with}'s by the opposite, opponents on board{} {}: \
                     a change by hand between them that the travellers do not show",
                    signed(difference),
                    if boards.len() == 1 { "" } else { "s" },
                    boards.join(", ")
                )
            }
            Difference::OtherConvention { convention } => {
                write!(f, "reproduced under the {convention} convention")
            }
            Difference::OtherRule { relation, figures } => write!(
                f,
                "another rule: {relation} ({figures} figure{})",
                if *figures == 1 { "" } else { "s" }
            ),
            Difference::Unexplained { difference } => {
                write!(f, "unexplained: stored differs by {}", signed(difference))
            }
        }
    }
}

/// One stored figure compared.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Finding {
    /// Which figure.
    pub figure: Figure,
    /// The board, for line figures and datums.
    pub board: Option<BoardNumber>,
    /// The contestant (the NS pair for a line's NS figure, the EW pair for
    /// its EW figure).
    pub contestant: Option<ContestantId>,
    /// The opponents, for line figures.
    pub opponent: Option<ContestantId>,
    /// The 1-based line of the file where the figure is stored.
    pub line: u32,
    /// The stored text.
    pub stored: String,
    /// Our exact value, if there is one.
    pub computed: Option<Score>,
    /// The classification.
    pub class: Difference,
}

/// `board 3, NS line figure of 3NS v 5EW (line 45): stored 4.5, computed
/// 9/2: display rounding`.
impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(b) = self.board {
            write!(f, "board {b}, ")?;
        }
        write!(f, "{}", self.figure)?;
        match (&self.contestant, &self.opponent) {
            (Some(c), Some(o)) => write!(f, " of {c} v {o}")?,
            (Some(c), None) => write!(f, " of {c}")?,
            _ => {}
        }
        write!(f, " (line {}): stored {}", self.line, self.stored)?;
        if let Some(c) = &self.computed {
            write!(f, ", computed {c}")?;
        }
        write!(f, ": {}", self.class)
    }
}

/// The audit of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Audit {
    /// The convention the file was audited under.
    pub convention: Convention,
    /// Where that convention came from.
    pub convention_source: ConventionSource,
    /// Our clean recomputation under that convention.
    pub rescore: Rescore,
    /// Every stored figure, classified.
    pub findings: Vec<Finding>,
    /// When some figure is not explained under [`Audit::convention`]: the
    /// conventions under which every stored figure is explained (empty when
    /// none is, or when the audit's own convention explains the file).
    pub explained_by_other: Vec<Convention>,
    /// The file's rule as its figures decided it, where its stated rule
    /// could mean two things ([`crate::FileRule::reading`]): said in the
    /// summary.
    pub reading: Option<String>,
    /// The travellers name no pairs ([`Session::travellers_name_nobody`]):
    /// the standings are the file's stored totals and percentages, which
    /// are not compared; their places are.
    pub stored_standings: bool,
}

impl Audit {
    /// Whether every stored figure is reproduced at the file's precision or
    /// classified with a named reason (nothing [`Difference::Unexplained`]
    /// and nothing that only another convention reproduces).
    #[must_use]
    pub fn explained(&self) -> bool {
        self.findings.iter().all(|f| {
            !matches!(
                f.class,
                Difference::Unexplained { .. }
                    | Difference::OtherConvention { .. }
                    | Difference::OtherRule { .. }
            )
        })
    }

    /// The findings counted by class, each once: the counts the summary
    /// prints, so that a figure the detail calls "reproduced under the
    /// ebu_letter convention" is counted under another rule, never as
    /// unexplained.
    #[must_use]
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for f in &self.findings {
            c.compared += 1;
            let slot = match &f.class {
                d if d.agrees() => &mut c.agree,
                d if d.by_hand() => &mut c.by_hand,
                Difference::OtherConvention { .. } | Difference::OtherRule { .. } => {
                    &mut c.other_rule
                }
                Difference::Unexplained { .. } => &mut c.unexplained,
                _ => &mut c.explained,
            };
            *slot += 1;
        }
        c
    }

    /// Whether [`Audit::explained`] with nothing set by hand (no
    /// [`Difference::ManualOverride`], no [`Difference::OffsettingAdjustment`]):
    /// every figure follows from a rule.
    #[must_use]
    pub fn by_rule(&self) -> bool {
        self.explained() && !self.findings.iter().any(|f| f.class.by_hand())
    }

    /// The convention that explains the file: the audit's own when
    /// [`Audit::explained`], else the first other that explains every
    /// figure, else `None`.
    #[must_use]
    pub fn explained_by(&self) -> Option<Convention> {
        if self.explained() {
            Some(self.convention)
        } else {
            self.explained_by_other.first().copied()
        }
    }

    /// One line for a report: `convention compscore (from the file's writer
    /// "Compscore3 26-Jul-22"): 412 figures, 400 reproduced, 12 explained, 0
    /// unexplained; the compscore convention explains the file`, with the
    /// number of figures that look set by hand when there are some.
    #[must_use]
    pub fn summary(&self) -> String {
        let Counts {
            compared,
            agree,
            explained,
            by_hand,
            other_rule,
            unexplained,
        } = self.counts();
        let mut out = format!(
            "convention {} ({}): {compared} figures, {agree} reproduced, {explained} explained, \
             {by_hand} set by hand, {other_rule} under another rule, {unexplained} unexplained",
            self.convention, self.convention_source
        );
        match (self.explained(), self.explained_by_other.as_slice()) {
            (true, _) if by_hand > 0 => out.push_str(&format!(
                "; the {} convention explains the file but for {by_hand} figure{} that look set by hand",
                self.convention,
                if by_hand == 1 { "" } else { "s" }
            )),
            (true, _) => out.push_str(&format!(
                "; the {} convention explains the file",
                self.convention
            )),
            (false, []) if unexplained == 0 => out.push_str(&format!(
                "; every figure follows a rule, {other_rule} of them another rule than the {} convention's",
                self.convention
            )),
            (false, []) => out.push_str("; no known convention explains every figure"),
            (false, others) => {
                let names: Vec<&str> = others.iter().map(|c| c.name()).collect();
                out.push_str(&format!("; explained in full by: {}", names.join(", ")));
            }
        }
        if let Some(reading) = &self.reading {
            out.push_str(&format!("; the file's rule: {reading}"));
        }
        if self.stored_standings {
            out.push_str(
                "; the travellers name no pairs: the totals and percentages are the file's own, \
                 not recomputed (its places are checked against them)",
            );
        }
        out
    }

    /// The findings that do not agree at the file's precision.
    pub fn exceptions(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| !f.class.agrees())
    }

    /// The findings about one figure.
    pub fn of(&self, figure: Figure) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.figure == figure)
    }
}

/// An audit's findings counted by class ([`Audit::counts`]): every
/// finding in exactly one count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Counts {
    /// Every stored figure compared.
    pub compared: usize,
    /// Reproduced, or printed by the convention's own rounding.
    pub agree: usize,
    /// Explained by a named class of the convention's rules (a short board
    /// printed unfactored, another top, totals following stored lines …).
    pub explained: usize,
    /// Set by hand: a manual override, an offsetting change.
    pub by_hand: usize,
    /// Reproduced by another convention or another rule, not the file's.
    pub other_rule: usize,
    /// Not explained.
    pub unexplained: usize,
}

/// Compare an exact value with a printed one at the printed precision, by
/// the writer's display rule and no other.
fn compare(computed: &Score, stored: &StoredFigure, display: Display) -> Option<Difference> {
    if *computed == stored.value {
        return Some(Difference::Reproduced);
    }
    if displayed(computed, stored.places, display).as_ref() == Some(&stored.value) {
        return Some(match display {
            Display::Truncate => Difference::DisplayTruncation,
            _ => Difference::DisplayRounding,
        });
    }
    None
}

/// A value printed on another top, rounded to the printed decimals by the
/// writer's rule, or to whole numbers (half away from zero).
fn compare_rescaled(scaled: &Score, stored: &StoredFigure, display: Display) -> bool {
    compare(scaled, stored, display).is_some()
        || countback_model::round::round(
            scaled,
            &Score::ONE,
            &RoundingMode::Nearest(HalfRule::AwayFromZero),
        )
        .ok()
            == Some(stored.value.clone())
}

/// Audit a session under `convention`, or (`None`) under the convention of
/// the program that wrote it ([`crate::resolve`]): rescore it and classify
/// every stored figure. When some figure is not explained by a
/// rule (unexplained, or a line that looks set by hand), every other
/// convention is tried too and those that explain the whole file by rule
/// are named in [`Audit::explained_by_other`]. A figure that another
/// convention reproduces is [`Difference::OtherConvention`] when that
/// convention also agrees on every figure of the same kind (lines, datums,
/// totals, percentages, places) that the first one agrees on: a rule that
/// fits one figure by coincidence and misses the others explains nothing.
///
/// # Errors
/// As [`crate::rescore()`].
pub fn audit(session: &Session, convention: Option<Convention>) -> Result<Audit, RescoreError> {
    let (c, source) = resolve(session, convention);
    let mut primary = audit_by(session, c, source)?;
    if primary.by_rule() {
        return Ok(primary);
    }
    let mut alts: Vec<(Convention, Audit)> = Vec::new();
    for other in crate::convention::ALL_CONVENTIONS {
        if other == c {
            continue;
        }
        // A convention that cannot score the file explains nothing.
        if let Ok(alt) = audit_by(session, other, ConventionSource::Chosen) {
            alts.push((other, alt));
        }
    }
    // Those that explain the whole file by rule first.
    alts.sort_by_key(|(_, a)| !a.by_rule());
    let others: Vec<Convention> = alts
        .iter()
        .filter(|(_, a)| a.by_rule())
        .map(|(c, _)| *c)
        .collect();
    // Another convention is named for a figure only if, for that kind of
    // figure, it also agrees wherever the writer's convention agrees: one
    // that reproduces a single total by coincidence (NZ Scorer's truncation
    // of a Compscore total) while missing the totals Compscore's own rule
    // reproduces explains nothing.
    let dominates: Vec<[bool; GROUPS]> = alts
        .iter()
        .map(|(_, a)| dominance(&primary.findings, &a.findings))
        .collect();
    for (k, f) in primary.findings.iter_mut().enumerate() {
        // A total that follows hand-set lines is renamed too when another
        // convention's rule gives the lines and the total.
        // So is one that another rule explains: a convention that
        // reproduces it names the program.
        if !matches!(
            f.class,
            Difference::Unexplained { .. }
                | Difference::FollowsStoredLines
                | Difference::OtherRule { .. }
        ) && !f.class.by_hand()
        {
            continue;
        }
        let g = group(f.figure);
        let same = |a: &Audit| {
            a.findings
                .get(k)
                .filter(|h| h.figure == f.figure && h.line == f.line)
                .map(|h| h.class.clone())
        };
        let fit = |i: usize, exact: bool| {
            let (_, a) = alts.get(i)?;
            let d = same(a)?;
            let ok = if exact {
                d == Difference::Reproduced
            } else {
                d.agrees()
            };
            (ok && dominates.get(i).is_some_and(|d| d.get(g) == Some(&true))).then_some(i)
        };
        // An exact reproduction beats one by another program's rounding.
        let found = (0..alts.len())
            .find_map(|i| fit(i, true))
            .or_else(|| (0..alts.len()).find_map(|i| fit(i, false)));
        if let Some((other, _)) = found.and_then(|i| alts.get(i)) {
            f.class = Difference::OtherConvention { convention: *other };
        }
    }
    primary.explained_by_other = others;
    Ok(primary)
}

/// How many kinds of figure [`group`] tells apart.
const GROUPS: usize = 6;

/// The kind of figure, for comparing conventions: a line's NS and EW figures
/// are one kind.
fn group(figure: Figure) -> usize {
    match figure {
        Figure::LineNs | Figure::LineEw => 0,
        Figure::Datum => 1,
        Figure::Total => 2,
        Figure::TotalOutOf => 3,
        Figure::Percentage => 4,
        Figure::Place => 5,
    }
}

/// For each kind of figure, whether `alt` agrees on every figure of that
/// kind `primary` agrees on (both audits of one session, finding for
/// finding).
fn dominance(primary: &[Finding], alt: &[Finding]) -> [bool; GROUPS] {
    let mut out = [true; GROUPS];
    for (k, f) in primary.iter().enumerate() {
        if !f.class.agrees() {
            continue;
        }
        let kept = alt
            .get(k)
            .is_some_and(|a| a.figure == f.figure && a.line == f.line && a.class.agrees());
        if !kept {
            if let Some(slot) = out.get_mut(group(f.figure)) {
                *slot = false;
            }
        }
    }
    out
}

fn audit_by(
    session: &Session,
    convention: Convention,
    source: ConventionSource,
) -> Result<Audit, RescoreError> {
    let choices = convention.choices();
    let no_given = GivenLines::new();
    let mut clean = rescore_by(session, &no_given, &choices)?;
    clean.convention = convention;
    clean.convention_source = source.clone();
    // What the travellers print, where it differs from what the totals add.
    let printed_choices = Choices {
        artificial_boards: choices.artificial_boards_printed,
        ..choices.clone()
    };
    let printed = if printed_choices == choices {
        None
    } else {
        Some(rescore_by(session, &no_given, &printed_choices)?)
    };
    let line_scores = printed.as_ref().unwrap_or(&clean);
    let (not_played_variant, touched) = match not_played_as_zero(session) {
        Some((s, touched)) => (Some(rescore_by(&s, &no_given, &printed_choices)?), touched),
        None => (None, HashSet::new()),
    };
    let mut findings = Vec::new();
    let (given, line_at) = line_findings(
        session,
        (&clean, line_scores),
        not_played_variant.as_ref(),
        &touched,
        choices.line_display,
        &mut findings,
    );
    let with_stored = if given.is_empty() {
        None
    } else {
        Some(rescore_by(session, &given, &choices)?)
    };
    let anonymous = session.travellers_name_nobody();
    standing_findings(
        session,
        anonymous,
        &clean,
        with_stored.as_ref(),
        &choices,
        &mut findings,
    );
    other_rules(&clean, &mut findings, &line_at, &choices);
    offsetting(session, &clean, &mut findings, choices.percentage_display);
    Ok(Audit {
        convention,
        convention_source: source,
        rescore: clean,
        findings,
        explained_by_other: Vec::new(),
        reading: session.rule.reading.clone(),
        stored_standings: anonymous,
    })
}

/// The figures of the travellers: each board's datum and each line's
/// scores, against the clean rescore (`scores.0`) and what the travellers
/// print (`scores.1`), and to the variant that scores a not-played
/// board as a result (`not_played_variant`, for the boards `touched`). Returns the lines whose stored scores were set by
/// hand (for the rescore that follows them) and, for each line finding,
/// its index and its board's.
fn line_findings(
    session: &Session,
    (clean, line_scores): (&Rescore, &Rescore),
    not_played_variant: Option<&Rescore>,
    touched: &HashSet<BoardNumber>,
    line_display: Display,
    findings: &mut Vec<Finding>,
) -> (GivenLines, Vec<(usize, usize)>) {
    let mut given = GivenLines::new();
    // Each line finding with the index of its board.
    let mut line_at: Vec<(usize, usize)> = Vec::new();
    for (board_index, ((board, scored), printed_board)) in session
        .boards
        .iter()
        .zip(&clean.boards)
        .zip(&line_scores.boards)
        .enumerate()
    {
        if let (Some(stored), Some(datum)) = (&board.stored_datum, &scored.datum) {
            findings.push(Finding {
                figure: Figure::Datum,
                board: Some(board.number),
                contestant: None,
                opponent: None,
                line: board.line,
                stored: stored.text.clone(),
                computed: Some(datum.clone()),
                class: compare(datum, stored, line_display).unwrap_or_else(|| {
                    Difference::Unexplained {
                        difference: &stored.value - datum,
                    }
                }),
            });
        }
        let variant_board = not_played_variant
            .filter(|_| touched.contains(&board.number))
            .and_then(|v| {
                v.boards
                    .iter()
                    .find(|b| b.number == board.number && b.section == board.section)
            });
        // The top the program printed this board on: the same NS + EW sum
        // on every real line, or none.
        let mut sums = board.lines.iter().filter_map(|l| {
            match (&l.traveller.outcome, &l.stored_ns, &l.stored_ew) {
                (TableOutcome::Played { .. }, Some(n), Some(e)) => Some(&n.value + &e.value),
                _ => None,
            }
        });
        let first = sums.next();
        let printed_top = match first {
            Some(t) if sums.all(|s| s == t) => Some(t),
            _ => None,
        };
        for (k, (line, score)) in board.lines.iter().zip(&printed_board.lines).enumerate() {
            let variant_line = variant_board.and_then(|b| b.lines.get(k));
            let mut overridden = false;
            for (figure, direction, stored) in [
                (Figure::LineNs, Direction::NorthSouth, &line.stored_ns),
                (Figure::LineEw, Direction::EastWest, &line.stored_ew),
            ] {
                let Some(stored) = stored else { continue };
                let class = classify_line(
                    score,
                    variant_line,
                    direction,
                    stored,
                    printed_top.as_ref(),
                    line_display,
                );
                if matches!(
                    class,
                    Difference::ManualOverride | Difference::NotPlayedScoredAsResult
                ) {
                    overridden = true;
                }
                let (who, other) = match direction {
                    Direction::NorthSouth => (&line.traveller.ns, &line.traveller.ew),
                    _ => (&line.traveller.ew, &line.traveller.ns),
                };
                line_at.push((findings.len(), board_index));
                findings.push(Finding {
                    figure,
                    board: Some(board.number),
                    contestant: Some(who.clone()),
                    opponent: Some(other.clone()),
                    line: line.line,
                    stored: stored.text.clone(),
                    computed: side(score, direction).cloned(),
                    class,
                });
            }
            if overridden {
                if let (Some(ns), Some(ew)) = (&line.stored_ns, &line.stored_ew) {
                    given.insert(
                        (
                            board.number,
                            board.section.clone(),
                            line.traveller.ns.clone(),
                        ),
                        (ns.value.clone(), ew.value.clone()),
                    );
                }
            }
        }
    }
    (given, line_at)
}

/// The figures of the standings: each participant's total, its maximum,
/// percentage and place, against the clean rescore and the one that
/// follows the stored lines (`with_stored`). A frequency traveller's
/// (`anonymous`) places only.
fn standing_findings(
    session: &Session,
    anonymous: bool,
    clean: &Rescore,
    with_stored: Option<&Rescore>,
    choices: &Choices,
    findings: &mut Vec<Finding>,
) {
    let display_of = |figure: Figure| match figure {
        Figure::Percentage => choices.percentage_display,
        _ => choices.total_display,
    };
    let needs_maxima = session
        .participants
        .iter()
        .any(|p| p.stored.total_out_of.is_some());
    let (clean_max, alt_max_all) = if needs_maxima {
        (maxima(clean), with_stored.map(maxima).unwrap_or_default())
    } else {
        (HashMap::new(), HashMap::new())
    };
    for (i, (p, s)) in session
        .participants
        .iter()
        .zip(&clean.standings)
        .enumerate()
    {
        // Standings come in participant order.
        let alt = with_stored
            .and_then(|r| r.standings.get(i))
            .filter(|a| a.id == p.id);
        let mut push = |figure: Figure,
                        stored: &StoredFigure,
                        computed: Option<&Score>,
                        alt: Option<Score>| {
            // An exact explanation beats one that needs display rounding.
            let total_display = display_of(figure);
            let clean = computed.and_then(|c| compare(c, stored, total_display));
            let class = if clean == Some(Difference::Reproduced) {
                Difference::Reproduced
            } else if alt.as_ref() == Some(&stored.value) {
                Difference::FollowsStoredLines
            } else if let Some(c) = clean {
                c
            } else if alt
                .as_ref()
                .and_then(|v| compare(v, stored, total_display))
                .is_some()
            {
                Difference::FollowsStoredLines
            } else {
                Difference::Unexplained {
                    difference: computed
                        .map_or_else(|| stored.value.clone(), |c| &stored.value - c),
                }
            };
            findings.push(Finding {
                figure,
                board: None,
                contestant: Some(p.id.clone()),
                opponent: None,
                line: p.line,
                stored: stored.text.clone(),
                computed: computed.cloned(),
                class,
            });
        };
        let nz = p.stored.total_out_of.is_some();
        let total_of = |s: &Standing| {
            if nz {
                s.raw_total.clone()
            } else {
                s.total.clone()
            }
        };
        // A frequency traveller names no pairs: the totals and percentages
        // are the file's own (the standings are them), not checked; the
        // places are checked against them.
        if anonymous {
            if let Some(place) = p.stored.place {
                let stored = StoredFigure::exact(
                    Score::from(place),
                    p.stored.place_text.as_deref().unwrap_or(""),
                );
                push(Figure::Place, &stored, Some(&Score::from(s.place)), None);
            }
            continue;
        }
        if let Some(t) = &p.stored.total {
            push(Figure::Total, t, Some(&total_of(s)), alt.map(total_of));
        }
        if let Some(out_of) = &p.stored.total_out_of {
            let max = clean_max.get(&s.id);
            let alt_max = alt.and_then(|a| alt_max_all.get(&a.id)).cloned();
            let stored = StoredFigure::exact(out_of.clone(), &out_of.to_string());
            push(Figure::TotalOutOf, &stored, max, alt_max);
        }
        if let Some(pct) = &p.stored.percentage {
            push(
                Figure::Percentage,
                pct,
                s.percentage.as_ref(),
                alt.and_then(|a| a.percentage.clone()),
            );
        }
        if let Some(place) = p.stored.place {
            let stored = StoredFigure::exact(
                Score::from(place),
                p.stored.place_text.as_deref().unwrap_or(""),
            );
            // A contestant that played no board is listed one past the last
            // ranked place (Ruter prints it so: 49 of 48 ranked).
            let ours = Score::from(s.place);
            push(
                Figure::Place,
                &stored,
                Some(&ours),
                alt.map(|a| Score::from(a.place)),
            );
        }
    }
}

/// A relation between the figures a file stores and ours.
enum Relation {
    Times(Score),
    Plus(Score),
}

impl Relation {
    fn apply(&self, value: &Score) -> Score {
        match self {
            Relation::Times(k) => value * k,
            Relation::Plus(d) => value + d,
        }
    }
}

/// Whether every finding of `group` that has a computed value matches its
/// stored text once `relation(k)` is applied (at the printed precision, by
/// `display`), and at least two of them did not agree before.
fn relation_holds(
    findings: &[Finding],
    group: &[usize],
    relation: &dyn Fn(usize) -> Option<Relation>,
    display: Display,
) -> bool {
    let mut changed = 0usize;
    for &k in group {
        let Some(f) = findings.get(k) else {
            return false;
        };
        let (Some(c), Some(stored)) = (&f.computed, StoredFigure::parse(&f.stored)) else {
            continue;
        };
        let Some(r) = relation(k) else { return false };
        if compare(&r.apply(c), &stored, display).is_none() {
            return false;
        }
        if !f.class.agrees() {
            changed += 1;
        }
    }
    changed >= 2
}

/// Line figures and totals that differ from the recomputation by one
/// systematic relation, for every figure of their kind: another rule, not
/// a hand change (issue 25). Lines: on each board, the stored figures are
/// ours times (results − 1) (a sum where a mean was expected) or divided
/// by it, or ours less (or plus) half the top (written relative to the
/// average). Totals: ours divided by the boards played (a mean per board)
/// or by the comparisons made, scaled to the boards of the session, or
/// less half the tops of the boards played.
fn other_rules(
    clean: &Rescore,
    findings: &mut [Finding],
    line_at: &[(usize, usize)],
    choices: &Choices,
) {
    let mut marks: Vec<(usize, &'static str)> = Vec::new();
    line_rules(clean, findings, line_at, choices, &mut marks);
    total_rules(clean, findings, choices, &mut marks);
    let mut covers: HashMap<&'static str, usize> = HashMap::new();
    for (_, words) in &marks {
        *covers.entry(words).or_insert(0) += 1;
    }
    for (k, words) in marks {
        if let Some(f) = findings.get_mut(k) {
            f.class = Difference::OtherRule {
                relation: words.to_owned(),
                figures: covers.get(words).copied().unwrap_or(0),
            };
        }
    }
}

/// Lines, board by board: on a board with a hand change, the first
/// relation that holds for every line of it (× or ÷ results − 1, ∓ half
/// the top) marks its lines that disagree.
fn line_rules(
    clean: &Rescore,
    findings: &[Finding],
    line_at: &[(usize, usize)],
    choices: &Choices,
    marks: &mut Vec<(usize, &'static str)>,
) {
    let two = Score::integer(2);
    let mut by_board: HashMap<usize, Vec<usize>> = HashMap::new();
    for &(k, b) in line_at {
        by_board.entry(b).or_default().push(k);
    }
    let mut boards: Vec<(&usize, &Vec<usize>)> = by_board.iter().collect();
    boards.sort_unstable();
    for (&b, group) in boards {
        if group.iter().all(|&k| {
            !findings
                .get(k)
                .is_some_and(|f| f.class == Difference::ManualOverride)
        }) {
            continue;
        }
        let Some(scored) = clean.boards.get(b) else {
            continue;
        };
        let others = Score::from(scored.results.saturating_sub(1));
        let half = scored.top.as_ref().and_then(|t| t.checked_div(&two).ok());
        let mut candidates: Vec<(Relation, &'static str)> = Vec::new();
        if scored.results > 2 {
            candidates.push((
                Relation::Times(others.clone()),
                "each line the sum over the other results, not their mean (× results − 1)",
            ));
            if let Ok(inverse) = Score::ONE.checked_div(&others) {
                candidates.push((
                    Relation::Times(inverse),
                    "each line the mean over the other results, not their sum (÷ results − 1)",
                ));
            }
        }
        if let Some(h) = half {
            candidates.push((
                Relation::Plus(-h.clone()),
                "match points written relative to the average (less half the top)",
            ));
            candidates.push((
                Relation::Plus(h),
                "match points written from zero, not relative to the average (plus half the top)",
            ));
        }
        for (relation, words) in candidates {
            let same = |_: usize| {
                Some(match &relation {
                    Relation::Times(k) => Relation::Times(k.clone()),
                    Relation::Plus(d) => Relation::Plus(d.clone()),
                })
            };
            if relation_holds(findings, group, &same, choices.line_display) {
                for &k in group {
                    if findings.get(k).is_some_and(|f| !f.class.agrees()) {
                        marks.push((k, words));
                    }
                }
                break;
            }
        }
    }
}

/// Totals: one relation for every total of the file (a mean per board
/// played or per comparison, scaled to the session's boards, relative to
/// the average), marking the unexplained ones.
fn total_rules(
    clean: &Rescore,
    findings: &[Finding],
    choices: &Choices,
    marks: &mut Vec<(usize, &'static str)>,
) {
    let two = Score::integer(2);
    let totals: Vec<usize> = findings
        .iter()
        .enumerate()
        .filter(|(_, f)| f.figure == Figure::Total)
        .map(|(k, _)| k)
        .collect();
    let needs = totals.iter().any(|&k| {
        findings
            .get(k)
            .is_some_and(|f| matches!(f.class, Difference::Unexplained { .. }))
    });
    if needs {
        let by_id: HashMap<&ContestantId, &Standing> =
            clean.standings.iter().map(|s| (&s.id, s)).collect();
        let standing = |k: usize| {
            findings
                .get(k)
                .and_then(|f| f.contestant.as_ref())
                .and_then(|c| by_id.get(c).copied())
        };
        let mut comparisons: HashMap<&ContestantId, usize> = HashMap::new();
        let mut halves: HashMap<&ContestantId, Score> = HashMap::new();
        let mut session_boards: HashSet<(BoardNumber, Option<&String>)> = HashSet::new();
        for b in &clean.boards {
            session_boards.insert((b.number, b.section.as_ref()));
            let half = b.top.as_ref().and_then(|t| t.checked_div(&two).ok());
            for l in &b.lines {
                for (who, f) in [(&l.ns, &l.ns_score), (&l.ew, &l.ew_score)] {
                    if f.is_some() {
                        *comparisons.entry(who).or_insert(0) += b.results.saturating_sub(1);
                        if let Some(h) = &half {
                            *halves.entry(who).or_insert(Score::ZERO) += h;
                        }
                    }
                }
            }
        }
        let all_boards = Score::from(session_boards.len());
        let per = |n: usize| Score::ONE.checked_div(&Score::from(n)).ok();
        type TotalRelation<'r> = (Box<dyn Fn(usize) -> Option<Relation> + 'r>, &'static str);
        let candidates: Vec<TotalRelation<'_>> = vec![
            (
                Box::new(|k| standing(k).and_then(|s| per(s.boards_played)).map(Relation::Times)),
                "each total a mean per board played, not a sum (÷ boards played)",
            ),
            (
                Box::new(|k| {
                    let s = standing(k)?;
                    per(comparisons.get(&s.id).copied()?).map(Relation::Times)
                }),
                "each total a mean per comparison, not a sum (÷ the comparisons on the boards played)",
            ),
            (
                Box::new(|k| {
                    let s = standing(k)?;
                    let factor = (&all_boards * &s.raw_total).checked_div(&Score::from(s.boards_played)).ok()?;
                    (!s.total.is_zero())
                        .then(|| factor.checked_div(&s.total).ok())
                        .flatten()
                        .map(Relation::Times)
                        .or(Some(Relation::Times(Score::ONE)))
                }),
                "a pair that missed boards scaled to the boards of the session (× boards / boards played)",
            ),
            (
                Box::new(|k| {
                    let s = standing(k)?;
                    halves.get(&s.id).map(|h| Relation::Plus(-h.clone()))
                }),
                "totals written relative to the average (less half the tops of the boards played)",
            ),
        ];
        for (relation, words) in &candidates {
            if relation_holds(findings, &totals, relation.as_ref(), choices.total_display) {
                for &k in &totals {
                    if findings
                        .get(k)
                        .is_some_and(|f| matches!(f.class, Difference::Unexplained { .. }))
                    {
                        marks.push((k, words));
                    }
                }
                break;
            }
        }
    }
}

/// Pairs of unexplained totals that differ from the recomputation by
/// exactly opposite amounts, between two contestants who met, each the
/// other's only such partner: classified [`Difference::OffsettingAdjustment`],
/// with the percentages that follow once the difference is applied.
fn offsetting(
    session: &Session,
    clean: &Rescore,
    findings: &mut [Finding],
    percentage_display: Display,
) {
    let unexplained: Vec<(usize, ContestantId, Score)> = findings
        .iter()
        .enumerate()
        .filter(|(_, f)| f.figure == Figure::Total)
        .filter_map(|(k, f)| match (&f.class, &f.contestant) {
            (Difference::Unexplained { difference }, Some(c)) if !difference.is_zero() => {
                Some((k, c.clone(), difference.clone()))
            }
            _ => None,
        })
        .collect();
    if unexplained.len() < 2 {
        return;
    }
    let wanted: HashSet<&ContestantId> = unexplained.iter().map(|(_, c, _)| c).collect();
    // The boards each two of them met on, in file order.
    let mut met: HashMap<(&ContestantId, &ContestantId), Vec<BoardNumber>> = HashMap::new();
    for b in &session.boards {
        for l in &b.lines {
            let (ns, ew) = (&l.traveller.ns, &l.traveller.ew);
            if wanted.contains(ns) && wanted.contains(ew) {
                for key in [(ns, ew), (ew, ns)] {
                    let boards = met.entry(key).or_default();
                    if boards.last() != Some(&b.number) {
                        boards.push(b.number);
                    }
                }
            }
        }
    }
    // The travellers between the two show a changed line: the change is
    // there to see, not "one the travellers do not show".
    let shown: HashSet<(&ContestantId, &ContestantId)> = findings
        .iter()
        .filter(|f| {
            matches!(f.figure, Figure::LineNs | Figure::LineEw)
                && (f.class.by_hand() || matches!(f.class, Difference::Unexplained { .. }))
        })
        .filter_map(|f| f.contestant.as_ref().zip(f.opponent.as_ref()))
        .flat_map(|(a, b)| [(a, b), (b, a)])
        .collect();
    // Two that met on every board they played: any change to their lines'
    // scale moves both totals by opposite amounts, so opposite differences
    // say nothing of a hand change.
    let boards_played: HashMap<&ContestantId, usize> = clean
        .standings
        .iter()
        .map(|s| (&s.id, s.boards_played))
        .collect();
    let played = |c: &ContestantId| boards_played.get(c).copied().unwrap_or(0);
    let partners = |c: &ContestantId, d: &Score| -> Vec<usize> {
        unexplained
            .iter()
            .enumerate()
            .filter(|(_, (_, o, e))| {
                o != c
                    && *e == -d
                    && met
                        .get(&(c, o))
                        .is_some_and(|boards| boards.len() < played(c).max(played(o)))
                    && !shown.contains(&(c, o))
            })
            .map(|(i, _)| i)
            .collect()
    };
    let maxima = maxima(clean);
    let mut changes: Vec<(usize, Difference, Option<Score>)> = Vec::new();
    for (i, (k, c, d)) in unexplained.iter().enumerate() {
        // Each the other's only partner: anything else is a guess.
        let [j] = partners(c, d)[..] else { continue };
        let Some((_, o, e)) = unexplained.get(j) else {
            continue;
        };
        if partners(o, e) != [i] {
            continue;
        }
        let boards = met.get(&(c, o)).cloned().unwrap_or_default();
        let class = Difference::OffsettingAdjustment {
            with: o.clone(),
            boards,
            difference: d.clone(),
        };
        // The percentage with the difference applied to the raw total.
        let pct = clean.standing(c).and_then(|s| {
            let nz = session
                .participant(c)
                .is_some_and(|p| p.stored.total_out_of.is_some());
            let raw_d = if nz || s.total.is_zero() {
                d.clone()
            } else {
                (d * &s.raw_total).checked_div(&s.total).ok()?
            };
            let max = maxima.get(c).filter(|m| !m.is_zero())?;
            let shift = (raw_d * Score::integer(100)).checked_div(max).ok()?;
            s.percentage.as_ref().map(|p| p + &shift)
        });
        changes.push((*k, class, pct));
    }
    for (k, class, pct) in changes {
        let Some(who) = findings.get(k).and_then(|f| f.contestant.clone()) else {
            continue;
        };
        if let Some(f) = findings.get_mut(k) {
            f.class = class.clone();
        }
        let Some(pct) = pct else { continue };
        let Some(stored) = session
            .participant(&who)
            .and_then(|p| p.stored.percentage.as_ref())
        else {
            continue;
        };
        for f in findings.iter_mut() {
            if f.figure == Figure::Percentage
                && f.contestant.as_ref() == Some(&who)
                && matches!(f.class, Difference::Unexplained { .. })
                && compare(&pct, stored, percentage_display).is_some()
            {
                f.class = class.clone();
            }
        }
    }
}

fn side(score: &LineScore, direction: Direction) -> Option<&Score> {
    match direction {
        Direction::NorthSouth => score.ns_score.as_ref(),
        _ => score.ew_score.as_ref(),
    }
}

/// Boards played times the top, per contestant: what NZ Scorer divides by.
/// Boards without a top (IMP events) add nothing.
fn maxima(rescore: &Rescore) -> HashMap<ContestantId, Score> {
    let mut out: HashMap<ContestantId, Score> = HashMap::new();
    for b in &rescore.boards {
        let Some(top) = &b.top else { continue };
        for l in &b.lines {
            for (d, who, fig) in [
                (Direction::NorthSouth, &l.ns, &l.ns_score),
                (Direction::EastWest, &l.ew, &l.ew_score),
            ] {
                if fig.is_none() {
                    continue;
                }
                match &l.seats {
                    Some(seats) => {
                        for player in seats.of(d) {
                            *out.entry(player.clone()).or_insert(Score::ZERO) += top;
                        }
                    }
                    None => *out.entry(who.clone()).or_insert(Score::ZERO) += top,
                }
            }
        }
    }
    out
}

fn classify_line(
    score: &LineScore,
    variant: Option<&LineScore>,
    direction: Direction,
    stored: &StoredFigure,
    printed_top: Option<&Score>,
    display: Display,
) -> Difference {
    // On a board where the program scored a not-played line as a result,
    // every stored figure follows from that mistake.
    if let Some(v) = variant.and_then(|v| side(v, direction)) {
        if compare(v, stored, display).is_some() {
            return Difference::NotPlayedScoredAsResult;
        }
    }
    if let Some(c) = side(score, direction) {
        if let Some(d) = compare(c, stored, display) {
            return d;
        }
        if let Some((ns, ew)) = &score.unfactored {
            let u = match direction {
                Direction::NorthSouth => ns,
                _ => ew,
            };
            if compare(u, stored, display).is_some() {
                return Difference::UnfactoredShortBoard;
            }
        }
        // A program that prints every line on its own top: the line's two
        // stored figures add up to that top. NZ Scorer factors a board up to
        // the number of tables of the movement (the phantom's included) for
        // display, by Neuberg; failing that, try a plain rescale.
        if let (Some(printed_top), Some(cn), Some(ce)) =
            (printed_top, &score.ns_score, &score.ew_score)
        {
            let printed_top = printed_top.clone();
            let our_top = cn + ce;
            if printed_top != our_top {
                if let Some(d) = neuberg_display(score, direction, &printed_top, stored, display) {
                    return d;
                }
            }
            if printed_top != our_top && !our_top.is_zero() {
                if let Ok(scaled) = (c * &printed_top).checked_div(&our_top) {
                    if compare_rescaled(&scaled, stored, display) {
                        return Difference::RescaledTop { top: printed_top };
                    }
                }
            }
        }
    }
    Difference::ManualOverride
}

/// The session as a program that scores "not played" lines as pass-outs
/// would see it, or `None` if no not-played line carries stored figures.
fn not_played_as_zero(session: &Session) -> Option<(Session, HashSet<BoardNumber>)> {
    let mut touched: HashSet<BoardNumber> = HashSet::new();
    let mut variant = session.clone();
    for board in &mut variant.boards {
        for line in &mut board.lines {
            if matches!(line.traveller.outcome, TableOutcome::NotPlayed)
                && line.stored_ns.is_some()
                && line.stored_ew.is_some()
            {
                line.traveller.outcome = TableOutcome::Played { ns_points: 0 };
                touched.insert(board.number);
            }
        }
    }
    (!touched.is_empty()).then_some((variant, touched))
}

/// The line factored by Neuberg up to the number of results whose top the
/// program printed on.
fn neuberg_display(
    score: &LineScore,
    direction: Direction,
    printed_top: &Score,
    stored: &StoredFigure,
    display: Display,
) -> Option<Difference> {
    let (ns, ew) = score.unfactored.as_ref()?;
    let m = match direction {
        Direction::NorthSouth => ns,
        _ => ew,
    };
    // Results on the board: the unfactored top is 2(A - 1).
    let a = (ns + ew).checked_div(&Score::integer(2)).ok()? + Score::ONE;
    let e = printed_top.checked_div(&Score::integer(2)).ok()? + Score::ONE;
    if !a.is_integer() || !e.is_integer() || !a.is_positive() {
        return None;
    }
    let value = (m * &e + (&e - &a)).checked_div(&a).ok()?;
    compare(&value, stored, display).map(|_| Difference::RescaledTop {
        top: printed_top.clone(),
    })
}
