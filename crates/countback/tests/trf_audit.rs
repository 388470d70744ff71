//! `countback audit FILE.trf` (issue 14, item 4): the ranks and points a
//! TRF declares, checked against its tie-break list and its results.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    missing_docs
)]

use std::path::PathBuf;

use countback_test_support::cli::Cli;

fn data(rel: &str) -> Option<PathBuf> {
    countback_test_support::shared_file(&format!("chess-data/{rel}"))
}

fn audit(file: &std::path::Path, args: &[&str]) -> (i32, String) {
    let mut all = vec!["audit", file.to_str().unwrap()];
    all.extend(args);
    let out = Cli::new(env!("CARGO_BIN_EXE_countback")).run(&all);
    (out.code, out.stdout)
}

#[test]
fn vegas_standings_are_borne_out_under_vegas_settings() {
    // The README of the data: Vega ranked by BH, BH/C1, SB under the 2024
    // text, counting a later forfeit loss as played when classifying a bye.
    for event in [
        "hbcc-2025-cup",
        "hbcc-2025-koshnitsky-cup",
        "hbcc-2025-reserves",
        "hbcc-2025-reserves-juniors",
        "hbcc-2025-april-blitz",
    ] {
        let Some(f) = data(&format!("vega-hobsonsbay/{event}.trf")) else {
            return;
        };
        let vega = [
            "--edition",
            "2024",
            "--tiebreaks",
            "BH, BH/C1, SB",
            "--vega-forfeit-loss",
        ];
        let (code, out) = audit(&f, &vega);
        assert_eq!(code, 0, "{event}: {out}");
        assert!(out.contains("borne out"), "{event}: {out}");
        // Under the text in force now (no date: 2026) and the default list
        // the file's ranks no longer follow: exit 1, each player named.
        let (code, out) = audit(&f, &[]);
        assert_eq!(code, 1, "{event}: {out}");
        assert!(out.contains("declared rank"), "{event}: {out}");
    }
}

#[test]
fn a_player_out_of_place_is_reported_with_the_values_that_place_them() {
    // Ann beat Bob, but the file ranks Bob first.
    let dir = std::env::temp_dir().join(format!("countback-trf-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("swapped.trf");
    std::fs::write(
        &f,
        "001    1      Ann                                                                1.0    2     2 w 1\n\
         001    2      Bob                                                                0.0    1     1 b 0\n",
    )
    .unwrap();
    let (code, out) = audit(&f, &["--tiebreaks", "BH", "--json"]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["clean"], false);
    let first = &v["findings"][0];
    assert_eq!(first["finding"], "out_of_place");
    assert_eq!(first["name"], "Ann");
    assert_eq!(first["declared_rank"], 2);
    assert_eq!(first["places"], serde_json::json!([1, 1]));
    assert_eq!(first["values"][0]["code"], "PTS");
    assert_eq!(first["values"][0]["exact"], "1");
}
