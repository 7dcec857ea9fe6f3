//! Solves Korf's 100 random 15-puzzle instances optimally with IDA* and
//! additive pattern databases, one instance per thread, and reports nodes
//! and time per instance and in total.
//!
//! `cargo run --release -p slide-benches --bin korf100 -- [--split 7-8|6-6-3|5-5-5|4-4-4-3] [--threads N] [--first N]`
//!
//! The databases come from the cache folder (`slide_cache::cache_dir`), and
//! are built there first if they are missing or damaged.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use slide_core::Board;
use slide_pattern_db::Split;
use slide_solvers::{ida_star, Heuristic};
use slide_testdata::{korf100, korf_goal, KorfInstance};

/// The command's usage, for `--help` and for mistakes.
const USAGE: &str = "usage: korf100 [--split 7-8|6-6-3|5-5-5|4-4-4-3] [--threads N] [--first N]\n\
    Solves Korf's 100 random 15-puzzles optimally with IDA* and pattern databases\n\
    (from the cache folder, built there first if missing), one instance per thread.";

struct Options {
    split: Split,
    /// `None`: as rayon chooses (`RAYON_NUM_THREADS`, else one per core).
    threads: Option<usize>,
    first: usize,
    help: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        split: Split::SixSixThree,
        threads: None,
        first: 100,
        help: false,
    };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--split" => {
                options.split = match value()?.as_str() {
                    "6-6-3" => Split::SixSixThree,
                    "7-8" => Split::SevenEight,
                    "5-5-5" => Split::FiveFiveFive,
                    "4-4-4-3" => Split::FourFourFourThree,
                    other => return Err(format!("unknown split {other:?}: use 7-8, 6-6-3, 5-5-5 or 4-4-4-3")),
                }
            }
            "--threads" => options.threads = Some(value()?.parse().map_err(|_| "--threads takes a count")?),
            "--first" => options.first = value()?.parse().map_err(|_| "--first takes a count")?,
            "--help" | "-h" => options.help = true,
            other => {
                return Err(format!(
                    "unknown argument {other:?}; {}",
                    USAGE.lines().next().unwrap_or("")
                ))
            }
        }
    }
    Ok(options)
}

/// The peak resident memory of this process, from `/proc/self/status`.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(options) if options.help => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let instances = korf100();
    let goal = korf_goal();
    let dir = slide_cache::cache_dir();
    let started = Instant::now();
    let (pdb, reports) = match slide_cache::load_or_build(&dir, options.split, goal.shape(), goal.blank()) {
        Ok(loaded) => loaded,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(1);
        }
    };
    let tables = started.elapsed();
    for report in &reports {
        println!("# {report}");
    }
    let entries: usize = pdb.patterns().iter().map(|p| p.len()).sum();
    println!(
        "# {} pattern databases: {entries} entries of two bits, ready in {:.2} s",
        options.split.name(),
        tables.as_secs_f64()
    );

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.unwrap_or(0))
        .build()
        .expect("a thread pool");
    let chosen = &instances[..options.first.min(instances.len())];
    let started = Instant::now();
    // The tables by cell where their copies are small enough (4-4-4-3),
    // as the judge files search them.
    let results = match pdb.into_by_cell() {
        Ok(by_cell) => pool.install(|| solve(chosen, &goal, &by_cell)),
        Err(pdb) => pool.install(|| solve(chosen, &goal, &pdb)),
    };
    let wall = started.elapsed();

    println!("id\toptimal\tlength\tnodes\tseconds");
    let mut wrong = 0;
    for (instance, (id, length, nodes, time)) in chosen.iter().zip(&results) {
        let length_text = length.map_or("-".to_string(), |l| l.to_string());
        println!(
            "{id}\t{}\t{length_text}\t{nodes}\t{:.4}",
            instance.optimal,
            time.as_secs_f64()
        );
        if *length != Some(instance.optimal) {
            wrong += 1;
        }
    }
    let nodes: u64 = results.iter().map(|r| r.2).sum();
    let search: f64 = results.iter().map(|r| r.3.as_secs_f64()).sum();
    println!(
        "# {} instances, {} optimal; nodes {nodes} (mean {}); search {search:.2} s summed over instances ({:.1} M nodes/s per thread), {:.2} s wall on {} threads; peak memory {}",
        chosen.len(),
        chosen.len() - wrong,
        nodes / chosen.len().max(1) as u64,
        nodes as f64 / search.max(1e-9) / 1e6,
        wall.as_secs_f64(),
        pool.current_num_threads(),
        peak_memory().unwrap_or_else(|| "unknown".to_string()),
    );
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!("error: {wrong} instances were not solved at their optimal length");
        ExitCode::from(1)
    }
}

/// Each instance's id, length found, nodes generated and time, by IDA*
/// with `heuristic`, one instance per thread at a time.
fn solve<H: Heuristic + Copy + Sync>(
    chosen: &[KorfInstance],
    goal: &Board,
    heuristic: H,
) -> Vec<(usize, Option<usize>, u64, Duration)> {
    chosen
        .par_iter()
        .with_max_len(1)
        .map(|instance| {
            let started = Instant::now();
            let answer = ida_star(&instance.start, goal, heuristic).expect("a 4x4 instance");
            (instance.id, answer.length(), answer.stats.generated, started.elapsed())
        })
        .collect()
}
