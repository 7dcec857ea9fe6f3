//! The reduction solver on boards beyond 16 cells: solution length and
//! time on Korf and Felner's 50 random 5x5 instances (against their optimal
//! lengths) and on seeded random n x n boards.
//!
//! ```text
//! cargo run --release -p slide-benches --bin large -- [--boards N] [--sizes 6,10,20,50,100]
//! ```
//!
//! Prints a markdown table: per size, the mean length, the mean divided by
//! n^3, the mean ratio to the Manhattan distance (a lower bound), and the
//! median and largest time of one board.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use itertools::Itertools;
use slide_core::Move;
use slide_core::{LargeBoard, SplitMix64};
use slide_solvers::{reduce, reduce_twelve, ReduceError};

/// A reduction: [`reduce`] or [`reduce_twelve`].
type Reducer = fn(&LargeBoard, &LargeBoard, u64) -> Result<Option<Vec<Move>>, ReduceError>;

/// The reductions compared, with their names.
const REDUCERS: [(&str, Reducer); 2] = [("reduce", reduce), ("reduce_twelve", reduce_twelve)];

const USAGE: &str = "usage: large [--boards N] [--sizes 6,10,20,50,100]\n\
Measures the reduction solver's lengths and times on Korf and Felner's 5x5 instances and on random n x n boards.";

/// One board's result.
struct Run {
    length: usize,
    manhattan: u64,
    time: Duration,
}

fn solve(reducer: Reducer, start: &LargeBoard, goal: &LargeBoard) -> Run {
    let began = Instant::now();
    let path = reducer(start, goal, u64::MAX)
        .expect("no limit on the length")
        .expect("solvable boards");
    let time = began.elapsed();
    let mut end = start.clone();
    assert_eq!(end.apply_path(&path), None, "{start}: the path leaves the board");
    assert_eq!(&end, goal, "{start}: the path ends elsewhere");
    Run {
        length: path.len(),
        manhattan: start.manhattan(goal),
        time,
    }
}

fn row(label: &str, solver: &str, n: usize, runs: &[Run], optimal: Option<f64>) {
    let count = runs.len() as f64;
    let mean = runs.iter().map(|r| r.length as f64).sum::<f64>() / count;
    let ratio = runs
        .iter()
        .map(|r| r.length as f64 / r.manhattan.max(1) as f64)
        .sum::<f64>()
        / count;
    let times: Vec<Duration> = runs.iter().map(|r| r.time).sorted().collect();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "| {label} | {solver} | {} | {mean:.1} | {:.3} | {ratio:.2} | {} | {:.3} ms | {:.3} ms |",
        runs.len(),
        mean / (n * n * n) as f64,
        optimal.map_or("".to_string(), |o| format!("{:.3}", mean / o)),
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1]),
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut boards = 100;
    let mut sizes = vec![6, 10, 20, 50, 100];
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let value = rest.next();
        let parsed = match (arg.as_str(), value) {
            ("--boards", Some(v)) => v.parse().map(|n| boards = n).is_ok(),
            ("--sizes", Some(v)) => v
                .split(',')
                .map(str::parse)
                .collect::<Result<Vec<usize>, _>>()
                .map(|s| sizes = s)
                .is_ok(),
            _ => false,
        };
        if !parsed || boards == 0 || sizes.iter().any(|&n| !(2..=1000).contains(&n)) {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    println!("| boards | solver | count | mean length | mean / n^3 | mean / Manhattan | mean / optimal | median time | largest time |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let goal = slide_testdata::korf_felner_goal();
    let instances = slide_testdata::korf_felner_24();
    let optimal = instances.iter().map(|i| i.optimal as f64).sum::<f64>() / instances.len() as f64;
    for (name, reducer) in REDUCERS {
        let runs: Vec<Run> = instances.iter().map(|i| solve(reducer, &i.start, &goal)).collect();
        row("5x5, Korf and Felner's 50", name, 5, &runs, Some(optimal));
    }
    for n in sizes {
        let goal = LargeBoard::goal(n, n);
        let starts: Vec<LargeBoard> = {
            let mut random = SplitMix64::new(n as u64);
            (0..boards).map(|_| LargeBoard::random(&goal, &mut random)).collect()
        };
        for (name, reducer) in REDUCERS {
            let runs: Vec<Run> = starts.iter().map(|start| solve(reducer, start, &goal)).collect();
            row(&format!("{n}x{n}, random"), name, n, &runs, None);
        }
    }
    ExitCode::SUCCESS
}
