//! Scoring a whole board: versions, adjusted scores, unplayable versions
//! and normalisation to the expected count.

use foldhash::{HashMap, HashMapExt};

use countback_matchpoints::{
    artificial_award, check_traveller, matchpoint_scores, matchpoint_weighted, BoardError,
    BoardResult, Movement, Scale,
};
use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, InputError, Score, TableOutcome,
    TravellerLine, WeightedScore,
};

use crate::error::NormaliseError;
use crate::factor::ScaleFactor;
use crate::policy::{Factoring, OneMissing, RoundingPolicy};

/// How a board is scored.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct BoardSpec {
    /// `E`: the number of results a complete board would have.
    pub expected: usize,
    /// The matchpoint scale.
    pub scale: Scale,
    /// The one-missing-result choice.
    pub one_missing: OneMissing,
    /// The award for each side of a version played only once (unplayable):
    /// average to both unless the director says otherwise. To give a
    /// different award to one table, enter that line as an artificial score.
    pub unplayable_award: ArtificialScore,
    /// How the normalised match points are rounded.
    pub rounding: RoundingPolicy,
    /// How a group short of `expected` results is brought up to it.
    pub factoring: Factoring,
}

impl BoardSpec {
    /// `E` expected results on the 2-per-beat scale, the formula for one
    /// missing result, average for an unplayable version, exact values.
    #[must_use]
    pub fn new(expected: usize) -> BoardSpec {
        BoardSpec {
            expected,
            scale: Scale::TwoPerBeat,
            one_missing: OneMissing::Formula,
            unplayable_award: ArtificialScore::average(),
            rounding: RoundingPolicy::Exact,
            factoring: Factoring::Neuberg,
        }
    }

    /// The same with another scale.
    #[must_use]
    pub fn with_scale(mut self, scale: Scale) -> BoardSpec {
        self.scale = scale;
        self
    }

    /// The same with another one-missing choice.
    #[must_use]
    pub fn with_one_missing(mut self, one_missing: OneMissing) -> BoardSpec {
        self.one_missing = one_missing;
        self
    }

    /// The same with another unplayable award.
    #[must_use]
    pub fn with_unplayable_award(mut self, award: ArtificialScore) -> BoardSpec {
        self.unplayable_award = award;
        self
    }

    /// The same with another rounding policy.
    #[must_use]
    pub fn with_rounding(mut self, rounding: RoundingPolicy) -> BoardSpec {
        self.rounding = rounding;
        self
    }

    /// The same with another factoring rule.
    #[must_use]
    pub fn with_factoring(mut self, factoring: Factoring) -> BoardSpec {
        self.factoring = factoring;
        self
    }

    /// The top of a complete board.
    #[must_use]
    pub fn top(&self) -> Score {
        self.scale.top(self.expected)
    }

    /// The average of a complete board.
    #[must_use]
    pub fn average(&self) -> Score {
        self.scale.average(self.expected)
    }
}

/// How a played result's score was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Method {
    /// The group was complete (`A = E`): as-is.
    Complete,
    /// `MP·SF + (SF − 1)`.
    Formula,
    /// The one-missing shortcut: as-is plus one tie.
    OneMissingShortcut,
    /// Each missing result counted as a tie: `M + (E − A)·t`
    /// ([`Factoring::TiesForMissing`]).
    TiesForMissing,
    /// Stretched in proportion to the tops ([`Factoring::Proportional`]).
    Proportional,
}

/// What a line of the traveller scored: a typed outcome, so that an award
/// is never mistaken for a formula result.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
#[non_exhaustive]
pub enum LineOutcome {
    /// A played result, matchpointed within its version and normalised.
    Played {
        /// The NS score in points.
        ns_points: i32,
        /// `A`: the results in this line's version.
        group_size: usize,
        /// NS match points within the group.
        as_is_ns: Score,
        /// EW match points within the group.
        as_is_ew: Score,
        /// How the group was brought to `E`.
        method: Method,
    },
    /// A weighted score (Law 12C1(c)): one result of its version,
    /// matchpointed as the weighted sum of its components' comparisons with
    /// the other results, and normalised like a played result.
    Weighted {
        /// The components and their weights.
        score: WeightedScore,
        /// `A`: the results in this line's version, this one included.
        group_size: usize,
        /// NS match points within the group.
        as_is_ns: Score,
        /// EW match points within the group.
        as_is_ew: Score,
        /// How the group was brought to `E`.
        method: Method,
    },
    /// An artificial adjusted score given by the director.
    Adjusted {
        /// The award.
        award: ArtificialScore,
    },
    /// The line's version was played only once: the board is unplayable for
    /// this table and the spec's artificial adjusted score applies.
    Unplayable {
        /// The award.
        award: ArtificialScore,
    },
}

/// One scored line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ScoredLine {
    /// The NS pair.
    pub ns: ContestantId,
    /// The EW pair.
    pub ew: ContestantId,
    /// The version of the board (0 unless fouled).
    pub version: usize,
    /// How the line was scored.
    pub outcome: LineOutcome,
    /// NS match points, exact.
    pub ns_exact: Score,
    /// EW match points, exact.
    pub ew_exact: Score,
    /// NS match points rounded by the spec's policy.
    pub ns_mp: Score,
    /// EW match points rounded by the spec's policy.
    pub ew_mp: Score,
}

/// A board scored out of a complete board's top.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ScoredBoard {
    /// The board.
    pub board: BoardNumber,
    /// The spec it was scored by.
    pub spec: BoardSpec,
    /// Every line that was not "not played", sorted by version then NS then
    /// EW pair name.
    pub lines: Vec<ScoredLine>,
}

impl ScoredBoard {
    /// Lines that count toward `E` (played, adjusted or unplayable).
    #[must_use]
    pub fn results(&self) -> usize {
        self.lines.len()
    }

    /// NS total (exact).
    #[must_use]
    pub fn ns_total(&self) -> Score {
        self.lines.iter().map(|l| &l.ns_exact).sum()
    }

    /// EW total (exact).
    #[must_use]
    pub fn ew_total(&self) -> Score {
        self.lines.iter().map(|l| &l.ew_exact).sum()
    }

    /// Each pair's rounded match points on this board.
    pub fn pair_scores(&self) -> impl Iterator<Item = (&ContestantId, &Score)> {
        self.lines
            .iter()
            .flat_map(|l| [(&l.ns, &l.ns_mp), (&l.ew, &l.ew_mp)])
    }
}

/// Score a board played in one version: the played results among
/// themselves, normalised to `spec.expected`; adjusted lines as percentages
/// of the complete top; not-played lines absent.
///
/// ```
/// use countback_normalise::{score_board, BoardSpec, Movement, Score};
/// use countback_normalise::{BoardNumber, TableOutcome, TravellerLine};
///
/// // `004_…`: three results scaled to four.
/// let line = |ns: &str, ew: &str, points| TravellerLine {
///     board: BoardNumber(1),
///     ns: ns.into(),
///     ew: ew.into(),
///     outcome: TableOutcome::Played { ns_points: points },
/// };
/// let lines = [line("1", "11", 150), line("2", "12", 100), line("3", "13", 80)];
/// let board = score_board(BoardNumber(1), &lines, &BoardSpec::new(4), &Movement::open())?;
/// assert_eq!(board.lines[0].ns_exact, Score::new(17, 3)?);
/// assert_eq!(board.ns_total(), Score::integer(9));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn score_board(
    board: BoardNumber,
    lines: &[TravellerLine],
    spec: &BoardSpec,
    movement: &Movement,
) -> Result<ScoredBoard, NormaliseError> {
    score_fouled_board(board, &[lines.to_vec()], spec, movement)
}

/// Score a fouled board: each version matchpointed as its own group, then
/// normalised to `spec.expected` (`001_…`). A version with a single played
/// result is unplayable and gets the spec's artificial adjusted score.
pub fn score_fouled_board(
    board: BoardNumber,
    versions: &[Vec<TravellerLine>],
    spec: &BoardSpec,
    movement: &Movement,
) -> Result<ScoredBoard, NormaliseError> {
    // A pair sits once on a board, whichever version its line is in. (One
    // version, as most boards are, is given as it is: its size is known,
    // so the check's table of pairs is sized once, never grown.)
    match versions {
        [only] => check_traveller(board, only, movement)?,
        _ => check_traveller(board, versions.iter().flatten(), movement)?,
    }
    let top = spec.top();
    let average = spec.average();
    let round = |v: &Score| {
        spec.rounding
            .apply(v, &average)
            .map_err(|source| NormaliseError::Arithmetic {
                board: Some(board),
                source,
            })
    };
    // Every line is scored or dropped: sized once, never grown (issue 30).
    let mut out = Vec::with_capacity(versions.iter().map(Vec::len).sum());
    for (version, lines) in versions.iter().enumerate() {
        let played = score_adjusted(version, lines, &top, &round, &mut out)?;
        if played.len() == 1 {
            score_unplayable(board, version, &played, spec, &top, &round, &mut out)?;
            continue;
        }
        if played.is_empty() {
            continue;
        }
        score_played(board, version, &played, spec, &round, &mut out)?;
    }
    if out.is_empty() {
        return Err(BoardError::from(InputError::EmptyBoard { board }).into());
    }
    sort_lines(&mut out);
    Ok(ScoredBoard {
        board,
        spec: spec.clone(),
        lines: out,
    })
}

/// A version's lines sorted out: an artificial score is scored at once
/// (`out`); the played and weighted lines are returned, to be matchpointed
/// together.
fn score_adjusted<'l>(
    version: usize,
    lines: &'l [TravellerLine],
    top: &Score,
    round: &impl Fn(&Score) -> Result<Score, NormaliseError>,
    out: &mut Vec<ScoredLine>,
) -> Result<Vec<(&'l TravellerLine, BoardResult<'l>)>, NormaliseError> {
    // Sized once: grown line by line it was copied a dozen times a
    // board (issue 30).
    let mut played: Vec<(&TravellerLine, BoardResult<'_>)> = Vec::with_capacity(lines.len());
    for line in lines {
        match &line.outcome {
            TableOutcome::Played { ns_points } => {
                played.push((line, BoardResult::Played(*ns_points)));
            }
            TableOutcome::Weighted(w) => played.push((line, BoardResult::Weighted(w))),
            TableOutcome::Artificial(award) => {
                let (ns, ew) = awards(award, top);
                out.push(scored(
                    line,
                    version,
                    LineOutcome::Adjusted {
                        award: award.clone(),
                    },
                    ns,
                    ew,
                    round,
                )?);
            }
            _ => {}
        }
    }
    Ok(played)
}

/// A version with a single played result is unplayable: it gets the
/// spec's artificial adjusted score (a weighted one is refused).
fn score_unplayable(
    board: BoardNumber,
    version: usize,
    played: &[(&TravellerLine, BoardResult<'_>)],
    spec: &BoardSpec,
    top: &Score,
    round: &impl Fn(&Score) -> Result<Score, NormaliseError>,
    out: &mut Vec<ScoredLine>,
) -> Result<(), NormaliseError> {
    for (line, result) in played {
        // A weighted score is defined by comparison with the other
        // results of its version; alone, there are none, and
        // swapping it for the unplayable award would be a guess.
        if matches!(result, BoardResult::Weighted(_)) {
            return Err(BoardError::WeightedNotScored {
                board,
                pair: line.ns.clone(),
                why: "it is the only result of its version, so there is \
                      nothing to compare its components with; give an \
                      artificial score instead",
            }
            .into());
        }
        let award = spec.unplayable_award.clone();
        let (ns, ew) = awards(&award, top);
        out.push(scored(
            line,
            version,
            LineOutcome::Unplayable { award },
            ns,
            ew,
            round,
        )?);
    }
    Ok(())
}

/// A version's played (and weighted) results matchpointed together and
/// lifted to the expected number of results by the spec's method.
fn score_played(
    board: BoardNumber,
    version: usize,
    played: &[(&TravellerLine, BoardResult<'_>)],
    spec: &BoardSpec,
    round: &impl Fn(&Score) -> Result<Score, NormaliseError>,
    out: &mut Vec<ScoredLine>,
) -> Result<(), NormaliseError> {
    let a = played.len();
    let factor = ScaleFactor::from_counts(spec.expected, a).map_err(|e| e.on(board))?;
    let method = if factor.is_identity() {
        Method::Complete
    } else if spec.factoring == Factoring::TiesForMissing {
        Method::TiesForMissing
    } else if spec.factoring == Factoring::Proportional {
        Method::Proportional
    } else if spec.expected - a == 1 && spec.one_missing == OneMissing::TopMinusOneBottomPlusOne {
        Method::OneMissingShortcut
    } else {
        Method::Formula
    };
    // Neuberg's formula and the other ways to `E` are affine in the
    // match points, so a weighted line lifted whole is the weighted sum
    // of its components lifted: the weighted reading survives factoring.
    let as_is = if played
        .iter()
        .any(|(_, r)| matches!(r, BoardResult::Weighted(_)))
    {
        let results: Vec<BoardResult<'_>> = played.iter().map(|(_, r)| *r).collect();
        matchpoint_weighted(&results, spec.scale)
    } else {
        let points: Vec<i32> = played
            .iter()
            .map(|(_, r)| match r {
                BoardResult::Played(p) => *p,
                _ => 0,
            })
            .collect();
        matchpoint_scores(&points, spec.scale)
    };
    let group_top = spec.scale.top(a);
    let lift = |m: &Score| -> Result<Score, NormaliseError> {
        Ok(match method {
            Method::Complete => m.clone(),
            Method::OneMissingShortcut => m + &spec.scale.per_tie(),
            Method::Formula => factor.apply_on(m, spec.scale),
            Method::TiesForMissing | Method::Proportional => spec
                .factoring
                .apply(m, spec.expected, a, spec.scale)
                .map_err(|source| NormaliseError::Arithmetic {
                    board: Some(board),
                    source,
                })?,
        })
    };
    // A board has few distinct match points however many results it
    // has: each is lifted to `E` and rounded once, not once per line
    // (issue 30).
    let mut lifted: HashMap<Score, Lifted> = HashMap::new();
    for ((line, result), as_is_ns) in played.iter().zip(as_is) {
        let values = match lifted.get(&as_is_ns) {
            Some(values) => values.clone(),
            None => {
                let as_is_ew = &group_top - &as_is_ns;
                let (ns, ew) = (lift(&as_is_ns)?, lift(&as_is_ew)?);
                let values = Lifted {
                    ns_mp: round(&ns)?,
                    ew_mp: round(&ew)?,
                    as_is_ew,
                    ns,
                    ew,
                };
                lifted.insert(as_is_ns.clone(), values.clone());
                values
            }
        };
        let Lifted {
            as_is_ew,
            ns,
            ew,
            ns_mp,
            ew_mp,
        } = values;
        let outcome = match (result, &line.outcome) {
            (BoardResult::Played(ns_points), _) => LineOutcome::Played {
                ns_points: *ns_points,
                group_size: a,
                as_is_ns,
                as_is_ew,
                method,
            },
            (_, TableOutcome::Weighted(score)) => LineOutcome::Weighted {
                score: score.clone(),
                group_size: a,
                as_is_ns,
                as_is_ew,
                method,
            },
            // `played` holds only played and weighted lines.
            _ => continue,
        };
        out.push(ScoredLine {
            ns: line.ns.clone(),
            ew: line.ew.clone(),
            version,
            outcome,
            ns_exact: ns,
            ew_exact: ew,
            ns_mp,
            ew_mp,
        });
    }
    Ok(())
}

/// Lines by version, then NS pair, then EW pair. A pair sits once on a
/// board, so no two lines share a version and an NS pair: an unstable sort
/// is deterministic. Issue 30: the lines are large and their names compared
/// through pointers; a board of 20,000 lines spent a third of its scoring
/// here. So lines already in order are left as they are, and otherwise
/// small keys (the version and the first bytes of the NS name, see
/// [`ContestantId::order_prefix`]) are sorted and the lines moved once.
fn sort_lines(lines: &mut Vec<ScoredLine>) {
    fn key(l: &ScoredLine) -> (usize, &ContestantId, &ContestantId) {
        (l.version, &l.ns, &l.ew)
    }
    if lines
        .iter()
        .zip(lines.iter().skip(1))
        .all(|(a, b)| key(a) <= key(b))
    {
        return;
    }
    // The version, the NS name's first bytes and the line's place packed
    // in one integer each and sorted as such; lines alike in both are then
    // compared whole. (More than 2^32 versions or lines cannot be read.)
    let pack = |(i, l): (usize, &ScoredLine)| {
        let version = u32::try_from(l.version).unwrap_or(u32::MAX);
        let at = u32::try_from(i).unwrap_or(u32::MAX);
        u128::from(version) << 96 | u128::from(l.ns.order_prefix()) << 32 | u128::from(at)
    };
    let keys: Vec<u128> = lines.iter().enumerate().map(pack).collect();
    let order = countback_model::order_by_packed_keys(keys, |a, b| {
        let at = |i: u32| usize::try_from(i).ok().and_then(|i| lines.get(i));
        match (at(a), at(b)) {
            (Some(x), Some(y)) => key(x).cmp(&key(y)),
            _ => a.cmp(&b),
        }
    });
    let mut slots: Vec<Option<ScoredLine>> = std::mem::take(lines).into_iter().map(Some).collect();
    // Sized once: the lines are large, and grown one by one they were
    // copied a dozen times over.
    let mut sorted = Vec::with_capacity(slots.len());
    sorted.extend(
        order
            .iter()
            .filter_map(|i| slots.get_mut(usize::try_from(*i).ok()?)?.take()),
    );
    *lines = sorted;
}

/// What one as-is NS value becomes on a board: EW's as-is value, both
/// lifted to `E`, and both rounded.
#[derive(Clone)]
struct Lifted {
    as_is_ew: Score,
    ns: Score,
    ew: Score,
    ns_mp: Score,
    ew_mp: Score,
}

fn awards(award: &ArtificialScore, top: &Score) -> (Score, Score) {
    (
        artificial_award(award, Direction::NorthSouth, top),
        artificial_award(award, Direction::EastWest, top),
    )
}

fn scored(
    line: &TravellerLine,
    version: usize,
    outcome: LineOutcome,
    ns_exact: Score,
    ew_exact: Score,
    round: &impl Fn(&Score) -> Result<Score, NormaliseError>,
) -> Result<ScoredLine, NormaliseError> {
    Ok(ScoredLine {
        ns: line.ns.clone(),
        ew: line.ew.clone(),
        version,
        outcome,
        ns_mp: round(&ns_exact)?,
        ew_mp: round(&ew_exact)?,
        ns_exact,
        ew_exact,
    })
}
