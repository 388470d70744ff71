//! A reader for FIDE TRF-16 tournament report files (and the TRF-2026
//! records that name the tie-breaks), from text.
//!
//! Only what tie-breaks need is read: the `001` player records (starting
//! rank, name, rating, points and every round's opponent, colour and
//! result), the tournament name (`012`), start date (`042`), number of
//! rounds (`142`) and the tie-break lists (`202`, `212`). Every other record
//! and every `###` comment line is skipped.
//!
//! Columns are counted in characters from 1, as the TRF-16 layout does.

use model::Score;

use crate::edition::Date;
use crate::error::{TrfError, TrfErrorKind};

/// The colour a player had in a round, as the TRF writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Colour {
    /// `w`.
    White,
    /// `b`.
    Black,
    /// `-` or blank: no colour (byes, and forfeits where it is unknown).
    None,
}

/// A TRF-16 result code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResultCode {
    /// `1`: won over the board.
    Win,
    /// `=`: drawn over the board.
    Draw,
    /// `0`: lost over the board.
    Loss,
    /// `+`: won by forfeit.
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `W`: won, game not rated.
    UnratedWin,
    /// `D`: drawn, game not rated.
    UnratedDraw,
    /// `L`: lost, game not rated.
    UnratedLoss,
    /// `H`: half-point bye (requested).
    HalfPointBye,
    /// `F`: full-point bye.
    FullPointBye,
    /// `U`: pairing-allocated bye.
    PairingAllocatedBye,
    /// `Z`: zero-point bye (a known absence).
    ZeroPointBye,
    /// Blank: not paired (treated like `Z`).
    NotPaired,
}

impl ResultCode {
    /// The code for a TRF character, if it is one.
    #[must_use]
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' | 'w' => ResultCode::UnratedWin,
            'D' | 'd' => ResultCode::UnratedDraw,
            'L' | 'l' => ResultCode::UnratedLoss,
            'H' | 'h' => ResultCode::HalfPointBye,
            'F' | 'f' => ResultCode::FullPointBye,
            'U' | 'u' => ResultCode::PairingAllocatedBye,
            'Z' | 'z' => ResultCode::ZeroPointBye,
            ' ' => ResultCode::NotPaired,
            _ => return None,
        })
    }

    /// The TRF character of the code.
    #[must_use]
    pub fn to_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::HalfPointBye => 'H',
            ResultCode::FullPointBye => 'F',
            ResultCode::PairingAllocatedBye => 'U',
            ResultCode::ZeroPointBye => 'Z',
            ResultCode::NotPaired => ' ',
        }
    }

    /// The points the code scores (1, ½ or 0).
    #[must_use]
    pub fn points(self) -> Score {
        match self {
            ResultCode::Win
            | ResultCode::ForfeitWin
            | ResultCode::UnratedWin
            | ResultCode::FullPointBye
            | ResultCode::PairingAllocatedBye => Score::ONE,
            ResultCode::Draw | ResultCode::UnratedDraw | ResultCode::HalfPointBye => Score::half(),
            ResultCode::Loss
            | ResultCode::ForfeitLoss
            | ResultCode::UnratedLoss
            | ResultCode::ZeroPointBye
            | ResultCode::NotPaired => Score::ZERO,
        }
    }

    /// Whether a game was played over the board (the opponent sat down).
    #[must_use]
    pub fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }

    /// Whether the code is a forfeit (`+` or `-`).
    #[must_use]
    pub fn is_forfeit(self) -> bool {
        matches!(self, ResultCode::ForfeitWin | ResultCode::ForfeitLoss)
    }

    /// Whether the code names an opponent (played games and forfeits).
    #[must_use]
    pub fn has_opponent(self) -> bool {
        self.is_played() || self.is_forfeit()
    }

    /// The result the opponent's line must show.
    #[must_use]
    pub fn mirror(self) -> Option<ResultCode> {
        Some(match self {
            ResultCode::Win => ResultCode::Loss,
            ResultCode::Loss => ResultCode::Win,
            ResultCode::Draw => ResultCode::Draw,
            ResultCode::UnratedWin => ResultCode::UnratedLoss,
            ResultCode::UnratedLoss => ResultCode::UnratedWin,
            ResultCode::UnratedDraw => ResultCode::UnratedDraw,
            ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
            ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
            _ => return None,
        })
    }
}

/// One round of one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundEntry {
    /// The opponent's starting rank, if any.
    pub opponent: Option<u32>,
    /// The colour.
    pub colour: Colour,
    /// The result.
    pub result: ResultCode,
}

impl RoundEntry {
    /// A round in which the player was not paired.
    #[must_use]
    pub fn not_paired() -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: Colour::None,
            result: ResultCode::NotPaired,
        }
    }
}

/// A `001` player record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The starting rank (pairing number), columns 5-8.
    pub starting_rank: u32,
    /// The name, columns 15-47, trimmed.
    pub name: String,
    /// The rating, columns 49-52 (`None` when blank or zero).
    pub rating: Option<u32>,
    /// The points the file declares, columns 81-84.
    pub declared_points: Option<Score>,
    /// The rounds, in order; rounds the line does not reach are not paired.
    pub rounds: Vec<RoundEntry>,
    /// The line of the file the record was on (1-based).
    pub line: usize,
}

impl Player {
    /// The record as a TRF-16 `001` line (sex, title, federation, FIDE id
    /// and birth date blank; the rank field repeats the starting rank).
    #[must_use]
    pub fn to_trf_line(&self) -> String {
        let rating = self.rating.map(|r| r.to_string()).unwrap_or_default();
        let points = self
            .declared_points
            .as_ref()
            .unwrap_or(&self.points())
            .to_decimal(1, &model::RoundingMode::TowardZero)
            .unwrap_or_default();
        let mut line = format!(
            "001 {:>4} {:4} {:<33} {:>4} {:3} {:11} {:10} {:>4} {:>4}",
            self.starting_rank,
            "",
            self.name.chars().take(33).collect::<String>(),
            rating,
            "",
            "",
            "",
            points,
            self.starting_rank
        );
        for round in &self.rounds {
            let opponent = round
                .opponent
                .map_or_else(|| "0000".to_string(), |o| o.to_string());
            let colour = match round.colour {
                Colour::White => 'w',
                Colour::Black => 'b',
                Colour::None => '-',
            };
            line.push_str(&format!(
                "  {opponent:>4} {colour} {}",
                round.result.to_char()
            ));
        }
        line
    }

    /// The points the results score.
    #[must_use]
    pub fn points(&self) -> Score {
        self.rounds.iter().map(|r| r.result.points()).sum()
    }
}

/// A tournament read from a TRF file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tournament {
    /// The name (`012`).
    pub name: Option<String>,
    /// The start date (`042`), when it parses as a date.
    pub start_date: Option<Date>,
    /// The number of rounds: `142` if given, else the longest player line.
    pub rounds: usize,
    /// The players, ordered by starting rank.
    pub players: Vec<Player>,
    /// The tie-break codes of a `202` or `212` record, as written.
    pub tie_break_codes: Option<Vec<String>>,
}

impl Tournament {
    /// The tie-breaks the file names (`202` or `212`), parsed; `None` when it names none.
    pub fn declared_cascade(
        &self,
    ) -> Result<Option<crate::code::Cascade>, crate::error::CodeError> {
        self.tie_break_codes
            .as_ref()
            .map(|codes| crate::code::Cascade::from_codes(codes))
            .transpose()
    }

    /// The player with the given starting rank.
    #[must_use]
    pub fn player(&self, starting_rank: u32) -> Option<&Player> {
        self.players
            .binary_search_by_key(&starting_rank, |p| p.starting_rank)
            .ok()
            .and_then(|i| self.players.get(i))
    }
}

/// More rounds than any chess event has; a guard against absurd input.
pub const MAX_ROUNDS: usize = 1000;

/// The first column of round 1's opponent field.
const FIRST_ROUND_COLUMN: usize = 92;
/// The width of one round's field, separator included.
const ROUND_WIDTH: usize = 10;

struct Line<'a> {
    number: usize,
    chars: &'a [char],
}

impl Line<'_> {
    fn err(&self, column: usize, kind: TrfErrorKind) -> TrfError {
        TrfError {
            line: self.number,
            column,
            kind,
        }
    }

    /// Columns `from..=to` (1-based) as text; `None` if the line is shorter.
    fn field(&self, from: usize, to: usize) -> Option<String> {
        self.chars
            .get(from.checked_sub(1)?..to)
            .map(|s| s.iter().collect())
    }

    fn char_at(&self, column: usize) -> char {
        column
            .checked_sub(1)
            .and_then(|i| self.chars.get(i))
            .copied()
            .unwrap_or(' ')
    }

    fn require_blank(&self, column: usize) -> Result<(), TrfError> {
        let c = self.char_at(column);
        if c == ' ' {
            Ok(())
        } else {
            Err(self.err(column, TrfErrorKind::Misaligned { found: c }))
        }
    }

    fn number(&self, from: usize, to: usize) -> Result<Option<u32>, TrfError> {
        let text = self.field(from, to).ok_or_else(|| {
            self.err(
                self.chars.len() + 1,
                TrfErrorKind::ShortLine {
                    needed: to,
                    length: self.chars.len(),
                },
            )
        })?;
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Ok(None);
        }
        let offset = text.len() - text.trim_start().len();
        if !trimmed.chars().all(|c| c.is_ascii_digit()) {
            return Err(self.err(
                from + offset,
                TrfErrorKind::NotANumber {
                    text: trimmed.to_string(),
                },
            ));
        }
        trimmed.parse::<u32>().map(Some).map_err(|_| {
            self.err(
                from + offset,
                TrfErrorKind::NotANumber {
                    text: trimmed.to_string(),
                },
            )
        })
    }
}

/// Read a TRF-16 file from text.
///
/// Checks every opponent named is a listed player and that both lines of a
/// game agree on the opponent, the result and the colours.
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    let mut tournament = Tournament::default();
    let mut declared_rounds: Option<usize> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let chars: Vec<char> = raw.trim_end_matches('\r').chars().collect();
        let line = Line {
            number,
            chars: &chars,
        };
        let code: String = chars.iter().take(3).collect();
        let rest = || -> String { chars.iter().skip(4).collect::<String>().trim().to_string() };
        match code.as_str() {
            "001" => tournament.players.push(player_record(&line)?),
            "012" => tournament.name = Some(rest()),
            "042" => tournament.start_date = Date::parse_trf(&rest()),
            "142" => {
                let text = rest();
                let rounds = text
                    .parse::<usize>()
                    .map_err(|_| line.err(5, TrfErrorKind::NotANumber { text: text.clone() }))?;
                if rounds > MAX_ROUNDS {
                    return Err(line.err(5, TrfErrorKind::TooManyRounds { rounds }));
                }
                declared_rounds = Some(rounds);
            }
            "202" | "212" => {
                let codes: Vec<String> = rest()
                    .split([',', ' ', ';'])
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
                tournament.tie_break_codes = Some(codes);
            }
            _ => {}
        }
    }
    tournament.players.sort_by_key(|p| p.starting_rank);
    for pair in tournament.players.windows(2) {
        if let [a, b] = pair {
            if a.starting_rank == b.starting_rank {
                return Err(TrfError {
                    line: b.line,
                    column: 5,
                    kind: TrfErrorKind::DuplicateStartingRank {
                        rank: b.starting_rank,
                    },
                });
            }
        }
    }
    let longest = tournament
        .players
        .iter()
        .map(|p| p.rounds.len())
        .max()
        .unwrap_or(0);
    let rounds = declared_rounds.unwrap_or(longest).max(longest);
    tournament.rounds = rounds;
    for p in &mut tournament.players {
        p.rounds.resize(rounds, RoundEntry::not_paired());
    }
    check_consistency(&tournament)?;
    Ok(tournament)
}

fn player_record(line: &Line<'_>) -> Result<Player, TrfError> {
    // A record must reach the points field to be a record at all.
    if line.chars.len() < 84 {
        return Err(line.err(
            line.chars.len() + 1,
            TrfErrorKind::ShortLine {
                needed: 84,
                length: line.chars.len(),
            },
        ));
    }
    line.require_blank(4)?;
    line.require_blank(9)?;
    let starting_rank = line
        .number(5, 8)?
        .filter(|r| *r > 0)
        .ok_or_else(|| line.err(5, TrfErrorKind::MissingStartingRank))?;
    line.require_blank(14)?;
    let name = line.field(15, 47).unwrap_or_default().trim().to_string();
    line.require_blank(48)?;
    let rating = line.number(49, 52)?.filter(|r| *r > 0);
    let points_text = line.field(81, 84).unwrap_or_default();
    let declared_points = if points_text.trim().is_empty() {
        None
    } else {
        Some(Score::parse(points_text.trim()).map_err(|_| {
            line.err(
                81,
                TrfErrorKind::NotANumber {
                    text: points_text.trim().to_string(),
                },
            )
        })?)
    };
    let mut rounds = Vec::new();
    let mut start = FIRST_ROUND_COLUMN;
    loop {
        let tail: String = line.chars.iter().skip(start.saturating_sub(2)).collect();
        if tail.trim().is_empty() {
            break;
        }
        // The result may be a blank that an editor trimmed away; the colour may not.
        if line.chars.len() < start + 5 {
            return Err(line.err(
                line.chars.len() + 1,
                TrfErrorKind::ShortLine {
                    needed: start + 5,
                    length: line.chars.len(),
                },
            ));
        }
        if rounds.len() >= MAX_ROUNDS {
            return Err(line.err(
                start,
                TrfErrorKind::TooManyRounds {
                    rounds: rounds.len() + 1,
                },
            ));
        }
        line.require_blank(start - 1)?;
        line.require_blank(start + 4)?;
        line.require_blank(start + 6)?;
        let round = rounds.len() + 1;
        let opponent = line.number(start, start + 3)?.filter(|o| *o > 0);
        let colour = match line.char_at(start + 5) {
            'w' | 'W' => Colour::White,
            'b' | 'B' => Colour::Black,
            '-' | ' ' => Colour::None,
            other => return Err(line.err(start + 5, TrfErrorKind::UnknownColour { found: other })),
        };
        let code_char = line.char_at(start + 7);
        let result = ResultCode::from_char(code_char)
            .ok_or_else(|| line.err(start + 7, TrfErrorKind::UnknownResult { found: code_char }))?;
        match (result.has_opponent(), opponent) {
            (true, None) => {
                return Err(line.err(start, TrfErrorKind::MissingOpponent { round }));
            }
            (false, Some(o)) => {
                return Err(line.err(start, TrfErrorKind::ByeWithOpponent { round, opponent: o }));
            }
            _ => {}
        }
        if result.is_played() && colour == Colour::None {
            return Err(line.err(start + 5, TrfErrorKind::MissingColour { round }));
        }
        rounds.push(RoundEntry {
            opponent,
            colour,
            result,
        });
        start += ROUND_WIDTH;
    }
    Ok(Player {
        starting_rank,
        name,
        rating,
        declared_points,
        rounds,
        line: line.number,
    })
}

fn round_column(round: usize) -> usize {
    FIRST_ROUND_COLUMN + ROUND_WIDTH * round
}

fn check_consistency(t: &Tournament) -> Result<(), TrfError> {
    for p in &t.players {
        for (r, entry) in p.rounds.iter().enumerate() {
            let Some(o) = entry.opponent else { continue };
            let err = |column: usize, kind: TrfErrorKind| TrfError {
                line: p.line,
                column,
                kind,
            };
            let column = round_column(r);
            let opponent = t.player(o).ok_or_else(|| {
                err(
                    column,
                    TrfErrorKind::OpponentOutOfRange {
                        round: r + 1,
                        opponent: o,
                    },
                )
            })?;
            if o == p.starting_rank {
                return Err(err(column, TrfErrorKind::PlaysItself { round: r + 1 }));
            }
            let theirs = opponent.rounds.get(r);
            let agrees = theirs.is_some_and(|their| {
                their.opponent == Some(p.starting_rank)
                    && (entry.result.mirror() == Some(their.result)
                        // A double forfeit: neither player turned up.
                        || (entry.result == ResultCode::ForfeitLoss
                            && their.result == ResultCode::ForfeitLoss))
                    && !(entry.colour != Colour::None && entry.colour == their.colour)
            });
            if !agrees {
                return Err(err(
                    column + 7,
                    TrfErrorKind::DisagreesWithOpponent {
                        round: r + 1,
                        opponent: o,
                        opponent_line: opponent.line,
                    },
                ));
            }
        }
    }
    Ok(())
}
