//! Reading an event file's text, and finding where a field is written.
//!
//! Parse errors carry the parser's own position (TOML spans, JSON line and
//! column) and the field path from `serde_path_to_error`. Errors found after
//! parsing name a [`FieldPath`]; [`Source::locate`] turns it into a line and
//! column by walking the parsed document (`toml_edit`'s spans for TOML, a
//! walk of the already validated JSON text for JSON), never by searching
//! the text for words.

use countback_model::SharedDenominators;
use serde::de::DeserializeOwned;

use crate::error::{EventError, FieldPath, LineColumn, Problem, Segment};

/// The two notations of an event file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Notation {
    /// TOML.
    Toml,
    /// JSON.
    Json,
}

/// An event file's text and notation, kept so that errors can be located.
///
/// What locating needs is built once, on the first look-up, and kept: the
/// TOML document with its spans and the offsets where lines start. An event
/// with hundreds of warnings is then located in one parse, not one each
/// (a 4 MiB file with 234 warnings took a minute when every warning parsed
/// the whole text again).
#[derive(Debug, Clone)]
pub struct Source {
    text: String,
    notation: Notation,
    toml: std::sync::OnceLock<Option<toml_edit::Document<String>>>,
    line_starts: std::sync::OnceLock<Vec<usize>>,
    found: Found,
}

/// What locating has found, kept so that the many warnings of one long
/// array or line cost one pass over it, not one each (issue 30: 8,333
/// warnings on a board of 100,000 results took 46 s):
/// - where each element of a JSON array starts, by the offset of the
///   array's `[`, found in one pass the first time a path goes into it;
/// - the last position counted into a column (line start, offset,
///   characters before it), from which a later position on the same line
///   counts on (a JSON file is often one line).
#[derive(Debug, Default)]
struct Found(std::sync::Mutex<FoundSoFar>);

#[derive(Debug, Default)]
struct FoundSoFar {
    arrays: std::collections::HashMap<usize, Vec<usize>>,
    column: Option<(usize, usize, usize)>,
}

impl Clone for Found {
    /// A cache: a copy finds its own.
    fn clone(&self) -> Found {
        Found::default()
    }
}

impl Found {
    fn lock(&self) -> std::sync::MutexGuard<'_, FoundSoFar> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The start of element `n` of the array opening at `open`.
    fn element(&self, b: &[u8], open: usize, n: usize) -> Option<usize> {
        let mut found = self.lock();
        let starts = found.arrays.entry(open).or_insert_with(|| {
            let mut starts = Vec::new();
            let mut i = ws(b, open + 1);
            while b.get(i).is_some_and(|c| *c != b']') {
                starts.push(i);
                let Some(end) = skip_value(b, i) else { break };
                i = ws(b, end);
                match b.get(i) {
                    Some(b',') => i = ws(b, i + 1),
                    _ => break,
                }
            }
            starts
        });
        starts.get(n).copied()
    }
}

impl Source {
    /// Keep `text`, written in `notation`.
    #[must_use]
    pub fn new(text: impl Into<String>, notation: Notation) -> Source {
        Source {
            text: text.into(),
            notation,
            toml: std::sync::OnceLock::new(),
            line_starts: std::sync::OnceLock::new(),
            found: Found::default(),
        }
    }

    /// The line and column of byte `offset`, by the line starts found once.
    fn line_column(&self, offset: usize) -> LineColumn {
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        // The last line start at or before the offset; within that line,
        // the shared rule for columns (characters, not bytes, as
        // `LineColumn::of_offset` counts them), counted on from the last
        // position found on the same line.
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let start = starts.get(line - 1).copied().unwrap_or(0);
        let mut found = self.found.lock();
        let (from, before) = match found.column {
            Some((s, o, c)) if s == start && o <= offset => (o, c),
            _ => (start, 0),
        };
        let chars = before + self.text.get(from..offset).map_or(0, |t| t.chars().count());
        found.column = Some((start, offset, chars));
        LineColumn {
            line,
            column: chars + 1,
        }
    }

    /// The text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The notation.
    #[must_use]
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// Deserialize the text into `T`; an error names the field path and the
    /// parser's line and column.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, EventError> {
        let (limit, notation, hint) = match self.notation {
            Notation::Toml => (
                crate::limits::MAX_TOML_BYTES,
                "TOML",
                "write an event this large as JSON, which is read as a stream (docs/cli.md, Limits)",
            ),
            Notation::Json => (
                crate::limits::MAX_JSON_BYTES,
                "JSON",
                "is this the right file? (docs/cli.md, Limits)",
            ),
        };
        if self.text.len() > limit {
            return Err(EventError::new(Problem::TooLarge {
                what: format!(
                    "an event file of {} in {notation}",
                    crate::limits::bytes(self.text.len())
                ),
                limit: crate::limits::bytes(limit),
                hint: hint.to_owned(),
            }));
        }
        // Pair names are read once each for the whole file (issue 30).
        let _names = crate::file::names::Reading::start();
        match self.notation {
            Notation::Json => {
                let mut de = serde_json::Deserializer::from_str(&self.text);
                // Read first without tracking the path of every field
                // (issue 30: a large event is read whole); only a file
                // that fails is read again to name its field, which finds
                // the same error. Each reading folds the denominators of
                // its numbers afresh (issue 44: their common denominator
                // is bounded, `MAX_COMMON_DENOMINATOR_DIGITS`).
                let first = {
                    let _shared = SharedDenominators::start();
                    T::deserialize(&mut de)
                };
                let value = match first {
                    Ok(value) => Ok(value),
                    Err(_) => {
                        let _shared = SharedDenominators::start();
                        de = serde_json::Deserializer::from_str(&self.text);
                        serde_path_to_error::deserialize(&mut de)
                    }
                }
                .map_err(|e| {
                    let field = path_of(e.path());
                    let inner = e.into_inner();
                    let at = (inner.line() > 0).then_some(LineColumn {
                        line: inner.line(),
                        column: inner.column(),
                    });
                    let message = strip_position(&inner.to_string());
                    self.located(EventError::located(
                        Problem::Format { message },
                        Some(field),
                        at,
                    ))
                })?;
                // Whatever follows the event (a second document, even a
                // corrected copy) would otherwise be silently ignored.
                de.end().map_err(|e| {
                    EventError::located(
                        Problem::Format {
                            message: "something follows the event's closing brace (a second \
                                      document?); an event file holds one JSON document"
                                .to_owned(),
                        },
                        None,
                        Some(LineColumn {
                            line: e.line(),
                            column: e.column(),
                        }),
                    )
                })?;
                Ok(value)
            }
            Notation::Toml => {
                let located = |message: &str, span: Option<std::ops::Range<usize>>, field| {
                    self.located(EventError::located(
                        Problem::Format {
                            message: message.trim().to_owned(),
                        },
                        field,
                        span.map(|s| LineColumn::of_offset(&self.text, s.start)),
                    ))
                };
                // A syntax error is found before any field is read.
                let parse = || {
                    toml::Deserializer::parse(&self.text)
                        .map_err(|e| located(e.message(), e.span(), None))
                };
                // As for JSON: the path is tracked only to name the field
                // of a file that fails.
                let first = {
                    let _shared = SharedDenominators::start();
                    T::deserialize(parse()?)
                };
                if let Ok(value) = first {
                    return Ok(value);
                }
                let _shared = SharedDenominators::start();
                serde_path_to_error::deserialize(parse()?).map_err(|e| {
                    let field = path_of(e.path());
                    let inner = e.into_inner();
                    located(inner.message(), inner.span(), Some(field))
                })
            }
        }
    }

    /// Read the text as an event file: a TOML file a piece at a time where
    /// that gives the same file (`toml_pieces`: the parser then holds one
    /// piece's document, not the whole file's), else, and for every error,
    /// as [`Source::parse`] reads it.
    pub(crate) fn parse_event_file(&self) -> Result<crate::file::EventFile, EventError> {
        if self.notation == Notation::Toml && self.text.len() <= crate::limits::MAX_TOML_BYTES {
            let pieces = {
                let _names = crate::file::names::Reading::start();
                let _shared = SharedDenominators::start();
                crate::toml_pieces::read(&self.text)
            };
            if let Some(file) = pieces {
                #[cfg(fuzzing)]
                self.pieces_read_what_the_whole_reads(&file);
                return Ok(file);
            }
        }
        self.parse()
    }

    /// Under the fuzzer (`cargo fuzz` builds with `--cfg fuzzing`), a file
    /// the pieces read is read whole as well, and the two must be the same
    /// file: a difference would change a figure without a word, and a file
    /// the pieces take that the whole reading refuses would be read where
    /// it should be refused. The `event_toml` and `answer` targets then
    /// check the pieces on every input they reach.
    #[cfg(fuzzing)]
    #[allow(clippy::panic)]
    fn pieces_read_what_the_whole_reads(&self, pieces: &crate::file::EventFile) {
        let json = |f: &crate::file::EventFile| serde_json::to_string(f).ok();
        match self.parse::<crate::file::EventFile>() {
            Ok(whole) => assert!(
                json(pieces) == json(&whole),
                "the pieces read another file than the whole reading"
            ),
            Err(e) => panic!("the pieces read a file the whole reading refuses: {e}"),
        }
    }

    /// Fill in the line and column of an error that names a field but no
    /// position.
    #[must_use]
    pub fn located(&self, mut e: EventError) -> EventError {
        if e.at.is_none() {
            if let Some(field) = &e.field {
                e.at = self.locate(field);
            }
        }
        e
    }

    /// Where `field` is written: the deepest part of the path that exists
    /// in the document.
    #[must_use]
    pub fn locate(&self, field: &FieldPath) -> Option<LineColumn> {
        let offset = match self.notation {
            Notation::Toml => {
                let doc = self
                    .toml
                    .get_or_init(|| toml_edit::Document::parse(self.text.clone()).ok())
                    .as_ref()?;
                toml_offset(doc, &field.0)
            }
            Notation::Json => json_offset(&self.text, &field.0, &self.found),
        }?;
        Some(self.line_column(offset))
    }
}

fn path_of(p: &serde_path_to_error::Path) -> FieldPath {
    use serde_path_to_error::Segment as S;
    FieldPath(
        p.iter()
            .filter_map(|s| match s {
                S::Seq { index } => Some(Segment::Index(*index)),
                S::Map { key } => Some(Segment::Key(key.clone())),
                S::Enum { variant } => Some(Segment::Key(variant.clone())),
                S::Unknown => None,
            })
            .collect(),
    )
}

/// serde_json appends " at line L column C", which the error shows itself.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message.get(..i).unwrap_or(message).to_owned(),
        None => message.to_owned(),
    }
}

fn toml_offset(doc: &toml_edit::Document<String>, path: &[Segment]) -> Option<usize> {
    let mut item: &toml_edit::Item = doc.as_item();
    let mut best = None;
    for seg in path {
        let next = match seg {
            Segment::Key(k) => {
                let Some((key, value)) = item.as_table_like().and_then(|t| t.get_key_value(k))
                else {
                    return best;
                };
                best = key.span().map(|s| s.start).or(best);
                value
            }
            Segment::Index(i) => match item.get(*i) {
                Some(value) => value,
                None => return best,
            },
            // Set for this run: nowhere in the file.
            Segment::Run => return None,
        };
        best = item_start(next).or(best);
        item = next;
    }
    best
}

fn item_start(item: &toml_edit::Item) -> Option<usize> {
    match item {
        toml_edit::Item::Value(v) => v.span().map(|s| s.start),
        toml_edit::Item::Table(t) => t.span().map(|s| s.start),
        toml_edit::Item::ArrayOfTables(a) => a.span().map(|s| s.start),
        toml_edit::Item::None => None,
    }
}

/// The byte offset of the value at `path` in JSON text that serde_json has
/// already accepted (so it is well formed and at most 128 levels deep).
fn json_offset(text: &str, path: &[Segment], found: &Found) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = ws(b, 0);
    let mut best = None;
    for seg in path {
        match seg {
            Segment::Key(k) => {
                if b.get(i) != Some(&b'{') {
                    return best;
                }
                i = ws(b, i + 1);
                loop {
                    if b.get(i) != Some(&b'"') {
                        return best;
                    }
                    let end = skip_string(b, i)?;
                    let key: String = serde_json::from_str(text.get(i..end)?).ok()?;
                    let key_at = i;
                    i = ws(b, end);
                    if b.get(i) != Some(&b':') {
                        return best;
                    }
                    i = ws(b, i + 1);
                    if &key == k {
                        best = Some(key_at);
                        break;
                    }
                    i = ws(b, skip_value(b, i)?);
                    match b.get(i) {
                        Some(b',') => i = ws(b, i + 1),
                        _ => return best,
                    }
                }
            }
            Segment::Index(n) => {
                if b.get(i) != Some(&b'[') {
                    return best;
                }
                let Some(start) = found.element(b, i, *n) else {
                    return best;
                };
                i = start;
                best = Some(i);
            }
            // Set for this run: nowhere in the file.
            Segment::Run => return None,
        }
    }
    best
}

fn ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// The offset just past the string starting at `i` (which is a quote).
fn skip_string(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    loop {
        match b.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// The offset just past the value starting at `i`, without recursion.
fn skip_value(b: &[u8], mut i: usize) -> Option<usize> {
    match b.get(i)? {
        b'"' => skip_string(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            loop {
                match b.get(i)? {
                    b'"' => {
                        i = skip_string(b, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.checked_sub(1)?;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            while let Some(c) = b.get(i) {
                if matches!(c, b',' | b'}' | b']') || c.is_ascii_whitespace() {
                    break;
                }
                i += 1;
            }
            Some(i)
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Asserts that `path` is found in `text` at `want` (line, column).
    #[track_caller]
    fn at(text: &str, notation: Notation, path: FieldPath, want: (usize, usize)) {
        let lc = Source::new(text, notation).locate(&path).unwrap();
        assert_eq!((lc.line, lc.column), want, "{path:?}");
    }

    /// [`at`] in TOML.
    #[track_caller]
    fn toml_at(text: &str, path: FieldPath, want: (usize, usize)) {
        at(text, Notation::Toml, path, want);
    }

    /// [`at`] in JSON.
    #[track_caller]
    fn json_at(text: &str, path: FieldPath, want: (usize, usize)) {
        at(text, Notation::Json, path, want);
    }

    #[test]
    fn toml_fields_are_found_by_the_parser() {
        let text = "[event]\nname = \"x\"\n\n[[matches]]\nround = 1\n\n[[matches]]\nround = 2\nimps = [1, 2]\n";
        // The value, where the parser has one.
        toml_at(text, FieldPath::key("matches").i(1).k("imps"), (9, 8));
        toml_at(text, FieldPath::key("matches").i(1), (7, 1));
        toml_at(text, FieldPath::key("event").k("name"), (2, 8));
        // A key the document lacks: the deepest part that exists.
        toml_at(text, FieldPath::key("matches").i(0).k("imps"), (4, 1));
    }

    #[test]
    fn toml_inline_tables_in_arrays() {
        let text = "[[boards]]\nboard = 1\nresults = [\n  { ns = \"1\", score = \"420\" },\n  { ns = \"2\", score = \"x\" },\n]\n";
        toml_at(
            text,
            FieldPath::key("boards").i(0).k("results").i(1).k("score"),
            (5, 23),
        );
    }

    #[test]
    fn a_second_json_document_is_refused_where_it_starts() {
        // Before: `{…}{…}` was read up to the first document and the rest
        // ignored, even a corrected copy of the event.
        let one = "{\"event\": {\"name\": \"x\"}}\n";
        let ok: serde_json::Value = Source::new(one, Notation::Json).parse().unwrap();
        assert_eq!(ok["event"]["name"], "x");
        let two = format!("{one}{{\"event\": {{\"name\": \"y\"}}}}\n");
        let e = Source::new(&two, Notation::Json)
            .parse::<serde_json::Value>()
            .unwrap_err();
        let at = e.at.unwrap();
        assert_eq!((at.line, at.column), (2, 1), "{e}");
        assert!(e.to_string().contains("second"), "{e}");
        // Trailing white space is not a document.
        let spaced = format!("{one}\n  \n");
        assert!(Source::new(&spaced, Notation::Json)
            .parse::<serde_json::Value>()
            .is_ok());
    }

    #[test]
    fn json_fields_are_found() {
        let text = "{\n \"event\": {\"name\": \"x\"},\n \"matches\": [\n  {\"round\": 1},\n  {\"round\": 2, \"imps\": [1, 2]}\n ]\n}";
        json_at(text, FieldPath::key("matches").i(1).k("imps"), (5, 16));
        json_at(text, FieldPath::key("matches").i(0), (4, 3));
        // A missing key falls back to the deepest part that exists.
        json_at(text, FieldPath::key("matches").i(0).k("imps"), (4, 3));
    }

    /// One source locating many fields of one long array, in any order and
    /// past its end, finds each where a fresh source finds it (the element
    /// starts are found once per array and kept).
    #[test]
    fn json_fields_of_one_array_are_found_in_any_order() {
        let lines: Vec<String> = (1..=40)
            .map(|n| format!("  {{\"ns\": \"{n}\", \"score\": \"{}\"}}", n * 10))
            .collect();
        let text = format!(
            "{{\"boards\": [{{\"board\": 1, \"results\": [\n{}\n]}}, {{\"board\": 2, \"results\": []}}]}}",
            lines.join(",\n")
        );
        let source = Source::new(text.as_str(), Notation::Json);
        for n in [39, 0, 17, 17, 3, 40, 41] {
            let p = FieldPath::key("boards").i(0).k("results").i(n).k("score");
            // The `score` key of line n + 1 (after `  {"ns": "…", `), or,
            // past the end, the `results` key.
            let expected = if n < 40 {
                (n + 2, 14 + (n + 1).to_string().len())
            } else {
                (1, 26)
            };
            let got = source.locate(&p).unwrap();
            assert_eq!((got.line, got.column), expected, "{p}");
            json_at(&text, p, expected);
        }
        // An empty array: its first element is not there, the array is.
        let p = FieldPath::key("boards").i(1).k("results").i(0);
        let got = source.locate(&p).unwrap();
        json_at(&text, p, (got.line, got.column));
    }

    /// On one long line (as JSON is often written), columns counted on from
    /// the last position found are the characters before each field, in
    /// any order.
    #[test]
    fn json_columns_on_one_line_count_characters_in_any_order() {
        let items: Vec<String> = (0..30)
            .map(|n| format!("{{\"ns\":\"é{n}\",\"s\":\"{n}\"}}"))
            .collect();
        let text = format!("{{\"r\":[{}]}}", items.join(","));
        let source = Source::new(text.as_str(), Notation::Json);
        for n in [5, 6, 29, 0, 12, 12, 28] {
            let p = FieldPath::key("r").i(n).k("s");
            let key = format!("\"s\":\"{n}\"");
            let byte = text.find(&key).unwrap();
            let column = text.get(..byte).unwrap().chars().count() + 1;
            let got = source.locate(&p).unwrap();
            assert_eq!((got.line, got.column), (1, column), "{p}");
        }
    }

    #[test]
    fn json_strings_with_brackets_and_escapes_are_skipped() {
        let text = r#"{"a": "x]}\"{", "b": [ "[", {"c": 1} ], "d": 5}"#;
        json_at(text, FieldPath::key("d"), (1, 41));
        json_at(text, FieldPath::key("b").i(1).k("c"), (1, 30));
    }
}
