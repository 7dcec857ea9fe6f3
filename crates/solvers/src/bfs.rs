//! Breadth-first search: the simplest optimal solver.
//!
//! It is the layered search ([`crate::layered`]) advanced from the start
//! only, with the target marked as the other end's root: the first layer
//! that reaches the target holds it at its distance.

use slide_core::Board;

use crate::layered::scratch::{with_thread_scratch, Scratch};
use crate::layered::{shortest_path, Ends};
use crate::{answer_without_search, Answer, Budget, SearchError};

/// A shortest path from `start` to `target` by breadth-first search, storing
/// at most [`DEFAULT_STATE_LIMIT`](crate::DEFAULT_STATE_LIMIT) states on boards of more than
/// [`DENSE_MAX_CELLS`](crate::DENSE_MAX_CELLS) cells.
///
/// ```
/// use slide_core::{Board, Shape};
/// let shape = Shape::new(2, 3).unwrap();
/// let start = Board::parse(shape, "4 1 2 5 x 3").unwrap();
/// let answer = slide_solvers::bfs(&start, &Board::goal(shape)).unwrap();
/// assert_eq!(answer.length(), Some(5));
/// ```
pub fn bfs(start: &Board, target: &Board) -> Result<Answer, SearchError> {
    bfs_with(start, target, &mut Budget::default())
}

/// [`bfs`] within `budget`: its cap on stored states (on boards that use
/// hashing), its time limit, and its progress reports.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{bfs_with, Budget, SearchError};
/// let shape = Shape::new(3, 4).unwrap();
/// let start = Board::parse(shape, "x 11 10 9 8 7 6 5 4 3 1 2").unwrap();
/// let mut budget = Budget { max_states: 1000, ..Budget::default() };
/// let error = bfs_with(&start, &Board::goal(shape), &mut budget).unwrap_err();
/// assert_eq!(error, SearchError::StateLimit { limit: 1000, state_bytes: slide_solvers::BYTES_PER_STATE });
/// ```
pub fn bfs_with(start: &Board, target: &Board, budget: &mut Budget) -> Result<Answer, SearchError> {
    with_thread_scratch(|scratch| bfs_in(scratch, start, target, budget))
}

/// [`bfs_with`] with the tables and buffers of `scratch` (see [`Scratch`]).
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{bfs_in, Budget, Scratch};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "1 2 3 4 5 6 x 7 8").unwrap();
/// let answer = bfs_in(&mut Scratch::new(), &start, &Board::goal(shape), &mut Budget::default()).unwrap();
/// assert_eq!(answer.length(), Some(2));
/// ```
pub fn bfs_in(
    scratch: &mut Scratch,
    start: &Board,
    target: &Board,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    match answer_without_search(start, target)? {
        Some(answer) => Ok(answer),
        None => shortest_path(start, target, Ends::One, budget, scratch),
    }
}
