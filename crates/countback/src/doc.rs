//! A document for people — headings, paragraphs, lists and tables — written
//! as plain text or as one self-contained HTML page. Every command builds
//! its `Doc` once, in one pass over the library's results; the writers then
//! stream it to the output.

use std::io::{self, Write};

use countback_event::labels::forges_output;

/// How a column's cells line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums)] // Closed: a cell lines up left or right.
pub enum Align {
    /// Names, words.
    Left,
    /// Numbers.
    Right,
}

/// One line of a table: cells, or a note that spans the table (a tie left
/// for a play-off, under its group).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Line {
    /// One cell per column.
    Cells(Vec<String>),
    /// A note under the rows above it.
    Note(String),
}

/// A table.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Table {
    /// Column headings.
    pub head: Vec<String>,
    /// Per column; missing entries are left-aligned.
    pub align: Vec<Align>,
    /// What each heading means, for the HTML `title` (hover) text.
    pub hints: Vec<String>,
    /// The rows.
    pub lines: Vec<Line>,
}

impl Table {
    /// A table with these headings and alignments.
    #[must_use]
    pub fn new(head: Vec<(String, Align)>) -> Table {
        let (head, align) = head.into_iter().unzip();
        Table {
            head,
            align,
            hints: Vec::new(),
            lines: Vec::new(),
        }
    }

    fn align(&self, i: usize) -> Align {
        self.align.get(i).copied().unwrap_or(Align::Left)
    }
}

/// A table held as one buffer of text, its cells one after another, each
/// made visible as it is pushed (a character that could forge a line shown
/// as `<U+202E>`, not obeyed): a board of 40,000 lines or a field of 80,000
/// pairs is a few allocations, not a `String` per cell, and its column
/// widths are known when the last cell is in (issue 30).
/// Written as a [`Table`] of the same cells is, byte for byte.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct CellTable {
    head: Vec<String>,
    align: Vec<Align>,
    /// Every cell's text, in row order.
    text: String,
    /// Where each cell ends in `text`.
    ends: Vec<usize>,
    /// Each column's width: its widest cell or heading.
    widths: Vec<usize>,
    /// The column of the next cell.
    column: usize,
    /// The [`BYTE_CLASS`]es of every cell's text, or-ed: a table of
    /// printable ASCII with nothing to escape (the usual one) is written
    /// without looking at its cells' bytes again.
    classes: u8,
}

impl CellTable {
    /// A table with these headings and alignments, room made for `rows`
    /// rows. Its rows are filled whole, cell by cell, left to right.
    #[must_use]
    pub fn new(head: Vec<(String, Align)>, rows: usize) -> CellTable {
        let (head, align): (Vec<String>, Vec<Align>) = head
            .into_iter()
            .map(|(h, a)| (visible(&h, false).into_owned(), a))
            .unzip();
        let cells = rows.saturating_mul(head.len());
        CellTable {
            widths: head.iter().map(|h| width(h)).collect(),
            head,
            align,
            text: String::with_capacity(cells.saturating_mul(6)),
            ends: Vec::with_capacity(cells),
            column: 0,
            classes: 0,
        }
    }

    /// The next cell.
    pub fn cell(&mut self, s: &str) {
        let start = self.text.len();
        // Printable ASCII (the usual cell) forges nothing and is as wide
        // as it is long: one scan, no decoding.
        let class = classes(s.as_bytes());
        if class & NOT_PRINTABLE == 0 {
            self.classes |= class;
            self.text.push_str(s);
            self.end_cell(s.len());
        } else {
            self.text.push_str(&visible(s, false));
            let pushed = self.text.get(start..).unwrap_or_default();
            self.classes |= classes(pushed.as_bytes());
            self.end_cell(width(pushed));
        }
    }

    /// A whole number as the next cell, with `mark` after it (`7=` for a
    /// tied place), written without the formatting machinery.
    pub fn whole(&mut self, n: i64, mark: &str) {
        let digits = Whole::new(n).push_to(&mut self.text);
        if mark.is_empty() {
            self.end_cell(digits);
        } else {
            let mark = visible(mark, false);
            self.classes |= classes(mark.as_bytes());
            self.text.push_str(&mark);
            self.end_cell(digits + width(&mark));
        }
    }

    /// The cell just written, `width` characters wide, ends here.
    fn end_cell(&mut self, width: usize) {
        if let Some(widest) = self.widths.get_mut(self.column) {
            *widest = (*widest).max(width);
        }
        self.column += 1;
        if self.column >= self.head.len() {
            self.column = 0;
        }
        self.ends.push(self.text.len());
    }

    fn align(&self, i: usize) -> Align {
        self.align.get(i).copied().unwrap_or(Align::Left)
    }
}

/// A whole number's decimal text, written on the stack two digits at a
/// time from a table, not through the formatting machinery for every cell
/// of a million-line table (issue 30; a digit at a time, with a checked
/// step each, was 126 instructions a number: issue 43).
pub(crate) struct Whole {
    /// An `i64`'s 19 digits and its sign.
    text: [u8; 20],
    first: usize,
}

/// "00" to "99": the two digits of each number below 100.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

impl Whole {
    pub(crate) fn new(n: i64) -> Whole {
        let mut text = [b'0'; 20];
        let mut first = text.len();
        let mut rest = n.unsigned_abs();
        // Each step writes two digits below `first`; 20 bytes hold any
        // i64's digits and sign, so `first` never goes below 1 here.
        while rest >= 100 {
            let two = usize::try_from(rest % 100).unwrap_or(0) * 2;
            rest /= 100;
            first -= 2;
            if let (Some(to), Some(from)) =
                (text.get_mut(first..first + 2), PAIRS.get(two..two + 2))
            {
                to.copy_from_slice(from);
            }
        }
        let two = usize::try_from(rest).unwrap_or(0) * 2;
        if rest >= 10 {
            first -= 2;
            if let (Some(to), Some(from)) =
                (text.get_mut(first..first + 2), PAIRS.get(two..two + 2))
            {
                to.copy_from_slice(from);
            }
        } else {
            first -= 1;
            if let (Some(to), Some(&from)) = (text.get_mut(first), PAIRS.get(two + 1)) {
                *to = from;
            }
        }
        if n < 0 {
            first -= 1;
            if let Some(to) = text.get_mut(first) {
                *to = b'-';
            }
        }
        Whole { text, first }
    }

    /// The digits (and sign), ASCII.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.text.get(self.first..).unwrap_or_default()
    }

    /// The digits (and sign) as text.
    fn as_str(&self) -> &str {
        std::str::from_utf8(self.bytes()).unwrap_or_default()
    }

    /// Appended to `text`.
    fn push_to(&self, text: &mut String) -> usize {
        let digits = self.as_str();
        text.push_str(digits);
        digits.len()
    }
}

/// What a byte of a cell asks of each writer, found by one table look-up
/// a byte (issue 43: a cell's bytes were tested three to five times over,
/// once for each question).
const NOT_PRINTABLE: u8 = 1;
const HTML_SPECIAL: u8 = 2;
const CSV_SPECIAL: u8 = 4;

/// [`NOT_PRINTABLE`], [`HTML_SPECIAL`] and [`CSV_SPECIAL`] of each byte:
/// printable ASCII is a space to `~`; HTML escapes `& < > " '`; CSV quotes
/// a field with `,` or `"` (and a line break, which is not printable).
#[allow(clippy::indexing_slicing)] // A constant: each index below 256, checked when it is built.
const BYTE_CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let mut c = 0;
        if b < 0x20 || b >= 0x7f {
            c |= NOT_PRINTABLE;
        }
        if b == b'&' as usize
            || b == b'<' as usize
            || b == b'>' as usize
            || b == b'"' as usize
            || b == b'\'' as usize
        {
            c |= HTML_SPECIAL;
        }
        if b == b',' as usize || b == b'"' as usize {
            c |= CSV_SPECIAL;
        }
        class[b] = c;
        b += 1;
    }
    class
};

/// The classes of every byte of `s`, or-ed together.
fn classes(s: &[u8]) -> u8 {
    s.iter().fold(0, |acc, &b| {
        acc | BYTE_CLASS.get(usize::from(b)).copied().unwrap_or(0)
    })
}

/// A part of the document.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Block {
    /// A section heading.
    Heading(String),
    /// A smaller heading (a board, a field).
    Subheading(String),
    /// A paragraph.
    Para(String),
    /// A list of sentences (the ties broken).
    List(Vec<String>),
    /// Preformatted lines (the decision trace).
    Pre(String),
    /// A table.
    Table(Table),
    /// A long table held as one buffer of cells (a session's standings).
    Cells(CellTable),
    /// A board's traveller: its heading and its table, as one block that
    /// printing keeps whole and sets two to a row, so that a session's
    /// boards take a few A4 pages rather than one page for every three.
    Board(String, CellTable),
    /// A board's traveller with its hand record beside it (issue 40): on
    /// screen the diagram, double-dummy table and par to the left of the
    /// traveller; in text a few compact lines; printing sets the
    /// travellers as [`Block::Board`] and leaves the diagram to
    /// [`Block::HandRecords`].
    Dealt(String, Box<HandDiagram>, CellTable),
    /// Every board's hand record, for print (four to an A4 page): in HTML
    /// a closed section that is printed only when opened (each board's
    /// diagram is beside its traveller on screen); not written in text.
    HandRecords(Vec<(String, HandDiagram)>),
    /// Each contestant's scorecard (its heading and table), board by
    /// board: in HTML a closed section a player opens (printed, two to a
    /// row, only when opened), in text a section after the travellers.
    Scorecards(Vec<(String, CellTable)>),
}

/// One board's hand record as shown: the cards of each seat, the
/// double-dummy tricks and the par, as the file gives them.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct HandDiagram {
    /// The dealer and vulnerability (`Dealer E · NS vulnerable`).
    pub caption: String,
    /// Each seat's suits, spades first (North, East, South, West); `None`
    /// for a hand the file leaves out.
    pub hands: [Option<[String; 4]>; 4],
    /// Each seat's high-card points, where the file gives them.
    pub points: Option<[u8; 4]>,
    /// Double-dummy tricks by declarer (North, South, East, West, as
    /// tables print them) and strain (NT, spades, hearts, diamonds,
    /// clubs); an empty cell where the file gives none.
    pub double_dummy: Option<[[String; 5]; 4]>,
    /// The par as the file writes it.
    pub par: Option<String>,
}

/// The seats of a diagram, and of its double-dummy rows.
const SEAT_NAMES: [&str; 4] = ["North", "East", "South", "West"];
const DD_SEATS: [&str; 4] = ["N", "S", "E", "W"];
/// Suit symbols, spades first, with whether the suit is red.
const SUIT_SIGNS: [(&str, bool); 4] = [("♠", false), ("♥", true), ("♦", true), ("♣", false)];

impl HandDiagram {
    fn strings_mut(&mut self) -> Vec<(&mut String, bool)> {
        let mut v = vec![(&mut self.caption, false)];
        if let Some(p) = &mut self.par {
            v.push((p, false));
        }
        v
    }

    fn forged(&self, forged: &dyn Fn(&str, bool) -> bool) -> bool {
        forged(&self.caption, false) || self.par.as_deref().is_some_and(|p| forged(p, false))
    }

    /// The compact text: one line of hands, one of the double-dummy
    /// tricks and the par.
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut hands: Vec<String> = Vec::with_capacity(4);
        for (seat, hand) in SEAT_NAMES.iter().zip(&self.hands) {
            if let Some(suits) = hand {
                let cards: Vec<String> = SUIT_SIGNS
                    .iter()
                    .zip(suits)
                    .map(|((sign, _), cards)| format!("{sign}{}", or_void(cards)))
                    .collect();
                hands.push(format!(
                    "{} {}",
                    seat.get(..1).unwrap_or_default(),
                    cards.join(" ")
                ));
            }
        }
        writeln!(out, "{} · {}", self.caption, hands.join(" · "))?;
        let mut last = Vec::new();
        if let Some(dd) = &self.double_dummy {
            let rows: Vec<String> = DD_SEATS
                .iter()
                .zip(dd)
                .map(|(seat, row)| {
                    let strains = ["NT", "♠", "♥", "♦", "♣"];
                    let cells: Vec<String> = strains
                        .iter()
                        .zip(row)
                        .map(|(s, t)| format!("{s}{t}"))
                        .collect();
                    format!("{seat} {}", cells.join(" "))
                })
                .collect();
            last.push(format!("Double dummy (tricks): {}", rows.join(" · ")));
        }
        if let Some(par) = &self.par {
            last.push(format!("Par: {par}"));
        }
        if !last.is_empty() {
            writeln!(out, "{}", last.join(" · "))?;
        }
        Ok(())
    }

    /// The diagram, double-dummy table and par as HTML.
    fn html(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"<div class=\"deal\">\n<div class=\"hand\">")?;
        for (k, (seat, hand)) in SEAT_NAMES.iter().zip(&self.hands).enumerate() {
            let class = ["n", "e", "s", "w"].get(k).copied().unwrap_or("n");
            write!(out, "<div class=\"{class}\" aria-label=\"{seat}\">")?;
            if let Some(suits) = hand {
                if let Some(p) = self.points.as_ref().and_then(|p| p.get(k)) {
                    write!(
                        out,
                        "<span class=\"hcp\">{} {p}</span>",
                        seat.get(..1).unwrap_or_default()
                    )?;
                }
                for ((sign, red), cards) in SUIT_SIGNS.iter().zip(suits) {
                    let class = if *red { " class=\"red\"" } else { "" };
                    write!(
                        out,
                        "<div><span{class}>{sign}</span> {}</div>",
                        escape(or_void(cards))
                    )?;
                }
            }
            out.write_all(b"</div>")?;
        }
        writeln!(
            out,
            "<div class=\"c\">{}</div></div>",
            escape(&self.caption)
        )?;
        if let Some(dd) = &self.double_dummy {
            out.write_all(b"<table class=\"dd\"><caption>Double dummy</caption><thead><tr><th></th><th>NT</th>")?;
            for (sign, red) in SUIT_SIGNS {
                let class = if red { " class=\"red\"" } else { "" };
                write!(out, "<th><span{class}>{sign}</span></th>")?;
            }
            out.write_all(b"</tr></thead><tbody>")?;
            for (seat, row) in DD_SEATS.iter().zip(dd) {
                write!(out, "<tr><th>{seat}</th>")?;
                for t in row {
                    write!(out, "<td class=\"r\">{}</td>", escape(t))?;
                }
                out.write_all(b"</tr>")?;
            }
            out.write_all(b"</tbody></table>\n")?;
        }
        if let Some(par) = &self.par {
            writeln!(out, "<p class=\"par\">Par: {}</p>", escape(par))?;
        }
        out.write_all(b"</div>\n")
    }
}

/// A void as hand records print it.
fn or_void(cards: &str) -> &str {
    if cards.is_empty() {
        "—"
    } else {
        cards
    }
}

/// A whole document.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Doc {
    /// The event, and what was done to it.
    pub title: String,
    /// Lines under the title (boards, top, procedure).
    pub subtitle: Vec<String>,
    /// The body.
    pub blocks: Vec<Block>,
    /// What the scorer checks and the players need not read: exact
    /// fractions, what the file keeps but does not use, how its figures
    /// were read. Apart from the results a club posts (issue 40): in HTML a
    /// closed section the reader opens, in text the last section, headed
    /// [`FOR_THE_SCORER`]; JSON always carries it all.
    pub notes: Vec<Block>,
    /// Small print at the end (how figures are displayed).
    pub footer: Vec<String>,
}

/// The heading of a document's notes for the scorer.
pub const FOR_THE_SCORER: &str = "For the scorer";

/// The width of a cell: its characters.
fn width(s: &str) -> usize {
    byte_width(s.as_bytes())
}

/// [`width`] of UTF-8 text given as bytes: its characters, each one byte
/// that does not continue another (cells are mostly ASCII figures, whose
/// width is their length).
fn byte_width(s: &[u8]) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.iter().filter(|&&b| b & 0xC0 != 0x80).count()
    }
}

/// Where a row buffer is handed to the writer: large enough that a table
/// of a million rows is a few hundred writes, not millions (issue 30).
const ROW_BUFFER: usize = 1 << 15;

/// Hand `line` to `out` once it has grown past [`ROW_BUFFER`].
fn flush_full(out: &mut dyn Write, line: &mut Vec<u8>) -> io::Result<()> {
    if line.len() >= ROW_BUFFER {
        out.write_all(line)?;
        line.clear();
    }
    Ok(())
}

/// One row of a text table appended to `line`: cells two spaces apart,
/// each padded to its column's width but a last left-aligned one.
fn text_row<'s>(
    line: &mut Vec<u8>,
    cells: impl ExactSizeIterator<Item = &'s str>,
    widths: &[usize],
    align: impl Fn(usize) -> Align,
) {
    let last = cells.len().saturating_sub(1);
    for (i, c) in cells.enumerate() {
        if i > 0 {
            line.extend_from_slice(b"  ");
        }
        let align = align(i);
        if i == last && align == Align::Left {
            line.extend_from_slice(c.as_bytes());
            continue;
        }
        let fill = widths.get(i).copied().unwrap_or(0).saturating_sub(width(c));
        match align {
            Align::Left => {
                line.extend_from_slice(c.as_bytes());
                line.resize(line.len() + fill, b' ');
            }
            Align::Right => {
                line.resize(line.len() + fill, b' ');
                line.extend_from_slice(c.as_bytes());
            }
        }
    }
    line.push(b'\n');
}

fn text_table(out: &mut dyn Write, t: &Table) -> io::Result<()> {
    let mut widths: Vec<usize> = t.head.iter().map(|h| width(h)).collect();
    for line in &t.lines {
        if let Line::Cells(cells) = line {
            for (i, c) in cells.iter().enumerate() {
                match widths.get_mut(i) {
                    Some(w) => *w = (*w).max(width(c)),
                    None => widths.push(width(c)),
                }
            }
        }
    }
    let mut buf = Vec::with_capacity(ROW_BUFFER + 1024);
    text_row(&mut buf, t.head.iter().map(String::as_str), &widths, |i| {
        t.align(i)
    });
    for line in &t.lines {
        match line {
            Line::Cells(cells) => {
                text_row(&mut buf, cells.iter().map(String::as_str), &widths, |i| {
                    t.align(i)
                });
            }
            Line::Note(n) => {
                buf.extend_from_slice("       ↳ ".as_bytes());
                buf.extend_from_slice(n.as_bytes());
                buf.push(b'\n');
            }
        }
        flush_full(out, &mut buf)?;
    }
    out.write_all(&buf)
}

fn text_cells(out: &mut dyn Write, t: &CellTable) -> io::Result<()> {
    let mut buf = Vec::with_capacity(ROW_BUFFER + 1024);
    text_row(
        &mut buf,
        t.head.iter().map(String::as_str),
        &t.widths,
        |i| t.align(i),
    );
    // Each column's padding decided once: how a cell is written but for
    // its own width (the walk below is per cell of a million-line table).
    let last = t.head.len().saturating_sub(1);
    let columns: Vec<(usize, Option<Align>)> = (0..t.head.len())
        .map(|i| {
            let align = t.align(i);
            let padded = !(i == last && align == Align::Left);
            (
                t.widths.get(i).copied().unwrap_or(0),
                padded.then_some(align),
            )
        })
        .collect();
    // A table of printable ASCII (the usual one) has cells as wide as
    // they are long.
    let ascii = t.classes & NOT_PRINTABLE == 0;
    let mut start = 0;
    let mut column = columns.iter();
    for &end in &t.ends {
        // Cells end on character boundaries: sliced as bytes, unchecked.
        let c = t.text.as_bytes().get(start..end).unwrap_or_default();
        start = end;
        let (w, pad) = match column.next() {
            Some(&(w, pad)) => (w, pad),
            None => {
                column = columns.iter();
                buf.push(b'\n');
                flush_full(out, &mut buf)?;
                column.next().copied().unwrap_or((0, None))
            }
        };
        if column.len() + 1 < columns.len() {
            buf.extend_from_slice(b"  ");
        }
        let fill = w.saturating_sub(if ascii { c.len() } else { byte_width(c) });
        match pad {
            None => buf.extend_from_slice(c),
            Some(Align::Left) => {
                buf.extend_from_slice(c);
                buf.resize(buf.len() + fill, b' ');
            }
            Some(Align::Right) => {
                buf.resize(buf.len() + fill, b' ');
                buf.extend_from_slice(c);
            }
        }
    }
    if !t.ends.is_empty() {
        buf.push(b'\n');
    }
    out.write_all(&buf)
}

/// A character that could forge a line of the output (a line break, NUL,
/// another control character, a bidirectional override) shown as what it
/// is, `<U+202E>`. Event files refuse such text at input; names in results
/// files other programs wrote are read faithfully, and shown this way.
fn visible(s: &str, keep_lines: bool) -> std::borrow::Cow<'_, str> {
    let forges = |c: char| forges_output(c) && !(keep_lines && c == '\n');
    // Printable ASCII forges nothing: the usual cell is passed by a byte
    // scan, not decoded character by character.
    if s.bytes().all(|b| (b' '..b'\x7f').contains(&b)) || !s.chars().any(forges) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if forges(c) {
            out.push_str(&format!("<U+{:04X}>", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Every string of a table.
fn table_strings(t: &mut Table) -> impl Iterator<Item = (&mut String, bool)> {
    t.head
        .iter_mut()
        .chain(t.hints.iter_mut())
        .chain(t.lines.iter_mut().flat_map(|l| match l {
            Line::Cells(c) => c.iter_mut().collect::<Vec<_>>(),
            Line::Note(n) => vec![n],
        }))
        .map(|s| (s, false))
}

/// Whether a table holds a string that could forge a line.
fn table_forged(t: &Table, forged: &dyn Fn(&str, bool) -> bool) -> bool {
    t.head
        .iter()
        .chain(t.hints.iter())
        .any(|h| forged(h, false))
        || t.lines.iter().any(|l| match l {
            Line::Cells(c) => c.iter().any(|x| forged(x, false)),
            Line::Note(n) => forged(n, false),
        })
}

impl Doc {
    /// Every string of the document, with whether its line breaks are its
    /// own (preformatted text).
    fn strings_mut(&mut self) -> impl Iterator<Item = (&mut String, bool)> {
        let blocks = self
            .blocks
            .iter_mut()
            .chain(self.notes.iter_mut())
            .flat_map(|b| -> Vec<(&mut String, bool)> {
                match b {
                    Block::Heading(h) | Block::Subheading(h) | Block::Para(h) => vec![(h, false)],
                    Block::Pre(p) => vec![(p, true)],
                    Block::List(items) => items.iter_mut().map(|i| (i, false)).collect(),
                    Block::Table(t) => table_strings(t).collect(),
                    // A table of cells is made visible as it is filled.
                    Block::Cells(_) => Vec::new(),
                    Block::Board(h, _) => vec![(h, false)],
                    Block::Dealt(h, d, _) => {
                        let mut v = vec![(h, false)];
                        v.extend(d.strings_mut());
                        v
                    }
                    Block::HandRecords(records) => records
                        .iter_mut()
                        .flat_map(|(h, d)| {
                            let mut v = vec![(h, false)];
                            v.extend(d.strings_mut());
                            v
                        })
                        .collect(),
                    Block::Scorecards(cards) => cards.iter_mut().map(|(h, _)| (h, false)).collect(),
                }
            });
        std::iter::once((&mut self.title, false))
            .chain(self.subtitle.iter_mut().map(|s| (s, false)))
            .chain(blocks)
            .chain(self.footer.iter_mut().map(|s| (s, false)))
    }

    /// The document with every character that could forge a line made
    /// visible; borrowed as it is when there is none (the usual case: one
    /// scan, no copy).
    fn visible(&self) -> std::borrow::Cow<'_, Doc> {
        match self.clone_if_forged() {
            None => std::borrow::Cow::Borrowed(self),
            Some(mut doc) => {
                for (s, keep_lines) in doc.strings_mut() {
                    if let std::borrow::Cow::Owned(v) = visible(s, keep_lines) {
                        *s = v;
                    }
                }
                std::borrow::Cow::Owned(doc)
            }
        }
    }

    fn clone_if_forged(&self) -> Option<Doc> {
        let forged = |s: &str, keep: bool| matches!(visible(s, keep), std::borrow::Cow::Owned(_));
        let any = forged(&self.title, false)
            || self.subtitle.iter().any(|s| forged(s, false))
            || self.footer.iter().any(|s| forged(s, false))
            || self.blocks.iter().chain(&self.notes).any(|b| match b {
                Block::Heading(h) | Block::Subheading(h) | Block::Para(h) => forged(h, false),
                Block::Pre(p) => forged(p, true),
                Block::List(items) => items.iter().any(|i| forged(i, false)),
                Block::Table(t) => table_forged(t, &forged),
                Block::Cells(_) => false,
                Block::Board(h, _) => forged(h, false),
                Block::Dealt(h, d, _) => forged(h, false) || d.forged(&forged),
                Block::HandRecords(records) => records
                    .iter()
                    .any(|(h, d)| forged(h, false) || d.forged(&forged)),
                Block::Scorecards(cards) => cards.iter().any(|(h, _)| forged(h, false)),
            });
        any.then(|| self.clone())
    }
}

/// Each of `more` blocks made visible as it would be in the whole
/// document, then handed to `write` and dropped (the streamed writers).
fn each_visible(
    more: impl Iterator<Item = Block>,
    mut write: impl FnMut(&Block) -> io::Result<()>,
) -> io::Result<()> {
    for b in more {
        let one = Doc {
            blocks: vec![b],
            ..Doc::default()
        };
        for b in &one.visible().blocks {
            write(b)?;
        }
    }
    Ok(())
}

/// How a [`Doc`] is written for a reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums)] // Closed: the two formats a document is read in.
pub enum DocFormat {
    /// Plain text.
    Text,
    /// One self-contained HTML page (no scripts, no outside files),
    /// readable on a phone and printable as it is: [`STYLE`] and
    /// [`write_html_body`] in a page of their own.
    Html,
}

/// The document as `format`.
pub fn write_doc(out: &mut dyn Write, doc: &Doc, format: DocFormat) -> io::Result<()> {
    write_doc_streamed(out, doc, format, std::iter::empty())
}

/// `doc` as [`write_doc`] writes it, with `more` blocks after its own and
/// before its footer, each built, written and dropped in turn: a long
/// document (a session's every board) is never held whole (issue 30). The
/// bytes are those of [`write_doc`] of the whole document.
pub fn write_doc_streamed(
    out: &mut dyn Write,
    doc: &Doc,
    format: DocFormat,
    more: impl Iterator<Item = Block>,
) -> io::Result<()> {
    let doc = &*doc.visible();
    match format {
        DocFormat::Text => walk(out, doc, more, text_head, text_block, text_footer),
        DocFormat::Html => {
            write!(
                out,
                "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
                 <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
                 <meta name=\"generator\" content=\"countback {}\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n",
                env!("CARGO_PKG_VERSION"),
                escape(&doc.title),
            )?;
            walk(out, doc, more, html_head, html_block, html_footer)?;
            out.write_all(b"</main>\n</body>\n</html>\n")
        }
    }
}

/// A writer of one part of a document in one format.
type Part<T> = fn(&mut dyn Write, &T) -> io::Result<()>;

/// The one order every format writes a document in: its head, its own
/// blocks, then `more` (each made visible as it comes), then its footer.
fn walk(
    out: &mut dyn Write,
    doc: &Doc,
    more: impl Iterator<Item = Block>,
    head: Part<Doc>,
    block: Part<Block>,
    footer: Part<Doc>,
) -> io::Result<()> {
    head(out, doc)?;
    for b in &doc.blocks {
        block(out, b)?;
    }
    each_visible(more, |b| block(out, b))?;
    footer(out, doc)
}

/// The scorer's notes in text: the last section, under its heading.
fn text_notes(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    if doc.notes.is_empty() {
        return Ok(());
    }
    writeln!(out, "\n{FOR_THE_SCORER}")?;
    for b in &doc.notes {
        text_block(out, b)?;
    }
    Ok(())
}

/// The scorer's notes in HTML: a closed section the reader opens (and
/// that printing leaves out, as a club's notice board wants).
fn html_notes(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    if doc.notes.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "<details class=\"scorer\">\n<summary>{FOR_THE_SCORER}: exact figures and notes</summary>"
    )?;
    for b in &doc.notes {
        html_block(out, b)?;
    }
    out.write_all(b"</details>\n")
}

fn text_head(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    writeln!(out, "{}", doc.title)?;
    for s in &doc.subtitle {
        writeln!(out, "{s}")?;
    }
    Ok(())
}

fn text_footer(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    text_notes(out, doc)?;
    if !doc.footer.is_empty() {
        out.write_all(b"\n")?;
        for f in &doc.footer {
            writeln!(out, "{f}")?;
        }
    }
    Ok(())
}

fn text_block(out: &mut dyn Write, b: &Block) -> io::Result<()> {
    out.write_all(b"\n")?;
    match b {
        Block::Heading(h) | Block::Subheading(h) => writeln!(out, "{h}"),
        Block::Para(p) => writeln!(out, "{p}"),
        Block::List(items) => {
            for i in items {
                writeln!(out, "  {i}")?;
            }
            Ok(())
        }
        Block::Pre(p) => out.write_all(p.as_bytes()),
        Block::Table(t) => text_table(out, t),
        Block::Cells(t) => text_cells(out, t),
        Block::Board(h, t) => {
            writeln!(out, "{h}\n")?;
            text_cells(out, t)
        }
        Block::Dealt(h, d, t) => {
            writeln!(out, "{h}")?;
            d.text(out)?;
            out.write_all(b"\n")?;
            text_cells(out, t)
        }
        // Each board's hand is with its traveller already.
        Block::HandRecords(_) => Ok(()),
        Block::Scorecards(cards) => {
            writeln!(out, "Scorecards")?;
            for (h, t) in cards {
                writeln!(out, "\n{h}\n")?;
                text_cells(out, t)?;
            }
            Ok(())
        }
    }
}

/// Text made safe for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// [`escape`] appended to `line`: a cell with nothing to escape (the
/// usual figure) is copied as it is (issue 30).
fn push_escaped(line: &mut Vec<u8>, s: &str) {
    let special = |b: &u8| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\'');
    if s.as_bytes().iter().any(special) {
        line.extend_from_slice(escape(s).as_bytes());
    } else {
        line.extend_from_slice(s.as_bytes());
    }
}

/// The style of every HTML document (and of the page, which shows them).
pub const STYLE: &str = r#"
:root { color-scheme: light; --rule: #c9ced6; --band: #f3f5f8; --ink: #1b1f24; --soft: #5b6470; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
main { max-width: 64rem; margin: 0 auto; padding: 1.25rem 1rem 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
.sub { margin: 0; color: var(--soft); }
h2 { font-size: 1.2rem; margin: 1.75rem 0 .5rem; border-bottom: 2px solid var(--ink); padding-bottom: .2rem; }
h3 { font-size: 1rem; margin: 1.25rem 0 .4rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; min-width: 50%; }
th, td { padding: .3rem .6rem; border-bottom: 1px solid var(--rule); white-space: nowrap; vertical-align: top; }
th { text-align: left; font-weight: 600; background: var(--band); border-bottom: 2px solid var(--rule); }
th[title] { text-decoration: underline dotted; cursor: help; }
td.r, th.r { text-align: right; }
tbody tr:nth-child(even) td { background: #fafbfc; }
td.note { white-space: normal; color: #8a1c1c; font-weight: 600; }
ul.ties { padding-left: 1.2rem; }
ul.ties li { margin: .3rem 0; }
pre { background: var(--band); padding: .75rem; overflow-x: auto; font-size: .85rem; }
footer { margin-top: 2rem; color: var(--soft); font-size: .85rem; }
details.scorer { margin-top: 1.5rem; border-top: 1px solid var(--rule); padding-top: .5rem; }
details.scorer summary { cursor: pointer; color: var(--soft); font-weight: 600; }
details.hands { margin-top: 1.5rem; }
details.hands summary, details.cards summary { cursor: pointer; font-weight: 600; }
details.cards { margin-top: 1.5rem; }
.dealt { display: grid; grid-template-columns: max-content minmax(0, 1fr); column-gap: 1.5rem; align-items: start; }
.dealt h3 { grid-column: 1 / -1; }
.deal { font-size: .9rem; }
.hand { display: grid; grid-template-columns: repeat(3, max-content); column-gap: .75rem; row-gap: .2rem; line-height: 1.25; }
.hand .n { grid-column: 2; grid-row: 1; } .hand .w { grid-column: 1; grid-row: 2; }
.hand .e { grid-column: 3; grid-row: 2; } .hand .s { grid-column: 2; grid-row: 3; }
.hand .c { grid-column: 2; grid-row: 2; align-self: center; color: var(--soft); font-size: .8rem; max-width: 8rem; white-space: normal; }
.hand .hcp { color: var(--soft); font-size: .75rem; }
.red { color: #c0262d; }
table.dd { min-width: 0; margin-top: .5rem; font-size: .8rem; }
table.dd caption { text-align: left; color: var(--soft); }
table.dd th, table.dd td { padding: .05rem .35rem; }
p.par { margin: .3rem 0 0; }
.handrecord .deal { display: flex; gap: 2rem; align-items: flex-start; }
@media (max-width: 40rem) {
  body { font-size: 14px; }
  main { padding: .75rem .5rem 1.5rem; }
  table { font-size: 13px; }
  th, td { padding: .25rem .3rem; white-space: normal; }
  th { hyphens: auto; }
  .dealt { display: block; }
}
@media print {
  body { font-size: 10pt; }
  main { max-width: none; padding: 0; }
  .scroll { overflow: visible; }
  h2, h3 { break-after: avoid; }
  table { break-inside: auto; }
  tr { break-inside: avoid; }
  tbody tr:nth-child(even) td, th { background: none; }
  pre { white-space: pre-wrap; }
  /* A session's boards two to a row, each kept whole: several boards to
     an A4 page. */
  .board { display: inline-block; vertical-align: top; width: 49.5%; break-inside: avoid; font-size: 7.5pt; }
  .board h3 { margin: .5rem 0 .15rem; font-size: 8.5pt; }
  .board table { min-width: 0; width: 100%; }
  .board th, .board td { padding: .05rem .2rem; white-space: normal; }
  /* The scorer's notes are not part of what a club pins up. */
  details.scorer { display: none; }
  /* Travellers print as before, two to a row; the hands print, when the
     reader has opened them, from the hand-record section: four to a
     page, each kept whole. */
  .dealt { display: inline-block; }
  .board .deal { display: none; }
  details.hands:not([open]), details.cards:not([open]) { display: none; }
  details.cards summary { display: none; }
  details.hands { break-before: page; margin: 0; }
  details.hands summary { display: none; }
  .handrecord { height: 66mm; overflow: hidden; break-inside: avoid; font-size: 8pt; }
  .handrecord .deal, .handrecord table.dd { font-size: 8pt; }
  .handrecord .hand { line-height: 1.15; row-gap: .1rem; }
  .handrecord:nth-child(4n) { break-after: page; }
  .handrecord h3 { margin: 0 0 .2rem; }
}
"#;

fn html_head_row(
    out: &mut dyn Write,
    head: &[String],
    hints: &[String],
    align: impl Fn(usize) -> Align,
) -> io::Result<()> {
    out.write_all(b"<div class=\"scroll\"><table>\n<thead><tr>")?;
    for (i, h) in head.iter().enumerate() {
        let class = if align(i) == Align::Right {
            " class=\"r\""
        } else {
            ""
        };
        match hints.get(i).filter(|x| !x.is_empty()) {
            Some(hint) => write!(
                out,
                "<th{class} scope=\"col\" title=\"{}\">{}</th>",
                escape(hint),
                escape(h)
            )?,
            None => write!(out, "<th{class} scope=\"col\">{}</th>", escape(h))?,
        }
    }
    out.write_all(b"</tr></thead>\n<tbody>\n")
}

/// One row of an HTML table appended to `line`.
fn html_row<'s>(
    line: &mut Vec<u8>,
    cells: impl Iterator<Item = &'s str>,
    align: impl Fn(usize) -> Align,
) {
    line.extend_from_slice(b"<tr>");
    for (i, c) in cells.enumerate() {
        line.extend_from_slice(if align(i) == Align::Right {
            b"<td class=\"r\">"
        } else {
            b"<td>"
        });
        push_escaped(line, c);
        line.extend_from_slice(b"</td>");
    }
    line.extend_from_slice(b"</tr>\n");
}

const HTML_TABLE_END: &[u8] = b"</tbody></table></div>\n";

fn html_table(out: &mut dyn Write, t: &Table) -> io::Result<()> {
    html_head_row(out, &t.head, &t.hints, |i| t.align(i))?;
    let span = t.head.len().max(1);
    let mut buf = Vec::with_capacity(ROW_BUFFER + 1024);
    for line in &t.lines {
        match line {
            Line::Cells(cells) => {
                html_row(&mut buf, cells.iter().map(String::as_str), |i| t.align(i))
            }
            Line::Note(n) => {
                out.write_all(&buf)?;
                buf.clear();
                writeln!(
                    out,
                    "<tr><td class=\"note\" colspan=\"{span}\">↳ {}</td></tr>",
                    escape(n)
                )?;
            }
        }
        flush_full(out, &mut buf)?;
    }
    out.write_all(&buf)?;
    out.write_all(HTML_TABLE_END)
}

fn html_cells(out: &mut dyn Write, t: &CellTable) -> io::Result<()> {
    html_head_row(out, &t.head, &[], |i| t.align(i))?;
    let mut buf = Vec::with_capacity(ROW_BUFFER + 1024);
    // Each column's opening tag chosen once, and a table with nothing to
    // escape (the usual one) copied cell by cell without a scan: what
    // `html_row` writes for each row (issue 43).
    let open: Vec<&[u8]> = (0..t.head.len().max(1))
        .map(|i| -> &[u8] {
            if t.align(i) == Align::Right {
                b"<td class=\"r\">"
            } else {
                b"<td>"
            }
        })
        .collect();
    let plain = t.classes & HTML_SPECIAL == 0;
    let text = t.text.as_bytes();
    let mut start = 0;
    for row in t.ends.chunks_exact(open.len()) {
        buf.extend_from_slice(b"<tr>");
        for (&end, tag) in row.iter().zip(&open) {
            buf.extend_from_slice(tag);
            let cell = text.get(start..end).unwrap_or_default();
            if plain {
                buf.extend_from_slice(cell);
            } else {
                push_escaped(&mut buf, std::str::from_utf8(cell).unwrap_or_default());
            }
            start = end;
            buf.extend_from_slice(b"</td>");
        }
        buf.extend_from_slice(b"</tr>\n");
        flush_full(out, &mut buf)?;
    }
    out.write_all(&buf)?;
    out.write_all(HTML_TABLE_END)
}

/// The document's content as HTML (its heading, blocks and footer), for a
/// page that has its own `<head>` and `<main>`: the results page.
pub fn write_html_body(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    walk(
        out,
        doc,
        std::iter::empty(),
        html_head,
        html_block,
        html_footer,
    )
}

fn html_head(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    writeln!(out, "<h1>{}</h1>", escape(&doc.title))?;
    for s in &doc.subtitle {
        writeln!(out, "<p class=\"sub\">{}</p>", escape(s))?;
    }
    Ok(())
}

fn html_block(out: &mut dyn Write, b: &Block) -> io::Result<()> {
    match b {
        Block::Heading(h) => writeln!(out, "<h2>{}</h2>", escape(h)),
        Block::Subheading(h) => writeln!(out, "<h3>{}</h3>", escape(h)),
        Block::Para(p) => writeln!(out, "<p>{}</p>", escape(p)),
        Block::List(items) => {
            out.write_all(b"<ul class=\"ties\">\n")?;
            for i in items {
                writeln!(out, "<li>{}</li>", escape(i))?;
            }
            out.write_all(b"</ul>\n")
        }
        Block::Pre(p) => writeln!(out, "<pre>{}</pre>", escape(p)),
        Block::Table(t) => html_table(out, t),
        Block::Cells(t) => html_cells(out, t),
        Block::Board(h, t) => {
            writeln!(out, "<section class=\"board\">\n<h3>{}</h3>", escape(h))?;
            html_cells(out, t)?;
            out.write_all(b"</section>\n")
        }
        Block::Dealt(h, d, t) => {
            writeln!(
                out,
                "<section class=\"board dealt\">\n<h3>{}</h3>",
                escape(h)
            )?;
            d.html(out)?;
            html_cells(out, t)?;
            out.write_all(b"</section>\n")
        }
        Block::HandRecords(records) => {
            out.write_all(
                b"<details class=\"hands\">\n<summary>Hand records (open this section to print them, four to a page)</summary>\n<div class=\"handrecords\">\n",
            )?;
            for (h, d) in records {
                writeln!(
                    out,
                    "<section class=\"handrecord\">\n<h3>{}</h3>",
                    escape(h)
                )?;
                d.html(out)?;
                out.write_all(b"</section>\n")?;
            }
            out.write_all(b"</div>\n</details>\n")
        }
        Block::Scorecards(cards) => {
            out.write_all(b"<details class=\"cards\">\n<summary>Scorecards, pair by pair: each board's round, opponents, contract, score and points</summary>\n")?;
            for (h, t) in cards {
                writeln!(
                    out,
                    "<section class=\"board card\">\n<h3>{}</h3>",
                    escape(h)
                )?;
                html_cells(out, t)?;
                out.write_all(b"</section>\n")?;
            }
            out.write_all(b"</details>\n")
        }
    }
}

fn html_footer(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    html_notes(out, doc)?;
    if !doc.footer.is_empty() {
        out.write_all(b"<footer>\n")?;
        for f in &doc.footer {
            writeln!(out, "<p>{}</p>", escape(f))?;
        }
        out.write_all(b"</footer>\n")?;
    }
    Ok(())
}

/// One CSV record (RFC 4180: a field with a comma, quote or line break is
/// quoted, quotes doubled).
///
/// A cell a spreadsheet would run as a formula (one that starts with `=`,
/// `+`, `-`, `@`, a tab or a carriage return and is not a number) is
/// written with a leading `'`, which spreadsheets show as text; characters
/// that could forge a line are made visible as in the text output.
pub fn csv_record<S: AsRef<str>>(out: &mut dyn Write, fields: &[S]) -> io::Result<()> {
    let mut record = CsvRecord::default();
    for f in fields {
        record.field(f.as_ref());
    }
    record.end(out)
}

/// A CSV record built field by field in one reused buffer and written in
/// one call: a row of a million-row file allocates nothing (issue 30). The
/// bytes are [`csv_record`]'s.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct CsvRecord {
    line: Vec<u8>,
    fields: usize,
}

impl CsvRecord {
    fn next(&mut self) {
        if self.fields > 0 {
            self.line.push(b',');
        }
        self.fields += 1;
    }

    /// The next field, as [`csv_record`] writes it.
    pub fn field(&mut self, f: &str) -> &mut CsvRecord {
        self.next();
        // The usual field (printable ASCII, nothing to quote, not the start
        // of a formula) goes as it is: one table look-up a byte.
        let plain = classes(f.as_bytes()) & (NOT_PRINTABLE | CSV_SPECIAL) == 0
            && !matches!(f.as_bytes().first(), Some(b'=' | b'+' | b'-' | b'@'));
        if plain {
            self.line.extend_from_slice(f.as_bytes());
            return self;
        }
        let f = visible(f, false);
        let guarded;
        let f = if runs_as_formula(&f) {
            guarded = format!("'{f}");
            guarded.as_str()
        } else {
            &f
        };
        if f.contains([',', '"', '\n', '\r']) {
            self.line.push(b'"');
            self.line
                .extend_from_slice(f.replace('"', "\"\"").as_bytes());
            self.line.push(b'"');
        } else {
            self.line.extend_from_slice(f.as_bytes());
        }
        self
    }

    /// A whole number as the next field (a number is never a formula).
    pub fn whole(&mut self, n: i64) -> &mut CsvRecord {
        self.next();
        self.line.extend_from_slice(Whole::new(n).bytes());
        self
    }

    /// End the record and write it; the buffer is kept for the next.
    pub fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.line.extend_from_slice(b"\r\n");
        let written = out.write_all(&self.line);
        self.line.clear();
        self.fields = 0;
        written
    }
}

/// Whether a spreadsheet would take the cell for a formula: it starts with
/// one of `= + - @`, a tab or a carriage return, and is not a plain number
/// (`-3`, `+1.5`, `-25/2`, `-12.5%` stay numbers).
fn runs_as_formula(cell: &str) -> bool {
    let Some(first) = cell.chars().next() else {
        return false;
    };
    if !matches!(first, '=' | '+' | '-' | '@' | '\t' | '\r') {
        return false;
    }
    let body = cell
        .strip_prefix(['+', '-'])
        .unwrap_or(cell)
        .trim_end_matches('%');
    let number = !body.is_empty()
        && body
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '/')
        && body.starts_with(|c: char| c.is_ascii_digit())
        && body.ends_with(|c: char| c.is_ascii_digit());
    !number
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn csv_quotes_what_needs_quoting() {
        let mut out = Vec::new();
        csv_record(&mut out, &["a", "b,c", "say \"hi\"", "-1"]).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a,\"b,c\",\"say \"\"hi\"\"\",-1\r\n"
        );
    }

    #[test]
    fn csv_cells_a_spreadsheet_would_run_are_written_as_text() {
        // Before: `=HYPERLINK(…)` in a name went out as a live formula.
        let mut out = Vec::new();
        csv_record(
            &mut out,
            &[
                "=1+1", "@SUM(A1)", "+x", "-x", "-3", "+1.5", "-25/2", "-12.5%", "A-B", "-",
            ],
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "'=1+1,'@SUM(A1),'+x,'-x,-3,+1.5,-25/2,-12.5%,A-B,'-\r\n"
        );
    }

    #[test]
    fn a_line_break_or_an_override_in_a_name_is_shown_not_obeyed() {
        // Before: a name with a line break printed a fake standings line.
        let mut t = Table::new(vec![("Name".to_owned(), Align::Left)]);
        t.lines
            .push(Line::Cells(vec!["Smith\n1  Z  99.00".to_owned()]));
        t.lines
            .push(Line::Cells(vec!["Jones \u{202E}00.99".to_owned()]));
        let doc = Doc {
            title: "Pairs".to_owned(),
            blocks: vec![Block::Table(t), Block::Pre("a\nb\u{0}".to_owned())],
            ..Doc::default()
        };
        let mut text = Vec::new();
        write_doc(&mut text, &doc, DocFormat::Text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("Smith<U+000A>1  Z  99.00"), "{text}");
        assert!(text.contains("Jones <U+202E>00.99"), "{text}");
        assert!(text.contains("a\nb<U+0000>"), "{text}");
        assert!(!text.contains('\u{202E}'));
        let mut html = Vec::new();
        write_doc(&mut html, &doc, DocFormat::Html).unwrap();
        let html = String::from_utf8(html).unwrap();
        assert!(html.contains("Jones &lt;U+202E&gt;00.99"), "{html}");
        let mut csv = Vec::new();
        csv_record(&mut csv, &["Smith\n1"]).unwrap();
        assert_eq!(String::from_utf8(csv).unwrap(), "Smith<U+000A>1\r\n");
    }

    #[test]
    fn a_streamed_document_is_the_whole_one() {
        // The session writes its boards as a stream: the bytes must be
        // those of the whole document, forged names made visible alike.
        let table = |name: &str| {
            let mut t = Table::new(vec![
                ("pair".to_owned(), Align::Left),
                ("MP".to_owned(), Align::Right),
                ("note".to_owned(), Align::Left),
            ]);
            t.lines.push(Line::Cells(vec![
                name.to_owned(),
                "12.5".to_owned(),
                "x".to_owned(),
            ]));
            t.lines.push(Line::Note("a <note>".to_owned()));
            t
        };
        let head = Doc {
            title: "Pairs & co".to_owned(),
            subtitle: vec!["2 boards".to_owned()],
            blocks: vec![Block::Table(table("Ann"))],
            notes: vec![Block::Para("exact 1/3".to_owned())],
            footer: vec!["exact".to_owned()],
        };
        let cells = |name: &str| {
            let mut t = CellTable::new(
                vec![
                    ("pair".to_owned(), Align::Left),
                    ("MP".to_owned(), Align::Right),
                    ("board".to_owned(), Align::Right),
                    ("note".to_owned(), Align::Left),
                ],
                2,
            );
            for (pair, mp, board) in [(name, "12.5", 7), ("Di & Al", "<9>", -10)] {
                t.cell(pair);
                t.cell(mp);
                t.whole(board, if board > 0 { "=" } else { "" });
                t.cell("x");
            }
            t
        };
        let more = || {
            vec![
                Block::Heading("Boards".to_owned()),
                Block::Table(table("Ann\u{202E}")),
                Block::Board("Board 1".to_owned(), cells("Bob\u{202E}")),
                Block::Board("Board 2 \u{0}".to_owned(), cells("Cé'line")),
                Block::Cells(cells("Eve\n")),
            ]
        };
        let mut whole = head.clone();
        whole.blocks.extend(more());
        let (mut a, mut b) = (Vec::new(), Vec::new());
        write_doc(&mut a, &whole, DocFormat::Html).unwrap();
        write_doc_streamed(&mut b, &head, DocFormat::Html, more().into_iter()).unwrap();
        assert_eq!(String::from_utf8(a).unwrap(), String::from_utf8(b).unwrap());
        let (mut a, mut b) = (Vec::new(), Vec::new());
        write_doc(&mut a, &whole, DocFormat::Text).unwrap();
        write_doc_streamed(&mut b, &head, DocFormat::Text, more().into_iter()).unwrap();
        let text = String::from_utf8(a).unwrap();
        assert_eq!(text, String::from_utf8(b).unwrap());
        // Widths count characters, not bytes: the padded column lines up.
        assert!(text.contains("Cé'line  12.5     7=  x"), "{text}");
    }

    #[test]
    fn a_table_of_cells_is_written_as_a_table_of_strings() {
        // The same rows, forged and escaped names among them, as a `Table`
        // and as a `CellTable`: the same bytes in text and in HTML.
        for last in [Align::Left, Align::Right] {
            let head = vec![
                ("place".to_owned(), Align::Right),
                ("pair".to_owned(), Align::Left),
                ("MP".to_owned(), Align::Right),
                ("note".to_owned(), last),
            ];
            same_as_strings(head);
        }
    }

    fn same_as_strings(head: Vec<(String, Align)>) {
        let rows: [(i64, &str, &str, &str, &str); 5] = [
            (1, "=", "Smith\n1  Z  99.00", "12.5", ""),
            (-20, "", "Jones \u{202E}00.99", "7", "x"),
            (300, "", "Ďuriš & <Ng>", "", "a \"b\""),
            (i64::MIN, "", "\u{0}", "-3.25", "weighted"),
            (0, "=", "", "1234567890.125", "\t"),
        ];
        let mut table = Table::new(head.clone());
        let mut cells = CellTable::new(head, 1);
        for (place, mark, pair, mp, note) in rows {
            table.lines.push(Line::Cells(vec![
                format!("{place}{mark}"),
                pair.to_owned(),
                mp.to_owned(),
                note.to_owned(),
            ]));
            cells.whole(place, mark);
            cells.cell(pair);
            cells.cell(mp);
            cells.cell(note);
        }
        let doc = |b: Block| Doc {
            title: "T".to_owned(),
            blocks: vec![b],
            ..Doc::default()
        };
        let (strings, held) = (doc(Block::Table(table)), doc(Block::Cells(cells)));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        write_doc(&mut a, &strings, DocFormat::Text).unwrap();
        write_doc(&mut b, &held, DocFormat::Text).unwrap();
        let text = String::from_utf8(a).unwrap();
        assert_eq!(text, String::from_utf8(b).unwrap());
        assert!(text.contains("-9223372036854775808  <U+0000>"), "{text}");
        let (mut a, mut b) = (Vec::new(), Vec::new());
        write_doc(&mut a, &strings, DocFormat::Html).unwrap();
        write_doc(&mut b, &held, DocFormat::Html).unwrap();
        assert_eq!(String::from_utf8(a).unwrap(), String::from_utf8(b).unwrap());
    }

    #[test]
    fn a_record_built_field_by_field_is_csv_record_s() {
        let fields = [
            "7", "-3", "=x", "a,b", "q\"", "Ďuriš", "\u{202E}", "", "+1.5",
        ];
        let mut whole = Vec::new();
        csv_record(&mut whole, &fields).unwrap();
        assert_eq!(
            String::from_utf8(whole).unwrap(),
            "7,-3,'=x,\"a,b\",\"q\"\"\",Ďuriš,<U+202E>,,+1.5\r\n"
        );
        let mut out = Vec::new();
        let mut r = CsvRecord::default();
        r.whole(-40).field("x").whole(0).end(&mut out).unwrap();
        r.whole(12_345).end(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "-40,x,0\r\n12345\r\n");
    }

    /// The digits written two at a time are the standard library's, at
    /// every length, both signs and the ends of the range.
    #[test]
    fn a_whole_number_is_written_as_display_writes_it() {
        let mut ns: Vec<i64> = vec![0, 9, 10, 99, 100, 101, 999, 1000, i64::MAX, i64::MIN];
        let mut p: i64 = 1;
        while let Some(next) = p.checked_mul(10) {
            ns.extend([p - 1, p, p + 1, next / 2 + 7]);
            p = next;
        }
        for n in ns.clone() {
            ns.push(n.saturating_neg());
        }
        for n in ns {
            let mut text = String::new();
            assert_eq!(Whole::new(n).push_to(&mut text), n.to_string().len());
            assert_eq!(text, n.to_string());
        }
    }

    #[test]
    fn html_escapes_names() {
        assert_eq!(escape("<b>A&B</b>"), "&lt;b&gt;A&amp;B&lt;/b&gt;");
    }
}
