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
    /// A board's traveller: its heading and its table, as one block that
    /// printing keeps whole and sets two to a row, so that a session's
    /// boards take a few A4 pages rather than one page for every three.
    Board(String, Table),
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
    /// Small print at the end (how figures are displayed).
    pub footer: Vec<String>,
}

fn width(s: &str) -> usize {
    // Cells are mostly ASCII figures: their width is their length.
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// `fill` spaces, written straight (a table of a million cells went
/// through the formatting machinery for each: issue 30).
fn spaces(out: &mut dyn Write, mut fill: usize) -> io::Result<()> {
    const BLANK: &str = "                                ";
    while fill > BLANK.len() {
        out.write_all(BLANK.as_bytes())?;
        fill -= BLANK.len();
    }
    out.write_all(BLANK.get(..fill).unwrap_or_default().as_bytes())
}

fn pad(out: &mut dyn Write, s: &str, w: usize, align: Align) -> io::Result<()> {
    let fill = w.saturating_sub(width(s));
    match align {
        Align::Left => {
            out.write_all(s.as_bytes())?;
            spaces(out, fill)
        }
        Align::Right => {
            spaces(out, fill)?;
            out.write_all(s.as_bytes())
        }
    }
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
    let row = |out: &mut dyn Write, cells: &[String]| -> io::Result<()> {
        let last = cells.len().saturating_sub(1);
        for (i, c) in cells.iter().enumerate() {
            if i > 0 {
                out.write_all(b"  ")?;
            }
            let w = widths.get(i).copied().unwrap_or(0);
            if i == last && t.align(i) == Align::Left {
                out.write_all(c.as_bytes())?;
            } else {
                pad(out, c, w, t.align(i))?;
            }
        }
        out.write_all(b"\n")
    };
    row(out, &t.head)?;
    for line in &t.lines {
        match line {
            Line::Cells(cells) => row(out, cells)?,
            Line::Note(n) => writeln!(out, "       ↳ {n}")?,
        }
    }
    Ok(())
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
            .flat_map(|b| -> Vec<(&mut String, bool)> {
                match b {
                    Block::Heading(h) | Block::Subheading(h) | Block::Para(h) => vec![(h, false)],
                    Block::Pre(p) => vec![(p, true)],
                    Block::List(items) => items.iter_mut().map(|i| (i, false)).collect(),
                    Block::Table(t) => table_strings(t).collect(),
                    Block::Board(h, t) => std::iter::once((h, false))
                        .chain(table_strings(t))
                        .collect(),
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
            || self.blocks.iter().any(|b| match b {
                Block::Heading(h) | Block::Subheading(h) | Block::Para(h) => forged(h, false),
                Block::Pre(p) => forged(p, true),
                Block::List(items) => items.iter().any(|i| forged(i, false)),
                Block::Table(t) => table_forged(t, &forged),
                Block::Board(h, t) => forged(h, false) || table_forged(t, &forged),
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

/// The document as plain text.
pub fn write_text(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    write_text_streamed(out, doc, std::iter::empty())
}

/// `doc` as plain text with `more` blocks after its own and before its
/// footer, each built, written and dropped in turn: a long document (a
/// session's every board) is never held whole (issue 30). The bytes are
/// those of [`write_text`] of the whole document.
pub fn write_text_streamed(
    out: &mut dyn Write,
    doc: &Doc,
    more: impl Iterator<Item = Block>,
) -> io::Result<()> {
    let doc = &*doc.visible();
    writeln!(out, "{}", doc.title)?;
    for s in &doc.subtitle {
        writeln!(out, "{s}")?;
    }
    for b in &doc.blocks {
        text_block(out, b)?;
    }
    each_visible(more, |b| text_block(out, b))?;
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
        Block::Board(h, t) => {
            writeln!(out, "{h}\n")?;
            text_table(out, t)
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

/// [`escape`] written straight to `out`: a cell with nothing to escape
/// (the usual figure) is written as it is, without a copy (issue 30).
fn write_escaped(out: &mut dyn Write, s: &str) -> io::Result<()> {
    let special = |b: &u8| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\'');
    if s.as_bytes().iter().any(special) {
        out.write_all(escape(s).as_bytes())
    } else {
        out.write_all(s.as_bytes())
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
@media (max-width: 40rem) {
  body { font-size: 14px; }
  main { padding: .75rem .5rem 1.5rem; }
  table { font-size: 13px; }
  th, td { padding: .25rem .3rem; white-space: normal; }
  th { hyphens: auto; }
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
}
"#;

fn html_table(out: &mut dyn Write, t: &Table) -> io::Result<()> {
    out.write_all(b"<div class=\"scroll\"><table>\n<thead><tr>")?;
    for (i, h) in t.head.iter().enumerate() {
        let class = if t.align(i) == Align::Right {
            " class=\"r\""
        } else {
            ""
        };
        match t.hints.get(i).filter(|x| !x.is_empty()) {
            Some(hint) => write!(
                out,
                "<th{class} scope=\"col\" title=\"{}\">{}</th>",
                escape(hint),
                escape(h)
            )?,
            None => write!(out, "<th{class} scope=\"col\">{}</th>", escape(h))?,
        }
    }
    out.write_all(b"</tr></thead>\n<tbody>\n")?;
    let span = t.head.len().max(1);
    for line in &t.lines {
        match line {
            Line::Cells(cells) => {
                out.write_all(b"<tr>")?;
                for (i, c) in cells.iter().enumerate() {
                    out.write_all(if t.align(i) == Align::Right {
                        b"<td class=\"r\">"
                    } else {
                        b"<td>"
                    })?;
                    write_escaped(out, c)?;
                    out.write_all(b"</td>")?;
                }
                out.write_all(b"</tr>\n")?;
            }
            Line::Note(n) => writeln!(
                out,
                "<tr><td class=\"note\" colspan=\"{span}\">↳ {}</td></tr>",
                escape(n)
            )?,
        }
    }
    out.write_all(b"</tbody></table></div>\n")
}

/// The document as one self-contained HTML page (no scripts, no outside
/// files), readable on a phone and printable as it is: [`STYLE`] and
/// [`write_html_body`] in a page of their own.
pub fn write_html(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    write_html_streamed(out, doc, std::iter::empty())
}

/// `doc` as [`write_html`] writes it, with `more` blocks after its own and
/// before its footer, each built, written and dropped in turn (as
/// [`write_text_streamed`]): a session's every board is never held whole.
pub fn write_html_streamed(
    out: &mut dyn Write,
    doc: &Doc,
    more: impl Iterator<Item = Block>,
) -> io::Result<()> {
    let doc = &*doc.visible();
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"countback {}\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n",
        env!("CARGO_PKG_VERSION"),
        escape(&doc.title),
    )?;
    html_head(out, doc)?;
    for b in &doc.blocks {
        html_block(out, b)?;
    }
    each_visible(more, |b| html_block(out, b))?;
    html_footer(out, doc)?;
    out.write_all(b"</main>\n</body>\n</html>\n")
}

/// The document's content as HTML (its heading, blocks and footer), for a
/// page that has its own `<head>` and `<main>`: the results page.
pub fn write_html_body(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
    html_head(out, doc)?;
    for b in &doc.blocks {
        html_block(out, b)?;
    }
    html_footer(out, doc)
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
        Block::Board(h, t) => {
            writeln!(out, "<section class=\"board\">\n<h3>{}</h3>", escape(h))?;
            html_table(out, t)?;
            out.write_all(b"</section>\n")
        }
    }
}

fn html_footer(out: &mut dyn Write, doc: &Doc) -> io::Result<()> {
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
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        let f = visible(f.as_ref(), false);
        let guarded;
        let f = if runs_as_formula(&f) {
            guarded = format!("'{f}");
            guarded.as_str()
        } else {
            &f
        };
        if f.contains([',', '"', '\n', '\r']) {
            write!(out, "\"{}\"", f.replace('"', "\"\""))?;
        } else {
            out.write_all(f.as_bytes())?;
        }
    }
    out.write_all(b"\r\n")
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
        write_text(&mut text, &doc).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("Smith<U+000A>1  Z  99.00"), "{text}");
        assert!(text.contains("Jones <U+202E>00.99"), "{text}");
        assert!(text.contains("a\nb<U+0000>"), "{text}");
        assert!(!text.contains('\u{202E}'));
        let mut html = Vec::new();
        write_html(&mut html, &doc).unwrap();
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
            footer: vec!["exact".to_owned()],
        };
        let more = || {
            vec![
                Block::Heading("Boards".to_owned()),
                Block::Board("Board 1".to_owned(), table("Bob\u{202E}")),
                Block::Board("Board 2".to_owned(), table("Cé'line")),
            ]
        };
        let mut whole = head.clone();
        whole.blocks.extend(more());
        let (mut a, mut b) = (Vec::new(), Vec::new());
        write_html(&mut a, &whole).unwrap();
        write_html_streamed(&mut b, &head, more().into_iter()).unwrap();
        assert_eq!(String::from_utf8(a).unwrap(), String::from_utf8(b).unwrap());
        let (mut a, mut b) = (Vec::new(), Vec::new());
        write_text(&mut a, &whole).unwrap();
        write_text_streamed(&mut b, &head, more().into_iter()).unwrap();
        let text = String::from_utf8(a).unwrap();
        assert_eq!(text, String::from_utf8(b).unwrap());
        // Widths count characters, not bytes: the padded column lines up.
        assert!(text.contains("Cé'line  12.5  x"), "{text}");
    }

    #[test]
    fn html_escapes_names() {
        assert_eq!(escape("<b>A&B</b>"), "&lt;b&gt;A&amp;B&lt;/b&gt;");
    }
}
