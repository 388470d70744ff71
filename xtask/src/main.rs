//! `cargo xtask`: project automation.
//!
//! - `cargo xtask replay` replays every worked example under `docs/examples`
//!   and prints a readable report; exits 1 on any unexplained mismatch.
//! - `cargo xtask replay --json` prints one JSON object per printed figure.
//! - `cargo xtask outside` compiles and runs every README and crate-level
//!   example in a scratch crate outside the workspace ([`outside`]).
//! - `cargo xtask msrv` checks every declared `rust-version` against the
//!   locked dependencies ([`msrv`]).
//! - `cargo xtask package [--allow-dirty]` checks each publishable crate's
//!   metadata and files and packages them all ([`package`]).
//! - `cargo xtask differential …`: see [`differential`].
#![forbid(unsafe_code)]

mod differential;
mod invariants;
mod meta;
mod msrv;
mod outside;
mod package;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask replay [--json] | outside | msrv | package [--allow-dirty] | differential …";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match command.as_str() {
        "replay" => replay(rest),
        "outside" => outside::run(rest),
        "msrv" => msrv::run(rest),
        "package" => package::run(rest),
        "differential" => differential::run(rest),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn replay(args: &[String]) -> ExitCode {
    let json = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => false,
        ["--json"] => true,
        _ => {
            eprintln!("usage: cargo xtask replay [--json]");
            return ExitCode::from(2);
        }
    };
    let root = countback_replay::files::workspace_root(env!("CARGO_MANIFEST_DIR"));
    let examples = root.join("docs").join("examples");
    match countback_replay::report_folder(
        &examples,
        json,
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    ) {
        Ok(sum) if sum.wrong == 0 => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("cannot replay {}: {e}", examples.display());
            ExitCode::from(2)
        }
    }
}
