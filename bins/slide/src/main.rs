//! `slide`: solve, batch-solve, tabulate and generate sliding-tile puzzles.

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

fn main() -> ExitCode {
    let cli = match slide::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage(&error),
    };
    if !slide_driver::stdout_is_open() {
        return fail("standard output is closed: the answers would be lost", 1);
    }
    match slide::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.message.is_empty() => ExitCode::from(error.status),
        Err(error) => fail(&error.message, error.status),
    }
}

/// Prints help or the version as clap writes them, and bad usage as one
/// line (clap's first), with status 2.
fn usage(error: &clap::Error) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => fail(
            "a subcommand is needed: solve, batch, table or random (see slide --help)",
            2,
        ),
        _ => {
            let rendered = error.render().to_string();
            let first = rendered
                .lines()
                .find(|line| !line.trim().is_empty())
                .unwrap_or("bad usage");
            let line = first.strip_prefix("error: ").unwrap_or(first);
            fail(&format!("{line} (see slide --help)"), 2)
        }
    }
}

/// Writes `error: MESSAGE` to standard error, if it can, and returns `status`.
fn fail(message: &str, status: u8) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(status)
}
