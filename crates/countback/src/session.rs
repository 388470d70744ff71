//! Pairs sessions (`score`) and results files (`score FILE.xml`, `audit`),
//! as text, JSON, CSV or HTML.
//!
//! Built in one pass: each field's standings are found by map (never by
//! scanning the list for every place), each column's display is chosen once,
//! and JSON is a typed structure serialised straight to the writer.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};

use countback_event::display::{ColumnDisplay, ColumnTexts, HalfDisplay, InOrder, Precision};
use countback_event::model::{ContestantId, Direction, Score};
use countback_event::results::{
    Audited, BoardScore, Difference, EventKind, LineScore, Rescored, Session, Treatment,
};
use countback_event::sessions::{
    Combine, Counting, MatchBy, SeriesTies, SessionTies, SessionsRule,
};
use countback_event::Standing;
use countback_event::{Applied, BoardLine, BoardTable, Scored};
use serde::Serialize;

use crate::cli::{Boards, Format};
use crate::doc::{
    csv_record, write_doc, write_doc_streamed, Align, Block, CellTable, CsvRecord, Doc, DocFormat,
    Line, Table, FOR_THE_SCORER,
};
use crate::standings::{half_words, Figure};
use crate::stream::{Chunked, FiguresJson};

/// One field's standings, in place order, each pair found by map; the
/// totals' and percentages' texts written once for each distinct value (a
/// field of 40,000 pairs on one board has a few dozen: rounding each row
/// anew was the largest cost of its standings: issue 30).
struct FieldRows<'a> {
    name: &'static str,
    rows: Vec<(usize, bool, &'a Standing)>,
    total: ColumnTexts<'a>,
    percentage: ColumnTexts<'a>,
}

fn field_rows(f: &countback_event::Field, half: HalfDisplay) -> FieldRows<'_> {
    let by_pair: foldhash::HashMap<&ContestantId, &Standing> =
        f.standings.iter().map(|s| (&s.pair, s)).collect();
    let rows: Vec<(usize, bool, &Standing)> = f
        .places
        .iter()
        .flat_map(|p| {
            let tied = p.is_tie();
            let by_pair = &by_pair;
            p.members
                .iter()
                .filter_map(move |m| by_pair.get(m).map(|s| (p.place, tied, *s)))
        })
        .collect();
    FieldRows {
        name: f.name,
        total: ColumnDisplay::texts(
            rows.iter().map(|(_, _, s)| &s.total),
            &Precision::distinct(2),
            half,
        ),
        percentage: ColumnDisplay::texts(
            rows.iter().map(|(_, _, s)| &s.percentage),
            &Precision::percentage(),
            half,
        ),
        rows,
    }
}

/// One board's displays: raw match points, factored, counted, each
/// distinct value's text written once.
struct BoardShown<'a> {
    raw: ColumnTexts<'a>,
    factored: ColumnTexts<'a>,
    rounded: bool,
}

fn board_shown(b: &BoardTable, half: HalfDisplay) -> BoardShown<'_> {
    let pairs = |f: fn(&BoardLine) -> Option<&(Score, Score)>| {
        b.lines.iter().filter_map(f).flat_map(|(x, y)| [x, y])
    };
    // Counted match points are the factored ones unless this board's
    // factoring was rounded: where they are the same, they add no value to
    // the column.
    let rounded = b.lines.iter().any(|l| l.factored != l.scored);
    let scored = rounded.then(|| pairs(|l| l.scored.as_ref()));
    BoardShown {
        raw: ColumnDisplay::texts(pairs(|l| l.raw.as_ref()), &Precision::distinct(0), half),
        factored: ColumnDisplay::texts(
            pairs(|l| l.factored.as_ref()).chain(scored.into_iter().flatten()),
            &Precision::distinct(0),
            half,
        ),
        rounded,
    }
}

fn result_text(l: &BoardLine) -> String {
    match (&l.applied, l.ns_points) {
        (_, Some(p)) => p.to_string(),
        (Applied::NotPlayed, _) => "NP".to_owned(),
        (Applied::Weighted { components, .. }, _) => components
            .iter()
            .map(|c| c.describe())
            .collect::<Vec<_>>()
            .join(" + "),
        (
            Applied::Artificial {
                ns_percent,
                ew_percent,
            }
            | Applied::Unplayable {
                ns_percent,
                ew_percent,
            },
            _,
        ) => format!("A{ns_percent}/{ew_percent}"),
        _ => String::new(),
    }
}

/// One field's standings as JSON, written as it is made: `{field,
/// standings}`, each pair `{place, tied, pair, name (where the file names
/// it), total, percentage, boards_played, max_possible}`, its figures
/// copied from the JSON of the column's distinct values, byte for byte
/// what serde wrote for the typed rows (issue 43: serialising a `Vec` of
/// typed rows, each with a `String` of its maximum, was most of a 100,000
/// result board's JSON).
fn field_json(
    w: &mut Chunked<'_>,
    f: &countback_event::Field,
    names: &BTreeMap<ContestantId, String>,
    half: HalfDisplay,
) -> io::Result<()> {
    let rows = field_rows(f, half);
    let mut total = FiguresJson::new(&rows.total)?;
    let mut percentage = FiguresJson::new(&rows.percentage)?;
    w.raw(b"{\"field\":")?;
    w.str(rows.name)?;
    w.raw(b",\"standings\":[")?;
    // A pair's maximum is the same as the pair's before it but where
    // boards played differ: its text is written again only then.
    let mut max: Option<(&Score, String)> = None;
    for (i, (place, tied, st)) in rows.rows.iter().enumerate() {
        w.raw(if i > 0 {
            b",{\"place\":"
        } else {
            b"{\"place\":"
        })?;
        w.count(*place)?;
        w.raw(if *tied {
            b",\"tied\":true,\"pair\":"
        } else {
            b",\"tied\":false,\"pair\":"
        })?;
        w.str(st.pair.as_str())?;
        if let Some(name) = names.get(&st.pair) {
            w.raw(b",\"name\":")?;
            w.str(name)?;
        }
        w.raw(b",\"total\":")?;
        total.write(w, &st.total)?;
        w.raw(b",\"percentage\":")?;
        percentage.write(w, &st.percentage)?;
        w.raw(b",\"boards_played\":")?;
        w.count(st.boards_played)?;
        w.raw(b",\"max_possible\":")?;
        let text = match max.take() {
            Some((value, text)) if *value == st.max_possible => (value, text),
            _ => (&st.max_possible, st.max_possible.to_string()),
        };
        w.str(&text.1)?;
        max = Some(text);
        w.raw(b"}")?;
    }
    w.raw(b"]}")
}

/// A procedural penalty: what changed which total, by which Law.
#[derive(Serialize)]
struct PenaltyJson<'a> {
    pair: &'a str,
    law: &'a str,
    reason: Option<&'a str>,
    percent_of_top: Option<String>,
    match_points: String,
    total_before: String,
    total_after: String,
}

/// A penalty in words: `3 MP (25% of a top)`.
fn penalty_amount(p: &countback_event::AppliedPenalty) -> String {
    match &p.percent_of_top {
        Some(pct) => format!("{} MP ({pct}% of a top)", p.match_points),
        None => format!("{} MP", p.match_points),
    }
}

/// One board as JSON: `{board, expected, top, fouled, lines}`, each line
/// `{ns, ew, version (fouled boards), result, raw, factored, scored,
/// applied}`, its figures copied from the JSON of the column's distinct
/// values.
fn board_json(w: &mut Chunked<'_>, b: &BoardTable, half: HalfDisplay) -> io::Result<()> {
    let shown = board_shown(b, half);
    let raw = FiguresJson::new(&shown.raw)?;
    let factored = FiguresJson::new(&shown.factored)?;
    w.raw(b"{\"board\":")?;
    w.serde(&b.board.0)?;
    w.raw(b",\"expected\":")?;
    w.serde(&b.expected)?;
    w.raw(b",\"top\":")?;
    w.str(&b.top.to_string())?;
    w.raw(if b.fouled {
        b",\"fouled\":true,\"lines\":["
    } else {
        b",\"fouled\":false,\"lines\":["
    })?;
    for (i, l) in b.lines.iter().enumerate() {
        w.raw(if i > 0 { b",{\"ns\":" } else { b"{\"ns\":" })?;
        w.str(l.ns.as_str())?;
        w.raw(b",\"ew\":")?;
        w.str(l.ew.as_str())?;
        if let Some(v) = l.version {
            w.raw(b",\"version\":")?;
            w.serde(&v)?;
        }
        w.raw(b",\"result\":")?;
        match l.ns_points {
            Some(p) => {
                w.raw(b"\"")?;
                w.whole(p.into())?;
                w.raw(b"\"")?;
            }
            None => w.str(&result_text(l))?,
        }
        w.raw(b",\"raw\":")?;
        raw.write_two(w, l.raw.as_ref())?;
        w.raw(b",\"factored\":")?;
        factored.write_two(w, l.factored.as_ref())?;
        w.raw(b",\"scored\":")?;
        factored.write_two(w, l.scored.as_ref())?;
        w.raw(b",\"applied\":")?;
        match &l.applied {
            Applied::AsIs => w.raw(b"{\"kind\":\"as_is\"}")?,
            other => w.serde(other)?,
        }
        w.raw(b"}")?;
    }
    w.raw(b"]}")
}

/// A scored pairs session, in `format`.
#[allow(clippy::exhaustive_structs)] // Exhaustive: what the session writers take, built by name by the CLI and its benchmark.
pub struct SessionOutput<'a> {
    /// The session.
    pub scored: &'a Scored,
    /// Names of pairs, where the file gives them.
    pub names: &'a BTreeMap<ContestantId, String>,
    /// Which boards get a table.
    pub boards: Boards,
    /// The display's half rule.
    pub half: HalfDisplay,
}

impl SessionOutput<'_> {
    /// The tables of the boards asked for, each built as it is reached:
    /// one board's lines at a time, never every board's (issue 30).
    fn shown_boards(&self) -> impl Iterator<Item = BoardTable> + '_ {
        self.scored
            .boards()
            .filter(|b| self.boards.shows(b.board().0, b.is_adjusted()))
            .map(|b| b.table())
    }

    /// Write in `format`.
    pub fn write(&self, out: &mut dyn Write, format: Format) -> io::Result<()> {
        match format {
            Format::Json => self.json(out),
            Format::Csv => self.csv(out),
            Format::Text | Format::Html => {
                write_doc_streamed(out, &self.head(), format.page(), self.board_blocks())
            }
            Format::Usebio => Err(crate::answer::not_usebio()),
            Format::Trf => Err(crate::answer::not_trf()),
        }
    }

    /// The session as JSON, written as it is made: the standings through
    /// serde, each board's lines by hand (its figures' JSON written once a
    /// distinct value), byte for byte what serde wrote for the typed
    /// document `{event, expected_results, top, half, fields, penalties,
    /// boards, warnings}` (issue 43).
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let s = self.scored;
        let mut w = Chunked::new(out);
        w.raw(b"{\"event\":")?;
        w.str(&s.event)?;
        w.raw(b",\"expected_results\":")?;
        w.serde(&s.session.expected)?;
        w.raw(b",\"top\":")?;
        w.str(&s.session.table.top().to_string())?;
        w.raw(b",\"half\":")?;
        w.str(self.half.name())?;
        w.raw(b",\"fields\":[")?;
        for (i, f) in s.fields.iter().enumerate() {
            if i > 0 {
                w.raw(b",")?;
            }
            field_json(&mut w, f, self.names, self.half)?;
        }
        w.raw(b"]")?;
        if !s.penalties.is_empty() {
            let penalties: Vec<PenaltyJson<'_>> = s
                .penalties
                .iter()
                .map(|p| PenaltyJson {
                    pair: p.pair.as_str(),
                    law: &p.law,
                    reason: p.reason.as_deref(),
                    percent_of_top: p.percent_of_top.as_ref().map(ToString::to_string),
                    match_points: p.match_points.to_string(),
                    total_before: p.total_before.to_string(),
                    total_after: p.total_after.to_string(),
                })
                .collect();
            w.raw(b",\"penalties\":")?;
            w.serde(&penalties)?;
        }
        w.raw(b",\"boards\":[")?;
        for (i, b) in self.shown_boards().enumerate() {
            if i > 0 {
                w.raw(b",")?;
            }
            board_json(&mut w, &b, self.half)?;
        }
        w.raw(b"]")?;
        if !s.warnings.is_empty() {
            w.raw(b",\"warnings\":")?;
            w.serde(&crate::standings::warnings_json(&s.warnings))?;
        }
        w.raw(b"}\n")?;
        w.finish()
    }

    fn name_of(&self, p: &ContestantId) -> &str {
        self.names.get(p).map_or("", String::as_str)
    }

    /// The session as a document (what the text and HTML formats show).
    #[must_use]
    pub fn doc(&self) -> Doc {
        let mut doc = self.head();
        doc.blocks.extend(self.board_blocks());
        doc
    }

    /// The boards' blocks (a heading, then each board's table), built one
    /// at a time as they are asked for: the text output writes each and
    /// drops it, never holding every board's table at once (issue 30).
    fn board_blocks(&self) -> impl Iterator<Item = Block> + '_ {
        let mut boards = self.shown_boards().peekable();
        let heading = boards
            .peek()
            .is_some()
            .then(|| Block::Heading("Boards".to_owned()));
        heading.into_iter().chain(boards.map(|b| {
            Block::Board(
                format!(
                    "Board {}{} — E = {}, top {}",
                    b.board.0,
                    if b.fouled { " (fouled)" } else { "" },
                    b.expected,
                    b.top
                ),
                self.board_cells(&b),
            )
        }))
    }

    /// The document but its boards: title, standings, penalties, footer.
    fn head(&self) -> Doc {
        let s = self.scored;
        let named = !self.names.is_empty();
        let mut doc = Doc {
            title: s.event.clone(),
            subtitle: vec![format!(
                "{} boards, {} results expected a board, top {}",
                s.session.boards.len(),
                s.session.expected,
                s.session.table.top()
            )],
            ..Doc::default()
        };
        doc.blocks.push(Block::Heading("Standings".to_owned()));
        for f in &s.fields {
            let rows = field_rows(f, self.half);
            if s.fields.len() > 1 {
                doc.blocks
                    .push(Block::Subheading(format!("{} field", rows.name)));
            }
            let mut head = vec![
                ("place".to_owned(), Align::Right),
                ("pair".to_owned(), Align::Left),
            ];
            if named {
                head.push(("name".to_owned(), Align::Left));
            }
            head.extend([
                ("MP".to_owned(), Align::Right),
                ("%".to_owned(), Align::Right),
                ("boards".to_owned(), Align::Right),
                ("exact".to_owned(), Align::Left),
            ]);
            let mut t = CellTable::new(head, rows.rows.len());
            let (mut totals, mut percentages) =
                (InOrder::new(&rows.total), InOrder::new(&rows.percentage));
            for (place, tied, st) in &rows.rows {
                t.whole(whole(*place), if *tied { "=" } else { "" });
                t.cell(st.pair.as_str());
                if named {
                    t.cell(self.name_of(&st.pair));
                }
                let (total, total_exact) = totals.show_and_exact(&st.total);
                t.cell(&total);
                t.cell(&percentages.show(&st.percentage));
                t.whole(whole(st.boards_played), "");
                t.cell(&total_exact);
            }
            doc.blocks.push(Block::Cells(t));
        }
        if !s.penalties.is_empty() {
            doc.blocks.push(Block::Subheading("Penalties".to_owned()));
            let mut t = Table::new(vec![
                ("pair".to_owned(), Align::Left),
                ("Law".to_owned(), Align::Left),
                ("taken off".to_owned(), Align::Left),
                ("total before".to_owned(), Align::Left),
                ("after".to_owned(), Align::Left),
                ("reason".to_owned(), Align::Left),
            ]);
            for p in &s.penalties {
                t.lines.push(Line::Cells(vec![
                    p.pair.to_string(),
                    p.law.clone(),
                    penalty_amount(p),
                    p.total_before.to_string(),
                    p.total_after.to_string(),
                    p.reason.clone().unwrap_or_default(),
                ]));
            }
            doc.blocks.push(Block::Table(t));
        }
        doc.footer.push(format!(
            "Every figure is exact (standings: last column). MP and % are shown to two decimals, or more where two different values would otherwise print alike; an exact half is rounded {} (--half).",
            half_words(self.half)
        ));
        doc.footer.push(
            "Raw: match points within the board's own results (its version of a fouled board); MP: on a complete board's scale, factored where A < E by Neuberg's (M·E + (E − A)) / A; counted: after the session's rounding, where it rounds."
                .to_owned(),
        );
        doc
    }

    /// A board's table, its cells written into one buffer: no `String`
    /// per cell of a board of 40,000 lines (issue 30).
    fn board_cells(&self, b: &BoardTable) -> CellTable {
        let shown = board_shown(b, self.half);
        let mut head = vec![
            ("NS".to_owned(), Align::Left),
            ("EW".to_owned(), Align::Left),
        ];
        if b.fouled {
            head.push(("version".to_owned(), Align::Right));
        }
        head.extend([
            ("score".to_owned(), Align::Right),
            ("NS raw".to_owned(), Align::Right),
            ("EW raw".to_owned(), Align::Right),
            ("NS MP".to_owned(), Align::Right),
            ("EW MP".to_owned(), Align::Right),
        ]);
        if shown.rounded {
            head.push(("NS counted".to_owned(), Align::Right));
            head.push(("EW counted".to_owned(), Align::Right));
        }
        head.push(("applied".to_owned(), Align::Left));
        let mut t = CellTable::new(head, b.lines.len());
        let pair = |t: &mut CellTable, p: Option<&(Score, Score)>, d: &ColumnTexts<'_>| match p {
            Some((x, y)) => {
                t.cell(&d.show(x));
                t.cell(&d.show(y));
            }
            None => {
                t.cell("");
                t.cell("");
            }
        };
        for l in &b.lines {
            t.cell(l.ns.as_str());
            t.cell(l.ew.as_str());
            if b.fouled {
                match l.version {
                    Some(v) => t.whole(whole(v), ""),
                    None => t.cell(""),
                }
            }
            match l.ns_points {
                Some(p) => t.whole(p.into(), ""),
                None => t.cell(&result_text(l)),
            }
            pair(&mut t, l.raw.as_ref(), &shown.raw);
            pair(&mut t, l.factored.as_ref(), &shown.factored);
            if shown.rounded {
                pair(&mut t, l.scored.as_ref(), &shown.factored);
            }
            match &l.applied {
                Applied::AsIs => t.cell(""),
                other => t.cell(&other.describe()),
            }
        }
        t
    }

    fn csv(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.boards == Boards::None {
            return self.csv_standings(out);
        }
        csv_record(
            out,
            &[
                "board",
                "version",
                "ns",
                "ew",
                "result",
                "ns_raw",
                "ew_raw",
                "ns_mp",
                "ew_mp",
                "ns_mp_exact",
                "ew_mp_exact",
                "ns_counted",
                "ew_counted",
                "applied",
            ],
        )?;
        let mut row = CsvRecord::default();
        for b in self.shown_boards() {
            let shown = board_shown(&b, self.half);
            let both = |row: &mut CsvRecord,
                        p: Option<&(Score, Score)>,
                        texts: &ColumnTexts<'_>,
                        exact: bool| {
                let text = |s| if exact { texts.exact(s) } else { texts.show(s) };
                match p {
                    Some((a, b)) => row.field(&text(a)).field(&text(b)),
                    None => row.field("").field(""),
                };
            };
            for l in &b.lines {
                row.whole(b.board.0.into());
                match l.version {
                    Some(v) => row.whole(whole(v)),
                    None => row.field(""),
                };
                row.field(l.ns.as_str()).field(l.ew.as_str());
                match l.ns_points {
                    Some(p) => row.whole(p.into()),
                    None => row.field(&result_text(l)),
                };
                both(&mut row, l.raw.as_ref(), &shown.raw, false);
                both(&mut row, l.factored.as_ref(), &shown.factored, false);
                both(&mut row, l.factored.as_ref(), &shown.factored, true);
                both(&mut row, l.scored.as_ref(), &shown.factored, true);
                match &l.applied {
                    Applied::AsIs => row.field(""),
                    other => row.field(&other.describe()),
                };
                row.end(out)?;
            }
        }
        Ok(())
    }

    fn csv_standings(&self, out: &mut dyn Write) -> io::Result<()> {
        csv_record(
            out,
            &[
                "field",
                "place",
                "tied",
                "pair",
                "name",
                "mp",
                "mp_exact",
                "percentage",
                "percentage_exact",
                "boards_played",
            ],
        )?;
        let mut row = CsvRecord::default();
        for f in &self.scored.fields {
            let rows = field_rows(f, self.half);
            let (mut totals, mut percentages) =
                (InOrder::new(&rows.total), InOrder::new(&rows.percentage));
            for (place, tied, st) in &rows.rows {
                let (total, total_exact) = totals.show_and_exact(&st.total);
                let (percentage, percentage_exact) = percentages.show_and_exact(&st.percentage);
                row.field(rows.name)
                    .whole(whole(*place))
                    .field(if *tied { "yes" } else { "" })
                    .field(st.pair.as_str())
                    .field(self.name_of(&st.pair))
                    .field(&total)
                    .field(&total_exact)
                    .field(&percentage)
                    .field(&percentage_exact)
                    .whole(whole(st.boards_played))
                    .end(out)?;
            }
        }
        Ok(())
    }
}

/// A count as a whole number for a cell.
fn whole(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// NS before EW, as event files and scoring programs list them; a Howell's
/// single field after both.
fn field_order(d: Option<Direction>) -> u8 {
    match d {
        Some(Direction::NorthSouth) => 0,
        Some(Direction::EastWest) => 1,
        _ => 2,
    }
}

fn field_name(d: Option<Direction>) -> String {
    d.map(|d| d.to_string()).unwrap_or_default()
}

#[derive(Serialize)]
struct RescoredJson<'a> {
    contestant: &'a str,
    /// The players' names as the file writes them (empty where it has
    /// none).
    names: &'a [String],
    /// Each player's member number, in the order of `names` (empty where
    /// the file has none; `null` for a player without one).
    member_ids: &'a [Option<String>],
    section: &'a Option<String>,
    field: Option<String>,
    place: u32,
    tied: bool,
    boards_played: usize,
    total: Figure,
    percentage: Option<Figure>,
}

#[derive(Serialize)]
struct RescoreJson<'a> {
    /// The event as the file names it: name, club, date, venue.
    event: EventJson<'a>,
    /// The kind of file read (`USEBIO 1.2`, `PBN 2.1`, `Bridgemate .bws`).
    source: String,
    half: &'static str,
    /// How the file writes its figures (`centred`: match points relative
    /// to the average, Ruter's `MP1`).
    rule: &'a countback_event::results::FileRule,
    /// The convention the file was scored under, and where it came from
    /// (the writer, chosen, inferred from the file, or the default).
    convention: &'static str,
    convention_source: &'a countback_event::results::ConventionSource,
    standings: Vec<RescoredJson<'a>>,
    /// The board tables asked for (`--boards`).
    #[serde(skip_serializing_if = "Option::is_none")]
    boards: Option<Vec<ResultsBoardJson<'a>>>,
    /// Every board's hand record the file has (deal, dealer,
    /// vulnerability, double-dummy tricks, par), as written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    hands: Vec<crate::club::HandJson<'a>>,
    /// Each contestant's lines on the boards asked for, board by board.
    #[serde(skip_serializing_if = "Option::is_none")]
    scorecards: Option<Vec<ScorecardJson<'a>>>,
    /// What the file carries that no figure uses: kept, listed.
    not_used: &'a [String],
}

#[derive(Serialize)]
struct ScorecardJson<'a> {
    contestant: &'a str,
    lines: Vec<crate::club::CardLine<'a>>,
}

#[derive(Serialize)]
struct ResultsBoardJson<'a> {
    board: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    section: Option<&'a str>,
    results: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    top: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    datum: Option<String>,
    lines: Vec<ResultsLineJson<'a>>,
}

#[derive(Serialize)]
struct ResultsLineJson<'a> {
    ns: &'a str,
    ew: &'a str,
    result: &'a str,
    /// How it was played, where the file says.
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<&'a countback_event::results::Play>,
    scores: Option<[Figure; 2]>,
    treatment: &'a Treatment,
}

/// What a results file's contestants are called: players in an individual
/// event (its lines name the four seats), else pairs.
pub(crate) fn contestant_word(session: &Session) -> &'static str {
    if session
        .boards
        .iter()
        .any(|b| b.lines.iter().any(|l| l.seats.is_some()))
    {
        "player"
    } else {
        "pair"
    }
}

/// A line figure's unit: match points, or IMPs (Butler, cross-IMPs).
fn unit(session: &Session) -> &'static str {
    if session.event == EventKind::MatchPointPairs {
        "MP"
    } else {
        "IMP"
    }
}

/// Whether the figures are match points relative to the average.
fn centred(session: &Session) -> bool {
    session.rule.centred && session.event == EventKind::MatchPointPairs
}

/// The sentence that names the scale of centred match points.
fn centred_words(session: &Session) -> String {
    format!(
        "MP1 ({}): match points relative to the average, as the file writes them — each line is its match points less half the board's top, each total less half the tops of the boards it adds, so below the average is negative; percentages and places as usual.",
        session.rule.stated.as_deref().unwrap_or("MatchPoints;MP1")
    )
}

/// Each contestant's players as the file names them, for the standings
/// (issue 40: the names were read and never shown).
fn players_of(session: &Session) -> HashMap<&ContestantId, &[String]> {
    session
        .participants
        .iter()
        .map(|p| (&p.id, p.players.as_slice()))
        .collect()
}

/// Whether any contestant has a name: a standings table shows a names
/// column only then.
fn has_names(session: &Session) -> bool {
    session.participants.iter().any(|p| !p.players.is_empty())
}

/// A pair's or team's players as one cell: `Alfa & Bravo`.
fn names_cell(players: &[String]) -> String {
    players.join(" & ")
}

/// The players' member numbers as one cell, in the order of their names:
/// `1234 & 5678` (a player without one leaves his place empty); empty
/// where the file gives none.
pub(crate) fn member_ids_cell(ids: &[Option<String>]) -> String {
    let mut out = String::new();
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            out.push_str(" & ");
        }
        out.push_str(id.as_deref().unwrap_or_default());
    }
    out
}

/// The one line that lists what a file carries but no figure uses.
///
/// One short line (issue 41: it ran to 10–20 items on every PBN or
/// `.bws`): how many, the first three, and where every one is listed (the
/// JSON's `not_used`, always whole).
pub(crate) fn not_used_line(not_used: &[String]) -> Option<String> {
    const SHOWN: usize = 3;
    match not_used.len() {
        0 => None,
        n if n <= SHOWN => Some(format!("Kept, not used: {}.", not_used.join("; "))),
        n => {
            let first: Vec<&str> = not_used.iter().take(SHOWN).map(String::as_str).collect();
            Some(format!(
                "Kept, not used: {n} items ({}; …): the JSON's not_used lists each.",
                first.join("; ")
            ))
        }
    }
}

/// The table result of each line as the file writes it, by board, NS and
/// EW (contestants are named uniquely across sections).
pub(crate) fn score_texts(session: &Session) -> HashMap<(u32, &ContestantId, &ContestantId), &str> {
    session
        .boards
        .iter()
        .flat_map(|b| {
            b.lines.iter().map(|l| {
                (
                    (l.traveller.board.0, &l.traveller.ns, &l.traveller.ew),
                    l.score_text.as_str(),
                )
            })
        })
        .collect()
}

/// How a rescored line came about, in words.
fn treatment_words(t: &Treatment) -> String {
    match t {
        Treatment::Plain => String::new(),
        Treatment::Factored { results, expected } => {
            format!("factored A={results} E={expected}")
        }
        Treatment::Artificial => "artificial".to_owned(),
        Treatment::NotPlayed => "not played".to_owned(),
        Treatment::Given => "as stored".to_owned(),
        _ => "other".to_owned(),
    }
}

/// A traveller's lines as clubs publish them: the best NS figure first
/// (the highest NS score), lines with no figure (not played) last, ties in
/// the order of the NS pair's name.
fn traveller_order(b: &BoardScore) -> Vec<&LineScore> {
    let mut lines: Vec<&LineScore> = b.lines.iter().collect();
    lines.sort_by(|x, y| {
        y.ns_score
            .is_some()
            .cmp(&x.ns_score.is_some())
            .then_with(|| y.ns_score.cmp(&x.ns_score))
            .then_with(|| x.ns.cmp(&y.ns))
    });
    lines
}

/// The boards of a rescored file that `boards` asks for.
pub(crate) fn results_boards<'a>(
    r: &'a countback_event::results::Rescore,
    boards: &'a Boards,
) -> impl Iterator<Item = &'a BoardScore> {
    r.boards.iter().filter(move |b| {
        let adjusted = b.lines.iter().any(|l| l.treatment != Treatment::Plain);
        boards.shows(b.number.0, adjusted)
    })
}

fn line_display(b: &BoardScore, half: HalfDisplay) -> ColumnDisplay {
    ColumnDisplay::for_values(
        b.lines
            .iter()
            .flat_map(|l| [l.ns_score.as_ref(), l.ew_score.as_ref()])
            .flatten(),
        &Precision::distinct(0),
        half,
    )
}

fn line_scores(l: &LineScore, shown: &ColumnDisplay) -> Option<[Figure; 2]> {
    match (&l.ns_score, &l.ew_score) {
        (Some(a), Some(b)) => Some([Figure::of(a, shown), Figure::of(b, shown)]),
        _ => None,
    }
}

/// A rescored file's standings as rows, and the display of their totals
/// and of their percentages.
pub(crate) type Rows<'r> = (
    Vec<&'r countback_event::results::Standing>,
    ColumnDisplay,
    ColumnDisplay,
);

/// The rows of a rescored file in their order, and how its totals and
/// percentages are shown.
pub(crate) fn rescored_rows(r: &countback_event::results::Rescore, half: HalfDisplay) -> Rows<'_> {
    let mut rows: Vec<&countback_event::results::Standing> = r.standings.iter().collect();
    rows.sort_by(|a, b| {
        (a.section.as_deref(), field_order(a.field), a.place, &a.id).cmp(&(
            b.section.as_deref(),
            field_order(b.field),
            b.place,
            &b.id,
        ))
    });
    let total =
        ColumnDisplay::for_values(rows.iter().map(|s| &s.total), &Precision::distinct(2), half);
    let pct = ColumnDisplay::for_values(
        rows.iter().filter_map(|s| s.percentage.as_ref()),
        &Precision::percentage(),
        half,
    );
    (rows, total, pct)
}

/// The travellers of a rescored file that `boards` asks for, each with its
/// hand record beside it where the file has one, then the hand records
/// for print and each contestant's scorecard (issue 40).
fn results_board_blocks(rescored: &Rescored, half: HalfDisplay, boards: &Boards) -> Vec<Block> {
    let mut blocks = Vec::new();
    if *boards == Boards::None {
        return blocks;
    }
    let session = &rescored.session;
    let texts = score_texts(session);
    let shown: Vec<&BoardScore> = results_boards(&rescored.rescore, boards).collect();
    if shown.is_empty() {
        return blocks;
    }
    blocks.push(Block::Heading("Boards".to_owned()));
    let mut records = Vec::new();
    for b in &shown {
        let heading = board_heading(b);
        let table = traveller_cells(rescored, b, &texts, half);
        match crate::club::record_of(rescored, b) {
            Some(r) => {
                let d = crate::club::diagram(r);
                records.push((heading.clone(), d.clone()));
                blocks.push(Block::Dealt(heading, Box::new(d), table));
            }
            // One block: printing keeps a board whole and sets two to a row.
            None => blocks.push(Block::Board(heading, table)),
        }
    }
    if !records.is_empty() {
        blocks.push(Block::HandRecords(records));
    }
    let cards = crate::club::scorecards(rescored, &shown, &texts, half);
    if !cards.is_empty() {
        let unit = unit(session);
        let players = players_of(session);
        let (rows, _, _) = rescored_rows(&rescored.rescore, half);
        let tables = rows
            .iter()
            .filter_map(|s| {
                let lines = cards.get(&s.id)?;
                let names = names_cell(players.get(&s.id).copied().unwrap_or_default());
                let heading = if names.is_empty() {
                    format!("{} {}", contestant_word(session), s.id)
                } else {
                    format!("{} {}: {names}", contestant_word(session), s.id)
                };
                Some((heading, crate::club::card_table(lines, unit)))
            })
            .collect();
        blocks.push(Block::Scorecards(tables));
    }
    blocks
}

/// A traveller's heading: the board, its section, results, top and datum.
fn board_heading(b: &BoardScore) -> String {
    let mut heading = format!("Board {}", b.number.0);
    if let Some(section) = &b.section {
        heading.push_str(&format!(", section {section}"));
    }
    heading.push_str(&format!(" — {} results", b.results));
    if let Some(top) = &b.top {
        heading.push_str(&format!(", top {top}"));
    }
    if let Some(datum) = &b.datum {
        heading.push_str(&format!(", datum {datum}"));
    }
    heading
}

/// A board's traveller: each line's pairs, the contract, declarer, lead
/// and tricks where the file has them (issue 40: travellers showed the
/// score alone), the score and the figures, best North-South first.
fn traveller_cells(
    rescored: &Rescored,
    b: &BoardScore,
    texts: &HashMap<(u32, &ContestantId, &ContestantId), &str>,
    half: HalfDisplay,
) -> CellTable {
    let plays = rescored.session.plays();
    let with_play = !plays.is_empty();
    let with_lead = plays.values().any(|p| p.lead.is_some());
    let unit = unit(&rescored.session);
    let shown = line_display(b, half);
    let mut head = vec![
        ("NS".to_owned(), Align::Left),
        ("EW".to_owned(), Align::Left),
    ];
    if with_play {
        head.extend([
            ("contract".to_owned(), Align::Left),
            ("by".to_owned(), Align::Left),
        ]);
        if with_lead {
            head.push(("lead".to_owned(), Align::Left));
        }
        head.push(("tricks".to_owned(), Align::Right));
    }
    head.extend([
        ("score".to_owned(), Align::Right),
        (format!("NS {unit}"), Align::Right),
        (format!("EW {unit}"), Align::Right),
        ("applied".to_owned(), Align::Left),
    ]);
    let mut bt = CellTable::new(head, b.lines.len());
    for l in traveller_order(b) {
        let [ns, ew] = line_scores(l, &shown).map_or([String::new(), String::new()], |[a, b]| {
            [a.display, b.display]
        });
        bt.cell(l.ns.as_str());
        bt.cell(l.ew.as_str());
        if with_play {
            let play = plays.get(&(b.number, b.section.as_deref(), &l.ns)).copied();
            bt.cell(play.map_or("", |p| p.contract.as_str()));
            bt.cell(play.map_or("", |p| p.declarer.as_str()));
            if with_lead {
                bt.cell(play.and_then(|p| p.lead.as_deref()).unwrap_or_default());
            }
            bt.cell(
                &play
                    .and_then(|p| p.tricks)
                    .map(|t| t.to_string())
                    .unwrap_or_default(),
            );
        }
        bt.cell(
            texts
                .get(&(b.number.0, &l.ns, &l.ew))
                .copied()
                .unwrap_or_default(),
        );
        bt.cell(&ns);
        bt.cell(&ew);
        bt.cell(&treatment_words(&l.treatment));
    }
    bt
}

/// A rescored results file as a document (what the text and HTML formats
/// show): the standings, the board tables `boards` asks for (none by
/// default), what the file keeps but does not use.
#[must_use]
pub fn rescored_doc(rescored: &Rescored, half: HalfDisplay, boards: &Boards) -> Doc {
    let session = &rescored.session;
    let r = &rescored.rescore;
    let (rows, total, pct) = rescored_rows(r, half);
    let names = has_names(session).then(|| players_of(session));
    let mut columns = vec![
        ("place".to_owned(), Align::Right),
        (contestant_word(session).to_owned(), Align::Left),
    ];
    if names.is_some() {
        columns.push(("names".to_owned(), Align::Left));
    }
    columns.extend([
        ("field".to_owned(), Align::Left),
        ("total".to_owned(), Align::Right),
        ("%".to_owned(), Align::Right),
        ("boards".to_owned(), Align::Right),
    ]);
    let mut t = Table::new(columns);
    // The exact figures, for the scorer: apart from what a club posts.
    let mut exact = Table::new(vec![
        (contestant_word(session).to_owned(), Align::Left),
        ("total".to_owned(), Align::Right),
        ("exact total".to_owned(), Align::Left),
        ("exact %".to_owned(), Align::Left),
    ]);
    for s in &rows {
        exact.lines.push(Line::Cells(vec![
            s.id.to_string(),
            total.show(&s.total),
            s.total.to_string(),
            s.percentage
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default(),
        ]));
    }
    for s in rows {
        // A pair that played no board is listed, not ranked.
        let label = if !s.ranked {
            "-".to_owned()
        } else if s.tied {
            format!("{}=", s.place)
        } else {
            s.place.to_string()
        };
        let mut cells = vec![label, s.id.to_string()];
        if let Some(names) = &names {
            cells.push(names_cell(names.get(&s.id).copied().unwrap_or_default()));
        }
        cells.extend([
            field_name(s.field),
            total.show(&s.total),
            s.percentage
                .as_ref()
                .map(|p| pct.show(p))
                .unwrap_or_default(),
            s.boards_played.to_string(),
        ]);
        t.lines.push(Line::Cells(cells));
    }
    let mut blocks = vec![Block::Table(t)];
    blocks.extend(results_board_blocks(rescored, half, boards));
    let mut footer = vec![format!(
        "Every figure is exact (the exact values are under {FOR_THE_SCORER}); an exact half is rounded {} for display (--half).",
        half_words(half)
    )];
    // Which program's choices scored the file, and why those (issue 41:
    // an ACBL club's file is known by its member numbers).
    footer.push(format!(
        "Scored under the {} convention ({}).",
        r.convention, r.convention_source
    ));
    if centred(session) {
        footer.push(centred_words(session));
    }
    let mut notes = vec![Block::Table(exact)];
    // Where the file's stated rule could mean two things, which reading
    // its own figures chose, and why (issue 41).
    notes.extend(
        session
            .rule
            .reading
            .as_ref()
            .map(|r| Block::Para(format!("How the file's figures were read: {r}."))),
    );
    notes.extend(not_used_line(&session.not_used).map(Block::Para));
    let (title, subtitle) = session_heading(
        session,
        format!(
            "Results file ({}), rescored from its table results",
            session.format
        ),
    );
    Doc {
        title,
        subtitle,
        blocks,
        notes,
        footer,
    }
}

/// A results file's title and the lines under it: the event as the file
/// names it, then its club, date and venue, then what was done (`done`);
/// a file that names no event is titled by what was done (issue 40: the
/// name and date were read and not shown).
fn session_heading(session: &Session, done: String) -> (String, Vec<String>) {
    let when_where: Vec<&str> = [&session.club, &session.date, &session.venue]
        .into_iter()
        .filter_map(|s| s.as_deref())
        .collect();
    let mut subtitle = Vec::new();
    if !when_where.is_empty() {
        subtitle.push(when_where.join(" · "));
    }
    match &session.description {
        Some(name) => {
            subtitle.push(done);
            (name.clone(), subtitle)
        }
        None => (done, subtitle),
    }
}

/// The event a results file names, for JSON.
#[derive(Serialize)]
struct EventJson<'a> {
    name: Option<&'a str>,
    club: Option<&'a str>,
    date: Option<&'a str>,
    venue: Option<&'a str>,
}

impl<'a> EventJson<'a> {
    fn of(session: &'a Session) -> EventJson<'a> {
        EventJson {
            name: session.description.as_deref(),
            club: session.club.as_deref(),
            date: session.date.as_deref(),
            venue: session.venue.as_deref(),
        }
    }
}

/// Each contestant's scorecard for JSON, in standings order; `None` when
/// no board is asked for.
fn scorecards_json<'a>(
    rescored: &'a Rescored,
    rows: &[&'a countback_event::results::Standing],
    half: HalfDisplay,
    boards: &'a Boards,
) -> Option<Vec<ScorecardJson<'a>>> {
    if *boards == Boards::None {
        return None;
    }
    let texts = score_texts(&rescored.session);
    let shown: Vec<&BoardScore> = results_boards(&rescored.rescore, boards).collect();
    let mut cards = crate::club::scorecards(rescored, &shown, &texts, half);
    Some(
        rows.iter()
            .filter_map(|s| {
                cards.remove(&s.id).map(|lines| ScorecardJson {
                    contestant: s.id.as_str(),
                    lines,
                })
            })
            .collect(),
    )
}

/// A rescored results file's standings: by section, NS field before EW,
/// then place; then the board tables `boards` asks for.
pub fn rescored(
    out: &mut dyn Write,
    rescored: &Rescored,
    format: Format,
    half: HalfDisplay,
    boards: &Boards,
) -> io::Result<()> {
    let (rows, total, pct) = rescored_rows(&rescored.rescore, half);
    match format {
        Format::Json => rescored_json(out, rescored, (rows, total, pct), half, boards),
        Format::Csv if *boards != Boards::None => rescored_boards_csv(out, rescored, half, boards),
        Format::Csv => rescored_csv(out, rescored, (rows, total, pct)),
        Format::Usebio => Err(crate::answer::not_usebio()),
        Format::Trf => Err(crate::answer::not_trf()),
        Format::Text | Format::Html => {
            write_doc(out, &rescored_doc(rescored, half, boards), format.page())
        }
    }
}

/// A rescored results file as JSON: its standings, and the board tables
/// `boards` asks for.
fn rescored_json(
    out: &mut dyn Write,
    rescored: &Rescored,
    (rows, total, pct): Rows<'_>,
    half: HalfDisplay,
    boards: &Boards,
) -> io::Result<()> {
    let r = &rescored.rescore;
    let session = &rescored.session;
    let shown_boards = (*boards != Boards::None).then(|| {
        let texts = score_texts(session);
        let plays = session.plays();
        results_boards(r, boards)
            .map(|b| {
                let shown = line_display(b, half);
                ResultsBoardJson {
                    board: b.number.0,
                    section: b.section.as_deref(),
                    results: b.results,
                    top: b.top.as_ref().map(ToString::to_string),
                    datum: b.datum.as_ref().map(ToString::to_string),
                    lines: b
                        .lines
                        .iter()
                        .map(|l| ResultsLineJson {
                            ns: l.ns.as_str(),
                            ew: l.ew.as_str(),
                            result: texts
                                .get(&(b.number.0, &l.ns, &l.ew))
                                .copied()
                                .unwrap_or_default(),
                            play: plays.get(&(b.number, b.section.as_deref(), &l.ns)).copied(),
                            scores: line_scores(l, &shown),
                            treatment: &l.treatment,
                        })
                        .collect(),
                }
            })
            .collect()
    });
    let players = players_of(session);
    let v = RescoreJson {
        event: EventJson::of(session),
        source: session.format.clone(),
        half: half.name(),
        rule: &session.rule,
        convention: r.convention.name(),
        convention_source: &r.convention_source,
        standings: rows
            .iter()
            .map(|s| RescoredJson {
                contestant: s.id.as_str(),
                names: players.get(&s.id).copied().unwrap_or_default(),
                member_ids: session
                    .participant(&s.id)
                    .map_or(&[][..], |p| p.member_ids.as_slice()),
                section: &s.section,
                field: s.field.map(|d| d.to_string()),
                place: s.place,
                tied: s.tied,
                boards_played: s.boards_played,
                total: Figure::of(&s.total, &total),
                percentage: s.percentage.as_ref().map(|p| Figure::of(p, &pct)),
            })
            .collect(),
        boards: shown_boards,
        hands: crate::club::hands_json(rescored),
        scorecards: scorecards_json(rescored, &rows, half, boards),
        not_used: &session.not_used,
    };
    serde_json::to_writer(&mut *out, &v).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// A rescored results file's board tables as CSV: a record a traveller
/// line.
fn rescored_boards_csv(
    out: &mut dyn Write,
    rescored: &Rescored,
    half: HalfDisplay,
    boards: &Boards,
) -> io::Result<()> {
    let r = &rescored.rescore;
    let session = &rescored.session;
    let texts = score_texts(session);
    let plays = session.plays();
    csv_record(
        out,
        &[
            "board",
            "section",
            "ns",
            "ew",
            "result",
            "ns_figure",
            "ew_figure",
            "ns_figure_exact",
            "ew_figure_exact",
            "applied",
            "contract",
            "declarer",
            "lead",
            "tricks",
        ],
    )?;
    let mut row: Vec<String> = Vec::with_capacity(14);
    for b in results_boards(r, boards) {
        let shown = line_display(b, half);
        for l in &b.lines {
            row.clear();
            row.push(b.number.0.to_string());
            row.push(b.section.clone().unwrap_or_default());
            row.push(l.ns.to_string());
            row.push(l.ew.to_string());
            row.push(
                texts
                    .get(&(b.number.0, &l.ns, &l.ew))
                    .copied()
                    .unwrap_or_default()
                    .to_owned(),
            );
            match line_scores(l, &shown) {
                Some([a, b]) => row.extend([a.display, b.display, a.exact, b.exact]),
                None => row.extend(std::iter::repeat_n(String::new(), 4)),
            }
            row.push(treatment_words(&l.treatment));
            let play = plays.get(&(b.number, b.section.as_deref(), &l.ns)).copied();
            row.extend([
                play.map(|p| p.contract.clone()).unwrap_or_default(),
                play.map(|p| p.declarer.clone()).unwrap_or_default(),
                play.and_then(|p| p.lead.clone()).unwrap_or_default(),
                play.and_then(|p| p.tricks)
                    .map(|t| t.to_string())
                    .unwrap_or_default(),
            ]);
            csv_record(out, &row)?;
        }
    }
    Ok(())
}

/// A rescored results file's standings as CSV: a record a contestant.
fn rescored_csv(
    out: &mut dyn Write,
    rescored: &Rescored,
    (rows, total, pct): Rows<'_>,
) -> io::Result<()> {
    let session = &rescored.session;
    csv_record(
        out,
        &[
            "section",
            "field",
            "place",
            "tied",
            contestant_word(session),
            "names",
            "member_ids",
            "total",
            "total_exact",
            "percentage",
            "percentage_exact",
            "boards_played",
        ],
    )?;
    let players = players_of(session);
    // By map, as the names: one look-up a row.
    let ids: HashMap<&ContestantId, &[Option<String>]> = session
        .participants
        .iter()
        .map(|p| (&p.id, p.member_ids.as_slice()))
        .collect();
    for s in rows {
        csv_record(
            out,
            &[
                s.section.clone().unwrap_or_default(),
                field_name(s.field),
                s.place.to_string(),
                (if s.tied { "yes" } else { "" }).to_owned(),
                s.id.to_string(),
                names_cell(players.get(&s.id).copied().unwrap_or_default()),
                member_ids_cell(ids.get(&s.id).copied().unwrap_or_default()),
                total.show(&s.total),
                s.total.to_string(),
                s.percentage
                    .as_ref()
                    .map(|p| pct.show(p))
                    .unwrap_or_default(),
                s.percentage
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                s.boards_played.to_string(),
            ],
        )?;
    }
    Ok(())
}

#[derive(Serialize)]
struct AuditJson<'a> {
    compared: usize,
    /// Every finding in exactly one count, as the summary counts them.
    counts: countback_event::results::Counts,
    differences: Vec<&'a countback_event::results::Finding>,
    /// What the file carries that no figure uses: kept, listed.
    not_used: &'a [String],
}

/// An audit of a results file (USEBIO, NZ Scorer, PBN).
pub fn audit(
    out: &mut dyn Write,
    audited: &Audited,
    format: Format,
    half: HalfDisplay,
) -> io::Result<()> {
    let a = &audited.audit;
    let total = a.findings.len();
    let exceptions: Vec<&countback_event::results::Finding> = a.exceptions().collect();
    if format == Format::Json {
        serde_json::to_writer(
            &mut *out,
            &AuditJson {
                compared: total,
                counts: a.counts(),
                differences: exceptions,
                not_used: &audited.session.not_used,
            },
        )
        .map_err(io::Error::from)?;
        return out.write_all(b"\n");
    }
    let show = |c: &Score| ColumnDisplay::single(c, &Precision::distinct(0), half);
    let rows = audit_rows(&exceptions, half);
    if format == Format::Csv {
        csv_record(out, &AUDIT_HEAD)?;
        for r in &rows {
            csv_record(out, r)?;
        }
        return Ok(());
    }
    let summary = audit_summary(a, rows.len());
    if format == Format::Text {
        writeln!(out, "{summary}")?;
        if let Some(line) = not_used_line(&audited.session.not_used) {
            writeln!(out, "{line}")?;
        }
        for f in &exceptions {
            let mut place = format!("line {}", f.line);
            if let Some(b) = f.board {
                place.push_str(&format!(", board {b}"));
            }
            if let Some(c) = &f.contestant {
                place.push_str(&format!(", {c}"));
            }
            if let Some(o) = &f.opponent {
                place.push_str(&format!(" v {o}"));
            }
            let computed = f
                .computed
                .as_ref()
                .map(show)
                .unwrap_or_else(|| "-".to_owned());
            writeln!(
                out,
                "  {place}: {} stored {} computed {computed} — {}",
                f.figure, f.stored, f.class
            )?;
        }
        return Ok(());
    }
    write_doc(out, &audit_doc(audited, half), DocFormat::Html)
}

/// The columns of an audit's differences.
const AUDIT_HEAD: [&str; 9] = [
    "line",
    "board",
    "contestant",
    "opponent",
    "figure",
    "stored",
    "computed",
    "exact",
    "reason",
];

/// Each difference as the cells of a row.
fn audit_rows(
    exceptions: &[&countback_event::results::Finding],
    half: HalfDisplay,
) -> Vec<Vec<String>> {
    // Each finding is a different quantity (a line, a total, a
    // percentage): each computed figure is displayed on its own.
    let show = |c: &Score| ColumnDisplay::single(c, &Precision::distinct(0), half);
    exceptions
        .iter()
        .map(|f| {
            vec![
                f.line.to_string(),
                f.board.map(|b| b.to_string()).unwrap_or_default(),
                f.contestant
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                f.opponent
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                f.figure.to_string(),
                f.stored.to_string(),
                f.computed
                    .as_ref()
                    .map(show)
                    .unwrap_or_else(|| "-".to_owned()),
                f.computed
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                f.class.to_string(),
            ]
        })
        .collect()
}

/// What an audit found, in one sentence (the counts of
/// [`countback_event::results::Audit::counts`], each figure in one class),
/// then each other rule found, with its relation and how many figures it
/// covers.
fn audit_summary(a: &countback_event::results::Audit, differ: usize) -> String {
    let total = a.findings.len();
    let mut out = format!(
        "{total} stored figures compared: {} agree at the file's precision, {differ} differ. {}.",
        total - differ,
        a.summary()
    );
    let mut rules: Vec<(&str, usize)> = Vec::new();
    for f in &a.findings {
        if let Difference::OtherRule { relation, figures } = &f.class {
            if !rules.iter().any(|(r, _)| *r == relation.as_str()) {
                rules.push((relation.as_str(), *figures));
            }
        }
    }
    for (relation, figures) in rules {
        out.push_str(&format!(
            " Another rule: {relation} ({figures} figure{}).",
            if figures == 1 { "" } else { "s" }
        ));
    }
    out
}

/// An audit as a document (what the HTML format shows).
#[must_use]
pub fn audit_doc(audited: &Audited, half: HalfDisplay) -> Doc {
    let a = &audited.audit;
    let exceptions: Vec<&countback_event::results::Finding> = a.exceptions().collect();
    let rows = audit_rows(&exceptions, half);
    let summary = audit_summary(a, rows.len());
    let mut t = Table::new(
        AUDIT_HEAD
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let align = if matches!(i, 0 | 1 | 5 | 6) {
                    Align::Right
                } else {
                    Align::Left
                };
                ((*h).to_owned(), align)
            })
            .collect(),
    );
    t.lines = rows.into_iter().map(Line::Cells).collect();
    Doc {
        title: "Audit of a results file".to_owned(),
        subtitle: vec![summary],
        blocks: vec![Block::Table(t)],
        // An audit is itself the scorer's document.
        notes: Vec::new(),
        footer: not_used_line(&audited.session.not_used)
            .into_iter()
            .collect(),
    }
}

// ------------------------------------------------------------ multi-session

/// The rule that combines sessions by `combine`, with each choice the
/// user gave (on the command line or the page) in place of its default.
pub(crate) fn sessions_rule(
    combine: Combine,
    match_by: Option<MatchBy>,
    session_ties: Option<SessionTies>,
    counting: Option<Counting>,
    minimum: Option<u32>,
    series_ties: Option<SeriesTies>,
) -> SessionsRule {
    let mut rule = SessionsRule::new(combine);
    rule.match_by = match_by.unwrap_or(rule.match_by);
    rule.session_ties = session_ties.unwrap_or(rule.session_ties);
    rule.counting = counting.unwrap_or(rule.counting);
    rule.minimum = minimum;
    rule.series_ties = series_ties.unwrap_or(rule.series_ties);
    rule
}

/// `countback score s1 s2 … --combine RULE`: the sessions read, combined by
/// the event library ([`countback_event::sessions::combine`]) and written.
///
/// # Errors
/// A file that cannot be read, a rule that is not given or cannot be read,
/// and the library's refusal, placed on the session it names.
pub fn sessions(args: &crate::cli::FileArgs) -> Result<crate::error::Exit, crate::error::CliError> {
    use countback_event::sessions::{CarryForward, SessionFile};

    let first = args.file.as_path();
    let paths: Vec<&std::path::Path> = std::iter::once(first)
        .chain(args.more.iter().map(std::path::PathBuf::as_path))
        .collect();
    let s = &args.sessions;
    let Some(rule) = s.combine else {
        return Err(crate::run::wrong(
            first,
            "several sessions are combined by a rule: add --combine sum-of-matchpoints, mean-of-percentages or sum-of-percentages",
        ));
    };
    let format = args.output.format();
    if format == Format::Trf {
        return Err(crate::run::wrong(
            first,
            "a multi-session bridge event is not a TRF file",
        ));
    }
    if format == Format::Usebio {
        return Err(crate::run::wrong(
            first,
            "a multi-session event is not one USEBIO session: write each session with `countback score FILE --format usebio`",
        ));
    }
    if args.boards.is_some() || !args.options.is_empty() {
        return Err(crate::run::wrong(
            first,
            "--boards and --option apply to one session: score each session alone for its boards",
        ));
    }
    let mut rule = sessions_rule(
        rule,
        s.match_by,
        s.session_ties,
        s.count,
        s.minimum,
        s.series_ties,
    );
    if let (Some(text), Some(from)) = (&s.carry_forward, s.final_from) {
        let fraction = Score::parse(text.trim()).map_err(|_| {
            crate::run::wrong(
                first,
                &format!(
                    "--carry-forward {text:?} is not an exact fraction (1/4) or decimal (0.25)"
                ),
            )
        })?;
        rule.carry_forward = Some(CarryForward::new(fraction, from));
    }
    let mut read = Vec::with_capacity(paths.len());
    for p in &paths {
        let (bytes, _, kind) = crate::run::read_file(p)?;
        let name = p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        read.push((name, bytes, kind));
    }
    let files: Vec<SessionFile<'_>> = read
        .iter()
        .map(|(name, bytes, kind)| SessionFile {
            name,
            bytes,
            kind: *kind,
        })
        .collect();
    let mut request = countback_event::Request::new(countback_event::Job::Score);
    request.options = countback_event::Options::default();
    let answer =
        countback_event::answer_sessions(&files, &rule, &request).map_err(|r| match r {
            countback_event::Refusal::InSession { session, error } => {
                crate::error::CliError::Event {
                    path: paths.get(session).copied().unwrap_or(first).to_owned(),
                    source: error,
                }
            }
            other => crate::run::refused(first)(other),
        })?;
    let shown = crate::answer::Shown {
        format,
        half: Some(args.output.half.unwrap_or(HalfDisplay::Even)),
        explain: false,
        boards: None,
        table: None,
    };
    crate::out::to_stdout(|out| crate::answer::write(out, &answer, &shown))?;
    Ok(crate::answer::exit(&answer))
}

#[derive(Serialize)]
struct CombinedJson<'a> {
    rule: &'static str,
    unit: &'static str,
    match_by: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    carry_forward: Option<CarryJson>,
    session_ties: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    series: Option<SeriesJson>,
    trace: &'a [String],
    standings: Vec<OverallJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_ranked: Option<Vec<OverallJson<'a>>>,
    decisions: &'a [countback_event::model::Decision],
    sessions: Vec<SessionJson<'a>>,
}

/// A club series' counting rule: which sessions count, and the fewest a
/// pair must have played to be ranked.
#[derive(Serialize)]
struct SeriesJson {
    count: String,
    minimum: u32,
    ties: &'static str,
}

#[derive(Serialize)]
struct CarryJson {
    fraction: String,
    final_from: usize,
}

#[derive(Serialize)]
struct OverallJson<'a> {
    pair: &'a str,
    field: Option<String>,
    place: u32,
    tied: bool,
    sessions: Vec<Option<Figure>>,
    /// In a club series, whether each session's figure counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    counted: Option<&'a [bool]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    carried: Option<Figure>,
    stage: Figure,
    total: Figure,
}

#[derive(Serialize)]
struct SessionJson<'a> {
    file: &'a str,
    source: &'a str,
    carried: bool,
    board_offset: u32,
    standings: Vec<SessionRowJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decisions: Option<&'a [countback_event::model::Decision]>,
}

#[derive(Serialize)]
struct SessionRowJson<'a> {
    pair: &'a str,
    key: &'a str,
    field: Option<String>,
    place: u32,
    tied: bool,
    total: Figure,
    percentage: Figure,
}

fn place_label(place: u32, tied: bool) -> String {
    if tied {
        format!("{place}=")
    } else {
        place.to_string()
    }
}

/// How a session's totals and percentages are shown.
fn session_display(
    r: &countback_event::sessions::SessionResult,
    half: HalfDisplay,
) -> (ColumnDisplay, ColumnDisplay) {
    (
        ColumnDisplay::for_values(
            r.standings.iter().map(|s| &s.total),
            &Precision::distinct(2),
            half,
        ),
        ColumnDisplay::for_values(
            r.standings.iter().map(|s| &s.percentage),
            &Precision::percentage(),
            half,
        ),
    )
}

/// How each column of the overall standings is shown.
struct CombinedDisplay {
    figure: ColumnDisplay,
    total: ColumnDisplay,
}

fn combined_display(c: &countback_event::sessions::Combined, half: HalfDisplay) -> CombinedDisplay {
    let precision = if c.unit() == "%" {
        Precision::percentage()
    } else {
        Precision::distinct(2)
    };
    CombinedDisplay {
        figure: ColumnDisplay::for_values(
            c.standings
                .iter()
                .chain(&c.not_ranked)
                .flat_map(|s| s.figures.iter().flatten()),
            &precision,
            half,
        ),
        total: ColumnDisplay::for_values(
            c.standings
                .iter()
                .chain(&c.not_ranked)
                .flat_map(|s| [&s.total, &s.stage].into_iter().chain(s.carried.as_ref())),
            &precision,
            half,
        ),
    }
}

/// The combined event as text, JSON, CSV or HTML.
pub(crate) fn write_combined(
    out: &mut dyn Write,
    c: &countback_event::sessions::Combined,
    format: Format,
    half: HalfDisplay,
) -> io::Result<()> {
    let shown = combined_display(c, half);
    match format {
        Format::Json => {
            let v = CombinedJson {
                rule: c.rule.combine.name(),
                unit: c.unit(),
                match_by: c.rule.match_by.name(),
                carry_forward: c.rule.carry_forward.as_ref().map(|cf| CarryJson {
                    fraction: cf.fraction.to_string(),
                    final_from: cf.final_from,
                }),
                session_ties: c.rule.session_ties.name(),
                series: c.rule.is_series().then(|| SeriesJson {
                    count: c.rule.counting.name(),
                    minimum: c.rule.minimum_played().unwrap_or(1),
                    ties: c.rule.series_ties.name(),
                }),
                trace: &c.trace,
                standings: c
                    .standings
                    .iter()
                    .map(|s| overall_json(s, c, &shown))
                    .collect(),
                not_ranked: c.rule.is_series().then(|| {
                    c.not_ranked
                        .iter()
                        .map(|s| overall_json(s, c, &shown))
                        .collect()
                }),
                decisions: &c.outcome.trace,
                sessions: c
                    .sessions
                    .iter()
                    .map(|r| {
                        let (total, pct) = session_display(r, half);
                        SessionJson {
                            file: &r.name,
                            source: &r.source,
                            carried: r.carried,
                            board_offset: r.board_offset,
                            standings: r
                                .standings
                                .iter()
                                .map(|s| SessionRowJson {
                                    pair: s.id.as_str(),
                                    key: s.key.as_str(),
                                    field: s.field.map(|d| d.to_string()),
                                    place: s.place,
                                    tied: s.tied,
                                    total: Figure::of(&s.total, &total),
                                    percentage: Figure::of(&s.percentage, &pct),
                                })
                                .collect(),
                            decisions: r.outcome.as_ref().map(|o| o.trace.as_slice()),
                        }
                    })
                    .collect(),
            };
            serde_json::to_writer(&mut *out, &v).map_err(io::Error::from)?;
            out.write_all(b"\n")
        }
        Format::Csv => {
            let mut head: Vec<String> = vec!["place".into(), "pair".into(), "field".into()];
            for i in 1..=c.sessions.len() {
                head.push(format!("session_{i}"));
            }
            if c.rule.is_series() {
                head.push("counted".to_owned());
            }
            head.extend(["carried", "total", "total_exact"].map(str::to_owned));
            csv_record(out, &head)?;
            for s in c.standings.iter().chain(&c.not_ranked) {
                let mut row = overall_cells(s, &|f| f.to_string());
                if c.rule.is_series() {
                    row.push(counted_sessions(s));
                }
                row.push(
                    s.carried
                        .as_ref()
                        .map(ToString::to_string)
                        .unwrap_or_default(),
                );
                row.push(shown.total.show(&s.total));
                row.push(s.total.to_string());
                csv_record(out, &row)?;
            }
            Ok(())
        }
        Format::Text | Format::Usebio | Format::Trf | Format::Html => {
            write_doc(out, &combined_doc(c, half), format.page())
        }
    }
}

/// The sessions (from 1) whose figures count for a pair of a club series,
/// by number: `1 3`.
fn counted_sessions(s: &countback_event::sessions::OverallStanding) -> String {
    let numbers: Vec<String> = s
        .counted
        .iter()
        .enumerate()
        .filter(|(_, c)| **c)
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    numbers.join(" ")
}

/// One overall standing in JSON.
fn overall_json<'a>(
    s: &'a countback_event::sessions::OverallStanding,
    c: &countback_event::sessions::Combined,
    shown: &CombinedDisplay,
) -> OverallJson<'a> {
    OverallJson {
        pair: s.key.as_str(),
        field: s.field.map(|d| d.to_string()),
        place: s.place,
        tied: s.tied,
        sessions: s
            .figures
            .iter()
            .map(|f| f.as_ref().map(|f| Figure::of(f, &shown.figure)))
            .collect(),
        counted: c.rule.is_series().then_some(s.counted.as_slice()),
        carried: s.carried.as_ref().map(|f| Figure::of(f, &shown.total)),
        stage: Figure::of(&s.stage, &shown.total),
        total: Figure::of(&s.total, &shown.total),
    }
}

/// The first cells of an overall standing, in CSV and in the document
/// alike: place, pair, field, then each session's figure as `figure`
/// writes it (blank where the pair did not play that session).
fn overall_cells(
    s: &countback_event::sessions::OverallStanding,
    figure: &dyn Fn(&Score) -> String,
) -> Vec<String> {
    let place = if s.place == 0 {
        String::new()
    } else {
        place_label(s.place, s.tied)
    };
    let mut cells = vec![place, s.key.to_string(), field_name(s.field)];
    cells.extend(
        s.figures
            .iter()
            .map(|f| f.as_ref().map(figure).unwrap_or_default()),
    );
    cells
}

/// The overall standings `rows` as a table: each session's figure (in a
/// club series, one that does not count in brackets), the carry, the
/// total shown and exact.
fn overall_table(
    c: &countback_event::sessions::Combined,
    rows: &[countback_event::sessions::OverallStanding],
    shown: &CombinedDisplay,
) -> Table {
    let mut head = vec![
        ("place".to_owned(), Align::Right),
        ("pair".to_owned(), Align::Left),
        ("field".to_owned(), Align::Left),
    ];
    for i in 1..=c.sessions.len() {
        head.push((format!("S{i}"), Align::Right));
    }
    if c.rule.carry_forward.is_some() {
        head.push(("carried".to_owned(), Align::Right));
    }
    head.push((format!("total {}", c.unit()), Align::Right));
    head.push(("exact".to_owned(), Align::Left));
    let mut t = Table::new(head);
    for s in rows {
        let mut cells = overall_cells(s, &|f| shown.figure.show(f));
        if c.rule.is_series() {
            // Session figures follow place, pair and field.
            for (cell, counted) in cells.iter_mut().skip(3).zip(&s.counted) {
                if !counted && !cell.is_empty() {
                    *cell = format!("({cell})");
                }
            }
        }
        if c.rule.carry_forward.is_some() {
            cells.push(
                s.carried
                    .as_ref()
                    .map(|f| shown.total.show(f))
                    .unwrap_or_default(),
            );
        }
        cells.push(shown.total.show(&s.total));
        cells.push(s.total.to_string());
        t.lines.push(Line::Cells(cells));
    }
    t
}

/// The combined event as a document: the overall standings, the decision
/// trace, then each session's own standings.
#[must_use]
pub fn combined_doc(c: &countback_event::sessions::Combined, half: HalfDisplay) -> Doc {
    let shown = combined_display(c, half);
    let t = overall_table(c, &c.standings, &shown);
    let mut blocks = vec![Block::Heading("Overall".to_owned()), Block::Table(t)];
    if !c.not_ranked.is_empty() {
        blocks.push(Block::Heading(format!(
            "Not ranked: fewer than {} sessions played",
            c.rule.minimum_played().unwrap_or(1)
        )));
        blocks.push(Block::Table(overall_table(c, &c.not_ranked, &shown)));
    }
    if !c.outcome.trace.is_empty() {
        blocks.push(Block::Heading("Decision trace".to_owned()));
        blocks.push(Block::Pre(crate::render::trace(&c.outcome, half, &|k| {
            k.to_string()
        })));
    }
    for (i, r) in c.sessions.iter().enumerate() {
        blocks.push(Block::Heading(format!(
            "Session {}: {} ({}){}",
            i + 1,
            r.name,
            r.source,
            if r.carried { ", carried forward" } else { "" }
        )));
        let (total, pct) = session_display(r, half);
        let mut t = Table::new(vec![
            ("place".to_owned(), Align::Right),
            ("pair".to_owned(), Align::Left),
            ("field".to_owned(), Align::Left),
            ("total".to_owned(), Align::Right),
            ("%".to_owned(), Align::Right),
            ("exact".to_owned(), Align::Left),
        ]);
        let mut rows: Vec<&countback_event::sessions::SessionStanding> =
            r.standings.iter().collect();
        rows.sort_by(|a, b| {
            (field_order(a.field), a.place, &a.id).cmp(&(field_order(b.field), b.place, &b.id))
        });
        for s in rows {
            t.lines.push(Line::Cells(vec![
                place_label(s.place, s.tied),
                s.id.to_string(),
                field_name(s.field),
                total.show(&s.total),
                pct.show(&s.percentage),
                s.total.to_string(),
            ]));
        }
        blocks.push(Block::Table(t));
        if let Some(o) = r.outcome.as_ref().filter(|o| !o.trace.is_empty()) {
            blocks.push(Block::Pre(crate::render::trace(o, half, &|k| {
                k.to_string()
            })));
        }
    }
    Doc {
        title: format!(
            "{} sessions combined: {}",
            c.sessions.len(),
            c.rule.combine.name()
        ),
        subtitle: c.trace.clone(),
        blocks,
        notes: Vec::new(),
        footer: vec![format!(
            "Every figure is exact (last column); an exact half is rounded {} for display (--half).",
            half_words(half)
        )],
    }
}
