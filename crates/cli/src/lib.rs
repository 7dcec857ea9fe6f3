//! The slide command line as a library: its arguments, the route of an
//! instance to a search, the answers and how they are printed, and a
//! solver for other programs.
//!
//! The binary `slide` (`bins/slide`) parses its arguments and calls [`run`];
//! other programs (the Python package) call [`Solver`]. The command line: its arguments (`args`), one module per
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
mod estimate;
mod farthest;
mod graph;
mod instance;
mod lines;
mod near;
mod packed;
mod random;
mod reduce;
mod route;
mod small;
mod solution;
mod solve;
mod solver;
mod table;
mod threads;
mod units;
mod wide;

pub use crate::args::Cli;
use crate::args::Command;
use crate::error::write_stdout;
pub use crate::error::CliError;
pub use crate::random::random_boards;
pub use crate::solver::{solvable, Reply, Solver};

/// Runs the command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let output = match cli.command {
        Command::Solve(args) => return solve::solve(&args),
        Command::Batch(args) => return batch::batch(&args),
        Command::Table(args) => table::table(&args)?,
        Command::Random(args) => return random::boards(&args),
        Command::Farthest(args) => farthest::farthest(&args)?,
        Command::Units(command) => return units::units(&command),
        Command::Completions(args) => completions(&args),
        Command::Man(args) => return man(&args),
    };
    write_stdout(&output)
}

/// The start and the goal as `slide solve BOARD --goal GOAL` reads them
/// (any format it takes; the goal by default the tiles in order, the blank
/// last), or its one-line error.
///
/// ```
/// let (start, goal) = slide_cli::read_boards("1 2 3 / 4 5 6 / 7 _ 8", None).unwrap();
/// assert_eq!((start.rows(), goal.to_string().as_str()), (3, "1 2 3 / 4 5 6 / 7 8 _"));
/// assert!(slide_cli::read_boards("1 2 3", None).is_err());
/// ```
pub fn read_boards(
    start: &str,
    goal: Option<&str>,
) -> Result<(slide_core::LargeBoard, slide_core::LargeBoard), CliError> {
    let instance = instance::Instance::read(start, goal, None)?;
    Ok((instance.start, instance.goal))
}

/// `slide completions SHELL`: the shell's completion script.
fn completions(args: &args::CompletionsArgs) -> String {
    use clap::CommandFactory;
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "slide", &mut script);
    String::from_utf8_lossy(&script).into_owned()
}

/// `slide man DIR`: the manual pages, `slide.1` and `slide-NAME.1` for each
/// subcommand (and `slide-units-NAME.1` below `units`).
fn man(args: &args::ManArgs) -> Result<(), CliError> {
    use clap::CommandFactory;
    let failed = |error: std::io::Error| error::bad_input(format!("{}: {error}", args.dir.display()));
    std::fs::create_dir_all(&args.dir).map_err(failed)?;
    let mut pages = Vec::new();
    let mut pending = vec![("slide".to_string(), Cli::command())];
    while let Some((name, command)) = pending.pop() {
        for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
            pending.push((
                format!("{name}-{}", sub.get_name()),
                sub.clone().name(format!("{name}-{}", sub.get_name())),
            ));
        }
        let mut page = Vec::new();
        clap_mangen::Man::new(command).render(&mut page).map_err(failed)?;
        std::fs::write(args.dir.join(format!("{name}.1")), page).map_err(failed)?;
        pages.push(format!("{name}.1"));
    }
    pages.sort();
    write_stdout(&format!("{}\n", pages.join("\n")))
}
