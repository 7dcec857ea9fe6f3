//! Breadth-first search: the simplest optimal solver, and the oracle for the others.

use std::collections::VecDeque;

use slide_core::{slide, Board};

use crate::state_map::{reached_by, DenseMap, HashedMap, StateMap, ROOT};
use crate::{trivial_answer, Answer, SearchError, Stats, DEFAULT_STATE_LIMIT, DENSE_MAX_CELLS};

/// A shortest path from `start` to `target` by breadth-first search, storing
/// at most [`DEFAULT_STATE_LIMIT`] states on boards of more than
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
    bfs_with_limit(start, target, DEFAULT_STATE_LIMIT)
}

/// [`bfs`] with a chosen cap on stored states (for boards that use hashing).
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{bfs_with_limit, SearchError};
/// let shape = Shape::new(3, 4).unwrap();
/// let start = Board::parse(shape, "x 11 10 9 8 7 6 5 4 3 1 2").unwrap();
/// let error = bfs_with_limit(&start, &Board::goal(shape), 1000).unwrap_err();
/// assert_eq!(error, SearchError::StateLimit { limit: 1000 });
/// ```
pub fn bfs_with_limit(start: &Board, target: &Board, limit: usize) -> Result<Answer, SearchError> {
    if let Some(answer) = trivial_answer(start, target)? {
        return Ok(answer);
    }
    if start.shape().cells() <= DENSE_MAX_CELLS {
        search(start, target, DenseMap::new(start.shape()))
    } else {
        search(start, target, HashedMap::new(limit))
    }
}

/// The search itself, compiled once per kind of map. Boards travel packed:
/// tiles, key, blank cell, and the index of the move that made them (4 for
/// none), so that the move undoing it is skipped without a look-up.
fn search(start: &Board, target: &Board, mut visited: impl StateMap) -> Result<Answer, SearchError> {
    let neighbours = start.shape().neighbours();
    let target_tiles = target.tiles();
    let start_key = visited.key(start);
    visited.visit(start_key, 0, ROOT)?;
    let mut stats = Stats::default();
    let mut queue = VecDeque::from([(start.tiles(), start_key, start.blank() as u8, 4u8)]);
    while let Some((tiles, key, blank, last)) = queue.pop_front() {
        stats.expanded += 1;
        let blank = blank as usize;
        for (mv, &next) in neighbours[blank].iter().enumerate() {
            // Moves `m` and `3 - m` undo each other (see `Move`).
            if next == u8::MAX || mv as u8 + last == 3 {
                continue;
            }
            stats.generated += 1;
            let next = next as usize;
            let next_tiles = slide(tiles, blank, next);
            let next_key = visited.child_key(tiles, blank, key, next_tiles, next);
            if visited.visit(next_key, 0, reached_by(mv))?.is_none() {
                continue;
            }
            if next_tiles == target_tiles {
                return Ok(Answer {
                    path: Some(visited.path_to(target, 0)),
                    stats,
                });
            }
            queue.push_back((next_tiles, next_key, next as u8, mv as u8));
        }
    }
    unreachable!("parity said {target} is reachable from {start}, but the search exhausted its component")
}
