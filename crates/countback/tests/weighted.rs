//! Issue 27 item 5 (Why: "Director adjustments cannot be written: weighted
//! scores (Law 12C1(c): e.g. 60% of 4♠= and 40% of 4♠-1) … Directors today
//! fake these with balancing lines."). Before, a traveller line had no
//! `weighted` and the event file refused the field as unknown.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use serde_json::Value;

use countback_test_support::assert_shows;
use countback_test_support::cli::{pair_standing, root, Cli};

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

const W60_40: &str =
    "weighted = [{ weight = \"3/5\", score = 420 }, { weight = \"2/5\", score = \"-50\" }]";

/// The fouled-board example with board 1 (non-vulnerable, E = 5, top 8)
/// retyped as 450, 420, 420, -50 and, at N5–E4, `line_five`.
fn board_one_with(line_five: &str) -> String {
    let text = std::fs::read_to_string(root().join("examples/pairs-fouled-board.toml")).unwrap();
    let mut text = text;
    for (from, to) in [
        (
            "{ ns = \"N2\", ew = \"E3\", score = \"200\" }",
            "{ ns = \"N2\", ew = \"E3\", score = \"420\" }",
        ),
        (
            "{ ns = \"N3\", ew = \"E5\", score = \"200\" }",
            "{ ns = \"N3\", ew = \"E5\", score = \"420\" }",
        ),
        (
            "{ ns = \"N4\", ew = \"E2\", score = \"110\" }",
            "{ ns = \"N4\", ew = \"E2\", score = \"-50\" }",
        ),
    ] {
        assert!(text.contains(from));
        text = text.replacen(from, to, 1);
    }
    let from = "{ ns = \"N5\", ew = \"E4\", score = \"110\" }";
    assert!(text.contains(from));
    text.replacen(
        from,
        &format!("{{ ns = \"N5\", ew = \"E4\", {line_five} }}"),
        1,
    )
}

fn lines(v: &Value) -> Vec<Value> {
    v["boards"][0]["lines"].as_array().unwrap().clone()
}

fn total(v: &Value, pair: &str) -> String {
    pair_standing(v, pair)["total"]["exact"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn score(text: &str) -> Value {
    COUNTBACK
        .run_on(
            "weighted.toml",
            text,
            &["score", "FILE", "--json", "--boards", "1"],
        )
        .ok()
        .json()
}

/// Board 1: 450 (N1), 420 (N2), 420 (N3), -50 (N4) and N5 60% of 420 +
/// 40% of -50, 2 per beat, top 8 (five results: as is).
///
/// - N5: its 420 beats -50 (2), ties both 420s (2): 4; its -50 ties the
///   -50: 1. 3/5·4 + 2/5·1 = 14/5 NS, so E4 8 − 14/5 = 26/5.
/// - N1 (450): 2·3 + 2·(3/5 + 2/5) = 8.
/// - N2, N3 (420): 0 + 1 + 2 + (3/5·1 + 2/5·2) = 22/5.
/// - N4 (-50): 2/5·1 = 2/5.
///
/// NS 8 + 22/5 + 22/5 + 2/5 + 14/5 = 20, EW 20: 5 lines × top 8 = 40, as
/// on any complete board. N5's total moves by 14/5 − 1 from what it has
/// with a plain 110 for N5 beside a -50 for N4 (110 then beats -50 only:
/// 2), i.e. by 14/5 − 2 = 4/5.
#[test]
fn a_weighted_line_is_matchpointed_component_by_component() {
    let v = score(&board_one_with(W60_40));
    let ls = lines(&v);
    let find = |ns: &str| ls.iter().find(|l| l["ns"] == ns).unwrap().clone();
    for (ns, mp, ew) in [
        ("N1", "8", "0"),
        ("N2", "22/5", "18/5"),
        ("N3", "22/5", "18/5"),
        ("N4", "2/5", "38/5"),
        ("N5", "14/5", "26/5"),
    ] {
        let l = find(ns);
        assert_eq!(l["scored"][0]["exact"], mp, "{ns}");
        assert_eq!(l["scored"][1]["exact"], ew, "{ns}");
    }
    let w = find("N5");
    assert_eq!(w["applied"]["kind"], "weighted");
    assert_eq!(w["applied"]["components"][0]["weight"], "3/5");
    assert_eq!(w["applied"]["components"][0]["ns_points"], 420);
    assert_eq!(w["applied"]["components"][1]["weight"], "2/5");
    assert_eq!(w["applied"]["components"][1]["ns_points"], -50);
    assert_eq!(w["result"], "60% of 420 + 40% of -50");
    // The board adds up to a complete board's match points.
    let mut sum = 0i64;
    let mut fifths = 0i64;
    for l in &ls {
        for side in 0..2 {
            let t = l["scored"][side]["exact"].as_str().unwrap();
            match t.split_once('/') {
                Some((n, "5")) => fifths += n.parse::<i64>().unwrap(),
                None => sum += t.parse::<i64>().unwrap(),
                other => panic!("{other:?}"),
            }
        }
    }
    assert_eq!(sum * 5 + fifths, 40 * 5);
    // Totals follow: against a plain 110 at N5 (2 MP, E4 6).
    let plain = score(&board_one_with("score = \"110\""));
    let moved = |pair: &str, by: (i64, i64)| {
        let before: countback_event::model::Score = total(&plain, pair).parse().unwrap();
        let after: countback_event::model::Score = total(&v, pair).parse().unwrap();
        assert_eq!(
            after - before,
            countback_event::model::Score::new(by.0, by.1).unwrap(),
            "{pair}"
        );
    };
    moved("N5", (4, 5)); // 14/5 − 2
    moved("E4", (-4, 5)); // 26/5 − 6
                          // N4's -50 was beaten by 110 (0); now ties W's -50 part: + 2/5.
    moved("N4", (2, 5));
    // The text table names the Law and the components.
    let out = COUNTBACK
        .run_on(
            "weighted.toml",
            &board_one_with(W60_40),
            &["score", "FILE", "--boards", "1"],
        )
        .ok();
    assert!(
        out.stdout
            .contains("weighted score, Law 12C1(c): 60% of 420 + 40% of -50"),
        "{}",
        out.stdout
    );
}

/// A weighted line on a short board is factored like a played one:
/// Neuberg is affine, so the weighted sum survives. Board 1 without N1's
/// line (A = 4, E = 5, as-is top 6): N5's 420 ties both 420s and beats
/// -50 (1 + 1 + 2 = 4), its -50 ties the -50 (1): as is 3/5·4 + 2/5·1 =
/// 14/5 (the others: 22/5, 22/5, 2/5; sum 12 = 4·3). Factored
/// (14/5 + 1)·5/4 − 1 = 19/4 − 1 = 15/4; the trace says Neuberg too.
#[test]
fn a_weighted_line_on_a_short_board_is_factored() {
    let text = board_one_with(W60_40).replacen(
        "{ ns = \"N1\", ew = \"E1\", score = \"450\" }",
        "{ ns = \"N1\", ew = \"E1\", score = \"NP\" }",
        1,
    );
    let v = score(&text);
    let w = lines(&v).into_iter().find(|l| l["ns"] == "N5").unwrap();
    assert_eq!(w["raw"][0]["exact"], "14/5");
    assert_eq!(w["factored"][0]["exact"], "15/4");
    assert_eq!(w["applied"]["then"]["kind"], "neuberg");
}

/// A component is checked as a traveller score is: a real score gives no
/// warning, one no contract makes is warned about at its own field.
#[test]
fn the_scorers_check_reads_each_component() {
    let v: Value = COUNTBACK
        .run_on(
            "weighted.toml",
            &board_one_with(W60_40),
            &["score", "FILE", "--json", "--boards", "none"],
        )
        .ok()
        .json();
    assert_eq!(v["warnings"].as_array().map_or(0, Vec::len), 0, "{v}");
    let out = COUNTBACK.run_on(
        "weighted.toml",
        &board_one_with(
            "weighted = [{ weight = \"3/5\", score = 425 }, { weight = \"2/5\", score = \"-50\" }]",
        ),
        &["score", "FILE", "--boards", "none"],
    ).ok();
    assert_shows(
        &out.stderr,
        &["boards[0].results[4].weighted[0].score", "425"],
    );
}

/// Strict: unknown fields are refused naming the valid ones; weights that
/// do not sum to 1, a weight of 0, both or neither of `score` and
/// `weighted`, and an artificial component are refused at their field.
#[test]
fn a_weighted_score_is_read_strictly() {
    for (line, says) in [
        (
            "weighted = [{ wieght = \"3/5\", score = 420 }, { weight = \"2/5\", score = \"-50\" }]",
            "unknown field `wieght`, expected `weight` or `score`",
        ),
        (
            "weighted = [{ weight = \"3/5\", score = 420 }, { weight = \"1/2\", score = \"-50\" }]",
            "boards[0].results[4].weighted",
        ),
        (
            "weighted = [{ weight = \"0\", score = 420 }, { weight = \"1\", score = \"-50\" }]",
            "boards[0].results[4].weighted[0].weight",
        ),
        (
            "score = \"110\", weighted = [{ weight = \"1\", score = 420 }]",
            "exactly one of `score` and `weighted`",
        ),
        ("version = 1", "boards[0].results[4].score"),
        (
            "weighted = [{ weight = \"3/5\", score = \"A6040\" }, { weight = \"2/5\", score = \"-50\" }]",
            "boards[0].results[4].weighted[0].score",
        ),
        ("wieghted = []", "unknown field `wieghted`"),
    ] {
        let out = COUNTBACK.run_on("weighted.toml", &board_one_with(line), &["score", "FILE"]);
        assert_eq!(out.code, 65, "{line}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{line}: {}", out.stderr);
    }
    // The sum is named.
    let out = COUNTBACK.run_on(
        "weighted.toml",
        &board_one_with(
            "weighted = [{ weight = \"3/5\", score = 420 }, { weight = \"1/2\", score = \"-50\" }]",
        ),
        &["score", "FILE"],
    );
    assert!(out.stderr.contains("11/10"), "{}", out.stderr);
}

/// `countback schema` documents the field.
#[test]
fn the_schema_documents_weighted() {
    let v: Value = COUNTBACK.run(&["schema"]).ok().json();
    let text = v.to_string();
    assert_shows(&text, &["\"weighted\"", "WeightedPart"]);
}
