//! The Bridgemate `.bws` reader (an Access database, through `jetdb`), from
//! bytes as a front end hands them over: never a panic, and a file that
//! reads is scored, audited and written as USEBIO without one. A written
//! document must be XML a parser takes (issue 44: a name with a control
//! character made invalid XML).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "known_upstream.rs"]
mod known_upstream;

fuzz_target!(|data: &[u8]| {
    known_upstream::let_guarded_upstream_panics_unwind();
    let Ok(file) = countback_bws::read_bws(data) else {
        return;
    };
    let Ok(read) = file.session() else {
        return;
    };
    let _ = countback_results::audit(&read.session, None);
    if let Ok(scored) = countback_results::rescore(&read.session, None) {
        if let Ok(xml) = countback_usebio::write_usebio(&read.session, &scored, "fuzz")
        {
            // The DOCTYPE the writer gives (as real Compscore files) is
            // allowed; nothing in it is expanded.
            let options = roxmltree::ParsingOptions {
                allow_dtd: true,
                ..roxmltree::ParsingOptions::default()
            };
            assert!(
                roxmltree::Document::parse_with_options(&xml, options).is_ok(),
                "the USEBIO written is not XML"
            );
        }
    }
});
