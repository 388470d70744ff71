//! What a `.bws` file says, table by table, as plain data.
//!
//! The structs are plain (not `#[non_exhaustive]`) on purpose: a test or a
//! benchmark builds a [`BwsFile`] by hand, as the Bridgemate server would
//! fill it, and scores it with [`BwsFile::session`] exactly as one read
//! from a file.

use countback_contract::{Seat, TableResult};

/// One section (`Section` table).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: one section, also built by name by the benchmark.
pub struct Section {
    /// `ID`: the number the other tables use.
    pub id: u32,
    /// `Letter`, trimmed (`"A"`).
    pub letter: String,
    /// `Tables`: the number of tables.
    pub tables: u32,
}

/// One table's pairs and boards in one round (`RoundData`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: one round of a section, also built by name by the benchmark.
pub struct Round {
    /// `Section`.
    pub section: u32,
    /// `Table`.
    pub table: u32,
    /// `Round`.
    pub round: u32,
    /// `NSPair` (0: nobody sits North-South).
    pub ns_pair: u32,
    /// `EWPair` (0: nobody sits East-West).
    pub ew_pair: u32,
    /// `LowBoard`.
    pub low_board: u32,
    /// `HighBoard`.
    pub high_board: u32,
}

/// One seat's player as the Bridgemate recorded it (`PlayerNumbers`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Player {
    /// `Section`.
    pub section: u32,
    /// `Table`.
    pub table: u32,
    /// `Direction`: the seat.
    pub seat: Seat,
    /// `Round` from which the player sat there (0: from the start).
    pub round: u32,
    /// `Number`: the member number as entered.
    pub number: String,
    /// `Name`, as entered.
    pub name: String,
}

/// What a result row says happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Entry {
    /// A contract played (or passed out), to be scored by Law 77.
    Result(TableResult),
    /// `Remarks = "Not played"`: absent, never a zero.
    NotPlayed,
    /// An artificial adjusted score the director gave at the table (Law
    /// 12C2), as Bridgemate Control Software writes it in `Remarks`:
    /// `"60%-40%"` is 60 % of the top to North-South and 40 % to
    /// East-West.
    Arbitral {
        /// North-South's percentage of the top (0 to 100).
        ns_percent: u8,
        /// East-West's percentage of the top (0 to 100).
        ew_percent: u8,
    },
}

/// One result as received from a Bridgemate (`ReceivedData`), the last row
/// that is not erased for its section, table, round and board.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: one received result, also built by name by the benchmark.
pub struct Received {
    /// `ID` of the row.
    pub id: i64,
    /// The row, 1-based in the table's stored order.
    pub row: usize,
    /// `Section`.
    pub section: u32,
    /// `Table`.
    pub table: u32,
    /// `Round`.
    pub round: u32,
    /// `Board`.
    pub board: u32,
    /// `PairNS`.
    pub pair_ns: u32,
    /// `PairEW`.
    pub pair_ew: u32,
    /// Contract, declarer and tricks, or "not played".
    pub entry: Entry,
    /// `LeadCard`, if entered.
    pub lead: Option<String>,
}

/// A table of the file that is kept but not used: it carries no figure.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct NotUsed {
    /// The table's name.
    pub table: String,
    /// Its rows.
    pub rows: u32,
    /// Why it is not needed to score the session.
    pub why: &'static str,
}

/// A whole `.bws` file as read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: what the reader read, also built by name by the benchmark's synthetic file.
pub struct BwsFile {
    /// The Access engine the file was written by (`"Jet3"`, `"Jet4"` ...).
    pub engine: String,
    /// `Section`.
    pub sections: Vec<Section>,
    /// `RoundData`.
    pub rounds: Vec<Round>,
    /// `PlayerNumbers`.
    pub players: Vec<Player>,
    /// `Session`: the session's name, as the scorer typed it (Bridgemate's
    /// default is "Bridge game").
    pub session_name: Option<String>,
    /// `Session`: the date it was played, as an ISO date (`2026-01-26`).
    pub session_date: Option<String>,
    /// `ReceivedData`: the last row that is not erased for each section,
    /// table, round and board, in the table's order.
    pub received: Vec<Received>,
    /// `ReceivedData` rows in all.
    pub received_rows: usize,
    /// Rows marked `Erased`.
    pub erased_rows: usize,
    /// Rows not erased but replaced by a later row for the same section,
    /// table, round and board.
    pub superseded_rows: usize,
    /// Tables kept and listed as not used (the member roster `PlayerNames`,
    /// bidding and play, settings).
    pub not_used: Vec<NotUsed>,
    /// `HandRecord` and `HandEvaluation`: each board's deal and its
    /// double-dummy tricks and points, as written (issue 40); empty where
    /// the file has none. No figure depends on them.
    pub hands: countback_results::HandRecords,
}

impl BwsFile {
    /// The results marked "not played".
    pub fn not_played(&self) -> impl Iterator<Item = &Received> {
        self.received
            .iter()
            .filter(|r| matches!(r.entry, Entry::NotPlayed))
    }
}
