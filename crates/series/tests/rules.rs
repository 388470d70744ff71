//! The series rules on sessions built by hand (the command line's tests in
//! `crates/countback/tests/multi_session.rs` read real and event files):
//! which sessions count, who is ranked, the refusals, each worked by hand.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use countback_model::{ContestantId, Score};
use countback_series::{
    standings, CarryForward, Combine, Counting, SeriesError, Session, SessionPair, SessionsRule,
};

/// A pair of one session with `pct` as both its total and percentage.
fn pair(id: &str, pct: i64) -> SessionPair {
    SessionPair {
        id: ContestantId::new(id),
        players: vec![],
        field: None,
        total: Score::integer(pct),
        percentage: Score::integer(pct),
        place: 1,
        tied: false,
    }
}

fn session(name: &str, pairs: &[(&str, i64)]) -> Session {
    Session {
        name: name.to_owned(),
        source: "by hand".to_owned(),
        pairs: pairs.iter().map(|(id, pct)| pair(id, *pct)).collect(),
        boards: vec![],
    }
}

/// Three evenings: A 60, 50, 60; B 70, –, 40; C –, –, 55.
fn evenings() -> Vec<Session> {
    vec![
        session("1", &[("A", 60), ("B", 70)]),
        session("2", &[("A", 50)]),
        session("3", &[("A", 60), ("B", 40), ("C", 55)]),
    ]
}

fn totals(rule: &SessionsRule) -> Vec<(String, Score, Vec<bool>)> {
    standings(&evenings(), rule)
        .unwrap()
        .standings
        .into_iter()
        .map(|s| (s.key.to_string(), s.total, s.counted))
        .collect()
}

/// Best 2, minimum 1: A's best two are 60 and 60 (evenings 1 and 3; its
/// 50 does not count): mean 60; B 70 and 40: 55; C one evening: 55. A
/// first, B = C second (shared: a club series).
#[test]
fn best_two_of_the_sessions_played() {
    let mut rule = SessionsRule::new(Combine::MeanOfPercentages);
    rule.counting = Counting::Best(2);
    rule.minimum = Some(1);
    let got = totals(&rule);
    assert_eq!(
        got,
        [
            ("A".to_owned(), Score::integer(60), vec![true, false, true]),
            ("B".to_owned(), Score::integer(55), vec![true, false, true]),
            ("C".to_owned(), Score::integer(55), vec![false, false, true]),
        ]
    );
    let c = standings(&evenings(), &rule).unwrap();
    let places: Vec<(u32, bool)> = c.standings.iter().map(|s| (s.place, s.tied)).collect();
    assert_eq!(places, [(1, false), (2, true), (2, true)]);
}

/// Equal figures: A's 60 of evening 1 and of evening 3 under best 1 —
/// the earlier counts.
#[test]
fn between_equal_figures_the_earlier_session_counts() {
    let mut rule = SessionsRule::new(Combine::SumOfPercentages);
    rule.counting = Counting::Best(1);
    rule.minimum = Some(1);
    let all = totals(&rule);
    let a = all.iter().find(|t| t.0 == "A").unwrap();
    assert_eq!(a.1, Score::integer(60));
    assert_eq!(a.2, [true, false, false]);
}

/// The sum of the sessions played, at least 2: A 170, B 110; C (one
/// evening) not ranked, its 55 kept.
#[test]
fn a_pair_under_the_minimum_is_listed_not_ranked() {
    let mut rule = SessionsRule::new(Combine::SumOfPercentages);
    rule.counting = Counting::SessionsPlayed;
    rule.minimum = Some(2);
    let c = standings(&evenings(), &rule).unwrap();
    let ranked: Vec<(&str, Score)> = c
        .standings
        .iter()
        .map(|s| (s.key.as_str(), s.total.clone()))
        .collect();
    assert_eq!(
        ranked,
        [("A", Score::integer(170)), ("B", Score::integer(110))]
    );
    assert_eq!(c.not_ranked.len(), 1);
    assert_eq!(c.not_ranked[0].key.as_str(), "C");
    assert_eq!(c.not_ranked[0].place, 0);
    assert_eq!(c.not_ranked[0].total, Score::integer(55));
}

/// Every session counting (the default), B missed evening 2: refused,
/// naming B and the session (from 0: 1).
#[test]
fn every_session_refuses_a_missing_pair_naming_the_session() {
    let e = standings(&evenings(), &SessionsRule::new(Combine::MeanOfPercentages)).unwrap_err();
    assert!(
        matches!(&e, SeriesError::Missing { pair, .. } if pair.as_str() == "B"),
        "{e}"
    );
    assert_eq!(e.session(), Some(1));
    assert_eq!(
        e.to_string(),
        "B (matched by pair-number) has no score in session 2 (2), a session of the event"
    );
}

/// The rule's refusals, before any session is read.
#[test]
fn the_rule_is_checked_against_the_sessions_given() {
    let mut rule = SessionsRule::new(Combine::MeanOfPercentages);
    rule.counting = Counting::SessionsPlayed;
    rule.minimum = Some(4);
    assert!(matches!(rule.check(3), Err(SeriesError::OutOfRange { .. })));
    rule.minimum = Some(0);
    assert!(matches!(rule.check(3), Err(SeriesError::OutOfRange { .. })));
    rule.minimum = None;
    rule.carry_forward = Some(CarryForward::new(Score::new(1, 2).unwrap(), 2));
    assert!(matches!(
        rule.check(3),
        Err(SeriesError::SeriesWithCarryForward { .. })
    ));
    let mut every = SessionsRule::new(Combine::MeanOfPercentages);
    every.minimum = Some(1);
    assert!(matches!(
        every.check(3),
        Err(SeriesError::MinimumWithoutSeries { minimum: 1 })
    ));
    assert_eq!(
        SessionsRule::new(Combine::MeanOfPercentages).check(1),
        Err(SeriesError::TooFewSessions { given: 1 })
    );
    assert!("best-0".parse::<Counting>().is_err());
    assert_eq!("best-4".parse::<Counting>(), Ok(Counting::Best(4)));
}
