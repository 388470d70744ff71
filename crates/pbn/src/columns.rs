//! The table columns the reader knows: those it reads, and those it knows
//! carry nothing a rescore or an audit uses. Any other column is refused,
//! naming it and listing these.

/// `ScoreTable` columns that are read. Pairs tables name the pairs
/// (`PairId_NS`, `PairId_EW`), individual tables the four players
/// (`PlayerId_North` …); the figures are match points or IMPs, per
/// direction (`MP_NS`) or, in an individual table, per seat (`MP_North`).
pub const SCORE_COLUMNS: [&str; 22] = [
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
];

/// `TotalScoreTable` columns that are read. `TotalScoreMP` and
/// `TotalScoreIMP` are what Magic Contest and Ruter write; `TotalMP` and
/// `TotalIMP` the PBN standard's names for the same figures.
pub const TOTAL_COLUMNS: [&str; 12] = [
    "PairId",
    "PlayerId",
    "Direction",
    "Rank",
    "TotalScoreMP",
    "TotalMP",
    "TotalScoreIMP",
    "TotalIMP",
    "TotalPercentage",
    "Names",
    "Name",
    "Section",
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

/// Whether a column name is read or read past in a table of `known`.
pub(crate) fn is_known(name: &str, known: &[&str]) -> bool {
    known.contains(&name) || INFORMATIONAL_COLUMNS.contains(&name)
}
