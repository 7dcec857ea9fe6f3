//! The database of one pattern: its table of residues, the perfect hash
//! of a placement and the slot of the blank, and the values a search
//! reads from them.
//!
//! # Invariant: pattern databases
//!
//! A pattern of `k` tiles on `n` cells has `n - k`
//! slots per placement of its tiles: a placement is indexed by a
//! mixed-radix perfect hash of its tiles' cells (digit `i` counts the free
//! cells below tile `i`), a slot by the number of free cells below the blank.
//! The slot holds the exact distance in an abstraction of the puzzle (only
//! pattern tiles' moves count) with the blank in that cell; the value depends
//! only on the blank's region of free cells, so all cells of a region hold the
//! same value. The sum over disjoint patterns (and its reflection) is
//! admissible and consistent. A move changes only the moved tile's pattern,
//! and its index by `weight[tile] * (cells moved)` plus, for each pattern tile
//! crossed in cell order, `-weight[tile]` if it comes earlier in the pattern
//! and `+weight[it]` if later (`shifted_digit`); the
//! search keeps the index and the occupied cells per pattern and view. What a
//! move needs of its two cells in a view (the cells crossed, the two cells as
//! a mask, the distance and direction in the view's order) is one `Step`,
//! made per view for every pair of cells when the search starts. A move saves
//! the view as it was (`Before`: the pattern's index, occupied cells and
//! value, and the sum), and undoing it writes that back, so an undo computes
//! nothing.
//!
//! When every pattern's table indexed by cells would have at most 2^20
//! slots (256 KB; on 4x4, patterns of at most four tiles, so 4-4-4-3),
//! `AdditivePdb::into_by_cell` makes a `ByCell`: the tables laid out that way
//! (`PatternDb::by_cell`), which a search with `&ByCell` reads. The slot of
//! tiles on cells `c0, c1, ...` with the blank on `b` is
//! `c0 n^k + c1 n^(k-1) + ... + b`, so a move adds its tile's weight times the distance it moved,
//! with no crossings and no free cells counted. The slots where two of those
//! cells are one hold 3, like unreached ones. The layout is a type
//! (`ByPlacement`, `ByCell`, both `Layout`s): `PdbEstimate<L>` steps one way,
//! fixed at compile time, so IDA* is made once per layout and no step
//! branches on it.
//!
//! A slot keeps only its value modulo 3, in two bits, four slots a byte (3
//! marks a slot no position reaches). One move changes a pattern's value by at
//! most one, and `v - 1`, `v`, `v + 1` have distinct residues, so the search,
//! which knows each pattern's value before a move, gets the value after it
//! from the residue (`step_value`: one look-up in a table by value and
//! residue, no division). The one exact value it needs from nothing,
//! at the start, comes from walking down to the goal through neighbours of
//! residue one less (`PatternDb::descend`). A 6-tile table is 14 MB rather
//! than 57; the two of 6-6-3 share the last-level cache.
//!
//! The build is a breadth-first search layer by layer over (placement, blank
//! region). It writes a state's residue into all its region's slots when the
//! state is first reached, straight into the packed table; a slot still at 3
//! is "not seen", so the table is the only large thing it reads and writes
//! (14 MB for a 6-tile pattern: two builds side by side share the last-level
//! cache). It sorts each layer by index before expanding it so that
//! successors' reads move forward through memory. The cache builds or loads each pattern on its own
//! thread.

use slide_core::{count_ones_16, Shape};

use crate::regions::Regions;

/// What [`PatternDb::value`] gives for a slot no position reaches.
pub(crate) const UNSEEN: u8 = u8::MAX;

/// The residue of a slot the build never reached (no position of the
/// abstraction has it); residues of values are 0, 1 and 2.
pub(crate) const UNREACHED: u8 = 3;

/// The database of one pattern.
///
/// Invariant: with the pattern's `k` tiles on `cells` and the blank on the
/// free cell `b`, slot `placement_index(cells) * (n - k) + r` (`slot`)
/// stands for the fewest pattern-tile moves from there to the goal, where
/// `r` counts the free cells below `b` (so the `n - k` slots
/// of a placement are its free cells, in order). The value depends only on
/// `b`'s region, so every cell of a region has the region's value, and a
/// search reads its value at the blank's cell without working out the
/// region.
///
/// The table keeps each slot's value modulo 3, in two bits (four slots a
/// byte: slot `s` in bits `2 * (s % 4)` of byte `s / 4`),
/// which is all a search needs: one move changes a pattern's value by at
/// most one, and of `v - 1`, `v` and `v + 1` no two share a residue, so a
/// search that knows the value before a move reads the value after it from
/// the residue. An exact value from nothing is found by
/// walking down to the goal, one neighbour of residue `v - 1` at a time
/// ([`PatternDb::value`]). This is Breyer and Korf's 1.6-bit idea at two
/// bits: a 6-tile pattern's table takes a quarter of a byte a slot, so
/// the tables of 6-6-3 fit together in a last-level cache.
#[derive(Clone)]
pub struct PatternDb {
    pub(crate) shape: Shape,

    /// The blank's goal cell.
    pub(crate) blank: u8,
    /// The number of cells of the board.
    pub(crate) cells: usize,
    /// The goal cells of the pattern's tiles, in the order placements list them.
    pub(crate) goal_cells: Vec<u8>,
    /// The number of slots: placements times free cells.
    pub(crate) entries: usize,
    /// The residues, packed as the invariant says; [`UNREACHED`] where no
    /// position of the abstraction has the slot.
    pub(crate) residues: Vec<u8>,
}

/// The residue of `slot` in a packed table: its value modulo 3, or [`UNREACHED`].
#[inline(always)]
pub(crate) fn residue(residues: &[u8], slot: usize) -> u8 {
    (residues[slot >> 2] >> (2 * (slot & 3))) & 3
}

/// `STEP_DELTA[value % 3][residue]`: what a move adds to a pattern's
/// value `value` when the slot it leads to has residue `residue` (the
/// difference of residues modulo 3: 0, 1, or 2 for minus one).
const STEP_DELTA: [[i8; 4]; 3] = [[0, 1, -1, 0], [-1, 0, 1, 0], [1, -1, 0, 0]];

/// `STEP_VALUE[value][residue]`: `value` plus its [`STEP_DELTA`] (wrapping),
/// so that a move's new value is one look-up, with no division by 3.
const STEP_VALUE: [[u8; 4]; 256] = {
    let mut table = [[0u8; 4]; 256];
    let mut value = 0;
    while value < 256 {
        let mut residue = 0;
        while residue < 4 {
            table[value][residue] = (value as i8).wrapping_add(STEP_DELTA[value % 3][residue]) as u8;
            residue += 1;
        }
        value += 1;
    }
    table
};

/// The value of a slot one move away from a slot of value `value`, from
/// the new slot's residue (see [`PatternDb`]'s invariant).
#[inline(always)]
pub(crate) fn step_value(value: u8, residue: u8) -> u8 {
    debug_assert!(residue != UNREACHED, "a search reaches only reached slots");
    STEP_VALUE[value as usize][residue as usize & 3]
}

/// Exact values of one pattern's positions found by walking down (see
/// [`PatternDb::descend`]), by `index << 16 | region` (the placement's
/// index and the blank's region as a cell mask).
pub(crate) type Known = std::collections::HashMap<u64, u8>;

/// The bytes that hold `entries` packed residues.
pub(crate) fn packed_len(entries: usize) -> usize {
    (entries + 3) / 4
}

/// The dense index of a placement: `cells[i]` is where the pattern's `i`-th
/// tile stands, all distinct, on a board of `n` cells. It is the mixed-radix
/// number whose `i`-th digit (radix `n - i`) is `cells[i]` less the number
/// of earlier entries below it; indices run over `0..n!/(n-k)!`.
#[inline]
pub(crate) fn placement_index(cells: &[u8], n: usize) -> usize {
    let mut used = 0u32;
    let mut index = 0;
    for (i, &cell) in cells.iter().enumerate() {
        let below = count_ones_16((used & ((1u32 << cell) - 1)) as u16) as usize;
        index = index * (n - i) + cell as usize - below;
        used |= 1 << cell;
    }
    index
}

/// The slot of the placement of index `placement` (its tiles on the bits
/// of `occupied`) with the blank on the free cell `blank`, in a table of
/// `free_cells` slots a placement: the placement's first slot plus the
/// number of free cells below `blank` (see [`PatternDb`]'s invariant).
#[inline(always)]
pub(crate) fn slot(placement: usize, free_cells: usize, occupied: u32, blank: usize) -> usize {
    placement * free_cells + blank - count_ones_16((occupied & ((1 << blank) - 1)) as u16) as usize
}

/// The weight of each digit of [`placement_index`] for `k` tiles on `n`
/// cells: digit `i` counts `(n - i - 1) * ... * (n - k + 1)`.
pub(crate) fn digit_weights(n: usize, k: usize) -> [u32; 8] {
    let mut weights = [0u32; 8];
    let mut weight = 1u32;
    for i in (0..k).rev() {
        weights[i] = weight;
        weight *= (n - i) as u32;
    }
    weights
}

/// How [`placement_index`] changes when the tile in slot `s` moves across a
/// cell (in cell order) that holds the tile in slot `other`, from below it
/// to above it: the moving tile's digit counts one cell fewer (`other` is
/// one of the earlier tiles below it now) if `other < s`, and otherwise
/// `other`'s digit counts one cell more (the moving tile, an earlier tile,
/// no longer sits below it).
///
/// So a tile moving up from cell `a` to cell `b > a` changes the index by
/// `weights[s] * (b - a)` plus this for each pattern tile strictly between
/// `a` and `b`; moving down from `b` to `a` changes it by the negative. A
/// horizontal move crosses no cell: the index moves by `weights[s]`.
#[inline]
pub(crate) fn shifted_digit(weights: &[u32; 8], s: usize, other: usize) -> i32 {
    if other < s {
        -(weights[s] as i32)
    } else {
        weights[other] as i32
    }
}

/// The most slots a table indexed by cells ([`PatternDb::by_cell`]) may
/// have: 2^20, 256 KB, so four tiles on 4x4 (4-4-4-3's copies take 0.8 MB
/// and its search runs about 1.2 times as fast). Five tiles would take 4 MB
/// a pattern: with 5-5-5 the search ran 3 to 13% faster, too little for
/// 12 MB of copies made at every start.
const BY_CELL_SLOTS: usize = 1 << 20;

impl PatternDb {
    /// The same residues indexed by cells rather than by placement: the
    /// slot of the pattern's `i`-th tile on `cells[i]` and the blank on `b`
    /// is `cells[0] * n^k + cells[1] * n^(k - 1) + ... + b`, packed as in
    /// `residues` ([`UNREACHED`] where two of those cells are one). A move
    /// then changes a slot by the moved tile's weight times how far it
    /// moved, with no tiles crossed and no free cells counted, for a table
    /// `n^(k + 1) / (n! / (n - k - 1)!)` times larger (2.0 for four tiles on
    /// 4x4, 1.5 for three). `None` when it would have more than
    /// `BY_CELL_SLOTS` slots.
    pub(crate) fn by_cell(&self) -> Option<Vec<u8>> {
        let n = self.cells;
        let slots = (0..=self.goal_cells.len())
            .try_fold(1usize, |acc, _| acc.checked_mul(n).filter(|&s| s <= BY_CELL_SLOTS))?;
        let mut table = vec![u8::MAX; packed_len(slots)];
        self.copy_by_cell(&mut table, 0, 0, 0, 0);
        Some(table)
    }

    /// Copies into `table` (see [`PatternDb::by_cell`]) the slots of every
    /// placement whose first `tiles` tiles stand on the cells of `occupied`,
    /// with `code` their cells as digits base `n` and `placement` their
    /// digits of [`placement_index`]: one placement's slots when all the
    /// pattern's tiles are placed, else those of each cell for the next.
    fn copy_by_cell(&self, table: &mut [u8], tiles: usize, code: usize, placement: usize, occupied: u32) {
        let (n, k) = (self.cells, self.goal_cells.len());
        let mut free = !occupied & ((1 << n) - 1);
        if tiles == k {
            // The placement's slots in `table` are `n` in a row, from
            // `code * n`: two bits each, which hold 3 until written, so
            // XOR with `3 ^ r` leaves `r` in one. Its slots here are its
            // free cells in order. All `n` go into `flips` (0 on the tiles'
            // cells, which stay 3) and then into `table` a byte at a time.
            let mut flips = 0u64;
            let mut slot = placement * (n - k);
            while free != 0 {
                flips |= ((UNREACHED ^ residue(&self.residues, slot)) as u64) << (2 * free.trailing_zeros());
                slot += 1;
                free &= free - 1;
            }
            let at = code * n;
            flips <<= 2 * (at & 3);
            let mut byte = at >> 2;
            while flips != 0 {
                table[byte] ^= flips as u8;
                flips >>= 8;
                byte += 1;
            }
            return;
        }
        let mut digit = 0;
        while free != 0 {
            let cell = free.trailing_zeros() as usize;
            let (code, placement) = (code * n + cell, placement * (n - tiles) + digit);
            self.copy_by_cell(table, tiles + 1, code, placement, occupied | 1 << cell);
            digit += 1;
            free &= free - 1;
        }
    }

    /// The shape the database is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The blank's goal cell the database was built for.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The value of the placement with the pattern's `i`-th tile in
    /// `cells[i]` and the blank in `blank`; `u8::MAX` if no position of
    /// the abstraction has it. It walks down to the goal, a move at a time
    /// (see [`PatternDb`]'s invariant), so it costs a few thousand steps:
    /// a search finds its values move by move instead.
    ///
    /// # Panics
    /// Panics unless `cells` lists one distinct cell of the board per tile,
    /// and `blank` is another cell.
    pub fn value(&self, cells: &[u8], blank: usize) -> u8 {
        assert_eq!(cells.len(), self.goal_cells.len(), "one cell per pattern tile");
        let n = self.cells;
        let occupied = cells.iter().fold(0u32, |acc, &c| acc | 1 << c);
        assert!(cells.iter().all(|&c| (c as usize) < n), "cells of the board");
        assert!(blank < n && occupied & (1 << blank) == 0, "the blank is on a free cell");
        self.descend(cells, blank, &Regions::new(self.shape), &mut Known::new())
            .unwrap_or(UNSEEN)
    }

    /// The residue of the slot of the pattern's tiles on `cells` (the
    /// cells of `occupied`) with the blank in `blank`.
    pub(crate) fn residue_at(&self, cells: &[u8], occupied: u32, blank: usize) -> u8 {
        let (n, k) = (self.cells, cells.len());
        residue(&self.residues, slot(placement_index(cells, n), n - k, occupied, blank))
    }

    /// The value of a slot, by walking down: from each position to a
    /// neighbour (a pattern tile moved into the blank's region) whose
    /// residue is one less, until the goal or a position in `known`, the
    /// values found by earlier walks; every position of this walk is added
    /// to it. `regions` is the board's (made once by the caller). `None` if
    /// the slot is unreached, or some position on the way has no such
    /// neighbour (the residues are damaged).
    pub(crate) fn descend(&self, cells: &[u8], blank: usize, regions: &Regions, known: &mut Known) -> Option<u8> {
        let (n, k) = (self.cells, cells.len());
        let goal = placement_index(&self.goal_cells, n);
        let mut here = [0u8; 8];
        here[..k].copy_from_slice(cells);
        let mut blank = blank;
        // The positions walked through, by placement index and region.
        let mut path: Vec<u64> = Vec::new();
        loop {
            let occupied = here[..k].iter().fold(0u32, |acc, &c| acc | 1 << c);
            let region = regions.region(1 << blank, regions.board & !occupied);
            let index = placement_index(&here[..k], n);
            let key = (index as u64) << 16 | region as u64;
            let at_goal = index == goal && region & 1 << self.blank != 0;
            if let Some(value) = if at_goal { Some(0) } else { known.get(&key).copied() } {
                let value = u8::try_from(value as usize + path.len()).ok()?;
                for (i, key) in path.into_iter().enumerate() {
                    known.insert(key, value - i as u8);
                }
                return Some(value);
            }
            path.push(key);
            let own = self.residue_at(&here[..k], occupied, blank);
            let mut nearer = None;
            for i in 0..k {
                let mut targets = regions.neighbours[here[i] as usize] & region;
                while targets != 0 && own != UNREACHED {
                    let mut next = here;
                    next[i] = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let moved = occupied ^ 1 << here[i] ^ 1 << next[i];
                    if self.residue_at(&next[..k], moved, here[i] as usize) == (own + 2) % 3 {
                        nearer = Some((next, here[i] as usize));
                    }
                }
            }
            (here, blank) = nearer?;
            if path.len() > u8::MAX as usize {
                return None;
            }
        }
    }

    /// The number of entries: one per placement and free cell (see the invariant).
    pub fn len(&self) -> usize {
        self.entries
    }

    /// Whether the table is empty (it never is).
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The goal cells of the pattern.
    pub fn goal_cells(&self) -> &[u8] {
        &self.goal_cells
    }

    /// The same database with its table copied into the buffer that
    /// `buffer(bytes)` makes (empty, with room for `bytes`): for a caller
    /// that wants the table in memory of its choosing, as
    /// [`PatternDb::read_from`] reads into one.
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_pattern_db::PatternDb;
    /// let db = PatternDb::build(Shape::new(2, 3).unwrap(), &[0, 1, 2], 5);
    /// let moved = db.clone().with_table_in(Vec::with_capacity);
    /// assert_eq!(moved.to_bytes(), db.to_bytes());
    /// ```
    pub fn with_table_in(mut self, buffer: impl FnOnce(usize) -> Vec<u8>) -> PatternDb {
        let mut table = buffer(self.residues.len());
        table.clear();
        table.extend_from_slice(&self.residues);
        self.residues = table;
        self
    }
}

impl std::fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDb")
            .field("shape", &self.shape)
            .field("blank", &self.blank)
            .field("goal_cells", &self.goal_cells)
            .field("entries", &self.entries)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_by_cell_hold_the_residues_of_the_tables_by_placement() {
        for (rows, cols, goal_cells, blank) in [
            (2, 3, &[0u8, 1, 2][..], 5),
            (3, 3, &[0, 1, 2, 3], 8),
            (4, 4, &[0, 1, 4, 5], 15),
            (4, 4, &[14, 15, 11], 0),
        ] {
            let shape = Shape::new(rows, cols).unwrap();
            let db = PatternDb::build(shape, goal_cells, blank);
            let by_cell = db.by_cell().expect("small enough");
            let (n, k) = (shape.cells(), goal_cells.len());
            let mut checked = 0;
            for code in 0..n.pow(k as u32 + 1) {
                let cells: Vec<u8> = (0..=k).rev().map(|i| (code / n.pow(i as u32) % n) as u8).collect();
                let (cells, blank) = (&cells[..k], cells[k] as usize);
                let occupied = cells.iter().fold(0u32, |acc, &c| acc | 1 << c);
                let expected = if occupied.count_ones() as usize == k && occupied & 1 << blank == 0 {
                    checked += 1;
                    db.residue_at(cells, occupied, blank)
                } else {
                    UNREACHED
                };
                assert_eq!(residue(&by_cell, code), expected, "{shape} {cells:?} blank {blank}");
            }
            assert_eq!(checked, db.len());
        }
        let five = PatternDb::build(Shape::new(4, 4).unwrap(), &[0, 1, 2, 3, 4], 15);
        assert!(five.by_cell().is_none(), "five tiles on 4x4 take 4 MB by cell");
    }
}
