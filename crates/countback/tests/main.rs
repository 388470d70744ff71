//! `countback`'s integration tests as one binary (issue 39): each file of
//! `tests/` is a module here instead of a binary of its own, so the
//! dependency graph is linked once for the crate, not once a file.
//!
//! Each module is loaded through `#[path]`, which keeps its own
//! `mod common;`, `include_str!` and `#[path]` paths relative to
//! `tests/` as they were. A test is named `<file>::<test>`:
//! `cargo test -p countback --test it browser::` runs one file's tests.
//! The manifest sets `autotests = false`; the last test below fails when
//! a file of `tests/` is not declared here.
// A test may run long: the bar of 150 lines a function (clippy.toml,
// issue 39) is for the code the tests check.
#![allow(clippy::too_many_lines)]
// Several files load the same helper folder (`mod common;`), each as its
// own copy, as they did when each was a binary: a pure move of the files.
#![allow(clippy::duplicate_mod)]

#[path = "bounds.rs"]
mod bounds;
#[path = "browser.rs"]
mod browser;
#[path = "club_posts.rs"]
mod club_posts;
#[path = "club_scorer.rs"]
mod club_scorer;
#[path = "cost.rs"]
mod cost;
#[path = "examples.rs"]
mod examples;
#[path = "fide_flags.rs"]
mod fide_flags;
#[path = "fide_teams.rs"]
mod fide_teams;
#[path = "front_door.rs"]
mod front_door;
#[path = "generated.rs"]
mod generated;
#[path = "html_in_browser.rs"]
mod html_in_browser;
#[path = "json_stream.rs"]
mod json_stream;
#[path = "multi_session.rs"]
mod multi_session;
#[path = "pairs_conventions.rs"]
mod pairs_conventions;
#[path = "penalties.rs"]
mod penalties;
#[path = "reproducers.rs"]
mod reproducers;
#[path = "results_files.rs"]
mod results_files;
#[path = "serve.rs"]
mod serve;
#[path = "strict.rs"]
mod strict;
#[path = "teams_files.rs"]
mod teams_files;
#[path = "teams_vp.rs"]
mod teams_vp;
#[path = "trf_audit.rs"]
mod trf_audit;
#[path = "trf_readings.rs"]
mod trf_readings;
#[path = "weighted.rs"]
mod weighted;
#[path = "what_a_director_prints.rs"]
mod what_a_director_prints;
#[path = "what_a_director_reads.rs"]
mod what_a_director_reads;

countback_test_support::every_test_file_is_a_module!(include_str!("main.rs"));
