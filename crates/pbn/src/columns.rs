//! The table columns the reader knows: those it reads, and those it knows
//! carry nothing a rescore or an audit uses.
//!
//! Other programs' files are read faithfully: a column that is not read is
//! kept and listed as not used (member numbers, sex, countries, a team's
//! name, a tie mark, a master-point grade …), unless its name says it
//! carries a figure (a score, match points, IMPs, VPs, a percentage, a
//! datum, a handicap, a total): such a column is refused, naming it, rather
//! than ignored.

/// `ScoreTable` columns that are read. Pairs tables name the pairs
/// (`PairId_NS`, `PairId_EW`), individual tables the four players
/// (`PlayerId_North` …); the figures are match points or IMPs, per
/// direction (`MP_NS`) or, in an individual table, per seat (`MP_North`).
pub const SCORE_COLUMNS: [&str; 27] = [
    "PairId_NS",
    "PairId_EW",
    "PlayerId_North",
    "PlayerId_South",
    "PlayerId_East",
    "PlayerId_West",
    "Score_NS",
    "Score_EW",
    "Contract",
    "MP_NS",
    "MP_EW",
    "IMP_NS",
    "IMP_EW",
    "MP_North",
    "MP_South",
    "MP_East",
    "MP_West",
    "IMP_North",
    "IMP_South",
    "IMP_East",
    "IMP_West",
    "Section",
    "ButlerDatum",
    "Percentage_NS",
    "Percentage_EW",
    "Percentage_North",
    "Percentage_East",
];

/// `TotalScoreTable` columns that are read. `TotalScoreMP` and
/// `TotalScoreIMP` are what Magic Contest and Ruter write; `TotalMP` and
/// `TotalIMP` the PBN standard's names for the same figures.
/// `SessionScoreMP`, `SessionScoreIMP` and `SessionPercentage` are a
/// multi-session file's figures for this session (then `TotalScoreMP` …
/// are the running totals, which earlier sessions not in the file make up,
/// and are not used). `SessionRank` is such a file's place in this session
/// (then `Rank` is the running place, not used). `MemberID1`, `MemberID2`
/// (an individual's `MemberID`) are each player's member number, read and
/// given back (JSON, CSV, USEBIO's `NATIONAL_ID_NUMBER`), no figure.
pub const TOTAL_COLUMNS: [&str; 19] = [
    "PairId",
    "PlayerId",
    "Direction",
    "Rank",
    "SessionRank",
    "TotalScoreMP",
    "TotalMP",
    "TotalScoreIMP",
    "TotalIMP",
    "TotalPercentage",
    "Names",
    "Name",
    "Section",
    "SessionScoreMP",
    "SessionScoreIMP",
    "SessionPercentage",
    "MemberID",
    "MemberID1",
    "MemberID2",
];

/// Columns read past on purpose, in either table: the table, round and
/// play of each result (not needed to score it), names, and figures derived
/// from the ones read (a line's percentage, a pair's mean and number of
/// boards) or not scores at all (`TotalScore`, the sum of table scores).
pub const INFORMATIONAL_COLUMNS: [&str; 25] = [
    "Table",
    "Round",
    "Rank",
    "Declarer",
    "Result",
    "Lead",
    "Names_NS",
    "Names_EW",
    "Percentage_NS",
    "Percentage_EW",
    "Percentage_North",
    "Percentage_South",
    "Percentage_East",
    "Percentage_West",
    "Multiplicity",
    "Club",
    "NrBoards",
    "Table_NS",
    "Table_EW",
    "Country",
    "TotalScore",
    "MeanScore",
    "MeanMP",
    "MeanIMP",
    "MeanPercentage",
];

/// A score table's penalty column (issue 41): read, and refused where a
/// row holds a penalty (`Table::penalty`).
pub(crate) const PENALTY: &str = "ScorePenalty";

/// Words in a column name that say it carries a figure: such a column, if
/// not read, is refused rather than listed as not used.
const FIGURE_WORDS: [&str; 11] = [
    "Score",
    "MP",
    "IMP",
    "VP",
    "Percentage",
    "Datum",
    "Handicap",
    "Carry",
    "Total",
    "Points",
    "Mean",
];

/// What the reader does with a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Use {
    /// Read.
    Read,
    /// Known to carry no figure this reader uses: kept, listed as not used.
    Informational,
    /// Not known and named like no figure: kept, listed as not used.
    NotUsed,
    /// Not known and named like a figure: refused.
    Refused,
}

/// What happens to column `name` in a table of `known` columns.
pub(crate) fn use_of(name: &str, known: &[&str]) -> Use {
    if known.contains(&name) {
        Use::Read
    } else if INFORMATIONAL_COLUMNS.contains(&name) {
        Use::Informational
    } else if FIGURE_WORDS.iter().any(|w| name.contains(w)) {
        Use::Refused
    } else {
        Use::NotUsed
    }
}

/// Whether a column's name says master points (an award, not a score):
/// `MP` (Ruter's totals), `MasterPoints`, `Masterpoints`. Read so only in
/// a totals table that has its total in another column.
pub(crate) fn is_master_points(name: &str) -> bool {
    name == "MP" || name.eq_ignore_ascii_case("MasterPoints")
}

/// Every column name a table of `known` may have, for an error message.
pub(crate) fn listing(known: &[&str]) -> String {
    let mut names: Vec<&str> = known.to_vec();
    for c in INFORMATIONAL_COLUMNS {
        if !names.contains(&c) {
            names.push(c);
        }
    }
    names.join(", ")
}
