//! The checks a scorer wants before publishing a teams event: nobody twice
//! in a round, nothing after a withdrawal, every round accounted for, every
//! round-robin pairing played, VPs that add up to the scale.
//!
//! What cannot be right is an error; what may be right but usually is not
//! is a [`Warning`], printed and listed in the JSON.

use crate::Contradiction;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use countback_model::{ContestantId, Encounter, EncounterStatus, Score, Unit};

use crate::convert::{known, match_path, round_from_one};
use crate::error::{EventError, FieldPath, Problem, Result};
use crate::file::EventFile;
use crate::Warning;

/// Who played at the table in which round, and how many rounds the stage
/// has.
#[derive(Debug, Clone, Default)]
pub struct Rounds {
    /// The number of rounds of the stage (the last round of any match or
    /// bye).
    pub count: u32,
    /// How much of a match each contestant played at the table, summed
    /// over the rounds: 1 a round for a full match, 1/2 for each half of a
    /// triangle (EBU 143.5.2 adjusts tie-break points pro rata by it).
    pub at_table: BTreeMap<ContestantId, Score>,
    /// Each withdrawn contestant's last round.
    pub withdrew_after: BTreeMap<ContestantId, u32>,
    /// Each contestant's VPs from byes.
    pub bye_vps: BTreeMap<ContestantId, Score>,
}

/// The contestants numbered by their place in the event's set, so that a
/// check keys its tables by a small integer. A name outside the set (the
/// readers refuse one before the checks run) takes the next number, found
/// again by hashing like the others.
struct Ids<'a> {
    by_name: HashMap<&'a str, usize>,
    extra: HashMap<ContestantId, usize>,
    names: Vec<ContestantId>,
}

impl<'a> Ids<'a> {
    fn new(set: &'a BTreeSet<ContestantId>) -> Ids<'a> {
        Ids {
            by_name: set
                .iter()
                .enumerate()
                .map(|(i, c)| (c.as_str(), i))
                .collect(),
            extra: HashMap::new(),
            names: set.iter().cloned().collect(),
        }
    }

    fn of(&mut self, c: &ContestantId) -> usize {
        if let Some(i) = self.by_name.get(c.as_str()) {
            return *i;
        }
        let names = &mut self.names;
        *self.extra.entry(c.clone()).or_insert_with(|| {
            names.push(c.clone());
            names.len() - 1
        })
    }

    fn name(&self, i: usize) -> Option<&ContestantId> {
        self.names.get(i)
    }
}

/// Where a contestant is entered in a round: a side of match `i`, or bye
/// `i`.
#[derive(Debug, Clone, Copy)]
enum Place {
    First(usize),
    Second(usize),
    Bye(usize),
}

impl Place {
    fn path(self) -> FieldPath {
        match self {
            Place::First(i) => match_path(i).k("first"),
            Place::Second(i) => match_path(i).k("second"),
            Place::Bye(i) => FieldPath::key("byes").i(i),
        }
    }
}

/// Check the matches and byes of a teams event; `encounters` are the
/// converted matches with their index in the file.
pub fn team_rounds(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
    encounters: &[(usize, Encounter)],
    round_robin: bool,
    warnings: &mut Vec<Warning>,
) -> Result<Rounds> {
    let mut rounds = Rounds::default();
    // Each contestant is numbered once (its place in `set`), so that the
    // checks below look up small integers, not names: comparing names was
    // a quarter of a 10,000-team run (issue 30).
    let mut ids = Ids::new(set);
    let (entry, at_table) = entries(event, set, encounters, &mut ids, &mut rounds)?;
    sequence_gaps(event, encounters, warnings);
    rounds.at_table = at_table
        .into_iter()
        .enumerate()
        .filter_map(|(t, s)| Some((ids.name(t)?.clone(), s?)))
        .collect();
    withdrawals(event, encounters, &mut rounds)?;
    rounds_without_a_match(event, set, &entry, &rounds, warnings);
    if round_robin {
        unmet_pairings(set, encounters, warnings);
    }
    Ok(rounds)
}

/// Each contestant's entries in each round: the share of a match each
/// is worth (a bye is a whole round) and where it is, so that a
/// contestant in several part-matches of a round (a triangle) is
/// accepted while their weights add up to at most one match. The
/// place's path is spelled out only for a message. Kept by contestant
/// number, each one's entries in the order given: a contestant has a
/// handful, so a scan of its own beats hashing (issue 30).
type Entries = Vec<Vec<(u32, Score, Place)>>;

/// Every match and bye entered: each contestant's entries (a contestant at
/// most one match a round), the rounds' count, the byes' VPs, and how much
/// of a match each contestant (by number) played at the table.
fn entries(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
    encounters: &[(usize, Encounter)],
    ids: &mut Ids<'_>,
    rounds: &mut Rounds,
) -> Result<(Entries, Vec<Option<Score>>)> {
    let mut entry: Entries = vec![Vec::new(); set.len()];
    let mut claim = |round: u32, who: &ContestantId, id: usize, weight: &Score, at: Place| {
        claim(&mut entry, (round, who, id), weight, at)
    };
    let mut at_table: Vec<Option<Score>> = Vec::new();
    for (i, e) in encounters {
        let (first, second) = (ids.of(&e.first), ids.of(&e.second));
        claim(e.round.0, &e.first, first, &e.weight, Place::First(*i))?;
        claim(e.round.0, &e.second, second, &e.weight, Place::Second(*i))?;
        rounds.count = rounds.count.max(e.round.0);
        if e.status == EncounterStatus::Played {
            for t in [first, second] {
                if at_table.len() <= t {
                    at_table.resize(t + 1, None);
                }
                if let Some(slot) = at_table.get_mut(t) {
                    *slot.get_or_insert_with(Score::default) += &e.weight;
                }
            }
        }
    }
    for (i, b) in event.byes.iter().enumerate() {
        let at = FieldPath::key("byes").i(i);
        let who = known(set, &b.contestant, at.k("contestant"))?;
        if b.round == 0 {
            return Err(round_from_one(at.k("round")));
        }
        let id = ids.of(&who);
        claim(b.round, &who, id, &Score::ONE, Place::Bye(i))?;
        rounds.count = rounds.count.max(b.round);
        if let Some(vp) = &b.vp {
            *rounds.bye_vps.entry(who).or_default() += vp;
        }
    }
    Ok((entry, at_table))
}

/// Enter `who` (number `id`) in `round` for `weight` of a match at `at`;
/// an error when its entries of the round would add up to more than one
/// match.
fn claim(
    entry: &mut Entries,
    (round, who, id): (u32, &ContestantId, usize),
    weight: &Score,
    at: Place,
) -> Result<()> {
    if entry.len() <= id {
        entry.resize(id + 1, Vec::new());
    }
    let Some(own) = entry.get_mut(id) else {
        return Ok(());
    };
    let slot = || own.iter().filter(|(r, _, _)| *r == round);
    let before: Score = slot().map(|(_, w, _)| w).sum();
    let total = &before + weight;
    if total > Score::ONE {
        let others: Vec<String> = slot()
            .map(|(_, w, f)| {
                let f = f.path();
                if *w == Score::ONE {
                    f.to_string()
                } else {
                    format!("{f}, weight {w}")
                }
            })
            .collect();
        return Err(EventError::at(
            at.path(),
            Contradiction::EnteredTwiceInRound {
                who: who.to_string(),
                round,
                weight: weight.clone(),
                elsewhere: others,
                total,
            },
        ));
    }
    own.push((round, weight.clone(), at));
    Ok(())
}

/// Each withdrawn contestant's last round: within the stage, and no match
/// played after it.
fn withdrawals(
    event: &EventFile,
    encounters: &[(usize, Encounter)],
    rounds: &mut Rounds,
) -> Result<()> {
    for (i, c) in event.contestants.iter().enumerate() {
        let Some(w) = c.withdrew_after_round else {
            continue;
        };
        let at = FieldPath::key("contestants").i(i).k("withdrew_after_round");
        if w == 0 {
            return Err(EventError::at(
                at,
                Problem::out_of_range(
                    "0",
                    "a contestant who played no round is not in the stage: leave it out",
                ),
            ));
        }
        if w > rounds.count {
            return Err(EventError::at(
                at,
                Problem::out_of_range(w.to_string(), format!(
                        "the stage has {} rounds: a contestant who played them all did not withdraw",
                        rounds.count
                    )),
            ));
        }
        let id = ContestantId::new(c.id.as_str());
        for (j, e) in encounters {
            if e.status == EncounterStatus::Played
                && e.round.0 > w
                && (e.first == id || e.second == id)
            {
                return Err(EventError::at(
                    match_path(*j),
                    Contradiction::PlayedAfterWithdrawing {
                        who: id.to_string(),
                        withdrew_after: w,
                        round: e.round.0,
                    },
                ));
            }
        }
        rounds.withdrew_after.insert(id, w);
    }
    Ok(())
}

/// A warning for each contestant with no match or bye in a round it should
/// have played (before it withdrew), and for each round in which its
/// part-matches add up to less than a match.
fn rounds_without_a_match(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
    entry: &Entries,
    rounds: &Rounds,
    warnings: &mut Vec<Warning>,
) {
    let listed: std::cell::OnceCell<foldhash::HashMap<&str, usize>> = std::cell::OnceCell::new();
    for (id, c) in set.iter().enumerate() {
        let last = rounds
            .withdrew_after
            .get(c)
            .copied()
            .unwrap_or(rounds.count);
        // The share of a match it is entered for in each round 1..=last it
        // has an entry in, in round order, from its own entries.
        let mut own: Vec<(u32, &Score)> = entry
            .get(id)
            .into_iter()
            .flatten()
            .filter(|(r, _, _)| (1..=last).contains(r))
            .map(|(r, w, _)| (*r, w))
            .collect();
        own.sort_by_key(|(r, _)| *r);
        let mut per_round: Vec<(u32, Score)> = Vec::with_capacity(own.len());
        for (r, w) in own {
            match per_round.last_mut() {
                Some((last_r, sum)) if *last_r == r => *sum += w,
                _ => per_round.push((r, w.clone())),
            }
        }
        // The rounds 1..=last it has no entry in, as runs (`3`, `5–9`): a
        // round number is a key, not a length, so the work and the message
        // are sized by its entries, not by its highest round (issue 44: one
        // match in round 100,000,000 listed every round before it, 3.2 GB).
        let mut missing: Vec<String> = Vec::new();
        let mut next = 1u32;
        let entered = per_round.iter().map(|(r, _)| *r);
        for upto in entered.chain(last.checked_add(1)) {
            if upto > next {
                missing.push(run_of_rounds(next, upto - 1));
            }
            next = upto.saturating_add(1);
        }
        // Rounds in which its part-matches add up to less than a match.
        let short: Vec<String> = per_round
            .iter()
            .filter(|(_, sum)| *sum < Score::ONE)
            .map(|(r, sum)| format!("{r} ({sum} of a match)"))
            .collect();
        // Looked up only for a warning, in a map built at the first one: a
        // scan of the contestants per warning was warnings × contestants
        // (issue 44: 2.7 MB of JSON, 11.7 s).
        let field = || {
            let index = listed.get_or_init(|| {
                let mut index = foldhash::HashMap::default();
                for (i, x) in event.contestants.iter().enumerate() {
                    index.entry(x.id.as_str()).or_insert(i);
                }
                index
            });
            let i = index.get(c.as_str()).copied().unwrap_or(0);
            Some(FieldPath::key("contestants").i(i))
        };
        if !missing.is_empty() {
            warnings.push(Warning {
                kind: Some(crate::WarningKind::NoMatchInRound),
                field: field(),
                at: None,
                message: format!(
                    "{c} has no match or bye in {} {} (record a `[[byes]]` entry if it sat out)",
                    if missing.len() == 1 && !missing.iter().any(|m| m.contains(['–', ','])) {
                        "round"
                    } else {
                        "rounds"
                    },
                    missing.join(", ")
                ),
            });
        }
        if !short.is_empty() {
            warnings.push(Warning {
                kind: None,
                field: field(),
                at: None,
                message: format!(
                    "{c} plays less than a whole match in round {}: the matches' weights add up to less than 1 (a triangle's half matches are `weight = \"1/2\"` each)",
                    short.join(", ")
                ),
            });
        }
    }
}

/// A round robin: a warning naming the first pairings that never played.
fn unmet_pairings(
    set: &BTreeSet<ContestantId>,
    encounters: &[(usize, Encounter)],
    warnings: &mut Vec<Warning>,
) {
    let met: BTreeSet<(&ContestantId, &ContestantId)> = encounters
        .iter()
        .map(|(_, e)| {
            if e.first < e.second {
                (&e.first, &e.second)
            } else {
                (&e.second, &e.first)
            }
        })
        .collect();
    // Counted, and the first few named: every pairing listed cost
    // teams² (issue 44: 4.8 MB of input asked for 4.2 GB). The pairs
    // walked before the first NAMED_PAIRINGS unmet ones are each met
    // or named, so the walk is sized by the matches, not by teams².
    let n = set.len();
    let pairings = n.saturating_mul(n.saturating_sub(1)) / 2;
    let met_pairs = met.iter().filter(|(a, b)| a != b).count();
    let unmet = pairings.saturating_sub(met_pairs);
    if unmet > 0 {
        let named: Vec<String> = set
            .iter()
            .flat_map(|a| set.range(a.clone()..).skip(1).map(move |b| (a, b)))
            .filter(|p| !met.contains(p))
            .take(NAMED_PAIRINGS)
            .map(|(a, b)| format!("{a} v {b}"))
            .collect();
        let more = if unmet > named.len() {
            format!(" and {} more", unmet - named.len())
        } else {
            String::new()
        };
        warnings.push(Warning {
            kind: None,
            field: Some(FieldPath::key("matches")),
            at: None,
            message: format!(
                "a round robin in which {unmet} pairing(s) never played: {}{more}",
                named.join(", ")
            ),
        });
    }
}

/// A round with no match or bye at all before a round that has one: a
/// round number that breaks the sequence, as a typo does (`5` for `3` in a
/// PBN teams file's `Round` column). Nothing is changed, but the rounds a
/// team is taken to have played change with it, and with them every
/// tie-break pro rata to rounds (EBU 143.5.2), so the first match after
/// each gap is named (issue 44: it changed EBU tie-break points with no
/// word about the round). Sized by the matches: one pass over the rounds
/// in use, never over the numbers between them.
fn sequence_gaps(
    event: &EventFile,
    encounters: &[(usize, Encounter)],
    warnings: &mut Vec<Warning>,
) {
    let mut first_in: BTreeMap<u32, Option<usize>> = BTreeMap::new();
    // The encounters come in file order: the first seen is the first.
    for (i, e) in encounters {
        first_in.entry(e.round.0).or_insert(Some(*i));
    }
    for b in &event.byes {
        first_in.entry(b.round).or_insert(None);
    }
    let mut before = 0u32;
    for (round, first) in first_in {
        if round > before.saturating_add(1) {
            let gap = run_of_rounds(before + 1, round - 1);
            let (field, what) = match first {
                Some(i) => (Some(match_path(i).k("round")), "this match"),
                None => (Some(FieldPath::key("byes")), "a bye"),
            };
            let after = if before == 0 {
                "is the first round in use".to_owned()
            } else {
                format!("follows round {before}")
            };
            warnings.push(Warning {
                kind: None,
                field,
                at: None,
                message: format!(
                    "round {round} ({what}) {after}, with no match or bye in round(s) {gap}: a round number that breaks the sequence (a typo?) changes the rounds each team is taken to have played, and every tie-break pro rata to rounds (EBU 143.5.2)"
                ),
            });
        }
        before = round;
    }
}

/// How many unplayed pairings of a round robin a warning names before it
/// counts the rest.
const NAMED_PAIRINGS: usize = 20;

/// Rounds `from..=to` as a reader writes them: `3`, `3, 4`, `3–9`.
fn run_of_rounds(from: u32, to: u32) -> String {
    match to.saturating_sub(from) {
        0 => from.to_string(),
        1 => format!("{from}, {to}"),
        _ => format!("{from}–{to}"),
    }
}

/// Every played match's VPs add up to the scale: to `vp_total` (times the
/// match's weight) where the file declares it, an error otherwise; where it
/// does not, a warning names the matches whose total differs from the
/// usual one.
pub fn vp_totals(
    event: &EventFile,
    encounters: &[(usize, Encounter)],
    warnings: &mut Vec<Warning>,
) -> Result<()> {
    let played = encounters
        .iter()
        .filter(|(_, e)| e.status == EncounterStatus::Played)
        .filter_map(|(i, e)| {
            e.scores_for(&e.first, Unit::VictoryPoints)
                .map(|(a, b)| (*i, e, a + b))
        });
    if let Some(total) = &event.event.vp_total {
        for (i, e, sum) in played {
            let want = total * &e.weight;
            if sum != want {
                return Err(EventError::at(
                    match_path(i).k("vp"),
                    Contradiction::VpTotal {
                        sum,
                        want,
                        total: total.clone(),
                        weight: e.weight.clone(),
                    },
                ));
            }
        }
        return Ok(());
    }
    let played: Vec<(usize, &Encounter, Score)> = played.collect();
    let mut counts: BTreeMap<&Score, usize> = BTreeMap::new();
    for (_, _, s) in played.iter().filter(|(_, e, _)| e.weight == Score::ONE) {
        *counts.entry(s).or_default() += 1;
    }
    let Some((usual, _)) = counts
        .iter()
        .max_by_key(|(s, n)| (**n, std::cmp::Reverse(**s)))
    else {
        return Ok(());
    };
    for (i, e, s) in &played {
        // A part-match (a triangle's half match) shares its part of the
        // usual total.
        let want = *usual * &e.weight;
        if *s == want {
            continue;
        }
        let message = if e.weight == Score::ONE {
            format!(
                "the VPs add up to {s} where the other matches add up to {usual}; declare event.vp_total to make this an error"
            )
        } else {
            format!(
                "the VPs add up to {s} where a part-match of weight {} of the others' {usual} would share {want}; declare event.vp_total to make this an error",
                e.weight
            )
        };
        warnings.push(Warning {
            kind: None,
            field: Some(match_path(*i).k("vp")),
            at: None,
            message,
        });
    }
    Ok(())
}

/// A scorer's checks of a pairs session's travellers, as warnings (each
/// figure could be right, so none is refused; docs/cli.md, "What a director
/// types"):
/// - a score no contract makes at the board's vulnerability (by the
///   16-board cycle, or the board's `vulnerability`): a weighted score
///   (Law 12C1(c)) is typed as a figure no contract makes, so it is not
///   refused;
/// - a pair that plays fewer than half the boards the busiest pair plays:
///   a mistyped pair number makes a phantom pair that plays once while the
///   real pair misses that board.
///
/// The same pass finds where each pair sat ([`Seats`]), which the session's
/// fields are made from: each pair's name is looked up once a line here,
/// not again in a pass of its own (issue 43: each pass over a million
/// results' names was a tenth of the whole command).
pub fn session_scores(event: &EventFile) -> (Vec<Warning>, Seats) {
    use countback_contract::{is_possible_score, Vulnerability};
    let mut warnings = Vec::new();
    // Each pair once, with its first line (board, line, side) and how
    // many boards it plays, counted as the boards come: no path, set or
    // list is built per line or per pair, only for the warnings (issue 30:
    // this check was 12% of a large session, then a list of boards a pair
    // was 5% of a board of 20,000 results).
    let widest = event
        .boards
        .iter()
        .map(|b| b.results.len())
        .max()
        .unwrap_or(0);
    // Keyed by the ids, which the reader shares: a name found is the same
    // id, told equal without comparing its text.
    let mut pairs: foldhash::HashMap<&ContestantId, Count> =
        foldhash::HashMapExt::with_capacity(widest.saturating_mul(2));
    let line_path = |i: usize, j: usize| FieldPath::key("boards").i(i).k("results").i(j);
    for (i, b) in event.boards.iter().enumerate() {
        let vulnerability = match b.vulnerability {
            Some(v) => Some(v.vulnerability()),
            None => Vulnerability::of_board(countback_model::BoardNumber(b.board)).ok(),
        };
        for (j, r) in b.results.iter().enumerate() {
            for (pair, field, seat) in [(&r.ns, "ns", Seats::NS), (&r.ew, "ew", Seats::EW)] {
                pairs
                    .entry(pair)
                    .or_insert_with(|| Count::new(FirstLine(i, j, field), b.board))
                    .add(b.board, seat);
            }
            let Some(v) = vulnerability else {
                continue;
            };
            // A weighted score's components are real results, each checked
            // as a traveller score is.
            let typed = r.score.iter().map(|score| (score, None)).chain(
                r.weighted
                    .iter()
                    .flatten()
                    .enumerate()
                    .map(|(k, part)| (&part.score, Some(k))),
            );
            for (score, part) in typed {
                let Some(ns_points) = score
                    .points()
                    .or_else(|| score.text().trim().parse::<i32>().ok())
                else {
                    continue;
                };
                if !is_possible_score(ns_points, v) {
                    let how = if b.vulnerability.is_some() {
                        "as the board's `vulnerability` says"
                    } else {
                        "by the 16-board cycle"
                    };
                    let line = line_path(i, j);
                    let field = match part {
                        None => line.k("score"),
                        Some(k) => line.k("weighted").i(k).k("score"),
                    };
                    warnings.push(Warning {
                    kind: Some(crate::WarningKind::ImpossibleScore),
                    field: Some(field),
                    at: None,
                    message: format!(
                        "board {}: no contract scores {ns_points} for NS when {} ({how}); a mistyped score? (a weighted score, Law 12C1(c), goes in `weighted`, its components real scores)",
                        b.board,
                        vulnerable_words(v)
                    ),
                });
                }
            }
        }
    }
    let seats = Seats::of(&pairs);
    few_boards(event, pairs, &mut warnings);
    (warnings, seats)
}

/// Where each pair sat on the travellers: NS, EW or both ways.
#[derive(Debug)]
pub(crate) struct Seats {
    /// Each pair's seats, by its own id (the file's lines may be given up
    /// once they are checked).
    by_pair: foldhash::HashMap<ContestantId, u8>,
    /// Pairs that sat NS.
    pub(crate) ns: usize,
    /// Pairs that sat EW.
    pub(crate) ew: usize,
    /// Pairs that sat both ways (none in a Mitchell).
    pub(crate) both: usize,
}

impl Seats {
    const NS: u8 = 1;
    const EW: u8 = 2;

    fn of(pairs: &foldhash::HashMap<&ContestantId, Count>) -> Seats {
        let by_pair: foldhash::HashMap<ContestantId, u8> =
            pairs.iter().map(|(p, c)| ((*p).clone(), c.seats)).collect();
        let count = |seat: u8| by_pair.values().filter(|s| **s & seat == seat).count();
        Seats {
            ns: count(Seats::NS),
            ew: count(Seats::EW),
            both: count(Seats::NS | Seats::EW),
            by_pair,
        }
    }

    /// Every pair on the travellers.
    pub(crate) fn pairs(&self) -> usize {
        self.by_pair.len()
    }

    /// Whether `pair` sat NS on some line.
    pub(crate) fn sat_ns(&self, pair: &ContestantId) -> bool {
        self.by_pair.get(pair).is_some_and(|s| s & Seats::NS != 0)
    }

    /// Whether `pair` sat EW on some line.
    pub(crate) fn sat_ew(&self, pair: &ContestantId) -> bool {
        self.by_pair.get(pair).is_some_and(|s| s & Seats::EW != 0)
    }
}

/// The check of a pair on too few boards, from each pair's count.
fn few_boards(
    event: &EventFile,
    pairs: foldhash::HashMap<&ContestantId, Count>,
    warnings: &mut Vec<Warning>,
) {
    let line_path = |i: usize, j: usize| FieldPath::key("boards").i(i).k("results").i(j);
    // Boards in order for every pair (as files are written): the counts
    // are exact, and if no pair plays too few the check is done. Else each
    // pair's boards as a sorted set, the pairs in the order of their names.
    if pairs.values().all(|c| c.in_order) {
        let busiest = pairs.values().map(|c| c.boards).max().unwrap_or(0);
        if pairs.values().all(|c| c.boards * 2 >= busiest) {
            return;
        }
    }
    let mut lists: foldhash::HashMap<&ContestantId, Vec<u32>> =
        foldhash::HashMapExt::with_capacity(pairs.len());
    for b in &event.boards {
        for r in &b.results {
            for pair in [&r.ns, &r.ew] {
                lists.entry(pair).or_default().push(b.board);
            }
        }
    }
    let mut played: Vec<(&str, Vec<u32>, FirstLine)> = pairs
        .into_iter()
        .map(|(pair, count)| {
            let mut boards = lists.remove(pair).unwrap_or_default();
            boards.sort_unstable();
            boards.dedup();
            (pair.as_str(), boards, count.first)
        })
        .collect();
    let busiest = played.iter().map(|(_, b, _)| b.len()).max().unwrap_or(0);
    if played.iter().all(|(_, b, _)| b.len() * 2 >= busiest) {
        return;
    }
    played.sort_unstable_by(|a, b| a.0.cmp(b.0));
    for (pair, boards, FirstLine(i, j, side)) in &played {
        if boards.len() * 2 >= busiest {
            continue;
        }
        // The pairs that miss one of these boards and play more than half:
        // the real pair, if the number was mistyped.
        let suspects: Vec<&str> = played
            .iter()
            .filter(|(p, b, _)| {
                p != pair
                    && b.len() * 2 >= busiest
                    && b.len() < busiest
                    && !boards.iter().all(|x| b.binary_search(x).is_ok())
            })
            .map(|(p, _, _)| *p)
            .collect();
        let list: Vec<String> = boards.iter().map(u32::to_string).collect();
        warnings.push(Warning {
            kind: Some(crate::WarningKind::FewBoards),
            field: Some(line_path(*i, *j).k(side)),
            at: None,
            message: format!(
                "pair {pair} plays {} board(s) ({}) where a pair plays up to {busiest}: a mistyped pair number?{}",
                boards.len(),
                list.join(", "),
                if suspects.is_empty() {
                    String::new()
                } else {
                    format!(" ({} miss(es) one of these boards)", suspects.join(", "))
                }
            ),
        });
    }
}

/// Where a pair first plays: the board's index, the line's index on it and
/// the side (`ns` or `ew`).
struct FirstLine(usize, usize, &'static str);

/// A pair's boards as they come: its first line, the last board, and how
/// many distinct boards so far, exact while its boards come in order.
struct Count {
    first: FirstLine,
    last: u32,
    boards: usize,
    in_order: bool,
    /// Where it sat: [`Seats::NS`], [`Seats::EW`] or both.
    seats: u8,
}

impl Count {
    fn new(first: FirstLine, board: u32) -> Count {
        Count {
            first,
            last: board,
            boards: 1,
            in_order: true,
            seats: 0,
        }
    }

    /// The pair plays `board` (its first board is counted already), in
    /// `seat`.
    fn add(&mut self, board: u32, seat: u8) {
        self.seats |= seat;
        if board > self.last {
            self.boards += 1;
            self.last = board;
        } else if board < self.last {
            self.in_order = false;
        }
    }
}

fn vulnerable_words(v: countback_contract::Vulnerability) -> &'static str {
    use countback_contract::Vulnerability as V;
    match v {
        V::None => "neither side is vulnerable",
        V::NorthSouth => "NS are vulnerable",
        V::EastWest => "EW are vulnerable",
        V::Both => "both sides are vulnerable",
    }
}

/// A scorer's checks of a teams event's typed figures (docs/cli.md, "What
/// a director types"):
/// - a match given board by board with fewer boards than
///   `event.boards_per_match` and no `boards` of its own: a warning (a board
///   may have been cancelled: say so with the match's `boards`);
/// - VPs outside `0..=total × weight` of the declared scale (`vp_total`, or
///   the `vp_scale`'s): an error where `vp_total` is declared and the match
///   was played (every played match then adds up to it, so no penalty is
///   folded in and no side can have more than all of it), else a warning
///   (a penalty may be folded in);
/// - BAM board points (`wbf-bam`'s `match_points`): negative is an error (a
///   board gives a side 0, 1/2 or 1); more than the stage's usual number of
///   boards a warning (that match may have been longer).
pub fn typed_match_figures(
    event: &EventFile,
    bam: bool,
    warnings: &mut Vec<Warning>,
) -> Result<()> {
    let info = &event.event;
    for (i, m) in event.matches.iter().enumerate() {
        let at = match_path(i);
        let listed = [
            ("board_results", m.board_results.as_ref().map(Vec::len)),
            ("board_imps", m.board_imps.as_ref().map(Vec::len)),
        ];
        if let (Some(full), None) = (info.boards_per_match, m.boards) {
            for (field, n) in listed {
                let Some(n) = n else { continue };
                if u32::try_from(n).is_ok_and(|n| n < full) {
                    warnings.push(Warning {
                        kind: Some(crate::WarningKind::ShortMatch),
                        field: Some(at.k(field)),
                        at: None,
                        message: format!(
                            "round {}: {} v {} lists {n} boards where event.boards_per_match is {full}: a board missing? (if it was not played, say `boards = {n}` on the match)",
                            m.round, m.first, m.second
                        ),
                    });
                }
            }
        }
        let declared = info
            .vp_total
            .clone()
            .or_else(|| info.vp_scale.map(countback_vp::VpScale::pool));
        if let (Some(total), Some(vp)) = (declared, &m.vp) {
            let most = &total * m.weight.as_ref().unwrap_or(&Score::ONE);
            for (side, v) in [(&m.first, &vp[0]), (&m.second, &vp[1])] {
                if v.is_negative() || v > &most {
                    let message = format!(
                        "round {}: {side} has {v} VPs, outside the scale's 0 to {most}",
                        m.round
                    );
                    // An awarded match's VPs are not checked against
                    // vp_total, so a penalty may be folded into them.
                    if info.vp_total.is_some() && !m.awarded {
                        return Err(EventError::at(
                            at.k("vp"),
                            Problem::out_of_range(v.to_string(), format!(
                                    "{message} (event.vp_total {total}: a side cannot have more than the match's VPs, or fewer than none)"
                                )),
                        ));
                    }
                    warnings.push(Warning {
                        kind: None,
                        field: Some(at.k("vp")),
                        at: None,
                        message: format!(
                            "{message}: a penalty folded in? ({})",
                            if m.awarded {
                                "an awarded match's VPs are not checked against event.vp_total"
                            } else {
                                "declare event.vp_total to make this an error"
                            }
                        ),
                    });
                }
            }
        }
    }
    if bam {
        bam_points(event, warnings)?;
    }
    Ok(())
}

/// BAM board points: never negative; above the stage's usual number of
/// boards (the commonest total of a match) a warning.
fn bam_points(event: &EventFile, warnings: &mut Vec<Warning>) -> Result<()> {
    let mut counts: BTreeMap<Score, usize> = BTreeMap::new();
    for (i, m) in event.matches.iter().enumerate() {
        let Some([a, b]) = &m.match_points else {
            continue;
        };
        for (side, v) in [(&m.first, a), (&m.second, b)] {
            if v.is_negative() {
                return Err(EventError::at(
                    match_path(i).k("match_points"),
                    Problem::out_of_range(v.to_string(), format!(
                            "round {}: {side}'s board points; a board gives a side 0, 1/2 or 1, so a match's board points are 0 or more",
                            m.round
                        )),
                ));
            }
        }
        *counts.entry(a + b).or_default() += 1;
    }
    let Some((usual, _)) = counts
        .iter()
        .max_by_key(|(s, n)| (**n, std::cmp::Reverse((*s).clone())))
    else {
        return Ok(());
    };
    for (i, m) in event.matches.iter().enumerate() {
        let Some([a, b]) = &m.match_points else {
            continue;
        };
        for (side, v) in [(&m.first, a), (&m.second, b)] {
            if v > usual {
                warnings.push(Warning {
                    kind: None,
                    field: Some(match_path(i).k("match_points")),
                    at: None,
                    message: format!(
                        "round {}: {side} has {v} board points, more than the {usual} boards of the stage's other matches: a mistyped figure?",
                        m.round
                    ),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::source::{Notation, Source};

    /// A session whose boards come in `order`: pairs 1 and 2 play every
    /// board, 3 and 4 all but board 2, where a mistyped 9 plays for 4.
    fn session(order: &[u32]) -> EventFile {
        let boards: Vec<String> = order
            .iter()
            .map(|b| {
                let (ns, ew) = if *b == 2 { ("3", "9") } else { ("3", "4") };
                format!(
                    r#"{{"board": {b}, "results": [
                        {{"ns": "1", "ew": "2", "score": "PASS"}},
                        {{"ns": "{ns}", "ew": "{ew}", "score": "PASS"}}]}}"#
                )
            })
            .collect();
        let text = format!(
            r#"{{"event": {{"name": "x"}}, "boards": [{}]}}"#,
            boards.join(",")
        );
        Source::new(&text, Notation::Json).parse().unwrap()
    }

    fn messages(event: &EventFile) -> Vec<String> {
        session_scores(event)
            .0
            .into_iter()
            .map(|w| w.message)
            .collect()
    }

    /// Issue 30: a pair's boards are counted as they come; boards out of
    /// order are counted exactly all the same (each pair's list, sorted).
    #[test]
    fn a_pair_on_too_few_boards_is_found_in_any_board_order() {
        let want = [
            "pair 9 plays 1 board(s) (2) where a pair plays up to 4: a mistyped pair number? (4 miss(es) one of these boards)",
        ];
        for order in [[1, 2, 3, 4], [4, 2, 1, 3], [2, 1, 4, 3], [3, 4, 2, 1]] {
            assert_eq!(messages(&session(&order)), want, "{order:?}");
        }
        // A board given twice is one board.
        assert_eq!(messages(&session(&[1, 3, 1, 4, 2, 3])), want);
        // Every pair on enough boards, in order or not: nothing to say.
        for order in [[1, 3], [3, 1]] {
            assert_eq!(
                messages(&session(&order)),
                Vec::<String>::new(),
                "{order:?}"
            );
        }
    }

    /// `n` teams, each with a bye in each of `rounds`, as JSON.
    fn teams_with_byes(n: usize, rounds: &[u32]) -> EventFile {
        let contestants: Vec<String> = (0..n).map(|i| format!(r#"{{"id": "T{i}"}}"#)).collect();
        let byes: Vec<String> = (0..n)
            .flat_map(|i| {
                rounds
                    .iter()
                    .map(move |r| format!(r#"{{"round": {r}, "contestant": "T{i}"}}"#))
            })
            .collect();
        let text = format!(
            r#"{{"event": {{"name": "x"}}, "contestants": [{}], "byes": [{}]}}"#,
            contestants.join(","),
            byes.join(",")
        );
        Source::new(&text, Notation::Json).parse().unwrap()
    }

    fn rounds_of(event: &EventFile, round_robin: bool) -> (Vec<Warning>, std::time::Duration) {
        let set: BTreeSet<ContestantId> = event
            .contestants
            .iter()
            .map(|c| ContestantId::new(c.id.as_str()))
            .collect();
        let mut warnings = Vec::new();
        let start = std::time::Instant::now();
        team_rounds(event, &set, &[], round_robin, &mut warnings).unwrap();
        (warnings, start.elapsed())
    }

    /// Issue 44: a round number is a key, not a length. One bye in round
    /// 100,000,000 listed every round before it (3.2 GB); the rounds
    /// missing are now runs.
    #[test]
    fn a_high_round_number_costs_its_entries_not_its_value() {
        let event = teams_with_byes(1, &[3, 7, 100_000_000]);
        let (warnings, took) = rounds_of(&event, false);
        let messages: Vec<&str> = warnings
            .iter()
            .map(|w| w.message.as_str())
            .filter(|m| m.starts_with("T0 "))
            .collect();
        assert_eq!(
            messages,
            ["T0 has no match or bye in rounds 1, 2, 4–6, 8–99999999 (record a `[[byes]]` entry if it sat out)"]
        );
        assert!(took < std::time::Duration::from_secs(1), "took {took:?}");
        let (warnings, _) = rounds_of(&teams_with_byes(1, &[2]), false);
        assert!(
            warnings[1].message.contains("in round 1 ("),
            "{}",
            warnings[1].message
        );
        // Each gap in the rounds in use once, at the first entry after it.
        let (warnings, _) = rounds_of(&teams_with_byes(2, &[1, 3, 100_000_000]), false);
        let gaps: Vec<&str> = warnings
            .iter()
            .map(|w| w.message.as_str())
            .filter(|m| m.starts_with("round "))
            .collect();
        assert_eq!(gaps.len(), 2, "{gaps:?}");
        assert!(gaps[0]
            .starts_with("round 3 (a bye) follows round 1, with no match or bye in round(s) 2: "));
        assert!(gaps[1].starts_with("round 100000000 (a bye) follows round 3, with no match or bye in round(s) 4–99999999: "));
    }

    /// Issue 44: the warnings of a large field cost warnings × contestants
    /// (each warning looked its contestant up by a scan): 20,000 teams
    /// that each miss round 1.
    #[test]
    fn warnings_of_a_large_field_cost_linear_time() {
        let event = teams_with_byes(20_000, &[2]);
        let (warnings, took) = rounds_of(&event, false);
        // One a team, and one for the sequence (round 2 is the first used).
        assert_eq!(warnings.len(), 20_001);
        assert!(
            warnings[0].message.starts_with(
                "round 2 (a bye) is the first round in use, with no match or bye in round(s) 1: "
            ),
            "{}",
            warnings[0].message
        );
        let last = warnings
            .iter()
            .find(|w| w.message.starts_with("T19999 "))
            .unwrap();
        assert_eq!(last.field, Some(FieldPath::key("contestants").i(19_999)));
        assert!(took < std::time::Duration::from_secs(1), "took {took:?}");
    }

    /// Issue 44: a round robin's unplayed pairings were listed whole,
    /// teams² of them (4.8 MB of input asked for 4.2 GB): counted now, the
    /// first few named.
    #[test]
    fn unplayed_pairings_are_counted_not_listed() {
        let event = teams_with_byes(20_000, &[1]);
        let (warnings, took) = rounds_of(&event, true);
        let pairings = warnings
            .iter()
            .find(|w| w.message.starts_with("a round robin"))
            .unwrap();
        // 20,000 teams: 20,000 × 19,999 / 2 pairings, none played.
        assert!(
            pairings.message.starts_with(
                "a round robin in which 199990000 pairing(s) never played: T0 v T1, T0 v T10, "
            ),
            "{}",
            pairings.message
        );
        assert!(
            pairings.message.ends_with(" and 199989980 more"),
            "{}",
            pairings.message
        );
        assert!(took < std::time::Duration::from_secs(1), "took {took:?}");
    }
}
