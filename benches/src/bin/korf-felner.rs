//! Solves instances of Korf and Felner's 50 random 24-puzzles optimally with
//! IDA* on every core and their 6-6-6-6 pattern databases with the
//! reflection, and reports per instance the length, the nodes, Korf and
//! Felner's count beside them, and the time.
//!
//! `cargo run --release -p slide-benches --bin korf-felner -- [--ids 38,40,25 | --easiest N] [--threads N]`
//!
//! The tables come from the cache folder (`slide_cache::cache_dir`), built
//! there first if they are missing (two tables of 127.5 MB, minutes).

use std::process::ExitCode;
use std::time::Instant;

use slide_solvers::{parallel_ida_star, Budget, WideBoard};
use slide_testdata::{korf_felner_24, KorfFelnerInstance};

const USAGE: &str = "usage: korf-felner [--ids 38,40,25 | --easiest N] [--threads N]\n\
    Solves Korf and Felner's 24-puzzles optimally with IDA* and 6-6-6-6 pattern databases\n\
    (from the cache folder, built there first if missing). Default: --easiest 2.";

/// The instances chosen, by id, and the threads.
fn parse(args: &[String], instances: &[KorfFelnerInstance]) -> Result<Option<(Vec<usize>, usize)>, String> {
    let mut chosen = None;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--ids" => {
                let ids: Result<Vec<usize>, _> = value()?.split(',').map(|id| id.trim().parse::<usize>()).collect();
                let ids = ids.map_err(|_| "--ids takes numbers such as 38,40")?;
                if let Some(id) = ids.iter().find(|&&id| !(1..=50).contains(&id)) {
                    return Err(format!("instance {id} is not one of the 50"));
                }
                chosen = Some(ids);
            }
            "--easiest" => {
                let count: usize = value()?.parse().map_err(|_| "--easiest takes a count")?;
                // In the order of Korf and Felner's counts.
                let mut by_count: Vec<&KorfFelnerInstance> = instances.iter().collect();
                by_count.sort_by_key(|instance| instance.korf_felner_expanded);
                chosen = Some(by_count.iter().take(count).map(|instance| instance.id).collect());
            }
            "--threads" => threads = value()?.parse().map_err(|_| "--threads takes a count")?,
            "--help" | "-h" => return Ok(None),
            other => return Err(format!("unknown argument {other:?}; {}", USAGE.lines().next().unwrap_or(""))),
        }
    }
    let chosen = chosen.unwrap_or_else(|| {
        let mut by_count: Vec<&KorfFelnerInstance> = instances.iter().collect();
        by_count.sort_by_key(|instance| instance.korf_felner_expanded);
        by_count.iter().take(2).map(|instance| instance.id).collect()
    });
    Ok(Some((chosen, threads.max(1))))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let instances = korf_felner_24();
    let (chosen, threads) = match parse(&args, &instances) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let dir = slide_cache::cache_dir();
    let started = Instant::now();
    let (pdb, reports) = match slide_cache::load_or_build_korf_felner(&dir, 0, None) {
        Ok(Some(loaded)) => loaded,
        Ok(None) => unreachable!("a build with no deadline ends"),
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(1);
        }
    };
    for report in &reports {
        println!("# {report}");
    }
    println!("# 6-6-6-6 pattern databases ready in {:.2} s", started.elapsed().as_secs_f64());
    let goal_cells: Vec<u32> = (0..25).collect();
    let goal = WideBoard::<u128>::new(5, 5, &goal_cells).expect("the goal is a board");
    println!("id\toptimal\tlength\tgenerated\texpanded\tkorf_felner_expanded\texpanded/theirs\tseconds\tM_nodes/s");
    let (mut generated, mut expanded, mut theirs, mut seconds, mut wrong) = (0u64, 0u64, 0u64, 0f64, 0);
    for id in &chosen {
        let instance = &instances[id - 1];
        let start =
            WideBoard::<u128>::new(5, 5, instance.start.cells()).expect("Korf and Felner's instances are boards");
        let started = Instant::now();
        let answer = parallel_ida_star(&start, &goal, &pdb, threads, &mut Budget::default()).expect("a 5x5 instance");
        let time = started.elapsed().as_secs_f64();
        let length = answer.length();
        if length != Some(instance.optimal) {
            wrong += 1;
        }
        println!(
            "{id}\t{}\t{}\t{}\t{}\t{}\t{:.2}\t{time:.2}\t{:.1}",
            instance.optimal,
            length.map_or("-".to_string(), |l| l.to_string()),
            answer.stats.generated,
            answer.stats.expanded,
            instance.korf_felner_expanded,
            answer.stats.expanded as f64 / instance.korf_felner_expanded as f64,
            answer.stats.generated as f64 / time.max(1e-9) / 1e6
        );
        generated += answer.stats.generated;
        expanded += answer.stats.expanded;
        theirs += instance.korf_felner_expanded;
        seconds += time;
    }
    println!(
        "# {} instances, {} optimal on {threads} threads; generated {generated}, expanded {expanded} ({:.2} times Korf and Felner's {theirs}); {seconds:.1} s, {:.1} M nodes/s",
        chosen.len(),
        chosen.len() - wrong,
        expanded as f64 / theirs.max(1) as f64,
        generated as f64 / seconds.max(1e-9) / 1e6
    );
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!("error: {wrong} instances were not solved at their optimal length");
        ExitCode::from(1)
    }
}
