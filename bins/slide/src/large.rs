//! Boards of any size in `slide solve`: beyond 16 cells, or with `--algo
//! reduce`, the reduction solver gives a good path fast, not a shortest one,
//! and the output says so.

use std::time::Instant;

use serde_json::json;
use slide_core::LargeBoard;
use slide_core::{path_string, words, Move, MoveOrder};
use slide_large::{reduce_by_search, solved_whole, ReduceError, SEARCH_FINISH_CELLS};

use crate::args::{Algo, Size, SolveArgs};
use crate::error::{bad_input, CliError};
use crate::plan::Instance;

/// Whether `args` asks for the reduction: `--algo reduce`, or a board of
/// more than 16 cells.
pub(crate) fn wanted(args: &SolveArgs) -> bool {
    let large_size = args.shape.is_some_and(|size| size.shape().is_none());
    args.algo == Algo::Reduce || is_large(&args.board) || large_size
}

/// A reduction's answer: the path (none when unsolvable) and its seconds.
pub(crate) struct Reduced {
    pub(crate) start: LargeBoard,
    pub(crate) goal: LargeBoard,
    pub(crate) path: Option<Vec<Move>>,
    pub(crate) seconds: f64,
}

impl Reduced {
    /// Solves `start` to `goal` by reduction, with a path of at most
    /// `max_moves`; a longer one is a failure with status 1.
    pub(crate) fn run(start: LargeBoard, goal: LargeBoard, max_moves: u64) -> Result<Reduced, CliError> {
        let started = Instant::now();
        let path = match reduce_by_search(&start, &goal, max_moves) {
            Ok(path) => path,
            Err(error @ ReduceError::TooLong { .. }) => {
                return Err(CliError {
                    status: 1,
                    message: format!("{error} (raise --max-moves)"),
                })
            }
            Err(error) => return Err(bad_input(error.to_string())),
        };
        Ok(Reduced {
            start,
            goal,
            path,
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// Whether the path is a shortest one: the reduction was one optimal
    /// search, or the path is as short as the Manhattan distance (an empty
    /// one included), or there is none.
    fn optimal(&self) -> bool {
        let as_short_as_can_be = |path: &Vec<Move>| path.len() as u64 == self.start.manhattan(&self.goal);
        solved_whole(self.start.rows(), self.start.cols(), SEARCH_FINISH_CELLS)
            || self.path.as_ref().is_none_or(as_short_as_can_be)
    }

    /// The JSON object of the answer (with `line`, in a batch).
    pub(crate) fn json(&self, line: Option<usize>) -> serde_json::Value {
        let mut object = json!({
            "start": self.start.to_string(),
            "goal": self.goal.to_string(),
            "shape": format!("{}x{}", self.start.rows(), self.start.cols()),
            "solvable": self.path.is_some(),
            "length": self.path.as_ref().map(Vec::len),
            "path": self.path.as_ref().map(|p| path_string(p)),
            "algorithm": "reduce",
            "optimal": self.optimal(),
            "lower_bound": self.start.manhattan(&self.goal),
            "seconds": self.seconds,
        });
        if let Some(line) = line {
            object["line"] = json!(line);
        }
        object
    }

    /// The text answer of `slide solve`.
    fn text(&self) -> String {
        let Some(path) = &self.path else {
            return "unsolvable\n".to_string();
        };
        let mut output = format!("length {}\nmoves {}\n", path.len(), MoveOrder::KORF.write(path)).replace(" \n", "\n");
        if !self.optimal() {
            output.push_str(&format!(
                "not optimal: a reduction's path; no path is shorter than {} (the Manhattan distance); --algo idastar finds a shortest one\n",
                self.start.manhattan(&self.goal)
            ));
        }
        output
    }
}

/// The output of `slide solve` by reduction.
pub(crate) fn solve(args: &SolveArgs) -> Result<String, CliError> {
    let (start, goal) = read(&args.board, args.goal.as_deref(), args.shape)?;
    if let Some(search) = crate::wide::Search::of(args.algo, &start, &goal, args.heuristic)? {
        return crate::wide::solve(args, search, start, goal);
    }
    if args.all || args.order.is_some() || args.show || args.heuristic.is_some() {
        return Err(bad_input(
            "--all, --order, --show and --heuristic need an optimal search: --algo idastar (or astar, bidi)",
        ));
    }
    let reduced = Reduced::run(start, goal, args.max_moves)?;
    Ok(match args.json {
        true => format!("{}\n", reduced.json(None)),
        false => reduced.text(),
    })
}

/// Whether the board `text` is beyond 16 cells.
pub(crate) fn is_large(text: &str) -> bool {
    words(text).nth(slide_core::MAX_CELLS).is_some()
}

/// A start and its goal (default: the tiles in order, the blank last) as
/// boards of any size.
pub(crate) fn read(board: &str, goal: Option<&str>, size: Option<Size>) -> Result<(LargeBoard, LargeBoard), CliError> {
    // A board of at most 16 cells is read as for the optimal searches, so
    // that every way of writing one works with --algo reduce too.
    let shape = size.map(Size::shape);
    if !is_large(board) && shape != Some(None) {
        let instance = Instance::read(board, goal, shape.flatten())?;
        let large = |board: &slide_core::Board| {
            let shape = board.shape();
            let cells = board.cells().iter().map(|&t| u32::from(t)).collect();
            LargeBoard::new(shape.rows(), shape.cols(), cells).expect("a board is a large board")
        };
        return Ok((large(&instance.start), large(&instance.goal)));
    }
    let parse = |text: &str| match size {
        Some(size) => LargeBoard::parse_sized(text, size.rows, size.cols),
        None => LargeBoard::parse_rows(text),
    };
    let start = parse(board).map_err(|e| bad_input(format!("the board: {e}")))?;
    let goal = match goal {
        Some(text) => parse(text).map_err(|e| bad_input(format!("the goal: {e}")))?,
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
