//! Bad input: a typed error naming the element and the line, never a panic.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use countback_results::{audit, ParseError};
use countback_usebio::{parse_nz_scorer, parse_results, parse_usebio};
use proptest::prelude::*;

/// A small, valid Howell: pairs 1-4, one board played twice.
fn usebio(event_type: &str, lines: &str) -> String {
    format!(
        r#"<?xml version="1.0"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="{event_type}">
  <WINNER_TYPE>1</WINNER_TYPE>
  <PARTICIPANTS EVENT_TYPE="{event_type}">
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><TOTAL_SCORE>2</TOTAL_SCORE></PAIR>
    <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><TOTAL_SCORE>0</TOTAL_SCORE></PAIR>
    <PAIR><PAIR_NUMBER>3</PAIR_NUMBER><TOTAL_SCORE>0</TOTAL_SCORE></PAIR>
    <PAIR><PAIR_NUMBER>4</PAIR_NUMBER><TOTAL_SCORE>2</TOTAL_SCORE></PAIR>
  </PARTICIPANTS>
  <BOARD EVENT_TYPE="{event_type}">
    <BOARD_NUMBER>1</BOARD_NUMBER>
{lines}
  </BOARD>
</EVENT>
</USEBIO>
"#
    )
}

fn line(ns: &str, ew: &str, score: &str) -> String {
    format!(
        "    <TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )
}

fn good_lines() -> String {
    [line("1", "2", "420"), line("3", "4", "-50")].join("\n")
}

/// (what, input, expected error text)
fn check(what: &str, input: &str, expected: &str) {
    countback_test_support::assert_refused(what, parse_usebio(input), expected);
}

#[test]
fn the_valid_sample_parses_and_rescores() {
    let s = parse_usebio(&usebio("MP_PAIRS", &good_lines())).unwrap();
    let a = audit(&s, None).unwrap();
    assert!(
        a.findings.iter().all(|f| f.class.agrees()),
        "{:?}",
        a.findings
    );
}

#[test]
fn bad_usebio_is_a_typed_error_with_element_and_line() {
    check(
        "malformed XML",
        "<USEBIO>\n<EVENT EVENT_TYPE=\"MP_PAIRS\">\n</USEBIO>",
        "malformed XML at line 3, column 1: expected 'EVENT' tag, not 'USEBIO' at 3:1",
    );
    check(
        "unknown event type",
        &usebio("TIDDLYWINKS", &good_lines()),
        "<EVENT> at line 3, column 1: unknown event type \"TIDDLYWINKS\"",
    );
    check(
        "a pair that does not exist",
        &usebio(
            "MP_PAIRS",
            &[line("1", "2", "420"), line("3", "9", "-50")].join("\n"),
        ),
        "board 1, <EW_PAIR_NUMBER> at line 14, column 55: pair \"9\" is not a participant",
    );
    check(
        "a duplicated line",
        &usebio("MP_PAIRS", &[line("1", "2", "420"), line("1", "2", "-50")].join("\n")),
        "board 1, <TRAVELLER_LINE> at line 14, column 5: 1 already has a line on this board (line 13)",
    );
    check(
        "a non-numeric score",
        &usebio("MP_PAIRS", &[line("1", "2", "420"), line("3", "4", "4x0")].join("\n")),
        "<SCORE> at line 14, column 89: \"4x0\" is not a score in points, an artificial score such as A6040, or NP",
    );
    check(
        "an artificial score outside 0-100",
        &usebio("MP_PAIRS", &[line("1", "2", "420"), line("3", "4", "A60")].join("\n")),
        "<SCORE> at line 14, column 89: \"A60\" is not a score in points, an artificial score such as A6040, or NP",
    );
    check(
        "no score",
        &usebio(
            "MP_PAIRS",
            &[line("1", "2", "420"), line("3", "4", "")].join("\n"),
        ),
        "<TRAVELLER_LINE> at line 14, column 5: missing <SCORE>",
    );
    // Issue 44: a second <SCORE> on a line was ignored, the first read.
    check(
        "a second score on one line",
        &usebio(
            "MP_PAIRS",
            &[
                line("1", "2", "420"),
                line("3", "4", "-50").replace("</SCORE>", "</SCORE><SCORE>-100</SCORE>"),
            ]
            .join("\n"),
        ),
        "<SCORE> at line 14, column 107: a second <SCORE> on one traveller line (the first is at line 14); which one counts is not the reader's to choose: correct the file",
    );
    check(
        "a second pair number on one line",
        &usebio(
            "MP_PAIRS",
            &[
                line("1", "2", "420").replace("<SCORE>", "<EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>\n<SCORE>"),
                line("3", "4", "-50"),
            ]
            .join("\n"),
        ),
        "<EW_PAIR_NUMBER> at line 13, column 89: a second <EW_PAIR_NUMBER> on one traveller line (the first is at line 13); which one counts is not the reader's to choose: correct the file",
    );
    check(
        "another document",
        "<html><body/></html>",
        "<html> at line 1, column 1: expected a <USEBIO> document",
    );
    check(
        "a stored figure that is not a number",
        &usebio("MP_PAIRS", &good_lines()).replace("<TOTAL_SCORE>2<", "<TOTAL_SCORE>two<"),
        "<TOTAL_SCORE> at line 6, column 39: \"two\" is not a decimal number",
    );
}

#[test]
fn parse_results_names_both_formats_when_it_knows_neither() {
    let e = parse_results("<html><body/></html>").unwrap_err();
    assert_eq!(
        e.to_string(),
        "<html> at line 1, column 1: expected a <USEBIO or NZ Scorer session> document"
    );
}

#[test]
fn teams_events_are_read_but_not_rescored() {
    let s = parse_usebio(&usebio("TEAMS_OF_FOUR", &good_lines())).unwrap();
    let e = audit(&s, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "rescoring TEAMS_OF_FOUR events is not supported"
    );
}

fn nz(results: &str) -> String {
    format!(
        r#"<?xml version="1.0"?>
<session field_scoring="false" scoring_type="MP" event_name="t">
  <sections><section sectid="A" tables="1"/></sections>
  <board_results><brsection id="A">
{results}
  </brsection></board_results>
  <scores><scsection id="A">
    <pair match_points="0/0" place="1" dir="N" no="1"/>
    <pair match_points="0/0" place="1" dir="E" no="1"/>
  </scsection></scores>
</session>
"#
    )
}

#[test]
fn bad_nz_scorer_is_a_typed_error_with_element_and_line() {
    let ok = r#"<result bd="1" ns="1" ew="1" cont="1 N" score="90" mp_ns="0" mp_ew="0"/>"#;
    assert!(parse_nz_scorer(&nz(ok)).is_ok());
    for (what, input, expected) in [
        (
            "unknown pair",
            nz(r#"<result bd="1" ns="7" ew="1" score="90" mp_ns="0" mp_ew="0"/>"#),
            "board 1, <result> at line 5, column 1: pair \"7\" is not a participant",
        ),
        (
            "non-numeric score",
            nz(r#"<result bd="1" ns="1" ew="1" score="ninety" mp_ns="0" mp_ew="0"/>"#),
            "<result> at line 5, column 1: \"ninety\" is not a score in points, Adj, or a phantom line",
        ),
        (
            "duplicated line",
            nz(&format!("{ok}\n{ok}")),
            "board 1, <result> at line 6, column 1: 1NS already has a line on this board (line 5)",
        ),
        (
            "unknown scoring",
            nz(ok).replace("scoring_type=\"MP\"", "scoring_type=\"XIMP\""),
            "<session> at line 2, column 1: unknown event type \"XIMP\"",
        ),
    ] {
        match parse_nz_scorer(&input) {
            Ok(_) => panic!("{what}: parsed"),
            Err(e) => assert_eq!(e.to_string(), expected, "{what}"),
        }
    }
    assert!(matches!(
        parse_nz_scorer("<session"),
        Err(ParseError::MalformedXml { line: 1, .. })
    ));
}

fn no_panic(text: &str) {
    for session in [
        parse_usebio(text),
        parse_nz_scorer(text),
        parse_results(text),
    ]
    .into_iter()
    .flatten()
    {
        let _ = audit(&session, None);
    }
}

fn real_files() -> Vec<String> {
    let Some(dir) = common::data_dir() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for sub in ["cobalt-compscore3", "nz-scorer"] {
        let mut names: Vec<_> = std::fs::read_dir(dir.join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "xml"))
            .collect();
        names.sort();
        out.extend(names.iter().map(|p| common::read(p)));
    }
    out
}

/// Small replacement texts that stress the structure: tags, numbers,
/// artificial scores, the phantom's marker.
const PIECES: &[&str] = &[
    "<",
    ">",
    "/",
    "\"",
    "=",
    "&amp;",
    "&",
    "0",
    "-1",
    "99999999999",
    "A6040",
    "A9999",
    "NP",
    "N P",
    "-9999",
    "Adj",
    "1NS",
    "EW",
    ".5",
    "",
    "</TRAVELLER_LINE>",
    "<BOARD>",
    "x",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 48 } else { 512 }))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        no_panic(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn arbitrary_text_in_a_valid_frame_never_panics(score in ".{0,12}", ns in "[0-9A-Z]{0,4}") {
        no_panic(&usebio("MP_PAIRS", &[line(&ns, "2", &score), line("3", "4", "-50")].join("\n")));
        no_panic(&usebio("BUTLER_PAIRS", &[line(&ns, "2", &score), line("3", "4", "-50")].join("\n")));
        no_panic(&usebio("CROSS_IMP", &[line(&ns, "2", &score), line("3", "4", "-50")].join("\n")));
    }

    #[test]
    fn mutations_of_the_real_files_never_panic(
        file in any::<prop::sample::Index>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..40, any::<prop::sample::Index>()), 1..6),
    ) {
        // Skips (the data folder is absent) leave nothing to mutate.
        let files = real_files();
        if files.is_empty() {
            return Ok(());
        }
        let mut text = file.get(&files).clone();
        for (at, cut, piece) in edits {
            let mut start = at.index(text.len().max(1));
            while start > 0 && !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + cut).min(text.len());
            while end < text.len() && !text.is_char_boundary(end) {
                end += 1;
            }
            let piece: &str = PIECES[piece.index(PIECES.len())];
            text.replace_range(start..end, piece);
        }
        no_panic(&text);
    }
}

/// Issue 17: a file nested about 12,500 levels deep overflowed the stack.
#[test]
fn deep_nesting_is_refused_before_parsing() {
    let depth = 12_500;
    let text = format!(
        "<USEBIO Version=\"1.2\">\n{}{}</USEBIO>",
        "<EVENT>".repeat(depth),
        "</EVENT>".repeat(depth)
    );
    for result in [parse_usebio(&text), parse_results(&text)] {
        match result {
            Err(ParseError::TooDeep { line, limit, .. }) => {
                assert_eq!((line, limit), (2, countback_usebio::MAX_DEPTH));
            }
            other => panic!("{other:?}"),
        }
    }
    let err = parse_nz_scorer(&text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 694: elements nested more than 100 deep"
    );
}

/// Issue 17: one internal entity used 12,000 times in a 37 KB file cost
/// about 25 s. Entity declarations are refused up front.
#[test]
fn entity_declarations_are_refused_before_parsing() {
    let body = "x".repeat(2_000);
    let text = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE USEBIO [\n<!ENTITY e \"{body}\">\n]>\n<USEBIO>{}</USEBIO>",
        "<A>&e;</A>".repeat(12_000)
    );
    let start = std::time::Instant::now();
    let err = parse_results(&text).unwrap_err();
    assert!(start.elapsed().as_secs_f64() < 1.0);
    assert_eq!(err, ParseError::EntityDeclared { line: 3, column: 1 });
    assert_eq!(
        err.to_string(),
        "line 3, column 1: entity declarations (<!ENTITY ...>) are not accepted in a results file"
    );
}

#[test]
fn oversized_input_is_refused_before_parsing() {
    let text = " ".repeat(countback_results::MAX_INPUT_BYTES + 1);
    assert!(matches!(
        parse_results(&text),
        Err(ParseError::TooLarge { .. })
    ));
}

/// Issue 17: an empty USEBIO file printed an empty table.
#[test]
fn a_file_with_nothing_to_score_is_an_error() {
    for (text, expected) in [
        (
            "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"MP_PAIRS\"></EVENT></USEBIO>",
            "<EVENT> at line 1, column 23: the file has no participants",
        ),
        (
            "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"MP_PAIRS\"><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR></PARTICIPANTS></EVENT></USEBIO>",
            "<EVENT> at line 1, column 23: the file has no traveller lines",
        ),
        (
            "<session scoring_type=\"MP\"></session>",
            "<session> at line 1, column 1: the file has no participants",
        ),
    ] {
        let err = parse_results(text).unwrap_err();
        assert_eq!(err.to_string(), expected);
    }
    assert!(parse_results("").is_err());
}

/// Issue 17: a Latin-1 file is read when its declaration says so, and is
/// otherwise a typed error with a hint (not a panic or a lossy read).
#[test]
fn latin1_bytes_are_decoded_only_when_declared() {
    let utf8 = usebio("MP_PAIRS", &good_lines()).replace(
        "<WINNER_TYPE>",
        "<EVENT_DESCRIPTION>Café</EVENT_DESCRIPTION><WINNER_TYPE>",
    );
    let latin1: Vec<u8> = utf8
        .replace(
            "<?xml version=\"1.0\"?>",
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>",
        )
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    let read = countback_usebio::parse_results_bytes(&latin1).unwrap();
    assert_eq!(read.description.as_deref(), Some("Café"));
    let from_utf8 = countback_usebio::parse_results_bytes(utf8.as_bytes()).unwrap();
    assert_eq!(from_utf8, parse_results(&utf8).unwrap());

    let undeclared: Vec<u8> = utf8
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    let err = countback_usebio::parse_results_bytes(&undeclared).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 4, column 25: byte 0xE9 is not UTF-8; a Latin-1 or Windows-1252 file must say so \
         in its XML declaration (<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?> or \
         encoding=\"windows-1252\"), or be converted to UTF-8"
    );
}

/// Issue 17: the audit's classes printed as `Unexplained { difference:
/// Score(…) }`; they read as words and numbers now.
#[test]
fn audit_findings_display_as_people_write_them() {
    use countback_results::{Difference, Figure};
    let s = parse_usebio(&usebio(
        "MP_PAIRS",
        &[line("1", "2", "420"), line("3", "4", "-50")].join("\n"),
    ))
    .unwrap();
    let a = audit(&s, None).unwrap();
    let total = a.of(Figure::Total).next().unwrap();
    assert_eq!(
        total.to_string(),
        "total of 1 (line 6): stored 2, computed 2: reproduced"
    );
    for (class, text) in [
        (
            Difference::Unexplained {
                difference: countback_model::Score::new(-1, 3).unwrap(),
            },
            "unexplained: stored differs by -1/3",
        ),
        (
            Difference::Unexplained {
                difference: countback_model::Score::new(1, 2).unwrap(),
            },
            "unexplained: stored differs by +0.5",
        ),
        (
            Difference::RescaledTop {
                top: countback_model::Score::integer(10),
            },
            "printed on a top of 10",
        ),
    ] {
        assert_eq!(class.to_string(), text);
    }
}

/// Issue 17: a one-table session gave "division by zero" naming nothing.
#[test]
fn a_one_table_session_is_an_error_naming_the_board() {
    let text = usebio("MP_PAIRS", &line("1", "2", "420"));
    let s = parse_usebio(&text).unwrap();
    let err = countback_results::rescore(&s, None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "board 1: no board of its field has more than one result (a one-table session), so \
         there is nothing to compare a result with and no match points to give"
    );
}

/// Issue 29 ("every similar extra in every reader"): a second `<EVENT>` was
/// dropped unread, its boards and pairs with it, and the first scored as if
/// it were the whole file. Now refused where it starts, by every reader
/// (pairs, teams, and the one that tells them apart).
#[test]
fn a_second_event_is_refused_not_dropped() {
    let one = usebio("MP_PAIRS", &good_lines());
    let event = one
        .split_once("<EVENT")
        .and_then(|(_, rest)| rest.split_once("</EVENT>"))
        .map(|(body, _)| format!("<EVENT{body}</EVENT>"))
        .unwrap();
    let two = one.replace("</USEBIO>", &format!("{event}\n</USEBIO>"));
    // The lines where the two events start, counted in the text itself.
    let starts: Vec<usize> = two
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("<EVENT"))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(starts.len(), 2);
    let expected = format!(
        "<EVENT> at line {}, column 1: a second <EVENT> (the first is at line {}); countback reads one <EVENT> a file and does not read a file in part",
        starts[1], starts[0]
    );
    let expected = expected.as_str();
    check("two events", &two, expected);
    let any = countback_usebio::parse_results_any_bytes(two.as_bytes()).unwrap_err();
    assert_eq!(any.to_string(), expected);
    let teams = countback_usebio::parse_usebio_teams(&two).unwrap_err();
    assert_eq!(teams.to_string(), expected);
}
