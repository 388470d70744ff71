//! A rescored ranking's places, compared in the order ranked.

/// Asserts that `standings` (a list whose items have an `id` with
/// `as_str()` and a `place`, as a rescore's standings do) hold exactly
/// `want`, `(id, place)` in the order ranked. A macro, not a function, for
/// the reason [`crate::assert_placed_with_small_trace`] is one: this crate
/// depends on none of the libraries whose types it reads.
///
/// # Panics
/// When the places or their order differ.
#[macro_export]
macro_rules! assert_places {
    ($standings:expr, $want:expr) => {{
        let got: Vec<(&str, u32)> = $standings
            .iter()
            .map(|s| (s.id.as_str(), s.place))
            .collect();
        assert_eq!(got, $want);
    }};
}
