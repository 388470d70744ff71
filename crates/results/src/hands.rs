//! Hand records: each board's deal, dealer and vulnerability, and the
//! double-dummy table and par where the file has them (issue 40).
//!
//! Kept beside a [`crate::Session`] (as [`crate::Plays`] are), not in it: no
//! figure depends on them, a file without them costs an empty map, and the
//! readers that fill a `Session` by name are unchanged. Everything is kept
//! as the file writes it: the cards of each suit (`"AQT94"`, `""` for a
//! void), the vulnerability's word, the par contract and score. Nothing
//! here is computed: countback does not analyse a deal double dummy; a
//! table or a par the file does not have is absent.

use std::collections::BTreeMap;

use countback_model::BoardNumber;

/// The four seats in the order a hand record lists them, as each
/// `[Option<…>; 4]` here is indexed: North, East, South, West.
pub const SEATS: [char; 4] = ['N', 'E', 'S', 'W'];

/// The five strains in the order a double-dummy table prints them, as
/// [`DoubleDummy::tricks`] is indexed: notrump, spades, hearts, diamonds,
/// clubs.
pub const STRAINS: [&str; 5] = ["NT", "S", "H", "D", "C"];

/// One player's thirteen cards, suit by suit as written (`"AQT94"`; `""`
/// is a void).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Closed: a hand is its four suits.
pub struct Hand {
    /// Spades.
    pub spades: String,
    /// Hearts.
    pub hearts: String,
    /// Diamonds.
    pub diamonds: String,
    /// Clubs.
    pub clubs: String,
}

impl Hand {
    /// The suits in the order a diagram prints them: spades, hearts,
    /// diamonds, clubs.
    #[must_use]
    pub fn suits(&self) -> [&str; 4] {
        [&self.spades, &self.hearts, &self.diamonds, &self.clubs]
    }

    /// A hand written as PBN writes one (`AJT984.6.Q32.KJ9`): four suits
    /// separated by dots, each of the ranks `AKQJT98765432`. `None` for
    /// anything else.
    #[must_use]
    pub fn from_pbn(text: &str) -> Option<Hand> {
        let mut suits = text.split('.');
        let mut next = || {
            suits
                .next()
                .filter(|s| s.len() <= 13 && s.chars().all(|c| "AKQJT98765432".contains(c)))
                .map(str::to_owned)
        };
        let hand = Hand {
            spades: next()?,
            hearts: next()?,
            diamonds: next()?,
            clubs: next()?,
        };
        suits.next().is_none().then_some(hand)
    }
}

/// The tricks declarer takes double dummy, by declarer and strain, as
/// the file gives them (a `.bws` `HandEvaluation` row, a PBN
/// `OptimumResultTable`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct DoubleDummy {
    /// `tricks[seat][strain]`, seats as [`SEATS`], strains as
    /// [`STRAINS`]; `None` where the file gives no figure.
    pub tricks: [[Option<u8>; 5]; 4],
}

impl DoubleDummy {
    /// A table with every entry absent.
    #[must_use]
    pub fn new() -> DoubleDummy {
        DoubleDummy::default()
    }

    /// Set declarer `seat`'s tricks in `strain` (indices as [`SEATS`] and
    /// [`STRAINS`]); out of range is ignored.
    pub fn set(&mut self, seat: usize, strain: usize, tricks: u8) {
        if let Some(cell) = self.tricks.get_mut(seat).and_then(|r| r.get_mut(strain)) {
            *cell = Some(tricks);
        }
    }

    /// Whether no entry is given.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tricks.iter().flatten().all(Option::is_none)
    }
}

/// The par of the deal as the file states it (PBN `[ParContract]` or
/// `[OptimumContract]`, `[OptimumScore]`): kept as written, never worked
/// out here.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Par {
    /// The par contract(s) as written (`"5DX E 8"`, `"NS 4S"`).
    pub contract: Option<String>,
    /// The par score as written (`"NS 500"`).
    pub score: Option<String>,
}

impl Par {
    /// A par from its contract and score texts; `None` if both are absent.
    #[must_use]
    pub fn new(contract: Option<String>, score: Option<String>) -> Option<Par> {
        (contract.is_some() || score.is_some()).then_some(Par { contract, score })
    }
}

/// One board's hand record.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct HandRecord {
    /// The board.
    pub board: BoardNumber,
    /// The dealer's seat (`'N'` …).
    pub dealer: Option<char>,
    /// Who is vulnerable, as written (`None`, `NS`, `EW`, `All`).
    pub vulnerable: Option<String>,
    /// Whether the dealer and vulnerability come from the board number
    /// (Law 2), the file stating neither (a `.bws`).
    pub by_board_number: bool,
    /// The four hands, seats as [`SEATS`]; `None` for a hand the file
    /// leaves out.
    pub hands: [Option<Hand>; 4],
    /// The double-dummy tricks, where the file has them.
    pub double_dummy: Option<DoubleDummy>,
    /// High-card points of each hand as the file gives them (a `.bws`
    /// `HandEvaluation`), seats as [`SEATS`].
    pub points: Option<[u8; 4]>,
    /// The par, where the file states it.
    pub par: Option<Par>,
}

impl HandRecord {
    /// A board's record with nothing known yet.
    #[must_use]
    pub fn new(board: BoardNumber) -> HandRecord {
        HandRecord {
            board,
            dealer: None,
            vulnerable: None,
            by_board_number: false,
            hands: [None, None, None, None],
            double_dummy: None,
            points: None,
            par: None,
        }
    }

    /// The dealer and vulnerability of `board` by the standard cycle of
    /// sixteen (Law 2), for a file that states neither.
    #[must_use]
    pub fn by_number(board: BoardNumber) -> HandRecord {
        const VULNERABLE: [&str; 16] = [
            "None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All",
            "None", "NS", "EW",
        ];
        let i = (board.0.max(1) - 1) as usize;
        HandRecord {
            dealer: SEATS.get(i % 4).copied(),
            vulnerable: VULNERABLE.get(i % 16).map(|v| (*v).to_owned()),
            by_board_number: true,
            ..HandRecord::new(board)
        }
    }

    /// Whether the record holds a deal, a double-dummy table or a par:
    /// a dealer and vulnerability alone are not worth a diagram.
    #[must_use]
    pub fn has_content(&self) -> bool {
        self.hands.iter().any(Option::is_some) || self.double_dummy.is_some() || self.par.is_some()
    }

    /// Read a PBN `[Deal]` value (`N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 …`):
    /// the first seat, then four hands clockwise, `-` for a hand not
    /// given. `false` (and nothing set) for a value that is not a deal.
    pub fn set_pbn_deal(&mut self, value: &str) -> bool {
        let Some((first, hands)) = value.trim().split_once(':') else {
            return false;
        };
        let Some(start) = SEATS
            .iter()
            .position(|s| first.trim().eq_ignore_ascii_case(&s.to_string()))
        else {
            return false;
        };
        let written: Vec<&str> = hands.split_whitespace().collect();
        if written.len() != 4 {
            return false;
        }
        let mut read: [Option<Hand>; 4] = [None, None, None, None];
        for (k, text) in written.iter().enumerate() {
            if *text == "-" {
                continue;
            }
            let Some(hand) = Hand::from_pbn(text) else {
                return false;
            };
            if let Some(slot) = read.get_mut((start + k) % 4) {
                *slot = Some(hand);
            }
        }
        self.hands = read;
        true
    }
}

/// Every board's hand record a file has, by board and section (`None`
/// where the file's deals are not by section).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct HandRecords {
    /// The records.
    pub by_board: BTreeMap<(BoardNumber, Option<String>), HandRecord>,
}

impl HandRecords {
    /// No hand records.
    #[must_use]
    pub fn new() -> HandRecords {
        HandRecords::default()
    }

    /// Whether there is none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.by_board.is_empty()
    }

    /// How many boards have one.
    #[must_use]
    pub fn len(&self) -> usize {
        self.by_board.len()
    }

    /// Keep `record` for `board` in `section`.
    pub fn insert(&mut self, section: Option<String>, record: HandRecord) {
        self.by_board.insert((record.board, section), record);
    }

    /// The record of `board` in `section`, else the file's record of that
    /// board for every section.
    #[must_use]
    pub fn get(&self, board: BoardNumber, section: Option<&str>) -> Option<&HandRecord> {
        section
            .and_then(|s| self.by_board.get(&(board, Some(s.to_owned()))))
            .or_else(|| self.by_board.get(&(board, None)))
    }

    /// Every record, in board then section order.
    pub fn iter(&self) -> impl Iterator<Item = (&Option<String>, &HandRecord)> {
        self.by_board.iter().map(|((_, s), r)| (s, r))
    }
}

/// A list in board order, each record with its section: a map keyed by
/// tuples is not a JSON object.
#[cfg(feature = "serde")]
impl serde::Serialize for HandRecords {
    fn serialize<S: serde::Serializer>(&self, out: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Entry<'a> {
            section: &'a Option<String>,
            #[serde(flatten)]
            record: &'a HandRecord,
        }
        out.collect_seq(
            self.iter()
                .map(|(section, record)| Entry { section, record }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pbn_deal_is_read_from_its_first_seat_clockwise() {
        let mut r = HandRecord::new(BoardNumber(2));
        // Ruter's pairs.pbn, board 2: East first.
        assert!(
            r.set_pbn_deal("E:Q75.J2.T9743.AK5 K83.T964.J6.QJT4 92.87.AKQ82.9876 AJT64.AKQ53.5.32")
        );
        let [n, e, s, w] = &r.hands;
        assert_eq!(e.as_ref().unwrap().spades, "Q75");
        assert_eq!(s.as_ref().unwrap().clubs, "QJT4");
        assert_eq!(w.as_ref().unwrap().diamonds, "AKQ82");
        assert_eq!(n.as_ref().unwrap().hearts, "AKQ53");
    }

    #[test]
    fn what_is_not_a_deal_sets_nothing() {
        let mut r = HandRecord::new(BoardNumber(1));
        for bad in [
            "",
            "N:",
            "X:A.K.Q.J - - -",
            "N:AX.K.Q.J - - -",
            "N:A.K.Q - - -",
        ] {
            assert!(!r.set_pbn_deal(bad), "{bad}");
        }
        assert!(r.hands.iter().all(Option::is_none));
        assert!(r.set_pbn_deal("S:- AKQJT98765432... - -"));
        assert_eq!(r.hands[3].as_ref().unwrap().spades, "AKQJT98765432");
    }

    #[test]
    fn dealer_and_vulnerability_follow_law_2_by_number() {
        // Law 2: board 1 N None, 2 E NS, 3 S EW, 4 W All, 5 N NS, 16 W EW, 17 N None.
        for (n, d, v) in [
            (1, 'N', "None"),
            (2, 'E', "NS"),
            (3, 'S', "EW"),
            (4, 'W', "All"),
            (5, 'N', "NS"),
            (16, 'W', "EW"),
            (17, 'N', "None"),
        ] {
            let r = HandRecord::by_number(BoardNumber(n));
            assert_eq!(
                (r.dealer, r.vulnerable.as_deref()),
                (Some(d), Some(v)),
                "{n}"
            );
        }
    }
}
