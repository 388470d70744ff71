//! Every real results file in `../shared/bridge-data` parses.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use countback_results::Ranking;
use countback_usebio::{parse_nz_scorer, parse_results, parse_usebio};

#[test]
fn every_compscore_file_parses() {
    let Some(dir) = common::data_dir() else {
        return;
    };
    for (name, pairs, boards, ranking) in [
        ("mp_pairs_howell.xml", 12, 27, Ranking::OneField),
        ("mp_pairs_mitchell.xml", 38, 27, Ranking::ByDirection),
        ("mp_pairs_mitchell_04.xml", 16, 24, Ranking::ByDirection),
        (
            "mp_pairs_mitchell_adjusted_02.xml",
            42,
            27,
            Ranking::ByDirection,
        ),
        ("butler_howell.xml", 0, 35, Ranking::OneField),
        ("cross_imp_howell.xml", 0, 27, Ranking::OneField),
    ] {
        let text = common::read(&dir.join("cobalt-compscore3").join(name));
        let s = parse_usebio(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(s.format.starts_with("USEBIO"), "{}", s.format);
        assert_eq!(parse_results(&text).as_ref(), Ok(&s), "{name}");
        assert_eq!(s.ranking, ranking, "{name}");
        if pairs > 0 {
            assert_eq!(s.participants.len(), pairs, "{name}");
        }
        println!(
            "{name}: {} pairs, {} boards",
            s.participants.len(),
            s.boards.len()
        );
        let _ = boards;
    }
}

#[test]
fn every_nz_file_parses() {
    let Some(dir) = common::data_dir() else {
        return;
    };
    for name in [
        "multi-section-multi-movement-pairs.xml",
        "pairs-with-np-passed.xml",
        "three_quarter_howell_with_phantom.xml",
    ] {
        let text = common::read(&dir.join("nz-scorer").join(name));
        let s = parse_nz_scorer(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(s.format, "NZ Scorer XML");
        assert_eq!(parse_results(&text).as_ref(), Ok(&s), "{name}");
        println!(
            "{name}: {} pairs, {} boards",
            s.participants.len(),
            s.boards.len()
        );
    }
}
