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

/// Cross-IMPs from Ruter, one board at three tables: 620, 170, −100.
/// - 620: v 170 = 450 → 10, v −100 = 720 → 12: sum 22
/// - 170: v 620 → −10, v −100 = 270 → 7: sum −3
/// - −100: −12 − 7 = −19
///
/// `scoring` is the `[Scoring]` tag, `totals` the NS totals of pairs 1, 3
/// and 5 as the file prints them (EW the negation), so one file serves
/// each of Ruter's rules (`IMP;Cross` sums, `IMP;Cross2` per comparison)
/// and a tag that says the mean while the figures are sums.
#[must_use]
pub fn ruter_cross(scoring: &str, totals: [&str; 3]) -> String {
    let negated = |t: &str| match t.strip_prefix('-') {
        Some(positive) => positive.to_owned(),
        None => format!("-{t}"),
    };
    format!(
        r#"% PBN 2.0
[Board "1"]
[Scoring "{scoring}"]
[Competition "Pairs"]
[Application "Ruter - Read more at www.brenning.se"]
[ScoreTable "Table\1R;Round\1R;PairId_NS\1R;PairId_EW\1R;Contract\4L;Declarer\1R;Result\2R;Lead\3L;Score_NS\6R;Score_EW\6R;IMP_NS\3R;IMP_EW\3R"]
1 1 1 2 4S  N 12 HK "620"     -  22 -22
2 1 3 4 4S  N 10 HK "170"     -  -3   3
3 1 5 6 4S  N  9 HK     -  "100" -19  19
[TotalScoreTable "Rank\1R;PairId\1R;Table\1R;Direction\5R;TotalScoreIMP\6R;Names\20L;MemberID1\7R;MemberID2\7R"]
1 1 1 "N-S" {} "Alfa - Bravo" "1" "2"
2 3 2 "N-S" {} "Charlie - Delta" "3" "4"
3 5 3 "N-S" {} "Echo - Foxtrot" "5" "6"
1 6 3 "E-W" {} "Golf - Hotel" "7" "8"
2 4 2 "E-W" {} "India - Juliett" "9" "10"
3 2 1 "E-W" {} "Kilo - Lima" "11" "12"
"#,
        totals[0],
        totals[1],
        totals[2],
        negated(totals[2]),
        negated(totals[1]),
        negated(totals[0]),
    )
}

/// Every event file the project ships or tests with: the examples, and the
/// event library's cases (`crates/event/tests/data/<procedure>/`, without
/// their `.expected.toml` and without the cases the library refuses), sorted.
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
            if name.ends_with(".toml") && !name.ends_with(".expected.toml") && !refused(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    assert!(out.len() >= 9, "the examples and test events are missing");
    out
}

/// Whether the case at `event` is one the library refuses (its
/// `.expected.toml` lists `refused` words): not an event the format accepts.
fn refused(event: &std::path::Path) -> bool {
    std::fs::read_to_string(event.with_extension("expected.toml"))
        .is_ok_and(|t| t.lines().any(|l| l.starts_with("refused")))
}

/// The real Compscore3 (USEBIO 1.2) sessions of `../shared/bridge-data`,
/// as `shared_file` names them: one list for every test that reads them all.
pub const COMPSCORE_SESSIONS: [&str; 6] = [
    "bridge-data/cobalt-compscore3/butler_howell.xml",
    "bridge-data/cobalt-compscore3/cross_imp_howell.xml",
    "bridge-data/cobalt-compscore3/mp_pairs_howell.xml",
    "bridge-data/cobalt-compscore3/mp_pairs_mitchell.xml",
    "bridge-data/cobalt-compscore3/mp_pairs_mitchell_04.xml",
    "bridge-data/cobalt-compscore3/mp_pairs_mitchell_adjusted_02.xml",
];

/// The real NZ Scorer sessions of `../shared/bridge-data`.
pub const NZ_SCORER_SESSIONS: [&str; 3] = [
    "bridge-data/nz-scorer/multi-section-multi-movement-pairs.xml",
    "bridge-data/nz-scorer/pairs-with-np-passed.xml",
    "bridge-data/nz-scorer/three_quarter_howell_with_phantom.xml",
];

/// The text of every `<name>…</name>` in `block`, in order, trimmed: the
/// conformance tests read a few figures of a USEBIO file this way, apart
/// from the reader they check.
#[must_use]
pub fn tags<'a>(block: &'a str, name: &str) -> Vec<&'a str> {
    let (open, close) = (format!("<{name}>"), format!("</{name}>"));
    block
        .split(open.as_str())
        .skip(1)
        .filter_map(|rest| rest.split(close.as_str()).next())
        .map(str::trim)
        .collect()
}
