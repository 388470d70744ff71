//! Where a rule crate's refusal is in the file: a rule crate names its
//! culprit in typed fields (a round and a match, a board and a pair, a
//! contestant), never a line; this finds the entry of the file those name,
//! so that a procedure's own "missing data" error (WBF's "round 1: the
//! match A v B has no score in total points") is located like every check
//! of the file's own (issue 31 item 5).

use countback_matchpoints::BoardError;
use countback_model::{BoardNumber, ContestantId, InputError, RoundNumber, Unit};
use countback_normalise::NormaliseError;
use countback_tiebreak_chess::{CrosstableError, IhsaError};
use countback_tiebreak_ebu::EbuError;
use countback_tiebreak_wbf::WbfError;

use crate::error::{EventError, FieldPath, Problem};
use crate::file::EventFile;

/// `e`, with the field of its culprit where it names none and the file
/// has one.
pub(crate) fn placed(event: &EventFile, mut e: EventError) -> EventError {
    if e.field.is_none() {
        e.field = field_of(event, &e.problem);
    }
    e
}

fn field_of(event: &EventFile, problem: &Problem) -> Option<FieldPath> {
    let f = Files(event);
    match problem {
        Problem::Wbf(e) => f.wbf(e),
        Problem::Ebu(e) => f.ebu(e),
        Problem::Input(e) => f.input(e),
        Problem::Board(e) => f.board_error(e),
        Problem::Normalise(e) => f.normalise(e),
        Problem::Crosstable(e) => f.crosstable(e),
        Problem::Ihsa(e) => f.ihsa(e),
        _ => None,
    }
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
    fn wbf(&self, e: &WbfError) -> Option<FieldPath> {
        match e {
            WbfError::MissingScore {
                round,
                first,
                second,
                unit,
            } => self.a_match(*round, first, second, unit_field(*unit)),
            WbfError::ClauseNeedsScore {
                round,
                first,
                second,
                unit,
                ..
            } => self.a_match(*round, first, second, unit_field(*unit)),
            WbfError::InconsistentVictoryPoints {
                round,
                first,
                second,
                ..
            } => self.a_match(*round, first, second, "vp"),
            WbfError::NoSessions { pair } => self.contestant(pair, None),
            WbfError::NoMatches { team } => self.contestant(team, None),
            WbfError::NotRanked { team, .. } => self.contestant(team, Some("qualification_rank")),
            WbfError::Input(e) => self.input(e),
            _ => None,
        }
    }

    fn ebu(&self, e: &EbuError) -> Option<FieldPath> {
        match e {
            EbuError::PartnerTotalNotPositive { contestant, .. }
            | EbuError::ShareOutOfRange { contestant, .. } => self.contestant(contestant, None),
            EbuError::WeightNotPositive {
                contestant,
                opponent,
                ..
            } => self
                .0
                .matches
                .iter()
                .position(|m| same_sides(&m.first, &m.second, contestant, opponent))
                .map(|i| FieldPath::key("matches").i(i).k("weight")),
            EbuError::Input(e) => self.input(e),
            _ => None,
        }
    }

    fn input(&self, e: &InputError) -> Option<FieldPath> {
        match e {
            InputError::UnknownContestant { contestant }
            | InputError::DuplicateContestant { contestant } => self
                .contestant(contestant, None)
                .or_else(|| self.anywhere(contestant)),
            InputError::BoardScoredTwice { board, contestant } => self
                .line_of(*board, contestant)
                .or_else(|| self.board(*board)),
            InputError::EmptyBoard { board } => self.board(*board),
            InputError::MatchRecordedTwice {
                round,
                first,
                second,
            } => self.a_match(*round, first, second, "second"),
            InputError::PlaysItself { round, contestant } => {
                self.a_match(*round, contestant, contestant, "second")
            }
            _ => None,
        }
    }

    fn board_error(&self, e: &BoardError) -> Option<FieldPath> {
        match e {
            BoardError::UnknownPair { board, pair }
            | BoardError::AdjustedOutOfRange { board, pair, .. } => self.line_of(*board, pair),
            BoardError::WrongBoard { board, pair, .. } => self.line_of(*board, pair),
            BoardError::TooFewResults { board, .. } | BoardError::Arithmetic { board, .. } => {
                self.board(*board)
            }
            BoardError::Input(e) => self.input(e),
            _ => None,
        }
    }

    fn normalise(&self, e: &NormaliseError) -> Option<FieldPath> {
        match e {
            NormaliseError::ExpectedBelowActual { board, .. }
            | NormaliseError::NegativeCount { board, .. }
            | NormaliseError::NoActualResults { board }
            | NormaliseError::Arithmetic { board, .. } => board.and_then(|b| self.board(b)),
            NormaliseError::NothingToCompare { board } => self.board(*board),
            NormaliseError::Board(e) => self.board_error(e),
            _ => None,
        }
    }

    fn crosstable(&self, e: &CrosstableError) -> Option<FieldPath> {
        match e {
            CrosstableError::UnknownOpponent { round, player, .. }
            | CrosstableError::Asymmetric { round, player, .. } => self.game(*round, player),
            CrosstableError::WrongRoundCount { player, .. } => self.contestant(player, None),
            CrosstableError::Input(e) => self.input(e),
            _ => None,
        }
    }

    fn ihsa(&self, e: &IhsaError) -> Option<FieldPath> {
        match e {
            IhsaError::UnknownTeam { round, team }
            | IhsaError::TwoResults { round, team }
            | IhsaError::NoResult { round, team }
            | IhsaError::OutOfRange { round, team, .. }
            | IhsaError::RoundOutOfRange { round, team, .. } => self.in_round(*round, team),
            IhsaError::Input(e) => self.input(e),
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
