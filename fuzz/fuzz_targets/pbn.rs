//! The PBN results reader (`ScoreTable` / `TotalScoreTable`), from bytes
//! as a front end hands them over: never a panic, and a file that parses
//! can be rescored and audited without one.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(session) = countback_pbn::parse_pbn_bytes(data) {
        let _ = countback_results::rescore(&session, None);
        let _ = countback_results::audit(&session, None);
    }
});
