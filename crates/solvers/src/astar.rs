//! A*: the best-first search every textbook teaches for the puzzle.
//!
//! Boards wait in an open list ordered by `f = g + h`, ties broken toward
//! the larger `g` (the deeper board, nearer the goal). Costs are small
//! integers, so the open list is an array of stacks, one per `(f, g)`, with
//! a cursor at the smallest non-empty one. A board is closed when it is
//! first taken from the open list; the estimate is consistent, so its `g`
//! is then the shortest and it is never reopened. A board may wait in the
//! open list more than once (reached again before it was closed): the
//! first taken closes it and the others are skipped.
//!
//! Boards travel as the layered searches' entries ([`crate::layered::node`]: one
//! `u64` up to 9 cells) and step to their children by the same moves
//! ([`Children`]): the packed steps on the 8-puzzle, one move at a time
//! elsewhere. The closed set records the move that reached each closed
//! board: on boards of at most 10 cells a bit a board, indexed by rank, says
//! whether it is closed (22 KB on the 8-puzzle, which stays in the fastest
//! cache) and two more hold the move; a hash map beyond. The path is walked back from the target through those moves.
//! A child with the same `f` as its parent would be the next board taken,
//! so it skips the open list. Every board stored in the open list counts
//! against the budget's cap.

use slide_core::{Board, Move, Shape, NO_MOVE};

use crate::budget::{Budget, Watch};
use crate::heuristic::{Estimate, Heuristic, Slide};
use crate::layered::node::{Node, TwoWords};
use crate::layered::scratch::{with_thread_scratch, Scratch};
use crate::layered::{Children, SizeClass, StepMoves};
use crate::walk_back::walk_back;
use crate::{answer_without_search, Answer, SearchError, Stats};

#[cfg(feature = "fxhash")]
type HashMap = fxhash::FxHashMap<u64, u8>;
#[cfg(not(feature = "fxhash"))]
type HashMap = std::collections::HashMap<u64, u8>;

/// A shortest path from `start` to `target` by A* with `heuristic`.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{astar, Manhattan};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// assert_eq!(astar(&start, &Board::goal(shape), Manhattan).unwrap().length(), Some(31));
/// ```
pub fn astar<H: Heuristic>(start: &Board, target: &Board, heuristic: H) -> Result<Answer, SearchError> {
    astar_with(start, target, heuristic, &mut Budget::default())
}

/// [`astar`] within `budget`: it stores at most `budget.max_states` boards
/// (on every board size), stops at its time limit, and reports its progress.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{astar_with, Budget, Manhattan, SearchError};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "x 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1").unwrap();
/// let mut budget = Budget { max_states: 1000, ..Budget::default() };
/// let error = astar_with(&start, &Board::goal(shape), Manhattan, &mut budget).unwrap_err();
/// assert_eq!(error, SearchError::StateLimit { limit: 1000, state_bytes: slide_solvers::BYTES_PER_STATE });
/// ```
pub fn astar_with<H: Heuristic>(
    start: &Board,
    target: &Board,
    heuristic: H,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    with_thread_scratch(|scratch| astar_in(scratch, start, target, heuristic, budget))
}

/// [`astar_with`] with the tables of `scratch` (see [`Scratch`]).
pub fn astar_in<H: Heuristic>(
    scratch: &mut Scratch,
    start: &Board,
    target: &Board,
    heuristic: H,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    if let Some(answer) = answer_without_search(start, target)? {
        return Ok(answer);
    }
    let (mut estimate, h) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
    let shape = start.shape();
    let limit = budget.max_states;
    let mut watch = Watch::new(budget);
    let mut run = Run {
        limit,
        watch: &mut watch,
        stats: Stats::default(),
    };
    let path = match SizeClass::of(shape) {
        SizeClass::Table(moves) => {
            let mut closed = DenseClosed::new(shape, scratch);
            let path = run.search(moves, &mut closed, start, target, &mut estimate, h, scratch);
            closed.give_back(scratch);
            path
        }
        SizeClass::Small => {
            let mut closed = DenseClosed::new(shape, scratch);
            let moves = StepMoves::<u64>::new(shape, true);
            let path = run.search(&moves, &mut closed, start, target, &mut estimate, h, scratch);
            closed.give_back(scratch);
            path
        }
        SizeClass::Dense => {
            let mut closed = DenseClosed::new(shape, scratch);
            let moves = StepMoves::<TwoWords>::new(shape, true);
            let path = run.search(&moves, &mut closed, start, target, &mut estimate, h, scratch);
            closed.give_back(scratch);
            path
        }
        SizeClass::Hashed => {
            let moves = StepMoves::<TwoWords>::new(shape, false);
            let mut closed = HashedClosed::default();
            run.search(&moves, &mut closed, start, target, &mut estimate, h, scratch)
        }
    }?;
    Ok(Answer { path, stats: run.stats })
}

/// A*'s closed set: the boards taken from the open list, each with the
/// move that reached it.
trait Closed {
    /// Whether keys are ranks (dense), which the nodes then carry.
    const RANKED: bool;
    /// The key of the packed `tiles` of a board of `cells` cells.
    fn key(tiles: u64, cells: usize) -> u64 {
        if Self::RANKED {
            slide_core::rank_tiles(tiles, cells)
        } else {
            tiles
        }
    }
    /// Whether the board with `key` is closed.
    fn contains(&self, key: u64) -> bool;
    /// Closes the board with `key`, reached by the move with index `last`
    /// (`NO_MOVE` at the start).
    fn close(&mut self, key: u64, last: u8);
    /// The index of the move that reached the board with `key`, if it is
    /// closed.
    fn reached_by(&self, key: u64) -> Option<u8>;
}

/// The dense closed set of boards of at most 10 cells, indexed by
/// `rank / 2` (the two boards whose ranks differ in the last bit differ by
/// a swap of the last two tiles, so only one of them is reachable).
///
/// `bits` has a bit a board, set once it is closed: the only part read
/// while searching, small enough for the fastest cache (22 KB on the
/// 8-puzzle). `moves` has two bits a board, the move that reached it,
/// written when it is closed and read only by the walk back, where the bit
/// is set (the start's move is never read). Both are reused through a
/// [`Scratch`]; only `bits` is cleared before a search.
struct DenseClosed {
    bits: Vec<u64>,
    moves: Vec<u64>,
}

impl DenseClosed {
    fn new(shape: Shape, scratch: &mut Scratch) -> DenseClosed {
        let boards = slide_core::factorial(shape.cells()) as usize / 2;
        let (mut bits, mut moves) = std::mem::take(&mut scratch.closed_set);
        bits.clear();
        bits.resize((boards + 63) / 64, 0);
        moves.resize((boards + 31) / 32, 0);
        DenseClosed { bits, moves }
    }

    fn give_back(self, scratch: &mut Scratch) {
        scratch.closed_set = (self.bits, self.moves);
    }
}

impl Closed for DenseClosed {
    const RANKED: bool = true;

    #[inline]
    fn contains(&self, key: u64) -> bool {
        let slot = key as usize / 2;
        self.bits[slot / 64] >> (slot % 64) & 1 != 0
    }

    #[inline]
    fn close(&mut self, key: u64, last: u8) {
        let slot = key as usize / 2;
        self.bits[slot / 64] |= 1 << (slot % 64);
        let (word, shift) = (slot / 32, 2 * (slot % 32));
        self.moves[word] = self.moves[word] & !(3 << shift) | (last as u64 & 3) << shift;
    }

    fn reached_by(&self, key: u64) -> Option<u8> {
        let slot = key as usize / 2;
        self.contains(key)
            .then(|| (self.moves[slot / 32] >> (2 * (slot % 32)) & 3) as u8)
    }
}

/// A hash map from packed tiles to the move that reached the board, the
/// closed set beyond 10 cells.
#[derive(Default)]
struct HashedClosed(HashMap);

impl Closed for HashedClosed {
    const RANKED: bool = false;

    #[inline]
    fn contains(&self, key: u64) -> bool {
        self.0.contains_key(&key)
    }

    #[inline]
    fn close(&mut self, key: u64, last: u8) {
        self.0.insert(key, last);
    }

    fn reached_by(&self, key: u64) -> Option<u8> {
        self.0.get(&key).copied()
    }
}

/// The open list: a stack per `(f, g)`, at index `f * 256 + (255 - g)`, so
/// that the smallest index is the smallest `f` and, of those, the largest
/// `g`; `cursor` is at or below the smallest non-empty stack, and `high` at
/// or above the largest. The stacks
/// come from a scratch and go back to it empty, keeping their memory.
struct Open<N> {
    stacks: Vec<Vec<N>>,
    cursor: usize,
    high: usize,
    len: usize,
}

impl<N: Node> Open<N> {
    fn new(scratch: &mut Scratch) -> Open<N> {
        Open {
            stacks: std::mem::take(N::open_stacks(scratch)),
            cursor: 0,
            high: 0,
            len: 0,
        }
    }

    /// Empties the stacks and returns them to `scratch`.
    fn give_back(mut self, scratch: &mut Scratch) {
        // Outside the cursor and `high` every stack is empty already.
        let (from, to) = (
            self.cursor.min(self.stacks.len()),
            (self.high + 1).min(self.stacks.len()),
        );
        for stack in &mut self.stacks[from..to] {
            stack.clear();
        }
        *N::open_stacks(scratch) = self.stacks;
    }

    #[inline]
    fn push(&mut self, f: u32, g: u8, node: N) {
        let index = Self::index(f, g);
        if self.stacks.len() <= index {
            self.stacks.resize_with(index + 1, Vec::new);
        }
        self.stacks[index].push(node);
        self.cursor = self.cursor.min(index);
        self.high = self.high.max(index);
        self.len += 1;
    }

    /// Whether a board may wait in the open list that comes before one at
    /// `(f, g)`.
    #[inline]
    fn comes_before(&self, f: u32, g: u8) -> bool {
        self.len > 0 && self.cursor < Self::index(f, g)
    }

    /// The stack of `(f, g)`.
    #[inline]
    fn index(f: u32, g: u8) -> usize {
        f as usize * 256 + (255 - g as usize)
    }

    /// The board with the smallest `f` and, of those, the largest `g`, with
    /// its `f` and `g`.
    #[inline]
    fn pop(&mut self) -> Option<(u32, u8, N)> {
        if self.len == 0 {
            return None;
        }
        while self.stacks[self.cursor].is_empty() {
            self.cursor += 1;
        }
        self.len -= 1;
        let node = self.stacks[self.cursor].pop().expect("a non-empty stack");
        Some(((self.cursor / 256) as u32, (255 - self.cursor % 256) as u8, node))
    }
}

/// Expansions between two looks at the clock.
const NODES_PER_TICK: u64 = 1 << 12;

/// One A* run: its cap, its clock, and what it counted.
struct Run<'w, 'b, 'a> {
    limit: usize,
    watch: &'w mut Watch<'b, 'a>,
    stats: Stats,
}

impl Run<'_, '_, '_> {
    /// Expands boards until the target is taken from the open list: the path
    /// to it, or `None` if the open list runs dry (only if parity was wrong).
    #[allow(clippy::too_many_arguments)]
    fn search<C: Children, S: Closed, E: Estimate>(
        &mut self,
        moves: &C,
        closed: &mut S,
        start: &Board,
        target: &Board,
        estimate: &mut E,
        h: u32,
        scratch: &mut Scratch,
    ) -> Result<Option<Vec<Move>>, SearchError> {
        let mut open = Open::<C::Node>::new(scratch);
        let rank = if S::RANKED {
            S::key(start.tiles(), start.shape().cells())
        } else {
            0
        };
        open.push(h, 0, C::Node::new(start.tiles(), rank, start.blank(), NO_MOVE));
        let found = self.expand_all(moves, closed, &mut open, target, estimate);
        open.give_back(scratch);
        Ok(found?.then(|| path_to(&*closed, start, target)))
    }

    /// The loop of [`Run::search`]: whether the target was reached.
    fn expand_all<C: Children, S: Closed, E: Estimate>(
        &mut self,
        moves: &C,
        closed: &mut S,
        open: &mut Open<C::Node>,
        target: &Board,
        estimate: &mut E,
    ) -> Result<bool, SearchError> {
        let cells = target.shape().cells();
        let mut children = [C::Node::default(); 16];
        let mut stored = 1usize;
        let mut last_f = 0;
        let mut next = open.pop();
        while let Some((f, g, node)) = next {
            let key = if S::RANKED { node.rank() } else { node.tiles() };
            if closed.contains(key) {
                next = open.pop();
                continue; // Taken before, by a path no longer.
            }
            closed.close(key, node.last());
            if node.tiles() == target.tiles() {
                return Ok(true);
            }
            self.stats.expanded += 1;
            if f != last_f || self.stats.expanded % NODES_PER_TICK == 0 {
                last_f = f;
                self.watch.tick(f as usize, stored as u64, self.stats.generated)?;
            }
            // The estimate follows this board from here: a stateless one
            // needs only its value, which the open list kept as `f - g`.
            let h = if E::STATELESS {
                f - g as u32
            } else {
                estimate.reset(node.tiles())
            };
            let count = moves.write_children(node, &mut children, 0);
            self.stats.generated += count as u64;
            let blank = node.blank();
            // A child with the same `f` and a larger `g` comes first in the
            // open list, so the last such child would be taken next: it is
            // kept aside instead of pushed and popped.
            let mut carried = None;
            for &child in &children[..count] {
                let key = if S::RANKED {
                    child.rank()
                } else {
                    S::key(child.tiles(), cells)
                };
                if closed.contains(key) {
                    continue;
                }
                if stored >= self.limit {
                    return Err(SearchError::StateLimit {
                        limit: self.limit,
                        state_bytes: crate::BYTES_PER_STATE,
                    });
                }
                stored += 1;
                let (next, tile) = (child.blank(), ((child.tiles() >> (4 * blank)) & 0xF) as usize);
                let slide = Slide {
                    tiles: child.tiles(),
                    tile,
                    from: next,
                    to: blank,
                };
                let (child_h, undo) = estimate.moved(h, slide);
                estimate.undo(slide, undo);
                let child_f = g as u32 + 1 + child_h;
                if child_f == f {
                    if let Some((f, g, earlier)) = carried.replace((child_f, g + 1, child)) {
                        open.push(f, g, earlier);
                    }
                } else {
                    open.push(child_f, g + 1, child);
                }
            }
            next = match carried {
                // Only an estimate that is not consistent pushes a child
                // with a smaller `f`, which then comes before.
                Some((f, g, child)) if open.comes_before(f, g) => {
                    open.push(f, g, child);
                    open.pop()
                }
                Some(carried) => Some(carried),
                None => open.pop(),
            };
        }
        Ok(false)
    }
}

/// The moves from `start` to `target`, walked back through the closed set:
/// each closed board's move leads back to the board whose expansion put it
/// in the open list, closed before it, so the walk ends at the start.
fn path_to<S: Closed>(closed: &S, start: &Board, target: &Board) -> Vec<Move> {
    let cells = start.shape().cells();
    let last = |here: &Board| {
        (here != start).then(|| {
            let last = closed
                .reached_by(S::key(here.tiles(), cells))
                .expect("every board walked back to is closed");
            Move::from_index(last as usize)
        })
    };
    walk_back(*target, last, |here, mv| here.apply(mv))
}
