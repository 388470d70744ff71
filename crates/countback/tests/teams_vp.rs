//! Issue 15: a teams event entered as IMPs shows each match's conversion
//! to VPs in the standings and the JSON (exact beside displayed).
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    missing_docs
)]

use countback_test_support::cli::Cli;

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

fn run(args: &[&str]) -> String {
    let out = COUNTBACK.run(args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
}

#[test]
fn the_conversion_is_shown_match_by_match() {
    // The example's header: round 1, Ashford 40 v Camden 30 over 16
    // boards is 12.80 v 7.20 by the WBF continuous scale.
    let v: serde_json::Value =
        serde_json::from_str(&run(&["rank", "--json", "examples/wbf-swiss-imps.toml"])).unwrap();
    let m = &v["matches"][0];
    assert_eq!(m["first"], "A");
    assert_eq!(m["boards"], 16);
    assert_eq!(m["scale"], "wbf-2013-continuous");
    assert_eq!(m["imps"][0]["exact"], "40");
    assert_eq!(m["vp"][0]["exact"], "64/5");
    assert_eq!(m["vp"][0]["display"], "12.80");
    assert_eq!(m["vp"][1]["display"], "7.20");
    assert_eq!(v["matches"].as_array().unwrap().len(), 9);
    let text = run(&["rank", "examples/wbf-swiss-imps.toml"]);
    assert!(
        text.contains("Matches: IMPs to VPs by the wbf-2013-continuous scale"),
        "{text}"
    );
    assert!(text.contains("12.80–7.20"), "{text}");
    // An event that gives VPs has no conversions to show.
    let v: serde_json::Value = serde_json::from_str(&run(&[
        "rank",
        "--json",
        "examples/wbf-swiss-three-way-tie.toml",
    ]))
    .unwrap();
    assert!(v.get("matches").is_none());
}
