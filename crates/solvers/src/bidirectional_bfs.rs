//! Two-ended breadth-first search, one whole layer at a time.
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

use slide_core::{slide, Board, Shape};

use crate::state_map::{reached_by, DenseMap, HashedMap, StateMap, ROOT};
use crate::{trivial_answer, Answer, SearchError, Stats, DEFAULT_STATE_LIMIT, DENSE_MAX_CELLS};

/// One end of the search: what it has visited and its newest layer.
struct Side<M> {
    visited: M,
    /// The newest layer's boards, packed: tiles, key, blank cell.
    layer: Vec<(u64, u64, u8)>,
}

impl<M: StateMap> Side<M> {
    fn new(root: &Board, mut visited: M) -> Result<Side<M>, SearchError> {
        let key = visited.key(root);
        visited.insert(key, ROOT)?;
        Ok(Side {
            visited,
            layer: vec![(root.tiles(), key, root.blank() as u8)],
        })
    }
}

/// A shortest path from `start` to `target`, searching from both ends and
/// storing at most [`DEFAULT_STATE_LIMIT`] states per end on boards that use hashing.
///
/// ```
/// use slide_core::{Board, Shape};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// let answer = slide_solvers::bidirectional_bfs(&start, &Board::goal(shape)).unwrap();
/// assert_eq!(answer.length(), Some(31));
/// ```
pub fn bidirectional_bfs(start: &Board, target: &Board) -> Result<Answer, SearchError> {
    bidirectional_bfs_with_limit(start, target, DEFAULT_STATE_LIMIT)
}

/// [`bidirectional_bfs`] with a chosen cap on the states each end stores.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{bidirectional_bfs_with_limit, SearchError};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "x 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1").unwrap();
/// let error = bidirectional_bfs_with_limit(&start, &Board::goal(shape), 1000).unwrap_err();
/// assert_eq!(error, SearchError::StateLimit { limit: 1000 });
/// ```
pub fn bidirectional_bfs_with_limit(start: &Board, target: &Board, limit: usize) -> Result<Answer, SearchError> {
    if let Some(answer) = trivial_answer(start, target)? {
        return Ok(answer);
    }
    let cells = start.shape().cells();
    if cells <= DENSE_MAX_CELLS {
        search(
            Side::new(start, DenseMap::new(start.shape()))?,
            Side::new(target, DenseMap::new(start.shape()))?,
            start.shape(),
        )
    } else {
        search(
            Side::new(start, HashedMap::new(limit))?,
            Side::new(target, HashedMap::new(limit))?,
            start.shape(),
        )
    }
}

/// The search itself, compiled once per kind of map.
fn search<M: StateMap>(mut forward: Side<M>, mut backward: Side<M>, shape: Shape) -> Result<Answer, SearchError> {
    let mut stats = Stats::default();
    loop {
        // Advance the end with the smaller newest layer: it costs less.
        let forward_turn = forward.layer.len() <= backward.layer.len();
        let (this, other) = if forward_turn {
            (&mut forward, &backward)
        } else {
            (&mut backward, &forward)
        };
        if let Some(meeting) = advance(this, other, shape, &mut stats)? {
            let mut path = forward.visited.path_to(&meeting);
            // The backward side recorded moves away from the target; walked
            // from the meeting point, each one's reverse leads to the target.
            let back = backward.visited.path_to(&meeting);
            path.extend(back.iter().rev().map(|mv| mv.reverse()));
            return Ok(Answer {
                path: Some(path),
                stats,
            });
        }
    }
}

/// Expands the whole newest layer of `this`, and returns the first new state
/// that `other` has visited, if any.
fn advance<M: StateMap>(
    this: &mut Side<M>,
    other: &Side<M>,
    shape: Shape,
    stats: &mut Stats,
) -> Result<Option<Board>, SearchError> {
    let layer = std::mem::take(&mut this.layer);
    assert!(
        !layer.is_empty(),
        "parity said the target is reachable, but one side ran out of states"
    );
    let neighbours = shape.neighbours();
    let mut next_layer = Vec::with_capacity(layer.len() * 2);
    for &(tiles, key, blank) in &layer {
        stats.expanded += 1;
        let blank = blank as usize;
        for (mv, &next) in neighbours[blank].iter().enumerate() {
            if next == u8::MAX {
                continue;
            }
            stats.generated += 1;
            let next = next as usize;
            let next_tiles = slide(tiles, blank, next);
            let next_key = this.visited.child_key(tiles, blank, key, next_tiles, next);
            if !this.visited.insert(next_key, reached_by(mv))? {
                continue;
            }
            // Both sides key a board alike: they share its shape.
            if other.visited.get(next_key) != 0 {
                return Ok(Some(
                    Board::from_tiles(shape, next_tiles).expect("moves keep a board valid"),
                ));
            }
            next_layer.push((next_tiles, next_key, next as u8));
        }
    }
    this.layer = next_layer;
    Ok(None)
}
