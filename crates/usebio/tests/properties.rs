//! Invariants of the rescoring, on random sessions.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use countback_model::Score;
use countback_results::{rescore, Treatment};
use countback_usebio::parse_usebio;
use proptest::prelude::*;

/// A Mitchell with `tables` tables and one board per entry of `boards`,
/// each entry giving one score code per table (0..=13: a score from a
/// small list, 14: A6040, 15: NP).
fn session_text(event: &str, tables: usize, boards: &[Vec<u8>], order: &[usize]) -> String {
    const SCORES: [i32; 14] = [
        420, 450, -50, -100, 140, 110, -420, 620, -200, 170, 90, -130, 0, 1430,
    ];
    let mut s = format!(
        "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"{event}\"><WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>"
    );
    for &p in order {
        for dir in ["NS", "EW"] {
            let _ = write!(
                s,
                "<PAIR><PAIR_NUMBER>{}{dir}</PAIR_NUMBER><DIRECTION>{dir}</DIRECTION></PAIR>",
                p + 1
            );
        }
    }
    s.push_str("</PARTICIPANTS>");
    for (b, codes) in boards.iter().enumerate() {
        let _ = write!(s, "<BOARD><BOARD_NUMBER>{}</BOARD_NUMBER>", b + 1);
        for &t in order {
            let code = codes.get(t).copied().unwrap_or(0);
            let score = match code {
                14 => "A6040".to_owned(),
                15 => "NP".to_owned(),
                c => SCORES[usize::from(c) % SCORES.len()].to_string(),
            };
            let ew = (t + b) % tables + 1;
            let _ = write!(
                s,
                "<TRAVELLER_LINE><NS_PAIR_NUMBER>{}NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}EW</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>",
                t + 1
            );
        }
        s.push_str("</BOARD>");
    }
    s.push_str("</EVENT></USEBIO>");
    s
}

fn arb_session() -> impl Strategy<Value = (usize, Vec<Vec<u8>>, Vec<usize>)> {
    (2usize..7).prop_flat_map(|tables| {
        (
            Just(tables),
            proptest::collection::vec(proptest::collection::vec(0u8..16, tables), 1..6),
            Just((0..tables).collect::<Vec<_>>()).prop_shuffle(),
        )
    })
}

type Summary = BTreeMap<String, (Score, Option<Score>, u32, bool)>;

fn summary(text: &str) -> Option<Summary> {
    let session = parse_usebio(text).unwrap();
    let r = rescore(&session, None).ok()?;
    Some(
        r.standings
            .into_iter()
            .map(|s| (s.id.to_string(), (s.total, s.percentage, s.place, s.tied)))
            .collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 64 } else { 512 }))]

    /// The order of pairs and of traveller lines never changes a standing.
    #[test]
    fn order_does_not_matter((tables, boards, order) in arb_session()) {
        let natural: Vec<usize> = (0..tables).collect();
        for event in ["MP_PAIRS", "CROSS_IMP"] {
            let a = summary(&session_text(event, tables, &boards, &natural));
            let b = summary(&session_text(event, tables, &boards, &order));
            prop_assert_eq!(a, b);
        }
    }

    /// Every match-pointed line shares the top between NS and EW, and every
    /// percentage lies between 0 and 100.
    #[test]
    fn lines_share_the_top_and_percentages_are_bounded((tables, boards, _) in arb_session()) {
        let natural: Vec<usize> = (0..tables).collect();
        let session = parse_usebio(&session_text("MP_PAIRS", tables, &boards, &natural)).unwrap();
        let Ok(r) = rescore(&session, None) else { return Ok(()) };
        for b in &r.boards {
            let top = b.top.clone().unwrap();
            for l in &b.lines {
                if matches!(l.treatment, Treatment::Plain | Treatment::Factored { .. }) {
                    let sum = l.ns_score.clone().unwrap() + l.ew_score.clone().unwrap();
                    prop_assert_eq!(sum, top.clone());
                }
            }
        }
        for s in &r.standings {
            if let Some(p) = &s.percentage {
                prop_assert!(!p.is_negative() && *p <= Score::integer(100), "{} {}", s.id, p);
            }
        }
    }
}
