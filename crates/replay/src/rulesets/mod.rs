//! One module per rule set, each replaying the example kinds of its
//! document(s). Adding a rule set: a module here, a line in [`find`], and a
//! folder under `docs/examples/`.

use crate::{Breakdown, KindError};

pub mod chess_uscf;
pub mod ebu_fouled_boards;
pub mod ebu_split_tie;
pub mod short_boards;
pub mod wbf;

/// Each item shown, joined by `separator`: the lists of a trace line
/// (`1 12, 2 10`, `A = B`, `A > B`).
fn joined<T: std::fmt::Display>(items: impl IntoIterator<Item = T>, separator: &str) -> String {
    items
        .into_iter()
        .map(|item| item.to_string())
        .collect::<Vec<_>>()
        .join(separator)
}

/// A rule set's replay: the fixture's `kind` and `[input]` to a breakdown.
pub type Compute = fn(&str, &toml::Table) -> Result<Breakdown, KindError>;

/// The replay of the rule set stored in the folder `name`.
#[must_use]
pub fn find(name: &str) -> Option<Compute> {
    Some(match name {
        "ebu-split-tie" => ebu_split_tie::compute,
        "ebu-fouled-boards" => ebu_fouled_boards::compute,
        "chess-uscf" => chess_uscf::compute,
        "wbf" => wbf::compute,
        "short-boards" => short_boards::compute,
        _ => return None,
    })
}
