//! Issue 42, items 4 and 5 (and issue 44) on the command line: a TRF file
//! is read as its program wrote it, and a figure of the file that is not
//! followed is said in every output.
//!
//! `trf_readings/points-column.trf` is laid out as Swiss-Manager writes a
//! TRF-16 file (Latin-1 text, CRLF, every informational column, `XXR 5`
//! planned rounds): four players, three rounds, made-up names. By hand:
//! #1 beats #2 and #3 and draws #4: 2½; #2 draws #4 and beats #3: 1½; #3
//! beats #4: 1; #4 two draws: 1, where its points column says 2.0.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use countback_test_support::assert_shows;
use countback_test_support::cli::{contestants, texts, Cli};
use serde_json::Value;

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));
const FILE: &str = "crates/countback/tests/trf_readings/points-column.trf";

/// Before: the file was refused for its first non-UTF-8 byte (exit 65);
/// read as Windows-1252 its names come out as written.
#[test]
fn a_latin1_file_reads_with_its_names_as_written() {
    let out = COUNTBACK.run(&["rank", FILE, "--format", "json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        contestants(&out.json()),
        [
            "Müller, Jörg",
            "Schäfer, Anna",
            "Gómez, Iñigo",
            "Weiß, Tobias"
        ]
    );
}

/// Before: ranked by the results without a word (only `audit` said it).
/// Now every output names the player and both figures, and `--points
/// file` ranks by the column: 2½, 2 (#4), 1½, 1.
#[test]
fn a_points_column_that_disagrees_is_said_in_every_output() {
    let said = [
        "player #4 Gómez, Iñigo",
        "the points column says 2",
        "the results score 1",
    ];
    let json = |args: &[&str]| {
        let out = COUNTBACK.run(args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.json()
    };
    let v = json(&["rank", FILE, "--format", "json"]);
    assert_shows(&v["warnings"].to_string(), &said);
    assert_shows(&v["warnings"].to_string(), &["ranked by the results"]);
    let text = COUNTBACK.run(&["rank", FILE]);
    assert_shows(&text.stderr, &said);
    let explain = json(&["explain", FILE, "--format", "json"]);
    assert_shows(&explain["warnings"].to_string(), &said);
    let audit = COUNTBACK.run(&["audit", FILE]);
    assert_shows(
        &audit.stdout,
        &["#4", "declares 2 points", "the results score 1"],
    );
    assert_shows(&audit.stderr, &said);
    let by_file = json(&["rank", FILE, "--points", "file", "--format", "json"]);
    assert_eq!(
        contestants(&by_file),
        [
            "Müller, Jörg",
            "Gómez, Iñigo",
            "Schäfer, Anna",
            "Weiß, Tobias"
        ]
    );
    assert_shows(
        &by_file["warnings"].to_string(),
        &["ranked by the points column"],
    );
}

/// `XXR 5` (the rounds planned) with 3 rounds of results: said. Issue 44:
/// a `142` saying more rounds than were played made every player's later
/// rounds unplayed (art. 16) and changed every Buchholz without a word.
#[test]
fn rounds_planned_or_declared_beyond_those_played_are_said() {
    let out = COUNTBACK.run(&["rank", FILE, "--format", "json"]);
    assert_shows(
        &out.json()["warnings"].to_string(),
        &["record XXR plans 5 rounds", "results of 3"],
    );
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/trf_readings/points-column.trf"
    ))
    .unwrap();
    let with_142: Vec<u8> = bytes
        .windows(5)
        .position(|w| w == b"XXR 5")
        .map(|at| [&bytes[..at], b"142 5".as_slice(), &bytes[at + 5..]].concat())
        .unwrap();
    let dir = std::env::temp_dir().join(format!("countback-trf-readings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("declared-5.trf");
    std::fs::write(&path, with_142).unwrap();
    let out = COUNTBACK.run(&["rank", path.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_shows(
        &out.json()["warnings"].to_string(),
        &[
            "record 142 says 5 rounds",
            "results stop after round 3",
            "changes every Buchholz",
        ],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

const ROBIN_2026: &str = "crates/countback/tests/trf_readings/robin-2026.trf";

/// Issue 42, item 6: the note to art. 8 of the March 2026 text ("not used
/// in round robins": BH, FB, AOB), one reading for players and teams. A
/// 2026 round robin of four (`092 Round Robin`, Swiss-Manager's layout)
/// with countback's own default list `BH/C1, BH, SB`: before, exit 65 and
/// nothing printed. Now BH/C1 and BH are left out, each said, and SB ranks.
/// By hand: #1 2½; #2 three draws 1½; #3 a draw, a win, a loss 1½; #4 ½.
/// SB of #2: ½ × (1½ + 2½ + ½) = 2¼; of #3: ½ × 1½ + 1 × ½ = 1¼: #2 second.
#[test]
fn a_2026_round_robin_leaves_the_buchholz_codes_out_and_still_ranks() {
    let out = COUNTBACK.run(&["rank", ROBIN_2026, "--format", "json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v = out.json();
    assert_eq!(
        contestants(&v),
        ["Adler, Paul", "Brandt, Otto", "Clausen, Ida", "Dorn, Emil"]
    );
    let warnings = v["warnings"].to_string();
    assert_shows(
        &warnings,
        &[
            "BH/C1 is not used in round robins (FIDE C.07 8 (note), 2026 text)",
            "BH is not used in round robins",
            "the standings ranked by the others",
        ],
    );
    let keys = texts(&v["columns"], "key");
    assert_eq!(keys, ["SB"]);
}

/// The same note on a team round robin under the 2026 text (before: BH:MP
/// accepted for teams where BH was refused for players): left out, said.
#[test]
fn a_2026_team_round_robin_reads_the_note_the_same_way() {
    let file = "crates/countback/tests/fide_teams/interclub-trf16-round1.trf";
    let out = COUNTBACK.run(&[
        "rank",
        file,
        "--tiebreaks",
        "BH:MP, SB:MP",
        "--format",
        "json",
    ]);
    assert!(matches!(out.code, 0 | 3), "{}", out.stderr);
    let v = out.json();
    assert_shows(
        &v["warnings"].to_string(),
        &["BH:MP is not used in round robins (FIDE C.07 8 (note), 2026 text)"],
    );
    let keys = texts(&v["columns"], "key");
    assert_eq!(keys, ["SB:MP"]);
}

/// Issue 42 item 7, "what the arbiter sends": `rank FILE.trf --format trf`
/// writes the file back as it is submitted for rating. Sharly Chess's
/// individual export (no tie-break list of its own): every byte as read,
/// but the players' rank columns (86-89 of `001`) and one `202` record
/// with the list the ranking followed; the file written audits clean (its
/// declared ranks are borne out by its own list).
#[test]
fn a_trf_is_written_back_with_its_ranks_and_nothing_else_changed() {
    let Some(path) = countback_test_support::shared_file(
        "chess-data/real-world/sharly-chess/trf-import-test.trf",
    ) else {
        return;
    };
    let source = std::fs::read_to_string(&path).unwrap();
    let out = COUNTBACK.run(&[
        std::path::Path::new("rank"),
        &path,
        std::path::Path::new("--format"),
        std::path::Path::new("trf"),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let written: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| !l.starts_with("202 "))
        .collect();
    assert_eq!(
        out.stdout.lines().filter(|l| l.starts_with("202 ")).count(),
        1
    );
    let read: Vec<&str> = source.lines().collect();
    assert_eq!(written.len(), read.len());
    // Columns 86-89 (1-based) of a player record are its rank.
    let outside_rank = |l: &str| -> String {
        if l.starts_with("001 ") {
            l.chars()
                .enumerate()
                .filter(|(i, _)| !(85..89).contains(i))
                .map(|(_, c)| c)
                .collect()
        } else {
            l.to_owned()
        }
    };
    for (w, r) in written.iter().zip(&read) {
        assert_eq!(outside_rank(w), outside_rank(r));
    }
    let audit = COUNTBACK.run_on("back.trf", &out.stdout, &["audit", "FILE"]);
    assert_eq!(audit.code, 0, "{}{}", audit.stdout, audit.stderr);
    assert!(audit
        .stdout
        .contains("Every declared rank and points total is borne out"));
    // Only `rank` writes a TRF back; `audit` and `explain` say so.
    for command in ["audit", "explain"] {
        let out = COUNTBACK.run(&[
            std::path::Path::new(command),
            &path,
            std::path::Path::new("--format"),
            std::path::Path::new("trf"),
        ]);
        assert_eq!(out.code, 65, "{command}: {}", out.stderr);
        assert!(
            out.stderr.contains("--format trf"),
            "{command}: {}",
            out.stderr
        );
    }
}

/// A file's lines as characters, whatever its encoding (UTF-8, else each
/// byte one character: the same on both sides of a comparison), line
/// endings kept.
fn lines_of(bytes: &[u8]) -> Vec<Vec<char>> {
    let text: String = match std::str::from_utf8(bytes) {
        Ok(t) => t.to_owned(),
        Err(_) => bytes.iter().map(|b| char::from(*b)).collect(),
    };
    text.split_inclusive('\n')
        .map(|l| l.chars().collect())
        .collect()
}

/// Run the command line on `args`; its status, raw standard output and
/// standard error.
fn raw(args: &[&std::ffi::OsStr]) -> (i32, Vec<u8>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_countback"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The audit's findings by kind (`points_disagree`, `out_of_place` ...).
fn findings(file: &std::path::Path) -> Vec<String> {
    let (code, out, err) = raw(&["audit".as_ref(), file.as_os_str(), "--json".as_ref()]);
    assert!(matches!(code, 0 | 1), "{}: {err}", file.display());
    let v: Value = serde_json::from_slice(&out).unwrap();
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["finding"].as_str().unwrap().to_owned())
        .collect()
}

/// Issue 42, done-when: every real TRF of `../shared/chess-data`, written
/// back with `rank FILE --format trf`, differs from its source only in the
/// rank columns (players' 86-89 of `001`, teams' 69-71 of `310`) and a
/// `202` line where it had no list; its line endings and encoding are
/// kept; its audit finds no rank out of place or missing, and no other
/// finding than the source's own points disagreements, which the
/// write-back keeps as every byte but the ranks. A file that cannot be
/// written back is refused naming why: a TRF-16 team file (`013`
/// records: no column holds a team's rank), and the defective Belgian
/// round-3 report (a game against opponent 0, refused when read).
#[test]
fn every_real_trf_is_written_back_with_only_its_ranks_changed() {
    let Some(root) = countback_test_support::shared_file("chess-data") else {
        return;
    };
    let files = countback_test_support::files_under(&root);
    let scratch = std::env::temp_dir().join(format!("countback-write-back-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let (mut written, mut team_roster, mut unreadable) = (0, 0, 0);
    // Rank columns written where the source's were blank or other.
    let mut ranks_changed = 0;
    for path in files {
        let source = std::fs::read(&path).unwrap();
        if !lines_of(&source)
            .iter()
            .any(|l| l.starts_with(&['0', '0', '1', ' ']))
        {
            continue;
        }
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        let (code, out, err) = raw(&[
            "rank".as_ref(),
            path.as_os_str(),
            "--format".as_ref(),
            "trf".as_ref(),
        ]);
        if code == 65 {
            if err.contains("a TRF-16 team file (013 records) has no column for a team's rank") {
                team_roster += 1;
            } else if err.contains("a game result needs an opponent") {
                unreadable += 1;
            } else {
                panic!("{name}: refused otherwise: {err}");
            }
            continue;
        }
        assert!(matches!(code, 0 | 3), "{name}: exit {code}: {err}");
        let crlf = |b: &[u8]| b.windows(2).filter(|w| w == b"\r\n").count();
        let before = lines_of(&source);
        let mut after = lines_of(&out);
        let had_list = before
            .iter()
            .any(|l| l.starts_with(&['2', '0', '2', ' ']) || l.starts_with(&['2', '1', '2', ' ']));
        if !had_list {
            let at = after
                .iter()
                .position(|l| l.starts_with(&['2', '0', '2', ' ']))
                .unwrap_or_else(|| panic!("{name}: no 202 written"));
            after.remove(at);
        }
        assert_eq!(before.len(), after.len(), "{name}");
        assert_eq!(
            crlf(&out),
            crlf(&source) + usize::from(!had_list && crlf(&source) > 0),
            "{name}: line endings"
        );
        for (i, (b, a)) in before.iter().zip(&after).enumerate() {
            if b == a {
                continue;
            }
            ranks_changed += 1;
            let cols = match b.get(..3) {
                Some(['0', '0', '1']) => 85..89,
                Some(['3', '1', '0']) => 68..71,
                _ => panic!("{name}: line {} changed", i + 1),
            };
            let outside = |l: &[char]| -> String {
                let s: String = l
                    .iter()
                    .enumerate()
                    .filter(|(c, _)| !cols.contains(c))
                    .map(|(_, ch)| *ch)
                    .collect();
                s.trim_end().to_owned()
            };
            assert_eq!(outside(b), outside(a), "{name}: line {}", i + 1);
        }
        // Audited: no rank out of place or missing; the points findings
        // are the source's own.
        let back = scratch.join(format!(
            "{written}-{}",
            path.file_name().unwrap().to_string_lossy()
        ));
        std::fs::write(&back, &out).unwrap();
        let found = findings(&back);
        let points = |f: &[String]| f.iter().filter(|k| *k == "points_disagree").count();
        assert_eq!(
            found.len(),
            points(&found),
            "{name}: the written file's audit finds {found:?}"
        );
        assert_eq!(points(&found), points(&findings(&path)), "{name}");
        written += 1;
    }
    std::fs::remove_dir_all(&scratch).unwrap();
    eprintln!("{written} written back ({ranks_changed} rank lines written), {team_roster} TRF-16 team files and {unreadable} defective file refused");
    if countback_test_support::data_required() {
        assert_eq!((written, team_roster, unreadable), (22, 8, 1));
        assert!(ranks_changed > 100, "{ranks_changed}");
    }
}
