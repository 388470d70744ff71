//! Bad input is a typed error naming the culprit, never a panic.
#![allow(clippy::unwrap_used, missing_docs)]

use countback_model::{Encounter, EncounterStatus, InputError, RoundNumber, Score, Unit};
use countback_tiebreak_wbf::{
    bam, knockout, pairs, round_robin, swiss, BamStage, PairsStage, Qualification, TeamsEvent,
    WbfError,
};

mod common;

use common::{id, ids, match_between, played, side, split};

fn m(round: usize, a: &str, b: &str, units: &[(Unit, i64, i64)]) -> Encounter {
    let scores = units.iter().map(|(u, x, y)| side(*u, *x, *y)).collect();
    played(round, a.into(), b.into(), scores)
}

fn full(round: usize, a: &str, b: &str, vp: (i64, i64)) -> Encounter {
    match_between(round, a, b, vp, (10, 10), (100, 100))
}

#[test]
fn teams_event_errors() {
    let cases: Vec<(Result<TeamsEvent, WbfError>, WbfError)> = vec![
        (
            TeamsEvent::new(ids(&["A", "B"]), [full(1, "A", "Q", (10, 10))]),
            WbfError::Input(InputError::UnknownContestant {
                contestant: id("Q"),
            }),
        ),
        (
            TeamsEvent::new(ids(&["A", "A"]), []),
            WbfError::Input(InputError::DuplicateContestant {
                contestant: id("A"),
            }),
        ),
        (
            TeamsEvent::new(
                ids(&["A", "B"]),
                [m(
                    3,
                    "A",
                    "B",
                    &[(Unit::Imps, 30, 20), (Unit::TotalPoints, 900, 800)],
                )],
            ),
            // Every match needs its VPs; IMPs and total points only when a
            // tie reaches a clause that compares them (below).
            WbfError::MissingScore {
                round: RoundNumber(3),
                first: id("A"),
                second: id("B"),
                unit: Unit::VictoryPoints,
            },
        ),
        (
            TeamsEvent::new(ids(&["A", "B"]), [full(2, "A", "A", (10, 10))]),
            WbfError::Input(InputError::PlaysItself {
                round: RoundNumber(2),
                contestant: id("A"),
            }),
        ),
        (
            TeamsEvent::new(
                ids(&["A", "B"]),
                [full(1, "A", "B", (10, 10)), full(1, "B", "A", (10, 10))],
            ),
            WbfError::Input(InputError::MatchRecordedTwice {
                round: RoundNumber(1),
                first: id("B"),
                second: id("A"),
            }),
        ),
        (
            TeamsEvent::new(ids(&["A", "B"]), [full(4, "A", "B", (12, 9))])
                .and_then(|e| e.with_vp_scale_total(Score::integer(20))),
            WbfError::InconsistentVictoryPoints {
                round: RoundNumber(4),
                first: id("A"),
                second: id("B"),
                sum: Score::integer(21),
                total: Score::integer(20),
            },
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got.unwrap_err(), want);
    }
}

#[test]
fn an_awarded_match_needs_only_its_vps_and_escapes_the_scale_check() {
    let mut forfeit = m(1, "A", "B", &[(Unit::VictoryPoints, 12, 0)]);
    forfeit.status = EncounterStatus::Awarded;
    let e = TeamsEvent::new(ids(&["A", "B"]), [forfeit])
        .and_then(|e| e.with_vp_scale_total(Score::integer(20)))
        .unwrap();
    assert_eq!(e.victory_points(&id("A")), Some(&Score::integer(12)));
}

#[test]
fn procedure_errors() {
    let e = TeamsEvent::new(
        ids(&["A", "B", "C"]),
        [full(1, "A", "B", (12, 8)), full(2, "A", "C", (8, 12))],
    )
    .unwrap();
    assert_eq!(
        split(round_robin, &e, &["A", "Z"]).unwrap_err(),
        WbfError::Input(InputError::UnknownContestant {
            contestant: id("Z")
        })
    );
    assert_eq!(
        split(swiss, &e, &["A", "B"]).unwrap_err(),
        WbfError::NotTied {
            team: id("A"),
            score: Score::integer(20),
            other: id("B"),
            other_score: Score::integer(8),
            quantity: "victory points",
        }
    );
    assert_eq!(
        split(round_robin, &e, &[]).unwrap_err(),
        WbfError::Input(InputError::Empty { what: "tied teams" })
    );
    assert_eq!(
        split(round_robin, &e, &["A", "A"]).unwrap_err(),
        WbfError::Input(InputError::DuplicateContestant {
            contestant: id("A")
        })
    );
}

#[test]
fn knockout_pairs_and_bam_errors() {
    let q = Qualification::new([(id("A"), 1), (id("B"), 2), (id("C"), 3)], []).unwrap();
    assert_eq!(
        split(knockout, &q, &["A", "B", "C"]).unwrap_err(),
        WbfError::WrongNumberTied {
            procedure: "the knockout tie-break (WBF 2)",
            expected: 2,
            given: 3
        }
    );
    assert_eq!(
        split(knockout, &q, &["A", "D"]).unwrap_err(),
        WbfError::NotRanked {
            team: id("D"),
            ranking: "qualification"
        }
    );
    assert_eq!(
        PairsStage::new([(id("A"), vec![])], [], []).unwrap_err(),
        WbfError::NoSessions { pair: id("A") }
    );
    assert_eq!(
        PairsStage::new(
            [(id("A"), vec![Score::ONE])],
            [(id("A"), 1), (id("X"), 2)],
            [m(5, "A", "X", &[(Unit::Imps, 1, 1)])]
        )
        .unwrap_err(),
        WbfError::MissingScore {
            round: RoundNumber(5),
            first: id("A"),
            second: id("X"),
            unit: Unit::MatchPoints
        }
    );
    let p = PairsStage::new(
        [
            (id("A"), vec![Score::ONE]),
            (id("B"), vec![Score::integer(2)]),
        ],
        [(id("A"), 1), (id("B"), 2)],
        [],
    )
    .unwrap();
    assert!(matches!(
        split(pairs, &p, &["A", "B"]).unwrap_err(),
        WbfError::NotTied { .. }
    ));
    let s = BamStage::new([(id("A"), Score::ZERO), (id("B"), Score::ZERO)], [], []).unwrap();
    assert_eq!(
        split(bam, &s, &["A", "B"]).unwrap_err(),
        WbfError::NoMatches { team: id("A") }
    );
    assert_eq!(
        BamStage::new(
            [(id("A"), Score::ZERO)],
            [m(1, "A", "Q", &[(Unit::MatchPoints, 1, 1)])],
            []
        )
        .unwrap_err(),
        WbfError::Input(InputError::UnknownContestant {
            contestant: id("Q")
        })
    );
}

#[test]
fn nothing_lost_beats_any_finite_quotient() {
    // A and B lost no IMPs at all (an infinite quotient); C lost some.
    let e = TeamsEvent::new(
        ids(&["A", "B", "C", "D"]),
        [
            match_between(1, "A", "D", (15, 5), (30, 0), (900, 100)),
            match_between(1, "B", "C", (5, 15), (5, 0), (500, 400)),
            match_between(2, "A", "B", (10, 10), (0, 0), (500, 500)),
            match_between(2, "C", "D", (0, 20), (0, 50), (0, 900)),
        ],
    )
    .unwrap();
    // A 25, B 15, C 15, D 25.
    let o = split(round_robin, &e, &["B", "C"]).unwrap();
    assert_eq!(o.order_text(), "B > C");
    assert_eq!(o.trace[0].clause.0, "WBF 1.1(a)");
    assert_eq!(
        o.trace[0].values[0].1.to_string(),
        "infinite (nothing lost)"
    );
    let o = split(round_robin, &e, &["A", "D"]).unwrap();
    // A: 30/0 IMPs, infinite; D: 50/30 = 5/3.
    assert_eq!(o.order_text(), "A > D");
}

/// Every part refuses the same malformed matches: a pairing recorded twice
/// in a round, and a team playing itself.
#[test]
fn every_part_refuses_a_match_recorded_twice_or_a_team_playing_itself() {
    let twice = || {
        vec![
            m(1, "A", "B", &[(Unit::MatchPoints, 3, 1)]),
            m(1, "B", "A", &[(Unit::MatchPoints, 1, 3)]),
        ]
    };
    let recorded_twice = WbfError::from(InputError::MatchRecordedTwice {
        round: RoundNumber(1),
        first: id("B"),
        second: id("A"),
    });
    let teams = || [(id("A"), Score::ZERO), (id("B"), Score::ZERO)];
    let positions = || [(id("A"), 1), (id("B"), 2)];
    assert_eq!(
        BamStage::new(teams(), twice(), []).unwrap_err(),
        recorded_twice
    );
    assert_eq!(
        Qualification::new(positions(), twice()).unwrap_err(),
        recorded_twice
    );
    assert_eq!(
        PairsStage::new(
            [(id("A"), vec![Score::ONE]), (id("B"), vec![Score::ONE])],
            positions(),
            twice()
        )
        .unwrap_err(),
        recorded_twice
    );
    assert_eq!(
        Qualification::new(positions(), [m(2, "A", "A", &[])]).unwrap_err(),
        WbfError::from(InputError::PlaysItself {
            round: RoundNumber(2),
            contestant: id("A"),
        })
    );
}

/// Issue 18: `TeamsEvent::new` answered in two vocabularies (its own
/// `UnknownTeam`/`DuplicateTeam` beside the shared `PlaysItself`). Every
/// fault about who is in the event is now the shared `InputError`, with its
/// words.
#[test]
fn who_is_in_the_event_is_the_shared_vocabulary() {
    let unknown = TeamsEvent::new(ids(&["A", "B"]), [full(1, "A", "Q", (10, 10))]).unwrap_err();
    assert_eq!(unknown.to_string(), "unknown contestant Q");
    let twice = TeamsEvent::new(ids(&["A", "A"]), []).unwrap_err();
    assert_eq!(twice.to_string(), "contestant A is listed twice");
    let itself = TeamsEvent::new(ids(&["A", "B"]), [full(2, "A", "A", (10, 10))]).unwrap_err();
    assert_eq!(itself.to_string(), "round 2: A cannot play itself");
    for e in [unknown, twice, itself] {
        assert!(matches!(e, WbfError::Input(_)), "{e:?}");
    }
}

/// Issue 26 item 4: a match without total points is refused only when a
/// tie reaches a clause that compares them, naming the clause. A and B tie
/// on 10 VPs with 30-30 IMPs: 1.1(a) level (30/30 each), 1.1(b) level,
/// 1.1(c) compares the total points of their match, which has none. The
/// same event with A ahead on VPs is ranked.
#[test]
fn a_missing_score_is_refused_only_by_the_clause_that_reaches_it() {
    let r = countback_tiebreak_wbf::Readings::default();
    let level = m(
        1,
        "A",
        "B",
        &[(Unit::VictoryPoints, 10, 10), (Unit::Imps, 30, 30)],
    );
    let e = TeamsEvent::new(ids(&["A", "B"]), [level]).unwrap();
    assert_eq!(
        countback_tiebreak_wbf::round_robin_standings(&e, &r).unwrap_err(),
        WbfError::ClauseNeedsScore {
            clause: "WBF 1.1(c)".to_owned(),
            round: RoundNumber(1),
            first: id("A"),
            second: id("B"),
            unit: Unit::TotalPoints,
        }
    );
    let won = m(1, "A", "B", &[(Unit::VictoryPoints, 12, 8)]);
    let e = TeamsEvent::new(ids(&["A", "B"]), [won]).unwrap();
    let o = countback_tiebreak_wbf::round_robin_standings(&e, &r).unwrap();
    assert_eq!(o.order_text(), "A > B");
    let o = countback_tiebreak_wbf::swiss_standings(&e, &r).unwrap();
    assert_eq!(o.order_text(), "A > B");
}
