//! A reader for FIDE TRF-16 tournament report files and the TRF-2026
//! records that change tie-breaks or standings, from text.
//!
//! Read: the `001` player records (starting rank, name, rating, points,
//! rank and every round's opponent, colour and result), the TRF-16 `013`
//! team records (name and players: a file that holds them is a team
//! file, never ranked as players), the tournament
//! name (`012`), start date (`042`), type (`092`, TRF-2026 `192`), number
//! of rounds (`142`), points system (`162`), the tie-break lists (`202`,
//! `212`) and the TRF-2026 bye records (`240`). A record that would change
//! the points and that this reader does not apply (`299`, abnormal points)
//! is refused, never skipped. Every other record and every `###` comment
//! is kept as written: [`Tournament::to_trf`] gives the file back
//! unchanged.
//!
//! Columns are counted in characters from 1, as the TRF-16 layout does.

use countback_model::Score;

use crate::code::MAX_TIE_BREAKS;
use crate::edition::{Date, Format};
use crate::error::{TrfError, TrfErrorKind};

pub(crate) mod team_records;

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
        match self.half_points() {
            2 => Score::ONE,
            1 => Score::half(),
            _ => Score::ZERO,
        }
    }

    /// The points the code scores in half points (2, 1 or 0): the rating
    /// tie-breaks count them so for every game of a column (art. 10).
    #[must_use]
    pub(crate) fn half_points(self) -> u8 {
        match self {
            ResultCode::Win
            | ResultCode::ForfeitWin
            | ResultCode::UnratedWin
            | ResultCode::FullPointBye
            | ResultCode::PairingAllocatedBye => 2,
            ResultCode::Draw | ResultCode::UnratedDraw | ResultCode::HalfPointBye => 1,
            ResultCode::Loss
            | ResultCode::ForfeitLoss
            | ResultCode::UnratedLoss
            | ResultCode::ZeroPointBye
            | ResultCode::NotPaired => 0,
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
#[allow(clippy::exhaustive_structs)] // Exhaustive: a TRF round entry, built by name by callers that hold one.
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
#[allow(clippy::exhaustive_structs)] // Exhaustive: a TRF player record, built by name by callers that hold one.
pub struct Player {
    /// The starting rank (pairing number), columns 5-8.
    pub starting_rank: u32,
    /// The name, columns 15-47, trimmed.
    pub name: String,
    /// The rating, columns 49-52 (`None` when blank or zero).
    pub rating: Option<u32>,
    /// The points the file declares, columns 81-84.
    pub declared_points: Option<Score>,
    /// The rank the file declares, columns 86-89 (`None` when blank).
    pub declared_rank: Option<u32>,
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
            .to_decimal(1, &countback_model::RoundingMode::TowardZero)
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

    /// The points the results score under the standard 1-½-0 system
    /// ([`Tournament::points`] applies the file's own points system, record `162`).
    #[must_use]
    pub fn points(&self) -> Score {
        self.rounds.iter().map(|r| r.result.points()).sum()
    }
}

/// The points each result scores (TRF-2026 record `162`; 1-½-0 by default).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PointsSystem {
    /// A win, over the board or by forfeit (`W`).
    pub win: Score,
    /// A draw (`D`); a half-point bye scores it too.
    pub draw: Score,
    /// A loss over the board (`L`).
    pub loss: Score,
    /// An absence (TRF-2026 `A`): a forfeit loss, a zero-point bye, a round
    /// not paired. A loss's points when the record does not give it.
    pub absence: Score,
    /// A pairing-allocated bye (`P`); a full-point bye scores a win.
    pub pairing_allocated_bye: Score,
    /// TRF-2026 `X`: the points of a game whose result is `X` (the
    /// reference engine's "played, result not known"). Kept as read: no
    /// result this reader accepts scores it (an `X` in a `001` record is
    /// refused as an unknown result code).
    pub unknown_result: Option<Score>,
}

impl Default for PointsSystem {
    fn default() -> PointsSystem {
        PointsSystem {
            win: Score::ONE,
            draw: Score::half(),
            loss: Score::ZERO,
            absence: Score::ZERO,
            pairing_allocated_bye: Score::ONE,
            unknown_result: None,
        }
    }
}

impl PointsSystem {
    /// The points `result` scores.
    #[must_use]
    pub fn points(&self, result: ResultCode) -> &Score {
        match result {
            ResultCode::Win
            | ResultCode::ForfeitWin
            | ResultCode::UnratedWin
            | ResultCode::FullPointBye => &self.win,
            ResultCode::PairingAllocatedBye => &self.pairing_allocated_bye,
            ResultCode::Draw | ResultCode::UnratedDraw | ResultCode::HalfPointBye => &self.draw,
            ResultCode::Loss | ResultCode::UnratedLoss => &self.loss,
            ResultCode::ForfeitLoss | ResultCode::ZeroPointBye | ResultCode::NotPaired => {
                &self.absence
            }
        }
    }

    /// Whether this is the 1-½-0 system (whatever `X` scores: no result
    /// this reader accepts uses it).
    #[must_use]
    pub fn is_standard(&self) -> bool {
        let standard = PointsSystem::default();
        self.win == standard.win
            && self.draw == standard.draw
            && self.loss == standard.loss
            && self.absence == standard.absence
            && self.pairing_allocated_bye == standard.pairing_allocated_bye
    }
}

/// Where a player's declared points disagree with their results.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PointsDisagreement {
    /// The player's starting rank.
    pub starting_rank: u32,
    /// The line of the record.
    pub line: usize,
    /// The points columns 81-84 declare.
    pub declared: Score,
    /// The points the results score under the file's points system.
    pub from_results: Score,
}

/// Declared points as TRF files write them (`5.5`, `10.0`, `3`), read
/// in machine words; `None` for any other text, which [`Score::parse`]
/// reads (or refuses). Its general reader went through big integers and
/// took a fifth of reading a file of 9,999 players (issue 30).
fn decimal_points(text: &str) -> Option<Score> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |t: &str| !t.is_empty() && t.len() <= 9 && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !(fraction.is_empty() || digits(fraction)) {
        return None;
    }
    if text.ends_with('.') {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let scale = 10i64.checked_pow(u32::try_from(fraction.len()).ok()?)?;
    let fraction: i64 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().ok()?
    };
    Score::new(whole.checked_mul(scale)?.checked_add(fraction)?, scale).ok()
}

/// A tournament read from a TRF file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
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
    /// The format the file declares (`092` or `192`), `None` when it says nothing readable.
    pub format: Option<Format>,
    /// The points system (`162`; 1-½-0 when the file has none).
    pub points_system: PointsSystem,
    /// Every line of the file as written, for [`Tournament::to_trf`].
    pub source_lines: Vec<String>,
    /// The team records of a team file (TRF-2026 `310` records or a team
    /// type in `192`; TRF-16 `013` records); `None` for an individual
    /// tournament.
    pub team: Option<team_records::TeamRecords>,
    /// Points of each round that no result code can say, by player (in
    /// the order of `players`) and round: the team layer's game points of
    /// a match. `None` (a TRF file): every round scores by
    /// `points_system`.
    pub round_points: Option<Vec<Vec<Score>>>,
    /// Byes written with no result code (`0000 -  `, `      -  `) that the
    /// player's points column counts, read as the byes it counts them as.
    pub byes_from_points: Vec<ByeFromPoints>,
    /// Pseudo-players that are not ranked (Swiss-Manager's `spielfrei`):
    /// taken out of `players`, their lines kept.
    pub pseudo_players: Vec<PseudoPlayer>,
}

/// Byes a player's line writes with no result code, and that the points
/// column counts: the ICU's files write a half-point bye `0000 -  ` or
/// `      -  `. Read as the bye the points column makes them (every such
/// round of the player alike), and said.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ByeFromPoints {
    /// The player's starting rank.
    pub starting_rank: u32,
    /// The line of the record.
    pub line: usize,
    /// The rounds (1-based).
    pub rounds: Vec<usize>,
    /// What each is read as: `H` (½ each) or `F` (a win's points each).
    pub result: ResultCode,
}

/// A `001` record that is not a player: Swiss-Manager writes `spielfrei`
/// ("bye") as a player of its own. It has no game with an opponent, so
/// taking it out changes no one's games; left in, it would be ranked.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PseudoPlayer {
    /// The starting rank.
    pub starting_rank: u32,
    /// The name as written.
    pub name: String,
    /// The line of the record.
    pub line: usize,
}

/// The names pairing programs give a pseudo-player (compared without case).
const PSEUDO_PLAYER_NAMES: [&str; 3] = ["spielfrei", "bye", "freilos"];

/// Take out the pseudo-players: a record named as one, with no game
/// against an opponent and no points.
fn pseudo_players(t: &mut Tournament) -> Vec<PseudoPlayer> {
    let mut out = Vec::new();
    t.players.retain(|p| {
        let named = PSEUDO_PLAYER_NAMES
            .iter()
            .any(|n| p.name.trim().eq_ignore_ascii_case(n));
        let no_game = p.rounds.iter().all(|e| e.opponent.is_none());
        let nothing = p.rounds.iter().all(|e| e.result.half_points() == 0);
        if named && no_game && nothing {
            out.push(PseudoPlayer {
                starting_rank: p.starting_rank,
                name: p.name.clone(),
                line: p.line,
            });
            false
        } else {
            true
        }
    });
    out
}

/// The rounds a line writes with neither opponent nor result, read as the
/// byes the points column counts: when the column exceeds the results by
/// exactly a draw's points (or a win's) for each such round.
fn byes_from_points(t: &mut Tournament) -> Vec<ByeFromPoints> {
    let mut out = Vec::new();
    let system = t.points_system.clone();
    for p in &mut t.players {
        let Some(declared) = p.declared_points.clone() else {
            continue;
        };
        let blank: Vec<usize> = p
            .rounds
            .iter()
            .enumerate()
            .filter(|(_, e)| e.opponent.is_none() && e.result == ResultCode::NotPaired)
            .map(|(r, _)| r)
            .collect();
        if blank.is_empty() {
            continue;
        }
        let scored: Score = p.rounds.iter().map(|e| system.points(e.result)).sum();
        let count = Score::from(blank.len());
        let excess = declared - scored;
        let result = if excess == &system.draw * &count {
            ResultCode::HalfPointBye
        } else if excess == &system.win * &count {
            ResultCode::FullPointBye
        } else {
            continue;
        };
        if excess == Score::ZERO {
            continue;
        }
        for r in &blank {
            if let Some(e) = p.rounds.get_mut(*r) {
                e.result = result;
            }
        }
        out.push(ByeFromPoints {
            starting_rank: p.starting_rank,
            line: p.line,
            rounds: blank.iter().map(|r| r + 1).collect(),
            result,
        });
    }
    out
}

/// bbpPairings' points records (TRF(xb), which Tornelo writes): `BBW` a
/// win, `BBD` a draw, `BBL` a loss, `BBU` a pairing-allocated bye. With a
/// `162` record too, each must say what it says: two figures for one
/// result are an error naming the record.
fn apply_bbp_points(
    system: &mut PointsSystem,
    records: &[(String, Score, usize)],
    has_162: bool,
) -> Result<(), TrfError> {
    let win_given = records.iter().any(|(c, _, _)| c == "BBW");
    for (code, value, line) in records {
        let slot = match code.as_str() {
            "BBW" => &mut system.win,
            "BBD" => &mut system.draw,
            "BBL" => &mut system.loss,
            _ => &mut system.pairing_allocated_bye,
        };
        if has_162 && slot != value {
            return Err(TrfError {
                line: *line,
                column: 5,
                kind: TrfErrorKind::PointsRecordsDisagree {
                    record: code.clone(),
                },
            });
        }
        *slot = value.clone();
    }
    if win_given && !has_162 && !records.iter().any(|(c, _, _)| c == "BBU") {
        // As with `162`: a pairing-allocated bye scores a win.
        system.pairing_allocated_bye = system.win.clone();
    }
    Ok(())
}

impl Tournament {
    /// A player's points under the file's points system (or the points
    /// set for each round, [`Tournament::round_points`]).
    #[must_use]
    pub fn points(&self, player: &Player) -> Score {
        let set = self.round_points.as_ref().and_then(|table| {
            let i = self
                .players
                .binary_search_by_key(&player.starting_rank, |p| p.starting_rank)
                .ok()?;
            table.get(i)
        });
        match set {
            Some(rounds) => rounds.iter().sum(),
            None => player
                .rounds
                .iter()
                .map(|r| self.points_system.points(r.result))
                .sum(),
        }
    }

    /// The points of round `r` (0-based) of the player at `index` of
    /// `players`.
    #[must_use]
    pub fn round_points_of(&self, index: usize, r: usize, entry: &RoundEntry) -> &Score {
        self.round_points
            .as_ref()
            .and_then(|t| t.get(index))
            .and_then(|v| v.get(r))
            .unwrap_or_else(|| self.points_system.points(entry.result))
    }

    /// The players whose declared points (columns 81-84) are not what their
    /// results score, in starting-rank order.
    #[must_use]
    pub fn points_disagreements(&self) -> Vec<PointsDisagreement> {
        self.players
            .iter()
            .filter_map(|p| {
                let declared = p.declared_points.clone()?;
                let from_results = self.points(p);
                (declared != from_results).then_some(PointsDisagreement {
                    starting_rank: p.starting_rank,
                    line: p.line,
                    declared,
                    from_results,
                })
            })
            .collect()
    }

    /// The rounds the file holds results for: the last round in which a
    /// player has a result code (a game, a forfeit or a bye); rounds after
    /// it are paired without results or not at all.
    #[must_use]
    pub fn rounds_with_results(&self) -> usize {
        self.players
            .iter()
            .filter_map(|p| {
                p.rounds
                    .iter()
                    .rposition(|e| e.result != ResultCode::NotPaired)
                    .map(|r| r + 1)
            })
            .max()
            .unwrap_or(0)
    }

    /// A record of the form `CODE n` (`142 9`, JaVaFo's `XXR 9`): its
    /// number and line, when the file has one that reads so.
    fn numbered_record(&self, code: &str) -> Option<(usize, usize)> {
        self.source_lines.iter().enumerate().find_map(|(i, l)| {
            let rest = l.strip_prefix(code)?.trim();
            rest.parse::<usize>().ok().map(|n| (n, i + 1))
        })
    }

    /// The rounds planned, as JaVaFo's and bbpPairings' `XXR` record says
    /// (a file written during the event has fewer): the number and line.
    #[must_use]
    pub fn planned_rounds(&self) -> Option<(usize, usize)> {
        self.numbered_record("XXR")
    }

    /// The number of rounds record `142` declares, and its line.
    #[must_use]
    pub fn declared_rounds(&self) -> Option<(usize, usize)> {
        self.numbered_record("142")
    }

    /// The file as read: every line unchanged (records this reader does
    /// not understand included), each ended by a newline.
    #[must_use]
    pub fn to_trf(&self) -> String {
        let mut out = String::new();
        for line in &self.source_lines {
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// The file with the rank field (columns 86-89) of every `001` record
    /// replaced by `ranks` (starting rank → rank); every other character
    /// and every other record unchanged.
    #[must_use]
    pub fn to_trf_with_ranks(&self, ranks: &std::collections::HashMap<u32, u32>) -> String {
        let by_line: std::collections::HashMap<usize, u32> = self
            .players
            .iter()
            .filter_map(|p| ranks.get(&p.starting_rank).map(|r| (p.line, *r)))
            .collect();
        let mut out = String::new();
        for (i, line) in self.source_lines.iter().enumerate() {
            match by_line.get(&(i + 1)) {
                Some(rank) => {
                    let chars: Vec<char> = line.chars().collect();
                    let head: String = chars.iter().take(85).collect();
                    let tail: String = chars.iter().skip(89).collect();
                    out.push_str(&format!("{head:<85}{rank:>4}{tail}"));
                }
                None => out.push_str(line),
            }
            out.push('\n');
        }
        out
    }

    /// The tie-breaks the file names (`202` or `212`), parsed; `None` when it names none.
    pub fn declared_cascade(
        &self,
    ) -> Result<Option<crate::code::Cascade>, crate::error::CodeError> {
        self.tie_break_codes
            .as_ref()
            .map(|codes| crate::code::Cascade::from_codes(codes))
            .transpose()
    }

    /// Whether this is a team tournament (TRF-2026 `310` records, TRF-16
    /// `013` records, or a team type in `192`): such a file is never
    /// ranked as players.
    #[must_use]
    pub fn is_team_file(&self) -> bool {
        self.team.is_some()
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

/// The character encoding a file's bytes were read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Encoding {
    /// UTF-8 (a leading byte-order mark dropped). ASCII files are UTF-8.
    Utf8,
    /// Windows-1252, of which Latin-1's printable characters are a part:
    /// the bytes are not UTF-8. Swiss-Manager, SWAR and older pairing
    /// programs write TRF in the Windows code page (docs/fide.md).
    Windows1252,
}

/// The characters Windows-1252 puts at bytes 0x80-0x9F; the five bytes it
/// leaves undefined are read as Latin-1 reads them (the C1 control of the
/// same number), so no byte is lost and each is one character.
const WINDOWS_1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{2C6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8D}', '\u{17D}', '\u{8F}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{2DC}', '\u{2122}', '\u{161}', '\u{203A}', '\u{153}', '\u{9D}', '\u{17E}', '\u{178}',
];

/// A file's text and the encoding it was read in: UTF-8 when the bytes
/// are UTF-8, else Windows-1252 (never a lossy reading: a name written in
/// Latin-1 comes out as written, not as replacement characters).
///
/// A byte sequence that is valid UTF-8 and was meant as Windows-1252
/// would need an accented capital followed by a symbol or another
/// accented letter of 0x80-0xBF (`Ã©`) at every high byte: a name does
/// not read so, while a Latin-1 accented letter alone is never UTF-8.
#[must_use]
pub fn decode(bytes: &[u8]) -> (std::borrow::Cow<'_, str>, Encoding) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => (std::borrow::Cow::Borrowed(text), Encoding::Utf8),
        Err(_) => {
            let text = bytes
                .iter()
                .map(|&b| match b {
                    0x80..=0x9F => WINDOWS_1252_HIGH
                        .get(usize::from(b - 0x80))
                        .copied()
                        .unwrap_or(char::REPLACEMENT_CHARACTER),
                    _ => char::from(b),
                })
                .collect();
            (std::borrow::Cow::Owned(text), Encoding::Windows1252)
        }
    }
}

/// Read a TRF file from its bytes ([`decode`], then [`parse`]), and say
/// which encoding it was read in.
pub fn parse_bytes(bytes: &[u8]) -> Result<(Tournament, Encoding), TrfError> {
    let (text, encoding) = decode(bytes);
    parse(&text).map(|t| (t, encoding))
}

/// Whether `text` is a TRF tournament report by its content, whatever the
/// file is called (SWAR names its reports `.541`, the ICU `.tab`, the
/// Belgian federation `.txt`): a line that opens with record `001` and a
/// blank, and reaches the points column (84).
#[must_use]
pub fn looks_like_trf(text: &str) -> bool {
    text.lines()
        .any(|l| l.starts_with("001 ") && l.chars().count() >= 84)
}

/// What [`write_back`] puts into a file: the computed ranks and, where
/// the file has no tie-break list, the one the ranks follow.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteBack {
    /// Each player's rank by starting rank (columns 86-89 of `001`).
    pub players: std::collections::HashMap<u32, u32>,
    /// Each team's rank by team number (columns 69-71 of `310`).
    pub teams: std::collections::HashMap<u32, u32>,
    /// The tie-break list, written as a `202` record before the first
    /// `001` record when the file has no `202`/`212` of its own.
    pub list: Option<String>,
}

impl WriteBack {
    /// Ranks for players, none for teams, no list.
    #[must_use]
    pub fn players(players: std::collections::HashMap<u32, u32>) -> WriteBack {
        WriteBack {
            players,
            ..WriteBack::default()
        }
    }
}

/// A character back to the byte Windows-1252 reads as it ([`decode`]).
fn windows_1252_byte(c: char) -> Option<u8> {
    match u32::from(c) {
        n @ (0..=0x7F | 0xA0..=0xFF) => u8::try_from(n).ok(),
        _ => WINDOWS_1252_HIGH
            .iter()
            .position(|h| *h == c)
            .and_then(|i| u8::try_from(i + 0x80).ok()),
    }
}

/// `line` (without its ending) with columns `from..=to` (1-based) set to
/// `value` right-aligned, the line padded with blanks if shorter.
fn set_columns(line: &str, from: usize, to: usize, value: u32) -> String {
    let chars: Vec<char> = line.chars().collect();
    let width = to + 1 - from;
    let head: String = chars.iter().take(from - 1).collect();
    let tail: String = chars.iter().skip(to).collect();
    format!("{head:<w$}{value:>width$}{tail}", w = from - 1)
}

/// The file as the arbiter submits it for rating (issue 42, item 7): every
/// byte as read except the rank columns of the players (`001`, 86-89) and
/// of the teams (`310`, 69-71) that `ranks` gives, and a `202` record with
/// the list where the file had none. The encoding (UTF-8 or Windows-1252,
/// as [`decode`] read it) and every line ending are kept.
pub fn write_back(bytes: &[u8], ranks: &WriteBack) -> Result<Vec<u8>, TrfError> {
    let (text, encoding) = decode(bytes);
    let t = parse(&text)?;
    let bom = bytes.starts_with(b"\xEF\xBB\xBF");
    let mut out = Vec::with_capacity(bytes.len() + 64);
    if bom {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    let encode = |line: &str, out: &mut Vec<u8>| match encoding {
        Encoding::Utf8 => out.extend_from_slice(line.as_bytes()),
        Encoding::Windows1252 => {
            out.extend(line.chars().map(|c| windows_1252_byte(c).unwrap_or(b'?')));
        }
    };
    let needs_list = t.tie_break_codes.is_none();
    let mut list_written = false;
    let mut rest: &str = &text;
    while !rest.is_empty() {
        let (line, ending, next) = match rest.find('\n') {
            Some(at) => {
                let (l, r) = rest.split_at(at);
                let (l, cr) = l.strip_suffix('\r').map_or((l, ""), |l| (l, "\r"));
                (
                    l,
                    if cr.is_empty() { "\n" } else { "\r\n" },
                    r.get(1..).unwrap_or(""),
                )
            }
            None => (rest, "", ""),
        };
        rest = next;
        let code: String = line.chars().take(3).collect();
        let changed = match code.as_str() {
            "001" => {
                let rank = line
                    .chars()
                    .skip(4)
                    .take(4)
                    .collect::<String>()
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .and_then(|r| ranks.players.get(&r));
                if let (Some(list), false, true) = (&ranks.list, list_written, needs_list) {
                    let ending = if ending.is_empty() { "\n" } else { ending };
                    encode(&format!("202 {list}{ending}"), &mut out);
                    list_written = true;
                }
                rank.map(|r| set_columns(line, 86, 89, *r))
            }
            "310" => line
                .chars()
                .skip(4)
                .take(3)
                .collect::<String>()
                .trim()
                .parse::<u32>()
                .ok()
                .and_then(|n| ranks.teams.get(&n))
                .map(|r| set_columns(line, 69, 71, *r)),
            _ => None,
        };
        encode(changed.as_deref().unwrap_or(line), &mut out);
        out.extend_from_slice(ending.as_bytes());
    }
    Ok(out)
}

/// More rounds than any chess event has; a guard against absurd input.
pub const MAX_ROUNDS: usize = 1000;

/// The longest line accepted, in characters: a `001` record of
/// [`MAX_ROUNDS`] rounds is about 10,100. Checked before a line is split,
/// so that no single line can make the reader allocate without bound.
pub const MAX_LINE_LENGTH: usize = 12_000;

/// The longest `202`/`212` tie-break record accepted, in characters.
pub const MAX_TIE_BREAK_LINE: usize = 400;

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

    /// Columns `from..=to` as a whole number, blanks around it allowed;
    /// `None` if blank. Read in place: every round of every player has
    /// one, so no text is copied unless it is an error to report.
    fn number(&self, from: usize, to: usize) -> Result<Option<u32>, TrfError> {
        let chars = from
            .checked_sub(1)
            .and_then(|f| self.chars.get(f..to))
            .ok_or_else(|| {
                self.err(
                    self.chars.len() + 1,
                    TrfErrorKind::ShortLine {
                        needed: to,
                        length: self.chars.len(),
                    },
                )
            })?;
        let Some(first) = chars.iter().position(|c| !c.is_whitespace()) else {
            return Ok(None);
        };
        let end = chars
            .iter()
            .rposition(|c| !c.is_whitespace())
            .map_or(first, |last| last + 1);
        let trimmed = chars.get(first..end).unwrap_or_default();
        let value = trimmed.iter().try_fold(0u32, |n, c| {
            let digit = c.to_digit(10)?;
            n.checked_mul(10)?.checked_add(digit)
        });
        value.map(Some).ok_or_else(|| {
            // The column of the first non-blank, counted as the text's
            // bytes (as the reader has always reported it).
            let offset: usize = chars.iter().take(first).map(|c| c.len_utf8()).sum();
            self.err(
                from + offset,
                TrfErrorKind::NotANumber {
                    text: trimmed.iter().collect(),
                },
            )
        })
    }
}

/// The records a file holds once that change the standings: the start date
/// (which text of C.07 applies), the type (`092`, `192`), the number of
/// rounds, the points system, the tie-break lists, and the team records of
/// pairing-allocated results, board colours and match points. A second one
/// is an error naming both lines (issue 29: a second `142` changed every
/// Buchholz without a word). Records that carry no figure (`012` the name,
/// `022` the city …) may repeat.
const ONCE_A_FILE: [&str; 16] = [
    "042", "092", "142", "162", "192", "202", "212", "320", "352", "362", "BBW", "BBD", "BBL",
    "BBU", "BBZ", "BBF",
];

/// The records this reader reads; any other line is kept as text only.
const RECORDS_READ: [&str; 24] = [
    "001", "012", "013", "042", "092", "142", "162", "192", "202", "212", "240", "299", "310",
    "320", "330", "352", "362", "300", "BBW", "BBD", "BBL", "BBU", "BBZ", "BBF",
];

/// Read a TRF-16 (or TRF-2026) file from text.
///
/// Checks every opponent named is a listed player and that both lines of a
/// game agree on the opponent, the result and the colours. Limits are
/// checked up front: a line longer than [`MAX_LINE_LENGTH`], a tie-break
/// record longer than [`MAX_TIE_BREAK_LINE`] or naming more than
/// [`MAX_TIE_BREAKS`] codes is an error before anything is allocated for it.
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    let mut reading = Reading::default();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let raw = raw.trim_end_matches('\r');
        let code: String = raw.chars().take(3).collect();
        check_length(raw, number, &code)?;
        reading.tournament.source_lines.push(raw.to_string());
        if !RECORDS_READ.contains(&code.as_str()) {
            continue;
        }
        let chars: Vec<char> = raw.chars().collect();
        let line = Line {
            number,
            chars: &chars,
        };
        reading.record(&code, &line)?;
    }
    reading.finish()
}

/// The limits of a line, checked before it is split: a tie-break record
/// (`202`, `212`) within [`MAX_TIE_BREAK_LINE`], any line within
/// [`MAX_LINE_LENGTH`].
fn check_length(raw: &str, number: usize, code: &str) -> Result<(), TrfError> {
    let length = raw.chars().count();
    if matches!(code, "202" | "212") && length > MAX_TIE_BREAK_LINE {
        return Err(TrfError {
            line: number,
            column: MAX_TIE_BREAK_LINE + 1,
            kind: TrfErrorKind::LineTooLong {
                length,
                limit: MAX_TIE_BREAK_LINE,
            },
        });
    }
    if length > MAX_LINE_LENGTH {
        return Err(TrfError {
            line: number,
            column: MAX_LINE_LENGTH + 1,
            kind: TrfErrorKind::LineTooLong {
                length,
                limit: MAX_LINE_LENGTH,
            },
        });
    }
    Ok(())
}

/// A file being read: the tournament so far and what its records say that
/// is applied once every line is read.
#[derive(Default)]
struct Reading {
    tournament: Tournament,
    declared_rounds: Option<usize>,
    byes: Vec<(usize, ResultCode, usize, Vec<u32>)>,
    declared_type: Option<Format>,
    team: team_records::TeamRecords,
    team_file: bool,
    abnormal_lines: Vec<usize>,
    /// TRF-16 `013` team records: used when the file has no `310` ones.
    rosters: Vec<team_records::TeamRecord>,
    /// bbpPairings' points records (`BBW  1.0`), with their lines.
    bbp: Vec<(String, Score, usize)>,
    /// The records of ONCE_A_FILE seen so far, with their lines.
    once: Vec<(String, usize)>,
}

impl Reading {
    /// Read one record of [`RECORDS_READ`].
    fn record(&mut self, code: &str, line: &Line<'_>) -> Result<(), TrfError> {
        let (chars, number) = (line.chars, line.number);
        let rest = || -> String { chars.iter().skip(4).collect::<String>().trim().to_string() };
        if ONCE_A_FILE.contains(&code) {
            if let Some(&(_, first_line)) = self.once.iter().find(|(c, _)| *c == code) {
                return Err(line.err(
                    1,
                    TrfErrorKind::RepeatedRecord {
                        record: code.to_string(),
                        first_line,
                    },
                ));
            }
            self.once.push((code.to_string(), number));
        }
        let tournament = &mut self.tournament;
        let team = &mut self.team;
        match code {
            "001" => tournament.players.push(player_record(line)?),
            "012" => tournament.name = Some(rest()),
            "013" => {
                let n = u32::try_from(self.rosters.len() + 1).unwrap_or(u32::MAX);
                self.rosters
                    .push(team_records::roster_record(chars, number, n)?);
            }
            "042" => tournament.start_date = Date::parse_trf(&rest()),
            "092" => {
                if self.declared_type.is_none() {
                    tournament.format = format_from_text(&rest());
                }
            }
            "192" => {
                if team_records::is_team_type(&rest()) {
                    self.team_file = true;
                    team.type_code = Some(rest());
                }
                self.declared_type = format_from_text(&rest());
                if self.declared_type.is_some() {
                    tournament.format = self.declared_type;
                }
            }
            "142" => self.declared_rounds = Some(declared_rounds(line, &rest())?),
            "162" => tournament.points_system = points_system(line)?,
            "202" | "212" => tournament.tie_break_codes = Some(tie_break_codes(line, &rest())?),
            "240" => self.byes.push(bye_record(line)?),
            "299" => {
                team.abnormal.push(team_records::abnormal(chars, number)?);
                self.abnormal_lines.push(number);
            }
            "310" => {
                self.team_file = true;
                team.teams.push(team_records::team_record(chars, number)?);
            }
            "320" => {
                team.pairing_allocated = Some(team_records::pairing_allocated(chars, number)?);
            }
            "330" => team
                .forfeits
                .push(team_records::forfeited_match(chars, number)?),
            "BBW" | "BBD" | "BBL" | "BBU" => {
                let text = rest();
                let value = Score::parse(&text)
                    .map_err(|_| line.err(5, TrfErrorKind::NotANumber { text: text.clone() }))?;
                self.bbp.push((code.to_string(), value, number));
            }
            // bbpPairings' zero-point bye and forfeit points: not applied
            // here, so refused rather than skipped.
            "BBZ" | "BBF" => {
                return Err(line.err(
                    1,
                    TrfErrorKind::UnsupportedRecord {
                        record: code.to_string(),
                    },
                ))
            }
            "352" => team.board_colours = Some(rest()),
            "362" => team.match_points = team_records::match_points(chars, number)?,
            "300" => team
                .board_orders
                .push(team_records::board_order(chars, number)?),
            _ => {
                return Err(line.err(
                    1,
                    TrfErrorKind::UnsupportedRecord {
                        record: code.to_string(),
                    },
                ))
            }
        }
        Ok(())
    }

    /// Every line read: the team records settled, the points records
    /// applied, the players sorted and checked, the rounds settled, the
    /// byes applied, and both lines of every game checked.
    fn finish(mut self) -> Result<Tournament, TrfError> {
        self.settle_team_file()?;
        let mut tournament = self.tournament;
        let byes = self.byes;
        let has_162 = self.once.iter().any(|(c, _)| c == "162");
        apply_bbp_points(&mut tournament.points_system, &self.bbp, has_162)?;
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
            .chain(byes.iter().map(|(_, _, round, _)| *round))
            .max()
            .unwrap_or(0);
        if let Some(declared) = self.declared_rounds {
            check_declared_rounds(&mut tournament, &byes, declared)?;
        }
        if !self.team_file {
            tournament.byes_from_points = byes_from_points(&mut tournament);
            tournament.pseudo_players = pseudo_players(&mut tournament);
        }
        // Past the check above, a declared number is at least every line's.
        let rounds = self.declared_rounds.unwrap_or(longest);
        tournament.rounds = rounds;
        // Each list at its length: a Vec grown by pushes keeps up to twice
        // what it holds, and a field of 9,999 players holds every one
        // until it is ranked (issue 44: 10× the file in memory).
        for p in &mut tournament.players {
            p.rounds.resize(rounds, RoundEntry::not_paired());
            p.rounds.shrink_to_fit();
        }
        tournament.players.shrink_to_fit();
        tournament.source_lines.shrink_to_fit();
        if self.team_file {
            tournament.team = Some(team_byes(self.team, &byes));
        } else {
            apply_byes(&mut tournament, &byes)?;
        }
        check_consistency(&tournament)?;
        Ok(tournament)
    }

    /// Whether this is a team file, settled: a TRF-16 file's `013`
    /// records are its teams when it has no `310` ones; an individual
    /// file's `299` record is refused.
    fn settle_team_file(&mut self) -> Result<(), TrfError> {
        if self.team.teams.is_empty() && !self.rosters.is_empty() {
            // A TRF-16 team file: its `013` records list the teams (a file
            // with `310` records is read by those, which carry the points).
            self.team.teams = std::mem::take(&mut self.rosters);
            self.team.written_as = team_records::TeamRecordKind::Roster013;
            self.team_file = true;
        }
        if !self.team_file {
            if let Some(line) = self.abnormal_lines.first() {
                // In an individual file, abnormal points are not applied:
                // refused, never skipped.
                return Err(TrfError {
                    line: *line,
                    column: 1,
                    kind: TrfErrorKind::UnsupportedRecord {
                        record: "299".to_string(),
                    },
                });
            }
        }
        Ok(())
    }
}

/// A `142` record: the number of rounds, at most [`MAX_ROUNDS`].
fn declared_rounds(line: &Line<'_>, text: &str) -> Result<usize, TrfError> {
    let rounds = text.parse::<usize>().map_err(|_| {
        line.err(
            5,
            TrfErrorKind::NotANumber {
                text: text.to_string(),
            },
        )
    })?;
    if rounds > MAX_ROUNDS {
        return Err(line.err(5, TrfErrorKind::TooManyRounds { rounds }));
    }
    Ok(rounds)
}

/// A `202` or `212` record: the tie-break codes, at most
/// [`MAX_TIE_BREAKS`] of them (and the primary score).
fn tie_break_codes(line: &Line<'_>, text: &str) -> Result<Vec<String>, TrfError> {
    let codes: Vec<String> = text
        .split([',', ' ', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    if codes.len() > MAX_TIE_BREAKS + 1 {
        return Err(line.err(
            5,
            TrfErrorKind::TooManyTieBreaks {
                count: codes.len(),
                limit: MAX_TIE_BREAKS,
            },
        ));
    }
    Ok(codes)
}

/// In a team file a `240` record names whole teams: each becomes a bye of
/// its team.
fn team_byes(
    mut team: team_records::TeamRecords,
    byes: &[(usize, ResultCode, usize, Vec<u32>)],
) -> team_records::TeamRecords {
    for (line, result, round, teams) in byes {
        let kind = match result {
            ResultCode::FullPointBye => team_records::TeamByeKind::Full,
            ResultCode::HalfPointBye => team_records::TeamByeKind::Half,
            _ => team_records::TeamByeKind::Zero,
        };
        for t in teams {
            team.byes.push(team_records::TeamBye {
                round: *round,
                kind,
                team: *t,
                line: *line,
            });
        }
    }
    team
}

/// Record `142` declares the number of rounds: a result or a `240` bye in
/// a later round is an error naming the record (it would change the
/// points of an event that, by its own header, never had that round).
/// Rounds past the declared number that a `001` line leaves blank are
/// dropped: they change nothing.
fn check_declared_rounds(
    t: &mut Tournament,
    byes: &[(usize, ResultCode, usize, Vec<u32>)],
    declared: usize,
) -> Result<(), TrfError> {
    for p in &mut t.players {
        if let Some(extra) = p
            .rounds
            .iter()
            .enumerate()
            .skip(declared)
            .find(|(_, e)| e.result != ResultCode::NotPaired || e.opponent.is_some())
        {
            return Err(TrfError {
                line: p.line,
                column: round_column(extra.0),
                kind: TrfErrorKind::BeyondDeclaredRounds {
                    record: "001".to_string(),
                    round: extra.0 + 1,
                    declared,
                },
            });
        }
        p.rounds.truncate(declared);
    }
    if let Some((line, _, round, _)) = byes.iter().find(|(_, _, r, _)| *r > declared) {
        return Err(TrfError {
            line: *line,
            column: 7,
            kind: TrfErrorKind::BeyondDeclaredRounds {
                record: "240".to_string(),
                round: *round,
                declared,
            },
        });
    }
    Ok(())
}

/// The format a `092` or `192` record names: a round robin when the text
/// says so (`Round Robin`, `Berger`, `RR`, `FIDE_ROUNDROBIN` ...), a Swiss
/// when it names one, `None` otherwise.
fn format_from_text(text: &str) -> Option<Format> {
    let upper = text.to_ascii_uppercase();
    let words: Vec<&str> = upper
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let compact: String = upper.chars().filter(char::is_ascii_alphanumeric).collect();
    if compact.contains("ROUNDROBIN")
        || compact.contains("BERGER")
        || words.iter().any(|w| *w == "RR" || *w == "DRR")
    {
        Some(Format::RoundRobin)
    } else if compact.contains("SWISS")
        || compact.contains("DUTCH")
        || compact.contains("BURSTEIN")
        || compact.contains("LIM")
        || compact.contains("DUBOV")
    {
        Some(Format::Swiss)
    } else {
        None
    }
}

/// Record `162`: the points of each result, as letter and number pairs
/// (`162 W 3.0    D 1.0    L 0.0`, `W=3` also read): `W` win, `D` draw,
/// `L` loss, `P` pairing-allocated bye (a win's points when not given),
/// and the TRF-2026 symbols `A` absence (forfeit loss, zero-point bye, not
/// paired; a loss's points when not given) and `X` (a result `X`, kept).
fn points_system(line: &Line<'_>) -> Result<PointsSystem, TrfError> {
    let mut system = PointsSystem::default();
    let mut bye_given = false;
    let mut absence_given = false;
    let mut unknown = None;
    let text: String = line.chars.iter().skip(3).collect();
    let mut tokens = text
        .split(|c: char| c.is_whitespace() || c == '=')
        .filter(|t| !t.is_empty());
    while let Some(token) = tokens.next() {
        let mut chars = token.chars();
        let letter = chars.next().unwrap_or(' ');
        let attached = chars.as_str();
        let number = if attached.is_empty() {
            tokens.next().unwrap_or_default()
        } else {
            attached
        };
        let column = text.find(token).map_or(5, |at| at + 4);
        let value = Score::parse(number).map_err(|_| {
            line.err(
                column,
                TrfErrorKind::NotANumber {
                    text: number.to_string(),
                },
            )
        })?;
        let slot = match letter.to_ascii_uppercase() {
            'W' => &mut system.win,
            'D' => &mut system.draw,
            'L' => &mut system.loss,
            'P' => {
                bye_given = true;
                &mut system.pairing_allocated_bye
            }
            'A' => {
                absence_given = true;
                &mut system.absence
            }
            'X' => {
                unknown = Some(value);
                continue;
            }
            other => {
                return Err(line.err(column, TrfErrorKind::UnknownPointsSymbol { found: other }))
            }
        };
        *slot = value;
    }
    if !bye_given {
        // Without its own entry a pairing-allocated bye scores a win.
        system.pairing_allocated_bye = system.win.clone();
    }
    if !absence_given {
        // Without its own entry an absence scores a loss (TRF-16).
        system.absence = system.loss.clone();
    }
    system.unknown_result = unknown;
    Ok(system)
}

/// Record `240` (TRF-2026): `240 H 003 0012 0034`: the half-point (`H`),
/// full-point (`F`) or zero-point (`Z` or blank) byes of a round.
fn bye_record(line: &Line<'_>) -> Result<(usize, ResultCode, usize, Vec<u32>), TrfError> {
    let result = match line.char_at(5).to_ascii_uppercase() {
        'H' => ResultCode::HalfPointBye,
        'F' => ResultCode::FullPointBye,
        'Z' | ' ' => ResultCode::ZeroPointBye,
        other => return Err(line.err(5, TrfErrorKind::UnknownResult { found: other })),
    };
    let round = line
        .number(7, 9)?
        .filter(|r| *r > 0)
        .ok_or_else(|| line.err(7, TrfErrorKind::MissingRound))?;
    let round = usize::try_from(round).unwrap_or(usize::MAX);
    if round > MAX_ROUNDS {
        return Err(line.err(7, TrfErrorKind::TooManyRounds { rounds: round }));
    }
    let mut players = Vec::new();
    let mut column = 11;
    while column <= line.chars.len() {
        let to = (column + 3).min(line.chars.len());
        if let Some(p) = line.number(column, to)?.filter(|p| *p > 0) {
            players.push(p);
        }
        column += 5;
    }
    Ok((line.number, result, round, players))
}

/// A `240` bye fills a round the player's `001` line leaves unpaired, and
/// must agree with a round it fills in.
fn apply_byes(
    t: &mut Tournament,
    byes: &[(usize, ResultCode, usize, Vec<u32>)],
) -> Result<(), TrfError> {
    for (line, result, round, players) in byes {
        for p in players {
            let err = |kind| TrfError {
                line: *line,
                column: 11,
                kind,
            };
            let index = t
                .players
                .binary_search_by_key(p, |q| q.starting_rank)
                .map_err(|_| {
                    err(TrfErrorKind::OpponentOutOfRange {
                        round: *round,
                        opponent: *p,
                    })
                })?;
            let entry = t
                .players
                .get_mut(index)
                .and_then(|q| q.rounds.get_mut(round.saturating_sub(1)));
            match entry {
                Some(e) if e.result == ResultCode::NotPaired => {
                    *e = RoundEntry {
                        opponent: None,
                        colour: Colour::None,
                        result: *result,
                    };
                }
                Some(e) if e.result == *result => {}
                _ => {
                    return Err(err(TrfErrorKind::ByeDisagrees {
                        round: *round,
                        player: *p,
                    }))
                }
            }
        }
    }
    Ok(())
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
        Some(
            decimal_points(points_text.trim())
                .map_or_else(|| Score::parse(points_text.trim()), Ok)
                .map_err(|_| {
                    line.err(
                        81,
                        TrfErrorKind::NotANumber {
                            text: points_text.trim().to_string(),
                        },
                    )
                })?,
        )
    };
    let declared_rank = if line.chars.len() >= 89 {
        line.number(86, 89)?.filter(|r| *r > 0)
    } else {
        None
    };
    let mut rounds = Vec::new();
    let mut start = FIRST_ROUND_COLUMN;
    loop {
        // Nothing but blanks from here on: the rounds end (read in place;
        // copying the rest of the line for each round made a long line
        // cost its length squared).
        if line
            .chars
            .iter()
            .skip(start.saturating_sub(2))
            .all(|c| c.is_whitespace())
        {
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
        // `0000 - =` and `      - =`: a draw with nobody is a half-point
        // bye (the ICU's files write them so).
        let result = if result == ResultCode::Draw && opponent.is_none() {
            ResultCode::HalfPointBye
        } else {
            result
        };
        match (result.has_opponent(), opponent) {
            // `0000 - -` and `0000 - +`: a forfeit with no opponent named
            // (TRF-2026 team files: no game on that board in that round).
            (true, None) if !result.is_forfeit() => {
                return Err(line.err(start, TrfErrorKind::MissingOpponent { round }));
            }
            // A game paired whose result the file does not hold yet
            // (a file written during a round): kept with its opponent.
            (false, Some(_)) if result == ResultCode::NotPaired => {}
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
        declared_rank,
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
                        // Paired, no result yet on either line.
                        || (entry.result == ResultCode::NotPaired
                            && their.result == ResultCode::NotPaired)
                        // A double forfeit: neither player turned up.
                        || (entry.result == ResultCode::ForfeitLoss
                            && their.result == ResultCode::ForfeitLoss)
                        // A game played and scored as lost by both (0-0,
                        // e.g. both flagged or both expelled; real Vega files have one).
                        || (entry.result == ResultCode::Loss && their.result == ResultCode::Loss)
                        || (entry.result == ResultCode::UnratedLoss
                            && their.result == ResultCode::UnratedLoss))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Declared points read in machine words are what the general reader
    /// reads, and any other text is left to it.
    #[test]
    fn declared_points_read_as_the_general_reader_reads_them() {
        for text in [
            "0",
            "5",
            "5.5",
            "10.0",
            "3.25",
            "0.5",
            "00.50",
            "0.000",
            "11",
            "999999999.999999999",
            "123456789.5",
        ] {
            assert_eq!(decimal_points(text), Score::parse(text).ok(), "{text}");
        }
        for text in [
            ".5",
            "5.",
            "-1",
            "+1",
            "1/2",
            " 5",
            "5.5.5",
            "a",
            "1e3",
            "",
            ".",
            "1234567890",
            "1.1234567890",
        ] {
            assert_eq!(decimal_points(text), None, "{text}");
        }
    }
}
