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

use std::cell::RefCell;

use slide_core::{slide, Board};

use crate::state_map::{code, reached_by, DenseMap, HashedMap, StateMap, ROOT};
use crate::{trivial_answer, Answer, SearchError, Stats, DEFAULT_STATE_LIMIT, DENSE_MAX_CELLS};

/// A shortest path from `start` to `target`, searching from both ends and
/// storing at most [`DEFAULT_STATE_LIMIT`] states on boards that use hashing.
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

/// [`bidirectional_bfs`] with a chosen cap on the states both ends store together.
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
    if start.shape().cells() <= DENSE_MAX_CELLS {
        search(start, target, DenseMap::new(start.shape()))
    } else {
        search(start, target, HashedMap::new(limit))
    }
}

/// A layer of boards, packed: tiles, key, blank cell, and the index of the
/// move that made them (4 for none), whose undoing leads back into the
/// side's visited states and is skipped.
type Layer = Vec<(u64, u64, u8, u8)>;

thread_local! {
    /// Layer buffers of finished searches on this thread. Layers of a few
    /// thousand boards are large enough that the allocator maps fresh pages
    /// for them each time, and those page faults cost more than a short
    /// search; reused buffers keep their pages.
    static SPARE_LAYERS: RefCell<Vec<Layer>> = const { RefCell::new(Vec::new()) };
}

/// Each side's newest layer, and the layer being built; given back to the
/// thread's spares, emptied, when the search ends, however it ends.
struct LayerBuffers {
    sides: [Layer; 2],
    next: Layer,
}

impl LayerBuffers {
    fn take() -> LayerBuffers {
        SPARE_LAYERS.with(|spares| {
            let mut spares = spares.borrow_mut();
            let mut one = || spares.pop().unwrap_or_default();
            LayerBuffers {
                sides: [one(), one()],
                next: one(),
            }
        })
    }
}

impl Drop for LayerBuffers {
    fn drop(&mut self) {
        SPARE_LAYERS.with(|spares| {
            let mut spares = spares.borrow_mut();
            for mut layer in [
                std::mem::take(&mut self.sides[0]),
                std::mem::take(&mut self.sides[1]),
                std::mem::take(&mut self.next),
            ] {
                if spares.len() < 3 {
                    layer.clear();
                    spares.push(layer);
                }
            }
        });
    }
}

/// The search itself, compiled once per kind of map. Both ends share `visited`:
/// each entry holds what reached the state from either side.
fn search<M: StateMap>(start: &Board, target: &Board, mut visited: M) -> Result<Answer, SearchError> {
    let shape = start.shape();
    let neighbours = shape.neighbours();
    let mut buffers = LayerBuffers::take();
    let LayerBuffers {
        sides: layers,
        next: next_layer,
    } = &mut buffers;
    for (side, root) in [start, target].into_iter().enumerate() {
        let key = visited.key(root);
        visited.visit(key, side, ROOT)?;
        layers[side].push((root.tiles(), key, root.blank() as u8, 4u8));
    }
    let mut stats = Stats::default();
    loop {
        // Advance the end with the smaller newest layer: it costs less.
        let side = if layers[0].len() <= layers[1].len() { 0 } else { 1 };
        let layer = std::mem::take(&mut layers[side]);
        assert!(
            !layer.is_empty(),
            "parity said the target is reachable, but one side ran out of states"
        );
        next_layer.clear();
        for &(tiles, key, blank, last) in &layer {
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
                let Some(entry) = visited.visit(next_key, side, reached_by(mv))? else {
                    continue;
                };
                if code(entry, 1 - side) != 0 {
                    let meeting = Board::from_tiles(shape, next_tiles).expect("moves keep a board valid");
                    let mut path = visited.path_to(&meeting, 0);
                    // The backward side recorded moves away from the target;
                    // walked from the meeting point, each one's reverse leads
                    // to the target.
                    let back = visited.path_to(&meeting, 1);
                    path.extend(back.iter().rev().map(|mv| mv.reverse()));
                    return Ok(Answer {
                        path: Some(path),
                        stats,
                    });
                }
                next_layer.push((next_tiles, next_key, next as u8, mv as u8));
            }
        }
        // The new layer becomes the side's; the expanded one's buffer is next to fill.
        layers[side] = std::mem::replace(next_layer, layer);
    }
}
