//! The `slide` command line: its arguments (`args`), one module per
//! subcommand, the choice of search (`plan`) and the output (`output`).
//!
//! Exit statuses: 0 for success, 2 for bad input or usage, 1 for a search
//! that could not finish (a state cap reached). Errors are one line on
//! standard error.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod args;
mod batch;
mod error;
mod farthest;
mod graph;
mod large;
mod lines;
mod output;
mod plan;
mod random;
mod solve;
mod table;
mod threads;
mod wide;

pub use crate::args::Cli;
use crate::args::Command;
use crate::error::write_stdout;
pub use crate::error::CliError;

/// Runs the command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let output = match cli.command {
        Command::Solve(args) => solve::solve(&args)?,
        Command::Batch(args) => return batch::batch(&args),
        Command::Table(args) => table::table(&args)?,
        Command::Random(args) => return random::boards(&args),
        Command::Farthest(args) => farthest::farthest(&args)?,
    };
    write_stdout(&output)
}
