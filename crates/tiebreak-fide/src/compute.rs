//! The tie-breaks of C.07, with article 16 on unplayed rounds, and ranking
//! by a cascade of them.

use std::collections::HashMap;

use model::{
    partition_descending, Clause, ContestantId, Decision, Encounter, EncounterStatus, HalfRule,
    RoundNumber, Rounding, RoundingMode, Score, SideScores, TieBreakOutcome, TiedGroup, Unit,
    Unresolved, Value,
};

use crate::code::{Cascade, PointReference, TieBreakCode, TieBreakKind};
use crate::edition::{Edition, Options};
use crate::error::{CodeError, FideError};
use crate::trf::{Colour, ResultCode, RoundEntry, Tournament};

/// Whether a round is voluntarily unplayed (art. 16): a requested bye
/// (half- or zero-point), an absence, or a forfeit loss.
#[must_use]
pub fn is_voluntarily_unplayed(result: ResultCode) -> bool {
    matches!(
        result,
        ResultCode::HalfPointBye
            | ResultCode::ZeroPointBye
            | ResultCode::NotPaired
            | ResultCode::ForfeitLoss
    )
}

/// Whether a round is a requested bye or an absence: the rounds art. 16
/// lets opponents count as a draw when nothing but voluntarily unplayed
/// rounds follow them.
#[must_use]
pub fn is_requested_bye(result: ResultCode) -> bool {
    matches!(
        result,
        ResultCode::HalfPointBye | ResultCode::ZeroPointBye | ResultCode::NotPaired
    )
}

/// One round's part in an opponent-based tie-break (BH, SB).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contribution {
    /// The round (1-based).
    pub round: usize,
    /// The opponent's starting rank, or `None` for the dummy of an unplayed round.
    pub opponent: Option<u32>,
    /// The opponent's score as art. 16 counts it (adjusted score, or the dummy's score).
    pub opponent_score: Score,
    /// The points the player scored in the round.
    pub points: Score,
    /// Whether the round was voluntarily unplayed (cut first, art. 16.5).
    pub voluntarily_unplayed: bool,
}

impl Contribution {
    /// The Sonneborn-Berger part: points times the opponent's score.
    #[must_use]
    pub fn sonneborn_berger(&self) -> Score {
        &self.points * &self.opponent_score
    }
}

/// A tournament made ready for tie-breaks under one set of [`Options`].
///
/// ```
/// use countback_tiebreak_fide::{trf, Edition, Evaluation, Options};
///
/// let text = "\
/// 001    1      Ann                                                                1.5    1     2 w 1  0000 - H
/// 001    2      Bob                                                                0.0    2     1 b 0  0000 - Z
/// ";
/// let tournament = trf::parse(text)?;
/// let fide = Evaluation::new(&tournament, Options::new(Edition::Aug2024))?;
/// // Bob's round-2 zero-point bye is his last round: his opponents count it as a draw.
/// assert_eq!(fide.adjusted_score(2)?.to_string(), "1/2");
/// // Ann: Bob (adjusted 1/2) plus a dummy with Ann's own 3/2.
/// assert_eq!(fide.value(1, &"BH".parse()?)?.to_string(), "2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Evaluation<'t> {
    tournament: &'t Tournament,
    options: Options,
    points: Vec<Score>,
    adjusted: Vec<Score>,
    draw_total: Score,
}

impl<'t> Evaluation<'t> {
    /// Prepare `tournament` for tie-breaks by `options`.
    pub fn new(tournament: &'t Tournament, options: Options) -> Result<Evaluation<'t>, FideError> {
        let points: Vec<Score> = tournament.players.iter().map(|p| p.points()).collect();
        let adjusted = tournament
            .players
            .iter()
            .map(|p| adjusted_score(&p.rounds, options.vega_forfeit_loss_rule()))
            .collect();
        let draw_total = Score::half().times(i64::try_from(tournament.rounds).unwrap_or(i64::MAX));
        Ok(Evaluation {
            tournament,
            options,
            points,
            adjusted,
            draw_total,
        })
    }

    /// Prepare with the edition in force on the tournament's start date
    /// (record `042`), or `fallback` when the file gives none.
    pub fn by_start_date(
        tournament: &'t Tournament,
        fallback: Options,
    ) -> Result<Evaluation<'t>, FideError> {
        let options = match tournament.start_date {
            Some(date) => Options::for_start_date(date)
                .forfeit_loss_counts_as_played_when_classifying_byes(
                    fallback.vega_forfeit_loss_rule(),
                ),
            None => fallback,
        };
        Evaluation::new(tournament, options)
    }

    /// The options in use.
    #[must_use]
    pub fn options(&self) -> Options {
        self.options
    }

    /// The tournament.
    #[must_use]
    pub fn tournament(&self) -> &'t Tournament {
        self.tournament
    }

    fn index(&self, starting_rank: u32) -> Result<usize, FideError> {
        self.tournament
            .players
            .binary_search_by_key(&starting_rank, |p| p.starting_rank)
            .map_err(|_| FideError::UnknownPlayer(starting_rank))
    }

    /// A player's points.
    pub fn points(&self, starting_rank: u32) -> Result<Score, FideError> {
        let i = self.index(starting_rank)?;
        Ok(self.points.get(i).cloned().unwrap_or_default())
    }

    /// A player's score as their opponents' tie-breaks count it (art. 16):
    /// each requested bye or absence followed by nothing but voluntarily
    /// unplayed rounds counts as a draw.
    pub fn adjusted_score(&self, starting_rank: u32) -> Result<Score, FideError> {
        let i = self.index(starting_rank)?;
        Ok(self.adjusted.get(i).cloned().unwrap_or_default())
    }

    fn adjusted_of(&self, starting_rank: u32) -> Score {
        self.index(starting_rank)
            .ok()
            .and_then(|i| self.adjusted.get(i).cloned())
            .unwrap_or_default()
    }

    /// The score of the dummy opponent of an unplayed round (art. 16.4):
    /// the player's own final score; from March 2026 capped by the
    /// scheduled opponent's adjusted score (forfeits) or by a draw in
    /// every round (other unplayed rounds).
    fn dummy_score(&self, own: &Score, entry: &RoundEntry) -> Score {
        match self.options.edition() {
            Edition::Aug2024 => own.clone(),
            Edition::Mar2026 => {
                let cap = match (entry.result.is_forfeit(), entry.opponent) {
                    (true, Some(o)) => self.adjusted_of(o),
                    _ => self.draw_total.clone(),
                };
                own.clone().min(cap)
            }
        }
    }

    /// Every round's part in the player's Buchholz and Sonneborn-Berger.
    pub fn contributions(
        &self,
        starting_rank: u32,
        forfeits_as_played: bool,
    ) -> Result<Vec<Contribution>, FideError> {
        let i = self.index(starting_rank)?;
        Ok(self.contributions_at(i, forfeits_as_played))
    }

    fn contributions_at(&self, i: usize, forfeits_as_played: bool) -> Vec<Contribution> {
        let (Some(player), Some(own)) = (self.tournament.players.get(i), self.points.get(i)) else {
            return Vec::new();
        };
        player
            .rounds
            .iter()
            .enumerate()
            .map(|(r, entry)| {
                let real =
                    entry.result.is_played() || (forfeits_as_played && entry.result.is_forfeit());
                match (real, entry.opponent) {
                    (true, Some(o)) => Contribution {
                        round: r + 1,
                        opponent: Some(o),
                        opponent_score: self.adjusted_of(o),
                        points: entry.result.points(),
                        voluntarily_unplayed: false,
                    },
                    _ => Contribution {
                        round: r + 1,
                        opponent: None,
                        opponent_score: self.dummy_score(own, entry),
                        points: entry.result.points(),
                        voluntarily_unplayed: is_voluntarily_unplayed(entry.result),
                    },
                }
            })
            .collect()
    }

    /// The value of a tie-break that a player has alone (every code but
    /// `DE`, which [`Evaluation::direct_encounter`] computes for a group;
    /// here `DE` is taken among the players on the same points).
    pub fn value(&self, starting_rank: u32, code: &TieBreakCode) -> Result<Score, FideError> {
        let i = self.index(starting_rank)?;
        if code.kind == TieBreakKind::DirectEncounter {
            let own = self.points.get(i).cloned().unwrap_or_default();
            let group: Vec<usize> = (0..self.points.len())
                .filter(|j| self.points.get(*j) == Some(&own))
                .collect();
            let scores = self.direct_encounter_scores(&group, code.forfeits_as_played);
            let at = group.iter().position(|j| *j == i).unwrap_or(0);
            return Ok(scores.get(at).cloned().unwrap_or_default());
        }
        self.value_at(i, code)
    }

    /// The values of a tie-break for every player, in starting-rank order
    /// (`DE` among the players on the same points).
    pub fn values(&self, code: &TieBreakCode) -> Result<Vec<Score>, FideError> {
        if code.kind != TieBreakKind::DirectEncounter {
            return (0..self.tournament.players.len())
                .map(|i| self.value_at(i, code))
                .collect();
        }
        let mut by_points: HashMap<&Score, Vec<usize>> = HashMap::new();
        for (i, p) in self.points.iter().enumerate() {
            by_points.entry(p).or_default().push(i);
        }
        let mut values = vec![Score::ZERO; self.points.len()];
        for group in by_points.values() {
            let scores = self.direct_encounter_scores(group, code.forfeits_as_played);
            for (i, score) in group.iter().zip(scores) {
                if let Some(slot) = values.get_mut(*i) {
                    *slot = score;
                }
            }
        }
        Ok(values)
    }

    fn value_at(&self, i: usize, code: &TieBreakCode) -> Result<Score, FideError> {
        if code.reference == Some(PointReference::MatchPoints) {
            return Err(FideError::Code(CodeError {
                code: code.to_string(),
                reason: "match points belong to team events, which this crate does not rank"
                    .to_string(),
            }));
        }
        let Some(player) = self.tournament.players.get(i) else {
            return Ok(Score::ZERO);
        };
        let rounds = &player.rounds;
        let count =
            |f: &dyn Fn(&RoundEntry) -> bool| Score::from(rounds.iter().filter(|e| f(e)).count());
        Ok(match code.kind {
            TieBreakKind::Points => self.points.get(i).cloned().unwrap_or_default(),
            TieBreakKind::DirectEncounter => Score::ZERO,
            TieBreakKind::Wins => count(&|e| e.result.points() == Score::ONE),
            TieBreakKind::GamesWon => count(&|e| is_win_over_the_board(e.result)),
            TieBreakKind::BlackGamesPlayed => {
                count(&|e| e.result.is_played() && e.colour == Colour::Black)
            }
            TieBreakKind::BlackGamesWon => {
                count(&|e| is_win_over_the_board(e.result) && e.colour == Colour::Black)
            }
            TieBreakKind::RoundsElectedToPlay => count(&|e| !is_voluntarily_unplayed(e.result)),
            TieBreakKind::ProgressiveScore => {
                let skip = usize::try_from(code.cut).unwrap_or(usize::MAX);
                let mut running = Score::ZERO;
                let mut total = Score::ZERO;
                for (r, e) in rounds.iter().enumerate() {
                    running += e.result.points();
                    if r >= skip {
                        total += &running;
                    }
                }
                total
            }
            TieBreakKind::Buchholz => {
                let mut parts = self.contributions_at(i, code.forfeits_as_played);
                cut(&mut parts, code.cut, code.median, |c| {
                    c.opponent_score.clone()
                });
                parts.iter().map(|c| &c.opponent_score).sum()
            }
            TieBreakKind::SonnebornBerger => {
                let mut parts = self.contributions_at(i, code.forfeits_as_played);
                cut(
                    &mut parts,
                    code.cut,
                    code.median,
                    Contribution::sonneborn_berger,
                );
                parts.iter().map(Contribution::sonneborn_berger).sum()
            }
            TieBreakKind::Koya => {
                let limit = &self.draw_total + Score::half().times(i64::from(code.limit));
                rounds
                    .iter()
                    .filter(|e| {
                        e.result.is_played() || (code.forfeits_as_played && e.result.is_forfeit())
                    })
                    .filter(|e| e.opponent.is_some_and(|o| self.adjusted_of(o) >= limit))
                    .map(|e| e.result.points())
                    .sum()
            }
            TieBreakKind::AverageRatingOfOpponents => self.average_rating(i, code)?,
        })
    }

    /// Art. 10.1: the mean rating of the opponents met over the board
    /// (unrated opponents left out), rounded to a whole number, a half up.
    fn average_rating(&self, i: usize, code: &TieBreakCode) -> Result<Score, FideError> {
        let Some(player) = self.tournament.players.get(i) else {
            return Ok(Score::ZERO);
        };
        let mut ratings: Vec<u32> = player
            .rounds
            .iter()
            .filter(|e| e.result.is_played())
            .filter_map(|e| e.opponent.and_then(|o| self.tournament.player(o)))
            .filter_map(|o| o.rating)
            .collect();
        ratings.sort_unstable();
        let low = usize::try_from(code.cut.max(code.median)).unwrap_or(usize::MAX);
        let high = usize::try_from(code.median).unwrap_or(usize::MAX);
        let kept: Vec<u32> = ratings
            .iter()
            .copied()
            .skip(low)
            .take(ratings.len().saturating_sub(low).saturating_sub(high))
            .collect();
        if kept.is_empty() {
            return Ok(Score::ZERO);
        }
        let sum: Score = kept.iter().map(|r| Score::from(*r)).sum();
        let mean = sum.checked_div(&Score::from(kept.len()))?;
        let whole = Rounding::new(Score::ONE, RoundingMode::Nearest(HalfRule::Up))?;
        Ok(whole.apply(&mean)?)
    }

    /// Direct encounter scores among `group` (starting ranks), in the
    /// group's order: points scored against the others of the group, a
    /// pair that met more than once counting the average of its games.
    pub fn direct_encounter(
        &self,
        group: &[u32],
        forfeits_as_played: bool,
    ) -> Result<Vec<Score>, FideError> {
        let indices = group
            .iter()
            .map(|r| self.index(*r))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.direct_encounter_scores(&indices, forfeits_as_played))
    }

    /// For each pair of the group, (sum of points, games) per member.
    fn meetings(
        &self,
        group: &[usize],
        forfeits_as_played: bool,
    ) -> Vec<HashMap<u32, (Score, usize)>> {
        let ranks: std::collections::HashSet<u32> = group
            .iter()
            .filter_map(|i| self.tournament.players.get(*i).map(|p| p.starting_rank))
            .collect();
        group
            .iter()
            .map(|i| {
                let mut met: HashMap<u32, (Score, usize)> = HashMap::new();
                if let Some(p) = self.tournament.players.get(*i) {
                    for e in &p.rounds {
                        let counts =
                            e.result.is_played() || (forfeits_as_played && e.result.is_forfeit());
                        match e.opponent {
                            Some(o) if counts && ranks.contains(&o) => {
                                let slot = met.entry(o).or_insert((Score::ZERO, 0));
                                slot.0 += e.result.points();
                                slot.1 += 1;
                            }
                            _ => {}
                        }
                    }
                }
                met
            })
            .collect()
    }

    fn direct_encounter_scores(&self, group: &[usize], forfeits_as_played: bool) -> Vec<Score> {
        self.meetings(group, forfeits_as_played)
            .iter()
            .map(|met| {
                met.values()
                    .map(|(sum, games)| sum.checked_div(&Score::from(*games)).unwrap_or_default())
                    .sum()
            })
            .collect()
    }

    /// Rank every player: by points, then by each tie-break of `cascade`
    /// in turn within each group still tied. Groups the cascade cannot
    /// split end with [`Unresolved::RandomBallot`] (C.07 leaves them to lots).
    pub fn rank(&self, cascade: &Cascade) -> Result<TieBreakOutcome, FideError> {
        let ids = contestant_ids(self.tournament);
        let by_id: HashMap<&ContestantId, usize> =
            ids.iter().enumerate().map(|(i, id)| (id, i)).collect();
        let note = Some(format!("C.07 {} text", self.options.edition().label()));
        let mut trace = Vec::new();
        let points_clause = Clause::new("FIDE C.07 PTS");
        let first = partition_descending(&ids, |id| {
            by_id
                .get(id)
                .and_then(|i| self.points.get(*i))
                .cloned()
                .unwrap_or_default()
        });
        trace.push(Decision {
            clause: points_clause,
            test: "points".to_string(),
            among: sorted(ids.clone()),
            values: ids
                .iter()
                .zip(&self.points)
                .map(|(id, s)| (id.clone(), Value::Score(s.clone())))
                .collect(),
            result: first.clone(),
            note: note.clone(),
        });
        let mut groups = first;
        for code in &cascade.0 {
            if groups.iter().all(|g| g.len() < 2) {
                break;
            }
            let clause = Clause::new(format!("FIDE C.07 {code}"));
            let all_values = match code.kind {
                TieBreakKind::DirectEncounter => None,
                _ => Some(self.values(code)?),
            };
            let mut next = Vec::new();
            for group in groups {
                if group.len() < 2 {
                    next.push(group);
                    continue;
                }
                let indices: Vec<usize> = group
                    .iter()
                    .filter_map(|id| by_id.get(id).copied())
                    .collect();
                let (values, split, de_note): (Vec<Score>, Vec<Vec<ContestantId>>, Option<String>) =
                    match &all_values {
                        Some(all) => {
                            let values: Vec<Score> = indices
                                .iter()
                                .map(|i| all.get(*i).cloned().unwrap_or_default())
                                .collect();
                            let split = partition_by(&group, &values);
                            (values, split, None)
                        }
                        None => {
                            let (values, split, why) = self.direct_encounter_split(
                                &group,
                                &indices,
                                code.forfeits_as_played,
                            );
                            (values, split, why)
                        }
                    };
                trace.push(Decision {
                    clause: clause.clone(),
                    test: code.kind.description().to_string(),
                    among: sorted(group.clone()),
                    values: group
                        .iter()
                        .cloned()
                        .zip(values.into_iter().map(Value::Score))
                        .collect(),
                    result: split.clone(),
                    note: de_note.or_else(|| note.clone()),
                });
                next.extend(split);
            }
            groups = next;
        }
        let order = groups
            .into_iter()
            .map(|members| {
                let unresolved = (members.len() > 1).then(|| Unresolved::RandomBallot {
                    clause: Clause::new("FIDE C.07 drawing of lots"),
                });
                TiedGroup {
                    members,
                    unresolved,
                }
            })
            .collect();
        Ok(TieBreakOutcome { order, trace })
    }

    /// Art. 6: if every pair of the group met, rank by the direct
    /// encounter scores and apply the test again to each smaller group
    /// still tied; if not, only a player whose score no other could reach
    /// by winning every missing game is placed ahead.
    fn direct_encounter_split(
        &self,
        group: &[ContestantId],
        indices: &[usize],
        forfeits_as_played: bool,
    ) -> (Vec<Score>, Vec<Vec<ContestantId>>, Option<String>) {
        let scores = self.direct_encounter_scores(indices, forfeits_as_played);
        let meetings = self.meetings(indices, forfeits_as_played);
        let n = indices.len();
        let missing: Vec<usize> = meetings
            .iter()
            .map(|m| n.saturating_sub(1).saturating_sub(m.len()))
            .collect();
        if missing.iter().all(|m| *m == 0) {
            let mut split = Vec::new();
            for sub in partition_by(group, &scores) {
                if sub.len() > 1 && sub.len() < group.len() {
                    let sub_indices: Vec<usize> = sub
                        .iter()
                        .filter_map(|id| group.iter().position(|g| g == id))
                        .filter_map(|p| indices.get(p).copied())
                        .collect();
                    let (_, again, _) =
                        self.direct_encounter_split(&sub, &sub_indices, forfeits_as_played);
                    split.extend(again);
                } else {
                    split.push(sub);
                }
            }
            return (scores, split, None);
        }
        // Not all met: peel off players certain to be ahead of the rest.
        let mut remaining: Vec<usize> = (0..n).collect();
        let mut split = Vec::new();
        loop {
            // Only the best score can be certain; it is if no other player
            // could reach it by winning every game they did not play.
            let best = remaining
                .iter()
                .copied()
                .max_by(|a, b| scores.get(*a).cmp(&scores.get(*b)));
            let certain = best.filter(|a| {
                let Some(sa) = scores.get(*a) else {
                    return false;
                };
                remaining.iter().filter(|b| *b != a).all(|b| {
                    let reach = scores.get(*b).cloned().unwrap_or_default()
                        + Score::from(missing.get(*b).copied().unwrap_or(0));
                    *sa > reach
                })
            });
            match certain {
                Some(a) if remaining.len() > 1 => {
                    if let Some(id) = group.get(a) {
                        split.push(vec![id.clone()]);
                    }
                    remaining.retain(|x| *x != a);
                }
                _ => break,
            }
        }
        let mut rest: Vec<ContestantId> = remaining
            .iter()
            .filter_map(|i| group.get(*i).cloned())
            .collect();
        rest.sort();
        if !rest.is_empty() {
            split.push(rest);
        }
        (
            scores,
            split,
            Some("not every pair of the tied players met (art. 6)".to_string()),
        )
    }
}

fn is_win_over_the_board(result: ResultCode) -> bool {
    matches!(result, ResultCode::Win | ResultCode::UnratedWin)
}

/// Art. 16: a requested bye or absence counts as a draw for the opponents
/// when every later round of the player is voluntarily unplayed (a bye in
/// the last round trivially so).
fn adjusted_score(rounds: &[RoundEntry], forfeit_loss_is_played: bool) -> Score {
    let mut total = Score::ZERO;
    // Walk backwards, tracking whether everything after is voluntarily unplayed.
    let mut only_unplayed_after = true;
    for entry in rounds.iter().rev() {
        if is_requested_bye(entry.result) && only_unplayed_after {
            total += Score::half();
        } else {
            total += entry.result.points();
        }
        let unplayed = is_voluntarily_unplayed(entry.result)
            && !(forfeit_loss_is_played && entry.result == ResultCode::ForfeitLoss);
        only_unplayed_after &= unplayed;
    }
    total
}

/// Remove `cut` least significant parts, or `median` least and `median`
/// most significant ones. The least significant is a voluntarily unplayed
/// round's while any is left (art. 16.5), the one with the lowest `key`
/// among those; otherwise the lowest-scored opponent's (the lower `key`
/// on a tie). The most significant is the highest-scored opponent's.
fn cut(parts: &mut Vec<Contribution>, cut: u32, median: u32, key: impl Fn(&Contribution) -> Score) {
    let low = cut.max(median);
    for _ in 0..low {
        let any_vur = parts.iter().any(|c| c.voluntarily_unplayed);
        let victim = parts
            .iter()
            .enumerate()
            .filter(|(_, c)| !any_vur || c.voluntarily_unplayed)
            .min_by(|(_, a), (_, b)| {
                if any_vur {
                    key(a).cmp(&key(b))
                } else {
                    a.opponent_score
                        .cmp(&b.opponent_score)
                        .then_with(|| key(a).cmp(&key(b)))
                }
            })
            .map(|(i, _)| i);
        match victim {
            Some(i) => {
                parts.remove(i);
            }
            None => return,
        }
    }
    for _ in 0..median {
        let victim = parts
            .iter()
            .enumerate()
            .max_by(|(_, a), (_, b)| {
                a.opponent_score
                    .cmp(&b.opponent_score)
                    .then_with(|| key(a).cmp(&key(b)))
            })
            .map(|(i, _)| i);
        match victim {
            Some(i) => {
                parts.remove(i);
            }
            None => return,
        }
    }
}

fn partition_by(group: &[ContestantId], values: &[Score]) -> Vec<Vec<ContestantId>> {
    let by: HashMap<&ContestantId, &Score> = group.iter().zip(values).collect();
    partition_descending(group, |id| {
        by.get(id).map(|s| (*s).clone()).unwrap_or_default()
    })
}

fn sorted(mut ids: Vec<ContestantId>) -> Vec<ContestantId> {
    ids.sort();
    ids
}

/// The contestant id of each player: the name, with the starting rank
/// added when two players share a name (or a name is blank).
#[must_use]
pub fn contestant_ids(tournament: &Tournament) -> Vec<ContestantId> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for p in &tournament.players {
        *seen.entry(p.name.as_str()).or_insert(0) += 1;
    }
    tournament
        .players
        .iter()
        .map(|p| {
            if p.name.is_empty() || seen.get(p.name.as_str()).copied().unwrap_or(0) > 1 {
                ContestantId::new(format!("{} (#{})", p.name, p.starting_rank))
            } else {
                ContestantId::new(p.name.clone())
            }
        })
        .collect()
}

/// Every game of the tournament once, in the shared `model` vocabulary:
/// White first where the file gives colours, game points, forfeits as
/// [`EncounterStatus::Awarded`]. Byes, having no opponent, are not
/// encounters.
#[must_use]
pub fn encounters(tournament: &Tournament) -> Vec<Encounter> {
    let ids = contestant_ids(tournament);
    let id_of = |rank: u32| {
        tournament
            .players
            .binary_search_by_key(&rank, |p| p.starting_rank)
            .ok()
            .and_then(|i| ids.get(i))
            .cloned()
    };
    let mut out = Vec::new();
    for p in &tournament.players {
        for (r, e) in p.rounds.iter().enumerate() {
            let Some(o) = e.opponent else { continue };
            // Each game once: from White's line, or the lower rank's when colourless.
            let first_here = match e.colour {
                Colour::White => true,
                Colour::Black => false,
                Colour::None => p.starting_rank < o,
            };
            let (Some(me), Some(them), true) = (id_of(p.starting_rank), id_of(o), first_here)
            else {
                continue;
            };
            let theirs = tournament
                .player(o)
                .and_then(|q| q.rounds.get(r))
                .map_or(Score::ZERO, |t| t.result.points());
            out.push(Encounter {
                round: RoundNumber(u32::try_from(r + 1).unwrap_or(u32::MAX)),
                first: me,
                second: them,
                scores: vec![SideScores {
                    unit: Unit::GamePoints,
                    first: e.result.points(),
                    second: theirs,
                }],
                status: if e.result.is_forfeit() {
                    EncounterStatus::Awarded
                } else {
                    EncounterStatus::Played
                },
                weight: Score::ONE,
            });
        }
    }
    out
}
