//! Shortest paths on boards beyond 16 cells, on the wide boards of
//! `slide_solvers`: `slide solve` and `slide batch` with `--algo idastar`
//! (on every core in `solve`), `astar` or `bidi`; and with `--algo auto`
//! on 5x5 once Korf and Felner's tables are cached, a near-optimal path
//! with its bound (`wide_near_optimal`).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use clap::ValueEnum;
use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use slide_core::LargeBoard;
use slide_core::{path_string, Move, MoveOrder};
use slide_pattern_db::PlacementPdb;
use slide_solvers::{
    parallel_ida_star, states_within, wide_astar, wide_astar_state_bytes, wide_bidirectional_bfs,
    wide_bidirectional_state_bytes, wide_near_optimal, Answer, Budget, Cells, Heuristic, LinearConflict, Manhattan,
    Progress, SearchError, WideBoard, WideTiles, DEFAULT_MEMORY, NEAR_OPTIMAL_STATES,
};

use crate::args::{Algo, HeuristicArg, Limits, SolveArgs};
use crate::error::{bad_input, CliError};

/// The most cells an optimal search takes (`Cells` packs them).
const MAX_CELLS: usize = 128;

/// The searches beyond 16 cells but the reduction: the optimal ones, and
/// the near-optimal one on 5x5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Search {
    IdaStar,
    Astar,
    Bidi,
    /// Weighted A* with Korf and Felner's tables at a ladder of weights.
    Near,
}

impl Search {
    /// The search `algo` names beyond 16 cells for `start` and `goal`
    /// (`heuristic` as asked); `None` for the reduction: `reduce`, and
    /// `auto` unless the near-optimal search serves the boards (5x5, the
    /// goal's blank in a corner, the tables cached, no heuristic asked).
    pub(crate) fn of(
        algo: Algo,
        start: &LargeBoard,
        goal: &LargeBoard,
        heuristic: Option<HeuristicArg>,
    ) -> Result<Option<Search>, CliError> {
        match algo {
            Algo::Auto if heuristic.is_none() && near_serves(start, goal) => Ok(Some(Search::Near)),
            Algo::Auto | Algo::Reduce => Ok(None),
            Algo::Idastar => Ok(Some(Search::IdaStar)),
            Algo::Astar => Ok(Some(Search::Astar)),
            Algo::Bidi => Ok(Some(Search::Bidi)),
            Algo::Bfs => Err(bad_input(
                "--algo bfs is for boards of at most 16 cells; beyond, --algo idastar, astar or bidi finds a shortest path",
            )),
        }
    }
}

/// Whether the near-optimal search serves `start` and `goal`: 5x5, the
/// goal's blank in a corner, Korf and Felner's tables cached for it.
fn near_serves(start: &LargeBoard, goal: &LargeBoard) -> bool {
    (start.rows(), start.cols()) == (5, 5)
        && slide_pattern_db::korf_felner_split(goal.blank()).is_ok()
        && tables_cached(goal.blank())
}

/// Whether Korf and Felner's tables for a goal whose blank is in the
/// corner `blank` are in the cache, whole and intact (read then, once per
/// process). A table there but damaged is as good as missing to the
/// estimate chosen by default: it is said once on standard error, and only
/// `--heuristic pdb` builds it again (minutes).
fn tables_cached(blank: usize) -> bool {
    static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    match slide_cache::load_korf_felner(&slide_cache::cache_dir(), blank) {
        Ok(_) => true,
        Err(unusable) => {
            if !unusable.missing && !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
                crate::error::say(&format!(
                    "warning: a 24-puzzle table is unusable ({unusable}); --heuristic pdb builds it again"
                ));
            }
            false
        }
    }
}

/// The output of `slide solve` with an optimal search for boards beyond
/// 16 cells, `start` and `goal`: IDA* on every core, A* or bidirectional
/// BFS, its progress shown on a terminal.
pub(crate) fn solve(args: &SolveArgs, search: Search, start: LargeBoard, goal: LargeBoard) -> Result<String, CliError> {
    if args.all || args.order.is_some() || args.show {
        return Err(bad_input(
            "--all, --order and --show are for boards of at most 16 cells",
        ));
    }
    let ask = Ask {
        search,
        heuristic: args.heuristic,
        limits: args.limits,
        threads: crate::threads::cores(),
    };
    let spinner = std::io::stderr().is_terminal().then(|| {
        let spinner = ProgressBar::new_spinner();
        spinner.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a valid template"));
        spinner.enable_steady_tick(std::time::Duration::from_millis(200));
        spinner
    });
    let shortest = Shortest::run(start, goal, &ask, &Tables::default(), spinner.as_ref());
    if let Some(spinner) = &spinner {
        spinner.finish_and_clear();
    }
    let shortest = shortest?;
    Ok(match args.json {
        true => format!("{}\n", shortest.json(None)),
        false => shortest.text(),
    })
}

/// What a search beyond 16 cells is asked to do, besides its boards.
#[derive(Clone, Copy)]
pub(crate) struct Ask {
    pub(crate) search: Search,
    pub(crate) heuristic: Option<HeuristicArg>,
    pub(crate) limits: Limits,
    /// The threads IDA* runs on.
    pub(crate) threads: usize,
}

/// A shortest path between two boards beyond 16 cells, or with
/// [`Search::Near`] a near-optimal one.
pub(crate) struct Shortest {
    start: LargeBoard,
    goal: LargeBoard,
    answer: Answer,
    algorithm: String,
    /// For a near-optimal path: its bound.
    near: Option<Near>,
    seconds: f64,
}

/// What is known of a shortest path when the path found may be longer.
#[derive(Clone, Copy)]
struct Near {
    /// The path is at most `weight / 100` times as long as a shortest one.
    weight: u32,
    /// No path is shorter.
    lower_bound: usize,
}

/// A search's answer, its name, and its bound if it is not optimal.
type Found = (Answer, String, Option<Near>);

/// Korf and Felner's tables, for each corner of the goal's blank a run
/// meets, loaded (or built) on first need and kept for the run.
#[derive(Default)]
pub(crate) struct Tables {
    by_corner: Mutex<HashMap<usize, PlacementPdb>>,
}

impl Shortest {
    /// A shortest path from `start` to `goal` as `ask` asks, its progress
    /// shown on `spinner`; the time allowed counts the tables' build.
    pub(crate) fn run(
        start: LargeBoard,
        goal: LargeBoard,
        ask: &Ask,
        tables: &Tables,
        spinner: Option<&ProgressBar>,
    ) -> Result<Shortest, CliError> {
        let cells = start.cells().len();
        if cells > MAX_CELLS {
            return Err(bad_input(format!(
                "the optimal searches take boards of at most {MAX_CELLS} cells, not {}x{}; --algo auto reduces any board",
                start.rows(),
                start.cols()
            )));
        }
        let started = Instant::now();
        let (answer, algorithm, near) = match cells {
            0..=25 => run_packed::<u128>(&start, &goal, ask, tables, spinner)?,
            _ => run_packed::<Cells>(&start, &goal, ask, tables, spinner)?,
        };
        Ok(Shortest {
            start,
            goal,
            answer,
            algorithm,
            near,
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// The path, or `None` when the goal cannot be reached.
    pub(crate) fn path(&self) -> &Option<Vec<Move>> {
        &self.answer.path
    }

    /// The JSON object of the answer (with `line`, in a batch).
    pub(crate) fn json(&self, line: Option<usize>) -> serde_json::Value {
        let mut object = json!({
            "start": self.start.to_string(),
            "goal": self.goal.to_string(),
            "shape": format!("{}x{}", self.start.rows(), self.start.cols()),
            "solvable": self.answer.path.is_some(),
            "length": self.answer.length(),
            "path": self.answer.path.as_ref().map(|path| path_string(path)),
            "algorithm": self.algorithm,
            "optimal": self.near.is_none() || self.answer.path.is_none(),
            "nodes_expanded": self.answer.stats.expanded,
            "nodes_generated": self.answer.stats.generated,
            "seconds": self.seconds,
        });
        if let Some(near) = self.near {
            object["bound"] = json!(near.weight as f64 / 100.0);
            object["lower_bound"] = json!(near.lower_bound);
        }
        if let Some(line) = line {
            object["line"] = json!(line);
        }
        object
    }

    /// The text answer of `slide solve`.
    pub(crate) fn text(&self) -> String {
        let Some(path) = &self.answer.path else {
            return "unsolvable\n".to_string();
        };
        let mut output = format!("length {}\nmoves {}\n", path.len(), MoveOrder::KORF.write(path)).replace(" \n", "\n");
        if let Some(near) = self.near.filter(|near| near.lower_bound < path.len()) {
            output.push_str(&format!(
                "not optimal: weighted A* with Korf and Felner's tables, at most {:.2} times a shortest path; no path is shorter than {}; --algo idastar finds a shortest one\n",
                near.weight as f64 / 100.0,
                near.lower_bound
            ));
        }
        output
    }
}

/// [`Shortest::run`] with the tiles packed as `T`.
fn run_packed<T: WideTiles + Send + Sync>(
    start: &LargeBoard,
    goal: &LargeBoard,
    ask: &Ask,
    tables: &Tables,
    spinner: Option<&ProgressBar>,
) -> Result<Found, CliError> {
    let wide = |board: &LargeBoard| WideBoard::<T>::new(board.rows(), board.cols(), board.cells()).map_err(bad_input);
    let (start, goal) = (wide(start)?, wide(goal)?);
    let deadline = ask.limits.timeout.map(|limit| Instant::now() + limit);
    if ask.search == Search::Near {
        let pdb = tables.for_goal(goal.blank(), deadline)?;
        // The last weight stores up to the cap while the other threads'
        // weights store up to theirs: by default all within the memory.
        let state_bytes = wide_astar_state_bytes::<T>();
        let others = NEAR_OPTIMAL_STATES * ask.threads.saturating_sub(1);
        let max_states = ask
            .limits
            .max_states
            .unwrap_or_else(|| states_within(DEFAULT_MEMORY, state_bytes).saturating_sub(others).max(1));
        let mut budget = Budget {
            max_states,
            time_limit: deadline.map(|deadline| deadline.saturating_duration_since(Instant::now())),
            ..Budget::default()
        };
        let near = wide_near_optimal(&start, &goal, &pdb, ask.threads, &mut budget)
            .map_err(|error| whole_limit(error, ask))?;
        let bound = Near {
            weight: near.weight,
            lower_bound: near.lower_bound,
        };
        let name = named::<T, _>(Search::Near, &&pdb);
        return Ok((near.answer, name, Some(bound)));
    }
    let run = |heuristic| search(ask, &start, &goal, heuristic, deadline, spinner);
    if ask.search == Search::Bidi {
        if let Some(heuristic) = ask.heuristic {
            return Err(bad_input(format!(
                "--heuristic {} is for IDA* and A*; bidirectional BFS uses none",
                name_of(heuristic)
            )));
        }
        return run(Estimate::None);
    }
    let five_by_five = (start.rows(), start.cols()) == (5, 5);
    let pdb_goal = five_by_five && slide_pattern_db::korf_felner_split(goal.blank()).is_ok();
    let heuristic = ask.heuristic.unwrap_or(
        // The strongest estimate is the 24-puzzle's tables, once cached.
        if pdb_goal && tables_cached(goal.blank()) {
            HeuristicArg::Pdb
        } else {
            HeuristicArg::LinearConflict
        },
    );
    match heuristic {
        HeuristicArg::Manhattan => run(Estimate::Manhattan),
        HeuristicArg::LinearConflict => run(Estimate::LinearConflict),
        HeuristicArg::Pdb if five_by_five => {
            // What needs no search is answered before any table is built.
            if let Some(answer) = slide_solvers::Position::answer_without_search(&start, &goal)? {
                return Ok((answer, format!("{}/pdb-6-6-6-6", search_name(ask.search)), None));
            }
            let pdb = tables.for_goal(goal.blank(), deadline)?;
            run(Estimate::Pdb(&pdb))
        }
        other => Err(bad_input(format!(
            "--heuristic {} is for boards of at most 16 cells (pdb for 5x5 too); beyond, use manhattan or linear-conflict",
            name_of(other)
        ))),
    }
}

/// The estimates a search beyond 16 cells can use.
enum Estimate<'a> {
    None,
    Manhattan,
    LinearConflict,
    Pdb(&'a PlacementPdb),
}

/// The search's name as the command line writes it.
fn search_name(search: Search) -> &'static str {
    match search {
        Search::IdaStar => "ida_star",
        Search::Astar => "astar",
        Search::Bidi => "bidirectional_bfs",
        Search::Near => "weighted_astar",
    }
}

/// The name `--heuristic` gives `heuristic`.
fn name_of(heuristic: HeuristicArg) -> String {
    heuristic
        .to_possible_value()
        .map(|value| value.get_name().to_string())
        .unwrap_or_default()
}

/// The search `ask` names with `estimate`, within the limits and
/// `deadline`, its progress shown on `spinner`: the answer and the
/// search's name.
fn search<T: WideTiles>(
    ask: &Ask,
    start: &WideBoard<T>,
    goal: &WideBoard<T>,
    estimate: Estimate,
    deadline: Option<Instant>,
    spinner: Option<&ProgressBar>,
) -> Result<Found, CliError> {
    let name = match &estimate {
        Estimate::None => search_name(ask.search).to_string(),
        Estimate::Manhattan => named::<T, _>(ask.search, &Manhattan),
        Estimate::LinearConflict => named::<T, _>(ask.search, &LinearConflict),
        Estimate::Pdb(pdb) => named::<T, _>(ask.search, pdb),
    };
    let mut show = |progress: &Progress| {
        if let Some(spinner) = spinner {
            let seconds = progress.elapsed.as_secs_f64().max(1e-9);
            let rate = progress.generated as f64 / seconds / 1e6;
            let stage = match ask.search {
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
    let state_bytes = match ask.search {
        Search::Bidi => wide_bidirectional_state_bytes::<T>(),
        _ => wide_astar_state_bytes::<T>(),
    };
    let mut budget = Budget {
        max_states: ask.limits.states(state_bytes),
        time_limit: deadline.map(|deadline| deadline.saturating_duration_since(Instant::now())),
        progress: Some(&mut show),
        ..Budget::default()
    };
    let answer = match estimate {
        Estimate::None => wide_bidirectional_bfs(start, goal, &mut budget),
        Estimate::Manhattan => informed(ask, start, goal, Manhattan, &mut budget),
        Estimate::LinearConflict => informed(ask, start, goal, LinearConflict, &mut budget),
        Estimate::Pdb(pdb) => informed(ask, start, goal, pdb, &mut budget),
    };
    Ok((answer.map_err(|error| whole_limit(error, ask))?, name, None))
}

/// Each iteration or stage ran with the time that was left: the error
/// names the whole limit.
fn whole_limit(error: SearchError, ask: &Ask) -> SearchError {
    match (error, ask.limits.timeout) {
        (SearchError::OutOfTime { .. }, Some(limit)) => SearchError::OutOfTime { limit },
        (error, _) => error,
    }
}

/// The name of `search` with `heuristic`, such as `ida_star/manhattan`.
fn named<T: WideTiles, H: Heuristic<WideBoard<T>>>(search: Search, heuristic: &H) -> String {
    format!("{}/{}", search_name(search), heuristic.name())
}

/// IDA* on `ask.threads` threads, or A*, with `heuristic`.
fn informed<T: WideTiles, H: Heuristic<WideBoard<T>> + Sync>(
    ask: &Ask,
    start: &WideBoard<T>,
    goal: &WideBoard<T>,
    heuristic: H,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    match ask.search {
        Search::Astar => wide_astar(start, goal, heuristic, budget),
        _ => parallel_ida_star(start, goal, heuristic, ask.threads, budget),
    }
}

impl Tables {
    /// Korf and Felner's tables for a goal whose blank is in the corner
    /// `blank`, from the cache, built there on first need until `deadline`.
    fn for_goal(&self, blank: usize, deadline: Option<Instant>) -> Result<PlacementPdb, CliError> {
        slide_pattern_db::korf_felner_split(blank)
            .map_err(|mismatch| bad_input(format!("{mismatch}; use --heuristic linear-conflict")))?;
        // One build at a time: the others wait for it rather than repeat it.
        let mut by_corner = self.by_corner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(pdb) = by_corner.get(&blank) {
            return Ok(pdb.clone());
        }
        let dir = slide_cache::cache_dir();
        let loaded = slide_cache::load_or_build_korf_felner(&dir, blank, deadline).map_err(|error| CliError {
            status: 1,
            message: error.to_string(),
        })?;
        let Some((pdb, reports)) = loaded else {
            return Err(CliError {
                status: 1,
                message: slide_cache::korf_felner_not_ready(&dir),
            });
        };
        for report in &reports {
            if let slide_cache::Origin::Built {
                not_saved: Some(why), ..
            } = &report.origin
            {
                crate::error::say(&format!(
                    "warning: the 24-puzzle's tables cannot be saved ({why}); they will be built again next time"
                ));
            }
        }
        by_corner.insert(blank, pdb.clone());
        Ok(pdb)
    }
}
