//! A WebDriver client for the results page's browser test: the W3C
//! commands that test sends (a session, `url`, `execute/sync`, `element`,
//! `element/active`, `value`, `click`, `window/rect`, `screenshot`), as
//! JSON over plain HTTP/1.1 to `chromedriver` on loopback.
//!
//! It replaces a WebDriver crate that brought 56 packages (an async HTTP
//! stack, cookies, URL parsing with two versions of the ICU tables) into
//! the first `cargo test` of a fresh clone, to send these nine commands
//! (issue 39).
//!
//! Every call blocks until chromedriver answers; a WebDriver error (its
//! `error` and `message`), an HTTP failure or an answer that is not JSON
//! is an `Err` naming the command, so the test that unwraps it fails
//! saying what the browser said.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The key under which the W3C protocol returns an element's reference.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long one command may take before the test fails (a page load or a
/// script on a loaded machine takes seconds, never this long).
const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

/// What went wrong with a command: the command and what was answered.
#[derive(Debug)]
pub struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// How an element is found.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Locator<'a> {
    /// A CSS selector.
    Css(&'a str),
}

/// One WebDriver session.
#[derive(Debug)]
pub struct Client {
    /// `host:port` of the driver.
    host: String,
    /// `/session/{id}`.
    session: String,
}

/// An element of the page, by the driver's reference.
#[derive(Debug)]
pub struct Element<'c> {
    client: &'c Client,
    id: String,
}

impl Client {
    /// A new session on the driver at `http://host:port` with these
    /// capabilities (`alwaysMatch`).
    ///
    /// # Errors
    /// The driver refused the session or did not answer.
    pub fn connect(url: &str, capabilities: serde_json::Map<String, Value>) -> Result<Self, Error> {
        let host = url
            .strip_prefix("http://")
            .ok_or_else(|| Error(format!("not an http:// address: {url}")))?
            .trim_end_matches('/')
            .to_owned();
        let answer = request(
            &host,
            "POST",
            "/session",
            Some(&json!({ "capabilities": { "alwaysMatch": capabilities } })),
        )?;
        let id = answer["sessionId"]
            .as_str()
            .ok_or_else(|| Error(format!("new session: no sessionId in {answer}")))?;
        Ok(Self {
            host,
            session: format!("/session/{id}"),
        })
    }

    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, Error> {
        request(&self.host, method, &format!("{}{path}", self.session), body)
    }

    /// Load `url` in the window.
    ///
    /// # Errors
    /// The driver's error.
    pub fn goto(&self, url: &str) -> Result<(), Error> {
        self.command("POST", "/url", Some(&json!({ "url": url })))
            .map(drop)
    }

    /// Run `script` in the page (its `arguments` are `args`) and return
    /// what it returns.
    ///
    /// # Errors
    /// The driver's error (a script error among them).
    pub fn execute(&self, script: &str, args: Vec<Value>) -> Result<Value, Error> {
        self.command(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": args })),
        )
    }

    /// The window as a PNG.
    ///
    /// # Errors
    /// The driver's error, or an answer that is not base64.
    pub fn screenshot(&self) -> Result<Vec<u8>, Error> {
        let v = self.command("GET", "/screenshot", None)?;
        let text = v
            .as_str()
            .ok_or_else(|| Error(format!("screenshot: not a string: {v}")))?;
        base64(text).ok_or_else(|| Error("screenshot: not base64".to_owned()))
    }

    /// Set the window's outer size.
    ///
    /// # Errors
    /// The driver's error.
    pub fn set_window_size(&self, width: u32, height: u32) -> Result<(), Error> {
        self.command(
            "POST",
            "/window/rect",
            Some(&json!({ "width": width, "height": height })),
        )
        .map(drop)
    }

    /// The first element `locator` finds.
    ///
    /// # Errors
    /// No such element, or the driver's error.
    pub fn find(&self, locator: Locator<'_>) -> Result<Element<'_>, Error> {
        let Locator::Css(selector) = locator;
        let v = self.command(
            "POST",
            "/element",
            Some(&json!({ "using": "css selector", "value": selector })),
        )?;
        self.element(&v)
    }

    /// The first element `locator` finds, asked again every 100 ms for up
    /// to `wait`.
    ///
    /// # Errors
    /// None found in `wait`: the last error.
    pub fn wait_for_element(
        &self,
        locator: Locator<'_>,
        wait: Duration,
    ) -> Result<Element<'_>, Error> {
        let deadline = Instant::now() + wait;
        loop {
            match self.find(locator) {
                Ok(e) => return Ok(e),
                Err(e) if Instant::now() >= deadline => {
                    return Err(Error(format!("{locator:?} not found in {wait:?}: {e}")))
                }
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        }
    }

    /// The element that has the focus.
    ///
    /// # Errors
    /// The driver's error.
    pub fn active_element(&self) -> Result<Element<'_>, Error> {
        let v = self.command("GET", "/element/active", None)?;
        self.element(&v)
    }

    fn element(&self, v: &Value) -> Result<Element<'_>, Error> {
        let id = v[ELEMENT_KEY]
            .as_str()
            .ok_or_else(|| Error(format!("not an element: {v}")))?;
        Ok(Element {
            client: self,
            id: id.to_owned(),
        })
    }

    /// End the session (the driver closes the browser).
    ///
    /// # Errors
    /// The driver's error.
    pub fn close(&self) -> Result<(), Error> {
        self.command("DELETE", "", None).map(drop)
    }
}

impl Element<'_> {
    /// Type `text` into the element (for a file input: the paths to
    /// choose, one a line).
    ///
    /// # Errors
    /// The driver's error.
    pub fn send_keys(&self, text: &str) -> Result<(), Error> {
        self.client
            .command(
                "POST",
                &format!("/element/{}/value", self.id),
                Some(&json!({ "text": text })),
            )
            .map(drop)
    }

    /// Click the element.
    ///
    /// # Errors
    /// The driver's error.
    pub fn click(&self) -> Result<(), Error> {
        self.client
            .command(
                "POST",
                &format!("/element/{}/click", self.id),
                Some(&json!({})),
            )
            .map(drop)
    }
}

/// One HTTP exchange with the driver; the answer's `value`, or its error.
fn request(host: &str, method: &str, path: &str, body: Option<&Value>) -> Result<Value, Error> {
    let what = format!("{method} {path}");
    let fail = |e: &dyn std::fmt::Display| Error(format!("{what}: {e}"));
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut s = TcpStream::connect(host).map_err(|e| fail(&e))?;
    s.set_read_timeout(Some(COMMAND_TIMEOUT))
        .map_err(|e| fail(&e))?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).map_err(|e| fail(&e))?;
    s.write_all(body.as_bytes()).map_err(|e| fail(&e))?;
    // Read the answer by its own length: chromedriver may keep the
    // connection open whatever the request asked.
    let mut raw = Vec::new();
    let mut buf = [0u8; 64 * 1024];
    let mut read = |raw: &mut Vec<u8>| -> Result<bool, Error> {
        let n = s.read(&mut buf).map_err(|e| fail(&e))?;
        raw.extend_from_slice(&buf[..n]);
        Ok(n > 0)
    };
    let split = loop {
        if let Some(at) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        if !read(&mut raw)? {
            return Err(fail(&"no end of headers in the answer"));
        }
    };
    let headers = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let length = headers.lines().find_map(|l| {
        l.strip_prefix("content-length:")
            .and_then(|n| n.trim().parse::<usize>().ok())
    });
    let payload = if let Some(length) = length {
        while raw.len() < split + 4 + length {
            if !read(&mut raw)? {
                return Err(fail(&"the answer ended before its length"));
            }
        }
        raw[split + 4..split + 4 + length].to_vec()
    } else if headers.contains("transfer-encoding: chunked") {
        loop {
            if let Some(body) = dechunk(&raw[split + 4..]) {
                break body;
            }
            if !read(&mut raw)? {
                return Err(fail(&"a broken chunked answer"));
            }
        }
    } else {
        while read(&mut raw)? {}
        raw[split + 4..].to_vec()
    };
    let status = headers
        .split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    let answer: Value = serde_json::from_slice(&payload).map_err(|e| {
        fail(&format!(
            "HTTP {status}, not JSON ({e}): {}",
            String::from_utf8_lossy(&payload)
        ))
    })?;
    let value = answer.get("value").cloned().unwrap_or(Value::Null);
    if !status.starts_with('2') || value.get("error").is_some() {
        return Err(fail(&format!(
            "HTTP {status}: {} ({})",
            value["error"].as_str().unwrap_or("no error named"),
            value["message"].as_str().unwrap_or_default()
        )));
    }
    Ok(value)
}

/// The body of a chunked answer.
fn dechunk(mut raw: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let eol = raw.windows(2).position(|w| w == b"\r\n")?;
        let size = std::str::from_utf8(&raw[..eol]).ok()?;
        let size = usize::from_str_radix(size.split(';').next()?.trim(), 16).ok()?;
        raw = raw.get(eol + 2..)?;
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(raw.get(..size)?);
        raw = raw.get(size + 2..)?;
    }
}

/// Standard base64 (with padding, as WebDriver writes a screenshot).
fn base64(text: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| -> Option<u32> {
        Some(u32::from(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        }))
    };
    let bytes: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3);
    for quad in bytes.chunks(4) {
        let pad = quad.iter().rev().take_while(|&&c| c == b'=').count();
        let mut n = 0u32;
        for &c in &quad[..4 - pad] {
            n = (n << 6) | digit(c)?;
        }
        n <<= 6 * pad;
        let three = n.to_be_bytes();
        out.extend_from_slice(&three[1..4 - pad]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_reads_what_it_should() {
        assert_eq!(super::base64("").unwrap(), b"");
        assert_eq!(super::base64("Zg==").unwrap(), b"f");
        assert_eq!(super::base64("Zm8=").unwrap(), b"fo");
        assert_eq!(super::base64("Zm9v").unwrap(), b"foo");
        assert_eq!(super::base64("iVBORw0KGgo=").unwrap(), b"\x89PNG\r\n\x1a\n");
        assert!(super::base64("Zm9").is_none());
        assert!(super::base64("Zm9*").is_none());
    }

    /// A driver that answers one request with `answer` and keeps the
    /// connection open (as chromedriver does): its `host:port`.
    fn driver_answering(answer: &'static str) -> String {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let host = listener.local_addr().unwrap().to_string();
        std::thread::spawn(move || {
            let (mut s, _) = listener.accept().unwrap();
            let mut buf = [0u8; 4096];
            let _ = s.read(&mut buf);
            s.write_all(answer.as_bytes()).unwrap();
            std::thread::sleep(std::time::Duration::from_secs(5));
        });
        host
    }

    #[test]
    fn a_webdriver_error_is_an_error_and_a_value_is_read_by_its_length() {
        let host = driver_answering(
            "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 58\r\n\r\n{\"value\":{\"error\":\"no such element\",\"message\":\"#nothing\"}}",
        );
        let e = super::request(&host, "POST", "/session/1/element", None).unwrap_err();
        assert!(
            e.to_string()
                .contains("HTTP 404: no such element (#nothing)"),
            "{e}"
        );
        let host =
            driver_answering("HTTP/1.1 200 OK\r\nContent-Length: 16\r\n\r\n{\"value\":\"Done\"}");
        let v = super::request(&host, "POST", "/session/1/execute/sync", None).unwrap();
        assert_eq!(v, "Done");
    }

    #[test]
    fn a_chunked_answer_is_joined() {
        assert_eq!(
            super::dechunk(b"4\r\n{\"va\r\n6\r\nlue\":1\r\n1\r\n}\r\n0\r\n\r\n").unwrap(),
            b"{\"value\":1}"
        );
        assert!(super::dechunk(b"4\r\n{\"").is_none());
    }
}
