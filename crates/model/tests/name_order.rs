//! Issue 30: names are sorted by their first eight bytes as a number
//! wherever those decide; that order never contradicts the names' own.
#![allow(missing_docs)]

use countback_model::ContestantId;
use proptest::prelude::*;

/// Names that share long beginnings, end early, hold a zero byte or a
/// character of several bytes: where a prefix key could go wrong.
fn name() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('\0'),
            Just('1'),
            Just('2'),
            Just('N'),
            Just('é'),
            Just('€')
        ],
        0..12,
    )
    .prop_map(|c| c.into_iter().collect())
}

proptest! {
    #[test]
    fn a_smaller_prefix_is_a_smaller_name(a in name(), b in name()) {
        let (x, y) = (ContestantId::new(a.as_str()), ContestantId::new(b.as_str()));
        let (kx, ky) = (x.order_prefix(), y.order_prefix());
        if kx != ky {
            prop_assert_eq!(kx < ky, a < b, "{:?} {:?}", a, b);
        }
        // The key then the name: the names' own order, always.
        prop_assert_eq!(kx.cmp(&ky).then_with(|| x.cmp(&y)), a.cmp(&b));
    }
}

#[test]
fn names_that_end_early_or_hold_a_zero_byte() {
    let id = ContestantId::new;
    for (a, b) in [
        ("", "\0"),
        ("1", "1\0"),
        ("12345678", "123456789"),
        ("1234567\0", "12345678"),
        ("10NS", "2NS"),
    ] {
        assert!(a < b);
        assert!(id(a).order_prefix() <= id(b).order_prefix(), "{a:?} {b:?}");
    }
}

proptest! {
    /// Issue 43: one shared id is told equal to itself without reading its
    /// text; two ids are equal, and hash alike, exactly when their names
    /// are, shared or not.
    #[test]
    fn ids_are_equal_exactly_when_their_names_are(a in name(), b in name()) {
        use std::hash::BuildHasher;
        let hasher = std::collections::hash_map::RandomState::new();
        let (x, y) = (ContestantId::new(a.as_str()), ContestantId::new(b.as_str()));
        let shared = x.clone();
        prop_assert!(x == shared);
        prop_assert_eq!(x == y, a == b);
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        if a == b {
            prop_assert_eq!(hasher.hash_one(&x), hasher.hash_one(&y));
        }
    }
}
