//! `countback serve` in a real browser: Debian's `chromium`, headless,
//! driven through WebDriver (`chromedriver`, on loopback). The page is
//! started in this process on 127.0.0.1; the browser uploads each shipped
//! example and a bad file as a person would (the file input, the keyboard,
//! a phone-sized window), and the test reads what is on the screen.
//!
//! What the page must show is what the command line prints for the same
//! file (`countback rank|score FILE --format json`, run here): every
//! standing in its order, every tie's sentence with its clause, and a
//! download that is the command line's own JSON.
//!
//! The browser and its driver are not Rust dependencies. Where they are
//! missing the test says so on the terminal and passes, except under CI
//! (`CI=true`) or with `COUNTBACK_REQUIRE_BROWSER=1`, where it fails:
//! `.ci/run` installs them (`apt-get install chromium chromium-driver`).
//! Screenshots of every step are written to `target/browser/`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(clippy::indexing_slicing)]

use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use countback_test_support::cli::{decisions, root, Cli};
use countback_test_support::webdriver::{Client, Locator};

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

fn shots() -> PathBuf {
    let dir = root().join("target/browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Say something on the terminal even though the test harness captures
/// `println!` (a direct write to stderr is not captured).
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

fn required() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
        || std::env::var("COUNTBACK_REQUIRE_BROWSER").is_ok_and(|v| v == "1")
}

/// The browser and its driver: `$CHROMIUM`/`$CHROMEDRIVER`, else Debian's.
fn tools() -> Option<(PathBuf, PathBuf)> {
    let find = |var: &str, default: &str| {
        let p = std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from);
        p.is_file().then_some(p)
    };
    match (
        find("CHROMIUM", "/usr/bin/chromium"),
        find("CHROMEDRIVER", "/usr/bin/chromedriver"),
    ) {
        (Some(c), Some(d)) => Some((c, d)),
        _ => {
            let why = "browser tests: chromium and chromedriver not found \
                       (apt-get install chromium chromium-driver, or set CHROMIUM and CHROMEDRIVER)";
            assert!(!required(), "{why}; they are required under CI");
            say(&format!("skipped: {why}"));
            None
        }
    }
}

/// A child process killed when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Start chromedriver on a free loopback port and wait until it listens.
fn driver(path: &Path) -> (Killed, u16) {
    let port = free_port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .arg("--allowed-ips=127.0.0.1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let child = Killed(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "chromedriver did not listen in 20 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (child, port)
}

/// The page on a free loopback port, served from a thread of its own.
fn page() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            let _ = countback::serve::serve(listener).await;
        });
    });
    addr
}

/// What the command line prints for `file` as JSON: `rank` for an event
/// with a procedure, `score` for a pairs session (the page's "Standings
/// and ties" picks the same).
fn command_line(file: &Path) -> Value {
    let text = std::fs::read_to_string(file).unwrap();
    let job = if text.contains("[[boards]]") {
        "score"
    } else {
        "rank"
    };
    let out = COUNTBACK.run_mixed(&[&job, &file, &"--format", &"json"]);
    assert!(
        matches!(out.code, 0 | 3),
        "{}: {}",
        file.display(),
        out.stderr
    );
    out.json()
}

struct Browser {
    client: Client,
    page: String,
    downloads: PathBuf,
}

impl Browser {
    async fn script(&self, js: &str) -> Value {
        self.client.execute(js, vec![]).unwrap()
    }

    async fn shot(&self, name: &str) {
        let png = self.client.screenshot().unwrap();
        std::fs::write(shots().join(format!("{name}.png")), png).unwrap();
    }

    async fn open(&self) {
        self.client.goto(&self.page).unwrap();
        // The script has run: it shows the print button only once wired.
        self.client
            .wait_for_element(Locator::Css("#ask"), Duration::from_secs(10))
            .unwrap();
    }

    /// Choose `file` in the file input, as the file dialog does, and wait
    /// for the answer the script puts on the page.
    async fn choose(&self, file: &Path) -> String {
        let input = self.client.find(Locator::Css("#file")).unwrap();
        input
            .send_keys(file.canonicalize().unwrap().to_str().unwrap())
            .unwrap();
        self.answer().await
    }

    /// The page, in a window `width` × `height`, answering the shipped
    /// three-way tie.
    async fn three_way_tie_at(&self, width: u32, height: u32) {
        self.client.set_window_size(width, height).unwrap();
        self.open().await;
        let status = self
            .choose(&root().join("examples/wbf-swiss-three-way-tie.toml"))
            .await;
        assert!(status.starts_with("Done"), "{status}");
    }

    /// Wait for the status line to say the page answered; return it.
    async fn answer(&self) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let status = self
                .script_text("return document.getElementById('busy').textContent;")
                .await;
            if status.starts_with("Done") || status.starts_with("Not read") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "no answer in 30 s (status: {status:?})"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The text a person sees in the results.
    async fn result_text(&self) -> String {
        self.script_text("return document.getElementById('result').innerText;")
            .await
    }

    /// What the script `js` returns, as text ("" where it returns none).
    async fn script_text(&self, js: &str) -> String {
        self.script(js)
            .await
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// The rows of the result's tables, each row's cells as seen.
    async fn rows(&self, table: usize) -> Vec<Vec<String>> {
        let v = self
            .client
            .execute(
                "var t = document.querySelectorAll('#result article.doc table')[arguments[0]];\
                 if (!t) { return null; }\
                 return Array.from(t.tBodies[0].rows).map(function (r) {\
                   return Array.from(r.cells).map(function (c) { return c.innerText.trim(); });\
                 });",
                vec![json!(table)],
            )
            .unwrap();
        serde_json::from_value(v).unwrap_or_default()
    }

    async fn active_id(&self) -> String {
        self.script_text("return document.activeElement ? (document.activeElement.id || document.activeElement.tagName) : '';")
            .await
    }

    /// Press a key on whatever has the focus (WebDriver key codes).
    async fn press(&self, key: char) {
        let active = self.client.active_element().unwrap();
        active.send_keys(&key.to_string()).unwrap();
    }

    /// The file the page downloaded, once it is complete.
    async fn downloaded(&self, name_ends: &str) -> Vec<u8> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let found = std::fs::read_dir(&self.downloads)
                .unwrap()
                .filter_map(Result::ok)
                .map(|e| e.path())
                .find(|p| p.to_string_lossy().ends_with(name_ends));
            if let Some(p) = found {
                let bytes = std::fs::read(&p).unwrap();
                std::fs::remove_file(&p).unwrap();
                return bytes;
            }
            assert!(
                Instant::now() < deadline,
                "no download ending {name_ends:?} in {}",
                self.downloads.display()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Each name of `expected`'s standings, in order, is in a row of the
/// table, rows in the same order.
fn standings_in_order(example: &str, expected: &[String], rows: &[Vec<String>]) {
    let mut at = 0;
    for name in expected {
        let found = rows
            .iter()
            .skip(at)
            .position(|r| r.iter().any(|c| c == name));
        let Some(i) = found else {
            panic!("{example}: {name:?} not in a row at or after {at} of the standings shown: {rows:?}")
        };
        at += i + 1;
    }
}

async fn each_example_shows_what_the_command_line_prints(b: &Browser) {
    let mut examples: Vec<PathBuf> = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    examples.sort();
    assert!(examples.len() >= 5, "the shipped examples: {examples:?}");
    for file in &examples {
        let name = file.file_stem().unwrap().to_str().unwrap();
        let cli = command_line(file);
        b.open().await;
        let status = b.choose(file).await;
        assert!(status.starts_with("Done"), "{name}: {status}");
        let text = b.result_text().await;
        b.shot(name).await;
        assert!(
            text.contains(cli["event"].as_str().unwrap()),
            "{name}: the event's name is not shown"
        );
        if let Some(standings) = cli["standings"].as_array() {
            // Standings: names in order, then every tie's sentence.
            let names: Vec<String> = standings
                .iter()
                .flat_map(|s| s["members"].as_array().unwrap())
                // A contestant without a name is shown by its id.
                .map(|m| {
                    m["name"]
                        .as_str()
                        .or(m["contestant"].as_str())
                        .unwrap()
                        .to_owned()
                })
                .collect();
            standings_in_order(name, &names, &b.rows(0).await);
            // (The grouping by score has no sentence: it splits no tie.)
            for d in decisions(&cli) {
                let Some(sentence) = d["sentence"].as_str() else {
                    continue;
                };
                assert!(
                    text.contains(sentence),
                    "{name}: the tie {sentence:?} is not shown"
                );
            }
            let notice = "left for a play-off or a random ballot";
            assert_eq!(
                text.contains(notice),
                cli["needs_play_off"].as_bool().unwrap(),
                "{name}: the play-off notice"
            );
        } else {
            // A pairs session: each field's pairs and percentages in order.
            let fields = cli["fields"].as_array().unwrap();
            for (i, field) in fields.iter().enumerate() {
                let rows = b.rows(i).await;
                let expected: Vec<String> = field["standings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["pair"].as_str().unwrap().to_owned())
                    .collect();
                standings_in_order(name, &expected, &rows);
                for s in field["standings"].as_array().unwrap() {
                    let pair = s["pair"].as_str().unwrap();
                    let pct = s["percentage"]["display"].as_str().unwrap();
                    let row = rows.iter().find(|r| r.iter().any(|c| c == pair)).unwrap();
                    assert!(
                        row.iter().any(|c| c.contains(pct)),
                        "{name}: {pair} should show {pct}: {row:?}"
                    );
                }
            }
        }
        // The JSON download is the command line's JSON.
        b.client
            .find(Locator::Css("button[value=json]"))
            .unwrap()
            .click()
            .unwrap();
        let got: Value = serde_json::from_slice(&b.downloaded(".json").await).unwrap();
        assert_eq!(got, cli, "{name}: the JSON download");
    }
}

async fn a_bad_file_shows_its_line_field_and_culprit(b: &Browser) {
    let good =
        std::fs::read_to_string(root().join("examples/wbf-swiss-three-way-tie.toml")).unwrap();
    assert!(
        good.contains("\nprocedure = "),
        "the example names its procedure"
    );
    let bad = good.replacen("\nprocedure = ", "\nprocedrue = ", 1);
    let line = bad
        .lines()
        .position(|l| l.starts_with("procedrue"))
        .unwrap()
        + 1;
    let dir = tempdir("bad");
    let file = dir.join("misspelt.toml");
    std::fs::write(&file, &bad).unwrap();
    let cli = assert_cmd::Command::cargo_bin("countback")
        .unwrap()
        .args(["rank", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(cli.status.code(), Some(65));
    let message = String::from_utf8(cli.stderr).unwrap();
    let message = message
        .trim()
        .strip_prefix(&format!("countback: {}: ", file.display()))
        .unwrap_or_else(|| panic!("the command line names the file: {message}"));

    b.open().await;
    let status = b.choose(&file).await;
    b.shot("bad-file").await;
    assert!(status.starts_with("Not read"), "{status}");
    let text = b.result_text().await;
    assert!(
        text.contains(message),
        "the page shows {text:?}, the command line {message:?}"
    );
    for what in ["procedrue", &format!("line {line}")] {
        assert!(text.contains(what), "the page should name {what:?}: {text}");
    }
    // The excerpt marks the line itself.
    let marked = b
        .script(
            "var m = document.querySelector('#result .excerpt mark'); return m ? m.innerText : '';",
        )
        .await;
    assert!(
        marked.as_str().unwrap().contains("procedrue"),
        "marked line: {marked}"
    );
}

async fn the_keyboard_alone_reaches_everything(b: &Browser) {
    b.open().await;
    b.script("document.activeElement && document.activeElement.blur(); window.focus();")
        .await;
    // Tab from the top of the page reaches the file input first, then the
    // choices, then the button.
    let mut seen = Vec::new();
    for _ in 0..40 {
        b.press('\u{E004}').await;
        let id = b.active_id().await;
        if seen.last() != Some(&id) {
            seen.push(id.clone());
        }
        if id == "file" {
            break;
        }
    }
    assert_eq!(
        seen.last().map(String::as_str),
        Some("file"),
        "tab order: {seen:?}"
    );
    // Choosing the file from the keyboard opens the system dialog, which a
    // test cannot drive; WebDriver sets it on the focused input instead.
    let file = root().join("examples/wbf-swiss-three-way-tie.toml");
    let status = b.choose(&file).await;
    assert!(status.starts_with("Done"), "{status}");
    // The answer takes the focus, so a screen reader reads it next.
    assert_eq!(b.active_id().await, "result");
    // Enter on the page's button asks again, with the file still chosen.
    b.script("document.getElementById('busy').textContent = '';")
        .await;
    b.script("document.querySelector('button.primary').focus();")
        .await;
    b.press('\u{E007}').await;
    let status = b.answer().await;
    assert!(status.starts_with("Done"), "{status}");
}

async fn a_phone_sees_the_page_without_sideways_scrolling(b: &Browser) {
    b.three_way_tie_at(390, 844).await;
    b.shot("phone").await;
    let fits = b
        .script("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await;
    let (wide, inner) = (fits[0].as_u64().unwrap(), fits[1].as_u64().unwrap());
    assert!(
        wide <= inner,
        "the page is {wide} px wide in a {inner} px window: the phone scrolls sideways"
    );
    b.client.set_window_size(1280, 1000).unwrap();
}

/// The picture of the page in the README (docs/img/serve.png is a copy,
/// looked at by a person before it was committed).
/// Issue 39: the page could not combine sessions (multi-session scoring
/// bypassed the one answer). A director sets the rule, then chooses two
/// session files at once, as the file dialog sends several; the page shows
/// the overall standings the command line prints for the same files: the
/// shipped pairs example played twice, so each pair's overall is twice its
/// session percentage and the order is the session's (N1 first, 136.25 =
/// 2 × 68.12 as its JSON gives 545/4 = 2 × 545/8).
async fn two_sessions_are_combined_on_the_page(b: &Browser) {
    b.open().await;
    b.script(
        "var s = document.getElementById('combine'); s.value = 'sum-of-percentages'; \
         s.dispatchEvent(new Event('change', { bubbles: true }));",
    )
    .await;
    let file = root().join("examples/pairs-fouled-board.toml");
    let copy = tempdir("sessions").join("pairs-fouled-board.toml");
    std::fs::copy(&file, &copy).unwrap();
    let path = copy.canonicalize().unwrap();
    let path = path.to_str().unwrap();
    let input = b.client.find(Locator::Css("#file")).unwrap();
    // Chromedriver takes several files for a `multiple` input as one
    // path a line.
    input.send_keys(&format!("{path}\n{path}")).unwrap();
    let status = b.answer().await;
    assert!(status.starts_with("Done"), "{status}");
    let text = b.result_text().await;
    assert!(
        text.contains("2 sessions combined: sum-of-percentages"),
        "{text}"
    );
    let cli = Command::new(env!("CARGO_BIN_EXE_countback"))
        .args([
            "score",
            path,
            path,
            "--combine",
            "sum-of-percentages",
            "--json",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let first = &v["standings"][0];
    assert_eq!(first["pair"], "N1");
    assert_eq!(first["total"]["exact"], "545/4");
    let row = text
        .lines()
        .find(|l| l.split_whitespace().any(|w| w == "N1"))
        .unwrap_or_else(|| panic!("no N1 row:\n{text}"));
    assert!(row.contains("136.25"), "{row}");
    b.shot("two-sessions-combined").await;
}

/// Issue 39: the page could not convert IMPs to VPs. A director picks
/// "IMPs to VPs", a scale, the boards and the margins (no file) and presses
/// the button; the page shows each margin's VPs as `countback vp` prints
/// them (its JSON: the certified values, checked against an independent
/// oracle in the vp crate's tests).
async fn imps_are_converted_to_vps_on_the_page(b: &Browser) {
    b.open().await;
    b.script(
        "var f = document.getElementById('ask'); \
         f.elements.show.value = 'vp'; f.elements.vp_scale.value = 'wbf-2013-continuous'; \
         f.elements.vp_boards.value = '16'; f.elements.vp_margins.value = '23 -5'; \
         document.querySelector('button[value=page]').click();",
    )
    .await;
    let status = b.answer().await;
    assert!(status.starts_with("Done"), "{status}");
    let text = b.result_text().await;
    let cli = Command::new(env!("CARGO_BIN_EXE_countback"))
        .args([
            "vp",
            "--scale",
            "wbf-2013-continuous",
            "--boards",
            "16",
            "23",
            "-5",
            "--json",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&cli.stdout).unwrap();
    for m in v["margins"].as_array().unwrap() {
        let margin = m["margin"].as_str().unwrap();
        let row = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(margin))
            .unwrap_or_else(|| panic!("no row for {margin}:\n{text}"));
        for side in ["first", "second"] {
            let vp = m[side]["display"].as_str().unwrap();
            assert!(row.split_whitespace().any(|w| w == vp), "{row}: {vp}");
        }
    }
    b.shot("imps-to-vps").await;
}

/// The four club files of issue 40, each with the procedure it needs (a
/// teams file is ranked) and the name of its screenshot.
const CLUB_FILES: [(&str, &str, Option<&str>); 4] = [
    (
        "bridge-data/real-world/rick-wilson-bridge-game-analysis/LBC-2026-01-26.bws",
        "club-bws-lbc",
        None,
    ),
    (
        "bridge-data/real-world/rick-wilson-bridge-parsers/1768880456-bJwUQdVmhY@260119M.BWS",
        "club-bws-common-game",
        None,
    ),
    (
        "bridge-data/real-world/gerhardsletten-jrbridge-pbn-api/pairs.pbn",
        "club-pbn-ruter-pairs",
        None,
    ),
    (
        "bridge-data/real-world/gerhardsletten-jrbridge-pbn-api/teams.pbn",
        "club-pbn-ruter-teams",
        Some("ebu"),
    ),
];

/// What the command line says of a club file: `score` for a session,
/// `rank` under the procedure for a teams file.
fn club_json(file: &Path, procedure: Option<&str>) -> Value {
    let mut args = vec![
        if procedure.is_some() { "rank" } else { "score" },
        file.to_str().unwrap(),
        "--json",
    ];
    if let Some(p) = procedure {
        args.extend(["--procedure", p]);
    }
    COUNTBACK.run(&args).ok().json()
}

/// Every player's name of a session's standings, or of a teams
/// ranking's rosters (each standing's members' `names`, issue 40: a teams
/// file's players were shown nowhere).
fn player_names(v: &Value) -> Vec<String> {
    let standings = v["standings"].as_array().into_iter().flatten();
    let members = standings
        .clone()
        .filter_map(|g| g["members"].as_array())
        .flatten();
    standings
        .chain(members)
        .filter_map(|s| s["names"].as_array())
        .flatten()
        .filter_map(|n| n.as_str().map(str::to_owned))
        .collect()
}

/// Issue 40 in a real browser: each club file uploaded as a director
/// would, the page shows every player's name, the event's name and date,
/// each board's contract, declarer, lead and tricks beside its score, and
/// each hand record with the double-dummy table and par where the file has
/// them, as the command line's JSON gives them. The full-page screenshot
/// is taken with every personal name replaced by an invented one
/// ("Player 1" …), so it can be committed (`docs/img/`).
async fn club_files_show_names_play_and_hands(b: &Browser) {
    for (rel, shot, procedure) in CLUB_FILES {
        let Some(file) = countback_test_support::shared_file(rel) else {
            continue;
        };
        let v = club_json(&file, procedure);
        b.client.set_window_size(1280, 1000).unwrap();
        b.open().await;
        if let Some(p) = procedure {
            b.client
                .execute(
                    "var f = document.getElementById('ask'); f.elements.procedure.value = arguments[0]; \
                     f.elements.procedure.dispatchEvent(new Event('change', { bubbles: true }));",
                    vec![json!(p)],
                )
                .unwrap();
        }
        let status = b.choose(&file).await;
        assert!(status.starts_with("Done"), "{shot}: {status}");
        let text = b.result_text().await;
        let names = player_names(&v);
        for name in &names {
            // Not printed on a failure: the names are real.
            assert!(
                text.contains(name.as_str()),
                "{shot}: a player's name is not shown"
            );
        }
        if let Some(event) = v["event"].as_object() {
            for field in ["name", "date"] {
                if let Some(want) = event.get(field).and_then(Value::as_str) {
                    assert!(text.contains(want), "{shot}: the event's {field} {want:?}");
                }
            }
        } else {
            // A ranking names its event, and its date beside it.
            let name = v["event"].as_str().unwrap_or_default();
            assert!(text.contains(name), "{shot}: the event {name:?}");
            if let Some(date) = v["date"].as_str() {
                assert!(text.contains(date), "{shot}: the event's date {date:?}");
            }
        }
        club_boards_as_the_command_line_gives_them(b, shot, &v).await;
        mask_names(b, &names).await;
        full_page_shot(b, shot).await;
    }
    b.client.set_window_size(1280, 1000).unwrap();
}

/// Each traveller line's play, and each hand record's double-dummy
/// tricks and par, on the page as the JSON gives them.
async fn club_boards_as_the_command_line_gives_them(b: &Browser, shot: &str, v: &Value) {
    let boards: Vec<Value> = serde_json::from_value(
        b.script(
            "return Array.from(document.querySelectorAll('#result section.board:not(.card)')).map(function (s) {\
               return { heading: s.querySelector('h3').innerText,\
                        dealt: s.classList.contains('dealt'),\
                        rows: Array.from(s.querySelectorAll('table:not(.dd) tbody tr')).map(function (r) {\
                          return Array.from(r.cells).map(function (c) { return c.innerText.trim(); }); }),\
                        dd: Array.from(s.querySelectorAll('table.dd tbody tr')).map(function (r) {\
                          return Array.from(r.cells).map(function (c) { return c.innerText.trim(); }); }),\
                        par: (s.querySelector('p.par') || {}).innerText || '' }; });",
        )
        .await,
    )
    .unwrap();
    let want = v["boards"].as_array().cloned().unwrap_or_default();
    assert_eq!(
        boards.len(),
        want.len(),
        "{shot}: a traveller for every board"
    );
    let hands: std::collections::HashMap<u64, &Value> = v["hands"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|h| (h["board"].as_u64().unwrap(), h))
        .collect();
    for (shown, board) in boards.iter().zip(&want) {
        let number = board["board"].as_u64().unwrap();
        assert!(
            shown["heading"]
                .as_str()
                .unwrap()
                .starts_with(&format!("Board {number} ")),
            "{shot}: {}",
            shown["heading"]
        );
        let rows = shown["rows"].as_array().unwrap();
        for line in board["lines"].as_array().unwrap() {
            let Some(play) = line["play"].as_object() else {
                continue;
            };
            let mut cells = vec![
                line["ns"].as_str().unwrap().to_owned(),
                line["ew"].as_str().unwrap().to_owned(),
            ];
            for k in ["contract", "declarer", "lead", "tricks"] {
                match &play[k] {
                    Value::String(s) => cells.push(s.clone()),
                    Value::Number(n) => cells.push(n.to_string()),
                    _ => {}
                }
            }
            let found = rows.iter().any(|r| {
                let r: Vec<&str> = r
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(Value::as_str)
                    .collect();
                cells.iter().all(|c| r.contains(&c.as_str()))
            });
            assert!(found, "{shot}: board {number}: no row with {cells:?}");
        }
        let Some(hand) = hands.get(&number) else {
            assert_eq!(
                shown["dealt"], false,
                "{shot}: board {number} has no hand record"
            );
            continue;
        };
        assert_eq!(shown["dealt"], true, "{shot}: board {number}'s hand record");
        if let Some(dd) = hand["double_dummy"].as_object() {
            // Rows N, S, E, W; columns NT, S, H, D, C.
            let shown_dd = shown["dd"].as_array().unwrap();
            for (row, seat) in shown_dd.iter().zip(["N", "S", "E", "W"]) {
                let cells: Vec<&str> = row
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(Value::as_str)
                    .collect();
                assert_eq!(cells[0], seat);
                for (cell, strain) in cells[1..].iter().zip(["NT", "S", "H", "D", "C"]) {
                    let want = dd[seat][strain]
                        .as_u64()
                        .map(|t| t.to_string())
                        .unwrap_or_default();
                    assert_eq!(*cell, want, "{shot}: board {number} {seat} {strain}");
                }
            }
        }
        if let Some(par) = hand["par_contract"].as_str() {
            assert!(
                shown["par"].as_str().unwrap().contains(par),
                "{shot}: board {number}'s par"
            );
        }
    }
}

/// Replace every personal name on the page with an invented one, longest
/// first (so a name inside another is not half replaced).
async fn mask_names(b: &Browser, names: &[String]) {
    let mut names: Vec<&String> = names.iter().collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.chars().count()));
    names.dedup();
    b.client
        .execute(
            "var names = arguments[0];\
             var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);\
             var n; while ((n = walk.nextNode())) {\
               var t = n.nodeValue;\
               for (var i = 0; i < names.length; i++) { t = t.split(names[i]).join('Player ' + (i + 1)); }\
               n.nodeValue = t; }",
            vec![json!(names)],
        )
        .unwrap();
}

/// The whole page in one image: the window made as tall as the page.
async fn full_page_shot(b: &Browser, name: &str) {
    b.script("window.scrollTo(0, 0);").await;
    let height = b
        .script("return document.documentElement.scrollHeight;")
        .await
        .as_u64()
        .unwrap_or(1000)
        .min(30_000);
    b.client
        .set_window_size(1280, u32::try_from(height).unwrap() + 120)
        .unwrap();
    b.shot(name).await;
}

async fn the_page_as_the_readme_shows_it(b: &Browser) {
    b.three_way_tie_at(1100, 1400).await;
    b.script("window.scrollTo(0, 0);").await;
    b.shot("serve").await;
    b.client.set_window_size(1280, 1000).unwrap();
}

fn tempdir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "countback-browser-{what}-{}-{}",
        std::process::id(),
        free_port()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_page_in_a_real_browser() {
    let Some((chromium, chromedriver)) = tools() else {
        return;
    };
    let (_driver, port) = driver(&chromedriver);
    let addr = page();
    let profile = tempdir("profile");
    let downloads = tempdir("downloads");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-quic", "--no-first-run",
                format!("--user-data-dir={}", profile.display()),
                "--window-size=1280,1000",
            ],
            "prefs": {
                "download.default_directory": downloads,
                "download.prompt_for_download": false,
            },
        }),
    );
    let client = Client::connect(&format!("http://127.0.0.1:{port}"), caps)
        .expect("a chromium session through chromedriver");
    let b = Browser {
        client,
        page: format!("http://{addr}/"),
        downloads: downloads.clone(),
    };
    // Run every step, then close the browser whether or not one failed.
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        rt.block_on(async {
            each_example_shows_what_the_command_line_prints(&b).await;
            a_bad_file_shows_its_line_field_and_culprit(&b).await;
            the_keyboard_alone_reaches_everything(&b).await;
            a_phone_sees_the_page_without_sideways_scrolling(&b).await;
            the_page_as_the_readme_shows_it(&b).await;
            two_sessions_are_combined_on_the_page(&b).await;
            imps_are_converted_to_vps_on_the_page(&b).await;
            club_files_show_names_play_and_hands(&b).await;
        });
    }));
    let _ = b.client.close();
    let _ = std::fs::remove_dir_all(&profile);
    let _ = std::fs::remove_dir_all(&downloads);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}
