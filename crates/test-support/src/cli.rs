//! Running the `countback` command line from a test: one way for every
//! test file (each used to carry its own copy of these helpers).
//!
//! The binary is the one cargo built for the calling test
//! (`CARGO_BIN_EXE_countback`, passed in by [`Cli::new`]'s caller through
//! `env!`), run in the workspace root so that a test names files as the
//! documentation does (`examples/…`). A run that must succeed says so with
//! [`Out::ok`], one that must be refused with [`Out::refused`]; each fails
//! the calling test at its own line.
//!
//! clippy.toml's `allow-*-in-tests` covers `#[test]` functions only, not a
//! test file's helpers: each file allows, in one line, what its helpers do
//! (unwrap, index, panic) and no more.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The workspace root.
#[must_use]
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What a run printed, and its exit status.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Out {
    /// The exit status (-1 if killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Out {
    /// This run, which must have succeeded (exit 0). A failure names the
    /// calling test's line (`#[track_caller]`) and shows standard error
    /// only: standard output may hold the real names of a shared file.
    #[must_use]
    #[track_caller]
    pub fn ok(self) -> Out {
        assert_eq!(self.code, 0, "exit {}: {}", self.code, self.stderr);
        self
    }

    /// This run, which must have been refused as bad input (exit 65) with
    /// a message on standard error that contains `words`. A failure names
    /// the calling test's line and shows standard error only.
    #[track_caller]
    pub fn refused(self, words: &str) -> Out {
        assert_eq!(self.code, 65, "exit {}: {}", self.code, self.stderr);
        assert!(
            self.stderr.contains(words),
            "no {words:?} in: {}",
            self.stderr
        );
        self
    }

    /// Standard output as JSON (a failure shows both streams).
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}\n{}", self.stdout, self.stderr))
    }
}

/// The text `field` of each element of the JSON array `list` (a ranking's
/// column keys, its decisions' clauses), in order; a test fails where
/// `list` is no array or an element's `field` no text.
#[must_use]
pub fn texts<'a>(list: &'a serde_json::Value, field: &str) -> Vec<&'a str> {
    let items = list
        .as_array()
        .unwrap_or_else(|| panic!("not a JSON array: {list}"));
    items
        .iter()
        .map(|x| {
            x[field]
                .as_str()
                .unwrap_or_else(|| panic!("no text `{field}` in {x}"))
        })
        .collect()
}

/// The decisions of a ranking's JSON (`rank --json`), in order; a test
/// fails where there are none to read.
#[must_use]
pub fn decisions(ranked: &serde_json::Value) -> &[serde_json::Value] {
    ranked["decisions"]
        .as_array()
        .unwrap_or_else(|| panic!("no decisions in {ranked}"))
}

/// Every member of a ranking's JSON (`rank --json`), group after group
/// in the order ranked; a test fails where there are no standings.
#[must_use]
pub fn members(ranked: &serde_json::Value) -> Vec<&serde_json::Value> {
    ranked["standings"]
        .as_array()
        .unwrap_or_else(|| panic!("no standings in {ranked}"))
        .iter()
        .flat_map(|group| group["members"].as_array().into_iter().flatten())
        .collect()
}

/// The contestant of every member of a ranking's JSON (`rank --json`),
/// best place first.
#[must_use]
pub fn contestants(ranked: &serde_json::Value) -> Vec<String> {
    members(ranked)
        .into_iter()
        .map(|m| {
            m["contestant"]
                .as_str()
                .unwrap_or_else(|| panic!("no contestant in {m}"))
                .to_owned()
        })
        .collect()
}

/// Each standing's exact `figure` (`total`, `percentage`) of a score's
/// JSON (`score --json`), by its contestant, as the text the JSON gives.
#[must_use]
pub fn exact_figures(
    scored: &serde_json::Value,
    figure: &str,
) -> std::collections::BTreeMap<String, String> {
    scored["standings"]
        .as_array()
        .unwrap_or_else(|| panic!("no standings in {scored}"))
        .iter()
        .map(|s| {
            let text = |v: &serde_json::Value| v.as_str().map(str::to_owned);
            (
                text(&s["contestant"]).unwrap_or_else(|| panic!("no contestant in {s}")),
                text(&s[figure]["exact"]).unwrap_or_else(|| panic!("no exact {figure} in {s}")),
            )
        })
        .collect()
}

/// The element of the JSON array `list` whose `field` is the text `value`
/// (a standing by its pair, a board's line by its NS pair, a decision's
/// value by its contestant); a test fails where there is none.
#[must_use]
pub fn find<'a>(list: &'a serde_json::Value, field: &str, value: &str) -> &'a serde_json::Value {
    list.as_array()
        .unwrap_or_else(|| panic!("not a JSON array: {list}"))
        .iter()
        .find(|x| x[field] == value)
        .unwrap_or_else(|| panic!("no `{field}` {value:?} in {list}"))
}

/// The standing of `pair` in a scored session's JSON (`score --json`),
/// in whichever field it sat; a test fails where there is none.
#[must_use]
pub fn pair_standing<'a>(scored: &'a serde_json::Value, pair: &str) -> &'a serde_json::Value {
    scored["fields"]
        .as_array()
        .unwrap_or_else(|| panic!("no fields in {scored}"))
        .iter()
        .flat_map(|f| f["standings"].as_array().into_iter().flatten())
        .find(|s| s["pair"] == pair)
        .unwrap_or_else(|| panic!("no pair {pair:?} in {scored}"))
}

/// `content` written to a new scratch file whose name ends in `name`
/// (tests run in parallel: every call gets its own file).
#[must_use]
pub fn scratch(name: &str, content: &[u8]) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("countback-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let file = dir.join(format!("{}-{name}", N.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&file, content).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    file
}

/// The command line at `binary` (a test passes `env!("CARGO_BIN_EXE_countback")`).
#[derive(Debug, Clone, Copy)]
pub struct Cli {
    binary: &'static str,
}

impl Cli {
    /// The binary cargo built for the calling test.
    #[must_use]
    pub const fn new(binary: &'static str) -> Cli {
        Cli { binary }
    }

    /// A command for the binary, run in the workspace root.
    #[must_use]
    pub fn command(self) -> Command {
        let mut c = Command::new(self.binary);
        c.current_dir(root());
        c
    }

    /// Run with `args`.
    #[must_use]
    pub fn run<S: AsRef<std::ffi::OsStr>>(self, args: &[S]) -> Out {
        let out = self
            .command()
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", self.binary));
        Out {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Run with `args` of different kinds: words and paths mixed
    /// (`&[&"score", &path, &"--format", &"json"]`).
    #[must_use]
    pub fn run_mixed(self, args: &[&dyn AsRef<std::ffi::OsStr>]) -> Out {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| (*a).as_ref()).collect();
        self.run(&args)
    }

    /// Run with `args`, every `FILE` among them replaced by `text` written
    /// to a scratch file named `name`.
    #[must_use]
    pub fn run_on(self, name: &str, text: &str, args: &[&str]) -> Out {
        let file = scratch(name, text.as_bytes());
        let args: Vec<&Path> = args
            .iter()
            .map(|a| {
                if *a == "FILE" {
                    file.as_path()
                } else {
                    Path::new(a)
                }
            })
            .collect();
        self.run(&args)
    }
}

#[cfg(test)]
mod tests {
    use super::Out;

    fn exited(code: i32) -> Out {
        Out {
            code,
            stdout: "standard output".into(),
            stderr: "standard error".into(),
        }
    }

    #[test]
    fn a_run_that_succeeded_is_kept_whole() {
        let out = exited(0).ok();
        assert_eq!(out.stdout, "standard output");
    }

    #[test]
    #[should_panic(expected = "exit 65: standard error")]
    fn a_run_that_failed_fails_the_test_showing_standard_error() {
        let _ = exited(65).ok();
    }

    #[test]
    fn a_standing_is_found_by_its_pair_in_any_field() {
        let scored = serde_json::json!({"fields": [
            {"standings": [{"pair": "N1", "total": 1}]},
            {"standings": [{"pair": "E1", "total": 2}, {"pair": "E2", "total": 3}]},
        ]});
        assert_eq!(super::pair_standing(&scored, "E2")["total"], 3);
        assert_eq!(
            super::find(&scored["fields"][1]["standings"], "pair", "E1")["total"],
            2
        );
    }

    #[test]
    #[should_panic(expected = "no pair \"N9\"")]
    fn a_pair_that_is_not_there_fails_the_test() {
        let scored = serde_json::json!({"fields": [{"standings": [{"pair": "N1"}]}]});
        let _ = super::pair_standing(&scored, "N9");
    }

    #[test]
    fn a_refusal_that_says_so_is_kept_whole() {
        let out = exited(65).refused("error");
        assert_eq!(out.stderr, "standard error");
    }

    #[test]
    #[should_panic(expected = "exit 0: standard error")]
    fn a_run_that_succeeded_is_no_refusal() {
        let _ = exited(0).refused("error");
    }

    #[test]
    #[should_panic(expected = "no \"line 3\" in: standard error")]
    fn a_refusal_in_other_words_fails_the_test() {
        let _ = exited(65).refused("line 3");
    }
}
