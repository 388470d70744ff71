//! The team records of a TRF-2026 (or TRF-16) file, as the reader
//! [`crate::trf::parse`] reads them; [`crate::team`] ranks the teams they
//! make. Kept apart from the ranking so that the reader does not depend on
//! it (the ranking reads a [`crate::trf::Tournament`]).
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

use countback_model::Score;

use crate::error::{TrfError, TrfErrorKind};

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

pub(crate) fn err(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
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
