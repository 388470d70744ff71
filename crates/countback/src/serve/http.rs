//! HTTP: the handlers, the multipart form read, the headers every answer
//! carries, downloads.

use std::collections::BTreeMap;
use std::io::Write as _;

use axum::extract::Multipart;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use super::*;

/// The form, read from its multipart body; `named` is told the first
/// file's name as soon as its part begins (so that a post given up while
/// its file arrives can be named).
pub(super) async fn read_form(
    mut multipart: Multipart,
    named: &mut Unanswered,
) -> Result<Form, ServeError> {
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
            if named.name.is_none() && !file_name.is_empty() {
                named.name = Some(file_name.clone());
            }
            let content = field.bytes().await.map_err(broken)?;
            // A browser sends an empty, nameless part when no file is chosen.
            if file_name.is_empty() && content.is_empty() {
                continue;
            }
            // Several files are the sessions of one event, in the order
            // sent (combined by the form's `combine` rule).
            if form.files.len() >= MAX_SESSIONS {
                return Err(form_error(format!(
                    "at most {} files (the sessions of one event) at a time",
                    MAX_SESSIONS
                )));
            }
            // The body's own buffer, not a copy of it: a body held costs its
            // size once (the byte budget counts it so).
            form.files.push((file_name, Vec::from(content)));
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
// HTTP.

pub(super) fn common_headers(response: &mut Response) {
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

pub(super) fn html(status: StatusCode, body: String) -> Response {
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

pub(super) async fn blank() -> Response {
    html(StatusCode::OK, page(&BTreeMap::new(), None))
}

pub(super) async fn script() -> Response {
    let mut r = PAGE_JS.into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/javascript; charset=utf-8"),
    );
    common_headers(&mut r);
    r
}

pub(super) async fn not_found() -> Response {
    let mut r = (
        StatusCode::NOT_FOUND,
        "countback serve has one page, at /; it serves no files.\n",
    )
        .into_response();
    common_headers(&mut r);
    r
}

/// The size a request declares, if it declares one.
pub(super) fn declared_size(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
}

/// A refusal before any work: the blank page with the error.
fn refused(e: &ServeError) -> Response {
    let mut r = html(
        e.status(),
        page(&BTreeMap::new(), Some(&Shown::Failed(e, None))),
    );
    if matches!(e, ServeError::Busy) {
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    }
    r
}

pub(super) async fn ask(
    axum::Extension(jobs): axum::Extension<conn::Jobs>,
    peer: Option<axum::Extension<conn::Peer>>,
    headers: HeaderMap,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Response {
    // Refused before a byte of the body is read.
    let declared = declared_size(&headers);
    if let Some(size) = declared.filter(|s| *s > MAX_UPLOAD_BYTES as u64) {
        let e = ServeError::TooLarge {
            size: Some(size),
            limit: MAX_UPLOAD_BYTES,
        };
        return refused(&e);
    }
    // A place before a byte of the body is read: the body's bytes (the
    // upload limit when no length is declared) in the client's share and
    // in the budget of all; past either, "busy" at once, and the body is
    // never held.
    // A request from no connection of ours (the router called directly)
    // counts as one client.
    let client = conn::Client::of(peer.map_or_else(
        || SocketAddr::from(([0, 0, 0, 0], 0)),
        |axum::Extension(conn::Peer(p))| p,
    ));
    let size = declared.map_or(MAX_UPLOAD_BYTES, |s| {
        usize::try_from(s).unwrap_or(MAX_UPLOAD_BYTES)
    });
    let Some(admitted) = jobs.admit(client, size) else {
        return refused(&ServeError::Busy);
    };
    // hyper drops this future when it reads the client's end of stream
    // (while the body arrives, or once it is read and the post waits or is
    // computed): said so, whatever the stage.
    let mut unanswered = Unanswered {
        name: None,
        stage: "while its file arrived",
    };
    let form = match multipart {
        Ok(m) => tokio::time::timeout(jobs.body_timeout, read_form(m, &mut unanswered))
            .await
            .unwrap_or(Err(ServeError::SlowBody(jobs.body_timeout))),
        Err(e) => Err(form_error(format!(
            "the form could not be read: {}",
            e.body_text()
        ))),
    };
    let form = match form {
        Ok(f) => f,
        Err(e) => {
            unanswered.answered();
            return refused(&e);
        }
    };
    let fields = form.fields.clone();
    let read: usize = form.files.iter().map(|(_, bytes)| bytes.len()).sum();
    // Wait for a job slot and the input's work bytes, in the order asked;
    // a client that goes away meanwhile drops this future (hyper sees its
    // end of stream), and its place with it: the job never starts.
    unanswered.stage = "before it started";
    let Some(running) = jobs.run(read).await else {
        unanswered.answered();
        return refused(&ServeError::Busy);
    };
    // From here the job says whether it was given up.
    unanswered.answered();
    // The work is done away from the server's own thread. A client that
    // goes away while it computes drops this future, which sets `gone`:
    // the job stops at its next stage (before the rules, before rendering,
    // at rendering's next write) and gives back its slot and its bytes.
    let gone = conn::Gone::default();
    let guard = gone.on_drop();
    let answered = tokio::task::spawn_blocking(move || {
        let answer = respond_unless_gone(form, &fields, &gone);
        drop((running, admitted));
        answer
    })
    .await;
    guard.disarm();
    answered.unwrap_or_else(|e| {
        let e = ServeError::Render(e.to_string());
        html(
            e.status(),
            page(&BTreeMap::new(), Some(&Shown::Failed(&e, None))),
        )
    })
}

/// The operator's only sign of work given up (nobody reads the answer):
/// the post's file, or "a post" where its file's name never arrived.
fn said_given_up(name: Option<&str>, when: &str) {
    let what = name.map_or_else(|| "a post".to_owned(), |n| format!("the answer to {n}"));
    // (A closed standard error is no reason to stop serving.)
    let _ = writeln!(
        io::stderr(),
        "countback: {what} was given up {when}: the page that asked for it went away"
    );
}

/// A post admitted and not yet answered or handed to its job: dropped so
/// (its client gone), it says the post was given up, and at which stage.
pub(super) struct Unanswered {
    name: Option<String>,
    stage: &'static str,
}

impl Unanswered {
    /// Answered, or handed to its job (which speaks for itself).
    fn answered(&mut self) {
        self.stage = "";
    }
}

impl Drop for Unanswered {
    fn drop(&mut self) {
        if !self.stage.is_empty() {
            said_given_up(self.name.as_deref(), self.stage);
        }
    }
}

pub(super) fn respond(form: Form, fields: &BTreeMap<String, String>) -> Response {
    respond_unless_gone(form, fields, &conn::Gone::default())
}

fn respond_unless_gone(
    form: Form,
    fields: &BTreeMap<String, String>,
    gone: &conn::Gone,
) -> Response {
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
    let answer = match ask.answer(format, gone) {
        Ok(a) => a,
        Err(ServeError::Gone) => {
            said_given_up(Some(&ask.name), "while it was computed");
            return failed(&ServeError::Gone);
        }
        Err(e) => return failed(&e),
    };
    if let Want::Download(f) = ask.want {
        return download(&ask.name, f, answer.body);
    }
    let doc = std::str::from_utf8(&answer.body).ok().map(|main| Rendered {
        title: &answer.title,
        main,
    });
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
        None => failed(&ServeError::Render("the document is not UTF-8".to_owned())),
    }
}

/// A download's file name: the upload's stem (letters, digits, `.`, `-`,
/// `_` kept) and the format's extension.
pub(super) fn download_name(upload: &str, format: Format) -> String {
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
        Format::Usebio => "xml",
        Format::Trf => "trf",
        Format::Text => "txt",
    };
    format!("{clean}.{ext}")
}

pub(super) fn download(upload: &str, format: Format, body: Vec<u8>) -> Response {
    let kind = match format {
        Format::Json => "application/json",
        Format::Csv => "text/csv; charset=utf-8",
        Format::Html => "text/html; charset=utf-8",
        Format::Usebio => "application/xml",
        Format::Trf | Format::Text => "text/plain; charset=utf-8",
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
