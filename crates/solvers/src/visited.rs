//! The visited states of a layered search, each with the move that reached
//! it from either end.
//!
//! Small boards use a dense table ([`DenseMap`]) indexed by the board's rank
//! ([`slide_core::rank`]): no hashing, and a child's rank follows from its
//! parent's in a few operations. Larger boards use a hash map
//! ([`HashedMap`]) keyed by the packed tiles, which grows with the search and
//! is capped so that a hopeless search ends with an error instead of
//! exhausting memory.

use slide_core::{factorial, rank, Board, Move, Shape};

use crate::layered::Visited;
use crate::node::Node;
use crate::scratch::Scratch;

/// Boards of at most this many cells get a dense table (10!/2 slots = 3.6 M at most).
pub const DENSE_MAX_CELLS: usize = 10;

#[cfg(feature = "fxhash")]
type HashMap = fxhash::FxHashMap<u64, u8>;
#[cfg(not(feature = "fxhash"))]
type HashMap = std::collections::HashMap<u64, u8>;

/// A state's entry: what reached it from each end of a search.
///
/// Encoding: bits `4s .. 4s + 4` belong to side `s` (0 for a search from
/// the start, 1 for the backward side, which plain BFS marks only at the
/// target): 0 means not visited from that side, and `1 + m` says the state
/// was reached by the move with index `m`. A side's root holds [`ROOT`]; path
/// walks stop at the root board, so its code is never read as a move. One
/// byte serves both sides, so a search learns with one look-up whether a new
/// state is a meeting point.
pub(crate) type Entry = u8;

/// A side's code for its starting state.
pub(crate) const ROOT: u8 = 15;

/// A side's code for a state reached by the move with index `mv`.
#[inline]
fn reached_by(mv: u8) -> u8 {
    mv + 1
}

/// Side `side`'s code in `entry`.
#[inline]
fn code(entry: Entry, side: usize) -> u8 {
    (entry >> (4 * side)) & 0xF
}

/// `entry` with side `side`'s code set to `code` (which was 0).
#[inline]
fn with_code(entry: Entry, side: usize, code: u8) -> Entry {
    entry | code << (4 * side)
}

/// A map of visited states whose entries can be read back by board.
pub(crate) trait StateMap {
    /// The entry of `board`: 0 if no side reached it.
    fn entry_of(&self, board: &Board) -> Entry;

    /// Records that side `side` starts at `board`.
    fn visit_root(&mut self, board: &Board, side: usize);
}

/// The moves from side `side`'s root `root` to `board`, following its codes back.
pub(crate) fn path_to(map: &impl StateMap, root: &Board, board: &Board, side: usize) -> Vec<Move> {
    let mut path = Vec::new();
    let mut here = *board;
    while here != *root {
        let mv = Move::from_index(code(map.entry_of(&here), side) as usize - 1);
        path.push(mv);
        here = here
            .apply(mv.reverse())
            .expect("a recorded move is undone by its reverse");
    }
    path.reverse();
    path
}

/// A dense map: `table[rank / 2]` holds the entry of the board of that rank.
///
/// Ranks `2k` and `2k + 1` belong to boards of opposite parity, and a search
/// only meets boards of one parity class, so halving the rank indexes the
/// class densely.
///
/// Each slot is stamped with the search that wrote it: the high byte is the
/// search's epoch, the low byte its entry, and a slot with another epoch
/// reads as unvisited. Tables are reused from search to search with a new
/// epoch (see [`Scratch`]), so a short search neither allocates nor clears
/// 9!/2 slots; only every 255th search clears the table.
///
/// The table and epoch are fields of this struct, which a search holds as a
/// local: the compiler then keeps them in registers through its loops,
/// where read through a longer-lived owner they would be read again from
/// memory after every write to the table.
pub(crate) struct DenseMap {
    table: Vec<u16>,
    epoch: u16,
}

impl DenseMap {
    /// An empty map for boards of `shape` (at most [`DENSE_MAX_CELLS`]
    /// cells), on a table from `scratch`; [`DenseMap::give_back`] returns it.
    pub(crate) fn new(shape: Shape, scratch: &mut Scratch) -> DenseMap {
        debug_assert!(shape.cells() <= DENSE_MAX_CELLS);
        let (mut table, last_epoch) = scratch.take_table(factorial(shape.cells()) as usize / 2);
        let epoch = if last_epoch == 255 {
            table.fill(0);
            1
        } else {
            last_epoch + 1
        };
        DenseMap { table, epoch }
    }

    /// Returns the table to `scratch` for the next search.
    pub(crate) fn give_back(self, scratch: &mut Scratch) {
        scratch.give_table(self.table, self.epoch);
    }

    /// The entry of the board of rank `key`.
    #[inline]
    fn get(&self, key: u64) -> Entry {
        let slot = self.table[(key / 2) as usize];
        if slot >> 8 == self.epoch {
            slot as u8
        } else {
            0
        }
    }
}

impl StateMap for DenseMap {
    fn entry_of(&self, board: &Board) -> Entry {
        self.get(rank(board))
    }

    fn visit_root(&mut self, board: &Board, side: usize) {
        let key = rank(board);
        let entry = self.get(key);
        self.table[(key / 2) as usize] = self.epoch << 8 | with_code(entry, side, ROOT) as u16;
    }
}

impl<N: Node> Visited<N> for DenseMap {
    /// The slot is written whether or not the side is new to it (with what
    /// it held if not), so that the search's loop has no branch on that.
    #[inline]
    fn visit(&mut self, child: N, side: usize) -> (bool, bool) {
        let slot = &mut self.table[(child.rank() / 2) as usize];
        let entry = if *slot >> 8 == self.epoch { *slot as u8 } else { 0 };
        let new = code(entry, side) == 0;
        let side_code = if new { reached_by(child.last()) } else { 0 };
        *slot = self.epoch << 8 | with_code(entry, side, side_code) as u16;
        (new, code(entry, 1 - side) != 0)
    }

    #[inline]
    fn met(&self, node: N, side: usize) -> bool {
        code(self.get(node.rank()), 1 - side) != 0
    }

    #[inline]
    fn full(&self) -> bool {
        false
    }
}

/// A hashed map: `map[tiles]` is the entry of the board with those packed
/// tiles. It may hold `limit` states; a search that needs more stops.
pub(crate) struct HashedMap {
    map: HashMap,
    limit: usize,
}

impl HashedMap {
    /// An empty map that may hold `limit` states.
    pub(crate) fn new(limit: usize) -> HashedMap {
        HashedMap {
            map: HashMap::default(),
            limit,
        }
    }
}

impl StateMap for HashedMap {
    fn entry_of(&self, board: &Board) -> Entry {
        self.map.get(&board.tiles()).copied().unwrap_or(0)
    }

    fn visit_root(&mut self, board: &Board, side: usize) {
        let entry = self.map.entry(board.tiles()).or_insert(0);
        *entry = with_code(*entry, side, ROOT);
    }
}

impl<N: Node> Visited<N> for HashedMap {
    #[inline]
    fn visit(&mut self, child: N, side: usize) -> (bool, bool) {
        let entry = self.map.entry(child.tiles()).or_insert(0);
        let old = *entry;
        let new = code(old, side) == 0;
        if new {
            *entry = with_code(old, side, reached_by(child.last()));
        }
        (new, code(old, 1 - side) != 0)
    }

    #[inline]
    fn met(&self, node: N, side: usize) -> bool {
        code(self.map.get(&node.tiles()).copied().unwrap_or(0), 1 - side) != 0
    }

    /// Whether the map holds as many states as it may; checked after each
    /// chunk of a layer, so it may overshoot by a chunk's children.
    #[inline]
    fn full(&self) -> bool {
        self.map.len() >= self.limit
    }
}
