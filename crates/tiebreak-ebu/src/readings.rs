//! Where the text of section 143 can be read two ways: the reading it
//! supports best is the default, the other one is a named option.
//!
//! Each field of [`Readings`] names its clause. The decision trace of a
//! split says which reading applied wherever the two readings could differ.
//! `docs/ebu-split-tie.md` gives the words of each clause and the reasons
//! for each default.
//!
//! One more choice is not here, because it is a test rather than a reading
//! of one: the EBU's worked example of 143.7.1 compares the number of wins
//! between (a) and (b), and the list as printed does not. That choice is
//! the list of tests of a [`Procedure`](crate::Procedure):
//! [`Procedure::white_book`](crate::Procedure::white_book) (the list as
//! printed, the default) or
//! [`Procedure::with_number_of_wins`](crate::Procedure::with_number_of_wins)
//! (the test [`SplitTieTest::NumberOfWins`](crate::SplitTieTest::NumberOfWins),
//! serde name `number_of_wins`).

/// How the readings are chosen. `Default` gives the readings the text
/// supports best.
///
/// ```
/// use countback_tiebreak_ebu::{Defeated, DirectResultAmongMany, Readings, UnbrokenTitleTie};
/// let r = Readings::default();
/// assert_eq!(r.direct_result_among_many, DirectResultAmongMany::EachOfTheOthers);
/// assert_eq!(r.defeated, Defeated::FinalMethod);
/// assert_eq!(r.unbroken_title_tie, UnbrokenTitleTie::RandomBallot);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(deny_unknown_fields, default, rename_all = "snake_case")
)]
#[non_exhaustive]
pub struct Readings {
    /// 143.7.1(a) for three or more tied, with 143.5.6: whom the direct
    /// results place first or last.
    pub direct_result_among_many: DirectResultAmongMany,
    /// 143.5.4: what "defeated" means when three or more are tied.
    pub defeated: Defeated,
    /// 143.4(a) with 143.7.1(e): a tie for the title that no test splits.
    pub unbroken_title_tie: UnbrokenTitleTie,
}

impl Readings {
    /// The given reading of 143.7.1(a) among three or more.
    #[must_use]
    pub fn with_direct_result_among_many(mut self, reading: DirectResultAmongMany) -> Readings {
        self.direct_result_among_many = reading;
        self
    }

    /// The given reading of "defeated" (143.5.4).
    #[must_use]
    pub fn with_defeated(mut self, reading: Defeated) -> Readings {
        self.defeated = reading;
        self
    }

    /// The given reading of an unbroken title tie (143.4(a), 143.7.1(e)).
    #[must_use]
    pub fn with_unbroken_title_tie(mut self, reading: UnbrokenTitleTie) -> Readings {
        self.unbroken_title_tie = reading;
        self
    }
}

/// 143.7.1(a) among three or more tied contestants, read with 143.5.6
/// ("one contestant is eliminated from the tie by virtue of having clearly
/// won or lost the tie"; its example: "Team A has beaten both B and C …
/// Thus, Team A wins the tie").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(rename = "DirectResultAmongManyNames", transform = countback_model::schema::names_only))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        description = "EBU 143.7.1(a) among three or more: `each_of_the_others` (143.5.6's example: one who beat each of the others is first, whether or not they met) or `every_pair_met`."
    )
)]
#[non_exhaustive]
pub enum DirectResultAmongMany {
    /// A contestant that defeated each of the others is first, and one
    /// defeated by each of the others is last, whether or not the others met
    /// each other. The default: the 143.5.6 example judges A only by its own
    /// matches against B and C.
    #[default]
    EachOfTheOthers,
    /// The direct results place no one unless every pair of the tied
    /// contestants met (the crate's reading before issue 20).
    EveryPairMet,
}

impl DirectResultAmongMany {
    /// The serde name, for the decision trace.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DirectResultAmongMany::EachOfTheOthers => "each_of_the_others",
            DirectResultAmongMany::EveryPairMet => "every_pair_met",
        }
    }
}

/// What "defeated" means between three or more tied contestants (143.5.4:
/// "a 'win' is defined as having acquired a larger score than one's
/// opponent in the match/round in question"). Between two, 143.7.1(a) says
/// itself that the basic method decides a match level in VPs; this reading
/// does not change that.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(rename = "DefeatedNames", transform = countback_model::schema::names_only))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        description = "EBU: \"defeated\" among three or more: `final_method` (VPs) or `final_then_basic_method` (IMPs where the VPs are level)."
    )
)]
#[non_exhaustive]
pub enum Defeated {
    /// A larger score in the final method (VPs in a VP event). A match level
    /// in VPs is a draw. The default: ties are in the final method (143.1),
    /// 143.6.2(b) says "defeated … 18-12 … on a 20 to 0 scale", and only the
    /// two-contestant clause adds the basic method.
    #[default]
    FinalMethod,
    /// A larger score in the final method; if level, a larger score in the
    /// basic method within that match (the crate's reading before issue 20).
    FinalThenBasicMethod,
}

impl Defeated {
    /// The serde name, for the decision trace.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Defeated::FinalMethod => "final_method",
            Defeated::FinalThenBasicMethod => "final_then_basic_method",
        }
    }
}

/// A tie for the title ([`TiePurpose::Title`](crate::TiePurpose::Title))
/// that no test splits. 143.4(a) splits a tie for "the winners of the
/// tournament, save in the case of an event for which there is no trophy,
/// in which case the tie will remain unresolved"; 143.7.1(e): "Where the
/// tie has to be broken, ie where qualification to the next stage of the
/// competition or an indivisible prize is involved, this shall be
/// determined by random ballot".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(rename = "UnbrokenTitleTieNames", transform = countback_model::schema::names_only))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        description = "EBU 143.7.1(e): a title tie no test splits goes to a `random_ballot`, or `stands`."
    )
)]
#[non_exhaustive]
pub enum UnbrokenTitleTie {
    /// A random ballot decides: the title carries a trophy, an indivisible
    /// prize, so the tie has to be broken. The default. (An event with no
    /// trophy does not split its winners at all: its caller passes
    /// [`TiePurpose::SharedPlace`](crate::TiePurpose::SharedPlace).)
    #[default]
    RandomBallot,
    /// The tie stands: joint winners. The "ie" of 143.7.1(e) names only
    /// qualification and an indivisible prize (the crate's reading before
    /// issue 20).
    Stands,
}

impl UnbrokenTitleTie {
    /// The serde name, for the decision trace.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            UnbrokenTitleTie::RandomBallot => "random_ballot",
            UnbrokenTitleTie::Stands => "stands",
        }
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde::de::value::{Error, MapDeserializer};
    use serde::de::IntoDeserializer;
    use serde::Deserialize;

    fn from_pairs(pairs: &[(&'static str, &'static str)]) -> Result<Readings, Error> {
        let de: MapDeserializer<'_, _, Error> =
            MapDeserializer::new(pairs.iter().map(|(k, v)| (*k, v.into_deserializer())));
        Readings::deserialize(de)
    }

    #[test]
    fn missing_fields_take_the_default_and_names_are_snake_case() {
        assert_eq!(from_pairs(&[]).unwrap(), Readings::default());
        let r = from_pairs(&[
            ("direct_result_among_many", "every_pair_met"),
            ("defeated", "final_then_basic_method"),
            ("unbroken_title_tie", "stands"),
        ])
        .unwrap();
        assert_eq!(
            r,
            Readings::default()
                .with_direct_result_among_many(DirectResultAmongMany::EveryPairMet)
                .with_defeated(Defeated::FinalThenBasicMethod)
                .with_unbroken_title_tie(UnbrokenTitleTie::Stands)
        );
        assert_eq!(r.direct_result_among_many.name(), "every_pair_met");
        assert_eq!(r.defeated.name(), "final_then_basic_method");
        assert_eq!(r.unbroken_title_tie.name(), "stands");
    }

    #[test]
    fn an_unknown_field_or_value_is_an_error() {
        let e = from_pairs(&[("defeted", "final_method")]).unwrap_err();
        assert!(e.to_string().contains("unknown field `defeted`"), "{e}");
        let e = from_pairs(&[("defeated", "basic_method")]).unwrap_err();
        assert!(
            e.to_string().contains("unknown variant `basic_method`"),
            "{e}"
        );
    }
}
