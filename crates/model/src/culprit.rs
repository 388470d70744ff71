//! What a refusal is about, as data: the one vocabulary in which every rule
//! crate's error names its culprit (a board and a pair, a round and a
//! match, a contestant, …), so that a caller holding the input the rule
//! crate was given can find the culprit's place in it (a file's entry, a
//! line) without knowing any rule crate's error type.
//!
//! A rule crate's error says it with `culprit()`; an error about no one
//! place (a rule of the book, an option) has none.

use crate::{BoardNumber, ContestantId, RoundNumber, Unit};

/// The place in the input an error is about.
///
/// ```
/// use countback_model::{BoardNumber, Culprit, InputError};
///
/// let e = InputError::EmptyBoard { board: BoardNumber(7) };
/// assert_eq!(e.culprit(), Some(Culprit::Board { board: BoardNumber(7) }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Culprit {
    /// A contestant, as the list of contestants enters it.
    Contestant {
        /// The contestant.
        contestant: ContestantId,
    },
    /// A contestant named where the list may not hold it (an unknown or a
    /// duplicate name): its entry, else the first place it is named.
    Named {
        /// The name.
        contestant: ContestantId,
    },
    /// A contestant's rank in the stage it qualified from.
    QualificationRank {
        /// The contestant.
        contestant: ContestantId,
    },
    /// A board: its traveller, else its board scores.
    Board {
        /// The board.
        board: BoardNumber,
    },
    /// One pair's line of a board's traveller, else the board.
    Line {
        /// The board.
        board: BoardNumber,
        /// The pair.
        pair: ContestantId,
    },
    /// The score of a match of a round (either side first), in a unit.
    MatchScore {
        /// The round.
        round: RoundNumber,
        /// One side.
        first: ContestantId,
        /// The other.
        second: ContestantId,
        /// The unit of the score.
        unit: Unit,
    },
    /// A match of a round (either side first), as a second entry of it.
    Match {
        /// The round.
        round: RoundNumber,
        /// One side.
        first: ContestantId,
        /// The other.
        second: ContestantId,
    },
    /// The weight of the match between two contestants (either side first).
    MatchWeight {
        /// One side.
        first: ContestantId,
        /// The other.
        second: ContestantId,
    },
    /// A player's game of a round.
    Game {
        /// The round.
        round: RoundNumber,
        /// The player.
        player: ContestantId,
    },
    /// Where a team is entered in a round: its match, else its bye, else
    /// the team.
    InRound {
        /// The round.
        round: RoundNumber,
        /// The team.
        team: ContestantId,
    },
}

impl crate::InputError {
    /// The culprit this error names, if it names one place.
    #[must_use]
    pub fn culprit(&self) -> Option<Culprit> {
        use crate::InputError as E;
        Some(match self {
            E::UnknownContestant { contestant } | E::DuplicateContestant { contestant } => {
                Culprit::Named {
                    contestant: contestant.clone(),
                }
            }
            E::BoardScoredTwice { board, contestant } => Culprit::Line {
                board: *board,
                pair: contestant.clone(),
            },
            E::EmptyBoard { board } => Culprit::Board { board: *board },
            E::MatchRecordedTwice {
                round,
                first,
                second,
            } => Culprit::Match {
                round: *round,
                first: first.clone(),
                second: second.clone(),
            },
            E::PlaysItself { round, contestant } => Culprit::Match {
                round: *round,
                first: contestant.clone(),
                second: contestant.clone(),
            },
            // An empty list, a value out of range, arithmetic: no one place.
            E::Empty { .. } | E::OutOfRange { .. } | E::Arithmetic { .. } => return None,
        })
    }
}
