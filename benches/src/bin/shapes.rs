//! Which search solves random positions of each board shape fastest: the
//! measurement behind `slide solve --algo auto`.
//!
//! `cargo run --release -p slide-benches --bin shapes -- [--positions N] [--seconds S]`
//!
//! For every shape of at most 16 cells with at least two rows and no more
//! rows than columns (a transposed board searches alike), it draws
//! `--positions` random solvable positions (10 by default, the same ones on
//! every run) and solves each with bidirectional BFS, A* and IDA*, the last two
//! with the strongest estimate the shape offers (the command line's
//! default: pattern databases 6-6-3 on 4x4, from the cache folder, built
//! first if missing; walking distance with linear conflict where walking
//! distance is defined; linear conflict elsewhere). A search that stores
//! more than the default cap of states or runs longer than `--seconds`
//! (5 by default) on one position fails there. Each cell of the table is
//! the median time per position, or how many positions failed.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use itertools::Itertools;
use slide_core::{Board, Shape, SplitMix64};
use slide_pattern_db::{strongest_estimate, Strongest};
use slide_solvers::{
    astar_with, bidirectional_bfs_with, ida_star_with, Answer, Budget, Heuristic, LinearConflict, MaxOf, SearchError,
    WalkingDistance,
};

/// The command's usage, for `--help` and for mistakes.
const USAGE: &str = "usage: shapes [--positions N] [--seconds S]\n\
    Times bidirectional BFS, A* and IDA* on random positions of every board shape of at most 16 cells.";

/// The searches compared, in the table's order.
const SEARCHES: [&str; 3] = ["bidirectional_bfs", "astar", "ida_star"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (positions, seconds) = match parse(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("shapes: {message}");
            return ExitCode::from(2);
        }
    };
    println!("| shape | estimate | {} | fastest |", SEARCHES.join(" | "));
    println!("|---|---|{}---|", "---|".repeat(SEARCHES.len()));
    let shapes = (2..=4usize)
        .cartesian_product(2..=8usize)
        .filter(|&(rows, cols)| rows <= cols && rows * cols <= 16);
    for (rows, cols) in shapes {
        let shape = Shape::new(rows, cols).expect("a shape of at most 16 cells");
        let goal = Board::goal(shape);
        let mut random = SplitMix64::new((rows * 16 + cols) as u64);
        let starts: Vec<Board> = (0..positions).map(|_| random.solvable_board(&goal)).collect();
        let limit = Duration::from_secs_f64(seconds);
        let (estimate, cells) = match strongest_estimate(&goal) {
            Strongest::PatternDb(split) => {
                let pdb = match slide_cache::load_or_build(&slide_cache::cache_dir(), split, shape, goal.blank()) {
                    Ok((pdb, _)) => pdb,
                    Err(e) => {
                        eprintln!("shapes: {e}");
                        return ExitCode::FAILURE;
                    }
                };
                let name = (&pdb).name();
                (name, measure_all(&starts, &goal, &pdb, limit))
            }
            Strongest::WalkingDistance => {
                let wd = MaxOf(WalkingDistance, LinearConflict);
                ("walking-distance".to_string(), measure_all(&starts, &goal, wd, limit))
            }
            Strongest::LinearConflict => (
                "linear-conflict".to_string(),
                measure_all(&starts, &goal, LinearConflict, limit),
            ),
        };
        let fastest = cells
            .iter()
            .zip(SEARCHES)
            .filter_map(|(cell, name)| cell.median().map(|median| (median, name)))
            .min_by_key(|&(median, _)| median)
            .map_or("none", |(_, name)| name);
        let cells = cells.iter().map(Cell::to_string).join(" | ");
        println!("| {shape} | {estimate} | {cells} | {fastest} |");
    }
    ExitCode::SUCCESS
}

/// `--positions` and `--seconds`, or `None` for `--help`.
fn parse(args: &[String]) -> Result<Option<(usize, f64)>, String> {
    let (mut positions, mut seconds) = (10, 5.0_f64);
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--positions" => positions = value()?.parse().map_err(|_| "--positions takes a count")?,
            "--seconds" => seconds = value()?.parse().map_err(|_| "--seconds takes a number")?,
            "--help" | "-h" => return Ok(None),
            other => {
                return Err(format!(
                    "unknown argument {other:?}; {}",
                    USAGE.lines().next().unwrap_or("")
                ))
            }
        }
    }
    if positions == 0 || seconds.is_nan() || seconds <= 0.0 {
        return Err("--positions and --seconds must be positive".to_string());
    }
    Ok(Some((positions, seconds)))
}

/// The times of one search on a shape's positions, and how many failed.
struct Cell {
    times: Vec<Duration>,
    failed: usize,
}

impl Cell {
    /// The median time per position, if every position was solved.
    fn median(&self) -> Option<Duration> {
        (self.failed == 0).then(|| {
            let sorted: Vec<Duration> = self.times.iter().copied().sorted().collect();
            sorted[sorted.len() / 2]
        })
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.median() {
            Some(median) => write!(f, "{:.3} ms", median.as_secs_f64() * 1e3),
            None => write!(f, "{} of {} failed", self.failed, self.failed + self.times.len()),
        }
    }
}

/// A search from a start within a budget.
type Search<'a> = &'a dyn Fn(&Board, &mut Budget) -> Result<Answer, SearchError>;

/// Every search of [`SEARCHES`] on `starts`, each position within `limit`.
fn measure_all<H: Heuristic + Copy>(starts: &[Board], goal: &Board, heuristic: H, limit: Duration) -> Vec<Cell> {
    let searches: [Search<'_>; 3] = [
        &|start, budget| bidirectional_bfs_with(start, goal, budget),
        &|start, budget| astar_with(start, goal, heuristic, budget),
        &|start, budget| ida_star_with(start, goal, heuristic, budget),
    ];
    let mut lengths: Vec<Option<Option<usize>>> = vec![None; starts.len()];
    searches
        .iter()
        .map(|search| {
            let mut cell = Cell {
                times: Vec::new(),
                failed: 0,
            };
            for (start, known) in starts.iter().zip(&mut lengths) {
                let mut budget = Budget {
                    time_limit: Some(limit),
                    ..Budget::default()
                };
                let clock = Instant::now();
                match search(start, &mut budget) {
                    Ok(answer) => {
                        cell.times.push(clock.elapsed());
                        // Every search is optimal: they agree on each length.
                        let length = answer.length();
                        assert_eq!(*known.get_or_insert(length), length, "lengths disagree on {start}");
                    }
                    Err(_) => cell.failed += 1,
                }
            }
            cell
        })
        .collect()
}
