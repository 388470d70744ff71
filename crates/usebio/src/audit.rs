//! The audit: every figure a scoring program stored, next to our exact
//! recomputation, with the difference classified.

use std::collections::{HashMap, HashSet};

use model::{BoardNumber, ContestantId, Direction, HalfRule, RoundingMode, Score, TableOutcome};
use serde::Serialize;

use crate::error::RescoreError;
use crate::rescore::{
    rescore, rescore_by, rescore_with, ArtificialTables, GivenLines, LineScore, Rescore, Standing,
};
use crate::session::{Session, StoredFigure};

/// Which stored figure a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum Difference {
    /// Exactly equal.
    Reproduced,
    /// Equal once the exact value is rounded to the number of decimals the
    /// file prints (display rounding).
    DisplayRounding,
    /// Equal once the exact value is truncated to the printed decimals.
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
    /// Within one unit of the last printed digit, but not the exact value
    /// rounded or truncated: the program's own arithmetic was inexact
    /// (floating point, or rounded intermediate terms).
    LastDigit,
    /// A line value that no scoring rule produces: set by hand.
    ManualOverride,
    /// A total, percentage or place that differs from the clean
    /// recomputation but is reproduced once the stored values of the lines
    /// classified [`Difference::ManualOverride`] or
    /// [`Difference::NotPlayedScoredAsResult`] are taken as given.
    FollowsStoredLines,
    /// A total, percentage or place reproduced when the real results of a
    /// board with artificial scores count each artificial table as a tie
    /// (`M + (E − A)`) instead of Neuberg: NZ Scorer's totals do this while
    /// its travellers print Neuberg.
    ArtificialTablesAsTies,
    /// Differs, and nothing above explains it.
    Unexplained {
        /// Stored minus computed.
        difference: Score,
    },
}

impl Difference {
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
            Difference::LastDigit => f.write_str("last printed digit (inexact arithmetic)"),
            Difference::ManualOverride => f.write_str("manual override"),
            Difference::FollowsStoredLines => f.write_str("follows the stored line figures"),
            Difference::ArtificialTablesAsTies => f.write_str("artificial tables counted as ties"),
            Difference::Unexplained { difference } => {
                write!(f, "unexplained: stored differs by {}", signed(difference))
            }
        }
    }
}

/// One stored figure compared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Audit {
    /// Our clean recomputation.
    pub rescore: Rescore,
    /// Every stored figure, classified.
    pub findings: Vec<Finding>,
}

impl Audit {
    /// The findings that do not agree at the file's precision.
    pub fn exceptions(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| !f.class.agrees())
    }

    /// The findings about one figure.
    pub fn of(&self, figure: Figure) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.figure == figure)
    }
}

fn step_of(places: u32) -> Score {
    let mut step = Score::ONE;
    for _ in 0..places {
        step = step.checked_div(&Score::integer(10)).unwrap_or(Score::ONE);
    }
    step
}

/// Compare an exact value with a printed one at the printed precision.
fn compare(computed: &Score, stored: &StoredFigure) -> Option<Difference> {
    if *computed == stored.value {
        return Some(Difference::Reproduced);
    }
    let step = step_of(stored.places);
    let nearest = [HalfRule::AwayFromZero, HalfRule::TowardZero, HalfRule::Even];
    if nearest.into_iter().any(|h| {
        model::round::round(computed, &step, &RoundingMode::Nearest(h)).ok()
            == Some(stored.value.clone())
    }) {
        return Some(Difference::DisplayRounding);
    }
    if model::round::round(computed, &step, &RoundingMode::TowardZero).ok()
        == Some(stored.value.clone())
    {
        return Some(Difference::DisplayTruncation);
    }
    None
}

/// [`compare`], also accepting a difference of at most one unit in the last
/// printed digit (for totals, where programs accumulate inexact terms).
fn compare_total(computed: &Score, stored: &StoredFigure) -> Option<Difference> {
    compare(computed, stored).or_else(|| {
        ((&stored.value - computed).abs() <= step_of(stored.places).max(Score::ZERO)
            && stored.places > 0)
            .then_some(Difference::LastDigit)
    })
}

/// A value printed on another top, rounded to the printed decimals or to
/// whole numbers.
fn compare_rescaled(scaled: &Score, stored: &StoredFigure) -> bool {
    compare(scaled, stored).is_some()
        || model::round::round(
            scaled,
            &Score::ONE,
            &RoundingMode::Nearest(HalfRule::AwayFromZero),
        )
        .ok()
            == Some(stored.value.clone())
}

/// Audit a session: rescore it and classify every stored figure.
///
/// # Errors
/// As [`rescore`].
pub fn audit(session: &Session) -> Result<Audit, RescoreError> {
    let clean = rescore(session)?;
    let (not_played_variant, touched) = match not_played_as_zero(session) {
        Some((s, touched)) => (Some(rescore(&s)?), touched),
        None => (None, HashSet::new()),
    };

    let mut findings = Vec::new();
    let mut given = GivenLines::new();
    for (board, scored) in session.boards.iter().zip(&clean.boards) {
        if let (Some(stored), Some(datum)) = (&board.stored_datum, &scored.datum) {
            findings.push(Finding {
                figure: Figure::Datum,
                board: Some(board.number),
                contestant: None,
                opponent: None,
                line: board.line,
                stored: stored.text.clone(),
                computed: Some(datum.clone()),
                class: compare(datum, stored).unwrap_or_else(|| Difference::Unexplained {
                    difference: &stored.value - datum,
                }),
            });
        }
        let variant_board = not_played_variant
            .as_ref()
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
        for (k, (line, score)) in board.lines.iter().zip(&scored.lines).enumerate() {
            let variant_line = variant_board.and_then(|b| b.lines.get(k));
            let mut overridden = false;
            for (figure, direction, stored) in [
                (Figure::LineNs, Direction::NorthSouth, &line.stored_ns),
                (Figure::LineEw, Direction::EastWest, &line.stored_ew),
            ] {
                let Some(stored) = stored else { continue };
                let class =
                    classify_line(score, variant_line, direction, stored, printed_top.as_ref());
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

    let with_stored = if given.is_empty() {
        None
    } else {
        Some(rescore_with(session, &given)?)
    };
    let has_artificial = session.event == crate::session::EventKind::MatchPointPairs
        && session.boards.iter().any(|b| {
            b.lines
                .iter()
                .any(|l| matches!(l.traveller.outcome, TableOutcome::Artificial(_)))
        });
    let as_ties = if has_artificial {
        Some(rescore_by(session, &given, ArtificialTables::AsTies)?)
    } else {
        None
    };
    let needs_maxima = session
        .participants
        .iter()
        .any(|p| p.stored.total_out_of.is_some());
    let (clean_max, alt_max_all) = if needs_maxima {
        (
            maxima(&clean),
            with_stored.as_ref().map(maxima).unwrap_or_default(),
        )
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
            .as_ref()
            .and_then(|r| r.standings.get(i))
            .filter(|a| a.id == p.id);
        let ties = as_ties
            .as_ref()
            .and_then(|r| r.standings.get(i))
            .filter(|a| a.id == p.id);
        let mut push = |figure: Figure,
                        stored: &StoredFigure,
                        computed: Option<&Score>,
                        alt: Option<Score>,
                        tie: Option<Score>| {
            // An exact explanation beats one that needs display rounding.
            let exact = |v: &Option<Score>| v.as_ref() == Some(&stored.value);
            let rounded = |v: &Option<Score>| v.as_ref().and_then(|v| compare(v, stored)).is_some();
            let clean = computed.and_then(|c| compare(c, stored));
            let class = if clean == Some(Difference::Reproduced) {
                Difference::Reproduced
            } else if exact(&alt) {
                Difference::FollowsStoredLines
            } else if exact(&tie) {
                Difference::ArtificialTablesAsTies
            } else if let Some(c) = clean {
                c
            } else if rounded(&alt) {
                Difference::FollowsStoredLines
            } else if rounded(&tie) {
                Difference::ArtificialTablesAsTies
            } else if let Some(c) = computed.and_then(|c| compare_total(c, stored)) {
                c
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
        if let Some(t) = &p.stored.total {
            push(
                Figure::Total,
                t,
                Some(&total_of(s)),
                alt.map(total_of),
                ties.map(total_of),
            );
        }
        if let Some(out_of) = &p.stored.total_out_of {
            let max = clean_max.get(&s.id);
            let alt_max = alt.and_then(|a| alt_max_all.get(&a.id)).cloned();
            let stored = StoredFigure::exact(out_of.clone(), &out_of.to_string());
            push(Figure::TotalOutOf, &stored, max, alt_max, None);
        }
        if let Some(pct) = &p.stored.percentage {
            push(
                Figure::Percentage,
                pct,
                s.percentage.as_ref(),
                alt.and_then(|a| a.percentage.clone()),
                ties.and_then(|a| a.percentage.clone()),
            );
        }
        if let Some(place) = p.stored.place {
            let stored = StoredFigure::exact(
                Score::from(place),
                p.stored.place_text.as_deref().unwrap_or(""),
            );
            push(
                Figure::Place,
                &stored,
                Some(&Score::from(s.place)),
                alt.map(|a| Score::from(a.place)),
                ties.map(|a| Score::from(a.place)),
            );
        }
    }
    Ok(Audit {
        rescore: clean,
        findings,
    })
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
            for (who, fig) in [(&l.ns, &l.ns_score), (&l.ew, &l.ew_score)] {
                if fig.is_some() {
                    *out.entry(who.clone()).or_insert(Score::ZERO) += top;
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
) -> Difference {
    // On a board where the program scored a not-played line as a result,
    // every stored figure follows from that mistake.
    if let Some(v) = variant.and_then(|v| side(v, direction)) {
        if compare(v, stored).is_some() {
            return Difference::NotPlayedScoredAsResult;
        }
    }
    if let Some(c) = side(score, direction) {
        if let Some(d) = compare(c, stored) {
            return d;
        }
        if let Some((ns, ew)) = &score.unfactored {
            let u = match direction {
                Direction::NorthSouth => ns,
                _ => ew,
            };
            if compare(u, stored).is_some() {
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
                if let Some(d) = neuberg_display(score, direction, &printed_top, stored) {
                    return d;
                }
            }
            if printed_top != our_top && !our_top.is_zero() {
                if let Ok(scaled) = (c * &printed_top).checked_div(&our_top) {
                    if compare_rescaled(&scaled, stored) {
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
    compare(&value, stored).map(|_| Difference::RescaledTop {
        top: printed_top.clone(),
    })
}
