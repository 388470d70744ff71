//! `countback-tiebreak-fide`'s integration tests as one binary (issue 39): each file of
//! `tests/` is a module here instead of a binary of its own, so the
//! dependency graph is linked once for the crate, not once a file.
//!
//! Each module is loaded through `#[path]`, which keeps its own
//! `mod common;`, `include_str!` and `#[path]` paths relative to
//! `tests/` as they were. A test is named `<file>::<test>`:
//! `cargo test -p countback-tiebreak-fide --test it c07_complete::` runs one file's tests.
//! The manifest sets `autotests = false`; the last test below fails when
//! a file of `tests/` is not declared here.
// A test may run long: the bar of 150 lines a function (clippy.toml,
// issue 39) is for the code the tests check.
#![allow(clippy::too_many_lines)]
// Several files load the same helper folder (`mod common;`), each as its
// own copy, as they did when each was a binary: a pure move of the files.
#![allow(clippy::duplicate_mod)]

#[path = "c07_complete.rs"]
mod c07_complete;
#[path = "conformance.rs"]
mod conformance;
#[path = "corpus.rs"]
mod corpus;
#[path = "held_team_exercise.rs"]
mod held_team_exercise;
#[path = "lots.rs"]
mod lots;
#[path = "properties.rs"]
mod properties;
#[path = "reader.rs"]
mod reader;
#[path = "real_world.rs"]
mod real_world;
#[path = "spellings.rs"]
mod spellings;
#[path = "tiebreaks.rs"]
mod tiebreaks;
#[path = "trf2026.rs"]
mod trf2026;
#[path = "vocabulary.rs"]
mod vocabulary;

countback_test_support::every_test_file_is_a_module!(include_str!("main.rs"));
