//! The `slide` command line: solve, batch-solve, tabulate and generate
//! sliding-tile puzzles.
//!
//! The `slide` command line: its arguments (`args`), one module per
//! subcommand; an instance (`instance`) goes by one route (`route`) to the
//! small boards' searches (`small`), the wide boards' (`wide`) or the
//! reduction (`reduce`), and comes back as one answer type printed one way
//! (`solution`); puzzles on graphs go apart (`graph`).
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
mod instance;
mod lines;
mod random;
mod reduce;
mod route;
mod small;
mod solution;
mod solve;
mod table;
mod threads;
mod units;
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
        Command::Units(command) => return units::units(&command),
    };
    write_stdout(&output)
}
