//! The passages of the WBF document that can be read two ways (issue 20):
//! for each, a hand-worked event under the default reading (the text's) and
//! under the named option, with the trace saying which reading applied.
//! `docs/wbf.md` ("Readings") gives the clause words and the reasons.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_model::{
    BoardNumber, ContestantId, Encounter, EncounterStatus, RoundNumber, Score, SideScores,
    TieBreakOutcome, Unit,
};
use countback_tiebreak_wbf::{
    bam, decided_by, knockout, pairs, round_robin, round_robin_standings, swiss, swiss_points,
    swiss_standings, BamBoard, BamRemainder, BamStage, BestSessions, CommonOpponents, NetAmong,
    PairsStage, Qualification, Readings, SwissPointsOpponents, SwissPointsPartMatches, TeamsEvent,
};

mod common;

use common::{id, ids, split};

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

/// `(round, first, second, vp, imps, total points)`.
type Played<'a> = (u32, &'a str, &'a str, (i64, i64), (i64, i64), (i64, i64));

fn played(&(round, a, b, vp, imps, pts): &Played<'_>) -> Encounter {
    encounter(
        round,
        a,
        b,
        vec![
            side(Unit::VictoryPoints, vp),
            side(Unit::Imps, imps),
            side(Unit::TotalPoints, pts),
        ],
    )
}

/// A match not played: only its awarded VPs.
fn awarded(round: u32, a: &str, b: &str, vp: (i64, i64)) -> Encounter {
    let mut m = encounter(round, a, b, vec![side(Unit::VictoryPoints, vp)]);
    m.status = EncounterStatus::Awarded;
    m
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

/// The note of the first decision under `clause`.
fn note<'o>(o: &'o TieBreakOutcome, clause: &str) -> &'o str {
    o.trace
        .iter()
        .find(|d| d.clause.0 == clause)
        .and_then(|d| d.note.as_deref())
        .unwrap_or_default()
}

/// What one reading should give: the order, the deciding clauses, and words
/// the trace must carry under a clause (`""`: no check).
struct Expect<'a> {
    order: &'a str,
    decided: &'a [&'a str],
    clause: &'a str,
    note: &'a str,
}

fn check(o: &TieBreakOutcome, want: &Expect<'_>) {
    assert_eq!(o.order_text(), want.order, "{o:#?}");
    assert_eq!(decided(o), want.decided, "{o:#?}");
    if !want.note.is_empty() {
        let notes: Vec<&str> = o
            .trace
            .iter()
            .filter(|d| d.clause.0 == want.clause)
            .filter_map(|d| d.note.as_deref())
            .collect();
        assert!(
            notes.iter().any(|n| n.contains(want.note)),
            "no note with {:?} under {}: {notes:?}",
            want.note,
            want.clause
        );
    }
}

// ---------------------------------------------------------------------------
// (a) WBF 1.2 / 3.2 "in all other cases": net IMPs when two tied teams never
// met.

/// Six teams, three Swiss rounds. A, B and C finish on 32 VPs with 90 Swiss
/// points each; B and C never met.
///
/// Worked by hand:
/// - VPs: A 12 + 8 + 12 = 32; B 8 + 12 + 12 = 32; C 12 + 10 + 10 = 32;
///   D 10 + 11 + 8 = 29; E 11 + 8 + 10 = 29; X 9 + 9 + 8 = 26.
/// - Swiss points: A met B, C, X: 32 + 32 + 26 = 90; B met A, E, D:
///   32 + 29 + 29 = 90; C met A, D, E: 32 + 29 + 29 = 90.
/// - 3.2(i): nobody beat both others (A beat B, lost to C; B and C did not
///   meet). 3.2(ii) IMP quotient: A (30 + 20 + 10) / (20 + 26 + 4) = 60/50,
///   B (20 + 20 + 20) / (30 + 10 + 10) = 60/50, C (26 + 17 + 17) /
///   (20 + 15 + 15) = 60/50: level. 3.2(iii), (iv): nobody.
/// - Other cases (i), net IMPs in the matches they played against each
///   other: A +10 (v B) - 6 (v C) = +4; B -10; C +6. C > A > B.
/// - Under the old reading (i) and (ii) separate nobody, and (iii) the
///   total-points quotient decides: A 3000/2900, B 3400/3100, C 2900/2900,
///   i.e. B (34/31) > A (30/29) > C (1): the order reversed.
fn swiss_b_and_c_never_met() -> TeamsEvent {
    teams_event(
        [
            (1, "A", "B", (12, 8), (30, 20), (1100, 1000)),
            (1, "C", "D", (10, 10), (17, 15), (1000, 1000)),
            (1, "E", "X", (11, 9), (5, 3), (1000, 950)),
            (2, "A", "C", (8, 12), (20, 26), (900, 1000)),
            (2, "B", "E", (12, 8), (20, 10), (1200, 1000)),
            (2, "D", "X", (11, 9), (6, 4), (1000, 950)),
            (3, "A", "X", (12, 8), (10, 4), (1000, 900)),
            (3, "B", "D", (12, 8), (20, 10), (1200, 1000)),
            (3, "C", "E", (10, 10), (17, 15), (900, 1000)),
        ]
        .iter()
        .map(played)
        .collect(),
    )
}

#[test]
fn net_imps_among_tied_teams_count_the_matches_they_played() {
    let e = swiss_b_and_c_never_met();
    let points = swiss_points(&e, &Readings::default()).unwrap();
    for t in ["A", "B", "C"] {
        assert_eq!(points[&id(t)], Score::integer(90), "{t}");
    }
    let want = Expect {
        order: "C > A > B",
        decided: &["WBF 3.2 other cases (i)"],
        clause: "WBF 3.2 other cases (i)",
        note: "net IMPs over the matches played among them (B and C did not play each other)",
    };
    let o = split(swiss, &e, &["A", "B", "C"]).unwrap();
    check(&o, &want);
    let net = o
        .trace
        .iter()
        .find(|d| d.clause.0 == "WBF 3.2 other cases (i)")
        .unwrap();
    let values: Vec<String> = net.values.iter().map(|(t, v)| format!("{t} {v}")).collect();
    assert_eq!(values, ["A 4", "B -10", "C 6"]);
    // The same clause of part 1 (1.2 "other cases" (a)) reads the same words.
    check(
        &split(round_robin, &e, &["A", "B", "C"]).unwrap(),
        &Expect {
            decided: &["WBF 1.2 other cases (a)"],
            clause: "WBF 1.2 other cases (a)",
            ..want
        },
    );
}

#[test]
fn net_imps_every_pair_met_is_the_old_reading() {
    let e = swiss_b_and_c_never_met();
    let old = Readings::default().with_net_among(NetAmong::EveryPairMet);
    let o = swiss(&e, &ids(&["A", "B", "C"]), &old).unwrap();
    check(
        &o,
        &Expect {
            order: "B > A > C",
            decided: &["WBF 3.2 other cases (iii)"],
            clause: "WBF 3.2 other cases (i)",
            note: "B and C did not play each other, so this test cannot separate the group \
                   (reading net_among = every_pair_met)",
        },
    );
    assert!(note(&o, "WBF 3.2 other cases (ii)").contains("every_pair_met"));
    let o = round_robin(&e, &ids(&["A", "B", "C"]), &old).unwrap();
    assert_eq!(o.order_text(), "B > A > C");
    assert_eq!(decided(&o), ["WBF 1.2 other cases (c)"]);
}

// ---------------------------------------------------------------------------
// (e) WBF 3 Swiss points: an opponent met only in an awarded match.

/// Six teams, two rounds. X did not turn up in round 1: A was awarded 12-0.
///
/// Worked by hand: A 12 + 10 = 22, B 12 + 10 = 22; X 0 + 20 = 20,
/// Y 8 + 10 = 18, Z 10 + 8 = 18, W 12 + 0 = 12.
/// - Every direct opponent (the default): A met X and Y, 20 + 18 = 38;
///   B met Y and Z, 18 + 18 = 36. A > B.
/// - Played matches only: A 18 (Y alone), B 36. B > A.
fn swiss_with_a_forfeit() -> TeamsEvent {
    let mut ms = vec![awarded(1, "A", "X", (12, 0))];
    ms.extend(
        [
            (1, "B", "Y", (12, 8), (30, 20), (1000, 900)),
            (1, "Z", "W", (8, 12), (20, 30), (900, 1000)),
            (2, "A", "Y", (10, 10), (20, 20), (1000, 1000)),
            (2, "B", "Z", (10, 10), (20, 20), (1000, 1000)),
            (2, "X", "W", (20, 0), (60, 0), (2000, 500)),
        ]
        .iter()
        .map(played),
    );
    teams_event(ms)
}

#[test]
fn swiss_points_count_an_opponent_met_only_in_an_awarded_match() {
    let e = swiss_with_a_forfeit();
    let points = swiss_points(&e, &Readings::default()).unwrap();
    assert_eq!(points[&id("A")], Score::integer(38));
    assert_eq!(points[&id("B")], Score::integer(36));
    check(
        &split(swiss, &e, &["A", "B"]).unwrap(),
        &Expect {
            order: "A > B",
            decided: &["WBF 3 Swiss points"],
            clause: "WBF 3 Swiss points",
            note: "every direct opponent counts, awarded matches included (A v X)",
        },
    );
}

#[test]
fn swiss_points_from_played_matches_only_is_an_option() {
    let e = swiss_with_a_forfeit();
    let r = Readings::default().with_swiss_points_opponents(SwissPointsOpponents::PlayedOnly);
    let points = swiss_points(&e, &r).unwrap();
    assert_eq!(points[&id("A")], Score::integer(18));
    assert_eq!(points[&id("B")], Score::integer(36));
    assert_eq!(points[&id("X")], Score::integer(12));
    let want = Expect {
        order: "B > A",
        decided: &["WBF 3 Swiss points"],
        clause: "WBF 3 Swiss points",
        note:
            "the awarded match(es) A v X add nothing (reading swiss_points_opponents = played_only)",
    };
    check(&swiss(&e, &ids(&["A", "B"]), &r).unwrap(), &want);
    // Y and Z (18 VPs): Y met B and A, 22 + 22 = 44; Z met W and B, 12 + 22.
    let all = swiss_standings(&e, &r).unwrap();
    assert_eq!(all.order_text(), "B > A > X > Y > Z > W");
}

/// A triangle (issue 26): in round 1 A, X and Y play half matches
/// (weight 1/2, 10 VPs each): A-X 6-4, A-Y 6-4, X-Y 5-5; B beats Z 12-8.
/// Round 2: Y-W 16-4, Z-W 13-7. VPs: A 12, B 12, X 9, Y 25, Z 21, W 11.
/// Swiss points by weight: A 9/2 + 25/2 = 17, B 21: B > A. Counting each
/// meeting once: A 9 + 25 = 34 > 21: A > B.
fn swiss_with_a_triangle() -> TeamsEvent {
    let half = |round, a, b, vp: (i64, i64)| {
        let mut e = encounter(round, a, b, vec![side(Unit::VictoryPoints, vp)]);
        e.weight = Score::new(1, 2).unwrap();
        e
    };
    let full = |round, a, b, vp| encounter(round, a, b, vec![side(Unit::VictoryPoints, vp)]);
    teams_event(vec![
        half(1, "A", "X", (6, 4)),
        half(1, "A", "Y", (6, 4)),
        half(1, "X", "Y", (5, 5)),
        full(1, "B", "Z", (12, 8)),
        full(2, "Y", "W", (16, 4)),
        full(2, "Z", "W", (13, 7)),
    ])
}

#[test]
fn swiss_points_count_an_opponent_met_in_a_half_match_by_its_weight() {
    let e = swiss_with_a_triangle();
    let points = swiss_points(&e, &Readings::default()).unwrap();
    assert_eq!(points[&id("A")], Score::integer(17));
    assert_eq!(points[&id("B")], Score::integer(21));
    let o = split(swiss, &e, &["A", "B"]).unwrap();
    assert_eq!(o.order_text(), "B > A");
    let r = Readings::default().with_swiss_points_part_matches(SwissPointsPartMatches::EachMeeting);
    let points = swiss_points(&e, &r).unwrap();
    assert_eq!(points[&id("A")], Score::integer(34));
    let o = swiss(&e, &ids(&["A", "B"]), &r).unwrap();
    assert_eq!(o.order_text(), "A > B");
    assert!(note(&o, "WBF 3 Swiss points").contains("swiss_points_part_matches = each_meeting"));
}

// ---------------------------------------------------------------------------
// (b) WBF 5: three tied BAM teams, one separated by the direct match.

fn bam_match(round: u32, a: &str, b: &str, score: (i64, i64)) -> Encounter {
    encounter(round, a, b, vec![side(Unit::MatchPoints, score)])
}

fn bam_stage(matches: &[(u32, &str, &str, (i64, i64))], boards: &[(&str, u32, i64)]) -> BamStage {
    let mut teams: Vec<(ContestantId, Score)> = Vec::new();
    for (_, a, b, _) in matches {
        for t in [a, b] {
            if !teams.iter().any(|(x, _)| x == &id(t)) {
                teams.push((id(t), Score::ZERO));
            }
        }
    }
    BamStage::new(
        teams,
        matches.iter().map(|&(r, a, b, s)| bam_match(r, a, b, s)),
        boards
            .iter()
            .map(|&(t, b, n)| BamBoard::new(id(t), BoardNumber(b), Score::integer(n))),
    )
    .unwrap()
}

/// Four-board matches, no carryover. A, B and C finish on 9.
///
/// Worked by hand:
/// - A 4 (v B) + 2 (v C) + 1 (v D) + 2 (v E) = 9; B 0 + 3 + 3 + 3 = 9;
///   C 2 + 1 + 3 + 3 = 9; D 3 + 1 + 1 + 4 (v F) + 1 (v G) = 10;
///   E 2 + 1 + 1 + 3 (v F) = 7; F 0 + 1 = 1; G 3.
/// - 5(a): 9 each. 5(b): each met the other two and D and E:
///   (9 + 9 + 10 + 7) / 4 = 35/4.
/// - 5(c): A (4 x 9 + 2 x 9 + 1 x 10 + 2 x 7) / 4 = 78/4; B (0 + 27 + 30 +
///   21) / 4 = 78/4; C (18 + 9 + 30 + 21) / 4 = 78/4. Level.
/// - 5(d) among the three: A 4 + 2 = 6, B 0 + 3 = 3, C 2 + 1 = 3: A first.
/// - B and C, still tied: afresh (the default) their own match, B 3-1, so
///   A > B > C; on to 5(e) (the old reading), the boards both played,
///   B -10 + 0, C +20 + 0, so A > C > B.
fn bam_direct_match_separates_one() -> BamStage {
    bam_stage(
        &[
            (1, "A", "B", (4, 0)),
            (2, "A", "C", (2, 2)),
            (3, "B", "C", (3, 1)),
            (4, "A", "D", (1, 3)),
            (5, "A", "E", (2, 2)),
            (6, "B", "D", (3, 1)),
            (7, "B", "E", (3, 1)),
            (8, "C", "D", (3, 1)),
            (9, "C", "E", (3, 1)),
            (10, "D", "F", (4, 0)),
            (11, "D", "G", (1, 3)),
            (12, "E", "F", (3, 1)),
        ],
        &[("B", 1, -10), ("B", 2, 0), ("C", 1, 20), ("C", 2, 0)],
    )
}

#[test]
fn bam_teams_left_tied_by_the_direct_match_meet_their_own_direct_match() {
    let s = bam_direct_match_separates_one();
    let o = split(bam, &s, &["A", "B", "C"]).unwrap();
    check(
        &o,
        &Expect {
            order: "A > B > C",
            decided: &["WBF 5(d)", "WBF 5(d)"],
            clause: "WBF 5(d)",
            note: "B and C are still tied after WBF 5(d): a tie of their own, so part 5 applies \
                   to them afresh",
        },
    );
    let last = o.trace.last().unwrap();
    assert_eq!(last.among, ids(&["B", "C"]));
    assert_eq!(
        last.values
            .iter()
            .map(|(t, v)| format!("{t} {v}"))
            .collect::<Vec<_>>(),
        ["B 3", "C 1"]
    );
}

#[test]
fn bam_teams_left_tied_going_on_to_5e_is_the_old_reading() {
    let s = bam_direct_match_separates_one();
    let r = Readings::default().with_bam_remainder(BamRemainder::NextClause);
    check(
        &bam(&s, &ids(&["A", "B", "C"]), &r).unwrap(),
        &Expect {
            order: "A > C > B",
            decided: &["WBF 5(d)", "WBF 5(e)"],
            clause: "WBF 5(e)",
            note: "B and C are still tied after WBF 5(d): they go on to the next clause \
                   (reading bam_remainder = next_clause)",
        },
    );
}

/// A cycle: A beat B 3-1, B beat C 3-1, C beat A 3-1; each drew 2-2 with D
/// and E. A, B and C finish on 8; D and E on 6.
///
/// Worked by hand: 5(a) 8 each; 5(b) (8 + 8 + 6 + 6) / 4 = 7 each; 5(c)
/// (3 x 8 + 1 x 8 + 2 x 6 + 2 x 6) / 4 = 14 each; 5(d) 3 + 1 = 4 each.
/// 5(e) on board 1, which all three played: A +30, B 0, C 0: A first.
/// B and C afresh (the default): their own match, B 3-1, A > B > C. The old
/// reading ends after 5(e): A > B = C.
#[test]
fn bam_teams_left_tied_by_5e_go_back_to_their_direct_match() {
    let s = bam_stage(
        &[
            (1, "A", "B", (3, 1)),
            (2, "B", "C", (3, 1)),
            (3, "C", "A", (3, 1)),
            (4, "A", "D", (2, 2)),
            (5, "B", "D", (2, 2)),
            (6, "C", "D", (2, 2)),
            (7, "A", "E", (2, 2)),
            (8, "B", "E", (2, 2)),
            (9, "C", "E", (2, 2)),
        ],
        &[("A", 1, 30), ("B", 1, 0), ("C", 1, 0)],
    );
    let tied = ids(&["A", "B", "C"]);
    check(
        &bam(&s, &tied, &Readings::default()).unwrap(),
        &Expect {
            order: "A > B > C",
            decided: &["WBF 5(e)", "WBF 5(d)"],
            clause: "WBF 5(d)",
            note: "B and C are still tied after WBF 5(e)",
        },
    );
    let r = Readings::default().with_bam_remainder(BamRemainder::NextClause);
    let o = bam(&s, &tied, &r).unwrap();
    check(
        &o,
        &Expect {
            order: "A > B = C",
            decided: &["WBF 5(e)"],
            clause: "",
            note: "",
        },
    );
    assert!(matches!(
        o.order[1].unresolved,
        Some(countback_model::Unresolved::Stands { .. })
    ));
}

// ---------------------------------------------------------------------------
// (c) and (d) WBF 4, pairs.

fn mp_meeting(round: u32, a: &str, b: &str, mp: (i64, i64)) -> Encounter {
    encounter(round, a, b, vec![side(Unit::MatchPoints, mp)])
}

/// Four sessions: A 60, 50, 50, 40; B 45, 60, 45, 50: 200 each. Best
/// session 60 each; best two 110 each. The best three would be A 160,
/// B 155. Both played X (ranked 1st): A 8, B 12 match points.
fn four_sessions() -> PairsStage {
    let s = |v: [i64; 4]| v.map(Score::integer).to_vec();
    PairsStage::new(
        [
            (id("A"), s([60, 50, 50, 40])),
            (id("B"), s([45, 60, 45, 50])),
        ],
        [(id("X"), 1), (id("A"), 2), (id("B"), 3)],
        [
            mp_meeting(1, "A", "X", (8, 12)),
            mp_meeting(2, "B", "X", (12, 8)),
        ],
    )
    .unwrap()
}

#[test]
fn pairs_compare_one_and_two_sessions_only() {
    check(
        &split(pairs, &four_sessions(), &["A", "B"]).unwrap(),
        &Expect {
            order: "B > A",
            decided: &["WBF 4 ¶2"],
            clause: "WBF 4 ¶1 two sessions",
            note: "the text compares one and two sessions only, so the best three of the 4 \
                   sessions are not compared (reading best_sessions = up_to_two)",
        },
    );
}

#[test]
fn pairs_best_three_sessions_is_an_option() {
    let r = Readings::default().with_best_sessions(BestSessions::UpToAll);
    let o = pairs(&four_sessions(), &ids(&["A", "B"]), &r).unwrap();
    check(
        &o,
        &Expect {
            order: "A > B",
            decided: &["WBF 4 ¶1 two sessions"],
            clause: "WBF 4 ¶1 two sessions",
            note: "(reading best_sessions = up_to_all)",
        },
    );
    let last = o.trace.last().unwrap();
    assert_eq!(last.test, "score in the pair's best 3 sessions");
    assert_eq!(
        last.values
            .iter()
            .map(|(t, v)| format!("{t} {v}"))
            .collect::<Vec<_>>(),
        ["A 160", "B 155"]
    );
}

/// Three pairs level on sessions (50, 50 each). Ranking: V 1, X 2, Y 3.
/// A, B and C all played X and Y; only B and C played V.
///
/// Worked by hand: against X, A 12, B 8, C 8: A first. B and C still tied:
/// going on below X (the default), Y: B 5, C 9, so A > C > B; starting
/// again from the top for B and C (the option), V: B 10, C 6, so A > B > C.
fn three_pairs() -> PairsStage {
    let s = || vec![Score::integer(50), Score::integer(50)];
    PairsStage::new(
        [(id("A"), s()), (id("B"), s()), (id("C"), s())],
        [
            (id("V"), 1),
            (id("X"), 2),
            (id("Y"), 3),
            (id("A"), 4),
            (id("B"), 5),
            (id("C"), 6),
        ],
        [
            mp_meeting(1, "A", "X", (12, 4)),
            mp_meeting(1, "B", "V", (10, 6)),
            mp_meeting(1, "C", "Y", (9, 7)),
            mp_meeting(2, "A", "Y", (7, 9)),
            mp_meeting(2, "B", "X", (8, 8)),
            mp_meeting(2, "C", "V", (6, 10)),
            mp_meeting(3, "B", "Y", (5, 11)),
            mp_meeting(3, "C", "X", (8, 8)),
        ],
    )
    .unwrap()
}

#[test]
fn pairs_still_tied_go_on_with_the_next_lower_ranked_opponent() {
    check(
        &split(pairs, &three_pairs(), &["A", "B", "C"]).unwrap(),
        &Expect {
            order: "A > C > B",
            decided: &["WBF 4 ¶2", "WBF 4 ¶2"],
            clause: "WBF 4 ¶2",
            note: "B and C are still tied: ¶2 goes on with the next lower-ranked opponent all \
                   of them played (below position 2)",
        },
    );
}

#[test]
fn pairs_still_tied_starting_again_from_the_top_is_an_option() {
    let r = Readings::default().with_common_opponents(CommonOpponents::FromTheTop);
    let o = pairs(&three_pairs(), &ids(&["A", "B", "C"]), &r).unwrap();
    check(
        &o,
        &Expect {
            order: "A > B > C",
            decided: &["WBF 4 ¶2", "WBF 4 ¶2"],
            clause: "WBF 4 ¶2",
            note: "(reading common_opponents = from_the_top)",
        },
    );
    assert!(o
        .trace
        .last()
        .unwrap()
        .test
        .contains("against V (position 1)"));
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

#[test]
fn every_entry_point_without_with_uses_the_default_readings() {
    let d = Readings::default();
    let e = swiss_b_and_c_never_met();
    let tied = ids(&["A", "B", "C"]);
    assert_eq!(swiss(&e, &tied, &Readings::default()), swiss(&e, &tied, &d));
    assert_eq!(
        round_robin(&e, &tied, &Readings::default()),
        round_robin(&e, &tied, &d)
    );
    assert_eq!(
        swiss_standings(&e, &Readings::default()),
        swiss_standings(&e, &d)
    );
    assert_eq!(
        round_robin_standings(&e, &Readings::default()),
        round_robin_standings(&e, &d)
    );
    assert_eq!(swiss_points(&e, &Readings::default()), swiss_points(&e, &d));
    let s = bam_direct_match_separates_one();
    assert_eq!(bam(&s, &tied, &Readings::default()), bam(&s, &tied, &d));
    let p = three_pairs();
    assert_eq!(pairs(&p, &tied, &Readings::default()), pairs(&p, &tied, &d));
    let q = Qualification::new([(id("A"), 1), (id("B"), 2)], []).unwrap();
    let ab = ids(&["A", "B"]);
    assert_eq!(
        knockout(&q, &ab, &Readings::default()),
        knockout(&q, &ab, &d)
    );
}
