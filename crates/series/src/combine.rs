//! Sessions combined: each pair's figures under the rule, what counts, the
//! overall places with every tie settled within its stage (EBU 143.6.1),
//! and each session's own standings.

use std::collections::{BTreeMap, BTreeSet};

use countback_model::{
    BoardNumber, ContestantId, ContestantKind, Direction, Encounter, EncounterStatus, RoundNumber,
    Score, SideScores, TieBreakOutcome, Unit,
};
use countback_tiebreak_ebu::{
    Board as EbuBoard, BoardResult, EventFormat, FinalStanding, MatchGrouping, PenaltyConversion,
    PlacePurposes, Procedure as EbuProcedure, Scoring, Stage, Standings, TiePurpose,
};

use crate::{
    BoardLine, Combine, Counting, MatchBy, SeriesError, SeriesTies, Session, SessionPair,
    SessionTies, SessionsRule,
};

/// A pair in one session's own standings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SessionStanding {
    /// The pair as the session numbers it.
    pub id: ContestantId,
    /// The pair across the event (its key).
    pub key: ContestantId,
    /// The session's field ("NS", "EW", or none for one field).
    pub field: Option<Direction>,
    /// The match-point total the session ranks by.
    pub total: Score,
    /// The percentage.
    pub percentage: Score,
    /// The place in the session, from 1.
    pub place: u32,
    /// Whether the place is shared.
    pub tied: bool,
}

/// One session, as read and ranked on its own.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct SessionResult {
    /// The session's name (its file).
    pub name: String,
    /// The kind of file read (`USEBIO 1.2`, `Bridgemate .bws`, `event file`).
    pub source: String,
    /// Whether the session belongs to the earlier, carried-forward stage.
    pub carried: bool,
    /// Its boards are numbered from `board_offset + 1` in the stage's
    /// count-back (board `b` is `board_offset + b`).
    pub board_offset: u32,
    /// The pairs by place.
    pub standings: Vec<SessionStanding>,
    /// The split of its ties ([`SessionTies::Split`]).
    pub outcome: Option<TieBreakOutcome>,
}

/// A pair in the overall standings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct OverallStanding {
    /// The pair's key across sessions (its number, or its names).
    pub key: ContestantId,
    /// Its players, as the first session names them.
    pub players: Vec<String>,
    /// Its field when the sessions rank NS and EW apart.
    pub field: Option<Direction>,
    /// The figure of each session under the rule (match points or a
    /// percentage), in session order; `None` for an earlier-stage session
    /// the pair did not play.
    pub figures: Vec<Option<Score>>,
    /// Whether each session's figure counts in `stage` (a club series'
    /// best sessions; every figure of the final otherwise), in session
    /// order.
    pub counted: Vec<bool>,
    /// The earlier stage's combined figure times the fraction.
    pub carried: Option<Score>,
    /// The final stage's combined figure (every session's, without a
    /// carry-forward).
    pub stage: Score,
    /// The figure ranked: `stage` plus `carried`.
    pub total: Score,
    /// The place, from 1.
    pub place: u32,
    /// Whether the place is shared (a tie that 143.4 does not split, or
    /// that no test split).
    pub tied: bool,
}

/// Sessions combined.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Combined {
    /// The rule applied.
    pub rule: SessionsRule,
    /// Each session, in order.
    pub sessions: Vec<SessionResult>,
    /// The overall standings, by field then place.
    pub standings: Vec<OverallStanding>,
    /// The pairs of a club series that played fewer sessions than the
    /// rule's minimum: their figures, not ranked (place 0).
    pub not_ranked: Vec<OverallStanding>,
    /// The order and the decision trace of the overall ties (143.7.1).
    pub outcome: TieBreakOutcome,
    /// What was applied, in words: the rule, the key, the carry-forward,
    /// the stage the ties are split in and the boards' numbering.
    pub trace: Vec<String>,
}

impl Combined {
    /// Whether a tie, overall or in a session split by
    /// [`SessionTies::Split`], is left to a play-off or a random ballot.
    #[must_use]
    pub fn needs_human(&self) -> bool {
        std::iter::once(&self.outcome)
            .chain(self.sessions.iter().filter_map(|s| s.outcome.as_ref()))
            .flat_map(|o| &o.order)
            .any(|g| {
                matches!(
                    g.unresolved,
                    Some(
                        countback_model::Unresolved::PlayOff { .. }
                            | countback_model::Unresolved::RandomBallot { .. }
                    )
                )
            })
    }

    /// The unit of the overall figure (`MP` or `%`).
    #[must_use]
    pub fn unit(&self) -> &'static str {
        self.rule.combine.unit()
    }
}

/// The key of a pair under `by`.
fn key_of(pair: &SessionPair, by: MatchBy) -> Option<ContestantId> {
    match by {
        MatchBy::PairNumber => Some(pair.id.clone()),
        MatchBy::Names => {
            let mut names: Vec<String> = pair
                .players
                .iter()
                .map(|n| {
                    n.split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                        .to_lowercase()
                })
                .filter(|n| !n.is_empty())
                .collect();
            if names.is_empty() {
                return None;
            }
            names.sort();
            Some(ContestantId::new(names.join(" & ")))
        }
    }
}

/// The sessions read, each pair by its key across the event.
struct Keyed<'a> {
    reads: &'a [Session],
    /// Each session's pairs: key → index in its `pairs`.
    keyed: Vec<BTreeMap<ContestantId, usize>>,
}

impl Keyed<'_> {
    /// The pair `k` in session `i`, if it played it.
    fn pair_of(&self, i: usize, k: &ContestantId) -> Option<&SessionPair> {
        let j = self.keyed.get(i)?.get(k)?;
        self.reads.get(i)?.pairs.get(*j)
    }

    /// Session `i`'s pairs: its own id → the key across the event.
    fn keys_of(&self, i: usize) -> BTreeMap<ContestantId, ContestantId> {
        let (Some(map), Some(r)) = (self.keyed.get(i), self.reads.get(i)) else {
            return BTreeMap::new();
        };
        map.iter()
            .filter_map(|(k, j)| r.pairs.get(*j).map(|p| (p.id.clone(), k.clone())))
            .collect()
    }
}

/// Each session's pairs by their key under `by`; two pairs of a session
/// with one key, or a pair with no key, refused.
fn key_sessions(reads: &[Session], by: MatchBy) -> Result<Keyed<'_>, SeriesError> {
    let mut keyed: Vec<BTreeMap<ContestantId, usize>> = Vec::with_capacity(reads.len());
    for (i, r) in reads.iter().enumerate() {
        let mut map = BTreeMap::new();
        for (j, p) in r.pairs.iter().enumerate() {
            let key = key_of(p, by).ok_or_else(|| SeriesError::NoNames {
                session: i,
                name: r.name.clone(),
                pair: p.id.clone(),
            })?;
            if let Some(other) = map.insert(key.clone(), j) {
                let first = r
                    .pairs
                    .get(other)
                    .map_or_else(|| ContestantId::new(""), |p| p.id.clone());
                return Err(SeriesError::SameKey {
                    session: i,
                    name: r.name.clone(),
                    first,
                    second: p.id.clone(),
                    key,
                    by,
                });
            }
        }
        keyed.push(map);
    }
    Ok(Keyed { reads, keyed })
}

/// The pairs of the overall standings. Every session counting: those of
/// the final's first session (or of the first session), each required in
/// every other session it must have played. A club series: every pair
/// that played any session.
fn ranked_pairs(
    k: &Keyed<'_>,
    rule: &SessionsRule,
    final_from: usize,
) -> Result<Vec<ContestantId>, SeriesError> {
    if rule.is_series() {
        let all: BTreeSet<&ContestantId> = k.keyed.iter().flat_map(BTreeMap::keys).collect();
        return Ok(all.into_iter().cloned().collect());
    }
    let first = k.keyed.get(final_from).cloned().unwrap_or_default();
    let ranked: Vec<ContestantId> = first.keys().cloned().collect();
    for (i, map) in k.keyed.iter().enumerate() {
        let Some(r) = k.reads.get(i) else { continue };
        if let Some(missing) = ranked.iter().find(|p| !map.contains_key(*p)) {
            let stage = if i < final_from {
                "the earlier stage carried forward"
            } else {
                "the final"
            };
            return Err(SeriesError::Missing {
                session: i,
                name: r.name.clone(),
                pair: missing.clone(),
                by: rule.match_by,
                of: if final_from == 0 { "the event" } else { stage },
            });
        }
        if i >= final_from {
            if let Some(extra) = map.keys().find(|p| !first.contains_key(*p)) {
                return Err(SeriesError::NotInTheFinal {
                    session: i,
                    name: r.name.clone(),
                    pair: extra.clone(),
                    by: rule.match_by,
                    final_session: final_from,
                    final_name: k
                        .reads
                        .get(final_from)
                        .map_or_else(String::new, |r| r.name.clone()),
                });
            }
        }
    }
    Ok(ranked)
}

/// Which of `figures` (one pair's, by session; `None` where it did not
/// play) count under `rule`: every figure of the final; in a club series
/// the sessions played, or the best `n` of them (the earlier session first
/// between equal figures).
fn counted(figures: &[Option<Score>], rule: &SessionsRule, final_from: usize) -> Vec<bool> {
    let mut counted: Vec<bool> = figures
        .iter()
        .enumerate()
        .map(|(i, f)| i >= final_from && f.is_some())
        .collect();
    if let Counting::Best(n) = rule.counting {
        let mut played: Vec<(usize, &Score)> = figures
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.as_ref().map(|f| (i, f)))
            .collect();
        // Best first; between equal figures the earlier session.
        played.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(&b.0)));
        let best = usize::try_from(n).unwrap_or(usize::MAX);
        for (i, _) in played.into_iter().skip(best) {
            if let Some(c) = counted.get_mut(i) {
                *c = false;
            }
        }
    }
    counted
}

/// Each pair's figures, what counts, the carry and the total; in a club
/// series, the pairs that played fewer sessions than the minimum apart
/// (not ranked).
fn overall_figures(
    k: &Keyed<'_>,
    ranked: &[ContestantId],
    rule: &SessionsRule,
    final_from: usize,
) -> (Vec<OverallStanding>, Vec<OverallStanding>) {
    let figure = |p: &SessionPair| match rule.combine {
        Combine::SumOfMatchPoints => p.total.clone(),
        Combine::MeanOfPercentages | Combine::SumOfPercentages => p.percentage.clone(),
    };
    let sessions = k.reads.len();
    // Fields: NS and EW apart when every session ranks them apart and each
    // pair keeps its field.
    let by_field = ranked.iter().all(|p| {
        let fields: BTreeSet<Option<Direction>> = (final_from..sessions)
            .filter_map(|i| k.pair_of(i, p).map(|p| p.field))
            .collect();
        fields.len() == 1 && fields.iter().all(Option::is_some)
    });
    let minimum = rule
        .minimum_played()
        .and_then(|m| usize::try_from(m).ok())
        .unwrap_or(0);
    let mut overall: Vec<OverallStanding> = Vec::with_capacity(ranked.len());
    let mut not_ranked = Vec::new();
    for p in ranked {
        let figures: Vec<Option<Score>> = (0..sessions)
            .map(|i| k.pair_of(i, p).map(&figure))
            .collect();
        let counted = counted(&figures, rule, final_from);
        let stage_figures: Vec<Score> = figures
            .iter()
            .zip(&counted)
            .filter(|(_, c)| **c)
            .filter_map(|(f, _)| f.clone())
            .collect();
        let stage = rule.combine.of(&stage_figures);
        let carried = rule.carry_forward.as_ref().map(|c| {
            let earlier: Vec<Score> = figures
                .get(..final_from)
                .unwrap_or_default()
                .iter()
                .flatten()
                .cloned()
                .collect();
            rule.combine.of(&earlier) * c.fraction.clone()
        });
        let total = stage.clone() + carried.clone().unwrap_or_default();
        // Its players as the first session it played names them.
        let head = (final_from..sessions).find_map(|i| k.pair_of(i, p));
        let played = figures.iter().flatten().count();
        let standing = OverallStanding {
            key: p.clone(),
            players: head.map(|p| p.players.clone()).unwrap_or_default(),
            field: if by_field {
                head.and_then(|p| p.field)
            } else {
                None
            },
            figures,
            counted,
            carried,
            stage,
            total,
            place: 0,
            tied: false,
        };
        if played < minimum {
            not_ranked.push(standing);
        } else {
            overall.push(standing);
        }
    }
    (overall, not_ranked)
}

/// Board numbers of the stage: each session's boards follow the last
/// board of the session before (from 0 again at the final).
fn board_offsets(reads: &[Session], final_from: usize) -> Vec<u32> {
    let mut offsets = Vec::with_capacity(reads.len());
    let mut offset = 0u32;
    for (i, r) in reads.iter().enumerate() {
        if i == final_from {
            offset = 0;
        }
        offsets.push(offset);
        offset = offset.saturating_add(r.boards.iter().map(|b| b.number).max().unwrap_or(0));
    }
    offsets
}

/// What each overall place is for: first place split (143.4(a)), any other
/// shared; in a club series every place shared (docs/sessions.md).
fn overall_purposes(rule: &SessionsRule) -> Result<PlacePurposes, SeriesError> {
    let first = if rule.is_series() && rule.series_ties == SeriesTies::Shared {
        TiePurpose::SharedPlace
    } else {
        TiePurpose::Title
    };
    PlacePurposes::new(TiePurpose::SharedPlace, BTreeMap::from([(1, first)])).map_err(|error| {
        SeriesError::Ebu {
            session: None,
            error,
        }
    })
}

/// The whole standing of `sessions` under `rule`: every pair's figures
/// combined (in a club series, the sessions that count for it), the pairs
/// under a club series' minimum apart, every tie of the overall standings
/// split by EBU 143.7.1 within the stage in which it occurred (143.6.1;
/// shared in a club series unless its reading says split), and each
/// session's own standings.
///
/// # Errors
/// The rule's ([`SessionsRule::check`]); a pair with no names where pairs
/// are matched by names, two pairs of a session with one key, a pair
/// missing from a session it must have played or in the final but not its
/// first session, each naming the session; the EBU procedure's refusal.
pub fn standings(sessions: &[Session], rule: &SessionsRule) -> Result<Combined, SeriesError> {
    let final_from = rule.check(sessions.len())?;
    combine_read(sessions, rule, final_from)
}

/// Sessions combined once read and the rule checked.
fn combine_read(
    reads: &[Session],
    rule: &SessionsRule,
    final_from: usize,
) -> Result<Combined, SeriesError> {
    let k = key_sessions(reads, rule.match_by)?;
    let ranked = ranked_pairs(&k, rule, final_from)?;
    let (mut overall, not_ranked) = overall_figures(&k, &ranked, rule, final_from);
    let offsets = board_offsets(reads, final_from);
    let procedure = EbuProcedure::white_book();
    let purposes = overall_purposes(rule)?;
    let outcome = place_overall(
        &k,
        &mut overall,
        &offsets,
        final_from,
        &procedure,
        &purposes,
    )?;
    let sessions = session_results(&k, &offsets, rule, final_from, &procedure, &purposes)?;
    Ok(Combined {
        rule: rule.clone(),
        sessions,
        standings: overall,
        not_ranked,
        outcome,
        trace: trace_of(reads, rule, final_from, &offsets),
    })
}

/// The overall places, field by field, each tie split within the stage by
/// `purposes`; `overall` sorted by field then place.
fn place_overall(
    k: &Keyed<'_>,
    overall: &mut [OverallStanding],
    offsets: &[u32],
    final_from: usize,
    procedure: &EbuProcedure,
    purposes: &PlacePurposes,
) -> Result<TieBreakOutcome, SeriesError> {
    let keys_of = |i: usize| k.keys_of(i);
    let stage_reads: Vec<(usize, &Session)> = k.reads.iter().enumerate().skip(final_from).collect();
    let scores: BTreeMap<ContestantId, Score> = overall
        .iter()
        .map(|o| (o.key.clone(), o.stage.clone()))
        .collect();
    let stage = ebu_stage(&stage_reads, offsets, &keys_of, &scores)?;
    let by_field = overall.iter().any(|o| o.field.is_some());
    let fields: Vec<Option<Direction>> = if by_field {
        vec![Some(Direction::NorthSouth), Some(Direction::EastWest)]
    } else {
        vec![None]
    };
    let totals: BTreeMap<ContestantId, Score> = overall
        .iter()
        .map(|o| (o.key.clone(), o.total.clone()))
        .collect();
    let mut outcome = TieBreakOutcome::default();
    for f in &fields {
        let members: Vec<ContestantId> = overall
            .iter()
            .filter(|o| o.field == *f)
            .map(|o| o.key.clone())
            .collect();
        let o = procedure
            .field_standings(&stage, &members, |c| totals.get(c).cloned(), purposes)
            .map_err(|error| SeriesError::Ebu {
                session: None,
                error,
            })?;
        let placed = places(&o);
        for s in overall.iter_mut().filter(|s| s.field == *f) {
            if let Some((place, tied)) = placed.get(&s.key) {
                s.place = *place;
                s.tied = *tied;
            }
        }
        outcome.order.extend(o.order);
        outcome.trace.extend(o.trace);
    }
    overall.sort_by(|a, b| {
        (a.field.map(|d| d == Direction::EastWest), a.place, &a.key).cmp(&(
            b.field.map(|d| d == Direction::EastWest),
            b.place,
            &b.key,
        ))
    });
    Ok(outcome)
}

/// Each session's own standings, its pairs keyed, its first place split
/// when the rule says so.
fn session_results(
    k: &Keyed<'_>,
    offsets: &[u32],
    rule: &SessionsRule,
    final_from: usize,
    procedure: &EbuProcedure,
    purposes: &PlacePurposes,
) -> Result<Vec<SessionResult>, SeriesError> {
    let keys_of = |i: usize| k.keys_of(i);
    let mut sessions = Vec::with_capacity(k.reads.len());
    for (i, r) in k.reads.iter().enumerate() {
        let keys = keys_of(i);
        let mut standings: Vec<SessionStanding> = r
            .pairs
            .iter()
            .filter_map(|p| {
                Some(SessionStanding {
                    id: p.id.clone(),
                    key: keys.get(&p.id)?.clone(),
                    field: p.field,
                    total: p.total.clone(),
                    percentage: p.percentage.clone(),
                    place: p.place,
                    tied: p.tied,
                })
            })
            .collect();
        let split = match rule.session_ties {
            SessionTies::Shared => None,
            SessionTies::Split => Some(split_session(
                i,
                r,
                offsets,
                &keys_of,
                &mut standings,
                procedure,
                purposes,
            )?),
        };
        sessions.push(SessionResult {
            name: r.name.clone(),
            source: r.source.clone(),
            carried: i < final_from,
            board_offset: offsets.get(i).copied().unwrap_or(0),
            standings,
            outcome: split,
        });
    }
    Ok(sessions)
}

/// `sessions from–to` (from 0, to from 1) in words.
fn stage_names(from: usize, to: usize) -> String {
    if from + 1 == to {
        format!("session {to}")
    } else {
        format!("sessions {}–{to}", from + 1)
    }
}

/// What was applied, in words: the rule, the key, what counts, the
/// carry-forward, the stage the ties are split in and the boards'
/// numbering.
fn trace_of(
    reads: &[Session],
    rule: &SessionsRule,
    final_from: usize,
    offsets: &[u32],
) -> Vec<String> {
    let mut trace = vec![
        format!(
            "combined by {} ({})",
            rule.combine.words(),
            rule.combine.name()
        ),
        match rule.match_by {
            MatchBy::PairNumber => "pairs matched across sessions by pair number".to_owned(),
            MatchBy::Names => {
                "pairs matched across sessions by their players' names, in any order and case"
                    .to_owned()
            }
        },
    ];
    if let Some(c) = &rule.carry_forward {
        trace.push(format!(
            "carry-forward: {} of {} over {} is added to the final ({}); pairs of the earlier stage not in the final are not ranked overall",
            c.fraction,
            rule.combine.words(),
            stage_names(0, final_from),
            stage_names(final_from, reads.len())
        ));
    }
    if rule.is_series() {
        trace.extend(series_trace(rule, reads.len()));
    } else {
        trace.push(format!(
            "ties in the overall standings split by EBU 143.7.1 within the stage in which they occur: {} (EBU 143.6.1: no reference to an earlier stage or a carry-forward); first place split (143.4(a)), any other tied place shared",
            stage_names(final_from, reads.len())
        ));
    }
    for (i, r) in reads.iter().enumerate().skip(final_from) {
        let off = offsets.get(i).copied().unwrap_or(0);
        if off > 0 && !(rule.is_series() && rule.series_ties == SeriesTies::Shared) {
            trace.push(format!(
                "in the count-back, board b of session {} ({}) is board {off} + b of the stage",
                i + 1,
                r.name
            ));
        }
    }
    if rule.session_ties == SessionTies::Split {
        trace.push(
            "each session's first place split by EBU 143.7.1 within that session alone".to_owned(),
        );
    }
    trace
}

/// A club series' lines of the trace: what counts, who is ranked, how
/// ties are settled.
fn series_trace(rule: &SessionsRule, sessions: usize) -> Vec<String> {
    let minimum = rule.minimum_played().unwrap_or(1);
    let counts = match rule.counting {
        Counting::Best(n) => format!(
            "a club series ({}): each pair's best {n} of the sessions it played count (with fewer, every one it played); the others are shown in brackets",
            rule.counting.name()
        ),
        _ => format!(
            "a club series ({}): every session a pair played counts",
            rule.counting.name()
        ),
    };
    let ties = match rule.series_ties {
        SeriesTies::Shared => "ties in the overall standings shared: the pairs of a club series did not play one stage together (EBU 143.6.1 splits a tie within the stage in which it occurred), so no test of EBU 143.7.1 applies (EBU 143.4: tied contestants share)".to_owned(),
        SeriesTies::Split => format!(
            "ties in the overall standings: first place split by EBU 143.7.1 over every session of the series ({}), a board a pair did not play at its average; any other tied place shared (the split reading of a club series' ties)",
            stage_names(0, sessions)
        ),
    };
    vec![
        counts,
        format!(
            "a pair is ranked when it played at least {minimum} of the {sessions} sessions; the others are listed, not ranked"
        ),
        ties,
    ]
}

/// Each member's place (from 1) and whether it is shared, from an order.
fn places(o: &TieBreakOutcome) -> BTreeMap<ContestantId, (u32, bool)> {
    let mut out = BTreeMap::new();
    let mut place = 1u32;
    for g in &o.order {
        for m in &g.members {
            out.insert(m.clone(), (place, g.members.len() > 1));
        }
        place = place.saturating_add(u32::try_from(g.members.len()).unwrap_or(u32::MAX));
    }
    out
}

/// The EBU stage of `sessions`: every pair by its key with `scores` as its
/// final score; each meeting of two pairs in a session a round, in match
/// points; every board of every session (numbered past the boards of the
/// sessions before) for the count-back.
fn ebu_stage(
    sessions: &[(usize, &Session)],
    offsets: &[u32],
    keys_of: &dyn Fn(usize) -> BTreeMap<ContestantId, ContestantId>,
    scores: &BTreeMap<ContestantId, Score>,
) -> Result<Stage, SeriesError> {
    let ebu = |error: countback_tiebreak_ebu::EbuError| SeriesError::Ebu {
        session: None,
        error,
    };
    let standings = Standings::new(
        scores
            .iter()
            .map(|(k, s)| FinalStanding::full(k.clone(), s.clone())),
    )
    .map_err(ebu)?;
    let mut meetings: BTreeMap<(usize, ContestantId, ContestantId), (Score, Score)> =
        BTreeMap::new();
    let mut boards = Vec::new();
    for (i, r) in sessions {
        let keys = keys_of(*i);
        let off = offsets.get(*i).copied().unwrap_or(0);
        for b in &r.boards {
            let mut results = BTreeMap::new();
            for BoardLine {
                ns,
                ew,
                ns_points: ns_mp,
                ew_points: ew_mp,
                played,
            } in &b.lines
            {
                let (Some(n), Some(e)) = (keys.get(ns), keys.get(ew)) else {
                    continue;
                };
                if !scores.contains_key(n) || !scores.contains_key(e) {
                    continue;
                }
                let result = |s: &Score| {
                    if *played {
                        BoardResult::Played(s.clone())
                    } else {
                        BoardResult::Unplayed { awarded: s.clone() }
                    }
                };
                results.insert(n.clone(), result(ns_mp));
                results.insert(e.clone(), result(ew_mp));
                if *played {
                    let (lo, hi, a, z) = if n < e {
                        (n, e, ns_mp, ew_mp)
                    } else {
                        (e, n, ew_mp, ns_mp)
                    };
                    let m = meetings
                        .entry((*i, lo.clone(), hi.clone()))
                        .or_insert((Score::ZERO, Score::ZERO));
                    m.0 += a.clone();
                    m.1 += z.clone();
                }
            }
            boards.push(EbuBoard {
                number: BoardNumber(off.saturating_add(b.number)),
                average: b.top.checked_div(&Score::integer(2)).unwrap_or_default(),
                results,
            });
        }
    }
    let met: BTreeSet<(&ContestantId, &ContestantId)> =
        meetings.keys().map(|(_, a, b)| (a, b)).collect();
    let n = scores.len();
    let all_play_all = n > 1 && met.len() == n * (n - 1) / 2;
    let encounters = meetings
        .into_iter()
        .map(|((i, first, second), (a, b))| Encounter {
            round: RoundNumber(u32::try_from(i + 1).unwrap_or(u32::MAX)),
            first,
            second,
            scores: vec![SideScores {
                unit: Unit::MatchPoints,
                first: a,
                second: b,
            }],
            status: EncounterStatus::Played,
            weight: Score::ONE,
        })
        .collect();
    Ok(Stage {
        format: EventFormat {
            scoring: Scoring::unconverted(Unit::MatchPoints),
            all_play_all,
            contestants: ContestantKind::Pair,
            grouping: MatchGrouping::Rounds,
            draw_score: countback_tiebreak_ebu::draw_score(None).map_err(ebu)?,
        },
        standings,
        encounters,
        partnerships: vec![],
        boards,
        penalties: vec![],
        conversion: PenaltyConversion::standard(),
    })
}

/// Split session `i`'s first place by 143.7.1 within the session alone,
/// and set its places from the split.
fn split_session(
    i: usize,
    r: &Session,
    offsets: &[u32],
    keys_of: &dyn Fn(usize) -> BTreeMap<ContestantId, ContestantId>,
    standings: &mut [SessionStanding],
    procedure: &EbuProcedure,
    purposes: &PlacePurposes,
) -> Result<TieBreakOutcome, SeriesError> {
    let ebu = |error: countback_tiebreak_ebu::EbuError| SeriesError::Ebu {
        session: Some(i),
        error,
    };
    let scores: BTreeMap<ContestantId, Score> = standings
        .iter()
        .map(|s| (s.key.clone(), s.percentage.clone()))
        .collect();
    let stage = ebu_stage(&[(i, r)], offsets, keys_of, &scores)?;
    let mut out = TieBreakOutcome::default();
    let fields: BTreeSet<Option<Direction>> = standings.iter().map(|s| s.field).collect();
    for f in fields {
        let members: Vec<ContestantId> = standings
            .iter()
            .filter(|s| s.field == f)
            .map(|s| s.key.clone())
            .collect();
        let o = procedure
            .field_standings(&stage, &members, |c| scores.get(c).cloned(), purposes)
            .map_err(ebu)?;
        let placed = places(&o);
        for s in standings.iter_mut().filter(|s| s.field == f) {
            if let Some((place, tied)) = placed.get(&s.key) {
                s.place = *place;
                s.tied = *tied;
            }
        }
        out.order.extend(o.order);
        out.trace.extend(o.trace);
    }
    Ok(out)
}
