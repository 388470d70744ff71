//! Why sessions cannot be combined: one closed vocabulary, each refusal
//! naming the session (from 0) it is about where there is one.

use countback_model::ContestantId;
use countback_tiebreak_ebu::EbuError;

use crate::{Counting, MatchBy};

/// Why sessions cannot be combined.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SeriesError {
    /// Fewer than two sessions.
    #[error("{given} session given: a multi-session event combines two or more")]
    TooFewSessions {
        /// How many were given.
        given: usize,
    },
    /// A figure of the rule outside what it can be: a carry-forward's
    /// fraction or final, a club series' minimum or best N.
    #[error("{value} is out of range: {expected}")]
    OutOfRange {
        /// The value as given.
        value: String,
        /// What it must be.
        expected: String,
    },
    /// A minimum of sessions played where every pair plays every session.
    #[error("a minimum of {minimum} sessions played applies to a club series, where not every pair plays every session: choose which sessions count ({})", Counting::NAMES)]
    MinimumWithoutSeries {
        /// The minimum given.
        minimum: u32,
    },
    /// A reading of a club series' ties where every pair plays every
    /// session.
    #[error("the reading of a club series' ties applies to a club series, where not every pair plays every session: choose which sessions count ({})", Counting::NAMES)]
    SeriesTiesWithoutSeries,
    /// A club series with a carry-forward.
    #[error("a carry-forward ranks the pairs of the final, who play every session; {} counts each pair's own sessions: choose one", .counting.name())]
    SeriesWithCarryForward {
        /// The club series' counting rule.
        counting: Counting,
    },
    /// A pair with no players' names, where pairs are matched by names.
    #[error("{name}: pair {pair} has no player names to match it by (pairs matched by names)")]
    NoNames {
        /// The session (from 0).
        session: usize,
        /// Its name.
        name: String,
        /// The pair.
        pair: ContestantId,
    },
    /// Two pairs of one session with one key.
    #[error("{name}: pairs {first} and {second} are both {key:?} (pairs matched by {})", .by.name())]
    SameKey {
        /// The session (from 0).
        session: usize,
        /// Its name.
        name: String,
        /// The pair listed first.
        first: ContestantId,
        /// The other.
        second: ContestantId,
        /// Their key.
        key: ContestantId,
        /// How pairs are matched.
        by: MatchBy,
    },
    /// A pair missing from a session it must have played.
    #[error("{pair} (matched by {}) has no score in session {} ({name}), a session of {of}", .by.name(), .session + 1)]
    Missing {
        /// The session (from 0).
        session: usize,
        /// Its name.
        name: String,
        /// The pair's key.
        pair: ContestantId,
        /// How pairs are matched.
        by: MatchBy,
        /// What the session is a session of (`the event`, `the final`,
        /// `the earlier stage carried forward`).
        of: &'static str,
    },
    /// A pair of the final that did not play its first session.
    #[error("{pair} (matched by {}) played session {} ({name}) but not session {} ({final_name})", .by.name(), .session + 1, .final_session + 1)]
    NotInTheFinal {
        /// The session it played (from 0).
        session: usize,
        /// Its name.
        name: String,
        /// The pair's key.
        pair: ContestantId,
        /// How pairs are matched.
        by: MatchBy,
        /// The final's first session (from 0).
        final_session: usize,
        /// Its name.
        final_name: String,
    },
    /// The EBU procedure's refusal, in one session's split (`session`) or
    /// the overall standings.
    #[error("{error}")]
    Ebu {
        /// The session whose own ties were split, if it was one.
        session: Option<usize>,
        /// The procedure's error.
        error: EbuError,
    },
}

impl SeriesError {
    /// The session (from 0) the refusal is about, if one.
    #[must_use]
    pub fn session(&self) -> Option<usize> {
        match self {
            SeriesError::NoNames { session, .. }
            | SeriesError::SameKey { session, .. }
            | SeriesError::Missing { session, .. }
            | SeriesError::NotInTheFinal { session, .. } => Some(*session),
            SeriesError::Ebu { session, .. } => *session,
            _ => None,
        }
    }
}
