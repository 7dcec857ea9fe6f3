//! The reduction of boards of any size with searches where they pay: the
//! last 12 cells (3x4 or 4x3) are left to IDA* with walking distance and
//! linear conflict, rather than 6 cells to breadth-first search; each
//! line (row or column) of a part of at most 64 cells is placed whole by
//! [`crate::place_tiles`]'s search, rather than tile by tile, the row and
//! the column both tried; and a part of at most 30 cells weighs every
//! order of rows and columns down to the last 12 cells by the moves the
//! lines take plus the finishing search's estimate.
//!
//! The line search reaches the reduction as a [`LineSearch`], so
//! [`crate::reduce()`], which the judge files carry, names none of these
//! searches. What they are worth on Korf and Felner's 5x5 instances and on
//! larger boards is in `record/large-boards.md`.

use slide_core::{Board, Move};
use slide_solvers::{ida_star, Heuristic, LinearConflict, MaxOf, WalkingDistance};

use super::{collected, reduce_with_lines, LineSearch, ReduceError};
use crate::place_tiles::{place_tiles, MAX_CELLS, MAX_TILES};
use slide_core::LargeBoard;

/// The largest part left whose lines go by search: all a state of the
/// search can name.
const LINE_SEARCH_CELLS: usize = MAX_CELLS;

/// The largest part left that weighs every order of rows and columns down
/// to the finish; the number of orders doubles with each line.
const WEIGH_ORDERS_CELLS: usize = 30;

/// The weights of the moves made against the estimate, in tenths, that a
/// line's search tries in turn, each with at most [`line_states`] states:
/// the first gives the shortest lines, the others finish where it gives up
/// (measured on Korf and Felner's 5x5 instances: `record/large-boards.md`).
const LINE_WEIGHTS: [usize; 3] = [12, 10, 7];

/// The most states each try of a line's search holds on a part of `cells`
/// cells: few on parts that weigh every order (they search many lines),
/// more on larger parts, where longer lines need them.
fn line_states(cells: usize) -> usize {
    if cells <= WEIGH_ORDERS_CELLS {
        20_000
    } else {
        100_000
    }
}

/// The most cells [`reduce_by_search`] leaves to IDA*: with
/// [`crate::solved_whole`], whether its path is a shortest one.
pub const SEARCH_FINISH_CELLS: usize = 12;

/// [`crate::reduce()`] with the last 12 cells solved by IDA*, and the lines of
/// parts of at most 64 cells placed whole by a search (on parts of at most
/// 30, in the order of rows and columns that looks shortest down to those
/// 12 cells).
///
/// ```
/// use slide_core::SplitMix64;
/// use slide_large::{reduce_by_search};
/// use slide_core::{LargeBoard};
/// let goal = LargeBoard::goal(6, 7);
/// let start = LargeBoard::random(&goal, &mut SplitMix64::new(7));
/// let path = reduce_by_search(&start, &goal, u64::MAX).unwrap().unwrap();
/// let mut board = start.clone();
/// assert_eq!(board.apply_path(&path), None);
/// assert_eq!(board, goal);
/// ```
pub fn reduce_by_search(
    start: &LargeBoard,
    goal: &LargeBoard,
    max_moves: u64,
) -> Result<Option<Vec<Move>>, ReduceError> {
    collected(|out| reduce_by_search_into(start, goal, max_moves, out))
}

/// [`reduce_by_search`], its moves handed to `out` a line at a time, as
/// [`crate::reduce_into`] does: the length.
pub fn reduce_by_search_into(
    start: &LargeBoard,
    goal: &LargeBoard,
    max_moves: u64,
    out: &mut dyn FnMut(&[Move]),
) -> Result<Option<u64>, ReduceError> {
    reduce_with_lines(
        start,
        goal,
        max_moves,
        Some(&mut ByPlaceTiles),
        SEARCH_FINISH_CELLS,
        |start, goal| ida_star(start, goal, MaxOf(WalkingDistance, LinearConflict)),
        out,
    )
}

/// Lines placed by [`place_tiles`], the finish estimated by the estimate
/// of the finishing IDA*.
struct ByPlaceTiles;

impl LineSearch for ByPlaceTiles {
    fn cells(&self) -> usize {
        LINE_SEARCH_CELLS
    }

    fn weigh_cells(&self) -> usize {
        WEIGH_ORDERS_CELLS
    }

    fn place(&mut self, rows: usize, cols: usize, blank: usize, tiles: &[(usize, usize)]) -> Option<Vec<Move>> {
        // A line longer than a state can track goes tile by tile.
        if tiles.len() > MAX_TILES {
            return None;
        }
        place_tiles(rows, cols, blank, tiles, &LINE_WEIGHTS, line_states(rows * cols))
    }

    fn finish_estimate(&mut self, part: &Board) -> usize {
        let estimate = MaxOf(WalkingDistance, LinearConflict).estimate(part, &Board::goal(part.shape()));
        estimate.expect("walking distance serves every shape") as usize
    }
}
