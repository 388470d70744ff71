//! A teams event scored in IMPs and victory points: the input of the round
//! robin (part 1), knockout (part 2) and Swiss (part 3) procedures.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use countback_model::head_to_head::ForAgainst;
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
///
/// Inside, each team is numbered once (its place in name order) and every
/// table is kept by number: a name is looked up once per question, never
/// compared per match (issue 30: name-keyed maps were a seventh of a
/// 10,000-team Swiss run).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamsEvent {
    /// The teams in name order: a team's number is its place here.
    teams: Vec<ContestantId>,
    /// Each team's number.
    number: HashMap<ContestantId, usize>,
    matches: Vec<Encounter>,
    /// Each match's sides (first, second), numbered.
    sides: Vec<(usize, usize)>,
    /// Each team's victory points, by number.
    victory_points: Vec<Score>,
    /// Each team's matches, as indices into `matches`, by number: a team's
    /// totals, records and direct matches read its own matches, never the
    /// whole event.
    by_team: Vec<Vec<usize>>,
    /// Each team's IMP and total-point totals over the matches it played
    /// at the table, by number: summed once, as the standings print them
    /// for every team and the quotient clauses compare them (issue 30).
    played: [Vec<ForAgainst>; 2],
}

/// The units whose played totals [`TeamsEvent`] keeps, in `played` order.
const PLAYED_UNITS: [Unit; 2] = [Unit::Imps, Unit::TotalPoints];

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
        // Hashed, then sorted once: a tree of names (`listed_once`) is
        // slower for a field of 10,000 teams (issue 30).
        let mut seen: HashSet<ContestantId> = HashSet::new();
        let mut listed = Vec::new();
        for t in teams {
            if seen.contains(&t) {
                return Err(WbfError::listed_twice(t));
            }
            seen.insert(t.clone());
            listed.push(t);
        }
        drop(seen);
        listed.sort_unstable();
        let number: HashMap<ContestantId, usize> = listed
            .iter()
            .enumerate()
            .map(|(i, t)| (t.clone(), i))
            .collect();
        let matches: Vec<Encounter> = matches.into_iter().collect();
        let sides = number_sides(&matches, &number)?;
        let mut victory_points = vec![Score::ZERO; listed.len()];
        let mut by_team: Vec<Vec<usize>> = vec![Vec::new(); listed.len()];
        for (i, (m, &(f, s))) in matches.iter().zip(&sides).enumerate() {
            if let Some(vp) = m.scores.iter().find(|s| s.unit == Unit::VictoryPoints) {
                if let Some(total) = victory_points.get_mut(f) {
                    *total += &vp.first;
                }
                if let Some(total) = victory_points.get_mut(s) {
                    *total += &vp.second;
                }
            }
            for t in [f, s] {
                if let Some(list) = by_team.get_mut(t) {
                    list.push(i);
                }
            }
        }
        let mut played = [
            vec![ForAgainst::default(); listed.len()],
            vec![ForAgainst::default(); listed.len()],
        ];
        for (m, &(f, s)) in matches.iter().zip(&sides) {
            if m.status != EncounterStatus::Played {
                continue;
            }
            for (unit, table) in PLAYED_UNITS.iter().zip(&mut played) {
                let Some(sc) = m.scores.iter().find(|s| s.unit == *unit) else {
                    continue;
                };
                for (t, own, theirs) in [(f, &sc.first, &sc.second), (s, &sc.second, &sc.first)] {
                    if let Some(total) = table.get_mut(t) {
                        total.scored += own;
                        total.conceded += theirs;
                        total.encounters += 1;
                    }
                }
            }
        }
        Ok(TeamsEvent {
            teams: listed,
            number,
            matches,
            sides,
            victory_points,
            by_team,
            played,
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
        self.victory_points.get(self.number_of(team)?)
    }

    /// `team`'s number (its place in name order), if it is in the event.
    pub(crate) fn number_of(&self, team: &ContestantId) -> Option<usize> {
        self.number.get(team).copied()
    }

    /// `team`'s matches by number, each with the side `team` is on (true:
    /// first) and the other side's number.
    fn own_matches(&self, team: usize) -> impl Iterator<Item = (&Encounter, bool, usize)> + '_ {
        self.by_team
            .get(team)
            .into_iter()
            .flatten()
            .filter_map(move |i| {
                let (m, &(f, s)) = (self.matches.get(*i)?, self.sides.get(*i)?);
                Some(if f == team {
                    (m, true, s)
                } else {
                    (m, false, f)
                })
            })
    }

    /// The first match `team` played at the table that has no score in
    /// `unit`, if any: its quotient in `unit` (WBF 1.1(a), 1.1(d) …) cannot
    /// be computed.
    #[must_use]
    pub fn played_without(&self, team: &ContestantId, unit: Unit) -> Option<&Encounter> {
        self.own_matches(self.number_of(team)?)
            .map(|(m, _, _)| m)
            .find(|m| m.status == EncounterStatus::Played && !has_unit(m, unit))
    }

    /// The first match played at the table between `a` and `b` that has no
    /// score in `unit`, if any.
    pub(crate) fn played_between_without(
        &self,
        a: &ContestantId,
        b: &ContestantId,
        unit: Unit,
    ) -> Option<&Encounter> {
        let other = self.number_of(b)?;
        self.own_matches(self.number_of(a)?)
            .filter(|(_, _, o)| *o == other)
            .map(|(m, _, _)| m)
            .find(|m| m.status == EncounterStatus::Played && !has_unit(m, unit))
    }

    /// Fail on a team not in the event.
    pub(crate) fn check_known(&self, group: &[ContestantId]) -> Result<(), WbfError> {
        match group.iter().find(|t| !self.number.contains_key(*t)) {
            Some(t) => Err(WbfError::unknown(t)),
            None => Ok(()),
        }
    }

    /// The indices into [`TeamsEvent::matches`] of `team`'s matches.
    pub(crate) fn match_indices(&self, team: &ContestantId) -> Vec<usize> {
        self.number_of(team)
            .and_then(|t| self.by_team.get(t))
            .cloned()
            .unwrap_or_default()
    }

    /// `team`'s matches.
    pub(crate) fn matches_of<'s>(
        &'s self,
        team: &ContestantId,
    ) -> impl Iterator<Item = &'s Encounter> + 's {
        self.number_of(team)
            .into_iter()
            .flat_map(move |t| self.own_matches(t))
            .map(|(m, _, _)| m)
    }

    /// `team`'s totals in `unit` over its matches that `include` accepts
    /// (against the team numbered `only`, if given); matches without a
    /// score in `unit` are skipped.
    fn totals(
        &self,
        team: &ContestantId,
        only: Option<&ContestantId>,
        unit: Unit,
        include: impl Fn(&Encounter) -> bool,
    ) -> ForAgainst {
        let mut t = ForAgainst::default();
        let Some(me) = self.number_of(team) else {
            return t;
        };
        let only = match only {
            Some(o) => match self.number_of(o) {
                Some(o) => Some(o),
                None => return t,
            },
            None => None,
        };
        for (m, first, other) in self.own_matches(me) {
            if only.is_some_and(|o| o != other) || !include(m) {
                continue;
            }
            if let Some(s) = m.scores.iter().find(|s| s.unit == unit) {
                let (own, theirs) = if first {
                    (&s.first, &s.second)
                } else {
                    (&s.second, &s.first)
                };
                t.scored += own;
                t.conceded += theirs;
                t.encounters += 1;
            }
        }
        t
    }

    /// `team`'s totals in `unit` over every match it played at the table.
    pub(crate) fn played_totals(&self, team: &ContestantId, unit: Unit) -> ForAgainst {
        let kept = PLAYED_UNITS.iter().position(|u| *u == unit);
        match kept.and_then(|k| self.played.get(k)) {
            Some(table) => self
                .number_of(team)
                .and_then(|t| table.get(t))
                .cloned()
                .unwrap_or_default(),
            None => self.totals(team, None, unit, |e| e.status == EncounterStatus::Played),
        }
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
        let t = self.totals(a, Some(b), unit, |e| {
            unit == Unit::VictoryPoints || e.status == EncounterStatus::Played
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

    /// Every team's sum of its opponents' victory points, by number: each
    /// match that `counts` adds, to each side, the other side's VPs times
    /// `part` of the match.
    pub(crate) fn opponents_vp_sums<'s>(
        &'s self,
        counts: impl Fn(&Encounter) -> bool,
        part: impl Fn(&'s Encounter) -> &'s Score,
    ) -> Vec<Score> {
        let mut sums = vec![Score::ZERO; self.teams.len()];
        for (m, &(f, s)) in self.matches.iter().zip(&self.sides) {
            if !counts(m) {
                continue;
            }
            let weight = part(m);
            for (me, other) in [(f, s), (s, f)] {
                let Some(vp) = self.victory_points.get(other) else {
                    continue;
                };
                // A whole match (weight 1, almost every meeting) adds the
                // score as it is.
                let add = if *weight == Score::ONE {
                    vp.clone()
                } else {
                    vp * weight
                };
                if let Some(sum) = sums.get_mut(me) {
                    *sum += add;
                }
            }
        }
        sums
    }

    /// `teams` numbered, in name order, each once; a name not in the event
    /// is left out.
    pub(crate) fn numbers(&self, teams: &[ContestantId]) -> Vec<usize> {
        let mut n: Vec<usize> = teams.iter().filter_map(|t| self.number_of(t)).collect();
        n.sort_unstable();
        n.dedup();
        n
    }

    /// The name of the team numbered `n`.
    pub(crate) fn name(&self, n: usize) -> Option<&ContestantId> {
        self.teams.get(n)
    }

    /// Who the team numbered `team` beat, tied with and lost to on VPs among
    /// `group` (numbers in name order, as [`TeamsEvent::numbers`] gives
    /// them, `team` among them), reading only `team`'s own matches.
    pub(crate) fn record(&self, team: usize, group: &[usize]) -> Record {
        let in_group = |o: usize| group.binary_search(&o).is_ok();
        // VPs for and against each opponent of the group, over every meeting.
        let mut met: BTreeMap<usize, (Score, Score)> = BTreeMap::new();
        for (m, first, o) in self.own_matches(team) {
            if o == team || !in_group(o) {
                continue;
            }
            if let Some(s) = m.scores.iter().find(|s| s.unit == Unit::VictoryPoints) {
                let (own, other) = if first {
                    (&s.first, &s.second)
                } else {
                    (&s.second, &s.first)
                };
                let e = met.entry(o).or_default();
                e.0 += own;
                e.1 += other;
            }
        }
        let name = |o: usize| self.teams.get(o).cloned();
        let mut r = Record::default();
        for (o, (scored, conceded)) in &met {
            let list = match scored.cmp(conceded) {
                std::cmp::Ordering::Greater => &mut r.beat,
                std::cmp::Ordering::Equal => &mut r.tied,
                std::cmp::Ordering::Less => &mut r.lost_to,
            };
            list.extend(name(*o));
        }
        let others = group.len() - usize::from(in_group(team));
        r.not_met_count = others.saturating_sub(met.len());
        // The first few not met, in name order: the group is scanned only
        // until they are found (at most the opponents met plus the sample).
        r.not_met = group
            .iter()
            .filter(|o| **o != team && !met.contains_key(o))
            .take(LISTED)
            .filter_map(|o| name(*o))
            .collect();
        r
    }
}

/// Whether `m` has a score in `unit`.
fn has_unit(m: &Encounter, unit: Unit) -> bool {
    m.scores.iter().any(|s| s.unit == unit)
}

/// Each match's sides numbered, checked as [`check_matches`] checks (in
/// the same order, so the same error comes first), with victory points
/// needed: by number, not by name.
fn number_sides(
    matches: &[Encounter],
    number: &HashMap<ContestantId, usize>,
) -> Result<Vec<(usize, usize)>, WbfError> {
    let mut seen = HashSet::new();
    let mut sides = Vec::with_capacity(matches.len());
    for m in matches {
        let side = |t: &ContestantId| number.get(t).copied().ok_or_else(|| WbfError::unknown(t));
        let (f, s) = (side(&m.first)?, side(&m.second)?);
        if f == s {
            return Err(InputError::PlaysItself {
                round: m.round,
                contestant: m.first.clone(),
            }
            .into());
        }
        if !seen.insert((m.round, f.min(s), f.max(s))) {
            return Err(InputError::MatchRecordedTwice {
                round: m.round,
                first: m.first.clone(),
                second: m.second.clone(),
            }
            .into());
        }
        if !has_unit(m, Unit::VictoryPoints) {
            return Err(WbfError::MissingScore {
                round: m.round,
                first: m.first.clone(),
                second: m.second.clone(),
                unit: Unit::VictoryPoints,
            });
        }
        sides.push((f, s));
    }
    Ok(sides)
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

/// Each team's (or pair's) value, keyed by it: one listed twice is refused.
pub(crate) fn listed_once<V>(
    items: impl IntoIterator<Item = (ContestantId, V)>,
) -> Result<BTreeMap<ContestantId, V>, WbfError> {
    let mut map = BTreeMap::new();
    for (t, v) in items {
        if map.insert(t.clone(), v).is_some() {
            return Err(WbfError::listed_twice(t));
        }
    }
    Ok(map)
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
