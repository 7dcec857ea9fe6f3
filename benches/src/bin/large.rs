//! The reduction solver on boards beyond 16 cells: solution length and
//! time on Korf and Felner's 50 random 5x5 instances (against their optimal
//! lengths) and on seeded random n x n boards.
//!
//! ```text
//! cargo run --release -p slide-benches --bin large -- [--boards N] [--sizes 6,10,20,50,100,200]
//! ```
//!
//! The defaults (100 boards of each size) take about a quarter of an hour
//! here, most of it on 200x200. Each path is replayed as it comes and never
//! held whole, so a 1000x1000 board (`--sizes 1000 --boards 1`) runs in a
//! few tens of megabytes (`record/2026-12-07-big-boards.md`).
//!
//! Prints a markdown table: per size and reduction, the mean length, the
//! mean divided by n^3, the mean ratio to the Manhattan distance (a lower
//! bound), and the median and largest time of one board.

use std::process::ExitCode;
use std::time::Duration;

use slide_benches::large::{random_boards, run, summarize, Run, REDUCERS};
use slide_core::LargeBoard;

const USAGE: &str = "usage: large [--boards N] [--sizes 6,10,20,50,100,200]\n\
Measures the reduction solver's lengths and times on Korf and Felner's 5x5 instances and on random n x n boards.";

/// Prints one row of the table.
fn row(label: &str, solver: &str, n: usize, runs: &[Run], optimal: Option<f64>) {
    let summary = summarize(runs);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "| {label} | {solver} | {} | {:.1} | {:.3} | {:.2} | {} | {:.3} ms | {:.3} ms |",
        runs.len(),
        summary.mean,
        summary.mean / (n * n * n) as f64,
        summary.over_manhattan,
        optimal.map_or(String::new(), |o| format!("{:.3}", summary.mean / o)),
        ms(summary.median),
        ms(summary.slowest),
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut boards = 100;
    let mut sizes = vec![6, 10, 20, 50, 100, 200];
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
        let runs: Vec<Run> = instances.iter().map(|i| run(reducer, &i.start, &goal)).collect();
        row("5x5, Korf and Felner's 50", name, 5, &runs, Some(optimal));
    }
    for n in sizes {
        let goal = LargeBoard::goal(n, n);
        let starts = random_boards(n, boards);
        for (name, reducer) in REDUCERS {
            let runs: Vec<Run> = starts.iter().map(|start| run(reducer, start, &goal)).collect();
            row(&format!("{n}x{n}, random"), name, n, &runs, None);
        }
    }
    ExitCode::SUCCESS
}
