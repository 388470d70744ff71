//! The passages of the WBF document that can be read two ways (issue 20):
//! for each, a hand-worked event under the default reading (the text's) and
//! under the named option, with the trace saying which reading applied.
//! `docs/wbf.md` ("Readings") gives the clause words and the reasons.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use std::collections::BTreeMap;
use std::sync::OnceLock;

use countback_test_support::case_file::read_toml;

use countback_model::{
    BoardNumber, ContestantId, Decision, Encounter, EncounterStatus, RoundNumber, Score,
    SideScores, TieBreakOutcome, Unit,
};
use countback_tiebreak_wbf::{
    bam, decided_by, pairs, round_robin, swiss, swiss_points, swiss_standings, BamBoard,
    BamRemainder, BamStage, BestSessions, CommonOpponents, NetAmong, PairsStage, Readings,
    SwissPointsOpponents, SwissPointsPartMatches, TeamsEvent,
};

mod common;

use common::{id, ids, split, Procedure};

fn side(unit: Unit, (a, b): (i64, i64)) -> SideScores {
    SideScores {
        unit,
        first: Score::integer(a),
        second: Score::integer(b),
    }
}

fn encounter(round: u32, a: &str, b: &str, scores: Vec<SideScores>) -> Encounter {
    Encounter {
        round: RoundNumber(round),
        first: id(a),
        second: id(b),
        scores,
        status: EncounterStatus::Played,
        weight: Score::ONE,
    }
}

/// A played match as the case file writes it: round, first, second, and
/// the two sides' VPs, IMPs and total points.
type Played = (u32, String, String, i64, i64, i64, i64, i64, i64);

/// A match not played, or a BAM match: round, first, second, and the two
/// sides' one score.
type OneScore = (u32, String, String, i64, i64);

fn played((round, a, b, vp_a, vp_b, imp_a, imp_b, pt_a, pt_b): &Played) -> Encounter {
    encounter(
        *round,
        a,
        b,
        vec![
            side(Unit::VictoryPoints, (*vp_a, *vp_b)),
            side(Unit::Imps, (*imp_a, *imp_b)),
            side(Unit::TotalPoints, (*pt_a, *pt_b)),
        ],
    )
}

/// A match not played: only its awarded VPs.
fn awarded((round, a, b, vp_a, vp_b): &OneScore) -> Encounter {
    let mut m = encounter(
        *round,
        a,
        b,
        vec![side(Unit::VictoryPoints, (*vp_a, *vp_b))],
    );
    m.status = EncounterStatus::Awarded;
    m
}

/// The case file: its events and what each reading gives on them.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Cases {
    teams: BTreeMap<String, TeamsCase>,
    bam: BTreeMap<String, BamCase>,
    pairs: BTreeMap<String, PairsCase>,
    expect: BTreeMap<String, Expect>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamsCase {
    #[serde(default)]
    awarded: Vec<OneScore>,
    #[serde(default)]
    half: Vec<OneScore>,
    #[serde(default)]
    vp_only: Vec<OneScore>,
    #[serde(default)]
    played: Vec<Played>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PairsCase {
    sessions: Vec<(String, Vec<i64>)>,
    ranking: Vec<(String, u32)>,
    meetings: Vec<OneScore>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct BamCase {
    matches: Vec<OneScore>,
    boards: Vec<(String, u32, i64)>,
}

fn cases() -> &'static Cases {
    static CASES: OnceLock<Cases> = OnceLock::new();
    CASES.get_or_init(|| read_toml(env!("CARGO_MANIFEST_DIR"), "readings.toml"))
}

/// The teams event `name` of the case file.
fn teams(name: &str) -> TeamsEvent {
    let case = &cases().teams[name];
    let vps = |(round, a, b, x, y): &OneScore| {
        encounter(*round, a, b, vec![side(Unit::VictoryPoints, (*x, *y))])
    };
    let half = |m: &OneScore| {
        let mut e = vps(m);
        e.weight = Score::new(1, 2).unwrap();
        e
    };
    let matches = case.awarded.iter().map(awarded);
    let matches = matches.chain(case.half.iter().map(half));
    let matches = matches.chain(case.vp_only.iter().map(vps));
    teams_event(matches.chain(case.played.iter().map(played)).collect())
}

/// The pairs stage `name` of the case file.
fn pairs_stage(name: &str) -> PairsStage {
    let case = &cases().pairs[name];
    let sessions = case
        .sessions
        .iter()
        .map(|(p, s)| (id(p), s.iter().copied().map(Score::integer).collect()));
    let meeting =
        |(r, a, b, x, y): &OneScore| encounter(*r, a, b, vec![side(Unit::MatchPoints, (*x, *y))]);
    PairsStage::new(
        sessions,
        case.ranking.iter().map(|(p, place)| (id(p), *place)),
        case.meetings.iter().map(meeting),
    )
    .unwrap()
}

fn teams_event(matches: Vec<Encounter>) -> TeamsEvent {
    let mut teams: Vec<ContestantId> = Vec::new();
    for m in &matches {
        for t in [&m.first, &m.second] {
            if !teams.contains(t) {
                teams.push(t.clone());
            }
        }
    }
    TeamsEvent::new(teams, matches)
        .and_then(|e| e.with_vp_scale_total(Score::integer(20)))
        .unwrap()
}

fn decided(o: &TieBreakOutcome) -> Vec<String> {
    decided_by(o).iter().map(ToString::to_string).collect()
}

/// Asserts the Swiss points of the teams in `want` under `readings`.
fn swiss_points_are(e: &TeamsEvent, readings: &Readings, want: &[(&str, i64)]) {
    let points = swiss_points(e, readings).unwrap();
    for (team, total) in want {
        assert_eq!(points[&id(team)], Score::integer(*total), "{team}");
    }
}

/// A decision's values, each as "contestant value".
fn values(d: &Decision) -> Vec<String> {
    d.values.iter().map(|(t, v)| format!("{t} {v}")).collect()
}

/// The note of the first decision under `clause`.
fn note<'o>(o: &'o TieBreakOutcome, clause: &str) -> &'o str {
    o.trace
        .iter()
        .find(|d| d.clause.0 == clause)
        .and_then(|d| d.note.as_deref())
        .unwrap_or_default()
}

/// A reading other than the default, as the trace names it. (The case file
/// is read with the test's own names, so that these tests build without
/// the crate's `serde` feature.)
#[derive(serde::Deserialize, Clone, Copy)]
enum Reading {
    #[serde(rename = "net_among = every_pair_met")]
    NetAmongEveryPairMet,
    #[serde(rename = "swiss_points_opponents = played_only")]
    PlayedOnly,
    #[serde(rename = "best_sessions = up_to_all")]
    UpToAll,
    #[serde(rename = "common_opponents = from_the_top")]
    FromTheTop,
    #[serde(rename = "bam_remainder = next_clause")]
    NextClause,
}

/// The readings the expectation `name` takes.
fn readings(name: &str) -> Readings {
    let r = Readings::default();
    match cases().expect[name].reading {
        None => r,
        Some(Reading::NetAmongEveryPairMet) => r.with_net_among(NetAmong::EveryPairMet),
        Some(Reading::PlayedOnly) => {
            r.with_swiss_points_opponents(SwissPointsOpponents::PlayedOnly)
        }
        Some(Reading::UpToAll) => r.with_best_sessions(BestSessions::UpToAll),
        Some(Reading::FromTheTop) => r.with_common_opponents(CommonOpponents::FromTheTop),
        Some(Reading::NextClause) => r.with_bam_remainder(BamRemainder::NextClause),
    }
}

/// What one reading should give (a table of `tests/data/readings.toml`):
/// the tie it splits, the order, the deciding clauses, and words the trace must carry under a
/// clause (`""`: no check).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    #[allow(dead_code)] // Read by people: where the expected values come from.
    source: String,
    reading: Option<Reading>,
    tied: Vec<String>,
    order: String,
    decided: Vec<String>,
    clause: String,
    note: String,
    /// Words the last decision's test must carry, if any.
    #[serde(default)]
    last_test: String,
    /// The last decision's test, word for word, if given.
    #[serde(default)]
    last_test_is: Option<String>,
}

/// `procedure` on the tie of `stage` that the expectation `name` gives,
/// under its readings, checked against it; the outcome, for further
/// checks.
fn checked<S>(procedure: Procedure<S>, stage: &S, name: &str) -> TieBreakOutcome {
    let tied: Vec<&str> = cases().expect[name]
        .tied
        .iter()
        .map(String::as_str)
        .collect();
    let o = procedure(stage, &ids(&tied), &readings(name)).unwrap();
    check(&o, name);
    o
}

/// Checks `o` against the expectation `name` of the case file.
fn check(o: &TieBreakOutcome, name: &str) {
    let want = &cases().expect[name];
    assert_eq!(o.order_text(), want.order, "{name}: {o:#?}");
    assert_eq!(decided(o), want.decided, "{name}: {o:#?}");
    let last = &o.trace.last().unwrap().test;
    assert!(last.contains(&want.last_test), "{name}: last test {last:?}");
    if let Some(exact) = &want.last_test_is {
        assert_eq!(last, exact, "{name}: the last test");
    }
    if !want.note.is_empty() {
        let notes: Vec<&str> = o
            .trace
            .iter()
            .filter(|d| d.clause.0 == want.clause)
            .filter_map(|d| d.note.as_deref())
            .collect();
        assert!(
            notes.iter().any(|n| n.contains(&want.note)),
            "{name}: no note with {:?} under {}: {notes:?}",
            want.note,
            want.clause
        );
    }
}

// ---------------------------------------------------------------------------
// (a) WBF 1.2 / 3.2 "in all other cases": net IMPs when two tied teams never
// met.

#[test]
fn net_imps_among_tied_teams_count_the_matches_they_played() {
    let e = teams("swiss_b_and_c_never_met");
    swiss_points_are(&e, &Readings::default(), &[("A", 90), ("B", 90), ("C", 90)]);
    let o = checked(swiss, &e, "net_imps_swiss");
    let net = o
        .trace
        .iter()
        .find(|d| d.clause.0 == "WBF 3.2 other cases (i)")
        .unwrap();
    assert_eq!(values(net), ["A 4", "B -10", "C 6"]);
    // The same clause of part 1 (1.2 "other cases" (a)) reads the same words.
    checked(round_robin, &e, "net_imps_round_robin");
}

#[test]
fn net_imps_every_pair_met_is_the_old_reading() {
    let e = teams("swiss_b_and_c_never_met");
    let old = readings("net_imps_every_pair_met");
    let o = checked(swiss, &e, "net_imps_every_pair_met");
    assert!(note(&o, "WBF 3.2 other cases (ii)").contains("every_pair_met"));
    let o = round_robin(&e, &ids(&["A", "B", "C"]), &old).unwrap();
    assert_eq!(o.order_text(), "B > A > C");
    assert_eq!(decided(&o), ["WBF 1.2 other cases (c)"]);
}

// ---------------------------------------------------------------------------
// (e) WBF 3 Swiss points: an opponent met only in an awarded match.

#[test]
fn swiss_points_count_an_opponent_met_only_in_an_awarded_match() {
    let e = teams("swiss_with_a_forfeit");
    swiss_points_are(&e, &Readings::default(), &[("A", 38), ("B", 36)]);
    checked(swiss, &e, "swiss_points_every_opponent");
}

#[test]
fn swiss_points_from_played_matches_only_is_an_option() {
    let e = teams("swiss_with_a_forfeit");
    let r = readings("swiss_points_played_only");
    swiss_points_are(&e, &r, &[("A", 18), ("B", 36), ("X", 12)]);
    checked(swiss, &e, "swiss_points_played_only");
    // Y and Z (18 VPs): Y met B and A, 22 + 22 = 44; Z met W and B, 12 + 22.
    let all = swiss_standings(&e, &r).unwrap();
    assert_eq!(all.order_text(), "B > A > X > Y > Z > W");
}

#[test]
fn swiss_points_count_an_opponent_met_in_a_half_match_by_its_weight() {
    let e = teams("swiss_with_a_triangle");
    swiss_points_are(&e, &Readings::default(), &[("A", 17), ("B", 21)]);
    let o = split(swiss, &e, &["A", "B"]).unwrap();
    assert_eq!(o.order_text(), "B > A");
    let r = Readings::default().with_swiss_points_part_matches(SwissPointsPartMatches::EachMeeting);
    swiss_points_are(&e, &r, &[("A", 34)]);
    let o = swiss(&e, &ids(&["A", "B"]), &r).unwrap();
    assert_eq!(o.order_text(), "A > B");
    assert!(note(&o, "WBF 3 Swiss points").contains("swiss_points_part_matches = each_meeting"));
}

// ---------------------------------------------------------------------------
// (b) WBF 5: three tied BAM teams, one separated by the direct match.

/// The BAM stage `name` of the case file, every team on 0 carried over.
fn bam_stage(name: &str) -> BamStage {
    let case = &cases().bam[name];
    let mut teams: Vec<(ContestantId, Score)> = Vec::new();
    for (_, a, b, _, _) in &case.matches {
        for t in [a, b] {
            if !teams.iter().any(|(x, _)| x == &id(t)) {
                teams.push((id(t), Score::ZERO));
            }
        }
    }
    let bam_match =
        |(r, a, b, x, y): &OneScore| encounter(*r, a, b, vec![side(Unit::MatchPoints, (*x, *y))]);
    BamStage::new(
        teams,
        case.matches.iter().map(bam_match),
        case.boards
            .iter()
            .map(|(t, b, n)| BamBoard::new(id(t), BoardNumber(*b), Score::integer(*n))),
    )
    .unwrap()
}

#[test]
fn bam_teams_left_tied_by_the_direct_match_meet_their_own_direct_match() {
    let s = bam_stage("bam_direct_match_separates_one");
    let o = checked(bam, &s, "bam_direct_match_afresh");
    let last = o.trace.last().unwrap();
    assert_eq!(last.among, ids(&["B", "C"]));
    assert_eq!(values(last), ["B 3", "C 1"]);
}

#[test]
fn bam_teams_left_tied_going_on_to_5e_is_the_old_reading() {
    let s = bam_stage("bam_direct_match_separates_one");
    checked(bam, &s, "bam_direct_match_next_clause");
}

/// A cycle among A, B and C, left tied until 5(e) (worked by hand at
/// `bam.bam_a_cycle_of_three` in the case file): afresh (the default) their
/// own match puts B above C; the old reading ends after 5(e), B = C.
#[test]
fn bam_teams_left_tied_by_5e_go_back_to_their_direct_match() {
    let s = bam_stage("bam_a_cycle_of_three");
    checked(bam, &s, "bam_5e_afresh");
    let o = checked(bam, &s, "bam_5e_next_clause");
    assert!(matches!(
        o.order[1].unresolved,
        Some(countback_model::Unresolved::Stands { .. })
    ));
}

// ---------------------------------------------------------------------------
// (c) and (d) WBF 4, pairs.

#[test]
fn pairs_compare_one_and_two_sessions_only() {
    checked(pairs, &pairs_stage("four_sessions"), "pairs_up_to_two");
}

#[test]
fn pairs_best_three_sessions_is_an_option() {
    let o = checked(pairs, &pairs_stage("four_sessions"), "pairs_up_to_all");
    assert_eq!(values(o.trace.last().unwrap()), ["A 160", "B 155"]);
}

#[test]
fn pairs_still_tied_go_on_with_the_next_lower_ranked_opponent() {
    checked(pairs, &pairs_stage("three_pairs"), "pairs_next_lower");
}

#[test]
fn pairs_still_tied_starting_again_from_the_top_is_an_option() {
    checked(pairs, &pairs_stage("three_pairs"), "pairs_from_the_top");
}

// ---------------------------------------------------------------------------
// The options type itself, and the entry points without `_with`.

#[cfg(feature = "serde")]
#[test]
fn readings_read_from_a_file_by_their_snake_case_names() {
    let r: Readings = serde_json::from_str("{}").unwrap();
    assert_eq!(r, Readings::default());
    let all = r#"{
        "net_among": "every_pair_met",
        "swiss_points_opponents": "played_only",
        "swiss_points_part_matches": "each_meeting",
        "best_sessions": "up_to_all",
        "common_opponents": "from_the_top",
        "bam_remainder": "next_clause"
    }"#;
    let r: Readings = serde_json::from_str(all).unwrap();
    assert_eq!(
        r,
        Readings::default()
            .with_net_among(NetAmong::EveryPairMet)
            .with_swiss_points_opponents(SwissPointsOpponents::PlayedOnly)
            .with_swiss_points_part_matches(SwissPointsPartMatches::EachMeeting)
            .with_best_sessions(BestSessions::UpToAll)
            .with_common_opponents(CommonOpponents::FromTheTop)
            .with_bam_remainder(BamRemainder::NextClause)
    );
    let back: Readings = serde_json::from_value(serde_json::to_value(r).unwrap()).unwrap();
    assert_eq!(back, r);
    assert_eq!(
        serde_json::to_value(Readings::default()).unwrap(),
        serde_json::json!({
            "net_among": "matches_played",
            "swiss_points_opponents": "every_opponent",
            "swiss_points_part_matches": "by_weight",
            "best_sessions": "up_to_two",
            "common_opponents": "next_lower",
            "bam_remainder": "restart"
        })
    );
    let unknown = serde_json::from_str::<Readings>(r#"{ "bam_remainders": "restart" }"#)
        .unwrap_err()
        .to_string();
    assert!(unknown.contains("bam_remainder"), "{unknown}");
    assert!(serde_json::from_str::<Readings>(r#"{ "net_among": "all" }"#).is_err());
}
