//! The reading of a PBN file, in the order it happens: lines into tags and
//! table rows ([`Reader::line`]), tags into the file's facts
//! ([`Reader::tag`]), then, once every row is in, the scoring
//! ([`Reader::scoring`]), the contestants and how they are ranked
//! ([`contestants`], [`Fields`]) and the travellers ([`travellers`]).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use countback_model::{BoardNumber, ContestantId, Direction, Score, TableOutcome, TravellerLine};
use countback_results::HandRecords;
use countback_results::{
    Board, EventKind, FileRule, ImpTotal, Line, ParseError, Participant, Ranking, Seats, Session,
    SessionBuilder, StoredStanding,
};

use crate::lex::{self, Cell};
use crate::{
    artificial, check_names, event_kind, format_label, limits, pos, score_header, short, tag_value,
    ArtificialScale, Declared, Kind, LineKind, Lines, Named, Outcome, RawLine, Row, ScoreCols,
    Table, SCORINGS, TOTAL_COLUMNS,
};

/// Parse the results tables of a PBN file.
///
/// A file another program wrote is read faithfully: every column that
/// carries or changes a figure is read (or the file is refused, naming it);
/// every other column (member numbers, sex, countries, team names, tie
/// marks …) is kept and listed in [`Session::not_used`], never a refusal.
///
/// # Errors
/// A [`ParseError`] naming the line, the column (1-based, in characters)
/// and the tag or table column of the first problem; the limits
/// ([`crate::MAX_INPUT_BYTES`], [`crate::MAX_LINES`],
/// [`crate::MAX_LINE_BYTES`], [`crate::MAX_COLUMNS`]) are checked before anything
/// is read. A teams file is [`ParseError::OtherKind`].
pub fn parse_pbn(text: &str) -> Result<Session, ParseError> {
    parse_pbn_played(text).map(|played| played.session)
}

/// A PBN session with what its file says of the play and the deals.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PbnSession {
    /// The session ([`parse_pbn`]), each `ScoreTable` row's contract,
    /// declarer, tricks and lead in its line
    /// ([`countback_results::Line::play`]; none where the table has no
    /// `Contract` column).
    pub session: Session,
    /// Each board's `[Deal]`, dealer, vulnerability, double-dummy tricks
    /// (`[OptimumResultTable]`) and par, where the file has them.
    pub hands: HandRecords,
}

/// [`parse_pbn`], keeping the play of each row and the hand records
/// (issue 40).
///
/// # Errors
/// As [`parse_pbn`]: nothing of the play or the deals is ever refused.
pub fn parse_pbn_played(text: &str) -> Result<PbnSession, ParseError> {
    limits::check(text)?;
    let mut reader = Reader::default();
    for (n, raw) in text.lines().enumerate() {
        reader.line(n + 1, raw.trim_end())?;
    }
    reader.finish()
}

/// Everything read so far.
#[derive(Default)]
struct Reader<'t> {
    version: Option<String>,
    program: Option<String>,
    description: Option<String>,
    /// `[Date]` and `[Site]`, the first given: shown in the header.
    date: Option<String>,
    site: Option<String>,
    /// `[Scoring]`: value, line, column.
    scoring: Option<(String, usize, usize)>,
    /// `% <META name=ScoringType content="…">` (Ruter), when there is no
    /// `[Scoring]` tag.
    meta_scoring: Option<(String, usize)>,
    competition: Option<(String, usize, usize)>,
    board: Option<BoardNumber>,
    /// The current board's `[Vulnerable]` tag: value, line, column.
    vulnerable: Option<(String, usize, usize)>,
    /// Rows scored here from their contract (Law 77): the file gave no
    /// score.
    scored_from_contracts: usize,
    /// Whether the first ScoreTable named nobody (a frequency traveller),
    /// and its line.
    anonymous: Option<(bool, usize)>,
    score_table: Option<(Table, ScoreCols)>,
    total_table: Option<Table>,
    individual: Option<(bool, usize)>,
    raw_lines: Vec<RawLine<'t>>,
    boards_seen: Vec<(BoardNumber, usize)>,
    tabled: HashMap<BoardNumber, usize>,
    totals: Vec<(Vec<Cell<'t>>, usize)>,
    declared: Declared,
    /// Whether a score table stores each board's Butler datum
    /// (`ButlerDatum`): it tells `IMP` alone as Butler.
    datum_stored: bool,
    not_used: Vec<String>,
    byes: usize,
    lines: Lines,
    /// The play of each row and the hand records (issue 40).
    deals: crate::play::Deals,
}

impl<'t> Reader<'t> {
    fn line(&mut self, line_no: usize, line: &'t str) -> Result<(), ParseError> {
        match self.lines.classify(line_no, line)? {
            LineKind::Commentary | LineKind::Comment => {}
            LineKind::Blank => self.deals.blank(),
            LineKind::Escape(rest) => self.comment(line_no, &rest),
            LineKind::Tags(tags) => {
                for tag in tags {
                    self.deals.tag(self.board, &tag.name, &tag.value);
                    self.tag(line_no, &tag)?;
                }
            }
            LineKind::Text if self.deals.reading_rows() => self.deals.optimum_row(line),
            LineKind::Text => self.row(line_no, line)?,
        }
        Ok(())
    }

    /// A `%` line: the version, and Ruter's `ScoringType` meta line.
    fn comment(&mut self, line_no: usize, rest: &str) {
        if let Some(v) = rest.strip_prefix("PBN") {
            self.version = Some(v.trim().to_owned());
        } else if let Some(meta) = rest.strip_prefix("<META") {
            let meta = meta.trim_start();
            if let Some(after) = meta.strip_prefix("name=ScoringType") {
                let value = after
                    .split_once("content=\"")
                    .and_then(|(_, v)| v.split_once('"'))
                    .map(|(v, _)| v.trim());
                if let Some(v) = value.filter(|v| !v.is_empty()) {
                    self.meta_scoring.get_or_insert((v.to_owned(), line_no));
                }
            }
        }
    }

    fn tag(&mut self, line_no: usize, tag: &lex::Tag) -> Result<(), ParseError> {
        let value = tag_value(&tag.value);
        let unknown = matches!(value, "" | "#" | "?");
        match tag.name.as_str() {
            "Generator" | "Application" if self.program.is_none() => {
                self.program = Some(value.to_owned());
            }
            "Event" if self.description.is_none() && !unknown => {
                self.description = Some(value.to_owned());
            }
            "Date" if self.date.is_none() && !unknown => self.date = Some(value.to_owned()),
            "Site" if self.site.is_none() && !unknown => self.site = Some(value.to_owned()),
            "Competition" if !unknown => {
                // A teams file is refused at its first table, which names
                // the parts it has (or at the end, if it has none).
                if !matches!(value, "Pairs" | "Individuals" | "Teams") {
                    return Err(ParseError::UnknownName {
                        at: pos("[Competition]", line_no, tag.value_column),
                        what: "competition",
                        found: short(value),
                        known: "Pairs, Individuals (teams results are not read)".to_owned(),
                    });
                }
                self.competition
                    .get_or_insert((value.to_owned(), line_no, tag.value_column));
            }
            "Scoring" if !unknown => match &self.scoring {
                Some((first, first_line, _)) if first != value => {
                    return Err(ParseError::BadValue {
                        at: pos("[Scoring]", line_no, tag.value_column),
                        text: format!("{} (line {first_line} says {first})", short(value)),
                        expected: "the same scoring as the file's first [Scoring] tag",
                    });
                }
                Some(_) => {}
                None => self.scoring = Some((value.to_owned(), line_no, tag.value_column)),
            },
            "Board" if !matches!(value, "#" | "?") => {
                let number = value.parse::<u32>().map_err(|_| ParseError::BadValue {
                    at: pos("[Board]", line_no, tag.value_column),
                    text: short(value),
                    expected: "a board number",
                })?;
                let number = BoardNumber(number);
                if !self.boards_seen.iter().any(|(b, _)| *b == number) {
                    self.boards_seen.push((number, line_no));
                }
                self.board = Some(number);
                self.vulnerable = None;
            }
            "Vulnerable" if !unknown => {
                self.vulnerable = Some((value.to_owned(), line_no, tag.value_column));
            }
            "ScoreTable" => self.score_table_header(line_no, tag)?,
            "TotalScoreTable" => self.total_table_header(line_no, tag)?,
            _ => {}
        }
        Ok(())
    }

    /// A teams file: `[Competition "Teams"]`, or a table of teams or VPs.
    fn teams(&self, table: &Table) -> Option<ParseError> {
        let team_column = table
            .columns
            .iter()
            .find(|c| c.name.starts_with("TeamId") || c.name.contains("VP"));
        let stated = self
            .competition
            .as_ref()
            .filter(|(c, _, _)| c.eq_ignore_ascii_case("Teams"));
        if team_column.is_none() && stated.is_none() {
            return None;
        }
        let names: Vec<&str> = table.columns.iter().map(|c| c.name.as_str()).collect();
        Some(ParseError::OtherKind {
            at: match stated {
                Some((_, line, column)) => pos("[Competition]", *line, *column),
                None => pos(
                    table.kind.tag(),
                    table.line,
                    team_column.map_or(1, |c| c.column),
                ),
            },
            kind: "a teams file (matches between teams, scored in IMPs and VPs)".to_owned(),
            parts: format!("{} columns {}", table.kind.tag(), names.join(", ")),
        })
    }

    fn score_table_header(&mut self, line_no: usize, tag: &lex::Tag) -> Result<(), ParseError> {
        let table = Table::from_tag(Kind::Score, line_no, tag)?;
        if let Some(e) = self.teams(&table) {
            return Err(e);
        }
        let named = score_header(&table, &mut self.not_used)?;
        let is_individual = named == Named::Players;
        match self.anonymous {
            Some((first, first_line)) if first != (named == Named::Nobody) => {
                return Err(ParseError::BadValue {
                    at: pos(Kind::Score.tag(), line_no, tag.value_column),
                    text: format!(
                        "{} (the ScoreTable at line {first_line} {})",
                        short(&tag.value),
                        if first {
                            "names nobody: a frequency traveller"
                        } else {
                            "names its contestants"
                        }
                    ),
                    expected: "a table that names its contestants as the file's first ScoreTable does, or like it names none",
                });
            }
            Some(_) => {}
            None => self.anonymous = Some((named == Named::Nobody, line_no)),
        }
        let Some(number) = self.board else {
            return Err(ParseError::Missing {
                at: pos(Kind::Score.tag(), line_no, tag.column),
                what: "a [Board] tag before the ScoreTable".to_owned(),
            });
        };
        if let Some((first, first_line)) = self.individual {
            if first != is_individual {
                return Err(ParseError::BadValue {
                    at: pos(Kind::Score.tag(), line_no, tag.value_column),
                    text: format!(
                        "{} (the ScoreTable at line {first_line} names {})",
                        short(&tag.value),
                        if first { "players" } else { "pairs" }
                    ),
                    expected:
                        "a table naming the same kind of contestant as the file's first ScoreTable",
                });
            }
        } else {
            self.individual = Some((is_individual, line_no));
        }
        if let Some((c, c_line, c_col)) = &self.competition {
            if (c == "Individuals") != is_individual {
                return Err(ParseError::BadValue {
                    at: pos("[Competition]", *c_line, *c_col),
                    text: c.clone(),
                    expected: "the competition the ScoreTable columns name (PairId_ for Pairs, PlayerId_ for Individuals)",
                });
            }
        }
        if self.tabled.insert(number, line_no).is_some() {
            return Err(ParseError::DuplicateBoard {
                at: pos(Kind::Score.tag(), line_no, tag.column),
                board: number,
            });
        }
        self.datum_stored |= table.columns.iter().any(|c| c.name == "ButlerDatum");
        for c in &table.columns {
            let figure = c.name.starts_with("MP_") || c.name.starts_with("IMP_");
            if figure && !self.declared.iter().any(|(n, _, _)| *n == c.name) {
                self.declared.push((c.name.clone(), line_no, c.column));
            }
        }
        let cols = ScoreCols::of(&table);
        self.score_table = Some((table, cols));
        self.lines.open = Some(Kind::Score);
        Ok(())
    }

    fn total_table_header(&mut self, line_no: usize, tag: &lex::Tag) -> Result<(), ParseError> {
        let table = Table::from_tag(Kind::Total, line_no, tag)?;
        if let Some(e) = self.teams(&table) {
            return Err(e);
        }
        check_names(&table, &TOTAL_COLUMNS, &mut self.not_used)?;
        if let Some(first) = &self.total_table {
            return Err(ParseError::BadValue {
                at: pos(Kind::Total.tag(), line_no, tag.column),
                text: format!(
                    "a second TotalScoreTable (the first is at line {})",
                    first.line
                ),
                expected: "one TotalScoreTable per file",
            });
        }
        self.total_table = Some(table);
        self.lines.open = Some(Kind::Total);
        Ok(())
    }

    /// A table row; anything else (a deal diagram, an auction, a play
    /// section, another program's table) is not a result.
    fn row(&mut self, line_no: usize, line: &'t str) -> Result<(), ParseError> {
        let table = match self.lines.open {
            Some(Kind::Score) => self.score_table.as_ref().map(|(t, _)| t),
            Some(Kind::Total) => self.total_table.as_ref(),
            None => return self.after_the_end(line_no, line),
        };
        let Some(table) = table else { return Ok(()) };
        let row = table.row(line_no, line)?;
        table.penalty(line_no, &row)?;
        if table.kind == Kind::Total {
            self.totals.push((row, line_no));
            return Ok(());
        }
        let (Some(number), Some((table, cols))) = (self.board, &self.score_table) else {
            return Ok(());
        };
        countback_results::check_traveller_lines(self.raw_lines.len() + 1)?;
        let at = Row {
            table,
            cells: &row,
            line: line_no,
        };
        let vulnerable = self
            .vulnerable
            .as_ref()
            .map(|(v, l, c)| (v.as_str(), *l, *c));
        match at.score_row(cols, number, vulnerable)? {
            Some(raw) => {
                if raw.from_contract {
                    self.scored_from_contracts += 1;
                }
                if !cols.ids.is_empty() {
                    if let Some(play) = crate::play::play_of(cols, &row) {
                        self.deals.play(line_no, play);
                    }
                }
                self.raw_lines.push(raw);
            }
            None => self.byes += 1,
        }
        Ok(())
    }

    /// A line outside any table: refused if it is a row of the table a
    /// blank line just ended ([`Table::row_after_its_end`]).
    fn after_the_end(&self, line_no: usize, line: &str) -> Result<(), ParseError> {
        let table = match self.lines.ended {
            Some((Kind::Score, blank)) => self.score_table.as_ref().map(|(t, _)| (t, blank)),
            Some((Kind::Total, blank)) => self.total_table.as_ref().map(|t| (t, blank)),
            None => None,
        };
        table.map_or(Ok(()), |(t, blank)| {
            t.row_after_its_end(blank, line_no, line)
        })
    }

    /// The event kind and the file's rule, from `[Scoring]`, else Ruter's
    /// `ScoringType` meta line, else the figure columns.
    fn scoring(&self) -> Result<(EventKind, FileRule), ParseError> {
        let stated = self
            .scoring
            .clone()
            .or_else(|| self.meta_scoring.clone().map(|(v, l)| (v, l, 1)));
        match &stated {
            Some((value, line, column)) => {
                if let Some(kind) = event_kind(value) {
                    return Ok((kind, FileRule::from_scoring_tag(value)));
                }
                self.imps_by_their_datum(value)
                    .ok_or_else(|| ParseError::UnknownName {
                        at: pos("[Scoring]", *line, *column),
                        what: "scoring",
                        found: short(value),
                        known: SCORINGS.to_owned(),
                    })
            }
            // Without the tag, match points are known by their columns;
            // IMPs alone do not say Butler or cross-IMPs.
            None if !self.declared.is_empty()
                && self.declared.iter().all(|(n, _, _)| n.starts_with("MP_")) =>
            {
                Ok((EventKind::MatchPointPairs, FileRule::default()))
            }
            None => Err(ParseError::Missing {
                at: pos("[Scoring]", 1, 1),
                what: format!("a [Scoring \"…\"] tag: {SCORINGS}"),
            }),
        }
    }

    /// `IMP` alone ("the modifiers in the Scoring tag specify how the IMPs
    /// are computed", PBN 2.1 §4.2.2; none is given) read by the file's own
    /// columns: a score table
    /// with a `ButlerDatum` column holds Butler IMPs, each line against
    /// that datum; the file says so by the figure it stores. Without one,
    /// `IMP` could be Butler or cross-IMPs, and is refused.
    fn imps_by_their_datum(&self, value: &str) -> Option<(EventKind, FileRule)> {
        (value.eq_ignore_ascii_case("IMP") && self.datum_stored).then(|| {
            let mut rule = FileRule::from_scoring_tag(value);
            // Totals summed or per board: the totals decide (`mean_or_sum`).
            rule.imp_total = ImpTotal::PerBoard;
            rule.reading = Some(
                "IMP read as Butler IMPs: the score tables store each board's datum \
                 (ButlerDatum), which only Butler scoring has"
                    .to_owned(),
            );
            (EventKind::ButlerPairs, rule)
        })
    }

    fn finish(mut self) -> Result<PbnSession, ParseError> {
        let deals = std::mem::take(&mut self.deals);
        if let Some((c, line, column)) = &self.competition {
            if c.eq_ignore_ascii_case("Teams") {
                return Err(ParseError::OtherKind {
                    at: pos("[Competition]", *line, *column),
                    kind: "a teams file (matches between teams, scored in IMPs and VPs)".to_owned(),
                    parts: "tables: none".to_owned(),
                });
            }
        }
        let Some((individual, _)) = self.individual else {
            return Err(ParseError::NoResults {
                at: pos(Kind::Score.tag(), 1, 1),
                what: "ScoreTable (the results of each board)",
            });
        };
        let (event, mut rule) = self.scoring()?;
        if rule.centred && event == EventKind::MatchPointPairs {
            centred_or_from_zero(&mut rule, &self.raw_lines);
        }
        check_figure_columns(&self.declared, &event)?;
        let total_table = self
            .total_table
            .take()
            .ok_or_else(|| ParseError::NoResults {
                at: pos(Kind::Total.tag(), 1, 1),
                what: "TotalScoreTable (the contestants and their totals)",
            })?;
        let figures = TotalFigures::of(&total_table, &event, &mut self.not_used)?;
        let rows = total_rows(&total_table, &self.totals, individual, &figures)?;
        if rows.len() < self.totals.len() {
            self.not_used.push(format!(
                "{} bye row{} (a pair \"-\" or \"Bye\": no contestant)",
                Kind::Total.tag(),
                if self.totals.len() - rows.len() == 1 {
                    ""
                } else {
                    "s"
                }
            ));
        }
        if self.byes > 0 {
            self.not_used.push(format!(
                "{} {} bye row{} (a pair with no opponents: no result)",
                Kind::Score.tag(),
                self.byes,
                if self.byes == 1 { "" } else { "s" }
            ));
        }
        if individual && total_table.index("Direction").is_some() {
            self.not_used.push(format!(
                "{} column Direction: each player's starting seat (an individual is one field)",
                Kind::Total.tag()
            ));
        }
        if self.scored_from_contracts > 0 {
            // Declarer and Result were read for those rows: not "not used".
            let used = [
                format!("{} column Declarer", Kind::Score.tag()),
                format!("{} column Result", Kind::Score.tag()),
            ];
            self.not_used.retain(|n| !used.contains(n));
            self.not_used.push(format!(
                "{} {} row{} with a contract and no score: scored here by Law 77 from Contract, Declarer and Result (tricks taken), vulnerable as the board's [Vulnerable] tag says, else by the board number (Law 2)",
                Kind::Score.tag(),
                self.scored_from_contracts,
                if self.scored_from_contracts == 1 { "" } else { "s" }
            ));
        }
        if self.anonymous.is_some_and(|(a, _)| a) {
            let multiplicity = format!("{} column Multiplicity", Kind::Score.tag());
            self.not_used.retain(|n| *n != multiplicity);
            self.not_used.push(format!(
                "{} frequency travellers: no row names its pairs, so each board's scores are matchpointed by how many tables had them (Multiplicity) and the stored match points audited; the totals, percentages and places are the TotalScoreTable's, which no traveller can check",
                Kind::Score.tag()
            ));
        }
        let fields = Fields::decide(&rows, &self.raw_lines, individual);
        if fields.by_direction_was_start {
            self.not_used.push(format!(
                "{} column Direction: each pair's starting direction (one field: a pair plays both ways, or the places run in one list across the directions)",
                Kind::Total.tag()
            ));
        }
        let (participants, index) = contestants(&total_table, rows, &fields)?;
        let boards = travellers(
            self.raw_lines,
            &self.boards_seen,
            &self.tabled,
            &participants,
            &index,
            &fields,
            individual,
            &event,
            rule.centred,
        )?;
        if event != EventKind::MatchPointPairs && rule.imp_total == ImpTotal::PerBoard {
            // `IMP` alone says no more than `Mean` does: sums unless the
            // totals show means.
            let stated_mean = rule
                .stated
                .as_deref()
                .is_some_and(|s| s.split(';').any(|p| p.trim().eq_ignore_ascii_case("Mean")));
            mean_or_sum(&mut rule, &participants, &boards, stated_mean);
        }
        let ranking = if fields.by_direction {
            Ranking::ByDirection
        } else {
            Ranking::OneField
        };
        let mut session =
            SessionBuilder::new(format_label(self.version.as_deref()), event, ranking);
        // Held to the limit as each row was read (`check_traveller_lines`,
        // before the row is kept), and again, as every reader's, here.
        session.boards(boards)?;
        session
            .description(self.description)
            .date(self.date)
            .venue(self.site)
            .program(self.program)
            .participants(participants)
            .rule(rule)
            .not_used(self.not_used);
        let mut session = session.build();
        let hands = deals.finish(&mut session);
        Ok(PbnSession { session, hands })
    }
}

/// `MatchPoints;MP1` as the file's own figures write it (issue 41): Ruter's
/// Norwegian files write match points relative to the average (a line's
/// NS and EW add up to 0), its Finnish files with the same tag from zero
/// (they add up to the board's top). The played lines with both figures
/// vote; the reading taken, and why, is the rule's `reading`.
fn centred_or_from_zero(rule: &mut FileRule, lines: &[RawLine<'_>]) {
    let stated = rule.stated.clone().unwrap_or_else(|| "MP1".to_owned());
    let (mut zero_sum, mut positive, mut lines_seen) = (0usize, 0usize, 0usize);
    for l in lines {
        let (Outcome::Known(TableOutcome::Played { .. }), (Some(ns), Some(ew))) =
            (&l.outcome, &l.mp)
        else {
            continue;
        };
        lines_seen += 1;
        let sum = &ns.figure.value + &ew.figure.value;
        if sum == Score::integer(0) {
            zero_sum += 1;
        } else if sum.is_positive() {
            positive += 1;
        }
    }
    if positive > zero_sum {
        rule.centred = false;
        rule.reading = Some(format!(
            "{stated} read as match points from zero, not relative to the average: on {positive} of {lines_seen} played lines NS and EW add up to more than 0, as match points from zero do (centred ones add up to 0, as on {zero_sum})"
        ));
    } else if lines_seen > 0 {
        rule.reading = Some(format!(
            "{stated} read as match points relative to the average: on {zero_sum} of {lines_seen} played lines NS and EW add up to 0 (from zero they would add up to the board's top; {positive} add up to more than 0)"
        ));
    }
}

/// `Mean` (`IMP;Butler-2;Mean`) as the file's own figures write it (issue
/// 41): Ruter's totals are the IMPs per board played, Magic Contest's with
/// the same words their sum (the 42.0, printed 1.500 as a mean of
/// 28 boards). Each pair whose stored total is its lines' sum, or their
/// mean, at the total's printed precision votes; the reading taken, and
/// why, is the rule's `reading`.
///
/// `stated_mean`: the file says `Mean`, so a tie of the votes keeps a mean;
/// otherwise (`IMP` alone) a tie is a sum, what USEBIO and most writers
/// write. A reading already given (why `IMP` is Butler) is kept before it.
fn mean_or_sum(
    rule: &mut FileRule,
    participants: &[Participant],
    boards: &[Board],
    stated_mean: bool,
) {
    let stated = rule.stated.clone().unwrap_or_else(|| "Mean".to_owned());
    let before = rule.reading.take().map(|r| format!("{r}; "));
    let before = before.unwrap_or_default();
    let mut lines: HashMap<&ContestantId, (Score, usize)> = HashMap::new();
    for l in boards.iter().flat_map(|b| &b.lines) {
        for (who, figure) in [
            (&l.traveller.ns, &l.stored_ns),
            (&l.traveller.ew, &l.stored_ew),
        ] {
            if let Some(f) = figure {
                let e = lines.entry(who).or_insert((Score::integer(0), 0usize));
                e.0 = &e.0 + &f.value;
                e.1 += 1;
            }
        }
    }
    let (mut sums, mut means, mut pairs) = (0usize, 0usize, 0usize);
    for p in participants {
        let (Some(total), Some((sum, played))) = (&p.stored.total, lines.get(&p.id)) else {
            continue;
        };
        let Ok(mean) = sum.checked_div(&Score::from(*played)) else {
            continue;
        };
        let half_unit = Score::new(1, 2 * 10_i64.pow(total.places.min(9))).unwrap_or_default();
        let near = |x: &Score| (x - &total.value).abs() <= half_unit;
        pairs += 1;
        match (near(sum), near(&mean)) {
            (true, false) => sums += 1,
            (false, true) => means += 1,
            _ => {}
        }
    }
    if sums > means || (sums == means && !stated_mean) {
        rule.imp_total = ImpTotal::Sum;
        rule.reading = (sums > 0).then(|| format!(
            "{before}{stated} read as totals that add up the line IMPs, not a mean per board: on {sums} of {pairs} pairs the stored total is the sum of its lines (their mean on {means})"
        ));
    } else if means > 0 {
        rule.reading = Some(format!(
            "{before}{stated} read as totals of IMPs per board played: on {means} of {pairs} pairs the stored total is the mean of its lines (their sum on {sums})"
        ));
    }
    if rule.reading.is_none() && !before.is_empty() {
        rule.reading = Some(before.trim_end_matches("; ").to_owned());
    }
}

/// Every figure column of the `ScoreTable`s is of the event's scoring.
fn check_figure_columns(declared: &Declared, event: &EventKind) -> Result<(), ParseError> {
    let figure_kind = if *event == EventKind::MatchPointPairs {
        "MP_"
    } else {
        "IMP_"
    };
    if let Some((name, line, column)) = declared
        .iter()
        .find(|(n, _, _)| !n.starts_with(figure_kind))
    {
        return Err(ParseError::BadValue {
            at: pos(Kind::Score.tag(), *line, *column),
            text: name.clone(),
            expected: if *event == EventKind::MatchPointPairs {
                "a match-point column (MP_…): the event is matchpointed"
            } else {
                "an IMP column (IMP_…): the event is scored in IMPs"
            },
        });
    }
    Ok(())
}

/// The `TotalScoreTable` columns that hold this session's total and
/// percentage.
struct TotalFigures {
    total: Option<&'static str>,
    percentage: &'static str,
    /// The column of this session's places: `Rank`, or in a multi-session
    /// file that has it `SessionRank` (`Rank` is then the running place).
    place: &'static str,
}

impl TotalFigures {
    fn of(
        table: &Table,
        event: &EventKind,
        not_used: &mut Vec<String>,
    ) -> Result<TotalFigures, ParseError> {
        let mp = *event == EventKind::MatchPointPairs;
        let (names, other, session): ([&str; 2], [&str; 2], &'static str) = if mp {
            (
                ["TotalScoreMP", "TotalMP"],
                ["TotalScoreIMP", "TotalIMP"],
                "SessionScoreMP",
            )
        } else {
            (
                ["TotalScoreIMP", "TotalIMP"],
                ["TotalScoreMP", "TotalMP"],
                "SessionScoreIMP",
            )
        };
        if let Some(c) = other
            .iter()
            .chain(if mp {
                ["SessionScoreIMP"].iter()
            } else {
                ["SessionScoreMP"].iter()
            })
            .find_map(|n| table.column(n))
        {
            return Err(column_refused(
                table,
                c,
                if mp {
                    "a match-point total (TotalScoreMP or TotalMP): the event is matchpointed"
                } else {
                    "an IMP total (TotalScoreIMP or TotalIMP): the event is scored in IMPs"
                },
            ));
        }
        if let (Some(_), Some(c)) = (table.column(names[0]), table.column(names[1])) {
            return Err(column_refused(table, c, "one total column, not two"));
        }
        let running = names.iter().copied().find(|n| table.index(n).is_some());
        // A multi-session file: the session's own columns are this file's
        // figures; the running totals add earlier sessions the file does
        // not hold.
        // `SessionRank` (issue 41) says so too: it is this session's place,
        // and `Rank` the running one.
        let session_rank = table.index("SessionRank").is_some();
        if table.index(session).is_some()
            || table.index("SessionPercentage").is_some()
            || session_rank
        {
            for n in running.into_iter().chain(["TotalPercentage"]) {
                if table.index(n).is_some() {
                    not_used.push(format!(
                        "{} column {n}: the running total, which adds earlier sessions this file does not hold",
                        Kind::Total.tag()
                    ));
                }
            }
            if session_rank && table.index("Rank").is_some() {
                not_used.push(format!(
                    "{} column Rank: the running place, after earlier sessions this file does not hold (SessionRank is this session's)",
                    Kind::Total.tag()
                ));
            }
            return Ok(TotalFigures {
                total: table.index(session).map(|_| session),
                percentage: "SessionPercentage",
                place: if session_rank { "SessionRank" } else { "Rank" },
            });
        }
        Ok(TotalFigures {
            total: running,
            percentage: "TotalPercentage",
            place: "Rank",
        })
    }
}

/// A `TotalScoreTable` row, read.
struct TotalRow<'r> {
    number: Cow<'r, str>,
    id_column: usize,
    direction: Option<Direction>,
    section: Option<String>,
    stored: StoredStanding,
    players: Vec<String>,
    /// Each player's member number (`MemberID1`, `MemberID2`; an
    /// individual's `MemberID`), where the file gives one.
    member_ids: Vec<Option<String>>,
    line: usize,
}

/// A pair's direction as the writers print it, in their languages: `NS`,
/// `N-S`, `N/S`; `EW`, `E-W`, Swedish `Ö-V`, Norwegian and Danish `Ø-V`,
/// German and Dutch `O-W`, French, Spanish and Italian `E-O`, Dutch `N-Z`.
pub(crate) fn direction_word(text: &str) -> Option<Direction> {
    let letters: String = text
        .chars()
        .filter(|c| !matches!(c, '-' | '/' | ' ' | '.'))
        .flat_map(char::to_uppercase)
        .collect();
    match letters.as_str() {
        "NS" | "NZ" => Some(Direction::NorthSouth),
        "EW" | "ÖV" | "ØV" | "OV" | "OW" | "EO" => Some(Direction::EastWest),
        _ => None,
    }
}

/// Whether a `TotalScoreTable` row is a bye: no pair (`-`) or the name
/// "Bye".
fn bye_row(table: &Table, row: &[Cell<'_>], id_name: &str) -> bool {
    let cell = |c: &str| table.index(c).and_then(|i| row.get(i));
    let no_id = cell(id_name).is_some_and(|c| matches!(c.text.trim(), "-" | ""));
    let named_bye = cell("Names")
        .or_else(|| cell("Name"))
        .is_some_and(|c| c.text.trim().eq_ignore_ascii_case("bye"));
    no_id || named_bye
}

/// A column of the TotalScoreTable header that this file cannot have,
/// refused at the header, naming it and what was `expected`.
fn column_refused(table: &Table, c: &lex::Column, expected: &'static str) -> ParseError {
    ParseError::BadValue {
        at: pos(Kind::Total.tag(), table.line, c.column),
        text: c.name.clone(),
        expected,
    }
}

fn total_rows<'r>(
    table: &Table,
    rows: &'r [(Vec<Cell<'r>>, usize)],
    individual: bool,
    figures: &TotalFigures,
) -> Result<Vec<TotalRow<'r>>, ParseError> {
    let id_name = if individual { "PlayerId" } else { "PairId" };
    let other = if individual { "PairId" } else { "PlayerId" };
    if let Some(c) = table.column(other) {
        return Err(column_refused(
            table,
            c,
            if individual {
                "PlayerId: the ScoreTables name players"
            } else {
                "PairId: the ScoreTables name pairs"
            },
        ));
    }
    if table.index(id_name).is_none() {
        return Err(ParseError::Missing {
            at: pos(Kind::Total.tag(), table.line, 1),
            what: format!("column {id_name}"),
        });
    }
    let mut out = Vec::with_capacity(rows.len());
    for (row, line) in rows {
        let line = *line;
        if bye_row(table, row, id_name) {
            continue;
        }
        let cell = |c: &str| table.index(c).and_then(|i| row.get(i));
        let at = Row {
            table,
            cells: row,
            line,
        };
        let (number, id_column) = at.id_cell(table.col(id_name))?;
        let direction = match cell("Direction") {
            Some(d) if !individual => {
                Some(direction_word(&d.text).ok_or_else(|| ParseError::BadValue {
                    at: pos(&table.at("Direction"), line, d.column),
                    text: short(&d.text),
                    expected: "a direction: NS or EW (also N-S, E-W, Ö-V, Ø-V, O-W, E-O)",
                })?)
            }
            _ => None,
        };
        let place = match cell(figures.place) {
            Some(c) if !matches!(c.text.trim(), "-" | "?" | "") => {
                let t = c.text.trim();
                Some((
                    t.trim_end_matches('=')
                        .parse::<u32>()
                        .map_err(|_| ParseError::BadValue {
                            at: pos(&table.at(figures.place), line, c.column),
                            text: short(t),
                            expected: "a place (a trailing = marks a tie)",
                        })?,
                    t.to_owned(),
                ))
            }
            _ => None,
        };
        let players = match cell("Names").or_else(|| cell("Name")) {
            Some(c) if individual => vec![c.text.trim().to_owned()],
            Some(c) => c
                .text
                .split(" - ")
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect(),
            None => Vec::new(),
        };
        // The member numbers a federation credits results to: no figure
        // uses them (they stay listed as not used), but every output that
        // names the players gives them back (USEBIO, JSON).
        let member_ids: Vec<Option<String>> = if individual {
            vec![cell("MemberID")]
        } else {
            vec![cell("MemberID1"), cell("MemberID2")]
        }
        .into_iter()
        .map(|c| {
            c.map(|c| c.text.trim().to_owned())
                .filter(|t| !matches!(t.as_str(), "" | "-" | "?" | "0"))
        })
        .collect();
        let member_ids = if member_ids.iter().any(Option::is_some) {
            member_ids
        } else {
            Vec::new()
        };
        let total = match figures.total {
            Some(name) => at.figure(table.col(name))?.map(|f| f.figure),
            None => None,
        };
        let percentage = at.figure(table.col(figures.percentage))?.map(|f| f.figure);
        let section = cell("Section")
            .map(|c| c.text.trim().to_owned())
            .filter(|s| !matches!(s.as_str(), "" | "-" | "?"));
        out.push(TotalRow {
            number,
            id_column,
            direction,
            section,
            member_ids,
            stored: StoredStanding {
                total,
                total_out_of: None,
                percentage,
                place: place.as_ref().map(|(p, _)| *p),
                place_text: place.map(|(_, t)| t),
                handicap: None,
            },
            players,
            line,
        });
    }
    if out.is_empty() {
        return Err(ParseError::NoResults {
            at: pos(Kind::Total.tag(), table.line, 1),
            what: "contestants",
        });
    }
    Ok(out)
}

/// How the contestants are ranked and named, as the file's own figures
/// show.
struct Fields {
    /// NS and EW ranked as two fields (a Mitchell).
    by_direction: bool,
    /// The file had a `Direction` column that turned out to be each pair's
    /// starting direction (a Howell): kept, not used.
    by_direction_was_start: bool,
    /// Sections ranked and scored apart.
    per_section: bool,
    /// Identifiers carry the section (numbers repeat across sections).
    section_in_id: bool,
}

impl Fields {
    /// - `Direction` is a field when pair numbers repeat across directions
    ///   (1 NS and 1 EW), or when no pair plays both ways and the places
    ///   start again in each direction; it is a pair's starting direction
    ///   (one field) when a pair plays both ways (a Howell) or the places
    ///   run in one list across the directions.
    /// - Sections are ranked and scored apart when each has its own first
    ///   place; otherwise across the field (one list of places).
    fn decide(rows: &[TotalRow<'_>], lines: &[RawLine<'_>], individual: bool) -> Fields {
        let has_direction = rows.iter().any(|r| r.direction.is_some());
        let mut directions_of: HashMap<(&str, Option<&str>), HashSet<Option<Direction>>> =
            HashMap::new();
        for r in rows {
            directions_of
                .entry((r.number.as_ref(), r.section.as_deref()))
                .or_default()
                .insert(r.direction);
        }
        let repeated = directions_of.values().any(|d| d.len() > 1);
        // Only asked when the numbers alone do not decide.
        let plays_both = || {
            !individual && {
                let ns: HashSet<&str> = lines
                    .iter()
                    .filter_map(|l| l.who.first().map(|(t, _)| t.as_ref()))
                    .collect();
                lines
                    .iter()
                    .filter_map(|l| l.who.get(1).map(|(t, _)| t.as_ref()))
                    .any(|ew| ns.contains(ew))
            }
        };
        // Each group has a contestant placed first.
        let restarts = |key: &dyn Fn(&TotalRow<'_>) -> String| {
            let mut groups: HashMap<String, bool> = HashMap::new();
            for r in rows {
                let first = groups.entry(key(r)).or_insert(false);
                *first |= r.stored.place == Some(1);
            }
            let placed = rows.iter().any(|r| r.stored.place.is_some());
            placed && groups.len() > 1 && groups.values().all(|f| *f)
        };
        let by_direction = has_direction
            && (repeated
                || (!plays_both()
                    && (restarts(&|r| format!("{:?}{:?}", r.section, r.direction))
                        || rows.iter().all(|r| r.stored.place.is_none()))));
        let sections: HashSet<Option<&str>> = rows.iter().map(|r| r.section.as_deref()).collect();
        let several = sections.len() > 1;
        let per_section = several && restarts(&|r| format!("{:?}", r.section));
        let mut numbers: HashMap<(&str, Option<Direction>), HashSet<Option<&str>>> = HashMap::new();
        for r in rows {
            numbers
                .entry((r.number.as_ref(), r.direction.filter(|_| by_direction)))
                .or_default()
                .insert(r.section.as_deref());
        }
        let section_in_id = several && (per_section || numbers.values().any(|s| s.len() > 1));
        Fields {
            by_direction,
            by_direction_was_start: has_direction && !by_direction,
            per_section,
            section_in_id,
        }
    }

    fn id(&self, number: &str, direction: Option<Direction>, section: Option<&str>) -> String {
        let section = section.filter(|_| self.section_in_id).unwrap_or("");
        match direction.filter(|_| self.by_direction) {
            Some(d) => format!("{section}{number}{d}"),
            None => format!("{section}{number}"),
        }
    }
}

/// By field and section, then by the number as the tables write it (so
/// that a row's pair is found from its borrowed text, with no allocation).
type Index = HashMap<(Option<Direction>, Option<String>), HashMap<String, usize>>;

fn contestants(
    table: &Table,
    rows: Vec<TotalRow<'_>>,
    fields: &Fields,
) -> Result<(Vec<Participant>, Index), ParseError> {
    let mut out: Vec<Participant> = Vec::with_capacity(rows.len());
    let mut index = Index::new();
    let mut seen: HashSet<String> = HashSet::new();
    let id_name = if table.index("PlayerId").is_some() {
        "PlayerId"
    } else {
        "PairId"
    };
    for r in rows {
        let field = r.direction.filter(|_| fields.by_direction);
        let section = r.section.clone().filter(|_| fields.section_in_id);
        let id = fields.id(&r.number, r.direction, r.section.as_deref());
        if !seen.insert(id.clone()) {
            return Err(ParseError::DuplicateParticipant {
                at: pos(&table.at(id_name), r.line, r.id_column),
                pair: ContestantId::new(id),
            });
        }
        index
            .entry((field, section.clone()))
            .or_default()
            .insert(r.number.into_owned(), out.len());
        out.push(Participant {
            id: ContestantId::new(id),
            field,
            section: section.filter(|_| fields.per_section),
            players: r.players,
            member_ids: r.member_ids,
            stored: r.stored,
            line: u32::try_from(r.line).unwrap_or(u32::MAX),
        });
    }
    Ok((out, index))
}

/// The boards, each with its lines, the pairs or players resolved.
#[allow(clippy::too_many_arguments)]
fn travellers(
    raw_lines: Vec<RawLine<'_>>,
    boards_seen: &[(BoardNumber, usize)],
    tabled: &HashMap<BoardNumber, usize>,
    participants: &[Participant],
    index: &Index,
    fields: &Fields,
    individual: bool,
    event: &EventKind,
    centred: bool,
) -> Result<Vec<Board>, ParseError> {
    let board_section = |l: &RawLine<'_>| -> Option<String> {
        l.section
            .as_ref()
            .filter(|_| fields.per_section)
            .map(ToString::to_string)
    };
    let most = most_results(&raw_lines, &board_section);

    let mut boards: Vec<Board> = Vec::new();
    let mut board_at: HashMap<(BoardNumber, Option<String>), usize> = HashMap::new();
    let first_line: HashMap<BoardNumber, usize> = boards_seen.iter().copied().collect();
    // The board and line where each contestant was last seen: a board's
    // rows are together (one ScoreTable a board), so a contestant seen
    // twice on one board is seen twice in a row of this.
    let mut last_seen: Vec<Option<(BoardNumber, usize)>> = vec![None; participants.len()];
    let imps = *event != EventKind::MatchPointPairs;
    let id_columns: [&str; 4] = if individual {
        [
            "PlayerId_North",
            "PlayerId_South",
            "PlayerId_East",
            "PlayerId_West",
        ]
    } else {
        ["PairId_NS", "PairId_EW", "", ""]
    };
    // The maps of an unsectioned file, looked up once.
    let ns_index = index.get(&(Some(Direction::NorthSouth), None));
    let ew_index = index.get(&(Some(Direction::EastWest), None));
    let one_index = index.get(&(None, None));
    // Rows of a board come together: the last board's slot is reused.
    let mut last_board: Option<(BoardNumber, Option<String>, usize)> = None;
    for l in in_slices(raw_lines) {
        if !tabled.contains_key(&l.board) {
            continue;
        }
        let row_section = l
            .section
            .as_ref()
            .filter(|_| fields.section_in_id)
            .map(ToString::to_string);
        let mut who: Vec<usize> = Vec::with_capacity(4);
        for (k, (text, column)) in l.who.iter().enumerate() {
            let field = match k {
                _ if !fields.by_direction => None,
                0 => Some(Direction::NorthSouth),
                _ => Some(Direction::EastWest),
            };
            let by_number = match (&row_section, field) {
                (None, Some(Direction::EastWest)) => ew_index,
                (None, _) if field.is_some() => ns_index,
                (None, _) => one_index,
                (Some(_), _) => index.get(&(field, row_section.clone())),
            };
            let i = by_number
                .and_then(|by_number| by_number.get(text.as_ref()))
                .copied()
                .ok_or_else(|| ParseError::UnknownPair {
                    board: l.board,
                    at: pos(
                        &format!("[ScoreTable] column {}", id_columns.get(k).unwrap_or(&"")),
                        l.line,
                        *column,
                    ),
                    pair: short(text),
                })?;
            who.push(i);
        }
        seen_once(&who, &l, &mut last_seen, participants)?;
        let (ns, ew, seats) = names(&who, participants);
        let section = board_section(&l);
        let (f_ns, f_ew) = if imps { l.imp } else { l.mp };
        let outcome = match l.outcome {
            Outcome::Known(o) => o,
            Outcome::FromFigures if l.pct.is_some() => {
                let (ns, ew) = l
                    .pct
                    .as_deref()
                    .map_or((None, None), |(n, e)| (n.as_ref(), e.as_ref()));
                artificial(ns, ew, ArtificialScale::Percent, l.line, l.board)?
            }
            Outcome::FromFigures => {
                let e = most.get(&section).copied().unwrap_or(0);
                let top = Score::from(e.saturating_sub(1)).times(2);
                let scale = if imps {
                    ArtificialScale::Imps
                } else {
                    ArtificialScale::MatchPoints { top: &top, centred }
                };
                artificial(f_ns.as_ref(), f_ew.as_ref(), scale, l.line, l.board)?
            }
        };
        let at = match &last_board {
            Some((b, s, at)) if *b == l.board && *s == section => *at,
            _ => {
                let key = (l.board, section.clone());
                let at = *board_at.entry(key).or_insert_with(|| {
                    boards.push(Board {
                        number: l.board,
                        section: section.clone(),
                        stored_datum: None,
                        lines: Vec::new(),
                        line: u32::try_from(first_line.get(&l.board).copied().unwrap_or(l.line))
                            .unwrap_or(u32::MAX),
                    });
                    boards.len() - 1
                });
                last_board = Some((l.board, section.clone(), at));
                at
            }
        };
        let Some(b) = boards.get_mut(at) else {
            continue;
        };
        if b.stored_datum.is_none() {
            b.stored_datum = l.datum.map(|d| *d);
        }
        let line = u32::try_from(l.line).unwrap_or(u32::MAX);
        if l.who.is_empty() {
            // A frequency traveller's row: one line a table that had the
            // score, its pairs unnamed (`?1NS` v `?1EW` … within the
            // board); the stored figures once, on the first, so each is
            // compared once.
            let (mut stored_ns, mut stored_ew) = (f_ns.map(|f| f.figure), f_ew.map(|f| f.figure));
            for _ in 0..l.multiplicity {
                let n = b.lines.len() + 1;
                b.lines.push(Line {
                    traveller: TravellerLine {
                        board: l.board,
                        ns: ContestantId::new(format!("?{n}NS")),
                        ew: ContestantId::new(format!("?{n}EW")),
                        outcome: outcome.clone(),
                    },
                    score_text: l.score_text.to_string(),
                    stored_ns: stored_ns.take(),
                    stored_ew: stored_ew.take(),
                    // Set from the row by `Deals::finish`.
                    play: None,
                    seats: None,
                    line,
                });
            }
            continue;
        }
        b.lines.push(Line {
            traveller: TravellerLine {
                board: l.board,
                ns,
                ew,
                outcome,
            },
            score_text: l.score_text.into_owned(),
            stored_ns: f_ns.map(|f| f.figure),
            stored_ew: f_ew.map(|f| f.figure),
            play: None,
            seats,
            line,
        });
    }
    in_file_order(boards, boards_seen)
}

/// The rows in file order, let go a slice (a 32nd) at a time as they are
/// taken, so the rows read and the lines built from them are not all held
/// at once (issue 44: the rows, 448 bytes each, were held whole until the
/// last line was built). The list is turned round once and taken from its
/// end, so taking a row shifts none of the others; letting go of a slice
/// may copy the rows left into a smaller block, 32 times in all.
fn in_slices<T>(rows: Vec<T>) -> impl Iterator<Item = T> {
    let slice = rows.len().div_ceil(32).max(1);
    let mut rows = rows;
    rows.reverse();
    std::iter::from_fn(move || {
        let row = rows.pop();
        if rows.len() % slice == 0 {
            rows.shrink_to_fit();
        }
        row
    })
}

/// Each contestant of a row on a board once: `last_seen` holds the board
/// and line where each was last seen, and a board's rows are together (one
/// ScoreTable a board), so one seen twice on a board is seen twice in a
/// row of it.
fn seen_once(
    who: &[usize],
    l: &RawLine<'_>,
    last_seen: &mut [Option<(BoardNumber, usize)>],
    participants: &[Participant],
) -> Result<(), ParseError> {
    for &i in who {
        let Some(slot) = last_seen.get_mut(i) else {
            continue;
        };
        if let Some((board, first)) = *slot {
            if board == l.board {
                let pair = participants
                    .get(i)
                    .map_or_else(|| ContestantId::new(""), |p| p.id.clone());
                return Err(ParseError::DuplicateLine {
                    board: l.board,
                    at: pos(Kind::Score.tag(), l.line, 1),
                    pair,
                    first_line: u32::try_from(first).unwrap_or(u32::MAX),
                });
            }
        }
        *slot = Some((l.board, l.line));
    }
    Ok(())
}

/// The most results on any board of each field (section), counted only
/// when some row gives an artificial score as figures: a percentage of the
/// top, 2(E − 1) with E that count (match points), or ten percentage
/// points for every three IMPs (IMPs).
fn most_results(
    raw_lines: &[RawLine<'_>],
    board_section: &impl Fn(&RawLine<'_>) -> Option<String>,
) -> HashMap<Option<String>, usize> {
    // An artificial score given as figures is a percentage of the top,
    // 2(E − 1) with E the most results on any board of its field (match
    // points), or ten percentage points for every three IMPs (IMPs).
    // Counted only when some row needs it.
    let mut results: HashMap<(BoardNumber, Option<String>), usize> = HashMap::new();
    if raw_lines
        .iter()
        .any(|l| matches!(l.outcome, Outcome::FromFigures))
    {
        for l in raw_lines {
            if !matches!(l.outcome, Outcome::Known(TableOutcome::NotPlayed)) {
                *results.entry((l.board, board_section(l))).or_insert(0) += l.multiplicity as usize;
            }
        }
    }
    let mut most: HashMap<Option<String>, usize> = HashMap::new();
    for ((_, s), n) in &results {
        let m = most.entry(s.clone()).or_insert(0);
        *m = (*m).max(*n);
    }
    most
}

/// A line's NS and EW contestants, from the pairs (`who`: NS, EW) or, in
/// an individual event, the four players (N, S, E, W: each side the two
/// players' names joined by `+`).
fn names(
    who: &[usize],
    participants: &[Participant],
) -> (ContestantId, ContestantId, Option<Seats>) {
    let id = |k: usize| {
        who.get(k)
            .and_then(|&i| participants.get(i))
            .map_or_else(|| ContestantId::new(""), |p| p.id.clone())
    };
    if who.len() == 4 {
        let seats = Seats {
            north: id(0),
            south: id(1),
            east: id(2),
            west: id(3),
        };
        (
            ContestantId::new(format!("{}+{}", seats.north, seats.south)),
            ContestantId::new(format!("{}+{}", seats.east, seats.west)),
            Some(seats),
        )
    } else {
        (id(0), id(1), None)
    }
}

/// The boards in file order, then by section; an error when there are
/// none.
fn in_file_order(
    mut boards: Vec<Board>,
    boards_seen: &[(BoardNumber, usize)],
) -> Result<Vec<Board>, ParseError> {
    // In file order of the boards, then of their sections.
    let order: HashMap<BoardNumber, usize> = boards_seen
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (*n, i))
        .collect();
    boards.sort_by_key(|b| {
        (
            order.get(&b.number).copied().unwrap_or(usize::MAX),
            b.section.clone(),
        )
    });
    if boards.is_empty() {
        return Err(ParseError::NoResults {
            at: pos(Kind::Score.tag(), 1, 1),
            what: "ScoreTable rows",
        });
    }
    Ok(boards)
}
