//! The floor of `countback score` on a JSON pairs session (issue 43,
//! item 5): the file parsed with serde, each pair's name interned once,
//! each board matchpointed by an integer sort, each pair's total printed
//! (match points two a beat, as whole numbers). What countback's whole
//! command is measured against:
//!
//! ```text
//! cargo build --release -p countback-event --example pairs_floor
//! target/release/examples/pairs_floor SESSION.json
//! ```
#![allow(clippy::expect_used)] // A measuring tool: a bad argument ends it.

use std::io::Write as _;

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .expect("usage: pairs_floor FILE.json");
    let text = std::fs::read_to_string(path).expect("a readable UTF-8 file");
    let floor = countback_test_support::synthetic::pairs_floor(&text);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (name, total) in floor.names.iter().zip(&floor.totals) {
        // A closed pipe ends the listing.
        if writeln!(out, "{name} {total}").is_err() {
            return;
        }
    }
    let _ = out.flush();
}
