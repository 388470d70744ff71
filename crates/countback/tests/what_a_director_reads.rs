//! Issue 13, "Why": each defect a club scorer or a chess arbiter hit in the
//! output, as a test that failed before and passes now.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use serde_json::Value;

use countback_test_support::assert_shows;
use countback_test_support::cli::{decisions, members, root, scratch, texts, Cli, Out};

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

fn countback(args: &[&str]) -> Out {
    COUNTBACK.run(args)
}

/// Write `text` to a fresh temporary file named `name`.
fn temp_file(name: &str, text: &str) -> PathBuf {
    scratch(name, text.as_bytes())
}

/// A 5-table Mitchell with one of each thing a board can need: a complete
/// board (1), a short board with a pair absent (2: 4 results, Neuberg
/// 4 → 5), an artificial score (3), and a fouled board whose second version
/// was played at one table only (4: unplayable there).
const SESSION: &str = include_str!("what_a_director_reads/adjusted-boards.toml");

fn kinds(board: &Value) -> BTreeMap<String, String> {
    board["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["ns"].as_str().unwrap().to_owned(),
                l["applied"]["kind"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Why: "`countback score` promises matchpoints per board and prints none,
/// in text or JSON: a fouled board's factored scores, a board judged
/// unplayable and given an artificial score, a short board's normalisation
/// — none is visible".
#[test]
fn score_shows_every_board_with_what_was_applied() {
    let file = temp_file("session.toml", SESSION);
    let file = file.to_str().unwrap();
    let v = countback(&["score", file, "--json"]).ok().json();
    let boards = v["boards"].as_array().expect("boards in the JSON");
    assert_eq!(boards.len(), 4);
    assert!(kinds(&boards[0]).values().all(|k| k == "as_is"));
    // Board 2: N5 v E1 not played; the four results factored 4 → 5.
    let b2 = kinds(&boards[1]);
    assert_eq!(b2["N5"], "not_played");
    assert_eq!(b2["N1"], "neuberg");
    let n1 = &boards[1]["lines"][0];
    assert_eq!(
        (n1["applied"]["a"].clone(), n1["applied"]["e"].clone()),
        (4.into(), 5.into())
    );
    // Every figure exact beside its display: N1's 110 against 140, 110,
    // -100 is 3 as-is (top 6), (3·5 + 1)/4 = 4 factored.
    assert_eq!(n1["raw"][0]["exact"], "3");
    assert_eq!(n1["factored"][0]["exact"], "4");
    // Its neighbours are quarters (e.g. 19/4), so the column shows 2 places.
    assert_eq!(n1["factored"][0]["display"], "4.00");
    assert_eq!(kinds(&boards[2])["N2"], "artificial");
    assert_eq!(boards[2]["lines"][1]["applied"]["ns_percent"], "60");
    // Board 4: version 2 was played once, at N5's table: unplayable there.
    assert_eq!(boards[3]["fouled"], true);
    assert_eq!(kinds(&boards[3])["N5"], "unplayable");

    let text = countback(&["score", file]).stdout;
    assert_shows(
        &text,
        &[
            "Board 1 — E = 5, top 8",
            "Board 4 (fouled)",
            "Neuberg A=4 E=5",
            "not played",
            "artificial 60%/40%",
            "unplayable 50%/50%",
            "NS raw",
            "NP",
        ],
    );
    // --boards chooses how much: none, the adjusted ones, a list.
    let none = countback(&["score", file, "--boards", "none"]).stdout;
    assert!(!none.contains("Board "), "{none}");
    let adjusted = countback(&["score", file, "--boards", "adjusted"]).stdout;
    assert!(
        !adjusted.contains("Board 1 ") && adjusted.contains("Board 2 "),
        "{adjusted}"
    );
    let some = countback(&["score", file, "--boards", "3-4"]).stdout;
    assert!(
        !some.contains("Board 2 ") && some.contains("Board 3 "),
        "{some}"
    );
    let bad = countback(&["score", file, "--boards", "4-3"]);
    assert_eq!(bad.code, 2, "{}", bad.stderr);
}

/// Why: "`rank` for a chess event shows tie-break values only for the
/// players whose tie it decided. Every chess program prints the full table".
#[test]
fn rank_lists_every_tie_break_for_every_player() {
    let o = countback(&["rank", "examples/chess-swiss-byes-forfeits.toml", "--json"]);
    let v = o.json();
    let keys = texts(&v["columns"], "key");
    assert_eq!(
        keys,
        [
            "modified_median",
            "solkoff",
            "cumulative",
            "opposition_cumulative"
        ]
    );
    let members = members(&v);
    assert_eq!(members.len(), 10);
    for m in &members {
        for k in &keys {
            assert!(m["tie_breaks"][k]["exact"].is_string(), "{m}");
        }
    }
    // Gupta (last, no tie) has values too: the modified median 9.5.
    let gupta = members.iter().find(|m| m["contestant"] == "Gupta").unwrap();
    assert_eq!(gupta["tie_breaks"]["modified_median"]["exact"], "19/2");
    let text = countback(&["rank", "examples/chess-swiss-byes-forfeits.toml"]).stdout;
    let header = text.lines().find(|l| l.contains("place")).unwrap();
    assert_shows(
        header,
        &[
            "Modified Median",
            "Solkoff",
            "Cumulative",
            "Cumulative of Opposition",
        ],
    );
    let gupta_line = text.lines().find(|l| l.contains("Gupta")).unwrap();
    assert!(gupta_line.contains("9.5"), "{gupta_line}");

    // Teams: WBF Swiss points and quotients; EBU tie-break points; IHSA.
    for (file, key) in [
        ("examples/wbf-swiss-three-way-tie.toml", "swiss_points"),
        ("examples/ebu-teams-withdrawal.toml", "tie_break_points"),
        ("examples/ihsa-team-event.toml", "ihsa_tie_break"),
    ] {
        let v = countback(&["rank", file, "--json"]).json();
        for g in v["standings"].as_array().unwrap() {
            for m in g["members"].as_array().unwrap() {
                assert!(m["tie_breaks"][key]["exact"].is_string(), "{file}: {m}");
            }
        }
    }
}

/// Why: "A decided tie can print as "3.48 v 3.48" (exact 139/40 v
/// 1391/400): the display hides the difference that decided it".
#[test]
fn a_decided_tie_shows_the_difference_that_decided_it() {
    let d = countback_event::model::Decision {
        clause: countback_event::model::Clause::new("WBF 1.1(a)"),
        test: "IMP quotient in all matches".to_owned(),
        among: vec!["A".into(), "B".into()],
        values: vec![
            (
                "A".into(),
                countback_event::model::Value::Score(
                    countback_event::model::Score::new(1391, 400).unwrap(),
                ),
            ),
            (
                "B".into(),
                countback_event::model::Value::Score(
                    countback_event::model::Score::new(139, 40).unwrap(),
                ),
            ),
        ],
        result: vec![vec!["A".into()], vec!["B".into()]],
        note: None,
    };
    let shown =
        countback::render::decision_display(&d, countback_event::display::HalfDisplay::Even);
    let s = countback::render::sentence(&d, &|c| c.to_string(), &shown);
    assert!(s.ends_with("3.4775 v 3.4750"), "{s}");
}

/// Why: "IHSA values print as 43.66 / 38.07 where the documents give
/// 43.655 / 38.065. Exact halves are rounded up (68.125 → 68.13)".
#[test]
fn short_exact_values_are_exact_and_a_half_goes_by_a_named_rule() {
    let text = countback(&["rank", "examples/ihsa-team-event.toml"]).stdout;
    assert!(text.contains("43.655 v 38.065"), "{text}");
    // N1's 109/2 MPs of 80 are 68.125%: to even by default (Compscore),
    // up with --half up; the exact value stays in the JSON.
    let pct = |args: &[&str]| -> String {
        let mut a = vec!["score", "examples/pairs-fouled-board.toml", "--json"];
        a.extend_from_slice(args);
        let v = countback(&a).json();
        let n1 = &v["fields"][0]["standings"][0];
        assert_eq!(n1["percentage"]["exact"], "545/8");
        n1["percentage"]["display"].as_str().unwrap().to_owned()
    };
    assert_eq!(pct(&[]), "68.12");
    assert_eq!(pct(&["--half", "even"]), "68.12");
    assert_eq!(pct(&["--half", "up"]), "68.13");
    assert_eq!(pct(&["--half", "away-from-zero"]), "68.13");
    let bad = countback(&[
        "score",
        "examples/pairs-fouled-board.toml",
        "--half",
        "nearest",
    ]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("away-from-zero"), "{}", bad.stderr);
    let text = countback(&["score", "examples/pairs-fouled-board.toml", "--half", "up"]).stdout;
    assert!(text.contains("rounded up (--half)"), "{text}");
}

/// Why: "Piping the output into `head` panics with a backtrace and exit
/// 101." A reader that stops early ends the output quietly, in every format.
#[test]
fn a_closed_pipe_ends_quietly() {
    // A session big enough that its output fills a pipe many times over.
    let file = temp_file(
        "big.toml",
        &countback_test_support::synthetic::part_score_session(30, 60),
    );
    for format in ["text", "json", "csv", "html"] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("countback"))
            .args([
                "score",
                file.to_str().unwrap(),
                "--format",
                format,
                "--boards",
                "all",
            ])
            .env("RUST_BACKTRACE", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 64];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{format}: {stderr}");
        assert!(stderr.is_empty(), "{format}: {stderr}");
    }
}

/// Why: "Sentences repeat themselves: "WBF 3 Swiss points Swiss points (sum
/// of …)"".
#[test]
fn sentences_do_not_repeat_themselves() {
    let text = countback(&["rank", "examples/wbf-swiss-three-way-tie.toml"]).stdout;
    assert!(
        text.contains("Epsom ahead of Aldridge = Dorset: WBF 3 Swiss points (sum of every direct opponent's VP score) 258 v 246 v 246"),
        "{text}"
    );
    assert!(!text.contains("Swiss points Swiss points"), "{text}");
    let chess = countback(&["rank", "examples/chess-swiss-byes-forfeits.toml"]).stdout;
    assert!(
        chess.contains("Hale ahead of Evans: USCF 34E1 modified median 12.5 v 10.0"),
        "{chess}"
    );
    assert!(
        !chess
            .to_lowercase()
            .contains("modified median modified median"),
        "{chess}"
    );
}

/// The real results files beside the checkout, when they are there.
fn shared(path: &str) -> Option<String> {
    countback_test_support::shared_file(path).map(|p| p.to_string_lossy().into_owned())
}

/// Why: "USEBIO output lists the EW field before NS; event files list NS
/// first."
#[test]
fn the_ns_field_comes_before_the_ew_field() {
    let Some(file) = shared("bridge-data/cobalt-compscore3/mp_pairs_mitchell_04.xml") else {
        return;
    };
    // The standings alone: the travellers (shown by default since issue
    // 40) name both directions on every board.
    for args in [
        vec!["score", &file, "--boards", "none"],
        vec!["score", &file, "--json", "--boards", "none"],
    ] {
        let o = countback(&args).ok();
        let first_ew = o.stdout.find("EW").unwrap();
        let last_ns = o
            .stdout
            .rfind("\"NS\"")
            .or_else(|| o.stdout.rfind(" NS "))
            .unwrap();
        assert!(last_ns < first_ew, "{}", o.stdout);
    }
    // An event file's Mitchell: NS first as well.
    let v = countback(&["score", "examples/pairs-fouled-board.toml", "--json"]).json();
    assert_eq!(v["fields"][0]["field"], "NS");
    assert_eq!(v["fields"][1]["field"], "EW");
}

/// Every value of `v` at `path` segments, for the display checks.
fn figures_by_group<'a>(rows: impl Iterator<Item = &'a Value>, key: &str) -> Vec<(String, String)> {
    rows.filter_map(|r| figure(&r[key])).collect()
}

/// A figure's exact value and display, where it has both.
fn figure(f: &Value) -> Option<(String, String)> {
    Some((
        f["exact"].as_str()?.to_owned(),
        f["display"].as_str()?.to_owned(),
    ))
}

/// Two different exact values with the same display: the display misleads.
fn clash(figures: &[(String, String)]) -> Option<String> {
    let mut by_display: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (exact, display) in figures {
        by_display.entry(display).or_default().insert(exact);
    }
    by_display
        .into_iter()
        .find(|(_, e)| e.len() > 1)
        .map(|(d, e)| format!("{d} shows {e:?}"))
}

fn check_ranking(what: &str, v: &Value) {
    let members = members(v);
    let score = figures_by_group(members.iter().copied(), "score");
    assert_eq!(clash(&score), None, "{what}: score");
    for c in v["columns"].as_array().unwrap() {
        let key = c["key"].as_str().unwrap();
        let col = figures_by_group(members.iter().map(|m| &m["tie_breaks"]), key);
        if !c["display"].as_str().unwrap().contains("by the rule") {
            assert_eq!(clash(&col), None, "{what}: column {key}");
        }
    }
    for d in decisions(v) {
        let values: Vec<(String, String)> = d["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| figure(x).unwrap())
            .collect();
        assert_eq!(clash(&values), None, "{what}: {}", d["clause"]);
    }
}

fn check_session(what: &str, v: &Value) {
    for f in v["fields"].as_array().unwrap() {
        let rows = f["standings"].as_array().unwrap();
        for key in ["total", "percentage"] {
            assert_eq!(
                clash(&figures_by_group(rows.iter(), key)),
                None,
                "{what}: {key}"
            );
        }
    }
    for b in v["boards"].as_array().unwrap() {
        for key in ["raw", "factored"] {
            let figs: Vec<(String, String)> = b["lines"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|l| l[key].as_array())
                .flatten()
                .map(|f| figure(f).unwrap())
                .collect();
            assert_eq!(clash(&figs), None, "{what}: board {} {key}", b["board"]);
        }
    }
}

fn example_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// Done when: "a test runs every example and fixture and checks" that two
/// different values never print alike — every shipped example through the
/// command line (every column, every decision, every board), and every
/// figure every fixture under docs/examples computes, as one column.
#[test]
fn displays_never_mislead_in_any_example_or_fixture() {
    let mut checked = 0;
    for file in example_files(&root().join("examples")) {
        let path = file.to_str().unwrap();
        let session = std::fs::read_to_string(&file)
            .unwrap()
            .contains("[[boards]]");
        let o = if session {
            countback(&["score", path, "--json"])
        } else {
            countback(&["rank", path, "--json"])
        };
        assert!(o.code == 0 || o.code == 3, "{path}: {}", o.stderr);
        let v = o.json();
        if session {
            check_session(path, &v);
        } else {
            check_ranking(path, &v);
        }
        checked += 1;
    }
    assert!(checked >= 5);
    let fixtures = countback_replay::files::all(&root()).unwrap();
    assert!(fixtures.len() > 50);
    for f in &fixtures {
        let report = countback_replay::files::replay(f).unwrap();
        let numbers: Vec<countback_event::model::Score> = report
            .breakdown
            .computed
            .iter()
            .filter_map(|c| c.exact.parse::<countback_event::model::Score>().ok())
            .collect();
        for half in countback_event::display::HalfDisplay::ALL {
            for precision in [
                countback_event::display::Precision::distinct(0),
                countback_event::display::Precision::percentage(),
            ] {
                let shown =
                    countback_event::display::ColumnDisplay::for_values(&numbers, &precision, half);
                let figs: Vec<(String, String)> = numbers
                    .iter()
                    .map(|n| (n.to_string(), shown.show(n)))
                    .collect();
                assert_eq!(clash(&figs), None, "{}", f.snapshot_name());
            }
        }
    }
}
