//! Issue 12, "Why": each defect a director hit at the front door, as a test
//! that failed before the event library and passes now. Every expected
//! result is worked by hand in the comment above it.
#![allow(clippy::unwrap_used)]

use serde_json::Value;

use countback_test_support::assert_shows;
use countback_test_support::cli::{decisions, find, pair_standing, root, Cli, Out};

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

/// Run `countback COMMAND FILE ARGS…` on `text` written to a file named
/// `name` (`args` is the command, then the rest).
fn run(name: &str, text: &str, args: &[&str]) -> Out {
    let mut with_file = args.to_vec();
    with_file.insert(1, "FILE");
    COUNTBACK.run_on(name, text, &with_file)
}

/// The contestants in ranked order, and each group's unresolved kind.
fn order(v: &Value) -> Vec<(Vec<String>, Option<String>)> {
    v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let members = g["members"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["contestant"].as_str().unwrap().to_owned())
                .collect();
            let unresolved = g["unresolved"]
                .as_object()
                .map(|o| serde_json::to_string(o).unwrap());
            (members, unresolved)
        })
        .collect()
}

/// The ranking (`rank --json`, with `options`) of `text` written to a file
/// named `name`, which must succeed.
fn ranked(name: &str, text: &str, options: &[&str]) -> Value {
    let mut args = vec!["rank", "--json"];
    args.extend_from_slice(options);
    run(name, text, &args).ok().json()
}

fn flat(v: &Value) -> Vec<String> {
    order(v).into_iter().flat_map(|(m, _)| m).collect()
}

/// An EBU Swiss, 6 teams, 3 rounds, VPs on 20 (worked by hand):
///
/// | round | matches |
/// | 1 | A–D 15-5, B–C 8-12, E–F 10-10 |
/// | 2 | A–E 15-5, B–F 10-10, C–D 15-5 |
/// | 3 | A–F 2-18, B–D 14-6, C–E 11-9 |
///
/// Totals: C 38, F 38, A 32, B 32, E 24, D 16.
/// C and F never met; tie-break points (143.5.2): C = B 32 + D 16 + E 24 =
/// 72, F = E 24 + B 32 + A 32 = 88. A and B never met: A = D 16 + E 24 +
/// F 38 = 78, B = C 38 + F 38 + D 16 = 92. Wins (143.5.4): C 3, F 2 (two
/// draws count 1); A 2, B 1.5.
const SWISS: &str = include_str!("front_door/swiss.toml");

const A_V_D: &str = "[[matches]]\nround = 1\nfirst = \"A\"\nsecond = \"D\"\nvp = [15, 5]\n";

fn swiss(options: &str, round1: &str) -> String {
    SWISS.replace("OPTIONS", options).replace("ROUND1", round1)
}

#[test]
fn the_swiss_by_the_white_book() {
    let v = ranked("swiss.toml", &swiss("", A_V_D), &[]);
    assert_eq!(flat(&v), ["F", "C", "B", "A", "E", "D"]);
}

#[test]
fn a_misspelt_option_is_refused_naming_it_and_the_valid_ones() {
    let text = swiss(r#"options = { tie_purpos = "qualifying_place" }"#, A_V_D);
    let o = run("swiss.toml", &text, &["rank"]).refused("tie_purpos");
    assert_shows(
        &o.stderr,
        &[
            "its options are: all_play_all, defeated, direct_result_among_many, places",
            "line 5",
        ],
    );
}

#[test]
fn a_boolean_option_must_be_a_boolean() {
    let text = swiss(r#"options = { all_play_all = "yes" }"#, A_V_D);
    run("swiss.toml", &text, &["rank"]).refused("\"yes\" is not a boolean");
    // The quoted form older files used still works, with a warning.
    let text = swiss(r#"options = { all_play_all = "false" }"#, A_V_D);
    let o = run("swiss.toml", &text, &["rank"]).ok();
    assert!(o.stderr.contains("without quotes"), "{}", o.stderr);
}

#[test]
fn wins_after_head_to_head_is_reachable_and_changes_the_order() {
    // With the number of wins after the direct result: C (3) over F (2),
    // A (2) over B (1.5).
    let text = swiss("options = { wins_after_head_to_head = true }", A_V_D);
    let v = ranked("swiss.toml", &text, &[]);
    assert_eq!(flat(&v), ["C", "F", "A", "B", "E", "D"]);
    // The same from the command line.
    let v = ranked(
        "swiss.toml",
        &swiss("", A_V_D),
        &["-o", "wins_after_head_to_head=true"],
    );
    assert_eq!(flat(&v), ["C", "F", "A", "B", "E", "D"]);
}

#[test]
fn ties_for_different_places_have_different_purposes() {
    // EBU 143.4: split the tie for 1st (F over C by tie-break points), share
    // the tie for 3rd (A and B).
    let text = swiss(
        r#"options = { tie_purpose = "shared_place", places = { "1" = "title" } }"#,
        A_V_D,
    );
    let v = ranked("swiss.toml", &text, &[]);
    let groups = order(&v);
    assert_eq!(groups[0].0, ["F"]);
    assert_eq!(groups[1].0, ["C"]);
    assert_eq!(groups[2].0, ["A", "B"]);
    assert!(
        groups[2].1.as_deref().unwrap().contains("EBU 143.4"),
        "{groups:?}"
    );
    // --tie-purpose sets the default for this run.
    let v = ranked(
        "swiss.toml",
        &swiss(r#"options = { places = { "1" = "title" } }"#, A_V_D),
        &["--tie-purpose", "shared_place"],
    );
    assert_eq!(order(&v)[2].0, ["A", "B"]);
}

#[test]
fn an_awarded_match_is_a_missed_round_for_tie_break_points() {
    // A's round-1 match was awarded 15-5 (D did not play): A played two
    // rounds at the table, so its tie-break points are (E 24 + F 38) x 3/2
    // = 93 (143.5.2), ahead of B's 92. Before, A had 62 and lost.
    let awarded = format!("{A_V_D}awarded = true\n");
    let v = ranked("swiss.toml", &swiss("", &awarded), &[]);
    assert_eq!(flat(&v)[2..4], ["A", "B"]);
    let d = decisions(&v)
        .iter()
        .find(|d| d["clause"] == "EBU 143.7.1(b)" && d["among"] == serde_json::json!(["A", "B"]))
        .unwrap();
    assert_eq!(d["values"][0]["exact"], "93");
    assert_eq!(d["values"][1]["exact"], "92");
}

#[test]
fn a_bye_is_a_missed_round_too() {
    // The same event with A and D on a bye in round 1 (15 and 5 VPs).
    let byes = "[[byes]]\nround = 1\ncontestant = \"A\"\nvp = 15\n[[byes]]\nround = 1\ncontestant = \"D\"\nvp = 5\n";
    let v = ranked("swiss.toml", &swiss("", byes), &[]);
    assert_eq!(flat(&v), ["F", "C", "A", "B", "E", "D"]);
}

#[test]
fn a_team_twice_in_a_round_is_refused() {
    let twice =
        format!("{A_V_D}[[matches]]\nround = 1\nfirst = \"A\"\nsecond = \"B\"\nvp = [10, 10]\n");
    let o = run("swiss.toml", &swiss("", &twice), &["rank"]).refused("entered twice in round 1");
    assert!(o.stderr.contains("matches[1]"), "{}", o.stderr);
}

#[test]
fn vps_that_do_not_add_up_are_refused_or_flagged() {
    let odd = "[[matches]]\nround = 1\nfirst = \"A\"\nsecond = \"D\"\nvp = [15, 6]\n";
    // Declared scale: an error naming the match.
    let text = swiss("vp_total = 20", odd);
    run("swiss.toml", &text, &["rank"]).refused("add up to 21, not 20");
    // Undeclared: a warning in the JSON and on stderr.
    let o = run("swiss.toml", &swiss("", odd), &["rank", "--json"]).ok();
    let w = &o.json()["warnings"];
    assert!(w.to_string().contains("add up to 21"), "{w}");
    assert!(o.stderr.contains("warning"), "{}", o.stderr);
}

#[test]
fn a_missing_match_is_flagged() {
    let v = ranked("swiss.toml", &swiss("", ""), &[]);
    let w = v["warnings"].to_string();
    assert_shows(
        &w,
        &[
            "A has no match or bye in round 1",
            "D has no match or bye in round 1",
        ],
    );
}

#[test]
fn a_result_after_a_withdrawal_is_refused() {
    let text = swiss("", A_V_D).replace("id = \"D\"", "id = \"D\"\nwithdrew_after_round = 1");
    run("swiss.toml", &text, &["rank"]).refused("withdrew after round 1 but played in round 2");
}

#[test]
fn what_a_procedure_does_not_read_is_refused() {
    // A chess file ranked by a teams procedure used to tie everyone on 0.
    let text =
        std::fs::read_to_string(root().join("examples/chess-swiss-byes-forfeits.toml")).unwrap();
    for p in ["ihsa", "ebu", "wbf-swiss"] {
        let o = run("chess.toml", &text, &["rank", "-p", p]);
        assert_eq!(o.code, 65, "{p}: {}", o.stdout);
        assert!(o.stderr.contains("games"), "{p}: {}", o.stderr);
    }
}

/// A BAM stage of two teams: one match, 10-10 on boards.
const BAM: &str = include_str!("front_door/bam.toml");

#[test]
fn a_match_carryover_counts_in_a_bam_stage() {
    // Carry-over 2-0: North 12, South 10. It used to be ignored (10-10).
    let v = ranked("bam.toml", &BAM.replace("CARRY", "carryover = [2, 0]"), &[]);
    assert_eq!(flat(&v), ["North", "South"]);
    assert_eq!(v["standings"][0]["members"][0]["score"]["exact"], "12");
    // Elsewhere a carry-over is refused, not ignored.
    let text = swiss("", &format!("{A_V_D}carryover = [1, 0]\n"));
    run("swiss.toml", &text, &["rank"]).refused("carryover");
}

#[test]
fn a_knockout_match_is_told_from_the_qualification_matches() {
    // X beat Y 90-88 in the knockout; Y had beaten X 30-20 in the
    // qualification. Adding the qualification IMPs gave Y the match.
    let text = include_str!("front_door/ko.toml");
    let v = ranked("ko.toml", text, &[]);
    assert_eq!(flat(&v), ["X", "Y"]);
    // Level at 90-90: WBF 2 ¶2 looks at the qualification match: Y.
    let v = ranked("ko.toml", &text.replace("[90, 88]", "[90, 90]"), &[]);
    assert_eq!(flat(&v), ["Y", "X"]);
    // No knockout match: an error, not a ranking of the qualification.
    run(
        "ko.toml",
        &text.replace("stage = \"knockout\"", "stage = \"qualification\""),
        &["rank"],
    )
    .refused("knockout match");
}

#[test]
fn the_rating_is_shown() {
    let v = ranked(
        "chess.toml",
        &std::fs::read_to_string(root().join("examples/chess-swiss-byes-forfeits.toml")).unwrap(),
        &[],
    );
    assert_eq!(v["standings"][0]["members"][0]["contestant"], "Hale");
    assert_eq!(v["standings"][0]["members"][0]["rating"], 1760);
}

#[test]
fn uscf_options_are_reachable_and_change_values() {
    let text =
        std::fs::read_to_string(root().join("examples/chess-swiss-byes-forfeits.toml")).unwrap();
    let value = |args: &[&str], who: &str| -> String {
        let mut a = vec!["rank", "--json", "-o", "tiebreaks=[\"cumulative\"]"];
        a.extend_from_slice(args);
        let v = run("chess.toml", &text, &a).json();
        let d = decisions(&v)
            .iter()
            .find(|d| {
                d["clause"].as_str().unwrap().contains("cumulative")
                    && d["among"].as_array().unwrap().iter().any(|c| c == who)
            })
            .unwrap()
            .clone();
        find(&d["values"], "contestant", who)["exact"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    // Ito's half-point bye (round 3): cumulative loses 1/2 when the deduction is on.
    let plain = value(&[], "Ito");
    let deducted = value(&["-o", "deduct_half_point_byes=true"], "Ito");
    let ratio = |s: &str| -> (i64, i64) {
        match s.split_once('/') {
            Some((n, d)) => (n.parse().unwrap(), d.parse().unwrap()),
            None => (s.parse().unwrap(), 1),
        }
    };
    let ((pn, pd), (dn, dd)) = (ratio(&plain), ratio(&deducted));
    // plain − deducted = 1/2
    assert_eq!(2 * (pn * dd - dn * pd), pd * dd, "{plain} v {deducted}");
    // An unknown value lists the valid ones.
    run("chess.toml", &text, &["rank", "-o", "median=harkenss"])
        .refused("rulebook")
        .refused("harkness");
}

#[test]
fn per_board_expected_applies_to_that_board() {
    // Board 1 of a skewed movement is complete with 3 results; board 2 had
    // 4. Before, board 1's `expected = 3` became every board's count and
    // board 2 (4 results) was refused. Now both are scored out of 4
    // results: board 1's 3 results are factored 3 → 4 (top 4 → 6).
    let text = include_str!("front_door/skewed.toml");
    let v = run("skewed.toml", text, &["score", "--json"]).ok().json();
    assert_eq!(v["expected_results"], 4);
    let pair1 = pair_standing(&v, "1");
    // Board 1: 4 as-is → 4·4/3 + 1/3 = 17/3; board 2: 3 (all tie, top 6).
    assert_eq!(pair1["total"]["exact"], "26/3");
}

#[test]
fn scoring_options_are_reachable_and_change_results() {
    let file = root().join("examples/pairs-fouled-board.toml");
    let text = std::fs::read_to_string(file).unwrap();
    let totals = |args: &[&str]| -> Vec<String> {
        let mut a = vec!["score", "--json"];
        a.extend_from_slice(args);
        let v = run("pairs.toml", &text, &a).json();
        v["fields"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|f| f["standings"].as_array().unwrap().clone())
            .map(|s| s["total"]["exact"].as_str().unwrap().to_owned())
            .collect()
    };
    let exact = totals(&[]);
    assert_ne!(exact, totals(&["-o", "rounding=ebu_tenth_toward_average"]));
    assert_ne!(exact, totals(&["-o", "scale=one_per_beat"]));
    run("pairs.toml", &text, &["score", "-o", "roundng=exact"])
        .refused("roundng")
        .refused("rounding");
}

#[test]
fn a_field_found_wrong_after_parsing_is_located_by_line() {
    // `matches[1].second` names a team nobody entered: line 9 of this file.
    let text = "[event]\nname = \"x\"\nprocedure = \"wbf-swiss\"\n[[contestants]]\nid = \"A\"\n[[contestants]]\nid = \"B\"\n[[matches]]\nround = 1\nfirst = \"A\"\nsecond = \"Zed\"\nvp = [10, 10]\n";
    run("bad.toml", text, &["rank"]).refused(
        "line 11, column 10, field `matches[0].second`: \"Zed\" is not among the contestants",
    );
    // The same in JSON.
    let json = r#"{"event": {"name": "x", "procedure": "wbf-swiss"},
 "contestants": [{"id": "A"}, {"id": "B"}],
 "matches": [{"round": 1, "first": "A", "second": "Zed", "vp": [10, 10]}]}"#;
    run("bad.json", json, &["rank"]).refused("line 3, column 41, field `matches[0].second`");
}

/// Three tables, two boards; pairs 3 and 6 missed board 2 (worked by hand).
/// Board 1 (E = 3, top 4): 1v4 420, 2v5 400, 3v6 140 → NS 4, 2, 0.
/// Board 2, one short: 1v5 100, 2v4 50 → as-is 2 and 0; the formula gives
/// 2·3/2 + 1/2 = 7/2 and 1/2; the one-missing shortcut adds one tie: 3 and 1.
const GAPPY: &str = include_str!("front_door/gappy.toml");

#[test]
fn gap_par_and_the_one_missing_shortcut_are_reachable() {
    let plain = GAPPY.replace("SCORING", "").replace("DUE", "");
    let v = run("gappy.toml", &plain, &["score", "--json"]).ok().json();
    assert_eq!(pair_standing(&v, "1")["total"]["exact"], "15/2");
    assert_eq!(pair_standing(&v, "3")["percentage"]["exact"], "0");
    // The shortcut: pair 1 has 4 + 3.
    let o = run(
        "gappy.toml",
        &plain,
        &[
            "score",
            "--json",
            "-o",
            "one_missing=top_minus_one_bottom_plus_one",
        ],
    );
    assert_eq!(pair_standing(&o.json(), "1")["total"]["exact"], "7");
    // Gap PAR: pair 3 was due both boards: 0 + PAR 2 out of 2 × 4 = 25%.
    let gap = GAPPY
        .replace("SCORING", "[event.scoring]\npercentage = \"gap_par\"")
        .replace("DUE", "boards_due = [1, 2]");
    let o = run("gappy.toml", &gap, &["score", "--json"]).ok();
    assert_eq!(pair_standing(&o.json(), "3")["percentage"]["exact"], "25");
    // boards_due without gap PAR is refused, not ignored.
    run(
        "gappy.toml",
        &GAPPY
            .replace("SCORING", "")
            .replace("DUE", "boards_due = [1, 2]"),
        &["score"],
    )
    .refused("gap_par");
}

/// WBF 3 Swiss points with a forfeit (issue 20 (e), worked by hand in
/// tiebreak-wbf's tests): X did not turn up in round 1 and A was awarded
/// 12-0. A and B end on 22. Every direct opponent: A 38 (X 20 + Y 18), B 36
/// (Y 18 + Z 18); played matches only: A 18, B 36.
const FORFEIT_SWISS: &str = include_str!("front_door/forfeit-swiss.toml");

#[test]
fn the_wbf_readings_reach_the_file_and_the_command_line() {
    let v = ranked("fs.toml", &FORFEIT_SWISS.replace("OPTIONS", ""), &[]);
    assert_eq!(flat(&v)[..2], ["A", "B"]);
    let text = FORFEIT_SWISS.replace(
        "OPTIONS",
        "options = { swiss_points_opponents = \"played_only\" }",
    );
    let v = ranked("fs.toml", &text, &[]);
    assert_eq!(flat(&v)[..2], ["B", "A"]);
    let v = ranked(
        "fs.toml",
        &FORFEIT_SWISS.replace("OPTIONS", ""),
        &["-o", "swiss_points_opponents=played_only"],
    );
    assert_eq!(flat(&v)[..2], ["B", "A"]);
    // A reading of another part is not an option of this one.
    run(
        "fs.toml",
        &FORFEIT_SWISS.replace("OPTIONS", ""),
        &["rank", "-o", "bam_remainder=restart"],
    )
    .refused("net_among, swiss_points_opponents");
}

#[test]
fn fields_a_job_does_not_read_are_refused_not_ignored() {
    // Each of these was accepted and then ignored.
    let vp_total_in_bam = BAM.replace("CARRY", "").replace(
        "procedure = \"wbf-bam\"",
        "procedure = \"wbf-bam\"\nvp_total = 20",
    );
    run("bam.toml", &vp_total_in_bam, &["rank"]).refused("event.vp_total");

    let pairs = GAPPY
        .replace("SCORING", "vp_scale = \"wbf-2013-discrete\"")
        .replace("DUE", "");
    run("gappy.toml", &pairs, &["score"]).refused("event.vp_scale");

    let bye = "[[byes]]\nround = 1\ncontestant = \"A\"\nvp = 15\nmatch_points = 34\n[[byes]]\nround = 1\ncontestant = \"D\"\nvp = 5\n";
    run("swiss.toml", &swiss("", bye), &["rank"]).refused("byes[0].match_points");

    let boards = swiss("", &format!("{A_V_D}boards = 8\n"));
    let o = run("swiss.toml", &boards, &["rank"]);
    assert_eq!(o.code, 65, "{}", o.stderr);
    assert!(
        o.stderr.contains("matches[8].boards") || o.stderr.contains(".boards"),
        "{}",
        o.stderr
    );
}
