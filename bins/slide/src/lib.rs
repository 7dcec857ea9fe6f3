//! The `slide` command line: its arguments ([`args`]), one module per
//! subcommand, the choice of search ([`plan`]) and the output ([`output`]).
//!
//! Exit statuses: 0 for success, 2 for bad input or usage, 1 for a search
//! that could not finish (a state cap reached). Errors are one line on
//! standard error.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod args;
mod batch;
mod error;
mod output;
mod plan;
mod random;
mod solve;
mod table;

use std::io::Write;

pub use crate::args::Cli;
use crate::args::Command;
pub use crate::error::CliError;

/// Runs the command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let output = match cli.command {
        Command::Solve(args) => solve::solve(&args)?,
        Command::Batch(args) => return batch::batch(&args),
        Command::Table(args) => table::table(&args)?,
        Command::Random(args) => random::boards(args.shape, args.count, args.seed, args.moves),
    };
    write_stdout(&output)
}

/// Writes `text` to standard output, now.
fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| CliError {
            status: 1,
            message: format!("cannot write the output: {e}"),
        })
}
