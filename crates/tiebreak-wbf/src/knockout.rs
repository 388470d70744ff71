//! Part 2: a tie at the end of a knockout match.

use std::collections::BTreeMap;

use countback_model::{ContestantId, Encounter, Score, TieBreakOutcome, Unit, Value};

use crate::engine::{alone, standings, stands, Best, Trace};
use crate::error::WbfError;
use crate::readings::Readings;
use crate::teams::{listed_once, tied_group};

/// What the knockout tie-break looks back at: the qualification ranking and
/// the qualification matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qualification {
    positions: BTreeMap<ContestantId, u32>,
    matches: Vec<Encounter>,
}

impl Qualification {
    /// Each team's final position in the qualification (1 is first; two
    /// group winners may share a position) and the qualification's matches.
    pub fn new(
        positions: impl IntoIterator<Item = (ContestantId, u32)>,
        matches: impl IntoIterator<Item = Encounter>,
    ) -> Result<Qualification, WbfError> {
        let map = listed_once(positions)?;
        let matches: Vec<Encounter> = matches.into_iter().collect();
        crate::teams::check_matches(&matches, |t| map.contains_key(t), |_| &[])?;
        Ok(Qualification {
            positions: map,
            matches,
        })
    }
}

/// A knockout match as its ranking needs it: each team's IMPs in the
/// match (every segment, plus any carry-over) and the qualification its
/// tie-break looks back at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnockoutStage {
    qualification: Qualification,
    totals: BTreeMap<ContestantId, Score>,
}

impl KnockoutStage {
    /// `matches`: the knockout match, in one or several segments, each with
    /// both teams' IMPs ([`Unit::Imps`]); `carryover`: the IMPs a team
    /// carries into the match. A team's total is its carry-over plus its
    /// IMPs in every segment.
    pub fn new(
        qualification: Qualification,
        matches: impl IntoIterator<Item = Encounter>,
        carryover: impl IntoIterator<Item = (ContestantId, Score)>,
    ) -> Result<KnockoutStage, WbfError> {
        let mut totals: BTreeMap<ContestantId, Score> = BTreeMap::new();
        for m in matches {
            let Some((a, b)) = m.scores_for(&m.first, Unit::Imps) else {
                return Err(WbfError::MissingScore {
                    round: m.round,
                    first: m.first.clone(),
                    second: m.second.clone(),
                    unit: Unit::Imps,
                });
            };
            *totals.entry(m.first.clone()).or_default() += a;
            *totals.entry(m.second.clone()).or_default() += b;
        }
        for (team, c) in carryover {
            let Some(t) = totals.get_mut(&team) else {
                return Err(WbfError::unknown(&team));
            };
            *t += &c;
        }
        Ok(KnockoutStage {
            qualification,
            totals,
        })
    }

    /// Each team's IMPs in the knockout match, carry-over included.
    #[must_use]
    pub fn totals(&self) -> &BTreeMap<ContestantId, Score> {
        &self.totals
    }
}

/// The whole result of a knockout match: the teams by their IMPs, a tie
/// broken by [`knockout`] (WBF 2).
pub fn knockout_standings(
    stage: &KnockoutStage,
    readings: &Readings,
) -> Result<TieBreakOutcome, WbfError> {
    standings(
        stage.totals.keys(),
        |t| stage.totals.get(t).cloned(),
        |tied| knockout(&stage.qualification, tied, readings),
    )
}

/// Break a tie at the end of a knockout match (WBF 2): no extra boards; the
/// team ranked higher at the end of the qualification wins (¶1), and if they
/// were ranked level, the winner of their qualification match (¶2, by IMPs,
/// or by VPs where IMPs were not recorded). If neither separates them, the
/// document has nothing more: the tie stands.
pub fn knockout(
    qualification: &Qualification,
    tied: &[ContestantId],
    readings: &Readings,
) -> Result<TieBreakOutcome, WbfError> {
    // No field of `Readings` concerns part 2 (yet): it is taken so that
    // every part can be called with the same value.
    let _ = readings;
    let group = tied_group(tied)?;
    let [a, b] = group.as_slice() else {
        return Err(WbfError::WrongNumberTied {
            procedure: "the knockout tie-break (WBF 2)",
            expected: 2,
            given: group.len(),
        });
    };
    let mut trace = Trace::default();
    let mut pos = BTreeMap::new();
    for t in [a, b] {
        let p = qualification
            .positions
            .get(t)
            .ok_or_else(|| WbfError::NotRanked {
                team: t.clone(),
                ranking: "qualification",
            })?;
        pos.insert(t.clone(), *p);
    }
    let parts = trace.split_by(
        Best::Smallest,
        "WBF 2 ¶1",
        "position at the end of the qualification (1 is highest)",
        &group,
        |t| Score::from(pos.get(t).copied().unwrap_or(u32::MAX)),
        None,
    );
    if parts.len() > 1 {
        return Ok(trace.finish(parts.into_iter().flatten().map(alone).collect()));
    }
    let between: Vec<&Encounter> = qualification
        .matches
        .iter()
        .filter(|m| m.between(a, b))
        .collect();
    let unit = if between
        .iter()
        .all(|m| m.scores.iter().any(|s| s.unit == Unit::Imps))
    {
        Unit::Imps
    } else {
        Unit::VictoryPoints
    };
    let test = format!("{unit} in the qualification match between them");
    match countback_model::head_to_head::head_to_head(between.iter().copied(), a, b, unit) {
        Some(t) => {
            let (sa, sb) = (t.scored, t.conceded);
            let parts = trace.split(
                "WBF 2 ¶2",
                &test,
                &group,
                |c| if c == a { sa.clone() } else { sb.clone() },
                None,
            );
            if parts.len() > 1 {
                return Ok(trace.finish(parts.into_iter().flatten().map(alone).collect()));
            }
        }
        None => trace.not_separating(
            "WBF 2 ¶2",
            &test,
            &group,
            vec![
                (a.clone(), Value::Text("no match".to_owned())),
                (b.clone(), Value::Text("no match".to_owned())),
            ],
            Some(format!(
                "{a} and {b} did not play each other in the qualification"
            )),
        ),
    }
    Ok(trace.finish(vec![stands(&group, "WBF 2 ¶2")]))
}
