//! A Swiss crosstable: who met whom in each round and how it ended, checked
//! so that every game recorded from both sides tells the same story.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use countback_model::{ContestantId, InputError, RoundNumber, Score};

/// One player's result in one round.
///
/// Its text form is the crosstable shorthand: `W:B`, `D:B`, `L:B` for a game
/// played against `B`; `X:B` and `F:B` for a forfeit won and lost against
/// `B`; `B`, `H` and `Z` for a full-, half- and zero-point bye; `U` for a
/// round not played (after a withdrawal, or absent without a bye).
///
/// ```
/// use countback_tiebreak_chess::RoundResult;
///
/// let r: RoundResult = "D:Alice".parse()?;
/// assert_eq!(r.points().to_string(), "1/2");
/// assert!(r.is_played());
/// assert_eq!(r.to_string(), "D:Alice");
/// # Ok::<(), countback_tiebreak_chess::CrosstableError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
#[non_exhaustive]
pub enum RoundResult {
    /// A game won over the board.
    Win(ContestantId),
    /// A game drawn over the board.
    Draw(ContestantId),
    /// A game lost over the board.
    Loss(ContestantId),
    /// Paired, and the opponent did not play: one point, no game.
    ForfeitWin(ContestantId),
    /// Paired, and did not play: no point, no game. When both paired players
    /// fail to appear, both records are a forfeit loss.
    ForfeitLoss(ContestantId),
    /// Not paired, scored one point (an odd number of players).
    FullPointBye,
    /// Not paired, scored half a point (usually on request).
    HalfPointBye,
    /// Not paired, scored nothing.
    ZeroPointBye,
    /// Not in the round at all (withdrawn, or absent without a bye): nothing.
    Unplayed,
}

impl RoundResult {
    /// The points the round scores for the player's total.
    #[must_use]
    pub fn points(&self) -> Score {
        match self {
            RoundResult::Win(_) | RoundResult::ForfeitWin(_) | RoundResult::FullPointBye => {
                Score::ONE
            }
            RoundResult::Draw(_) | RoundResult::HalfPointBye => Score::half(),
            RoundResult::Loss(_)
            | RoundResult::ForfeitLoss(_)
            | RoundResult::ZeroPointBye
            | RoundResult::Unplayed => Score::ZERO,
        }
    }

    /// Whether a game was played over the board (win, draw or loss). Byes,
    /// forfeits and absent rounds are the "unplayed games" of USCF 34E.
    #[must_use]
    pub fn is_played(&self) -> bool {
        matches!(
            self,
            RoundResult::Win(_) | RoundResult::Draw(_) | RoundResult::Loss(_)
        )
    }

    /// The opponent paired in this round, if any (forfeits included).
    #[must_use]
    pub fn opponent(&self) -> Option<&ContestantId> {
        match self {
            RoundResult::Win(o)
            | RoundResult::Draw(o)
            | RoundResult::Loss(o)
            | RoundResult::ForfeitWin(o)
            | RoundResult::ForfeitLoss(o) => Some(o),
            RoundResult::FullPointBye
            | RoundResult::HalfPointBye
            | RoundResult::ZeroPointBye
            | RoundResult::Unplayed => None,
        }
    }

    /// The opponent met over the board, if a game was played.
    #[must_use]
    pub fn played_opponent(&self) -> Option<&ContestantId> {
        match self {
            RoundResult::Win(o) | RoundResult::Draw(o) | RoundResult::Loss(o) => Some(o),
            _ => None,
        }
    }

    /// Whether `self` (one player's record) and `other` (the opponent's record
    /// of the same pairing) tell the same story about the result.
    fn agrees_with(&self, other: &RoundResult) -> bool {
        matches!(
            (self, other),
            (RoundResult::Win(_), RoundResult::Loss(_))
                | (RoundResult::Loss(_), RoundResult::Win(_))
                | (RoundResult::Draw(_), RoundResult::Draw(_))
                | (RoundResult::ForfeitWin(_), RoundResult::ForfeitLoss(_))
                | (RoundResult::ForfeitLoss(_), RoundResult::ForfeitWin(_))
                | (RoundResult::ForfeitLoss(_), RoundResult::ForfeitLoss(_))
        )
    }
}

impl fmt::Display for RoundResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundResult::Win(o) => write!(f, "W:{o}"),
            RoundResult::Draw(o) => write!(f, "D:{o}"),
            RoundResult::Loss(o) => write!(f, "L:{o}"),
            RoundResult::ForfeitWin(o) => write!(f, "X:{o}"),
            RoundResult::ForfeitLoss(o) => write!(f, "F:{o}"),
            RoundResult::FullPointBye => f.write_str("B"),
            RoundResult::HalfPointBye => f.write_str("H"),
            RoundResult::ZeroPointBye => f.write_str("Z"),
            RoundResult::Unplayed => f.write_str("U"),
        }
    }
}

impl FromStr for RoundResult {
    type Err = CrosstableError;

    fn from_str(text: &str) -> Result<RoundResult, CrosstableError> {
        let bad = || CrosstableError::BadResultText {
            text: text.to_owned(),
        };
        let t = text.trim();
        if let Some((kind, opponent)) = t.split_once(':') {
            let opponent = opponent.trim();
            if opponent.is_empty() {
                return Err(bad());
            }
            let o = ContestantId::new(opponent);
            return match kind.trim() {
                "W" | "w" => Ok(RoundResult::Win(o)),
                "D" | "d" => Ok(RoundResult::Draw(o)),
                "L" | "l" => Ok(RoundResult::Loss(o)),
                "X" | "x" => Ok(RoundResult::ForfeitWin(o)),
                "F" | "f" => Ok(RoundResult::ForfeitLoss(o)),
                _ => Err(bad()),
            };
        }
        match t {
            "B" | "b" => Ok(RoundResult::FullPointBye),
            "H" | "h" => Ok(RoundResult::HalfPointBye),
            "Z" | "z" => Ok(RoundResult::ZeroPointBye),
            "U" | "u" => Ok(RoundResult::Unplayed),
            _ => Err(bad()),
        }
    }
}

impl TryFrom<String> for RoundResult {
    type Error = CrosstableError;

    fn try_from(text: String) -> Result<RoundResult, CrosstableError> {
        text.parse()
    }
}

impl From<RoundResult> for String {
    fn from(r: RoundResult) -> String {
        r.to_string()
    }
}

/// A crosstable that cannot be right. Each variant names the player(s) and
/// the round; what every rule book refuses alike is the shared
/// [`InputError`], wrapped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CrosstableError {
    /// Bad input shared with the other rule crates: a player listed twice
    /// ([`InputError::DuplicateContestant`]) or paired with itself
    /// ([`InputError::PlaysItself`]).
    #[error(transparent)]
    Input(#[from] InputError),
    /// Result text that is not in the crosstable shorthand.
    #[error("{text:?} is not a round result (W:x, D:x, L:x, X:x, F:x, B, H, Z or U)")]
    BadResultText {
        /// The text as given.
        text: String,
    },
    /// A row with more or fewer results than the event has rounds.
    #[error("player {player} has {found} results for a {expected}-round event")]
    WrongRoundCount {
        /// Who.
        player: ContestantId,
        /// The event's rounds.
        expected: u32,
        /// The results given.
        found: usize,
    },
    /// An opponent the crosstable does not list.
    #[error("round {round}: {player} is paired with {opponent}, who is not in the crosstable")]
    UnknownOpponent {
        /// The round.
        round: RoundNumber,
        /// Whose row names the opponent.
        player: ContestantId,
        /// The unknown name.
        opponent: ContestantId,
    },
    /// One game recorded differently from its two sides.
    #[error(
        "round {round}: {player} records {player_record} but {opponent} records {opponent_record}"
    )]
    Asymmetric {
        /// The round.
        round: RoundNumber,
        /// One player.
        player: ContestantId,
        /// The other player.
        opponent: ContestantId,
        /// The first player's record of the round.
        player_record: RoundResult,
        /// The other player's record of the same round.
        opponent_record: RoundResult,
    },
}

impl CrosstableError {
    /// The culprit this error names, in the model's vocabulary, so that a
    /// caller can place it in its input without matching this type.
    #[must_use]
    pub fn culprit(&self) -> Option<countback_model::Culprit> {
        use countback_model::Culprit;
        match self {
            CrosstableError::UnknownOpponent { round, player, .. }
            | CrosstableError::Asymmetric { round, player, .. } => Some(Culprit::Game {
                round: *round,
                player: player.clone(),
            }),
            CrosstableError::WrongRoundCount { player, .. } => Some(Culprit::Contestant {
                contestant: player.clone(),
            }),
            CrosstableError::Input(e) => e.culprit(),
            // A rule of the book, an option or a figure of no one place.
            CrosstableError::BadResultText { .. } => None,
        }
    }
}

/// One player's row, with opponents resolved to row indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Row {
    pub(crate) player: ContestantId,
    pub(crate) results: Vec<RoundResult>,
    /// For each round, the opponent's row when a game was played.
    pub(crate) played: Vec<Option<usize>>,
}

/// A validated Swiss crosstable: every player has one result per round, and
/// every pairing is recorded identically from both sides.
///
/// Rows are kept sorted by player name, so two crosstables built from the
/// same rows in any order are equal.
///
/// ```
/// use countback_tiebreak_chess::{Crosstable, CrosstableError};
///
/// let table = Crosstable::parse(2, [
///     ("Ann", "W:Bob D:Cy"),
///     ("Bob", "L:Ann B"),
///     ("Cy", "B D:Ann"),
/// ])?;
/// assert_eq!(table.score(&"Ann".into()).map(|s| s.to_string()), Some("3/2".into()));
///
/// // Bob says he lost to Ann; Ann says she drew: refused, naming both.
/// let err = Crosstable::parse(1, [("Ann", "D:Bob"), ("Bob", "W:Ann")]).unwrap_err();
/// assert!(matches!(err, CrosstableError::Asymmetric { .. }));
/// # Ok::<(), CrosstableError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crosstable {
    rounds: u32,
    rows: Vec<Row>,
}

impl Crosstable {
    /// A crosstable of `rounds` rounds from each player's results, round 1
    /// first. Checks that each row has `rounds` results, that every opponent
    /// is listed, and that both sides of every pairing agree.
    pub fn new(
        rounds: u32,
        players: impl IntoIterator<Item = (ContestantId, Vec<RoundResult>)>,
    ) -> Result<Crosstable, CrosstableError> {
        let mut by_name: BTreeMap<ContestantId, Vec<RoundResult>> = BTreeMap::new();
        for (player, results) in players {
            if usize::try_from(rounds).ok() != Some(results.len()) {
                return Err(CrosstableError::WrongRoundCount {
                    player,
                    expected: rounds,
                    found: results.len(),
                });
            }
            if by_name.contains_key(&player) {
                return Err(InputError::DuplicateContestant { contestant: player }.into());
            }
            by_name.insert(player, results);
        }
        let index: BTreeMap<&ContestantId, usize> =
            by_name.keys().enumerate().map(|(i, p)| (p, i)).collect();
        let rows_in: Vec<(&ContestantId, &Vec<RoundResult>)> = by_name.iter().collect();
        let mut rows = Vec::with_capacity(rows_in.len());
        for (player, results) in &rows_in {
            let mut played = Vec::with_capacity(results.len());
            for (r, result) in (1u32..).zip(results.iter()) {
                let round = RoundNumber(r);
                let Some(opponent) = result.opponent() else {
                    played.push(None);
                    continue;
                };
                if opponent == *player {
                    return Err(InputError::PlaysItself {
                        round,
                        contestant: (*player).clone(),
                    }
                    .into());
                }
                let Some(&o) = index.get(opponent) else {
                    return Err(CrosstableError::UnknownOpponent {
                        round,
                        player: (*player).clone(),
                        opponent: opponent.clone(),
                    });
                };
                let theirs = rows_in
                    .get(o)
                    .and_then(|(_, their_results)| their_results.get(result_index(r)));
                let agrees =
                    theirs.is_some_and(|t| t.opponent() == Some(*player) && result.agrees_with(t));
                if !agrees {
                    return Err(CrosstableError::Asymmetric {
                        round,
                        player: (*player).clone(),
                        opponent: opponent.clone(),
                        player_record: result.clone(),
                        opponent_record: theirs.cloned().unwrap_or(RoundResult::Unplayed),
                    });
                }
                played.push(result.is_played().then_some(o));
            }
            rows.push(Row {
                player: (*player).clone(),
                results: (*results).clone(),
                played,
            });
        }
        Ok(Crosstable { rounds, rows })
    }

    /// A crosstable from rows of shorthand text, one result per round
    /// separated by whitespace (see [`RoundResult`]).
    pub fn parse<'a>(
        rounds: u32,
        rows: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Crosstable, CrosstableError> {
        let mut players = Vec::new();
        for (name, line) in rows {
            let results = line
                .split_whitespace()
                .map(str::parse)
                .collect::<Result<Vec<RoundResult>, _>>()?;
            players.push((ContestantId::new(name), results));
        }
        Crosstable::new(rounds, players)
    }

    /// The number of rounds of the event.
    #[must_use]
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The players, sorted by name.
    pub fn players(&self) -> impl Iterator<Item = &ContestantId> {
        self.rows.iter().map(|r| &r.player)
    }

    /// The number of players.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there are no players.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// A player's results, round 1 first.
    #[must_use]
    pub fn results(&self, player: &ContestantId) -> Option<&[RoundResult]> {
        self.row(player).map(|r| r.results.as_slice())
    }

    /// A player's total score.
    #[must_use]
    pub fn score(&self, player: &ContestantId) -> Option<Score> {
        self.row(player).map(|r| total(&r.results))
    }

    pub(crate) fn rows(&self) -> &[Row] {
        &self.rows
    }

    pub(crate) fn index_of(&self, player: &ContestantId) -> Option<usize> {
        self.rows.binary_search_by(|r| r.player.cmp(player)).ok()
    }

    fn row(&self, player: &ContestantId) -> Option<&Row> {
        self.index_of(player).and_then(|i| self.rows.get(i))
    }
}

/// Round `r` (1-based) as an index into a row.
fn result_index(r: u32) -> usize {
    usize::try_from(r.saturating_sub(1)).unwrap_or(usize::MAX)
}

/// The total of a row of results.
pub(crate) fn total(results: &[RoundResult]) -> Score {
    results.iter().map(RoundResult::points).sum()
}
