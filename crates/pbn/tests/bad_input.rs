//! Bad input: a typed error naming the line, the column and the tag or
//! table column, and showing the culprit; never a panic. The limits are
//! checked before anything is read.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use countback_pbn::{parse_pbn, parse_pbn_bytes, MAX_COLUMNS, MAX_LINES, MAX_LINE_BYTES};
use countback_results::ParseError;
use proptest::prelude::*;

/// A small valid file. Line numbers, for the expected errors:
/// 1 `% PBN`, 2 Generator, 3 Scoring, 4 Board, 5 ScoreTable header,
/// 6-7 rows, 8 TotalScoreTable header, 9-12 rows.
const GOOD: &str = r#"% PBN 2.1
[Generator "Magic Contest 5"]
[Scoring "MatchPoints"]
[Board "1"]
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\4L;Score_NS\5R;MP_NS\3R;MP_EW\3R"]
 1  2 4S     420   2   0
 3  4 2H     -50   0   2
[TotalScoreTable "Rank\2R;PairId\2R;Direction\2L;TotalScoreMP\3R"]
 1  1 NS 2
 2  2 EW 0
 2  3 NS 0
 1  4 EW 2
"#;

/// The file with line `n` (1-based) replaced.
fn with_line(n: usize, text: &str) -> String {
    GOOD.lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == n { text } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

fn check(what: &str, input: &str, expected: &str) {
    countback_test_support::assert_refused(what, parse_pbn(input), expected);
}

/// A refusal case of `tests/data/bad_input.toml` (its head says how a
/// case writes its input).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Refused {
    test: String,
    what: String,
    line: Option<usize>,
    #[serde(default)]
    text: String,
    #[serde(default)]
    replace: Vec<(String, String)>,
    before: Option<String>,
    whole: Option<String>,
    expected: String,
}

impl Refused {
    fn input(&self) -> String {
        if let Some(whole) = &self.whole {
            return whole.clone();
        }
        if let Some(before) = &self.before {
            return GOOD.split(before.as_str()).next().unwrap().to_owned();
        }
        let mut text = match self.line {
            Some(n) => with_line(n, &self.text),
            None => GOOD.to_owned(),
        };
        for (from, to) in &self.replace {
            assert!(text.contains(from.as_str()), "{}: no {from:?}", self.what);
            text = text.replace(from.as_str(), to);
        }
        text
    }
}

/// The tests that run the case file's refusals: a case naming any other
/// would never run.
const REFUSING: [&str; 7] = [
    "a_bad_cell_names_its_line_column_and_table_column",
    "a_row_of_the_wrong_length_points_at_the_gap_or_the_extra_value",
    "an_unknown_column_is_kept_or_named_with_the_known_ones",
    "scoring_is_said_or_inferred_never_guessed",
    "tags_and_structure",
    "partners_score_alike_in_an_individual",
    "a_row_after_a_blank_line_inside_a_table_is_refused_not_dropped",
];

/// Every refusal case of the test `test`, each checked word for word.
fn refused(test: &str) {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Cases {
        refused: Vec<Refused>,
    }
    let cases: Cases =
        countback_test_support::case_file::read_toml(env!("CARGO_MANIFEST_DIR"), "bad_input.toml");
    for c in &cases.refused {
        assert!(
            REFUSING.contains(&c.test.as_str()),
            "{}: no test {}",
            c.what,
            c.test
        );
    }
    let mine: Vec<&Refused> = cases.refused.iter().filter(|c| c.test == test).collect();
    assert!(!mine.is_empty(), "no case for {test}");
    for case in mine {
        check(&case.what, &case.input(), &case.expected);
    }
}

#[test]
fn the_valid_sample_parses_and_audits() {
    let s = parse_pbn(GOOD).unwrap();
    let a = countback_results::audit(&s, None).unwrap();
    assert!(
        a.findings.iter().all(|f| f.class.agrees()),
        "{}",
        a.summary()
    );
}

#[test]
fn a_bad_cell_names_its_line_column_and_table_column() {
    refused("a_bad_cell_names_its_line_column_and_table_column");
}

#[test]
fn a_row_of_the_wrong_length_points_at_the_gap_or_the_extra_value() {
    refused("a_row_of_the_wrong_length_points_at_the_gap_or_the_extra_value");
}

/// Issue 25: another program's file is read faithfully. A column that
/// carries no figure (here `Vulnerable`, in Ruter's files `MemberID1`,
/// `Sex1`, `Mesterpoenggrad` …) is kept and listed as not used; a column
/// whose name says it carries a figure that countback does not read is
/// refused, naming it and the known ones.
#[test]
fn an_unknown_column_is_kept_or_named_with_the_known_ones() {
    let with_column = |name: &str| {
        GOOD.replace("MP_EW\\3R\"]", &format!("MP_EW\\3R;{name}\"]"))
            .replace("420   2   0", "420   2   0 x")
            .replace("-50   0   2", "-50   0   2 y")
    };
    let s = parse_pbn(&with_column("Vulnerable")).unwrap();
    countback_test_support::assert_listed(&s.not_used, |n| n == "[ScoreTable] column Vulnerable");
    let e = parse_pbn(&with_column("Handicap_NS")).unwrap_err();
    let text = e.to_string();
    // `[ScoreTable "` is 13 characters, so the header starts at column 14;
    // its six columns take 68 characters before `Handicap_NS`.
    assert!(
        text.starts_with("[ScoreTable] at line 5, column 82: table column (its name says it carries a figure, which countback would have to read) \"Handicap_NS\" is not one countback reads; known: PairId_NS, PairId_EW, PlayerId_North"),
        "{text}"
    );
    assert!(text.contains("MeanPercentage"), "{text}");
    assert!(matches!(e, ParseError::UnknownName { .. }));
    refused("an_unknown_column_is_kept_or_named_with_the_known_ones");
    // The sort marks and widths of PBN 5.2 are not part of the name.
    assert!(parse_pbn(&GOOD.replace("\"Rank\\2R;", "\"+Rank\\2R;")).is_ok());
}

#[test]
fn scoring_is_said_or_inferred_never_guessed() {
    refused("scoring_is_said_or_inferred_never_guessed");
    // No tag: match-point columns say match points.
    let s = parse_pbn(&with_line(3, "")).unwrap();
    assert_eq!(s.event, countback_results::EventKind::MatchPointPairs);
}

#[test]
fn tags_and_structure() {
    refused("tags_and_structure");
}

#[test]
fn partners_score_alike_in_an_individual() {
    refused("partners_score_alike_in_an_individual");
}

#[test]
fn limits_are_checked_before_reading() {
    let long = format!("{GOOD}{{{}}}\n", "x".repeat(MAX_LINE_BYTES));
    check(
        "a long line",
        &long,
        &format!(
            "line 13 is {} bytes long, more than the {MAX_LINE_BYTES} a line of a results file may have",
            MAX_LINE_BYTES + 2
        ),
    );
    let many = format!("{GOOD}{}", "\n".repeat(MAX_LINES));
    check(
        "many lines",
        &many,
        &format!("the file has more than {MAX_LINES} lines"),
    );
    let header: Vec<String> = (0..=MAX_COLUMNS).map(|_| "Round".to_owned()).collect();
    let wide = with_line(5, &format!("[ScoreTable \"{}\"]", header.join(";")));
    // 64 names of 6 characters ("Round;") after column 14: the 65th at 398.
    let e = parse_pbn(&wide).unwrap_err().to_string();
    assert!(
        e.starts_with("[ScoreTable] at line 5, column 398: \"Round\" is not at most 64 columns"),
        "{e}"
    );
    let big = vec![b' '; countback_pbn::MAX_INPUT_BYTES + 1];
    assert!(matches!(
        parse_pbn_bytes(&big),
        Err(ParseError::TooLarge { .. })
    ));
}

fn no_panic(text: &str) {
    if let Ok(session) = parse_pbn(text) {
        let _ = countback_results::audit(&session, None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_text_is_an_error_or_a_session(text in "\\PC{0,400}") {
        no_panic(&text);
    }

    #[test]
    fn a_damaged_file_is_an_error_or_a_session(at in 0usize..400, with in "[ \\n\\[\\]\"^;{}A-Za-z0-9_.-]{0,6}") {
        let mut text = GOOD.to_owned();
        let at = at.min(text.len());
        let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        text.insert_str(at, &with);
        no_panic(&text);
    }
}

/// Issue 29 ("every similar extra in every reader"): a blank line inside a
/// table ends it (PBN: a table runs to the next blank line or tag), and the
/// rows after it were dropped unread — the audit then reported the kept
/// rows' figures as "set by hand" and exited 0. A row after the blank line
/// is now refused at its line, naming the blank line and the table; free
/// text after a table (which carries no figure) is still passed over.
#[test]
fn a_row_after_a_blank_line_inside_a_table_is_refused_not_dropped() {
    refused("a_row_after_a_blank_line_inside_a_table_is_refused_not_dropped");
    // Free text after the last table carries no figure: read as before.
    let trailing = format!("{GOOD}\nPrinted by the club's scorer\n");
    assert!(parse_pbn(&trailing).is_ok());
}
