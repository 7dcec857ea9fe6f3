//! Boards of any size in `slide solve`: beyond 16 cells, or with `--algo
//! reduce`, the reduction solver gives a good path fast, not a shortest one,
//! and the output says so.

use std::time::Instant;

use serde_json::json;
use slide_core::{path_string, words, LargeBoard, MoveOrder};
use slide_solvers::{reduce_twelve, ReduceError};

use crate::args::{Algo, SolveArgs};
use crate::error::{bad_input, CliError};
use crate::plan::Instance;

/// Whether `args` asks for the reduction: `--algo reduce`, or a board of
/// more than 16 cells.
pub(crate) fn wanted(args: &SolveArgs) -> bool {
    args.algo == Algo::Reduce || words(&args.board).nth(slide_core::MAX_CELLS).is_some()
}

/// The output of `slide solve` by reduction.
pub(crate) fn solve(args: &SolveArgs) -> Result<String, CliError> {
    if args.all || args.order.is_some() || args.show || args.heuristic.is_some() {
        return Err(bad_input(
            "--all, --order, --show and --heuristic need an optimal search: boards of at most 16 cells, without --algo reduce",
        ));
    }
    let (start, goal) = read(args)?;
    let started = Instant::now();
    let path = match reduce_twelve(&start, &goal, args.max_moves) {
        Ok(path) => path,
        Err(error @ ReduceError::TooLong { .. }) => {
            return Err(CliError {
                status: 1,
                message: format!("{error} (raise --max-moves)"),
            })
        }
        Err(error) => return Err(bad_input(error.to_string())),
    };
    let seconds = started.elapsed().as_secs_f64();
    let lower_bound = start.manhattan(&goal);
    // A board that fits the reduction's optimal end is solved whole by it.
    let optimal = start.rows() <= 4 && start.cols() <= 4 && start.rows() * start.cols() <= 12;
    if args.json {
        let object = json!({
            "start": start.to_string(),
            "goal": goal.to_string(),
            "shape": format!("{}x{}", start.rows(), start.cols()),
            "solvable": path.is_some(),
            "length": path.as_ref().map(Vec::len),
            "path": path.as_ref().map(|p| path_string(p)),
            "algorithm": "reduce",
            "optimal": optimal,
            "lower_bound": lower_bound,
            "seconds": seconds,
        });
        return Ok(format!("{object}\n"));
    }
    let Some(path) = path else {
        return Ok("unsolvable\n".to_string());
    };
    let mut output = format!("length {}\nmoves {}\n", path.len(), MoveOrder::KORF.write(&path)).replace(" \n", "\n");
    if !optimal {
        output.push_str(&format!(
            "not optimal: a reduction's path; no path is shorter than {lower_bound} (the Manhattan distance)\n"
        ));
    }
    Ok(output)
}

/// The start and goal of `args` as boards of any size.
fn read(args: &SolveArgs) -> Result<(LargeBoard, LargeBoard), CliError> {
    // A board of at most 16 cells is read as for the optimal searches, so
    // that every way of writing one works with --algo reduce too.
    if words(&args.board).nth(slide_core::MAX_CELLS).is_none() {
        let instance = Instance::read(&args.board, args.goal.as_deref(), args.shape)?;
        let large = |board: &slide_core::Board| {
            let shape = board.shape();
            let cells = board.cells().iter().map(|&t| u32::from(t)).collect();
            LargeBoard::new(shape.rows(), shape.cols(), cells).expect("a board is a large board")
        };
        return Ok((large(&instance.start), large(&instance.goal)));
    }
    if args.shape.is_some() {
        return Err(bad_input(
            "--shape is for boards of at most 16 cells: larger ones show their rows",
        ));
    }
    let start = LargeBoard::parse_rows(&args.board).map_err(|e| bad_input(format!("the board: {e}")))?;
    let goal = match &args.goal {
        Some(text) => LargeBoard::parse_rows(text).map_err(|e| bad_input(format!("the goal: {e}")))?,
        None => LargeBoard::goal(start.rows(), start.cols()),
    };
    if (goal.rows(), goal.cols()) != (start.rows(), start.cols()) {
        return Err(bad_input(format!(
            "the board is {}x{} and the goal {}x{}",
            start.rows(),
            start.cols(),
            goal.rows(),
            goal.cols()
        )));
    }
    Ok((start, goal))
}
