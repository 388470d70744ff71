//! `countback-usebio`'s integration tests as one binary (issue 39): each file of
//! `tests/` is a module here instead of a binary of its own, so the
//! dependency graph is linked once for the crate, not once a file.
//!
//! Each module is loaded through `#[path]`, which keeps its own
//! `mod common;`, `include_str!` and `#[path]` paths relative to
//! `tests/` as they were. A test is named `<file>::<test>`:
//! `cargo test -p countback-usebio --test it bad_input::` runs one file's tests.
//! The manifest sets `autotests = false`; the last test below fails when
//! a file of `tests/` is not declared here.
// A test may run long: the bar of 150 lines a function (clippy.toml,
// issue 39) is for the code the tests check.
#![allow(clippy::too_many_lines)]
// Several files load the same helper folder (`mod common;`), each as its
// own copy, as they did when each was a binary: a pure move of the files.
#![allow(clippy::duplicate_mod)]

#[path = "bad_input.rs"]
mod bad_input;
#[path = "conformance.rs"]
mod conformance;
#[path = "conventions.rs"]
mod conventions;
#[path = "parse_real_files.rs"]
mod parse_real_files;
#[path = "properties.rs"]
mod properties;
#[path = "sections.rs"]
mod sections;
#[path = "shared_files_conventions.rs"]
mod shared_files_conventions;
#[path = "teams.rs"]
mod teams;
#[path = "uk_writers.rs"]
mod uk_writers;

countback_test_support::every_test_file_is_a_module!(include_str!("main.rs"));
