//! The visited states of a breadth-first search, each with the move that reached it.
//!
//! Small boards use a dense table ([`DenseMap`]) with one byte per
//! arrangement, indexed by [`slide_core::rank`]: no hashing, and a child's
//! index follows from its parent's in a few operations
//! ([`slide_core::rank_after_slide`]). Larger boards use a hash map
//! ([`HashedMap`]) keyed by the packed tiles, which grows with the search and
//! is capped so that a hopeless search ends with an error instead of
//! exhausting memory.
//!
//! Searches refer to a state by its key: its rank in a dense map, its packed
//! tiles in a hashed one. They are generic over [`StateMap`], so each kind of
//! map gets its own compiled loop.

use std::cell::RefCell;

use slide_core::{factorial, rank, Board, Move, RankSteps, Shape};

use crate::SearchError;

/// Boards of at most this many cells get a dense table (10! bytes = 3.6 MB at most).
pub const DENSE_MAX_CELLS: usize = 10;

/// How many states a hashed search may store before it gives up: about
/// 2.5 GB with its queue, a tenth of this machine's memory.
pub const DEFAULT_STATE_LIMIT: usize = 50_000_000;

#[cfg(feature = "fxhash")]
type HashMap = fxhash::FxHashMap<u64, u8>;
#[cfg(not(feature = "fxhash"))]
type HashMap = std::collections::HashMap<u64, u8>;

/// A state's entry: what reached it from each end of a search.
///
/// Encoding: bits `3s .. 3s + 3` belong to side `s` (0 for a search from
/// the start, 1 for the backward side of a two-ended search): 0 means not
/// visited from that side, `ROOT` marks where that side started, and
/// `1 + m` says the state was reached by move `m` (`Move as u8`). One byte
/// serves both sides, so a two-ended search learns with one look-up
/// whether a new state is a meeting point.
pub(crate) type Entry = u8;

/// A side's code for its starting state.
pub(crate) const ROOT: u8 = 5;

/// A side's code for a state reached by the move with index `mv` (`Move as usize`).
#[inline]
pub(crate) fn reached_by(mv: usize) -> u8 {
    mv as u8 + 1
}

/// Side `side`'s code in `entry`.
#[inline]
pub(crate) fn code(entry: Entry, side: usize) -> u8 {
    (entry >> (3 * side)) & 7
}

/// `entry` with side `side`'s code set to `code`.
#[inline]
pub(crate) fn with_code(entry: Entry, side: usize, code: u8) -> Entry {
    entry | code << (3 * side)
}

/// The move a side's code records (`None` for the root).
#[inline]
fn move_of(code: u8) -> Option<Move> {
    match code {
        1..=4 => Some(Move::from_index(code as usize - 1)),
        _ => None,
    }
}

/// Visited states and how each was reached.
pub(crate) trait StateMap: Sized {
    /// The key of `board`, computed from scratch.
    fn key(&self, board: &Board) -> u64;

    /// The key of the board with packed tiles `next_tiles` and the blank in
    /// `next_blank`, one move from the board with `tiles`, `blank` and `key`.
    fn child_key(&self, tiles: u64, blank: usize, key: u64, next_tiles: u64, next_blank: usize) -> u64;

    /// The entry of the state with `key`: 0 if not visited.
    fn get(&self, key: u64) -> Entry;

    /// Records that side `side` reached the state with `key` with `code`,
    /// unless that side had reached it before. Returns the state's entry as
    /// it was, or `None` if the side had reached it (and nothing changed);
    /// fails when a hashed map would store more states than it may.
    fn visit(&mut self, key: u64, side: usize, code: u8) -> Result<Option<Entry>, SearchError>;

    /// The moves from side `side`'s root to `board`, following its codes back.
    fn path_to(&self, board: &Board, side: usize) -> Vec<Move> {
        let mut path = Vec::new();
        let mut here = *board;
        while let Some(mv) = move_of(code(self.get(self.key(&here)), side)) {
            path.push(mv);
            here = here
                .apply(mv.reverse())
                .expect("a recorded move is undone by its reverse");
        }
        path.reverse();
        path
    }
}

thread_local! {
    /// Dense tables left by finished searches on this thread, with the last
    /// epoch each used, to be reused without clearing (see [`DenseMap`]).
    static SPARE_TABLES: RefCell<Vec<(Vec<u16>, u16)>> = const { RefCell::new(Vec::new()) };
}

/// A dense map: `table[rank / 2]` holds the entry of the board of that rank.
///
/// Ranks `2k` and `2k + 1` belong to boards of opposite parity, and a search
/// only meets boards of one parity class, so halving the rank indexes the
/// class densely.
///
/// Each slot is stamped with the search that wrote it: the high byte is the
/// search's epoch, the low byte its entry, and a slot with another epoch
/// reads as unvisited. A thread reuses its tables from search to search
/// with a new epoch, so a short search neither allocates nor clears 9!/2
/// slots; only every 255th search clears the table.
pub(crate) struct DenseMap {
    steps: &'static RankSteps,
    table: Vec<u16>,
    epoch: u16,
}

impl DenseMap {
    /// An empty map for boards of `shape` (at most [`DENSE_MAX_CELLS`] cells).
    pub(crate) fn new(shape: Shape) -> DenseMap {
        let cells = shape.cells();
        debug_assert!(cells <= DENSE_MAX_CELLS);
        let size = factorial(cells) as usize / 2;
        let spare = SPARE_TABLES.with(|spares| {
            let mut spares = spares.borrow_mut();
            let index = spares.iter().position(|(t, _)| t.len() == size)?;
            Some(spares.swap_remove(index))
        });
        let (mut table, last_epoch) = spare.unwrap_or_else(|| (vec![0; size], 0));
        let epoch = if last_epoch == 255 {
            table.fill(0);
            1
        } else {
            last_epoch + 1
        };
        DenseMap {
            steps: RankSteps::of(shape),
            table,
            epoch,
        }
    }
}

impl StateMap for DenseMap {
    #[inline]
    fn key(&self, board: &Board) -> u64 {
        rank(board)
    }

    #[inline]
    fn child_key(&self, tiles: u64, blank: usize, key: u64, _next_tiles: u64, next_blank: usize) -> u64 {
        self.steps.after_slide(tiles, blank, next_blank, key)
    }

    #[inline]
    fn get(&self, key: u64) -> Entry {
        let slot = self.table[(key / 2) as usize];
        if slot >> 8 == self.epoch {
            slot as u8
        } else {
            0
        }
    }

    #[inline]
    fn visit(&mut self, key: u64, side: usize, side_code: u8) -> Result<Option<Entry>, SearchError> {
        let slot = &mut self.table[(key / 2) as usize];
        let entry = if *slot >> 8 == self.epoch { *slot as u8 } else { 0 };
        if code(entry, side) != 0 {
            return Ok(None);
        }
        *slot = self.epoch << 8 | with_code(entry, side, side_code) as u16;
        Ok(Some(entry))
    }
}

impl DenseMap {
    /// The map's slots, borrowed for a search's inner loop (see [`DenseSlots`]).
    pub(crate) fn slots(&mut self) -> DenseSlots<'_> {
        DenseSlots {
            table: &mut self.table,
            epoch: self.epoch,
        }
    }
}

/// A [`DenseMap`]'s table and epoch as two local values, which the compiler
/// keeps in registers: read through the map, they would be read again from
/// memory after every write to the table, which might have changed them.
pub(crate) struct DenseSlots<'a> {
    table: &'a mut [u16],
    epoch: u16,
}

impl DenseSlots<'_> {
    /// [`StateMap::visit`] for a loop that keeps every child and counts
    /// the new ones: returns whether side `side` reaches the state now (it
    /// had not before), and the state's entry as it was. The slot is written
    /// either way, with what it held if nothing changes.
    #[inline]
    pub(crate) fn visit(&mut self, key: u64, side: usize, side_code: u8) -> (bool, Entry) {
        let slot = &mut self.table[(key / 2) as usize];
        let entry = if *slot >> 8 == self.epoch { *slot as u8 } else { 0 };
        let new = code(entry, side) == 0;
        *slot = self.epoch << 8 | with_code(entry, side, if new { side_code } else { 0 }) as u16;
        (new, entry)
    }
}

impl Drop for DenseMap {
    fn drop(&mut self) {
        let table = std::mem::take(&mut self.table);
        // A thread keeps a few tables, for a couple of shapes.
        SPARE_TABLES.with(|spares| {
            let mut spares = spares.borrow_mut();
            if spares.len() < 4 {
                spares.push((table, self.epoch));
            }
        });
    }
}

/// A hashed map: `map[tiles]` is the entry of the board with those packed tiles.
pub(crate) struct HashedMap {
    map: HashMap,
    limit: usize,
}

impl HashedMap {
    /// An empty map that holds at most `limit` states.
    pub(crate) fn new(limit: usize) -> HashedMap {
        HashedMap {
            map: HashMap::default(),
            limit,
        }
    }
}

impl StateMap for HashedMap {
    #[inline]
    fn key(&self, board: &Board) -> u64 {
        board.tiles()
    }

    #[inline]
    fn child_key(&self, _tiles: u64, _blank: usize, _key: u64, next_tiles: u64, _next_blank: usize) -> u64 {
        next_tiles
    }

    #[inline]
    fn get(&self, key: u64) -> Entry {
        self.map.get(&key).copied().unwrap_or(0)
    }

    #[inline]
    fn visit(&mut self, key: u64, side: usize, side_code: u8) -> Result<Option<Entry>, SearchError> {
        let full = self.map.len() >= self.limit;
        match self.map.entry(key) {
            std::collections::hash_map::Entry::Occupied(mut slot) => {
                let entry = *slot.get();
                if code(entry, side) != 0 {
                    return Ok(None);
                }
                slot.insert(with_code(entry, side, side_code));
                Ok(Some(entry))
            }
            std::collections::hash_map::Entry::Vacant(_) if full => Err(SearchError::StateLimit { limit: self.limit }),
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(with_code(0, side, side_code));
                Ok(Some(0))
            }
        }
    }
}
