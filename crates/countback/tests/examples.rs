//! End to end: every shipped example, run as a director would run it.
//!
//! The expected winners and clauses were worked by hand (and with an
//! independent exact computation); each example file explains the working in
//! its header comment.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use assert_cmd::Command;

use countback_test_support::assert_shows;
use countback_test_support::cli::{decisions, find, members, root};

fn countback(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("countback")
        .unwrap()
        .current_dir(root())
        .args(args)
        .assert()
}

fn stdout(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stdout).into_owned()
}

fn stderr(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stderr).into_owned()
}

fn json(args: &[&str]) -> serde_json::Value {
    let a = countback(args).success();
    serde_json::from_str(&stdout(&a)).unwrap()
}

/// The contestants of the first `n` places, in order.
fn leaders(v: &serde_json::Value, n: usize) -> Vec<String> {
    members(v)
        .into_iter()
        .take(n)
        .map(|m| m["contestant"].as_str().unwrap().to_owned())
        .collect()
}

/// Each contestant's exact value in the first decision under `clause` that
/// separated `among` contestants, by contestant.
fn decisive_values(v: &serde_json::Value, clause: &str, among: usize) -> Vec<(String, String)> {
    let d = decisions(v)
        .iter()
        .find(|d| {
            d["clause"] == clause
                && d["separated"] == true
                && d["among"].as_array().unwrap().len() == among
        })
        .unwrap_or_else(|| panic!("no separating {clause} decision among {among}"));
    d["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["contestant"].as_str().unwrap().to_owned(),
                x["exact"].as_str().unwrap().to_owned(),
            )
        })
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// The example at `file` ranks the two of `values` first and second, in
/// that order, and the decision under `clause` that separated them gave
/// each its exact value there.
#[track_caller]
fn first_two_separated_by(file: &str, clause: &str, values: [(&str, &str); 2]) {
    let v = json(&["rank", file, "--json"]);
    assert_eq!(leaders(&v, 2), values.map(|(who, _)| who));
    assert_eq!(decisive_values(&v, clause, 2), pairs(&values));
}

fn deciding(v: &serde_json::Value) -> Vec<String> {
    decisions(v)
        .iter()
        .filter(|d| d["separated"] == true)
        .map(|d| d["clause"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn swiss_three_way_tie_goes_to_swiss_points_then_the_direct_match() {
    let v = json(&["rank", "examples/wbf-swiss-three-way-tie.toml", "--json"]);
    assert_eq!(leaders(&v, 3), ["E", "D", "A"]);
    let clauses = deciding(&v);
    assert!(
        clauses.iter().any(|c| c == "WBF 3 Swiss points"),
        "{clauses:?}"
    );
    assert!(clauses.iter().any(|c| c == "WBF 3.1(i)"), "{clauses:?}");
    let text = stdout(&countback(&["rank", "examples/wbf-swiss-three-way-tie.toml"]).success());
    assert_shows(
        &text,
        &[
            "Epsom ahead of Aldridge = Dorset",
            "Dorset ahead of Aldridge: WBF 3.1(i)",
            "44 v 29",
        ],
    );
}

#[test]
fn swiss_entered_as_imps_ranks_by_the_vps_its_scale_gives() {
    // The example's header: VPs from the IMPs by the WBF 2013 continuous
    // scale; Ashford and Bourne level on 30, split by WBF 3 Swiss points.
    let v = json(&["rank", "examples/wbf-swiss-imps.toml", "--json"]);
    assert_eq!(leaders(&v, 6), ["C", "A", "B", "F", "D", "E"]);
    let scores: Vec<&str> = members(&v)
        .into_iter()
        .map(|m| m["score"]["display"].as_str().unwrap())
        .collect();
    assert_eq!(
        scores,
        ["38.93", "30.00", "30.00", "28.97", "26.07", "26.03"]
    );
    assert_eq!(
        decisive_values(&v, "WBF 3 Swiss points", 2),
        pairs(&[("A", "9103/100"), ("B", "8107/100")])
    );
}

#[test]
fn chess_swiss_tie_goes_to_the_modified_median_with_34e_adjustments() {
    first_two_separated_by(
        "examples/chess-swiss-byes-forfeits.toml",
        "USCF 34E1 modified median",
        [("Hale", "25/2"), ("Evans", "10")],
    );
}

#[test]
fn ihsa_tie_goes_to_the_team_formula() {
    let v = json(&["rank", "examples/ihsa-team-event.toml", "--json"]);
    assert_eq!(leaders(&v, 2), ["Elgin", "Carmel"]);
    assert!(deciding(&v).iter().any(|c| c == "IHSA team tie-break"));
    let text = serde_json::to_string(&v).unwrap();
    assert_shows(&text, &["8731/200", "7613/200"]);
}

#[test]
fn pairs_session_with_a_fouled_board_scores_exactly() {
    let v = json(&["score", "examples/pairs-fouled-board.toml", "--json"]);
    let field = |name: &str| {
        find(&v["fields"], "field", name)["standings"]
            .as_array()
            .unwrap()
            .clone()
    };
    let ns = field("NS");
    let ew = field("EW");
    assert_eq!(ns[0]["pair"], "N1");
    assert_eq!(ns[0]["total"]["exact"], "109/2");
    assert_eq!(ns[0]["percentage"]["exact"], "545/8");
    assert_eq!(ew[0]["pair"], "E3");
    assert_eq!(ew[0]["total"]["exact"], "103/2");
    // Every pair's exact total, from the example's header.
    let all: Vec<(String, String)> = ns
        .iter()
        .chain(ew.iter())
        .map(|r| {
            (
                r["pair"].as_str().unwrap().to_owned(),
                r["total"]["exact"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    for (pair, total) in [
        ("N2", "154/3"),
        ("N5", "63/2"),
        ("N3", "106/3"),
        ("N4", "82/3"),
        ("E1", "128/3"),
        ("E4", "122/3"),
        ("E2", "104/3"),
        ("E5", "61/2"),
    ] {
        assert!(
            all.contains(&(pair.to_owned(), total.to_owned())),
            "{pair} {total} in {all:?}"
        );
    }
}

#[test]
fn a_tie_the_rules_send_to_a_play_off_exits_3() {
    let a = countback(&["rank", "crates/countback/tests/bad/level-round-robin.toml"]).code(3);
    let text = stdout(&a);
    assert!(text.contains("play-off required"), "{text}");
}

#[test]
fn bad_files_name_the_file_and_the_place() {
    let cases: [(&str, &[&str]); 5] = [
        (
            "unknown-team.toml",
            &["line 23", "matches[1].second", "Zebra"],
        ),
        (
            "float-score.json",
            &["line 5", "sessions[0].scores", "write it as a string"],
        ),
        ("misaligned.trf", &["line 3"]),
        ("broken.xml", &["line"]),
        (
            "bad-chess-result.toml",
            &["line 15", "games[0].result", "1:0"],
        ),
    ];
    for (file, needles) in cases {
        let path = format!("crates/countback/tests/bad/{file}");
        let cmd = if file.ends_with(".xml") {
            "audit"
        } else {
            "rank"
        };
        let a = countback(&[cmd, &path]).code(65);
        let err = stderr(&a);
        assert!(err.contains(file), "{file}: {err}");
        for n in needles {
            assert!(err.contains(n), "{file}: expected {n:?} in {err}");
        }
    }
}

#[test]
fn every_subcommand_explains_itself() {
    for sub in ["score", "rank", "explain", "audit", "replay", "schema"] {
        let a = countback(&[sub, "--help"]).success();
        assert!(stdout(&a).contains("Usage: countback"), "{sub}");
    }
    let top = stdout(&countback(&["--help"]).success());
    assert!(top.contains("Exit codes"), "{top}");
}

#[test]
fn the_schema_describes_the_event_format() {
    let v = json(&["schema"]);
    let props = v["properties"].as_object().unwrap();
    for key in [
        "event",
        "contestants",
        "matches",
        "boards",
        "sessions",
        "games",
    ] {
        assert!(props.contains_key(key), "{key}");
    }
}

#[test]
fn the_replay_runs_from_the_cli() {
    let a = countback(&["replay"]).success();
    assert!(stdout(&a).contains("0 wrong"));
}

/// The real results files beside the checkout, when they are there.
fn shared(path: &str) -> Option<String> {
    countback_test_support::shared_file(path).map(|p| p.to_string_lossy().into_owned())
}

#[test]
fn audit_names_the_hand_set_lines_of_a_real_file() {
    let Some(file) = shared("bridge-data/cobalt-compscore3/mp_pairs_mitchell_adjusted_02.xml")
    else {
        return;
    };
    let text = stdout(&countback(&["audit", &file]).success());
    assert!(
        text.contains("board 3, 1NS v 1EW: NS line figure stored 23 computed 20 — manual override"),
        "{text}"
    );
    assert!(
        text.contains(
            "board 4, 1NS v 21EW: NS line figure stored 21 computed 19 — manual override"
        ),
        "{text}"
    );
}

#[test]
fn a_trf_file_is_ranked_by_fide_tie_breaks() {
    let Some(file) = shared("chess-data/fide-tec-exercise-2023/fide-exercise-2023.trf") else {
        return;
    };
    let v = json(&["rank", &file, "--json"]);
    assert_eq!(v["procedure"], "fide");
    assert!(
        deciding(&v).iter().any(|c| c.starts_with("FIDE C.07")),
        "{v}"
    );
}

#[test]
fn ebu_tie_goes_to_tie_break_points_with_a_withdrawn_opponent_pro_rata() {
    first_two_separated_by(
        "examples/ebu-teams-withdrawal.toml",
        "EBU 143.7.1(b)",
        [("A", "88"), ("B", "78")],
    );
}

/// Issue 40 (chess): `explain` could not be asked about one tie (1,720
/// lines for FIDE's example file to find its 2nd–3rd place tie), and with
/// no tie it showed an empty trace box. The Swiss example's trace, worked
/// by hand in its header: decisions 1–2 split Epsom, Dorset, Aldridge
/// (places 1–3); 3–4 split Bexley, Hythe, Glossop (places 4–6); Frome
/// (7th, 46 VPs) and Camrose (8th) were never tied.
#[test]
fn explain_shows_one_tie_when_asked() {
    let file = "examples/wbf-swiss-three-way-tie.toml";
    let among = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["explain", file];
        all.extend_from_slice(args);
        stdout(&countback(&all).success())
            .lines()
            .filter_map(|l| {
                l.split_once("(among ")
                    .map(|(_, g)| g.trim_end_matches(')').to_owned())
            })
            .collect()
    };
    assert_eq!(among(&[]).len(), 4);
    let fifth = ["Bexley, Glossop, Hythe", "Glossop, Hythe"];
    assert_eq!(among(&["--place", "5"]), fifth);
    assert_eq!(among(&["--contestant", "Bexley"]), fifth);
    assert_eq!(
        among(&["--contestant", "Dorset"]),
        ["Aldridge, Dorset, Epsom", "Aldridge, Dorset"]
    );
    let frome = stdout(&countback(&["explain", file, "--contestant", "Frome"]).success());
    assert!(
        frome.contains("No tie was broken among the contestants asked about"),
        "{frome}"
    );
    assert!(!frome.contains("(among"), "{frome}");
    let ninth = stderr(&countback(&["explain", file, "--place", "9"]).code(65));
    assert!(
        ninth.contains("there is no place 9: the standings have 8 places"),
        "{ninth}"
    );
}

#[test]
fn rank_help_lists_every_procedure() {
    // Before: `rank --help` named no procedure; a director had to read the
    // docs to learn what `--procedure` takes.
    let help = stdout(&countback(&["rank", "--help"]).success());
    for p in countback_event::Procedure::ALL {
        assert!(
            help.contains(p.name()),
            "{p} missing from rank --help:\n{help}"
        );
    }
}

#[test]
fn every_help_text_says_what_its_command_reads() {
    // Before: the top-level help said `audit` takes USEBIO files only, and
    // `score --help` did not mention PBN, though both read them. Issue 39:
    // a `.bws` was read, yet `score --help` named `.xml` and `.pbn` only.
    // Now every help text is made from the table of file kinds, so each
    // row that allows a command's job is named in its help, label and
    // extensions alike.
    use countback_event::kinds::FORMATS;
    use countback_event::Job;
    for (sub, job) in [
        ("score", Job::Score),
        ("audit", Job::Audit),
        ("rank", Job::Rank),
    ] {
        let help = stdout(&countback(&[sub, "--help"]).success());
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        let rows: Vec<_> = FORMATS.iter().filter(|f| f.jobs().contains(&job)).collect();
        assert!(!rows.is_empty(), "no kind of file allows {sub}");
        for row in rows {
            assert!(
                help.contains(row.label),
                "{sub} --help omits {}:\n{help}",
                row.label
            );
            for ext in row.extensions {
                assert!(
                    help.contains(&format!(".{ext}")),
                    "{sub} --help omits .{ext}:\n{help}"
                );
            }
        }
    }
    let score = stdout(&countback(&["score", "--help"]).success());
    assert!(score.contains("Bridgemate .bws"), "{score}");
}

/// `countback ARGS…` on a copy of the shared file `rel` named `name`.
fn on_a_copy(rel: &str, name: &str, args: &[&str]) -> Option<assert_cmd::assert::Assert> {
    let path = countback_test_support::shared_file(rel)?;
    let bytes = std::fs::read(&path).unwrap();
    let copy = countback_test_support::cli::scratch(name, &bytes);
    let mut all = args.to_vec();
    let copy = copy.to_string_lossy().into_owned();
    all.insert(1, &copy);
    Some(countback(&all))
}

#[test]
fn a_file_is_recognised_by_its_content_whatever_its_name() {
    // Issue 39/41/42: a Bridgemate file named `.mdb` (clubs' copies), a
    // Ruter PBN saved without its extension and a SWAR TRF saved as `.541`
    // were refused by their names ("unknown file type"), though their
    // content says what each is. Each is now read as what it is.
    let club = "bridge-data/real-world/rick-wilson-bridge-game-analysis/LBC-2026-01-26.bws";
    if let Some(a) = on_a_copy(club, "club.mdb", &["score"]) {
        assert!(stdout(&a.success()).contains("Bridgemate .bws"));
    }
    let ruter = "bridge-data/real-world/gerhardsletten-jrbridge-pbn-api/pairs.pbn";
    if let Some(a) = on_a_copy(ruter, "KM-par", &["score", "--json"]) {
        let v: serde_json::Value = serde_json::from_str(&stdout(&a.success())).unwrap();
        assert_eq!(v["standings"].as_array().map(Vec::len), Some(8), "{v}");
    }
    let trf = "chess-data/real-world/sklangen-trf/example1.trf";
    if let Some(a) = on_a_copy(trf, "karl-mala.541", &["rank", "--json"]) {
        // Exit 0, or 3 for the tie FIDE's own file leaves to lots at the
        // bottom (issue 42: its pseudo-player `spielfrei`): read, not refused.
        let out = a.get_output();
        assert!(matches!(out.status.code(), Some(0 | 3)), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["procedure"], "fide", "{v}");
    }
}

#[test]
fn a_file_of_a_kind_countback_does_not_read_is_refused_as_what_it_is() {
    // Before: a PDF saved with `.pbn` was read as PBN (its `%PDF` taken
    // for a PBN comment) and refused for a PBN reason; a web page saved as
    // `.xml` was refused as bad USEBIO. Each is now named as what it is,
    // with the kinds countback reads.
    for (name, bytes, what) in [
        (
            "results.pbn",
            &b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n"[..],
            "a PDF document",
        ),
        (
            "results.xml",
            b"<!DOCTYPE html>\n<html><body></body></html>",
            "a web page (HTML)",
        ),
        (
            "results.xls",
            b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\0\0",
            "an OLE compound document",
        ),
    ] {
        let file = countback_test_support::cli::scratch(name, bytes);
        let a = countback(&["score", &file.to_string_lossy()]).code(65);
        let err = stderr(&a);
        assert!(err.contains(&format!("this is {what}")), "{name}: {err}");
        assert!(err.contains("Bridgemate .bws"), "{name}: {err}");
    }
}

#[test]
fn score_help_states_the_boards_default_the_command_applies() {
    // Before: `score --help` said JSON defaults to `--boards none`, while
    // JSON printed every board line (as docs/cli.md says).
    let help = stdout(&countback(&["score", "--help"]).success());
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Default: `all` for text, HTML and JSON; `none` for CSV"),
        "{help}"
    );
    let v = json(&["score", "examples/pairs-fouled-board.toml", "--json"]);
    let boards = v["boards"].as_array().unwrap();
    assert!(
        !boards.is_empty(),
        "JSON without --boards holds every board"
    );
    let csv = stdout(
        &countback(&[
            "score",
            "examples/pairs-fouled-board.toml",
            "--format",
            "csv",
        ])
        .success(),
    );
    assert!(
        !csv.to_lowercase().contains("board,"),
        "CSV without --boards is the standings:\n{csv}"
    );
}

#[test]
fn the_readme_says_how_to_get_the_command_it_uses() {
    // Before: the README used `countback score …` without saying how to
    // install the command; a stranger got "command not found".
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let install = "cargo install --locked --path crates/countback";
    let at = readme
        .find(install)
        .expect("the README says how to install");
    // The first command a reader types: `countback …` in running text, or
    // a line of a shell block.
    let mut uses: Vec<usize> = readme
        .match_indices("`countback ")
        .map(|(i, _)| i)
        .collect();
    let mut offset = 0;
    let mut in_shell = false;
    for line in readme.split_inclusive('\n') {
        if line.starts_with("```") {
            in_shell = line.trim() == "```sh";
        } else if in_shell && line.starts_with("countback ") {
            uses.push(offset);
        }
        offset += line.len();
    }
    let first_use = uses.into_iter().min().unwrap();
    assert!(
        at < first_use,
        "install comes before the first `countback …` command"
    );
}
