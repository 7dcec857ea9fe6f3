//! The visited states of a layered search, each with the move that reached
//! it from either end.
//!
//! Small boards use a dense table ([`DenseMap`]) indexed by the board's rank
//! ([`slide_core::rank`]): no hashing, and a child's rank follows from its
//! parent's in a few operations. Larger boards use a hash map
//! ([`HashedMap`]) keyed by the packed tiles, which grows with the search and
//! is capped so that a hopeless search ends with an error instead of
//! exhausting memory.
//!
//! # Invariant: visited entries
//!
//! A layered search stores one byte per state, four bits
//! per end of the search: 0 unvisited, `1 + m` reached by move `m`, 15 at the
//! root. Paths are rebuilt by walking the reversed moves back until the root
//! board is reached (so the root's own code is never read as a move). Plain
//! BFS marks the target as the other end's root: reaching it is a meeting.
//! A meeting ends the search, so a state one side reaches that the other had
//! reached is always new to the first: the expansion ORs the entries of a
//! chunk's children as they were and tests the other side's code of the result
//! once, without testing "new" too. Dense tables are
//! indexed by `rank / 2`: ranks `2k` and `2k + 1` have opposite parities, so a
//! search, which stays in one parity class, meets exactly one of them. Their
//! slots are one byte, the entry: a thread reuses its tables, cleared when taken
//! again (a new table is zeros the system hands out untouched). A table's
//! length is the power of two at or above its slots, and a slot is masked into
//! it: the slot is below the length, so the mask changes nothing but spares
//! the bounds check; the slots past the last are never written, and only the
//! written ones are cleared.

use slide_core::{factorial, rank_tiles};

use crate::layered::node::Node;
use crate::layered::scratch::Scratch;
use crate::layered::Visited;

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
/// was reached by the move with index `m` (the blank's direction). A side's root holds [`ROOT`]; path walks stop at the root,
/// so its code is never read as a move. One
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
pub(crate) fn code(entry: Entry, side: usize) -> u8 {
    (entry >> (4 * side)) & 0xF
}

/// `entry` with side `side`'s code set to `code` (which was 0).
#[inline]
fn with_code(entry: Entry, side: usize, code: u8) -> Entry {
    entry | code << (4 * side)
}

/// A map of visited states whose entries can be read back.
pub(crate) trait StateMap {
    /// Whether keys are ranks (a dense map), which layers then carry.
    const RANKED: bool;

    /// The key of the arrangement with packed `tiles`: its rank in a dense
    /// map, the tiles themselves in a hashed one.
    fn key(&self, tiles: u64) -> u64;

    /// The entry of the state with `key`: 0 if no side reached it.
    fn entry(&self, key: u64) -> Entry;

    /// Records that side `side` starts at the state with `key`.
    fn visit_root(&mut self, key: u64, side: usize);
}

/// The codes that side `side` recorded along its way from its root (packed
/// tiles `root`) to the state with `tiles` and the blank in `blank`, first
/// to last, each with the blank's cell after its move. `back(blank, code)`
/// is the cell the blank came from into `blank` by the move of `code`.
pub(crate) fn codes_to(
    map: &impl StateMap,
    root: u64,
    mut tiles: u64,
    mut blank: usize,
    side: usize,
    back: impl Fn(usize, u8) -> usize,
) -> Vec<(u8, usize)> {
    let mut codes = Vec::new();
    while tiles != root {
        let code = code(map.entry(map.key(tiles)), side);
        codes.push((code, blank));
        let previous = back(blank, code);
        tiles = slide_core::slide(tiles, blank, previous);
        blank = previous;
    }
    codes.reverse();
    codes
}

/// A dense map: `table[rank / 2]` holds the entry of the arrangement of
/// that rank.
///
/// The table's length is a power of two (see [`Scratch::take_table`]), and
/// a slot is masked into it: every slot is below the length, so the mask
/// changes nothing, but with it the compiler sees that the index is in
/// bounds, and one AND replaces a compare and a branch for every child.
///
/// Ranks `2k` and `2k + 1` belong to boards of opposite parity, and a
/// search only meets boards of one parity class, so halving the rank
/// indexes the class densely.
///
/// A slot is the entry itself, one byte. A table is reused from search to
/// search (see [`Scratch`]) and cleared when it is taken again; a new one
/// is a vector of zeros, whose pages the system hands out untouched. A
/// search that stamped its slots with an epoch, to clear the table only now
/// and then, would read and compare the stamp for every child: on 3x3 that
/// cost more than a clearing (9!/2 bytes, a few microseconds) per search.
///
/// The table is a field of this struct, which a search holds as a
/// local: the compiler then keeps them in registers through its loops,
/// where read through a longer-lived owner they would be read again from
/// memory after every write to the table.
pub(crate) struct DenseMap {
    table: Vec<u8>,
    cells: usize,
}

impl DenseMap {
    /// An empty map for arrangements of `cells` cells (at most
    /// [`DENSE_MAX_CELLS`]), on a table from `scratch`;
    /// [`DenseMap::give_back`] returns it.
    pub(crate) fn new(cells: usize, scratch: &mut Scratch) -> DenseMap {
        debug_assert!(cells <= DENSE_MAX_CELLS);
        let table = scratch.take_table(Self::size(cells));
        DenseMap { table, cells }
    }

    /// The slots the arrangements of `cells` cells take.
    fn size(cells: usize) -> usize {
        factorial(cells) as usize / 2
    }

    /// Returns the table to `scratch` for the next search.
    pub(crate) fn give_back(self, scratch: &mut Scratch) {
        scratch.give_table(self.table, Self::size(self.cells));
    }

    /// The slot of the arrangement of rank `key`, masked into the table.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key >> 1) as usize & (self.table.len() - 1)
    }
}

impl StateMap for DenseMap {
    const RANKED: bool = true;

    fn key(&self, tiles: u64) -> u64 {
        rank_tiles(tiles, self.cells)
    }

    #[inline]
    fn entry(&self, key: u64) -> Entry {
        self.table[self.slot(key)]
    }

    fn visit_root(&mut self, key: u64, side: usize) {
        let slot = self.slot(key);
        let slot = &mut self.table[slot];
        *slot = with_code(*slot, side, ROOT);
    }
}

impl<N: Node> Visited<N> for DenseMap {
    /// The slot is written whether or not the side is new to it (with what
    /// it held if not), so that the search's loop has no branch on that.
    #[inline]
    fn visit(&mut self, child: N, side: usize) -> (bool, Entry) {
        let slot = self.slot(child.rank());
        let slot = &mut self.table[slot];
        let entry = *slot;
        let new = code(entry, side) == 0;
        let side_code = if new { reached_by(child.last()) } else { 0 };
        *slot = with_code(entry, side, side_code);
        (new, entry)
    }

    #[inline]
    fn met(&self, node: N, side: usize) -> bool {
        code(self.entry(node.rank()), 1 - side) != 0
    }

    #[inline]
    fn full(&self) -> bool {
        false
    }
}

/// A hashed map: `map[tiles]` is the entry of the arrangement with those
/// packed tiles. It may hold `limit` states; a search that needs more stops.
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
    const RANKED: bool = false;

    fn key(&self, tiles: u64) -> u64 {
        tiles
    }

    fn entry(&self, key: u64) -> Entry {
        self.map.get(&key).copied().unwrap_or(0)
    }

    fn visit_root(&mut self, key: u64, side: usize) {
        let entry = self.map.entry(key).or_insert(0);
        *entry = with_code(*entry, side, ROOT);
    }
}

impl<N: Node> Visited<N> for HashedMap {
    #[inline]
    fn visit(&mut self, child: N, side: usize) -> (bool, Entry) {
        let entry = self.map.entry(child.tiles()).or_insert(0);
        let old = *entry;
        let new = code(old, side) == 0;
        if new {
            *entry = with_code(old, side, reached_by(child.last()));
        }
        (new, old)
    }

    #[inline]
    fn met(&self, node: N, side: usize) -> bool {
        code(self.entry(node.tiles()), 1 - side) != 0
    }

    /// Whether the map holds as many states as it may; checked after each
    /// chunk of a layer, so it may overshoot by a chunk's children.
    #[inline]
    fn full(&self) -> bool {
        self.map.len() >= self.limit
    }
}
