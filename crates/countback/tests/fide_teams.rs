//! Issue 28 on the command line: a TRF-2026 team file ranks teams (the team
//! codes in the columns, each decision naming its article), its `310`
//! records are audited in every format, an option for players only is
//! refused saying what the file is, and `--draw-lots SEED` draws the ties
//! the rules send to lots (FIDE) or a ballot (EBU 143.7.1(e)).
//!
//! The real team files are read from `../shared/chess-data/real-world/`
//! (PROVENANCE.md there) through `countback-test-support`; no team or
//! player name is asserted: teams are named by number or place. The
//! hand-made files under `tests/fide_teams/` are laid out as Sharly Chess
//! writes TRF-2026 team files (`182 Sharly Chess`, `162`, `172 FIDON`,
//! `192 FIDE_TEAM_TYPEA_MP_GP`, `212 PTS,...`, `352`, `362`, `310`, `300`),
//! each worked by hand in its test.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use std::path::PathBuf;

use countback_test_support::cli::{contestants, decisions, members, texts, Cli, Out};
use serde_json::Value;

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

fn real(rel: &str) -> Option<PathBuf> {
    countback_test_support::shared_file(&format!("chess-data/real-world/{rel}"))
}

const ROUND_ROBIN: &str = "crates/countback/tests/fide_teams/sharly-round-robin.trf";
const EBU_BALLOT: &str = "crates/countback/tests/fide_teams/ebu-ballot.toml";

fn run(args: &[&str]) -> Out {
    COUNTBACK.run(args)
}

/// Run the command, check its exit status, read its JSON.
fn json(args: &[&str], code: i32) -> Value {
    let out = run(args);
    assert_eq!(out.code, code, "{}", out.stderr);
    out.json()
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

/// FIDE TEC's team sample (Grandmommy's Cup): 50 teams of 249 players,
/// `192 FIDE_TEAM_BAKU`, `202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP`.
/// Before issue 28's wiring it was refused as an individual tournament
/// (exit 65); now 50 teams stand, by match points, with the file's team
/// codes as columns and each decision naming its article. The first two
/// places hold 20 match points each; the first has 33½ game points, the
/// second 32 (their MPvGP values; the library test in
/// tiebreak-fide/tests/real_world.rs places the same two teams).
#[test]
fn the_team_sample_ranks_fifty_teams_by_their_own_list() {
    let Some(f) = real("echecsjs-trf/grandmommyscup.trf") else {
        return;
    };
    let v = json(&["explain", path(&f), "--format", "json"], 0);
    assert_eq!(v["unit"], "match points");
    assert_eq!(contestants(&v).len(), 50, "teams, not the 249 players");
    let keys = texts(&v["columns"], "key");
    // EDET/P ranks a group and has no value: its decisions are in the trace.
    assert_eq!(keys, ["EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]);
    let first = &v["standings"][0]["members"][0];
    let second = &v["standings"][1]["members"][0];
    assert_eq!(first["score"]["exact"], "20");
    assert_eq!(second["score"]["exact"], "20");
    assert_eq!(first["tie_breaks"]["MPvGP"]["exact"], "67/2");
    assert_eq!(second["tie_breaks"]["MPvGP"]["exact"], "32");
    // Each code's article in the trace.
    let clauses: Vec<String> = decisions(&v)
        .iter()
        .map(|d| d["clause"].as_str().unwrap().to_owned())
        .collect();
    for article in [
        "FIDE C.07 12 (team: match points) (MPTS)",
        "FIDE MTB26 EDET (art. 6, team, then top-board results) (EDET/P)",
        "FIDE MTB26 EMGSB (art. 9.1, team) (EMGSB/C1/P)",
    ] {
        assert!(
            clauses.iter().any(|c| c == article),
            "{article}: {clauses:?}"
        );
    }
}

/// The 2026 chains on the command line (issue 28, item 1): on the team
/// sample, `--tiebreaks EDEBT/P` ranks teams 6 and 13 (19 MP, tied after
/// EDE) by the board count of their match, 4 and 6, and the trace names
/// the stage's clause and the chain (the library test
/// `grandmommys_cup_board_stages_of_the_2026_chains` places them 4th and
/// 5th, as the reference engine does). Before: "not a team tie-break this
/// crate computes", exit 65.
#[test]
fn a_2026_chain_names_each_board_stage_in_the_trace() {
    let Some(f) = real("echecsjs-trf/grandmommyscup.trf") else {
        return;
    };
    let v = json(
        &[
            "explain",
            path(&f),
            "--tiebreaks",
            "EDEBT/P",
            "--format",
            "json",
        ],
        3, // teams 16 and 22 never met: tied, for lots
    );
    let bc: Vec<&Value> = decisions(&v)
        .iter()
        .filter(|d| {
            d["clause"]
                == "FIDE MTB26 BC (board count, two teams still tied, their own match(es)) (EDEBT/P)"
                && d["result"].as_array().unwrap().len() == 2
        })
        .collect();
    let values: Vec<Vec<&str>> = bc.iter().map(|d| texts(&d["values"], "exact")).collect();
    assert!(values.contains(&vec!["4", "6"]), "{values:?}");
}

/// The audit of a team file is the standings check of its `310` records
/// (`TeamTournament::audit`), in every format: on the team sample every
/// point total agrees and 31 declared ranks are out of place (team 22
/// declares rank 1, its list places it 2nd), exit 1.
#[test]
fn the_team_sample_audit_checks_its_310_records_in_every_format() {
    let Some(f) = real("echecsjs-trf/grandmommyscup.trf") else {
        return;
    };
    let v = json(&["audit", path(&f), "--format", "json"], 1);
    assert_eq!(v["teams"], true);
    assert_eq!(v["clean"], false);
    assert_eq!(
        v["tie_breaks"],
        "MPTS, EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP"
    );
    let findings = v["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 31);
    assert!(findings.iter().all(|f| f["finding"] == "out_of_place"));
    let team_22 = findings.iter().find(|f| f["team"] == 22).unwrap();
    assert_eq!(team_22["declared_rank"], 1);
    assert_eq!(team_22["places"], serde_json::json!([2, 2]));
    for format in ["text", "html"] {
        let out = run(&["audit", path(&f), "--format", format]);
        assert_eq!(out.code, 1, "{format}: {}", out.stderr);
        assert!(out.stdout.contains("31 finding(s)"), "{format}");
        assert!(
            out.stdout
                .contains("team #22: declared rank 1, but the list places it 2"),
            "{format}: {}",
            out.stdout
        );
    }
    // Issue 39, "the TRF team audit writes sentences for --format csv and
    // --format html": the HTML is a document (a table of the findings),
    // the CSV a table with each figure in its column.
    let html = run(&["audit", path(&f), "--format", "html"]).stdout;
    assert!(html.contains("<table"), "{html}");
    assert!(html.contains("<td class=\"r\">#22</td>"), "{html}");
    let csv = run(&["audit", path(&f), "--format", "csv"]);
    assert_eq!(csv.code, 1, "{}", csv.stderr);
    let records: Vec<Vec<&str>> = csv
        .stdout
        .lines()
        .map(|l| l.trim_end_matches('\r').split(',').collect())
        .collect();
    assert_eq!(
        records[0],
        [
            "finding",
            "line",
            "team",
            "declared_match_points",
            "match_points",
            "declared_game_points",
            "game_points",
            "declared_rank",
            "places",
            "tie_breaks",
        ]
    );
    assert_eq!(records.len(), 32);
    let team_22 = records.iter().find(|r| r[2] == "22").unwrap();
    assert_eq!(team_22[0], "out_of_place");
    assert_eq!(team_22[7], "1");
    assert_eq!(team_22[8], "2-2");
}

/// The Sharly Chess TRF26 adaptation of the same event: its `310` figures
/// ignore its own `299` records (tiebreak-fide/tests/real_world.rs): team 1
/// declares 15 match points and 28 game points; its `299 +` makes 16 and
/// 28½. The audit says so with the line of the record.
#[test]
fn the_trf26_sample_audit_reports_its_points_departures() {
    let Some(f) = real("sharly-chess/example_trf26.trf") else {
        return;
    };
    let v = json(&["audit", path(&f), "--format", "json"], 1);
    let team_1 = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["finding"] == "points_disagree" && f["team"] == 1)
        .unwrap()
        .clone();
    assert_eq!(team_1["declared_match_points"], "15");
    assert_eq!(team_1["match_points"], "16");
    assert_eq!(team_1["declared_game_points"], "28");
    assert_eq!(team_1["game_points"], "57/2");
}

/// Sharly Chess's own team import test: 5 teams, 3-1-0 match points.
/// Its list `212 PTS,WIN,BH,AOB` (PTS: the primary score) holds team AOB,
/// computed since issue 28 item 2 (before: refused naming it, exit 65):
/// it ranks 5 teams, never as players, every tie broken (BH splits both
/// pairs tied on match points, tiebreak-fide's real_world test works it
/// by hand). With a list given, it ranks 5 teams; its audit finds the
/// `310` points of teams 2, 4 and 5 that the results do not make.
#[test]
fn sharly_import_test_ranks_five_teams_and_names_what_it_cannot_compute() {
    let Some(f) = real("sharly-chess/trf-team-import-test.trf") else {
        return;
    };
    let out = run(&["rank", path(&f), "--json"]).ok();
    assert_eq!(contestants(&out.json()).len(), 5);
    let out = run(&["rank", path(&f), "--tiebreaks", "WIN,BH", "--json"]);
    assert!(matches!(out.code, 0 | 3), "{}", out.stderr);
    assert_eq!(contestants(&out.json()).len(), 5);
    let out = run(&[
        "audit",
        path(&f),
        "--tiebreaks",
        "MPvGP",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let mut teams: Vec<u64> = out.json()["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["finding"] == "points_disagree")
        .map(|f| f["team"].as_u64().unwrap())
        .collect();
    teams.sort_unstable();
    assert_eq!(teams, [2, 4, 5]);
}

/// An option for players only, on a team file: refused saying what the
/// file is (exit 65), never ranked as players.
#[test]
fn an_individual_option_on_a_team_file_is_refused_saying_what_it_is() {
    run(&["rank", ROUND_ROBIN, "--vega-forfeit-loss"])
        .refused("this is a team tournament (4 teams, record 192 FIDE_TEAM_TYPEA_MP_GP)");
    // An individual tie-break list on a team file likewise.
    run(&["rank", ROUND_ROBIN, "--tiebreaks", "ARO"]).refused("team tournament");
}

/// The hand-made team round robin: 4 teams, 2 boards, 3 rounds, 2-1-0.
/// Club One wins every match 2-0: 6 match points. The other three draw
/// every match among themselves 1-1 and lose to Club One: 2 match points
/// and 2 game points each. EDE: all their matches drawn, no split; BH:MP
/// 6 + 2 + 2 = 10 each; MPvGP 2 each. The file's list cannot split them:
/// the drawing of lots (exit 3).
#[test]
fn a_hand_made_team_round_robin_sends_three_teams_to_lots() {
    let v = json(&["explain", ROUND_ROBIN, "--format", "json"], 3);
    assert_eq!(contestants(&v)[0], "Club One");
    assert_eq!(v["standings"][0]["members"][0]["score"]["exact"], "6");
    let tied = &v["standings"][1];
    assert_eq!(tied["members"].as_array().unwrap().len(), 3);
    for m in tied["members"].as_array().unwrap() {
        assert_eq!(m["score"]["exact"], "2");
        assert_eq!(m["tie_breaks"]["BH:MP"]["exact"], "10");
        assert_eq!(m["tie_breaks"]["MPvGP"]["exact"], "2");
    }
    assert!(tied["unresolved"].to_string().contains("drawing of lots"));
}

/// SplitMix64 as `countback_tiebreak_fide::lots` documents it, written
/// here again from its doc so the command line's draw is checked against
/// the text, not against itself.
fn splitmix_order(seed: u64, mut members: Vec<&str>) -> Vec<String> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    members.sort_unstable();
    for i in (1..members.len()).rev() {
        let n = (i + 1) as u64;
        let j = loop {
            let x = next();
            let r = x % n;
            if x - r <= u64::MAX - (n - 1) {
                break r;
            }
        };
        members.swap(i, usize::try_from(j).unwrap());
    }
    members.into_iter().map(str::to_owned).collect()
}

/// `--draw-lots SEED` draws the three-way tie: exit 0, the order the
/// documented algorithm gives from the seed, and the trace stating the
/// seed, the algorithm and the order drawn. The same seed draws the same
/// order again.
#[test]
fn draw_lots_draws_the_team_tie_from_the_seed_and_says_how() {
    for seed in ["2026", "7"] {
        let v = json(
            &[
                "explain",
                ROUND_ROBIN,
                "--draw-lots",
                seed,
                "--format",
                "json",
            ],
            0,
        );
        let expected = splitmix_order(
            seed.parse().unwrap(),
            vec!["Club Two", "Club Three", "Club Four"],
        );
        assert_eq!(contestants(&v)[1..], expected[..], "seed {seed}");
        let lots = decisions(&v)
            .iter()
            .find(|d| d["test"] == "drawing of lots")
            .unwrap();
        assert_eq!(lots["clause"], "FIDE C.07 drawing of lots");
        let note = lots["note"].as_str().unwrap();
        assert!(
            note.starts_with(&format!("seed {seed}; countback lots v1: SplitMix64")),
            "{note}"
        );
        assert!(
            note.ends_with(&format!("drawn: {}", expected.join(", "))),
            "{note}"
        );
        let again = run(&["rank", ROUND_ROBIN, "--draw-lots", seed, "--json"]);
        assert_eq!(contestants(&again.json()), contestants(&v));
    }
    // Not a seed: a usage error.
    let out = run(&["rank", ROUND_ROBIN, "--draw-lots", "-1"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

/// EBU 143.7.1(e): a title tie that (a)-(d) cannot split goes to a random
/// ballot (worked in the file's header): exit 3 without the flag; with it,
/// A and B take places 1 and 2 in the order drawn, the trace stating it.
#[test]
fn draw_lots_draws_an_ebu_ballot() {
    let out = run(&["rank", EBU_BALLOT, "--json"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    let v = json(&["rank", EBU_BALLOT, "--draw-lots", "11", "--json"], 0);
    let expected = splitmix_order(11, vec!["A", "B"]);
    assert_eq!(contestants(&v)[..2], expected[..]);
    let ballot = decisions(&v)
        .iter()
        .find(|d| {
            d["clause"] == "EBU 143.7.1(e)"
                && d["note"]
                    .as_str()
                    .is_some_and(|n| n.starts_with("seed 11;"))
        })
        .unwrap();
    assert_eq!(ballot["among"], serde_json::json!(["A", "B"]));
    // The White Book's word, not C.07's.
    assert_eq!(ballot["test"], "random ballot");
}

const INTERCLUB_ROUND: &str = "crates/countback/tests/fide_teams/interclub-trf16-round1.trf";

/// Issue 42, item 1: a TRF-16 team file (`013` records, no `310`) is a
/// team event. The hand-made file is laid out as the Belgian federation's
/// interclub code writes its FIDE rating reports (`092 Standard Team Round
/// Robin`, CRLF, every informational column, members 6 columns apart, one
/// round a file): 4 teams of 4 boards, round 1 only. By hand: team 1 beats
/// team 2 2½-1½ (boards 1-0, ½, 1-0, 0-1): 2 and 0 match points; teams 3
/// and 4 draw 2-2: 1 each (2-1-0, no `362`). Before: 16 players ranked, no
/// word. Now 4 teams, and the warnings say where the teams come from and
/// that 1 round of a 4-team round robin (3 rounds) is not the event's
/// standings.
#[test]
fn a_trf16_team_file_ranks_teams_and_says_rounds_are_missing() {
    let v = json(&["rank", INTERCLUB_ROUND, "--format", "json"], 3);
    assert_eq!(v["unit"], "match points");
    assert_eq!(
        contestants(&v),
        ["Aalst 1", "Celles 1", "Deurne 3", "Brugge 2"]
    );
    let points: Vec<&str> = members(&v)
        .iter()
        .map(|m| m["score"]["exact"].as_str().unwrap())
        .collect();
    assert_eq!(points, ["2", "1", "1", "0"]);
    let warnings = v["warnings"].to_string();
    countback_test_support::assert_shows(
        &warnings,
        &[
            "TRF-16 team records (013)",
            "1 round(s) of a round robin",
            "needs 3 rounds",
        ],
    );
    // The audit checks teams, and says that `013` declares nothing of
    // theirs (before: the file was read as 16 players, and audited so).
    let audit = run(&["audit", INTERCLUB_ROUND]);
    assert_eq!(audit.code, 0, "{}", audit.stderr);
    countback_test_support::assert_shows(
        &audit.stdout,
        &[
            "Teams read from TRF-16 records 013",
            "declare no team points or ranks",
        ],
    );
}

/// The real reports (Belgian Interclubs 2024-25, round 1; PROVENANCE.md):
/// 372 teams, not 1,728 players, and `--tiebreaks MPTS` is a team code.
#[test]
fn the_belgian_interclub_report_ranks_its_372_teams() {
    let Some(f) = real("FRBE-KBSB-KSB-kbsb/ICN_fide_R1.txt") else {
        return;
    };
    let v = json(
        &["rank", path(&f), "--tiebreaks", "MPTS", "--format", "json"],
        3,
    );
    assert_eq!(v["unit"], "match points");
    assert_eq!(contestants(&v).len(), 372);
    countback_test_support::assert_shows(&v["warnings"].to_string(), &["of 372 teams"]);
}

/// Issue 40 (chess): a team TRF's standings were headed `player`, though
/// the file's `310` records make it a team event and every row is a team.
/// FIDE's Grandmommy's Cup sample (50 teams): the header says `team`.
#[test]
fn a_team_files_standings_say_team() {
    let Some(file) = countback_test_support::shared_file(
        "chess-data/real-world/echecsjs-trf/grandmommyscup.trf",
    ) else {
        return;
    };
    let out = COUNTBACK.run(&[std::path::Path::new("rank"), &file]);
    let header = out
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("place"))
        .unwrap_or_else(|| panic!("{}", out.stdout));
    let words: Vec<&str> = header.split_whitespace().collect();
    assert_eq!(words.get(1), Some(&"team"), "{header}");
}

const DIRECT_ENCOUNTER: &str = "crates/countback/tests/fide_teams/direct-encounter.trf";

/// Issue 42, "Why": "DE and the other plain codes are refused on team
/// files, so a `202` list containing DE cannot be ranked". The hand-made
/// team Swiss `fide_teams/direct-encounter.trf` (4 teams, 2 boards, 2
/// rounds, 2-1-0, `212 PTS,DE,MPvGP`), worked by hand:
/// - round 1: One beats Two 1½-½, Three beats Four 2-0;
/// - round 2: Three beats One 2-0, Two beats Four 2-0;
/// - match points: Three 4, One 2, Two 2, Four 0; game points: One 1½,
///   Two 2½.
///
/// One and Two are tied on 2; they met, and One won: art. 6 (DE, on the
/// primary score, match points) puts One 2 against Two 0, so One is
/// second, before MPvGP (which alone would put Two first). Before: refused
/// (exit 65, "not a team tie-break this crate computes").
#[test]
fn a_team_files_list_with_de_is_ranked() {
    let v = json(&["rank", DIRECT_ENCOUNTER, "--format", "json"], 0);
    assert_eq!(
        contestants(&v),
        ["Club Three", "Club One", "Club Two", "Club Four"]
    );
    let de = decisions(&v)
        .iter()
        .find(|d| d["clause"].as_str().unwrap().contains("(DE)"))
        .unwrap_or_else(|| panic!("{v}"));
    assert!(
        de["clause"].as_str().unwrap().contains("C.07 6"),
        "{}",
        de["clause"]
    );
    // DE on game points says the same here (1½ against ½), and the list
    // given on the command line reads as the file's does.
    let v = json(
        &[
            "rank",
            DIRECT_ENCOUNTER,
            "--tiebreaks",
            "PTS, DE:GP",
            "--format",
            "json",
        ],
        0,
    );
    assert_eq!(
        contestants(&v),
        ["Club Three", "Club One", "Club Two", "Club Four"]
    );
    // Without DE, MPvGP puts Two first (2½ game points against 1½).
    let v = json(
        &[
            "rank",
            DIRECT_ENCOUNTER,
            "--tiebreaks",
            "MPvGP",
            "--format",
            "json",
        ],
        0,
    );
    assert_eq!(
        contestants(&v),
        ["Club Three", "Club Two", "Club One", "Club Four"]
    );
}
