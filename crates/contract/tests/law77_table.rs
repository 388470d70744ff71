//! Law 77 against a table written from the Law's text, not from the code.
//!
//! Source: The Laws of Duplicate Bridge 2017, Law 77 (the scoring table),
//! and Law 2 (the vulnerability of boards 1–16). Each table is typed
//! from the Law's wording as data; the test then compares every contract
//! (7 levels × 5 strains × 3 doublings), every number of tricks (0–13) and
//! both vulnerabilities: 2,940 cases.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use countback_contract::{
    breakdown, declarer_score, is_possible_score, possible_ns_scores, Contract, Doubling, Played,
    Seat, Strain, TableResult, Vulnerability,
};
use countback_model::BoardNumber;

/// Law 77, "contract points": the trick score of a contract of level 1..7
/// made undoubled, per strain (minors 20 a trick, majors 30, no trumps 40
/// for the first and 30 for each after).
const TRICK_SCORE: [(Strain, [i32; 7]); 5] = [
    (Strain::Clubs, [20, 40, 60, 80, 100, 120, 140]),
    (Strain::Diamonds, [20, 40, 60, 80, 100, 120, 140]),
    (Strain::Hearts, [30, 60, 90, 120, 150, 180, 210]),
    (Strain::Spades, [30, 60, 90, 120, 150, 180, 210]),
    (Strain::NoTrump, [40, 70, 100, 130, 160, 190, 220]),
];

/// Law 77, "penalty points": the total for 1..13 undertricks, typed
/// cumulatively in `data/law77/undertricks.csv`, one row a number of
/// undertricks. Columns: undoubled NV, undoubled V, doubled NV, doubled V,
/// redoubled NV, redoubled V.
fn undertricks() -> Vec<[i32; 6]> {
    countback_test_support::case_file::csv(
        include_str!("data/law77/undertricks.csv"),
        "down,undoubled_nv,undoubled_v,doubled_nv,doubled_v,redoubled_nv,redoubled_v",
        13,
    )
    .iter()
    .zip(1..)
    .map(|(cells, down)| {
        let figures: Vec<i32> = cells.iter().map(|c| c.parse().unwrap()).collect();
        assert_eq!(figures[0], down, "the rows go 1, 2, 3 ... undertricks");
        <[i32; 6]>::try_from(&figures[1..]).unwrap()
    })
    .collect()
}

/// Overtricks, each: undoubled at trick value (minor 20, major and NT
/// 30); doubled 100 NV / 200 V; redoubled 200 NV / 400 V.
fn overtrick(strain: Strain, doubling: Doubling, vul: bool) -> i32 {
    match (doubling, vul) {
        (Doubling::Undoubled, _) => match strain {
            Strain::Clubs | Strain::Diamonds => 20,
            _ => 30,
        },
        (Doubling::Doubled, false) => 100,
        (Doubling::Doubled, true) => 200,
        (Doubling::Redoubled, false) => 200,
        (Doubling::Redoubled, true) => 400,
    }
}

/// The score the Law's table gives, assembled from the data above.
fn law(
    undertricks: &[[i32; 6]],
    level: u8,
    strain: Strain,
    doubling: Doubling,
    tricks: u8,
    vul: bool,
) -> i32 {
    let needed = 6 + level;
    let col = |nv: usize| nv + usize::from(vul);
    if tricks < needed {
        let down = usize::from(needed - tricks);
        let column = match doubling {
            Doubling::Undoubled => col(0),
            Doubling::Doubled => col(2),
            Doubling::Redoubled => col(4),
        };
        return -undertricks[down - 1][column];
    }
    let base = TRICK_SCORE.iter().find(|(s, _)| *s == strain).unwrap().1[usize::from(level) - 1];
    let contract_points = match doubling {
        Doubling::Undoubled => base,
        Doubling::Doubled => 2 * base,
        Doubling::Redoubled => 4 * base,
    };
    // "A side that scores 100 or more trick points on one deal scores a
    // game": 300 not vulnerable, 500 vulnerable; less is a part score, 50.
    let premium = if contract_points >= 100 {
        if vul {
            500
        } else {
            300
        }
    } else {
        50
    };
    let slam = match (level, vul) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    // "For making a doubled contract 50, redoubled 100."
    let insult = match doubling {
        Doubling::Undoubled => 0,
        Doubling::Doubled => 50,
        Doubling::Redoubled => 100,
    };
    let over = i32::from(tricks - needed) * overtrick(strain, doubling, vul);
    contract_points + premium + slam + insult + over
}

#[test]
fn every_contract_every_result_both_vulnerabilities_agree_with_the_law() {
    let undertricks = undertricks();
    let mut checked = 0;
    for level in 1..=7u8 {
        for strain in Strain::ALL {
            for doubling in Doubling::ALL {
                let contract = Contract::new(level, strain, doubling).unwrap();
                for tricks in 0..=13u8 {
                    for vul in [false, true] {
                        let expected = law(&undertricks, level, strain, doubling, tricks, vul);
                        let got = declarer_score(contract, tricks, vul).unwrap();
                        assert_eq!(got, expected, "{contract} with {tricks} tricks, vul {vul}");
                        let b = breakdown(contract, tricks, vul).unwrap();
                        let sum = b.trick_score
                            + b.overtricks
                            + b.game_or_part_score
                            + b.slam
                            + b.insult
                            + b.undertricks;
                        assert_eq!(sum, b.total);
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 7 * 5 * 3 * 14 * 2);
}

/// Figures printed in every scoring table (e.g. the ACBL and EBU score
/// cards), as text: contract, tricks, vulnerable, score.
#[test]
fn familiar_figures() {
    let cases = [
        ("1NT", 7, false, 90),
        ("2S", 8, false, 110),
        ("3NT", 9, false, 400),
        ("3NT", 9, true, 600),
        ("4H", 10, false, 420),
        ("4H", 11, true, 650),
        ("5C", 11, false, 400),
        ("6NT", 12, false, 990),
        ("6NT", 12, true, 1440),
        ("7NT", 13, true, 2220),
        ("1CX", 7, false, 140),
        ("1SX", 8, false, 260),
        ("1SX", 8, true, 360),
        ("2CX", 8, false, 180),
        ("1NTXX", 7, false, 560),
        ("7NTXX", 13, true, 2980),
        ("4SX", 7, false, -500),
        ("4SX", 7, true, -800),
        ("4SX", 6, true, -1100),
        ("7NTXX", 0, true, -7600),
        ("3NT", 8, true, -100),
    ];
    for (text, tricks, vul, expected) in cases {
        let contract = Contract::parse(text).unwrap();
        assert_eq!(
            declarer_score(contract, tricks, vul).unwrap(),
            expected,
            "{text} {tricks}"
        );
    }
}

/// Law 2: boards 1–16, then the cycle again (board 17 is board 1).
#[test]
fn vulnerability_cycle() {
    use Vulnerability::{Both, EastWest, None, NorthSouth};
    let law2 = [
        None, NorthSouth, EastWest, Both, NorthSouth, EastWest, Both, None, EastWest, Both, None,
        NorthSouth, Both, None, NorthSouth, EastWest,
    ];
    for board in 1..=64u32 {
        let expected = law2[usize::try_from((board - 1) % 16).unwrap()];
        assert_eq!(
            Vulnerability::of_board(BoardNumber(board)).unwrap(),
            expected,
            "board {board}"
        );
    }
    assert!(Vulnerability::of_board(BoardNumber(0)).is_err());
    let dealers: Vec<Seat> = (1..=5)
        .map(|b| Seat::dealer(BoardNumber(b)).unwrap())
        .collect();
    assert_eq!(
        dealers,
        [
            Seat::North,
            Seat::East,
            Seat::South,
            Seat::West,
            Seat::North
        ]
    );
}

#[test]
fn north_south_sign_and_pass_out() {
    let c = Contract::parse("4S").unwrap();
    // Board 3: East-West vulnerable. West makes 4S: -620 to North-South.
    let west = TableResult::Played(Played::new(c, Seat::West, 10).unwrap());
    assert_eq!(west.ns_points_on_board(BoardNumber(3)).unwrap(), -620);
    let north = TableResult::Played(Played::new(c, Seat::North, 10).unwrap());
    assert_eq!(north.ns_points_on_board(BoardNumber(3)).unwrap(), 420);
    assert_eq!(
        TableResult::PassedOut
            .ns_points_on_board(BoardNumber(3))
            .unwrap(),
        0
    );
}

#[test]
fn impossible_scores() {
    for vul in [
        Vulnerability::None,
        Vulnerability::NorthSouth,
        Vulnerability::EastWest,
        Vulnerability::Both,
    ] {
        for bad in [123, 4200, 425, -425, 10, 60, 1, -5] {
            assert!(!is_possible_score(bad, vul), "{bad} at {vul:?}");
        }
        for good in [
            0, 90, -90, 110, -110, 140, -140, 200, -200, 800, -800, 1100, -1100,
        ] {
            assert!(is_possible_score(good, vul), "{good} at {vul:?}");
        }
        // Each listed score is possible, and the list is what the check accepts
        // over the whole range of scores.
        let list = possible_ns_scores(vul);
        for s in -8000..=8000 {
            assert_eq!(
                list.binary_search(&s).is_ok(),
                is_possible_score(s, vul),
                "{s}"
            );
        }
    }
    // Vulnerable-only figures.
    assert!(is_possible_score(620, Vulnerability::NorthSouth));
    assert!(!is_possible_score(620, Vulnerability::EastWest));
    assert!(is_possible_score(-620, Vulnerability::EastWest));
    assert!(!is_possible_score(-620, Vulnerability::NorthSouth));
}

#[test]
fn reading_contracts_and_refusals() {
    for (text, shown) in [
        ("4S", "4S"),
        ("4 s", "4S"),
        ("3N", "3NT"),
        ("3 NT x", "3NTX"),
        ("2C**", "2CXX"),
        ("6H*", "6HX"),
        ("1nt xx", "1NTXX"),
    ] {
        assert_eq!(Contract::parse(text).unwrap().to_string(), shown, "{text}");
    }
    for bad in ["", "8S", "0NT", "4", "4Q", "4SXXX", "PASS"] {
        assert!(Contract::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(Contract::parse_or_pass("PASS").unwrap(), None);
    assert_eq!(Contract::parse_or_pass("Pass out").unwrap(), None);
    assert!(Played::new(Contract::parse("1C").unwrap(), Seat::North, 14).is_err());
    assert!(Played::with_result(Contract::parse("7C").unwrap(), Seat::North, 1).is_err());
    assert!(Played::with_result(Contract::parse("1C").unwrap(), Seat::North, -8).is_err());
    assert_eq!(
        Played::with_result(Contract::parse("1C").unwrap(), Seat::North, -7)
            .unwrap()
            .tricks(),
        0
    );
}

#[cfg(feature = "serde")]
#[test]
fn deserialising_goes_through_the_constructors() {
    let ok: Contract =
        serde_json::from_str(r#"{"level":4,"strain":"Spades","doubling":"doubled"}"#).unwrap();
    assert_eq!(ok.to_string(), "4SX");
    let bad =
        serde_json::from_str::<Contract>(r#"{"level":8,"strain":"Spades","doubling":"doubled"}"#);
    assert!(bad.unwrap_err().to_string().contains("1 to 7"));
    let round = serde_json::to_string(&Played::new(ok, Seat::West, 9).unwrap()).unwrap();
    let back: Played = serde_json::from_str(&round).unwrap();
    assert_eq!(back.tricks(), 9);
    assert!(serde_json::from_str::<Played>(&round.replace("9", "14")).is_err());
}
