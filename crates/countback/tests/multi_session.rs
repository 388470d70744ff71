//! Issue 27 item 6 (Why: "A multi-session event … is one file per session
//! with nothing combining them"): `countback score s1 s2 … --combine RULE`
//! combines sessions by the event's rule, exactly, and splits each tie of
//! the overall standings within the stage in which it occurred (EBU
//! 143.6.1, 143.7.1). Before, `score` took one file: a second was a usage
//! error (exit 2).
//!
//! The hand-computed sessions: six pairs at three tables, two boards a
//! session, each board played three times, so a board gives a top of 4
//! (2 per pair beaten, 1 per tie) and a pair's match points plus its
//! opponents' are 4. Every pair sits both ways in a session (the second
//! board reverses the directions), so each session is one field.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use std::path::PathBuf;

use serde_json::Value;

use countback_test_support::assert_shows;
use countback_test_support::case_file::read_toml;
use countback_test_support::cli::{decisions, find, scratch, texts, Cli, Out};
use countback_test_support::shared_file;

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

/// The pairs by letter: their players (made up) in the order a session
/// lists them; H plays only in the club series' second session.
const PLAYERS: [(&str, &str); 7] = [
    ("A", "Ann Abbot & Ben Abel"),
    ("B", "Cal Bird & Dee Bond"),
    ("C", "Eve Cole & Fin Cross"),
    ("D", "Gil Dean & Hal Dodd"),
    ("E", "Ivy Eden & Jon Ellis"),
    ("G", "Kit Gale & Lou Grey"),
    ("H", "Max Hill & Ned Hunt"),
];

/// The case file `tests/data/multi_session.toml` (its head says how it
/// is written).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Cases {
    sessions: std::collections::BTreeMap<String, SessionCase>,
    places: std::collections::BTreeMap<String, Vec<(String, u64, bool, String)>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionCase {
    boards: Vec<Vec<(String, String, i32)>>,
}

fn cases() -> &'static Cases {
    static CASES: std::sync::OnceLock<Cases> = std::sync::OnceLock::new();
    CASES.get_or_init(|| read_toml(env!("CARGO_MANIFEST_DIR"), "multi_session.toml"))
}

/// The session `name` of the case file as an event file: `numbers` gives
/// each pair's number in this session; the pairs listed are those on its
/// boards.
fn session(numbers: &[(&str, &str)], name: &str) -> PathBuf {
    let boards = &cases().sessions[name].boards;
    let number = |l: &str| numbers.iter().find(|(x, _)| *x == l).unwrap().1;
    let plays = |l: &str| {
        boards
            .iter()
            .flatten()
            .any(|(ns, ew, _)| ns == l || ew == l)
    };
    let mut toml = String::from("[event]\nname = \"Pairs championship\"\n\n");
    for (l, players) in PLAYERS.into_iter().filter(|(l, _)| plays(l)) {
        toml.push_str(&format!(
            "[[contestants]]\nid = \"{}\"\nname = \"{players}\"\n\n",
            number(l)
        ));
    }
    for (i, lines) in boards.iter().enumerate() {
        toml.push_str(&format!("[[boards]]\nboard = {}\nresults = [\n", i + 1));
        for (ns, ew, score) in lines {
            toml.push_str(&format!(
                "  {{ ns = \"{}\", ew = \"{}\", score = \"{score}\" }},\n",
                number(ns),
                number(ew)
            ));
        }
        toml.push_str("]\n\n");
    }
    scratch("session.toml", toml.as_bytes())
}

const SAME: [(&str, &str); 6] = [
    ("A", "1"),
    ("B", "2"),
    ("C", "3"),
    ("D", "4"),
    ("E", "5"),
    ("G", "6"),
];
/// Session 2 of the two-session stage renumbers every pair.
const RENUMBERED: [(&str, &str); 6] = [
    ("A", "6"),
    ("B", "4"),
    ("C", "2"),
    ("D", "5"),
    ("E", "3"),
    ("G", "1"),
];

/// Session 2 (the same in both examples), its pairs numbered `numbers`.
fn session_two(numbers: &[(&str, &str)]) -> PathBuf {
    session(numbers, "final")
}

/// Session 1 of the summed example.
fn session_one() -> PathBuf {
    session(&SAME, "summed_first")
}

/// `score` on `files` combined by `rule`, with `options`.
fn combined(files: &[&PathBuf], rule: &str, options: &[&str]) -> Out {
    let mut args = vec![std::ffi::OsStr::new("score")];
    args.extend(files.iter().map(|f| f.as_os_str()));
    let words = ["--combine", rule]
        .into_iter()
        .chain(options.iter().copied());
    args.extend(words.map(std::ffi::OsStr::new));
    COUNTBACK.run(&args)
}

/// The overall standings, by place then pair, are the case file's places
/// `name` (pair, place, tied, exact total).
fn assert_places(v: &Value, name: &str) {
    let mut got = overall(v);
    got.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
    assert_eq!(got, cases().places[name], "{name}");
}

/// The overall standing of `pair`.
fn row<'a>(v: &'a Value, pair: &str) -> &'a Value {
    find(&v["standings"], "pair", pair)
}

/// (pair, place, tied, exact total) of the overall standings.
fn overall(v: &Value) -> Vec<(String, u64, bool, String)> {
    v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["pair"].as_str().unwrap().to_owned(),
                s["place"].as_u64().unwrap(),
                s["tied"].as_bool().unwrap(),
                s["total"]["exact"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// A pair's key when the sessions are matched by names: its players'
/// names, lower case, in order (as the series writes it).
fn names_key(letter: &str) -> String {
    let players = PLAYERS.iter().find(|(x, _)| *x == letter).unwrap().1;
    let mut names: Vec<String> = players
        .split('&')
        .map(|n| n.trim().to_lowercase())
        .collect();
    names.sort();
    names.join(" & ")
}

/// Overall rows `(pair, place, tied, total)` in order of place, then pair.
fn by_place(mut rows: Vec<(String, u64, bool, String)>) -> Vec<(String, u64, bool, String)> {
    rows.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
    rows
}

/// The rows a test wants, its pairs named by letter, keyed by names and in
/// order of place.
fn by_names(want: &[(&str, u64, bool, &str)]) -> Vec<(String, u64, bool, String)> {
    by_place(
        want.iter()
            .map(|(l, p, t, x)| (names_key(l), *p, *t, (*x).to_owned()))
            .collect(),
    )
}

/// One stage of two sessions, summed; pairs renumbered in session 2, so
/// matched by their names.
///
/// Session 1 (tables A v B, C v D, E v G): board 1 all 140 (2 each);
/// board 2, directions reversed (B 110, D 100, G 420 as NS): B 2, A 2;
/// D 0, C 4; G 4, E 0. Totals: A 4, B 4, C 6, D 2, E 2, G 6.
/// Overall (session 2 above): A 9, C 9, D 8, G 8, B 7, E 7.
/// A and C tie for first: they met in session 2, on both boards, A 5 to
/// C 3, so A is first by 143.7.1(a), the round in the stage of the tie
/// (both sessions). D = G and B = E share 3rd and 5th (143.4).
#[test]
fn two_sessions_summed_with_a_tie_split_by_their_round_in_the_stage() {
    let s1 = session_one();
    let s2 = session_two(&RENUMBERED);
    // By number, pair 6 of session 2 is another pair: every key is found
    // in both sessions, so the sum would be wrong, not refused; the names
    // say so. Here the director says the numbers changed.
    let _by_number = combined(&[&s1, &s2], "sum-of-matchpoints", &[]).ok();
    let out = combined(
        &[&s1, &s2],
        "sum-of-matchpoints",
        &["--match-by", "names", "--format", "json"],
    );
    let v = out.ok().json();
    let want = [
        ("A", 1, false, "9"),
        ("C", 2, false, "9"),
        ("D", 3, true, "8"),
        ("G", 3, true, "8"),
        ("B", 5, true, "7"),
        ("E", 5, true, "7"),
    ];
    assert_eq!(by_place(overall(&v)), by_names(&want));
    // The split: 143.7.1(a), A 5 v C 3 in their round of session 2.
    let first = &v["decisions"][0];
    assert_eq!(first["clause"], "EBU 143.7.1(a)");
    let values: Vec<&str> = first["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x[1]["score"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(values, ["5", "3"], "{first}");
    let trace = v["trace"].to_string();
    assert_shows(
        &trace,
        &[
            "sum of the sessions' match-point totals",
            "by their players' names",
            "sessions 1–2 (EBU 143.6.1",
            "board 2 + b of the stage",
        ],
    );
    // Each session's own standings: session 1 has C = G first, shared.
    let s1_rows = v["sessions"][0]["standings"].as_array().unwrap();
    let tied_first: Vec<&str> = s1_rows
        .iter()
        .filter(|r| r["place"] == 1)
        .map(|r| r["pair"].as_str().unwrap())
        .collect();
    assert_eq!(tied_first, ["3", "6"]);
    assert!(s1_rows
        .iter()
        .filter(|r| r["place"] == 1)
        .all(|r| r["tied"] == true));
}

/// A carry-forward: session 1 is the earlier stage, carried into the final
/// (session 2) by a half of its match points.
///
/// Session 1 (A v B, C v D, E v G): board 1 NS 140, 420, 110: A 2, B 2,
/// C 4, D 0, E 0, G 4; board 2 reversed (B 110, D 0 … as NS: B 110,
/// D −100, G 420): B 2, A 2; D 0, C 4; G 4, E 0. Totals A 4, B 4, C 8,
/// D 0, E 0, G 8.
/// Overall = session 2 + ½ session 1: A 5 + 2 = 7, C 3 + 4 = 7, D 6 + 0 =
/// 6, G 2 + 4 = 6, B 3 + 2 = 5, E 5 + 0 = 5.
/// A and C tie for first. Only the final counts (143.6.1: "no reference
/// … to any carry-forward score"): their round there, A 5 v C 3, puts A
/// first although C carried more (4 to 2).
#[test]
fn a_carry_forward_tie_is_split_by_the_final_alone() {
    let q = session(&SAME, "carried_forward");
    let f = session_two(&SAME);
    let out = combined(
        &[&q, &f],
        "sum-of-matchpoints",
        &[
            "--carry-forward",
            "1/2",
            "--final-from",
            "2",
            "--format",
            "json",
        ],
    );
    let v = out.ok().json();
    assert_places(&v, "carry_forward");
    let a = row(&v, "1");
    assert_eq!(a["carried"]["exact"], "2");
    assert_eq!(a["stage"]["exact"], "5");
    let c = row(&v, "3");
    assert_eq!(c["carried"]["exact"], "4");
    let first = &v["decisions"][0];
    assert_eq!(first["clause"], "EBU 143.7.1(a)");
    let trace = v["trace"].to_string();
    assert_shows(
        &trace,
        &[
            "carry-forward: 1/2",
            "within the stage in which they occur: session 2",
        ],
    );
    assert_eq!(v["sessions"][0]["carried"], true);
}

/// Mean and sum of percentages: session 1 of the first example (A 4 of 8 =
/// 50%, C 6 = 75%) and session 2 (A 5 = 62.5%, C 3 = 37.5%): A's mean is
/// 56.25, its sum 112.5; C's 56.25 and 112.5: the tie again, A first.
#[test]
fn percentages_are_averaged_or_summed_exactly() {
    let s1 = session_one();
    let s2 = session_two(&SAME);
    for (rule, total) in [
        ("mean-of-percentages", "225/4"),
        ("sum-of-percentages", "225/2"),
    ] {
        let v = combined(&[&s1, &s2], rule, &["--json"]).ok().json();
        let rows = overall(&v);
        assert_eq!(
            rows[0],
            ("1".to_owned(), 1, false, total.to_owned()),
            "{rule}"
        );
        assert_eq!(
            rows[1],
            ("3".to_owned(), 2, false, total.to_owned()),
            "{rule}"
        );
        assert_eq!(v["unit"], "%");
    }
}

/// A pair missing from a session is an error naming the pair and the
/// session (exit 65); a second file without `--combine` says what to add.
#[test]
fn a_pair_missing_from_a_session_is_named() {
    let s1 = session_one();
    let s2 = session_two(&RENUMBERED);
    let names = |s: &PathBuf| std::fs::read_to_string(s).unwrap();
    // Session 2 with pair "Kit Gale & Lou Grey" renamed: not in session 1.
    let changed = names(&s2).replace("Kit Gale", "Kit Gael");
    let s2b = scratch("changed.toml", changed.as_bytes());
    let out = combined(&[&s1, &s2b], "sum-of-matchpoints", &["--match-by", "names"])
        .refused("kit gale & lou grey");
    assert!(
        out.stderr.contains("no score in session 2"),
        "{}",
        out.stderr
    );
    COUNTBACK
        .run_mixed(&[&"score", &s1, &s2])
        .refused("--combine");
}

/// The other reading, `--session-ties split`: a session's tied first place
/// split within that session alone. In session 1, C and G (6 each) did not
/// meet; their opponents D and E scored alike (tie-break points equal), and
/// the count-back over the session's two boards is level (2 and 2, 4 and
/// 4): 143.7.1(e) sends the title to a random ballot (exit 3), and the
/// place stays shared until it is drawn.
#[test]
fn session_ties_split_reads_each_session_alone() {
    let s1 = session_one();
    let s2 = session_two(&SAME);
    let out = combined(
        &[&s1, &s2],
        "sum-of-matchpoints",
        &["--session-ties", "split", "--json"],
    );
    assert_eq!(out.code, 3, "{}", out.stderr);
    let v = out.json();
    let clauses = texts(&v["sessions"][0]["decisions"], "clause");
    let at = |c: &str| clauses.iter().position(|x| *x == c);
    assert!(at("EBU 143.7.1(d)") < at("EBU 143.7.1(e)"), "{clauses:?}");
    assert!(at("EBU 143.7.1(e)").is_some(), "{clauses:?}");
    let first: Vec<&Value> = v["sessions"][0]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["place"] == 1)
        .collect();
    assert_eq!(first.len(), 2);
    assert!(first.iter().all(|r| r["tied"] == true));
}

/// Each pair's stored `PERCENTAGE` in a USEBIO file, in hundredths, by
/// its pair number (`1NS`): read from the text, not by our reader.
fn stored_percentages(xml: &str) -> std::collections::BTreeMap<String, i128> {
    let tag = |block: &str, t: &str| -> Option<String> {
        let open = format!("<{t}>");
        let rest = block.split(&open).nth(1)?;
        Some(rest.split(&format!("</{t}>")).next()?.trim().to_owned())
    };
    xml.split("<PAIR>")
        .skip(1)
        .filter_map(|b| {
            let b = b.split("</PAIR>").next()?;
            let id = tag(b, "PAIR_NUMBER")?;
            let pct = tag(b, "PERCENTAGE")?;
            let (whole, cents) = pct.split_once('.').unwrap_or((&pct, "00"));
            let cents = format!("{cents:0<2}");
            Some((
                id,
                whole.parse::<i128>().ok()? * 100 + cents.parse::<i128>().ok()?,
            ))
        })
        .collect()
}

/// Two real sessions (no two sessions of one event are in ../shared, see
/// bridge-data/README.txt): Compscore's 19-table Mitchell carried forward
/// by a quarter into its 8-table Mitchell, by the mean of percentages.
/// Every pair of the final (1–8, NS and EW) is in the earlier session;
/// pairs 9–19 are not ranked overall. Each pair's total is checked against
/// the files' own stored percentages: final + ¼ × earlier, to within the
/// files' rounding to hundredths (½ a hundredth on each, so 1/160 in all),
/// and places follow the totals in each field. Then the two real `.bws`
/// sessions by pair number: the Common Game's table 11 is not in the LBC
/// session, named.
#[test]
fn two_real_sessions_carried_forward_agree_with_their_stored_percentages() {
    let (Some(earlier), Some(last)) = (
        shared_file("bridge-data/cobalt-compscore3/mp_pairs_mitchell.xml"),
        shared_file("bridge-data/cobalt-compscore3/mp_pairs_mitchell_04.xml"),
    ) else {
        return;
    };
    let v = combined(
        &[&earlier, &last],
        "mean-of-percentages",
        &["--carry-forward", "1/4", "--final-from", "2", "--json"],
    )
    .ok()
    .json();
    let stored_q = stored_percentages(&std::fs::read_to_string(&earlier).unwrap());
    let stored_f = stored_percentages(&std::fs::read_to_string(&last).unwrap());
    let rows = v["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 16);
    assert_eq!(rows.len(), stored_f.len());
    let mut last_in_field: std::collections::BTreeMap<String, (u64, (i128, i128))> =
        std::collections::BTreeMap::new();
    for r in rows {
        let pair = r["pair"].as_str().unwrap();
        let exact = r["total"]["exact"].as_str().unwrap();
        let (a, b) = exact.split_once('/').unwrap_or((exact, "1"));
        let (a, b): (i128, i128) = (a.parse().unwrap(), b.parse().unwrap());
        // Expected, in 1/400ths: 4 × final + earlier, both in hundredths.
        let x = 4 * stored_f[pair] + stored_q[pair];
        assert!(
            (400 * a - x * b).abs() * 2 <= 5 * b,
            "{pair}: {exact} against ({x})/400"
        );
        // Places in order of the totals, field by field.
        let field = r["field"].as_str().unwrap().to_owned();
        let place = r["place"].as_u64().unwrap();
        if let Some((p, (pa, pb))) = last_in_field.get(&field) {
            assert!(place > *p, "{pair}");
            assert!(a * pb <= pa * b, "{pair}: {exact} above the pair before");
        }
        last_in_field.insert(field, (place, (a, b)));
    }
    assert_eq!(v["sessions"][0]["source"], "USEBIO 1.2");
    assert_eq!(v["sessions"][0]["standings"].as_array().unwrap().len(), 38);

    let (Some(cg), Some(lbc)) = (
        shared_file(
            "bridge-data/real-world/rick-wilson-bridge-parsers/1768880456-bJwUQdVmhY@260119M.BWS",
        ),
        shared_file("bridge-data/real-world/rick-wilson-bridge-game-analysis/LBC-2026-01-26.bws"),
    ) else {
        return;
    };
    let out = combined(&[&cg, &lbc], "sum-of-matchpoints", &[]);
    assert_eq!(out.code, 65, "{}", out.stderr);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.contains(
            "11EW (matched by pair-number) has no score in session 2 (LBC-2026-01-26.bws)"
        ),
        "{}",
        out.stderr
    );
    real_sessions_as_a_club_series(&cg, &lbc);
}

/// The two real `.bws` sessions as a club series (issue 41 item 7: they
/// were refused, table 11 not in the second): every pair's figure of each
/// session is its percentage as `score` gives that file alone, 11NS and
/// 11EW have none in session 2 and count session 1 alone, and every other
/// pair's total is the mean of its two.
fn real_sessions_as_a_club_series(cg: &PathBuf, lbc: &PathBuf) {
    use countback_event::model::Score;
    let v = combined(
        &[cg, lbc],
        "mean-of-percentages",
        &["--count", "sessions-played", "--json"],
    )
    .ok()
    .json();
    let alone = |f: &PathBuf| -> std::collections::BTreeMap<String, Score> {
        let v = COUNTBACK.run_mixed(&[&"score", f, &"--json"]).ok().json();
        countback_test_support::cli::exact_figures(&v, "percentage")
            .into_iter()
            .map(|(who, p)| (who, Score::parse(&p).unwrap()))
            .collect()
    };
    let (first, second) = (alone(cg), alone(lbc));
    let rows = v["standings"].as_array().unwrap();
    assert_eq!(rows.len(), first.len(), "every pair of session 1 ranked");
    for r in rows {
        let pair = r["pair"].as_str().unwrap();
        let exact = |x: &Value| Score::parse(x["exact"].as_str().unwrap()).unwrap();
        let total = exact(&r["total"]);
        assert_eq!(exact(&r["sessions"][0]), first[pair], "{pair}");
        match second.get(pair) {
            Some(two) => {
                assert_eq!(exact(&r["sessions"][1]), *two, "{pair}");
                let mean = (first[pair].clone() + two.clone())
                    .checked_div(&Score::integer(2))
                    .unwrap();
                assert_eq!(total, mean, "{pair}");
            }
            None => {
                assert!(pair.starts_with("11"), "{pair}");
                assert_eq!(r["sessions"][1], Value::Null, "{pair}");
                assert_eq!(r["counted"], serde_json::json!([true, false]));
                assert_eq!(total, first[pair], "{pair}");
            }
        }
    }
}

/// A tie that only the count-back splits, over every board of the stage.
///
/// Session 1 (A v B, C v D, E v G): board 1 NS 420, 110, 140: A 4, B 0;
/// C 0, D 4; E 2, G 2. Board 2 reversed (B 100, D 140, G 100 as NS): B 1,
/// A 3; D 4, C 0; G 1, E 3.
/// Session 2 (A v C, E v B, G v D): board 1 NS 140, 140, 110: A 3, C 1;
/// E 3, B 1; G 0, D 4. Board 2 reversed (C 100, B 110, D 100 as NS): C 1,
/// A 3; B 4, E 0; D 1, G 3.
/// Totals: A 13, D 13, E 8, B 6, G 6, C 2. A and D never met (no round,
/// 143.7.1(a)); their tie-break points are equal (A met B and C: 6 + 2;
/// D met C and G: 2 + 6; 143.7.1(b)); (c) is for VP events. The
/// point-a-board count-back (d) over the stage's four boards — session
/// 2's boards 1 and 2 are the stage's 3 and 4 — gives A 4 v D 4 (1 each),
/// 3 v 4, 3 v 4 (D 2 each), 3 v 1 (A 2): A 3, D 5, so D is first. Over
/// session 2 alone it would be level (2 each).
#[test]
fn a_tie_no_round_splits_goes_to_the_count_back_over_every_board_of_the_stage() {
    let s1 = session(&SAME, "count_back_first");
    let s2 = session(&SAME, "count_back_second");
    let v = combined(&[&s1, &s2], "sum-of-matchpoints", &["--json"])
        .ok()
        .json();
    assert_places(&v, "count_back");
    let decisions = decisions(&v);
    let among_a_d = |d: &&Value| d["among"] == serde_json::json!(["1", "4"]);
    let clauses: Vec<&str> = decisions
        .iter()
        .filter(among_a_d)
        .map(|d| d["clause"].as_str().unwrap())
        .collect();
    assert_eq!(
        clauses,
        [
            "EBU 143.7.1(a)",
            "EBU 143.7.1(b)",
            "EBU 143.7.1(c)",
            "EBU 143.7.1(d)"
        ],
        "{decisions:?}"
    );
    let count_back = decisions.iter().rfind(among_a_d).unwrap();
    let values: Vec<(&str, &str)> = count_back["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x[0].as_str().unwrap(),
                x[1]["score"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(values, [("1", "3"), ("4", "5")], "{count_back}");
}

/// Issue 41 item 7 (Why: "A club ladder cannot be combined: two sessions
/// of one club where not every pair played both are refused (by pair
/// number and by names)"): a club series counts each pair's own sessions.
///
/// Session 1 is the summed example's first (six pairs, a top of 8: A 4 =
/// 50 %, B 50, C 75, D 25, E 25, G 75). Session 2 is four pairs at two
/// tables, B, E and G away and H new (a top of 2 a board, 4 a session):
/// board 1 A 420 v D 140 as NS: A 2, D 0, C 0, H 2; board 2 reversed, C
/// and H 100 as NS: 1 each. Totals A 3 = 75 %, C 1 = 25, D 1 = 25, H 3 =
/// 75.
///
/// The mean of the sessions played (`sessions-played`, a club's "average
/// over the sessions played"): A (50 + 75)/2 = 125/2, B 50, C (75 + 25)/2
/// = 50, D 25, E 25, G 75, H 75. G and H share first (a club series'
/// ties are shared, docs/sessions.md), A 3rd, B = C 4th, D = E 6th.
#[test]
fn a_club_series_where_not_every_pair_played_both_sessions_is_combined_by_number() {
    let s1 = session_one();
    let s2 = session(&LADDER, "ladder_second");
    // Before: refused, pair 2 has no score in session 2.
    let v = combined(
        &[&s1, &s2],
        "mean-of-percentages",
        &["--count", "sessions-played", "--json"],
    )
    .ok()
    .json();
    let want: Vec<(String, u64, bool, String)> = [
        ("6", 1, true, "75"),
        ("7", 1, true, "75"),
        ("1", 3, false, "125/2"),
        ("2", 4, true, "50"),
        ("3", 4, true, "50"),
        ("4", 6, true, "25"),
        ("5", 6, true, "25"),
    ]
    .iter()
    .map(|(p, n, t, x)| ((*p).to_owned(), *n, *t, (*x).to_owned()))
    .collect();
    let mut got = overall(&v);
    got.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
    assert_eq!(got, want);
    // Which sessions counted for each pair: the ones it played.
    assert_eq!(row(&v, "2")["counted"], serde_json::json!([true, false]));
    assert_eq!(row(&v, "7")["counted"], serde_json::json!([false, true]));
    assert_eq!(row(&v, "7")["sessions"][0], Value::Null);
    assert_eq!(v["series"]["count"], "sessions-played");
    assert_eq!(v["series"]["minimum"], 1);
    assert_eq!(v["not_ranked"], serde_json::json!([]));
    assert_shows(
        &v["trace"].to_string(),
        &[
            "every session a pair played counts",
            "ties in the overall standings shared",
        ],
    );
    // No tie is split: G and H share first.
    assert!(
        !texts(&v["decisions"], "clause").contains(&"EBU 143.7.1(a)"),
        "{}",
        v["decisions"]
    );

    // At least both sessions to be ranked: A 125/2, C 50, D 25; B, E, G
    // and H listed, not ranked.
    let v = combined(
        &[&s1, &s2],
        "mean-of-percentages",
        &["--count", "sessions-played", "--minimum", "2", "--json"],
    )
    .ok()
    .json();
    assert_eq!(
        overall(&v),
        [
            ("1".to_owned(), 1, false, "125/2".to_owned()),
            ("3".to_owned(), 2, false, "50".to_owned()),
            ("4".to_owned(), 3, false, "25".to_owned()),
        ]
    );
    assert_eq!(texts(&v["not_ranked"], "pair"), ["2", "5", "6", "7"]);
    let text = combined(
        &[&s1, &s2],
        "mean-of-percentages",
        &["--count", "sessions-played", "--minimum", "2"],
    )
    .ok()
    .stdout;
    assert_shows(&text, &["Not ranked: fewer than 2 sessions played"]);
}

/// The same series with session 2 renumbered, matched by names, counting
/// each pair's best session (`best-1`, a series' "best N scores"): A's
/// best is session 2 (75, session 1's 50 in brackets), C's session 1 (75),
/// D's 25 in both (the earlier counts), B 50, E 25, G 75, H 75. A, C, G
/// and H share first, B 5th, D = E 6th. Then the refusals: a minimum above
/// the sessions given, a minimum with every session counting, a series
/// with a carry-forward, a rule with no name.
#[test]
fn a_club_series_matched_by_names_counts_each_pairs_best_sessions() {
    let s1 = session_one();
    let s2 = session(&LADDER_RENUMBERED, "ladder_second");
    // Before: refused, "cal bird & dee bond" has no score in session 2.
    let v = combined(
        &[&s1, &s2],
        "mean-of-percentages",
        &["--count", "best-1", "--match-by", "names", "--json"],
    )
    .ok()
    .json();
    let want = [
        ("A", 1, true, "75"),
        ("C", 1, true, "75"),
        ("G", 1, true, "75"),
        ("H", 1, true, "75"),
        ("B", 5, false, "50"),
        ("D", 6, true, "25"),
        ("E", 6, true, "25"),
    ];
    assert_eq!(by_place(overall(&v)), by_names(&want));
    assert_eq!(
        row(&v, &names_key("A"))["counted"],
        serde_json::json!([false, true])
    );
    assert_eq!(
        row(&v, &names_key("C"))["counted"],
        serde_json::json!([true, false])
    );
    assert_eq!(
        row(&v, &names_key("D"))["counted"],
        serde_json::json!([true, false])
    );
    assert_eq!(v["series"]["minimum"], 1);
    let text = combined(
        &[&s1, &s2],
        "mean-of-percentages",
        &["--count", "best-1", "--match-by", "names"],
    )
    .ok()
    .stdout;
    // A's session 1 does not count: in brackets.
    assert_shows(&text, &["(50.00)", "best 1 of the sessions it played"]);
    let csv = combined(
        &[&s1, &s2],
        "mean-of-percentages",
        &[
            "--count",
            "best-1",
            "--match-by",
            "names",
            "--format",
            "csv",
        ],
    )
    .ok()
    .stdout;
    assert!(csv.lines().next().unwrap().contains(",counted,"), "{csv}");

    combined(
        &[&s1, &s2],
        "mean-of-percentages",
        &["--count", "best-1", "--match-by", "names", "--minimum", "3"],
    )
    .refused("from 1 to 2");
    let s2_same = session(&LADDER, "ladder_second");
    combined(&[&s1, &s2_same], "mean-of-percentages", &["--minimum", "1"])
        .refused("applies to a club series");
    combined(
        &[&s1, &s2_same],
        "mean-of-percentages",
        &[
            "--count",
            "sessions-played",
            "--carry-forward",
            "1/2",
            "--final-from",
            "2",
        ],
    )
    .refused("choose one");
    let out = combined(
        &[&s1, &s2_same],
        "mean-of-percentages",
        &["--count", "best-0"],
    );
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("sessions-played"), "{}", out.stderr);
}

/// The other reading of a club series' ties (`--series-ties split`): G and
/// H, first on 75, split by 143.7.1 over both sessions. They never met (no
/// round); the count-back over the four boards of the series (session 2's
/// boards are 3 and 4), a board a pair did not play at its average (half
/// its session's top): board 1 G 2, H 2 (average of 4); board 2 G 4, H 2;
/// board 3 G 1 (average of 2), H 2; board 4 G 1, H 1. Pairwise, G 1 + 2 + 0
/// + 1 = 4 and H 1 + 0 + 2 + 1 = 4: level, so a random ballot (exit 3).
#[test]
fn a_club_series_first_place_split_over_the_series_when_asked() {
    let s1 = session_one();
    let s2 = session(&LADDER, "ladder_second");
    let out = combined(
        &[&s1, &s2],
        "mean-of-percentages",
        &[
            "--count",
            "sessions-played",
            "--series-ties",
            "split",
            "--json",
        ],
    );
    assert_eq!(out.code, 3, "{}", out.stderr);
    let v = out.json();
    let clauses = texts(&v["decisions"], "clause");
    assert!(clauses.contains(&"EBU 143.7.1(e)"), "{clauses:?}");
    assert_eq!(v["series"]["ties"], "split");
    assert_shows(
        &v["trace"].to_string(),
        &["first place split by EBU 143.7.1 over every session of the series (sessions 1–2)"],
    );
    combined(
        &[&s1, &s2],
        "mean-of-percentages",
        &["--series-ties", "split"],
    )
    .refused("applies to a club series");
}

/// The club series' pair numbers: session 2 keeps session 1's numbers and
/// gives the new pair H number 7.
const LADDER: [(&str, &str); 4] = [("A", "1"), ("C", "3"), ("D", "4"), ("H", "7")];
/// Session 2 of the club series renumbered.
const LADDER_RENUMBERED: [(&str, &str); 4] = [("A", "4"), ("C", "1"), ("D", "2"), ("H", "3")];
