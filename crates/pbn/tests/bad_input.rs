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
use countback_usebio::ParseError;
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

#[test]
fn the_valid_sample_parses_and_audits() {
    let s = parse_pbn(GOOD).unwrap();
    let a = countback_usebio::audit(&s).unwrap();
    assert!(
        a.findings.iter().all(|f| f.class.agrees()),
        "{}",
        a.summary()
    );
}

#[test]
fn a_bad_cell_names_its_line_column_and_table_column() {
    // Row 7: " 3  4 2H     -50   0   2"; MP_NS is the token at column 20,
    // so "4x" written one column earlier starts at 19.
    check(
        "not a number",
        &with_line(7, " 3  4 2H     -50  4x   2"),
        "[ScoreTable] column MP_NS at line 7, column 19: \"4x\" is not a decimal number (^ before it for an artificial score)",
    );
    check(
        "not a score",
        &with_line(7, " 3  4 2H     4x0   0   2"),
        "[ScoreTable] column Score_NS at line 7, column 14: \"4x0\" is not a score in points, an adjusted score (A6040, A+, A=, A-), or NP",
    );
    check(
        "a pair the totals do not list",
        &with_line(7, " 3  9 2H     -50   0   2"),
        "board 1, [ScoreTable] column PairId_EW at line 7, column 5: pair \"9\" is not a participant",
    );
    check(
        "a pair twice on a board",
        &with_line(7, " 1  4 2H     -50   0   2"),
        "board 1, [ScoreTable] at line 7, column 1: 1NS already has a line on this board (line 6)",
    );
    check(
        "scores that disagree",
        &GOOD
            .replace("Score_NS\\5R;", "Score_NS\\5R;Score_EW;")
            .replace("    420   2", "    420 -400   2")
            .replace("    -50   0", "    -50 50   0"),
        "[ScoreTable] column Score_EW at line 6, column 18: \"-400\" is not minus Score_NS (both columns give the same result)",
    );
    check(
        "a place that is not a number",
        &with_line(10, " x  3 NS 0"),
        "[TotalScoreTable] column Rank at line 10, column 2: \"x\" is not a place (a trailing = marks a tie)",
    );
    check(
        "a direction that is not one",
        &with_line(10, " 2  3 SN 0"),
        "[TotalScoreTable] column Direction at line 10, column 7: \"SN\" is not a direction: NS or EW (also N-S, E-W, Ö-V, Ø-V, O-W, E-O)",
    );
    check(
        "a contestant listed twice",
        &with_line(12, " 1  3 NS 2"),
        "[TotalScoreTable] column PairId at line 12, column 5: pair 3 is listed twice",
    );
}

#[test]
fn a_row_of_the_wrong_length_points_at_the_gap_or_the_extra_value() {
    check(
        "a value short",
        &with_line(7, " 3  4 2H     -50   0"),
        "[ScoreTable] at line 7, column 21: missing a value for column MP_EW (the row has 5 of the table's 6 values)",
    );
    check(
        "a value too many",
        &with_line(7, " 3  4 2H     -50   0   2 7"),
        "[ScoreTable] at line 7, column 26: \"7\" is not the end of the row: it has more values than its table has columns",
    );
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
    // A column declared twice: the second MP_NS follows "PairId_NS\\2R;" and
    // "PairId_EW\\2R;" (13 each), "MP_NS;" and "Score_NS\\5R;" from column 14.
    check(
        "twice",
        &GOOD.replace("Contract\\4L;", "MP_NS;"),
        "[ScoreTable] at line 5, column 58: \"MP_NS\" is not a column the table has not declared already",
    );
    // The sort marks and widths of PBN 5.2 are not part of the name.
    assert!(parse_pbn(&GOOD.replace("\"Rank\\2R;", "\"+Rank\\2R;")).is_ok());
}

#[test]
fn scoring_is_said_or_inferred_never_guessed() {
    check(
        "IMP alone",
        &with_line(3, "[Scoring \"IMP\"]"),
        "[Scoring] at line 3, column 11: scoring \"IMP\" is not one countback reads; known: MP (or MatchPoints, MatchPoints;MP1 …), Butler (IMP;Butler), Cross-IMPs (IMP;Cross); IMP alone does not say which IMP scoring",
    );
    // No tag: match-point columns say match points.
    let s = parse_pbn(&with_line(3, "")).unwrap();
    assert_eq!(s.event, countback_usebio::EventKind::MatchPointPairs);
    // No tag and IMP columns: Butler or cross-IMPs? Refused.
    let imps = with_line(3, "")
        .replace("MP_NS", "IMP_NS")
        .replace("MP_EW", "IMP_EW");
    check(
        "IMPs without a tag",
        &imps,
        "[Scoring] at line 1, column 1: missing a [Scoring \"…\"] tag: MP (or MatchPoints, MatchPoints;MP1 …), Butler (IMP;Butler), Cross-IMPs (IMP;Cross); IMP alone does not say which IMP scoring",
    );
    check(
        "IMP figures in a matchpointed event",
        &GOOD.replace("MP_NS", "IMP_NS"),
        "[ScoreTable] at line 5, column 64: \"IMP_NS\" is not a match-point column (MP_…): the event is matchpointed",
    );
    check(
        "two scorings",
        &GOOD.replace("[Board \"1\"]", "[Board \"1\"]\n[Scoring \"Butler\"]"),
        "[Scoring] at line 5, column 11: \"Butler (line 3 says MatchPoints)\" is not the same scoring as the file's first [Scoring] tag",
    );
}

#[test]
fn tags_and_structure() {
    check(
        "a tag without quotes",
        &with_line(4, "[Board 1]"),
        "[tag] at line 4, column 1: \"[Board 1]\" is not a tag pair: [Name \"value\"]",
    );
    check(
        "a board that is not a number",
        &with_line(4, "[Board \"one\"]"),
        "[Board] at line 4, column 9: \"one\" is not a board number",
    );
    check(
        "no board before the table",
        &with_line(4, ""),
        "[ScoreTable] at line 5, column 1: missing a [Board] tag before the ScoreTable",
    );
    check(
        "two tables for one board",
        &GOOD.replace(
            "[TotalScoreTable",
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 420\n[TotalScoreTable",
        ),
        "[ScoreTable] at line 8, column 1: board 1 appears twice",
    );
    check(
        "no totals",
        GOOD.split("[TotalScoreTable").next().unwrap(),
        "[TotalScoreTable] at line 1, column 1: the file has no TotalScoreTable (the contestants and their totals)",
    );
    check(
        "no results",
        "% PBN 2.1\n[Event \"x\"]\n",
        "[ScoreTable] at line 1, column 1: the file has no ScoreTable (the results of each board)",
    );
    check(
        "teams",
        &with_line(2, "[Competition \"Teams\"]"),
        "[Competition] at line 2, column 15: a teams file (matches between teams, scored in IMPs and VPs); countback reads pairs and individual results, not this (the file's [ScoreTable] columns PairId_NS, PairId_EW, Contract, Score_NS, MP_NS, MP_EW)",
    );
    check(
        "pairs and players in one table",
        &GOOD.replace("Contract\\4L", "PlayerId_North"),
        "[ScoreTable] at line 5, column 14: \"PairId_NS\" is not one kind of contestant: PairId_NS and PairId_EW (pairs) or the four PlayerId_ columns (individuals), not both",
    );
}

#[test]
fn partners_score_alike_in_an_individual() {
    let text = "% PBN 2.1\n[Scoring \"MP\"]\n[Board \"1\"]\n\
        [ScoreTable \"PlayerId_North;PlayerId_South;PlayerId_East;PlayerId_West;Score_NS;MP_North;MP_South;MP_East;MP_West\"]\n\
        1 2 3 4 420 2 1 0 0\n5 6 7 8 140 0 0 2 2\n\
        [TotalScoreTable \"PlayerId;TotalScoreMP\"]\n1 2\n2 2\n3 0\n4 0\n5 0\n6 0\n7 2\n8 2\n";
    check(
        "North and South differ",
        text,
        "[ScoreTable] column MP_South at line 5, column 15: \"1\" is not the same figure as its partner's column (partners score alike)",
    );
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
        let _ = countback_usebio::audit(&session);
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
    // Line 7 (the second score row) moved below a blank line 7.
    let split = with_line(7, "\n 3  4 2H     -50   0   2");
    check(
        "score row after a blank line",
        &split,
        "[ScoreTable] at line 8, column 1: \"3  4 2H     -50   0   2 (the blank line 7 ended the table of line 5)\" is not a tag or a comment: a table row after the blank line that ends its table would be dropped unread",
    );
    let split_totals = with_line(11, "\n 2  3 NS 0");
    check(
        "total row after a blank line",
        &split_totals,
        "[TotalScoreTable] at line 12, column 1: \"2  3 NS 0 (the blank line 11 ended the table of line 8)\" is not a tag or a comment: a table row after the blank line that ends its table would be dropped unread",
    );
    // Free text after the last table carries no figure: read as before.
    let trailing = format!("{GOOD}\nPrinted by the club's scorer\n");
    assert!(parse_pbn(&trailing).is_ok());
}
