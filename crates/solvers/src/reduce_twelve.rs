//! The reduction of boards of any size with a larger optimal end: the last
//! 12 cells (3x4 or 4x3) are left to IDA* with walking distance and linear
//! conflict, rather than 9 cells to two-ended breadth-first search.
//!
//! It is kept apart from [`crate::reduce`] so that judge files, which must
//! stay small, carry only the two-ended search. Measured on Korf and
//! Felner's 5x5 instances (see the README), its paths are shorter by about
//! a twelfth, for about a millisecond more per board.

use slide_core::{LargeBoard, Move};

use crate::{ida_star, reduce_with, LinearConflict, MaxOf, ReduceError, WalkingDistance};

/// The most cells [`reduce_twelve`] leaves to IDA*: with
/// [`crate::solved_whole`], whether its path is a shortest one.
pub const TWELVE_CELLS: usize = 12;

/// [`crate::reduce`] with the last 12 cells solved by IDA*.
///
/// ```
/// use slide_core::{LargeBoard, SplitMix64};
/// use slide_solvers::reduce_twelve;
/// let goal = LargeBoard::goal(6, 7);
/// let start = LargeBoard::random(&goal, &mut SplitMix64::new(7));
/// let path = reduce_twelve(&start, &goal, u64::MAX).unwrap().unwrap();
/// let mut board = start.clone();
/// assert_eq!(board.apply_path(&path), None);
/// assert_eq!(board, goal);
/// ```
pub fn reduce_twelve(start: &LargeBoard, goal: &LargeBoard, max_moves: u64) -> Result<Option<Vec<Move>>, ReduceError> {
    reduce_with(start, goal, max_moves, TWELVE_CELLS, |start, goal| {
        ida_star(start, goal, MaxOf(WalkingDistance, LinearConflict))
    })
}
