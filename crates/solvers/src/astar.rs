//! A*: the best-first search every textbook teaches for the puzzle.
//!
//! Boards wait in an open list ordered by `f = g + h`, ties broken toward
//! the larger `g` (the deeper board, nearer the goal). Costs are small
//! integers, so the open list is an array of stacks, one per `(f, g)`, with
//! a cursor at the smallest non-empty one. The estimate is consistent, so a
//! board is final when it is first expanded: it is closed and never
//! reopened. A board reached again at a smaller `g` before it is expanded
//! is pushed again, and the stale entry is skipped when popped.
//!
//! Boards travel as the layered searches' entries ([`crate::node`]: one
//! `u64` up to 9 cells) and step to their children by the same moves
//! ([`Children`]): the packed steps on the 8-puzzle, one move at a time
//! elsewhere. Every board reached is recorded with its `g` and the move that
//! reached it, in a dense table indexed by `rank / 2` on boards of at most
//! 10 cells (reused from search to search, stamped with an epoch) and a
//! hash map beyond; the path is walked back from the goal. The boards
//! recorded count against the budget's cap.

use slide_core::{rank, Board, Move, Shape, NO_MOVE};

use crate::budget::{Budget, Watch};
use crate::heuristic::{Estimate, Heuristic};
use crate::layered::{Children, StepMoves};
use crate::node::{Node, Wide};
use crate::packed::PackedMoves;
use crate::scratch::{with_thread_scratch, Scratch};
use crate::{answer_without_search, Answer, SearchError, Stats, DENSE_MAX_CELLS};

#[cfg(feature = "fxhash")]
type HashMap = fxhash::FxHashMap<u64, u16>;
#[cfg(not(feature = "fxhash"))]
type HashMap = std::collections::HashMap<u64, u16>;

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
/// assert_eq!(error, SearchError::StateLimit { limit: 1000 });
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
    let path = if let Some(moves) = PackedMoves::of(shape) {
        let mut records = DenseRecords::new(shape, scratch);
        let path = run.search(moves, &mut records, start, target, &mut estimate, h, scratch);
        records.give_back(scratch);
        path
    } else if shape.cells() <= 9 {
        let mut records = DenseRecords::new(shape, scratch);
        let moves = StepMoves::<u64>::new(shape, true);
        let path = run.search(&moves, &mut records, start, target, &mut estimate, h, scratch);
        records.give_back(scratch);
        path
    } else if shape.cells() <= DENSE_MAX_CELLS {
        let mut records = DenseRecords::new(shape, scratch);
        let moves = StepMoves::<Wide>::new(shape, true);
        let path = run.search(&moves, &mut records, start, target, &mut estimate, h, scratch);
        records.give_back(scratch);
        path
    } else {
        let moves = StepMoves::<Wide>::new(shape, false);
        run.search(
            &moves,
            &mut HashedRecords::default(),
            start,
            target,
            &mut estimate,
            h,
            scratch,
        )
    }?;
    Ok(Answer { path, stats: run.stats })
}

/// A board's record: `g + 1` in the low byte (0: not reached), in bits
/// 8..12 the move that reached it (`NO_MOVE` at the start), and bit 15 set
/// once it is expanded (closed).
type Record = u16;

const CLOSED: u16 = 1 << 15;

fn record(g: u8, mv: u8) -> Record {
    (g as u16 + 1) | (mv as u16) << 8
}

/// Where A* records the boards it reached.
trait Records {
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
    /// The record of the board with `key`, 0 if not reached.
    fn get(&self, key: u64) -> Record;
    /// Records `record` for the board with `key`.
    fn set(&mut self, key: u64, record: Record);
}

/// A dense table, `rank / 2` to record, reused from search to search: each
/// slot holds the epoch of the search that wrote it above its record, and a
/// slot of another epoch reads as not reached (see `visited::DenseMap`).
///
/// A slot is 16 bits, to keep the table small enough for the cache (363 KB
/// on the 8-puzzle): `g + 1` in bits 0..6 (boards of at most 10 cells are
/// at most 55 moves deep), the move in bits 6..8, the closed flag in bit 8
/// and a 7-bit epoch above. The start's move is never read: the path walk
/// stops there.
struct DenseRecords {
    table: Vec<u16>,
    epoch: u16,
}

/// The last epoch before a dense table is cleared.
const LAST_EPOCH: u16 = 127;

impl DenseRecords {
    fn new(shape: Shape, scratch: &mut Scratch) -> DenseRecords {
        let size = slide_core::factorial(shape.cells()) as usize / 2;
        let (mut table, last) = scratch.take_record_table(size);
        let epoch = if last == LAST_EPOCH {
            table.fill(0);
            1
        } else {
            last + 1
        };
        DenseRecords { table, epoch }
    }

    fn give_back(self, scratch: &mut Scratch) {
        scratch.give_record_table(self.table, self.epoch);
    }
}

impl Records for DenseRecords {
    const RANKED: bool = true;

    #[inline]
    fn get(&self, key: u64) -> Record {
        let slot = self.table[key as usize / 2];
        if slot >> 9 != self.epoch {
            return 0;
        }
        (slot & 0x3F) | (slot >> 6 & 3) << 8 | (slot >> 8 & 1) << 15
    }

    #[inline]
    fn set(&mut self, key: u64, record: Record) {
        let slot = (record & 0x3F) | (record >> 8 & 3) << 6 | (record >> 15) << 8;
        self.table[key as usize / 2] = self.epoch << 9 | slot;
    }
}

/// A hash map from packed tiles to record, for boards beyond 10 cells.
#[derive(Default)]
struct HashedRecords(HashMap);

impl Records for HashedRecords {
    const RANKED: bool = false;

    #[inline]
    fn get(&self, key: u64) -> Record {
        self.0.get(&key).copied().unwrap_or(0)
    }

    #[inline]
    fn set(&mut self, key: u64, record: Record) {
        self.0.insert(key, record);
    }
}

/// The open list: a stack per `(f, g)`, at index `f * 256 + (255 - g)`, so
/// that the smallest index is the smallest `f` and, of those, the largest
/// `g`; `cursor` is at or below the smallest non-empty stack. The stacks
/// come from a scratch and go back to it empty, keeping their memory.
struct Open<N> {
    stacks: Vec<Vec<N>>,
    cursor: usize,
    len: usize,
}

impl<N: Node> Open<N> {
    fn new(scratch: &mut Scratch) -> Open<N> {
        Open {
            stacks: std::mem::take(N::open_stacks(scratch)),
            cursor: 0,
            len: 0,
        }
    }

    /// Empties the stacks and returns them to `scratch`.
    fn give_back(mut self, scratch: &mut Scratch) {
        // Below the cursor every stack is empty already.
        let from = self.cursor.min(self.stacks.len());
        for stack in &mut self.stacks[from..] {
            stack.clear();
        }
        *N::open_stacks(scratch) = self.stacks;
    }

    #[inline]
    fn push(&mut self, f: u32, g: u8, node: N) {
        let index = f as usize * 256 + (255 - g as usize);
        if self.stacks.len() <= index {
            self.stacks.resize_with(index + 1, Vec::new);
        }
        self.stacks[index].push(node);
        self.cursor = self.cursor.min(index);
        self.len += 1;
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
    fn search<C: Children, R: Records, E: Estimate>(
        &mut self,
        moves: &C,
        records: &mut R,
        start: &Board,
        target: &Board,
        estimate: &mut E,
        h: u32,
        scratch: &mut Scratch,
    ) -> Result<Option<Vec<Move>>, SearchError> {
        let cells = start.shape().cells();
        let mut open = Open::<C::Node>::new(scratch);
        let start_key = R::key(start.tiles(), cells);
        let rank = if R::RANKED { start_key } else { 0 };
        records.set(start_key, record(0, NO_MOVE));
        open.push(h, 0, C::Node::new(start.tiles(), rank, start.blank(), NO_MOVE));
        let found = self.expand_all(moves, records, &mut open, target, estimate);
        open.give_back(scratch);
        Ok(found?.then(|| path_to(&*records, start, target)))
    }

    /// The loop of [`Run::search`]: whether the target was reached.
    fn expand_all<C: Children, R: Records, E: Estimate>(
        &mut self,
        moves: &C,
        records: &mut R,
        open: &mut Open<C::Node>,
        target: &Board,
        estimate: &mut E,
    ) -> Result<bool, SearchError> {
        let cells = target.shape().cells();
        let mut children = [C::Node::default(); 16];
        let mut stored = 1usize;
        let mut last_f = 0;
        while let Some((f, g, node)) = open.pop() {
            let key = if R::RANKED { node.rank() } else { node.tiles() };
            let here = records.get(key);
            if here & CLOSED != 0 || (here & 0xFF) as u8 != g + 1 {
                continue; // A stale entry: reached again with a smaller g.
            }
            records.set(key, here | CLOSED);
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
            for &child in &children[..count] {
                let (next, tile) = (child.blank(), ((child.tiles() >> (4 * blank)) & 0xF) as usize);
                let (child_h, undo) = estimate.moved(h, child.tiles(), tile, next, blank);
                estimate.undo(tile, next, blank, undo);
                let key = if R::RANKED {
                    child.rank()
                } else {
                    R::key(child.tiles(), cells)
                };
                let child_g = g + 1;
                let there = records.get(key);
                if there != 0 && (there & CLOSED != 0 || (there & 0xFF) as u8 <= child_g + 1) {
                    continue;
                }
                if there == 0 {
                    if stored >= self.limit {
                        return Err(SearchError::StateLimit { limit: self.limit });
                    }
                    stored += 1;
                }
                records.set(key, record(child_g, child.last()));
                open.push(child_g as u32 + child_h, child_g, child);
            }
        }
        Ok(false)
    }
}

/// The moves from `start` to `target`, walked back through the records.
fn path_to<R: Records>(records: &R, start: &Board, target: &Board) -> Vec<Move> {
    let mut path = Vec::new();
    let mut here = *target;
    while here != *start {
        let key = if R::RANKED { rank(&here) } else { here.tiles() };
        let mv = Move::from_index(((records.get(key) >> 8) & 0xF) as usize);
        path.push(mv);
        here = here
            .apply(mv.reverse())
            .expect("a recorded move is undone by its reverse");
    }
    path.reverse();
    path
}
