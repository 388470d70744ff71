//! `countback-series`'s integration tests as one binary (issue 39): each
//! file of `tests/` is a module here. The manifest sets
//! `autotests = false`; the last test below fails when a file of `tests/`
//! is not declared here.
// A test may run long: the bar of 150 lines a function (clippy.toml,
// issue 39) is for the code the tests check.
#![allow(clippy::too_many_lines)]

#[path = "rules.rs"]
mod rules;

countback_test_support::every_test_file_is_a_module!(include_str!("main.rs"));
