//! The event file format (TOML or JSON; one model for both).
//!
//! An event file describes one event: its contestants, and whichever of
//! matches, boards, sessions and chess games its procedure needs. Every
//! number is exact: write fractions and decimals as strings (`"123/7"`,
//! `"17.6"`); whole numbers may be bare.

use std::collections::BTreeMap;

use model::Score;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::cli::Procedure;

/// One event.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EventFile {
    /// What the event is and how to rank it.
    pub event: EventInfo,
    /// The contestants (pairs, teams or players).
    #[serde(default)]
    pub contestants: Vec<ContestantEntry>,
    /// Team matches (or chess team matches for IHSA), one per round and pairing.
    #[serde(default)]
    pub matches: Vec<MatchEntry>,
    /// Bridge boards with their traveller lines.
    #[serde(default)]
    pub boards: Vec<BoardEntry>,
    /// Each contestant's score on each board in the basic method (IMPs,
    /// match points or net points): the EBU point-a-board count-back
    /// (143.5.3) and the BAM net total over boards in common (WBF 5(e)).
    #[serde(default)]
    pub board_scores: Vec<BoardScoresEntry>,
    /// Per-session scores (pairs events, WBF 4).
    #[serde(default)]
    pub sessions: Vec<SessionEntry>,
    /// Chess games, byes and forfeits.
    #[serde(default)]
    pub games: Vec<GameEntry>,
}

/// The event's name and procedure.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EventInfo {
    /// A name for people.
    pub name: String,
    /// The stage this file describes (a file is one stage: ties are broken
    /// within the stage in which they occur, EBU 143.6.1).
    #[serde(default)]
    pub stage: Option<String>,
    /// The tie-break procedure (`countback rank --procedure` overrides it).
    #[serde(default)]
    pub procedure: Option<Procedure>,
    /// Procedure options by name, e.g. `wins_after_head_to_head = "true"`
    /// (EBU) or `tiebreaks = "BH/C1 BH SB"` (FIDE).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
}

/// A contestant.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContestantEntry {
    /// The identifier used everywhere else in the file.
    pub id: String,
    /// A name for people.
    #[serde(default)]
    pub name: Option<String>,
    /// The final score, where the file gives it instead of matches or games
    /// (e.g. VPs of a Swiss).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub score: Option<Score>,
    /// The last round played before withdrawing (its score then counts pro
    /// rata for its opponents' tie-break points, EBU 143.5.2).
    #[serde(default)]
    pub withdrew_after_round: Option<u32>,
    /// Rank at the end of qualification (WBF 2, knockout).
    #[serde(default)]
    pub qualification_rank: Option<u32>,
    /// A chess rating.
    #[serde(default)]
    pub rating: Option<u32>,
}

/// A match between two contestants in one round.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchEntry {
    /// The round (1-based).
    pub round: u32,
    /// The first side.
    pub first: String,
    /// The second side.
    pub second: String,
    /// Victory points, `[first, second]`.
    #[serde(default)]
    #[schemars(with = "Option<[String; 2]>")]
    pub vp: Option<[Score; 2]>,
    /// IMPs, `[first, second]`.
    #[serde(default)]
    #[schemars(with = "Option<[String; 2]>")]
    pub imps: Option<[Score; 2]>,
    /// Total (aggregate) points, `[first, second]`.
    #[serde(default)]
    #[schemars(with = "Option<[String; 2]>")]
    pub total_points: Option<[Score; 2]>,
    /// Board-weighted match points (IHSA chess teams), `[first, second]`.
    #[serde(default)]
    #[schemars(with = "Option<[String; 2]>")]
    pub match_points: Option<[Score; 2]>,
    /// Carry-over into this stage (BAM), `[first, second]`.
    #[serde(default)]
    #[schemars(with = "Option<[String; 2]>")]
    pub carryover: Option<[Score; 2]>,
    /// Not played; the scores were awarded.
    #[serde(default)]
    pub awarded: bool,
    /// Share of a full match (1 by default; 1/2 for a short triangle match).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub weight: Option<Score>,
}

/// A board and its traveller.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardEntry {
    /// The board number.
    pub board: u32,
    /// How many results a complete board has (defaults to the most on any board).
    #[serde(default)]
    pub expected: Option<u32>,
    /// The traveller lines.
    pub results: Vec<ResultEntry>,
}

/// One traveller line.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultEntry {
    /// The NS pair.
    pub ns: String,
    /// The EW pair.
    pub ew: String,
    /// The NS score (`"420"`, `"-50"`, `"0"` for a pass-out), an artificial
    /// score `"A6040"` (NS 60%, EW 40%), or `"NP"` (not played: absent).
    pub score: String,
    /// Which version of a fouled board was played (default: 1).
    #[serde(default)]
    pub version: Option<u32>,
}

/// The scores of one board, by contestant.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardScoresEntry {
    /// The board number.
    pub board: u32,
    /// The average score on the board (0 for IMPs or net points; the
    /// average match points for a matchpointed board). A contestant who
    /// did not play the board is compared as if it scored this.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub average: Option<Score>,
    /// Each contestant's score on the board.
    #[schemars(with = "BTreeMap<String, String>")]
    pub scores: BTreeMap<String, Score>,
    /// Contestants whose score on this board was awarded, not played
    /// (it stands as awarded, EBU 143.5.5).
    #[serde(default)]
    pub awarded: Vec<String>,
}

/// One session's scores.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SessionEntry {
    /// The session number.
    pub session: u32,
    /// Each contestant's score in the session.
    #[schemars(with = "BTreeMap<String, String>")]
    pub scores: BTreeMap<String, Score>,
}

/// A chess game, bye or forfeit in one round.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameEntry {
    /// The round (1-based).
    pub round: u32,
    /// The player with White (or the player having the bye).
    pub white: String,
    /// The player with Black; absent for a bye.
    #[serde(default)]
    pub black: Option<String>,
    /// `"1-0"`, `"0-1"`, `"1/2"`, forfeits `"+-"` / `"-+"`, or for a bye
    /// `"bye"` (full point), `"half-bye"`, `"zero-bye"`, `"withdrawn"`.
    pub result: String,
}
