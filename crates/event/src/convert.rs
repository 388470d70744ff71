//! From the event file format to each rule crate's own input types.
//!
//! Every check here names the field at fault (`matches[3].first`), so a
//! director can find it in the file.

use crate::Contradiction;
use crate::Needed;
use std::collections::{BTreeMap, BTreeSet};

use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Encounter, EncounterStatus, RoundNumber, Score,
    SideScores, TableOutcome, TravellerLine, Unit, WeightedScore,
};
use countback_tiebreak_chess::{Crosstable, RoundResult};

use crate::error::{AtField, EventError, FieldPath, Problem, Result};
use crate::file::{EventFile, FractionalImps, MatchEntry};

fn contestant_path(i: usize) -> FieldPath {
    FieldPath::key("contestants").i(i)
}

/// The contestants the file lists, checked for duplicates.
pub fn contestants(event: &EventFile) -> Result<BTreeSet<ContestantId>> {
    let mut set = BTreeSet::new();
    for (i, c) in event.contestants.iter().enumerate() {
        if !set.insert(ContestantId::new(c.id.as_str())) {
            return Err(EventError::at(
                contestant_path(i).k("id"),
                Problem::DuplicateContestant { id: c.id.clone() },
            ));
        }
    }
    if set.is_empty() {
        return Err(EventError::at(
            FieldPath::key("contestants"),
            Needed::Contestant,
        ));
    }
    Ok(set)
}

/// `id`, checked against the contestants.
pub fn known(set: &BTreeSet<ContestantId>, id: &str, field: FieldPath) -> Result<ContestantId> {
    known_at(set, id, || field)
}

/// [`known`] with the field's path made only for the error: a path per
/// match side was a tenth of reading a 10,000-team event (issue 30).
pub fn known_at(
    set: &BTreeSet<ContestantId>,
    id: &str,
    field: impl FnOnce() -> FieldPath,
) -> Result<ContestantId> {
    // The set's own id, shared: a new one for every mention made an
    // allocation of each name once a match side (issue 44: 2.6 MB of a
    // 55,000-match event's peak).
    match set.get(id) {
        Some(c) => Ok(c.clone()),
        None => Err(EventError::at(
            field(),
            Problem::UnknownContestant { id: id.to_owned() },
        )),
    }
}

/// The path of match `i`.
pub fn match_path(i: usize) -> FieldPath {
    FieldPath::key("matches").i(i)
}

/// The matches that `keep` selects, as encounters, each side checked
/// against the contestants; each comes with its index in the file.
/// Each match is converted to VPs here once: the conversions the event's
/// scale made are pushed on `conversions`, for the standings to show.
pub fn encounters(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
    keep: impl Fn(&MatchEntry) -> bool,
    conversions: &mut Vec<Conversion>,
) -> Result<Vec<(usize, Encounter)>> {
    let mut out = Vec::new();
    for (i, m) in event.matches.iter().enumerate().filter(|(_, m)| keep(m)) {
        let (e, c) = encounter(i, m, set, &event.event)?;
        conversions.extend(c);
        out.push((i, e));
    }
    Ok(out)
}

/// One match converted to VPs by the event's scale: what the standings
/// show beside the match.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Conversion {
    /// The match's index in the file.
    pub index: usize,
    /// The round.
    pub round: u32,
    /// The first side.
    pub first: ContestantId,
    /// The second side.
    pub second: ContestantId,
    /// Boards in the match.
    pub boards: u32,
    /// The scale.
    pub scale: countback_vp::VpScale,
    /// Every score of the match: VPs (computed), IMPs, total points.
    pub scores: Vec<SideScores>,
}

/// Every match the event's VP scale converts.
pub fn conversions(event: &EventFile) -> Result<Vec<Conversion>> {
    let mut out = Vec::new();
    for (i, m) in event.matches.iter().enumerate() {
        out.extend(conversion(i, m, &event.event)?);
    }
    Ok(out)
}

/// Match `i` converted by the event's scale, where it has one and the
/// match gives something to convert.
fn conversion(
    i: usize,
    m: &MatchEntry,
    info: &crate::file::EventInfo,
) -> Result<Option<Conversion>> {
    Ok(
        converted(i, m, info)?.map(|(boards, scale, scores)| Conversion {
            index: i,
            round: m.round,
            first: ContestantId::new(m.first.as_str()),
            second: ContestantId::new(m.second.as_str()),
            boards,
            scale,
            scores,
        }),
    )
}

#[cfg(test)]
thread_local! {
    /// How many times this thread converted a match (each must be once).
    pub static CONVERTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The match's scores computed by the event's VP scale, where it has one
/// and the match gives something to convert.
fn converted(
    i: usize,
    m: &MatchEntry,
    info: &crate::file::EventInfo,
) -> Result<Option<(u32, countback_vp::VpScale, Vec<SideScores>)>> {
    #[cfg(test)]
    CONVERTED.with(|c| c.set(c.get() + 1));
    // The path is spelled out only for a message (issue 30).
    let at = || match_path(i);
    let by_board = m.board_results.is_some() || m.board_imps.is_some();
    let Some(scale) = info.vp_scale else {
        if m.boards.is_some() {
            return Err(EventError::at(at().k("boards"), Needed::VpScaleForBoards));
        }
        if by_board {
            let field = if m.board_results.is_some() {
                "board_results"
            } else {
                "board_imps"
            };
            return Err(EventError::at(
                at().k(field),
                Needed::VpScaleForBoardByBoard,
            ));
        }
        return Ok(None);
    };
    if m.awarded && m.vp.is_some() {
        // An awarded match's VPs are what the director awarded.
        return Ok(None);
    }
    let input = match (&m.board_results, &m.board_imps, &m.imps) {
        (Some(_), Some(_), _) => {
            return Err(EventError::at(
                at().k("board_imps"),
                Contradiction::BoardResultsAndBoardImps,
            ))
        }
        (Some(rooms), None, _) => countback_vp::MatchInput::Boards(
            rooms
                .iter()
                .map(|[open, closed]| countback_vp::BoardResult::TwoRoom {
                    open_ns: *open,
                    closed_ns: *closed,
                })
                .collect(),
        ),
        (None, Some(imps), _) => countback_vp::MatchInput::Boards(
            imps.iter()
                .cloned()
                .map(countback_vp::BoardResult::Imps)
                .collect(),
        ),
        (None, None, Some([a, b])) => countback_vp::MatchInput::Imps {
            first: a.clone(),
            second: b.clone(),
        },
        (None, None, None) => return Ok(None),
    };
    let listed = m
        .board_results
        .as_ref()
        .map(Vec::len)
        .or(m.board_imps.as_ref().map(Vec::len))
        .map(|n| u32::try_from(n).unwrap_or(u32::MAX));
    let boards = match (m.boards, listed, info.boards_per_match) {
        (Some(b), Some(n), _) if b != n => {
            return Err(EventError::at(
                at().k("boards"),
                Contradiction::BoardCount {
                    listed: n,
                    declared: b,
                },
            ))
        }
        (Some(b), _, _) | (None, Some(b), _) | (None, None, Some(b)) => b,
        (None, None, None) => return Err(EventError::at(at(), Needed::BoardsForTheScale)),
    };
    let fractional = info
        .fractional_imps
        .unwrap_or(FractionalImps::Refuse)
        .margin();
    let table = scale.table(boards).at_field(at)?;
    let scored = countback_vp::score_match(&input, &table, &fractional).at_field(at)?;
    let mut scores = scored.side_scores();
    if let Some(weight) = m.weight.as_ref().filter(|w| **w != Score::ONE) {
        // The scale is the full match's: a part-match (a triangle's half
        // match) shares a part of the pool on a scale of its own, which
        // no rule we hold derives from the full match's, so its VPs are
        // the file's; its boards still give its IMPs and total points.
        if m.vp.is_none() {
            return Err(EventError::at(
                at().k("vp"),
                Contradiction::PartMatchWithoutVp {
                    weight: weight.clone(),
                    scale: scale.to_string(),
                },
            ));
        }
        scores.retain(|s| s.unit != Unit::VictoryPoints);
    }
    for given in [
        (Unit::VictoryPoints, &m.vp, "vp"),
        (Unit::Imps, &m.imps, "imps"),
        (Unit::TotalPoints, &m.total_points, "total_points"),
    ] {
        let (unit, Some([a, b]), field) = given else {
            continue;
        };
        if let Some(c) = scores.iter().find(|s| s.unit == unit) {
            if (&c.first, &c.second) != (a, b) {
                return Err(EventError::at(
                    at().k(field),
                    Contradiction::MatchFigure {
                        given: [a.clone(), b.clone()],
                        by: if unit == Unit::VictoryPoints {
                            format!("the {scale} scale over {boards} boards")
                        } else {
                            "its boards".to_owned()
                        },
                        computed: [c.first.clone(), c.second.clone()],
                    },
                ));
            }
        }
    }
    Ok(Some((boards, scale, scores)))
}

fn encounter(
    i: usize,
    m: &MatchEntry,
    set: &BTreeSet<ContestantId>,
    info: &crate::file::EventInfo,
) -> Result<(Encounter, Option<Conversion>)> {
    // The path is spelled out only for a message (issue 30).
    let at = || match_path(i);
    let first = known_at(set, &m.first, || at().k("first"))?;
    let second = known_at(set, &m.second, || at().k("second"))?;
    if first == second {
        return Err(EventError::at(
            at().k("second"),
            Contradiction::PlaysItself {
                who: first.to_string(),
            },
        ));
    }
    if m.round == 0 {
        return Err(round_from_one(at().k("round")));
    }
    let conversion = conversion(i, m, info)?;
    let mut scores = match &conversion {
        Some(c) => c.scores.clone(),
        None => Vec::new(),
    };
    let given = [
        (Unit::VictoryPoints, &m.vp),
        (Unit::Imps, &m.imps),
        (Unit::TotalPoints, &m.total_points),
        (Unit::MatchPoints, &m.match_points),
    ];
    // Room for exactly the scores to come: a list grown by pushes starts
    // with room for four, 224 bytes for a match that gives one (issue 44:
    // 12 MB of a 3 MB event's peak).
    let more = given
        .iter()
        .filter(|(unit, pair)| pair.is_some() && scores.iter().all(|s| s.unit != *unit))
        .count();
    scores.reserve_exact(more);
    for (unit, pair) in given {
        if let Some([a, b]) = pair {
            if scores.iter().all(|s| s.unit != unit) {
                scores.push(SideScores {
                    unit,
                    first: a.clone(),
                    second: b.clone(),
                });
            }
        }
    }
    if scores.is_empty() {
        return Err(EventError::at(at(), Needed::MatchScore));
    }
    let weight = m.weight.clone().unwrap_or(Score::ONE);
    if !weight.is_positive() {
        return Err(EventError::at(
            at().k("weight"),
            Problem::out_of_range(
                weight.to_string(),
                "a match's weight is a positive share of a full match",
            ),
        ));
    }
    let e = Encounter {
        round: RoundNumber(m.round),
        first,
        second,
        scores,
        status: if m.awarded {
            EncounterStatus::Awarded
        } else {
            EncounterStatus::Played
        },
        weight,
    };
    Ok((e, conversion))
}

/// "rounds count from 1".
pub fn round_from_one(field: FieldPath) -> EventError {
    EventError::at(field, Problem::out_of_range("0", "rounds count from 1"))
}

/// Each contestant's total in `unit` over its encounters, in one pass over
/// the encounters (a pass per contestant made a field of 10,000 teams cost
/// a hundred million comparisons).
pub fn totals(
    encounters: &[Encounter],
    set: &BTreeSet<ContestantId>,
    unit: Unit,
) -> BTreeMap<ContestantId, Score> {
    let mut out: BTreeMap<ContestantId, Score> =
        set.iter().map(|c| (c.clone(), Score::ZERO)).collect();
    for e in encounters {
        if let Some(s) = e.scores.iter().find(|s| s.unit == unit) {
            if let Some(t) = out.get_mut(&e.first) {
                *t += &s.first;
            }
            if let Some(t) = out.get_mut(&e.second) {
                *t += &s.second;
            }
        }
    }
    out
}

/// A traveller line's outcome: its `score`, or its `weighted` score
/// (exactly one of them).
fn line_outcome(
    r: &crate::file::ResultEntry,
    line: impl Fn() -> FieldPath,
) -> Result<TableOutcome> {
    match (&r.score, &r.weighted) {
        (Some(score), None) => score_outcome(score, || line().k("score")),
        (None, Some(parts)) => weighted_outcome(parts, &line().k("weighted")),
        (Some(_), Some(_)) => Err(EventError::at(
            line().k("weighted"),
            Contradiction::ScoreAndWeighted,
        )),
        (None, None) => Err(EventError::at(line().k("score"), Needed::LineScore)),
    }
}

/// A weighted score (Law 12C1(c)): each component a real result, each
/// weight above 0, the weights summing to exactly 1.
fn weighted_outcome(parts: &[crate::file::WeightedPart], at: &FieldPath) -> Result<TableOutcome> {
    let mut components = Vec::with_capacity(parts.len());
    for (k, part) in parts.iter().enumerate() {
        let field = at.i(k);
        let ns_points = match score_outcome(&part.score, || field.k("score"))? {
            TableOutcome::Played { ns_points } => ns_points,
            _ => {
                return Err(EventError::at(
                    field.k("score"),
                    Problem::unreadable(part.score.text().into_owned(), "a real result's NS points (\"420\", \"-50\", \"PASS\"): a weighted score (Law 12C1(c)) weighs results that could have been obtained, not artificial scores or boards not played"),
                ))
            }
        };
        if !part.weight.is_positive() || part.weight > Score::integer(1) {
            return Err(EventError::at(
                field.k("weight"),
                Problem::out_of_range(
                    part.weight.to_string(),
                    "a weight above 0 and at most 1, exact (\"3/5\")",
                ),
            ));
        }
        components.push((part.weight.clone(), ns_points));
    }
    if components.is_empty() {
        return Err(EventError::at(at.clone(), Needed::WeightedComponent));
    }
    let sum: Score = components.iter().map(|(w, _)| w).sum();
    if sum != Score::integer(1) {
        return Err(EventError::at(
            at.clone(),
            Problem::out_of_range(
                format!("weights summing to {sum}"),
                "weights summing to exactly 1 (Law 12C1(c))",
            ),
        ));
    }
    WeightedScore::new(components)
        .map(TableOutcome::Weighted)
        .map_err(|e| EventError::at(at.clone(), Problem::Input(e)))
}

/// A traveller score: points, an artificial `Axxyy`, `NP`, or `PASS`.
pub fn table_outcome(text: &str, field: impl FnOnce() -> FieldPath) -> Result<TableOutcome> {
    let t = text.trim();
    // Compared in place: no upper-cased copy, no path, per line (issue 30).
    let is = |word: &str| t.eq_ignore_ascii_case(word);
    if is("NP") || is("NOT PLAYED") {
        return Ok(TableOutcome::NotPlayed);
    }
    if is("PASS") || is("P") {
        return Ok(TableOutcome::Played { ns_points: 0 });
    }
    if let Some(rest) = t.strip_prefix('A').or_else(|| t.strip_prefix('a')) {
        return artificial(rest, text, field).map(TableOutcome::Artificial);
    }
    t.parse::<i32>()
        .map(|ns_points| TableOutcome::Played { ns_points })
        .map_err(|_| {
            EventError::at(
                field(),
                Problem::unreadable(text.to_owned(), "a traveller score: NS points (\"420\", \"-50\"), \"A6040\" (60% NS, 40% EW), \"NP\" or \"PASS\""),
            )
        })
}

/// A traveller score's outcome: a whole number kept as one is played
/// (what [`table_outcome`] makes of its text), without its text.
fn score_outcome(
    score: &crate::file::TravellerScore,
    field: impl FnOnce() -> FieldPath,
) -> Result<TableOutcome> {
    match score.points() {
        Some(ns_points) => Ok(TableOutcome::Played { ns_points }),
        None => table_outcome(&score.text(), field),
    }
}

/// The `xxyy` of an artificial score `Axxyy`.
pub fn artificial(
    rest: &str,
    text: &str,
    field: impl FnOnce() -> FieldPath,
) -> Result<ArtificialScore> {
    let (ns, ew) = (rest.get(..2), rest.get(2..));
    let parse = |s: Option<&str>| {
        s.filter(|s| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|s| s.parse::<i64>().ok())
    };
    match (parse(ns), parse(ew)) {
        (Some(n), Some(e)) => {
            ArtificialScore::new(Score::integer(n), Score::integer(e)).at_field(field)
        }
        _ => Err(EventError::at(
            field(),
            Problem::unreadable(
                text.to_owned(),
                "an artificial score; write e.g. \"A6040\" for 60% NS, 40% EW",
            ),
        )),
    }
}

/// Refuses a numbered entry of a list (a board, a session) that an
/// earlier entry already gave: one board is one entry.
pub(crate) fn given_once(
    seen: &mut BTreeSet<u32>,
    what: &str,
    number: u32,
    at: FieldPath,
) -> Result<()> {
    if seen.insert(number) {
        Ok(())
    } else {
        Err(EventError::at(
            at,
            Contradiction::GivenTwice {
                what: what.to_owned(),
                number,
            },
        ))
    }
}

/// The boards as travellers (one list of lines per version of a fouled
/// board), each with its index in the file.
pub fn travellers(event: &EventFile) -> Result<Vec<(usize, countback_normalise::Traveller)>> {
    each_traveller(event.boards.iter().map(|b| (b.board, b.results.iter())))
}

/// The same, each board's lines moved out of the file as its traveller is
/// made (issue 43): a session of 1,000,000 results never holds its lines
/// twice, and each pair's id is moved, not counted once more. The boards
/// stay, with no lines.
pub fn take_travellers(
    event: &mut EventFile,
) -> Result<Vec<(usize, countback_normalise::Traveller)>> {
    each_traveller(
        event
            .boards
            .iter_mut()
            .map(|b| (b.board, std::mem::take(&mut b.results).into_iter())),
    )
}

/// Each board (its number and its lines, lent or given) as a traveller,
/// each board number given once.
fn each_traveller<L: ExactSizeIterator<Item = impl FileLine>>(
    boards: impl ExactSizeIterator<Item = (u32, L)>,
) -> Result<Vec<(usize, countback_normalise::Traveller)>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::with_capacity(boards.len());
    for (i, (board, lines)) in boards.enumerate() {
        given_once(
            &mut seen,
            "board",
            board,
            FieldPath::key("boards").i(i).k("board"),
        )?;
        out.push((i, traveller(i, board, lines)?));
    }
    if out.is_empty() {
        return Err(EventError::at(FieldPath::key("boards"), Needed::Board));
    }
    Ok(out)
}

/// A traveller line of the file, lent or given up.
trait FileLine {
    fn entry(&self) -> &crate::file::ResultEntry;
    /// The NS and EW pairs' ids: copied from a line lent, moved out of
    /// one given up.
    fn pairs(self) -> (ContestantId, ContestantId);
}

impl FileLine for &crate::file::ResultEntry {
    fn entry(&self) -> &crate::file::ResultEntry {
        self
    }
    fn pairs(self) -> (ContestantId, ContestantId) {
        (self.ns.clone(), self.ew.clone())
    }
}

impl FileLine for crate::file::ResultEntry {
    fn entry(&self) -> &crate::file::ResultEntry {
        self
    }
    fn pairs(self) -> (ContestantId, ContestantId) {
        (self.ns, self.ew)
    }
}

/// Board `board`'s traveller (the `i`th of the file) from its lines.
fn traveller(
    i: usize,
    board: u32,
    lines: impl ExactSizeIterator<Item = impl FileLine>,
) -> Result<countback_normalise::Traveller> {
    let at = FieldPath::key("boards").i(i);
    let count = lines.len();
    let mut versions: BTreeMap<u32, Vec<TravellerLine>> = BTreeMap::new();
    for (j, r) in lines.enumerate() {
        // Spelt out only for an error: no path is built per line.
        let line = || at.k("results").i(j);
        let outcome = line_outcome(r.entry(), line)?;
        let version = r.entry().version;
        if version == Some(0) {
            return Err(EventError::at(
                line().k("version"),
                Problem::out_of_range("0", "versions of a fouled board count from 1"),
            ));
        }
        // Each pair's id was made once, as the file was read, and is
        // shared by every line it played (issue 30).
        let (ns, ew) = r.pairs();
        versions
            .entry(version.unwrap_or(1))
            // Sized for the usual one version, never grown.
            .or_insert_with(|| Vec::with_capacity(count))
            .push(TravellerLine {
                board: BoardNumber(board),
                ns,
                ew,
                outcome,
            });
    }
    let mut versions: Vec<Vec<TravellerLine>> = versions.into_values().collect();
    if versions.len() > 1 {
        // A fouled board's versions share its lines: no version keeps
        // room for all of them.
        versions.iter_mut().for_each(Vec::shrink_to_fit);
    }
    Ok(if versions.len() == 1 {
        countback_normalise::Traveller::new(
            BoardNumber(board),
            // The one version's lines as they are, not copied.
            versions.into_iter().next().unwrap_or_default(),
        )
    } else {
        countback_normalise::Traveller::fouled(BoardNumber(board), versions)
    })
}

/// The chess games as a crosstable.
pub fn crosstable(event: &EventFile, set: &BTreeSet<ContestantId>) -> Result<Crosstable> {
    let rounds = event.games.iter().map(|g| g.round).max().unwrap_or(0);
    if rounds == 0 {
        return Err(EventError::at(FieldPath::key("games"), Needed::Game));
    }
    let mut slots: BTreeMap<ContestantId, BTreeMap<u32, RoundResult>> =
        set.iter().map(|c| (c.clone(), BTreeMap::new())).collect();
    let mut put = |who: &str, round: u32, r: RoundResult, field: FieldPath| -> Result<()> {
        let c = known(set, who, field.clone())?;
        let row = slots.entry(c.clone()).or_default();
        if row.insert(round, r).is_some() {
            return Err(EventError::at(
                field,
                Contradiction::SecondResultInRound {
                    who: c.to_string(),
                    round,
                },
            ));
        }
        Ok(())
    };
    for (i, g) in event.games.iter().enumerate() {
        let at = FieldPath::key("games").i(i);
        if g.round == 0 {
            return Err(round_from_one(at.k("round")));
        }
        let white = ContestantId::new(g.white.as_str());
        match (&g.black, g.result.trim()) {
            (None, bye) => {
                let r = match bye {
                    "bye" => RoundResult::FullPointBye,
                    "half-bye" => RoundResult::HalfPointBye,
                    "zero-bye" => RoundResult::ZeroPointBye,
                    "withdrawn" => RoundResult::Unplayed,
                    other => {
                        return Err(EventError::at(
                            at.k("result"),
                            Problem::unreadable(other.to_owned(), "a bye: without a black player write \"bye\", \"half-bye\", \"zero-bye\" or \"withdrawn\""),
                        ))
                    }
                };
                put(&g.white, g.round, r, at.k("white"))?;
            }
            (Some(black_name), result) => {
                if black_name == &g.white {
                    return Err(EventError::at(
                        at.k("black"),
                        Contradiction::PlaysItself {
                            who: white.to_string(),
                        },
                    ));
                }
                let black = ContestantId::new(black_name.as_str());
                // Each result as white records it and as black does: the
                // same game from its two sides.
                type Side = fn(ContestantId) -> RoundResult;
                let (w, b): (Side, Side) = match result {
                    "1-0" => (RoundResult::Win, RoundResult::Loss),
                    "0-1" => (RoundResult::Loss, RoundResult::Win),
                    "1/2" | "½" | "1/2-1/2" => (RoundResult::Draw, RoundResult::Draw),
                    "+-" => (RoundResult::ForfeitWin, RoundResult::ForfeitLoss),
                    "-+" => (RoundResult::ForfeitLoss, RoundResult::ForfeitWin),
                    other => {
                        return Err(EventError::at(
                            at.k("result"),
                            Problem::unreadable(
                                other,
                                "a result: \"1-0\", \"0-1\", \"1/2\", \"+-\" or \"-+\"",
                            ),
                        ))
                    }
                };
                put(&g.white, g.round, w(black), at.k("white"))?;
                put(black_name, g.round, b(white), at.k("black"))?;
            }
        }
    }
    let mut rows = Vec::new();
    for (player, row) in slots {
        let results = RoundNumber::every_round(&row, rounds).map_err(|round| {
            let i = event
                .contestants
                .iter()
                .position(|c| c.id == player.as_str())
                .unwrap_or(0);
            EventError::at(
                contestant_path(i),
                Needed::RoundResult {
                    player: player.to_string(),
                    round: round.0,
                },
            )
        })?;
        rows.push((player, results));
    }
    Crosstable::new(rounds, rows).at_field(|| FieldPath::key("games"))
}

/// The board scores for the EBU count-back.
pub fn ebu_boards(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
) -> Result<Vec<countback_tiebreak_ebu::Board>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (i, b) in event.board_scores.iter().enumerate() {
        let at = FieldPath::key("board_scores").i(i);
        given_once(&mut seen, "board", b.board, at.k("board"))?;
        let mut results = BTreeMap::new();
        for (who, score) in &b.scores {
            let c = known(set, who, at.k("scores").k(who))?;
            let r = if b.awarded.iter().any(|a| a == who) {
                countback_tiebreak_ebu::BoardResult::Unplayed {
                    awarded: score.clone(),
                }
            } else {
                countback_tiebreak_ebu::BoardResult::Played(score.clone())
            };
            results.insert(c, r);
        }
        for (j, a) in b.awarded.iter().enumerate() {
            if !b.scores.contains_key(a) {
                return Err(EventError::at(
                    at.k("awarded").i(j),
                    Contradiction::AwardedWithoutScore {
                        who: a.clone(),
                        board: b.board,
                    },
                ));
            }
        }
        out.push(countback_tiebreak_ebu::Board {
            number: BoardNumber(b.board),
            average: b.average.clone().unwrap_or_default(),
            results,
        });
    }
    Ok(out)
}

/// The board scores as BAM net points per team and board.
pub fn bam_boards(
    event: &EventFile,
    set: &BTreeSet<ContestantId>,
) -> Result<Vec<countback_tiebreak_wbf::BamBoard>> {
    let mut out = Vec::new();
    for (i, b) in event.board_scores.iter().enumerate() {
        let at = FieldPath::key("board_scores").i(i);
        if b.average.is_some() || !b.awarded.is_empty() {
            return Err(EventError::at(
                at,
                Problem::not_used(
                    "a board's `average` or `awarded`",
                    "wbf-bam",
                    "WBF 5(e) compares net points on the boards all the tied teams played",
                ),
            ));
        }
        for (who, score) in &b.scores {
            let c = known(set, who, at.k("scores").k(who))?;
            out.push(countback_tiebreak_wbf::BamBoard::new(
                c,
                BoardNumber(b.board),
                score.clone(),
            ));
        }
    }
    Ok(out)
}
