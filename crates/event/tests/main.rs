//! `countback-event`'s integration tests as one binary (issue 39): each file of
//! `tests/` is a module here instead of a binary of its own, so the
//! dependency graph is linked once for the crate, not once a file.
//!
//! Each module is loaded through `#[path]`, which keeps its own
//! `mod common;`, `include_str!` and `#[path]` paths relative to
//! `tests/` as they were. A test is named `<file>::<test>`:
//! `cargo test -p countback-event --test it board_tables::` runs one file's tests.
//! The manifest sets `autotests = false`; the last test below fails when
//! a file of `tests/` is not declared here.
// A test may run long: the bar of 150 lines a function (clippy.toml,
// issue 39) is for the code the tests check.
#![allow(clippy::too_many_lines)]
// Several files load the same helper folder (`mod common;`), each as its
// own copy, as they did when each was a binary: a pure move of the files.
#![allow(clippy::duplicate_mod)]

#[path = "board_tables.rs"]
mod board_tables;
#[path = "cases.rs"]
mod cases;
#[path = "checks.rs"]
mod checks;
#[path = "culprits.rs"]
mod culprits;
#[path = "schema.rs"]
mod schema;

countback_test_support::every_test_file_is_a_module!(include_str!("main.rs"));
