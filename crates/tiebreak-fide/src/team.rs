//! TRF-2026 team tournaments: the team records a file holds, the match
//! table the player records and those records make, and team standings by
//! match points or game points as the file says.
//!
//! Records read (columns counted from 1):
//!
//! | record | what |
//! | --- | --- |
//! | `310` | a team: number (5-7), name (9-40), match points (55-60), game points (62-67), rank (69-71), members (74-77, 79-82 ...) |
//! | `320` | pairing-allocated byes: match points (5-8), game points (10-13), then the team of each round (15-17, 19-21 ...) |
//! | `330` | a forfeited match: results (`+-`, `-+`, `--`), round, team with White, team with Black |
//! | `240` | in a team file, the byes of whole teams (`F` full-point, `H` half-point, `Z` or blank zero-point) |
//! | `299` | abnormal points: `+`/`-` with no round, the match and game points of a forfeited match won or lost; `W D L + -` with a round and teams, that result with those points; blank with a round and teams, points added (round 999: to the standings only) |
//! | `300` | the board order of a team in a round: informative (the player records hold the games) |
//! | `352` | the colours of the boards (`WBWB`): their number is the number of boards |
//! | `362` | match points (`TW 2  TD 1  TL 0`) |
//! | `192` | the type: `FIDE_TEAM_…_GP_MP`, `…_GP` rank by game points first, any other team type by match points |
//!
//! A team's game points in a match are the points its members' records
//! score in that round (the file's `162` system), board forfeits without
//! an opponent (`0000 - +`) included; its match points compare the two
//! teams' game points (`362`). A team without a match takes the points of
//! its bye (`240`: a win or a draw on every board; `320`: the points the
//! record gives), of its forfeited match (`330`: the match points of a
//! win or a loss, the game points its members' records show, else those
//! of `299 +`/`299 -`), or nothing.

use std::collections::HashMap;

use countback_model::{
    Clause, ContestantId, Decision, Score, TieBreakOutcome, TiedGroup, Unresolved, Value,
};

use crate::code::{TieBreakCode, TieBreakKind};
use crate::compute::Evaluation;
use crate::edition::Options;
use crate::error::{CodeError, FideError, TrfError, TrfErrorKind};
use crate::trf::{Colour, Player, PointsSystem, ResultCode, RoundEntry, Tournament};

/// A `310` team record.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamRecord {
    /// The team's number (columns 5-7).
    pub number: u32,
    /// The name (columns 9-40), trimmed.
    pub name: String,
    /// The match points the file declares (columns 55-60).
    pub declared_match_points: Option<Score>,
    /// The game points the file declares (columns 62-67).
    pub declared_game_points: Option<Score>,
    /// The rank the file declares (columns 69-71).
    pub declared_rank: Option<u32>,
    /// The members' starting ranks, in board order.
    pub members: Vec<u32>,
    /// The line of the record (1-based).
    pub line: usize,
}

/// The kind of a whole team's bye (record `240` in a team file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TeamByeKind {
    /// `F`: a win on every board.
    Full,
    /// `H`: a draw on every board.
    Half,
    /// `Z` or blank: nothing.
    Zero,
}

/// A team's bye in a round.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamBye {
    /// The round.
    pub round: usize,
    /// The kind.
    pub kind: TeamByeKind,
    /// The team.
    pub team: u32,
    /// The line of the record.
    pub line: usize,
}

/// Record `320`: the pairing-allocated byes, with their points.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PairingAllocatedByes {
    /// The match points of such a bye.
    pub match_points: Score,
    /// The game points of such a bye.
    pub game_points: Score,
    /// The team given the bye in each round (`None`: nobody).
    pub teams: Vec<Option<u32>>,
    /// The line of the record.
    pub line: usize,
}

/// Record `330`: a forfeited match.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ForfeitedMatch {
    /// The round.
    pub round: usize,
    /// The team with White on board 1.
    pub white: u32,
    /// The team with Black on board 1.
    pub black: u32,
    /// Whether the team with White won (`+`) rather than lost (`-`).
    pub white_won: bool,
    /// Whether the team with Black won.
    pub black_won: bool,
    /// The line of the record.
    pub line: usize,
}

/// Record `299`: abnormal points.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct AbnormalPoints {
    /// The result letter (`+ - W D L`), or a blank for points added.
    pub kind: char,
    /// Match points.
    pub match_points: Score,
    /// Game points.
    pub game_points: Score,
    /// The round (`None` for the forfeit defaults; 999 means the
    /// standings only).
    pub round: Option<usize>,
    /// The teams it applies to.
    pub teams: Vec<u32>,
    /// The line of the record.
    pub line: usize,
}

/// The match points of a match won, drawn and lost (record `362`; 2-1-0
/// when the file has none).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct MatchPointsSystem {
    /// A match won (`TW`).
    pub win: Score,
    /// A match drawn (`TD`).
    pub draw: Score,
    /// A match lost (`TL`).
    pub loss: Score,
}

impl Default for MatchPointsSystem {
    fn default() -> MatchPointsSystem {
        MatchPointsSystem {
            win: Score::integer(2),
            draw: Score::ONE,
            loss: Score::ZERO,
        }
    }
}

/// Which score ranks teams first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TeamScore {
    /// Match points (`MPTS`).
    MatchPoints,
    /// Game points (`GPTS`).
    GamePoints,
}

impl TeamScore {
    /// The other score.
    #[must_use]
    pub fn other(self) -> TeamScore {
        match self {
            TeamScore::MatchPoints => TeamScore::GamePoints,
            TeamScore::GamePoints => TeamScore::MatchPoints,
        }
    }

    /// The FIDE code (`MPTS`, `GPTS`).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            TeamScore::MatchPoints => "MPTS",
            TeamScore::GamePoints => "GPTS",
        }
    }
}

/// The team records of a TRF-2026 file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct TeamRecords {
    /// The `310` records, by team number.
    pub teams: Vec<TeamRecord>,
    /// The byes of whole teams (`240`).
    pub byes: Vec<TeamBye>,
    /// The pairing-allocated byes (`320`).
    pub pairing_allocated: Option<PairingAllocatedByes>,
    /// The forfeited matches (`330`).
    pub forfeits: Vec<ForfeitedMatch>,
    /// The abnormal points (`299`).
    pub abnormal: Vec<AbnormalPoints>,
    /// The board colours (`352`), as written.
    pub board_colours: Option<String>,
    /// The match points (`362`).
    pub match_points: MatchPointsSystem,
    /// The `192` type, as written, when it names a team type.
    pub type_code: Option<String>,
    /// The board orders of record `300`: who sat on which board.
    pub board_orders: Vec<BoardOrder>,
    /// The records that list the teams: TRF-2026 `310` or TRF-16 `013`.
    pub written_as: TeamRecordKind,
}

/// The record a file lists its teams in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum TeamRecordKind {
    /// TRF-2026 `310`: number, name, match and game points, rank, members.
    #[default]
    Team310,
    /// TRF-16 `013`: name and members only (no number, points or rank: the
    /// `n`-th record is team `n`).
    Roster013,
}

/// Record `300`: a team's players by board in a round (0: an empty board).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BoardOrder {
    /// The round.
    pub round: usize,
    /// The team.
    pub team: u32,
    /// The opposing team.
    pub opponent: u32,
    /// The players, board 1 first.
    pub players: Vec<u32>,
    /// The line of the record.
    pub line: usize,
}

/// Record `300`: `300   1  16   4  242  246  243  244`.
pub(crate) fn board_order(chars: &[char], line: usize) -> Result<BoardOrder, TrfError> {
    let text: String = chars.iter().skip(3).collect();
    let numbers: Vec<u32> = text
        .split_whitespace()
        .map(|t| {
            t.parse::<u32>().map_err(|_| {
                err(
                    line,
                    5,
                    TrfErrorKind::NotANumber {
                        text: t.to_string(),
                    },
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let [round, team, opponent, players @ ..] = numbers.as_slice() else {
        return Err(err(
            line,
            5,
            TrfErrorKind::ShortLine {
                needed: 15,
                length: chars.len(),
            },
        ));
    };
    Ok(BoardOrder {
        round: usize::try_from(*round).unwrap_or(usize::MAX),
        team: *team,
        opponent: *opponent,
        players: players.to_vec(),
        line,
    })
}

impl TeamRecords {
    /// The score that ranks first: game points when the `192` type says
    /// `…_GP_MP` or ends in `_GP`, else match points.
    #[must_use]
    pub fn primary(&self) -> TeamScore {
        let code = self.type_code.as_deref().unwrap_or("").to_ascii_uppercase();
        let code = code.trim_end_matches("_BAKU");
        // The scores are the last words: `…_MP_GP`, `…_GP_MP`, `…_MP`, `…_GP`.
        if code.ends_with("_GP_MP") || (code.ends_with("_GP") && !code.ends_with("_MP_GP")) {
            TeamScore::GamePoints
        } else {
            TeamScore::MatchPoints
        }
    }

    /// The number of boards: the length of the `352` colour sequence, else
    /// the most boards a team fills in one round (a game paired, or a
    /// board won by forfeit).
    fn boards(&self, t: &Tournament, team_of: &HashMap<u32, usize>) -> usize {
        if let Some(c) = &self.board_colours {
            let n = c.chars().filter(|c| !c.is_whitespace()).count();
            if n > 0 {
                return n;
            }
        }
        let mut most = 0;
        for r in 0..t.rounds {
            let mut count: HashMap<usize, usize> = HashMap::new();
            for p in &t.players {
                if let (Some(team), Some(e)) = (team_of.get(&p.starting_rank), p.rounds.get(r)) {
                    // A board is one with a game paired, or won by forfeit
                    // with nobody opposite (`0000 - +`). A member who sat
                    // out (`0000 - -`, as a TRF-16 team file writes the
                    // reserves) fills no board.
                    if e.opponent.is_some() || e.result == ResultCode::ForfeitWin {
                        *count.entry(*team).or_insert(0) += 1;
                    }
                }
            }
            most = most.max(count.values().copied().max().unwrap_or(0));
        }
        most
    }
}

/// Whether a `192` type names a team tournament.
pub(crate) fn is_team_type(text: &str) -> bool {
    let upper = text.to_ascii_uppercase();
    upper.contains("TEAM") || upper.contains("SCHILLER") || upper.contains("SCHEVENINGEN")
}

fn field(chars: &[char], from: usize, to: usize) -> String {
    chars
        .iter()
        .skip(from.saturating_sub(1))
        .take(to.saturating_sub(from) + 1)
        .collect::<String>()
}

fn err(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

fn number_at(chars: &[char], line: usize, from: usize, to: usize) -> Result<Option<u32>, TrfError> {
    let text = field(chars, from, to);
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    trimmed.parse::<u32>().map(Some).map_err(|_| {
        err(
            line,
            from,
            TrfErrorKind::NotANumber {
                text: trimmed.to_string(),
            },
        )
    })
}

fn score_at(
    chars: &[char],
    line: usize,
    from: usize,
    to: usize,
) -> Result<Option<Score>, TrfError> {
    let text = field(chars, from, to);
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    Score::parse(trimmed).map(Some).map_err(|_| {
        err(
            line,
            from,
            TrfErrorKind::NotANumber {
                text: trimmed.to_string(),
            },
        )
    })
}

fn score_token(token: &str, line: usize, column: usize) -> Result<Score, TrfError> {
    Score::parse(token).map_err(|_| {
        err(
            line,
            column,
            TrfErrorKind::NotANumber {
                text: token.to_string(),
            },
        )
    })
}

/// Record `013` (TRF-16): a team's name (columns 5-36) and its players'
/// starting ranks, in the order the file lists them (the roster order).
/// TRF-16 puts them at columns 37-40, 42-45 ... (5 apart); the Belgian
/// federation's writer puts them 6 apart, so they are read as numbers
/// separated by blanks from column 37 on. TRF-16 gives a team no number:
/// the `n`-th `013` record is team `n`. It carries no points and no rank.
pub(crate) fn roster_record(
    chars: &[char],
    line: usize,
    number: u32,
) -> Result<TeamRecord, TrfError> {
    let mut members = Vec::new();
    let mut column = 37;
    let rest: Vec<char> = chars.iter().skip(36).copied().collect();
    for token in rest.split(|c| c.is_whitespace()) {
        if !token.is_empty() {
            let text: String = token.iter().collect();
            let p = text
                .parse::<u32>()
                .map_err(|_| err(line, column, TrfErrorKind::NotANumber { text }))?;
            if p > 0 {
                members.push(p);
            }
        }
        column += token.len() + 1;
    }
    Ok(TeamRecord {
        number,
        name: field(chars, 5, 36).trim().to_string(),
        declared_match_points: None,
        declared_game_points: None,
        declared_rank: None,
        members,
        line,
    })
}

/// Record `310`.
pub(crate) fn team_record(chars: &[char], line: usize) -> Result<TeamRecord, TrfError> {
    let number = number_at(chars, line, 5, 7)?
        .filter(|n| *n > 0)
        .ok_or_else(|| err(line, 5, TrfErrorKind::MissingStartingRank))?;
    let mut members = Vec::new();
    let mut column = 74;
    while column <= chars.len() {
        if let Some(p) = number_at(chars, line, column, column + 3)?.filter(|p| *p > 0) {
            members.push(p);
        }
        column += 5;
    }
    Ok(TeamRecord {
        number,
        name: field(chars, 9, 40).trim().to_string(),
        declared_match_points: score_at(chars, line, 55, 60)?,
        declared_game_points: score_at(chars, line, 62, 67)?,
        declared_rank: number_at(chars, line, 69, 71)?.filter(|r| *r > 0),
        members,
        line,
    })
}

/// Record `320`.
pub(crate) fn pairing_allocated(
    chars: &[char],
    line: usize,
) -> Result<PairingAllocatedByes, TrfError> {
    let match_points = score_at(chars, line, 5, 8)?.unwrap_or_default();
    let game_points = score_at(chars, line, 10, 13)?.unwrap_or_default();
    let mut teams = Vec::new();
    let mut column = 15;
    while column <= chars.len() {
        teams.push(number_at(chars, line, column, column + 2)?.filter(|t| *t > 0));
        column += 4;
    }
    Ok(PairingAllocatedByes {
        match_points,
        game_points,
        teams,
        line,
    })
}

/// Record `330`: `330 +-   4  23  33`.
pub(crate) fn forfeited_match(chars: &[char], line: usize) -> Result<ForfeitedMatch, TrfError> {
    let text: String = chars.iter().skip(4).collect();
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let [results, round, white, black] = tokens.as_slice() else {
        return Err(err(
            line,
            5,
            TrfErrorKind::ShortLine {
                needed: 18,
                length: chars.len(),
            },
        ));
    };
    let mut marks = results.chars();
    let won = |c: Option<char>| match c {
        Some('+') => Ok(true),
        Some('-') => Ok(false),
        other => Err(err(
            line,
            5,
            TrfErrorKind::UnknownResult {
                found: other.unwrap_or(' '),
            },
        )),
    };
    let white_won = won(marks.next())?;
    let black_won = won(marks.next())?;
    let num = |t: &str| {
        t.parse::<u32>().map_err(|_| {
            err(
                line,
                5,
                TrfErrorKind::NotANumber {
                    text: t.to_string(),
                },
            )
        })
    };
    Ok(ForfeitedMatch {
        round: usize::try_from(num(round)?).unwrap_or(usize::MAX),
        white: num(white)?,
        black: num(black)?,
        white_won,
        black_won,
        line,
    })
}

/// Record `299`: `299 +  2.0  2.5`, `299 W   2.0   2.5    2   17`,
/// `299    -1.0  -2.0    4   31`.
pub(crate) fn abnormal(chars: &[char], line: usize) -> Result<AbnormalPoints, TrfError> {
    let kind = chars.get(4).copied().unwrap_or(' ').to_ascii_uppercase();
    if !matches!(kind, '+' | '-' | 'W' | 'D' | 'L' | ' ') {
        return Err(err(line, 5, TrfErrorKind::UnknownResult { found: kind }));
    }
    let text: String = chars.iter().skip(5).collect();
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let (Some(mp), Some(gp)) = (tokens.first(), tokens.get(1)) else {
        return Err(err(
            line,
            6,
            TrfErrorKind::ShortLine {
                needed: 17,
                length: chars.len(),
            },
        ));
    };
    let numbers: Vec<u32> = tokens
        .iter()
        .skip(2)
        .map(|t| {
            t.parse::<u32>().map_err(|_| {
                err(
                    line,
                    6,
                    TrfErrorKind::NotANumber {
                        text: (*t).to_string(),
                    },
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let round = numbers
        .first()
        .map(|r| usize::try_from(*r).unwrap_or(usize::MAX));
    Ok(AbnormalPoints {
        kind,
        match_points: score_token(mp, line, 6)?,
        game_points: score_token(gp, line, 6)?,
        round,
        teams: numbers.iter().skip(1).copied().collect(),
        line,
    })
}

/// Record `362`: `362 TW 3.0   TD 1.0   TL 0.0`.
pub(crate) fn match_points(chars: &[char], line: usize) -> Result<MatchPointsSystem, TrfError> {
    let mut system = MatchPointsSystem::default();
    let text: String = chars.iter().skip(3).collect();
    let mut tokens = text.split_whitespace();
    while let Some(token) = tokens.next() {
        let value = tokens.next().unwrap_or_default();
        let column = text.find(token).map_or(5, |at| at + 4);
        let value = score_token(value, line, column)?;
        match token.to_ascii_uppercase().as_str() {
            "TW" => system.win = value,
            "TD" => system.draw = value,
            "TL" => system.loss = value,
            _ => {
                return Err(err(
                    line,
                    column,
                    TrfErrorKind::UnknownPointsSymbol {
                        found: token.chars().nth(1).unwrap_or(' '),
                    },
                ))
            }
        }
    }
    Ok(system)
}

/// How a team's round came about.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TeamRoundKind {
    /// A match against a team, played (on at least one board).
    Match {
        /// The opposing team.
        opponent: u32,
    },
    /// A match paired whose results the file does not hold yet.
    Pending {
        /// The opposing team.
        opponent: u32,
    },
    /// A forfeited match (`330`).
    Forfeit {
        /// The opposing team.
        opponent: u32,
        /// Whether this team won it.
        won: bool,
    },
    /// A bye of the whole team (`240`).
    Bye(TeamByeKind),
    /// A pairing-allocated bye (`320`).
    PairingAllocatedBye,
    /// Not paired.
    NotPaired,
}

/// One team's round.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamRound {
    /// What happened.
    pub kind: TeamRoundKind,
    /// Match points scored.
    pub match_points: Score,
    /// Game points scored.
    pub game_points: Score,
    /// Whether a `299` record set or changed the points, with its line.
    pub abnormal: Option<usize>,
}

/// A team's standing: its rounds and totals.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamStanding {
    /// The team's record.
    pub team: TeamRecord,
    /// Each round.
    pub rounds: Vec<TeamRound>,
    /// Match points, `299` points for the standings included.
    pub match_points: Score,
    /// Game points, likewise.
    pub game_points: Score,
}

/// Where a team's declared points (record `310`) are not what the results make.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamPointsDisagreement {
    /// The team.
    pub team: u32,
    /// The line of its `310` record.
    pub line: usize,
    /// Match points declared and computed.
    pub match_points: (Option<Score>, Score),
    /// Game points declared and computed.
    pub game_points: (Option<Score>, Score),
}

/// The note to art. 8 of the March 2026 text on a team code
/// ([`crate::compute::format_refuses`]: the same reading as for players):
/// the Buchholz family on match points, on game points or on the primary
/// score, in a round robin under that text.
#[must_use]
pub fn team_format_refuses(
    code: &TeamTieBreak,
    format: crate::edition::Format,
    edition: crate::edition::Edition,
) -> Option<FideError> {
    match &code.kind {
        TeamCodeKind::OnMatchPoints(c)
        | TeamCodeKind::OnGamePoints(c)
        | TeamCodeKind::OnPrimary(c) => {
            crate::compute::format_refuses(c, format, edition).map(|_| {
                FideError::NotForRoundRobin {
                    code: code.written.clone(),
                    article: "8 (note)",
                    edition: edition.label(),
                }
            })
        }
        _ => None,
    }
}

/// A team tournament: the file's teams and every team's rounds.
#[derive(Debug, Clone)]
pub struct TeamTournament<'t> {
    tournament: &'t Tournament,
    records: &'t TeamRecords,
    standings: Vec<TeamStanding>,
    boards: usize,
    options: Options,
    /// The matches as an individual tournament of teams scored in match
    /// points (team number as starting rank), for the individual codes.
    matches: Tournament,
    /// The same scored in game points (each round's game points set).
    game_matches: Tournament,
    /// For each standing, the index of its team in `matches`.
    at: Vec<usize>,
    /// Per standing, round and board: the points its player on that
    /// board scored (record `300`'s board order, else the `310` order of
    /// the members who played).
    board_points: Vec<Vec<Vec<Score>>>,
}

impl<'t> TeamTournament<'t> {
    /// Read the team tournament of `tournament`, under the edition in
    /// force on its start date; an error when the file is not a team file
    /// ([`FideError::NotATeamTournament`]) or a record names a team or
    /// player it does not list.
    pub fn new(tournament: &'t Tournament) -> Result<TeamTournament<'t>, FideError> {
        TeamTournament::with_options(tournament, Options::for_tournament(tournament))
    }

    /// Like [`TeamTournament::new`], under `options` (the edition of art.
    /// 16 and the format for the individual codes on match points).
    pub fn with_options(
        tournament: &'t Tournament,
        options: Options,
    ) -> Result<TeamTournament<'t>, FideError> {
        let records = tournament
            .team
            .as_ref()
            .ok_or(FideError::NotATeamTournament)?;
        let mut team_of: HashMap<u32, usize> = HashMap::new();
        let mut index: HashMap<u32, usize> = HashMap::new();
        for (i, team) in records.teams.iter().enumerate() {
            if index.insert(team.number, i).is_some() {
                return Err(err(
                    team.line,
                    5,
                    TrfErrorKind::DuplicateStartingRank { rank: team.number },
                )
                .into());
            }
            for m in &team.members {
                if tournament.player(*m).is_none() {
                    return Err(err(
                        team.line,
                        74,
                        TrfErrorKind::OpponentOutOfRange {
                            round: 0,
                            opponent: *m,
                        },
                    )
                    .into());
                }
                if let Some(first) = team_of.insert(*m, i) {
                    let first_line = records.teams.get(first).map_or(0, |t| t.line);
                    return Err(err(
                        team.line,
                        5,
                        TrfErrorKind::MemberOfTwoTeams {
                            player: *m,
                            first_line,
                        },
                    )
                    .into());
                }
            }
        }
        let boards = records.boards(tournament, &team_of);
        let rounds = tournament.rounds;
        let system = &tournament.points_system;
        let n = records.teams.len();
        // Per team and round: the opponent team met on the boards, the
        // game points, whether every game is still to be played.
        let mut opponent: Vec<Vec<Option<usize>>> = vec![vec![None; rounds]; n];
        let mut gp: Vec<Vec<Score>> = vec![vec![Score::ZERO; rounds]; n];
        let mut decided: Vec<Vec<bool>> = vec![vec![false; rounds]; n];
        let mut board_forfeits: Vec<Vec<Score>> = vec![vec![Score::ZERO; rounds]; n];
        for p in &tournament.players {
            let Some(&t) = team_of.get(&p.starting_rank) else {
                // A player no team lists: a game of theirs with a result
                // would count for nobody, and their opponent's team would
                // score it alone (a pairing without a result changes nothing).
                if let Some(r) = p
                    .rounds
                    .iter()
                    .position(|e| e.opponent.is_some() && e.result != ResultCode::NotPaired)
                {
                    return Err(err(
                        p.line,
                        5,
                        TrfErrorKind::NotInATeam {
                            player: p.starting_rank,
                            round: r + 1,
                        },
                    )
                    .into());
                }
                continue;
            };
            for (r, e) in p.rounds.iter().enumerate() {
                let points = system.points(e.result);
                match e.opponent {
                    Some(o) => {
                        let Some(&u) = team_of.get(&o) else { continue };
                        if let Some(slot) = opponent.get_mut(t).and_then(|v| v.get_mut(r)) {
                            *slot = Some(u);
                        }
                        if let Some(g) = gp.get_mut(t).and_then(|v| v.get_mut(r)) {
                            *g += points;
                        }
                        if e.result != ResultCode::NotPaired {
                            if let Some(d) = decided.get_mut(t).and_then(|v| v.get_mut(r)) {
                                *d = true;
                            }
                        }
                    }
                    None if e.result.is_forfeit() => {
                        if let Some(g) = board_forfeits.get_mut(t).and_then(|v| v.get_mut(r)) {
                            *g += points;
                        }
                    }
                    None => {}
                }
            }
        }
        let team_index = |number: u32, line: usize| {
            index.get(&number).copied().ok_or_else(|| {
                FideError::from(err(
                    line,
                    5,
                    TrfErrorKind::OpponentOutOfRange {
                        round: 0,
                        opponent: number,
                    },
                ))
            })
        };
        let forfeit_default = |won: bool| {
            let kind = if won { '+' } else { '-' };
            records
                .abnormal
                .iter()
                .find(|a| a.kind == kind && a.round.is_none())
        };
        let mp = &records.match_points;
        let mut standings = Vec::with_capacity(n);
        for (t, team) in records.teams.iter().enumerate() {
            let mut team_rounds = Vec::with_capacity(rounds);
            for r in 0..rounds {
                let own_gp = gp
                    .get(t)
                    .and_then(|v| v.get(r))
                    .cloned()
                    .unwrap_or_default();
                let forfeits = board_forfeits
                    .get(t)
                    .and_then(|v| v.get(r))
                    .cloned()
                    .unwrap_or_default();
                let met = opponent.get(t).and_then(|v| v.get(r)).copied().flatten();
                // A `330` record says the match was forfeited whatever the
                // board lines say: pairing programs write the scheduled
                // opponents on them with `+`/`-` (Held's exercise, FIDE
                // TEC), or `0000 - +` with none.
                let forfeited = records.forfeits.iter().find(|f| {
                    f.round == r + 1 && (f.white == team.number || f.black == team.number)
                });
                let round = if let Some(f) = forfeited {
                    let (won, other) = if f.white == team.number {
                        (f.white_won, f.black)
                    } else {
                        (f.black_won, f.white)
                    };
                    team_index(other, f.line)?;
                    let default = forfeit_default(won);
                    let shown = own_gp + forfeits;
                    let game_points = if shown != Score::ZERO || default.is_none() {
                        shown
                    } else {
                        default.map(|d| d.game_points.clone()).unwrap_or_default()
                    };
                    TeamRound {
                        kind: TeamRoundKind::Forfeit {
                            opponent: other,
                            won,
                        },
                        match_points: if won { mp.win.clone() } else { mp.loss.clone() },
                        game_points,
                        abnormal: None,
                    }
                } else if let Some(u) = met {
                    let opponent_number = records.teams.get(u).map_or(0, |x| x.number);
                    let is_decided = decided.get(t).and_then(|v| v.get(r)).copied() == Some(true)
                        || decided.get(u).and_then(|v| v.get(r)).copied() == Some(true);
                    if is_decided {
                        let theirs = gp
                            .get(u)
                            .and_then(|v| v.get(r))
                            .cloned()
                            .unwrap_or_default()
                            + board_forfeits
                                .get(u)
                                .and_then(|v| v.get(r))
                                .cloned()
                                .unwrap_or_default();
                        let ours = own_gp + forfeits;
                        let points = match ours.cmp(&theirs) {
                            std::cmp::Ordering::Greater => mp.win.clone(),
                            std::cmp::Ordering::Equal => mp.draw.clone(),
                            std::cmp::Ordering::Less => mp.loss.clone(),
                        };
                        TeamRound {
                            kind: TeamRoundKind::Match {
                                opponent: opponent_number,
                            },
                            match_points: points,
                            game_points: ours,
                            abnormal: None,
                        }
                    } else {
                        TeamRound {
                            kind: TeamRoundKind::Pending {
                                opponent: opponent_number,
                            },
                            match_points: Score::ZERO,
                            game_points: Score::ZERO,
                            abnormal: None,
                        }
                    }
                } else if let Some(b) = records
                    .byes
                    .iter()
                    .find(|b| b.round == r + 1 && b.team == team.number)
                {
                    let boards = Score::from(boards);
                    let (m, g) = match b.kind {
                        TeamByeKind::Full => (mp.win.clone(), &system.win * &boards),
                        TeamByeKind::Half => (mp.draw.clone(), &system.draw * &boards),
                        TeamByeKind::Zero => (Score::ZERO, Score::ZERO),
                    };
                    TeamRound {
                        kind: TeamRoundKind::Bye(b.kind),
                        match_points: m,
                        game_points: g,
                        abnormal: None,
                    }
                } else if let Some(pab) = records
                    .pairing_allocated
                    .as_ref()
                    .filter(|p| p.teams.get(r).copied().flatten() == Some(team.number))
                {
                    TeamRound {
                        kind: TeamRoundKind::PairingAllocatedBye,
                        match_points: pab.match_points.clone(),
                        game_points: pab.game_points.clone(),
                        abnormal: None,
                    }
                } else {
                    TeamRound {
                        kind: TeamRoundKind::NotPaired,
                        match_points: Score::ZERO,
                        game_points: Score::ZERO,
                        abnormal: None,
                    }
                };
                team_rounds.push(round);
            }
            let mut standing_mp = Score::ZERO;
            let mut standing_gp = Score::ZERO;
            for a in records
                .abnormal
                .iter()
                .filter(|a| a.teams.contains(&team.number))
            {
                let Some(round) = a.round else { continue };
                match (a.kind, team_rounds.get_mut(round.wrapping_sub(1))) {
                    (' ', Some(slot)) => {
                        slot.match_points += &a.match_points;
                        slot.game_points += &a.game_points;
                        slot.abnormal = Some(a.line);
                    }
                    (' ', None) if round == 999 => {
                        standing_mp += &a.match_points;
                        standing_gp += &a.game_points;
                    }
                    (_, Some(slot)) => {
                        slot.match_points = a.match_points.clone();
                        slot.game_points = a.game_points.clone();
                        slot.abnormal = Some(a.line);
                    }
                    (_, None) => {
                        return Err(err(
                            a.line,
                            6,
                            TrfErrorKind::BeyondDeclaredRounds {
                                record: "299".to_string(),
                                round,
                                declared: rounds,
                            },
                        )
                        .into())
                    }
                }
            }
            let match_points =
                team_rounds.iter().map(|r| &r.match_points).sum::<Score>() + standing_mp;
            let game_points =
                team_rounds.iter().map(|r| &r.game_points).sum::<Score>() + standing_gp;
            standings.push(TeamStanding {
                team: team.clone(),
                rounds: team_rounds,
                match_points,
                game_points,
            });
        }
        for b in &records.byes {
            team_index(b.team, b.line)?;
        }
        for a in &records.abnormal {
            for t in &a.teams {
                team_index(*t, a.line)?;
            }
        }
        let board_points = board_points(tournament, records, boards);
        let (matches, at) = match_tournament(tournament, records, &standings, None)?;
        let (game_matches, _) = match_tournament(tournament, records, &standings, Some(boards))?;
        Ok(TeamTournament {
            tournament,
            records,
            standings,
            boards,
            options,
            matches,
            game_matches,
            at,
            board_points,
        })
    }

    /// The format the tie-breaks follow: the one chosen in the options,
    /// else the file's (`092`/`192`), else a Swiss.
    #[must_use]
    pub fn format(&self) -> crate::edition::Format {
        self.options
            .format()
            .or(self.tournament.format)
            .unwrap_or_default()
    }

    /// The file.
    #[must_use]
    pub fn tournament(&self) -> &'t Tournament {
        self.tournament
    }

    /// The number of boards of a match.
    #[must_use]
    pub fn boards(&self) -> usize {
        self.boards
    }

    /// The score that ranks first (the `192` type).
    #[must_use]
    pub fn primary(&self) -> TeamScore {
        self.records.primary()
    }

    /// Every team's rounds and totals, in the order of the `310` records.
    #[must_use]
    pub fn standings(&self) -> &[TeamStanding] {
        &self.standings
    }

    /// The teams whose `310` match or game points are not what the
    /// results make.
    #[must_use]
    pub fn points_disagreements(&self) -> Vec<TeamPointsDisagreement> {
        self.standings
            .iter()
            .filter(|s| {
                s.team
                    .declared_match_points
                    .as_ref()
                    .is_some_and(|d| *d != s.match_points)
                    || s.team
                        .declared_game_points
                        .as_ref()
                        .is_some_and(|d| *d != s.game_points)
            })
            .map(|s| TeamPointsDisagreement {
                team: s.team.number,
                line: s.team.line,
                match_points: (s.team.declared_match_points.clone(), s.match_points.clone()),
                game_points: (s.team.declared_game_points.clone(), s.game_points.clone()),
            })
            .collect()
    }

    /// The contestant names: each team's name (a blank or shared one gets
    /// ` (#number)`).
    #[must_use]
    pub fn contestant_ids(&self) -> Vec<ContestantId> {
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for s in &self.standings {
            *seen.entry(s.team.name.as_str()).or_insert(0) += 1;
        }
        self.standings
            .iter()
            .map(|s| {
                let name = s.team.name.as_str();
                if name.is_empty() || seen.get(name).copied().unwrap_or(0) > 1 {
                    ContestantId::new(format!("{name} (#{})", s.team.number))
                } else {
                    ContestantId::new(name)
                }
            })
            .collect()
    }

    /// The matches as an individual tournament: each team a player
    /// (its number the starting rank), each match a game scored in match
    /// points (`362`), byes, forfeits and absences as the team had them.
    #[must_use]
    pub fn match_tournament(&self) -> &Tournament {
        &self.matches
    }

    /// A team tie-break's value for every team, in standings order.
    pub fn values(&self, code: &TeamTieBreak) -> Result<Vec<Score>, FideError> {
        let score = |s: &TeamStanding, which: TeamScore| match which {
            TeamScore::MatchPoints => s.match_points.clone(),
            TeamScore::GamePoints => s.game_points.clone(),
        };
        let by_team = |values: Vec<Score>| {
            self.at
                .iter()
                .map(|i| values.get(*i).cloned().unwrap_or_default())
                .collect()
        };
        Ok(match &code.kind {
            TeamCodeKind::MatchPoints => self
                .standings
                .iter()
                .map(|s| score(s, TeamScore::MatchPoints))
                .collect(),
            TeamCodeKind::GamePoints => self
                .standings
                .iter()
                .map(|s| score(s, TeamScore::GamePoints))
                .collect(),
            TeamCodeKind::OtherScore => self
                .standings
                .iter()
                .map(|s| score(s, self.primary().other()))
                .collect(),
            TeamCodeKind::OnMatchPoints(c) => {
                let eval = Evaluation::new(&self.matches, self.options)?;
                by_team(eval.values(c)?)
            }
            TeamCodeKind::OnGamePoints(c) => {
                let eval = Evaluation::new(&self.game_matches, self.options)?;
                by_team(eval.values(c)?)
            }
            TeamCodeKind::OnPrimary(c) => {
                let table = match self.primary() {
                    TeamScore::MatchPoints => &self.matches,
                    TeamScore::GamePoints => &self.game_matches,
                };
                by_team(Evaluation::new(table, self.options)?.values(c)?)
            }
            TeamCodeKind::ExtendedDirectEncounter { .. } => {
                vec![Score::ZERO; self.standings.len()]
            }
            TeamCodeKind::ScoreStrength { buchholz, divisor } => {
                let table = match self.primary() {
                    TeamScore::MatchPoints => &self.matches,
                    TeamScore::GamePoints => &self.game_matches,
                };
                let bh: Vec<Score> =
                    by_team(Evaluation::new(table, self.options)?.values(buchholz)?);
                let k = match divisor {
                    Some(k) => k.clone(),
                    None => self.score_strength_divisor(),
                };
                if !k.is_positive() {
                    return Err(CodeError {
                        code: code.to_string(),
                        reason: format!(
                            "K, the floor of the event's ratio, is {k} here ({} rounds, {} boards): give it as /Kx",
                            self.tournament.rounds, self.boards
                        ),
                    }
                    .into());
                }
                self.standings
                    .iter()
                    .zip(bh)
                    .map(|(s, b)| Ok(score(s, self.primary().other()) + b.checked_div(&k)?))
                    .collect::<Result<Vec<Score>, FideError>>()?
            }
            TeamCodeKind::ExtendedMatchGame(c) | TeamCodeKind::ExtendedGameMatch(c) => {
                // E X Y SB: the opponent's X points (art. 16 as for SB)
                // times the team's Y points in the match.
                let (table, own_game_points) = match &code.kind {
                    TeamCodeKind::ExtendedMatchGame(_) => (&self.matches, true),
                    _ => (&self.game_matches, false),
                };
                let eval = Evaluation::new(table, self.options)?;
                self.standings
                    .iter()
                    .zip(&self.at)
                    .map(|(s, i)| {
                        let own: Vec<Score> = s
                            .rounds
                            .iter()
                            .map(|r| {
                                if own_game_points {
                                    r.game_points.clone()
                                } else {
                                    r.match_points.clone()
                                }
                            })
                            .collect();
                        eval.sonneborn_berger_with(*i, c.forfeits_as_played, c.cut, &own)
                    })
                    .collect()
            }
        })
    }

    /// Rank the teams: by the primary score (the `192` type), then by
    /// each tie-break of `list`, each decision in the trace with its
    /// article; a tie the list cannot break ends with the drawing of lots.
    /// A code the edition does not use in the event's format is refused,
    /// as for players ([`team_format_refuses`]).
    pub fn rank(&self, list: &TeamCascade) -> Result<TieBreakOutcome, FideError> {
        for code in &list.0 {
            if let Some(err) = team_format_refuses(code, self.format(), self.options.edition()) {
                return Err(err);
            }
        }
        let ids = self.contestant_ids();
        let primary = TeamTieBreak::plain(match self.primary() {
            TeamScore::MatchPoints => TeamCodeKind::MatchPoints,
            TeamScore::GamePoints => TeamCodeKind::GamePoints,
        });
        let mut groups: Vec<Vec<usize>> = vec![(0..ids.len()).collect()];
        let mut trace = Vec::new();
        for code in std::iter::once(&primary).chain(list.0.iter()) {
            if groups.iter().all(|g| g.len() < 2) {
                break;
            }
            let direct = self.direct_encounter_table(code)?;
            let values = self.values(code)?;
            let encounter = match code.kind {
                TeamCodeKind::ExtendedDirectEncounter {
                    forfeits_as_played,
                    stages,
                } => Some((self.encounter_tables()?, forfeits_as_played, stages)),
                _ => None,
            };
            let mut next = Vec::new();
            for group in groups {
                if group.len() < 2 {
                    next.push(group);
                    continue;
                }
                let (split, met, note) = match (&encounter, &direct) {
                    (Some(((first, second, table_ids), p, _)), _) => (
                        self.extended_direct_encounter(&group, first, second, table_ids, *p),
                        None,
                        None,
                    ),
                    (None, Some((table, table_ids, p))) => {
                        let (split, met, note) =
                            self.direct_encounter(&group, table, table_ids, *p);
                        (split, Some(met), note)
                    }
                    (None, None) => (split_by(&group, &values, &ids), None, None),
                };
                // DE's values are the points scored among the group.
                let shown = |k: usize, i: &usize| match &met {
                    Some(met) => met.get(k).cloned(),
                    None => values.get(*i).cloned(),
                };
                trace.push(Decision {
                    clause: Clause::new(format!("FIDE {} ({code})", code.article())),
                    test: code.description().to_string(),
                    among: sorted(&group, &ids),
                    values: group
                        .iter()
                        .enumerate()
                        .filter_map(|(k, i)| {
                            Some((ids.get(*i)?.clone(), Value::Score(shown(k, i)?)))
                        })
                        .collect(),
                    result: split.iter().map(|g| sorted(g, &ids)).collect(),
                    note,
                });
                match &encounter {
                    Some((_, p, stages)) if !stages.is_empty() => {
                        for pair in split {
                            next.extend(
                                self.board_stages(pair, stages, *p, code, &ids, &mut trace),
                            );
                        }
                    }
                    _ => next.extend(split),
                }
            }
            groups = next;
        }
        let order = groups
            .into_iter()
            .map(|g| TiedGroup {
                members: sorted(&g, &ids),
                unresolved: (g.len() > 1).then(|| Unresolved::RandomBallot {
                    clause: Clause::new("FIDE C.07 drawing of lots"),
                }),
            })
            .collect();
        Ok(TieBreakOutcome { order, trace })
    }
}

/// The matches as an individual tournament scored in match points.
/// A team whose declared rank (record `310`) is not a place the list
/// gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamOutOfPlace {
    /// The team.
    pub team: u32,
    /// The line of its `310` record.
    pub line: usize,
    /// The rank the file declares.
    pub declared: u32,
    /// The first and last place the list gives it (a tie the list cannot
    /// break spans several places, any of which is in place, art. 4.2).
    pub places: (u32, u32),
}

/// What the standings check of a team file finds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct TeamAudit {
    /// Teams whose `310` match or game points are not the results'.
    pub points: Vec<TeamPointsDisagreement>,
    /// Teams whose `310` rank is not a place the list gives them.
    pub out_of_place: Vec<TeamOutOfPlace>,
    /// Teams without a declared rank, when others have one.
    pub missing_rank: Vec<u32>,
}

impl TeamAudit {
    /// Whether there is nothing to report.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.points.is_empty() && self.out_of_place.is_empty() && self.missing_rank.is_empty()
    }
}

impl TeamTournament<'_> {
    /// Check the file's `310` records: match and game points against the
    /// results, ranks against `list` (the primary score first).
    pub fn audit(&self, list: &TeamCascade) -> Result<TeamAudit, FideError> {
        let outcome = self.rank(list)?;
        let ids = self.contestant_ids();
        let mut places: HashMap<&ContestantId, (u32, u32)> = HashMap::new();
        let mut before = 0u32;
        for group in &outcome.order {
            let size = u32::try_from(group.members.len()).unwrap_or(u32::MAX);
            for m in &group.members {
                places.insert(m, (before + 1, before.saturating_add(size)));
            }
            before = before.saturating_add(size);
        }
        let any_rank = self
            .standings
            .iter()
            .any(|s| s.team.declared_rank.is_some());
        let mut audit = TeamAudit {
            points: self.points_disagreements(),
            ..TeamAudit::default()
        };
        for (s, id) in self.standings.iter().zip(&ids) {
            let Some((first, last)) = places.get(id).copied() else {
                continue;
            };
            match s.team.declared_rank {
                Some(declared) if !(first..=last).contains(&declared) => {
                    audit.out_of_place.push(TeamOutOfPlace {
                        team: s.team.number,
                        line: s.team.line,
                        declared,
                        places: (first, last),
                    });
                }
                None if any_rank => audit.missing_rank.push(s.team.number),
                _ => {}
            }
        }
        Ok(audit)
    }

    /// `SSSC`'s K without `/K`: the primary score's points for a win in
    /// every round over the other score's for a win in every round per
    /// board (match points first: ⌊W_MP × rounds ÷ (W_game × boards)⌋;
    /// game points first: ⌊W_game × rounds × boards ÷ W_MP⌋), floored as
    /// the reference engine does (docs/fide.md, SSSC).
    fn score_strength_divisor(&self) -> Score {
        let rounds = Score::from(self.tournament.rounds);
        let boards = Score::from(self.boards);
        let game = &self.tournament.points_system.win;
        let matches = &self.matches.points_system.win;
        let ratio = match self.primary() {
            TeamScore::MatchPoints => (matches * &rounds).checked_div(&(game * &boards)),
            TeamScore::GamePoints => (&(game * &rounds) * &boards).checked_div(matches),
        };
        ratio.map_or(Score::ZERO, |r| r.floor())
    }

    /// The primary and the other score's evaluations, and the match
    /// tournament's contestant ids (the extended direct encounter).
    fn encounter_tables(
        &self,
    ) -> Result<(Evaluation<'_>, Evaluation<'_>, Vec<ContestantId>), FideError> {
        let mp = Evaluation::new(&self.matches, self.options)?;
        let gp = Evaluation::new(&self.game_matches, self.options)?;
        let ids = crate::compute::contestant_ids(&self.matches);
        Ok(match self.primary() {
            TeamScore::MatchPoints => (mp, gp, ids),
            TeamScore::GamePoints => (gp, mp, ids),
        })
    }

    /// `DE` (`:MP`, `:GP`, `/P`): the evaluation of the score it is on
    /// (the primary one without a reference), the match tournament's ids
    /// and whether forfeits count; `None` for any other code.
    fn direct_encounter_table(
        &self,
        code: &TeamTieBreak,
    ) -> Result<Option<(Evaluation<'_>, Vec<ContestantId>, bool)>, FideError> {
        let (table, c) = match &code.kind {
            TeamCodeKind::OnMatchPoints(c) => (&self.matches, c),
            TeamCodeKind::OnGamePoints(c) => (&self.game_matches, c),
            TeamCodeKind::OnPrimary(c) => match self.primary() {
                TeamScore::MatchPoints => (&self.matches, c),
                TeamScore::GamePoints => (&self.game_matches, c),
            },
            _ => return Ok(None),
        };
        if c.kind != TieBreakKind::DirectEncounter {
            return Ok(None);
        }
        Ok(Some((
            Evaluation::new(table, self.options)?,
            crate::compute::contestant_ids(table),
            c.forfeits_as_played,
        )))
    }

    /// `DE` on one tied group (standings indices): art. 6 as for players,
    /// on the teams' matches; the groups, each member's points among the
    /// group and the note when not every pair met.
    fn direct_encounter(
        &self,
        group: &[usize],
        table: &Evaluation<'_>,
        ids: &[ContestantId],
        forfeits_as_played: bool,
    ) -> (Vec<Vec<usize>>, Vec<Score>, Option<String>) {
        let inner: Vec<usize> = group
            .iter()
            .filter_map(|i| self.at.get(*i).copied())
            .collect();
        let back: HashMap<usize, usize> = group
            .iter()
            .filter_map(|i| Some((*self.at.get(*i)?, *i)))
            .collect();
        let (scores, split, note) = table.direct_encounter_in(&inner, ids, forfeits_as_played);
        let split = split
            .into_iter()
            .map(|g| g.iter().filter_map(|i| back.get(i).copied()).collect())
            .collect();
        (split, scores, note)
    }

    /// `EDE`: art. 6 on the primary score; a group it does not split, on
    /// the other; each smaller group again from the primary score.
    fn extended_direct_encounter(
        &self,
        group: &[usize],
        first: &Evaluation<'_>,
        second: &Evaluation<'_>,
        ids: &[ContestantId],
        forfeits_as_played: bool,
    ) -> Vec<Vec<usize>> {
        // Standings index <-> match-tournament index.
        let inner: Vec<usize> = group
            .iter()
            .filter_map(|i| self.at.get(*i).copied())
            .collect();
        let back: HashMap<usize, usize> = group
            .iter()
            .filter_map(|i| Some((*self.at.get(*i)?, *i)))
            .collect();
        let mut out = Vec::new();
        ede(&inner, first, second, ids, forfeits_as_played, &mut out);
        out.into_iter()
            .map(|g| g.iter().filter_map(|i| back.get(i).copied()).collect())
            .collect()
    }
}

impl TeamTournament<'_> {
    /// The 2026 chains' board stages (`BC`, `TBR`, `BBE`): two teams
    /// still tied after the extended direct encounter compared in their
    /// own match(es) (forfeited ones too with `/P`), each stage's steps
    /// in turn until one separates them, each step a decision with its
    /// article; teams that did not meet stay tied.
    fn board_stages(
        &self,
        group: Vec<usize>,
        stages: &[BoardStage],
        forfeits_as_played: bool,
        code: &TeamTieBreak,
        ids: &[ContestantId],
        trace: &mut Vec<Decision>,
    ) -> Vec<Vec<usize>> {
        let (Some(&a), Some(&b), 2) = (group.first(), group.get(1), group.len()) else {
            return vec![group];
        };
        let (Some(sa), Some(sb)) = (self.standings.get(a), self.standings.get(b)) else {
            return vec![group];
        };
        let rounds: Vec<usize> = sa
            .rounds
            .iter()
            .enumerate()
            .filter(|(_, r)| match r.kind {
                TeamRoundKind::Match { opponent } => opponent == sb.team.number,
                TeamRoundKind::Forfeit { opponent, .. } => {
                    forfeits_as_played && opponent == sb.team.number
                }
                _ => false,
            })
            .map(|(i, _)| i)
            .collect();
        // Each team's points per board over their own match(es).
        let per_board = |team: usize| -> Vec<Score> {
            (0..self.boards)
                .map(|board| {
                    rounds
                        .iter()
                        .filter_map(|r| self.board_points.get(team)?.get(*r)?.get(board).cloned())
                        .sum()
                })
                .collect()
        };
        let (pa, pb) = (per_board(a), per_board(b));
        for stage in stages {
            for (test, weights, lower_first) in stage.steps(self.boards) {
                let weighted = |points: &[Score]| -> Score {
                    points.iter().zip(&weights).map(|(p, w)| p.times(*w)).sum()
                };
                let (va, vb) = (weighted(&pa), weighted(&pb));
                let order = if lower_first {
                    vb.cmp(&va)
                } else {
                    va.cmp(&vb)
                };
                let result = match order {
                    std::cmp::Ordering::Greater => vec![vec![a], vec![b]],
                    std::cmp::Ordering::Less => vec![vec![b], vec![a]],
                    std::cmp::Ordering::Equal => vec![group.clone()],
                };
                trace.push(Decision {
                    clause: Clause::new(format!("FIDE {} ({code})", stage.article())),
                    test,
                    among: sorted(&group, ids),
                    values: [(a, va), (b, vb)]
                        .into_iter()
                        .filter_map(|(i, v)| Some((ids.get(i)?.clone(), Value::Score(v))))
                        .collect(),
                    result: result.iter().map(|g| sorted(g, ids)).collect(),
                    note: rounds.is_empty().then(|| {
                        "the two teams did not meet: the stage cannot separate them".to_string()
                    }),
                });
                if rounds.is_empty() {
                    return vec![group];
                }
                if result.len() > 1 {
                    return result;
                }
            }
        }
        vec![group]
    }
}

fn ede(
    group: &[usize],
    first: &Evaluation<'_>,
    second: &Evaluation<'_>,
    ids: &[ContestantId],
    forfeits_as_played: bool,
    out: &mut Vec<Vec<usize>>,
) {
    if group.len() < 2 {
        out.push(group.to_vec());
        return;
    }
    let mut split = first.direct_encounter_groups(group, ids, forfeits_as_played);
    if split.len() < 2 {
        split = second.direct_encounter_groups(group, ids, forfeits_as_played);
    }
    if split.len() < 2 {
        out.push(group.to_vec());
        return;
    }
    for sub in split {
        ede(&sub, first, second, ids, forfeits_as_played, out);
    }
}

/// Per team (in `310` order), round and board, the points its player on
/// that board scored: the board order of record `300` where the file
/// gives one, else the `310` order of the members who have a game or a
/// board forfeit that round.
fn board_points(t: &Tournament, records: &TeamRecords, boards: usize) -> Vec<Vec<Vec<Score>>> {
    let orders: HashMap<(usize, u32), &BoardOrder> = records
        .board_orders
        .iter()
        .map(|o| ((o.round, o.team), o))
        .collect();
    records
        .teams
        .iter()
        .map(|team| {
            (0..t.rounds)
                .map(|r| {
                    let lineup: Vec<u32> = match orders.get(&(r + 1, team.number)) {
                        Some(o) => o.players.clone(),
                        None => team
                            .members
                            .iter()
                            .copied()
                            .filter(|m| {
                                t.player(*m)
                                    .and_then(|p| p.rounds.get(r))
                                    .is_some_and(|e| e.opponent.is_some() || e.result.is_forfeit())
                            })
                            .collect(),
                    };
                    (0..boards)
                        .map(|b| {
                            lineup
                                .get(b)
                                .and_then(|m| {
                                    let i = t
                                        .players
                                        .binary_search_by_key(m, |p| p.starting_rank)
                                        .ok()?;
                                    let e = t.players.get(i)?.rounds.get(r)?;
                                    Some(t.round_points_of(i, r, e).clone())
                                })
                                .unwrap_or_default()
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The matches as an individual tournament of teams: scored in match
/// points, or (`game_points_of: Some(boards)`) with each round's game
/// points set, a win, draw and loss being those of every board.
fn match_tournament(
    t: &Tournament,
    records: &TeamRecords,
    standings: &[TeamStanding],
    game_points_of: Option<usize>,
) -> Result<(Tournament, Vec<usize>), FideError> {
    let mp = &records.match_points;
    let mp_system = PointsSystem {
        win: mp.win.clone(),
        draw: mp.draw.clone(),
        loss: mp.loss.clone(),
        absence: Score::ZERO,
        pairing_allocated_bye: records
            .pairing_allocated
            .as_ref()
            .map_or_else(|| mp.draw.clone(), |p| p.match_points.clone()),
        unknown_result: None,
    };
    let system = match game_points_of {
        None => mp_system.clone(),
        Some(boards) => {
            let boards = Score::from(boards);
            let game = &t.points_system;
            PointsSystem {
                win: &game.win * &boards,
                draw: &game.draw * &boards,
                loss: &game.loss * &boards,
                absence: Score::ZERO,
                pairing_allocated_bye: records
                    .pairing_allocated
                    .as_ref()
                    .map_or_else(|| &game.draw * &boards, |p| p.game_points.clone()),
                unknown_result: None,
            }
        }
    };
    let mut players = Vec::with_capacity(standings.len());
    for s in standings {
        let mut rounds = Vec::with_capacity(s.rounds.len());
        for (r, round) in s.rounds.iter().enumerate() {
            let (opponent, result) = match &round.kind {
                TeamRoundKind::Match { opponent } => {
                    let result = if round.match_points == mp.win {
                        ResultCode::Win
                    } else if round.match_points == mp.draw {
                        ResultCode::Draw
                    } else if round.match_points == mp.loss {
                        ResultCode::Loss
                    } else {
                        return Err(not_a_match_result(s, r, round));
                    };
                    (Some(*opponent), result)
                }
                TeamRoundKind::Pending { opponent } => (Some(*opponent), ResultCode::NotPaired),
                TeamRoundKind::Forfeit { opponent, won } => (
                    Some(*opponent),
                    if *won {
                        ResultCode::ForfeitWin
                    } else {
                        ResultCode::ForfeitLoss
                    },
                ),
                TeamRoundKind::Bye(TeamByeKind::Full) => (None, ResultCode::FullPointBye),
                TeamRoundKind::Bye(TeamByeKind::Half) => (None, ResultCode::HalfPointBye),
                TeamRoundKind::Bye(TeamByeKind::Zero) => (None, ResultCode::ZeroPointBye),
                TeamRoundKind::PairingAllocatedBye => (None, ResultCode::PairingAllocatedBye),
                TeamRoundKind::NotPaired => (None, ResultCode::NotPaired),
            };
            if *mp_system.points(result) != round.match_points {
                return Err(not_a_match_result(s, r, round));
            }
            rounds.push(RoundEntry {
                opponent,
                colour: Colour::None,
                result,
            });
        }
        players.push(Player {
            starting_rank: s.team.number,
            name: s.team.name.clone(),
            rating: None,
            declared_points: None,
            declared_rank: None,
            rounds,
            line: s.team.line,
        });
    }
    players.sort_by_key(|p| p.starting_rank);
    let round_points = game_points_of.map(|_| {
        players
            .iter()
            .map(|p| {
                standings
                    .iter()
                    .find(|s| s.team.number == p.starting_rank)
                    .map(|s| s.rounds.iter().map(|r| r.game_points.clone()).collect())
                    .unwrap_or_default()
            })
            .collect()
    });
    let at = standings
        .iter()
        .map(|s| {
            players
                .binary_search_by_key(&s.team.number, |p| p.starting_rank)
                .unwrap_or(0)
        })
        .collect();
    let matches = Tournament {
        name: t.name.clone(),
        start_date: t.start_date,
        rounds: t.rounds,
        players,
        tie_break_codes: None,
        format: t.format,
        points_system: system,
        source_lines: Vec::new(),
        team: None,
        round_points,
        byes_from_points: Vec::new(),
        pseudo_players: Vec::new(),
    };
    Ok((matches, at))
}

/// A round whose match points (set by a `299` record) are none of a
/// match's results: the individual codes on match points cannot take it.
fn not_a_match_result(s: &TeamStanding, r: usize, round: &TeamRound) -> FideError {
    FideError::Code(CodeError {
        code: format!("team {} round {}", s.team.number, r + 1),
        reason: format!(
            "{} match points (record 299, line {}) are not a match won, drawn or lost: the tie-breaks on match points cannot count the round",
            round.match_points,
            round.abnormal.unwrap_or(s.team.line)
        ),
    })
}

fn sorted(group: &[usize], ids: &[ContestantId]) -> Vec<ContestantId> {
    let mut out: Vec<ContestantId> = group.iter().filter_map(|i| ids.get(*i).cloned()).collect();
    out.sort();
    out
}

/// Split a group by value, higher first; equal values stay together,
/// sorted by name.
fn split_by(group: &[usize], values: &[Score], ids: &[ContestantId]) -> Vec<Vec<usize>> {
    let mut members = group.to_vec();
    let zero = Score::ZERO;
    members.sort_by(|a, b| {
        let va = values.get(*a).unwrap_or(&zero);
        let vb = values.get(*b).unwrap_or(&zero);
        vb.cmp(va).then_with(|| ids.get(*a).cmp(&ids.get(*b)))
    });
    let mut out: Vec<Vec<usize>> = Vec::new();
    for m in members {
        let same = out.last().and_then(|g| g.first()).is_some_and(|first| {
            values.get(*first).unwrap_or(&zero) == values.get(m).unwrap_or(&zero)
        });
        match out.last_mut() {
            Some(g) if same => g.push(m),
            _ => out.push(vec![m]),
        }
    }
    out
}

/// A team tie-break the crate computes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TeamCodeKind {
    /// `MPTS`: match points.
    MatchPoints,
    /// `GPTS`: game points.
    GamePoints,
    /// `MPvGP`: the score that does not rank first (game points when
    /// match points rank first, and the other way round).
    OtherScore,
    /// An individual code on match points (`BH:MP/C1/P`, `SB:MP`, `PS:MP`
    /// ..., and `EMMSB`, which is `SB:MP`): computed by the individual
    /// rules on the teams' match results, each match a game scored in
    /// match points (`362`), art. 16 on unplayed rounds included.
    OnMatchPoints(TieBreakCode),
    /// The same on game points (`BH:GP/C1`, `SB:GP` ..., and `EGGSB`,
    /// which is `SB:GP`): each match a game scored in game points, a
    /// draw being a draw on every board.
    OnGamePoints(TieBreakCode),
    /// An individual code without `:MP` or `:GP`: on the score that ranks
    /// first (the `192` type).
    OnPrimary(TieBreakCode),
    /// `EMGSB`: per match, the opponent's match points (as art. 16
    /// counts them, with `/P` and `/Cn` as for `SB`) times the game
    /// points the team scored in it.
    ExtendedMatchGame(TieBreakCode),
    /// `EGMSB`: per match, the opponent's game points (likewise) times the
    /// match points the team scored in it.
    ExtendedGameMatch(TieBreakCode),
    /// `EDE` (`/P`): the extended direct encounter: art. 6 among the tied
    /// teams on the primary score, then on the other, each smaller group
    /// again from the primary score, until neither splits; then, in the
    /// 2026 chains (`EDET`, `EDEB`, `EDEBT`, `EDEBB`, and the reference
    /// engine's `EDEC`), two teams still tied compared in their own
    /// match(es) by each board stage in turn ([`EDE_CHAINS`]). It ranks a
    /// group; [`TeamTournament::values`] gives it no value (0).
    ExtendedDirectEncounter {
        /// `/P`: forfeited matches count as matches.
        forfeits_as_played: bool,
        /// The board stages after EDE, in order (none for `EDE`).
        stages: &'static [BoardStage],
    },
    /// `SSSC` (`/F`, `/P`, `/Kx`): the score strength combination: the
    /// score that does not rank first plus the Buchholz on the primary
    /// score divided by K (the C.07 2026 text was not found: the
    /// reference engine's reading, see docs/fide.md).
    ScoreStrength {
        /// The Buchholz on the primary score (`/F` Fore, `/P` forfeits as
        /// played).
        buchholz: TieBreakCode,
        /// `/Kx`: K given; `None`: K from the event (docs/fide.md).
        divisor: Option<Score>,
    },
}

/// A board stage of the 2026 chains: two teams still tied after the
/// extended direct encounter compared in their own match(es), the points
/// each team's player on a board scored there (boards by record `300`,
/// else the `310` order of the members who played).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BoardStage {
    /// `BC`, the board count: the sum over the boards of the board number
    /// times the points scored on it; the lower sum ranks first (points
    /// won on higher boards count for more).
    BoardCount,
    /// `TBR`, the top-board results: board 1's points, then board 2's
    /// ...; the first board whose points differ decides.
    TopBoard,
    /// `BBE`, board elimination: the points of every board but the last,
    /// then of every board but the last two ..., down to board 1 alone;
    /// the first sum that differs decides.
    BoardElimination,
}

impl BoardStage {
    /// The stage's code (`BC`, `TBR`, `BBE`).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            BoardStage::BoardCount => "BC",
            BoardStage::TopBoard => "TBR",
            BoardStage::BoardElimination => "BBE",
        }
    }

    /// The article naming the stage.
    #[must_use]
    pub fn article(self) -> &'static str {
        match self {
            BoardStage::BoardCount => {
                "MTB26 BC (board count, two teams still tied, their own match(es))"
            }
            BoardStage::TopBoard => {
                "MTB26 TBR (top-board results, two teams still tied, their own match(es))"
            }
            BoardStage::BoardElimination => {
                "MTB26 BBE (board elimination, two teams still tied, their own match(es))"
            }
        }
    }

    /// The comparisons the stage makes on a match of `boards` boards, in
    /// order: each a weight per board (from board 1) and whether the
    /// lower weighted sum ranks first.
    fn steps(self, boards: usize) -> Vec<(String, Vec<i64>, bool)> {
        let number = |k: usize| i64::try_from(k).unwrap_or(i64::MAX);
        match self {
            BoardStage::BoardCount => vec![(
                "board number times points, summed (lower first)".to_string(),
                (1..=boards).map(number).collect(),
                true,
            )],
            BoardStage::TopBoard => (0..boards)
                .map(|b| {
                    (
                        format!("points on board {}", b + 1),
                        (0..boards).map(|k| i64::from(k == b)).collect(),
                        false,
                    )
                })
                .collect(),
            BoardStage::BoardElimination => (1..boards)
                .rev()
                .map(|kept| {
                    (
                        format!("points on boards 1-{kept}"),
                        (0..boards).map(|k| i64::from(k < kept)).collect(),
                        false,
                    )
                })
                .collect(),
        }
    }
}

/// The extended direct encounter and its 2026 chains: the code and the
/// board stages after EDE, in order. `EDEB` is EDE then board elimination
/// and `EDEC` (the reference engine's code; the other reading of `EDEB`)
/// EDE then the board count (docs/fide.md).
pub const EDE_CHAINS: &[(&str, &[BoardStage])] = &[
    ("EDE", &[]),
    ("EDET", &[BoardStage::TopBoard]),
    ("EDEB", &[BoardStage::BoardElimination]),
    ("EDEC", &[BoardStage::BoardCount]),
    ("EDEBT", &[BoardStage::BoardCount, BoardStage::TopBoard]),
    (
        "EDEBB",
        &[BoardStage::BoardCount, BoardStage::BoardElimination],
    ),
];

/// The name of an extended direct encounter's chain.
fn chain_name(stages: &[BoardStage]) -> &'static str {
    EDE_CHAINS
        .iter()
        .find(|(_, s)| *s == stages)
        .map_or("EDE", |(name, _)| name)
}

/// The table-driven team codes: code, kind, article, what it compares.
/// The individual codes on match points take the individual code's article.
pub const TEAM_CODES: &[(&str, &str, &str)] = &[
    ("MPTS", "C.07 12 (team: match points)", "match points"),
    ("GPTS", "C.07 12 (team: game points)", "game points"),
    ("MPVGP", "MTB26 MPvGP", "the other of match and game points"),
    (
        "EMMSB",
        "MTB26 EMMSB (art. 9.1 on match points)",
        "opponents' match points times match points scored",
    ),
    (
        "EMGSB",
        "MTB26 EMGSB (art. 9.1, team)",
        "opponents' match points times game points scored",
    ),
    (
        "EGMSB",
        "MTB26 EGMSB (art. 9.1, team)",
        "opponents' game points times match points scored",
    ),
    (
        "EGGSB",
        "MTB26 EGGSB (art. 9.1 on game points)",
        "opponents' game points times game points scored",
    ),
    (
        "EDE",
        "MTB26 EDE (art. 6, team)",
        "direct encounter on the primary score, then on the other, in turn",
    ),
    (
        "EDET",
        "MTB26 EDET (art. 6, team, then top-board results)",
        "extended direct encounter, then two teams' own match board by board",
    ),
    (
        "EDEB",
        "MTB26 EDEB (art. 6, team, then board elimination)",
        "extended direct encounter, then two teams' own match by board elimination",
    ),
    (
        "EDEC",
        "MTB26 EDE then BC (art. 6, team, then the board count; the reference engine's EDEC)",
        "extended direct encounter, then two teams' own match by board count",
    ),
    (
        "EDEBT",
        "MTB26 EDEBT (art. 6, team, then board count, then top-board results)",
        "extended direct encounter, then two teams' own match by board count, then board by board",
    ),
    (
        "EDEBB",
        "MTB26 EDEBB (art. 6, team, then board count, then board elimination)",
        "extended direct encounter, then two teams' own match by board count, then by board elimination",
    ),
    (
        "SSSC",
        "MTB26 SSSC (score strength combination; reference engine's reading)",
        "the other score plus the primary score's Buchholz divided by K",
    ),
];

/// The individual tie-breaks a team can be ranked by on game points.
/// (`FB:GP` as `FB:MP`: the last match a draw on every board, art. 8.3;
/// where the reference engine differs, docs/fide.md argues the text.)
fn on_game_points(kind: TieBreakKind) -> bool {
    matches!(
        kind,
        TieBreakKind::Points
            | TieBreakKind::DirectEncounter
            | TieBreakKind::Buchholz
            | TieBreakKind::ForeBuchholz
            | TieBreakKind::SonnebornBerger
            | TieBreakKind::ProgressiveScore
            | TieBreakKind::Koya
            | TieBreakKind::AverageOfOpponentsBuchholz
    )
}

/// The individual tie-breaks a team can be ranked by on match points:
/// each computed by the individual rules on the teams' matches, a match
/// a game. Art. 7's counts that need no colour are among them (issue 42:
/// `WON:MP`, matches won over the board; `REP:MP`, rounds the team
/// elected to play; `STD`, standard points of the match results); the
/// colour counts `BPG` and `BWG` are not (a match has a colour only per
/// board), nor are the counts on game points (`WIN:GP` …): docs/fide.md.
/// `PTS` (the score itself) and `DE` (art. 6 among the tied teams, on
/// the score named, else the primary one) are C.07's plain codes on
/// either score (issue 42).
fn on_match_points(kind: TieBreakKind) -> bool {
    matches!(
        kind,
        TieBreakKind::Points
            | TieBreakKind::DirectEncounter
            | TieBreakKind::Buchholz
            | TieBreakKind::AverageOfOpponentsBuchholz
            | TieBreakKind::ForeBuchholz
            | TieBreakKind::SonnebornBerger
            | TieBreakKind::ProgressiveScore
            | TieBreakKind::Wins
            | TieBreakKind::GamesWon
            | TieBreakKind::RoundsElectedToPlay
            | TieBreakKind::StandardPoints
            | TieBreakKind::PairingNumber
            | TieBreakKind::Koya
    )
}

/// A team tie-break code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TeamTieBreak {
    /// The tie-break.
    pub kind: TeamCodeKind,
    /// The code as written.
    pub written: String,
}

impl TeamTieBreak {
    /// A code of the table.
    #[must_use]
    pub fn plain(kind: TeamCodeKind) -> TeamTieBreak {
        let written = match &kind {
            TeamCodeKind::MatchPoints => "MPTS".to_string(),
            TeamCodeKind::GamePoints => "GPTS".to_string(),
            TeamCodeKind::OtherScore => "MPvGP".to_string(),
            TeamCodeKind::OnMatchPoints(c) => with_reference(c, ":MP"),
            TeamCodeKind::OnGamePoints(c) => with_reference(c, ":GP"),
            TeamCodeKind::OnPrimary(c) => format!("{c}"),
            TeamCodeKind::ExtendedMatchGame(c) => format!("EMG{c}"),
            TeamCodeKind::ExtendedGameMatch(c) => format!("EGM{c}"),
            TeamCodeKind::ExtendedDirectEncounter {
                forfeits_as_played,
                stages,
            } => format!(
                "{}{}",
                chain_name(stages),
                if *forfeits_as_played { "/P" } else { "" }
            ),
            TeamCodeKind::ScoreStrength { buchholz, divisor } => format!(
                "SSSC{}{}",
                buchholz.to_string().trim_start_matches("BH"),
                divisor
                    .as_ref()
                    .map(|k| format!("/K{k}"))
                    .unwrap_or_default()
            ),
        };
        TeamTieBreak { kind, written }
    }

    /// The article (or MTB26 entry) that defines it.
    #[must_use]
    pub fn article(&self) -> String {
        let table = |code: &str| {
            TEAM_CODES
                .iter()
                .find(|e| e.0 == code)
                .map_or(String::new(), |e| e.1.to_string())
        };
        match &self.kind {
            TeamCodeKind::MatchPoints => table("MPTS"),
            TeamCodeKind::GamePoints => table("GPTS"),
            TeamCodeKind::OtherScore => table("MPVGP"),
            TeamCodeKind::OnMatchPoints(c) => format!("C.07 {} on match points", c.article()),
            TeamCodeKind::OnGamePoints(c) => format!("C.07 {} on game points", c.article()),
            TeamCodeKind::OnPrimary(c) => format!("C.07 {} on the primary score", c.article()),
            TeamCodeKind::ExtendedMatchGame(_) => table("EMGSB"),
            TeamCodeKind::ExtendedGameMatch(_) => table("EGMSB"),
            TeamCodeKind::ExtendedDirectEncounter { stages, .. } => table(chain_name(stages)),
            TeamCodeKind::ScoreStrength { .. } => table("SSSC"),
        }
    }

    /// What it compares, in words.
    #[must_use]
    pub fn description(&self) -> &'static str {
        let table = |code: &str| TEAM_CODES.iter().find(|e| e.0 == code).map_or("", |e| e.2);
        match &self.kind {
            TeamCodeKind::MatchPoints => table("MPTS"),
            TeamCodeKind::GamePoints => table("GPTS"),
            TeamCodeKind::OtherScore => table("MPVGP"),
            TeamCodeKind::OnMatchPoints(c)
            | TeamCodeKind::OnGamePoints(c)
            | TeamCodeKind::OnPrimary(c) => c.kind.description(),
            TeamCodeKind::ExtendedMatchGame(_) => table("EMGSB"),
            TeamCodeKind::ExtendedGameMatch(_) => table("EGMSB"),
            TeamCodeKind::ExtendedDirectEncounter { stages, .. } => table(chain_name(stages)),
            TeamCodeKind::ScoreStrength { .. } => table("SSSC"),
        }
    }
}

impl TeamTieBreak {
    /// Whether it ranks a group rather than giving each team a value of
    /// its own (`DE` and the `EDE` chains: their decisions are in the
    /// trace, and a column of values would say nothing).
    #[must_use]
    pub fn ranks_groups(&self) -> bool {
        match &self.kind {
            TeamCodeKind::ExtendedDirectEncounter { .. } => true,
            TeamCodeKind::OnMatchPoints(c)
            | TeamCodeKind::OnGamePoints(c)
            | TeamCodeKind::OnPrimary(c) => c.kind == TieBreakKind::DirectEncounter,
            _ => false,
        }
    }
}

impl std::fmt::Display for TeamTieBreak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.written)
    }
}

impl std::str::FromStr for TeamTieBreak {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<TeamTieBreak, CodeError> {
        let written = text.trim().to_string();
        let upper = written.to_ascii_uppercase();
        let fail = |reason: String| CodeError {
            code: written.clone(),
            reason,
        };
        let (name, modifiers) = upper
            .split_once('/')
            .map_or((upper.as_str(), ""), |(n, m)| (n, m));
        let with = |base: &str| -> Result<TieBreakCode, CodeError> {
            if modifiers.is_empty() {
                base.parse()
            } else {
                format!("{base}/{modifiers}").parse()
            }
        };
        let kind = match name {
            "MPTS" if modifiers.is_empty() => TeamCodeKind::MatchPoints,
            "GPTS" if modifiers.is_empty() => TeamCodeKind::GamePoints,
            "MPVGP" if modifiers.is_empty() => TeamCodeKind::OtherScore,
            "EMMSB" => TeamCodeKind::OnMatchPoints(with("SB")?),
            "EMGSB" => TeamCodeKind::ExtendedMatchGame(with("SB")?),
            "EGMSB" => TeamCodeKind::ExtendedGameMatch(with("SB")?),
            "EGGSB" => TeamCodeKind::OnGamePoints(with("SB")?),
            _ if EDE_CHAINS.iter().any(|(chain, _)| *chain == name) => {
                TeamCodeKind::ExtendedDirectEncounter {
                    forfeits_as_played: match modifiers {
                        "" => false,
                        "P" => true,
                        _ => return Err(fail(format!("{name} takes only /P"))),
                    },
                    stages: EDE_CHAINS
                        .iter()
                        .find(|(chain, _)| *chain == name)
                        .map_or(&[], |(_, stages)| stages),
                }
            }
            "SSSC" => score_strength(modifiers).map_err(fail)?,
            _ => {
                let (base, reference) = match name.split_once(':') {
                    Some((b, r)) => (b, Some(r)),
                    None => (name, None),
                };
                let code: TieBreakCode =
                    with(base).map_err(|_| fail(UNKNOWN_TEAM_CODE.to_string()))?;
                match reference {
                    Some("MP") if on_match_points(code.kind) => TeamCodeKind::OnMatchPoints(code),
                    Some("GP") if on_game_points(code.kind) => TeamCodeKind::OnGamePoints(code),
                    None if on_match_points(code.kind) => TeamCodeKind::OnPrimary(code),
                    _ => return Err(fail(UNKNOWN_TEAM_CODE.to_string())),
                }
            }
        };
        Ok(TeamTieBreak { kind, written })
    }
}

/// The refusal of a code no team rule takes, listing the known ones.
const UNKNOWN_TEAM_CODE: &str = "not a team tie-break this crate computes (known: MPTS, GPTS, MPvGP, PTS and DE (:MP, :GP), EDE, EDET, EDEB, EDEBT, EDEBB, EDEC (/P), EMMSB, EMGSB, EGMSB, EGGSB, BH, FB, SB, PS, AOB, WIN, WON, REP, STD, TPN, KS with :MP, BH, FB, SB, PS, KS, AOB with :GP; SSSC (/F, /P, /Kx); BC, TBR and BBE as stages of the EDE chains)";

/// `SSSC`'s modifiers: `/F` and `/P` go to its Buchholz, `/Kx` (x a
/// whole number above 0) sets K.
fn score_strength(modifiers: &str) -> Result<TeamCodeKind, String> {
    let mut divisor = None;
    let mut rest = Vec::new();
    for m in modifiers.split('/').filter(|m| !m.is_empty()) {
        match m.strip_prefix('K') {
            Some(k) if divisor.is_none() => {
                let k =
                    k.parse::<u32>().ok().filter(|k| *k > 0).ok_or_else(|| {
                        format!("SSSC's /K takes a whole number above 0, not {k:?}")
                    })?;
                divisor = Some(Score::from(k));
            }
            _ if m == "F" || m == "P" => rest.push(m),
            _ => return Err(format!("SSSC takes only /F, /P and /Kx, not /{m}")),
        }
    }
    let code = if rest.is_empty() {
        "BH".to_string()
    } else {
        format!("BH/{}", rest.join("/"))
    };
    let buchholz = code.parse::<TieBreakCode>().map_err(|e| e.reason)?;
    Ok(TeamCodeKind::ScoreStrength { buchholz, divisor })
}

/// `BH/C1/P` with `:MP` after the name: `BH:MP/C1/P`.
fn with_reference(code: &TieBreakCode, reference: &str) -> String {
    let text = code.to_string();
    match text.split_once('/') {
        Some((name, rest)) => format!("{name}{reference}/{rest}"),
        None => format!("{text}{reference}"),
    }
}

/// A list of team tie-breaks (`MPvGP, BH:MP/C1/P`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[allow(clippy::exhaustive_structs)] // Closed: a tie-break list is its codes.
pub struct TeamCascade(pub Vec<TeamTieBreak>);

impl std::str::FromStr for TeamCascade {
    type Err = CodeError;

    /// Codes separated by commas, semicolons or blanks; at most
    /// [`crate::MAX_TIE_BREAKS`]; a leading `MPTS` or `GPTS` that is the
    /// primary score is kept (it splits nothing).
    fn from_str(text: &str) -> Result<TeamCascade, CodeError> {
        let codes = crate::code::split_codes(text, crate::MAX_TIE_BREAKS + 1);
        if codes.len() > crate::MAX_TIE_BREAKS {
            return Err(CodeError {
                code: text.chars().take(40).collect(),
                reason: format!(
                    "a tie-break list holds at most {} codes",
                    crate::MAX_TIE_BREAKS
                ),
            });
        }
        codes
            .into_iter()
            .map(str::parse)
            .collect::<Result<Vec<_>, _>>()
            .map(TeamCascade)
    }
}
