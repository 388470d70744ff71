//! Bad input: a typed error naming the element and the line, never a panic.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use countback_usebio::{audit, parse_nz_scorer, parse_results, parse_usebio, ParseError};
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
    match parse_usebio(input) {
        Ok(_) => panic!("{what}: parsed"),
        Err(e) => assert_eq!(e.to_string(), expected, "{what}"),
    }
}

#[test]
fn the_valid_sample_parses_and_rescores() {
    let s = parse_usebio(&usebio("MP_PAIRS", &good_lines())).unwrap();
    let a = audit(&s).unwrap();
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
    let e = audit(&s).unwrap_err();
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
        let _ = audit(&session);
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
