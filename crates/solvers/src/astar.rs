//! A*: the best-first search every textbook teaches for the puzzle.
//!
//! Boards wait in an open list ordered by `f = g + h`, ties broken toward
//! the larger `g` (the deeper board, nearer the goal). Costs are small
//! integers, so the open list is an array of buckets, one per `(f, g)`,
//! with a cursor at the smallest non-empty one. The estimate is consistent,
//! so a board is final when it is first expanded: it is closed and never
//! reopened. A board reached again at a smaller `g` before it is expanded
//! is pushed again, and the stale entry is skipped when popped.
//!
//! Every board reached is recorded with its `g` and the move that reached
//! it, in a dense table indexed by `rank / 2` on boards of at most 10 cells
//! and a hash map beyond; the path is walked back from the goal. The states
//! recorded count against the budget's cap.

use slide_core::{rank, slide, Board, Move, MoveOrder, RankSteps, Shape, NO_MOVE};

use crate::budget::{Budget, Watch};
use crate::heuristic::{Estimate, Heuristic};
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
    let mut search = Search {
        shape,
        steps: (shape.cells() <= DENSE_MAX_CELLS).then(|| RankSteps::of(shape)),
        records: Records::new(shape, scratch),
        open: Open::new(scratch),
        stats: Stats::default(),
        limit: budget.max_states,
        order: MoveOrder::KORF.moves(),
    };
    let mut watch = Watch::new(budget);
    let start_key = search.key_of(start);
    search.records.set(start_key, record(0, NO_MOVE));
    search.open.push(
        h,
        0,
        Node {
            tiles: start.tiles(),
            key: start_key,
            blank: start.blank() as u8,
            g: 0,
        },
    );
    let found = search.run(target, &mut estimate, &mut watch);
    let path = matches!(found, Ok(true)).then(|| search.path_to(start, target));
    let Search {
        records, open, stats, ..
    } = search;
    records.give_back(scratch);
    open.give_back(scratch);
    found.map(|_| Answer { path, stats })
}

/// A board in the open list: its packed tiles, its key in the records
/// (rank or tiles), its blank's cell and the moves that reached it.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    tiles: u64,
    key: u64,
    blank: u8,
    g: u8,
}

/// A board's record: `g + 1` in the low byte (0: not reached), in bits
/// 8..12 the move that reached it (`NO_MOVE` at the start), and bit 15 set
/// once it is expanded (closed).
type Record = u16;

const CLOSED: u16 = 1 << 15;

fn record(g: u8, mv: u8) -> Record {
    (g as u16 + 1) | (mv as u16) << 8
}

/// The records of the boards reached: dense by `rank / 2`, or hashed by
/// tiles. A dense table is reused from search to search: each slot holds
/// the epoch of the search that wrote it above its record, and a slot of
/// another epoch reads as not reached (see `visited::DenseMap`).
enum Records {
    Dense { table: Vec<u32>, epoch: u32 },
    Hashed(HashMap),
}

impl Records {
    fn new(shape: Shape, scratch: &mut Scratch) -> Records {
        if shape.cells() > DENSE_MAX_CELLS {
            return Records::Hashed(HashMap::default());
        }
        let size = slide_core::factorial(shape.cells()) as usize / 2;
        let (mut table, last) = scratch.take_record_table(size);
        let epoch = if last == u16::MAX as u32 {
            table.fill(0);
            1
        } else {
            last + 1
        };
        Records::Dense { table, epoch }
    }

    /// Returns a dense table to `scratch`.
    fn give_back(self, scratch: &mut Scratch) {
        if let Records::Dense { table, epoch } = self {
            scratch.give_record_table(table, epoch);
        }
    }

    #[inline]
    fn get(&self, key: u64) -> Record {
        match self {
            Records::Dense { table, epoch } => {
                let slot = table[key as usize / 2];
                if slot >> 16 == *epoch {
                    slot as Record
                } else {
                    0
                }
            }
            Records::Hashed(map) => map.get(&key).copied().unwrap_or(0),
        }
    }

    #[inline]
    fn set(&mut self, key: u64, record: Record) {
        match self {
            Records::Dense { table, epoch } => table[key as usize / 2] = *epoch << 16 | record as u32,
            Records::Hashed(map) => {
                map.insert(key, record);
            }
        }
    }
}

/// The open list: a stack per `(f, g)`, at index `f * 256 + (255 - g)`, so
/// that the smallest index is the smallest `f` and, of those, the largest
/// `g`; `cursor` is at or below the smallest non-empty stack. The stacks
/// come from a scratch and go back to it empty, keeping their memory.
struct Open {
    stacks: Vec<Vec<Node>>,
    cursor: usize,
    len: usize,
}

impl Open {
    fn new(scratch: &mut Scratch) -> Open {
        Open {
            stacks: std::mem::take(&mut scratch.open_stacks),
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
        scratch.open_stacks = self.stacks;
    }

    fn push(&mut self, f: u32, g: u8, node: Node) {
        let index = f as usize * 256 + (255 - g as usize);
        if self.stacks.len() <= index {
            self.stacks.resize_with(index + 1, Vec::new);
        }
        self.stacks[index].push(node);
        self.cursor = self.cursor.min(index);
        self.len += 1;
    }

    fn pop(&mut self) -> Option<(u32, Node)> {
        if self.len == 0 {
            return None;
        }
        while self.stacks[self.cursor].is_empty() {
            self.cursor += 1;
        }
        self.len -= 1;
        let node = self.stacks[self.cursor].pop().expect("a non-empty stack");
        Some(((self.cursor / 256) as u32, node))
    }
}

/// One A* run.
struct Search {
    shape: Shape,
    /// Rank steps on boards whose records are dense (keys are ranks).
    steps: Option<&'static RankSteps>,
    records: Records,
    open: Open,
    stats: Stats,
    /// The most boards the records may hold.
    limit: usize,
    order: [Move; 4],
}

/// Expansions between two looks at the clock.
const NODES_PER_TICK: u64 = 1 << 12;

impl Search {
    /// The key of `board` in the records.
    fn key_of(&self, board: &Board) -> u64 {
        match self.steps {
            Some(_) => rank(board),
            None => board.tiles(),
        }
    }

    /// Expands boards until the target is taken from the open list: whether
    /// it was (the open list runs dry only if parity was wrong).
    fn run<E: Estimate>(&mut self, target: &Board, estimate: &mut E, watch: &mut Watch) -> Result<bool, SearchError> {
        let neighbours = self.shape.neighbours();
        let mut stored = 1usize;
        let mut last_f = 0;
        while let Some((f, node)) = self.open.pop() {
            let here = self.records.get(node.key);
            if here & CLOSED != 0 || (here & 0xFF) as u8 != node.g + 1 {
                continue; // A stale entry: reached again with a smaller g.
            }
            self.records.set(node.key, here | CLOSED);
            if node.tiles == target.tiles() {
                return Ok(true);
            }
            self.stats.expanded += 1;
            if f != last_f || self.stats.expanded % NODES_PER_TICK == 0 {
                last_f = f;
                watch.tick(f as usize, stored as u64, self.stats.generated)?;
            }
            let board = Board::from_tiles(self.shape, node.tiles).expect("moves keep boards valid");
            let h = estimate.reset(&board);
            let blank = node.blank as usize;
            let last = ((here >> 8) & 0xF) as u8;
            for mv in self.order {
                let next = neighbours[blank][mv as usize];
                if next == u8::MAX || Move::undoes(mv as u8, last) {
                    continue;
                }
                self.stats.generated += 1;
                let next = next as usize;
                let tile = ((node.tiles >> (4 * next)) & 0xF) as usize;
                let tiles = slide(node.tiles, blank, next);
                let (child_h, undo) = estimate.moved(h, tiles, tile, next, blank);
                estimate.undo(tile, next, blank, undo);
                let key = match self.steps {
                    Some(steps) => steps.after_slide(node.tiles, blank, next, node.key),
                    None => tiles,
                };
                let g = node.g + 1;
                let there = self.records.get(key);
                if there != 0 && (there & CLOSED != 0 || (there & 0xFF) as u8 <= g + 1) {
                    continue;
                }
                if there == 0 {
                    if stored >= self.limit {
                        return Err(SearchError::StateLimit { limit: self.limit });
                    }
                    stored += 1;
                }
                self.records.set(key, record(g, mv as u8));
                let child = Node {
                    tiles,
                    key,
                    blank: next as u8,
                    g,
                };
                self.open.push(g as u32 + child_h, g, child);
            }
        }
        Ok(false)
    }

    /// The moves from `start` to `target`, walked back through the records.
    fn path_to(&self, start: &Board, target: &Board) -> Vec<Move> {
        let mut path = Vec::new();
        let mut here = *target;
        while here != *start {
            let mv = Move::from_index(((self.records.get(self.key_of(&here)) >> 8) & 0xF) as usize);
            path.push(mv);
            here = here
                .apply(mv.reverse())
                .expect("a recorded move is undone by its reverse");
        }
        path.reverse();
        path
    }
}
