//! A PBN teams export, as Ruter writes it: `[Competition "Teams"]`, one
//! `ScoreTable` row per match (round, table, home and away team, the
//! match's IMPs segment by segment in `MatchDetails`, each team's VPs) and
//! a `TotalScoreTable` of the teams (their VP totals), read into a
//! [`TeamsSession`] that `countback-results` rescores and audits.

use countback_model::ContestantId;
use countback_results::{
    Fixture, ParseError, Segment, StoredFigure, Team, TeamMatch, TeamsSession,
};

use crate::lex::{self, Cell};
use crate::{check_names, limits, pos, short, Kind, LineKind, Lines, Table};

/// `ScoreTable` columns of a teams file that are read: the match, its IMPs
/// (`MatchDetails`: `segment,home,away|…|200,home,away`, Ruter's segment
/// `200` being the match total; or `IMP_Home`/`IMP_Away`) and its VPs.
pub const TEAM_SCORE_COLUMNS: [&str; 9] = [
    "Round",
    "Table",
    "TeamId_Home",
    "TeamId_Away",
    "MatchDetails",
    "IMP_Home",
    "IMP_Away",
    "VP_Home",
    "VP_Away",
];

/// `TotalScoreTable` columns of a teams file that are read: the figures,
/// and for people the team's name and players (`Roster`: the names as
/// written, `" - "` between them; `RosterDetails`: `id,surname,given|…`,
/// each player's member number in the same order).
pub const TEAM_TOTAL_COLUMNS: [&str; 6] = [
    "TeamId",
    "Rank",
    "TotalScoreVP",
    "TeamName",
    "Roster",
    "RosterDetails",
];

/// The segment number Ruter gives a match's total in `MatchDetails`.
const TOTAL_SEGMENT: u32 = 200;

/// Whether `text` is a PBN teams file: a `[Competition "Teams"]` tag, or a
/// results table naming teams (`TeamId…`).
#[must_use]
pub fn is_teams(text: &str) -> bool {
    text.lines().any(|line| {
        let t = line.trim_start();
        if !(t.starts_with("[Competition")
            || t.starts_with("[ScoreTable")
            || t.starts_with("[TotalScoreTable"))
        {
            return false;
        }
        lex::tags(line).is_ok_and(|tags| {
            tags.iter().any(|tag| match tag.name.as_str() {
                "Competition" => tag.value.trim().eq_ignore_ascii_case("Teams"),
                "ScoreTable" | "TotalScoreTable" => tag.value.contains("TeamId"),
                _ => false,
            })
        })
    })
}

/// Parse a PBN teams export.
///
/// Read faithfully: the columns of [`TEAM_SCORE_COLUMNS`] and
/// [`TEAM_TOTAL_COLUMNS`] are read; any other column that carries no
/// figure (lineups, rosters, clubs, member numbers) is kept and listed in
/// [`TeamsSession::not_used`]; one named like a figure is refused, naming
/// it. A match whose every figure is `-` is a fixture not yet played
/// (Ruter writes the whole schedule).
///
/// # Errors
/// A [`ParseError`] naming the line, column and table column of the first
/// problem; the limits are checked first. A pairs or individual file is
/// [`ParseError::OtherKind`].
pub fn parse_pbn_teams(text: &str) -> Result<TeamsSession, ParseError> {
    limits::check(text)?;
    let mut r = TeamsReader::default();
    // Ruter ends a table with a blank line; a `;` line ends it too.
    r.lines.comment_ends_table = true;
    for (n, raw) in text.lines().enumerate() {
        r.line(n + 1, raw.trim_end())?;
    }
    r.finish()
}

/// A team's players from Ruter's `Roster` (`"Ann Berg - Carl Dahl"`, the
/// names as written) and member numbers from `RosterDetails`
/// (`"123,Berg,Ann|456,Dahl,Carl"`, in the same order). A number is kept
/// only where the two list as many players, so that no number is put
/// beside the wrong name; with no `Roster`, the names are given then
/// surname as `RosterDetails` has them.
fn roster(
    names: Option<&Cell<'_>>,
    details: Option<&Cell<'_>>,
) -> (Vec<String>, Vec<Option<String>>) {
    let details: Vec<(Option<String>, String)> = details
        .map(|c| {
            c.text
                .split('|')
                .filter(|p| !p.trim().is_empty())
                .map(|p| {
                    let mut parts = p.splitn(3, ',').map(str::trim);
                    let id = parts.next().filter(|t| !t.is_empty()).map(str::to_owned);
                    let surname = parts.next().unwrap_or_default();
                    let given = parts.next().unwrap_or_default();
                    let name = [given, surname]
                        .iter()
                        .filter(|t| !t.is_empty())
                        .copied()
                        .collect::<Vec<_>>()
                        .join(" ");
                    (id, name)
                })
                .collect()
        })
        .unwrap_or_default();
    let players: Vec<String> = match names {
        Some(c) => c
            .text
            .split(" - ")
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect(),
        None => details.iter().map(|(_, n)| n.clone()).collect(),
    };
    let ids: Vec<Option<String>> = if details.len() == players.len() {
        details.into_iter().map(|(id, _)| id).collect()
    } else {
        Vec::new()
    };
    let ids = if ids.iter().any(Option::is_some) {
        ids
    } else {
        Vec::new()
    };
    (players, ids)
}

#[derive(Default)]
struct TeamsReader {
    version: Option<String>,
    program: Option<String>,
    description: Option<String>,
    date: Option<String>,
    competition: Option<String>,
    score: Option<Table>,
    total: Option<Table>,
    teams: Vec<Team>,
    /// Teams named by the matches, in order, where there is no total table.
    named: Vec<(ContestantId, u32)>,
    matches: Vec<TeamMatch>,
    fixtures: Vec<Fixture>,
    not_used: Vec<String>,
    lines: Lines,
}

fn col(table: &Table, name: &str) -> Option<usize> {
    table.columns.iter().position(|c| c.name == name)
}

fn cell<'r, 't>(table: &Table, row: &'r [Cell<'t>], name: &str) -> Option<&'r Cell<'t>> {
    col(table, name).and_then(|i| row.get(i))
}

fn blank(c: Option<&Cell<'_>>) -> bool {
    match c {
        Some(c) => matches!(c.text.trim(), "" | "-" | "?"),
        None => true,
    }
}

/// A cell of column `name` that does not read as `expected`, at its column.
fn bad_cell(
    table: &Table,
    c: &Cell<'_>,
    name: &str,
    line: usize,
    expected: &'static str,
) -> ParseError {
    ParseError::BadValue {
        at: pos(
            &format!("{} column {name}", table.kind.tag()),
            line,
            c.column,
        ),
        text: short(&c.text),
        expected,
    }
}

/// A row that stops before column `name`.
fn missing_cell(table: &Table, name: &str, line: usize) -> ParseError {
    ParseError::Missing {
        at: pos(table.kind.tag(), line, 1),
        what: format!("a value for column {name}"),
    }
}

fn stored(
    table: &Table,
    c: &Cell<'_>,
    name: &str,
    line: usize,
) -> Result<StoredFigure, ParseError> {
    StoredFigure::parse(&c.text).ok_or_else(|| bad_cell(table, c, name, line, "a decimal number"))
}

fn number(table: &Table, c: Option<&Cell<'_>>, name: &str, line: usize) -> Result<u32, ParseError> {
    let c = c.ok_or_else(|| missing_cell(table, name, line))?;
    c.text
        .trim()
        .parse()
        .map_err(|_| bad_cell(table, c, name, line, "a whole number"))
}

/// The team named in column `name` of `row`.
fn team_id(
    table: &Table,
    row: &[Cell<'_>],
    name: &str,
    line: usize,
) -> Result<ContestantId, ParseError> {
    match cell(table, row, name) {
        Some(c) if !blank(Some(c)) && c.text.len() <= 64 => Ok(ContestantId::new(c.text.trim())),
        Some(c) => Err(bad_cell(
            table,
            c,
            name,
            line,
            "a team number (at most 64 characters)",
        )),
        None => Err(missing_cell(table, name, line)),
    }
}

/// `1,15,54|2,30,0|200,45,54`: the segments, and the total (`200`).
type Details = (Vec<Segment>, Option<[StoredFigure; 2]>);

fn details(table: &Table, c: &Cell<'_>, line: usize) -> Result<Details, ParseError> {
    let bad = || {
        bad_cell(
            table,
            c,
            "MatchDetails",
            line,
            "segments `number,home IMPs,away IMPs` separated by `|` (Ruter: segment 200 is the match total)",
        )
    };
    let mut segments: Vec<Segment> = Vec::new();
    let mut total = None;
    for part in c.text.trim().split('|') {
        let mut f = part.split(',');
        let (Some(n), Some(h), Some(a), None) = (f.next(), f.next(), f.next(), f.next()) else {
            return Err(bad());
        };
        let n: u32 = n.trim().parse().map_err(|_| bad())?;
        let imps = [
            StoredFigure::parse(h).ok_or_else(bad)?,
            StoredFigure::parse(a).ok_or_else(bad)?,
        ];
        if n == TOTAL_SEGMENT {
            if total.replace(imps).is_some() {
                return Err(bad());
            }
        } else if segments.iter().any(|s| s.number == n) {
            return Err(bad());
        } else {
            segments.push(Segment { number: n, imps });
        }
    }
    Ok((segments, total))
}

impl TeamsReader {
    fn line(&mut self, line_no: usize, line: &str) -> Result<(), ParseError> {
        match self.lines.classify(line_no, line)? {
            LineKind::Commentary => {}
            LineKind::Escape(rest) => {
                if let Some(v) = rest.strip_prefix("PBN") {
                    self.version = Some(v.trim().to_owned());
                }
            }
            LineKind::Blank | LineKind::Comment => {}
            LineKind::Tags(tags) => {
                for tag in tags {
                    self.tag(line_no, &tag)?;
                }
            }
            LineKind::Text => self.row(line_no, line)?,
        }
        Ok(())
    }

    fn tag(&mut self, line_no: usize, tag: &lex::Tag) -> Result<(), ParseError> {
        let value = crate::tag_value(&tag.value);
        let unknown = matches!(value, "" | "#" | "?");
        match tag.name.as_str() {
            "Generator" | "Application" if self.program.is_none() && !unknown => {
                self.program = Some(value.to_owned());
            }
            "Event" if self.description.is_none() && !unknown => {
                self.description = Some(value.to_owned());
            }
            // The first `[Date]`, as the pairs reader takes it.
            "Date" if self.date.is_none() && !unknown => self.date = Some(value.to_owned()),
            "Competition" if !unknown => {
                if !value.eq_ignore_ascii_case("Teams") {
                    return Err(ParseError::BadValue {
                        at: pos("[Competition]", line_no, tag.value_column),
                        text: short(value),
                        expected: "Teams (a pairs or individual file is read by parse_pbn)",
                    });
                }
                self.competition = Some(value.to_owned());
            }
            "ScoreTable" | "TotalScoreTable" => {
                let kind = if tag.name == "ScoreTable" {
                    Kind::Score
                } else {
                    Kind::Total
                };
                let table = Table::from_tag(kind, line_no, tag)?;
                let (known, need): (&[&str], &[&str]) = match kind {
                    Kind::Score => (
                        &TEAM_SCORE_COLUMNS,
                        &["Round", "TeamId_Home", "TeamId_Away"],
                    ),
                    Kind::Total => (&TEAM_TOTAL_COLUMNS, &["TeamId"]),
                };
                check_names(&table, known, &mut self.not_used)?;
                if let Some(missing) = need.iter().find(|n| col(&table, n).is_none()) {
                    return Err(ParseError::Missing {
                        at: pos(kind.tag(), line_no, tag.value_column),
                        what: format!("column {missing} (a teams table names its teams)"),
                    });
                }
                if kind == Kind::Total && self.total.is_some() {
                    return Err(ParseError::BadValue {
                        at: pos(kind.tag(), line_no, tag.column),
                        text: "a second TotalScoreTable".to_owned(),
                        expected: "one TotalScoreTable per file",
                    });
                }
                match kind {
                    Kind::Score => self.score = Some(table),
                    Kind::Total => self.total = Some(table),
                }
                self.lines.open = Some(kind);
            }
            _ => {}
        }
        Ok(())
    }

    fn row(&mut self, line_no: usize, line: &str) -> Result<(), ParseError> {
        let table = match self.lines.open {
            Some(Kind::Score) => self.score.take(),
            Some(Kind::Total) => self.total.take(),
            None => {
                // A row of the table a blank line just ended is refused.
                let ended = match self.lines.ended {
                    Some((Kind::Score, blank)) => self.score.as_ref().map(|t| (t, blank)),
                    Some((Kind::Total, blank)) => self.total.as_ref().map(|t| (t, blank)),
                    None => None,
                };
                return ended.map_or(Ok(()), |(t, blank)| {
                    t.row_after_its_end(blank, line_no, line)
                });
            }
        };
        let Some(table) = table else { return Ok(()) };
        let result = self.table_row(&table, line_no, line);
        match table.kind {
            Kind::Score => self.score = Some(table),
            Kind::Total => self.total = Some(table),
        }
        result
    }

    fn table_row(&mut self, table: &Table, line_no: usize, line: &str) -> Result<(), ParseError> {
        let row = table.row(line_no, line)?;
        let line32 = u32::try_from(line_no).unwrap_or(u32::MAX);
        if table.kind == Kind::Total {
            let id = team_id(table, &row, "TeamId", line_no)?;
            if let Some(first) = self.teams.iter().find(|t| t.id == id) {
                return Err(ParseError::DuplicateParticipant {
                    at: pos("[TotalScoreTable] column TeamId", line_no, 1),
                    pair: first.id.clone(),
                });
            }
            let total = cell(table, &row, "TotalScoreVP");
            let place = cell(table, &row, "Rank");
            let (players, member_ids) = roster(
                cell(table, &row, "Roster").filter(|c| !blank(Some(c))),
                cell(table, &row, "RosterDetails").filter(|c| !blank(Some(c))),
            );
            self.teams.push(Team {
                id,
                players,
                member_ids,
                name: cell(table, &row, "TeamName")
                    .filter(|c| !blank(Some(c)))
                    .map(|c| c.text.trim().to_owned()),
                stored_total: match total {
                    Some(c) if !blank(Some(c)) => Some(stored(table, c, "TotalScoreVP", line_no)?),
                    _ => None,
                },
                place: match place {
                    Some(c) if !blank(Some(c)) => Some(number(table, Some(c), "Rank", line_no)?),
                    _ => None,
                },
                line: line32,
            });
            return Ok(());
        }
        let round = number(table, cell(table, &row, "Round"), "Round", line_no)?;
        if round == 0 {
            return Err(ParseError::BadValue {
                at: pos("[ScoreTable] column Round", line_no, 1),
                text: "0".to_owned(),
                expected: "a round from 1",
            });
        }
        let home = team_id(table, &row, "TeamId_Home", line_no)?;
        let away = team_id(table, &row, "TeamId_Away", line_no)?;
        for id in [&home, &away] {
            if !self.named.iter().any(|(n, _)| n == id) {
                self.named.push((id.clone(), line32));
            }
        }
        let figures = ["MatchDetails", "IMP_Home", "IMP_Away", "VP_Home", "VP_Away"];
        if figures.iter().all(|n| blank(cell(table, &row, n))) {
            self.fixtures.push(Fixture {
                round,
                home,
                away,
                line: line32,
            });
            return Ok(());
        }
        if home == away {
            return Err(ParseError::BadValue {
                at: pos("[ScoreTable] column TeamId_Away", line_no, 1),
                text: away.to_string(),
                expected: "a team other than the home team",
            });
        }
        let (segments, mut stored_imps) = match cell(table, &row, "MatchDetails") {
            Some(c) if !blank(Some(c)) => details(table, c, line_no)?,
            _ => (Vec::new(), None),
        };
        let pair = |a: &str, b: &str| -> Result<Option<[StoredFigure; 2]>, ParseError> {
            match (cell(table, &row, a), cell(table, &row, b)) {
                (Some(x), Some(y)) if !blank(Some(x)) && !blank(Some(y)) => Ok(Some([
                    stored(table, x, a, line_no)?,
                    stored(table, y, b, line_no)?,
                ])),
                (x, y) if blank(x) && blank(y) => Ok(None),
                (x, _) => Err(ParseError::Missing {
                    at: pos(
                        table.kind.tag(),
                        line_no,
                        x.or_else(|| cell(table, &row, b)).map_or(1, |c| c.column),
                    ),
                    what: format!("both {a} and {b}, or neither"),
                }),
            }
        };
        if let Some(imps) = pair("IMP_Home", "IMP_Away")? {
            if let Some(total) = &stored_imps {
                if *total != imps {
                    return Err(ParseError::BadValue {
                        at: pos("[ScoreTable] column IMP_Home", line_no, 1),
                        text: format!("{}-{}", imps[0].text, imps[1].text),
                        expected: "the match total MatchDetails gives (segment 200)",
                    });
                }
            }
            stored_imps = Some(imps);
        }
        let stored_vps = pair("VP_Home", "VP_Away")?;
        if segments.is_empty() && stored_imps.is_none() {
            return Err(ParseError::Missing {
                at: pos(table.kind.tag(), line_no, 1),
                what: "the match's IMPs (MatchDetails, or IMP_Home and IMP_Away): a match with VPs only cannot be rescored".to_owned(),
            });
        }
        if let Some(first) = self.matches.iter().find(|m| {
            m.round == round
                && [&m.home, &m.away]
                    .iter()
                    .any(|t| **t == home || **t == away)
        }) {
            return Err(ParseError::BadValue {
                at: pos("[ScoreTable] column TeamId_Home", line_no, 1),
                text: format!(
                    "{home} v {away} (round {round} already has {} v {} at line {})",
                    first.home, first.away, first.line
                ),
                expected: "a team's one match in the round",
            });
        }
        self.matches.push(TeamMatch {
            round,
            table: match cell(table, &row, "Table") {
                Some(c) if !blank(Some(c)) => Some(number(table, Some(c), "Table", line_no)?),
                _ => None,
            },
            home,
            away,
            segments,
            stored_imps,
            stored_vps,
            stored_points: None,
            boards: Vec::new(),
            board_count: None,
            line: line32,
        });
        Ok(())
    }

    fn finish(mut self) -> Result<TeamsSession, ParseError> {
        if self.competition.is_none() && self.score.is_none() && self.total.is_none() {
            return Err(ParseError::Missing {
                at: pos("[Competition]", 1, 1),
                what:
                    "a teams results table ([Competition \"Teams\"] with a ScoreTable of matches)"
                        .to_owned(),
            });
        }
        if self.teams.is_empty() {
            for (id, line) in &self.named {
                self.teams.push(Team {
                    id: id.clone(),
                    players: Vec::new(),
                    member_ids: Vec::new(),
                    name: None,
                    stored_total: None,
                    place: None,
                    line: *line,
                });
            }
        } else if let Some((id, line)) = self
            .named
            .iter()
            .find(|(id, _)| !self.teams.iter().any(|t| t.id == *id))
        {
            return Err(ParseError::UnknownName {
                at: pos("[ScoreTable] column TeamId_Home", *line as usize, 1),
                what: "team (not in the TotalScoreTable)",
                found: id.to_string(),
                known: self
                    .teams
                    .iter()
                    .map(|t| t.id.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        if self.matches.is_empty() {
            return Err(ParseError::Missing {
                at: pos("[ScoreTable]", 1, 1),
                what: "a match played (a ScoreTable row with IMPs)".to_owned(),
            });
        }
        Ok(TeamsSession {
            format: crate::format_label(self.version.as_deref()),
            kind: self.competition.unwrap_or_else(|| "Teams".to_owned()),
            description: self.description,
            date: self.date,
            program: self.program,
            teams: self.teams,
            matches: self.matches,
            fixtures: self.fixtures,
            boards_per_match: None,
            not_used: self.not_used,
        })
    }
}
