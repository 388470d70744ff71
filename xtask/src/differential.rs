//! `cargo xtask differential [--teams] [--events N] [--seed S] [--python PATH] [--out DIR]`:
//! the differential check of the FIDE tie-breaks against FIDE's reference
//! engine (PyPI `gacrux`). It builds and runs the `differential` example of
//! `countback-tiebreak-fide`, which generates the events (team Swisses with
//! `--teams`), runs the reference on each and prints every difference by
//! tie-break. Not part of CI.

use std::process::{Command, ExitCode};

/// Run the check with `args` (everything after `differential`).
pub fn run(args: &[String]) -> ExitCode {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let status = Command::new(cargo)
        .args([
            "run",
            "--quiet",
            "--release",
            "--package",
            "countback-tiebreak-fide",
            "--example",
            "differential",
            "--",
        ])
        .args(args)
        .status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(s) => ExitCode::from(u8::try_from(s.code().unwrap_or(2)).unwrap_or(2)),
        Err(e) => {
            eprintln!("cannot run cargo: {e}");
            ExitCode::from(2)
        }
    }
}
