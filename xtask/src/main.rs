//! `cargo xtask`: project automation.
//!
//! - `cargo xtask replay` replays every worked example under `docs/examples`
//!   and prints a readable report; exits 1 on any unexplained mismatch.
//! - `cargo xtask replay --json` prints one JSON object per printed figure.
#![forbid(unsafe_code)]

mod differential;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(("differential", rest)) = args.split_first().map(|(a, r)| (a.as_str(), r)) {
        return differential::run(rest);
    }
    let json = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["replay"] => false,
        ["replay", "--json"] => true,
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
