//! PBN results files written here, each in one program's convention, read,
//! rescored and audited. Every expected figure is worked by hand in the
//! comment above its test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use countback_model::{ContestantId, Score, TableOutcome};
use countback_pbn::parse_pbn;
use countback_results::{
    audit, rescore, Audit, Convention, ConventionSource, Difference, EventKind, Figure, Finding,
};

fn finding<'a>(a: &'a Audit, figure: Figure, who: &str) -> &'a Finding {
    a.of(figure)
        .find(|f| f.contestant.as_ref().map(ContestantId::as_str) == Some(who))
        .unwrap_or_else(|| panic!("no {figure:?} of {who}"))
}

/// A Butler Howell from Magic Contest: 8 pairs at 4 tables, 4 boards;
/// pairs 7 and 8 sat out board 4. The datum drops the highest and lowest
/// score and rounds the mean of the rest to 10 (an exact 5 away from zero).
///
/// - board 1: 620, 170, 140, −100 → datum 160; NS IMPs 460 → 10,
///   10 → 0, −20 → −1, −260 → −6
/// - board 2: 100, 140, 110, 420 → mean of 140 and 110 = 125 → 130;
///   −30 → −1, 10 → 0, −20 → −1, 290 → 7
/// - board 3: 50 everywhere → 0
/// - board 4 (three tables): −620, −650, −600 → datum −620; 0, −1, +1
///
/// Raw totals (EW the negation): 1 +9, 2 −9, 3 −1, 4 +1, 5 −1, 6 +1,
/// 7 (−6 + 7 + 0) = +1, 8 −1. Magic Contest gives a pair that sat out its
/// own average on the boards it missed: total × 4/3 (most boards played /
/// boards played), so 7 has 4/3 = 1.33 and 8 −1.33 (the issue's ×28/24 on
/// a 28-board session). Places: 1 (9), 7 (1.33), 4 and 6 (3=), 3 and 5
/// (5=), 8 (7), 2 (8).
const MAGIC_BUTLER: &str = r#"% PBN 2.1
% EXPORT
[Event "Club Butler"]
[Generator "Magic Contest 5.0.3"]
[Competition "Pairs"]
[Scoring "IMP;Butler"]
[Board "1"]
[ScoreTable "Table\2R;Round\2R;PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\6R;Score_EW\6R;IMP_NS\4R;IMP_EW\4R"]
 1  1  1  2 4S   N 12  "620"      -  10.0 -10.0
 2  1  3  4 4S   N 10  "170"      -   0.0   0.0
 3  1  5  6 3NT  N  9  "140"      -  -1.0   1.0
 4  1  7  8 4S   N  9      -  "100"  -6.0   6.0

[Board "2"]
[ScoreTable "Table\2R;Round\2R;PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\6R;Score_EW\6R;IMP_NS\4R;IMP_EW\4R"]
 1  1  1  2 3NTX E  8  "100"      -  -1.0   1.0
 2  1  3  4 3S   N  9  "140"      -   0.0   0.0
 3  1  5  6 2S   N  8  "110"      -  -1.0   1.0
 4  1  7  8 4HX  E  8  "420"      -   7.0  -7.0

[Board "3"]
[ScoreTable "Table\2R;Round\2R;PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\6R;Score_EW\6R;IMP_NS\4R;IMP_EW\4R"]
 1  1  1  2 3NT  E  8   "50"      -   0.0   0.0
 2  1  3  4 3NT  E  8   "50"      -   0.0   0.0
 3  1  5  6 3NT  E  8   "50"      -   0.0   0.0
 4  1  7  8 3NT  E  8   "50"      -   0.0   0.0

[Board "4"]
[ScoreTable "Table\2R;Round\2R;PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\6R;Score_EW\6R;IMP_NS\4R;IMP_EW\4R"]
 1  1  1  2 4SX  E 10      -  "620"   0.0   0.0
 2  1  3  4 4HX  E 11      -  "650"  -1.0   1.0
 3  1  5  6 4S   E 10      -  "600"   1.0  -1.0

[TotalScoreTable "Rank\2R;PairId\2R;TotalScoreIMP\6R;Names\20L"]
 1  1   9.00 "Alfa - Bravo"
 8  2  -9.00 "Charlie - Delta"
 5  3  -1.00 "Echo - Foxtrot"
 3  4   1.00 "Golf - Hotel"
 5  5  -1.00 "India - Juliett"
 3  6   1.00 "Kilo - Lima"
 2  7   1.33 "Mike - November"
 7  8  -1.33 "Oscar - Papa"
"#;

#[test]
fn magic_contest_butler_gives_a_sit_out_its_own_average() {
    let session = parse_pbn(MAGIC_BUTLER).unwrap();
    assert_eq!(session.event, EventKind::ButlerPairs);
    assert_eq!(session.participants[0].players, ["Alfa", "Bravo"]);
    let a = audit(&session, None).unwrap();
    assert_eq!(a.convention, Convention::MagicContest);
    assert_eq!(
        a.convention_source,
        ConventionSource::Writer {
            writer: "Magic Contest 5.0.3".to_owned()
        }
    );
    assert!(
        a.summary()
            .contains("the magic_contest convention explains the file"),
        "{}",
        a.summary()
    );
    assert!(
        a.findings.iter().all(|f| f.class.agrees()),
        "{}",
        a.summary()
    );
    let seven = a.rescore.standing(&ContestantId::new("7")).unwrap();
    assert_eq!(seven.boards_played, 3);
    assert_eq!(seven.raw_total, Score::integer(1));
    assert_eq!(seven.total, Score::new(4, 3).unwrap());
    let datums: Vec<Score> = a
        .rescore
        .boards
        .iter()
        .map(|b| b.datum.clone().unwrap())
        .collect();
    assert_eq!(datums, [160, 130, 50, -620].map(Score::integer));

    // Without the own-average rule 7's total is its raw 1 and 8's −1; the
    // places of 4, 6 and 8 move. Named, not passed, not "unexplained".
    let plain = audit(&session, Some(Convention::EbuWhiteBook2025)).unwrap();
    let named = Difference::OtherConvention {
        convention: Convention::MagicContest,
    };
    let seven = finding(&plain, Figure::Total, "7");
    assert_eq!(
        (seven.computed.clone(), &seven.class),
        (Some(Score::integer(1)), &named)
    );
    let mut odd: Vec<(Figure, String)> = plain
        .exceptions()
        .map(|f| {
            assert_eq!(f.class, named, "{f}");
            (f.figure, f.contestant.as_ref().unwrap().to_string())
        })
        .collect();
    odd.sort_by_key(|(f, who)| (format!("{f:?}"), who.clone()));
    let want: Vec<(Figure, String)> = [
        // 4, 6 and 7 tie on 1 for second; 3, 5 and 8 on −1 for fifth.
        (Figure::Place, "4"),
        (Figure::Place, "6"),
        (Figure::Place, "8"),
        (Figure::Total, "7"),
        (Figure::Total, "8"),
    ]
    .into_iter()
    .map(|(f, w)| (f, w.to_owned()))
    .collect();
    assert_eq!(odd, want);
}

/// Cross-IMPs: every result against every other, summed and divided by the
/// number of other results, printed to 2 decimals. One board at three
/// tables: 620, 170, −100.
/// - 620: v 170 = 450 → 10, v −100 = 720 → 12; 22/2 = 11
/// - 170: v 620 → −10, v −100 = 270 → 7; −3/2 = −1.5
/// - −100: −12 − 7 = −19; −19/2 = −9.5
const CROSS: &str = r#"% PBN 2.1
[Generator "Ruter 1.4"]
[Scoring "Cross-IMPs"]
[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW"]
1 2 620 11.00 -11.00
3 4 170 -1.50 1.50
5 6 -100 -9.50 9.50
[TotalScoreTable "Rank;PairId;Direction;TotalScoreIMP"]
1 1 NS 11.00
2 3 NS -1.50
3 5 NS -9.50
3 2 EW -11.00
2 4 EW 1.50
1 6 EW 9.50
"#;

#[test]
fn cross_imps_from_ruter_rank_ns_and_ew_apart() {
    let session = parse_pbn(CROSS).unwrap();
    assert_eq!(session.event, EventKind::CrossImps);
    assert_eq!(session.ranking, countback_results::Ranking::ByDirection);
    let a = audit(&session, None).unwrap();
    assert_eq!(a.convention, Convention::Ruter);
    assert!(
        a.findings.iter().all(|f| f.class == Difference::Reproduced),
        "{}",
        a.summary()
    );
    assert_eq!(
        a.rescore.standing(&ContestantId::new("3NS")).unwrap().total,
        Score::new(-3, 2).unwrap()
    );
}

/// An individual: four players a table, partners scored alike. Two tables,
/// two boards (top 2).
/// - board 1: N1 S2 v E3 W4 +420; N5 S6 v E7 W8 +140 → 1, 2: 2; 3, 4: 0;
///   5, 6: 0; 7, 8: 2
/// - board 2: N1 S3 v E5 W7 −100; N2 S4 v E6 W8 −100 → every player 1
///
/// Totals: 1 and 2: 3 (75 %); 7 and 8: 3; 3, 4, 5, 6: 1 (25 %). One field:
/// 1, 2, 7, 8 first equal, the others fifth.
const INDIVIDUAL: &str = r#"% PBN 2.1
[Generator "Magic Contest 5"]
[Competition "Individuals"]
[Scoring "MP"]
[Board "1"]
[ScoreTable "PlayerId_North;PlayerId_South;PlayerId_East;PlayerId_West;Score_NS;MP_North;MP_South;MP_East;MP_West"]
1 2 3 4 420 2 2 0 0
5 6 7 8 140 0 0 2 2
[Board "2"]
[ScoreTable "PlayerId_North;PlayerId_South;PlayerId_East;PlayerId_West;Score_NS;MP_NS;MP_EW"]
1 3 5 7 -100 1 1
2 4 6 8 -100 1 1
[TotalScoreTable "Rank;PlayerId;Name;TotalScoreMP;TotalPercentage"]
1= 1 "Alfa" 3 75.00
1= 2 "Bravo" 3 75.00
5= 3 "Charlie" 1 25.00
5= 4 "Delta" 1 25.00
5= 5 "Echo" 1 25.00
5= 6 "Foxtrot" 1 25.00
1= 7 "Golf" 3 75.00
1= 8 "Hotel" 3 75.00
"#;

#[test]
fn an_individual_credits_both_partners() {
    let session = parse_pbn(INDIVIDUAL).unwrap();
    let line = &session.boards[0].lines[0];
    assert_eq!(line.traveller.ns.as_str(), "1+2");
    assert_eq!(line.seats.as_ref().unwrap().west.as_str(), "4");
    assert_eq!(session.participants[2].players, ["Charlie"]);
    let a = audit(&session, None).unwrap();
    assert!(
        a.findings.iter().all(|f| f.class.agrees()),
        "{}",
        a.summary()
    );
    let r = rescore(&session, None).unwrap();
    for (who, total, place) in [("1", 3, 1), ("2", 3, 1), ("4", 1, 5), ("8", 3, 1)] {
        let s = r.standing(&ContestantId::new(who)).unwrap();
        assert_eq!(
            (s.total.clone(), s.place, s.boards_played),
            (Score::integer(total), place, 2),
            "{who}"
        );
    }
    assert_eq!(
        r.standing(&ContestantId::new("5")).unwrap().percentage,
        Some(Score::integer(25))
    );
}

/// An adjusted score written as figures marked artificial (`^`, PBN 5.2)
/// with no score: on a board with a top of 4 (three results), ^2.4/^1.6 is
/// 60 %/40 % of the top. The other two results score among themselves and
/// are factored up to three by Neuberg: (M + 1)·3/2 − 1, so 2 → 7/2 = 3.5
/// and 0 → 1/2.
const ARTIFICIAL: &str = r#"% PBN 2.1
[Generator "Magic Contest 5"]
[Scoring "MatchPoints"]
[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Score_NS;MP_NS;MP_EW"]
1 2 4S 420 3.5 0.5
3 4 - - ^2.4 ^1.6
5 6 4S -50 0.5 3.5
[TotalScoreTable "PairId;TotalScoreMP"]
1 3.5
2 0.5
3 2.4
4 1.6
5 0.5
6 3.5
"#;

#[test]
fn figures_marked_artificial_are_an_adjusted_score() {
    let session = parse_pbn(ARTIFICIAL).unwrap();
    let TableOutcome::Artificial(award) = &session.boards[0].lines[1].traveller.outcome else {
        panic!("not artificial");
    };
    assert_eq!(
        award.percent(countback_model::Direction::NorthSouth),
        &Score::integer(60)
    );
    let a = audit(&session, None).unwrap();
    assert!(
        a.findings.iter().all(|f| f.class == Difference::Reproduced),
        "{}",
        a.summary()
    );
}

/// The writer's convention is not the only one: `convention` overrides it,
/// and the summary says where the convention came from.
#[test]
fn the_audit_of_a_pbn_file_names_its_convention() {
    let session = parse_pbn(&MAGIC_BUTLER.replace("Magic Contest 5.0.3", "HomeMade 1")).unwrap();
    let a = audit(&session, None).unwrap();
    assert_eq!(a.convention, Convention::EbuWhiteBook2025);
    assert!(
        a.summary().starts_with(
            "convention ebu_white_book_2025 (the default: the writer \"HomeMade 1\" is not a known program)"
        ),
        "{}",
        a.summary()
    );
    // 7's 1.33 is explained by Magic Contest's rule, by Ruter's (the
    // same choices), and by Pianola's (a pair that missed boards scores its
    // own average: here the boards of the session are also the most any
    // pair played), by no other.
    assert_eq!(
        a.explained_by_other,
        [
            Convention::MagicContest,
            Convention::Pianola,
            Convention::Ruter
        ]
    );
    let chosen = audit(&session, Some(Convention::MagicContest)).unwrap();
    assert!(chosen
        .summary()
        .starts_with("convention magic_contest (chosen)"));
    assert!(chosen.explained());
}

/// Latin-1 bytes (the PBN character set) are decoded as such: 0xE9 is é.
#[test]
fn latin1_names_are_read() {
    let mut bytes = INDIVIDUAL.replace("\"Alfa\"", "\"Ren\u{1}\"").into_bytes();
    for b in &mut bytes {
        if *b == 1 {
            *b = 0xE9;
        }
    }
    let session = countback_pbn::parse_pbn_bytes(&bytes).unwrap();
    assert_eq!(session.participants[0].players, ["Ren\u{e9}"]);
}

/// Issue 25, Why: "A figure labelled 'reproduced under the ebu_letter
/// convention' is counted as unexplained in the same output's summary."
/// Under a convention that is not the writer's, the five figures another
/// convention reproduces (7's and 8's totals, three places) are counted
/// under another rule in the summary, as the detail names them, and the
/// summary's unexplained count is the number of findings the detail calls
/// unexplained: none.
#[test]
fn the_summary_counts_each_figure_as_the_detail_names_it() {
    let session = parse_pbn(MAGIC_BUTLER).unwrap();
    let a = audit(&session, Some(Convention::EbuWhiteBook2025)).unwrap();
    let other = a
        .findings
        .iter()
        .filter(|f| matches!(f.class, Difference::OtherConvention { .. }))
        .count();
    let unexplained = a
        .findings
        .iter()
        .filter(|f| matches!(f.class, Difference::Unexplained { .. }))
        .count();
    assert_eq!((other, unexplained), (5, 0));
    let counts = a.counts();
    assert_eq!((counts.other_rule, counts.unexplained), (5, 0));
    let summary = a.summary();
    assert!(
        summary.contains("5 under another rule, 0 unexplained"),
        "{summary}"
    );
}

/// Issue 41: "Magic Contest `IMP;Butler-2;Mean` totals printed 1.500 where
/// the program printed 42.0". `Mean` is Ruter's word for totals of IMPs
/// per board; Magic Contest writes the same words over totals that add up
/// the lines. The Butler file above with that tag: pair 1's lines are
/// +10, −1, 0, 0, its stored total 9.00 (their sum; their mean would be
/// 2.25), and so for pairs 1 to 6 (7 and 8, who missed board 4, are
/// scaled, and vote neither way). The figures decide: totals summed, every
/// figure reproduced, and the summary says which reading and why.
#[test]
fn mean_is_a_mean_or_a_sum_as_the_files_totals_show() {
    let tagged = MAGIC_BUTLER.replace(
        "[Scoring \"IMP;Butler\"]",
        "[Scoring \"IMP;Butler-2;Mean\"]",
    );
    assert_ne!(tagged, MAGIC_BUTLER);
    let session = parse_pbn(&tagged).unwrap();
    assert_eq!(session.rule.imp_total, countback_results::ImpTotal::Sum);
    let a = audit(&session, None).unwrap();
    assert!(
        a.findings.iter().all(|f| f.class.agrees()),
        "{}",
        a.summary()
    );
    assert!(
        a.summary().contains(
            "the file's rule: IMP;Butler-2;Mean read as totals that add up the line IMPs, not a mean per board: on 6 of 8 pairs"
        ),
        "{}",
        a.summary()
    );
}

/// Issue 41: "a `[Scoring "##IMP"]` tag refused". PBN 2.1 §4.8 (tag value
/// inheritance): "When a tag has a tag value beginning with ##, then the
/// (optional) text after ## can be interpreted as: use this text in all
/// subsequent games", and `#` inherits the previous game's value. The real
/// Ruter Butler session (`teams-sub.pbn`) written so: its first board
/// `[Scoring "##IMP"]`, every later one `[Scoring "#"]`, its `ScoringType`
/// line gone. `IMP` names no IMP scoring ("the modifiers in the Scoring tag
/// specify how the IMPs are computed", §4.2.2), but every score table stores
/// its `ButlerDatum`, which only Butler has; and its totals are the IMPs per
/// board (pair 10: 41 IMPs over 14 boards, stored 2.93), as each of its 48
/// pairs with boards shows. So the file reads as it does with its own tag:
/// every figure of the audit reproduced, the reading said.
#[test]
fn scoring_hash_hash_imp_is_imp_on_every_board_and_the_datum_says_butler() {
    let Some(text) = countback_test_support::shared_text(
        "bridge-data/real-world/gerhardsletten-jrbridge-pbn-api/teams-sub.pbn",
    ) else {
        return;
    };
    let tag = "[Scoring \"IMP;Butler-2;Mean\"]";
    let first = text.find(tag).unwrap();
    let rest = text[first + tag.len()..].replace(tag, "[Scoring \"#\"]");
    let written: String = format!("{}[Scoring \"##IMP\"]{rest}", &text[..first])
        .lines()
        .filter(|l| !l.contains("name=ScoringType"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(!written.contains("Butler-2"));
    let session = parse_pbn(&written).unwrap();
    assert_eq!(session.event, EventKind::ButlerPairs);
    assert_eq!(
        session.rule.imp_total,
        countback_results::ImpTotal::PerBoard
    );
    let reading = session.rule.reading.clone().unwrap();
    countback_test_support::assert_shows(
        &reading,
        &["ButlerDatum", "IMPs per board played", "on 48 of 48 pairs"],
    );
    let a = audit(&session, None).unwrap();
    assert!(
        a.findings.iter().all(|f| f.class.agrees()),
        "{}",
        a.summary()
    );
    let ten = a.rescore.standing(&ContestantId::new("10")).unwrap();
    assert_eq!(ten.total, Score::new(41, 14).unwrap());

    // Without a datum column, `IMP` could be Butler or cross-IMPs: refused,
    // naming the value as the file gives it.
    let no_datum = MAGIC_BUTLER.replace("[Scoring \"IMP;Butler\"]", "[Scoring \"##IMP\"]");
    let e = parse_pbn(&no_datum).unwrap_err().to_string();
    countback_test_support::assert_shows(&e, &["[Scoring]", "\"IMP\"", "IMP alone"]);
}

/// Issue 41: "Also refused: a `ScorePenalty` column". Neither the PBN
/// standard (2.1 §5.9 lists no such column) nor any writer's documentation
/// found says what it deducts (match points or a percentage, on the board
/// or the session) nor from whom. A column of zeros deducts nothing,
/// whatever its unit: the file is read and every figure reproduced, the
/// column listed as kept. A penalty is refused at its cell, never applied
/// or passed over.
#[test]
fn a_score_penalty_column_of_zeros_is_kept_and_a_penalty_is_refused_at_its_cell() {
    let header = "IMP_NS\\4R;IMP_EW\\4R\"]";
    // Each score table's rows gain the column, 0 (as a writer pads it).
    let mut in_table = false;
    let mut with_column = String::new();
    for l in MAGIC_BUTLER.lines() {
        if in_table && !l.trim().is_empty() {
            with_column.push_str(&format!("{l}   0\n"));
            continue;
        }
        in_table = l.starts_with("[ScoreTable ");
        with_column.push_str(&l.replace(header, "IMP_NS\\4R;IMP_EW\\4R;ScorePenalty\\3R\"]"));
        with_column.push('\n');
    }
    let session = parse_pbn(&with_column).unwrap();
    assert!(
        session.not_used.iter().any(|n| n.contains("ScorePenalty")),
        "{:?}",
        session.not_used
    );
    let a = audit(&session, None).unwrap();
    assert!(
        a.findings.iter().all(|f| f.class.agrees()),
        "{}",
        a.summary()
    );
    let penalised = with_column.replacen(
        " 2  1  3  4 4S   N 10  \"170\"      -   0.0   0.0   0",
        " 2  1  3  4 4S   N 10  \"170\"      -   0.0   0.0   3",
        1,
    );
    assert_ne!(penalised, with_column);
    let e = parse_pbn(&penalised).unwrap_err().to_string();
    countback_test_support::assert_shows(
        &e,
        &[
            "[ScoreTable] column ScorePenalty",
            "line 10",
            "\"3\"",
            "no penalty",
        ],
    );
}
