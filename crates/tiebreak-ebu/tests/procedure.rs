//! The 143.7.1 procedure, case by case: one `check` helper, many small cases.
#![allow(missing_docs, clippy::unwrap_used, clippy::indexing_slicing)]

mod common;

use common::*;
use countback_model::opposition::Meeting;
use countback_model::{
    ContestantKind, EncounterStatus, InputError, RoundNumber, Score, Unit, Unresolved,
};
use countback_tiebreak_ebu::{
    Defeated, DirectResultAmongMany, EbuError, FinalStanding, PlacePurposes, ProceduralPenalty,
    Procedure, Readings, Scoring, Stage, Standings, TiePurpose, UnbrokenTitleTie,
};

/// Split `tied` and compare the order text and the deciding clauses.
fn check(
    procedure: &Procedure,
    stage: &Stage,
    tied: &[&str],
    purpose: TiePurpose,
    order: &str,
    clauses: &[&str],
) -> countback_model::TieBreakOutcome {
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
    // The title under the reading before issue 20: the tie stands.
    let joint =
        wb().with_readings(Readings::default().with_unbroken_title_tie(UnbrokenTitleTie::Stands));
    let out = check(&joint, &s, &["A", "B"], TiePurpose::Title, "A = B", &[]);
    assert!(matches!(
        out.order[0].unresolved,
        Some(Unresolved::Stands { .. })
    ));
    let last = out.trace.last().unwrap();
    assert_eq!(last.clause.to_string(), "EBU 143.7.1(e)");
    assert!(last
        .note
        .as_deref()
        .unwrap()
        .ends_with("(reading: unbroken_title_tie = stands)"));
}

/// Source: EBU White Book 143.4(a) ("the winners of the tournament, save in
/// the case of an event for which there is no trophy, in which case the tie
/// will remain unresolved") with 143.7.1(e) ("Where the tie has to be
/// broken ... this shall be determined by random ballot"). Worked by hand:
/// A and B did not meet, have no opponents, no net IMPs, and drew the only
/// board (1 point each): every test is level.
#[test]
fn e_an_unbroken_title_tie_goes_to_a_random_ballot_by_default() {
    let mut s = teams_stage(
        &["A", "B"],
        &[30, 30],
        vec![],
        vec![board(1, 0, &[("A", 1), ("B", 1)])],
    );
    s.format.scoring = Scoring::unconverted(Unit::MatchPoints);
    let out = check(&wb(), &s, &["A", "B"], TiePurpose::Title, "A = B", &[]);
    assert!(matches!(
        out.order[0].unresolved,
        Some(Unresolved::RandomBallot { ref clause }) if clause.to_string() == "EBU 143.7.1(e)"
    ));
    let last = out.trace.last().unwrap();
    assert_eq!(last.clause.to_string(), "EBU 143.7.1(e)");
    assert!(last
        .note
        .as_deref()
        .unwrap()
        .ends_with("(reading: unbroken_title_tie = random_ballot)"));
    // A tie for a qualifying place gets no such decision: no reading applies.
    let out = check(
        &wb(),
        &s,
        &["A", "B"],
        TiePurpose::QualifyingPlace,
        "A = B",
        &[],
    );
    assert_ne!(
        out.trace.last().unwrap().clause.to_string(),
        "EBU 143.7.1(e)"
    );
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

// ------------------------------------------------- three or more (issue 20)

/// The note of the first decision of `out` with this clause.
fn note_of(out: &countback_model::TieBreakOutcome, clause: &str) -> String {
    out.trace
        .iter()
        .find(|d| d.clause.to_string() == clause)
        .and_then(|d| d.note.clone())
        .unwrap_or_default()
}

fn old_reading_a() -> Procedure {
    wb().with_readings(
        Readings::default().with_direct_result_among_many(DirectResultAmongMany::EveryPairMet),
    )
}

/// A beat B and C; B and C never met. Tie-break points: A 30 + 30 = 60,
/// B 30 + X 50 = 80, C 30 + Y 5 = 35.
fn a_beat_two_who_did_not_meet() -> Stage {
    teams_stage(
        &["A", "B", "C", "X", "Y"],
        &[30, 30, 30, 50, 5],
        vec![
            vp_match(1, "A", "B", (12, 8), (10, 5)),
            vp_match(2, "A", "C", (12, 8), (10, 5)),
            vp_match(1, "C", "Y", (10, 10), (0, 0)),
            vp_match(2, "B", "X", (10, 10), (0, 0)),
        ],
        vec![],
    )
}

/// Source: EBU White Book 143.5.6, example ("Team A has beaten both B and C
/// ... Thus, Team A wins the tie"), here with B and C never having met.
/// Worked by hand: (a) A beat each of the others, so A is first; B and C
/// restart, did not meet, and (b) gives B 80 > C 35.
#[test]
fn a_one_who_beat_each_of_the_others_is_first_though_they_did_not_meet() {
    let out = check(
        &wb(),
        &a_beat_two_who_did_not_meet(),
        &["C", "B", "A"],
        TiePurpose::Title,
        "A > B > C",
        &["EBU 143.7.1(a)", "EBU 143.7.1(b)"],
    );
    assert_eq!(
        note_of(&out, "EBU 143.7.1(a)"),
        "EBU 143.5.6: A beat each of the others (B v C did not meet); \
         readings: direct_result_among_many = each_of_the_others, defeated = final_method"
    );
}

/// The reading before issue 20: (a) places no one unless every pair met, so
/// (b) orders all three: B 80 > A 60 > C 35.
#[test]
fn a_every_pair_met_reading_leaves_it_to_tie_break_points() {
    let out = check(
        &old_reading_a(),
        &a_beat_two_who_did_not_meet(),
        &["A", "B", "C"],
        TiePurpose::Title,
        "B > A > C",
        &["EBU 143.7.1(b)"],
    );
    assert_eq!(
        note_of(&out, "EBU 143.7.1(a)"),
        "not every pair met (B v C): no one is placed; \
         readings: direct_result_among_many = every_pair_met, defeated = final_method"
    );
}

/// B and C each beat A; B and C never met. Tie-break points: A 30 + 30 + X 50
/// = 110, B 30 + Y 5 = 35, C X 50 + 30 = 80.
fn two_who_did_not_meet_beat_a() -> Stage {
    teams_stage(
        &["A", "B", "C", "X", "Y"],
        &[30, 30, 30, 50, 5],
        vec![
            vp_match(1, "B", "A", (12, 8), (10, 5)),
            vp_match(1, "C", "X", (10, 10), (0, 0)),
            vp_match(2, "C", "A", (12, 8), (10, 5)),
            vp_match(2, "B", "Y", (10, 10), (0, 0)),
            vp_match(3, "A", "X", (10, 10), (0, 0)),
        ],
        vec![],
    )
}

/// Source: EBU White Book 143.5.6 ("clearly won or lost the tie"), the
/// mirror of the example. Worked by hand: A lost to each of the others, so A
/// is last; B and C restart, did not meet, and (b) gives C 80 > B 35. Under
/// the old reading (b) orders all three: A 110 > C 80 > B 35.
#[test]
fn a_one_who_lost_to_each_of_the_others_is_last_though_they_did_not_meet() {
    let s = two_who_did_not_meet_beat_a();
    let out = check(
        &wb(),
        &s,
        &["A", "B", "C"],
        TiePurpose::QualifyingPlace,
        "C > B > A",
        &["EBU 143.7.1(a)", "EBU 143.7.1(b)"],
    );
    assert!(note_of(&out, "EBU 143.7.1(a)")
        .starts_with("EBU 143.5.6: A lost to each of the others (B v C did not meet);"));
    check(
        &old_reading_a(),
        &s,
        &["A", "B", "C"],
        TiePurpose::QualifyingPlace,
        "A > C > B",
        &["EBU 143.7.1(b)"],
    );
}

/// A beat B 12-8; A and C drew 10-10 in VPs, A +5 in IMPs; B beat C 12-8.
/// All-play-all with D: net IMPs A +1 +5 -40 = -34, B -1 +2 +0 = +1,
/// C -5 -2 +30 = +23.
fn level_in_vps_up_in_imps() -> Stage {
    let mut s = teams_stage(
        &["A", "B", "C", "D"],
        &[30, 30, 30, 20],
        vec![
            vp_match(1, "A", "B", (12, 8), (21, 20)),
            vp_match(1, "C", "D", (20, 0), (30, 0)),
            vp_match(2, "A", "C", (10, 10), (30, 25)),
            vp_match(2, "B", "D", (10, 10), (20, 20)),
            vp_match(3, "B", "C", (12, 8), (22, 20)),
            vp_match(3, "A", "D", (0, 20), (0, 40)),
        ],
        vec![],
    );
    s.format.all_play_all = true;
    s
}

/// Source: EBU White Book 143.5.4 ("a 'win' is defined as having acquired a
/// larger score than one's opponent in the match/round in question") and
/// 143.6.2(b) ("defeated ... 18-12: the equivalent of 12-8 on a 20 to 0
/// scale"). Worked by hand, final method: A beat B and drew with C, B beat
/// C, C drew with A and lost to B; no one beat or lost to each of the
/// others. (b) is not used in an all-play-all; (c) net IMPs C +23 > B +1 >
/// A -34.
#[test]
fn defeated_among_three_is_judged_in_the_final_method() {
    let out = check(
        &wb(),
        &level_in_vps_up_in_imps(),
        &["A", "B", "C"],
        TiePurpose::Title,
        "C > B > A",
        &["EBU 143.7.1(c)"],
    );
    let d = out
        .trace
        .iter()
        .find(|d| d.clause.to_string() == "EBU 143.7.1(a)")
        .unwrap();
    assert_eq!(d.test, "results of the matches/rounds between them (VPs)");
    assert_eq!(d.values[0].1.to_string(), "beat B; drew with C; lost to -");
    assert!(d
        .note
        .as_deref()
        .unwrap()
        .starts_with("EBU 143.5.6: no one beat, or lost to, each of the others;"));
}

/// The reading before issue 20: A's 30-25 IMPs against C count as a defeat,
/// so A beat each of the others and C lost to each: A > B > C by (a) alone.
#[test]
fn defeated_final_then_basic_reading_counts_imps_in_a_level_match() {
    let p = wb().with_readings(Readings::default().with_defeated(Defeated::FinalThenBasicMethod));
    let out = check(
        &p,
        &level_in_vps_up_in_imps(),
        &["A", "B", "C"],
        TiePurpose::Title,
        "A > B > C",
        &["EBU 143.7.1(a)"],
    );
    assert_eq!(
        out.trace[0].test,
        "results of the matches/rounds between them (VPs, then IMPs)"
    );
    assert!(out.trace[0]
        .note
        .as_deref()
        .unwrap()
        .ends_with("defeated = final_then_basic_method"));
}

/// Between two the basic method decides a match level in VPs whatever the
/// reading of "defeated": 143.7.1(a) says so itself.
#[test]
fn defeated_reading_leaves_the_two_contestant_rule_alone() {
    let s = level_in_vps_up_in_imps();
    for d in [Defeated::FinalMethod, Defeated::FinalThenBasicMethod] {
        let p = wb().with_readings(Readings::default().with_defeated(d));
        check(
            &p,
            &s,
            &["A", "C"],
            TiePurpose::Title,
            "A > C",
            &["EBU 143.7.1(a)"],
        );
    }
}

// ------------------------------------------- place purposes (EBU 143.4)

/// A beat B and C; B and C drew 10-10 in VPs, B +5 in IMPs. All-play-all.
fn b_and_c_drew() -> Stage {
    let mut s = teams_stage(
        &["A", "B", "C"],
        &[30, 20, 20],
        vec![
            vp_match(1, "A", "B", (15, 5), (30, 10)),
            vp_match(2, "C", "A", (5, 15), (10, 30)),
            vp_match(3, "B", "C", (10, 10), (25, 20)),
        ],
        vec![],
    );
    s.format.all_play_all = true;
    s
}

fn split_at(
    p: &Procedure,
    s: &Stage,
    tied: &[&str],
    first: u32,
    purposes: &PlacePurposes,
) -> countback_model::TieBreakOutcome {
    p.split_at_places(s, &ids(tied), first, purposes).unwrap()
}

/// Source: EBU White Book 143.4 ("A tie will be split when necessary in
/// order to determine ... (b) the last qualifying position") with 143.5.6.
/// Worked by hand: A, B and C tie for 3rd-5th and only 3rd qualifies. (a)
/// finds A first (3rd); B and C now occupy 4th-5th, which are shared, so
/// they share 4th rather than restart. With every place qualifying they
/// restart and B's +5 IMPs in their drawn match puts B 4th.
#[test]
fn places_only_third_qualifies_so_the_other_two_share_fourth() {
    let s = b_and_c_drew();
    let third =
        PlacePurposes::new(TiePurpose::SharedPlace, [(3, TiePurpose::QualifyingPlace)]).unwrap();
    let out = split_at(&wb(), &s, &["C", "B", "A"], 3, &third);
    assert_eq!(out.order_text(), "A > B = C", "{:#?}", out.trace);
    assert!(out.order[0].unresolved.is_none());
    assert!(matches!(
        out.order[1].unresolved,
        Some(Unresolved::Stands { ref clause }) if clause.to_string() == "EBU 143.4"
    ));
    let clauses: Vec<String> = out.trace.iter().map(|d| d.clause.to_string()).collect();
    assert_eq!(clauses, ["EBU 143.7.1(a)", "EBU 143.4"]);
    assert_eq!(
        out.trace[1].note.as_deref(),
        Some("the place is shared: joint 4th (places 4th-5th)")
    );
    assert_eq!(out.trace[1].among, ids(&["B", "C"]));

    // Every place qualifying: the restart of 143.5.6 splits B and C.
    let all = PlacePurposes::uniform(TiePurpose::QualifyingPlace);
    let out = split_at(&wb(), &s, &["A", "B", "C"], 3, &all);
    assert_eq!(out.order_text(), "A > B > C");
    assert!(out
        .trace
        .iter()
        .any(|d| d.clause.to_string() == "EBU 143.5.6"));
}

/// Worked by hand: the same three tie for 2nd-4th and 3rd is the last to
/// qualify. (a) finds A first (2nd); B and C occupy 3rd-4th, which covers
/// the qualifying place, so they restart and B takes 3rd on IMPs.
#[test]
fn places_a_sub_tie_covering_the_qualifying_place_restarts() {
    let third =
        PlacePurposes::new(TiePurpose::SharedPlace, [(3, TiePurpose::QualifyingPlace)]).unwrap();
    let out = split_at(&wb(), &b_and_c_drew(), &["A", "B", "C"], 2, &third);
    assert_eq!(out.order_text(), "A > B > C");
    let clauses: Vec<String> = out.trace.iter().map(|d| d.clause.to_string()).collect();
    assert_eq!(
        clauses,
        [
            "EBU 143.7.1(a)",
            "EBU 143.5.6",
            "EBU 143.7.1(a)",
            "EBU 143.7.1(a)"
        ]
    );
}

/// Source: EBU White Book 143.4 (a) the winners are split; "Tied contestants
/// always share equally" any other place. Worked by hand, one event: A and B
/// tie for 1st, A beat B 12-8: A wins the title. C and D tie for 3rd, C beat
/// D 12-8, but 3rd is neither the title nor a qualifying place nor an
/// indivisible prize, so C and D share it.
#[test]
fn places_a_tie_for_first_is_split_while_a_tie_for_third_is_shared() {
    let s = teams_stage(
        &["A", "B", "C", "D"],
        &[40, 40, 30, 30],
        vec![
            vp_match(1, "A", "B", (12, 8), (20, 14)),
            vp_match(1, "C", "D", (12, 8), (20, 14)),
        ],
        vec![],
    );
    let title = PlacePurposes::new(TiePurpose::SharedPlace, [(1, TiePurpose::Title)]).unwrap();
    let first = split_at(&wb(), &s, &["B", "A"], 1, &title);
    assert_eq!(first.order_text(), "A > B");
    assert_eq!(first.deciding_clauses()[0].to_string(), "EBU 143.7.1(a)");
    let third = split_at(&wb(), &s, &["D", "C"], 3, &title);
    assert_eq!(third.order_text(), "C = D");
    assert_eq!(third.trace.len(), 1);
    assert_eq!(third.trace[0].clause.to_string(), "EBU 143.4");
    assert_eq!(
        third.trace[0].note.as_deref(),
        Some("the place is shared: joint 3rd (places 3rd-4th)")
    );
}

/// `split` with one purpose is `split_at_places` with that purpose at every
/// place, wherever the tie starts.
#[test]
fn places_uniform_purposes_are_split_unchanged() {
    let stages = [
        b_and_c_drew(),
        a_beat_two_who_did_not_meet(),
        level_in_vps_up_in_imps(),
    ];
    for s in &stages {
        for purpose in [
            TiePurpose::Title,
            TiePurpose::QualifyingPlace,
            TiePurpose::IndivisiblePrize,
        ] {
            let want = wb().split(s, &ids(&["A", "B", "C"]), purpose).unwrap();
            for first in [1, 3, 17] {
                let got = split_at(
                    &wb(),
                    s,
                    &["C", "A", "B"],
                    first,
                    &PlacePurposes::uniform(purpose),
                );
                assert_eq!(got, want);
            }
        }
        // A shared place: the same order and clause; the note names places.
        let want = wb()
            .split(s, &ids(&["A", "B"]), TiePurpose::SharedPlace)
            .unwrap();
        let got = split_at(
            &wb(),
            s,
            &["A", "B"],
            1,
            &PlacePurposes::uniform(TiePurpose::SharedPlace),
        );
        assert_eq!(got.order, want.order);
        assert_eq!(want.trace[0].note.as_deref(), Some("the place is shared"));
        assert_eq!(
            got.trace[0].note.as_deref(),
            Some("the place is shared: joint 1st (places 1st-2nd)")
        );
    }
}

#[test]
fn places_that_do_not_exist_are_refused() {
    let s = b_and_c_drew();
    let p = PlacePurposes::uniform(TiePurpose::QualifyingPlace);
    assert_eq!(
        wb().split_at_places(&s, &ids(&["A", "B"]), 0, &p),
        Err(EbuError::InvalidPlace {
            place: "0".to_owned()
        })
    );
    assert_eq!(
        wb().split_at_places(&s, &ids(&["A", "B"]), u32::MAX, &p),
        Err(EbuError::PlacesOverflow {
            first_place: u32::MAX,
            tied: 2
        })
    );
    // One contestant at the last place number is fine.
    let out = wb()
        .split_at_places(&s, &ids(&["A"]), u32::MAX, &p)
        .unwrap();
    assert_eq!(out.order_text(), "A");
}

/// Issue 17: a tie of 4,000 teams took 12.5 s (every pair's direct result
/// rescanned every match, and the note named every pair that did not
/// meet). Each test now reads each contestant's own meetings, and long
/// lists in the trace are cut to a few names and a count.
#[test]
fn a_tie_of_many_teams_is_fast_and_its_trace_stays_small() {
    let n = 1_500usize;
    let (standings, encounters) = drawn_swiss(n, 10, |a, b, r| {
        i64::try_from((a * 31 + b * 17 + r) % 5).unwrap()
    });
    let stage = vp_imps_stage(standings, encounters, Vec::new());
    let tied: Vec<countback_model::ContestantId> = (0..n).map(team).collect();
    let start = std::time::Instant::now();
    for procedure in [Procedure::white_book(), Procedure::with_number_of_wins()] {
        let outcome = procedure
            .split(&stage, &tied, TiePurpose::QualifyingPlace)
            .unwrap();
        // Before: the first note named all ~1.1 million pairs that did not meet.
        countback_test_support::assert_placed_with_small_trace!(outcome, n);
    }
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

/// The points a standings table prints come with the ranking, computed
/// once (issue 30): the same points as the stage's own, and the same
/// ranking as [`Procedure::standings`], whether a tie needed them (A and B
/// level on 30), none did, or the stage is an all-play-all (none at all).
#[test]
fn the_points_a_table_prints_come_with_the_ranking() {
    let stage = |scores: &[i64]| {
        teams_stage(
            &["A", "B", "C", "D"],
            scores,
            vec![
                vp_match(1, "A", "C", (10, 10), (0, 0)),
                vp_match(1, "B", "D", (10, 10), (0, 0)),
            ],
            vec![],
        )
    };
    let purposes = PlacePurposes::uniform(TiePurpose::Title);
    for (scores, order) in [
        ([30, 30, 40, 20], "C > A > B > D"),
        ([30, 25, 40, 20], "C > A > B > D"),
    ] {
        let s = stage(&scores);
        let (outcome, points) = wb().standings_and_tie_break_points(&s, &purposes).unwrap();
        assert_eq!(outcome, wb().standings(&s, &purposes).unwrap());
        assert_eq!(outcome.order_text(), order);
        assert_eq!(points, s.all_tie_break_points().unwrap());
        // By hand: each met one opponent, so its points are that
        // opponent's final score.
        assert_eq!(points[&id("A")], Score::integer(scores[2]));
        assert_eq!(points[&id("B")], Score::integer(scores[3]));
    }
    let mut s = stage(&[30, 30, 40, 20]);
    s.format.all_play_all = true;
    let (_, points) = wb().standings_and_tie_break_points(&s, &purposes).unwrap();
    assert!(points.is_empty());
}
