//! `slide`: solve, batch-solve, tabulate and generate sliding-tile puzzles.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = slide::Cli::parse();
    match slide::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", error.message);
            ExitCode::from(error.status)
        }
    }
}
