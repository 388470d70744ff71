//! Which scores a board can have at all: a check for typing errors.

use std::sync::OnceLock;

use countback_model::Direction;

use crate::law77::breakdown_of;
use crate::types::{Contract, Doubling, Strain, Vulnerability};

/// Every score a declaring side can get, not vulnerable (`[0]`) and
/// vulnerable (`[1]`), sorted and without repeats: all 7 × 5 × 3 contracts
/// with 0 to 13 tricks.
fn declarer_scores() -> &'static [Vec<i32>; 2] {
    static SCORES: OnceLock<[Vec<i32>; 2]> = OnceLock::new();
    SCORES.get_or_init(|| {
        [false, true].map(|vulnerable| {
            let mut all = Vec::with_capacity(7 * 5 * 3 * 14);
            for level in 1..=7 {
                for strain in Strain::ALL {
                    for doubling in Doubling::ALL {
                        if let Ok(contract) = Contract::new(level, strain, doubling) {
                            for tricks in 0..=13 {
                                all.push(breakdown_of(contract, tricks, vulnerable).total);
                            }
                        }
                    }
                }
            }
            all.sort_unstable();
            all.dedup();
            all
        })
    })
}

fn side_can_score(points: i32, vulnerable: bool) -> bool {
    let [not_vul, vul] = declarer_scores();
    let table = if vulnerable { vul } else { not_vul };
    table.binary_search(&points).is_ok()
}

/// Whether some contract, declarer and number of tricks (or a pass-out,
/// for 0) gives North-South `ns_points` on a board of `vulnerability`.
///
/// `false` means no result at the table can be scored so: 123, 4200 or 425
/// are typing errors at any vulnerability, and 620 cannot be scored by a
/// side that is not vulnerable.
///
/// ```
/// use countback_contract::{is_possible_score, Vulnerability};
///
/// assert!(is_possible_score(620, Vulnerability::NorthSouth));
/// assert!(!is_possible_score(620, Vulnerability::EastWest));
/// assert!(!is_possible_score(123, Vulnerability::Both));
/// ```
#[must_use]
pub fn is_possible_score(ns_points: i32, vulnerability: Vulnerability) -> bool {
    ns_points == 0
        || side_can_score(
            ns_points,
            vulnerability.is_vulnerable(Direction::NorthSouth),
        )
        || ns_points.checked_neg().is_some_and(|ew_points| {
            side_can_score(ew_points, vulnerability.is_vulnerable(Direction::EastWest))
        })
}

/// Every score North-South can have on a board of `vulnerability`, sorted:
/// what [`is_possible_score`] accepts.
#[must_use]
pub fn possible_ns_scores(vulnerability: Vulnerability) -> Vec<i32> {
    let [not_vul, vul] = declarer_scores();
    let ns = if vulnerability.is_vulnerable(Direction::NorthSouth) {
        vul
    } else {
        not_vul
    };
    let ew = if vulnerability.is_vulnerable(Direction::EastWest) {
        vul
    } else {
        not_vul
    };
    let mut all: Vec<i32> = ns
        .iter()
        .copied()
        .chain(ew.iter().map(|p| -p))
        .chain(std::iter::once(0))
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}
