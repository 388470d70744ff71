//! `countback-results`' integration tests as one binary (issue 39): each
//! file of `tests/` is a module here instead of a binary of its own.
//! The manifest sets `autotests = false`; the last test below fails when
//! a file of `tests/` is not declared here.
#![allow(clippy::too_many_lines)]

#[path = "builder.rs"]
mod builder;

countback_test_support::every_test_file_is_a_module!(include_str!("main.rs"));
