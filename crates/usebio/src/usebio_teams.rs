//! USEBIO teams events (`SWISS_TEAMS`, `TEAMS`, `TEAMS_OF_FOUR`, `KO`):
//! the teams (`PARTICIPANTS/TEAM`), and each `MATCH` of a round — the team
//! and its opponent, the board range, the match score (VPs or IMPs, as
//! `MATCH_SCORING_METHOD` says), and board by board the team's net IMPs and
//! the traveller line of each room (the `DIRECTION` the team sat, the NS
//! `SCORE`) — read into a [`TeamsSession`].

use countback_model::{BoardNumber, ContestantId, Direction};
use roxmltree::{Document, Node};

use crate::usebio::{child, child_text, children, figure, parse_xml, required_text, Locator};
use countback_results::error::ParseError;
use countback_results::teams::{MatchBoard, Room, Team, TeamMatch, TeamsSession};

/// The `EVENT_TYPE`s read as teams events.
pub const TEAMS_EVENT_TYPES: [&str; 4] = ["SWISS_TEAMS", "TEAMS", "TEAMS_OF_FOUR", "KO"];

/// What a results file holds: a pairs or individual session, or a teams
/// event.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
#[allow(clippy::exhaustive_enums)] // Closed: a results file holds a session or a teams event; readers match it whole.
pub enum Results {
    /// A session ([`crate::parse_results`]).
    Session(countback_results::Session),
    /// A teams event ([`parse_usebio_teams`]).
    Teams(TeamsSession),
}

/// The `EVENT_TYPE` of a USEBIO document whose event is a teams event with
/// matches, if it is one.
fn teams_event<'a>(doc: &'a Document<'_>) -> Option<Node<'a, 'a>> {
    let root = doc.root_element();
    if root.tag_name().name() != "USEBIO" {
        return None;
    }
    let event = child(root, "EVENT")?;
    let kind = event.attribute("EVENT_TYPE")?.trim();
    let has_matches = event
        .descendants()
        .any(|n| n.is_element() && n.tag_name().name() == "MATCH");
    (TEAMS_EVENT_TYPES.contains(&kind) && has_matches).then_some(event)
}

/// A results file given as bytes (decoded as
/// [`crate::parse_results_bytes`]), read as what it is: a USEBIO teams
/// event with matches, or a session.
///
/// # Errors
/// As [`crate::parse_results_bytes`] or [`parse_usebio_teams`].
pub fn parse_results_any_bytes(bytes: &[u8]) -> Result<Results, ParseError> {
    let text = crate::limits::decode(bytes)?;
    let doc = parse_xml(&text)?;
    if doc.root_element().tag_name().name() == "USEBIO" {
        // One event a file, whichever reader takes it.
        crate::usebio::the_event(doc.root_element(), &Locator::new(&text))?;
    }
    if teams_event(&doc).is_some() {
        return read_teams(&doc, &Locator::new(&text)).map(Results::Teams);
    }
    drop(doc);
    crate::parse_results(&text).map(Results::Session)
}

/// Parse a USEBIO teams event.
///
/// Read faithfully: what carries a figure is read — each team's
/// `TOTAL_SCORE` and `PLACE`, each match's `TEAM_SCORE` and
/// `OPPOSING_TEAM_SCORE` (VPs, or IMPs where `MATCH_SCORING_METHOD` is
/// `IMPS`), each board's `IMPS` and each room's `DIRECTION` and `SCORE`;
/// what carries none (players, contracts, leads, tricks) is kept and listed
/// in [`TeamsSession::not_used`].
///
/// # Errors
/// A [`ParseError`] naming the element and line of the first problem: a
/// missing team or round, a team no `TEAM` lists, a scoring method this
/// reader does not know.
pub fn parse_usebio_teams(text: &str) -> Result<TeamsSession, ParseError> {
    let doc = parse_xml(text)?;
    read_teams(&doc, &Locator::new(text))
}

fn number(loc: &Locator<'_>, node: Node<'_, '_>, name: &'static str) -> Result<u32, ParseError> {
    let (c, t) = required_text(loc, node, name)?;
    t.parse().map_err(|_| ParseError::BadValue {
        at: loc.position(c),
        text: t.to_owned(),
        expected: "a whole number",
    })
}

/// Two figures that come together (a team's and its opponent's): both, or
/// neither.
fn both_or_neither(
    loc: &Locator<'_>,
    node: Node<'_, '_>,
    [first, second]: [&'static str; 2],
) -> Result<Option<[countback_results::session::StoredFigure; 2]>, ParseError> {
    match (figure(loc, node, first)?, figure(loc, node, second)?) {
        (Some(a), Some(b)) => Ok(Some([a, b])),
        (None, None) => Ok(None),
        _ => Err(ParseError::Missing {
            at: loc.position(node),
            what: format!("both <{first}> and <{second}>, or neither"),
        }),
    }
}

/// How a match's scores are written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MatchScoring {
    Vps,
    Imps,
    /// Point-a-board (board-a-match): `TEAM_SCORE` is the board points
    /// won, each board's `TEAM_POINTS` what the team won on it.
    BoardPoints,
}

fn match_scoring(
    loc: &Locator<'_>,
    event: Node<'_, '_>,
    kind: &str,
) -> Result<MatchScoring, ParseError> {
    match child_text(event, "MATCH_SCORING_METHOD") {
        Some((_, t)) if t.eq_ignore_ascii_case("VPS") || t.eq_ignore_ascii_case("VP") => {
            Ok(MatchScoring::Vps)
        }
        Some((_, t)) if t.eq_ignore_ascii_case("IMPS") || t.eq_ignore_ascii_case("IMP") => {
            Ok(MatchScoring::Imps)
        }
        Some((_, t)) if t.eq_ignore_ascii_case("PAB") || t.eq_ignore_ascii_case("BAM") => {
            Ok(MatchScoring::BoardPoints)
        }
        Some((c, t)) => Err(ParseError::UnknownName {
            at: loc.position(c),
            what: "match scoring method",
            found: t.chars().take(64).collect(),
            known: "VPS, IMPS, PAB".to_owned(),
        }),
        None if kind == "KO" => Ok(MatchScoring::Imps),
        None if kind == "SWISS_TEAMS" => Ok(MatchScoring::Vps),
        None => Err(ParseError::Missing {
            at: loc.position(event),
            what: format!(
                "<MATCH_SCORING_METHOD> (VPS or IMPS): an {kind} event does not say what TEAM_SCORE is"
            ),
        }),
    }
}

fn team_of(loc: &Locator<'_>, entry: Node<'_, '_>) -> Result<Team, ParseError> {
    let id = entry
        .attribute("TEAM_ID")
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .or_else(|| child_text(entry, "TEAM_NUMBER").map(|(_, t)| t))
        .ok_or_else(|| ParseError::Missing {
            at: loc.position(entry),
            what: "the team's number (attribute TEAM_ID or <TEAM_NUMBER>)".to_owned(),
        })?;
    let name = entry
        .attribute("TEAM_NAME")
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .or_else(|| child_text(entry, "TEAM_NAME").map(|(_, t)| t))
        .map(str::to_owned);
    let place = match child_text(entry, "PLACE") {
        Some((c, t)) => Some(t.trim_end_matches('=').trim().parse::<u32>().map_err(|_| {
            ParseError::BadValue {
                at: loc.position(c),
                text: t.to_owned(),
                expected: "a place (a trailing = is allowed)",
            }
        })?),
        None => None,
    };
    // The team's players, in its pairs (EBUScoreTeams) or listed on the
    // team itself: each name and member number as written.
    let (players, member_ids): (Vec<String>, Vec<Option<String>>) = entry
        .descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == "PLAYER")
        .filter_map(|p| {
            child_text(p, "PLAYER_NAME").map(|(_, t)| {
                (
                    t.trim().to_owned(),
                    child_text(p, "NATIONAL_ID_NUMBER")
                        .map(|(_, t)| t.trim().to_owned())
                        .filter(|t| !t.is_empty()),
                )
            })
        })
        .unzip();
    Ok(Team {
        id: ContestantId::new(id),
        name,
        stored_total: figure(loc, entry, "TOTAL_SCORE")?,
        place,
        member_ids: if member_ids.iter().any(Option::is_some) {
            member_ids
        } else {
            Vec::new()
        },
        players,
        line: loc.position(entry).line,
    })
}

fn room(loc: &Locator<'_>, line: Node<'_, '_>) -> Result<Room, ParseError> {
    let (c, d) = required_text(loc, line, "DIRECTION")?;
    let team_direction = match d.to_ascii_uppercase().as_str() {
        "NS" | "N" | "N-S" => Direction::NorthSouth,
        "EW" | "E" | "E-W" => Direction::EastWest,
        _ => {
            return Err(ParseError::BadValue {
                at: loc.position(c),
                text: d.to_owned(),
                expected: "the direction the team sat: NS or EW",
            })
        }
    };
    let ns_score = match child_text(line, "SCORE") {
        None => None,
        Some((c, t)) => {
            let t = t.trim();
            if t.eq_ignore_ascii_case("PASS") {
                Some(0)
            } else {
                Some(t.trim_start_matches('+').parse::<i32>().map_err(|_| {
                    ParseError::BadValue {
                        at: loc.position(c),
                        text: t.to_owned(),
                        expected: "the NS score at the table (a whole number of points)",
                    }
                })?)
            }
        }
    };
    Ok(Room {
        team_direction,
        ns_score,
        line: loc.position(line).line,
    })
}

fn read_match(
    loc: &Locator<'_>,
    node: Node<'_, '_>,
    scoring: MatchScoring,
) -> Result<TeamMatch, ParseError> {
    let round = number(loc, node, "ROUND_NUMBER")?;
    let home = ContestantId::new(required_text(loc, node, "TEAM")?.1);
    let away = ContestantId::new(required_text(loc, node, "OPPOSING_TEAM")?.1);
    let scores = both_or_neither(loc, node, ["TEAM_SCORE", "OPPOSING_TEAM_SCORE"])?;
    let board_count = match (
        child_text(node, "START_BOARD_NUMBER"),
        child_text(node, "END_BOARD_NUMBER"),
    ) {
        (Some(_), Some(_)) => {
            let from = number(loc, node, "START_BOARD_NUMBER")?;
            let to = number(loc, node, "END_BOARD_NUMBER")?;
            if to < from {
                return Err(ParseError::BadValue {
                    at: loc.position(node),
                    text: format!("{from}-{to}"),
                    expected: "a board range whose end is not before its start",
                });
            }
            Some(to - from + 1)
        }
        _ => None,
    };
    let mut boards = Vec::new();
    for b in children(node, "BOARD") {
        let number = BoardNumber(number(loc, b, "BOARD_NUMBER")?);
        let rooms = children(b, "TRAVELLER_LINE")
            .map(|l| room(loc, l))
            .collect::<Result<Vec<_>, _>>()?;
        let stored_points = both_or_neither(loc, b, ["TEAM_POINTS", "OPPOSING_TEAM_POINTS"])?;
        boards.push(MatchBoard {
            number,
            stored_imps: figure(loc, b, "IMPS")?,
            stored_points,
            rooms,
            line: loc.position(b).line,
        });
    }
    let (stored_imps, stored_vps, stored_points) = match scoring {
        MatchScoring::Vps => (None, scores, None),
        MatchScoring::Imps => (scores, None, None),
        MatchScoring::BoardPoints => (None, None, scores),
    };
    if boards.is_empty() && stored_imps.is_none() {
        return Err(ParseError::Missing {
            at: loc.position(node),
            what:
                "the match's IMPs (its boards, or TEAM_SCORE in IMPs): VPs alone cannot be rescored"
                    .to_owned(),
        });
    }
    Ok(TeamMatch {
        round,
        table: None,
        home,
        away,
        segments: Vec::new(),
        stored_imps,
        stored_vps,
        stored_points,
        boards,
        board_count,
        line: loc.position(node).line,
    })
}

/// Elements a teams event carries that no figure depends on.
const NOT_USED: [&str; 10] = [
    // A point-a-board file's pairwise figures (EBUScoreTeams' example:
    // "It would be ignored by the EBU") and master points: no team figure.
    "PAIR_IMPS",
    "NS_CROSS_IMP_POINTS",
    "MASTER_POINTS",
    // Matches won or drawn: a count beside the total, not the total.
    "WINS_OR_DRAWS",
    "CONTRACT",
    "PLAYED_BY",
    "LEAD",
    "TRICKS",
    "HAND",
    "CLUB",
];

fn read_teams(doc: &Document<'_>, loc: &Locator<'_>) -> Result<TeamsSession, ParseError> {
    let root = doc.root_element();
    if root.tag_name().name() == "USEBIO" {
        crate::usebio::the_event(root, loc)?;
    }
    let Some(event) = teams_event(doc) else {
        return Err(ParseError::Missing {
            at: loc.position(root),
            what: format!(
                "a teams <EVENT> (EVENT_TYPE {}) with <MATCH> elements: a pairs file is read by parse_results",
                TEAMS_EVENT_TYPES.join(", ")
            ),
        });
    };
    let kind = event
        .attribute("EVENT_TYPE")
        .unwrap_or("")
        .trim()
        .to_owned();
    let scoring = match_scoring(loc, event, &kind)?;
    let mut teams: Vec<Team> = Vec::new();
    for entry in event
        .descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == "PARTICIPANTS")
        .flat_map(|p| children(p, "TEAM"))
    {
        let team = team_of(loc, entry)?;
        if teams.iter().any(|t| t.id == team.id) {
            return Err(ParseError::DuplicateParticipant {
                at: loc.position(entry),
                pair: team.id,
            });
        }
        teams.push(team);
    }
    let mut matches: Vec<TeamMatch> = Vec::new();
    for node in event
        .descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == "MATCH")
    {
        let m = read_match(loc, node, scoring)?;
        for id in [&m.home, &m.away] {
            if !teams.iter().any(|t| t.id == *id) {
                return Err(ParseError::UnknownName {
                    at: loc.position(node),
                    what: "team (no PARTICIPANTS/TEAM has this number)",
                    found: id.to_string(),
                    known: teams
                        .iter()
                        .map(|t| t.id.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        if m.home == m.away {
            return Err(ParseError::BadValue {
                at: loc.position(node),
                text: m.away.to_string(),
                expected: "an opposing team other than the team",
            });
        }
        matches.push(m);
    }
    let mut counts: Vec<u32> = matches.iter().filter_map(|m| m.board_count).collect();
    counts.sort_unstable();
    counts.dedup();
    let mut not_used: Vec<String> = NOT_USED
        .iter()
        .filter(|name| {
            root.descendants()
                .any(|n| n.is_element() && n.tag_name().name() == **name)
        })
        .map(|name| format!("<{name}>"))
        .collect();
    not_used.sort();
    Ok(TeamsSession {
        format: crate::usebio::format_label(root.attribute("Version").unwrap_or("")),
        kind,
        description: child_text(event, "EVENT_DESCRIPTION").map(|(_, t)| t.to_owned()),
        date: child_text(event, "DATE")
            .map(|(_, t)| t.trim().to_owned())
            .filter(|t| !t.is_empty()),
        program: child_text(event, "PROGRAM_NAME").map(|(_, t)| t.to_owned()),
        teams,
        matches,
        fixtures: Vec::new(),
        boards_per_match: match counts.as_slice() {
            [one] => Some(*one),
            _ => None,
        },
        not_used,
    })
}
