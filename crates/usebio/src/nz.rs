//! The reader for the native XML of the NZ Bridge "Scorer" program.
//!
//! Its quirks, all handled here so that the rescoring sees plain model
//! types:
//! - match points are stored times ten as integers (`mp_ns="384"` is 38.4);
//! - `score="Adj"` is an adjusted score given only by its match points, so
//!   it becomes an [`ArtificialScore`] of those match points as a share of
//!   the top;
//! - a line against the phantom has no score and `mp_ns="-9999"`: the real
//!   pair sat out, so it is [`TableOutcome::NotPlayed`];
//! - `cont="N P"` (not played) is stored with `score="0"`, which the program
//!   then scored as a pass-out; here it is [`TableOutcome::NotPlayed`].
//! - `field_scoring="true"` matchpoints every section as one field.

use std::collections::HashMap;

use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, Score, TableOutcome, TravellerLine,
};
use roxmltree::Node;

use crate::usebio::{once_on_board, parse_xml, require_results, Locator};
use countback_results::error::ParseError;
use countback_results::session::{
    Board, EventKind, Line, Participant, Ranking, Session, StoredFigure, StoredStanding,
};
use countback_results::{table_outcome, SessionBuilder};

/// The phantom's match points in NZ Scorer files.
const PHANTOM_MP: &str = "-9999";

fn elements<'a, 'i>(node: Node<'a, 'i>, name: &'static str) -> impl Iterator<Item = Node<'a, 'i>> {
    node.descendants()
        .filter(move |c| c.is_element() && c.tag_name().name() == name)
}

fn attr<'a>(
    loc: &Locator<'_>,
    node: Node<'a, '_>,
    name: &'static str,
) -> Result<&'a str, ParseError> {
    node.attribute(name).ok_or_else(|| ParseError::Missing {
        at: loc.position(node),
        what: format!("attribute {name}"),
    })
}

fn bad(loc: &Locator<'_>, node: Node<'_, '_>, text: &str, expected: &'static str) -> ParseError {
    ParseError::BadValue {
        at: loc.position(node),
        text: text.chars().take(64).collect(),
        expected,
    }
}

fn tenths(loc: &Locator<'_>, node: Node<'_, '_>, text: &str) -> Result<StoredFigure, ParseError> {
    let n: i64 = text
        .trim()
        .parse()
        .map_err(|_| bad(loc, node, text, "match points times ten"))?;
    let value = Score::new(n, 10).map_err(|_| bad(loc, node, text, "match points times ten"))?;
    Ok(StoredFigure::printed(value, text, 1))
}

fn contestant(section: Option<&str>, number: &str, direction: Option<Direction>) -> ContestantId {
    let mut id = String::new();
    if let Some(s) = section {
        id.push_str(s);
    }
    id.push_str(number);
    if let Some(d) = direction {
        id.push_str(&d.to_string());
    }
    ContestantId::new(id)
}

struct PendingAdjusted {
    board_index: usize,
    line_index: usize,
    ns: Score,
    ew: Score,
    node_line: u32,
}

/// Parse an NZ Scorer session file.
///
/// # Errors
/// A [`ParseError`] naming the element and line of the first problem.
pub fn parse_nz_scorer(text: &str) -> Result<Session, ParseError> {
    let doc = parse_xml(text)?;
    read_nz_scorer(&doc, &Locator::new(text))
}

pub(crate) fn read_nz_scorer(
    doc: &roxmltree::Document<'_>,
    loc: &Locator<'_>,
) -> Result<Session, ParseError> {
    let root = doc.root_element();
    check_root(root, loc)?;
    let field_scoring = root.attribute("field_scoring") == Some("true");
    let section_count = elements(root, "section").count();
    let multi = section_count > 1;
    let pairs = read_pairs(root, loc, multi)?;
    let (boards, adjusted) = read_travellers(root, loc, multi, field_scoring, &pairs)?;
    let participants = pairs.participants;
    let ranking = if participants.iter().any(|p| p.field.is_some()) {
        Ranking::ByDirection
    } else {
        Ranking::OneField
    };
    // The format says who wrote the file: the program's name picks its
    // convention ([`countback_results::resolve`]).
    let mut session = SessionBuilder::new("NZ Scorer XML", EventKind::MatchPointPairs, ranking);
    session.boards(boards)?;
    settle_adjusted(session.boards_mut(), adjusted)?;
    require_results(&participants, session.boards_mut(), || loc.position(root))?;
    session
        .description(root.attribute("event_name").map(str::to_owned))
        .date(
            root.attribute("event_date")
                .map(str::trim)
                .filter(|d| !d.is_empty())
                .map(str::to_owned),
        )
        .program(Some("NZ Bridge Scorer".to_owned()))
        .participants(participants);
    Ok(session.build())
}

/// The root: a `session` of match-point pairs (`scoring_type="MP"`, the
/// default).
fn check_root(root: Node<'_, '_>, loc: &Locator<'_>) -> Result<(), ParseError> {
    if root.tag_name().name() != "session" {
        return Err(ParseError::WrongRoot {
            at: loc.position(root),
            expected: "session",
        });
    }
    match root.attribute("scoring_type").unwrap_or("MP") {
        "MP" => {}
        other => {
            return Err(ParseError::UnknownEventType {
                at: loc.position(root),
                found: other.to_owned(),
            })
        }
    }
    Ok(())
}

/// A pair's key: its section (when the file has several), its number and
/// its direction (none in a Howell section).
type PairKey = (Option<String>, String, Option<Direction>);

/// The pairs of the scores list (`scsection`), with their stored figures.
struct Pairs {
    participants: Vec<Participant>,
    index: HashMap<PairKey, usize>,
    /// Whether each section is a Howell (its pairs have no direction).
    howell_sections: HashMap<Option<String>, bool>,
}

/// Participants, from the scores list.
fn read_pairs(root: Node<'_, '_>, loc: &Locator<'_>, multi: bool) -> Result<Pairs, ParseError> {
    let mut participants = Vec::new();
    let mut index: HashMap<PairKey, usize> = HashMap::new();
    let mut howell_sections: HashMap<Option<String>, bool> = HashMap::new();
    for scsection in elements(root, "scsection") {
        let sect = attr(loc, scsection, "id")?.to_owned();
        let section = multi.then(|| sect.clone());
        for pair in elements(scsection, "pair") {
            let number = attr(loc, pair, "no")?.trim().to_owned();
            if number.is_empty() || number.len() > 16 {
                return Err(bad(loc, pair, &number, "a pair number"));
            }
            let dir_text = attr(loc, pair, "dir")?;
            let direction = match dir_text {
                "N" => Some(Direction::NorthSouth),
                "E" => Some(Direction::EastWest),
                "H" => None,
                other => return Err(bad(loc, pair, other, "a direction (N, E or H)")),
            };
            howell_sections.insert(section.clone(), direction.is_none());
            let id = contestant(section.as_deref(), &number, direction);
            let key = (section.clone(), number, direction);
            if index.contains_key(&key) {
                return Err(ParseError::DuplicateParticipant {
                    at: loc.position(pair),
                    pair: id,
                });
            }
            let mp_text = attr(loc, pair, "match_points")?;
            let (num, den) = mp_text
                .split_once('/')
                .ok_or_else(|| bad(loc, pair, mp_text, "match points as num/den"))?;
            let num = StoredFigure::parse(num)
                .ok_or_else(|| bad(loc, pair, mp_text, "match points as num/den"))?;
            let den = StoredFigure::parse(den)
                .ok_or_else(|| bad(loc, pair, mp_text, "match points as num/den"))?;
            let percentage = match pair.attribute("res") {
                Some(t) => {
                    Some(StoredFigure::parse(t).ok_or_else(|| bad(loc, pair, t, "a percentage"))?)
                }
                None => None,
            };
            let place_text = pair.attribute("place").map(str::to_owned);
            let place = match place_text.as_deref() {
                Some(t) => Some(
                    t.trim_end_matches('=')
                        .parse::<u32>()
                        .map_err(|_| bad(loc, pair, t, "a place"))?,
                ),
                None => None,
            };
            // `handicap="0"` in an event without handicaps; a number of
            // percentage points otherwise, half of which the program adds.
            let handicap = match pair.attribute("handicap").map(str::trim) {
                None | Some("" | "0") => None,
                Some(t) => Some(
                    StoredFigure::parse(t)
                        .ok_or_else(|| bad(loc, pair, t, "a handicap in percentage points"))?
                        .value,
                ),
            };
            let players = ["player_name_1", "player_name_2"]
                .iter()
                .filter_map(|a| pair.attribute(*a).map(str::to_owned))
                .collect();
            index.insert(key, participants.len());
            participants.push(Participant {
                id,
                field: direction,
                section: multi.then(|| sect.clone()),
                players,
                member_ids: Vec::new(),
                stored: StoredStanding {
                    total: Some(StoredFigure::exact(num.value, &num.text)),
                    total_out_of: Some(den.value),
                    percentage: percentage.map(|p| p.with_places(2)),
                    place,
                    place_text,
                    handicap,
                },
                line: loc.position(pair).line,
            });
        }
    }
    Ok(Pairs {
        participants,
        index,
        howell_sections,
    })
}

/// The travellers (`brsection`): each result line, its pairs found among
/// the scored ones (or the phantom); an adjusted line is kept aside until
/// its board's top is known.
fn read_travellers(
    root: Node<'_, '_>,
    loc: &Locator<'_>,
    multi: bool,
    field_scoring: bool,
    pairs: &Pairs,
) -> Result<(Vec<Board>, Vec<PendingAdjusted>), ParseError> {
    let Pairs {
        participants,
        index,
        howell_sections,
    } = pairs;
    let mut boards: Vec<Board> = Vec::new();
    let mut board_index: HashMap<(Option<String>, u32), usize> = HashMap::new();
    let mut seen: HashMap<(usize, usize), u32> = HashMap::new();
    let mut adjusted: Vec<PendingAdjusted> = Vec::new();
    for brsection in elements(root, "brsection") {
        let sect = attr(loc, brsection, "id")?.to_owned();
        let section = multi.then(|| sect.clone());
        let howell = howell_sections.get(&section).copied().unwrap_or(false);
        for result in elements(brsection, "result") {
            let at = loc.position(result);
            let bd_text = attr(loc, result, "bd")?;
            let number = BoardNumber(
                bd_text
                    .trim()
                    .parse()
                    .map_err(|_| bad(loc, result, bd_text, "a board number"))?,
            );
            let group = if field_scoring { None } else { section.clone() };
            let bi = *board_index
                .entry((group.clone(), number.0))
                .or_insert_with(|| {
                    boards.push(Board {
                        number,
                        section: group.clone(),
                        stored_datum: None,
                        lines: Vec::new(),
                        line: at.line,
                    });
                    boards.len().saturating_sub(1)
                });
            let mut ids = Vec::with_capacity(2);
            for (a, column) in [("ns", Direction::NorthSouth), ("ew", Direction::EastWest)] {
                let n = attr(loc, result, a)?.trim();
                let direction = (!howell).then_some(column);
                let pi = index
                    .get(&(section.clone(), n.to_owned(), direction))
                    .copied();
                let mp = result.attribute(if a == "ns" { "mp_ns" } else { "mp_ew" });
                let is_phantom_line = mp == Some(PHANTOM_MP);
                match pi.and_then(|i| participants.get(i).map(|p| (i, p))) {
                    Some((i, p)) => {
                        once_on_board(&mut seen, (bi, i), number, &at, &p.id)?;
                        ids.push(p.id.clone());
                    }
                    // The phantom is not among the scored pairs.
                    None if is_phantom_line => {
                        ids.push(contestant(section.as_deref(), n, direction));
                    }
                    None => {
                        return Err(ParseError::UnknownPair {
                            board: number,
                            at: at.clone(),
                            pair: n.chars().take(64).collect(),
                        })
                    }
                }
            }
            let mut ids = ids.into_iter();
            let (Some(ns), Some(ew)) = (ids.next(), ids.next()) else {
                continue;
            };
            let mp_ns = attr(loc, result, "mp_ns")?;
            let mp_ew = attr(loc, result, "mp_ew")?;
            let contract = result.attribute("cont").unwrap_or("").trim();
            let score_text = result.attribute("score").unwrap_or("").trim();
            let phantom = mp_ns == PHANTOM_MP || mp_ew == PHANTOM_MP;
            let (outcome, stored_ns, stored_ew) = if phantom {
                (TableOutcome::NotPlayed, None, None)
            } else {
                let sn = tenths(loc, result, mp_ns)?;
                let se = tenths(loc, result, mp_ew)?;
                let outcome = if contract.eq_ignore_ascii_case("N P") {
                    TableOutcome::NotPlayed
                } else if score_text.eq_ignore_ascii_case("Adj") {
                    adjusted.push(PendingAdjusted {
                        board_index: bi,
                        line_index: boards.get(bi).map_or(0, |b| b.lines.len()),
                        ns: sn.value.clone(),
                        ew: se.value.clone(),
                        node_line: at.line,
                    });
                    // Placeholder until the top is known.
                    TableOutcome::Artificial(ArtificialScore::average())
                } else {
                    table_outcome(score_text).ok_or_else(|| {
                        bad(
                            loc,
                            result,
                            score_text,
                            "a score in points, Adj, or a phantom line",
                        )
                    })?
                };
                (outcome, Some(sn), Some(se))
            };
            if let Some(board) = boards.get_mut(bi) {
                board.lines.push(Line {
                    traveller: TravellerLine {
                        board: number,
                        ns,
                        ew,
                        outcome,
                    },
                    score_text: if contract.eq_ignore_ascii_case("N P") {
                        contract.to_owned()
                    } else {
                        score_text.to_owned()
                    },
                    stored_ns,
                    stored_ew,
                    play: None,
                    seats: None,
                    line: at.line,
                });
            }
        }
    }
    Ok((boards, adjusted))
}

/// An adjusted line is given in match points; turn it into percentages of
/// the top of its scoring group, 2(E-1) with E its largest result count.
fn settle_adjusted(boards: &mut [Board], adjusted: Vec<PendingAdjusted>) -> Result<(), ParseError> {
    let mut most: HashMap<Option<String>, usize> = HashMap::new();
    for b in boards.iter() {
        let n = b
            .lines
            .iter()
            .filter(|l| !matches!(l.traveller.outcome, TableOutcome::NotPlayed))
            .count();
        let e = most.entry(b.section.clone()).or_insert(0);
        *e = (*e).max(n);
    }
    for adj in adjusted {
        let Some(board) = boards.get_mut(adj.board_index) else {
            continue;
        };
        let e = most.get(&board.section).copied().unwrap_or(0);
        let top = Score::from(e.saturating_sub(1)).times(2);
        let number = board.number;
        let Some(line) = board.lines.get_mut(adj.line_index) else {
            continue;
        };
        let percent =
            |mp: &Score| -> Option<Score> { (mp * Score::integer(100)).checked_div(&top).ok() };
        let artificial = percent(&adj.ns)
            .zip(percent(&adj.ew))
            .and_then(|(n, e)| ArtificialScore::new(n, e).ok())
            .ok_or_else(|| ParseError::BadValue {
                at: countback_results::error::SourcePosition {
                    element: "result".to_owned(),
                    line: adj.node_line,
                    column: 1,
                },
                text: format!("Adj {} / {} on board {number}", adj.ns, adj.ew),
                expected: "an adjusted score within the top",
            })?;
        line.traveller.outcome = TableOutcome::Artificial(artificial);
    }
    Ok(())
}
