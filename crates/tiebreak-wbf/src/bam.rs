//! Part 5: ties in a board-a-match (BAM) teams event.

use std::collections::{BTreeMap, BTreeSet};

use countback_model::head_to_head::for_against;
use countback_model::opposition::{sum_of_opponents, Meeting};
use countback_model::{
    BoardNumber, ContestantId, Encounter, InputError, Score, TieBreakOutcome, TiedGroup, Unit,
};

use crate::engine::{alone, names, not_met_note_counted, standings, stands, Step, Trace};
use crate::error::WbfError;
use crate::readings::{BamRemainder, Readings};
use crate::teams::{check_tied, listed_once, tied_group};

/// One team's net total points on one board (both its tables together).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BamBoard {
    /// The team.
    pub team: ContestantId,
    /// The board.
    pub board: BoardNumber,
    /// Its net total points on the board.
    pub net_points: Score,
}

impl BamBoard {
    /// `team` scored `net_points` net on `board`.
    #[must_use]
    pub fn new(team: ContestantId, board: BoardNumber, net_points: Score) -> BamBoard {
        BamBoard {
            team,
            board,
            net_points,
        }
    }
}

/// One stage of a BAM teams event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BamStage {
    carryover: BTreeMap<ContestantId, Score>,
    matches: Vec<Encounter>,
    boards: BTreeMap<(ContestantId, BoardNumber), Score>,
    /// Each team's matches, as indices into `matches`.
    by_team: BTreeMap<ContestantId, Vec<usize>>,
    /// Each team's score in the stage's matches, without carryover.
    scores: BTreeMap<ContestantId, Score>,
}

impl BamStage {
    /// `teams`: every team with its carryover into the stage (zero if none).
    /// `matches`: each match with both teams' BAM scores
    /// ([`Unit::MatchPoints`], the board points won). `boards`: each team's
    /// net total points on every board it played.
    pub fn new(
        teams: impl IntoIterator<Item = (ContestantId, Score)>,
        matches: impl IntoIterator<Item = Encounter>,
        boards: impl IntoIterator<Item = BamBoard>,
    ) -> Result<BamStage, WbfError> {
        let carryover = listed_once(teams)?;
        let matches: Vec<Encounter> = matches.into_iter().collect();
        crate::teams::check_matches(
            &matches,
            |t| carryover.contains_key(t),
            |_| &[Unit::MatchPoints],
        )?;
        let mut map = BTreeMap::new();
        for b in boards {
            if !carryover.contains_key(&b.team) {
                return Err(WbfError::unknown(&b.team));
            }
            if map
                .insert((b.team.clone(), b.board), b.net_points)
                .is_some()
            {
                return Err(InputError::BoardScoredTwice {
                    board: b.board,
                    contestant: b.team,
                }
                .into());
            }
        }
        let mut by_team: BTreeMap<ContestantId, Vec<usize>> = BTreeMap::new();
        let mut scores: BTreeMap<ContestantId, Score> = BTreeMap::new();
        for (i, m) in matches.iter().enumerate() {
            for side in [&m.first, &m.second] {
                by_team.entry(side.clone()).or_default().push(i);
                if let Some((own, _)) = m.scores_for(side, Unit::MatchPoints) {
                    *scores.entry(side.clone()).or_default() += own;
                }
            }
        }
        Ok(BamStage {
            carryover,
            matches,
            boards: map,
            by_team,
            scores,
        })
    }

    /// The score a team earned in the stage's matches, without carryover.
    #[must_use]
    pub fn score_without_carryover(&self, team: &ContestantId) -> Score {
        self.scores.get(team).cloned().unwrap_or_default()
    }

    /// A team's final score of the stage: carryover plus matches.
    #[must_use]
    pub fn final_score(&self, team: &ContestantId) -> Option<Score> {
        self.carryover
            .get(team)
            .map(|c| c + &self.score_without_carryover(team))
    }

    fn matches_of<'s>(&'s self, team: &ContestantId) -> impl Iterator<Item = &'s Encounter> + 's {
        self.by_team
            .get(team)
            .into_iter()
            .flatten()
            .filter_map(|i| self.matches.get(*i))
    }

    /// The boards `team` played, with its net points on each.
    fn boards_of<'s>(
        &'s self,
        team: &ContestantId,
    ) -> impl Iterator<Item = (BoardNumber, &'s Score)> + 's {
        let from = (team.clone(), BoardNumber(0));
        let team = team.clone();
        self.boards
            .range(from..)
            .take_while(move |((t, _), _)| *t == team)
            .map(|((_, b), s)| (*b, s))
    }

    /// WBF 5(b): the average final score of the team's opponents, one per
    /// match.
    fn opponents_average(&self, team: &ContestantId) -> Result<Score, WbfError> {
        let meetings: Vec<Meeting> = self
            .matches_of(team)
            .filter_map(|m| m.opponent_of(team))
            .map(|o| Meeting {
                contestant: team.clone(),
                opponent: o.clone(),
                weight: Score::ONE,
            })
            .collect();
        let sums = sum_of_opponents(&meetings, |c| self.final_score(c))?;
        let sum = sums.get(team).cloned().unwrap_or_default();
        sum.checked_div(&Score::from(meetings.len()))
            .map_err(|_| WbfError::NoMatches { team: team.clone() })
    }

    /// WBF 5(c): the average, over the team's matches, of its score in the
    /// match times that opponent's final score.
    fn weighted_average(&self, team: &ContestantId) -> Result<Score, WbfError> {
        let mut sum = Score::ZERO;
        let mut n = 0usize;
        for m in self.matches_of(team) {
            if let (Some(o), Some((own, _))) =
                (m.opponent_of(team), m.scores_for(team, Unit::MatchPoints))
            {
                let fin = self.final_score(o).ok_or_else(|| WbfError::unknown(o))?;
                sum += own * &fin;
                n += 1;
            }
        }
        sum.checked_div(&Score::from(n))
            .map_err(|_| WbfError::NoMatches { team: team.clone() })
    }
}

/// The whole ranking of a BAM stage: teams by their final score
/// (carry-over plus matches), every tie broken by [`bam`] (WBF 5).
pub fn bam_standings(stage: &BamStage, readings: &Readings) -> Result<TieBreakOutcome, WbfError> {
    standings(
        stage.carryover.keys(),
        |t| stage.final_score(t),
        |tied| bam(stage, tied, readings),
    )
}

/// Break a tie at the end of a BAM stage (WBF 5, in the order shown): the
/// score without carryover, the average of the opponents' scores, the
/// weighted average, the direct match, then net total points over the boards
/// all the tied teams played. Teams left level by a direct match or boards
/// test that separated others are a tie of their own, broken afresh from
/// 5(d) ([`BamRemainder::Restart`]). If that runs out the tie stands: the
/// document names no last resort.
///
/// `readings` choose where the text can be read two ways
/// ([`Readings::default()`] is the reading it supports best).
pub fn bam(
    stage: &BamStage,
    tied: &[ContestantId],
    readings: &Readings,
) -> Result<TieBreakOutcome, WbfError> {
    let group = tied_group(tied)?;
    check_tied(&group, "final score", |t| stage.final_score(t))?;
    // 5(a)-(c): each team's own figures, worked out once.
    let mut without_carryover = BTreeMap::new();
    let mut averages = BTreeMap::new();
    let mut weighted = BTreeMap::new();
    for t in &group {
        without_carryover.insert(t.clone(), stage.score_without_carryover(t));
        averages.insert(t.clone(), stage.opponents_average(t)?);
        weighted.insert(t.clone(), stage.weighted_average(t)?);
    }
    let carry = group
        .iter()
        .any(|t| stage.carryover.get(t).is_some_and(|c| !c.is_zero()));
    let a = own_figure(
        "WBF 5(a)",
        "score without carryover",
        without_carryover,
        (!carry).then(|| "no tied team brought a carryover into this stage".to_owned()),
    );
    let b = own_figure(
        "WBF 5(b)",
        "Swiss points: the average final score of the team's opponents",
        averages,
        None,
    );
    let c = own_figure(
        "WBF 5(c)",
        "weighted average: each match's score times that opponent's final score, averaged",
        weighted,
        None,
    );
    let d = |tr: &mut Trace, g: &[ContestantId]| {
        let test = "score in the match(es) between the tied teams";
        let members: BTreeSet<&ContestantId> = g.iter().collect();
        // Each team's opponents within the group, from its own matches.
        let mut met_within: BTreeSet<(&ContestantId, &ContestantId)> = BTreeSet::new();
        for t in g {
            for o in stage.matches_of(t).filter_map(|m| m.opponent_of(t)) {
                if o != t && members.contains(o) {
                    met_within.insert(if t < o { (t, o) } else { (o, t) });
                }
            }
        }
        let met = |x: &ContestantId, y: &ContestantId| {
            met_within.contains(&if x < y { (x, y) } else { (y, x) })
        };
        match not_met_note_counted(&members, met_within.len(), met) {
            Some(note) => {
                tr.not_separating("WBF 5(d)", test, g, Vec::new(), Some(note));
                vec![g.to_vec()]
            }
            None => tr.split(
                "WBF 5(d)",
                test,
                g,
                |t| {
                    for_against(stage.matches_of(t), t, Unit::MatchPoints, |e| {
                        e.opponent_of(t)
                            .is_some_and(|o| o != t && members.contains(o))
                    })
                    .scored
                },
                None,
            ),
        }
    };
    let e = |tr: &mut Trace, g: &[ContestantId]| {
        let mut common: Option<BTreeSet<BoardNumber>> = None;
        for t in g {
            let played: BTreeSet<BoardNumber> = match &common {
                None => stage.boards_of(t).map(|(b, _)| b).collect(),
                Some(c) => stage
                    .boards_of(t)
                    .map(|(b, _)| b)
                    .filter(|b| c.contains(b))
                    .collect(),
            };
            common = Some(match common {
                None => played,
                Some(c) => c.intersection(&played).copied().collect(),
            });
        }
        let common = common.unwrap_or_default();
        let test = format!(
            "net total points over the {} board(s) all of them played",
            common.len()
        );
        let note = common
            .is_empty()
            .then(|| format!("{} have no board in common", names(g)));
        tr.split(
            "WBF 5(e)",
            &test,
            g,
            |t| {
                common
                    .iter()
                    .filter_map(|b| stage.boards.get(&(t.clone(), *b)))
                    .sum::<Score>()
            },
            note,
        )
    };
    let steps: [Step<'_>; 5] = [&a, &b, &c, &d, &e];
    let mut trace = Trace::default();
    let order = walk(&mut trace, &group, &steps, 0, readings.bam_remainder);
    Ok(trace.finish(order))
}

/// A clause of 5(a)-(c): a split on each team's own figure (`figures`,
/// one for every tied team).
fn own_figure(
    clause: &'static str,
    test: &'static str,
    figures: BTreeMap<ContestantId, Score>,
    note: Option<String>,
) -> impl Fn(&mut Trace, &[ContestantId]) -> Vec<Vec<ContestantId>> {
    move |tr, g| {
        tr.split(
            clause,
            test,
            g,
            |t| figures.get(t).cloned().unwrap_or_default(),
            note.clone(),
        )
    }
}

/// The clause (an index into the steps) from which a tie left by a split
/// starts again under [`BamRemainder::Restart`]: 5(d). The clauses before
/// it are each team's own figures, so they cannot separate teams that
/// reached a later clause together.
const RESTART_AT: usize = 3;

/// The clause names, by index into the steps.
const CLAUSES: [&str; 5] = ["WBF 5(a)", "WBF 5(b)", "WBF 5(c)", "WBF 5(d)", "WBF 5(e)"];

/// Apply the steps to `group` from step `from`. A group a step leaves
/// whole goes on to the next step; a part still tied after a split goes
/// where `remainder` says; after the last step the tie stands.
fn walk(
    trace: &mut Trace,
    group: &[ContestantId],
    steps: &[Step<'_>],
    from: usize,
    remainder: BamRemainder,
) -> Vec<TiedGroup> {
    if group.len() <= 1 {
        return group.iter().cloned().map(alone).collect();
    }
    let Some(step) = steps.get(from) else {
        return vec![stands(group, "WBF 5(e)")];
    };
    let parts = step(trace, group);
    let split = parts.len() > 1;
    let clause = CLAUSES.get(from).copied().unwrap_or("WBF 5");
    let mut out = Vec::new();
    for part in parts {
        let mut next = from + 1;
        if split && part.len() > 1 && from >= RESTART_AT {
            let who = names(&part);
            match remainder {
                BamRemainder::Restart => {
                    trace.hand_off(format!(
                        "{who} are still tied after {clause}: a tie of their own, so part 5 \
                         applies to them afresh; 5(a)-(c) already level them, so from 5(d)"
                    ));
                    next = RESTART_AT;
                }
                BamRemainder::NextClause if next < steps.len() => {
                    trace.hand_off(format!(
                        "{who} are still tied after {clause}: they go on to the next clause \
                         (reading bam_remainder = next_clause)"
                    ));
                }
                BamRemainder::NextClause => {}
            }
        }
        out.extend(walk(trace, &part, steps, next, remainder));
    }
    out
}
