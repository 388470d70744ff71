//! What can be wrong with the input to a WBF procedure.

use countback_model::{ContestantId, InputError, RoundNumber, Score, Unit};

/// Bad input to a WBF procedure. Every variant names the culprit; what every
/// rule book refuses alike is the shared [`InputError`], wrapped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WbfError {
    /// A match without a score the procedure needs.
    #[error("round {round}: the match {first} v {second} has no score in {unit}")]
    MissingScore {
        /// Which round.
        round: RoundNumber,
        /// One side.
        first: ContestantId,
        /// The other side.
        second: ContestantId,
        /// The unit missing.
        unit: Unit,
    },
    /// A clause a tie reached compares a score that a match it reads does
    /// not have (a file may leave out IMPs or total points while no tie
    /// reaches a clause that compares them).
    #[error("{clause} compares {unit}, but round {round}: the match {first} v {second} has no score in {unit}")]
    ClauseNeedsScore {
        /// The clause the tie reached (`WBF 1.1(d)`).
        clause: String,
        /// Which round.
        round: RoundNumber,
        /// One side.
        first: ContestantId,
        /// The other side.
        second: ContestantId,
        /// The unit missing.
        unit: Unit,
    },
    /// A played match whose victory points do not add up to the scale's
    /// total (e.g. 20 on the WBF 20-VP scale).
    #[error("round {round}: the match {first} v {second} gives {sum} VPs in all, but the scale's total is {total}")]
    InconsistentVictoryPoints {
        /// Which round.
        round: RoundNumber,
        /// One side.
        first: ContestantId,
        /// The other side.
        second: ContestantId,
        /// What the two sides' VPs add up to.
        sum: Score,
        /// What they should add up to.
        total: Score,
    },
    /// Teams handed to a procedure as tied that are not tied.
    #[error("{team} ({score}) and {other} ({other_score}) are not tied on {quantity}")]
    NotTied {
        /// One team.
        team: ContestantId,
        /// Its score.
        score: Score,
        /// Another team of the group.
        other: ContestantId,
        /// Its score.
        other_score: Score,
        /// What they were meant to be tied on.
        quantity: &'static str,
    },
    /// A procedure for a fixed number of tied teams given another number.
    #[error("{procedure} breaks a tie between {expected} teams, not {given}")]
    WrongNumberTied {
        /// Which procedure.
        procedure: &'static str,
        /// How many it breaks.
        expected: usize,
        /// How many were given.
        given: usize,
    },
    /// A team without a position in the qualification or final ranking.
    #[error("{team} has no position in the {ranking} ranking")]
    NotRanked {
        /// Who.
        team: ContestantId,
        /// Which ranking.
        ranking: &'static str,
    },
    /// A pair without any session score.
    #[error("pair {pair} has no session score")]
    NoSessions {
        /// Who.
        pair: ContestantId,
    },
    /// A team that played no match, so its average is undefined.
    #[error("team {team} played no match, so it has no average")]
    NoMatches {
        /// Who.
        team: ContestantId,
    },
    /// Bad input shared with the other rule crates: a team, pair or
    /// opponent the event does not list ([`InputError::UnknownContestant`]),
    /// one listed twice ([`InputError::DuplicateContestant`]), a team playing
    /// itself, a match recorded twice in a round, an empty tie.
    #[error(transparent)]
    Input(#[from] InputError),
}

impl WbfError {
    /// `who` is not in the event.
    pub(crate) fn unknown(who: &ContestantId) -> WbfError {
        InputError::UnknownContestant {
            contestant: who.clone(),
        }
        .into()
    }

    /// `who` is listed twice.
    pub(crate) fn listed_twice(who: ContestantId) -> WbfError {
        InputError::DuplicateContestant { contestant: who }.into()
    }
}

impl WbfError {
    /// The culprit this error names, in the model's vocabulary, so that a
    /// caller can place it in its input without matching this type.
    #[must_use]
    pub fn culprit(&self) -> Option<countback_model::Culprit> {
        use countback_model::Culprit;
        let score = |round: &RoundNumber, first: &ContestantId, second: &ContestantId, unit| {
            Some(Culprit::MatchScore {
                round: *round,
                first: first.clone(),
                second: second.clone(),
                unit,
            })
        };
        match self {
            WbfError::MissingScore {
                round,
                first,
                second,
                unit,
            }
            | WbfError::ClauseNeedsScore {
                round,
                first,
                second,
                unit,
                ..
            } => score(round, first, second, *unit),
            WbfError::InconsistentVictoryPoints {
                round,
                first,
                second,
                ..
            } => score(round, first, second, Unit::VictoryPoints),
            WbfError::NoSessions { pair: contestant }
            | WbfError::NoMatches { team: contestant } => Some(Culprit::Contestant {
                contestant: contestant.clone(),
            }),
            WbfError::NotRanked { team, .. } => Some(Culprit::QualificationRank {
                contestant: team.clone(),
            }),
            WbfError::Input(e) => e.culprit(),
            // A rule of the book, an option or a figure of no one place.
            WbfError::NotTied { .. } | WbfError::WrongNumberTied { .. } => None,
        }
    }
}
