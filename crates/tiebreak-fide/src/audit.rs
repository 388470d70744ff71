//! Checking the standings a TRF file declares: its ranks (columns 86-89 of
//! the `001` records) against its own tie-break list, and its points
//! (columns 81-84) against its results.

use countback_model::{Score, TieBreakOutcome};

use crate::code::{Cascade, TieBreakCode, TieBreakKind};
use crate::compute::Evaluation;
use crate::error::FideError;

/// The value of one tie-break for one player, as the standings use it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlacementValues {
    /// The tie-break (`PTS` first, then the list in order).
    pub code: TieBreakCode,
    /// The value (`None` for a rating tie-break with nothing to average).
    pub value: Option<Score>,
}

/// Something the file declares that its own data does not bear out.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finding {
    /// The points column disagrees with the results.
    PointsDisagree {
        /// The player's starting rank.
        starting_rank: u32,
        /// The name.
        name: String,
        /// The line of the record.
        line: usize,
        /// The points the file declares.
        declared: Score,
        /// The points the results score.
        from_results: Score,
    },
    /// A player whose declared rank is not a place the tie-break list gives them.
    OutOfPlace {
        /// The player's starting rank.
        starting_rank: u32,
        /// The name.
        name: String,
        /// The line of the record.
        line: usize,
        /// The rank the file declares.
        declared_rank: u32,
        /// The first place the standings give (the same as `last` unless a
        /// tie the list cannot break leaves several places to lots).
        first: u32,
        /// The last place the standings give.
        last: u32,
        /// The values that place the player: points and each tie-break of the list.
        values: Vec<PlacementValues>,
    },
    /// A player record without a rank while others have one.
    MissingRank {
        /// The player's starting rank.
        starting_rank: u32,
        /// The line of the record.
        line: usize,
    },
    /// No player record declares a rank: there are no standings to check.
    NoDeclaredRanks,
}

/// The result of [`audit`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Audit {
    /// The tie-break list the standings were checked against.
    pub cascade: Cascade,
    /// The standings the list gives.
    pub outcome: TieBreakOutcome,
    /// Every finding, points first, then ranks in starting-rank order.
    pub findings: Vec<Finding>,
}

impl Audit {
    /// Whether the file's standings and points are borne out.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }
}

/// Check the ranks the file declares against `cascade` (the file's own
/// list is [`crate::trf::Tournament::declared_cascade`]), and its points
/// column against its results.
///
/// A declared rank is in place when it lies within the places the
/// standings give the player: a tie the list cannot break (drawing of
/// lots, C.07 art. 4.2) covers several places, any of which is in place.
///
/// ```
/// use countback_tiebreak_fide::{audit, trf, Evaluation, Finding, Options};
///
/// let text = "\
/// 001    1      Ann                                                                1.0    2     2 w 1
/// 001    2      Bob                                                                0.0    1     1 b 0
/// ";
/// let t = trf::parse(text)?;
/// let eval = Evaluation::new(&t, Options::for_tournament(&t))?;
/// let report = audit(&eval, &"BH".parse()?)?;
/// assert_eq!(report.findings.len(), 2);
/// assert!(matches!(report.findings[0], Finding::OutOfPlace { starting_rank: 1, declared_rank: 2, first: 1, last: 1, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn audit(eval: &Evaluation<'_>, cascade: &Cascade) -> Result<Audit, FideError> {
    let t = eval.tournament();
    let outcome = eval.rank(cascade)?;
    let ids = crate::compute::contestant_ids(t);
    let mut findings: Vec<Finding> = t
        .points_disagreements()
        .into_iter()
        .map(|d| Finding::PointsDisagree {
            starting_rank: d.starting_rank,
            name: t
                .player(d.starting_rank)
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            line: d.line,
            declared: d.declared,
            from_results: d.from_results,
        })
        .collect();
    if t.players.iter().all(|p| p.declared_rank.is_none()) {
        findings.push(Finding::NoDeclaredRanks);
        return Ok(Audit {
            cascade: cascade.clone(),
            outcome,
            findings,
        });
    }
    // Places: a group of k players after m placed ones covers m+1 ..= m+k.
    let mut places = std::collections::HashMap::new();
    let mut placed: u32 = 0;
    for group in &outcome.order {
        let size = u32::try_from(group.members.len()).unwrap_or(u32::MAX);
        for member in &group.members {
            places.insert(member.clone(), (placed + 1, placed.saturating_add(size)));
        }
        placed = placed.saturating_add(size);
    }
    let mut codes = vec![TieBreakCode::plain(TieBreakKind::Points)];
    codes.extend(cascade.0.iter().copied());
    let mut columns: Option<Vec<Vec<Option<Score>>>> = None;
    for (p, id) in t.players.iter().zip(&ids) {
        let Some(declared_rank) = p.declared_rank else {
            findings.push(Finding::MissingRank {
                starting_rank: p.starting_rank,
                line: p.line,
            });
            continue;
        };
        let Some((first, last)) = places.get(id).copied() else {
            continue;
        };
        if (first..=last).contains(&declared_rank) {
            continue;
        }
        if columns.is_none() {
            columns = Some(
                codes
                    .iter()
                    .map(|c| eval.optional_values(c))
                    .collect::<Result<_, _>>()?,
            );
        }
        let index = t
            .players
            .binary_search_by_key(&p.starting_rank, |q| q.starting_rank)
            .unwrap_or(0);
        let values = codes
            .iter()
            .zip(columns.iter().flatten())
            .map(|(code, column)| PlacementValues {
                code: *code,
                value: column.get(index).cloned().flatten(),
            })
            .collect();
        findings.push(Finding::OutOfPlace {
            starting_rank: p.starting_rank,
            name: p.name.clone(),
            line: p.line,
            declared_rank,
            first,
            last,
            values,
        });
    }
    Ok(Audit {
        cascade: cascade.clone(),
        outcome,
        findings,
    })
}
