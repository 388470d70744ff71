//! `countback`: score bridge sessions and break bridge and chess ties by the
//! book, exactly, with the clause behind every decision.
//!
//! See `countback --help`; the event file format is described by
//! `countback schema` and in `docs/cli.md`.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;
use countback::{cli, error, run};

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match run::run(&args) {
        Ok(code) => code.into(),
        Err(e) => {
            eprintln!("countback: {e}");
            error::Exit::from(&e).into()
        }
    }
}
