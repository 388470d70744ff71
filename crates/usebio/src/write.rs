//! The USEBIO 1.2 writer (pairs and individual events): a scored session
//! as the XML the EBU, Pianola and Bridgewebs take.
//!
//! A session of several sections is written as the real multi-section
//! EBUScore file writes one (one `SESSION`, a `SECTION` each with its
//! `PARTICIPANTS` and `BOARD`s), an individual event as USEBIO's example
//! individual file (`EVENT_TYPE="INDIVIDUAL"`, its `PLAYER`s, traveller
//! lines naming `N_PLAYER_NUMBER` … `W_PLAYER_NUMBER`), so that the
//! reader reads each back ranked as it was (docs/usebio-write.md).
//!
//! The figures written are the ones a [`Rescore`] computed: each line's
//! match points (or Butler or cross-IMPs), each board's Butler datum, each
//! pair's total, percentage and place. A figure is written exactly when a
//! decimal of at most four places is exact, else to two places by the
//! display rule of the convention the session was scored by, so that
//! [`countback_results::audit`] the same convention, on the file read back,
//! reproduces every figure.
//!
//! What a traveller line cannot say from a [`Session`] alone (the contract,
//! declarer, tricks and lead) comes from [`Plays`], keyed like
//! [`countback_results::GivenLines`]; a line with no entry is written with its score
//! only.

use std::collections::HashMap;
use std::fmt::Write as _;

use countback_model::{BoardNumber, ContestantId, Direction, Score, TableOutcome};

use countback_results::convention::Display;
use countback_results::rescore::{Rescore, Standing};
use countback_results::session::{EventKind, Participant, Ranking, Session};

/// Why a session cannot be written as USEBIO 1.2 pairs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The writer handles match-pointed, Butler and cross-IMP pairs.
    #[error("USEBIO writer: {what} is not written")]
    Unsupported {
        /// What was found.
        what: String,
    },
    /// A text (a player's name, the event's description) holding a
    /// character that XML 1.0 cannot hold, raw or escaped: a control
    /// character other than tab, line feed and carriage return, or U+FFFE
    /// or U+FFFF. Correct it in the scoring program; the other formats
    /// show it.
    #[error(
        "USEBIO writer: {element} {text:?} holds the character U+{:04X}, which XML 1.0 cannot hold; correct it in the program that wrote the file (the other formats show it)",
        u32::from(*character)
    )]
    NotXml {
        /// The element it would have been written in (`PLAYER_NAME`).
        element: &'static str,
        /// The text as read.
        text: String,
        /// The first character XML cannot hold.
        character: char,
    },
    /// A teams event, which USEBIO would carry with a figure lost, or
    /// which countback has no standings of its own for
    /// (docs/usebio-write.md, "What is refused").
    #[error("USEBIO writer: the teams event is not written: {why}")]
    TeamsEvent {
        /// Why.
        why: TeamsNotWritten,
    },
    /// A contestant of the session that the rescore does not list (the
    /// rescore is of another session).
    #[error("USEBIO writer: {contestant} has no standing in the rescore given")]
    NoStanding {
        /// Who.
        contestant: ContestantId,
    },
}

/// Why a teams results file is not written as USEBIO.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TeamsNotWritten {
    /// A match holds its IMPs (by segment, or in all) and its VPs but no
    /// board (a Ruter PBN teams file). USEBIO's `MATCH` carries one score
    /// a side, VPs or IMPs as `MATCH_SCORING_METHOD` says, and anything
    /// else board by board: one of the two would be lost, and the file
    /// read back could not be ranked as this one is.
    #[error(
        "round {round}, {home} v {away} holds the match's IMPs and VPs but no board; USEBIO's MATCH carries one score a side (VPs or IMPs) and the rest board by board, so the IMPs or the VPs would be lost"
    )]
    NoBoards {
        /// The round.
        round: u32,
        /// The home team.
        home: ContestantId,
        /// The away team.
        away: ContestantId,
    },
    /// A point-a-board event: countback scores its boards but does not
    /// rank it (docs/usebio.md), so it has no standings of its own to
    /// write.
    #[error(
        "a point-a-board event is not ranked by countback, so there are no standings of its own to write"
    )]
    PointABoard,
    /// A teams event with its boards: a USEBIO teams writer is not built.
    #[error("a USEBIO teams writer is not built; the file's matches are ranked, not written")]
    NotBuilt,
}

impl TeamsNotWritten {
    /// Why `session` is not written: the first match that says so.
    #[must_use]
    pub fn of(session: &countback_results::TeamsSession) -> TeamsNotWritten {
        if session.matches.iter().any(|m| m.stored_points.is_some()) {
            return TeamsNotWritten::PointABoard;
        }
        match session.matches.iter().find(|m| m.boards.is_empty()) {
            Some(m) => TeamsNotWritten::NoBoards {
                round: m.round,
                home: m.home.clone(),
                away: m.away.clone(),
            },
            None => TeamsNotWritten::NotBuilt,
        }
    }
}

/// Write `session`, scored as `rescore`, as a USEBIO 1.2 document.
///
/// `program` is written as `PROGRAM_NAME` (and read back as the file's
/// writer, which picks the convention an audit uses unless one is chosen).
/// A played line's contract, declarer, lead and tricks are written where
/// the session has them ([`countback_results::Line::play`]).
///
/// # Errors
/// [`WriteError::Unsupported`] for teams and Swiss events (a
/// [`countback_results::TeamsSession`], not a `Session`) and for an artificial score that is not a whole percentage below 100 for
/// each side (USEBIO's `A6040`); [`WriteError::NoStanding`] when `rescore`
/// is not of `session`.
pub fn write_usebio(
    session: &Session,
    rescore: &Rescore,
    program: &str,
) -> Result<String, WriteError> {
    let (line_tags, event_type) = match session.event {
        EventKind::MatchPointPairs => (["NS_MATCH_POINTS", "EW_MATCH_POINTS"], "MP_PAIRS"),
        EventKind::ButlerPairs => (["NS_BUTLER_POINTS", "EW_BUTLER_POINTS"], "BUTLER_PAIRS"),
        EventKind::CrossImps => (["NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"], "CROSS_IMP"),
        ref other => {
            return Err(WriteError::Unsupported {
                what: format!(
                    "event type {} (pairs events only: MP_PAIRS, BUTLER_PAIRS, CROSS_IMP)",
                    other.usebio_name()
                ),
            })
        }
    };
    // An individual event's lines name the four players (issue 40: its
    // `PLAYER`s and `N_PLAYER_NUMBER` … as USEBIO 1.1's own example
    // individual file writes them; the reader reads that form).
    let individual = session
        .boards
        .iter()
        .any(|b| b.lines.iter().any(|l| l.seats.is_some()));
    let event_type = if individual { "INDIVIDUAL" } else { event_type };
    let choices = rescore.convention.choices();
    // Every look-up by map: a traveller line names two participants.
    let fields: HashMap<&ContestantId, Option<Direction>> = session
        .participants
        .iter()
        .map(|p| (&p.id, p.field))
        .collect();
    let standings: HashMap<&ContestantId, &Standing> =
        rescore.standings.iter().map(|s| (&s.id, s)).collect();
    let layout = Layout::of(session);

    let mut out = String::with_capacity(256 + 400 * session.boards.len() * 8);
    // The declaration and DOCTYPE, and the elements in the order, of the
    // real Compscore and EBUScore files a governing body takes.
    out.push_str(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!DOCTYPE USEBIO SYSTEM \"http://www.ebu.co.uk/usebio/usebio_v1_2.dtd\">\n\
         <USEBIO Version=\"1.2\">\n",
    );
    if let Some(club) = &session.club {
        out.push_str("  <CLUB>\n");
        element(&mut out, 4, "CLUB_NAME", club)?;
        out.push_str("  </CLUB>\n");
    }
    let _ = writeln!(out, "  <EVENT EVENT_TYPE=\"{event_type}\">");
    if let Some(d) = &session.description {
        element(&mut out, 4, "EVENT_DESCRIPTION", d)?;
    }
    element(&mut out, 4, "PROGRAM_NAME", program)?;
    // How the figures were made, so that any reader (countback's own with
    // no option) reads the file back to the same standings.
    element(
        &mut out,
        4,
        "PROGRAM_VERSION",
        &format!(
            "{} (convention {})",
            env!("CARGO_PKG_VERSION"),
            rescore.convention.name()
        ),
    )?;
    let winner_type = match session.ranking {
        Ranking::ByDirection => "2",
        _ => "1",
    };
    element(&mut out, 4, "WINNER_TYPE", winner_type)?;
    if let Some(date) = &session.date {
        element(&mut out, 4, "DATE", date)?;
    }
    if let Some(venue) = &session.venue {
        element(&mut out, 4, "VENUE", venue)?;
    }

    // Each line as the convention prints it on a traveller, where that
    // differs from what its totals add (NZ Scorer prints a board with
    // artificial scores Neuberg-factored and counts it in the totals as
    // ties): the file is the convention's, so reading it back under that
    // convention reproduces every line and every total.
    let printed_choices = choices.as_printed();
    let printed = if printed_choices == choices {
        None
    } else {
        Some(
            countback_results::rescore::rescore_by(
                session,
                &countback_results::GivenLines::new(),
                &printed_choices,
            )
            .map_err(|e| WriteError::Unsupported {
                what: format!("the lines as {} prints them ({e})", rescore.convention),
            })?,
        )
    };
    let lines_of: HashMap<(BoardNumber, Option<&str>), &countback_results::rescore::BoardScore> =
        printed
            .as_ref()
            .unwrap_or(rescore)
            .boards
            .iter()
            .map(|b| ((b.number, b.section.as_deref()), b))
            .collect();
    let w = Writer {
        layout: &layout,
        fields: &fields,
        line_tags,
        choices: &choices,
    };
    // Several sections are written as the real multi-section EBUScore
    // file writes them: one `SESSION`, a `SECTION` each with its own
    // `PARTICIPANTS` and `BOARD`s (boards numbered 1, 2 … again in each).
    // The reader ranks them apart, or scores them across the field, from
    // the places and the line figures written, as it does the real file.
    let sectioned = layout.names.len() > 1 || layout.names.iter().any(Option::is_some);
    let indent = if sectioned {
        out.push_str("    <SESSION SESSION_ID=\"1\">\n");
        8
    } else {
        4
    };
    for section in &layout.names {
        if let Some(name) = section {
            let _ = writeln!(out, "      <SECTION SECTION_ID=\"{}\">", attribute(name)?);
        }
        let _ = writeln!(out, "{:indent$}<PARTICIPANTS>", "");
        for p in session
            .participants
            .iter()
            .filter(|p| layout.section_of(&p.id) == section.as_deref())
        {
            let s = standings.get(&p.id).ok_or_else(|| WriteError::NoStanding {
                contestant: p.id.clone(),
            })?;
            w.participant(&mut out, indent + 2, p, s, individual)?;
        }
        let _ = writeln!(out, "{:indent$}</PARTICIPANTS>", "");
        for board in &session.boards {
            if board.section.is_some() && board.section != *section {
                continue;
            }
            let scored = lines_of.get(&(board.number, board.section.as_deref()));
            w.board(&mut out, indent, board, scored.copied(), section.as_deref())?;
        }
        if section.is_some() {
            out.push_str("      </SECTION>\n");
        }
    }
    if sectioned {
        out.push_str("    </SESSION>\n");
    }
    out.push_str("  </EVENT>\n</USEBIO>\n");
    Ok(out)
}

/// Where each contestant is written: its section (a pair ranked within
/// its section, or one that plays the boards of a section scored apart),
/// and the sections in the order the file first names them (`[None]` for
/// a session of one section).
struct Layout<'a> {
    names: Vec<Option<String>>,
    section: HashMap<&'a ContestantId, &'a str>,
    /// Whether a contestant is written without its section's prefix
    /// (`A1NS` as pair `1NS` of section A): the reader names pairs
    /// numbered alike in two sections with their section again.
    strip: bool,
}

impl<'a> Layout<'a> {
    fn of(session: &'a Session) -> Layout<'a> {
        let mut section: HashMap<&ContestantId, &str> = HashMap::new();
        let mut names: Vec<Option<String>> = Vec::new();
        let seen = |name: &str, names: &mut Vec<Option<String>>| {
            if !names.iter().any(|n| n.as_deref() == Some(name)) {
                names.push(Some(name.to_owned()));
            }
        };
        for p in &session.participants {
            if let Some(s) = &p.section {
                section.insert(&p.id, s);
                seen(s, &mut names);
            }
        }
        // A pair ranked with the field but playing in a section scored
        // apart is written in that section.
        for b in &session.boards {
            let Some(s) = &b.section else { continue };
            seen(s, &mut names);
            for l in &b.lines {
                for id in line_players(l) {
                    section.entry(id).or_insert(s);
                }
            }
        }
        if names.is_empty() {
            names.push(None);
        }
        // Stripped only where every pair of a section is named with its
        // section and two sections then share a number: the reader adds
        // the prefix back exactly then, and only then.
        let stripped: Option<Vec<(&str, &str)>> = section
            .iter()
            .map(|(id, s)| {
                id.as_str()
                    .strip_prefix(*s)
                    .filter(|rest| !rest.is_empty())
                    .map(|rest| (rest, *s))
            })
            .collect();
        let strip = stripped.is_some_and(|pairs| {
            let mut first: HashMap<&str, &str> = HashMap::new();
            pairs
                .iter()
                .any(|(rest, s)| first.insert(rest, s).is_some_and(|other| other != *s))
        });
        Layout {
            names,
            section,
            strip,
        }
    }

    fn section_of(&self, id: &ContestantId) -> Option<&str> {
        self.section.get(id).copied()
    }

    /// The number a contestant is written under in its section.
    fn number<'i>(&self, id: &'i ContestantId) -> &'i str {
        match self.section_of(id) {
            Some(s) if self.strip => id.as_str().strip_prefix(s).unwrap_or(id.as_str()),
            _ => id.as_str(),
        }
    }
}

/// The contestants a traveller line names: its two pairs, or in an
/// individual event its four players.
/// No allocation: the writer walks every line of the session.
fn line_players(
    l: &countback_results::session::Line,
) -> impl Iterator<Item = &ContestantId> + Clone {
    let (four, two) = match &l.seats {
        Some(s) => (Some([&s.north, &s.south, &s.east, &s.west]), None),
        None => (None, Some([&l.traveller.ns, &l.traveller.ew])),
    };
    four.into_iter().flatten().chain(two.into_iter().flatten())
}

/// What every participant and line written shares.
struct Writer<'w> {
    layout: &'w Layout<'w>,
    fields: &'w HashMap<&'w ContestantId, Option<Direction>>,
    line_tags: [&'static str; 2],
    choices: &'w countback_results::convention::Choices,
}

impl Writer<'_> {
    /// `PAIR_NUMBER` (or an individual's `PLAYER_NUMBER`) and
    /// `DIRECTION` of a contestant as its section writes it.
    fn split<'i>(&self, id: &'i ContestantId) -> (&'i str, Option<Direction>) {
        let field = self.fields.get(id).copied().flatten();
        split_id(self.layout.number(id), field)
    }

    fn participant(
        &self,
        out: &mut String,
        indent: usize,
        p: &Participant,
        s: &Standing,
        individual: bool,
    ) -> Result<(), WriteError> {
        let (entry, number_tag) = if individual {
            ("PLAYER", "PLAYER_NUMBER")
        } else {
            ("PAIR", "PAIR_NUMBER")
        };
        let _ = writeln!(out, "{:indent$}<{entry}>", "");
        let inner = indent + 2;
        let (number, direction) = self.split(&p.id);
        element(out, inner, number_tag, number)?;
        if let Some(d) = direction {
            element(out, inner, "DIRECTION", &d.to_string())?;
        }
        if s.ranked {
            element(
                out,
                inner,
                "TOTAL_SCORE",
                &figure(&s.total, self.choices.total_display),
            )?;
            if let Some(pc) = &s.percentage {
                element(
                    out,
                    inner,
                    "PERCENTAGE",
                    &figure(pc, self.choices.percentage_display),
                )?;
            }
            let place = format!("{}{}", s.place, if s.tied { "=" } else { "" });
            element(out, inner, "PLACE", &place)?;
        }
        // The players after the pair's figures, as every real Compscore
        // file has them; an individual's own name and number are its
        // entry's (USEBIO 1.1's example individual file).
        for (i, name) in p.players.iter().enumerate() {
            let at = if individual {
                inner
            } else {
                let _ = writeln!(out, "{:inner$}<PLAYER>", "");
                inner + 2
            };
            element(out, at, "PLAYER_NAME", name)?;
            // The member number a governing body credits the result to.
            if let Some(Some(id)) = p.member_ids.get(i) {
                element(out, at, "NATIONAL_ID_NUMBER", id)?;
            }
            if !individual {
                let _ = writeln!(out, "{:inner$}</PLAYER>", "");
            }
        }
        let _ = writeln!(out, "{:indent$}</{entry}>", "");
        Ok(())
    }

    /// One board of `section`: every line of a board scored in that
    /// section, or of a board scored across the field the lines played
    /// in it (none: no board written).
    fn board(
        &self,
        out: &mut String,
        indent: usize,
        board: &countback_results::session::Board,
        scored: Option<&countback_results::rescore::BoardScore>,
        section: Option<&str>,
    ) -> Result<(), WriteError> {
        // A session of one section writes every line, with no look-up.
        let here = |l: &countback_results::session::Line| {
            board.section.is_some()
                || self.layout.section.is_empty()
                || line_players(l).next().map_or(section.is_none(), |id| {
                    self.layout.section_of(id) == section
                })
        };
        if !board.lines.iter().any(here) {
            return Ok(());
        }
        let (i1, i2) = (indent + 2, indent + 4);
        let _ = writeln!(out, "{:indent$}<BOARD>", "");
        element(out, i1, "BOARD_NUMBER", &board.number.0.to_string())?;
        if let Some(datum) = scored.and_then(|b| b.datum.as_ref()) {
            element(
                out,
                i1,
                "BOARD_AVERAGE",
                &figure(datum, self.choices.line_display),
            )?;
        }
        // The rescore keeps each board's lines in the session's order.
        for (index, line) in board.lines.iter().enumerate() {
            if !here(line) {
                continue;
            }
            let t = &line.traveller;
            let players = line_players(line);
            if t.outcome == TableOutcome::NotPlayed
                && !players.clone().all(|id| self.fields.contains_key(id))
            {
                // A sit-out against a pair that is not a participant (NZ
                // Scorer's phantom): no result and no one to credit.
                continue;
            }
            let _ = writeln!(out, "{:i1$}<TRAVELLER_LINE>", "");
            let tags: &[&'static str] = if line.seats.is_some() {
                &[
                    "N_PLAYER_NUMBER",
                    "S_PLAYER_NUMBER",
                    "E_PLAYER_NUMBER",
                    "W_PLAYER_NUMBER",
                ]
            } else {
                &["NS_PAIR_NUMBER", "EW_PAIR_NUMBER"]
            };
            for (tag, id) in tags.iter().zip(players) {
                element(out, i2, tag, self.split(id).0)?;
            }
            let play = line.play.as_deref();
            let score = match &t.outcome {
                TableOutcome::Played { ns_points } => ns_points.to_string(),
                TableOutcome::Artificial(a) => artificial_text(a)?,
                TableOutcome::NotPlayed => "NP".to_owned(),
                _ => {
                    return Err(WriteError::Unsupported {
                        what: format!("the outcome of board {} for {}", t.board, t.ns),
                    })
                }
            };
            if let (Some(play), TableOutcome::Played { .. }) = (play, &t.outcome) {
                element(out, i2, "CONTRACT", &play.contract)?;
                if !play.declarer.is_empty() {
                    element(out, i2, "PLAYED_BY", &play.declarer)?;
                }
                if let Some(lead) = &play.lead {
                    element(out, i2, "LEAD", lead)?;
                }
                if let Some(tricks) = play.tricks {
                    element(out, i2, "TRICKS", &tricks.to_string())?;
                }
            }
            element(out, i2, "SCORE", &score)?;
            let computed = scored
                .and_then(|b| b.lines.get(index))
                .filter(|l| l.ns == t.ns && l.ew == t.ew)
                .map(|l| (l.ns_score.as_ref(), l.ew_score.as_ref()));
            if let Some((Some(ns), Some(ew))) = computed {
                let [ns_tag, ew_tag] = self.line_tags;
                element(out, i2, ns_tag, &figure(ns, self.choices.line_display))?;
                element(out, i2, ew_tag, &figure(ew, self.choices.line_display))?;
            }
            let _ = writeln!(out, "{:i1$}</TRAVELLER_LINE>", "");
        }
        let _ = writeln!(out, "{:indent$}</BOARD>", "");
        Ok(())
    }
}

/// `PAIR_NUMBER` and `DIRECTION` of a participant: the reader makes the
/// identifier `1NS` from number `1` and direction `NS`, and takes any
/// other number text (`A1NS`) as the identifier itself.
fn split_id(text: &str, field: Option<Direction>) -> (&str, Option<Direction>) {
    if let Some(d) = field {
        let suffix = d.to_string();
        if let Some(number) = text.strip_suffix(suffix.as_str()) {
            if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
                return (number, Some(d));
            }
        }
        return (text, Some(d));
    }
    (text, None)
}

fn artificial_text(a: &countback_model::ArtificialScore) -> Result<String, WriteError> {
    let two_digits = |d: Direction| {
        a.percent(d)
            .to_i64()
            .filter(|v| (0..100).contains(v) && a.percent(d).is_integer())
    };
    match (
        two_digits(Direction::NorthSouth),
        two_digits(Direction::EastWest),
    ) {
        (Some(ns), Some(ew)) => Ok(format!("A{ns:02}{ew:02}")),
        _ => Err(WriteError::Unsupported {
            what: format!(
                "an artificial score of {}% / {}% (USEBIO writes whole percentages below 100)",
                a.percent(Direction::NorthSouth),
                a.percent(Direction::EastWest)
            ),
        }),
    }
}

/// A figure as text: exact when a decimal of at most four places is, else
/// two places by `display`.
fn figure(value: &Score, display: Display) -> String {
    let mode = display.mode();
    for places in 0..=4 {
        if let Ok(text) = value.to_decimal(places, &mode) {
            if Score::parse(&text).ok().as_ref() == Some(value) {
                return text;
            }
        }
    }
    value
        .to_decimal(2, &mode)
        .unwrap_or_else(|_| value.to_string())
}

/// Whether XML 1.0 can hold `c` at all, raw or as a character reference
/// (its `Char` production, section 2.2): not the C0 controls other than
/// tab, line feed and carriage return, nor U+FFFE and U+FFFF.
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// A section's name as an attribute value (`SECTION_ID="A"`), escaped as
/// [`element`] escapes text, refused as it refuses.
fn attribute(text: &str) -> Result<String, WriteError> {
    let mut out = String::new();
    element(&mut out, 0, "SECTION", text)?;
    Ok(out
        .trim_end()
        .trim_start_matches("<SECTION>")
        .trim_end_matches("</SECTION>")
        .to_owned())
}

/// `<tag>text</tag>`, escaped; a character XML 1.0 cannot hold is
/// refused ([`WriteError::NotXml`]), never written raw (issue 44: a `.bws`
/// or PBN name with a control character made invalid XML, exit 0).
fn element(
    out: &mut String,
    indent: usize,
    tag: &'static str,
    text: &str,
) -> Result<(), WriteError> {
    if let Some(character) = text.chars().find(|c| !xml_char(*c)) {
        return Err(WriteError::NotXml {
            element: tag,
            text: text.to_owned(),
            character,
        });
    }
    let _ = write!(out, "{:indent$}<{tag}>", "");
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // A raw carriage return is read back as a line feed (XML 1.0,
            // 2.11): the reference keeps it.
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
    let _ = writeln!(out, "</{tag}>");
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;
    use crate::parse_usebio;
    use countback_model::ArtificialScore;
    use countback_results::{audit, rescore, Play};

    /// A three-table Howell with a name that needs escaping, an artificial
    /// score and a line not played, written and read back.
    const FILE: &str = r#"<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
<PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>A &amp; B &lt;C&gt;</PLAYER_NAME></PLAYER></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR><PAIR><PAIR_NUMBER>3</PAIR_NUMBER></PAIR>
<PAIR><PAIR_NUMBER>4</PAIR_NUMBER></PAIR><PAIR><PAIR_NUMBER>5</PAIR_NUMBER></PAIR>
<PAIR><PAIR_NUMBER>6</PAIR_NUMBER></PAIR>
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>A6040</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><SCORE>-50</SCORE></TRAVELLER_LINE>
</BOARD>
<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER><SCORE>110</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>4</NS_PAIR_NUMBER><EW_PAIR_NUMBER>5</EW_PAIR_NUMBER><SCORE>NP</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>6</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><SCORE>-100</SCORE></TRAVELLER_LINE>
</BOARD></EVENT></USEBIO>"#;

    #[test]
    fn a_session_written_reads_back_with_every_figure_reproduced() {
        let mut session = parse_usebio(FILE).unwrap();
        let scored = rescore(&session, None).unwrap();
        let first = session
            .boards
            .iter_mut()
            .find(|b| b.number == BoardNumber(1))
            .and_then(|b| {
                b.lines
                    .iter_mut()
                    .find(|l| l.traveller.ns == ContestantId::new("1"))
            })
            .unwrap();
        first.play = Some(Box::new(Play {
            contract: "4S".to_owned(),
            declarer: "N".to_owned(),
            tricks: Some(10),
            lead: Some("2H".to_owned()),
            round: None,
        }));
        let xml = write_usebio(&session, &scored, "countback").unwrap();
        assert!(xml.contains("<PLAYER_NAME>A &amp; B &lt;C&gt;</PLAYER_NAME>"));
        assert!(xml.contains("<CONTRACT>4S</CONTRACT>"));
        assert!(xml.contains("<SCORE>A6040</SCORE>"));
        assert!(xml.contains("<SCORE>NP</SCORE>"));
        let back = parse_usebio(&xml).unwrap();
        assert_eq!(back.participants[0].players, ["A & B <C>"]);
        let a = audit(&back, None).unwrap();
        assert!(a.exceptions().next().is_none(), "{}", a.summary());
        // Five lines with a result (two figures each); total, percentage and
        // place of six pairs.
        assert_eq!(a.findings.len(), 5 * 2 + 6 * 3);
    }

    #[test]
    fn figures_are_exact_when_a_short_decimal_is() {
        let d = Display::HalfUp;
        assert_eq!(figure(&Score::new(98, 10).unwrap(), d), "9.8");
        assert_eq!(figure(&Score::integer(7), d), "7");
        assert_eq!(figure(&Score::new(1, 3).unwrap(), d), "0.33");
        assert_eq!(
            figure(&Score::new(2, 3).unwrap(), Display::Truncate),
            "0.66"
        );
    }

    #[test]
    fn identifiers_split_as_the_reader_joins_them() {
        let ns = Some(Direction::NorthSouth);
        assert_eq!(split_id("12NS", ns), ("12", ns));
        assert_eq!(split_id("A1NS", ns), ("A1NS", ns));
        assert_eq!(split_id("7", None), ("7", None));
    }

    #[test]
    fn what_usebio_pairs_cannot_say_is_refused() {
        let odd = ArtificialScore::new(Score::new(121, 2).unwrap(), Score::integer(40)).unwrap();
        assert!(matches!(
            artificial_text(&odd),
            Err(WriteError::Unsupported { .. })
        ));
        assert_eq!(
            artificial_text(&ArtificialScore::average()).unwrap(),
            "A5050"
        );
        let mut session = parse_usebio(FILE).unwrap();
        let scored = rescore(&session, None).unwrap();
        session.event = EventKind::Other("TEAMS_OF_FOUR".to_owned());
        let err = write_usebio(&session, &scored, "countback").unwrap_err();
        assert!(err.to_string().contains("TEAMS_OF_FOUR"), "{err}");
    }

    /// `xml` is a well-formed XML document by an XML parser (roxmltree),
    /// not by our own reader, which could share the writer's mistakes.
    fn well_formed(xml: &str) {
        // The DOCTYPE the real files carry is allowed (it names the DTD;
        // nothing in it is expanded).
        let options = roxmltree::ParsingOptions {
            allow_dtd: true,
            ..roxmltree::ParsingOptions::default()
        };
        if let Err(e) = roxmltree::Document::parse_with_options(xml, options) {
            panic!("not XML: {e}\n{xml}");
        }
    }

    /// Issue 44: a name from a `.bws` or PBN file with a control character
    /// was written raw (invalid XML, exit 0). Every hostile name written is
    /// well-formed XML that reads back to the same name, or refused naming
    /// the element and the character.
    #[test]
    fn hostile_names_are_escaped_or_refused_never_written_raw() {
        let session = parse_usebio(FILE).unwrap();
        let scored = rescore(&session, None).unwrap();
        let written = |name: &str| {
            let mut s = session.clone();
            s.participants[0].players = vec![name.to_owned()];
            s.description = Some(format!("Club {name}"));
            write_usebio(&s, &scored, name)
        };
        for name in [
            "A & B <C> \"D\" 'E'",
            "]]> <![CDATA[ x",
            "tab\there",
            "line\nfeed",
            "carriage\rreturn",
            "Ünïcødé 𝄞 \u{FFFD}",
            "&amp; &#1; &lt;",
            "</PLAYER_NAME><PLAYER_NAME>forged",
        ] {
            let xml = written(name).unwrap();
            well_formed(&xml);
            let back = parse_usebio(&xml).unwrap();
            assert_eq!(back.participants[0].players, [name], "{name:?}");
        }
        for (name, bad) in [
            ("Smith\u{1}", '\u{1}'),
            ("\u{0}", '\u{0}'),
            ("bell\u{7}", '\u{7}'),
            ("esc\u{1B}[31m", '\u{1B}'),
            ("form\u{C}feed", '\u{C}'),
            ("non\u{FFFF}char", '\u{FFFF}'),
        ] {
            // The first element written that holds it: the description,
            // which comes first, as in the real Compscore files.
            let err = written(name).unwrap_err();
            assert_eq!(
                err,
                WriteError::NotXml {
                    element: "EVENT_DESCRIPTION",
                    text: format!("Club {name}"),
                    character: bad,
                },
                "{name:?}"
            );
            let mut s = session.clone();
            s.participants[0].players = vec![name.to_owned()];
            let err = write_usebio(&s, &scored, "countback").unwrap_err();
            assert!(
                matches!(
                    &err,
                    WriteError::NotXml {
                        element: "PLAYER_NAME",
                        ..
                    }
                ),
                "{err:?}"
            );
            assert!(
                err.to_string()
                    .contains(&format!("U+{:04X}", u32::from(bad))),
                "{err}"
            );
        }
        // The document of the first test too.
        well_formed(&write_usebio(&session, &scored, "countback").unwrap());
    }
}
