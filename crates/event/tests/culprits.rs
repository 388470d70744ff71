//! Every rule crate names the culprit of its errors in the model's one
//! vocabulary (`countback_model::Culprit`, issue 39 item 3): the event
//! library places a refusal in the file from that type alone, so a new
//! rule crate's errors are placed with no edit in the event library. Each
//! row is one rule crate's error and the culprit its words name (read off
//! its `#[error]` message: the board, pair, round, match or contestant it
//! quotes), through the `Problem` the event library wraps it in.

use countback_event::Problem;
use countback_matchpoints::BoardError;
use countback_model::{
    BoardNumber, ContestantId, Culprit, Direction, InputError, RoundNumber, Score, Unit,
};
use countback_normalise::NormaliseError;
use countback_tiebreak_chess::{CrosstableError, IhsaError};
use countback_tiebreak_ebu::EbuError;
use countback_tiebreak_wbf::WbfError;

fn id(s: &str) -> ContestantId {
    ContestantId::new(s)
}

fn rows() -> Vec<(Problem, Option<Culprit>)> {
    let (a, b) = (id("A"), id("B"));
    let (r2, b7) = (RoundNumber(2), BoardNumber(7));
    let contestant = |c: &ContestantId| {
        Some(Culprit::Contestant {
            contestant: c.clone(),
        })
    };
    let line = Some(Culprit::Line {
        board: b7,
        pair: a.clone(),
    });
    let board = Some(Culprit::Board { board: b7 });
    let in_round = Some(Culprit::InRound {
        round: r2,
        team: a.clone(),
    });
    let score = |unit| {
        Some(Culprit::MatchScore {
            round: r2,
            first: a.clone(),
            second: b.clone(),
            unit,
        })
    };
    vec![
        // countback-model, shared by every rule crate.
        (
            InputError::UnknownContestant {
                contestant: a.clone(),
            }
            .into(),
            Some(Culprit::Named {
                contestant: a.clone(),
            }),
        ),
        (
            InputError::BoardScoredTwice {
                board: b7,
                contestant: a.clone(),
            }
            .into(),
            line.clone(),
        ),
        (InputError::EmptyBoard { board: b7 }.into(), board.clone()),
        (
            InputError::MatchRecordedTwice {
                round: r2,
                first: a.clone(),
                second: b.clone(),
            }
            .into(),
            Some(Culprit::Match {
                round: r2,
                first: a.clone(),
                second: b.clone(),
            }),
        ),
        (InputError::Empty { what: "the tie" }.into(), None),
        // countback-matchpoints.
        (
            BoardError::UnknownPair {
                board: b7,
                pair: a.clone(),
            }
            .into(),
            line.clone(),
        ),
        (
            BoardError::AdjustedOutOfRange {
                board: b7,
                pair: a.clone(),
                direction: Direction::NorthSouth,
                percent: Score::integer(120),
            }
            .into(),
            line.clone(),
        ),
        (
            BoardError::TooFewResults {
                board: b7,
                method: "Neuberg",
                needed: 2,
                found: 1,
            }
            .into(),
            board.clone(),
        ),
        (
            BoardError::Input(InputError::EmptyBoard { board: b7 }).into(),
            board.clone(),
        ),
        // countback-normalise.
        (
            NormaliseError::NoActualResults { board: Some(b7) }.into(),
            board.clone(),
        ),
        (NormaliseError::NoActualResults { board: None }.into(), None),
        (
            NormaliseError::NothingToCompare { board: b7 }.into(),
            board.clone(),
        ),
        (
            NormaliseError::Board(BoardError::UnknownPair {
                board: b7,
                pair: a.clone(),
            })
            .into(),
            line,
        ),
        // countback-tiebreak-wbf.
        (
            WbfError::MissingScore {
                round: r2,
                first: a.clone(),
                second: b.clone(),
                unit: Unit::TotalPoints,
            }
            .into(),
            score(Unit::TotalPoints),
        ),
        (
            WbfError::InconsistentVictoryPoints {
                round: r2,
                first: a.clone(),
                second: b.clone(),
                sum: Score::integer(21),
                total: Score::integer(20),
            }
            .into(),
            score(Unit::VictoryPoints),
        ),
        (
            WbfError::NoMatches { team: a.clone() }.into(),
            contestant(&a),
        ),
        (
            WbfError::NotRanked {
                team: a.clone(),
                ranking: "qualification",
            }
            .into(),
            Some(Culprit::QualificationRank {
                contestant: a.clone(),
            }),
        ),
        (
            WbfError::WrongNumberTied {
                procedure: "head-to-head",
                expected: 2,
                given: 3,
            }
            .into(),
            None,
        ),
        // countback-tiebreak-ebu.
        (
            EbuError::ShareOutOfRange {
                contestant: a.clone(),
                share: Score::integer(2),
            }
            .into(),
            contestant(&a),
        ),
        (
            EbuError::WeightNotPositive {
                contestant: a.clone(),
                opponent: b.clone(),
                weight: Score::integer(0),
            }
            .into(),
            Some(Culprit::MatchWeight {
                first: a.clone(),
                second: b.clone(),
            }),
        ),
        (EbuError::PlaceRepeated { place: 3 }.into(), None),
        // countback-tiebreak-chess: a crosstable, and IHSA.
        (
            CrosstableError::UnknownOpponent {
                round: r2,
                player: a.clone(),
                opponent: b.clone(),
            }
            .into(),
            Some(Culprit::Game {
                round: r2,
                player: a.clone(),
            }),
        ),
        (
            CrosstableError::WrongRoundCount {
                player: a.clone(),
                expected: 5,
                found: 4,
            }
            .into(),
            contestant(&a),
        ),
        (
            IhsaError::NoResult {
                round: r2,
                team: a.clone(),
            }
            .into(),
            in_round.clone(),
        ),
        (
            IhsaError::RoundOutOfRange {
                team: a.clone(),
                round: r2,
                rounds: 1,
            }
            .into(),
            in_round,
        ),
    ]
}

#[test]
fn each_rule_crates_errors_name_their_culprit_in_the_models_vocabulary() {
    for (problem, culprit) in rows() {
        assert_eq!(problem.culprit(), culprit, "{problem}");
    }
}
