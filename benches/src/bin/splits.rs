//! Measures splits of 4x4 into patterns by the nodes IDA* generates on
//! Korf's 100 with their databases, and climbs from a split to a better one:
//! it tries every swap of two cells between two patterns, takes the first
//! that generates fewer nodes, and stops when no swap does. This is how the
//! splits of `Split::cells` were chosen.
//!
//! `cargo run --release -p slide-benches --bin splits -- [--first N] [--random SEED] [--no-climb] PATTERN...`
//!
//! `--random SEED` measures on random solvable boards made from the seed
//! instead of Korf's instances (as many), to check a split on boards it was
//! not chosen on; their lengths are not known, so they are not checked.
//!
//! Each pattern is a list of goal cells, such as `4,5,8,9,12,13`, for the
//! blank in cell 15 (from 0, row by row), as `Split::cells` lists them;
//! together they must cover every other cell once. The tables are built in
//! memory (never cached), each pattern's once and kept for the whole climb
//! (17.3 MB for a 6-tile pattern), and the instances are solved one per core
//! at a time. A candidate is dropped as soon as its nodes pass
//! the best split's.

use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use slide_core::{Shape, SplitMix64};
use slide_pattern_db::{patterns_for_corner, AdditivePdb, PatternDb};
use slide_solvers::ida_star;
use slide_testdata::{korf100, korf_goal, KorfInstance};

/// The command's usage, for `--help` and for mistakes.
const USAGE: &str = "usage: splits [--first N] [--random SEED] [--no-climb] PATTERN...\n\
    Counts the nodes IDA* generates on Korf's 100 with the databases of the split\n\
    (patterns such as 4,5,8,9,12,13: goal cells for the blank in cell 15), then\n\
    tries one-cell swaps between patterns while one generates fewer.";

/// A split: its patterns, each a sorted list of goal cells for the blank in cell 15.
type Patterns = Vec<Vec<u8>>;

struct Options {
    first: usize,
    /// Random boards from this seed rather than Korf's instances.
    random: Option<u64>,
    climb: bool,
    split: Patterns,
}

fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let mut options = Options {
        first: 100,
        random: None,
        climb: true,
        split: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--no-climb" => options.climb = false,
            "--random" => {
                let value = args.next().ok_or("--random needs a seed")?;
                options.random = Some(value.parse().map_err(|_| "--random takes a number")?);
            }
            "--first" => {
                let value = args.next().ok_or("--first needs a count")?;
                options.first = value.parse().map_err(|_| "--first takes a count")?;
            }
            pattern => {
                let cells: Result<Vec<u8>, _> = pattern.split(',').map(|cell| cell.trim().parse::<u8>()).collect();
                let mut cells = cells.map_err(|_| format!("{pattern:?} is not a list of cells such as 4,5,8,9"))?;
                cells.sort_unstable();
                options.split.push(cells);
            }
        }
    }
    let mut covered: Vec<u8> = options.split.concat();
    covered.sort_unstable();
    if covered != (0..15).collect::<Vec<u8>>() {
        return Err("the patterns must cover cells 0 to 14 once each (the blank is in 15)".to_string());
    }
    if options.split.iter().any(|pattern| pattern.len() > 8) {
        return Err("a pattern has at most 8 cells".to_string());
    }
    Ok(Some(options))
}

/// What measuring splits needs: the instances, and the tables built so far.
struct Bench {
    instances: Vec<KorfInstance>,
    /// Whether the instances' optimal lengths are known (Korf's are).
    known_lengths: bool,
    tables: HashMap<Vec<u8>, PatternDb>,
}

impl Bench {
    /// The nodes IDA* generates on the instances with `split`'s databases;
    /// `None` once they pass `limit` (the rest are not solved).
    fn nodes(&mut self, split: &Patterns, limit: u64) -> Option<u64> {
        let shape = Shape::new(4, 4).expect("4x4");
        let goal = korf_goal();
        // Korf's goal has the blank in cell 0.
        let turned: Patterns = patterns_for_corner(split, goal.blank()).expect("Korf's blank is in a corner");
        let missing: Patterns = turned
            .iter()
            .filter(|p| !self.tables.contains_key(*p))
            .cloned()
            .collect();
        std::thread::scope(|scope| {
            let builds: Vec<_> = missing
                .iter()
                .map(|cells| scope.spawn(move || PatternDb::build(shape, cells, goal.blank())))
                .collect();
            for (cells, build) in missing.iter().zip(builds) {
                let db = build.join().expect("a build does not panic");
                self.tables.insert(cells.clone(), db);
            }
        });
        let patterns = turned.iter().map(|cells| self.tables[cells].clone()).collect();
        let pdb = AdditivePdb::from_patterns(patterns).expect("a split covers the board");
        let (total, next) = (AtomicU64::new(0), AtomicUsize::new(0));
        let instances = &self.instances;
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    while total.load(Ordering::Relaxed) <= limit {
                        let Some(instance) = instances.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        let answer = ida_star(&instance.start, &goal, &pdb).expect("a 4x4 instance");
                        if self.known_lengths {
                            assert_eq!(answer.length(), Some(instance.optimal), "instance {}", instance.id);
                        }
                        total.fetch_add(answer.stats.generated, Ordering::Relaxed);
                    }
                });
            }
        });
        let total = total.into_inner();
        (total <= limit).then_some(total)
    }
}

/// The splits one swap of two cells between two patterns away from `split`.
fn swaps(split: &Patterns) -> Vec<Patterns> {
    let mut splits = Vec::new();
    for a in 0..split.len() {
        for b in a + 1..split.len() {
            for i in 0..split[a].len() {
                for j in 0..split[b].len() {
                    let mut swapped = split.clone();
                    swapped[a][i] = split[b][j];
                    swapped[b][j] = split[a][i];
                    swapped[a].sort_unstable();
                    swapped[b].sort_unstable();
                    splits.push(swapped);
                }
            }
        }
    }
    splits
}

fn show(split: &Patterns) -> String {
    let patterns: Vec<String> = split
        .iter()
        .map(|p| p.iter().map(u8::to_string).collect::<Vec<_>>().join(","))
        .collect();
    patterns.join(" ")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match climb(options, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped reading (`| head`) ends the climb.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Measures `options.split` and climbs from it, a line to `out` per split measured.
fn climb(options: Options, out: &mut impl Write) -> std::io::Result<()> {
    let mut instances = korf100();
    instances.truncate(options.first);
    if let Some(seed) = options.random {
        let (mut random, goal) = (SplitMix64::new(seed), korf_goal());
        for instance in &mut instances {
            instance.start = random.solvable_board(&goal);
        }
    }
    let mut bench = Bench {
        instances,
        known_lengths: options.random.is_none(),
        tables: HashMap::new(),
    };
    let mut best = options.split;
    let mut best_nodes = bench.nodes(&best, u64::MAX).expect("no limit");
    writeln!(out, "{}\t{best_nodes}", show(&best))?;
    let mut improved = options.climb;
    while improved {
        improved = false;
        for split in swaps(&best) {
            let nodes = bench.nodes(&split, best_nodes);
            let text = nodes.map_or("more".to_string(), |nodes| nodes.to_string());
            writeln!(out, "  {}\t{text}", show(&split))?;
            if let Some(nodes) = nodes.filter(|&nodes| nodes < best_nodes) {
                (best, best_nodes, improved) = (split, nodes, true);
                writeln!(out, "{}\t{best_nodes}", show(&best))?;
                break;
            }
        }
    }
    writeln!(
        out,
        "# best {}\t{best_nodes} nodes on {} instances",
        show(&best),
        bench.instances.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_are_every_exchange_of_two_cells_between_two_patterns() {
        let split: Patterns = vec![vec![4, 5, 8, 9, 12, 13], vec![3, 6, 7, 10, 11, 14], vec![0, 1, 2]];
        let swapped = swaps(&split);
        assert_eq!(swapped.len(), 6 * 6 + 6 * 3 + 6 * 3);
        for other in &swapped {
            let mut cells = other.concat();
            cells.sort_unstable();
            assert_eq!(cells, (0..15).collect::<Vec<u8>>(), "{other:?} covers every cell once");
            let sizes: Vec<usize> = other.iter().map(Vec::len).collect();
            assert_eq!(sizes, [6, 6, 3]);
            let moved: usize = split
                .iter()
                .zip(other)
                .map(|(a, b)| a.iter().filter(|c| !b.contains(c)).count())
                .sum();
            assert_eq!(moved, 2, "{other:?} is two cells away");
        }
    }

    #[test]
    fn a_cut_must_cover_the_board_once() {
        let args = |text: &str| -> Vec<String> { text.split(' ').map(str::to_string).collect() };
        assert!(parse(&args("0,3,4,7 1,2,5,6 8,9,12,13 10,11,14")).is_ok());
        for (bad, error) in [
            (
                "0,3,4,7 1,2,5,6 8,9,12,13 10,11",
                "the patterns must cover cells 0 to 14 once each (the blank is in 15)",
            ),
            (
                "0,3,4,7 1,2,5,6 8,9,12,13 10,11,14,3",
                "the patterns must cover cells 0 to 14 once each (the blank is in 15)",
            ),
            ("0,x", "\"0,x\" is not a list of cells such as 4,5,8,9"),
            ("--first", "--first needs a count"),
        ] {
            assert_eq!(parse(&args(bad)).err().as_deref(), Some(error), "{bad}");
        }
    }
}
