//! Issue 14: the fixes (art. 16.5.1 cuts, Koya on actual scores, round
//! robins by art. 15.2, the edition of an undated file, 0-0 games, whole
//! lists refused for one code), the rest of the mandatory list, TRF-2026
//! records, limits and the standings check. Every value is worked by hand
//! in the comments.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

mod support;

use countback_model::Score;
use countback_tiebreak_fide::trf::{self, ResultCode};
use countback_tiebreak_fide::{
    audit, Cascade, Date, Edition, Evaluation, FideError, Finding, Format, Options, TieBreakCode,
    TrfErrorKind,
};

use countback_test_support::assert_shows;
use support::player as line;

fn s(text: &str) -> Score {
    Score::parse(text).unwrap()
}

fn value(t: &trf::Tournament, edition: Edition, player: u32, code: &str) -> Score {
    Evaluation::new(t, Options::new(edition))
        .unwrap()
        .value(player, &code.parse().unwrap())
        .unwrap()
}

/// Five players, three rounds, dated 2025 (2024 text):
/// R1 Ann half-point bye, Bob-Dan 1-0, Cid-Eve =;
/// R2 Ann-Bob 1-0, Cid-Dan 1-0, Eve pairing-allocated bye;
/// R3 Cid-Ann 0-1, Bob-Eve 1-0, Dan pairing-allocated bye.
/// Points: Ann 5/2, Bob 2, Cid 3/2, Dan 1, Eve 3/2. Eve is unrated.
/// `data/five.trf`.
fn five() -> String {
    support::event(include_str!("data/five.trf"))
}

/// Why: SB/C1 with a voluntarily unplayed round cut the VUR always.
/// Source: FIDE C.07 (2024) art. 16.5.1: the lowest VUR contribution is cut
/// "as long as such contribution is not lower than the least significant value".
#[test]
fn sb_cut_keeps_a_bye_worth_less_than_the_least_significant_value() {
    let t = trf::parse(&five()).unwrap();
    // Ann's SB: bye 1/2 x 5/2 (dummy, own score) = 5/4; Bob 1 x 2; Cid 1 x 3/2.
    assert_eq!(value(&t, Edition::Aug2024, 1, "SB"), s("4.75"));
    // The least significant value is Cid's 3/2 (lowest-scored opponent);
    // the bye's 5/4 is lower, so Cid's is cut: 5/4 + 2. (Before: 2 + 3/2.)
    assert_eq!(value(&t, Edition::Aug2024, 1, "SB/C1"), s("3.25"));
    // BH: the bye's dummy (5/2) is not lower than Cid's 3/2: the bye goes.
    assert_eq!(value(&t, Edition::Aug2024, 1, "BH/C1"), s("3.5"));
}

/// Why: Koya used opponents' adjusted scores; art. 9.2 counts their scores
/// (art. 16 adjusts only BH, SB and their variants).
#[test]
fn koya_counts_the_opponents_actual_scores() {
    // R1 Ann-Bob =; R2 Ann pairing-allocated bye, Bob zero-point bye.
    // Bob: actual 1/2, adjusted 1 (his last-round bye counts as a draw).
    let text = [
        line(1, "Ann", 0, None, None, &[(2, 'w', '='), (0, '-', 'U')]),
        line(2, "Bob", 0, None, None, &[(1, 'b', '='), (0, '-', 'Z')]),
    ]
    .join("\n");
    let t = trf::parse(&text).unwrap();
    let fide = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
    assert_eq!(fide.adjusted_score(2).unwrap(), Score::ONE);
    // Limit: half of 2 rounds = 1. Bob's 1/2 is under it: KS 0 (before: 1/2).
    assert_eq!(value(&t, Edition::Aug2024, 1, "KS"), Score::ZERO);
}

/// Decision: in a Swiss a forfeit is an unplayed round (art. 16.1), not
/// points scored against an opponent: KS leaves it out; KS/P counts it.
#[test]
fn koya_leaves_swiss_forfeits_out_unless_p() {
    // R1 Ann wins by forfeit v Bob; R2 Bob beats Cid, Ann-Cid... Ann U.
    let text = [
        line(1, "Ann", 0, None, None, &[(2, 'w', '+'), (0, '-', 'U')]),
        line(2, "Bob", 0, None, None, &[(1, 'b', '-'), (3, 'w', '1')]),
        line(3, "Cid", 0, None, None, &[(0, '-', 'U'), (2, 'b', '0')]),
    ]
    .join("\n");
    let t = trf::parse(&text).unwrap();
    // Bob has 1 = the limit (half of 2 rounds).
    assert_eq!(value(&t, Edition::Aug2024, 1, "KS"), Score::ZERO);
    assert_eq!(value(&t, Edition::Aug2024, 1, "KS/P"), Score::ONE);
}

/// A round robin of four (record 092): R1 Ann-Bob 1-0, Cid-Dan =;
/// R2 Ann-Cid =, Bob-Dan 1-0; R3 Dan-Ann 1-0, Cid wins v Bob by forfeit.
/// Points: Ann 3/2, Bob 1, Cid 2, Dan 3/2. The players' records are
/// `data/robin_four.trf`, after the `092` and `042` records.
fn robin(kind: &str, date: &str) -> String {
    let players = support::event(include_str!("data/robin_four.trf"));
    format!("092 {kind}\n042 {date}\n{players}")
}

/// Why: round robins were scored with the Swiss rules of art. 16 and the
/// tournament type was ignored. Art. 15.2: forfeits are games there.
#[test]
fn round_robins_count_forfeits_as_games() {
    let t = trf::parse(&robin("Round Robin", "2025/01/01")).unwrap();
    assert_eq!(t.format, Some(Format::RoundRobin));
    // Cid's SB: Dan 1/2 x 3/2 + Ann 1/2 x 3/2 + Bob (forfeit, a game) 1 x 1
    // = 5/2. Before: the forfeit was a dummy on Cid's own 2: 7/2.
    assert_eq!(value(&t, Edition::Aug2024, 3, "SB"), s("2.5"));
    // A forfeit win is a game won (art. 15.2); Bob's forfeit loss was a
    // round he was scheduled to play.
    assert_eq!(value(&t, Edition::Aug2024, 3, "WON"), Score::ONE);
    assert_eq!(value(&t, Edition::Aug2024, 2, "REP"), s("3"));
    // TRF-2026 record 192 names the type too; a Swiss option overrides it.
    let t = trf::parse(&robin("x", "2025/01/01").replace("092 x", "192 FIDE_ROUNDROBIN")).unwrap();
    assert_eq!(t.format, Some(Format::RoundRobin));
    let swiss = Evaluation::new(
        &t,
        Options::new(Edition::Aug2024).with_format(Some(Format::Swiss)),
    )
    .unwrap();
    assert_eq!(swiss.value(3, &"SB".parse().unwrap()).unwrap(), s("3.5"));
}

/// The 2026 note to art. 8: BH, FB and AOB are not used in round robins.
#[test]
fn buchholz_in_a_round_robin_is_refused_under_2026() {
    let t = trf::parse(&robin("Round Robin", "2026/03/02")).unwrap();
    let fide = Evaluation::new(&t, Options::for_tournament(&t)).unwrap();
    for code in ["BH", "FB/C1", "AOB"] {
        let err = fide.rank(&code.parse::<Cascade>().unwrap()).unwrap_err();
        assert!(matches!(err, FideError::NotForRoundRobin { .. }), "{code}");
        assert!(err.to_string().contains("FIDE C.07 8 (note)"), "{err}");
    }
    assert!(fide.rank(&"SB, DE".parse::<Cascade>().unwrap()).is_ok());
}

/// Why: a missing start date silently meant the 2024 text, and day-first
/// dates were not read; the reference takes a missing date as the rules in force.
#[test]
fn the_edition_of_an_undated_file_is_the_one_in_force() {
    let undated = five().replace("042 2025/05/01\n", "");
    let t = trf::parse(&undated).unwrap();
    assert_eq!(t.start_date, None);
    assert_eq!(Options::for_tournament(&t).edition(), Edition::Mar2026);
    for (text, edition) in [
        ("042 01.03.2026", Edition::Mar2026),
        ("042 28/02/2026", Edition::Aug2024),
        ("042 2026-03-01", Edition::Mar2026),
    ] {
        let t = trf::parse(&five().replace("042 2025/05/01", text)).unwrap();
        assert_eq!(Options::for_tournament(&t).edition(), edition, "{text}");
    }
    assert_eq!(Date::parse_trf("01.03.2026"), Date::new(2026, 3, 1));
}

/// Why: a game played and scored as lost by both (0-0) was refused.
#[test]
fn a_game_lost_by_both_players_reads() {
    let text = [
        line(1, "Ann", 0, None, None, &[(2, 'w', '0')]),
        line(2, "Bob", 0, None, None, &[(1, 'b', '0')]),
    ]
    .join("\n");
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.player(1).unwrap().rounds[0].result, ResultCode::Loss);
    let fide = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
    assert_eq!(fide.points(1).unwrap(), Score::ZERO);
    assert_eq!(fide.value(1, &"BPG".parse().unwrap()).unwrap(), Score::ZERO);
    assert_eq!(fide.value(2, &"BPG".parse().unwrap()).unwrap(), Score::ONE);
}

/// Why: a 212 list naming FB, AOB, TPR or RTNG made the whole file fail.
#[test]
fn every_mandatory_code_is_known_and_an_unknown_one_is_named() {
    let text = format!(
        "{}\n212 PTS, FB, AOB, TPR, RTNG, PTP, APRO, APPO, STD, TPN, BH/F\n",
        five()
    );
    let t = trf::parse(&text).unwrap();
    let cascade = t.declared_cascade().unwrap().unwrap();
    assert_eq!(
        cascade.to_string(),
        "FB, AOB, TPR, RTNG, PTP, APRO, APPO, STD, TPN, BH/F"
    );
    let fide = Evaluation::new(&t, Options::for_tournament(&t)).unwrap();
    assert!(fide.rank(&cascade).is_ok());
    let err = "BH, XYZ".parse::<Cascade>().unwrap_err();
    assert_eq!(err.code, "XYZ");
    assert_shows(&err.reason, &["known ones are PTS, DE, WIN", "APPO"]);
    for text in [
        "TPN/R",
        "RTNG/U1000/R",
        "ARO/M1/U1200",
        "AOB/P/F",
        "FB/C1/P",
    ] {
        let code: TieBreakCode = text.parse().unwrap();
        assert_eq!(code.to_string(), text);
    }
    for bad in ["SB/F", "BH/U1000", "WIN/R", "ARO/U", "ARO/U99999"] {
        assert!(bad.parse::<TieBreakCode>().is_err(), "{bad}");
    }
}

/// Hand-worked values of the codes new to the crate, on `five()` (2024
/// text): `data/five_mandatory_2024.csv`, the working with each value.
#[test]
fn the_rest_of_the_mandatory_list_by_hand() {
    let t = trf::parse(&five()).unwrap();
    let fide = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
    support::check_values(&fide, "five_mandatory_2024.csv", 14);
    // TPN ranks the lower number first; /R the higher.
    let order = fide.rank(&"TPN".parse::<Cascade>().unwrap()).unwrap();
    assert_eq!(order.order_text(), "Ann > Bob > Cid > Eve > Dan");
    let order = fide.rank(&"TPN/R".parse::<Cascade>().unwrap()).unwrap();
    assert_eq!(order.order_text(), "Ann > Bob > Eve > Cid > Dan");
}

/// TRF-2026 record 162: a 3-1-0 points system changes points, PS, SB and STD.
#[test]
fn a_points_system_from_record_162() {
    let text = format!("162 W 3.0    D 1.0    L 0.0\n{}", five());
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.points_system.win, s("3"));
    // Ann: H (a draw's 1) + 3 + 3; her pairing-allocated... (none). Dan:
    // 0 + 0 + pairing-allocated bye (a win's 3 without a P entry).
    let fide = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
    assert_eq!(fide.points(1).unwrap(), s("7"));
    assert_eq!(fide.points(4).unwrap(), s("3"));
    // STD is still 1 per win, 1/2 per draw's points.
    assert_eq!(fide.value(1, &"STD".parse().unwrap()).unwrap(), s("2.5"));
    let bad = format!("162 W 3.0    Q 1.0\n{}", five());
    assert!(matches!(
        trf::parse(&bad).unwrap_err().kind,
        TrfErrorKind::UnknownPointsSymbol { found: 'Q' }
    ));
}

/// TRF-2026 record 240 fills a bye the 001 line leaves blank, and must
/// agree with one it shows; record 299 is refused, not skipped.
#[test]
fn bye_records_and_refused_records() {
    let text = [
        "142 2".to_string(),
        line(1, "Ann", 0, None, None, &[(2, 'w', '1')]),
        line(2, "Bob", 0, None, None, &[(1, 'b', '0')]),
        "240 H 002 0001 0002".to_string(),
    ]
    .join("\n");
    let t = trf::parse(&text).unwrap();
    assert_eq!(
        t.player(2).unwrap().rounds[1].result,
        ResultCode::HalfPointBye
    );
    let clash = text.replace("240 H 002", "240 F 001");
    assert!(matches!(
        trf::parse(&clash).unwrap_err().kind,
        TrfErrorKind::ByeDisagrees {
            round: 1,
            player: 1
        }
    ));
    let abnormal = format!("{text}\n299 W   1.0   1.0    1    1");
    let err = trf::parse(&abnormal).unwrap_err();
    assert!(
        matches!(err.kind, TrfErrorKind::UnsupportedRecord { .. }),
        "{err}"
    );
}

/// Records the reader does not understand come back unchanged.
#[test]
fn the_file_is_written_back_unchanged() {
    let text = format!(
        "### written by hand\n022 Hobsons Bay\n{}\nXXR 9\n132                                                                                        25/05/01\n",
        five()
    );
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.to_trf(), text);
}

/// Why: a 2 MB 212 line used 2.7 GB. Limits are checked before anything is
/// allocated for the line.
#[test]
fn a_huge_tie_break_line_is_refused_up_front() {
    let huge = format!("{}\n212 PTS{}\n", five(), ", BH".repeat(500_000));
    let err = trf::parse(&huge).unwrap_err();
    assert!(
        matches!(err.kind, TrfErrorKind::LineTooLong { limit: 400, .. }),
        "{err}"
    );
    let many = format!("{}\n212 PTS{}\n", five(), " BH".repeat(40));
    let err = trf::parse(&many).unwrap_err();
    assert!(
        matches!(err.kind, TrfErrorKind::TooManyTieBreaks { count: 41, .. }),
        "{err}"
    );
    assert!("BH ".repeat(40).parse::<Cascade>().is_err());
}

/// Why: a points column that disagreed with the results was ignored
/// without a word. The standings check reports it, and every player out
/// of place with the values that place them.
#[test]
fn the_standings_check_reports_ranks_and_points() {
    // `five()`'s games, with declared points and ranks and a `212 PTS, BH`
    // record (`data/standings_five.trf`): Ann 5/2 and Bob 2 declare swapped
    // ranks; Cid declares 2 points.
    let text = support::event(include_str!("data/standings_five.trf"));
    let t = trf::parse(&text).unwrap();
    let fide = Evaluation::new(&t, Options::for_tournament(&t)).unwrap();
    let report = audit(&fide, &t.declared_cascade().unwrap().unwrap()).unwrap();
    assert!(!report.is_clean());
    assert!(matches!(
        &report.findings[0],
        Finding::PointsDisagree { starting_rank: 3, declared, from_results, .. }
            if *declared == s("2") && *from_results == s("1.5")
    ));
    // Cid and Eve tie on 3/2 and on BH (Cid: Eve 3/2 + Dan 1 + Ann 5/2 = 5;
    // Eve: Cid 3/2 + dummy 3/2 + Bob 2 = 5): places 3-4, and both declare 3.
    let out: Vec<(u32, u32, u32, u32)> = report
        .findings
        .iter()
        .filter_map(|f| match f {
            Finding::OutOfPlace {
                starting_rank,
                declared_rank,
                first,
                last,
                ..
            } => Some((*starting_rank, *declared_rank, *first, *last)),
            _ => None,
        })
        .collect();
    assert_eq!(out, [(1, 2, 1, 1), (2, 1, 2, 2)]);
    let Finding::OutOfPlace { values, .. } = &report.findings[1] else {
        panic!("not out of place: {:?}", report.findings[1]);
    };
    let shown: Vec<String> = values
        .iter()
        .map(|v| format!("{} {}", v.code, v.value.clone().unwrap_or_default()))
        .collect();
    // Bob: Dan 1 + Ann 5/2 + Eve 3/2.
    assert_eq!(shown, ["PTS 5/2", "BH 5"]);
}
