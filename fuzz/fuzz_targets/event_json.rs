//! The JSON event reader (crates/event, public API used read-only): never
//! a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = countback_event::Event::from_json(text);
    }
});
