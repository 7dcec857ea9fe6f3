//! The command line's arguments, as clap reads them.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use slide_core::{MoveOrder, Shape};
use slide_solvers::{states_within, DEFAULT_MEMORY};

/// Solve, batch-solve, tabulate and generate sliding-tile puzzles: optimally up to 16 cells, well beyond.
#[derive(Parser, Debug)]
#[command(name = "slide", version, after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The end of `slide --help`: examples, and what the exit statuses mean.
const AFTER_HELP: &str = "\
Examples:
  slide solve \"8 6 7 2 5 4 3 _ 1\"                 a shortest path of an 8-puzzle
  slide solve \"5 1 3 4 9 2 7 8 13 6 10 12 14 11 15 _\" --json
  slide random 4x4 --count 100 | slide batch      solve 100 random 15-puzzles on every core
  slide table 3x3                                 how many 8-puzzles lie at each distance
  slide units run BOARD --workers 8               one search as work units (docs/units.md)
  slide completions bash > /etc/bash_completion.d/slide

Exit status: 0 done; 1 a search that could not finish (a time or memory
cap, or no path within --max-moves); 2 bad input or usage. Errors are one
line on standard error. Output has no colour; a progress bar shows on
standard error only when it is a terminal. Threads: SLIDE_THREADS, else
RAYON_NUM_THREADS, else one a core.";

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Solve one board: print its length and moves (u d l r, the blank's
    /// direction); optimally up to 16 cells, by reduction beyond.
    Solve(SolveArgs),
    /// Solve one instance per line (`START` or `START ; GOAL`) on every core.
    Batch(BatchArgs),
    /// Print how many positions lie at each distance from a goal (boards of up to 10 cells).
    Table(TableArgs),
    /// Print random solvable boards.
    Random(RandomArgs),
    /// Print a board as far as any from the given one, and a shortest path
    /// there (boards of up to 10 cells).
    Farthest(FarthestArgs),
    /// One IDA* iteration as work units for a batch system (Slurm job
    /// arrays, GNU parallel, xargs -P): split, search, merge, or run them
    /// all to the answer (see docs/units.md).
    #[command(subcommand)]
    Units(UnitsCommand),
    /// Print a shell's completion script for slide (bash, zsh, fish,
    /// powershell, elvish).
    Completions(CompletionsArgs),
    /// Write the manual pages (slide.1 and one a subcommand) into a folder;
    /// `cargo xtask man` writes them into target/man.
    #[command(hide = true)]
    Man(ManArgs),
}

#[derive(clap::Args, Debug)]
pub(crate) struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub(crate) shell: clap_complete::Shell,
}

#[derive(clap::Args, Debug)]
pub(crate) struct ManArgs {
    /// The folder the pages go in (made if missing).
    pub(crate) dir: PathBuf,
}

/// `slide units`' subcommands.
#[derive(Subcommand, Debug)]
pub(crate) enum UnitsCommand {
    /// Write about COUNT units of one iteration, one a line, after a line
    /// that describes the split.
    Split(SplitArgs),
    /// Search every unit read (a file, or `-` for standard input) and write
    /// one result line for each.
    Search(UnitSearchArgs),
    /// Merge a split's results: the answer as `slide solve` prints it, or
    /// `next bound B` when no unit found a path (exit 0); units without a
    /// result listed, exit 1.
    Merge(MergeArgs),
    /// Run the iterations to the answer, each split into files of units
    /// that a command template searches (by default xargs -P on this
    /// machine; sbatch --array --wait on a cluster).
    Run(RunArgs),
}

/// What names one iteration's instance and estimate.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct UnitsInstance {
    /// The start, written as for `solve` (boards of at most 25 cells; `-`
    /// reads it from standard input).
    #[arg(allow_hyphen_values = true)]
    pub(crate) board: String,
    /// The goal (default: the tiles in order, the blank last).
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) goal: Option<String>,
    /// The estimate: manhattan, linear-conflict, or pdb (the placement
    /// tables on 5x5, 6x6 and 7x7). Default: pdb on 5x5, 6x6 and 7x7 when its tables
    /// are cached, linear-conflict otherwise.
    #[arg(long, value_enum)]
    pub(crate) heuristic: Option<HeuristicArg>,
    /// The moves the search skips: `fsm` (the move machine, as `slide
    /// solve` on 5x5) or `undo` (only the move undoing the last).
    #[arg(long, value_enum, default_value = "fsm")]
    pub(crate) pruning: PruningArg,
    /// About how many units an iteration is cut into (at most 2^20).
    #[arg(long, default_value_t = 1000)]
    pub(crate) count: usize,
}

/// The rule for the moves a search skips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum PruningArg {
    /// The move machine of walks of up to 14 moves.
    Fsm,
    /// Only the move that undoes the last.
    Undo,
}

#[derive(clap::Args, Debug)]
pub(crate) struct SplitArgs {
    #[command(flatten)]
    pub(crate) instance: UnitsInstance,
    /// The iteration's bound (default: the start's estimate, the first).
    #[arg(long)]
    pub(crate) bound: Option<u32>,
    /// Every bound below this one is known to have no path (default: the
    /// start's estimate). A path is called a shortest one only when this is
    /// the bound.
    #[arg(long)]
    pub(crate) proven: Option<u32>,
}

#[derive(clap::Args, Debug)]
pub(crate) struct UnitSearchArgs {
    /// The units: a file, or `-` (the default) for standard input.
    #[arg(default_value = "-", allow_hyphen_values = true)]
    pub(crate) file: String,
    /// A file that a search which finds a path creates, and whose presence
    /// stops every search given it before its next unit (in a folder the
    /// workers share): the units after a path need no search.
    #[arg(long)]
    pub(crate) stop_file: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub(crate) struct MergeArgs {
    /// The split's output (its first line is enough).
    pub(crate) units: String,
    /// The files of results.
    #[arg(required = true)]
    pub(crate) results: Vec<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args, Debug)]
pub(crate) struct RunArgs {
    #[command(flatten)]
    pub(crate) instance: UnitsInstance,
    /// How many workers the template runs at once ({workers}).
    #[arg(long, default_value_t = 2)]
    pub(crate) workers: usize,
    /// How many files of units an iteration is written to ({count} files,
    /// `unit-0.txt` to `unit-{last}.txt`, each searched into
    /// `result-K.txt`). Default: one a worker.
    #[arg(long)]
    pub(crate) files: Option<usize>,
    /// The command that searches an iteration's files, run by `sh -c`;
    /// `{last}`, `{count}` and `{workers}` are replaced by numbers, `{dir}`
    /// and `{slide}` (this program) by `${SLIDE_UNITS_DIR}` and
    /// `${SLIDE_UNITS_SLIDE}`, variables of its environment, so that no
    /// path is read as shell code (write them in double quotes). Default:
    /// `seq 0 {last} | xargs -P {workers} -I % sh -c '"{slide}" units search
    /// "{dir}/unit-%.txt" --stop-file "{dir}/found" > "{dir}/result-%.txt"'`.
    #[arg(long)]
    pub(crate) exec: Option<String>,
    /// An iteration after one of fewer nodes than this is searched here, in
    /// order, rather than by the command (0: every iteration by the
    /// command). The default, 2^21, sends an iteration to the workers when
    /// it is expected to take about ten times what starting them costs on
    /// one machine (0.04 s); under a scheduler that starts a task in
    /// seconds, give more (2^25 or 2^27).
    #[arg(long, default_value_t = 1 << 21)]
    pub(crate) in_process_below: u64,
    /// The folder the iterations' files go in (default: a new one in the
    /// temporary folder, removed at the end).
    #[arg(long)]
    pub(crate) dir: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args, Debug)]
pub(crate) struct FarthestArgs {
    /// The board to start from, written as for `solve`; `-` reads it from
    /// standard input.
    #[arg(allow_hyphen_values = true)]
    pub(crate) board: String,
    /// The shape, such as 2x4, when the board does not show it.
    #[arg(long, value_parser = parse_shape)]
    pub(crate) shape: Option<Shape>,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args, Debug, Clone)]
pub(crate) struct SolveArgs {
    /// The start: cells separated by spaces or contiguous, rows by `/` or line
    /// breaks; the blank is 0, x, . or _. Quote it. `-` reads it from
    /// standard input (for boards too large for a command line).
    #[arg(allow_hyphen_values = true)]
    pub(crate) board: String,
    /// The goal (default: the tiles in order, the blank last).
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) goal: Option<String>,
    /// The shape, such as 3x4 or 30x40, when the board does not show it.
    #[arg(long, value_parser = parse_size)]
    pub(crate) shape: Option<Size>,
    /// The search to use.
    #[arg(long, value_enum, default_value_t = Algo::Auto)]
    pub(crate) algo: Algo,
    /// The estimate IDA* and A* use (default: the strongest available).
    #[arg(long, value_enum)]
    pub(crate) heuristic: Option<HeuristicArg>,
    /// Of the shortest paths, print the one that comes first in this order
    /// of the moves, such as dlru (any order of u, d, l, r; in capitals, the
    /// path is printed in capitals).
    #[arg(long, value_parser = MoveOrder::parse)]
    pub(crate) order: Option<MoveOrder>,
    /// Print every shortest path (in the order of --order, if given), and
    /// how many there are.
    #[arg(long)]
    pub(crate) all: bool,
    /// With --all, list at most this many paths (the count is of all).
    #[arg(long, requires = "all")]
    pub(crate) limit: Option<usize>,
    /// Print every board along the way.
    #[arg(long, conflicts_with = "all")]
    pub(crate) show: bool,
    /// Print one JSON object (with --show, a `boards` array too).
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) limits: Limits,
    /// The longest path the reduction of a board of any size may print.
    #[arg(long, default_value_t = DEFAULT_MAX_MOVES)]
    pub(crate) max_moves: u64,
    /// Read BOARD as the path of a puzzle on a graph (`-` for standard
    /// input): cells and edges, blanks and labels that may repeat, start,
    /// target and cap, in the text format of docs/cli.md.
    #[arg(long)]
    pub(crate) graph: bool,
}

/// The longest path the reduction gives by default.
pub(crate) const DEFAULT_MAX_MOVES: u64 = 10_000_000;

/// What one search may spend.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub(crate) struct Limits {
    /// How many states BFS, bidirectional BFS and A* may store (default: as
    /// many as fit in about 1 GB: 10 million on boards of at most 16 cells,
    /// whose states cost at most 100 bytes each; fewer on wider boards,
    /// whose states cost more). The message of a search that stops says
    /// what the cap costs.
    #[arg(long)]
    pub(crate) max_states: Option<usize>,
    /// Give up a search after this many seconds (exit status 1).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub(crate) timeout: Option<Duration>,
    /// The time the near-optimal route spends on a board of more than 16
    /// cells and at most 100 (default 10 s): it answers the shortest path it
    /// finds within it, and the lower bound it proves. A longer budget never
    /// gives a longer path.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub(crate) budget: Option<Duration>,
}

impl Limits {
    /// The cap on stored states of a search that holds at most
    /// `state_bytes` bytes a state: `--max-states`, or as many as fit in
    /// [`DEFAULT_MEMORY`].
    pub(crate) fn states(&self, state_bytes: usize) -> usize {
        self.max_states
            .unwrap_or_else(|| states_within(DEFAULT_MEMORY, state_bytes))
    }
}

#[derive(clap::Args, Debug)]
pub(crate) struct BatchArgs {
    /// The file of instances, or - for standard input.
    #[arg(default_value = "-")]
    pub(crate) file: String,
    /// Print JSON lines instead of tab-separated values.
    #[arg(long)]
    pub(crate) json: bool,
    /// The search for every line (auto: the fastest optimal one up to 16
    /// cells, the reduction beyond; idastar, astar or bidi give boards
    /// beyond 16 cells a shortest path).
    #[arg(long, value_enum, default_value_t = Algo::Auto)]
    pub(crate) algo: Algo,
    /// The estimate IDA* and A* use (default: the strongest available).
    #[arg(long, value_enum)]
    pub(crate) heuristic: Option<HeuristicArg>,
    /// What each line's search may spend.
    #[command(flatten)]
    pub(crate) limits: Limits,
    /// The longest path the reduction of a board beyond 16 cells may print.
    #[arg(long, default_value_t = DEFAULT_MAX_MOVES)]
    pub(crate) max_moves: u64,
}

#[derive(clap::Args, Debug)]
pub(crate) struct TableArgs {
    /// The shape, such as 3x3.
    #[arg(value_parser = parse_shape)]
    pub(crate) shape: Shape,
    /// The goal (default: the tiles in order, the blank last).
    #[arg(long)]
    pub(crate) goal: Option<String>,
    /// Print one JSON object: the shape, the goal and the count at each
    /// distance.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args, Debug)]
pub(crate) struct RandomArgs {
    /// The size, such as 4x4 or 100x100 (2 to 1000 rows and columns).
    #[arg(value_parser = parse_size)]
    pub(crate) size: Size,
    /// How many boards.
    #[arg(long, default_value_t = 1)]
    pub(crate) count: u64,
    /// The seed (default: from the clock).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Make each board by this many random moves from the goal, never undoing
    /// the last one, instead of uniformly among the solvable boards (at most
    /// 10,000,000: a walk takes a fraction of a second per ten million).
    #[arg(long, value_parser = parse_moves)]
    pub(crate) moves: Option<usize>,
    /// Print one JSON object a line (`{"board": "..."}`) rather than the
    /// board alone.
    #[arg(long)]
    pub(crate) json: bool,
}

/// The searches `--algo` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Algo {
    /// The fastest for the board.
    Auto,
    /// Breadth-first search.
    Bfs,
    /// Bidirectional breadth-first search.
    Bidi,
    /// Iterative-deepening A*.
    Idastar,
    /// A*.
    Astar,
    /// Not optimal: rows and columns put in place one after another, the
    /// last 12 cells solved optimally (what auto does beyond 16 cells).
    Reduce,
}

/// The estimates `--heuristic` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum HeuristicArg {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// The larger of walking distance and linear conflict (boards whose
    /// walking-distance tables stay small: not 2x7, 2x8 and their transposes).
    WalkingDistance,
    /// Additive pattern databases (4x4, 5x5, 6x6 and 7x7 with the goal's blank
    /// in a corner; on 5x5 Korf and Felner's 6-6-6-6 with zero-aware
    /// values, 977 MB in the cache, built once in about a minute and a quarter; on
    /// 6x6 seven tables of five tiles, 847 MB, about a minute and a half).
    Pdb,
    /// Korf and Felner's 7-8 pattern databases, for the hardest 15-puzzles:
    /// 1.7 GB in the cache per corner of the goal's blank, built once in
    /// three to five minutes (two cores) with 6.4 GB of memory.
    #[value(name = "pdb-7-8")]
    Pdb78,
}

/// The most moves of a random walk `slide random` takes: each is a step,
/// so a walk of `K` moves costs `K` steps, and ten million take a fraction
/// of a second.
const MAX_RANDOM_MOVES: usize = 10_000_000;

/// Reads a number of random moves, at most [`MAX_RANDOM_MOVES`].
pub(crate) fn parse_moves(text: &str) -> Result<usize, String> {
    match text.trim().parse::<u128>() {
        Ok(moves) if moves <= MAX_RANDOM_MOVES as u128 => Ok(moves as usize),
        Ok(_) => Err(format!("at most {MAX_RANDOM_MOVES} moves, not {text}")),
        Err(_) => Err(format!("expected a number of moves, not {text:?}")),
    }
}

/// Reads a positive number of seconds, such as `2.5`.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() && seconds < 1e9 => Ok(Duration::from_secs_f64(seconds)),
        _ => Err(format!(
            "expected a positive number of seconds below 1000000000, not {text:?}"
        )),
    }
}

/// Reads `RxC`, such as `30x40`: the size of a board of any size.
pub(crate) fn parse_size(text: &str) -> Result<Size, String> {
    let (rows, cols) = text
        .split_once(['x', 'X'])
        .ok_or(format!("expected a size such as 3x3, not {text:?}"))?;
    let side = |part: &str| match part.trim().parse::<usize>() {
        Ok(side) if (2..=slide_core::MAX_SIDE).contains(&side) => Ok(side),
        _ => Err(format!(
            "expected a size such as 3x3, with sides from 2 to {}, not {text:?}",
            slide_core::MAX_SIDE
        )),
    };
    Ok(Size {
        rows: side(rows)?,
        cols: side(cols)?,
    })
}

/// The size of a board of any size, 2x2 to 1000x1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Size {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
}

impl Size {
    /// The shape of a board of this size, if it has at most 16 cells.
    pub(crate) fn shape(self) -> Option<Shape> {
        Shape::new(self.rows, self.cols).ok()
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
