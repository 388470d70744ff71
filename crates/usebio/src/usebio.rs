//! The USEBIO reader (versions 1.2 and 1.3).

use std::collections::HashMap;

use countback_model::{BoardNumber, ContestantId, Direction, Score, TableOutcome, TravellerLine};
use countback_results::{table_outcome, SessionBuilder};
use roxmltree::{Document, Node, ParsingOptions};

use countback_results::error::{ParseError, SourcePosition};
use countback_results::session::{
    Board, EventKind, Line, Participant, Ranking, Seats, Session, StoredFigure, StoredStanding,
};

/// Parse XML text with the options every reader here shares: a DTD is
/// allowed (USEBIO files declare one) but never fetched.
///
/// The limits of [`crate::limits`] are checked first, in one pass.
pub(crate) fn parse_xml(text: &str) -> Result<Document<'_>, ParseError> {
    crate::limits::check(text)?;
    let options = ParsingOptions {
        allow_dtd: true,
        nodes_limit: crate::limits::MAX_NODES,
    };
    Document::parse_with_options(text, options).map_err(|e| {
        if matches!(e, roxmltree::Error::NodesLimitReached) {
            return ParseError::TooManyNodes {
                limit: crate::limits::MAX_NODES,
            };
        }
        let pos = e.pos();
        ParseError::MalformedXml {
            line: pos.row,
            column: pos.col,
            message: e.to_string(),
        }
    })
}

/// Line and column of nodes, from a table of line starts built once:
/// `roxmltree`'s own lookup scans from the start of the text on every call,
/// which made naming the line of every traveller line quadratic.
pub(crate) struct Locator<'t> {
    text: &'t str,
    line_starts: Vec<usize>,
}

impl<'t> Locator<'t> {
    pub(crate) fn new(text: &'t str) -> Locator<'t> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Locator { text, line_starts }
    }

    pub(crate) fn position(&self, node: Node<'_, '_>) -> SourcePosition {
        let at = node.range().start;
        let index = self
            .line_starts
            .partition_point(|&s| s <= at)
            .saturating_sub(1);
        let start = self.line_starts.get(index).copied().unwrap_or(0);
        let column = self.text.get(start..at).map_or(0, |t| t.chars().count());
        SourcePosition {
            element: node.tag_name().name().to_owned(),
            line: u32::try_from(index + 1).unwrap_or(u32::MAX),
            column: u32::try_from(column + 1).unwrap_or(u32::MAX),
        }
    }
}

pub(crate) fn children<'a, 'i>(
    node: Node<'a, 'i>,
    name: &'static str,
) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children()
        .filter(move |c| c.is_element() && c.tag_name().name() == name)
}

pub(crate) fn child<'a, 'i>(node: Node<'a, 'i>, name: &'static str) -> Option<Node<'a, 'i>> {
    children(node, name).next()
}

/// The one `<EVENT>` of a USEBIO document: refused when absent, and when a
/// second follows (its boards and pairs would otherwise be dropped unread).
pub(crate) fn the_event<'a, 'i>(
    root: Node<'a, 'i>,
    loc: &Locator<'_>,
) -> Result<Node<'a, 'i>, ParseError> {
    let mut events = children(root, "EVENT");
    let first = events.next().ok_or_else(|| ParseError::Missing {
        at: loc.position(root),
        what: "<EVENT>".to_owned(),
    })?;
    if let Some(second) = events.next() {
        return Err(ParseError::SecondElement {
            at: loc.position(second),
            what: "<EVENT>",
            first_line: loc.position(first).line,
        });
    }
    Ok(first)
}

/// The elements of a traveller line this reader reads, each of which
/// carries a pair or a figure.
const LINE_FIGURES: [&str; 10] = [
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "SCORE",
    "CONTRACT",
    "NS_MATCH_POINTS",
    "EW_MATCH_POINTS",
    "NS_BUTLER_POINTS",
    "EW_BUTLER_POINTS",
    "NS_CROSS_IMP_POINTS",
    "EW_CROSS_IMP_POINTS",
];

/// Each element of a traveller line that carries a pair or a figure is
/// there at most once: a second `<SCORE>` was ignored, the first read
/// (issue 44), so which score counts was the reader's choice, not the
/// file's. Refused naming the second and the first's line.
pub(crate) fn once_on_line(loc: &Locator<'_>, line: Node<'_, '_>) -> Result<(), ParseError> {
    for name in LINE_FIGURES {
        let mut found = children(line, name);
        if let (Some(first), Some(second)) = (found.next(), found.next()) {
            return Err(ParseError::SecondOnLine {
                at: loc.position(second),
                element: name,
                first_line: loc.position(first).line,
            });
        }
    }
    Ok(())
}

/// The trimmed text of a child element; `None` when absent or empty.
pub(crate) fn child_text<'a>(
    node: Node<'a, '_>,
    name: &'static str,
) -> Option<(Node<'a, 'a>, &'a str)> {
    let c = child(node, name)?;
    let t = c.text().unwrap_or("").trim();
    if t.is_empty() {
        None
    } else {
        Some((c, t))
    }
}

pub(crate) fn required_text<'a>(
    loc: &Locator<'_>,
    node: Node<'a, '_>,
    name: &'static str,
) -> Result<(Node<'a, 'a>, &'a str), ParseError> {
    child_text(node, name).ok_or_else(|| ParseError::Missing {
        at: loc.position(node),
        what: format!("<{name}>"),
    })
}

pub(crate) fn figure(
    loc: &Locator<'_>,
    node: Node<'_, '_>,
    name: &'static str,
) -> Result<Option<StoredFigure>, ParseError> {
    match child_text(node, name) {
        None => Ok(None),
        Some((c, t)) => StoredFigure::parse(t)
            .map(Some)
            .ok_or_else(|| ParseError::BadValue {
                at: loc.position(c),
                text: t.to_owned(),
                expected: "a decimal number",
            }),
    }
}

fn event_kind(loc: &Locator<'_>, node: Node<'_, '_>, found: &str) -> Result<EventKind, ParseError> {
    Ok(match found.trim() {
        "MP_PAIRS" => EventKind::MatchPointPairs,
        "BUTLER_PAIRS" => EventKind::ButlerPairs,
        "CROSS_IMP" | "CROSS_IMPS" => EventKind::CrossImps,
        other @ ("TEAMS_OF_FOUR" | "SWISS_PAIRS" | "SWISS_TEAMS" | "IMP_PAIRS" | "INDIVIDUAL"
        | "AGGREGATE" | "TEAMS") => EventKind::Other(other.to_owned()),
        other => {
            return Err(ParseError::UnknownEventType {
                at: loc.position(node),
                found: other.to_owned(),
            })
        }
    })
}

/// The scoring of an `EVENT_TYPE="PAIRS"` event, which the type does not
/// say: from the figures its traveller lines carry (`NS_MATCH_POINTS`,
/// `NS_BUTLER_POINTS`, `NS_CROSS_IMP_POINTS`); refused when they carry none
/// or more than one kind.
fn pairs_scoring(loc: &Locator<'_>, event: Node<'_, '_>) -> Result<EventKind, ParseError> {
    let mut found: Vec<EventKind> = Vec::new();
    for (tag, kind) in [
        ("NS_MATCH_POINTS", EventKind::MatchPointPairs),
        ("NS_BUTLER_POINTS", EventKind::ButlerPairs),
        ("NS_CROSS_IMP_POINTS", EventKind::CrossImps),
    ] {
        if event
            .descendants()
            .any(|n| n.is_element() && n.tag_name().name() == tag)
        {
            found.push(kind);
        }
    }
    let mut kinds = found.into_iter();
    match (kinds.next(), kinds.next()) {
        (Some(kind), None) => Ok(kind),
        (None, _) => Err(ParseError::Missing {
            at: loc.position(event),
            what: "the scoring method of EVENT_TYPE=\"PAIRS\": no traveller line carries \
                   NS_MATCH_POINTS, NS_BUTLER_POINTS or NS_CROSS_IMP_POINTS; write \
                   EVENT_TYPE=\"MP_PAIRS\", \"BUTLER_PAIRS\" or \"CROSS_IMP\" instead"
                .to_owned(),
        }),
        (Some(_), Some(_)) => Err(ParseError::BadValue {
            at: loc.position(event),
            text: "PAIRS".to_owned(),
            expected: "one scoring method: the traveller lines carry figures of more than \
                       one kind (match points and IMPs)",
        }),
    }
}

/// Whether a `CONTRACT` says the board was not played.
fn not_played_contract(text: &str) -> bool {
    matches!(
        text.trim().to_ascii_uppercase().as_str(),
        "NP" | "N P" | "N/P" | "NOT PLAYED"
    )
}

fn direction_of(text: &str) -> Option<Direction> {
    match text.trim().to_ascii_uppercase().as_str() {
        "NS" | "N" | "N-S" | "N/S" => Some(Direction::NorthSouth),
        "EW" | "E" | "E-W" | "E/W" => Some(Direction::EastWest),
        _ => None,
    }
}

/// What a USEBIO file is called, with the `Version` it writes: `USEBIO
/// 1.2`, or `USEBIO` when it writes none.
pub(crate) fn format_label(version: &str) -> String {
    if version.is_empty() {
        "USEBIO".to_owned()
    } else {
        format!("USEBIO {version}")
    }
}

/// Parse a USEBIO 1.2/1.3 document.
///
/// # Errors
/// A [`ParseError`] naming the element and line of the first problem.
pub fn parse_usebio(text: &str) -> Result<Session, ParseError> {
    let doc = parse_xml(text)?;
    read_usebio(&doc, &Locator::new(text))
}

pub(crate) fn read_usebio(doc: &Document<'_>, loc: &Locator<'_>) -> Result<Session, ParseError> {
    let root = doc.root_element();
    if root.tag_name().name() != "USEBIO" {
        return Err(ParseError::WrongRoot {
            at: loc.position(root),
            expected: "USEBIO",
        });
    }
    let version = root.attribute("Version").unwrap_or("").to_owned();
    let event_node = the_event(root, loc)?;
    let type_text = event_node
        .attribute("EVENT_TYPE")
        .ok_or_else(|| ParseError::Missing {
            at: loc.position(event_node),
            what: "attribute EVENT_TYPE".to_owned(),
        })?;
    let event = match type_text.trim() {
        "PAIRS" => pairs_scoring(loc, event_node)?,
        // An individual event is scored as pairs are, the partners of a
        // table sharing its figure: by what its lines carry (USEBIO 1.1
        // writes `NS_MATCH_POINTS` on an individual's traveller too).
        "INDIVIDUAL" => pairs_scoring(loc, event_node)
            .unwrap_or_else(|_| EventKind::Other("INDIVIDUAL".to_owned())),
        _ => event_kind(loc, event_node, type_text)?,
    };

    let description = child_text(event_node, "EVENT_DESCRIPTION").map(|(_, t)| t.to_owned());
    let date = said(event_node, "DATE");
    let venue = said(event_node, "VENUE");
    // The club is a child of the root in every real file (Compscore,
    // EBUScore); a `CLUB_NAME` inside the event is read too, so that no
    // element of that name is passed over unread.
    let club = root
        .children()
        .find(|n| n.has_tag_name("CLUB"))
        .and_then(|c| said(c, "CLUB_NAME"))
        .or_else(|| said(event_node, "CLUB_NAME"));
    let program = child_text(event_node, "PROGRAM_NAME").map(|(_, name)| {
        match child_text(event_node, "PROGRAM_VERSION") {
            Some((_, v)) => format!("{name} {v}"),
            None => name.to_owned(),
        }
    });

    // A file of several sections holds each in a <SECTION> (its pairs and
    // its boards, numbered 1, 2 … again); a file of one section need not.
    let sections = sections_of(event_node);
    let scopes: Vec<(Option<String>, Node<'_, '_>)> = if sections.len() > 1 {
        sections.into_iter().map(|(n, s)| (Some(n), s)).collect()
    } else {
        vec![(None, event_node)]
    };
    let mut participants = Vec::new();
    // By section, then by identifier as the travellers write it.
    let mut indices: Vec<HashMap<String, usize>> = Vec::with_capacity(scopes.len());
    for (section, scope) in &scopes {
        let mut index: HashMap<String, usize> = HashMap::new();
        for list in scope
            .descendants()
            .filter(|n| n.is_element() && n.tag_name().name() == "PARTICIPANTS")
        {
            // A pair, a team, or in an individual event a player: a
            // `<PLAYER>` of the list itself (a pair's players sit inside
            // its `<PAIR>`).
            for entry in list.children().filter(|c| {
                c.is_element() && matches!(c.tag_name().name(), "PAIR" | "TEAM" | "PLAYER")
            }) {
                let mut participant = read_participant(loc, entry)?;
                participant.section.clone_from(section);
                let key = participant.id.as_str().to_owned();
                if index.contains_key(&key) {
                    return Err(ParseError::DuplicateParticipant {
                        at: loc.position(entry),
                        pair: participant.id,
                    });
                }
                index.insert(key, participants.len());
                participants.push(participant);
            }
        }
        indices.push(index);
    }

    let ranking = match child_text(event_node, "WINNER_TYPE").map(|(_, t)| t) {
        Some("2") => Ranking::ByDirection,
        Some(_) => Ranking::OneField,
        None if participants.iter().any(|p| p.field.is_some()) => Ranking::ByDirection,
        None => Ranking::OneField,
    };
    if ranking == Ranking::OneField {
        for p in &mut participants {
            p.field = None;
        }
    }

    let mut session = SessionBuilder::new(format_label(&version), event, ranking);
    let mut seen_boards: HashMap<(Option<String>, u32), ()> = HashMap::new();
    for ((section, scope), index) in scopes.iter().zip(&indices) {
        for board_node in scope
            .descendants()
            .filter(|n| n.is_element() && n.tag_name().name() == "BOARD")
        {
            let mut board = read_board(loc, board_node, &participants, index)?;
            board.section.clone_from(section);
            let number = board.number;
            session.board(board)?;
            if seen_boards
                .insert((section.clone(), number.0), ())
                .is_some()
            {
                return Err(ParseError::DuplicateBoard {
                    at: loc.position(board_node),
                    board: number,
                });
            }
        }
    }
    if scopes.len() > 1 {
        let boards = std::mem::take(session.boards_mut());
        *session.boards_mut() = fields_of_sections(&mut participants, boards);
    }

    require_results(&participants, session.boards_mut(), || {
        loc.position(event_node)
    })?;
    session
        .description(description)
        .date(date)
        .club(club)
        .venue(venue)
        .program(program)
        .participants(participants)
        .not_used(not_used(root));
    Ok(session.build())
}

/// What people read in a header (a date, a club's name): kept as written,
/// an empty element absent.
fn said(node: Node<'_, '_>, name: &'static str) -> Option<String> {
    child_text(node, name)
        .map(|(_, t)| t.trim().to_owned())
        .filter(|t| !t.is_empty())
}

/// Whether this reader reads an element (or reads through it to its
/// children). A `match` on the name: one length switch and a compare, as
/// this runs on every element of the file.
fn is_read(name: &str) -> bool {
    matches!(
        name,
        "USEBIO"
            | "EVENT"
            | "EVENT_DESCRIPTION"
            | "CLUB"
            | "CLUB_NAME"
            | "DATE"
            | "VENUE"
            | "PROGRAM_NAME"
            | "PROGRAM_VERSION"
            | "WINNER_TYPE"
            | "PARTICIPANTS"
            | "PAIR"
            | "TEAM"
            | "PAIR_NUMBER"
            | "PLAYER_NUMBER"
            | "N_PLAYER_NUMBER"
            | "S_PLAYER_NUMBER"
            | "E_PLAYER_NUMBER"
            | "W_PLAYER_NUMBER"
            | "TEAM_NUMBER"
            | "TEAM_NAME"
            | "DIRECTION"
            | "TOTAL_SCORE"
            | "PERCENTAGE"
            | "PLACE"
            | "PLAYER"
            | "PLAYER_NAME"
            | "NATIONAL_ID_NUMBER"
            | "SESSION"
            | "SECTION"
            | "SECTION_ID"
            | "SECTION_NAME"
            | "SECTION_LETTER"
            | "BOARD"
            | "BOARD_NUMBER"
            | "BOARD_AVERAGE"
            | "TRAVELLER_LINE"
            | "NS_PAIR_NUMBER"
            | "EW_PAIR_NUMBER"
            | "SCORE"
            | "CONTRACT"
            | "NS_MATCH_POINTS"
            | "EW_MATCH_POINTS"
            | "NS_BUTLER_POINTS"
            | "EW_BUTLER_POINTS"
            | "NS_CROSS_IMP_POINTS"
            | "EW_CROSS_IMP_POINTS"
    )
}

/// The elements a USEBIO file carries that this reader does not use
/// (the club, contacts, master points, the play, the hand records …),
/// each named once, in file order: kept, listed, never a refusal.
fn not_used(root: Node<'_, '_>) -> Vec<String> {
    let mut seen: HashMap<&str, ()> = HashMap::new();
    let mut out = Vec::new();
    for n in root.descendants().filter(Node::is_element) {
        let name = n.tag_name().name();
        if !is_read(name) && seen.insert(name, ()).is_none() {
            out.push(format!("<{name}>"));
        }
    }
    out
}

/// The `<SECTION>`s below the event that hold pairs or boards, each with
/// its name (`SECTION_ID`, `SECTION_NAME`, an attribute or child of that
/// name; else A, B, … in file order).
fn sections_of<'a, 'i>(event: Node<'a, 'i>) -> Vec<(String, Node<'a, 'i>)> {
    let mut out = Vec::new();
    for (k, node) in event
        .descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == "SECTION")
        .enumerate()
    {
        let holds = node
            .descendants()
            .any(|d| d.is_element() && matches!(d.tag_name().name(), "BOARD" | "PARTICIPANTS"));
        if !holds {
            continue;
        }
        let name = ["SECTION_ID", "SECTION_NAME", "SECTION_LETTER"]
            .iter()
            .find_map(|a| {
                node.attribute(*a)
                    .or_else(|| child_text(node, a).map(|(_, t)| t))
            })
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty() && t.len() <= 16)
            .unwrap_or_else(|| {
                char::from_u32(
                    u32::try_from(k)
                        .unwrap_or(0)
                        .saturating_add(u32::from(b'A')),
                )
                .map_or_else(|| k.to_string(), String::from)
            });
        out.push((name, node));
    }
    out
}

/// Several sections: scored per section or across the field, and ranked
/// per section or across it, as the file's own figures show.
///
/// - Scored across the field when a board's stored match points add up to
///   the top of the whole field's results on that board (and to no
///   section's); otherwise per section.
/// - Ranked per section when each section has its own first place and no
///   place is beyond its section's size (or, with no places stored, when
///   scored per section); otherwise across the field.
///
/// Pairs numbered alike in two sections are named with their section
/// (`A1`, `B1`); travellers are rewritten to those names.
/// A pair plays a board once: `key` names it on the board (`seen` maps each
/// key to the line it was first seen on); a second line is refused naming
/// both.
pub(crate) fn once_on_board<K: std::hash::Hash + Eq>(
    seen: &mut HashMap<K, u32>,
    key: K,
    board: BoardNumber,
    at: &SourcePosition,
    pair: &ContestantId,
) -> Result<(), ParseError> {
    match seen.insert(key, at.line) {
        Some(first_line) => Err(ParseError::DuplicateLine {
            board,
            at: at.clone(),
            pair: pair.clone(),
            first_line,
        }),
        None => Ok(()),
    }
}

/// A session must hold contestants and at least one traveller line; `at`
/// locates the element that should have held them (the event, in the NZ
/// Scorer's format its root).
pub(crate) fn require_results(
    participants: &[Participant],
    boards: &[Board],
    at: impl Fn() -> SourcePosition,
) -> Result<(), ParseError> {
    let missing = if participants.is_empty() {
        "participants"
    } else if boards.iter().all(|b| b.lines.is_empty()) {
        "traveller lines"
    } else {
        return Ok(());
    };
    Err(ParseError::NoResults {
        at: at(),
        what: missing,
    })
}

fn fields_of_sections(participants: &mut [Participant], boards: Vec<Board>) -> Vec<Board> {
    // Results per (section, board), and per board across the field.
    let played = |b: &Board| {
        b.lines
            .iter()
            .filter(|l| !matches!(l.traveller.outcome, TableOutcome::NotPlayed))
            .count()
    };
    let mut section_e: HashMap<Option<String>, usize> = HashMap::new();
    let mut field_results: HashMap<u32, usize> = HashMap::new();
    for b in &boards {
        let e = section_e.entry(b.section.clone()).or_insert(0);
        *e = (*e).max(played(b));
        *field_results.entry(b.number.0).or_insert(0) += played(b);
    }
    let field_e = field_results.values().copied().max().unwrap_or(0);
    let top = |e: usize| Score::from(e.saturating_sub(1)).times(2);
    let mut says_field = 0usize;
    let mut says_section = 0usize;
    for b in &boards {
        let section_top = top(section_e.get(&b.section).copied().unwrap_or(0));
        let field_top = top(field_e);
        if section_top == field_top {
            continue;
        }
        for l in &b.lines {
            if let (TableOutcome::Played { .. }, Some(n), Some(e)) =
                (&l.traveller.outcome, &l.stored_ns, &l.stored_ew)
            {
                let sum = &n.value + &e.value;
                if sum == field_top {
                    says_field += 1;
                } else if sum == section_top {
                    says_section += 1;
                }
            }
        }
    }
    let across = says_field > says_section;
    let mut first: HashMap<Option<String>, (bool, usize)> = HashMap::new();
    for p in participants.iter() {
        let entry = first.entry(p.section.clone()).or_insert((false, 0));
        entry.0 |= p.stored.place == Some(1);
        entry.1 += 1;
    }
    let beyond = participants.iter().any(|p| {
        let size = first.get(&p.section).map_or(0, |f| f.1);
        p.stored.place.is_some_and(|place| place as usize > size)
    });
    let placed = participants.iter().any(|p| p.stored.place.is_some());
    let ranked_apart = if placed {
        first.values().all(|f| f.0) && !beyond
    } else {
        !across
    };
    // Names: with the section when a number repeats across sections.
    let mut seen: HashMap<&str, Option<&String>> = HashMap::new();
    let mut repeats = false;
    for p in participants.iter() {
        if let Some(other) = seen.insert(p.id.as_str(), p.section.as_ref()) {
            repeats |= other != p.section.as_ref();
        }
    }
    let rename = |section: &Option<String>, id: &ContestantId| match section {
        Some(s) if repeats => ContestantId::new(format!("{s}{id}")),
        _ => id.clone(),
    };
    for p in participants.iter_mut() {
        p.id = rename(&p.section, &p.id);
        if !ranked_apart {
            p.section = None;
        }
    }
    let mut out: Vec<Board> = Vec::with_capacity(boards.len());
    let mut at: HashMap<u32, usize> = HashMap::new();
    for mut b in boards {
        for l in &mut b.lines {
            l.traveller.ns = rename(&b.section, &l.traveller.ns);
            l.traveller.ew = rename(&b.section, &l.traveller.ew);
        }
        if across {
            if let Some(&i) = at.get(&b.number.0) {
                if let Some(merged) = out.get_mut(i) {
                    merged.lines.append(&mut b.lines);
                    continue;
                }
            }
            b.section = None;
            at.insert(b.number.0, out.len());
        }
        out.push(b);
    }
    out
}

fn read_participant(loc: &Locator<'_>, entry: Node<'_, '_>) -> Result<Participant, ParseError> {
    let is_player = entry.tag_name().name() == "PLAYER";
    let (num_node, number) = if is_player {
        required_text(loc, entry, "PLAYER_NUMBER")?
    } else {
        match required_text(loc, entry, "PAIR_NUMBER") {
            Ok(found) => found,
            Err(e) => child_text(entry, "TEAM_NUMBER")
                .or_else(|| child_text(entry, "TEAM_NAME"))
                .ok_or(e)?,
        }
    };
    let direction = match child_text(entry, "DIRECTION") {
        None => None,
        Some((d, t)) => Some(direction_of(t).ok_or_else(|| ParseError::BadValue {
            at: loc.position(d),
            text: t.to_owned(),
            expected: "a direction (NS or EW)",
        })?),
    };
    if number.len() > 64 {
        return Err(ParseError::BadValue {
            at: loc.position(num_node),
            text: number.chars().take(64).collect(),
            expected: "a pair number",
        });
    }
    let id = match direction {
        Some(d) if number.bytes().all(|b| b.is_ascii_digit()) => format!("{number}{d}"),
        _ => number.to_owned(),
    };
    let place_text = child_text(entry, "PLACE").map(|(_, t)| t.to_owned());
    let place = match child_text(entry, "PLACE") {
        None => None,
        Some((n, t)) => Some(t.trim_end_matches('=').trim().parse::<u32>().map_err(|_| {
            ParseError::BadValue {
                at: loc.position(n),
                text: t.to_owned(),
                expected: "a place",
            }
        })?),
    };
    // Each player's name and member number (an individual's own entry is
    // its player).
    let named = |p: Node<'_, '_>| {
        child_text(p, "PLAYER_NAME").map(|(_, t)| (t.to_owned(), said(p, "NATIONAL_ID_NUMBER")))
    };
    let (players, member_ids): (Vec<String>, Vec<Option<String>>) = if is_player {
        named(entry).into_iter().unzip()
    } else {
        children(entry, "PLAYER").filter_map(named).unzip()
    };
    // Only where the file gives one: a file of names alone keeps none.
    let member_ids = if member_ids.iter().any(Option::is_some) {
        member_ids
    } else {
        Vec::new()
    };
    Ok(Participant {
        id: ContestantId::new(id),
        field: direction,
        section: None,
        players,
        member_ids,
        stored: StoredStanding {
            total: figure(loc, entry, "TOTAL_SCORE")?,
            total_out_of: None,
            percentage: figure(loc, entry, "PERCENTAGE")?,
            place,
            place_text,
            handicap: None,
        },
        line: loc.position(entry).line,
    })
}

fn resolve_pair(text: &str, column: Direction, index: &HashMap<String, usize>) -> Option<usize> {
    index
        .get(text)
        .or_else(|| index.get(&format!("{text}{column}")))
        .copied()
}

fn read_board(
    loc: &Locator<'_>,
    board_node: Node<'_, '_>,
    participants: &[Participant],
    index: &HashMap<String, usize>,
) -> Result<Board, ParseError> {
    let (num_node, num_text) = required_text(loc, board_node, "BOARD_NUMBER")?;
    let number = BoardNumber(num_text.parse::<u32>().map_err(|_| ParseError::BadValue {
        at: loc.position(num_node),
        text: num_text.to_owned(),
        expected: "a board number",
    })?);
    let stored_datum = figure(loc, board_node, "BOARD_AVERAGE")?;
    let mut lines = Vec::new();
    let mut first_seen: HashMap<usize, u32> = HashMap::new();
    for line_node in children(board_node, "TRAVELLER_LINE") {
        let at = loc.position(line_node);
        once_on_line(loc, line_node)?;
        // The pairs (`NS_PAIR_NUMBER`, `EW_PAIR_NUMBER`), or in an
        // individual event the four players (`N_PLAYER_NUMBER` …).
        let individual = child(line_node, "N_PLAYER_NUMBER").is_some();
        let columns: &[(&'static str, Direction)] = if individual {
            &[
                ("N_PLAYER_NUMBER", Direction::NorthSouth),
                ("S_PLAYER_NUMBER", Direction::NorthSouth),
                ("E_PLAYER_NUMBER", Direction::EastWest),
                ("W_PLAYER_NUMBER", Direction::EastWest),
            ]
        } else {
            &[
                ("NS_PAIR_NUMBER", Direction::NorthSouth),
                ("EW_PAIR_NUMBER", Direction::EastWest),
            ]
        };
        let mut ids = Vec::with_capacity(columns.len());
        for &(tag, column) in columns {
            let (pair_node, pair_text) = required_text(loc, line_node, tag)?;
            let found = resolve_pair(pair_text, column, index);
            let (i, p) = found
                .and_then(|i| participants.get(i).map(|p| (i, p)))
                .ok_or_else(|| ParseError::UnknownPair {
                    board: number,
                    at: loc.position(pair_node),
                    pair: pair_text.chars().take(64).collect(),
                })?;
            once_on_board(&mut first_seen, i, number, &at, &p.id)?;
            ids.push(p.id.clone());
        }
        let (ns, ew, seats) = match ids.as_slice() {
            [north, south, east, west] => (
                ContestantId::new(format!("{north}+{south}")),
                ContestantId::new(format!("{east}+{west}")),
                Some(Seats {
                    north: north.clone(),
                    south: south.clone(),
                    east: east.clone(),
                    west: west.clone(),
                }),
            ),
            [ns, ew] => (ns.clone(), ew.clone(), None),
            _ => continue,
        };
        // A line whose contract says "not played" is not played, whatever
        // its score (programs write `SCORE 0` there, or none).
        let np_contract =
            child_text(line_node, "CONTRACT").is_some_and(|(_, t)| not_played_contract(t));
        let (outcome, score_text) = if np_contract {
            let text = child_text(line_node, "SCORE").map_or("NP", |(_, t)| t);
            (TableOutcome::NotPlayed, text)
        } else {
            let (score_node, score_text) = required_text(loc, line_node, "SCORE")?;
            let outcome = table_outcome(score_text).ok_or_else(|| ParseError::BadValue {
                at: loc.position(score_node),
                text: score_text.chars().take(64).collect(),
                expected: "a score in points, an artificial score such as A6040, or NP",
            })?;
            (outcome, score_text)
        };
        let stored = |tags: [&'static str; 3]| -> Result<Option<StoredFigure>, ParseError> {
            for tag in tags {
                if let Some(f) = figure(loc, line_node, tag)? {
                    return Ok(Some(f));
                }
            }
            Ok(None)
        };
        let stored_ns = stored(["NS_MATCH_POINTS", "NS_BUTLER_POINTS", "NS_CROSS_IMP_POINTS"])?;
        let stored_ew = stored(["EW_MATCH_POINTS", "EW_BUTLER_POINTS", "EW_CROSS_IMP_POINTS"])?;
        lines.push(Line {
            traveller: TravellerLine {
                board: number,
                ns,
                ew,
                outcome,
            },
            score_text: score_text.to_owned(),
            stored_ns,
            stored_ew,
            play: None,
            seats,
            line: at.line,
        });
    }
    Ok(Board {
        number,
        section: None,
        stored_datum,
        lines,
        line: loc.position(board_node).line,
    })
}

/// Parse a results file of either supported format, chosen by its root
/// element: `<USEBIO>` or NZ Scorer's `<session>`.
///
/// # Errors
/// A [`ParseError`] naming the element and line of the first problem;
/// [`ParseError::WrongRoot`] for any other document.
pub fn parse_results(text: &str) -> Result<Session, ParseError> {
    let doc = parse_xml(text)?;
    let loc = Locator::new(text);
    match doc.root_element().tag_name().name() {
        "session" => crate::nz::read_nz_scorer(&doc, &loc),
        "USEBIO" => read_usebio(&doc, &loc),
        _ => Err(ParseError::WrongRoot {
            at: loc.position(doc.root_element()),
            expected: "USEBIO or NZ Scorer session",
        }),
    }
}

/// [`parse_results`] for a file handed over as bytes: UTF-8 (a byte-order
/// mark is dropped), or ISO-8859-1 (Latin-1) when the XML declaration names
/// it, as older scoring programs write.
///
/// ```
/// use countback_results::ParseError;
/// use countback_usebio::parse_results_bytes;
///
/// // A Latin-1 `é` (0xE9) in a file that does not declare Latin-1.
/// let err = parse_results_bytes(b"<USEBIO>\n<EVENT>Caf\xE9</EVENT></USEBIO>").unwrap_err();
/// assert!(matches!(err, ParseError::NotUtf8 { line: 2, column: 11, byte: 0xE9, .. }));
/// ```
///
/// # Errors
/// [`ParseError::NotUtf8`] for bytes that are neither, naming the first bad
/// byte and how to declare Latin-1; otherwise as [`parse_results`].
pub fn parse_results_bytes(bytes: &[u8]) -> Result<Session, ParseError> {
    let text = crate::limits::decode(bytes)?;
    parse_results(&text)
}
