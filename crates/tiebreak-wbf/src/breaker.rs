//! The tests the team procedures of parts 1 and 3 are built from.

use countback_model::{
    partition_descending, ContestantId, Encounter, TieBreakOutcome, TiedGroup, Unit, Value,
};

use crate::error::WbfError;

use crate::engine::{alone, names, names_of, not_met_note, not_met_pairs, sorted, without, Trace};
use crate::readings::{NetAmong, Readings};
use crate::teams::{check_tied, tied_group, Record, TeamsEvent};

/// Which VP record a "one team stands out" clause looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)] // the rule book's own words
pub(crate) enum Standout {
    /// More VPs than each of the others (WBF 1.2(b), 3.2(i)).
    BeatEach,
    /// More VPs than one of the others and tied with the other (WBF 1.2(c),
    /// 3.2(iii)); only if exactly one team did so.
    BeatOneTiedOne,
    /// Beat each of the others, or, uniquely, tied one and beat the rest
    /// (WBF 1.3(b), 3.3 ¶1).
    BeatEachOrTiedOne,
}

/// A procedure over one teams event, collecting its trace.
#[derive(Debug)]
pub(crate) struct Breaker<'a> {
    pub(crate) event: &'a TeamsEvent,
    pub(crate) readings: &'a Readings,
    pub(crate) trace: Trace,
    /// The first clause reached that needs a score a match does not have:
    /// the procedure refuses with it once the walk is over.
    pub(crate) missing: Option<WbfError>,
}

impl<'a> Breaker<'a> {
    pub(crate) fn new(event: &'a TeamsEvent, readings: &'a Readings) -> Breaker<'a> {
        Breaker {
            event,
            readings,
            trace: Trace::default(),
            missing: None,
        }
    }

    /// Break one tie on victory points of `event` (parts 1 and 3): `tied`
    /// is checked (known teams, each once, equal victory points), then
    /// `split` orders it.
    pub(crate) fn tie(
        event: &'a TeamsEvent,
        tied: &[ContestantId],
        readings: &'a Readings,
        split: impl FnOnce(&mut Breaker<'a>, &[ContestantId]) -> Vec<TiedGroup>,
    ) -> Result<TieBreakOutcome, WbfError> {
        let group = tied_group(tied)?;
        event.check_known(&group)?;
        check_tied(&group, "victory points", |t| {
            event.victory_points(t).cloned()
        })?;
        let mut b = Breaker::new(event, readings);
        let order = split(&mut b, &group);
        b.finish(order)
    }

    /// The whole ranking of `event` (parts 1 and 3): teams by victory
    /// points, every tie ordered by `split`, all in one trace (a part's
    /// figures are worked out once for the event, not once a tie).
    pub(crate) fn standings(
        event: &'a TeamsEvent,
        readings: &'a Readings,
        mut split: impl FnMut(&mut Breaker<'a>, &[ContestantId]) -> Vec<TiedGroup>,
    ) -> Result<TieBreakOutcome, WbfError> {
        let teams: Vec<ContestantId> = event.teams().cloned().collect();
        let mut b = Breaker::new(event, readings);
        let mut order = Vec::new();
        for g in partition_descending(&teams, |t| event.victory_points(t).cloned()) {
            if g.len() > 1 {
                order.extend(split(&mut b, &g));
            } else {
                order.extend(g.into_iter().map(alone));
            }
        }
        b.finish(order)
    }

    /// The trace's outcome, or the refusal of a clause reached without the
    /// score it compares.
    pub(crate) fn finish(self, order: Vec<TiedGroup>) -> Result<TieBreakOutcome, WbfError> {
        match self.missing {
            Some(e) => Err(e),
            None => Ok(self.trace.finish(order)),
        }
    }

    /// Whether the scores `clause` compares in `unit` are all there: a
    /// match in `lacking` (the first one found) has none, so the clause
    /// cannot be applied and the procedure refuses (the first such clause
    /// is kept). Victory points are always there.
    fn has_scores<'m>(
        &mut self,
        clause: &str,
        unit: Unit,
        mut lacking: impl Iterator<Item = &'m Encounter>,
    ) -> bool {
        let Some(m) = lacking.next() else {
            return true;
        };
        if self.missing.is_none() {
            self.missing = Some(WbfError::ClauseNeedsScore {
                clause: clause.to_owned(),
                round: m.round,
                first: m.first.clone(),
                second: m.second.clone(),
                unit,
            });
        }
        false
    }

    /// [`Breaker::has_scores`] for the matches among `group`, the ones a
    /// test between the tied teams compares.
    fn has_scores_among(&mut self, clause: &str, unit: Unit, group: &[ContestantId]) -> bool {
        let ev = self.event;
        let lacking = group.iter().enumerate().flat_map(|(i, a)| {
            group
                .iter()
                .skip(i + 1)
                .filter_map(move |b| ev.played_between_without(a, b, unit))
        });
        self.has_scores(clause, unit, lacking)
    }

    /// IMP or total-points quotient in all matches played, largest first.
    pub(crate) fn quotient(
        &mut self,
        clause: &str,
        unit: Unit,
        group: &[ContestantId],
    ) -> Vec<Vec<ContestantId>> {
        let ev = self.event;
        if !self.has_scores(
            clause,
            unit,
            group.iter().filter_map(|t| ev.played_without(t, unit)),
        ) {
            return vec![sorted(group)];
        }
        match unit {
            Unit::Imps => self.trace.split(
                clause,
                "IMP quotient (IMPs won / IMPs lost) in all matches played",
                group,
                |t| ev.imp_quotient(t),
                None,
            ),
            _ => self.trace.split(
                clause,
                "total-points quotient (points won / points lost) in all matches played",
                group,
                |t| ev.total_points_quotient(t),
                None,
            ),
        }
    }

    /// What two teams scored in `unit` in the match(es) between them.
    pub(crate) fn direct(
        &mut self,
        clause: &str,
        unit: Unit,
        group: &[ContestantId],
    ) -> Vec<Vec<ContestantId>> {
        let ev = self.event;
        let test = format!("{unit} earned in the match between them");
        if let [a, b] = group {
            if !self.has_scores_among(clause, unit, group) {
                return vec![sorted(group)];
            }
            if let Some(t) = ev.direct(a, b, unit) {
                let (sa, sb) = (t.scored, t.conceded);
                return self.trace.split(
                    clause,
                    &test,
                    group,
                    |c| if c == a { sa.clone() } else { sb.clone() },
                    None,
                );
            }
        }
        let note = not_met_note(group, |x, y| ev.direct(x, y, unit).is_some());
        let values = group
            .iter()
            .map(|t| (t.clone(), Value::Text("no match".to_owned())))
            .collect();
        self.trace
            .not_separating(clause, &test, group, values, note);
        vec![sorted(group)]
    }

    /// Net `unit` in the matches among the tied teams. Where some two of
    /// them never met, [`NetAmong`] says whether the matches they did play
    /// decide (the text) or the test separates nobody.
    pub(crate) fn net_among(
        &mut self,
        clause: &str,
        unit: Unit,
        group: &[ContestantId],
    ) -> Vec<Vec<ContestantId>> {
        let ev = self.event;
        let test = format!("net {unit} in the matches between the tied teams");
        if !self.has_scores_among(clause, unit, group) {
            return vec![sorted(group)];
        }
        let missing = not_met_pairs(group, |x, y| ev.direct(x, y, unit).is_some());
        if missing.is_empty() {
            return self
                .trace
                .split(clause, &test, group, |t| ev.net_among(t, group, unit), None);
        }
        let missing = missing.join(", ");
        match self.readings.net_among {
            NetAmong::MatchesPlayed => {
                let note = format!(
                    "net {unit} over the matches played among them ({missing} did not play each other)"
                );
                self.trace.split(
                    clause,
                    &test,
                    group,
                    |t| ev.net_among(t, group, unit),
                    Some(note),
                )
            }
            NetAmong::EveryPairMet => {
                let values = group
                    .iter()
                    .map(|t| (t.clone(), Value::from(ev.net_among(t, group, unit))))
                    .collect();
                let note = format!(
                    "{missing} did not play each other, so this test cannot separate the group \
                     (reading net_among = every_pair_met)"
                );
                self.trace
                    .not_separating(clause, &test, group, values, Some(note));
                vec![sorted(group)]
            }
        }
    }

    /// Each team's VP record against the rest of the group, in name order;
    /// the group is numbered once, not compared by name per match.
    fn records(&self, group: &[ContestantId]) -> Vec<(ContestantId, Record)> {
        let set = self.event.numbers(group);
        set.iter()
            .filter_map(|t| Some((self.event.name(*t)?.clone(), self.event.record(*t, &set))))
            .collect()
    }

    fn record_values(records: &[(ContestantId, Record)]) -> Vec<(ContestantId, Value)> {
        records
            .iter()
            .map(|(t, r)| (t.clone(), Value::Text(r.describe())))
            .collect()
    }

    fn missing_note(records: &[(ContestantId, Record)]) -> Option<String> {
        let teams = records.iter().filter(|(_, r)| r.not_met_count > 0).count();
        let mut missing: Vec<String> = records
            .iter()
            .filter(|(_, r)| r.not_met_count > 0)
            .take(crate::teams::LISTED)
            .map(|(t, r)| format!("{t} did not play {}", names_of(&r.not_met, r.not_met_count)))
            .collect();
        if teams > missing.len() {
            missing.push(format!(
                "and {} other teams did not play some of the group",
                teams - missing.len()
            ));
        }
        (!missing.is_empty()).then(|| {
            format!(
                "{}; a result that does not exist cannot count",
                missing.join(", ")
            )
        })
    }

    /// The one team whose VP record against the rest of the group stands
    /// out, if there is exactly one.
    pub(crate) fn standout(
        &mut self,
        clause: &str,
        kind: Standout,
        group: &[ContestantId],
    ) -> Option<ContestantId> {
        let records = self.records(group);
        let qualifies = |r: &Record| match kind {
            Standout::BeatEach => r.beat_all(),
            Standout::BeatOneTiedOne => {
                r.beat.len() == 1
                    && r.tied.len() == 1
                    && r.lost_to.is_empty()
                    && r.not_met.is_empty()
            }
            Standout::BeatEachOrTiedOne => r.beat_all() || r.tied_one_beat_rest(),
        };
        let candidates: Vec<ContestantId> = records
            .iter()
            .filter(|(_, r)| qualifies(r))
            .map(|(t, _)| t.clone())
            .collect();
        let test = match kind {
            Standout::BeatEach => "a team that earned more VPs than each of the others",
            Standout::BeatOneTiedOne => {
                "a team that earned more VPs than one of the others and tied with the other"
            }
            Standout::BeatEachOrTiedOne => {
                "a team that earned more VPs than each of the others, or uniquely tied one and beat the rest"
            }
        };
        let mut note = Self::missing_note(&records);
        let values = Self::record_values(&records);
        match candidates.as_slice() {
            [w] => {
                let rest = without(group, w);
                self.trace.record(
                    clause,
                    test,
                    group,
                    values,
                    vec![vec![w.clone()], rest],
                    note,
                );
                Some(w.clone())
            }
            [] => {
                self.trace.not_separating(clause, test, group, values, note);
                None
            }
            many => {
                note = crate::engine::join_notes(
                    Some(if many.len() == 2 {
                        format!("{} both qualify, so neither stands out", names(many))
                    } else {
                        format!("{} all qualify, so none stands out", names(many))
                    }),
                    note,
                );
                self.trace.not_separating(clause, test, group, values, note);
                None
            }
        }
    }

    /// The one team that lost to each of the others, if any.
    pub(crate) fn beaten_by_all(
        &mut self,
        clause: &str,
        group: &[ContestantId],
    ) -> Option<ContestantId> {
        let records = self.records(group);
        let losers: Vec<ContestantId> = records
            .iter()
            .filter(|(_, r)| r.lost_to_all())
            .map(|(t, _)| t.clone())
            .collect();
        let test = "a team beaten on VPs by each of the others";
        let note = Self::missing_note(&records);
        let values = Self::record_values(&records);
        match losers.as_slice() {
            [l] => {
                let rest = without(group, l);
                self.trace.record(
                    clause,
                    test,
                    group,
                    values,
                    vec![rest, vec![l.clone()]],
                    note,
                );
                Some(l.clone())
            }
            _ => {
                self.trace.not_separating(clause, test, group, values, note);
                None
            }
        }
    }
}
