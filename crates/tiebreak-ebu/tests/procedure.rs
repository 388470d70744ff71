//! The 143.7.1 procedure, case by case: one `check` helper, many small cases.
#![allow(missing_docs, clippy::unwrap_used, clippy::indexing_slicing)]

mod common;

use common::*;
use countback_tiebreak_ebu::{
    EbuError, FinalStanding, ProceduralPenalty, Procedure, Scoring, Stage, Standings, TiePurpose,
};
use model::opposition::Meeting;
use model::{ContestantKind, EncounterStatus, InputError, RoundNumber, Score, Unit, Unresolved};

/// Split `tied` and compare the order text and the deciding clauses.
fn check(
    procedure: &Procedure,
    stage: &Stage,
    tied: &[&str],
    purpose: TiePurpose,
    order: &str,
    clauses: &[&str],
) -> model::TieBreakOutcome {
    let out = procedure.split(stage, &ids(tied), purpose).unwrap();
    assert_eq!(out.order_text(), order, "trace: {:#?}", out.trace);
    let got: Vec<String> = out
        .deciding_clauses()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(got, clauses, "trace: {:#?}", out.trace);
    out
}

fn wb() -> Procedure {
    Procedure::white_book()
}

#[test]
fn a_direct_match_in_vps() {
    let s = teams_stage(
        &["A", "B"],
        &[30, 30],
        vec![vp_match(1, "A", "B", (8, 12), (20, 30))],
        vec![],
    );
    check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::Title,
        "B > A",
        &["EBU 143.7.1(a)"],
    );
}

#[test]
fn a_level_in_vps_then_imps_in_that_match() {
    let s = teams_stage(
        &["A", "B"],
        &[30, 30],
        vec![vp_match(1, "A", "B", (10, 10), (31, 29))],
        vec![],
    );
    let out = check(
        &wb(),
        &s,
        &["B", "A"],
        TiePurpose::Title,
        "A > B",
        &["EBU 143.7.1(a)"],
    );
    assert_eq!(out.trace.len(), 2);
}

#[test]
fn b_tie_break_points_when_they_did_not_meet() {
    // A met C (40), B met D (20).
    let s = teams_stage(
        &["A", "B", "C", "D"],
        &[30, 30, 40, 20],
        vec![
            vp_match(1, "A", "C", (10, 10), (0, 0)),
            vp_match(1, "B", "D", (10, 10), (0, 0)),
        ],
        vec![],
    );
    check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::Title,
        "A > B",
        &["EBU 143.7.1(b)"],
    );
}

#[test]
fn b_is_skipped_all_play_all_and_c_decides() {
    let mut s = teams_stage(
        &["A", "B", "C", "D"],
        &[30, 30, 40, 20],
        vec![
            vp_match(1, "A", "C", (10, 10), (0, 0)),
            vp_match(1, "B", "D", (10, 10), (5, 1)),
        ],
        vec![],
    );
    s.format.all_play_all = true;
    check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::Title,
        "B > A",
        &["EBU 143.7.1(c)"],
    );
}

#[test]
fn c_penalty_converted_to_the_basic_method() {
    let mut s = teams_stage(
        &["A", "B", "C"],
        &[30, 30, 30],
        vec![
            vp_match(1, "A", "C", (10, 10), (2, 0)),
            vp_match(2, "B", "C", (10, 10), (1, 0)),
        ],
        vec![],
    );
    s.format.all_play_all = true;
    // 300 aggregate points of penalty = 9 IMPs.
    s.penalties.push(ProceduralPenalty {
        contestant: id("A"),
        unit: Unit::TotalPoints,
        amount: Score::integer(-300),
    });
    let out = check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::Title,
        "B > A",
        &["EBU 143.7.1(c)"],
    );
    let d = out.trace.iter().find(|d| d.separated()).unwrap();
    assert_eq!(d.values[0].1.to_string(), "-7");
}

#[test]
fn c_different_numbers_of_matches_compared_per_match() {
    // A: +12 over 3 matches (4 a match); B: +10 over 2 (5 a match).
    let mut s = teams_stage(
        &["A", "B", "C", "D", "E"],
        &[30, 30, 1, 1, 1],
        vec![
            vp_match(1, "A", "C", (10, 10), (4, 0)),
            vp_match(2, "A", "D", (10, 10), (4, 0)),
            vp_match(3, "A", "E", (10, 10), (4, 0)),
            vp_match(1, "B", "D", (10, 10), (5, 0)),
            vp_match(2, "B", "E", (10, 10), (5, 0)),
        ],
        vec![],
    );
    s.format.all_play_all = true;
    check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::Title,
        "B > A",
        &["EBU 143.7.1(c)"],
    );
}

#[test]
fn d_count_back_then_e_random_ballot_or_stands() {
    let mut s = teams_stage(
        &["A", "B"],
        &[30, 30],
        vec![],
        vec![board(1, 0, &[("A", 3), ("B", 1)])],
    );
    s.format.scoring = Scoring::unconverted(Unit::MatchPoints);
    check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::QualifyingPlace,
        "A > B",
        &["EBU 143.7.1(d)"],
    );
    s.boards = vec![board(1, 0, &[("A", 1), ("B", 1)])];
    let out = check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::QualifyingPlace,
        "A = B",
        &[],
    );
    assert!(matches!(
        out.order[0].unresolved,
        Some(Unresolved::RandomBallot { .. })
    ));
    let out = check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::IndivisiblePrize,
        "A = B",
        &[],
    );
    assert!(matches!(
        out.order[0].unresolved,
        Some(Unresolved::RandomBallot { .. })
    ));
    let out = check(&wb(), &s, &["A", "B"], TiePurpose::Title, "A = B", &[]);
    assert!(matches!(
        out.order[0].unresolved,
        Some(Unresolved::Stands { .. })
    ));
}

#[test]
fn a_shared_place_is_not_split() {
    let s = teams_stage(
        &["A", "B"],
        &[30, 30],
        vec![vp_match(1, "A", "B", (20, 0), (50, 0))],
        vec![],
    );
    let out = check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::SharedPlace,
        "A = B",
        &[],
    );
    assert_eq!(out.trace[0].clause.to_string(), "EBU 143.4");
}

#[test]
fn number_of_wins_after_a_when_asked_for() {
    // A and B did not meet; A won 2 of 3, B drew 3 (1.5 wins). B's opponents
    // are stronger, so the White Book order puts B first on (b).
    let s = teams_stage(
        &["A", "B", "C", "D", "E", "F"],
        &[30, 30, 10, 20, 20, 40],
        vec![
            vp_match(1, "A", "C", (15, 5), (0, 0)),
            vp_match(2, "A", "D", (15, 5), (0, 0)),
            vp_match(3, "A", "E", (0, 20), (0, 0)),
            vp_match(1, "B", "D", (10, 10), (0, 0)),
            vp_match(2, "B", "E", (10, 10), (0, 0)),
            vp_match(3, "B", "F", (10, 10), (0, 0)),
        ],
        vec![],
    );
    check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::Title,
        "B > A",
        &["EBU 143.7.1(b)"],
    );
    check(
        &Procedure::with_number_of_wins(),
        &s,
        &["A", "B"],
        TiePurpose::Title,
        "A > B",
        &["EBU 143.7.1 worked example (number of wins)"],
    );
}

#[test]
fn three_teams_restart_example() {
    let mut s = teams_stage(
        &["A", "B", "C"],
        &[28, 17, 15],
        vec![
            vp_match(1, "A", "B", (13, 7), (20, 14)),
            vp_match(2, "C", "A", (5, 15), (10, 30)),
            vp_match(3, "B", "C", (10, 10), (25, 25)),
        ],
        vec![],
    );
    s.format.all_play_all = true;
    let out = check(
        &wb(),
        &s,
        &["C", "B", "A"],
        TiePurpose::QualifyingPlace,
        "A > B > C",
        &["EBU 143.7.1(a)", "EBU 143.7.1(c)"],
    );
    assert!(out
        .trace
        .iter()
        .any(|d| d.clause.to_string() == "EBU 143.5.6"));
}

#[test]
fn a_cycle_among_three_does_not_separate() {
    let s = teams_stage(
        &["A", "B", "C"],
        &[20, 20, 20],
        vec![
            vp_match(1, "A", "B", (12, 8), (0, 0)),
            vp_match(2, "B", "C", (12, 8), (0, 0)),
            vp_match(3, "C", "A", (12, 8), (0, 0)),
        ],
        vec![board(1, 0, &[("A", 3), ("B", 2), ("C", 1)])],
    );
    let mut s = s;
    s.format.all_play_all = true;
    check(
        &wb(),
        &s,
        &["A", "B", "C"],
        TiePurpose::Title,
        "A > B > C",
        &["EBU 143.7.1(d)"],
    );
}

#[test]
fn individual_tie_break_points_in_the_procedure() {
    let standings = Standings::new([
        FinalStanding::full("A", Score::integer(45)),
        FinalStanding::full("B", Score::integer(45)),
        FinalStanding::full("X", Score::integer(50)),
        FinalStanding::full("Y", Score::integer(40)),
        FinalStanding::full("Z", Score::integer(30)),
        FinalStanding::full("W", Score::integer(60)),
    ])
    .unwrap();
    let mut s = teams_stage(
        &[],
        &[],
        vec![
            vp_match(1, "A", "X", (1, 0), (0, 0)),
            vp_match(1, "B", "Y", (1, 0), (0, 0)),
        ],
        vec![],
    );
    s.standings = standings;
    s.format.contestants = ContestantKind::Individual;
    s.format.scoring = Scoring::unconverted(Unit::MatchPoints);
    let p = |a: &str, b: &str| Meeting {
        contestant: id(a),
        opponent: id(b),
        weight: Score::ONE,
    };
    s.partnerships = vec![p("A", "Z"), p("B", "W"), p("X", "A"), p("Y", "B")];
    // A: 50 / 30; B: 40 / 60.
    check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::Title,
        "A > B",
        &["EBU 143.7.1(b)"],
    );
    s.partnerships = vec![p("A", "Z"), p("X", "A"), p("Y", "B")];
    let e = wb().split(&s, &ids(&["A", "B"]), TiePurpose::Title);
    assert!(
        matches!(e, Err(EbuError::PartnerTotalNotPositive { ref contestant, .. }) if *contestant == id("B"))
    );
}

#[test]
fn typed_errors_name_the_culprit() {
    let s = teams_stage(
        &["A", "B"],
        &[1, 1],
        vec![vp_match(1, "A", "B", (1, 0), (0, 0))],
        vec![],
    );
    let e = wb().split(&s, &ids(&["A", "Q"]), TiePurpose::Title);
    assert_eq!(
        e,
        Err(EbuError::Input(InputError::UnknownContestant {
            contestant: id("Q")
        }))
    );

    let s2 = teams_stage(
        &["A", "B"],
        &[1, 1],
        vec![vp_match(1, "A", "Q", (1, 0), (0, 0))],
        vec![],
    );
    let e = wb().split(&s2, &ids(&["A", "B"]), TiePurpose::Title);
    assert_eq!(
        e,
        Err(EbuError::Input(InputError::UnknownContestant {
            contestant: id("Q")
        }))
    );

    let s3 = teams_stage(
        &["A", "B"],
        &[1, 1],
        vec![
            vp_match(1, "A", "B", (1, 0), (0, 0)),
            vp_match(1, "B", "A", (0, 1), (0, 0)),
        ],
        vec![],
    );
    let e = wb().split(&s3, &ids(&["A", "B"]), TiePurpose::Title);
    assert_eq!(
        e,
        Err(EbuError::Input(InputError::MatchRecordedTwice {
            round: RoundNumber(1),
            first: id("A"),
            second: id("B")
        }))
    );

    let e = wb().split(&s, &ids(&["A", "A"]), TiePurpose::Title);
    assert_eq!(
        e,
        Err(EbuError::Input(InputError::DuplicateContestant {
            contestant: id("A")
        }))
    );
    let e = wb().split(&s, &[], TiePurpose::Title);
    assert!(matches!(e, Err(EbuError::Input(InputError::Empty { .. }))));

    let s4 = teams_stage(&["A", "B"], &[1, 1], vec![], vec![board(1, 0, &[("Q", 1)])]);
    let e = wb().split(&s4, &ids(&["A", "B"]), TiePurpose::Title);
    assert_eq!(
        e,
        Err(EbuError::Input(InputError::UnknownContestant {
            contestant: id("Q")
        }))
    );
}

#[test]
fn an_awarded_match_counts_for_wins_but_not_for_tie_break_points() {
    let mut bye = vp_match(1, "A", "C", (12, 0), (0, 0));
    bye.status = EncounterStatus::Awarded;
    let s = teams_stage(&["A", "B", "C"], &[30, 30, 90], vec![bye], vec![]);
    let out = Procedure::with_number_of_wins()
        .split(&s, &ids(&["A", "B"]), TiePurpose::Title)
        .unwrap();
    assert_eq!(out.order_text(), "A > B");
    let out = Procedure::white_book()
        .split(&s, &ids(&["A", "B"]), TiePurpose::Title)
        .unwrap();
    // A did not meet C at the table: no tie-break points, nothing decides.
    assert_eq!(out.order_text(), "A = B");
}
