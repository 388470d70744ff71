//! What each place of the final ranking is for (EBU 143.4), so that every
//! group still tied after a test takes the purpose of the places it then
//! occupies.

use std::collections::BTreeMap;

use crate::error::EbuError;
use crate::procedure::TiePurpose;

/// What each place of the final ranking is for (143.4): a purpose for every
/// place not listed, and the places (1 = first) that have their own.
///
/// A group of tied contestants occupying several places takes the strongest
/// purpose among them ([`PlacePurposes::for_places`]): a group that covers a
/// place that must be split is split, and a group that covers only shared
/// places shares them.
///
/// In a file: `default` (required) and `by_place`, a table from place
/// numbers to purposes, e.g. in TOML
/// `{ default = "shared_place", by_place = { "1" = "title", "3" = "qualifying_place" } }`.
/// Place 0, a key that is not a number and two purposes for one place are
/// errors.
///
/// ```
/// use countback_tiebreak_ebu::{PlacePurposes, TiePurpose};
/// // The winners get a trophy, third place is the last to qualify.
/// let p = PlacePurposes::new(
///     TiePurpose::SharedPlace,
///     [(1, TiePurpose::Title), (3, TiePurpose::QualifyingPlace)],
/// )?;
/// assert_eq!(p.for_places(3, 3), TiePurpose::QualifyingPlace); // 3rd-5th
/// assert_eq!(p.for_places(4, 2), TiePurpose::SharedPlace); // 4th-5th
/// assert_eq!(p.for_places(1, 2), TiePurpose::Title); // 1st-2nd
/// # Ok::<(), countback_tiebreak_ebu::EbuError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "RawPlacePurposes", into = "RawPlacePurposes")
)]
#[non_exhaustive]
pub struct PlacePurposes {
    default: TiePurpose,
    by_place: BTreeMap<u32, TiePurpose>,
}

impl PlacePurposes {
    /// Every place has the same purpose.
    #[must_use]
    pub fn uniform(purpose: TiePurpose) -> PlacePurposes {
        PlacePurposes {
            default: purpose,
            by_place: BTreeMap::new(),
        }
    }

    /// `default` for every place not in `by_place`.
    ///
    /// Errors: place 0 ([`EbuError::InvalidPlace`]) and one place given two
    /// different purposes ([`EbuError::PlaceRepeated`]).
    pub fn new(
        default: TiePurpose,
        by_place: impl IntoIterator<Item = (u32, TiePurpose)>,
    ) -> Result<PlacePurposes, EbuError> {
        let mut map = BTreeMap::new();
        for (place, purpose) in by_place {
            if place == 0 {
                return Err(EbuError::InvalidPlace {
                    place: place.to_string(),
                });
            }
            if let Some(old) = map.insert(place, purpose) {
                if old != purpose {
                    return Err(EbuError::PlaceRepeated { place });
                }
            }
        }
        Ok(PlacePurposes {
            default,
            by_place: map,
        })
    }

    /// The purpose of every place not listed.
    #[must_use]
    pub fn default_purpose(&self) -> TiePurpose {
        self.default
    }

    /// The places that have their own purpose.
    #[must_use]
    pub fn by_place(&self) -> &BTreeMap<u32, TiePurpose> {
        &self.by_place
    }

    /// The purpose of one place.
    #[must_use]
    pub fn of_place(&self, place: u32) -> TiePurpose {
        self.by_place.get(&place).copied().unwrap_or(self.default)
    }

    /// The purpose of a group occupying `places` places from `first_place`
    /// on (first_place ..= first_place + places − 1): the strongest purpose
    /// among them, in the order shared place < title < indivisible prize <
    /// qualifying place. A group covering a place that must be split is
    /// split; a group covering only shared places shares them. `places` of 0
    /// is taken as 1; places past `u32::MAX` are not counted.
    #[must_use]
    pub fn for_places(&self, first_place: u32, places: u32) -> TiePurpose {
        let last = first_place.saturating_add(places.max(1) - 1);
        let listed = self.by_place.range(first_place..=last);
        let span = u64::from(last - first_place) + 1;
        let mut strongest: Option<TiePurpose> = None;
        let mut count: u64 = 0;
        for purpose in listed.map(|(_, p)| *p) {
            count += 1;
            strongest = Some(strongest.map_or(purpose, |s| s.stronger(purpose)));
        }
        match strongest {
            Some(s) if count == span => s,
            Some(s) => s.stronger(self.default),
            None => self.default,
        }
    }
}

/// The file form: place numbers as text keys, which every format can read.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, rename = "PlacePurposes")]
struct RawPlacePurposes {
    default: TiePurpose,
    #[serde(default)]
    by_place: BTreeMap<String, TiePurpose>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawPlacePurposes> for PlacePurposes {
    type Error = EbuError;

    fn try_from(raw: RawPlacePurposes) -> Result<PlacePurposes, EbuError> {
        let mut list = Vec::with_capacity(raw.by_place.len());
        for (key, purpose) in raw.by_place {
            let place = key
                .parse::<u32>()
                .map_err(|_| EbuError::InvalidPlace { place: key.clone() })?;
            list.push((place, purpose));
        }
        PlacePurposes::new(raw.default, list)
    }
}

#[cfg(feature = "serde")]
impl From<PlacePurposes> for RawPlacePurposes {
    fn from(p: PlacePurposes) -> RawPlacePurposes {
        RawPlacePurposes {
            default: p.default,
            by_place: p
                .by_place
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn three_to_five() -> PlacePurposes {
        PlacePurposes::new(TiePurpose::SharedPlace, [(3, TiePurpose::QualifyingPlace)]).unwrap()
    }

    #[test]
    fn a_group_takes_the_strongest_of_its_places() {
        let p = three_to_five();
        assert_eq!(p.for_places(3, 3), TiePurpose::QualifyingPlace);
        assert_eq!(p.for_places(2, 2), TiePurpose::QualifyingPlace);
        assert_eq!(p.for_places(4, 2), TiePurpose::SharedPlace);
        assert_eq!(p.for_places(1, 2), TiePurpose::SharedPlace);
        assert_eq!(p.for_places(3, 0), TiePurpose::QualifyingPlace);
        let t = PlacePurposes::new(
            TiePurpose::SharedPlace,
            [(1, TiePurpose::Title), (2, TiePurpose::IndivisiblePrize)],
        )
        .unwrap();
        assert_eq!(t.for_places(1, 1), TiePurpose::Title);
        assert_eq!(t.for_places(1, 2), TiePurpose::IndivisiblePrize);
        // Every place listed: the default plays no part.
        let all =
            PlacePurposes::new(TiePurpose::QualifyingPlace, [(1, TiePurpose::Title)]).unwrap();
        assert_eq!(all.for_places(1, 1), TiePurpose::Title);
        assert_eq!(all.for_places(1, 2), TiePurpose::QualifyingPlace);
        assert_eq!(
            PlacePurposes::uniform(TiePurpose::Title).for_places(u32::MAX, 5),
            TiePurpose::Title
        );
    }

    #[test]
    fn place_zero_and_conflicting_places_are_refused() {
        assert_eq!(
            PlacePurposes::new(TiePurpose::SharedPlace, [(0, TiePurpose::Title)]),
            Err(EbuError::InvalidPlace {
                place: "0".to_owned()
            })
        );
        assert_eq!(
            PlacePurposes::new(
                TiePurpose::SharedPlace,
                [(2, TiePurpose::Title), (2, TiePurpose::QualifyingPlace)]
            ),
            Err(EbuError::PlaceRepeated { place: 2 })
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn a_place_that_is_not_a_number_is_refused() {
        let raw = RawPlacePurposes {
            default: TiePurpose::SharedPlace,
            by_place: [("third".to_owned(), TiePurpose::Title)].into(),
        };
        assert_eq!(
            PlacePurposes::try_from(raw),
            Err(EbuError::InvalidPlace {
                place: "third".to_owned()
            })
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn the_file_form_round_trips() {
        let p = three_to_five();
        let raw = RawPlacePurposes::from(p.clone());
        assert_eq!(raw.by_place.get("3"), Some(&TiePurpose::QualifyingPlace));
        assert_eq!(PlacePurposes::try_from(raw).unwrap(), p);
    }
}
