//! Parse and rescore a synthetic session (filled in later).
fn main() {}
