//! The USCF median table reaches the file: Harkness drops three at each end
//! from 13 rounds, the rulebook two, so a 13-round event's modified medians
//! differ between the two.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    missing_docs
)]

use std::fmt::Write as _;

use countback_event::{Event, RankRequest};

/// A 14-player round robin (13 rounds, circle method) with results from a
/// fixed rule, so that scores and ties vary.
fn round_robin(options: &str) -> String {
    let n = 14usize;
    let mut t = format!("[event]\nname = \"RR\"\nprocedure = \"uscf\"\n{options}\n");
    for p in 0..n {
        let _ = writeln!(t, "[[contestants]]\nid = \"P{p}\"");
    }
    let mut ring: Vec<usize> = (0..n).collect();
    for round in 1..n {
        for k in 0..n / 2 {
            let (a, b) = (ring[k], ring[n - 1 - k]);
            let result = match (a * 7 + b * 3 + round) % 3 {
                0 => "1-0",
                1 => "1/2",
                _ => "0-1",
            };
            let _ = writeln!(
                t,
                "[[games]]\nround = {round}\nwhite = \"P{a}\"\nblack = \"P{b}\"\nresult = \"{result}\""
            );
        }
        // Keep the first player fixed and rotate the rest.
        let last = ring.pop().unwrap();
        ring.insert(1, last);
    }
    t
}

fn modified_medians(options: &str) -> Vec<(String, String)> {
    let r = Event::from_toml(&round_robin(options))
        .unwrap()
        .rank(&RankRequest::new().option("tiebreaks", "[\"modified_median\"]"))
        .unwrap();
    r.outcome
        .trace
        .iter()
        .filter(|d| d.clause.to_string().contains("modified median"))
        .flat_map(|d| d.values.iter().map(|(c, v)| (c.to_string(), v.to_string())))
        .collect()
}

#[test]
fn harkness_and_the_rulebook_drop_differently_at_thirteen_rounds() {
    let rulebook = modified_medians("");
    let harkness = modified_medians("options = { median = \"harkness\" }");
    assert!(!rulebook.is_empty(), "no tie reached the modified median");
    assert_eq!(
        rulebook,
        modified_medians("options = { median = \"rulebook\" }")
    );
    assert_ne!(rulebook, harkness);
    // A custom table equal to Harkness's gives Harkness's values.
    let custom = modified_medians("options = { median_table = [[0, 1], [9, 2], [13, 3]] }");
    assert_eq!(custom, harkness);
}
