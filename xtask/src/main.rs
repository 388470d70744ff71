//! `cargo xtask`: project automation.
//!
//! - `cargo xtask replay` replays every worked example under `docs/examples`
//!   and prints a readable report; exits 1 on any unexplained mismatch.
//! - `cargo xtask replay --json` prints one JSON object per printed figure.

use std::process::ExitCode;

use replay::{files, Status};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["replay"] => run_replay(false),
        ["replay", "--json"] => run_replay(true),
        _ => {
            eprintln!("usage: cargo xtask replay [--json]");
            ExitCode::from(2)
        }
    }
}

fn run_replay(json: bool) -> ExitCode {
    let root = files::workspace_root(env!("CARGO_MANIFEST_DIR"));
    let fixtures = match files::all(&root) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("cannot list docs/examples under {}: {e}", root.display());
            return ExitCode::from(2);
        }
    };
    let (mut matched, mut errata, mut bad) = (0usize, 0usize, 0usize);
    for f in &fixtures {
        let report = match files::replay(f) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                bad += 1;
                continue;
            }
        };
        if !json {
            println!(
                "\n== {}/{}: {} ({}, {})",
                f.ruleset,
                f.file,
                report.fixture.example,
                report.fixture.document,
                report.fixture.section
            );
        }
        for fig in &report.figures {
            match fig.status {
                Status::Match => matched += 1,
                Status::Erratum => errata += 1,
                Status::Mismatch => bad += 1,
            }
            if json {
                match serde_json::to_string(fig) {
                    Ok(line) => println!("{line}"),
                    Err(e) => eprintln!("error: {e}"),
                }
            } else {
                let mark = match fig.status {
                    Status::Match => "ok     ",
                    Status::Erratum => "erratum",
                    Status::Mismatch => "WRONG  ",
                };
                print!(
                    "  {mark} {:<44} printed {:>10}  computed {:>10}  exact {}",
                    fig.quantity, fig.printed, fig.display, fig.computed
                );
                match &fig.reason {
                    Some(r) => println!("\n          {r}"),
                    None => println!(),
                }
            }
        }
    }
    let summary = format!(
        "{} examples, {} figures: {matched} match, {errata} errata recorded, {bad} wrong",
        fixtures.len(),
        matched + errata + bad
    );
    if json {
        eprintln!("{summary}");
    } else {
        println!("\n{summary}");
    }
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
