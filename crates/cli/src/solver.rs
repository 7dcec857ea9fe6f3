//! A solver for other programs (the Python package): instances written as
//! the command line reads them, answered by the route `slide batch` takes,
//! with the tables read once for every answer; the estimates by the names
//! `--heuristic` gives them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use clap::ValueEnum;
use slide_core::{Board, Instant, Move};
use slide_solvers::{
    answer_without_search, DistanceTable, Heuristic, LinearConflict, Manhattan, WideBoard, WideTiles, DENSE_MAX_CELLS,
    TABLE_FROM,
};

use crate::args::{Algo, HeuristicArg, Limits};
use crate::error::{bad_input, CliError};
use crate::estimate::{fits, name_of, Packing};
use crate::instance::Instance;
use crate::packed::PackedPath;
use crate::route::{Request, Route, Tables};
use crate::small::Ask;
use crate::solution::{Found, Quality, Solution};
use crate::threads::{for_each_in_order, Emit, Window, MOST_TAKEN};

/// Answers instances as `slide batch` does: the searches `--algo auto`
/// takes (optimal up to 5x5 with the tables the cache holds, the
/// reduction beyond), each on one thread when many run side by side.
///
/// ```
/// use slide_cli::Solver;
/// let solver = Solver::new();
/// let answer = solver.solve("1 2 3 / 4 5 6 / 7 _ 8", None).unwrap();
/// assert_eq!(answer.moves(), Some("r".to_string()));
/// assert!(answer.optimal);
/// assert!(solver.solve("1 2 3 / 4 5 6 / 8 7 _", None).unwrap().path.is_none());
/// assert_eq!(solver.solve("1 2 / 3 9", None).unwrap_err().message, "the board: cell 4: tile 9 is out of range: tiles are 1 to 3");
/// ```
pub struct Solver {
    tables: Tables,
    goals: Goals,
    limits: Limits,
    max_moves: u64,
}

/// One instance's reply to another program: the path and whether it
/// is a shortest one (a search's full `slide_solvers::Answer` also has its
/// counts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The blank's moves, or `None` when the goal cannot be reached.
    pub path: Option<Vec<Move>>,
    /// Whether the path is a shortest one (a reduction's or a near-optimal
    /// search's may not be); `true` when there is none.
    pub optimal: bool,
}

impl Reply {
    /// The path as the command line writes it (`udlr`), or `None`.
    pub fn moves(&self) -> Option<String> {
        self.path.as_deref().map(slide_core::path_string)
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the command line's defaults, reading the tables from
    /// the cache folder (`SLIDE_CACHE_DIR`) as first needed.
    pub fn new() -> Solver {
        Solver::with(Limits::default(), crate::args::DEFAULT_MAX_MOVES)
    }

    /// A solver within `limits`, its reductions' paths at most `max_moves`.
    pub(crate) fn with(limits: Limits, max_moves: u64) -> Solver {
        Solver {
            tables: Tables::new(),
            goals: Goals::default(),
            limits,
            max_moves,
        }
    }

    /// The answer to the board `start` written as the command line reads
    /// it, towards `goal` (by default the tiles in order, the blank last),
    /// searched on every core as `slide solve` searches it; the command
    /// line's error otherwise.
    pub fn solve(&self, start: &str, goal: Option<&str>) -> Result<Reply, CliError> {
        self.solve_until(start, goal, None, &Arc::new(AtomicBool::new(false)))
    }

    /// What `slide solve ARGS` prints, `args` being what follows `solve` on
    /// the command line, for programs that have no process to run (the web
    /// page's worker, `crates/web`): the same answer, text or `--json`, by
    /// the same route, with this solver's tables (read once, kept from one
    /// call to the next); bad arguments the one line the command line says
    /// (clap's own words), with status 2.
    ///
    /// ```
    /// let solver = slide_cli::Solver::new();
    /// let json = solver.solve_output(["--json", "1 2 3 / 4 5 6 / 7 _ 8"]).unwrap();
    /// assert!(json.contains(r#""length":1,"#) && json.contains(r#""path":"r""#));
    /// assert_eq!(solver.solve_output(["--algo", "fast", "1 2 / 3 _"]).unwrap_err().status, 2);
    /// ```
    pub fn solve_output<I, T>(&self, args: I) -> Result<String, CliError>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        use clap::Parser;
        let line = ["slide".into(), "solve".into()]
            .into_iter()
            .chain(args.into_iter().map(Into::into));
        let cli = crate::Cli::try_parse_from(line).map_err(|error| {
            let rendered = error.render().to_string();
            let first = rendered
                .lines()
                .find(|line| !line.trim().is_empty())
                .unwrap_or("bad usage");
            bad_input(first.strip_prefix("error: ").unwrap_or(first).to_string())
        })?;
        match cli.command {
            crate::args::Command::Solve(args) => {
                let mut output = Vec::new();
                crate::solve::solve_with(&args, &self.tables, &mut output)?;
                Ok(String::from_utf8(output).expect("the output is UTF-8"))
            }
            _ => unreachable!("the line names `solve`"),
        }
    }

    /// [`Solver::solve`], stopped (an error, status 1) soon after another
    /// thread sets `stop`; a board past the optimal searches takes `budget`
    /// (by default 10 s) as `slide solve --budget` does.
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use slide_cli::Solver;
    /// let stopped = Arc::new(AtomicBool::new(true));
    /// let far = "_ 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1";
    /// assert_eq!(Solver::new().solve_until(far, None, None, &stopped).unwrap_err().message, "the search was stopped");
    /// ```
    pub fn solve_until(
        &self,
        start: &str,
        goal: Option<&str>,
        budget: Option<Duration>,
        stop: &Arc<AtomicBool>,
    ) -> Result<Reply, CliError> {
        let instance = Instance::read(start, goal, None)?;
        let threads = crate::threads::thread_count(None);
        let wanted = Wanted {
            threads,
            quick_first: true,
            stop: Some(Arc::clone(stop)),
            budget,
        };
        self.answer(instance, Algo::Auto, None, wanted)
            .map(|solution| solution.reply())
    }

    /// The answers to `instances` (a start and, or not, a goal each), in
    /// their order, on `threads` threads (by default every core), each
    /// search on one: `slide batch`'s answers.
    ///
    /// ```
    /// use slide_cli::Solver;
    /// let boards = [("1 2 / _ 3", None), ("2 1 / 3 _", None), ("1 2 / 3 _", Some("_ 1 / 3 2"))];
    /// let answers = Solver::new().solve_many(&boards, Some(2));
    /// let moves: Vec<_> = answers.iter().map(|a| a.as_ref().unwrap().moves()).collect();
    /// assert_eq!(moves, [Some("r".to_string()), None, Some("ul".to_string())]);
    /// ```
    pub fn solve_many(
        &self,
        instances: &[(&str, Option<&str>)],
        threads: Option<usize>,
    ) -> Vec<Result<Reply, CliError>> {
        self.solve_many_until(instances, threads, None, &Arc::new(AtomicBool::new(false)))
    }

    /// [`Solver::solve_many`], stopped soon after another thread sets
    /// `stop`: the searches running then end with an error, and no other
    /// starts (the answers are fewer than the instances). Each board past
    /// the optimal searches takes `budget` (by default 10 s).
    pub fn solve_many_until(
        &self,
        instances: &[(&str, Option<&str>)],
        threads: Option<usize>,
        budget: Option<Duration>,
        stop: &Arc<AtomicBool>,
    ) -> Vec<Result<Reply, CliError>> {
        let threads = crate::threads::thread_count(threads);
        let window = Window {
            items: 4 * threads * MOST_TAKEN,
            weight: 4 * threads * MOST_TAKEN,
        };
        let mut answers = Vec::with_capacity(instances.len());
        let solve = |(start, goal): &(&str, Option<&str>)| {
            let wanted = Wanted {
                threads: 1,
                quick_first: false,
                stop: Some(Arc::clone(stop)),
                budget,
            };
            Instance::read(start, *goal, None)
                .and_then(|instance| self.answer(instance, Algo::Auto, None, wanted))
                .map(|solution| solution.reply())
        };
        for_each_in_order(
            instances.iter(),
            window,
            |_| 1,
            threads,
            solve,
            |emitted| {
                if let Emit::Answer(answer) = emitted {
                    answers.push(answer);
                }
                !stop.load(Ordering::Relaxed)
            },
        );
        answers
    }

    /// The estimate `heuristic` (a name `--heuristic` takes) of the moves
    /// from `start` to `goal`, both written as the command line reads them;
    /// `pdb` reads (or builds) the tables `slide solve` takes.
    ///
    /// ```
    /// use slide_cli::Solver;
    /// let solver = Solver::new();
    /// assert_eq!(solver.estimate("2 1 3 / 4 5 6 / 7 8 _", None, "manhattan").unwrap(), 2);
    /// assert_eq!(solver.estimate("2 1 3 / 4 5 6 / 7 8 _", None, "linear-conflict").unwrap(), 4);
    /// assert!(solver.estimate("2 1 3 / 4 5 6 / 7 8 _", None, "far").is_err());
    /// ```
    pub fn estimate(&self, start: &str, goal: Option<&str>, heuristic: &str) -> Result<u32, CliError> {
        let heuristic = HeuristicArg::from_str(heuristic, false).map_err(|_| {
            let names: Vec<String> = HeuristicArg::value_variants().iter().map(|h| name_of(*h)).collect();
            bad_input(format!("no estimate is named {heuristic:?}: {}", names.join(", ")))
        })?;
        let instance = Instance::read(start, goal, None)?;
        if let Some((start, goal)) = instance.packed() {
            return self.tables.small.estimate(heuristic, &start, &goal);
        }
        match instance.cells() {
            0..=25 => self.wide_estimate::<u128>(heuristic, &instance),
            _ => self.wide_estimate::<slide_solvers::Cells>(heuristic, &instance),
        }
    }

    /// [`Solver::estimate`] of a board of more than 16 cells, packed as `T`.
    fn wide_estimate<T: WideTiles>(&self, heuristic: HeuristicArg, instance: &Instance) -> Result<u32, CliError> {
        let start = WideBoard::<T>::of(&instance.start).map_err(bad_input)?;
        let goal = WideBoard::<T>::of(&instance.goal).map_err(bad_input)?;
        if !fits(heuristic, Packing::Wide, (start.rows(), start.cols())) {
            return Err(bad_input(format!(
                "{} is for boards of at most 16 cells (pdb for 5x5, 6x6 and 7x7 too); beyond, use manhattan or linear-conflict",
                name_of(heuristic)
            )));
        }
        let value = match heuristic {
            HeuristicArg::Manhattan => Manhattan.estimate(&start, &goal),
            HeuristicArg::LinearConflict => LinearConflict.estimate(&start, &goal),
            HeuristicArg::Pdb => {
                let pdb = self
                    .tables
                    .placement
                    .for_goal((goal.rows(), goal.cols()), goal.blank(), None)?;
                (&pdb).estimate(&start, &goal)
            }
            HeuristicArg::WalkingDistance | HeuristicArg::Pdb78 => {
                unreachable!("refused above: they fit no wide board")
            }
        };
        value.map_err(|mismatch| bad_input(mismatch.to_string()))
    }

    /// `instance` answered by `algo` with `heuristic` as `wanted`: the one
    /// way a batch line and a program's instance are answered.
    pub(crate) fn answer(
        &self,
        instance: Instance,
        algo: Algo,
        heuristic: Option<HeuristicArg>,
        wanted: Wanted,
    ) -> Result<Solution, CliError> {
        let request = Request {
            ask: Ask::ONE,
            show: false,
            limits: Limits {
                budget: wanted.budget.or(self.limits.budget),
                ..self.limits
            },
            max_moves: self.max_moves,
            threads: wanted.threads,
            stop: wanted.stop,
            quick_first: wanted.quick_first,
            started: Instant::now(),
        };
        let route = Route::of(&instance, algo, heuristic, &request, &self.tables)?;
        if let (Algo::Auto, Route::Small(_)) = (algo, route) {
            if let Some(solution) = self.goals.solve(&instance) {
                return Ok(solution);
            }
        }
        route.solve(instance, &request, &self.tables, None)
    }
}

/// How one instance is searched, besides the solver's limits.
pub(crate) struct Wanted {
    /// The threads its search may take (1 in a batch).
    pub(crate) threads: usize,
    /// One board: quick tables first where the strong are not cached.
    pub(crate) quick_first: bool,
    /// Set by another thread to stop the search.
    pub(crate) stop: Option<Arc<AtomicBool>>,
    /// The near-optimal route's time, if not the solver's own.
    pub(crate) budget: Option<Duration>,
}

/// Whether `start` can reach `goal` (by default the tiles in order, the
/// blank last), both written as the command line reads them.
///
/// ```
/// assert_eq!(slide_cli::solvable("1 2 3 / 4 5 6 / 8 7 _", None).unwrap(), false);
/// assert_eq!(slide_cli::solvable("1 2 3 / 4 5 6 / 8 7 _", Some("1 2 3 / 4 5 6 / 8 7 _")).unwrap(), true);
/// ```
pub fn solvable(start: &str, goal: Option<&str>) -> Result<bool, CliError> {
    let instance = Instance::read(start, goal, None)?;
    Ok(instance.start.reaches(&instance.goal))
}

/// The goals a solver meets, each with how many searches went to it and,
/// from the [`TABLE_FROM`]th on a board of at most [`DENSE_MAX_CELLS`]
/// cells, its complete distance table, which answers the rest at once
/// (the policy of `slide_solvers::ToTarget`, shared by the threads).
#[derive(Default)]
struct Goals {
    goals: Mutex<HashMap<Board, Arc<Goal>>>,
}

/// A goal of [`Goals`].
#[derive(Default)]
struct Goal {
    searched: AtomicUsize,
    table: OnceLock<Option<DistanceTable>>,
}

impl Goals {
    /// The distance table that answers searches towards `goal`, once it is
    /// met often enough to be worth one.
    fn table(&self, goal: &Board) -> Option<Arc<Goal>> {
        if goal.shape().cells() > DENSE_MAX_CELLS {
            return None;
        }
        let entry = {
            let mut goals = self.goals.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            Arc::clone(goals.entry(*goal).or_default())
        };
        let searched = entry.searched.fetch_add(1, Ordering::Relaxed) + 1;
        if searched < TABLE_FROM {
            return None;
        }
        entry
            .table
            .get_or_init(|| DistanceTable::for_target(goal).ok())
            .is_some()
            .then_some(entry)
    }

    /// `instance` answered by its goal's distance table, when a search
    /// would run (not an unsolvable pair, nor a start that is its goal) and
    /// the goal has one.
    fn solve(&self, instance: &Instance) -> Option<Solution> {
        let started = Instant::now();
        let (start, goal) = instance.packed()?;
        if !answer_without_search(&start, &goal).is_ok_and(|answer| answer.is_none()) {
            return None;
        }
        let entry = self.table(&goal)?;
        let table = entry
            .table
            .get()
            .and_then(Option::as_ref)
            .expect("the goal has its table");
        let answer = table.solve(&start, &goal).expect("the table was made for the goal");
        Some(Solution {
            instance: Instance {
                start: instance.start.clone(),
                goal: instance.goal.clone(),
            },
            found: Found::One(answer.path.map(PackedPath::from)),
            algorithm: "distance_table".to_string(),
            stats: Some(answer.stats),
            quality: Quality::Optimal,
            seconds: started.elapsed().as_secs_f64(),
        })
    }
}
