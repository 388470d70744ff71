//! What a traveller line says about the play: the contract, who declared
//! it, the tricks taken and the vulnerability.

use std::fmt;
use std::str::FromStr;

use countback_model::{BoardNumber, Direction, InputError, Score};

use crate::error::ContractError;

/// The refusal of `value` as `what`, which must lie in `range`.
fn out_of_range(what: &str, value: impl Into<i64>, range: &'static str) -> InputError {
    InputError::OutOfRange {
        what: what.to_owned(),
        value: Score::integer(value.into()),
        range,
    }
}

/// The denomination of a contract. The five strains are fixed by the Laws,
/// so the enum is exhaustive on purpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_enums)]
pub enum Strain {
    /// Clubs (a minor suit).
    Clubs,
    /// Diamonds (a minor suit).
    Diamonds,
    /// Hearts (a major suit).
    Hearts,
    /// Spades (a major suit).
    Spades,
    /// No trumps.
    NoTrump,
}

impl Strain {
    /// The five strains, lowest first.
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// The usual abbreviation: `C`, `D`, `H`, `S`, `NT`.
    #[must_use]
    pub fn abbreviation(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        }
    }
}

/// Whether the contract was doubled or redoubled (Law 77's three columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[allow(clippy::exhaustive_enums)]
pub enum Doubling {
    /// Neither doubled nor redoubled.
    Undoubled,
    /// Doubled (`X`).
    Doubled,
    /// Redoubled (`XX`).
    Redoubled,
}

impl Doubling {
    /// The three states, undoubled first.
    pub const ALL: [Doubling; 3] = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled];
}

/// A seat at the table; the declarer is one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_enums)]
pub enum Seat {
    /// North.
    #[cfg_attr(feature = "serde", serde(rename = "N"))]
    North,
    /// East.
    #[cfg_attr(feature = "serde", serde(rename = "E"))]
    East,
    /// South.
    #[cfg_attr(feature = "serde", serde(rename = "S"))]
    South,
    /// West.
    #[cfg_attr(feature = "serde", serde(rename = "W"))]
    West,
}

impl Seat {
    /// The four seats, in the order of the deal (North first).
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The partnership the seat belongs to.
    #[must_use]
    pub fn direction(self) -> Direction {
        match self {
            Seat::North | Seat::South => Direction::NorthSouth,
            Seat::East | Seat::West => Direction::EastWest,
        }
    }

    /// The seat's letter: `N`, `E`, `S`, `W`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    /// Read a seat as scoring programs write it: `N`, `North`, `n` ...
    ///
    /// # Errors
    /// [`ContractError::Unreadable`] for anything else.
    pub fn parse(text: &str) -> Result<Seat, ContractError> {
        match text.trim().to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Ok(Seat::North),
            "E" | "EAST" => Ok(Seat::East),
            "S" | "SOUTH" => Ok(Seat::South),
            "W" | "WEST" => Ok(Seat::West),
            _ => Err(ContractError::unreadable("declarer", text, "N, E, S or W")),
        }
    }

    /// The dealer of a board in the standard cycle: board 1 North, 2 East,
    /// 3 South, 4 West, 5 North again.
    ///
    /// # Errors
    /// [`InputError::OutOfRange`] for board 0.
    pub fn dealer(board: BoardNumber) -> Result<Seat, InputError> {
        let index = cycle_index(board)? % 4;
        Ok(Seat::ALL.get(index).copied().unwrap_or(Seat::North))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Which partnerships are vulnerable on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_enums)]
pub enum Vulnerability {
    /// Neither side ("Love All", "None").
    None,
    /// North-South only.
    NorthSouth,
    /// East-West only.
    EastWest,
    /// Both sides ("Game All", "All").
    Both,
}

/// The standard 16-board cycle of vulnerability (boards 1–16; board 17
/// starts it again), as printed on duplicate boards and in the Laws' Law 2.
const CYCLE: [Vulnerability; 16] = {
    use Vulnerability::{Both as B, EastWest as E, None as O, NorthSouth as N};
    [O, N, E, B, N, E, B, O, E, B, O, N, B, O, N, E]
};

/// `(board − 1)`: the position of a board in its cycle, before the modulo.
fn cycle_index(board: BoardNumber) -> Result<usize, InputError> {
    let n = board
        .0
        .checked_sub(1)
        .ok_or_else(|| out_of_range("board number", 0, "1 or more"))?;
    usize::try_from(n).map_err(|_| {
        out_of_range(
            "board number",
            board.0,
            "a board number this machine can index",
        )
    })
}

impl Vulnerability {
    /// The vulnerability of a board by the standard 16-board cycle (Law 2).
    ///
    /// # Errors
    /// [`InputError::OutOfRange`] for board 0.
    pub fn of_board(board: BoardNumber) -> Result<Vulnerability, InputError> {
        let index = cycle_index(board)? % CYCLE.len();
        Ok(CYCLE.get(index).copied().unwrap_or(Vulnerability::None))
    }

    /// Whether the partnership `side` is vulnerable.
    #[must_use]
    pub fn is_vulnerable(self, side: Direction) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::Both => true,
            Vulnerability::NorthSouth => side == Direction::NorthSouth,
            Vulnerability::EastWest => side != Direction::NorthSouth,
        }
    }

    /// Read a vulnerability as files write it: `None`/`Love`/`-`, `NS`,
    /// `EW`, `All`/`Both`.
    ///
    /// # Errors
    /// [`ContractError::Unreadable`] for anything else.
    pub fn parse(text: &str) -> Result<Vulnerability, ContractError> {
        match text.trim().to_ascii_uppercase().as_str() {
            "NONE" | "LOVE" | "-" | "O" => Ok(Vulnerability::None),
            "NS" | "N-S" | "N/S" => Ok(Vulnerability::NorthSouth),
            "EW" | "E-W" | "E/W" => Ok(Vulnerability::EastWest),
            "ALL" | "BOTH" | "B" => Ok(Vulnerability::Both),
            _ => Err(ContractError::unreadable(
                "vulnerability",
                text,
                "None, NS, EW or All",
            )),
        }
    }
}

/// A contract: a level from 1 to 7, a strain and its doubling.
///
/// The fields are private so that no contract of level 0 or 8 exists;
/// deserialising goes through [`Contract::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawContract"))]
pub struct Contract {
    level: u8,
    strain: Strain,
    doubling: Doubling,
}

#[cfg(feature = "serde")]
countback_model::deserialize_through! {
    #[serde(deny_unknown_fields)]
    struct RawContract { level: u8, strain: Strain, doubling: Doubling } => Contract::new -> InputError
}

impl Contract {
    /// A contract of `level` (1 to 7).
    ///
    /// # Errors
    /// [`InputError::OutOfRange`] for another level.
    pub fn new(level: u8, strain: Strain, doubling: Doubling) -> Result<Contract, InputError> {
        if !(1..=7).contains(&level) {
            return Err(out_of_range("contract level", level, "1 to 7"));
        }
        Ok(Contract {
            level,
            strain,
            doubling,
        })
    }

    /// The level, 1 to 7: the tricks over six that declarer contracted for.
    #[must_use]
    pub fn level(self) -> u8 {
        self.level
    }

    /// The strain.
    #[must_use]
    pub fn strain(self) -> Strain {
        self.strain
    }

    /// Undoubled, doubled or redoubled.
    #[must_use]
    pub fn doubling(self) -> Doubling {
        self.doubling
    }

    /// The tricks declarer needs: six plus the level.
    #[must_use]
    pub fn tricks_needed(self) -> u8 {
        6 + self.level
    }

    /// Read a contract as scoring programs write it: `4S`, `4 S`, `3NT`,
    /// `3N`, `4HX`, `4H x`, `4H*`, `2CXX`, `2C**`, in either case.
    ///
    /// # Errors
    /// [`ContractError::Unreadable`] naming the text.
    pub fn parse(text: &str) -> Result<Contract, ContractError> {
        let bad = || {
            ContractError::unreadable(
                "contract",
                text,
                "a level 1-7, a strain (C, D, H, S, NT) and X or XX if doubled",
            )
        };
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_uppercase)
            .collect();
        let mut chars = compact.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .and_then(|d| u8::try_from(d).ok())
            .ok_or_else(bad)?;
        let rest = chars.as_str();
        let (strain, rest) = [
            ("NT", Strain::NoTrump),
            ("N", Strain::NoTrump),
            ("C", Strain::Clubs),
            ("D", Strain::Diamonds),
            ("H", Strain::Hearts),
            ("S", Strain::Spades),
        ]
        .into_iter()
        .find_map(|(prefix, strain)| rest.strip_prefix(prefix).map(|r| (strain, r)))
        .ok_or_else(bad)?;
        let doubling = match rest {
            "" => Doubling::Undoubled,
            "X" | "*" | "D" => Doubling::Doubled,
            "XX" | "**" | "R" | "XR" => Doubling::Redoubled,
            _ => return Err(bad()),
        };
        Contract::new(level, strain, doubling).map_err(|_| bad())
    }

    /// [`Contract::parse`], with a pass-out (`PASS`, `Passed`, `P`, `AP`,
    /// `Pass out`) read as `None`.
    ///
    /// # Errors
    /// As [`Contract::parse`].
    pub fn parse_or_pass(text: &str) -> Result<Option<Contract>, ContractError> {
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_uppercase)
            .collect();
        match compact.as_str() {
            "PASS" | "PASSED" | "P" | "AP" | "PASSOUT" | "PASSEDOUT" | "ALLPASS" => Ok(None),
            _ => Contract::parse(text).map(Some),
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = match self.doubling {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        };
        write!(f, "{}{}{x}", self.level, self.strain.abbreviation())
    }
}

impl FromStr for Contract {
    type Err = ContractError;
    fn from_str(s: &str) -> Result<Contract, ContractError> {
        Contract::parse(s)
    }
}

/// A contract played: the contract, its declarer and the tricks declarer
/// took (0 to 13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawPlayed"))]
pub struct Played {
    contract: Contract,
    declarer: Seat,
    tricks: u8,
}

#[cfg(feature = "serde")]
countback_model::deserialize_through! {
    #[serde(deny_unknown_fields)]
    struct RawPlayed { contract: Contract, declarer: Seat, tricks: u8 } => Played::new -> InputError
}

impl Played {
    /// `contract` played by `declarer`, who took `tricks` (0 to 13).
    ///
    /// # Errors
    /// [`InputError::OutOfRange`] for more than 13 tricks.
    pub fn new(contract: Contract, declarer: Seat, tricks: u8) -> Result<Played, InputError> {
        if tricks > 13 {
            return Err(out_of_range("tricks taken by declarer", tricks, "0 to 13"));
        }
        Ok(Played {
            contract,
            declarer,
            tricks,
        })
    }

    /// `contract` by `declarer` with the result relative to the contract,
    /// as Bridgemate and most travellers write it: `0` made exactly, `+1`
    /// one overtrick, `-2` two down.
    ///
    /// # Errors
    /// [`InputError::OutOfRange`] when the tricks fall outside 0 to 13.
    pub fn with_result(
        contract: Contract,
        declarer: Seat,
        relative: i8,
    ) -> Result<Played, InputError> {
        let tricks = i16::from(contract.tricks_needed()) + i16::from(relative);
        let tricks = u8::try_from(tricks)
            .map_err(|_| out_of_range("tricks taken by declarer", tricks, "0 to 13"))?;
        Played::new(contract, declarer, tricks)
    }

    /// The contract.
    #[must_use]
    pub fn contract(&self) -> Contract {
        self.contract
    }

    /// The declarer.
    #[must_use]
    pub fn declarer(&self) -> Seat {
        self.declarer
    }

    /// The tricks declarer took.
    #[must_use]
    pub fn tricks(&self) -> u8 {
        self.tricks
    }
}

/// What happened at a table on a board that was played: a contract, or
/// four passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[allow(clippy::exhaustive_enums)]
pub enum TableResult {
    /// Passed out: a real result of 0 to both sides.
    PassedOut,
    /// A contract played.
    Played(Played),
}
