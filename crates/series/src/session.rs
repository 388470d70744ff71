//! A session as combining reads it: each pair's figures and place as the
//! session ranked it on its own, and every traveller line's match points
//! (for the rounds and the count-back of a tie).

use countback_model::{ContestantId, Direction, Score};

/// One session, scored and ranked on its own by whoever read it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a session as read, built by name by every reader.
pub struct Session {
    /// How the session is named (its file).
    pub name: String,
    /// What it was read from (`USEBIO 1.2`, `Bridgemate .bws`, `event file`).
    pub source: String,
    /// Its ranked pairs.
    pub pairs: Vec<SessionPair>,
    /// Its boards.
    pub boards: Vec<SessionBoard>,
}

/// A pair of one session.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a pair as read, built by name by every reader.
pub struct SessionPair {
    /// The pair as the session numbers it (`7`, `3NS`).
    pub id: ContestantId,
    /// Its players' names (the key when pairs are matched by names).
    pub players: Vec<String>,
    /// Its field when the session ranks NS and EW apart.
    pub field: Option<Direction>,
    /// The match-point total the session ranks by.
    pub total: Score,
    /// The percentage.
    pub percentage: Score,
    /// The place in the session, from 1.
    pub place: u32,
    /// Whether the place is shared.
    pub tied: bool,
}

/// A board of one session.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a board as read, built by name by every reader.
pub struct SessionBoard {
    /// Its number in the session.
    pub number: u32,
    /// Its top in match points (its average is half of it).
    pub top: Score,
    /// Its traveller lines.
    pub lines: Vec<BoardLine>,
}

/// One traveller line of a board: the two pairs and their match points.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a line as read, built by name by every reader.
pub struct BoardLine {
    /// The NS pair.
    pub ns: ContestantId,
    /// The EW pair.
    pub ew: ContestantId,
    /// NS's match points.
    pub ns_points: Score,
    /// EW's match points.
    pub ew_points: Score,
    /// Whether it was played at the table (not an artificial score or
    /// not played): only a played line is a meeting of the two pairs.
    pub played: bool,
}
