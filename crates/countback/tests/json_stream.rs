//! Issue 43: a session's board lines are written as JSON by hand, each
//! distinct figure's JSON once a column. What a program reads must be what
//! serde wrote: names escaped where JSON needs it, the keys in their order,
//! each figure `{"exact", "display"}`, and the match points by hand.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use countback_test_support::cli::Cli;

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

/// Board 1 (nobody vulnerable), three results: the two 420s beat the 170
/// and tie each other, 2·1 + 1 = 3 match points each of a top of 4; the
/// 170 scores 0. A pair's name holds a quote, another a backslash.
const SESSION: &str = r#"
[event]
name = "A \"quoted\" session"

[[boards]]
board = 1
results = [
  { ns = '1"NS', ew = '1\EW', score = "420" },
  { ns = "2NS", ew = "2EW", score = "420" },
  { ns = "3NS", ew = "3EW", score = "170" },
  { ns = "4NS", ew = "4EW", score = "NP" },
]
"#;

#[test]
fn board_lines_read_back_as_serde_wrote_them() {
    let out = COUNTBACK
        .run_on("quoted.toml", SESSION, &["score", "FILE", "--json"])
        .ok();
    // The bytes of the first line, keys in order, the names escaped.
    assert!(
        out.stdout.contains(
            r#"{"ns":"1\"NS","ew":"1\\EW","result":"420","raw":[{"exact":"3","display":"#
        ),
        "{}",
        out.stdout
    );
    let v = out.json();
    assert_eq!(v["event"], "A \"quoted\" session");
    let lines = v["boards"][0]["lines"].as_array().unwrap();
    let line = |ns: &str| lines.iter().find(|l| l["ns"] == ns).unwrap();
    let first = line("1\"NS");
    assert_eq!(first["ew"], "1\\EW");
    assert_eq!(first["raw"][0]["exact"], "3");
    assert_eq!(first["raw"][1]["exact"], "1");
    assert_eq!(first["applied"]["kind"], "as_is");
    let third = line("3NS");
    assert_eq!(third["raw"][0]["exact"], "0");
    assert_eq!(third["scored"][1]["exact"], "4");
    let not_played = line("4NS");
    assert_eq!(not_played["result"], "NP");
    assert!(not_played["raw"].is_null());
    assert_eq!(not_played["applied"]["kind"], "not_played");
    // Each figure is its exact text and its display, and nothing else.
    for l in lines.iter().filter(|l| !l["raw"].is_null()) {
        for key in ["raw", "factored", "scored"] {
            for figure in l[key].as_array().unwrap() {
                let mut keys: Vec<&String> = figure.as_object().unwrap().keys().collect();
                keys.sort();
                assert_eq!(keys, ["display", "exact"], "{figure}");
            }
        }
    }
}
