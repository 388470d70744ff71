//! Every scale builds for every board count the crate accepts, and each
//! table has the shape its definition promises (issue 29, item 4: an event
//! may use every board count; building them all used to take seconds).
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use countback_vp::{Score, VpScale, MAX_BOARDS};

#[test]
fn every_scale_builds_a_well_formed_table_for_every_board_count() {
    for boards in 1..=MAX_BOARDS {
        for scale in VpScale::ALL {
            let table = scale.table(boards).unwrap();
            let pool = table.pool();
            let half = pool.clone() * Score::half();
            let vps = table.winner_vps();
            assert_eq!(vps.first(), Some(&half), "{scale}, {boards}: a draw");
            assert_eq!(vps.last(), Some(&pool), "{scale}, {boards}: the blitz");
            assert!(
                vps.windows(2).all(|w| w[0] <= w[1]),
                "{scale}, {boards}: never falling"
            );
            // The pool is won by ⌈15·√N⌉ at the latest (N the half's boards
            // over 2 for the 10-VP scale): (blitz − 1)² < 225·N.
            let below = u64::from(table.blitz().saturating_sub(1));
            let (p, q) = if scale == VpScale::EbuHalfMatch {
                (boards, 2)
            } else {
                (boards, 1)
            };
            assert!(below * below * q < 225 * u64::from(p), "{scale}, {boards}");
            match scale {
                VpScale::WbfContinuous => {
                    // The WBF's concavity: no increment larger than the one before.
                    let step: Vec<Score> = vps.windows(2).map(|w| &w[1] - &w[0]).collect();
                    assert!(
                        step.windows(2).all(|d| d[1] <= d[0]),
                        "{scale}, {boards}: concave"
                    );
                }
                VpScale::WbfDiscrete | VpScale::EbuHalfMatch => {
                    // The EBU pass: the draw band (2·t₀ + 1 wide) no wider than
                    // the next band, and each band no wider than the one after.
                    let starts = table.band_starts().unwrap();
                    let mut widths = vec![2 * starts[1] - 1];
                    widths.extend(starts.windows(2).skip(1).map(|w| w[1] - w[0]));
                    assert!(
                        widths.windows(2).all(|w| w[0] <= w[1]),
                        "{scale}, {boards}: {starts:?}"
                    );
                }
                _ => {}
            }
        }
    }
}
