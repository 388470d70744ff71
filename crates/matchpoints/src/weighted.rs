//! Matchpointing a board on which some tables have a weighted score
//! (Law 12C1(c)).

use std::collections::BTreeMap;

use countback_model::{Score, WeightedScore};

use crate::scale::Scale;

/// One table's result on a board: a real score, or a weighted score whose
/// components are real scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardResult<'a> {
    /// A played result: the NS score in points.
    Played(i32),
    /// A weighted score (Law 12C1(c)).
    Weighted(&'a WeightedScore),
}

impl BoardResult<'_> {
    /// The result as `(weight, NS points)` components: a played result is
    /// one component of weight 1.
    fn components(&self) -> Vec<(Score, i32)> {
        match self {
            BoardResult::Played(p) => vec![(Score::ONE, *p)],
            BoardResult::Weighted(w) => w
                .components()
                .iter()
                .map(|c| (c.weight.clone(), c.ns_points))
                .collect(),
        }
    }
}

/// NS match points of each result, in input order, when some results are
/// weighted scores (Law 12C1(c)).
///
/// A weighted line gets the weighted sum of what each of its components
/// would get against the other results; every other line's comparison with
/// the weighted line is likewise the weighted sum of its comparisons with
/// each component. Each pair of tables still shares exactly one beat, so
/// the board's match points add up to what an ordinary board of the same
/// number of results gives. Without weighted lines this is exactly
/// [`crate::matchpoint_scores`]. EW match points are the top minus these.
///
/// A component's tie units against everyone are read from the cumulative
/// weight below its score (`O(N log N)` in the number of components), and
/// its own line's share is taken out (the square of that line's
/// components, a handful).
///
/// ```
/// use countback_matchpoints::{matchpoint_weighted, BoardResult, Scale, Score, WeightedScore};
///
/// // 60% of 420 and 40% of -50 against 450, 420 and -50 (top 6).
/// let w = WeightedScore::new(vec![(Score::new(3, 5)?, 420), (Score::new(2, 5)?, -50)])?;
/// let results = [
///     BoardResult::Played(450),
///     BoardResult::Played(420),
///     BoardResult::Played(-50),
///     BoardResult::Weighted(&w),
/// ];
/// let mp = matchpoint_weighted(&results, Scale::TwoPerBeat);
/// // 420 scores 3 (beats -50, ties 420) and -50 scores 1 (ties -50):
/// // 3/5·3 + 2/5·1 = 11/5.
/// assert_eq!(mp[3], Score::new(11, 5)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn matchpoint_weighted(results: &[BoardResult<'_>], scale: Scale) -> Vec<Score> {
    let lines: Vec<Vec<(Score, i32)>> = results.iter().map(BoardResult::components).collect();
    // The total weight at each score, then the tie units a component at
    // that score earns against every component on the board, its own
    // included: 2 per unit of weight below, 1 per unit of weight equal.
    let mut mass: BTreeMap<i32, Score> = BTreeMap::new();
    for (w, p) in lines.iter().flatten() {
        *mass.entry(*p).or_default() += w;
    }
    let two = Score::integer(2);
    let mut below = Score::ZERO;
    let mut units_at: BTreeMap<i32, Score> = BTreeMap::new();
    for (p, m) in &mass {
        units_at.insert(*p, &(&two * &below) + m);
        below += m;
    }
    let per_tie = scale.per_tie();
    lines
        .iter()
        .map(|own| {
            let units: Score = own
                .iter()
                .map(|(w, p)| {
                    // What the line's own components give at `p`: they are
                    // the same table, never compared with each other.
                    let own_units: Score = own
                        .iter()
                        .map(|(v, q)| match q.cmp(p) {
                            std::cmp::Ordering::Less => &two * v,
                            std::cmp::Ordering::Equal => v.clone(),
                            std::cmp::Ordering::Greater => Score::ZERO,
                        })
                        .sum();
                    let all = units_at.get(p).cloned().unwrap_or_default();
                    w * &(&all - &own_units)
                })
                .sum();
            &units * &per_tie
        })
        .collect()
}
