//! Issue 16, "Done when": every shared bridge file is explained by the
//! convention of the program that wrote it, and its audit says which. The
//! figures that look set by hand are counted (README of bridge-data and
//! `conformance.rs` for what each is). Skips, saying so, when the folder is
//! absent.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use countback_results::{audit, Convention, Difference};
use countback_usebio::parse_results;

/// (folder, file, the writer's convention, figures that look set by hand)
const FILES: [(&str, &str, Convention, usize); 9] = [
    (
        "cobalt-compscore3",
        "butler_howell.xml",
        Convention::Compscore,
        0,
    ),
    (
        "cobalt-compscore3",
        "cross_imp_howell.xml",
        Convention::Compscore,
        0,
    ),
    (
        "cobalt-compscore3",
        "mp_pairs_howell.xml",
        Convention::Compscore,
        0,
    ),
    // 8NS and 2EW: +1/180 and −1/180 (see conformance.rs).
    (
        "cobalt-compscore3",
        "mp_pairs_mitchell.xml",
        Convention::Compscore,
        2,
    ),
    (
        "cobalt-compscore3",
        "mp_pairs_mitchell_04.xml",
        Convention::Compscore,
        0,
    ),
    // The two hand-set lines of the README, NS and EW figure each.
    (
        "cobalt-compscore3",
        "mp_pairs_mitchell_adjusted_02.xml",
        Convention::Compscore,
        4,
    ),
    (
        "nz-scorer",
        "multi-section-multi-movement-pairs.xml",
        Convention::NzScorer,
        0,
    ),
    (
        "nz-scorer",
        "pairs-with-np-passed.xml",
        Convention::NzScorer,
        0,
    ),
    // Pairs 4 and 8: total and percentage each, ±2 MP between them.
    (
        "nz-scorer",
        "three_quarter_howell_with_phantom.xml",
        Convention::NzScorer,
        4,
    ),
];

#[test]
fn every_shared_file_is_explained_by_its_writers_convention() {
    let Some(dir) = common::data_dir() else {
        return;
    };
    for (folder, name, convention, by_hand) in FILES {
        let text = common::read(&dir.join(folder).join(name));
        let session = parse_results(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let a = audit(&session, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        let summary = a.summary();
        assert_eq!(a.convention, convention, "{name}");
        assert!(a.explained(), "{name}: {summary}");
        assert!(
            !a.findings.iter().any(|f| matches!(
                f.class,
                Difference::Unexplained { .. } | Difference::OtherConvention { .. }
            )),
            "{name}: {summary}"
        );
        assert!(
            summary.starts_with(&format!("convention {convention} (from the file's writer")),
            "{name}: {summary}"
        );
        let hand = a.findings.iter().filter(|f| f.class.by_hand()).count();
        assert_eq!(hand, by_hand, "{name}: {summary}");
        let tail = if by_hand == 0 {
            format!("; the {convention} convention explains the file")
        } else {
            format!(
                "; the {convention} convention explains the file but for {by_hand} figures that look set by hand"
            )
        };
        assert!(summary.ends_with(&tail), "{name}: {summary}");
    }
}
