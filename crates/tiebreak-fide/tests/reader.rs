//! The TRF reader: good files, and every kind of bad line with its line and column.
#![allow(clippy::unwrap_used, missing_docs)]

use countback_tiebreak_fide::trf::{self, Colour, ResultCode};
use countback_tiebreak_fide::{TrfError, TrfErrorKind};

const ANN: &str = "001    1      Ann                               1800                             1.5    1     2 w 1  0000 - H";
const BOB: &str = "001    2      Bob                               1700                             0.0    2     1 b 0  0000 - Z";

fn two(ann: &str, bob: &str) -> String {
    format!("012 Two\n### a comment\n142 2\n{ann}\n{bob}\n")
}

fn error(text: &str) -> TrfError {
    trf::parse(text).unwrap_err()
}

#[test]
fn reads_player_records() {
    let t = trf::parse(&two(ANN, BOB)).unwrap();
    assert_eq!(t.name.as_deref(), Some("Two"));
    assert_eq!(t.rounds, 2);
    let ann = t.player(1).unwrap();
    assert_eq!(ann.name, "Ann");
    assert_eq!(ann.rating, Some(1800));
    assert_eq!(ann.points().to_string(), "3/2");
    assert_eq!(ann.declared_points, Some(ann.points()));
    let r1 = ann.rounds.first().unwrap();
    assert_eq!(
        (r1.opponent, r1.colour, r1.result),
        (Some(2), Colour::White, ResultCode::Win)
    );
    assert_eq!(ann.rounds.get(1).unwrap().result, ResultCode::HalfPointBye);
    // Writing the records back gives the same tournament.
    let again = format!(
        "012 Two\n\n142 2\n{}\n{}\n",
        ann.to_trf_line(),
        t.player(2).unwrap().to_trf_line()
    );
    assert_eq!(trf::parse(&again).unwrap().players, t.players);
}

#[test]
fn rounds_past_the_end_of_a_line_are_not_paired() {
    let short_bob = "001    2      Bob                               1700                             0.0    2     1 b 0";
    let t = trf::parse(&two(ANN, short_bob)).unwrap();
    assert_eq!(
        t.player(2).unwrap().rounds.get(1).unwrap().result,
        ResultCode::NotPaired
    );
    // A trimmed trailing blank result is a blank result.
    let trimmed = "001    2      Bob                               1700                             0.0    2     1 b 0  0000 -";
    let t = trf::parse(&two(ANN, trimmed)).unwrap();
    assert_eq!(
        t.player(2).unwrap().rounds.get(1).unwrap().result,
        ResultCode::NotPaired
    );
}

#[test]
fn every_result_code_reads() {
    for c in "1=0+-WDLHFUZ ".chars() {
        let code = ResultCode::from_char(c).unwrap();
        assert_eq!(code.to_char().to_ascii_uppercase(), c.to_ascii_uppercase());
    }
    assert!(ResultCode::from_char('X').is_none());
}

/// The cases of `data/bad_lines.toml` (a key the case type lacks is an
/// error, not a case run without it).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct BadLines {
    case: Vec<BadLine>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct BadLine {
    what: String,
    #[serde(default)]
    ann: Option<Side>,
    #[serde(default)]
    bob: Option<Side>,
    line: usize,
    column: usize,
    kind: String,
}

/// A player's line as a case writes it: whole, or one edit of the sample.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum Side {
    Whole(String),
    Edit { from: String, to: String },
}

/// `line` (Ann's or Bob's) as `side` writes it.
fn edited(line: &str, side: Option<&Side>) -> String {
    match side {
        None => line.to_owned(),
        Some(Side::Whole(whole)) => whole.clone(),
        Some(Side::Edit { from, to }) => {
            assert!(line.contains(from.as_str()), "no {from:?} in {line:?}");
            line.replace(from.as_str(), to)
        }
    }
}

#[test]
fn bad_lines_name_line_and_column() {
    let file: BadLines =
        countback_test_support::case_file::read_toml(env!("CARGO_MANIFEST_DIR"), "bad_lines.toml");
    assert_eq!(file.case.len(), 12);
    for case in &file.case {
        let (what, line, column) = (&case.what, case.line, case.column);
        let e = error(&two(
            &edited(ANN, case.ann.as_ref()),
            &edited(BOB, case.bob.as_ref()),
        ));
        assert_eq!(
            (e.line, e.column, format!("{:?}", e.kind).as_str()),
            (line, column, case.kind.as_str()),
            "{what}: {e}"
        );
        assert!(e
            .to_string()
            .starts_with(&format!("TRF line {line}, column {column}")));
    }
}

#[test]
fn absurd_round_counts_are_refused() {
    let e = error("142 99999999\n");
    assert!(matches!(e.kind, TrfErrorKind::TooManyRounds { .. }));
}

/// Issue 29 ("every similar extra in every reader"): a second `142` took
/// the place of the first without a word — on FIDE TEC's exercise file, a
/// second `142 7` turned every unplayed round 6–7 into an absence and
/// changed every Buchholz (Player 2's BH 13 → 25). A second record of a kind
/// that changes the standings is now an error naming both lines; a second
/// name (`012`) carries no figure and is still read.
#[test]
fn a_second_record_that_changes_the_standings_is_refused_naming_the_first() {
    let file = two(ANN, BOB);
    for (record, again) in [
        ("142", "142 7"),
        ("202", "202 BH"),
        ("162", "162 W 1.0 D 0.5"),
        ("042", "042 2026/05/01"),
    ] {
        // The record once, on line 3 (after `012` and the comment), then again at the end.
        let once = file.replacen(
            "142 2\n",
            &format!("142 2\n{again}\n"),
            usize::from(record != "142"),
        );
        let text = format!("{once}{again}\n");
        let first_line = once.lines().position(|l| l.starts_with(record)).unwrap() + 1;
        let e = error(&text);
        assert_eq!(
            e.kind,
            TrfErrorKind::RepeatedRecord {
                record: record.to_owned(),
                first_line,
            },
            "{record}"
        );
        assert_eq!(e.line, text.lines().count(), "{record}");
    }
    let named_twice = format!("{file}012 Two, as printed\n");
    assert!(trf::parse(&named_twice).is_ok());
}
