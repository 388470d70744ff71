//! A scorer's checks of what a director types (issue 31), as data: each
//! case under `tests/checks/` is an event file that says in its header what
//! is wrong and why it is an error or a warning, beside
//! `<case>.expected.toml` with the job (`score` or `rank`), and either the
//! `error` or every warning, each with its field, its line in the case
//! (counted by hand) and words the message must hold. One [`check`] reads
//! them all.
#![allow(clippy::unwrap_used, clippy::panic)]
#![allow(clippy::indexing_slicing, missing_docs)]

use std::path::{Path, PathBuf};

use countback_event::{Event, RankRequest, RawOptions};

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    job: String,
    #[serde(default)]
    error: Option<Place>,
    #[serde(default)]
    warnings: Vec<Place>,
}

/// A located message: its field, its line, words it holds.
#[derive(serde::Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Place {
    field: String,
    line: usize,
    says: String,
}

fn cases() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/checks");
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|f| {
            let name = f.file_name().unwrap().to_str().unwrap();
            name.ends_with(".toml") && !name.ends_with(".expected.toml")
        })
        .collect();
    out.sort();
    out
}

/// Each message as (field, line, text).
fn placed(field: Option<String>, line: Option<usize>, text: String) -> (String, usize, String) {
    (field.unwrap_or_default(), line.unwrap_or(0), text)
}

fn check(path: &Path) {
    let name = path.display();
    let expected: Expected =
        toml::from_str(&std::fs::read_to_string(path.with_extension("expected.toml")).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    let event = Event::from_toml(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let result = match expected.job.as_str() {
        "score" => event.score(&RawOptions::default()).map(|s| s.warnings),
        "rank" => event.rank(&RankRequest::new()).map(|r| r.warnings),
        other => panic!("{name}: unknown job {other}"),
    };
    let got: Result<Vec<_>, _> = result.map(|ws| {
        ws.into_iter()
            .map(|w| {
                placed(
                    w.field.map(|f| f.to_string()),
                    w.at.map(|a| a.line),
                    w.message,
                )
            })
            .collect()
    });
    match (&expected.error, got) {
        (Some(want), Err(e)) => {
            let (field, line, text) = placed(
                e.field.as_ref().map(ToString::to_string),
                e.at.map(|a| a.line),
                e.to_string(),
            );
            assert_eq!(
                (field.as_str(), line),
                (want.field.as_str(), want.line),
                "{name}: {text}"
            );
            assert!(text.contains(&want.says), "{name}: {text}");
        }
        (Some(_), Ok(ws)) => panic!("{name}: no error; warnings {ws:?}"),
        (None, Err(e)) => panic!("{name}: {e}"),
        (None, Ok(ws)) => {
            assert_eq!(ws.len(), expected.warnings.len(), "{name}: {ws:#?}");
            for ((field, line, text), want) in ws.iter().zip(&expected.warnings) {
                assert_eq!(
                    (field.as_str(), *line),
                    (want.field.as_str(), want.line),
                    "{name}: {text}"
                );
                assert!(text.contains(&want.says), "{name}: {text}");
            }
        }
    }
}

#[test]
fn every_check_case() {
    let cases = cases();
    assert!(cases.len() >= 7, "{cases:?}");
    for case in &cases {
        check(case);
    }
}
