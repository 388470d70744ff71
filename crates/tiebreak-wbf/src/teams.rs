//! A teams event scored in IMPs and victory points: the input of the round
//! robin (part 1), knockout (part 2) and Swiss (part 3) procedures.

use std::collections::{BTreeMap, BTreeSet};

use countback_model::head_to_head::{for_against, ForAgainst};
use countback_model::{
    ContestantId, Encounter, EncounterStatus, InputError, Quotient, Score, Unit,
};

use crate::engine::names_of;
use crate::error::WbfError;

/// The matches of a teams event, checked.
///
/// Every match needs its victory points. A match played at the table needs
/// its IMPs and total points only when a tie reaches a clause that compares
/// them: the procedure then refuses with [`WbfError::ClauseNeedsScore`],
/// naming the clause and the match. A match whose scores were awarded (a
/// forfeit, a withdrawal) counts in the VP standings only: the quotients
/// and direct-match tests speak of matches *played*.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamsEvent {
    teams: BTreeSet<ContestantId>,
    matches: Vec<Encounter>,
    victory_points: BTreeMap<ContestantId, Score>,
    /// Each team's matches, as indices into `matches`: a team's totals and
    /// records read its own matches, never the whole event.
    by_team: BTreeMap<ContestantId, Vec<usize>>,
    /// The matches between two teams (the smaller name first).
    by_pair: BTreeMap<(ContestantId, ContestantId), Vec<usize>>,
}

/// The key of the match(es) between `a` and `b` in [`TeamsEvent::by_pair`].
fn pair_key(a: &ContestantId, b: &ContestantId) -> (ContestantId, ContestantId) {
    if a <= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    }
}

impl TeamsEvent {
    /// The event with these teams and matches.
    ///
    /// Errors: a team listed twice, a match naming a team not listed, a team
    /// playing itself, the same two teams recorded twice in a round, or a
    /// match without a score it needs.
    pub fn new(
        teams: impl IntoIterator<Item = ContestantId>,
        matches: impl IntoIterator<Item = Encounter>,
    ) -> Result<TeamsEvent, WbfError> {
        let mut set = BTreeSet::new();
        for t in teams {
            if set.contains(&t) {
                return Err(WbfError::listed_twice(t));
            }
            set.insert(t);
        }
        let matches: Vec<Encounter> = matches.into_iter().collect();
        let mut victory_points: BTreeMap<ContestantId, Score> =
            set.iter().map(|t| (t.clone(), Score::ZERO)).collect();
        check_matches(&matches, |t| set.contains(t), |_| &[Unit::VictoryPoints])?;
        for m in &matches {
            for side in [&m.first, &m.second] {
                if let (Some((own, _)), Some(total)) = (
                    m.scores_for(side, Unit::VictoryPoints),
                    victory_points.get_mut(side),
                ) {
                    *total += own;
                }
            }
        }
        let mut by_team: BTreeMap<ContestantId, Vec<usize>> = BTreeMap::new();
        let mut by_pair: BTreeMap<(ContestantId, ContestantId), Vec<usize>> = BTreeMap::new();
        for (i, m) in matches.iter().enumerate() {
            by_team.entry(m.first.clone()).or_default().push(i);
            by_team.entry(m.second.clone()).or_default().push(i);
            by_pair
                .entry(pair_key(&m.first, &m.second))
                .or_default()
                .push(i);
        }
        Ok(TeamsEvent {
            teams: set,
            matches,
            victory_points,
            by_team,
            by_pair,
        })
    }

    /// Require every match played at the table to share out exactly `total`
    /// victory points (20 on the WBF 20-VP scale) times its weight (10 for
    /// a triangle's half match). Awarded matches are not checked: a
    /// forfeit may give less than the scale's total.
    pub fn with_vp_scale_total(self, full: Score) -> Result<TeamsEvent, WbfError> {
        for m in &self.matches {
            if m.status != EncounterStatus::Played {
                continue;
            }
            if let Some(s) = m.scores.iter().find(|s| s.unit == Unit::VictoryPoints) {
                let sum = &s.first + &s.second;
                let total = &full * &m.weight;
                if sum != total {
                    return Err(WbfError::InconsistentVictoryPoints {
                        round: m.round,
                        first: m.first.clone(),
                        second: m.second.clone(),
                        sum,
                        total,
                    });
                }
            }
        }
        Ok(self)
    }

    /// The teams, in name order.
    pub fn teams(&self) -> impl Iterator<Item = &ContestantId> {
        self.teams.iter()
    }

    /// The matches, as given.
    #[must_use]
    pub fn matches(&self) -> &[Encounter] {
        &self.matches
    }

    /// A team's victory points over the whole event.
    #[must_use]
    pub fn victory_points(&self, team: &ContestantId) -> Option<&Score> {
        self.victory_points.get(team)
    }

    /// The first match `team` played at the table that has no score in
    /// `unit`, if any: its quotient in `unit` (WBF 1.1(a), 1.1(d) …) cannot
    /// be computed.
    #[must_use]
    pub fn played_without(&self, team: &ContestantId, unit: Unit) -> Option<&Encounter> {
        self.matches_of(team)
            .find(|m| m.status == EncounterStatus::Played && m.scores_for(team, unit).is_none())
    }

    /// The first match played at the table between `a` and `b` that has no
    /// score in `unit`, if any.
    pub(crate) fn played_between_without(
        &self,
        a: &ContestantId,
        b: &ContestantId,
        unit: Unit,
    ) -> Option<&Encounter> {
        self.by_pair
            .get(&pair_key(a, b))?
            .iter()
            .filter_map(|i| self.matches.get(*i))
            .find(|m| m.status == EncounterStatus::Played && m.scores_for(a, unit).is_none())
    }

    /// Fail on a team not in the event.
    pub(crate) fn check_known(&self, group: &[ContestantId]) -> Result<(), WbfError> {
        match group.iter().find(|t| !self.teams.contains(*t)) {
            Some(t) => Err(WbfError::unknown(t)),
            None => Ok(()),
        }
    }

    /// The indices into [`TeamsEvent::matches`] of `team`'s matches.
    pub(crate) fn match_indices(&self, team: &ContestantId) -> Vec<usize> {
        self.by_team.get(team).cloned().unwrap_or_default()
    }

    /// `team`'s matches.
    pub(crate) fn matches_of<'s>(
        &'s self,
        team: &ContestantId,
    ) -> impl Iterator<Item = &'s Encounter> + 's {
        self.by_team
            .get(team)
            .into_iter()
            .flatten()
            .filter_map(|i| self.matches.get(*i))
    }

    /// `team`'s totals in `unit` over every match it played at the table.
    pub(crate) fn played_totals(&self, team: &ContestantId, unit: Unit) -> ForAgainst {
        for_against(self.matches_of(team), team, unit, |e| {
            e.status == EncounterStatus::Played
        })
    }

    /// IMP quotient in all matches played.
    pub(crate) fn imp_quotient(&self, team: &ContestantId) -> Quotient {
        self.played_totals(team, Unit::Imps).quotient()
    }

    /// Total-points quotient in all matches played.
    pub(crate) fn total_points_quotient(&self, team: &ContestantId) -> Quotient {
        self.played_totals(team, Unit::TotalPoints).quotient()
    }

    /// What `a` and `b` scored against each other in `unit`, over every
    /// meeting (played at the table, except for victory points, which an
    /// awarded match also carries). `None` if they never met.
    pub(crate) fn direct(
        &self,
        a: &ContestantId,
        b: &ContestantId,
        unit: Unit,
    ) -> Option<ForAgainst> {
        let meetings = self
            .by_pair
            .get(&pair_key(a, b))?
            .iter()
            .filter_map(|i| self.matches.get(*i));
        let t = for_against(meetings, a, unit, |e| {
            e.between(a, b) && (unit == Unit::VictoryPoints || e.status == EncounterStatus::Played)
        });
        (t.encounters > 0).then_some(t)
    }

    /// `team`'s net score in `unit` in its matches against the rest of `group`.
    pub(crate) fn net_among(
        &self,
        team: &ContestantId,
        group: &[ContestantId],
        unit: Unit,
    ) -> Score {
        group
            .iter()
            .filter(|o| *o != team)
            .filter_map(|o| self.direct(team, o, unit))
            .map(|t| t.net())
            .sum()
    }

    /// Who `team` beat, tied with and lost to on VPs among `group` (in name
    /// order, `team` among them), reading only `team`'s own matches.
    pub(crate) fn record(&self, team: &ContestantId, group: &BTreeSet<ContestantId>) -> Record {
        // VPs for and against each opponent of the group, over every meeting.
        let mut met: BTreeMap<&ContestantId, (Score, Score)> = BTreeMap::new();
        for m in self.matches_of(team) {
            let Some(o) = m.opponent_of(team) else {
                continue;
            };
            if o == team || !group.contains(o) {
                continue;
            }
            if let Some((own, other)) = m.scores_for(team, Unit::VictoryPoints) {
                let e = met.entry(o).or_default();
                e.0 += own;
                e.1 += other;
            }
        }
        let mut r = Record::default();
        for (o, (scored, conceded)) in &met {
            match scored.cmp(conceded) {
                std::cmp::Ordering::Greater => r.beat.push((*o).clone()),
                std::cmp::Ordering::Equal => r.tied.push((*o).clone()),
                std::cmp::Ordering::Less => r.lost_to.push((*o).clone()),
            }
        }
        let others = group.len() - usize::from(group.contains(team));
        r.not_met_count = others.saturating_sub(met.len());
        // The first few not met, in name order: the group is scanned only
        // until they are found (at most the opponents met plus the sample).
        r.not_met = group
            .iter()
            .filter(|o| *o != team && !met.contains_key(o))
            .take(LISTED)
            .cloned()
            .collect();
        r
    }
}

/// How many names a list in a trace spells out before saying "and N others":
/// a tie of thousands of teams must not print millions of names.
pub(crate) const LISTED: usize = 8;

/// A team's VP results against the other teams of a tied group.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Record {
    pub(crate) beat: Vec<ContestantId>,
    pub(crate) tied: Vec<ContestantId>,
    pub(crate) lost_to: Vec<ContestantId>,
    /// The first [`LISTED`] teams of the group not met, in name order.
    pub(crate) not_met: Vec<ContestantId>,
    /// How many teams of the group were not met.
    pub(crate) not_met_count: usize,
}

impl Record {
    /// `beat B and C, tied with D`.
    pub(crate) fn describe(&self) -> String {
        let mut parts = Vec::new();
        for (word, list, count) in [
            ("beat", &self.beat, self.beat.len()),
            ("tied with", &self.tied, self.tied.len()),
            ("lost to", &self.lost_to, self.lost_to.len()),
            ("did not play", &self.not_met, self.not_met_count),
        ] {
            if count > 0 {
                parts.push(format!("{word} {}", names_of(list, count)));
            }
        }
        parts.join(", ")
    }

    /// Beat every other team of the group.
    pub(crate) fn beat_all(&self) -> bool {
        self.tied.is_empty() && self.lost_to.is_empty() && self.not_met_count == 0
    }

    /// Tied exactly one and beat all the others.
    pub(crate) fn tied_one_beat_rest(&self) -> bool {
        self.tied.len() == 1 && self.lost_to.is_empty() && self.not_met_count == 0
    }

    /// Lost to every other team of the group.
    pub(crate) fn lost_to_all(&self) -> bool {
        self.beat.is_empty() && self.tied.is_empty() && self.not_met_count == 0
    }
}

/// Check that every team of `group` has the same `score`.
pub(crate) fn check_tied(
    group: &[ContestantId],
    quantity: &'static str,
    mut score: impl FnMut(&ContestantId) -> Option<Score>,
) -> Result<(), WbfError> {
    let mut first: Option<(ContestantId, Score)> = None;
    for t in group {
        let s = score(t).ok_or_else(|| WbfError::unknown(t))?;
        match &first {
            None => first = Some((t.clone(), s)),
            Some((f, fs)) if *fs != s => {
                return Err(WbfError::NotTied {
                    team: f.clone(),
                    score: fs.clone(),
                    other: t.clone(),
                    other_score: s,
                    quantity,
                })
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The tied group, in name order, with duplicates and emptiness refused.
pub(crate) fn tied_group(tied: &[ContestantId]) -> Result<Vec<ContestantId>, WbfError> {
    if tied.is_empty() {
        return Err(InputError::Empty { what: "tied teams" }.into());
    }
    let mut g = tied.to_vec();
    g.sort();
    for w in g.windows(2) {
        if let [a, b] = w {
            if a == b {
                return Err(WbfError::listed_twice(a.clone()));
            }
        }
    }
    Ok(g)
}

/// The checks every part's matches share: both sides known, nobody playing
/// itself, no pairing recorded twice in a round, and the scores the part
/// needs (`needed`) present.
pub(crate) fn check_matches(
    matches: &[Encounter],
    known: impl Fn(&ContestantId) -> bool,
    needed: impl Fn(&Encounter) -> &'static [Unit],
) -> Result<(), WbfError> {
    let mut seen = BTreeSet::new();
    for m in matches {
        for side in [&m.first, &m.second] {
            if !known(side) {
                return Err(WbfError::unknown(side));
            }
        }
        if m.first == m.second {
            return Err(InputError::PlaysItself {
                round: m.round,
                contestant: m.first.clone(),
            }
            .into());
        }
        let key = if m.first < m.second {
            (m.round, &m.first, &m.second)
        } else {
            (m.round, &m.second, &m.first)
        };
        if !seen.insert(key) {
            return Err(InputError::MatchRecordedTwice {
                round: m.round,
                first: m.first.clone(),
                second: m.second.clone(),
            }
            .into());
        }
        for unit in needed(m) {
            if !m.scores.iter().any(|s| s.unit == *unit) {
                return Err(WbfError::MissingScore {
                    round: m.round,
                    first: m.first.clone(),
                    second: m.second.clone(),
                    unit: *unit,
                });
            }
        }
    }
    Ok(())
}

/// Public read access to the quotients the clauses compare, for standings
/// tables that print them for every team.
impl TeamsEvent {
    /// `team`'s IMP quotient over every match it played at the table (WBF
    /// 1.1(a), 3.1(ii)): IMPs won over IMPs lost.
    #[must_use]
    pub fn played_imp_quotient(&self, team: &ContestantId) -> Quotient {
        self.imp_quotient(team)
    }

    /// `team`'s total-points quotient over every match it played at the
    /// table (WBF 1.1(d), 3.1(iv)).
    #[must_use]
    pub fn played_total_points_quotient(&self, team: &ContestantId) -> Quotient {
        self.total_points_quotient(team)
    }
}
