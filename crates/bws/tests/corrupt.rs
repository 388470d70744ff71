//! Never a panic from input: the real LBC `.bws` file truncated, and with
//! 20 bytes overwritten in each of 300 copies (a fixed pseudo-random
//! sequence), is read to a value or refused with an error, never a panic.
#![allow(clippy::unwrap_used)]
#![allow(clippy::indexing_slicing, clippy::cast_possible_truncation)]

use countback_bws::read_bws;
use countback_test_support::shared_file;

const LBC: &str = "bridge-data/real-world/rick-wilson-bridge-game-analysis/LBC-2026-01-26.bws";

#[test]
fn truncated_or_corrupted_files_are_refused_never_a_panic() {
    let Some(path) = shared_file(LBC) else { return };
    let bytes = std::fs::read(path).unwrap();
    for cut in [0usize, 10, 100, 2047, 2048, 4096, 8192] {
        let result = std::panic::catch_unwind(|| read_bws(&bytes[..cut]));
        assert!(
            matches!(result, Ok(Err(_))),
            "cut at {cut}: must be refused"
        );
    }
    let mut seed: u64 = 1;
    let mut next = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        seed >> 20
    };
    let mut refused = 0;
    for _ in 0..300 {
        let mut copy = bytes.clone();
        for _ in 0..20 {
            let at = (next() % copy.len() as u64) as usize;
            copy[at] = next() as u8;
        }
        let outcome = std::panic::catch_unwind(|| read_bws(&copy).and_then(|f| f.session()));
        match outcome {
            Err(_) => panic!("a corrupted file made the reader panic"),
            Ok(Err(_)) => refused += 1,
            Ok(Ok(_)) => {}
        }
    }
    eprintln!("{refused} of 300 corrupted copies refused, the others read");
}
