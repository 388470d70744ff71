//! Small files written the way their programs write them, shared by the
//! tests of several crates.

/// A Magic Contest Butler session, written as Magic Contest writes it (the
/// one `countback-pbn`'s `read.rs` works by hand): pair 7 sat out board 4 and scores its own
/// average there, 1 × 4/3 = 1.33.
pub const BUTLER_PBN: &str = r#"% PBN 2.1
[Generator "Magic Contest 5.0.3"]
[Scoring "IMP;Butler"]
[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW"]
1 2 620 10 -10
3 4 170 0 0
5 6 140 -1 1
7 8 -100 -6 6
[Board "2"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW"]
1 2 100 -1 1
3 4 140 0 0
5 6 110 -1 1
7 8 420 7 -7
[Board "3"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW"]
1 2 50 0 0
3 4 50 0 0
5 6 50 0 0
7 8 50 0 0
[Board "4"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW"]
1 2 -620 0 0
3 4 -650 -1 1
5 6 -600 1 -1
[TotalScoreTable "Rank;PairId;TotalScoreIMP"]
1 1 9.00
8 2 -9.00
5 3 -1.00
3 4 1.00
5 5 -1.00
3 6 1.00
2 7 1.33
7 8 -1.33
"#;

/// Every event file the project ships or tests with: the examples, and the
/// event library's cases (`crates/event/tests/data/<procedure>/`, without
/// their `.expected.toml`), sorted.
#[must_use]
pub fn event_files() -> Vec<std::path::PathBuf> {
    let root = crate::cli::root();
    let mut dirs = vec![root.join("examples")];
    let data = root.join("crates/event/tests/data");
    for d in std::fs::read_dir(&data).unwrap_or_else(|e| panic!("{}: {e}", data.display())) {
        dirs.push(d.unwrap_or_else(|e| panic!("{e}")).path());
    }
    let mut out = Vec::new();
    for dir in dirs {
        for e in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let p = e.unwrap_or_else(|e| panic!("{e}")).path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if name.ends_with(".toml") && !name.ends_with(".expected.toml") {
                out.push(p);
            }
        }
    }
    out.sort();
    assert!(out.len() >= 9, "the examples and test events are missing");
    out
}
