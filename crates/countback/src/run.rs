//! Carrying out a parsed command line.

use crate::cli::{Cli, Command};
use crate::error::{CliError, Exit};

/// Run the command; `Ok` carries the exit status for decided or
/// play-off-bound outcomes.
pub fn run(cli: &Cli) -> Result<Exit, CliError> {
    match &cli.command {
        Command::Replay(args) => {
            let sum = replay::report_folder(
                &args.examples,
                args.json,
                &mut std::io::stdout(),
                &mut std::io::stderr(),
            )
            .map_err(|source| CliError::Io {
                path: args.examples.clone(),
                source,
            })?;
            if sum.wrong > 0 {
                return Err(CliError::Replay(format!("replay: {sum}")));
            }
            Ok(Exit::Success)
        }
        Command::Schema => {
            let schema = schemars::schema_for!(crate::format::EventFile);
            let text = serde_json::to_string_pretty(&schema).unwrap_or_default();
            println!("{text}");
            Ok(Exit::Success)
        }
        Command::Score(_) | Command::Rank(_) | Command::Explain(_) | Command::Audit(_) => {
            Err(CliError::Replay("not wired yet".to_owned()))
        }
    }
}
