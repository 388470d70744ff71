//! The table of file kinds: every kind of file countback reads, one row
//! each — its name, what people call it, its extensions, how it is
//! recognised by its content, its reader and the jobs it allows.
//!
//! Everything that names the kinds of file is made from this table: the
//! recognition of a file ([`recognise`]), the reader a results file goes
//! to, the command line's help texts, the page's file chooser and its hint,
//! and the words of a refusal ([`described`], [`accept`]). A new reader is
//! its crate plus one row of [`FORMATS`]; nothing else lists the kinds.
//!
//! A file is recognised by its **content first**: an Access database is a
//! Bridgemate `.bws` whatever it is called (clubs' files named `.mdb`), a
//! PBN export without its `.pbn`, a TRF saved as `.541` by SWAR or as `.txt`
//! by a rating officer. Only when the content says nothing (our own event
//! files, TOML and JSON, have no signature) does the extension decide. A
//! file that is recognised as something countback does not read (a PDF, a
//! spreadsheet, a web page) is refused saying what it is, never read as
//! something else.

use crate::answer::{FileKind, Job};
use crate::error::Result;
use crate::results::Parsed;
use crate::source::Notation;

/// Whether bytes are, by their content, of a kind.
type Recogniser = fn(&[u8]) -> bool;

/// A results file's reader: its bytes in, what it holds out.
type Reader = fn(&[u8]) -> Result<Parsed>;

/// One kind of file countback reads: a row of the table.
#[derive(Debug)]
#[non_exhaustive]
pub struct FileFormat {
    /// Its short name (`bws`), stable: a front end may key on it.
    pub name: &'static str,
    /// What it is, in words a user knows (`Bridgemate .bws`).
    pub label: &'static str,
    /// What group of files it belongs to, which decides the jobs it
    /// allows and the options that apply.
    pub kind: FileKind,
    /// Its extensions, lower case, without the dot; the first is the one
    /// its programs write.
    pub extensions: &'static [&'static str],
    /// Whether its content says what it is (`None`: only its extension
    /// does, as for our own event files).
    recognise: Option<Recogniser>,
    /// Its reader, for a results file (an event file and a TRF file are
    /// read by their own kind).
    read: Option<Reader>,
}

impl FileFormat {
    /// Whether `bytes` are, by their content, a file of this kind.
    #[must_use]
    pub fn recognises(&self, bytes: &[u8]) -> bool {
        self.recognise.is_some_and(|r| r(bytes))
    }

    /// Its extensions as a person writes them: `.xml`, or `.trf, .txt`.
    #[must_use]
    pub fn dotted(&self) -> String {
        let dotted: Vec<String> = self.extensions.iter().map(|e| format!(".{e}")).collect();
        dotted.join(", ")
    }

    /// The jobs it allows (in the order [`Job`] lists them).
    #[must_use]
    pub fn jobs(&self) -> Vec<Job> {
        [Job::Rank, Job::Score, Job::Audit]
            .into_iter()
            .filter(|j| self.kind.allows(*j).is_ok())
            .collect()
    }
}

/// Every kind of file countback reads, in the order a file's content is
/// tried and the kinds are listed to people.
pub static FORMATS: &[FileFormat] = &[
    FileFormat {
        name: "event-toml",
        label: "event file",
        kind: FileKind::Event(Notation::Toml),
        extensions: &["toml"],
        recognise: None,
        read: None,
    },
    FileFormat {
        name: "event-json",
        label: "event file",
        kind: FileKind::Event(Notation::Json),
        extensions: &["json"],
        recognise: None,
        read: None,
    },
    FileFormat {
        name: "bws",
        label: "Bridgemate .bws",
        kind: FileKind::Results,
        extensions: &["bws"],
        recognise: Some(is_access),
        read: Some(crate::results::read_bws),
    },
    FileFormat {
        name: "usebio",
        label: "USEBIO or NZ Scorer",
        kind: FileKind::Results,
        extensions: &["xml"],
        recognise: Some(is_xml),
        read: Some(crate::results::read_xml),
    },
    FileFormat {
        name: "pbn",
        label: "PBN",
        kind: FileKind::Results,
        extensions: &["pbn"],
        recognise: Some(is_pbn),
        read: Some(crate::results::read_pbn),
    },
    FileFormat {
        name: "trf",
        label: "FIDE TRF",
        kind: FileKind::Trf,
        extensions: &["trf", "txt"],
        recognise: Some(is_trf),
        read: None,
    },
];

/// Kinds of file people send that countback does not read, recognised so
/// that the refusal says what the file is.
static NOT_READ: &[(&str, Recogniser)] = &[
    ("a PDF document", |b| b.starts_with(b"%PDF")),
    ("a PostScript document", |b| b.starts_with(b"%!PS")),
    (
        "a ZIP archive (a spreadsheet or word-processor file is one: save it as the program's results export instead)",
        |b| b.starts_with(b"PK\x03\x04"),
    ),
    (
        "an OLE compound document (an older Excel or Word file)",
        |b| b.starts_with(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1"),
    ),
    ("a gzip archive", |b| b.starts_with(b"\x1F\x8B")),
    ("a web page (HTML)", is_html),
];

/// A file that is none of the kinds countback reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unrecognised {
    /// Its content says it is a kind countback does not read.
    #[error("this is {what}, not a file countback reads: {}", described(None))]
    NotRead {
        /// What it is.
        what: &'static str,
    },
    /// Neither its content nor its extension says what it is.
    #[error("unknown file type{}: countback reads {}", match .extension { Some(e) => format!(" (.{e})"), None => String::new() }, described(None))]
    Unknown {
        /// Its extension, if it has one.
        extension: Option<String>,
    },
}

/// The row of the file called `name` holding `bytes`: by content first,
/// then by the name's extension (any case).
///
/// # Errors
/// [`Unrecognised`] for a file of a kind countback does not read, saying
/// what it is where its content tells.
pub fn recognise(
    name: &str,
    bytes: &[u8],
) -> std::result::Result<&'static FileFormat, Unrecognised> {
    if let Some(row) = FORMATS.iter().find(|f| f.recognises(bytes)) {
        return Ok(row);
    }
    if let Some((what, _)) = NOT_READ.iter().find(|(_, is)| is(bytes)) {
        return Err(Unrecognised::NotRead { what });
    }
    let extension = extension(name);
    extension
        .as_deref()
        .and_then(by_extension)
        .ok_or(Unrecognised::Unknown { extension })
}

/// The extension of a file's name, lower case, if it has one.
fn extension(name: &str) -> Option<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    base.rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .filter(|e| !e.is_empty())
}

/// The row an extension (any case, without the dot) names, if any.
#[must_use]
pub fn by_extension(ext: &str) -> Option<&'static FileFormat> {
    let ext = ext.to_ascii_lowercase();
    FORMATS
        .iter()
        .find(|f| f.extensions.iter().any(|e| *e == ext))
}

/// The file chooser's `accept` list: every extension, dotted, comma
/// separated (`.toml,.json,…`).
#[must_use]
pub fn accept() -> String {
    let all: Vec<String> = FORMATS
        .iter()
        .flat_map(|f| f.extensions.iter().map(|e| format!(".{e}")))
        .collect();
    all.join(",")
}

/// The kinds of file that allow `job` (every kind for `None`), in words: an
/// event file (.toml, .json), a results file (Bridgemate .bws, USEBIO or NZ
/// Scorer .xml, PBN .pbn) or a FIDE TRF file (.trf, .txt).
#[must_use]
pub fn described(job: Option<Job>) -> String {
    let rows: Vec<&FileFormat> = FORMATS
        .iter()
        .filter(|f| job.is_none_or(|j| f.kind.allows(j).is_ok()))
        .collect();
    let mut parts: Vec<String> = Vec::new();
    let events: Vec<&FileFormat> = rows
        .iter()
        .copied()
        .filter(|f| matches!(f.kind, FileKind::Event(_)))
        .collect();
    if !events.is_empty() {
        let exts: Vec<String> = events.iter().map(|f| f.dotted()).collect();
        parts.push(format!("an event file ({})", exts.join(", ")));
    }
    let results = results_described(&rows);
    if !results.is_empty() {
        parts.push(format!("a results file ({results})"));
    }
    for row in rows.iter().filter(|f| f.kind == FileKind::Trf) {
        parts.push(format!("a {} file ({})", row.label, row.dotted()));
    }
    or_list(&parts)
}

/// The results readers among `rows`: `Bridgemate .bws, USEBIO or NZ
/// Scorer .xml, PBN .pbn`.
fn results_described(rows: &[&FileFormat]) -> String {
    let named: Vec<String> = rows
        .iter()
        .filter(|f| f.kind == FileKind::Results)
        .map(|f| {
            if f.label.ends_with(&f.dotted()) {
                f.label.to_owned()
            } else {
                format!("{} {}", f.label, f.dotted())
            }
        })
        .collect();
    named.join(", ")
}

/// The results readers' names, for a sentence about any results file:
/// `Bridgemate .bws, USEBIO or NZ Scorer, PBN`.
#[must_use]
pub fn results_labels() -> String {
    let named: Vec<&str> = FORMATS
        .iter()
        .filter(|f| f.kind == FileKind::Results)
        .map(|f| f.label)
        .collect();
    named.join(", ")
}

/// `a, b or c`.
fn or_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Read a results file by the reader its content names: the first results
/// row that recognises it, else the XML reader (whose error then says what
/// is wrong with the text).
pub(crate) fn read_results(bytes: &[u8]) -> Result<Parsed> {
    let row = FORMATS
        .iter()
        .filter(|f| f.kind == FileKind::Results)
        .find(|f| f.recognises(bytes))
        .or_else(|| FORMATS.iter().find(|f| f.name == "usebio"));
    match row.and_then(|f| f.read) {
        Some(read) => read(bytes),
        // Unreachable while the table has a USEBIO row; said as a
        // refusal, not a panic.
        None => Err(crate::EventError::new(crate::Problem::wrong_kind(
            "no reader for this results file".to_owned(),
        ))),
    }
}

// ---------------------------------------------------------------------
// Recognition by content. Each looks at the start of the file only (a
// bounded prefix), so recognising costs nothing on a large file.

/// How much of a file recognition looks at.
const PREFIX: usize = 64 * 1024;

fn prefix(bytes: &[u8]) -> &[u8] {
    bytes.get(..PREFIX).unwrap_or(bytes)
}

/// The bytes after a UTF-8 byte-order mark and leading white space.
fn body(bytes: &[u8]) -> &[u8] {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    bytes.get(start..).unwrap_or_default()
}

/// An MS Access database (Jet 3 or Jet 4), as a Bridgemate `.bws` is: its
/// first page says `Standard Jet DB` at byte 4.
fn is_access(bytes: &[u8]) -> bool {
    bytes.get(4..19) == Some(b"Standard Jet DB".as_slice())
}

/// XML that is not a web page: a declaration or an element first.
fn is_xml(bytes: &[u8]) -> bool {
    body(bytes).starts_with(b"<") && !is_html(bytes)
}

/// An HTML page.
fn is_html(bytes: &[u8]) -> bool {
    let head = body(prefix(bytes));
    let head = head.get(..15).unwrap_or(head).to_ascii_lowercase();
    head.starts_with(b"<!doctype html") || head.starts_with(b"<html")
}

/// PBN: a `%` comment (PBN's own header, `% PBN 2.1`) or a tag `[Name
/// "value"]` first. A TOML table header (`[event]`) has no quoted value;
/// a PDF's `%PDF` is refused as what it is.
fn is_pbn(bytes: &[u8]) -> bool {
    let body = body(prefix(bytes));
    if body.starts_with(b"%PDF") || body.starts_with(b"%!PS") {
        return false;
    }
    match body.first() {
        Some(b'%') => true,
        Some(b'[') => {
            let line = body.split(|b| *b == b'\n').next().unwrap_or_default();
            let name_end = line
                .iter()
                .skip(1)
                .position(|b| !b.is_ascii_alphanumeric() && *b != b'_')
                .map_or(line.len(), |p| p + 1);
            name_end > 1
                && line
                    .get(name_end..)
                    .is_some_and(|rest| rest.trim_ascii_start().starts_with(b"\""))
        }
        _ => false,
    }
}

/// A FIDE TRF: a line that is a tournament (`012`) or player (`001`)
/// record, a three-digit code and a space at the start of the line.
fn is_trf(bytes: &[u8]) -> bool {
    let body = body(prefix(bytes));
    if body.starts_with(b"<") || body.starts_with(b"{") {
        return false;
    }
    body.split(|b| *b == b'\n')
        .any(|line| line.starts_with(b"012 ") || line.starts_with(b"001 "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extension_is_one_rows() {
        let mut seen = std::collections::BTreeSet::new();
        for f in FORMATS {
            for e in f.extensions {
                assert!(seen.insert(*e), "{e} is listed twice");
                assert_eq!(*e, e.to_ascii_lowercase());
            }
        }
    }

    #[test]
    fn content_decides_before_the_name() {
        let pbn = b"% PBN 2.1\n[Event \"Club\"]\n";
        assert_eq!(recognise("night.txt", pbn).map(|f| f.name), Ok("pbn"));
        let trf = b"012 Open\n001    1 m    Player A\n";
        assert_eq!(recognise("open.541", trf).map(|f| f.name), Ok("trf"));
        let mut bws = vec![0_u8, 1, 0, 0];
        bws.extend_from_slice(b"Standard Jet DB\0");
        assert_eq!(recognise("club.mdb", &bws).map(|f| f.name), Ok("bws"));
        let toml = b"[event]\nname = \"x\"\n";
        assert_eq!(recognise("e.toml", toml).map(|f| f.name), Ok("event-toml"));
        assert_eq!(
            recognise("e", toml).map(|f| f.name),
            Err(Unrecognised::Unknown { extension: None })
        );
    }

    #[test]
    fn a_kind_not_read_is_named() {
        assert_eq!(
            recognise("results.pbn", b"%PDF-1.7\n").map(|f| f.name),
            Err(Unrecognised::NotRead {
                what: "a PDF document"
            })
        );
        assert!(matches!(
            recognise("r.xml", b"<!DOCTYPE html><html>"),
            Err(Unrecognised::NotRead { what }) if what.contains("HTML")
        ));
    }

    #[test]
    fn the_words_name_every_row() {
        let all = described(None);
        for f in FORMATS {
            for e in f.extensions {
                assert!(all.contains(&format!(".{e}")), "{e} missing from {all}");
            }
        }
        let audit = described(Some(Job::Audit));
        assert!(!audit.contains(".toml"), "{audit}");
    }
}
