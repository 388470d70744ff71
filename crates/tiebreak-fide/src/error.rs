//! Typed errors, each naming the line and column, the player or the code at fault.

use countback_model::{ContestantId, InputError, ScoreError};

/// What is wrong with a TRF line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TrfErrorKind {
    /// The line ends before a field it must hold.
    #[error("line too short: {length} characters, a field needs column {needed}")]
    ShortLine {
        /// The last column the field needs.
        needed: usize,
        /// The line's length in characters.
        length: usize,
    },
    /// A separator column holds something: the fields are shifted.
    #[error("misaligned: found {found:?} where a blank separator belongs")]
    Misaligned {
        /// The character found.
        found: char,
    },
    /// A numeric field that is not a number.
    #[error("{text:?} is not a number")]
    NotANumber {
        /// The field's text.
        text: String,
    },
    /// A `001` record without a starting rank.
    #[error("a player record needs a starting rank")]
    MissingStartingRank,
    /// Two records with the same starting rank.
    #[error("starting rank {rank} is listed twice")]
    DuplicateStartingRank {
        /// The rank.
        rank: u32,
    },
    /// A result code outside `1 = 0 + - W D L H F U Z` and blank.
    #[error("unknown result code {found:?}")]
    UnknownResult {
        /// The character found.
        found: char,
    },
    /// A colour other than `w`, `b`, `-` or blank.
    #[error("unknown colour {found:?}")]
    UnknownColour {
        /// The character found.
        found: char,
    },
    /// A game result without an opponent.
    #[error("round {round}: a game result needs an opponent")]
    MissingOpponent {
        /// The round.
        round: usize,
    },
    /// A game played over the board without a colour.
    #[error("round {round}: a game played over the board needs a colour")]
    MissingColour {
        /// The round.
        round: usize,
    },
    /// A bye code with an opponent number.
    #[error("round {round}: a bye cannot have an opponent (found {opponent})")]
    ByeWithOpponent {
        /// The round.
        round: usize,
        /// The opponent given.
        opponent: u32,
    },
    /// An opponent number no player has.
    #[error("round {round}: opponent {opponent} is not a listed player")]
    OpponentOutOfRange {
        /// The round.
        round: usize,
        /// The number given.
        opponent: u32,
    },
    /// A player paired with themself.
    #[error("round {round}: a player cannot play themself")]
    PlaysItself {
        /// The round.
        round: usize,
    },
    /// The opponent's line names someone else, or a result or colour that does not match.
    #[error("round {round}: the line of opponent {opponent} (line {opponent_line}) does not show the same game")]
    DisagreesWithOpponent {
        /// The round.
        round: usize,
        /// The opponent.
        opponent: u32,
        /// The opponent's line.
        opponent_line: usize,
    },
    /// A player listed by two team records (`310` or `013`): whose
    /// games count for which team is not for the reader to guess.
    #[error("player {player} is listed by another team's record too (line {first_line})")]
    MemberOfTwoTeams {
        /// The player's starting rank.
        player: u32,
        /// The line of the first team record that lists them.
        first_line: usize,
    },
    /// In a team file, a player with a game result whom no team record
    /// lists: the game would count for no team.
    #[error(
        "player {player} has a result in round {round}, and no team record (310 or 013) lists them"
    )]
    NotInATeam {
        /// The player's starting rank.
        player: u32,
        /// The first round they play.
        round: usize,
    },
    /// A bbpPairings points record (`BBW`, `BBD`, `BBL`, `BBU`) giving a
    /// result other points than the file's `162` record does.
    #[error("record {record} gives other points than record 162 for the same result: which one applies is not for the reader to guess")]
    PointsRecordsDisagree {
        /// The record code.
        record: String,
    },
    /// A line longer than the reader accepts (checked before it is split).
    #[error("line of {length} characters; at most {limit} are accepted")]
    LineTooLong {
        /// The line's length in characters.
        length: usize,
        /// The limit.
        limit: usize,
    },
    /// A `202`/`212` record naming more tie-breaks than a list may hold.
    #[error("{count} tie-break codes; a list holds at most {limit}")]
    TooManyTieBreaks {
        /// The number of codes.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// A second record of a kind that changes the standings and that a file
    /// holds once (the rounds, the points system, the type, the start date
    /// that chooses the text of C.07, a tie-break list …): which one holds is
    /// not for the reader to guess, and the last would otherwise replace the
    /// first without a word.
    #[error("record {record} appears again (first on line {first_line}): it changes the standings, and a file holds it once")]
    RepeatedRecord {
        /// The record code.
        record: String,
        /// The 1-based line of the first one.
        first_line: usize,
    },
    /// A record that changes points or standings and that this reader does not apply.
    #[error("record {record} is not supported: it would change the points, and ignoring it would give wrong standings")]
    UnsupportedRecord {
        /// The record code.
        record: String,
    },
    /// A `162` points-system entry with a letter other than `W D L A P X`.
    #[error("points system: unknown result letter {found:?} (known: W, D, L, A, P, X)")]
    UnknownPointsSymbol {
        /// The letter found.
        found: char,
    },
    /// A `240` bye record without a round number.
    #[error("a bye record needs a round number (columns 7-9)")]
    MissingRound,
    /// A `240` bye for a round the player's `001` record shows otherwise.
    #[error(
        "round {round}: record 240 gives player {player} a bye that their 001 record does not show"
    )]
    ByeDisagrees {
        /// The round.
        round: usize,
        /// The player.
        player: u32,
    },
    /// A result (record `001`) or a bye (record `240`) in a round after the
    /// last one record `142` declares.
    #[error("record {record}: round {round} is after the last round the file declares (record 142: {declared} rounds)")]
    BeyondDeclaredRounds {
        /// The record that names the round (`001`, `240`).
        record: String,
        /// The round.
        round: usize,
        /// The number of rounds record `142` declares.
        declared: usize,
    },
    /// A `142` record with an absurd number of rounds.
    #[error("{rounds} rounds is more than this reader accepts")]
    TooManyRounds {
        /// The number given.
        rounds: usize,
    },
}

/// A TRF reading error, at a line and column (both 1-based, in characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("TRF line {line}, column {column}: {kind}")]
#[non_exhaustive]
pub struct TrfError {
    /// The line.
    pub line: usize,
    /// The column.
    pub column: usize,
    /// What is wrong.
    pub kind: TrfErrorKind,
}

/// A tie-break code that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("tie-break code {code:?}: {reason}")]
#[non_exhaustive]
pub struct CodeError {
    /// The code as written.
    pub code: String,
    /// What is wrong with it.
    pub reason: String,
}

/// An error computing FIDE tie-breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FideError {
    /// The TRF text is malformed.
    #[error(transparent)]
    Trf(#[from] TrfError),
    /// A tie-break code is malformed.
    #[error(transparent)]
    Code(#[from] CodeError),
    /// Bad input shared with the other rule crates: a player the
    /// tournament does not list ([`InputError::UnknownContestant`], named
    /// `#` and their starting rank), an empty list.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A tie-break the regulations do not use for this kind of event
    /// (the 2026 note to art. 8: no BH, FB or AOB in round robins).
    #[error("{code} is not used in round robins (FIDE C.07 {article}, {edition} text)")]
    NotForRoundRobin {
        /// The code.
        code: String,
        /// The article that says so.
        article: &'static str,
        /// The edition.
        edition: &'static str,
    },
    /// A team tournament given to an individual procedure: refused,
    /// never ranked as players.
    #[error("this is a team tournament ({teams} teams{}): FIDE individual tie-breaks do not rank it; rank it as teams", type_code.as_ref().map(|t| format!(", record 192 {t}")).unwrap_or_default())]
    TeamTournament {
        /// The number of team records (`310`, or TRF-16 `013`).
        teams: usize,
        /// The `192` type, when it names one.
        type_code: Option<String>,
    },
    /// An individual tournament given to the team procedure.
    #[error(
        "this is not a team tournament: it has no team records (310 or 013) and no team type (192)"
    )]
    NotATeamTournament,
    /// The shipped rating tables (B.02 8.1) do not read: a build defect.
    #[error("the FIDE rating tables shipped with this crate are damaged: {0}")]
    RatingTable(String),
    /// Exact arithmetic failed (a division by zero that the rules should have prevented).
    #[error(transparent)]
    Score(#[from] ScoreError),
}

impl FideError {
    /// No player has `starting_rank`: the shared
    /// [`InputError::UnknownContestant`], naming the player `#` and the rank.
    pub(crate) fn unknown_player(starting_rank: u32) -> FideError {
        InputError::UnknownContestant {
            contestant: ContestantId::new(format!("#{starting_rank}")),
        }
        .into()
    }
}
