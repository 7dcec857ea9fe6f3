//! `slide solve --algo idastar` on boards beyond 16 cells: a shortest path
//! by IDA* on every core, on the wide boards of `slide_solvers`.

use std::io::IsTerminal;
use std::time::Instant;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use slide_core::{path_string, MoveOrder};
use slide_large::LargeBoard;
use slide_pattern_db::WidePdb;
use slide_solvers::{
    parallel_ida_star, Answer, Budget, Cells, Heuristic, LinearConflict, Manhattan, Position, Progress, SearchError,
    WideBoard, WideTiles,
};

use crate::args::{HeuristicArg, SolveArgs};
use crate::error::{bad_input, CliError};

/// The most cells an optimal search takes (`Cells` packs them).
const MAX_CELLS: usize = 128;

/// The output of `slide solve --algo idastar` for `start` and `goal`,
/// boards beyond 16 cells.
pub(crate) fn solve(args: &SolveArgs, start: &LargeBoard, goal: &LargeBoard) -> Result<String, CliError> {
    let cells = start.cells().len();
    if cells > MAX_CELLS {
        return Err(bad_input(format!(
            "the optimal searches take boards of at most {MAX_CELLS} cells, not {}x{}; --algo auto reduces any board",
            start.rows(),
            start.cols()
        )));
    }
    if args.all || args.order.is_some() || args.show {
        return Err(bad_input(
            "--all, --order and --show are for boards of at most 16 cells",
        ));
    }
    match cells {
        0..=25 => solve_packed::<u128>(args, start, goal),
        _ => solve_packed::<Cells>(args, start, goal),
    }
}

/// [`solve`] with the tiles packed as `T`.
fn solve_packed<T: WideTiles>(args: &SolveArgs, start: &LargeBoard, goal: &LargeBoard) -> Result<String, CliError> {
    let wide = |board: &LargeBoard| WideBoard::<T>::new(board.rows(), board.cols(), board.cells()).map_err(bad_input);
    let (start, goal) = (wide(start)?, wide(goal)?);
    let started = Instant::now();
    let deadline = args.limits.timeout.map(|limit| started + limit);
    let (answer, name) = match args.heuristic.unwrap_or(HeuristicArg::LinearConflict) {
        HeuristicArg::Manhattan => search(args, &start, &goal, Manhattan, deadline)?,
        HeuristicArg::LinearConflict => search(args, &start, &goal, LinearConflict, deadline)?,
        HeuristicArg::Pdb if (start.rows(), start.cols()) == (5, 5) => {
            // What needs no search is answered before any table is built.
            if let Some(answer) = start.answer_without_search(&goal)? {
                (answer, "ida_star/pdb-6-6-6-6".to_string())
            } else {
                let pdb = korf_felner_tables(&goal, deadline)?;
                search(args, &start, &goal, &pdb, deadline)?
            }
        }
        other => {
            let name = other
                .to_possible_value()
                .map(|value| value.get_name().to_string())
                .unwrap_or_default();
            return Err(bad_input(format!(
                "--heuristic {name} is for boards of at most 16 cells (pdb for 5x5 too); beyond, use manhattan or linear-conflict"
            )));
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let object = json!({
            "start": start.to_string(),
            "goal": goal.to_string(),
            "shape": format!("{}x{}", start.rows(), start.cols()),
            "solvable": answer.path.is_some(),
            "length": answer.length(),
            "path": answer.path.as_ref().map(|path| path_string(path)),
            "algorithm": name,
            "optimal": true,
            "nodes_expanded": answer.stats.expanded,
            "nodes_generated": answer.stats.generated,
            "seconds": seconds,
        });
        return Ok(format!("{object}\n"));
    }
    Ok(match &answer.path {
        Some(path) => format!("length {}\nmoves {}\n", path.len(), MoveOrder::KORF.write(path)).replace(" \n", "\n"),
        None => "unsolvable\n".to_string(),
    })
}

/// IDA* with `heuristic` on every core, its progress shown on a terminal;
/// the answer and the search's name.
fn search<P: Position, H: Heuristic<P> + Sync>(
    args: &SolveArgs,
    start: &P,
    goal: &P,
    heuristic: H,
    deadline: Option<Instant>,
) -> Result<(Answer, String), CliError> {
    let name = format!("ida_star/{}", heuristic.name());
    let spinner = std::io::stderr().is_terminal().then(|| {
        let spinner = ProgressBar::new_spinner();
        spinner.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a valid template"));
        spinner.enable_steady_tick(std::time::Duration::from_millis(200));
        spinner
    });
    let mut show = |progress: &Progress| {
        if let Some(spinner) = &spinner {
            let seconds = progress.elapsed.as_secs_f64().max(1e-9);
            let rate = progress.generated as f64 / seconds / 1e6;
            spinner.set_message(format!(
                "{name}: bound {}, {} nodes, {rate:.1} M nodes/s, {seconds:.0} s",
                progress.depth, progress.generated
            ));
        }
    };
    let mut budget = Budget {
        time_limit: deadline.map(|deadline| deadline.saturating_duration_since(Instant::now())),
        progress: Some(&mut show),
        ..Budget::default()
    };
    let answer = parallel_ida_star(start, goal, heuristic, crate::threads::cores(), &mut budget);
    if let Some(spinner) = &spinner {
        spinner.finish_and_clear();
    }
    let answer = answer.map_err(|error| match (error, args.limits.timeout) {
        (SearchError::OutOfTime { .. }, Some(limit)) => SearchError::OutOfTime { limit },
        (error, _) => error,
    });
    Ok((answer?, name))
}

/// Korf and Felner's tables for `goal`, from the cache, built there on
/// first need until `deadline`.
fn korf_felner_tables<T: WideTiles>(goal: &WideBoard<T>, deadline: Option<Instant>) -> Result<WidePdb, CliError> {
    slide_pattern_db::korf_felner_split(goal.blank())
        .map_err(|mismatch| bad_input(format!("{mismatch}; use --heuristic linear-conflict")))?;
    let dir = slide_cache::cache_dir();
    let loaded = slide_cache::load_or_build_korf_felner(&dir, goal.blank(), deadline).map_err(|error| CliError {
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
    Ok(pdb)
}
