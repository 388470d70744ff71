//! One vocabulary with the other rule crates (issue 24, item 2): the shared
//! `InputError`, and serde for the edition, the format and the tie-break list.
#![allow(clippy::unwrap_used, missing_docs)]

use countback_model::{ContestantId, InputError};
use countback_tiebreak_fide::{trf, Evaluation, FideError, Options};

const ANN: &str = "001    1      Ann                               1800                             1.0    1     2 w 1";
const BOB: &str = "001    2      Bob                               1700                             0.0    2     1 b 0";

/// A player the tournament does not list is the shared `InputError`, named
/// by starting rank, as every rule crate reports an unknown contestant.
#[test]
fn an_unknown_player_is_the_shared_input_error() {
    let t = trf::parse(&format!("142 1\n{ANN}\n{BOB}\n")).unwrap();
    let eval = Evaluation::new(&t, Options::for_tournament(&t)).unwrap();
    let err = eval.points(7).unwrap_err();
    assert_eq!(
        err,
        FideError::Input(InputError::UnknownContestant {
            contestant: ContestantId::new("#7")
        })
    );
    assert_eq!(err.to_string(), "unknown contestant #7");
}

#[cfg(feature = "serde")]
mod serde_forms {
    use countback_tiebreak_fide::{Cascade, Edition, EditionChoice, Format};

    fn check<T>(json: &str, value: &T)
    where
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value, "{json}");
        assert_eq!(serde_json::to_string(value).unwrap(), json);
    }

    #[test]
    fn editions_formats_and_lists_read_and_write() {
        check("\"2024\"", &Edition::Aug2024);
        check("\"2026\"", &Edition::Mar2026);
        check("\"by_start_date\"", &EditionChoice::ByStartDate);
        check("\"2024\"", &EditionChoice::Aug2024);
        check("\"2026\"", &EditionChoice::Mar2026);
        check("\"swiss\"", &Format::Swiss);
        check("\"round_robin\"", &Format::RoundRobin);
        let list: Cascade = "BH/C1, BH, SB".parse().unwrap();
        check("\"BH/C1, BH, SB\"", &list);
    }

    #[test]
    fn a_list_the_parser_refuses_is_refused_by_serde_with_its_message() {
        let err = serde_json::from_str::<Cascade>("\"BH/C1, XYZ\"").unwrap_err();
        assert!(err.to_string().contains("XYZ"), "{err}");
        assert!(serde_json::from_str::<Edition>("\"2025\"").is_err());
        assert!(serde_json::from_str::<Format>("\"Swiss\"").is_err());
    }
}
