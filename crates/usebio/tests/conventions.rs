//! Small files written here, each in one program's convention (see
//! `docs/conventions.md`), for the "Why" items of issue 16.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use countback_model::{ContestantId, Score, TableOutcome};
use countback_usebio::{
    audit, audit_under, parse_results_bytes, parse_usebio, Convention, Difference, Figure,
};

fn line(ns: &str, ew: &str, score: &str, mp: Option<(&str, &str)>) -> String {
    let figures = mp.map_or(String::new(), |(n, e)| {
        format!("<NS_MATCH_POINTS>{n}</NS_MATCH_POINTS><EW_MATCH_POINTS>{e}</EW_MATCH_POINTS>")
    });
    format!("<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><SCORE>{score}</SCORE>{figures}</TRAVELLER_LINE>")
}

fn usebio(
    program: &str,
    event_type: &str,
    pairs: &[(&str, &str)],
    boards: &[(u32, Vec<String>)],
) -> String {
    let mut s = format!("<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"{event_type}\"><PROGRAM_NAME>{program}</PROGRAM_NAME><WINNER_TYPE>1</WINNER_TYPE><PARTICIPANTS>");
    for (p, total) in pairs {
        s.push_str(&format!(
            "<PAIR><PAIR_NUMBER>{p}</PAIR_NUMBER><TOTAL_SCORE>{total}</TOTAL_SCORE></PAIR>"
        ));
    }
    s.push_str("</PARTICIPANTS>");
    for (b, lines) in boards {
        s.push_str(&format!(
            "<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER>{}</BOARD>",
            lines.concat()
        ));
    }
    s.push_str("</EVENT></USEBIO>");
    s
}

/// ScoreBridge ("Simple", its default): a short board's results each get
/// one tie per missing result, M + (E − A). Board 2 has 2 of 3 results:
/// 2/0 within the board become 3/1 (Neuberg would give 3.5/0.5). Before
/// conventions, the audit called these lines manual overrides.
#[test]
fn score_bridge_short_board_counts_missing_results_as_ties() {
    let xml = usebio(
        "ScoreBridge 6.2",
        "MP_PAIRS",
        &[
            ("1", "7"),
            ("2", "3"),
            ("3", "3"),
            ("4", "3"),
            ("5", "0"),
            ("6", "8"),
        ],
        &[
            (
                1,
                vec![
                    line("1", "2", "420", Some(("4", "0"))),
                    line("3", "4", "170", Some(("2", "2"))),
                    line("5", "6", "-50", Some(("0", "4"))),
                ],
            ),
            (
                2,
                vec![
                    line("1", "4", "620", Some(("3", "1"))),
                    line("3", "2", "-100", Some(("1", "3"))),
                ],
            ),
        ],
    );
    let session = parse_usebio(&xml).unwrap();
    let a = audit(&session).unwrap();
    assert_eq!(a.convention, Convention::ScoreBridge);
    assert!(a.explained(), "{}", a.summary());
    assert!(a.findings.iter().all(|f| f.class == Difference::Reproduced));
    // Under Compscore's Neuberg the same lines are not what its rule gives:
    // named as ScoreBridge's, not passed as manual overrides.
    let other = audit_under(&session, Some(Convention::Compscore)).unwrap();
    let named = Difference::OtherConvention {
        convention: Convention::ScoreBridge,
    };
    assert!(other.findings.iter().any(|f| f.class == named));
    assert!(!other
        .findings
        .iter()
        .any(|f| f.class == Difference::ManualOverride));
    assert!(!other.explained());
    assert!(other.explained_by_other.contains(&Convention::ScoreBridge));
}

/// USEBIO: `EVENT_TYPE="PAIRS"` is read, its scoring taken from the
/// figures the lines carry; a `CONTRACT NP` line with `SCORE 0` is not
/// played (before: refused, then scored as a pass-out).
#[test]
fn pairs_event_type_and_not_played_contract() {
    let np = "<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><CONTRACT>NP</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE>".to_owned();
    let xml = usebio(
        "Compscore3",
        "PAIRS",
        &[
            ("1", "2"),
            ("2", "0"),
            ("3", "0"),
            ("4", "2"),
            ("5", "0"),
            ("6", "0"),
        ],
        &[(
            1,
            vec![
                line("1", "2", "420", Some(("2", "0"))),
                line("3", "4", "-50", Some(("0", "2"))),
                np,
            ],
        )],
    );
    let session = parse_usebio(&xml).unwrap();
    assert_eq!(session.event, countback_usebio::EventKind::MatchPointPairs);
    assert_eq!(
        session.boards[0].lines[2].traveller.outcome,
        TableOutcome::NotPlayed
    );
    let a = audit(&session).unwrap();
    // Pairs 5 and 6 played no board: listed, not ranked.
    for id in ["5", "6"] {
        let s = a.rescore.standing(&ContestantId::new(id)).unwrap();
        assert!(!s.ranked, "{id}");
    }
    assert_eq!(
        a.rescore.standing(&ContestantId::new("1")).unwrap().place,
        1
    );
}

/// A pair that played no board of a Butler event is not ranked, so it does
/// not push down the pairs with negative totals (before: ranked on 0).
#[test]
fn pair_with_no_boards_is_not_ranked() {
    let butler = |ns: &str, ew: &str, score: &str| {
        format!("<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>")
    };
    let xml = usebio(
        "Compscore3",
        "BUTLER_PAIRS",
        &[
            ("1", "0"),
            ("2", "0"),
            ("3", "0"),
            ("4", "0"),
            ("5", "0"),
            ("6", "0"),
            ("9", "0"),
        ],
        &[(
            1,
            vec![
                butler("1", "2", "420"),
                butler("3", "4", "-50"),
                butler("5", "6", "-100"),
            ],
        )],
    );
    let r = countback_usebio::rescore(&parse_usebio(&xml).unwrap()).unwrap();
    let nine = r.standing(&ContestantId::new("9")).unwrap();
    assert!(!nine.ranked);
    let ranked: Vec<u32> = r
        .standings
        .iter()
        .filter(|s| s.ranked)
        .map(|s| s.place)
        .collect();
    assert_eq!(ranked.iter().max(), Some(&6));
    assert_eq!(nine.place, 7);
}

/// A file declaring Windows-1252 is decoded as such: 0x80 is the euro sign
/// (Latin-1 has a control character there).
#[test]
fn windows_1252_declared_in_the_prologue() {
    let xml = usebio(
        "Compscore3",
        "MP_PAIRS",
        &[("1", "2"), ("2", "0"), ("3", "0"), ("4", "2")],
        &[(
            1,
            vec![line("1", "2", "420", None), line("3", "4", "-50", None)],
        )],
    )
    .replace(
        "<PAIR_NUMBER>1</PAIR_NUMBER>",
        "<PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>X\u{1}</PLAYER_NAME></PLAYER>",
    );
    let mut bytes = b"<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n".to_vec();
    bytes.extend(
        xml.replace('\u{1}', "\u{0}")
            .bytes()
            .map(|b| if b == 0 { 0x80 } else { b }),
    );
    let session = parse_results_bytes(&bytes).unwrap();
    assert_eq!(session.participants[0].players, ["X\u{20AC}"]);
}

/// KoPS rounds factored match points to 0.01 before adding: a short board
/// of 2 results of 3 gives 7/2 and 1/2 exactly either way, but 3 of 4
/// gives 16/3 + 1/3 → 5.67 (exact 17/3).
#[test]
fn kops_rounds_factored_match_points_to_hundredths() {
    let xml = usebio(
        "KoPS 2.0",
        "MP_PAIRS",
        &[
            ("1", "0"),
            ("2", "0"),
            ("3", "0"),
            ("4", "0"),
            ("5", "0"),
            ("6", "0"),
            ("7", "0"),
            ("8", "0"),
        ],
        &[
            (
                1,
                vec![
                    line("1", "2", "420", None),
                    line("3", "4", "170", None),
                    line("5", "6", "-50", None),
                    line("7", "8", "-100", None),
                ],
            ),
            (
                2,
                vec![
                    line("1", "4", "620", None),
                    line("3", "2", "-100", None),
                    line("5", "8", "-200", None),
                ],
            ),
        ],
    );
    let session = parse_usebio(&xml).unwrap();
    let r = countback_usebio::rescore(&session).unwrap();
    assert_eq!(r.convention, Convention::Kops);
    let b2 = &r.boards[1];
    assert_eq!(b2.lines[0].ns_score, Some(Score::parse("5.67").unwrap()));
    let exact = countback_usebio::rescore_under(&session, Some(Convention::Compscore)).unwrap();
    assert_eq!(
        exact.boards[1].lines[0].ns_score,
        Some(Score::new(17, 3).unwrap())
    );
    let _ = Figure::Total;
}
