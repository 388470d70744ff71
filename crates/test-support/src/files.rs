//! Small files written the way their programs write them, shared by the
//! tests of several crates.

use std::collections::BTreeMap;

/// A PBN table row split into its cells as a test reads them back, a quoted
/// cell (`"Alfa - Bravo"`) one.
///
/// A quote that is not closed runs to the end of the row.
#[must_use]
pub fn pbn_cells(row: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = row.trim();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            out.push(quoted.get(..end).unwrap_or_default().to_owned());
            rest = quoted.get(end + 1..).unwrap_or_default().trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            out.push(rest.get(..end).unwrap_or_default().to_owned());
            rest = rest.get(end..).unwrap_or_default().trim_start();
        }
    }
    out
}

/// Every row of a PBN file's tables `tag` (`ScoreTable`, `TotalScoreTable`
/// …), as a test reads them back: the board of the last `[Board "N"]` tag
/// before it (0 before any), and a map from the table's column names (sort
/// marks and widths dropped) to the row's cells. A table ends at the next
/// tag or a blank line.
#[must_use]
pub fn pbn_rows(pbn: &str, tag: &str) -> Vec<(u32, BTreeMap<String, String>)> {
    let mut out = Vec::new();
    let mut board = 0;
    let mut columns: Option<Vec<String>> = None;
    let head_tag = format!("[{tag} \"");
    for line in pbn.lines() {
        if let Some(b) = line.strip_prefix("[Board \"") {
            let b = b.trim_end_matches("\"]");
            board = b.parse().unwrap_or_else(|e| panic!("board {b:?}: {e}"));
            columns = None;
        } else if let Some(head) = line.strip_prefix(&head_tag) {
            columns = Some(
                head.trim_end_matches("\"]")
                    .split(';')
                    .map(|c| c.split('\\').next().unwrap_or_default().to_owned())
                    .collect(),
            );
        } else if line.starts_with('[') || line.trim().is_empty() {
            columns = None;
        } else if let Some(cols) = &columns {
            out.push((board, cols.iter().cloned().zip(pbn_cells(line)).collect()));
        }
    }
    out
}

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

/// Every `<BOARD>` block of a USEBIO file (`<BOARD>` or `<BOARD …>` up to
/// its `</BOARD>`) that has traveller lines, in file order: the
/// conformance tests read each board's figures from it with [`tags`].
pub fn played_boards(xml: &str) -> impl Iterator<Item = &str> {
    xml.split("</BOARD>")
        .filter_map(|chunk| {
            let start = chunk.rfind("<BOARD>").max(chunk.rfind("<BOARD "))?;
            chunk.get(start..)
        })
        .filter(|b| b.contains("<TRAVELLER_LINE>"))
}

/// A teams league written the way Ruter i Norge 4.14 writes its teams
/// export (`[Competition "Teams"]`, `ScoringType "Teams"`): six teams,
/// three rounds played of four (round 4 is scheduled, every figure `-`),
/// two segments of 8 boards a match. `MatchDetails` holds each segment's
/// IMPs and the match total as segment `200`; `VP_Home`/`VP_Away` are the
/// WBF 2013 continuous scale at 16 boards (its published table: 14 IMPs →
/// 13.75–6.25; a draw 10–10; 66 IMPs → 20–0); the lineups and rosters
/// (member numbers, names: all invented) carry no figure. Totals: team 3
/// 36.41, 6 32.29, 1 30.48, 5 28.55, 4 26.55, 2 25.72.
pub const RUTER_TEAMS_PBN: &str = r#"% PBN 2.0
% EXPORT
% 
% <META  name=Generator                  content="Ruter i Norge">
% <META  name=Version                    content="4.14.2">
% <META  name=Author                     content="www.brenning.se">
% 
% <META  name=ContestName                content="Synthetic league">
% <META  name=ContestType                content="4">
% <META  name=ScoringType                content="Teams">
% <META  name=TeamCount                  content="6">
% <META  name=RoundCount                 content="3">
% <META  name=RoundCountMax              content="4">
% <META  name=SegmentCount               content="2">
% 
[Event "Synthetic league"]
[Site "Testby"]
[Date "2024.03.10"]
[Board "202"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "E"]
[Vulnerable "All"]
[Deal ""]
[Scoring "Teams"]
[Declarer ""]
[Contract ""]
[Result ""]
[Competition "Teams"]
[EventDate "2024.01.14"]
[Annotator "Testby BK"]
[Application "Ruter i Norge - Read more at www.brenning.se"]
[TotalScoreTable "Rank\1R;TeamId\1R;Table\1R;Direction\6R;TotalScoreVP\5R;TeamName\10L;NrRounds\1R;Club\9L;Roster\23L;RosterDetails\47L"]
1 3 1 "Away" 36.41 "Charlie"   3 "Testby BK" "Cee One - Cee Two"     "90031,One,Cee|90032,Two,Cee"
2 6 3 "Away" 32.29 "Foxtrot"   3 -           "Eff One - Eff Two"     "90061,One,Eff|90062,Two,Eff"
3 1 1 "Home" 30.48 "Alfa"      3 "Testby BK" "Ay One - Ay Two"       "90011,One,Ay|90012,Two,Ay"
4 5 2 "Away" 28.55 "Echo"      3 -           "Ee One - Ee Two"       "90051,One,Ee|90052,Two,Ee"
5 4 3 "Home" 26.55 "Delta"     3 -           "Dee One - Dee Two"     "90041,One,Dee|90042,Two,Dee"
6 2 2 "Home" 25.72 "Bravo"     3 "Testby BK" "Bee One - Bee Two"     "90021,One,Bee|90022,Two,Bee"
[ScoreTable "Round\1R;Table\1R;TeamId_Home\1R;TeamId_Away\1R;MatchDetails\26L;VP_Home\5R;VP_Away\5R;LineupDetails_Home\53L;LineupDetails_Away\53L"]
1 1 1 2 "1,20,10|2,14,10|200,34,20" 13.75  6.25 "1,O,N,90011,One,Ay|1,O,S,90012,Two,Ay"   "1,O,E,90021,One,Bee|1,O,W,90022,Two,Bee"
1 2 3 4 "1,10,22|2,8,8|200,18,30"    6.72 13.28 "1,O,N,90031,One,Cee|1,O,S,90032,Two,Cee" "1,O,E,90041,One,Dee|1,O,W,90042,Two,Dee"
1 3 5 6 "1,15,15|2,9,9|200,24,24"   10.00 10.00 -                                          -
2 1 1 3 "1,5,31|2,0,40|200,5,71"     0.00 20.00 "1,O,N,90011,One,Ay|1,O,S,90012,Two,Ay"   "1,O,E,90031,One,Cee|1,O,W,90032,Two,Cee"
2 2 2 5 "1,12,7|2,11,10|200,23,17"  11.76  8.24 -                                          -
2 3 4 6 "1,3,19|2,17,1|200,20,20"   10.00 10.00 -                                          -
3 1 1 4 "1,30,2|2,6,4|200,36,6"     16.73  3.27 -                                          -
3 2 2 6 "1,9,13|2,10,14|200,19,27"   7.71 12.29 -                                          -
3 3 3 5 "1,21,20|2,4,6|200,25,26"    9.69 10.31 -                                          -
4 1 1 5 -                                -     - -                                          -
4 2 2 4 -                                -     - -                                          -
4 3 3 6 -                                -     - -                                          -
"#;

/// A Swiss teams event as a USEBIO 1.2 file (`EVENT_TYPE="SWISS_TEAMS"`,
/// `MATCH_SCORING_METHOD` `VPS`), laid out as the USEBIO 1.2 DTD has it
/// and EBUScore Teams writes it: `PARTICIPANTS/TEAM` with `TEAM_ID` and
/// `TEAM_NAME` attributes, `TOTAL_SCORE`, `PLACE` and the players; one
/// `MATCH` per encounter (round, `TEAM`, `OPPOSING_TEAM`, the board range,
/// `TEAM_SCORE`/`OPPOSING_TEAM_SCORE` in VPs), and each `BOARD` with the
/// team's net `IMPS` and a `TRAVELLER_LINE` per room (the `DIRECTION` the
/// team sat, contract, declarer, lead, tricks, the NS `SCORE`). Four teams,
/// two rounds of 4-board matches; the VPs are the WBF/EBU discrete scale at
/// 4 boards by the EBU generator's rule (`countback-vp`'s
/// `wbf-2013-discrete`; the White Book prints no 4-board table): 9–11 IMPs
/// 15, 12–14 16, 15–17 17. Worked by hand:
/// 1 v 2: 420−170 = 250 → 6, −50+620 = 570 → 11, 110−140 → −1, 0: +16 →
/// 17–3; 3 v 4: −6, −600+140 = −460 → −10, 140−50 = 90 → 3, 0: −13 → 4–16;
/// 1 v 3: 0, −200−100 → −7, 1430−680 = 750 → 13, 50+90 = 140 → 4: +10 →
/// 15–5; 2 v 4: −1, 7, −13, −4: −11 → 5–15. Totals 32, 8, 9, 31.
///
/// The file is `ebu-teams-usebio.xml` beside this one: two players a team
/// (team 1: `Player 11`, member `9101`, and `Player 12`, `9102`), every
/// contract 3NT by North, lead S4, 9 tricks, so that only the scores carry
/// figures.
pub const EBU_TEAMS_USEBIO: &str = include_str!("ebu-teams-usebio.xml");
