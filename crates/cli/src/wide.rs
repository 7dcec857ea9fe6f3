//! The route of boards beyond 16 cells to an optimal search, on the wide
//! packings of `slide_solvers` (`u128` up to 25 cells, a byte a cell up to
//! 128): IDA* (on every core in `solve`), A* or bidirectional BFS; and on
//! 5x5, with Korf and Felner's tables cached, the near-optimal search
//! (`wide_near_optimal`), a path with its bound.

use std::collections::HashMap;
use std::sync::Mutex;

use indicatif::ProgressBar;
use slide_core::Instant;
use slide_pattern_db::{placement_split, PlacementPdb};
use slide_solvers::{
    parallel_ida_star, parallel_ida_star_pruned, wide_astar, wide_astar_state_bytes, wide_bidirectional_bfs,
    wide_bidirectional_state_bytes, Answer, Budget, Cells, Heuristic, LinearConflict, Manhattan, MoveFsm, Progress,
    SearchError, WideBoard, WideTiles,
};

use crate::args::HeuristicArg;
use crate::error::{bad_input, CliError};
use crate::estimate::{fits, name_of, Packing};
use crate::instance::Instance;
use crate::packed::PackedPath;
use crate::route::Request;
use crate::solution::{Found, Quality, Solution};

/// The most cells an optimal search takes (`Cells` packs them).
const MAX_CELLS: usize = 128;

/// The searches beyond 16 cells but the reduction, each with its estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Search {
    IdaStar(HeuristicArg),
    Astar(HeuristicArg),
    Bidi,
}

/// The placement tables (Korf and Felner's on 5x5, the 35-puzzle's on
/// 6x6, the 48-puzzle's on 7x7), for each shape and corner of the goal's blank a run meets, loaded
/// (or built) on first need and kept for the run.
#[derive(Default)]
pub(crate) struct Tables {
    by_corner: Mutex<HashMap<(usize, usize), PlacementPdb>>,
}

/// Solves `instance` by `search` as `request` asks, its progress shown on
/// `spinner`; the time allowed counts the tables' build.
pub(crate) fn solve(
    instance: Instance,
    search: Search,
    request: &Request,
    tables: &Tables,
    spinner: Option<&ProgressBar>,
) -> Result<Solution, CliError> {
    let cells = instance.cells();
    if cells > MAX_CELLS {
        return Err(bad_input(format!(
            "the optimal searches take boards of at most {MAX_CELLS} cells, not {}x{}; --algo auto reduces any board",
            instance.start.rows(),
            instance.start.cols()
        )));
    }
    let started = Instant::now();
    let (answer, algorithm, quality) = match cells {
        0..=25 => run_packed::<u128>(&instance, search, request, tables, spinner)?,
        _ => run_packed::<Cells>(&instance, search, request, tables, spinner)?,
    };
    Ok(Solution {
        instance,
        found: Found::One(answer.path.map(PackedPath::from)),
        algorithm,
        stats: Some(answer.stats),
        quality,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// A search's answer, its name, and what is known of its length.
type Searched = (Answer, String, Quality);

/// [`solve`] with the tiles packed as `T`.
fn run_packed<T: WideTiles + Send + Sync>(
    instance: &Instance,
    search: Search,
    request: &Request,
    tables: &Tables,
    spinner: Option<&ProgressBar>,
) -> Result<Searched, CliError> {
    let (start, goal) = (
        WideBoard::<T>::of(&instance.start).map_err(bad_input)?,
        WideBoard::<T>::of(&instance.goal).map_err(bad_input)?,
    );
    let deadline = request.limits.timeout.map(|limit| Instant::now() + limit);
    let run = |estimate| informed(search, request, &start, &goal, estimate, deadline, spinner);
    let heuristic = match search {
        Search::Bidi => return run(LoadedEstimate::None),
        Search::IdaStar(heuristic) | Search::Astar(heuristic) => heuristic,
    };
    if !fits(heuristic, Packing::Wide, (start.rows(), start.cols())) {
        return Err(bad_input(format!(
            "--heuristic {} is for boards of at most 16 cells (pdb for 5x5, 6x6 and 7x7 too); beyond, use manhattan or linear-conflict",
            name_of(heuristic)
        )));
    }
    match heuristic {
        HeuristicArg::Manhattan => run(LoadedEstimate::Manhattan),
        HeuristicArg::LinearConflict => run(LoadedEstimate::LinearConflict),
        HeuristicArg::Pdb => {
            // What needs no search is answered before any table is built.
            if let Some(answer) = slide_solvers::Position::answer_without_search(&start, &goal)? {
                let split = placement_split(goal.rows(), goal.cols()).expect("pdb fits the board");
                let name = format!("{}/{}", search_name(search), split.name());
                return Ok((answer, name, Quality::Optimal));
            }
            let pdb = tables.for_goal((goal.rows(), goal.cols()), goal.blank(), deadline)?;
            run(LoadedEstimate::Pdb(&pdb))
        }
        HeuristicArg::WalkingDistance | HeuristicArg::Pdb78 => unreachable!("refused above: they fit no wide board"),
    }
}

/// The estimates a search beyond 16 cells can use.
enum LoadedEstimate<'a> {
    None,
    Manhattan,
    LinearConflict,
    Pdb(&'a PlacementPdb),
}

/// The search's name as the command line writes it.
fn search_name(search: Search) -> &'static str {
    match search {
        Search::IdaStar(_) => "ida_star",
        Search::Astar(_) => "astar",
        Search::Bidi => "bidirectional_bfs",
    }
}

/// `search` with `estimate`, within the limits and `deadline`, its progress
/// shown on `spinner`: IDA* on `request.threads` threads, A*, or (with no
/// estimate) bidirectional BFS.
fn informed<T: WideTiles>(
    search: Search,
    request: &Request,
    start: &WideBoard<T>,
    goal: &WideBoard<T>,
    estimate: LoadedEstimate,
    deadline: Option<Instant>,
    spinner: Option<&ProgressBar>,
) -> Result<Searched, CliError> {
    let name = match &estimate {
        LoadedEstimate::None => search_name(search).to_string(),
        LoadedEstimate::Manhattan => named::<T, _>(search, &Manhattan),
        LoadedEstimate::LinearConflict => named::<T, _>(search, &LinearConflict),
        LoadedEstimate::Pdb(pdb) => named::<T, _>(search, pdb),
    };
    let mut show = |progress: &Progress| {
        if let Some(spinner) = spinner {
            let seconds = progress.elapsed.as_secs_f64().max(1e-9);
            let rate = progress.generated as f64 / seconds / 1e6;
            let stage = match search {
                Search::Bidi => format!("depth {}, {} boards stored", progress.depth, progress.stored),
                _ => format!("bound {}", progress.depth),
            };
            spinner.set_message(format!(
                "{name}: {stage}, {} nodes, {rate:.1} M nodes/s, {seconds:.0} s",
                progress.generated
            ));
        }
    };
    // IDA* stores nothing; the others as much as their states cost.
    let state_bytes = match search {
        Search::Bidi => wide_bidirectional_state_bytes::<T>(),
        _ => wide_astar_state_bytes::<T>(),
    };
    let mut budget = Budget {
        max_states: request.limits.states(state_bytes),
        time_limit: deadline.map(|deadline| deadline.saturating_duration_since(Instant::now())),
        stop: request.stop.as_deref(),
        progress: Some(&mut show),
        ..Budget::default()
    };
    let answer = match estimate {
        LoadedEstimate::None => wide_bidirectional_bfs(start, goal, &mut budget),
        LoadedEstimate::Manhattan => with(search, request, start, goal, Manhattan, None, &mut budget),
        LoadedEstimate::LinearConflict => with(search, request, start, goal, LinearConflict, None, &mut budget),
        // Korf and Felner's tables: a search of minutes, where the move
        // machine's build (about 1.8 s) pays.
        LoadedEstimate::Pdb(pdb) => with(
            search,
            request,
            start,
            goal,
            pdb,
            Some(crate::route::move_fsm()),
            &mut budget,
        ),
    };
    Ok((
        answer.map_err(|error| whole_limit(error, request))?,
        name,
        Quality::Optimal,
    ))
}

/// Each iteration or stage ran with the time that was left: the error
/// names the whole limit.
fn whole_limit(error: SearchError, request: &Request) -> SearchError {
    match (error, request.limits.timeout) {
        (SearchError::OutOfTime { .. }, Some(limit)) => SearchError::OutOfTime { limit },
        (error, _) => error,
    }
}

/// The name of `search` with `heuristic`, such as `ida_star/manhattan`.
fn named<T: WideTiles, H: Heuristic<WideBoard<T>>>(search: Search, heuristic: &H) -> String {
    format!("{}/{}", search_name(search), heuristic.name())
}

/// IDA* on `request.threads` threads (skipping the moves `fsm` skips, if
/// any), or A*, with `heuristic`.
fn with<T: WideTiles, H: Heuristic<WideBoard<T>> + Sync>(
    search: Search,
    request: &Request,
    start: &WideBoard<T>,
    goal: &WideBoard<T>,
    heuristic: H,
    fsm: Option<&MoveFsm>,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    match (search, fsm) {
        (Search::Astar(_), _) => wide_astar(start, goal, heuristic, budget),
        (_, Some(fsm)) => parallel_ida_star_pruned(start, goal, heuristic, request.threads, fsm, budget),
        (_, None) => parallel_ida_star(start, goal, heuristic, request.threads, budget),
    }
}

impl Tables {
    /// The placement tables of a `rows` by `cols` goal whose blank is in
    /// the corner `blank`, from the cache, built there on first need until
    /// `deadline`.
    pub(crate) fn for_goal(
        &self,
        (rows, cols): (usize, usize),
        blank: usize,
        deadline: Option<Instant>,
    ) -> Result<PlacementPdb, CliError> {
        let split = placement_split(rows, cols).ok_or_else(|| {
            bad_input(format!(
                "no pattern databases for {rows}x{cols} boards (5x5, 6x6 and 7x7 have them); use --heuristic linear-conflict"
            ))
        })?;
        split
            .patterns(blank)
            .map_err(|mismatch| bad_input(format!("{mismatch}; use --heuristic linear-conflict")))?;
        // One build at a time: the others wait for it rather than repeat it.
        let mut by_corner = self.by_corner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(pdb) = by_corner.get(&(split.side, blank)) {
            return Ok(pdb.clone());
        }
        let dir = slide_cache::cache_dir();
        let loaded = slide_cache::load_or_build_placement(&dir, &split, blank, deadline).map_err(|error| CliError {
            status: 1,
            message: error.to_string(),
        })?;
        let Some((pdb, reports)) = loaded else {
            return Err(CliError {
                status: 1,
                message: slide_cache::placement_not_ready(&dir, &split),
            });
        };
        for report in &reports {
            if let slide_cache::Origin::Built {
                not_saved: Some(why), ..
            } = &report.origin
            {
                crate::error::say(&format!(
                    "warning: the {}'s tables cannot be saved ({why}); they will be built again next time",
                    split.puzzle
                ));
            }
        }
        by_corner.insert((split.side, blank), pdb.clone());
        Ok(pdb)
    }
}
