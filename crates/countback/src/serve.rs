//! `countback serve`: the results page.
//!
//! One page for people who will never open a terminal: choose or drop a
//! file (an event file in TOML or JSON, a USEBIO or NZ Scorer results file,
//! a FIDE TRF file), pick the procedure and its options where the file does
//! not say, and see what `countback … --format html` shows — the same
//! document from the same code ([`crate::standings`], [`crate::session`],
//! [`crate::trf_audit`]), with the event library doing all the work.
//! Download the result as the printable HTML page, JSON or CSV: the bytes
//! the command line writes.
//!
//! **Nothing is stored.** A request's file is read into memory, answered
//! and dropped; no path on the server's disk is ever read from a request
//! (the page's own script and style are compiled in). An upload larger than
//! [`MAX_UPLOAD_BYTES`] is refused from its `Content-Length` before its body
//! is read, and a body sent without one is cut off at the same size.
//!
//! **Where it listens.** `127.0.0.1` by default; any other address needs
//! `--bind` and prints a warning ([`bind_warning`]).
//!
//! The form's fields: `file`; `show` (`auto`, `explain`, `score`, `audit`);
//! `procedure` (empty: as the file says); `half`; `boards`; `want` (`page`,
//! or a download: `html`, `json`, `csv`); and one field per option,
//! `GROUP.KEY`, where GROUP is a procedure's name or `scoring` and the keys
//! are the fields of that group's options type in the event library. An
//! unknown field is an error, never ignored.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{DefaultBodyLimit, Multipart};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use countback_event::{
    EventError, FileKind, Job, Options, Procedure, RawOptions, Refusal, Request,
};
use serde_json::Value;

use crate::cli::{Boards, Format, HalfDisplay, ServeArgs};
use crate::doc::escape;
use crate::error::{CliError, Exit};

/// The largest request the page takes, file and form together: 8 MiB
/// (a results file of a large session is a few hundred KiB).
pub const MAX_UPLOAD_BYTES: usize = 8 << 20;

const PAGE_CSS: &str = include_str!("serve/page.css");
const PAGE_JS: &str = include_str!("serve/page.js");

/// What can go wrong with a request; each is shown on the page, in the
/// command line's words where the command line has them.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The request is larger than [`MAX_UPLOAD_BYTES`].
    #[error("the upload is {} — more than the {} the page takes; is this the right file?", size.map_or_else(|| "too large".to_owned(), bytes), bytes(*limit as u64))]
    TooLarge {
        /// The size declared by the request, where it declared one.
        size: Option<u64>,
        /// The limit.
        limit: usize,
    },
    /// The form is not one this page sends: an unknown or repeated field,
    /// a value that does not fit, a body that is not multipart.
    #[error("{0}")]
    Form(String),
    /// No file was chosen.
    #[error("choose a file first: an event file (.toml, .json), a results file (USEBIO or NZ Scorer .xml, PBN .pbn) or a FIDE TRF file (.trf)")]
    NoFile,
    /// The file is not UTF-8 text (event and TRF files must be).
    #[error("{file}: line {line}, column {column}: byte 0x{byte:02X} is not UTF-8; save the file as UTF-8 (event and TRF files are UTF-8 text)")]
    NotUtf8 {
        /// The file's name, as uploaded.
        file: String,
        /// The line of the first bad byte.
        line: usize,
        /// Its column, in characters.
        column: usize,
        /// The byte.
        byte: u8,
    },
    /// A file of a kind this choice does not take.
    #[error("{file}: {message}")]
    WrongFile {
        /// The file's name, as uploaded.
        file: String,
        /// What to do instead.
        message: String,
    },
    /// The event library refused the file: the field, and the line and
    /// column where known.
    #[error("{file}: {source}")]
    Event {
        /// The file's name, as uploaded.
        file: String,
        /// What is wrong, where.
        source: EventError,
    },
    /// Options were set for a group the answer does not use.
    #[error("{file}: options were set for {set}, but {used}: clear them, or choose {set}")]
    UnusedOptions {
        /// The file's name, as uploaded.
        file: String,
        /// The group whose options were set.
        set: String,
        /// What the answer does instead.
        used: String,
    },
    /// The answer could not be written (a fault in countback, not the file).
    #[error("the answer could not be written: {0}")]
    Render(String),
}

impl ServeError {
    fn status(&self) -> StatusCode {
        match self {
            ServeError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ServeError::Form(_) | ServeError::NoFile => StatusCode::BAD_REQUEST,
            ServeError::Render(_) => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    /// The options group the error is about, where it is one.
    fn group(&self) -> Option<&str> {
        match self {
            ServeError::UnusedOptions { set, .. } => Some(set),
            _ => None,
        }
    }

    /// The line of the file the error is on, where known.
    #[must_use]
    pub fn line(&self) -> Option<usize> {
        match self {
            ServeError::Event { source, .. } => source.at.map(|at| at.line),
            ServeError::NotUtf8 { line, .. } => Some(*line),
            _ => None,
        }
    }
}

fn bytes(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else {
        format!("{n} bytes")
    }
}

/// The warning printed when the page listens where other machines can
/// reach it; `None` for a loopback address.
#[must_use]
pub fn bind_warning(ip: IpAddr) -> Option<String> {
    (!ip.is_loopback()).then(|| {
        format!(
            "countback: warning: listening on {ip}, not on loopback: anyone who can reach this address can use the page (it reads no file on this machine and stores nothing, but it has no passwords)"
        )
    })
}

/// Run `countback serve`: listen, print where, and answer until stopped.
pub fn run(args: &ServeArgs) -> Result<Exit, CliError> {
    let addr = SocketAddr::new(args.bind, args.port);
    let listen = |source| CliError::Listen { addr, source };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .map_err(listen)?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(listen)?;
        let local = listener.local_addr().map_err(listen)?;
        if let Some(w) = bind_warning(args.bind) {
            eprintln!("{w}");
        }
        eprintln!("countback: the results page is at http://{local}/ (Ctrl-C stops it)");
        serve(listener).await.map_err(listen)
    })?;
    Ok(Exit::Success)
}

/// Answer requests on `listener` until the process stops.
///
/// On a loopback address only requests naming a loopback host are
/// answered: a web page elsewhere cannot reach the page through a name
/// of its own that it points at 127.0.0.1 (DNS rebinding).
pub async fn serve(listener: tokio::net::TcpListener) -> io::Result<()> {
    let app = if listener.local_addr()?.ip().is_loopback() {
        router().layer(axum::middleware::from_fn(loopback_host_only))
    } else {
        router()
    };
    axum::serve(listener, app).await
}

/// Whether a `Host` header names this machine's loopback interface:
/// `localhost`, `127.0.0.1` (any of 127.0.0.0/8) or `[::1]`, with or
/// without a port.
#[must_use]
pub fn is_loopback_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        // An IPv6 literal: `[::1]` or `[::1]:8080`.
        rest.split_once(']').map_or("", |(ip, _)| ip)
    } else {
        host.rsplit_once(':').map_or(host, |(name, _)| name)
    };
    name.eq_ignore_ascii_case("localhost")
        || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

async fn loopback_host_only(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    if is_loopback_host(host) {
        next.run(request).await
    } else {
        let mut response = (
            StatusCode::MISDIRECTED_REQUEST,
            "countback serve on a loopback address answers only requests for localhost or 127.0.0.1\n",
        )
            .into_response();
        common_headers(&mut response);
        response
    }
}

/// The page's routes: `GET /` the page, `POST /` an answer, `GET
/// /page.js` its script. Nothing else; no route reads a file.
pub fn router() -> Router {
    Router::new()
        .route("/", get(blank).post(ask))
        .route("/page.js", get(script))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES))
}

// ---------------------------------------------------------------------
// The form.

/// What to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Show {
    /// What the file holds: a ranking if a procedure is chosen or
    /// declared, a pairs session's scores if it has boards and none.
    #[default]
    Auto,
    /// A ranking with the full decision trace.
    Explain,
    /// A pairs session, board by board (or a results file rescored).
    Score,
    /// A results file's stored figures checked.
    Audit,
}

const SHOWS: [(&str, Show, &str); 4] = [
    ("auto", Show::Auto, "Standings and ties"),
    (
        "explain",
        Show::Explain,
        "Standings, ties and the full trace",
    ),
    ("score", Show::Score, "A pairs session, board by board"),
    ("audit", Show::Audit, "An audit of a results file's figures"),
];

const HALVES: [(&str, &str); 6] = [
    ("", "as the scoring program prints (else to even)"),
    ("even", "to even (68.125 → 68.12, as Compscore)"),
    ("up", "up"),
    ("down", "down"),
    ("away-from-zero", "away from zero (68.125 → 68.13)"),
    ("toward-zero", "toward zero"),
];

/// What the answer is: the page, or a download.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    Page,
    Download(Format),
}

/// A group of options on the page: a procedure's, or a pairs session's
/// scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    Procedure(Procedure),
    Scoring,
}

impl Group {
    fn all() -> impl Iterator<Item = Group> {
        Procedure::ALL
            .into_iter()
            .map(Group::Procedure)
            .chain([Group::Scoring])
    }

    fn name(self) -> &'static str {
        match self {
            Group::Procedure(p) => p.name(),
            Group::Scoring => "scoring",
        }
    }

    fn by_name(name: &str) -> Option<Group> {
        Group::all().find(|g| g.name() == name)
    }

    /// The JSON Schema of the group's options type, as the event library
    /// declares it: a procedure's from its registry entry, so a new
    /// procedure brings its options to the page.
    fn schema(self) -> Value {
        match self {
            Group::Procedure(p) => countback_event::procedures::options_schema(p),
            Group::Scoring => serde_json::to_value(schemars::schema_for!(
                countback_event::options::ScoringOptions
            ))
            .unwrap_or_default(),
        }
    }
}

/// How an option is entered.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Widget {
    /// One of these names.
    Choice(Vec<String>),
    /// On or off.
    Flag,
    /// Free text: sent as a string where the option takes one, else read
    /// as a TOML value (`[[0, 1], [9, 2]]`, `{ "1" = "title" }`), as `-o`
    /// reads it.
    Text { string: bool, items: Vec<String> },
}

/// One option of a group, from its schema.
#[derive(Debug, Clone)]
struct OptionField {
    key: String,
    hint: String,
    widget: Widget,
}

fn resolve<'a>(v: &'a Value, root: &'a Value) -> &'a Value {
    match v
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
    {
        Some(name) => root
            .get("$defs")
            .and_then(|d| d.get(name))
            .map_or(v, |d| resolve(d, root)),
        None => v,
    }
}

fn is_null(v: &Value) -> bool {
    v.get("type").and_then(Value::as_str) == Some("null")
}

/// The names a value may take, if it is a choice of names.
fn choices(v: &Value, root: &Value) -> Option<Vec<String>> {
    let v = resolve(v, root);
    if let Some(c) = v.get("const").and_then(Value::as_str) {
        return Some(vec![c.to_owned()]);
    }
    if let Some(e) = v.get("enum").and_then(Value::as_array) {
        return e.iter().map(|x| x.as_str().map(str::to_owned)).collect();
    }
    let alternatives = v
        .get("oneOf")
        .or_else(|| v.get("anyOf"))
        .and_then(Value::as_array)?;
    let mut names = Vec::new();
    for a in alternatives.iter().filter(|a| !is_null(a)) {
        names.extend(choices(a, root)?);
    }
    (!names.is_empty()).then_some(names)
}

fn types(v: &Value, root: &Value) -> Vec<String> {
    let v = resolve(v, root);
    let mut out: Vec<String> = match v.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    };
    for a in v
        .get("anyOf")
        .or_else(|| v.get("oneOf"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.extend(types(a, root));
    }
    out
}

fn option_fields(group: Group) -> Vec<OptionField> {
    let root = group.schema();
    let Some(props) = root.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    props
        .iter()
        .map(|(key, p)| {
            let hint = p
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let t = types(p, &root);
            let widget = if let Some(names) = choices(p, &root) {
                Widget::Choice(names)
            } else if t.iter().any(|t| t == "boolean") {
                Widget::Flag
            } else {
                let items = p
                    .get("items")
                    .and_then(|i| choices(i, &root))
                    .unwrap_or_default();
                Widget::Text {
                    string: t.iter().any(|t| t == "string")
                        && !t.iter().any(|t| t == "array" || t == "object"),
                    items,
                }
            };
            OptionField {
                key: key.clone(),
                hint,
                widget,
            }
        })
        .collect()
}

/// The form as sent: the file, and every other field by name.
#[derive(Debug, Default)]
struct Form {
    file: Option<(String, Vec<u8>)>,
    fields: BTreeMap<String, String>,
}

/// A request understood: what to do with which file.
#[derive(Debug)]
struct Ask {
    name: String,
    bytes: Vec<u8>,
    show: Show,
    procedure: Option<Procedure>,
    /// Options set, by group (only groups with a value).
    options: BTreeMap<&'static str, RawOptions>,
    /// `None`: as the convention prints, else to even.
    half: Option<HalfDisplay>,
    boards: Option<Boards>,
    want: Want,
}

fn form_error(message: impl Into<String>) -> ServeError {
    ServeError::Form(message.into())
}

fn parse_boards(s: &str) -> Result<Boards, ServeError> {
    // The command line's own parser, so the page reads `1,4,7-9` exactly
    // as `--boards` does and says what it says.
    use clap::Parser;
    #[derive(Parser)]
    struct Only {
        #[command(flatten)]
        args: crate::cli::FileArgs,
    }
    Only::try_parse_from(["countback", "upload", "--boards", s])
        .map_err(|e| {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or_default();
            form_error(format!(
                "boards: {}",
                first.trim_start_matches("error: ").trim()
            ))
        })?
        .args
        .boards
        .ok_or_else(|| form_error("boards: no value"))
}

impl Form {
    fn ask(self) -> Result<Ask, ServeError> {
        let (name, bytes) = self.file.ok_or(ServeError::NoFile)?;
        let mut ask = Ask {
            name,
            bytes,
            show: Show::Auto,
            procedure: None,
            options: BTreeMap::new(),
            half: None,
            boards: None,
            want: Want::Page,
        };
        for (field, value) in &self.fields {
            let value = value.trim();
            match field.as_str() {
                "show" => {
                    ask.show = SHOWS
                        .iter()
                        .find(|(n, _, _)| *n == value)
                        .map(|(_, s, _)| *s)
                        .ok_or_else(|| {
                            form_error(format!(
                                "show: {value:?} is not one of: auto, explain, score, audit"
                            ))
                        })?;
                }
                "procedure" if value.is_empty() => {}
                "procedure" => {
                    ask.procedure = Some(
                        value
                            .parse()
                            .map_err(|e| form_error(format!("procedure: {e}")))?,
                    );
                }
                "half" if value.is_empty() => {}
                "half" => {
                    ask.half = Some(
                        value
                            .parse()
                            .map_err(|e| form_error(format!("half: {e}")))?,
                    );
                }
                "boards" if value.is_empty() => {}
                "boards" => ask.boards = Some(parse_boards(value)?),
                "want" => {
                    ask.want = match value {
                        "page" | "" => Want::Page,
                        "html" => Want::Download(Format::Html),
                        "json" => Want::Download(Format::Json),
                        "csv" => Want::Download(Format::Csv),
                        "text" => Want::Download(Format::Text),
                        other => {
                            return Err(form_error(format!(
                                "want: {other:?} is not one of: page, html, json, csv, text"
                            )))
                        }
                    };
                }
                _ => {
                    let Some((group, key)) = field.split_once('.') else {
                        return Err(form_error(format!(
                            "`{field}` is not a field of this page's form (file, show, procedure, half, boards, want, or GROUP.OPTION)"
                        )));
                    };
                    let group = Group::by_name(group).ok_or_else(|| {
                        form_error(format!(
                            "`{field}`: `{group}` is not a procedure nor `scoring`"
                        ))
                    })?;
                    if value.is_empty() {
                        continue;
                    }
                    let widget = option_fields(group)
                        .into_iter()
                        .find(|f| f.key == key)
                        .map(|f| f.widget);
                    let raw = ask.options.entry(group.name()).or_default();
                    match widget {
                        Some(Widget::Choice(_) | Widget::Text { string: true, .. }) => {
                            raw.0
                                .insert(key.to_owned(), Value::String(value.to_owned()));
                        }
                        // A key the group does not have goes through too:
                        // the event library refuses it, listing the ones
                        // it has.
                        _ => raw.set_from_text(key, value),
                    }
                }
            }
        }
        Ok(ask)
    }
}

async fn read_form(mut multipart: Multipart) -> Result<Form, ServeError> {
    let broken = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ServeError::TooLarge {
                size: None,
                limit: MAX_UPLOAD_BYTES,
            }
        } else {
            form_error(format!("the form could not be read: {}", e.body_text()))
        }
    };
    let mut form = Form::default();
    while let Some(field) = multipart.next_field().await.map_err(broken)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            let file_name = field.file_name().unwrap_or_default().to_owned();
            let content = field.bytes().await.map_err(broken)?;
            // A browser sends an empty, nameless part when no file is chosen.
            if file_name.is_empty() && content.is_empty() {
                continue;
            }
            if form.file.is_some() {
                return Err(form_error("one file at a time, please"));
            }
            form.file = Some((file_name, content.to_vec()));
            continue;
        }
        let value = field.text().await.map_err(broken)?;
        if form.fields.insert(name.clone(), value).is_some() {
            return Err(form_error(format!("`{name}` is given twice")));
        }
    }
    Ok(form)
}

// ---------------------------------------------------------------------
// The answer: the event library, then the command line's rendering.

/// The kind of file, by its name's extension, as the command line takes it.
fn kind_of(name: &str) -> Result<FileKind, ServeError> {
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or_default();
    FileKind::by_extension(ext).ok_or_else(|| ServeError::WrongFile {
        file: name.to_owned(),
        message: FileKind::UNKNOWN.to_owned(),
    })
}

/// The answer to a request that worked.
#[derive(Debug)]
struct Answer {
    /// The document, in the format asked for (a download), or for the
    /// page: its title and body as HTML (the plain text of a TRF audit).
    body: Vec<u8>,
    /// The document's title, as HTML (for the page).
    title: String,
    /// What was done, in words.
    done: String,
    /// The library's warnings.
    warnings: Vec<String>,
    /// The options group that applied, if any.
    group: Option<Group>,
    /// A tie the rules send to a play-off or a ballot.
    needs_human: bool,
    /// The command line writes this answer as plain text in every format
    /// but JSON (the TRF audit): the page shows the text, and a download
    /// other than JSON is that text.
    plain: bool,
}

impl Ask {
    fn wrong(&self, message: &str) -> ServeError {
        ServeError::WrongFile {
            file: self.name.clone(),
            message: message.to_owned(),
        }
    }

    fn no_boards(&self, doing: &str) -> Result<(), ServeError> {
        match self.boards {
            Some(_) => Err(self.wrong(&format!(
                "boards chooses a pairs session's board tables; {doing}"
            ))),
            None => Ok(()),
        }
    }

    /// Why the event library did not answer, in the page's words (the
    /// command line's where it has them).
    fn refused(&self, r: Refusal) -> ServeError {
        match r {
            Refusal::Event(source) => ServeError::Event {
                file: self.name.clone(),
                source,
            },
            Refusal::NotUtf8 { line, column, byte } => ServeError::NotUtf8 {
                file: self.name.clone(),
                line,
                column,
                byte,
            },
            Refusal::WrongJob { kind, .. } => self.wrong(match kind {
                FileKind::Event(_) => "audit reads a results file (USEBIO or NZ Scorer .xml, PBN .pbn) or a FIDE TRF file (.trf)",
                FileKind::Results => "a USEBIO file is a scored session: show its standings (rescored) or an audit",
                FileKind::Trf => "a TRF file is a chess event: show its standings or an audit",
            }),
            Refusal::NotFide { .. } => self.wrong("a TRF file is ranked by the FIDE procedure"),
            Refusal::NoProcedure { kind, procedure } => self.wrong(&format!(
                "the procedure {procedure} was chosen, but {}",
                match kind {
                    FileKind::Results | FileKind::Trf => "a USEBIO file is a scored session: it is rescored or audited, not ranked by a procedure",
                    FileKind::Event(_) => "a pairs session is scored by its [event.scoring], not by a tie-break procedure",
                }
            )),
            Refusal::UnusedOptions { set, kind, applies } => ServeError::UnusedOptions {
                file: self.name.clone(),
                set,
                used: match (kind, applies.as_deref()) {
                    (FileKind::Results, _) => {
                        "a results file is rescored as its program scored it (or by scoring.convention)".to_owned()
                    }
                    (FileKind::Trf, _) => "a TRF file is ranked by fide".to_owned(),
                    (FileKind::Event(_), Some("scoring")) => {
                        "a pairs session is scored with the scoring options".to_owned()
                    }
                    (FileKind::Event(_), Some(p)) => format!("the event is ranked by {p}"),
                    (FileKind::Event(_), None) => "the file names no procedure".to_owned(),
                },
            },
        }
    }

    /// The event library's answer to the form, rendered as the command
    /// line renders it.
    fn answer(&self, format: Format) -> Result<Answer, ServeError> {
        let kind = kind_of(&self.name)?;
        let job = match self.show {
            Show::Auto => Job::Auto,
            Show::Explain => Job::Rank,
            Show::Score => Job::Score,
            Show::Audit => Job::Audit,
        };
        let mut request = Request::new(job);
        request.procedure = self.procedure;
        request.options = Options::ByGroup(
            self.options
                .iter()
                .map(|(g, raw)| ((*g).to_owned(), raw.clone()))
                .collect(),
        );
        let answer =
            countback_event::answer(&self.bytes, kind, &request).map_err(|r| self.refused(r))?;
        let (done, group, plain) = match &answer {
            countback_event::Answer::Ranked(r) => (
                format!("ranked by {}", r.procedure),
                Some(Group::Procedure(r.procedure)),
                false,
            ),
            countback_event::Answer::Scored { .. } => (
                "scored as a pairs session".to_owned(),
                Some(Group::Scoring),
                false,
            ),
            countback_event::Answer::Rescored(_) => {
                ("rescored from its table results".to_owned(), None, false)
            }
            countback_event::Answer::Audited(_) => (
                "audited: every stored figure rescored".to_owned(),
                None,
                false,
            ),
            countback_event::Answer::TrfAudited { .. } => (
                "audited: its declared ranks and points checked".to_owned(),
                Some(Group::Procedure(Procedure::Fide)),
                true,
            ),
        };
        if group != Some(Group::Scoring) {
            self.no_boards(match kind {
                FileKind::Event(_) => "this event is ranked",
                FileKind::Results => "a results file is shown as its program scored it",
                FileKind::Trf => "a TRF file is a chess event",
            })?;
        }
        let mut body = Vec::new();
        let shown = crate::answer::Shown {
            format,
            half: self.half,
            explain: self.show == Show::Explain,
            boards: self.boards.clone(),
        };
        let render = |e: io::Error| ServeError::Render(e.to_string());
        let mut title = String::new();
        match (self.want, crate::answer::doc(&answer, &shown)) {
            (Want::Page, Some(doc)) => {
                title = escape(&doc.title);
                body.push(b'\n');
                crate::doc::write_html_body(&mut body, &doc).map_err(render)?;
            }
            _ => crate::answer::write(&mut body, &answer, &shown).map_err(render)?,
        }
        Ok(Answer {
            body,
            title,
            done,
            warnings: crate::answer::warnings(&answer)
                .iter()
                .map(ToString::to_string)
                .collect(),
            group,
            needs_human: crate::answer::exit(&answer) == Exit::PlayOffRequired,
            plain,
        })
    }
}

// ---------------------------------------------------------------------
// HTTP.

fn common_headers(response: &mut Response) {
    let h = response.headers_mut();
    for (name, value) in [
        (header::CACHE_CONTROL, "no-store"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (HeaderName::from_static("x-frame-options"), "DENY"),
    ] {
        h.insert(name, HeaderValue::from_static(value));
    }
}

fn html(status: StatusCode, body: String) -> Response {
    let mut r = (status, body).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    common_headers(&mut r);
    r
}

async fn blank() -> Response {
    html(StatusCode::OK, page(&BTreeMap::new(), None))
}

async fn script() -> Response {
    let mut r = PAGE_JS.into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/javascript; charset=utf-8"),
    );
    common_headers(&mut r);
    r
}

async fn not_found() -> Response {
    let mut r = (
        StatusCode::NOT_FOUND,
        "countback serve has one page, at /; it serves no files.\n",
    )
        .into_response();
    common_headers(&mut r);
    r
}

/// The size a request declares, if it declares one.
fn declared_size(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
}

async fn ask(
    headers: HeaderMap,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Response {
    // Refused before a byte of the body is read.
    if let Some(size) = declared_size(&headers).filter(|s| *s > MAX_UPLOAD_BYTES as u64) {
        let e = ServeError::TooLarge {
            size: Some(size),
            limit: MAX_UPLOAD_BYTES,
        };
        return html(
            e.status(),
            page(&BTreeMap::new(), Some(&Shown::Failed(&e, None))),
        );
    }
    let form = match multipart {
        Ok(m) => read_form(m).await,
        Err(e) => Err(form_error(format!(
            "the form could not be read: {}",
            e.body_text()
        ))),
    };
    let form = match form {
        Ok(f) => f,
        Err(e) => {
            return html(
                e.status(),
                page(&BTreeMap::new(), Some(&Shown::Failed(&e, None))),
            )
        }
    };
    let fields = form.fields.clone();
    // The work is done away from the server's own thread; the file is
    // dropped with `ask` when the answer is made.
    let answered = tokio::task::spawn_blocking(move || respond(form, &fields)).await;
    answered.unwrap_or_else(|e| {
        let e = ServeError::Render(e.to_string());
        html(
            e.status(),
            page(&BTreeMap::new(), Some(&Shown::Failed(&e, None))),
        )
    })
}

fn respond(form: Form, fields: &BTreeMap<String, String>) -> Response {
    let ask = match form.ask() {
        Ok(a) => a,
        Err(e) => return html(e.status(), page(fields, Some(&Shown::Failed(&e, None)))),
    };
    let failed = |e: &ServeError| {
        html(
            e.status(),
            page(fields, Some(&Shown::Failed(e, Some(&ask)))),
        )
    };
    let format = match ask.want {
        Want::Download(f) => f,
        Want::Page => Format::Html,
    };
    let answer = match ask.answer(format) {
        Ok(a) => a,
        Err(e) => return failed(&e),
    };
    if let Want::Download(f) = ask.want {
        let f = if answer.plain && f != Format::Json {
            Format::Text
        } else {
            f
        };
        return download(&ask.name, f, answer.body);
    }
    let text;
    let doc = if answer.plain {
        text = format!(
            "<h1>{}</h1>\n<pre class=\"plain\">{}</pre>\n",
            escape(&ask.name),
            escape(&String::from_utf8_lossy(&answer.body))
        );
        Some(Rendered {
            title: &ask.name,
            main: &text,
        })
    } else {
        std::str::from_utf8(&answer.body).ok().map(|main| Rendered {
            title: &answer.title,
            main,
        })
    };
    match doc {
        Some(doc) => html(
            StatusCode::OK,
            page(
                fields,
                Some(&Shown::Done {
                    file: &ask.name,
                    answer: &answer,
                    doc,
                }),
            ),
        ),
        None => failed(&ServeError::Render(
            "the document is not UTF-8".to_owned(),
        )),
    }
}

/// A download's file name: the upload's stem (letters, digits, `.`, `-`,
/// `_` kept) and the format's extension.
fn download_name(upload: &str, format: Format) -> String {
    let base = upload.rsplit(['/', '\\']).next().unwrap_or(upload);
    let stem = base.rsplit_once('.').map_or(base, |(s, _)| s);
    let mut clean: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    clean = clean.trim_start_matches('.').to_owned();
    if clean.is_empty() {
        clean = "countback".to_owned();
    }
    let ext = match format {
        Format::Json => "json",
        Format::Csv => "csv",
        Format::Html => "html",
        Format::Text => "txt",
    };
    format!("{clean}.{ext}")
}

fn download(upload: &str, format: Format, body: Vec<u8>) -> Response {
    let kind = match format {
        Format::Json => "application/json",
        Format::Csv => "text/csv; charset=utf-8",
        Format::Html => "text/html; charset=utf-8",
        Format::Text => "text/plain; charset=utf-8",
    };
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    if let Ok(v) = HeaderValue::from_str(&format!(
        "attachment; filename=\"{}\"",
        download_name(upload, format)
    )) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    common_headers(&mut r);
    r
}

// ---------------------------------------------------------------------
// The page.

/// The parts of the command line's HTML document the page shows: its
/// title and body.
#[derive(Debug, Clone, Copy)]
struct Rendered<'a> {
    title: &'a str,
    main: &'a str,
}

/// The style of the command line's HTML documents, which the page shares.
fn doc_style() -> &'static str {
    crate::doc::STYLE
}

/// What the result area shows.
enum Shown<'a> {
    Done {
        file: &'a str,
        answer: &'a Answer,
        doc: Rendered<'a>,
    },
    Failed(&'a ServeError, Option<&'a Ask>),
}

fn page(fields: &BTreeMap<String, String>, shown: Option<&Shown<'_>>) -> String {
    let mut out = String::with_capacity(64 * 1024);
    let title = match shown {
        // The document's title is HTML already.
        Some(Shown::Done { doc, .. }) => format!("{} — countback", doc.title),
        Some(Shown::Failed(..)) => "Not read — countback".to_owned(),
        None => "countback — standings and tie-breaks by the book".to_owned(),
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"countback {}\">\n<title>{}</title>\n\
         <style>{}{PAGE_CSS}</style>\n<script src=\"/page.js\" defer></script>\n</head>\n<body>\n",
        env!("CARGO_PKG_VERSION"),
        title,
        doc_style(),
    );
    if shown.is_some() {
        out.push_str("<a class=\"skip\" href=\"#result\">Skip to the results</a>\n");
    }
    out.push_str(
        "<header class=\"bar\"><p><b>countback</b> <span>standings and tie-breaks by the book, with the clause for every decision</span></p></header>\n<main>\n",
    );
    form(&mut out, fields);
    result(&mut out, shown);
    let _ = write!(
        out,
        "</main>\n<footer class=\"page\"><p>Nothing is stored: each file is read in memory, answered and forgotten. Up to {} a file. The same rules and rendering as the <code>countback</code> command line (<code>--format html</code>).</p></footer>\n</body>\n</html>\n",
        bytes(MAX_UPLOAD_BYTES as u64)
    );
    out
}

fn selected(fields: &BTreeMap<String, String>, name: &str, value: &str) -> &'static str {
    if fields.get(name).map(|v| v.trim()) == Some(value) {
        " selected"
    } else {
        ""
    }
}

fn form(out: &mut String, fields: &BTreeMap<String, String>) {
    let _ = write!(
        out,
        "<form id=\"ask\" class=\"ask\" method=\"post\" action=\"/\" enctype=\"multipart/form-data\">\n\
         <div class=\"drop\" id=\"drop\">\n\
         <label for=\"file\" class=\"big\">Choose or drop a file</label>\n\
         <input type=\"file\" id=\"file\" name=\"file\" accept=\".toml,.json,.xml,.pbn,.trf,.txt\" aria-describedby=\"file-hint\">\n\
         <p id=\"file-hint\" class=\"hint\">An event file (.toml, .json), a results file (USEBIO or NZ Scorer .xml, PBN .pbn) or a FIDE TRF file (.trf), up to {}.</p>\n\
         </div>\n<div class=\"row\">\n<div class=\"field\"><label for=\"show\">Show</label><select id=\"show\" name=\"show\">",
        bytes(MAX_UPLOAD_BYTES as u64)
    );
    for (value, _, label) in SHOWS {
        let _ = write!(
            out,
            "<option value=\"{value}\"{}>{}</option>",
            selected(fields, "show", value),
            escape(label)
        );
    }
    out.push_str(
        "</select></div>\n<div class=\"field\"><label for=\"procedure\">Procedure</label><select id=\"procedure\" name=\"procedure\"><option value=\"\">as the file says</option>",
    );
    for p in Procedure::ALL {
        let _ = write!(
            out,
            "<option value=\"{p}\"{}>{p}</option>",
            selected(fields, "procedure", p.name())
        );
    }
    out.push_str("</select></div>\n</div>\n");
    out.push_str(
        "<details class=\"more\" id=\"options\"><summary>Options <span id=\"options-for\" class=\"hint\"></span></summary>\n\
         <p class=\"hint\">Leave a field empty to keep what the file says, or the procedure's default. These are the options of <code>countback rank -o KEY=VALUE</code> (and of <code>score</code> for a pairs session).</p>\n",
    );
    for group in Group::all() {
        let fields_of = option_fields(group);
        let _ = writeln!(
            out,
            "<fieldset class=\"group\" data-group=\"{0}\"><legend>{0}</legend>",
            group.name()
        );
        if fields_of.is_empty() {
            out.push_str("<p class=\"hint\">No options: the text leaves nothing to choose.</p>\n");
        }
        for f in fields_of {
            option_input(out, fields, group, &f);
        }
        out.push_str("</fieldset>\n");
    }
    out.push_str("</details>\n<details class=\"more\"><summary>Display</summary>\n<div class=\"row\">\n<div class=\"field\"><label for=\"half\">An exact half that must be cut rounds</label><select id=\"half\" name=\"half\">");
    for (value, label) in HALVES {
        let _ = write!(
            out,
            "<option value=\"{value}\"{}>{}</option>",
            selected(fields, "half", value),
            escape(label)
        );
    }
    let _ = write!(
        out,
        "</select></div>\n<div class=\"field\"><label for=\"boards\">Board tables (a pairs session)</label><input id=\"boards\" name=\"boards\" type=\"text\" inputmode=\"text\" placeholder=\"all\" value=\"{}\" aria-describedby=\"boards-hint\"><p id=\"boards-hint\" class=\"hint\">all, adjusted, none, or board numbers such as 1,4,7-9</p></div>\n</div>\n</details>\n\
         <div class=\"actions\"><button type=\"submit\" name=\"want\" value=\"page\" class=\"primary\">Show the results</button><span id=\"busy\" class=\"hint\" role=\"status\" aria-live=\"polite\"></span></div>\n</form>\n",
        escape(fields.get("boards").map_or("", |s| s.as_str()))
    );
}

fn option_input(
    out: &mut String,
    fields: &BTreeMap<String, String>,
    group: Group,
    f: &OptionField,
) {
    let name = format!("{}.{}", group.name(), f.key);
    let id = format!("o-{}-{}", group.name(), f.key);
    let label = f.key.replace('_', " ");
    let _ = write!(
        out,
        "<div class=\"field\"><label for=\"{id}\">{}</label>",
        escape(&label)
    );
    let current = fields.get(&name).map_or("", |s| s.as_str());
    match &f.widget {
        Widget::Choice(names) => {
            let _ = write!(
                out,
                "<select id=\"{id}\" name=\"{name}\" aria-describedby=\"{id}-hint\"><option value=\"\">(as the file says)</option>"
            );
            for n in names {
                let _ = write!(
                    out,
                    "<option{}>{}</option>",
                    selected(fields, &name, n),
                    escape(n)
                );
            }
            out.push_str("</select>");
        }
        Widget::Flag => {
            let _ = write!(
                out,
                "<select id=\"{id}\" name=\"{name}\" aria-describedby=\"{id}-hint\"><option value=\"\">(as the file says)</option><option{}>true</option><option{}>false</option></select>",
                selected(fields, &name, "true"),
                selected(fields, &name, "false"),
            );
        }
        Widget::Text { items, .. } => {
            let _ = write!(
                out,
                "<input id=\"{id}\" name=\"{name}\" type=\"text\" value=\"{}\" aria-describedby=\"{id}-hint\" autocomplete=\"off\" spellcheck=\"false\">",
                escape(current)
            );
            if !items.is_empty() {
                let _ = write!(
                    out,
                    "<p class=\"hint\">A list, e.g. [\"{}\"], of: {}</p>",
                    escape(items.first().map_or("", String::as_str)),
                    escape(&items.join(", "))
                );
            }
        }
    }
    let _ = writeln!(
        out,
        "<p id=\"{id}-hint\" class=\"hint\">{}</p></div>",
        with_code(&f.hint)
    );
}

fn result(out: &mut String, shown: Option<&Shown<'_>>) {
    match shown {
        None => out.push_str(
            "<section id=\"result\" class=\"result empty\" tabindex=\"-1\" aria-label=\"Results\"><p>The standings, the board tables and every tie with the clause that split it appear here.</p></section>\n",
        ),
        Some(Shown::Failed(e, ask)) => {
            let _ = write!(
                out,
                "<section id=\"result\" class=\"result\" tabindex=\"-1\" aria-label=\"Results\" data-group=\"{}\">\n<div class=\"error\" role=\"alert\">\n<h2>Not read</h2>\n<p class=\"message\">{}</p>\n",
                escape(e.group().unwrap_or_default()),
                escape(&e.to_string())
            );
            if let (Some(line), Some(ask)) = (e.line(), ask) {
                excerpt(out, &ask.name, &ask.bytes, line);
            }
            out.push_str("</div>\n</section>\n");
        }
        Some(Shown::Done { file, answer, doc }) => {
            let group = answer.group.map_or("", Group::name);
            let _ = write!(
                out,
                "<section id=\"result\" class=\"result\" tabindex=\"-1\" aria-label=\"Results\" data-group=\"{group}\">\n\
                 <div class=\"tools\"><p class=\"done\"><b>{}</b>: {}.</p>\n\
                 <div class=\"buttons\" role=\"group\" aria-label=\"Download\"><span>Download</span>\
                 {}<button form=\"ask\" type=\"submit\" name=\"want\" value=\"json\">JSON</button>{}\
                 <button type=\"button\" id=\"print\" hidden>Print</button></div>\n\
                 <noscript><p class=\"hint\">To download, choose the file again first (without scripts the page cannot keep it).</p></noscript>\n</div>\n",
                escape(file),
                escape(&answer.done),
                if answer.plain {
                    "<button form=\"ask\" type=\"submit\" name=\"want\" value=\"text\">Text</button>"
                } else {
                    "<button form=\"ask\" type=\"submit\" name=\"want\" value=\"html\">Printable page</button>"
                },
                if answer.plain {
                    ""
                } else {
                    "<button form=\"ask\" type=\"submit\" name=\"want\" value=\"csv\">CSV</button>"
                }
            );
            if answer.needs_human {
                out.push_str("<p class=\"notice\" role=\"note\">A tie is left for a play-off or a random ballot, as the rules say: the order shown is complete except for it.</p>\n");
            }
            if !answer.warnings.is_empty() {
                out.push_str("<div class=\"warnings\" role=\"note\"><h2>Warnings</h2><ul>\n");
                for w in &answer.warnings {
                    let _ = writeln!(out, "<li>{}: {}</li>", escape(file), escape(w));
                }
                out.push_str("</ul></div>\n");
            }
            let _ = write!(out, "<article class=\"doc\">{}</article>\n</section>\n", doc.main);
        }
    }
}

/// Text for HTML, its `backquoted` words as code.
fn with_code(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (i, piece) in text.split('`').enumerate() {
        // An odd count of backquotes leaves the last piece as plain text.
        if i % 2 == 1 && text.matches('`').count().is_multiple_of(2) {
            let _ = write!(out, "<code>{}</code>", escape(piece));
        } else {
            out.push_str(&escape(piece));
        }
    }
    out
}

/// The lines around `line` of the uploaded text, numbered, the line itself
/// marked.
fn excerpt(out: &mut String, file: &str, bytes: &[u8], line: usize) {
    let text = String::from_utf8_lossy(bytes);
    let first = line.saturating_sub(2).max(1);
    let _ = write!(
        out,
        "<figure class=\"excerpt\"><figcaption>{}, line {line}</figcaption><pre>",
        escape(file)
    );
    for (n, l) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if n < first {
            continue;
        }
        if n > line + 2 {
            break;
        }
        let l: String = l.chars().take(160).collect();
        if n == line {
            let _ = writeln!(out, "<mark>{n:>5} │ {}</mark>", escape(&l));
        } else {
            let _ = writeln!(out, "{n:>5} │ {}", escape(&l));
        }
    }
    out.push_str("</pre></figure>\n");
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn only_loopback_host_names_pass_on_loopback() {
        for ok in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "[::1]",
            "127.1.2.3:80",
        ] {
            assert!(is_loopback_host(ok), "{ok}");
        }
        for no in [
            "evil.example:8080",
            "evil.example",
            "",
            "10.0.0.1:8080",
            "localhost.evil.example",
            "[::2]:8080",
            "127.0.0.1.evil.example:80",
        ] {
            assert!(!is_loopback_host(no), "{no}");
        }
    }

    #[test]
    fn only_a_loopback_address_is_quiet() {
        assert!(bind_warning("127.0.0.1".parse().unwrap()).is_none());
        assert!(bind_warning("::1".parse().unwrap()).is_none());
        let w = bind_warning("0.0.0.0".parse().unwrap()).unwrap();
        assert!(w.contains("warning") && w.contains("0.0.0.0"), "{w}");
        assert!(bind_warning("192.168.1.5".parse().unwrap()).is_some());
    }

    #[test]
    fn every_group_has_its_options_from_the_library() {
        let ebu = option_fields(Group::Procedure(Procedure::Ebu));
        let tie = ebu.iter().find(|f| f.key == "tie_purpose").unwrap();
        assert_eq!(
            tie.widget,
            Widget::Choice(vec![
                "title".into(),
                "qualifying_place".into(),
                "indivisible_prize".into(),
                "shared_place".into()
            ])
        );
        let all = ebu.iter().find(|f| f.key == "all_play_all").unwrap();
        assert_eq!(all.widget, Widget::Flag);
        let places = ebu.iter().find(|f| f.key == "places").unwrap();
        assert!(matches!(places.widget, Widget::Text { string: false, .. }));
        let ihsa = option_fields(Group::Procedure(Procedure::Ihsa));
        let max = ihsa.iter().find(|f| f.key == "max_match_points").unwrap();
        assert!(matches!(max.widget, Widget::Text { string: true, .. }));
        let uscf = option_fields(Group::Procedure(Procedure::Uscf));
        let tb = uscf.iter().find(|f| f.key == "tiebreaks").unwrap();
        assert!(
            matches!(&tb.widget, Widget::Text { string: false, items } if items.contains(&"solkoff".to_owned()))
        );
        let fide = option_fields(Group::Procedure(Procedure::Fide));
        let ed = fide.iter().find(|f| f.key == "edition").unwrap();
        assert_eq!(
            ed.widget,
            Widget::Choice(vec!["by_start_date".into(), "2024".into(), "2026".into()])
        );
        assert!(option_fields(Group::Procedure(Procedure::WbfKnockout)).is_empty());
        for g in Group::all().filter(|g| *g != Group::Procedure(Procedure::WbfKnockout)) {
            assert!(!option_fields(g).is_empty(), "{}", g.name());
        }
    }

    #[test]
    fn download_names_keep_only_plain_characters() {
        assert_eq!(
            download_name("ihsa-team-event.toml", Format::Json),
            "ihsa-team-event.json"
        );
        assert_eq!(download_name("../../etc/passwd", Format::Csv), "passwd.csv");
        assert_eq!(download_name("C:\\x\\a b\".xml", Format::Html), "a_b_.html");
        assert_eq!(download_name(".toml", Format::Json), "countback.json");
    }

    /// The page shows the command line's document from its parts (its
    /// body and style), not by searching the whole page for them.
    #[test]
    fn the_page_shows_the_documents_body_and_style() {
        let doc = crate::doc::Doc {
            title: "T & U".to_owned(),
            ..crate::doc::Doc::default()
        };
        let (mut whole, mut body) = (Vec::new(), Vec::new());
        crate::doc::write_html(&mut whole, &doc).unwrap();
        crate::doc::write_html_body(&mut body, &doc).unwrap();
        let (whole, body) = (
            String::from_utf8(whole).unwrap(),
            String::from_utf8(body).unwrap(),
        );
        assert!(whole.contains(&format!("<main>\n{body}</main>")));
        assert!(whole.contains(&format!("<style>{}</style>", doc_style())));
        assert!(body.contains("<h1>T &amp; U</h1>"));
        assert!(doc_style().contains("@media print"));
    }

    /// Issue 24: the page's options of each procedure come from the event
    /// library's registry entry, with no wildcard: a procedure the page's
    /// own list forgot got no options, silently.
    #[test]
    fn every_procedure_brings_its_options_to_the_page() {
        for p in Procedure::ALL {
            let schema = countback_event::procedures::options_schema(p);
            let keys: Vec<String> = schema
                .get("properties")
                .and_then(Value::as_object)
                .map(|o| o.keys().cloned().collect())
                .unwrap_or_default();
            let fields: Vec<String> = option_fields(Group::Procedure(p))
                .into_iter()
                .map(|f| f.key)
                .collect();
            assert_eq!(fields, keys, "{p}");
            assert!(schema.get("title").is_some(), "{p}: no schema");
        }
    }
}
