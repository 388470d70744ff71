//! Where a rule crate's refusal is in the file: a rule crate names its
//! culprit in typed fields (a round and a match, a board and a pair, a
//! contestant), never a line; this finds the entry of the file those name,
//! so that a procedure's own "missing data" error (WBF's "round 1: the
//! match A v B has no score in total points") is located like every check
//! of the file's own (issue 31 item 5). Every rule crate names it in one
//! vocabulary, the model's [`Culprit`] (`culprit()` on each error), so
//! this maps that one type, and a new rule crate's errors are placed with
//! no edit here.

use countback_model::{BoardNumber, ContestantId, Culprit, RoundNumber, Unit};

use crate::error::{EventError, FieldPath};
use crate::file::EventFile;

/// `e`, with the field of its culprit where it names none and the file
/// has one.
pub(crate) fn placed(event: &EventFile, mut e: EventError) -> EventError {
    if e.field.is_none() {
        e.field = e.problem.culprit().and_then(|c| Files(event).field_of(&c));
    }
    e
}

/// The field of a match's score in `unit`.
fn unit_field(unit: Unit) -> &'static str {
    match unit {
        Unit::VictoryPoints => "vp",
        Unit::Imps => "imps",
        Unit::TotalPoints => "total_points",
        _ => "match_points",
    }
}

struct Files<'a>(&'a EventFile);

impl Files<'_> {
    /// The entry of the file the culprit names.
    fn field_of(&self, culprit: &Culprit) -> Option<FieldPath> {
        match culprit {
            Culprit::Contestant { contestant } => self.contestant(contestant, None),
            Culprit::Named { contestant } => self
                .contestant(contestant, None)
                .or_else(|| self.anywhere(contestant)),
            Culprit::QualificationRank { contestant } => {
                self.contestant(contestant, Some("qualification_rank"))
            }
            Culprit::Board { board } => self.board(*board),
            Culprit::Line { board, pair } => {
                self.line_of(*board, pair).or_else(|| self.board(*board))
            }
            Culprit::MatchScore {
                round,
                first,
                second,
                unit,
            } => self.a_match(*round, first, second, unit_field(*unit)),
            Culprit::Match {
                round,
                first,
                second,
            } => self.a_match(*round, first, second, "second"),
            Culprit::MatchWeight { first, second } => self
                .0
                .matches
                .iter()
                .position(|m| same_sides(&m.first, &m.second, first, second))
                .map(|i| FieldPath::key("matches").i(i).k("weight")),
            Culprit::Game { round, player } => self.game(*round, player),
            Culprit::InRound { round, team } => self.in_round(*round, team),
            _ => None,
        }
    }

    /// The match of `round` between `a` and `b` (either way round), at
    /// `field`.
    fn a_match(
        &self,
        round: RoundNumber,
        a: &ContestantId,
        b: &ContestantId,
        field: &str,
    ) -> Option<FieldPath> {
        self.0
            .matches
            .iter()
            .position(|m| m.round == round.0 && same_sides(&m.first, &m.second, a, b))
            .map(|i| FieldPath::key("matches").i(i).k(field))
    }

    /// Where `team` is entered in `round`: its match, else its bye, else
    /// the team.
    fn in_round(&self, round: RoundNumber, team: &ContestantId) -> Option<FieldPath> {
        let t = team.as_str();
        let in_match = self.0.matches.iter().enumerate().find_map(|(i, m)| {
            let side = if m.first == t {
                "first"
            } else if m.second == t {
                "second"
            } else {
                return None;
            };
            (m.round == round.0).then(|| FieldPath::key("matches").i(i).k(side))
        });
        in_match
            .or_else(|| {
                self.0
                    .byes
                    .iter()
                    .position(|b| b.round == round.0 && b.contestant == t)
                    .map(|i| FieldPath::key("byes").i(i))
            })
            .or_else(|| self.contestant(team, None))
    }

    fn contestant(&self, id: &ContestantId, field: Option<&str>) -> Option<FieldPath> {
        self.0
            .contestants
            .iter()
            .position(|c| c.id == id.as_str())
            .map(|i| {
                let at = FieldPath::key("contestants").i(i);
                match field {
                    Some(f) => at.k(f),
                    None => at,
                }
            })
    }

    /// The first place a contestant the list does not hold is named.
    fn anywhere(&self, id: &ContestantId) -> Option<FieldPath> {
        let t = id.as_str();
        self.0
            .matches
            .iter()
            .enumerate()
            .find_map(|(i, m)| {
                let at = FieldPath::key("matches").i(i);
                (m.first == t)
                    .then(|| at.k("first"))
                    .or_else(|| (m.second == t).then(|| at.k("second")))
            })
            .or_else(|| {
                self.0.games.iter().enumerate().find_map(|(i, g)| {
                    let at = FieldPath::key("games").i(i);
                    (g.white == t)
                        .then(|| at.k("white"))
                        .or_else(|| (g.black.as_deref() == Some(t)).then(|| at.k("black")))
                })
            })
    }

    /// Board `board`'s traveller, else its board scores.
    fn board(&self, board: BoardNumber) -> Option<FieldPath> {
        self.0
            .boards
            .iter()
            .position(|b| b.board == board.0)
            .map(|i| FieldPath::key("boards").i(i).k("board"))
            .or_else(|| {
                self.0
                    .board_scores
                    .iter()
                    .position(|b| b.board == board.0)
                    .map(|i| FieldPath::key("board_scores").i(i).k("board"))
            })
    }

    /// The traveller line of `pair` on `board`, at its seat.
    fn line_of(&self, board: BoardNumber, pair: &ContestantId) -> Option<FieldPath> {
        let t = pair.as_str();
        self.0.boards.iter().enumerate().find_map(|(i, b)| {
            if b.board != board.0 {
                return None;
            }
            b.results.iter().enumerate().find_map(|(j, r)| {
                let at = FieldPath::key("boards").i(i).k("results").i(j);
                (r.ns.as_str() == t)
                    .then(|| at.k("ns"))
                    .or_else(|| (r.ew.as_str() == t).then(|| at.k("ew")))
            })
        })
    }

    /// `player`'s game of `round`.
    fn game(&self, round: RoundNumber, player: &ContestantId) -> Option<FieldPath> {
        let t = player.as_str();
        self.0
            .games
            .iter()
            .position(|g| g.round == round.0 && (g.white == t || g.black.as_deref() == Some(t)))
            .map(|i| FieldPath::key("games").i(i))
    }
}

fn same_sides(first: &str, second: &str, a: &ContestantId, b: &ContestantId) -> bool {
    (first == a.as_str() && second == b.as_str()) || (first == b.as_str() && second == a.as_str())
}
