//! `countback`: score bridge sessions and break bridge and chess ties by the
//! book, exactly, with the clause behind every decision.
//!
//! The library half of the command line: argument types ([`cli`]), running
//! a command ([`run`]), and the writers for each output format. The rules
//! live in the `countback-event` library and the rule crates; nothing here
//! decides a tie or computes a score.
//!
//! See `countback --help`; the event file format is described by
//! `countback schema` and in `docs/cli.md`.
#![forbid(unsafe_code)]

pub mod answer;
pub mod cli;
mod club;
pub mod doc;
pub mod error;
pub mod out;
pub mod progress;
pub mod render;
pub mod run;
pub mod serve;
pub mod session;
pub mod standings;
mod stream;
pub mod trf_audit;
pub mod vp;
