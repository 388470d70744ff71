//! Events generated at random, valid by construction, ranked through the
//! event library and rendered as the command line renders them (issue 17,
//! "structure-aware proptests"). Whatever the event:
//!
//! - **TOML = JSON**: the same event written in either notation ranks the
//!   same, figure for figure;
//! - **order independence**: listing the contestants or the matches in
//!   another order, or a match's teams the other way round, changes no
//!   place and no tie;
//! - **text = JSON**: the text output shows the standings in the order the
//!   JSON gives them.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use countback::cli::{Format, HalfDisplay};
use countback_event::{Event, Notation, RankRequest, Source};
use proptest::prelude::*;
use serde_json::{json, Value};

/// One match: the first team's VPs (the second has 20 minus them), the
/// IMPs and the total points of each.
type MatchResult = (u32, [u32; 2], [u32; 2]);

/// A Swiss-style event: `n` teams (even), some rounds, each round a
/// pairing of all teams, each match's VPs adding up to 20.
#[derive(Debug, Clone)]
struct Generated {
    procedure: &'static str,
    n: usize,
    /// Per round, the pairing (a permutation read two by two) and per
    /// match (vp of first, imps, total points).
    rounds: Vec<(Vec<usize>, Vec<MatchResult>)>,
}

fn generated() -> impl Strategy<Value = Generated> {
    (
        prop_oneof![Just("wbf-swiss"), Just("ebu")],
        1usize..=5,
        1usize..=4,
    )
        .prop_flat_map(|(procedure, half, rounds)| {
            let n = half * 2;
            let round = (
                Just((0..n).collect::<Vec<_>>()).prop_shuffle(),
                proptest::collection::vec(
                    // Few distinct values, so that ties are common.
                    (
                        prop_oneof![Just(10u32), Just(12), Just(8), 0u32..=20],
                        [0u32..=40, 0u32..=40],
                        [900u32..=1100, 900u32..=1100],
                    ),
                    half,
                ),
            );
            proptest::collection::vec(round, rounds).prop_map(move |rounds| Generated {
                procedure,
                n,
                rounds,
            })
        })
}

fn id(i: usize) -> String {
    format!("T{i:02}")
}

impl Generated {
    /// The event as a JSON value; `reorder` lists contestants and matches
    /// backwards and writes every match the other way round.
    fn value(&self, reorder: bool) -> Value {
        let mut contestants: Vec<Value> = (0..self.n)
            .map(|i| json!({ "id": id(i), "name": format!("Team {i:02}") }))
            .collect();
        let mut matches = Vec::new();
        for (r, (pairing, results)) in self.rounds.iter().enumerate() {
            for (k, (vp, imps, points)) in results.iter().enumerate() {
                let (a, b) = (pairing[2 * k], pairing[2 * k + 1]);
                let m = if reorder {
                    json!({
                        "round": r + 1, "first": id(b), "second": id(a),
                        "vp": [20 - vp, vp], "imps": [imps[1], imps[0]],
                        "total_points": [points[1], points[0]],
                    })
                } else {
                    json!({
                        "round": r + 1, "first": id(a), "second": id(b),
                        "vp": [vp, 20 - vp], "imps": imps, "total_points": points,
                    })
                };
                matches.push(m);
            }
        }
        if reorder {
            contestants.reverse();
            matches.reverse();
        }
        json!({
            "event": { "name": "Generated", "procedure": self.procedure },
            "contestants": contestants,
            "matches": matches,
        })
    }
}

fn rank(text: String, notation: Notation) -> countback_event::Ranking {
    let event = Event::parse(Source::new(text, notation)).unwrap();
    event.rank(&RankRequest::new()).unwrap()
}

fn render(r: &countback_event::Ranking, format: Format) -> String {
    let mut out = Vec::new();
    countback::standings::write(&mut out, r, format, HalfDisplay::Even, false).unwrap();
    String::from_utf8(out).unwrap()
}

/// The JSON rendering, without the warnings (they name lines, which differ
/// between notations).
fn figures(r: &countback_event::Ranking) -> Value {
    let mut v: Value = serde_json::from_str(&render(r, Format::Json)).unwrap();
    v.as_object_mut().unwrap().remove("warnings");
    v
}

/// Places and who shares each, as sets: what order independence keeps.
fn places(v: &Value) -> Vec<(u64, Vec<String>, bool)> {
    v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let mut members: Vec<String> = s["members"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["contestant"].as_str().unwrap().to_owned())
                .collect();
            members.sort();
            (
                s["place"].as_u64().unwrap(),
                members,
                s["unresolved"].is_null(),
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn toml_and_json_rank_alike(g in generated()) {
        let v = g.value(false);
        let json_text = serde_json::to_string_pretty(&v).unwrap();
        let toml_text = toml::to_string(&v).unwrap();
        let from_json = figures(&rank(json_text, Notation::Json));
        let from_toml = figures(&rank(toml_text, Notation::Toml));
        prop_assert_eq!(from_json, from_toml);
    }

    #[test]
    fn the_order_of_the_file_changes_no_place(g in generated()) {
        let as_written = figures(&rank(serde_json::to_string(&g.value(false)).unwrap(), Notation::Json));
        let reordered = figures(&rank(serde_json::to_string(&g.value(true)).unwrap(), Notation::Json));
        prop_assert_eq!(places(&as_written), places(&reordered));
        prop_assert_eq!(&as_written["needs_play_off"], &reordered["needs_play_off"]);
    }

    #[test]
    fn the_text_shows_the_standings_the_json_gives(g in generated()) {
        let r = rank(serde_json::to_string(&g.value(false)).unwrap(), Notation::Json);
        let text = render(&r, Format::Text);
        let json = figures(&r);
        let mut at = 0;
        for s in json["standings"].as_array().unwrap() {
            for m in s["members"].as_array().unwrap() {
                let name = m["name"].as_str().unwrap();
                let found = text[at..].find(name);
                prop_assert!(found.is_some(), "{} not after byte {} of:\n{}", name, at, text);
                at += found.unwrap() + name.len();
            }
        }
    }
}
