//! The route of boards of at most 16 cells: which search solves them
//! (`Plan`), with which tables, and running it on the packed `u64` boards.

use clap::ValueEnum;
use itertools::Itertools;
use std::sync::Mutex;
use std::time::Duration;

use indicatif::ProgressBar;

use slide_cache::{Databases, Unavailable};
use slide_core::{Board, Instant, MoveOrder, Shape};
use slide_pattern_db::{check_split, patterns_for, AdditivePdb, Split};
use slide_solvers::{
    all_shortest_paths, answer_without_search, astar_with, bfs_with, bidirectional_bfs_with, ida_star_all,
    ida_star_in_order, parallel_ida_star, parallel_ida_star_pruned, shortest_path_in_order, state_memory, AllPaths,
    Answer, Budget, Heuristic, LinearConflict, Manhattan, MaxOf, MoveFsm, PatternMismatch, Progress, SearchError,
    WalkingDistance, BYTES_PER_STATE, DENSE_MAX_CELLS,
};

use crate::args::{Algo, HeuristicArg};
use crate::error::{bad_input, say, CliError};
use crate::instance::Instance;
use crate::packed::PackedPath;
use crate::route::Request;
use crate::solution::{Found, Quality, Solution};

/// The split whose pattern databases the command line uses.
pub(crate) const SPLIT: Split = Split::SixSixThree;

/// The split `slide solve` uses while [`SPLIT`]'s tables for the goal are
/// not in the cache: it builds in about a third of a second where 6-6-3
/// takes three (2 cores), and solves random 15-puzzles in a tenth of a
/// second.
const QUICK_SPLIT: Split = Split::FiveFiveFive;

/// How long a search with the quick split's tables runs before the
/// strong tables are built and the search starts over with them.
const QUICK_TRIAL: Duration = Duration::from_secs(2);

/// The command line's pattern databases, from the cache folder; a line on
/// standard error says when built tables cannot be saved there.
pub(crate) struct Tables {
    strong: Databases,
    /// For one board: [`QUICK_SPLIT`]'s tables, tried first while the
    /// strong ones are not cached. A batch of boards builds the strong ones.
    quick: Databases,
    /// The split of the last search with pattern databases.
    used: Mutex<Split>,
    /// [`Split::SevenEight`]'s tables, read (or built) only when asked for.
    largest: Databases,
}

/// The command line's tables, read or built as first needed.
pub(crate) fn tables() -> Tables {
    let databases =
        |split| Databases::new(slide_cache::cache_dir(), split).with_notice(|line| say(&format!("warning: {line}")));
    Tables {
        strong: databases(SPLIT),
        quick: databases(QUICK_SPLIT),
        used: Mutex::new(SPLIT),
        largest: databases(Split::SevenEight),
    }
}

impl Tables {
    /// Records the split the search takes, for its name.
    fn use_split(&self, split: Split) {
        *self.used.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = split;
    }

    /// The estimate `heuristic` of the moves from `start` to `goal`, with
    /// the tables a search takes (read, or built, on first need).
    pub(crate) fn estimate(&self, heuristic: HeuristicArg, start: &Board, goal: &Board) -> Result<u32, CliError> {
        let value = match heuristic {
            HeuristicArg::Manhattan => Manhattan.estimate(start, goal),
            HeuristicArg::LinearConflict => LinearConflict.estimate(start, goal),
            HeuristicArg::WalkingDistance => walking_distance().estimate(start, goal),
            HeuristicArg::Pdb => tables_for(&self.strong, goal, None)?.estimate(start, goal),
            HeuristicArg::Pdb78 => tables_for(&self.largest, goal, None)?.estimate(start, goal),
        };
        value.map_err(|mismatch| mismatched(&mismatch, goal))
    }

    /// Whether the 7-8 tables for `goal` are in the cache.
    pub(crate) fn largest_ready(&self, goal: &Board) -> bool {
        self.largest.ready(goal)
    }

    /// The quick tables, when they are to stand in for the strong ones
    /// towards `goal` in a search of one board (`quick_first`): the strong
    /// ones fit it but are not cached (the two splits fit the same boards).
    fn quick_for(&self, goal: &Board, quick_first: bool) -> Option<&Databases> {
        let stand_in = quick_first && !self.strong.ready(goal) && check_split(self.strong.split(), goal).is_ok();
        stand_in.then_some(&self.quick)
    }
}

/// A start and its goal packed in a `u64` each.
pub(crate) struct Packed {
    pub(crate) start: Board,
    pub(crate) goal: Board,
}

impl Packed {
    /// The packed boards of `instance`, if it has at most 16 cells.
    pub(crate) fn of(instance: &Instance) -> Option<Packed> {
        let (start, goal) = instance.packed()?;
        Some(Packed { start, goal })
    }
}

/// How an instance is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Breadth-first search.
    Bfs,
    /// Bidirectional breadth-first search.
    Bidi,
    /// IDA* with an estimate.
    IdaStar(HeuristicArg),
    /// A* with an estimate.
    Astar(HeuristicArg),
    /// A complete distance table, walked: for orders and counts of paths on
    /// boards of at most 10 cells, which breadth-first searches and A* do
    /// not give.
    Table,
}

/// What a plan returns: one shortest path, or all of them.
pub(crate) enum Answered {
    /// A shortest path (none when unsolvable).
    One(Answer),
    /// Every shortest path, counted and listed up to a limit (`None` when
    /// unsolvable).
    All(Option<AllPaths>),
}

/// What is asked of a search, besides the instance.
#[derive(Clone, Copy)]
pub(crate) struct Ask {
    /// The order whose first shortest path is wanted.
    pub(crate) order: MoveOrder,
    /// Every shortest path, listing at most this many; `None` for one path.
    pub(crate) all: Option<usize>,
}

impl Ask {
    /// One shortest path, any.
    pub(crate) const ONE: Ask = Ask {
        order: MoveOrder::KORF,
        all: None,
    };
}

impl Plan {
    /// What `algo` means with the estimate `heuristic` (the one asked, or
    /// the default: `crate::estimate::default_for`).
    ///
    /// `auto`, as measured per shape (`benches/src/bin/shapes.rs` per
    /// search, and whole runs of `slide solve`; `record/` holds the
    /// figures): IDA* with the strongest estimate there is for the goal, on
    /// every shape. It is the fastest search on every shape where any
    /// search finishes in seconds, and needs no memory.
    pub(crate) fn choose(algo: Algo, heuristic: HeuristicArg) -> Plan {
        match algo {
            Algo::Bfs => Plan::Bfs,
            Algo::Bidi => Plan::Bidi,
            Algo::Auto | Algo::Idastar => Plan::IdaStar(heuristic),
            Algo::Astar => Plan::Astar(heuristic),
            // `slide solve` takes the reduction before choosing a plan.
            Algo::Reduce => Plan::IdaStar(heuristic),
        }
    }

    /// The plan's name in output for boards going to `goal`, after a
    /// search with `tables`: `bfs`, `bidirectional_bfs`, `ida_star/manhattan`,
    /// `ida_star/pdb-6-6-3`...
    pub(crate) fn name(self, goal: &Board, tables: &Tables) -> String {
        let split = *tables.used.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let estimate = |heuristic: HeuristicArg| match heuristic {
            HeuristicArg::Manhattan => Heuristic::<Board>::name(&Manhattan),
            HeuristicArg::LinearConflict => Heuristic::<Board>::name(&LinearConflict),
            HeuristicArg::WalkingDistance => walking_distance().name(),
            HeuristicArg::Pdb => match patterns_for(split, goal.shape(), goal.blank()) {
                Ok(patterns) => format!("pdb-{}", patterns.iter().map(Vec::len).format("-")),
                Err(_) => format!("pdb-{}", split.name()),
            },
            HeuristicArg::Pdb78 => format!("pdb-{}", Split::SevenEight.name()),
        };
        match self {
            Plan::Bfs => "bfs".to_string(),
            Plan::Bidi => "bidirectional_bfs".to_string(),
            Plan::IdaStar(heuristic) => format!("ida_star/{}", estimate(heuristic)),
            Plan::Astar(heuristic) => format!("astar/{}", estimate(heuristic)),
            Plan::Table => "distance_table".to_string(),
        }
    }

    /// The plan that answers `ask` on boards of `shape`: this one, or, for
    /// an order or every path on a board of at most 10 cells, a distance
    /// table in place of the searches that cannot give them. Beyond 10
    /// cells only IDA* gives them.
    pub(crate) fn for_ask(self, ask: Ask, shape: Shape) -> Result<Plan, CliError> {
        let special = ask.order != MoveOrder::KORF || ask.all.is_some();
        match self {
            Plan::IdaStar(_) | Plan::Table => Ok(self),
            _ if !special => Ok(self),
            _ if shape.cells() <= DENSE_MAX_CELLS => Ok(Plan::Table),
            _ => Err(bad_input(
                "--order and --all work with IDA* beyond 10 cells: use --algo auto or idastar",
            )),
        }
    }

    /// Solves `instance` as `ask` asks: of the shortest paths, the first in
    /// its order, or all of them (see [`Plan::for_ask`] for the plan that
    /// can answer). A plan that cannot serve the goal is refused first;
    /// then what needs no search (an unsolvable pair, a start that is its
    /// goal) is answered, so no table is built for it; pattern databases
    /// come from `tables`, built there on first need. The search spends at
    /// most `budget`.
    pub(crate) fn run_asking(
        self,
        instance: &Packed,
        tables: &Tables,
        (ask, quick_first): (Ask, bool),
        budget: &mut Budget,
    ) -> Result<Answered, CliError> {
        let (start, goal) = (&instance.start, &instance.goal);
        // The time allowed covers building tables too: it runs from here.
        let limit = budget.time_limit;
        let deadline = limit.map(|limit| Instant::now() + limit);
        let heuristic = match self {
            Plan::IdaStar(heuristic) | Plan::Astar(heuristic) => Some(heuristic),
            Plan::Bfs | Plan::Bidi | Plan::Table => None,
        };
        if self == Plan::Table {
            return Ok(match ask.all {
                Some(limit) => Answered::All(all_shortest_paths(start, goal, ask.order, limit, budget)?),
                None => Answered::One(shortest_path_in_order(start, goal, ask.order, budget)?),
            });
        }
        if ask.all.is_none() {
            if let Some(answer) = answer_without_search(start, goal)? {
                return Ok(Answered::One(answer));
            }
        }
        let search = match (self, ask.all) {
            (Plan::Bfs, _) => return Ok(Answered::One(bfs_with(start, goal, budget)?)),
            (Plan::Bidi, _) => return Ok(Answered::One(bidirectional_bfs_with(start, goal, budget)?)),
            (Plan::Table, _) => unreachable!("answered above"),
            (Plan::Astar(_), _) => Search::Astar,
            (Plan::IdaStar(_), Some(limit)) => Search::All(limit),
            (Plan::IdaStar(_), None) => Search::IdaStar,
        };
        let mut run = Run {
            search,
            instance,
            order: ask.order,
            fsm: None,
        };
        let outcome = match heuristic.expect("the searches left take an estimate") {
            HeuristicArg::Manhattan => run.with(Manhattan, budget),
            HeuristicArg::LinearConflict => run.with(LinearConflict, budget),
            HeuristicArg::WalkingDistance => run.with(walking_distance(), budget),
            HeuristicArg::Pdb78 => {
                tables.use_split(Split::SevenEight);
                let pdb = tables_for(&tables.largest, goal, deadline)?;
                budget.time_limit = time_left(deadline);
                run.fsm = Some(crate::route::move_fsm());
                run.with(pdb, budget).map_err(|error| whole_limit(error, limit))
            }
            HeuristicArg::Pdb => {
                tables.use_split(SPLIT);
                if let Some(quick) = tables.quick_for(goal, quick_first) {
                    // The quick tables first; if they take too long, the
                    // strong ones, in the time that is left.
                    let pdb = tables_for(quick, goal, deadline)?;
                    let left = time_left(deadline);
                    let mut trial = Budget {
                        time_limit: Some(left.map_or(QUICK_TRIAL, |left| left.min(QUICK_TRIAL))),
                        progress: budget.progress.as_mut().map(|p| &mut **p as &mut dyn FnMut(&Progress)),
                        ..*budget
                    };
                    match run.with(pdb, &mut trial) {
                        Err(SearchError::OutOfTime { .. }) if left.is_none_or(|left| left > QUICK_TRIAL) => {}
                        outcome => {
                            tables.use_split(QUICK_SPLIT);
                            return Ok(outcome.map_err(|error| whole_limit(error, limit))?);
                        }
                    }
                }
                let pdb = tables_for(&tables.strong, goal, deadline)?;
                budget.time_limit = time_left(deadline);
                // A search past the quick trial: the move machine's build
                // (about 1.8 s) pays.
                run.fsm = Some(crate::route::move_fsm());
                run.with(pdb, budget).map_err(|error| whole_limit(error, limit))
            }
        };
        outcome.map_err(|error| match error {
            SearchError::Heuristic(mismatch) => mismatched(&mismatch, goal),
            error => error.into(),
        })
    }
}

/// The error for an estimate that does not serve `goal`: why, and the
/// strongest one that does.
fn mismatched(mismatch: &PatternMismatch, goal: &Board) -> CliError {
    let name = crate::estimate::strongest_packed(goal)
        .to_possible_value()
        .map(|value| value.get_name().to_string());
    bad_input(format!("{mismatch}; use --heuristic {}", name.unwrap_or_default()))
}

/// The tables of `databases` for `goal`, read or built on first need
/// until `deadline`; an error when the split does not fit the goal (the
/// one check that it does), and when the time runs out first.
fn tables_for<'d>(
    databases: &'d Databases,
    goal: &Board,
    deadline: Option<Instant>,
) -> Result<&'d AdditivePdb, CliError> {
    databases.for_target_until(goal, deadline).map_err(|error| match error {
        Unavailable::Mismatch(mismatch) => mismatched(&mismatch, goal),
        error => CliError {
            status: 1,
            message: error.to_string(),
        },
    })
}

/// `error`, a search's that ran out of the time left, as out of the
/// whole time `limit` the run was given.
fn whole_limit(error: SearchError, limit: Option<Duration>) -> SearchError {
    match (error, limit) {
        (SearchError::OutOfTime { .. }, Some(limit)) => SearchError::OutOfTime { limit },
        (error, _) => error,
    }
}

/// The time left until `deadline` (none if there is none).
fn time_left(deadline: Option<Instant>) -> Option<Duration> {
    deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()))
}

/// The searches that take any estimate.
#[derive(Clone, Copy)]
enum Search {
    IdaStar,
    Astar,
    /// IDA* for every shortest path, listing at most this many.
    All(usize),
}

/// One of those searches, asked of an instance.
struct Run<'a> {
    search: Search,
    instance: &'a Packed,
    order: MoveOrder,
    /// The move machine IDA* in Korf's order skips moves by, if any (the
    /// long searches: see `MoveFsm::LONGEST`).
    fsm: Option<&'static MoveFsm>,
}

impl Run<'_> {
    /// The search with the estimate `heuristic`.
    ///
    /// IDA* in Korf's order runs on every core (its searches of up to a
    /// million nodes on one); in another order on one, which is what keeps
    /// its path the first in that order.
    fn with<H: Heuristic + Sync>(&self, heuristic: H, budget: &mut Budget) -> Result<Answered, SearchError> {
        let (start, goal) = (&self.instance.start, &self.instance.goal);
        let cores = crate::threads::thread_count(None);
        Ok(match self.search {
            Search::IdaStar if self.order == MoveOrder::KORF => Answered::One(match self.fsm {
                Some(fsm) => parallel_ida_star_pruned(start, goal, heuristic, cores, fsm, budget)?,
                None => parallel_ida_star(start, goal, heuristic, cores, budget)?,
            }),
            Search::IdaStar => Answered::One(ida_star_in_order(start, goal, heuristic, self.order, budget)?),
            Search::Astar => Answered::One(astar_with(start, goal, heuristic, budget)?),
            Search::All(limit) => Answered::All(ida_star_all(start, goal, heuristic, self.order, limit, budget)?),
        })
    }
}

/// Solves `instance` (of at most 16 cells) by `plan` as `request` asks,
/// its progress shown on `spinner`.
pub(crate) fn solve(
    instance: Instance,
    plan: Plan,
    request: &Request,
    tables: &Tables,
    spinner: Option<&ProgressBar>,
) -> Result<Solution, CliError> {
    let packed = Packed::of(&instance).expect("the small route takes boards of at most 16 cells");
    let plan = plan.for_ask(request.ask, packed.start.shape())?;
    let mut show_progress = |progress: &Progress| {
        if let Some(spinner) = spinner {
            spinner.set_message(describe(plan, &packed.goal, tables, progress));
            spinner.tick();
        }
    };
    let mut budget = Budget {
        max_states: request.limits.states(BYTES_PER_STATE),
        time_limit: request.limits.timeout,
        progress: Some(&mut show_progress),
        stop: request.stop.as_deref(),
        ..Budget::default()
    };
    let started = Instant::now();
    let outcome = plan.run_asking(&packed, tables, (request.ask, request.quick_first), &mut budget)?;
    let seconds = started.elapsed().as_secs_f64();
    let (found, stats) = match outcome {
        Answered::One(answer) => (Found::One(answer.path.map(PackedPath::from)), answer.stats),
        Answered::All(all) => {
            let stats = all.as_ref().map_or_else(Default::default, |all| all.stats);
            (Found::All(all), stats)
        }
    };
    Ok(Solution {
        instance,
        found,
        algorithm: plan.name(&packed.goal, tables),
        stats: Some(stats),
        quality: Quality::Optimal,
        seconds,
    })
}

/// A running search's progress in words: its layer or bound, the states it
/// stores, the nodes it made and how fast.
fn describe(plan: Plan, goal: &Board, tables: &Tables, progress: &Progress) -> String {
    let seconds = progress.elapsed.as_secs_f64().max(1e-9);
    let rate = progress.generated as f64 / seconds / 1e6;
    match plan {
        Plan::IdaStar(_) | Plan::Astar(_) => format!(
            "{}: bound {}, {} nodes, {rate:.1} M nodes/s, {seconds:.0} s",
            plan.name(goal, tables),
            progress.depth,
            progress.generated
        ),
        Plan::Bfs | Plan::Bidi | Plan::Table => format!(
            "{}: depth {}, {} states stored (at most {}), {rate:.1} M nodes/s, {seconds:.0} s",
            plan.name(goal, tables),
            progress.depth,
            progress.stored,
            state_memory(progress.stored, BYTES_PER_STATE)
        ),
    }
}

/// What `--heuristic walking-distance` names: the larger of walking
/// distance and linear conflict.
fn walking_distance() -> MaxOf<WalkingDistance, LinearConflict> {
    MaxOf(WalkingDistance, LinearConflict)
}
