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
//! **It cannot be exhausted, and no client locks out the others**
//! ([`Limits`]): open connections are capped in all and per client
//! (fitted to the descriptor limit); headers, bodies (a deadline per
//! request) and idle connections are timed out; the bodies held are
//! counted in bytes, in all and per client ([`Limits::client_bytes`]: two
//! of the largest files' worth in flight), and past either a post is answered 503 with `Retry-After`
//! before its body is read; at most [`Limits::jobs`] answers (the cores)
//! and [`Limits::work_bytes`] of input are computed at once, in the order
//! asked. A post whose client goes away (hyper reads its end of stream and
//! drops the post) never starts if it is waiting, and stops before the
//! rules, before rendering or at rendering's next write if it is
//! computing, giving its slot back; each says so on standard error
//! (docs/cli.md).
//!
//! **Where it listens.** `127.0.0.1` by default; any other address needs
//! `--bind` and prints a warning ([`bind_warning`]).
//!
//! The form's fields: `file`; `show` (`auto`, `explain`, `score`, `audit`);
//! `procedure` (empty: as the file says); `half`; `boards`; `draw_lots` (a
//! seed: ties sent to lots or a ballot drawn, as `--draw-lots`); `want` (`page`,
//! or a download: `html`, `json`, `csv`); and one field per option,
//! `GROUP.KEY`, where GROUP is a procedure's name or `scoring` and the keys
//! are the fields of that group's options type in the event library. An
//! unknown field is an error, never ignored.
//!
//! The page is form → answer → render: `form` reads the fields into an
//! `Ask`; this module asks the event library (`countback_event::answer`)
//! and words its refusals; `page` writes the page around the command
//! line's document; `http` is the handlers, the multipart read and the
//! headers.

use std::io;
use std::net::{IpAddr, SocketAddr};

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderName, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use countback_event::{EventError, FileKind, Job, Options, Procedure, Refusal, Request};

use crate::cli::{Boards, Format, HalfDisplay, ServeArgs};
use crate::doc::escape;
use crate::error::{CliError, Exit};

/// The largest request the page takes, file and form together: 129 MiB,
/// the command line's largest file (an event file in JSON, 128 MiB: a pairs
/// session of 2,000,000 results) and 1 MiB for the form's fields and
/// multipart framing, so a file that works on the command line works on
/// the page.
pub const MAX_UPLOAD_BYTES: usize = countback_event::limits::MAX_JSON_BYTES + (1 << 20);

/// The seconds a client told "busy" is asked to wait (`Retry-After`).
pub const RETRY_AFTER_SECS: u64 = 2;

const PAGE_CSS: &str = include_str!("page.css");
const PAGE_JS: &str = include_str!("page.js");

mod conn;
mod form;
mod http;
mod page;

pub use conn::Limits;

use form::*;
use http::*;
use page::*;

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
    #[error("choose a file first: {}", countback_event::kinds::described(None))]
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
    #[error("{file}: {}", in_page_words(source))]
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
    /// Every job slot and queue place is taken: retry in a moment.
    #[error("the page is busy with other files: try again in a few seconds")]
    Busy,
    /// The client went away while its answer was being computed: the job
    /// stopped at its next stage (no one reads this).
    #[error("the answer was given up: the page that asked for it went away")]
    Gone,
    /// The form's body did not arrive within the body timeout.
    #[error("the file took longer than {} s to arrive: try again, or on a faster connection", .0.as_secs())]
    SlowBody(std::time::Duration),
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
            ServeError::Busy | ServeError::Gone => StatusCode::SERVICE_UNAVAILABLE,
            ServeError::SlowBody(_) => StatusCode::REQUEST_TIMEOUT,
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

/// The page's answer to a form already read from its multipart body,
/// without HTTP: the file (its name and bytes) and the other fields, as the
/// page's handler takes them. Returns the status the page would send. For
/// embedding the page's behaviour and for fuzzing the form's handling
/// (fuzz/fuzz_targets/form.rs).
#[must_use]
pub fn respond_to_form(
    file: Option<(String, Vec<u8>)>,
    fields: std::collections::BTreeMap<String, String>,
) -> u16 {
    let form = Form {
        files: file.into_iter().collect(),
        fields: fields.clone(),
    };
    respond(form, &fields).status().as_u16()
}

/// Run `countback serve`: listen, print where, and answer until stopped.
pub fn run(args: &ServeArgs) -> Result<Exit, CliError> {
    let addr = SocketAddr::new(args.bind, args.port);
    let listen = |source| CliError::Listen { addr, source };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(listen)?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(listen)?;
        let local = listener.local_addr().map_err(listen)?;
        if let Some(w) = bind_warning(args.bind) {
            eprintln!("{w}");
        }
        eprintln!("countback: the results page is at http://{local}/ (Ctrl-C stops it)");
        let mut limits = match args.timeouts_secs {
            Some(t) => Limits::default().with_timeouts(std::time::Duration::from_secs(t)),
            None => Limits::default(),
        };
        if let Some(n) = args.jobs {
            limits.jobs = n.max(1);
        }
        serve_with(listener, limits).await.map_err(listen)
    })?;
    Ok(Exit::Success)
}

/// Answer requests on `listener` until the process stops, within the
/// default [`Limits`].
pub async fn serve(listener: tokio::net::TcpListener) -> io::Result<()> {
    serve_with(listener, Limits::default()).await
}

/// Answer requests on `listener` until the process stops, within `limits`.
/// The runtime needs its timer (`enable_time`).
///
/// On a loopback address only requests naming a loopback host are
/// answered: a web page elsewhere cannot reach the page through a name
/// of its own that it points at 127.0.0.1 (DNS rebinding).
pub async fn serve_with(listener: tokio::net::TcpListener, limits: Limits) -> io::Result<()> {
    let app = router_with(&limits);
    let app = if listener.local_addr()?.ip().is_loopback() {
        app.layer(axum::middleware::from_fn(loopback_host_only))
    } else {
        app
    };
    conn::accept_loop(listener, app, limits).await
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
    router_with(&Limits::default())
}

/// The page's routes, with the job bound and body timeout of `limits`.
fn router_with(limits: &Limits) -> Router {
    Router::new()
        .route("/", get(blank).post(ask))
        .route("/page.js", get(script))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES))
        .layer(axum::Extension(conn::Jobs::new(limits)))
}

// ---------------------------------------------------------------------
// The answer: the event library, then the command line's rendering.

/// The event library's error as the page says it: what was set for this
/// run is named by the page's own field (the procedure chooser, an
/// option's `GROUP.OPTION` field), and a teams file asked to be scored is
/// sent to the chooser.
fn in_page_words(e: &EventError) -> String {
    use countback_event::{Problem, Segment};
    let mut said = match e.field.as_ref().filter(|f| f.is_run()) {
        Some(field) => match field.0.get(1..).unwrap_or_default() {
            [Segment::Key(k)] if k == "procedure" => format!("the Procedure field: {}", e.problem),
            [Segment::Key(k), ..] => format!("the option {k}: {}", e.problem),
            _ => format!("the options: {}", e.problem),
        },
        None => e.to_string(),
    };
    if matches!(e.problem, Problem::TeamsFile { .. }) {
        said.push_str(": choose one in the Procedure field");
    }
    said
}

/// What to say when no file was chosen: every kind the page reads, from
/// the event library's table of file kinds.
pub(crate) fn choose_first() -> String {
    format!(
        "Choose a file first: {}.",
        countback_event::kinds::described(None)
    )
}

/// The kind of file, by its content first and then its name, as the
/// command line takes it (the event library's table of file kinds).
fn kind_of(name: &str, bytes: &[u8]) -> Result<FileKind, ServeError> {
    countback_event::kinds::recognise(name, bytes)
        .map(|f| f.kind)
        .map_err(|e| ServeError::WrongFile {
            file: name.to_owned(),
            message: e.to_string(),
        })
}

/// The answer to a request that worked.
#[derive(Debug)]
struct Answer {
    /// The document, in the format asked for (a download), or for the
    /// page: its title and body as HTML.
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
    /// A pairs session (scored, or a results file rescored): the page
    /// offers its USEBIO download.
    pairs_session: bool,
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
            Refusal::Event(source) | Refusal::InSession { error: source, .. } => {
                ServeError::Event {
                    file: self.name.clone(),
                    source,
                }
            }
            Refusal::NotUtf8 { line, column, byte } => ServeError::NotUtf8 {
                file: self.name.clone(),
                line,
                column,
                byte,
            },
            Refusal::WrongJob { kind, .. } => self.wrong(&match kind {
                FileKind::Event(_) => format!(
                    "an audit reads {}",
                    countback_event::kinds::described(Some(Job::Audit))
                ),
                FileKind::Results => format!(
                    "a results file ({}) is a scored session: show its standings (rescored) or an audit",
                    countback_event::kinds::results_labels()
                ),
                FileKind::Trf => {
                    "a TRF file is a chess event: show its standings or an audit".to_owned()
                }
            }),
            Refusal::NotFide { .. } => self.wrong("a TRF file is ranked by the FIDE procedure"),
            Refusal::NoProcedure { kind, procedure } => self.wrong(&format!(
                "the procedure {procedure} was chosen, but {}",
                match kind {
                    FileKind::Results | FileKind::Trf => format!(
                        "a results file ({}) is a scored session: it is rescored or audited, not ranked by a procedure",
                        countback_event::kinds::results_labels()
                    ),
                    FileKind::Event(_) => "a pairs session is scored by its [event.scoring], not by a tie-break procedure".to_owned(),
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

    /// Several files, the sessions of one event, combined by the form's
    /// rule through the event library's one call for them (as `countback
    /// score S1 S2 --combine RULE`).
    fn sessions(
        &self,
        kind: FileKind,
        request: &Request,
    ) -> Result<countback_event::Answer, ServeError> {
        use countback_event::sessions::SessionFile;
        let combine = self.combine.ok_or_else(|| {
            self.wrong(
                "several files are the sessions of one event: choose how they combine in the Combine field",
            )
        })?;
        // The page has no field for how each session ranks its own ties:
        // shared, the default.
        let rule = crate::session::sessions_rule(
            combine,
            self.match_by,
            None,
            self.count,
            self.minimum,
            self.series_ties,
        );
        let mut files = vec![SessionFile {
            name: &self.name,
            bytes: &self.bytes,
            kind,
        }];
        for (name, bytes) in &self.more {
            files.push(SessionFile {
                name,
                bytes,
                kind: kind_of(name, bytes)?,
            });
        }
        countback_event::answer_sessions(&files, &rule, request).map_err(|r| match r {
            Refusal::InSession { session, error } => ServeError::Event {
                file: files
                    .get(session)
                    .map_or_else(|| self.name.clone(), |f| f.name.to_owned()),
                source: error,
            },
            other => self.refused(other),
        })
    }

    /// The event library's answer to the form, rendered as the command
    /// line renders it.
    fn answer(&self, format: Format, gone: &conn::Gone) -> Result<Answer, ServeError> {
        if gone.is_set() {
            return Err(ServeError::Gone);
        }
        if self.show == Show::Vp {
            return self.render(format, &self.vp()?, None, gone);
        }
        let kind = kind_of(&self.name, &self.bytes)?;
        let job = match self.show {
            Show::Auto => Job::Auto,
            Show::Explain => Job::Rank,
            Show::Score => Job::Score,
            Show::Audit => Job::Audit,
            // Answered above.
            Show::Vp => Job::Auto,
        };
        let mut request = Request::new(job);
        request.procedure = self.procedure;
        request.draw_lots = self.draw_lots;
        request.options = Options::ByGroup(
            self.options
                .iter()
                .map(|(g, raw)| ((*g).to_owned(), raw.clone()))
                .collect(),
        );
        // A teams results file asked for as USEBIO is refused as the
        // command line refuses it: saying why USEBIO would not carry it.
        let usebio = |r: Refusal| {
            if format == Format::Usebio {
                r.for_usebio()
            } else {
                r
            }
        };
        let answer = if self.more.is_empty() && self.combine.is_none() {
            countback_event::answer(&self.bytes, kind, &request)
                .map_err(|r| self.refused(usebio(r)))?
        } else {
            self.sessions(kind, &request)?
        };
        // The rules are done; rendering a large answer costs as much
        // again, for nobody if the client has gone.
        if gone.is_set() {
            return Err(ServeError::Gone);
        }
        self.render(format, &answer, Some(kind), gone)
    }

    /// IMPs to VPs from the form's scale, boards and margins, through the
    /// event library's one answer for them (the command line's `vp`).
    fn vp(&self) -> Result<countback_event::Answer, ServeError> {
        let scale = self
            .vp
            .scale
            .ok_or_else(|| self.wrong("IMPs to VPs: choose a scale in the VP scale field"))?;
        let boards = self
            .vp
            .boards
            .ok_or_else(|| self.wrong("IMPs to VPs: give the boards of the match"))?;
        let mut request = countback_event::VpRequest::new(scale, boards);
        request.margins.clone_from(&self.vp.margins);
        countback_event::answer_vp(&request).map_err(|r| self.refused(r))
    }

    /// An answer rendered for the page or a download, as the command line
    /// renders it; `kind` the file's (none for IMPs to VPs). A client gone
    /// meanwhile stops it at its next write.
    fn render(
        &self,
        format: Format,
        answer: &countback_event::Answer,
        kind: Option<FileKind>,
        gone: &conn::Gone,
    ) -> Result<Answer, ServeError> {
        let (done, group) = match answer {
            countback_event::Answer::Ranked(r) => (
                format!("ranked by {}", r.procedure),
                Some(Group::Procedure(r.procedure)),
            ),
            countback_event::Answer::Scored { .. } => {
                ("scored as a pairs session".to_owned(), Some(Group::Scoring))
            }
            countback_event::Answer::Rescored(_) => {
                ("rescored from its table results".to_owned(), None)
            }
            countback_event::Answer::Audited(_) => {
                ("audited: every stored figure rescored".to_owned(), None)
            }
            // The page does not ask for the schema either.
            countback_event::Answer::Schema(_) => ("the event file's JSON Schema".to_owned(), None),
            countback_event::Answer::Vp(v) => (format!("IMPs to VPs by {}", v.table.scale()), None),
            countback_event::Answer::Combined(c) => (
                format!(
                    "{} sessions combined: {}",
                    c.sessions.len(),
                    c.rule.combine.name()
                ),
                None,
            ),
            countback_event::Answer::TrfAudited { .. }
            | countback_event::Answer::TeamAudited { .. } => (
                "audited: its declared ranks and points checked".to_owned(),
                Some(Group::Procedure(Procedure::Fide)),
            ),
        };
        if format == Format::Usebio {
            // Written from the answer by the event library, as the command
            // line writes it: the same bytes.
            let body = countback_event::usebio(answer)
                .map_err(|r| self.refused(r))?
                .into_bytes();
            return Ok(Answer {
                body,
                title: String::new(),
                done,
                warnings: Vec::new(),
                group,
                needs_human: false,
                pairs_session: true,
            });
        }
        // A pairs session and a rescored results file have board tables.
        let has_boards =
            group == Some(Group::Scoring) || matches!(answer, countback_event::Answer::Rescored(_));
        if !has_boards {
            self.no_boards(match kind {
                Some(FileKind::Event(_)) => "this event is ranked",
                Some(FileKind::Results) => "an audit lists the stored figures, not board tables (show the standings for those)",
                Some(FileKind::Trf) => "a TRF file is a chess event",
                None => "IMPs to VPs has no board tables",
            })?;
        }
        let mut body = Vec::new();
        let shown = crate::answer::Shown {
            format,
            half: self.half,
            explain: self.show == Show::Explain,
            boards: self.boards.clone(),
            table: None,
        };
        let render = |e: io::Error| {
            if gone.is_set() {
                ServeError::Gone
            } else {
                ServeError::Render(e.to_string())
            }
        };
        let mut title = String::new();
        // Rendering a large answer costs as much as the rules: each write
        // first asks whether the client is still there.
        let mut out = conn::UnlessGone::new(&mut body, gone);
        match (self.want, crate::answer::page_doc(answer, &shown)) {
            (Want::Page, Some(doc)) => {
                title = escape(&doc.title);
                io::Write::write_all(&mut out, b"\n").map_err(render)?;
                crate::doc::write_html_body(&mut out, &doc).map_err(render)?;
            }
            _ => crate::answer::write(&mut out, answer, &shown).map_err(render)?,
        }
        Ok(Answer {
            body,
            title,
            done,
            // Each kind of warning once, with its count (issue 41).
            warnings: countback_event::told(crate::answer::warnings(answer))
                .iter()
                .map(ToString::to_string)
                .collect(),
            group,
            needs_human: crate::answer::exit(answer) == Exit::PlayOffRequired,
            pairs_session: matches!(
                answer,
                countback_event::Answer::Scored { .. } | countback_event::Answer::Rescored(_)
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use serde_json::Value;

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
        crate::doc::write_doc(&mut whole, &doc, crate::doc::DocFormat::Html).unwrap();
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
