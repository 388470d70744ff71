//! IHSA from an event file: an awarded match and a bye are unplayed rounds,
//! which the IHSA text counts as draws for tie-break purposes. The crate
//! does this when given them; the file must reach it.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    missing_docs
)]

use countback_event::{Event, RankRequest};
use countback_model::{ContestantId, RoundNumber, Score};
use countback_tiebreak_chess::{CascadeEnd, IhsaEvent, IhsaOptions, TeamMatch, UnplayedMatch};

fn id(s: &str) -> ContestantId {
    ContestantId::new(s)
}

fn played(round: u32, a: &str, b: &str, x: i64, y: i64) -> TeamMatch {
    TeamMatch {
        round: RoundNumber(round),
        first: id(a),
        second: id(b),
        first_match_points: Score::integer(x),
        second_match_points: Score::integer(y),
    }
}

fn unplayed(round: u32, team: &str, mp: i64, tp: Score) -> UnplayedMatch {
    UnplayedMatch {
        round: RoundNumber(round),
        team: id(team),
        match_points: Score::integer(mp),
        tournament_points: tp,
    }
}

const FILE: &str = r#"
[event]
name = "IHSA"
procedure = "ihsa"
[[contestants]]
id = "A"
[[contestants]]
id = "B"
[[contestants]]
id = "C"
[[contestants]]
id = "D"
[[matches]]
round = 1
first = "A"
second = "B"
match_points = [40, 28]
[[matches]]
round = 1
first = "C"
second = "D"
match_points = [34, 34]
[[matches]]
round = 2
first = "A"
second = "C"
match_points = [68, 0]
awarded = true
[[matches]]
round = 2
first = "B"
second = "D"
match_points = [50, 18]
[[matches]]
round = 3
first = "A"
second = "D"
match_points = [30, 38]
[[matches]]
round = 3
first = "B"
second = "C"
match_points = [34, 34]
"#;

#[test]
fn an_awarded_match_is_an_unplayed_round_for_the_tie_break() {
    let got = Event::from_toml(FILE)
        .unwrap()
        .rank(&RankRequest::new())
        .unwrap();
    let teams = ["A", "B", "C", "D"].map(id);
    let matches = [
        played(1, "A", "B", 40, 28),
        played(1, "C", "D", 34, 34),
        played(2, "B", "D", 50, 18),
        played(3, "A", "D", 30, 38),
        played(3, "B", "C", 34, 34),
    ];
    let by_the_book = IhsaEvent::new(
        3,
        teams.clone(),
        matches.clone(),
        [
            unplayed(2, "A", 68, Score::ONE),
            unplayed(2, "C", 0, Score::ZERO),
        ],
    )
    .unwrap()
    .rank(&IhsaOptions::ihsa(), &CascadeEnd::Stands)
    .unwrap();
    assert_eq!(got.outcome, by_the_book);
    // Scored as played (what the file used to mean), the values differ.
    let mut as_played = matches.to_vec();
    as_played.push(played(2, "A", "C", 68, 0));
    let old = IhsaEvent::new(3, teams, as_played, [])
        .unwrap()
        .rank(&IhsaOptions::ihsa(), &CascadeEnd::Stands)
        .unwrap();
    assert_ne!(got.outcome.trace, old.trace);
}

#[test]
fn a_bye_can_be_entered() {
    // Three teams, each sits out one round (a full-point bye by default).
    let text = r#"
[event]
name = "IHSA byes"
procedure = "ihsa"
[[contestants]]
id = "A"
[[contestants]]
id = "B"
[[contestants]]
id = "C"
[[matches]]
round = 1
first = "A"
second = "B"
match_points = [40, 28]
[[byes]]
round = 1
contestant = "C"
[[matches]]
round = 2
first = "A"
second = "C"
match_points = [30, 38]
[[byes]]
round = 2
contestant = "B"
match_points = 34
tournament_points = "1/2"
[[matches]]
round = 3
first = "B"
second = "C"
match_points = [34, 34]
[[byes]]
round = 3
contestant = "A"
"#;
    let got = Event::from_toml(text)
        .unwrap()
        .rank(&RankRequest::new())
        .unwrap();
    let teams = ["A", "B", "C"].map(id);
    let by_the_book = IhsaEvent::new(
        3,
        teams,
        [
            played(1, "A", "B", 40, 28),
            played(2, "A", "C", 30, 38),
            played(3, "B", "C", 34, 34),
        ],
        [
            unplayed(1, "C", 0, Score::ONE),
            unplayed(2, "B", 34, Score::new(1, 2).unwrap()),
            unplayed(3, "A", 0, Score::ONE),
        ],
    )
    .unwrap();
    assert_eq!(
        got.outcome,
        by_the_book
            .rank(&IhsaOptions::ihsa(), &CascadeEnd::Stands)
            .unwrap()
    );
    assert_eq!(got.primary[&id("C")], Score::new(5, 2).unwrap());
}
