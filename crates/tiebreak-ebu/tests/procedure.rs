//! The 143.7.1 procedure, case by case: most cases are data
//! (`tests/data/procedure.toml`: a stage, the tie, the expected order and
//! deciding clauses, and the clause they are worked from), run by one
//! `case`; what a case file cannot say (traces, notes, errors) is checked
//! here on the outcomes it returns.
#![allow(missing_docs, clippy::unwrap_used, clippy::indexing_slicing)]

mod common;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use countback_test_support::case_file::read_toml;

use common::*;
use countback_model::opposition::Meeting;
use countback_model::{
    ContestantKind, EncounterStatus, InputError, RoundNumber, Score, TieBreakOutcome, Unit,
    Unresolved,
};
use countback_tiebreak_ebu::{
    Defeated, DirectResultAmongMany, EbuError, FinalStanding, PlacePurposes, ProceduralPenalty,
    Procedure, Readings, Scoring, Stage, Standings, TiePurpose, UnbrokenTitleTie,
};
use serde::Deserialize;

/// A match as a case writes it: round, first, second, the VPs and the
/// IMPs of each.
type Match = (u32, String, String, i64, i64, i64, i64);

/// A board as a case writes it: number, average, each contestant's score.
type BoardCase = (u32, i64, Vec<(String, i64)>);

/// A stage as a case writes it (see the head of the case file).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StageCase {
    teams: Vec<String>,
    finals: Vec<i64>,
    #[serde(default)]
    matches: Vec<Match>,
    #[serde(default)]
    awarded: Vec<Match>,
    #[serde(default)]
    boards: Vec<BoardCase>,
    #[serde(default)]
    penalties: Vec<(String, i64)>,
    #[serde(default)]
    all_play_all: bool,
    #[serde(default)]
    unconverted: bool,
}

impl StageCase {
    fn build(&self) -> Stage {
        let teams: Vec<&str> = self.teams.iter().map(String::as_str).collect();
        let encounter = |(round, a, b, vp_a, vp_b, imp_a, imp_b): &Match| {
            vp_match(*round, a, b, (*vp_a, *vp_b), (*imp_a, *imp_b))
        };
        let mut encounters: Vec<_> = self.matches.iter().map(encounter).collect();
        encounters.extend(self.awarded.iter().map(|m| {
            let mut e = encounter(m);
            e.status = EncounterStatus::Awarded;
            e
        }));
        let boards = self
            .boards
            .iter()
            .map(|(n, average, results)| {
                let results: Vec<(&str, i64)> =
                    results.iter().map(|(c, s)| (c.as_str(), *s)).collect();
                board(*n, *average, &results)
            })
            .collect();
        let mut s = teams_stage(&teams, &self.finals, encounters, boards);
        s.format.all_play_all = self.all_play_all;
        if self.unconverted {
            s.format.scoring = Scoring::unconverted(Unit::MatchPoints);
        }
        s.penalties = self
            .penalties
            .iter()
            .map(|(c, amount)| ProceduralPenalty {
                contestant: id(c),
                unit: Unit::TotalPoints,
                amount: Score::integer(*amount),
            })
            .collect();
        s
    }
}

/// A case's stage: one of the file's named stages, or its own.
#[derive(Deserialize)]
#[serde(untagged)]
enum StageRef {
    Named(String),
    Own(StageCase),
}

/// The White Book's order of tests, or the order of its worked example
/// with the number of wins.
#[derive(Deserialize, Default, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum ProcedureName {
    #[default]
    WhiteBook,
    NumberOfWins,
}

/// A reading other than the default, as the trace names it. (The case file
/// is read with the test's own names, so that these tests build without
/// the crate's `serde` feature.)
#[derive(Deserialize, Clone, Copy)]
enum Reading {
    #[serde(rename = "direct_result_among_many = every_pair_met")]
    EveryPairMet,
    #[serde(rename = "defeated = final_method")]
    FinalMethod,
    #[serde(rename = "defeated = final_then_basic_method")]
    FinalThenBasicMethod,
    #[serde(rename = "unbroken_title_tie = stands")]
    Stands,
}

impl Reading {
    fn readings(self) -> Readings {
        let r = Readings::default();
        match self {
            Reading::EveryPairMet => {
                r.with_direct_result_among_many(DirectResultAmongMany::EveryPairMet)
            }
            Reading::FinalMethod => r.with_defeated(Defeated::FinalMethod),
            Reading::FinalThenBasicMethod => r.with_defeated(Defeated::FinalThenBasicMethod),
            Reading::Stands => r.with_unbroken_title_tie(UnbrokenTitleTie::Stands),
        }
    }
}

/// What a tie is for, by its name in the crate's serde form.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Purpose {
    Title,
    QualifyingPlace,
    IndivisiblePrize,
    SharedPlace,
}

impl Purpose {
    fn purpose(self) -> TiePurpose {
        match self {
            Purpose::Title => TiePurpose::Title,
            Purpose::QualifyingPlace => TiePurpose::QualifyingPlace,
            Purpose::IndivisiblePrize => TiePurpose::IndivisiblePrize,
            Purpose::SharedPlace => TiePurpose::SharedPlace,
        }
    }
}

/// One split of a case's stage and what it must give.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Check {
    #[serde(default)]
    procedure: ProcedureName,
    reading: Option<Reading>,
    tied: Vec<String>,
    purpose: Purpose,
    order: String,
    clauses: Vec<String>,
    unresolved: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    #[allow(dead_code)] // Read by people: where the expected values come from.
    source: String,
    stage: StageRef,
    check: Vec<Check>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Cases {
    stages: BTreeMap<String, StageCase>,
    cases: BTreeMap<String, Case>,
}

fn cases() -> &'static Cases {
    static CASES: OnceLock<Cases> = OnceLock::new();
    CASES.get_or_init(|| read_toml(env!("CARGO_MANIFEST_DIR"), "procedure.toml"))
}

/// The named stage of the case file.
fn stage(name: &str) -> Stage {
    cases().stages[name].build()
}

/// How a group is left unresolved, in the case file's words.
fn unresolved(out: &TieBreakOutcome) -> &'static str {
    match out.order[0].unresolved {
        None => "none",
        Some(Unresolved::Stands { .. }) => "stands",
        Some(Unresolved::RandomBallot { .. }) => "random_ballot",
        Some(_) => "other",
    }
}

/// Run every check of the case `name`: split its tie and compare the
/// order text, the deciding clauses and (where given) how it is left
/// unresolved. The outcomes, in the case's order, for further checks.
fn case(name: &str) -> Vec<TieBreakOutcome> {
    let case = &cases().cases[name];
    let s = match &case.stage {
        StageRef::Named(named) => stage(named),
        StageRef::Own(own) => own.build(),
    };
    let mut outcomes = Vec::new();
    for c in &case.check {
        let procedure = match c.procedure {
            ProcedureName::WhiteBook => Procedure::white_book(),
            ProcedureName::NumberOfWins => Procedure::with_number_of_wins(),
        };
        let tied: Vec<&str> = c.tied.iter().map(String::as_str).collect();
        let out = check(
            &procedure.with_readings(c.reading.map(Reading::readings).unwrap_or_default()),
            &s,
            &tied,
            c.purpose.purpose(),
            &c.order,
            &c.clauses,
        );
        if let Some(want) = &c.unresolved {
            assert_eq!(unresolved(&out), want, "{name}: {:#?}", out.trace);
        }
        outcomes.push(out);
    }
    outcomes
}

/// Split `tied` and compare the order text and the deciding clauses.
fn check<S: AsRef<str> + std::fmt::Debug>(
    procedure: &Procedure,
    stage: &Stage,
    tied: &[&str],
    purpose: TiePurpose,
    order: &str,
    clauses: &[S],
) -> TieBreakOutcome {
    let out = procedure.split(stage, &ids(tied), purpose).unwrap();
    assert_eq!(out.order_text(), order, "trace: {:#?}", out.trace);
    let got: Vec<String> = out
        .deciding_clauses()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let want: Vec<&str> = clauses.iter().map(AsRef::as_ref).collect();
    assert_eq!(got, want, "trace: {:#?}", out.trace);
    out
}

fn wb() -> Procedure {
    Procedure::white_book()
}

#[test]
fn a_direct_match_in_vps() {
    case("a_direct_match_in_vps");
}

#[test]
fn a_level_in_vps_then_imps_in_that_match() {
    let out = case("a_level_in_vps_then_imps_in_that_match");
    assert_eq!(out[0].trace.len(), 2);
}

#[test]
fn b_tie_break_points_when_they_did_not_meet() {
    case("b_tie_break_points_when_they_did_not_meet");
}

#[test]
fn b_is_skipped_all_play_all_and_c_decides() {
    case("b_is_skipped_all_play_all_and_c_decides");
}

#[test]
fn c_penalty_converted_to_the_basic_method() {
    let out = case("c_penalty_converted_to_the_basic_method");
    let d = out[0].trace.iter().find(|d| d.separated()).unwrap();
    assert_eq!(d.values[0].1.to_string(), "-7");
}

#[test]
fn c_different_numbers_of_matches_compared_per_match() {
    case("c_different_numbers_of_matches_compared_per_match");
}

#[test]
fn d_count_back_then_e_random_ballot_or_stands() {
    case("d_count_back_a_won_board");
    case("e_a_drawn_board_for_a_place_or_a_prize");
    // The title under the reading before issue 20: the tie stands.
    let out = case("e_a_drawn_board_for_the_title_under_the_old_reading");
    last_is_e_under(&out[0], "stands");
}

/// Asserts that the last decision of `out` is 143.7.1(e), its note naming
/// the reading `unbroken_title_tie` it took.
fn last_is_e_under(out: &TieBreakOutcome, reading: &str) {
    let last = out.trace.last().unwrap();
    assert_eq!(last.clause.to_string(), "EBU 143.7.1(e)");
    let note = last.note.as_deref().unwrap();
    let said = format!("(reading: unbroken_title_tie = {reading})");
    assert!(note.ends_with(&said), "{note}");
}

/// Source: EBU White Book 143.4(a) ("the winners of the tournament, save in
/// the case of an event for which there is no trophy, in which case the tie
/// will remain unresolved") with 143.7.1(e) ("Where the tie has to be
/// broken ... this shall be determined by random ballot"). Worked by hand:
/// A and B did not meet, have no opponents, no net IMPs, and drew the only
/// board (1 point each): every test is level.
#[test]
fn e_an_unbroken_title_tie_goes_to_a_random_ballot_by_default() {
    let out = &case("e_a_drawn_board_for_the_title")[0];
    assert!(matches!(
        out.order[0].unresolved,
        Some(Unresolved::RandomBallot { ref clause }) if clause.to_string() == "EBU 143.7.1(e)"
    ));
    last_is_e_under(out, "random_ballot");
    // A tie for a qualifying place gets no such decision: no reading applies.
    let place = &case("e_a_drawn_board_for_a_place_or_a_prize")[0];
    assert_ne!(
        place.trace.last().unwrap().clause.to_string(),
        "EBU 143.7.1(e)"
    );
}

#[test]
fn a_shared_place_is_not_split() {
    let out = case("a_shared_place_is_not_split");
    assert_eq!(out[0].trace[0].clause.to_string(), "EBU 143.4");
}

#[test]
fn number_of_wins_after_a_when_asked_for() {
    case("number_of_wins_after_a_when_asked_for");
}

#[test]
fn three_teams_restart_example() {
    let out = case("three_teams_restart_example");
    assert!(out[0]
        .trace
        .iter()
        .any(|d| d.clause.to_string() == "EBU 143.5.6"));
}

#[test]
fn a_cycle_among_three_does_not_separate() {
    case("a_cycle_among_three_does_not_separate");
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
    let title = |s: &Stage, tied: &[&str]| wb().split(s, &ids(tied), TiePurpose::Title);
    let unknown_q = Err(EbuError::Input(InputError::UnknownContestant {
        contestant: id("Q"),
    }));
    let s = stage("a_beat_b");
    assert_eq!(title(&s, &["A", "Q"]), unknown_q);
    assert_eq!(
        title(&stage("a_met_one_not_listed"), &["A", "B"]),
        unknown_q
    );
    assert_eq!(
        title(&stage("a_match_recorded_twice"), &["A", "B"]),
        Err(EbuError::Input(InputError::MatchRecordedTwice {
            round: RoundNumber(1),
            first: id("A"),
            second: id("B")
        }))
    );
    assert_eq!(
        title(&s, &["A", "A"]),
        Err(EbuError::Input(InputError::DuplicateContestant {
            contestant: id("A")
        }))
    );
    let e = title(&s, &[]);
    assert!(matches!(e, Err(EbuError::Input(InputError::Empty { .. }))));
    assert_eq!(
        title(&stage("a_board_of_one_not_listed"), &["A", "B"]),
        unknown_q
    );
}

#[test]
fn an_awarded_match_counts_for_wins_but_not_for_tie_break_points() {
    case("an_awarded_match_counts_for_wins_but_not_for_tie_break_points");
}

// ------------------------------------------------- three or more (issue 20)

/// The note of the first decision of `out` with this clause.
fn note_of(out: &TieBreakOutcome, clause: &str) -> String {
    out.trace
        .iter()
        .find(|d| d.clause.to_string() == clause)
        .and_then(|d| d.note.clone())
        .unwrap_or_default()
}

/// Source: EBU White Book 143.5.6, example ("Team A has beaten both B and C
/// ... Thus, Team A wins the tie"), here with B and C never having met.
/// Worked by hand: (a) A beat each of the others, so A is first; B and C
/// restart, did not meet, and (b) gives B 80 > C 35.
#[test]
fn a_one_who_beat_each_of_the_others_is_first_though_they_did_not_meet() {
    let out = case("a_one_who_beat_each_of_the_others_is_first_though_they_did_not_meet");
    assert_eq!(
        note_of(&out[0], "EBU 143.7.1(a)"),
        "EBU 143.5.6: A beat each of the others (B v C did not meet); \
         readings: direct_result_among_many = each_of_the_others, defeated = final_method"
    );
}

/// The reading before issue 20: (a) places no one unless every pair met, so
/// (b) orders all three: B 80 > A 60 > C 35.
#[test]
fn a_every_pair_met_reading_leaves_it_to_tie_break_points() {
    let out = case("a_every_pair_met_reading_leaves_it_to_tie_break_points");
    assert_eq!(
        note_of(&out[0], "EBU 143.7.1(a)"),
        "not every pair met (B v C): no one is placed; \
         readings: direct_result_among_many = every_pair_met, defeated = final_method"
    );
}

/// Source: EBU White Book 143.5.6 ("clearly won or lost the tie"), the
/// mirror of the example. Worked by hand: A lost to each of the others, so A
/// is last; B and C restart, did not meet, and (b) gives C 80 > B 35. Under
/// the old reading (b) orders all three: A 110 > C 80 > B 35.
#[test]
fn a_one_who_lost_to_each_of_the_others_is_last_though_they_did_not_meet() {
    let out = case("a_one_who_lost_to_each_of_the_others_is_last_though_they_did_not_meet");
    assert!(note_of(&out[0], "EBU 143.7.1(a)")
        .starts_with("EBU 143.5.6: A lost to each of the others (B v C did not meet);"));
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
    let out = case("defeated_among_three_is_judged_in_the_final_method");
    let d = out[0]
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
    let out = &case("defeated_final_then_basic_reading_counts_imps_in_a_level_match")[0];
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
    case("defeated_reading_leaves_the_two_contestant_rule_alone");
}

// ------------------------------------------- place purposes (EBU 143.4)

fn split_at(
    p: &Procedure,
    s: &Stage,
    tied: &[&str],
    first: u32,
    purposes: &PlacePurposes,
) -> TieBreakOutcome {
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
    let s = stage("b_and_c_drew");
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
    let out = split_at(&wb(), &stage("b_and_c_drew"), &["A", "B", "C"], 2, &third);
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
    let s = stage("two_ties_two_places");
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
        stage("b_and_c_drew"),
        stage("a_beat_two_who_did_not_meet"),
        stage("level_in_vps_up_in_imps"),
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
    let s = stage("b_and_c_drew");
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
