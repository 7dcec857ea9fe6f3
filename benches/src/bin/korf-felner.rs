//! Solves instances of Korf and Felner's 50 random 24-puzzles optimally with
//! their 6-6-6-6 pattern databases with the reflection, by default with
//! zero-aware values and parallel IDA* on every core skipping the moves
//! `MoveFsm::shared` skips, and reports per instance the length, the nodes,
//! Korf and Felner's count beside them, and the time.
//!
//! `cargo run --release -p slide-benches --bin korf-felner -- [--ids 38,40,25 | --easiest N] [--threads N | --serial] [--fsm L] [--least] [--frontier N] [--near | --weight W | --weight-ida W]`
//!
//! With `--serial`, plain IDA* on one thread with the tables' least values,
//! the search and heuristic Korf and Felner ran (`--least` alone: their
//! heuristic in the default search): its generated nodes are theirs plus one on every instance checked
//! (our count takes in the root, theirs does not; the opt-in test
//! `korf_and_felners_counts_node_for_node` holds twelve of them). `--fsm L`
//! chooses the move machine (0: the plain rule), `--frontier N` A*+IDA*.
//!
//! With `--near` it runs the near-optimal search of `slide solve` on 5x5
//! instead (`wide_near_optimal`: weighted A* at a ladder of weights on
//! `--threads`), with `--weight W` (such as 1.5) weighted A* at one weight
//! on one thread, with `--weight-ida W` weighted IDA*; each reports each
//! path's length against the optimum, on all 50 unless `--ids` or
//! `--easiest` chooses.
//!
//! The tables come from the cache folder (`slide_cache::cache_dir`), built
//! there first if they are missing (two tables of 488 MB, minutes).
//! Their zero-aware values are read but with `--least` and `--serial`.

use std::process::ExitCode;
use std::time::Instant;

use slide_solvers::{
    astar_ida_star, ida_star_pruned, ida_star_with, parallel_ida_star_pruned, wide_near_optimal, wide_weighted_astar,
    Budget, MoveFsm, SearchError, UndoLast, Weighted, WideBoard,
};
use slide_testdata::{korf_felner_24, KorfFelnerInstance};

const USAGE: &str =
    "usage: korf-felner [--ids 38,40,25 | --easiest N] [--threads N | --serial] [--fsm L] [--least] [--frontier N] [--near | --weight W | --weight-ida W]\n\
    Solves Korf and Felner's 24-puzzles optimally with 6-6-6-6 pattern databases (from the cache\n\
    folder, built there first if missing): parallel IDA* skipping the move sequences of at most\n\
    14 moves with an equivalent. Default: --easiest 2.\n\
    --serial: plain IDA* on one thread, Korf and Felner's search and heuristic (their counts plus the root).\n\
    --least: each pattern's value the least over the blank's regions (Korf and Felner's), not that of\n\
    the blank's own region (zero-aware; the default but with --serial).\n\
    --frontier N: A*+IDA*, A* storing N boards, then IDA* from its frontier on --threads.\n\
    --iterations: each iteration's bound and the nodes before it, on stderr.\n\
    --fsm L: skip the move sequences of at most L moves with an equivalent (0: only the undoing move;\n\
    the default 14, or 0 with --serial).\n\
    --near: the near-optimal search slide solve uses on 5x5 (a ladder of weights on --threads);\n\
    --weight W, --weight-ida W: weighted A* or IDA* at W (from 1 to 3) on one thread.\n\
    Those three run all 50 by default.";

/// What the command line chose.
struct Options {
    /// The instances, by id.
    chosen: Vec<usize>,
    threads: usize,
    /// Plain IDA* on one thread rather than parallel IDA*.
    serial: bool,
    /// A*+IDA* with A* storing this many boards, rather than IDA*.
    frontier: Option<usize>,
    /// The search: optimal by default.
    mode: Mode,
    /// Duplicate pruning by a machine of the walks of at most this many
    /// moves (0: the plain rule; by default `MoveFsm::LONGEST`, and 0 with
    /// `--serial`).
    fsm: usize,
    /// Report each iteration's bound and the nodes before it.
    iterations: bool,
    /// Zero-aware values (by default), or the least over the blank's
    /// regions (`--least`, and by default with `--serial`).
    zero_aware: bool,
}

/// Which search the instances are given to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Parallel IDA*: a shortest path.
    Optimal,
    /// Weighted A* at this weight, in hundredths.
    WeightedAstar(u32),
    /// Weighted IDA* at this weight, in hundredths.
    WeightedIdaStar(u32),
    /// The near-optimal ladder of weights (`wide_near_optimal`).
    Near,
}

/// What the command line chose, or `None` for help.
fn parse(args: &[String], instances: &[KorfFelnerInstance]) -> Result<Option<Options>, String> {
    let mut chosen = None;
    let mut mode = Mode::Optimal;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut serial = false;
    let mut frontier = None;
    let mut fsm = None;
    let mut iterations = false;
    let mut least = false;
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
                by_count.sort_by_key(|instance| instance.korf_felner_generated);
                chosen = Some(by_count.iter().take(count).map(|instance| instance.id).collect());
            }
            "--threads" => threads = value()?.parse().map_err(|_| "--threads takes a count")?,
            "--weight" | "--weight-ida" => {
                let w: f64 = value()?
                    .parse()
                    .map_err(|_| format!("{flag} takes a number such as 1.25"))?;
                if !(1.0..=3.0).contains(&w) {
                    return Err(format!("{flag} is from 1 to 3"));
                }
                let percent = (w * 100.0).round() as u32;
                mode = match flag.as_str() {
                    "--weight" => Mode::WeightedAstar(percent),
                    _ => Mode::WeightedIdaStar(percent),
                };
            }
            "--near" => mode = Mode::Near,
            "--serial" => serial = true,
            "--frontier" => frontier = Some(value()?.parse().map_err(|_| "--frontier takes a count of boards")?),
            "--fsm" => fsm = Some(value()?.parse().map_err(|_| "--fsm takes a length of move sequences")?),
            "--iterations" => iterations = true,
            "--least" => least = true,
            "--help" | "-h" => return Ok(None),
            other => {
                return Err(format!(
                    "unknown argument {other:?}; {}",
                    USAGE.lines().next().unwrap_or("")
                ))
            }
        }
    }
    let chosen = chosen.unwrap_or_else(|| match mode {
        Mode::Optimal => {
            let mut by_count: Vec<&KorfFelnerInstance> = instances.iter().collect();
            by_count.sort_by_key(|instance| instance.korf_felner_generated);
            by_count.iter().take(2).map(|instance| instance.id).collect()
        }
        _ => instances.iter().map(|instance| instance.id).collect(),
    });
    Ok(Some(Options {
        chosen,
        threads: if serial { 1 } else { threads.max(1) },
        serial,
        frontier,
        mode,
        fsm: fsm.unwrap_or(if serial { 0 } else { MoveFsm::LONGEST }),
        iterations,
        zero_aware: !(least || serial),
    }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let instances = korf_felner_24();
    let options = match parse(&args, &instances) {
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
    let (pdb, reports) = match slide_cache::load_or_build_placement(&dir, &slide_pattern_db::KORF_FELNER, 0, None) {
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
    println!(
        "# 6-6-6-6 pattern databases ready in {:.2} s; {}",
        started.elapsed().as_secs_f64(),
        if options.zero_aware {
            "zero-aware values"
        } else {
            "the least values over the blank's regions (Korf and Felner's)"
        }
    );
    let pdb = pdb.with_zero_aware(options.zero_aware);
    let goal_cells: Vec<u32> = (0..25).collect();
    let goal = WideBoard::<u128>::new(5, 5, &goal_cells).expect("the goal is a board");
    if options.mode != Mode::Optimal {
        return near(&instances, &options, &goal, &pdb);
    }
    let (chosen, threads) = (options.chosen, options.threads);
    // The default machine is read from the cache, as `slide` reads it
    // (built and saved there the first time); another length is built.
    let started = Instant::now();
    let built;
    let fsm: Option<&MoveFsm> = match options.fsm {
        0 => None,
        MoveFsm::LONGEST => Some(slide_cache::shared_move_fsm(&dir, |why| eprintln!("# warning: {why}"))),
        longest => {
            built = MoveFsm::build(longest);
            Some(&built)
        }
    };
    if let Some(fsm) = fsm {
        println!(
            "# move machine of walks up to {}: {} states, {} walks skipped, ready in {:.2} s",
            fsm.longest(),
            fsm.states(),
            fsm.skipped(),
            started.elapsed().as_secs_f64()
        );
    }
    println!("id\toptimal\tlength\tgenerated\texpanded\tkorf_felner_generated\tgenerated/theirs\tseconds\tM_nodes/s");
    let (mut generated, mut expanded, mut theirs, mut seconds, mut wrong) = (0u64, 0u64, 0u64, 0f64, 0);
    for id in &chosen {
        let instance = &instances[id - 1];
        let start =
            WideBoard::<u128>::new(5, 5, instance.start.cells()).expect("Korf and Felner's instances are boards");
        let started = Instant::now();
        let mut report = |progress: &slide_solvers::Progress| {
            if options.iterations {
                eprintln!(
                    "# {id}: bound {} at {} nodes, {:.2} s",
                    progress.depth,
                    progress.generated,
                    progress.elapsed.as_secs_f64()
                )
            }
        };
        let budget = &mut Budget {
            progress: Some(&mut report),
            ..Budget::default()
        };
        let answer = match (fsm, options.serial, options.frontier) {
            (None, true, _) => ida_star_pruned(&start, &goal, &pdb, UndoLast, budget),
            (Some(fsm), true, _) => ida_star_pruned(&start, &goal, &pdb, fsm, budget),
            (None, false, Some(frontier)) => astar_ida_star(&start, &goal, &pdb, threads, frontier, UndoLast, budget),
            (Some(fsm), false, Some(frontier)) => astar_ida_star(&start, &goal, &pdb, threads, frontier, fsm, budget),
            (None, false, None) => parallel_ida_star_pruned(&start, &goal, &pdb, threads, UndoLast, budget),
            (Some(fsm), false, None) => parallel_ida_star_pruned(&start, &goal, &pdb, threads, fsm, budget),
        }
        .expect("a 5x5 instance");
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
            instance.korf_felner_generated,
            answer.stats.generated as f64 / instance.korf_felner_generated as f64,
            answer.stats.generated as f64 / time.max(1e-9) / 1e6
        );
        generated += answer.stats.generated;
        expanded += answer.stats.expanded;
        theirs += instance.korf_felner_generated;
        seconds += time;
    }
    println!(
        "# {} instances, {} optimal on {threads} threads{}; generated {generated} ({:.3} times Korf and Felner's {theirs}), expanded {expanded}; {seconds:.1} s, {:.1} M nodes/s",
        chosen.len(),
        chosen.len() - wrong,
        if options.serial { " (serial IDA*)" } else { "" },
        generated as f64 / theirs.max(1) as f64,
        generated as f64 / seconds.max(1e-9) / 1e6
    );
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!("error: {wrong} instances were not solved at their optimal length");
        ExitCode::from(1)
    }
}

/// The near-optimal search of `options.mode` on each chosen instance: the
/// length against the optimum and the bound, the nodes, the time.
fn near(
    instances: &[KorfFelnerInstance],
    options: &Options,
    goal: &WideBoard<u128>,
    pdb: &slide_pattern_db::PlacementPdb,
) -> ExitCode {
    println!("id\toptimal\tlength\tlength/optimal\tweight\tgenerated\texpanded\tseconds");
    let (mut lengths, mut optimal, mut slowest, mut seconds, mut failed) = (0, 0, 0f64, 0f64, 0);
    let mut times = Vec::new();
    for id in &options.chosen {
        let instance = &instances[id - 1];
        let start =
            WideBoard::<u128>::new(5, 5, instance.start.cells()).expect("Korf and Felner's instances are boards");
        let started = Instant::now();
        let mut budget = Budget {
            max_states: 50_000_000,
            ..Budget::default()
        };
        let answer: Result<(slide_solvers::Answer, u32), SearchError> = match options.mode {
            Mode::WeightedAstar(weight) => {
                wide_weighted_astar(&start, goal, pdb, weight, &mut budget).map(|a| (a, weight))
            }
            Mode::WeightedIdaStar(weight) => {
                let weighted = Weighted {
                    heuristic: pdb,
                    percent: weight,
                };
                ida_star_with(&start, goal, weighted, &mut budget).map(|a| (a, weight))
            }
            Mode::Near => wide_near_optimal(&start, goal, pdb, options.threads, &mut budget)
                .map(|near| (near.answer, near.weight)),
            Mode::Optimal => unreachable!("the optimal search is main's"),
        };
        let time = started.elapsed().as_secs_f64();
        match answer.map(|(answer, weight)| (answer.length(), answer.stats, weight)) {
            Ok((Some(length), stats, weight)) if length * 100 <= instance.optimal * weight as usize => {
                println!(
                    "{id}\t{}\t{length}\t{:.3}\t{:.2}\t{}\t{}\t{time:.3}",
                    instance.optimal,
                    length as f64 / instance.optimal as f64,
                    weight as f64 / 100.0,
                    stats.generated,
                    stats.expanded
                );
                lengths += length;
                optimal += instance.optimal;
                slowest = slowest.max(time);
                seconds += time;
                times.push(time);
            }
            other => {
                println!(
                    "{id}\t{}\tfailed: {:?}",
                    instance.optimal,
                    other.map(|(length, _, _)| length)
                );
                failed += 1;
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let solved = options.chosen.len() - failed;
    println!(
        "# {}: {solved} of {} solved within the bound; mean length {:.2} against the optimal {:.2} ({:.3} times); {seconds:.2} s in all, median {median:.3} s, the slowest {slowest:.3} s",
        match options.mode {
            Mode::WeightedAstar(w) => format!("weighted A* at {:.2}", w as f64 / 100.0),
            Mode::WeightedIdaStar(w) => format!("weighted IDA* at {:.2}", w as f64 / 100.0),
            _ => format!("the near-optimal ladder on {} threads", options.threads),
        },
        options.chosen.len(),
        lengths as f64 / solved.max(1) as f64,
        optimal as f64 / solved.max(1) as f64,
        lengths as f64 / optimal.max(1) as f64
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
