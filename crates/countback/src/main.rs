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
    quiet_guarded_upstream_panics();
    let args = cli::Cli::parse();
    match run::run(&args) {
        Ok(code) => code.into(),
        Err(e) => {
            eprintln!("countback: {e}");
            error::Exit::from(&e).into()
        }
    }
}

/// A panic inside `jetdb` (the Access reader under the `.bws` reader: it
/// overflows on a damaged page map, issue 44) is caught by
/// `countback_bws::read_bws` and refused as a damaged file, with its own
/// message: the default hook's "panicked at …" line would only confuse.
/// Every other panic is reported as before.
fn quiet_guarded_upstream_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let upstream = info.location().is_some_and(|l| l.file().contains("jetdb-"));
        if !upstream {
            default(info);
        }
    }));
}
