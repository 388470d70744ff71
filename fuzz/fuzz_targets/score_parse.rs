//! The exact score parser: never a panic; whatever parses prints in
//! canonical form and parses back to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use countback_model::Score;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(score) = text.parse::<Score>() {
        let canonical = score.to_string();
        let back: Score = canonical
            .parse()
            .unwrap_or_else(|e| panic!("{canonical:?} does not parse back: {e}"));
        assert_eq!(back, score, "round trip of {text:?}");
        // A double sign must never parse (issue 17: "+-1.5" was +3/2).
        assert!(
            !text.trim().starts_with("+-") && !text.trim().starts_with("-+"),
            "{text:?} parsed as {score}"
        );
    }
});
