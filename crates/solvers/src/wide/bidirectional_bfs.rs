//! Bidirectional breadth-first search on wide boards, one whole layer at a
//! time, for answers short enough that both ends' boards fit in memory.
//!
//! The search of boards of at most 16 cells (`crate::bidirectional_bfs`)
//! runs on the layered machinery's compact nodes; this one keeps, for each
//! end, a hash map from the packed tiles of every board it has reached to
//! the blank's move that reached it, and the boards of its last layer. It
//! advances the end whose last layer is smaller by one whole layer, and the
//! first board it makes that the other end has reached joins a shortest
//! path (the argument is in `crate::bidirectional_bfs`).

use slide_core::{Move, NO_MOVE};

use super::{WideBoard, WideTiles};
use crate::budget::{hashed_bytes, vector_bytes, Watch};
use crate::position::{Neighbours, Position};
use crate::walk_back::walk_back;
use crate::{Answer, Budget, HashMap, SearchError, Stats};

/// One end of the search: every board it has reached, with the blank's
/// move that reached it (`NO_MOVE` for its root), and its last layer's
/// boards with their blanks.
struct End<T> {
    reached: HashMap<T, u8>,
    layer: Vec<(T, u8)>,
    depth: usize,
}

impl<T: WideTiles> End<T> {
    fn new(root: &WideBoard<T>) -> End<T> {
        let mut reached = HashMap::default();
        reached.insert(root.tiles(), NO_MOVE);
        End {
            reached,
            layer: vec![(root.tiles(), root.blank() as u8)],
            depth: 0,
        }
    }

    /// The blank's moves from this end's root to `board`, walked back
    /// through the moves that reached each board.
    fn path_to(&self, board: WideBoard<T>) -> Vec<Move> {
        let last = |here: &WideBoard<T>| {
            let last = self.reached[&here.tiles()];
            (last != NO_MOVE).then(|| Move::from_index(last as usize))
        };
        walk_back(board, last, |here, mv| here.apply(mv))
    }
}

/// The most bytes [`wide_bidirectional_bfs`] holds per board it stores:
/// its entry of one end's hash map, and its place in a layer (each board
/// is in one layer at most; see `budget::hashed_bytes`,
/// `budget::vector_bytes`). About 180 bytes with `u128` tiles, 710 with
/// [`Cells`](crate::Cells); measured below that
/// (`record/2026-12-04-reliability.md`).
///
/// ```
/// use slide_solvers::{wide_bidirectional_state_bytes, Cells};
/// assert!(wide_bidirectional_state_bytes::<u128>() < wide_bidirectional_state_bytes::<Cells>());
/// ```
pub fn wide_bidirectional_state_bytes<T>() -> usize {
    let entry = std::mem::size_of::<(T, u8)>();
    hashed_bytes(entry) + vector_bytes(entry)
}

/// Layer boards between two looks at the clock.
const NODES_PER_TICK: usize = 1 << 12;

/// A shortest path from `start` to `target`, boards of more than 16 cells,
/// by breadth-first search from both ends within `budget`: both ends store
/// at most `budget.max_states` boards together, and it stops at its time
/// limit and reports its progress.
///
/// ```
/// use slide_core::Move;
/// use slide_solvers::{wide_bidirectional_bfs, Budget, WideBoard};
/// let goal = WideBoard::<u128>::goal(4, 6);
/// let start = [Move::Up, Move::Left, Move::Up, Move::Left].iter().fold(goal, |b, &m| b.apply(m).unwrap());
/// let answer = wide_bidirectional_bfs(&start, &goal, &mut Budget::default()).unwrap();
/// assert_eq!(answer.length(), Some(4));
/// ```
pub fn wide_bidirectional_bfs<T: WideTiles>(
    start: &WideBoard<T>,
    target: &WideBoard<T>,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    if let Some(answer) = start.answer_without_search(target)? {
        return Ok(answer);
    }
    let limit = budget.max_states;
    let mut watch = Watch::new(budget);
    let neighbours = start.neighbours();
    let mut stats = Stats::default();
    let (mut forward, mut backward) = (End::new(start), End::new(target));
    loop {
        let forward_turn = forward.layer.len() <= backward.layer.len();
        let (this, other) = match forward_turn {
            true => (&mut forward, &mut backward),
            false => (&mut backward, &mut forward),
        };
        let depth = this.depth + other.depth;
        watch.report(
            depth,
            (this.reached.len() + other.reached.len()) as u64,
            stats.generated,
        );
        let mut next_layer = Vec::new();
        for (done, &(tiles, blank)) in this.layer.iter().enumerate() {
            if done % NODES_PER_TICK == 0 {
                let stored = this.reached.len() + other.reached.len();
                watch.tick(depth, stored as u64, stats.generated)?;
            }
            stats.expanded += 1;
            let blank = blank as usize;
            let last = this.reached[&tiles];
            for mv in 0..4u8 {
                let next = neighbours.next(blank, mv as usize);
                if next == u8::MAX || Move::undoes(mv, last) {
                    continue;
                }
                stats.generated += 1;
                let child = tiles.slide(tiles.tile(next as usize), next as usize, blank);
                if this.reached.contains_key(&child) {
                    continue;
                }
                if other.reached.contains_key(&child) {
                    // The meeting: this end's path to the board it came
                    // from, the move, and the other end's path to the
                    // meeting, each reversed on the backward side.
                    let here = start.with_tiles(tiles, blank);
                    let met = start.with_tiles(child, next as usize);
                    let mut path = this.path_to(here);
                    path.push(Move::from_index(mv as usize));
                    let mut rest = other.path_to(met);
                    rest.reverse();
                    path.extend(rest.into_iter().map(Move::reverse));
                    if !forward_turn {
                        path.reverse();
                        path.iter_mut().for_each(|mv| *mv = mv.reverse());
                    }
                    return Ok(Answer {
                        path: Some(path),
                        stats,
                    });
                }
                if this.reached.len() + other.reached.len() >= limit {
                    return Err(SearchError::StateLimit {
                        limit,
                        state_bytes: wide_bidirectional_state_bytes::<T>(),
                    });
                }
                this.reached.insert(child, mv);
                next_layer.push((child, next));
            }
        }
        this.layer = next_layer;
        this.depth += 1;
        if this.layer.is_empty() {
            unreachable!("the start reaches the target (its parity was checked), so the ends meet first");
        }
    }
}
