//! Bidirectional breadth-first search, one whole layer at a time.
//!
//! Why whole layers: suppose the forward side has visited exactly the states
//! within `a` moves of the start, the backward side exactly those within `b`
//! moves of the target, and the two sets are disjoint. Then the shortest
//! path is longer than `a + b` (its state `min(a, d)` moves from the start
//! would be in both sets). Expanding the forward layer `a` creates states at
//! distance exactly `a + 1`; if one of them, `x`, is already on the backward
//! side, the path through `x` has `a + 1 + dist(x, target) <= a + 1 + b`
//! moves, and no path is shorter than `a + b + 1`: so the first meeting is
//! a shortest path. Searches that alternate single pops between two queues
//! break the "exactly the states within" premise and can return a longer path.

use slide_core::Board;

use crate::layered::scratch::{with_thread_scratch, Scratch};
use crate::layered::{shortest_path, Ends};
use crate::{answer_without_search, Answer, Budget, SearchError};

/// A shortest path from `start` to `target`, searching from both ends and
/// storing at most [`DEFAULT_STATE_LIMIT`](crate::DEFAULT_STATE_LIMIT) states on boards that use hashing.
///
/// ```
/// use slide_core::{Board, Shape};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// let answer = slide_solvers::bidirectional_bfs(&start, &Board::goal(shape)).unwrap();
/// assert_eq!(answer.length(), Some(31));
/// ```
pub fn bidirectional_bfs(start: &Board, target: &Board) -> Result<Answer, SearchError> {
    bidirectional_bfs_with(start, target, &mut Budget::default())
}

/// [`bidirectional_bfs`] within `budget`: its cap on the states both ends
/// store together (on boards that use hashing), its time limit, and its
/// progress reports.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{bidirectional_bfs_with, Budget, SearchError};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "x 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1").unwrap();
/// let mut budget = Budget { max_states: 1000, ..Budget::default() };
/// let error = bidirectional_bfs_with(&start, &Board::goal(shape), &mut budget).unwrap_err();
/// assert_eq!(error, SearchError::StateLimit { limit: 1000, state_bytes: slide_solvers::BYTES_PER_STATE });
/// ```
pub fn bidirectional_bfs_with(start: &Board, target: &Board, budget: &mut Budget) -> Result<Answer, SearchError> {
    with_thread_scratch(|scratch| bidirectional_bfs_in(scratch, start, target, budget))
}

/// [`bidirectional_bfs_with`] with the tables and buffers of `scratch`
/// (see [`Scratch`]).
pub fn bidirectional_bfs_in(
    scratch: &mut Scratch,
    start: &Board,
    target: &Board,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    match answer_without_search(start, target)? {
        Some(answer) => Ok(answer),
        None => shortest_path(start, target, Ends::Both, budget, scratch),
    }
}
