//! JSON written as it is made (issue 43): one buffer that the serialiser
//! writes into without a virtual call per piece, and the pieces that repeat
//! on every line of a board (a figure's `{"exact":…,"display":…}`, the keys)
//! written once a column and copied, byte for byte what `serde_json` writes
//! for the same typed values.
//!
//! A session of 1,000,000 lines is 300 MB of JSON: through `serde_json` on a
//! `dyn Write`, each key, string and figure was a call through the
//! `BufWriter`, an escape scan and, for each figure, two `String`s: five
//! times the instructions of the text output.

use std::borrow::Cow;
use std::io::{self, Write};

use countback_event::display::{ColumnTexts, InOrder};
use countback_event::model::Score;
use serde::Serialize;

/// How much is gathered before it is handed on.
const CHUNK: usize = 1 << 16;

/// A writer that gathers output in one buffer and hands it to `out` in
/// pieces of [`CHUNK`] bytes. [`Chunked::finish`] hands on the rest.
pub(crate) struct Chunked<'a> {
    out: &'a mut dyn Write,
    buf: Vec<u8>,
}

impl<'a> Chunked<'a> {
    pub(crate) fn new(out: &'a mut dyn Write) -> Chunked<'a> {
        Chunked {
            out,
            buf: Vec::with_capacity(CHUNK + 4096),
        }
    }

    /// Bytes written as they are.
    pub(crate) fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(bytes);
        self.spill()
    }

    fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= CHUNK {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// A count as `serde_json` writes it: its decimal digits.
    pub(crate) fn count(&mut self, n: usize) -> io::Result<()> {
        match i64::try_from(n) {
            Ok(n) => self.whole(n),
            Err(_) => self.serde(&n),
        }
    }

    /// A whole number as `serde_json` writes it: its sign and digits.
    pub(crate) fn whole(&mut self, n: i64) -> io::Result<()> {
        self.raw(crate::doc::Whole::new(n).bytes())
    }

    /// A value as `serde_json` writes it.
    pub(crate) fn serde<T: Serialize + ?Sized>(&mut self, value: &T) -> io::Result<()> {
        serde_json::to_writer(&mut *self, value).map_err(io::Error::from)
    }

    /// A string as `serde_json` writes it: quoted, and escaped where it
    /// must be (a control character, a quote, a backslash); the usual
    /// name or figure needs none and is copied.
    pub(crate) fn str(&mut self, s: &str) -> io::Result<()> {
        if needs_no_escape(s) {
            self.buf.push(b'"');
            self.buf.extend_from_slice(s.as_bytes());
            self.buf.push(b'"');
            self.spill()
        } else {
            self.serde(s)
        }
    }

    /// Everything still gathered, handed on.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

impl Write for Chunked<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.raw(bytes)?;
        Ok(bytes.len())
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.raw(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()
    }
}

/// Whether `serde_json` writes `s` as it is between quotes: it escapes
/// only the control characters below a space, `"` and `\` (any other
/// character, ASCII or not, is written as it is).
fn needs_no_escape(s: &str) -> bool {
    s.bytes()
        .all(|b| !ESCAPED.get(usize::from(b)).copied().unwrap_or(true))
}

/// The bytes `serde_json` escapes in a string, one look-up a byte.
#[allow(clippy::indexing_slicing)] // A constant: each index below 256, checked when it is built.
const ESCAPED: [bool; 256] = {
    let mut escaped = [false; 256];
    let mut b = 0;
    while b < 256 {
        escaped[b] = b < 0x20 || b == b'"' as usize || b == b'\\' as usize;
        b += 1;
    }
    escaped
};

/// A figure, exact beside its display, borrowed from where its texts were
/// written: serialised as [`crate::standings::Figure`] is.
#[derive(Serialize)]
pub(crate) struct FigureRef<'a> {
    pub(crate) exact: Cow<'a, str>,
    pub(crate) display: Cow<'a, str>,
}

impl<'a> FigureRef<'a> {
    /// `s` in a column whose texts are written once for its distinct
    /// values.
    pub(crate) fn in_column(s: &Score, shown: &'a ColumnTexts<'_>) -> FigureRef<'a> {
        let (display, exact) = shown.show_and_exact(s);
        FigureRef { exact, display }
    }
}

/// A column's figures as JSON, each distinct value's written once:
/// `{"exact":…,"display":…}`.
pub(crate) struct FiguresJson<'c, 'a> {
    column: &'c ColumnTexts<'a>,
    /// The column read in order: a run of equal figures is looked up once.
    in_order: InOrder<'c, 'a>,
    bytes: Vec<u8>,
    /// Where each distinct value's JSON ends in `bytes`.
    ends: Vec<usize>,
}

impl<'c, 'a> FiguresJson<'c, 'a> {
    pub(crate) fn new(column: &'c ColumnTexts<'a>) -> io::Result<FiguresJson<'c, 'a>> {
        let texts = column.distinct_texts();
        let mut bytes = Vec::with_capacity(texts.len() * 40);
        let mut ends = Vec::with_capacity(texts.len());
        for (display, exact) in texts {
            let figure = FigureRef {
                exact: Cow::Borrowed(exact),
                display: Cow::Borrowed(display),
            };
            serde_json::to_writer(&mut bytes, &figure).map_err(io::Error::from)?;
            ends.push(bytes.len());
        }
        Ok(FiguresJson {
            column,
            in_order: InOrder::new(column),
            bytes,
            ends,
        })
    }

    /// The JSON of the distinct value at `place`.
    fn at(&self, place: usize) -> Option<&[u8]> {
        let start = match place.checked_sub(1) {
            Some(before) => *self.ends.get(before)?,
            None => 0,
        };
        self.bytes.get(start..*self.ends.get(place)?)
    }

    /// `s` as a figure of this column, the column read in order (a
    /// field's standings: a tied place's figures are looked up once).
    pub(crate) fn write(&mut self, w: &mut Chunked<'_>, s: &Score) -> io::Result<()> {
        let place = self.in_order.place(s);
        self.write_at(w, place, s)
    }

    /// `s` as a figure of this column, looked up alone (a board's lines,
    /// whose NS and EW figures alternate).
    fn write_alone(&self, w: &mut Chunked<'_>, s: &Score) -> io::Result<()> {
        self.write_at(w, self.column.place(s), s)
    }

    fn write_at(&self, w: &mut Chunked<'_>, place: Option<usize>, s: &Score) -> io::Result<()> {
        match place.and_then(|i| self.at(i)) {
            Some(bytes) => w.raw(bytes),
            None => w.serde(&FigureRef::in_column(s, self.column)),
        }
    }

    /// A pair of figures, `[ns, ew]`, or `null`.
    pub(crate) fn write_two(
        &self,
        w: &mut Chunked<'_>,
        p: Option<&(Score, Score)>,
    ) -> io::Result<()> {
        match p {
            Some((a, b)) => {
                w.raw(b"[")?;
                self.write_alone(w, a)?;
                w.raw(b",")?;
                self.write_alone(w, b)?;
                w.raw(b"]")
            }
            None => w.raw(b"null"),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// What the hand-written strings must equal: serde_json's own text,
    /// for the characters it escapes and those it does not.
    #[test]
    fn strings_are_written_as_serde_json_writes_them() {
        for s in [
            "1NS",
            "",
            "a \"quoted\" name",
            "back\\slash",
            "tab\there",
            "line\nbreak",
            "del\u{7f}",
            "Zoë & Ann",
            "\u{202e}",
        ] {
            let mut out = Vec::new();
            let mut w = Chunked::new(&mut out);
            w.str(s).unwrap();
            w.finish().unwrap();
            assert_eq!(out, serde_json::to_vec(s).unwrap(), "{s:?}");
        }
    }
}
