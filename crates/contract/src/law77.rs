//! Law 77: the duplicate bridge scoring table.

use countback_model::{BoardNumber, Direction, InputError, TableOutcome};

use crate::types::{Contract, Doubling, Played, Strain, TableResult, Vulnerability};

/// A Law 77 score taken apart: each figure is one entry of the scoring
/// table, in points to the declaring side. A made contract has trick score,
/// overtricks and bonuses; a defeated one only `undertricks` (negative).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Breakdown {
    /// Trick score: the odd tricks bid and made, doubled (×2) or
    /// redoubled (×4) when so.
    pub trick_score: i32,
    /// Overtrick points: the trick value undoubled, 100/200 doubled and
    /// 200/400 redoubled (not vulnerable/vulnerable), each.
    pub overtricks: i32,
    /// Premium for game (trick score 100 or more: 300 not vulnerable, 500
    /// vulnerable) or for a part score (50).
    pub game_or_part_score: i32,
    /// Premium for a small slam (500/750) or a grand slam (1000/1500).
    pub slam: i32,
    /// Premium for making a doubled (50) or redoubled (100) contract.
    pub insult: i32,
    /// Undertricks, negative: 50/100 each undoubled; doubled not vulnerable
    /// 100 for the first, 200 for the second and third, 300 each after;
    /// doubled vulnerable 200 then 300 each; redoubled twice doubled.
    pub undertricks: i32,
    /// The sum: the score to the declaring side.
    pub total: i32,
}

/// The value of odd trick number `n` (1-based) in `strain`, undoubled: 20 in
/// a minor, 30 in a major, 40 for the first in no trumps and 30 after.
fn trick_value(strain: Strain, n: u8) -> i32 {
    match strain {
        Strain::Clubs | Strain::Diamonds => 20,
        Strain::Hearts | Strain::Spades => 30,
        Strain::NoTrump if n == 1 => 40,
        Strain::NoTrump => 30,
    }
}

/// Score `contract` when declarer took `tricks` (0 to 13), to the
/// declaring side, `vulnerable` or not, entry by entry.
///
/// # Errors
/// [`InputError::OutOfRange`] for more than 13 tricks.
pub fn breakdown(
    contract: Contract,
    tricks: u8,
    vulnerable: bool,
) -> Result<Breakdown, InputError> {
    let played = Played::new(contract, crate::types::Seat::North, tricks)?;
    Ok(breakdown_of(played.contract(), played.tricks(), vulnerable))
}

pub(crate) fn breakdown_of(contract: Contract, tricks: u8, vulnerable: bool) -> Breakdown {
    let needed = contract.tricks_needed();
    let (multiplier, insult) = match contract.doubling() {
        Doubling::Undoubled => (1, 0),
        Doubling::Doubled => (2, 50),
        Doubling::Redoubled => (4, 100),
    };
    let mut b = Breakdown::default();
    if tricks >= needed {
        let level = contract.level();
        b.trick_score = (1..=level)
            .map(|n| trick_value(contract.strain(), n))
            .sum::<i32>()
            * multiplier;
        let over = i32::from(tricks - needed);
        b.overtricks = over
            * match (contract.doubling(), vulnerable) {
                (Doubling::Undoubled, _) => trick_value(contract.strain(), 2),
                (Doubling::Doubled, false) => 100,
                (Doubling::Doubled, true) => 200,
                (Doubling::Redoubled, false) => 200,
                (Doubling::Redoubled, true) => 400,
            };
        b.game_or_part_score = match (b.trick_score >= 100, vulnerable) {
            (false, _) => 50,
            (true, false) => 300,
            (true, true) => 500,
        };
        b.slam = match (level, vulnerable) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        };
        b.insult = insult;
    } else {
        let down = i32::from(needed - tricks);
        let doubled = match vulnerable {
            // 100, then 200 for the second and third, then 300 each.
            false => 100 + 200 * (down - 1).min(2) + 300 * (down - 3).max(0),
            // 200, then 300 each.
            true => 200 + 300 * (down - 1),
        };
        b.undertricks = -match contract.doubling() {
            Doubling::Undoubled => down * if vulnerable { 100 } else { 50 },
            Doubling::Doubled => doubled,
            Doubling::Redoubled => 2 * doubled,
        };
    }
    b.total =
        b.trick_score + b.overtricks + b.game_or_part_score + b.slam + b.insult + b.undertricks;
    b
}

/// The score of `contract` to the declaring side when declarer took
/// `tricks`, `vulnerable` or not (Law 77); negative when defeated.
///
/// # Errors
/// [`InputError::OutOfRange`] for more than 13 tricks.
pub fn declarer_score(contract: Contract, tricks: u8, vulnerable: bool) -> Result<i32, InputError> {
    breakdown(contract, tricks, vulnerable).map(|b| b.total)
}

impl Played {
    /// The score to the declaring side, vulnerable or not.
    #[must_use]
    pub fn declarer_points(&self, vulnerable: bool) -> i32 {
        breakdown_of(self.contract(), self.tricks(), vulnerable).total
    }

    /// The score to North-South on a board of vulnerability `vulnerability`
    /// (East-West pluses are North-South minuses).
    #[must_use]
    pub fn ns_points(&self, vulnerability: Vulnerability) -> i32 {
        let side = self.declarer().direction();
        let points = self.declarer_points(vulnerability.is_vulnerable(side));
        if side == Direction::NorthSouth {
            points
        } else {
            -points
        }
    }
}

impl TableResult {
    /// The score to North-South: 0 for a pass-out.
    #[must_use]
    pub fn ns_points(&self, vulnerability: Vulnerability) -> i32 {
        match self {
            TableResult::PassedOut => 0,
            TableResult::Played(p) => p.ns_points(vulnerability),
        }
    }

    /// The result as the shared model's [`TableOutcome::Played`], scored
    /// at `vulnerability`.
    #[must_use]
    pub fn table_outcome(&self, vulnerability: Vulnerability) -> TableOutcome {
        TableOutcome::Played {
            ns_points: self.ns_points(vulnerability),
        }
    }

    /// The score to North-South on `board`, its vulnerability taken from
    /// the standard cycle ([`Vulnerability::of_board`]).
    ///
    /// # Errors
    /// [`InputError::OutOfRange`] for board 0.
    pub fn ns_points_on_board(&self, board: BoardNumber) -> Result<i32, InputError> {
        Vulnerability::of_board(board).map(|v| self.ns_points(v))
    }
}
