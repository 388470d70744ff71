//! Issue 15: a teams event entered as IMPs shows each match's conversion
//! to VPs in the standings and the JSON (exact beside displayed).

use countback_test_support::assert_shows;
use countback_test_support::cli::{Cli, Out};

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

/// Run with `args`, which must succeed.
#[track_caller]
fn run(args: &[&str]) -> Out {
    COUNTBACK.run(args).ok()
}

#[test]
fn the_conversion_is_shown_match_by_match() {
    // The example's header: round 1, Ashford 40 v Camden 30 over 16
    // boards is 12.80 v 7.20 by the WBF continuous scale.
    let v = run(&["rank", "--json", "examples/wbf-swiss-imps.toml"]).json();
    let m = &v["matches"][0];
    assert_eq!(m["first"], "A");
    assert_eq!(m["boards"], 16);
    assert_eq!(m["scale"], "wbf-2013-continuous");
    assert_eq!(m["imps"][0]["exact"], "40");
    assert_eq!(m["vp"][0]["exact"], "64/5");
    assert_eq!(m["vp"][0]["display"], "12.80");
    assert_eq!(m["vp"][1]["display"], "7.20");
    assert_eq!(v["matches"].as_array().unwrap().len(), 9);
    let text = run(&["rank", "examples/wbf-swiss-imps.toml"]).stdout;
    assert_shows(
        &text,
        &[
            "Matches: IMPs to VPs by the wbf-2013-continuous scale",
            "12.80–7.20",
        ],
    );
    // An event that gives VPs has no conversions to show.
    let v = run(&["rank", "--json", "examples/wbf-swiss-three-way-tie.toml"]).json();
    assert!(v.get("matches").is_none());
}

// ---------------------------------------------------------------------------
// `countback vp` (issue 26 item 3): IMPs to VPs without an event file. Every
// figure below is a published one: issue 15's sample values of the WBF 2013
// continuous scale, and the White Book's 8-board discrete table (3.1.1).

/// A command line written as one string (no argument has a space).
fn line(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

fn json_of(text: &str) -> serde_json::Value {
    run(&line(text)).json()
}

#[test]
fn vp_converts_margins_to_the_published_values() {
    // Issue 15: 16 boards, 10 IMPs -> 12.80, 15 -> 13.97, 20 -> 15.00,
    // 30 -> 16.73; a margin lost by 10 is the other side of 12.80.
    let v = json_of("vp --scale wbf-2013-continuous --boards 16 --json 10 15 20 30 -10");
    assert_eq!(v["scale"], "wbf-2013-continuous");
    assert_eq!(v["boards"], 16);
    let shown: Vec<(String, String)> = v["margins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["first"]["display"].as_str().unwrap().to_owned(),
                m["second"]["display"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let want = [
        ("12.80", "7.20"),
        ("13.97", "6.03"),
        ("15.00", "5.00"),
        ("16.73", "3.27"),
        ("7.20", "12.80"),
    ];
    assert_eq!(
        shown,
        want.map(|(a, b)| (a.to_owned(), b.to_owned())).to_vec()
    );
    assert_eq!(v["margins"][0]["first"]["exact"], "64/5");
    // Issue 15: 8 boards, 10 IMPs -> 13.78, as text.
    let text = run(&line("vp --scale wbf-2013-continuous --boards 8 10")).stdout;
    assert_shows(&text, &["13.78", "certified", "WBF Scoring Panel"]);
}

#[test]
fn vp_without_margins_prints_the_whole_table() {
    // White Book 3.1.1, 8 boards: 0 -> 10-10, 1-3 -> 11-9, 4-6 -> 12-8 …
    // 31-38 -> 19-1, 39 and more -> 20-0: eleven bands.
    let csv = run(&line(
        "vp --scale wbf-2013-discrete --boards 8 --format csv",
    ))
    .stdout;
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "scale,boards,from,to,winner,loser");
    assert_eq!(lines.len(), 12, "{csv}");
    assert_eq!(lines[1], "wbf-2013-discrete,8,0,0,10,10");
    assert_eq!(lines[3], "wbf-2013-discrete,8,4,6,12,8");
    assert_eq!(lines[11], "wbf-2013-discrete,8,39,,20,0");
    let v = json_of("vp --scale wbf-2013-discrete --boards 8 --json");
    let bands = v["bands"].as_array().unwrap();
    assert_eq!(bands.len(), 11);
    assert_eq!(bands[10]["margins"], "39+");
    assert!(bands[10]["to"].is_null());
    assert_eq!(bands[2]["winner"]["exact"], "12");
    let text = run(&line("vp --scale wbf-2013-discrete --boards 8")).stdout;
    assert!(text.contains("  4-6      12      8"), "{text}");
}

#[test]
fn vp_refuses_a_fractional_margin_unless_a_rule_is_chosen() {
    COUNTBACK
        .run(&line("vp --scale wbf-2013-continuous --boards 16 14.5"))
        .refused("--fractional");
    // docs/vp.md: 14.5 IMPs over 16 boards, interpolated, is 13.86 exactly
    // (halfway between 13.75 and 13.97).
    let v =
        json_of("vp --scale wbf-2013-continuous --boards 16 --fractional interpolate --json 14.5");
    assert_eq!(v["margins"][0]["first"]["exact"], "693/50");
    let out = COUNTBACK.run(&line("vp --scale wbf-2014 --boards 16"));
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("wbf-2013-continuous"), "{}", out.stderr);
}
