//! The route of an instance: the one place that decides where it goes
//! (the small boards' searches, the wide boards', or the reduction) and
//! which estimate a search takes by default, for boards of every size and
//! what the cache holds; `slide solve` and `slide batch` both run it. (A
//! puzzle on a graph is read apart: `--graph`, `graph.rs`.)

use indicatif::ProgressBar;

use crate::args::{Algo, HeuristicArg, Limits};
use crate::error::{bad_input, CliError};
use crate::estimate::{name_of, Packing, ResolvedEstimate};
use crate::instance::Instance;
use crate::small::{self, Ask, Plan};
use crate::solution::Solution;
use crate::wide::{self, Search};

/// Where an instance goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// At most 16 cells: the searches of the packed `u64` boards.
    Small(Plan),
    /// Beyond: an optimal search on a wide packing.
    Wide(Search),
    /// `auto` beyond 16 cells up to `near::NEAR_MAX_CELLS`: the shortest
    /// path found within the budget, with the estimate given.
    Near(HeuristicArg),
    /// `auto` beyond `near::NEAR_MAX_CELLS` cells, or `--algo reduce`: the
    /// reduction, fast and not optimal.
    Reduce,
}

/// What is asked of a route, besides the instance.
pub(crate) struct Request {
    /// An order's first shortest path, or every shortest path.
    pub(crate) ask: Ask,
    /// Every board along the path, drawn.
    pub(crate) show: bool,
    pub(crate) limits: Limits,
    /// The longest path the reduction may give.
    pub(crate) max_moves: u64,
    /// The threads a search may take (1 in a batch, whose lines run side
    /// by side).
    pub(crate) threads: usize,
    /// Set by another thread to stop the search (the Python package's
    /// Ctrl-C); `None` where nothing stops it but its limits.
    pub(crate) stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// One board, not a batch: a 4x4 goal whose strong tables are not
    /// cached is tried with quick ones first (`small::QUICK_SPLIT`); a batch
    /// builds the strong ones, which pay over many boards.
    pub(crate) quick_first: bool,
    /// When the request was made: the near-optimal route's budget counts
    /// from here, tables read or built included.
    pub(crate) started: slide_core::Instant,
}

/// The tables a run reads or builds, kept for the run: the pattern
/// databases of up to 16 cells and the placement tables of 5x5, 6x6 and 7x7.
pub(crate) struct Tables {
    pub(crate) small: small::Tables,
    pub(crate) placement: wide::Tables,
}

impl Tables {
    /// The tables of a run, each read or built as first needed.
    pub(crate) fn new() -> Tables {
        Tables {
            small: small::tables(),
            placement: wide::Tables::default(),
        }
    }
}

impl Route {
    /// Where `instance` goes for `algo` and `heuristic` as asked, and
    /// whether that route can answer `request`: one decision, made once.
    pub(crate) fn of(
        instance: &Instance,
        algo: Algo,
        heuristic: Option<HeuristicArg>,
        request: &Request,
        tables: &Tables,
    ) -> Result<Route, CliError> {
        // Resolved only where a search takes it: the default may read the
        // cache (the 24-puzzle's tables, to see that they are whole).
        let estimate = || ResolvedEstimate::resolve(heuristic, instance, Packing::of(instance), tables);
        let route = match (algo, instance.cells() <= slide_core::MAX_CELLS) {
            (Algo::Reduce, _) => Route::Reduce,
            (_, true) => Route::Small(Plan::choose(algo, estimate().heuristic)),
            // Past the optimal searches, the shortest path found within the
            // budget, with the policy's default estimate (Korf and Felner's
            // tables on 5x5 where cached).
            (Algo::Auto, false) if instance.cells() <= crate::near::NEAR_MAX_CELLS && heuristic.is_none() => {
                Route::Near(estimate().heuristic)
            }
            (Algo::Auto, false) => Route::Reduce,
            (Algo::Idastar, false) => Route::Wide(Search::IdaStar(estimate().heuristic)),
            (Algo::Astar, false) => Route::Wide(Search::Astar(estimate().heuristic)),
            (Algo::Bidi, false) => match heuristic {
                Some(heuristic) => {
                    return Err(bad_input(format!(
                        "--heuristic {} is for IDA* and A*; bidirectional BFS uses none",
                        name_of(heuristic)
                    )))
                }
                None => Route::Wide(Search::Bidi),
            },
            (Algo::Bfs, false) => {
                return Err(bad_input(
                    "--algo bfs is for boards of at most 16 cells; beyond, --algo idastar, astar or bidi finds a shortest path",
                ))
            }
        };
        let special = request.ask.all.is_some() || request.ask.order != slide_core::MoveOrder::KORF || request.show;
        match route {
            Route::Reduce | Route::Near(_) if special || heuristic.is_some() => Err(bad_input(
                "--all, --order, --show and --heuristic need an optimal search: --algo idastar (or astar, bidi)",
            )),
            Route::Wide(_) if special => Err(bad_input(
                "--all, --order and --show are for boards of at most 16 cells",
            )),
            route => Ok(route),
        }
    }

    /// Solves `instance` by this route, its progress shown on `spinner`.
    pub(crate) fn solve(
        self,
        instance: Instance,
        request: &Request,
        tables: &Tables,
        spinner: Option<&ProgressBar>,
    ) -> Result<Solution, CliError> {
        match self {
            Route::Small(plan) => small::solve(instance, plan, request, &tables.small, spinner),
            Route::Wide(search) => wide::solve(instance, search, request, &tables.placement, spinner),
            Route::Near(heuristic) => crate::near::solve(instance, heuristic, request, tables),
            Route::Reduce => crate::reduce::solve(instance, request.max_moves),
        }
    }
}

/// The move machine the long searches skip moves by, from the cache
/// (built and saved there on first need, about two seconds).
pub(crate) fn move_fsm() -> &'static slide_solvers::MoveFsm {
    slide_cache::shared_move_fsm(&slide_cache::cache_dir(), |why| {
        crate::error::say(&format!("warning: {why}"))
    })
}
