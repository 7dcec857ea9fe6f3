//! The `slide` command line: its arguments, and one function per subcommand.
//!
//! Exit statuses: 0 for success, 2 for bad input or usage, 1 for a search
//! that could not finish (a state cap reached). Errors are one line on
//! standard error.

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;
use slide_core::{is_solvable, path_string, Board, Move, Shape};
use slide_solvers::{
    bfs_with_limit, bidirectional_bfs_with_limit, ida_star, AdditivePdb, Answer, DistanceTable, Heuristic, SearchError,
    Split, DEFAULT_STATE_LIMIT, DENSE_MAX_CELLS,
};

mod random;

/// Solve, batch-solve, tabulate and generate sliding-tile puzzles of up to 16 cells.
#[derive(Parser, Debug)]
#[command(name = "slide", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one board optimally: print its length and moves (u d l r, the blank's direction).
    Solve(SolveArgs),
    /// Solve one instance per line (`START` or `START ; GOAL`) on every core.
    Batch(BatchArgs),
    /// Print how many positions lie at each distance from a goal (boards of up to 10 cells).
    Table(TableArgs),
    /// Print random solvable boards.
    Random(RandomArgs),
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    /// The start: cells separated by spaces or contiguous, rows by `/` or line
    /// breaks; the blank is 0, x, . or _. Quote it.
    board: String,
    /// The goal (default: the tiles in order, the blank last).
    #[arg(long)]
    goal: Option<String>,
    /// The shape, such as 3x4, when the board does not show it.
    #[arg(long, value_parser = parse_shape)]
    shape: Option<Shape>,
    /// The search to use.
    #[arg(long, value_enum, default_value_t = Algo::Auto)]
    algo: Algo,
    /// The estimate IDA* uses (default: the strongest available).
    #[arg(long, value_enum)]
    heuristic: Option<HeuristicArg>,
    /// Print every board along the way.
    #[arg(long)]
    show: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// How many states BFS and two-ended BFS may store on boards of more than 10 cells.
    #[arg(long, default_value_t = DEFAULT_STATE_LIMIT)]
    max_states: usize,
}

#[derive(clap::Args, Debug)]
struct BatchArgs {
    /// The file of instances, or - for standard input.
    #[arg(default_value = "-")]
    file: String,
    /// Print JSON lines instead of tab-separated values.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct TableArgs {
    /// The shape, such as 3x3.
    #[arg(value_parser = parse_shape)]
    shape: Shape,
    /// The goal (default: the tiles in order, the blank last).
    #[arg(long)]
    goal: Option<String>,
}

#[derive(clap::Args, Debug)]
struct RandomArgs {
    /// The shape, such as 4x4.
    #[arg(value_parser = parse_shape)]
    shape: Shape,
    /// How many boards.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// The seed (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Make each board by this many random moves from the goal, never undoing
    /// the last one, instead of uniformly among the solvable boards.
    #[arg(long)]
    moves: Option<usize>,
}

/// The searches `--algo` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Algo {
    /// The fastest for the board.
    Auto,
    /// Breadth-first search.
    Bfs,
    /// Two-ended breadth-first search.
    Bidi,
    /// Iterative-deepening A*.
    Idastar,
}

/// The estimates `--heuristic` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum HeuristicArg {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases (4x4 with the goal's blank in a corner).
    Pdb,
}

/// A failure: its message and exit status.
#[derive(Debug)]
pub struct CliError {
    /// 2 for bad input or usage, 1 for a search that could not finish.
    pub status: u8,
    /// One line.
    pub message: String,
}

fn bad_input(message: impl Into<String>) -> CliError {
    CliError {
        status: 2,
        message: message.into(),
    }
}

impl From<SearchError> for CliError {
    fn from(error: SearchError) -> CliError {
        let status = match error {
            SearchError::StateLimit { .. } | SearchError::TooLong { .. } => 1,
            SearchError::Pair(_) | SearchError::Heuristic(_) => 2,
        };
        let hint = match error {
            SearchError::StateLimit { .. } => " (try --algo idastar, or raise --max-states)",
            _ => "",
        };
        CliError {
            status,
            message: format!("{error}{hint}"),
        }
    }
}

/// Reads `RxC`, such as `3x4`.
fn parse_shape(text: &str) -> Result<Shape, String> {
    let (rows, cols) = text
        .split_once(['x', 'X'])
        .ok_or(format!("expected a shape such as 3x3, not {text:?}"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<usize>()
            .map_err(|_| format!("expected a shape such as 3x3, not {text:?}"))
    };
    Shape::new(number(rows)?, number(cols)?).map_err(|e| e.to_string())
}

/// Runs the command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let output = match cli.command {
        Command::Solve(args) => solve(&args)?,
        Command::Batch(args) => return batch(&args),
        Command::Table(args) => table(&args)?,
        Command::Random(args) => random::boards(args.shape, args.count, args.seed, args.moves),
    };
    write_stdout(&output)
}

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

/// A start and its goal, read and checked.
struct Instance {
    start: Board,
    goal: Board,
}

/// Reads a start, and a goal of its shape (default: the tiles in order, the blank last).
fn instance(start: &str, goal: Option<&str>, shape: Option<Shape>) -> Result<Instance, CliError> {
    let start = Board::parse_rows(start, shape).map_err(|e| bad_input(format!("the board: {e}")))?;
    let goal = match goal {
        Some(text) => Board::parse_rows(text, Some(start.shape())).map_err(|e| bad_input(format!("the goal: {e}")))?,
        None => Board::goal(start.shape()),
    };
    Ok(Instance { start, goal })
}

/// Pattern databases for `goal`, when they exist for its board: 6-6-3 for
/// 4x4 goals with the blank in a corner, from the cache (built there the
/// first time, with a progress bar).
fn pattern_databases(goal: &Board) -> Result<Option<AdditivePdb>, CliError> {
    if goal.shape() != Shape::new(4, 4).expect("4x4") || ![0, 3, 12, 15].contains(&goal.blank()) {
        return Ok(None);
    }
    let (pdb, _) =
        slide_pdb::load_or_build(&slide_pdb::cache_dir(), Split::SixSixThree, goal.blank()).map_err(|e| CliError {
            status: 1,
            message: e.to_string(),
        })?;
    Ok(Some(pdb))
}

/// What `auto` picks, and the estimate for IDA*.
fn choose(board: &Board, algo: Algo, heuristic: Option<HeuristicArg>, has_pdb: bool) -> (Algo, HeuristicArg) {
    let strongest = if has_pdb {
        HeuristicArg::Pdb
    } else {
        HeuristicArg::LinearConflict
    };
    let heuristic = heuristic.unwrap_or(strongest);
    let algo = match algo {
        // Two-ended BFS stores a few thousand states on boards of up to 10
        // cells; beyond, IDA* needs no memory.
        Algo::Auto if board.shape().cells() <= DENSE_MAX_CELLS => Algo::Bidi,
        Algo::Auto => Algo::Idastar,
        other => other,
    };
    (algo, heuristic)
}

/// Solves one instance the chosen way; returns the answer and the algorithm's name.
fn search(
    instance: &Instance,
    algo: Algo,
    heuristic: HeuristicArg,
    pdb: Option<&AdditivePdb>,
    max_states: usize,
) -> Result<(Answer, String), CliError> {
    let (start, goal) = (&instance.start, &instance.goal);
    Ok(match algo {
        Algo::Bfs => (bfs_with_limit(start, goal, max_states)?, "bfs".to_string()),
        Algo::Bidi | Algo::Auto => (
            bidirectional_bfs_with_limit(start, goal, max_states)?,
            "bidirectional_bfs".to_string(),
        ),
        Algo::Idastar => {
            let (estimate, name) = match heuristic {
                HeuristicArg::Manhattan => (Heuristic::Manhattan, "manhattan"),
                HeuristicArg::LinearConflict => (Heuristic::LinearConflict, "linear-conflict"),
                HeuristicArg::Pdb => match pdb {
                    Some(pdb) => (Heuristic::PatternDb(pdb), "pdb-6-6-3"),
                    None => {
                        return Err(bad_input(
                            "pattern databases exist for 4x4 goals with the blank in a corner; use --heuristic linear-conflict",
                        ))
                    }
                },
            };
            (ida_star(start, goal, estimate)?, format!("ida_star/{name}"))
        }
    })
}

fn solve(args: &SolveArgs) -> Result<String, CliError> {
    let instance = instance(&args.board, args.goal.as_deref(), args.shape)?;
    let wants_pdb = args
        .heuristic
        .map_or(args.algo == Algo::Auto || args.algo == Algo::Idastar, |h| {
            h == HeuristicArg::Pdb
        });
    let pdb = if wants_pdb && is_solvable(&instance.start, &instance.goal) {
        pattern_databases(&instance.goal)?
    } else {
        None
    };
    let (algo, heuristic) = choose(&instance.start, args.algo, args.heuristic, pdb.is_some());
    let started = Instant::now();
    let (answer, algorithm) = search(&instance, algo, heuristic, pdb.as_ref(), args.max_states)?;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return Ok(format!(
            "{}\n",
            answer_json(&instance, &answer, &algorithm, seconds, None)
        ));
    }
    let mut output = String::new();
    match &answer.path {
        None => output.push_str("unsolvable\n"),
        Some(path) => {
            output.push_str(&format!("length {}\nmoves {}\n", path.len(), path_string(path)).replace(" \n", "\n"));
            if args.show {
                output.push_str(&show(&instance.start, path));
            }
        }
    }
    Ok(output)
}

/// Every board from `start` along `path`, as grids, each under its move.
fn show(start: &Board, path: &[Move]) -> String {
    let mut output = format!("\nstart\n{}", start.grid());
    let mut board = *start;
    for (step, &mv) in path.iter().enumerate() {
        board = board.apply(mv).expect("a solver's path stays on the board");
        output.push_str(&format!("\n{} {}\n{}", step + 1, mv.letter(), board.grid()));
    }
    output
}

/// The JSON object of one answer.
fn answer_json(
    instance: &Instance,
    answer: &Answer,
    algorithm: &str,
    seconds: f64,
    line: Option<usize>,
) -> serde_json::Value {
    let mut object = json!({
        "start": instance.start.to_string(),
        "goal": instance.goal.to_string(),
        "shape": instance.start.shape().to_string(),
        "solvable": answer.path.is_some(),
        "length": answer.length(),
        "path": answer.path.as_ref().map(|p| path_string(p)),
        "algorithm": algorithm,
        "nodes_expanded": answer.stats.expanded,
        "nodes_generated": answer.stats.generated,
        "seconds": seconds,
    });
    if let Some(line) = line {
        object["line"] = json!(line);
    }
    object
}

fn batch(args: &BatchArgs) -> Result<(), CliError> {
    let mut text = String::new();
    let read = if args.file == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(PathBuf::from(&args.file)).map(|t| text = t)
    };
    read.map_err(|e| bad_input(format!("{}: {e}", args.file)))?;

    // Read every line first; a bad one is reported and skipped.
    let mut status = 0u8;
    let mut jobs = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_text = line.trim();
        if line_text.is_empty() || line_text.starts_with('#') {
            continue;
        }
        let (start, goal) = match line_text.split_once(';') {
            Some((start, goal)) => (start, Some(goal)),
            None => (line_text, None),
        };
        match instance(start, goal, None) {
            Ok(instance) => jobs.push((index + 1, instance)),
            Err(error) => {
                eprintln!("line {}: {}", index + 1, error.message);
                status = status.max(2);
            }
        }
    }
    // One set of pattern databases per corner the goals use.
    let mut pdbs: Vec<(usize, AdditivePdb)> = Vec::new();
    for (_, job) in &jobs {
        let corner = job.goal.blank();
        if !pdbs.iter().any(|(c, _)| *c == corner) && job.start.shape().cells() == 16 {
            if let Some(pdb) = pattern_databases(&job.goal)? {
                pdbs.push((corner, pdb));
            }
        }
    }
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(jobs.len() as u64);
        bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed}").expect("a valid template"));
        bar
    } else {
        ProgressBar::hidden()
    };
    let started = Instant::now();
    let results: Vec<Result<(Answer, String, f64), CliError>> = jobs
        .par_iter()
        .with_max_len(1)
        .map(|(_, job)| {
            let pdb = pdbs.iter().find(|(c, _)| *c == job.goal.blank()).map(|(_, pdb)| pdb);
            let (algo, heuristic) = choose(&job.start, Algo::Auto, None, pdb.is_some());
            let started = Instant::now();
            let result = search(job, algo, heuristic, pdb, DEFAULT_STATE_LIMIT)
                .map(|(answer, name)| (answer, name, started.elapsed().as_secs_f64()));
            bar.inc(1);
            result
        })
        .collect();
    bar.finish_and_clear();

    let mut output = String::new();
    let (mut solved, mut unsolvable, mut total_length) = (0usize, 0usize, 0usize);
    for ((line, job), result) in jobs.iter().zip(results) {
        match result {
            Ok((answer, algorithm, seconds)) => {
                match answer.length() {
                    Some(length) => {
                        solved += 1;
                        total_length += length;
                    }
                    None => unsolvable += 1,
                }
                if args.json {
                    output.push_str(&format!(
                        "{}\n",
                        answer_json(job, &answer, &algorithm, seconds, Some(*line))
                    ));
                } else {
                    let (length, path) = match &answer.path {
                        Some(path) => (path.len().to_string(), path_string(path)),
                        None => ("unsolvable".to_string(), String::new()),
                    };
                    output.push_str(&format!("{line}\t{length}\t{path}\n"));
                }
            }
            Err(error) => {
                eprintln!("line {line}: {}", error.message);
                status = status.max(error.status);
            }
        }
    }
    write_stdout(&output)?;
    let mean = if solved > 0 {
        total_length as f64 / solved as f64
    } else {
        0.0
    };
    eprintln!(
        "{} instances: {solved} solved, {unsolvable} unsolvable; total length {total_length}, mean {mean:.2}; {:.3} s",
        jobs.len(),
        started.elapsed().as_secs_f64()
    );
    match status {
        0 => Ok(()),
        status => Err(CliError {
            status,
            message: "some lines could not be answered (see above)".to_string(),
        }),
    }
}

fn table(args: &TableArgs) -> Result<String, CliError> {
    let goal = match &args.goal {
        Some(text) => Board::parse_rows(text, Some(args.shape)).map_err(|e| bad_input(format!("the goal: {e}")))?,
        None => Board::goal(args.shape),
    };
    if args.shape.cells() > DENSE_MAX_CELLS {
        let fits: Vec<String> = Shape::all()
            .filter(|s| s.cells() <= DENSE_MAX_CELLS)
            .map(|s| s.to_string())
            .collect();
        return Err(bad_input(format!(
            "a {} board has {} positions, too many to tabulate here; boards that fit: {}",
            args.shape,
            slide_core::factorial(args.shape.cells()) / 2,
            fits.join(", ")
        )));
    }
    let table = DistanceTable::for_target(&goal).map_err(|e| bad_input(e.to_string()))?;
    // The table's goal has the tiles in reading order; any goal with the
    // blank in the same cell has the same distances.
    let mut output = String::from("distance\tpositions\n");
    for (distance, count) in table.histogram().iter().enumerate() {
        output.push_str(&format!("{distance}\t{count}\n"));
    }
    Ok(output)
}
