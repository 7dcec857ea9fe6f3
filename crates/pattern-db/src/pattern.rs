//! The database of one pattern: its table of bits, the perfect hash of a
//! placement and the slot of the blank, and the values a search reads from
//! them.
//!
//! # Invariant: pattern databases
//!
//! A pattern of `k` tiles on `n` cells has `n` slots per placement of its
//! tiles, one per cell: a placement is indexed by a mixed-radix perfect hash
//! of its tiles' cells (digit `i` counts the free cells below tile `i`), a
//! slot by the blank's cell (the `k` under the pattern's own tiles are never
//! read). The slot stands for the exact distance in an abstraction of the
//! puzzle (only pattern tiles' moves count) with the blank in that cell; the
//! value depends only on the blank's region of free cells, so all cells of a
//! region hold the same value. The sum over disjoint patterns (and its
//! reflection) is admissible and consistent. A move changes only the moved
//! tile's pattern, and its index by `weight[tile] * (cells moved)` plus, for
//! each pattern tile crossed in cell order, `-weight[tile]` if it comes
//! earlier in the pattern and `+weight[it]` if later (`shifted_digit`); the
//! search keeps each pattern's index times `n` per view (its weights are
//! scaled by `n`), so a slot is that plus the blank's cell. What a move needs
//! of its two cells in a view (the cells crossed, the distance and direction
//! in the view's order) is one `Step`, made per view for every pair of cells
//! when the search starts. A move saves the view as it was (`Before`: the
//! pattern's index and value, and the sum), and undoing it writes that back,
//! so an undo computes nothing.
//!
//! When every pattern's table indexed by cells would have at most 2^20
//! slots (128 KB; on 4x4, patterns of at most four tiles, so 4-4-4-3),
//! `AdditivePdb::into_by_cell` makes a `ByCell`: the tables laid out that way
//! (`PatternDb::by_cell`), which a search with `&ByCell` reads. The slot of
//! tiles on cells `c0, c1, ...` with the blank on `b` is
//! `c0 n^k + c1 n^(k-1) + ... + b`, so a move adds its tile's weight times
//! the distance it moved, with no crossings. The layout is a type
//! (`ByPlacement`, `ByCell`, both `Layout`s): `PdbEstimate<L>` steps one way,
//! fixed at compile time, so IDA* is made once per layout and no step
//! branches on it.
//!
//! A slot keeps only bit 1 of its value, eight slots a byte. One move of a
//! pattern tile changes its pattern's value by exactly one (the abstraction
//! is bipartite: the move changes the colour of one tile's cell on a
//! chessboard), and `v - 1` and `v + 1` differ in bit 1, so the search,
//! which knows each pattern's value before a move, gets the value after it
//! from the bit (`step_value`: one look-up in a table by value and bit). The
//! one exact value it needs from nothing, at the start, comes from walking
//! down to the goal through neighbours one less modulo 4 (the bit, and the
//! parity that the placement's colours give: `PatternDb::descend`). A 6-tile
//! table on 4x4 is 11.5 MB; the two of 6-6-3 share the last-level cache.
//! With the blank's cell as the slot, a search counts no free cells
//! (format 4 kept residues modulo 3 by free cell: 14.4 MB a 6-tile table,
//! and a bit count at every read; `record/2026-12-05-frontier.md`).
//!
//! The build is a breadth-first search layer by layer over (placement, blank
//! region). It writes a state's bit into all its region's slots when the
//! state is first reached, straight into the packed table, and marks them
//! in a second table of the same layout, of the slots seen (the two are the
//! only large things it reads and writes: 23 MB for a 6-tile pattern on
//! 4x4). It sorts each layer by index before expanding it so that
//! successors' reads move forward through memory. The cache builds or loads
//! each pattern on its own thread.

use slide_core::{count_ones_16, Grid, Shape};

use crate::regions::Regions;

/// What [`PatternDb::value`] gives for a slot no position reaches.
pub(crate) const UNSEEN: u8 = u8::MAX;

/// The database of one pattern.
///
/// Invariant: with the pattern's `k` tiles on `cells` and the blank on the
/// free cell `b`, slot `placement_index(cells) * n + b` (`slot`) stands
/// for the fewest pattern-tile moves from there to the goal (a placement
/// has `n` slots, one per cell; those under its own tiles are never read
/// and hold 0). The value depends only on `b`'s region, so every cell of a
/// region has the region's value, and a search reads its value at the
/// blank's cell without working out the region.
///
/// The table keeps one bit a slot, bit 1 of the value (slot `s` in bit
/// `s % 8` of byte `s / 8`), which is all a search needs: one move of a
/// pattern tile changes the pattern's value by exactly one (it changes the
/// colour of one tile's cell on a chessboard, so the abstraction's graph is
/// bipartite), and of `v - 1` and `v + 1` bit 1 always differs, so a
/// search that knows the value before a move reads the value after it from
/// the bit. The value's parity is the placement's own (how many of its
/// tiles stand on a cell of another colour than their goal's: `parity`),
/// so the bit and the placement give the value modulo 4. An exact value
/// from nothing is found by walking down to the goal, one neighbour of
/// value `v - 1` modulo 4 at a time ([`PatternDb::value`]). This is Breyer
/// and Korf's 1.6-bit idea at one bit: a 6-tile pattern's table on 4x4
/// takes 11.5 MB, and the tables of 6-6-3 share a last-level cache.
#[derive(Clone)]
pub struct PatternDb {
    pub(crate) shape: Shape,

    /// The blank's goal cell.
    pub(crate) blank: u8,
    /// The number of cells of the board.
    pub(crate) cells: usize,
    /// The goal cells of the pattern's tiles, in the order placements list them.
    pub(crate) goal_cells: Vec<u8>,
    /// The number of values: placements times free cells.
    pub(crate) entries: usize,
    /// The bits, packed as the invariant says.
    pub(crate) bits: Vec<u8>,
}

/// The bit of `slot` in a packed table: bit 1 of its value.
#[inline(always)]
pub(crate) fn bit(bits: &[u8], slot: usize) -> u8 {
    (bits[slot >> 3] >> (slot & 7)) & 1
}

/// `STEP_VALUE[value][bit]`: the value one move of a pattern tile away
/// from `value` (wrapping), `value + 1` if its bit 1 is `bit`, else
/// `value - 1`: a move's new value is one look-up.
const STEP_VALUE: [[u8; 2]; 256] = {
    let mut table = [[0u8; 2]; 256];
    let mut value = 0;
    while value < 256 {
        let up = (value as u8).wrapping_add(1);
        let down = (value as u8).wrapping_sub(1);
        table[value][((up >> 1) & 1) as usize] = up;
        table[value][((down >> 1) & 1) as usize] = down;
        value += 1;
    }
    table
};

/// The value of a slot one move of a pattern tile away from a slot of
/// value `value`, from the new slot's bit (see [`PatternDb`]'s invariant).
#[inline(always)]
pub(crate) fn step_value(value: u8, bit: u8) -> u8 {
    STEP_VALUE[value as usize][bit as usize & 1]
}

/// The parity of the value of the pattern's tiles on `cells` whose goals
/// are `goal_cells`, on `grid`: the parity of their taxicab distances from
/// their goals, summed (every move of a pattern tile changes that sum by
/// one; on a chessboard, how many of them stand on a cell of another
/// colour than their goal's).
pub(crate) fn parity(cells: &[u8], goal_cells: &[u8], grid: Grid) -> u8 {
    cells.iter().zip(goal_cells).fold(0, |acc, (&here, &goal)| {
        acc ^ (grid.distance(here as usize, goal as usize) & 1) as u8
    })
}

/// Exact values of one pattern's positions found by walking down (see
/// [`PatternDb::descend`]), by `index << 16 | region` (the placement's
/// index and the blank's region as a cell mask).
pub(crate) type Known = std::collections::HashMap<u64, u8>;

/// The bytes that hold `slots` packed bits.
pub(crate) fn packed_len(slots: usize) -> usize {
    (slots + 7) / 8
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

/// The slot of the placement of index `placement` with the blank on
/// `blank`, on a board of `n` cells (see [`PatternDb`]'s invariant).
#[inline(always)]
pub(crate) fn slot(placement: usize, n: usize, blank: usize) -> usize {
    placement * n + blank
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
/// have: 2^20, 128 KB, so four tiles on 4x4 (4-4-4-3's copies take 0.4 MB
/// and its search ran about 1.2 times as fast, `record/fifteen-puzzle.md`).
/// Five tiles would take 2 MB a pattern: with 5-5-5 the search ran 3 to 13%
/// faster, too little for copies made at every start.
const BY_CELL_SLOTS: usize = 1 << 20;

impl PatternDb {
    /// The same bits indexed by cells rather than by placement: the slot of
    /// the pattern's `i`-th tile on `cells[i]` and the blank on `b` is
    /// `cells[0] * n^k + cells[1] * n^(k - 1) + ... + b`, packed as in
    /// `bits` (0 where two of those cells are one). A move then changes a
    /// slot by the moved tile's weight times how far it moved, with no
    /// tiles crossed, for a table `n^k / (n! / (n - k)!)` times larger (1.5
    /// for four tiles on 4x4, 1.2 for three). `None` when it would have
    /// more than `BY_CELL_SLOTS` slots.
    pub(crate) fn by_cell(&self) -> Option<Vec<u8>> {
        let n = self.cells;
        let slots = (0..=self.goal_cells.len())
            .try_fold(1usize, |acc, _| acc.checked_mul(n).filter(|&s| s <= BY_CELL_SLOTS))?;
        let mut table = vec![0; packed_len(slots)];
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
            // The placement's `n` slots, one per cell, in a row in both.
            for cell in 0..n {
                let to = slot(code, n, cell);
                table[to >> 3] |= bit(&self.bits, slot(placement, n, cell)) << (to & 7);
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

    /// The bit of the slot of the pattern's tiles on `cells` with the
    /// blank in `blank`.
    pub(crate) fn bit_at(&self, cells: &[u8], blank: usize) -> u8 {
        let n = self.cells;
        bit(&self.bits, slot(placement_index(cells, n), n, blank))
    }

    /// The value modulo 4 of the slot of the pattern's tiles on `cells`
    /// with the blank in `blank`: its bit 1 from the table, its parity from
    /// the placement.
    pub(crate) fn quarter_at(&self, cells: &[u8], blank: usize) -> u8 {
        self.bit_at(cells, blank) << 1 | parity(cells, &self.goal_cells, self.shape.grid())
    }

    /// The value of a slot, by walking down: from each position to a
    /// neighbour (a pattern tile moved into the blank's region) whose
    /// value is one less modulo 4, until the goal or a position in `known`,
    /// the values found by earlier walks; every position of this walk is
    /// added to it. `regions` is the board's (made once by the caller).
    /// `None` if the walk does not reach the goal in 255 steps or meets a
    /// position with no such neighbour: the slot is unreached (its walk
    /// never meets a reached one), or the bits are damaged.
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
            // Bit 1 of the value one less, which a nearer neighbour holds.
            let nearer_bit = ((self.quarter_at(&here[..k], blank) + 3) % 4) >> 1;
            let mut nearer = None;
            for i in 0..k {
                let mut targets = regions.neighbours[here[i] as usize] & region;
                while targets != 0 {
                    let mut next = here;
                    next[i] = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    if self.bit_at(&next[..k], here[i] as usize) == nearer_bit {
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
        let mut table = buffer(self.bits.len());
        table.clear();
        table.extend_from_slice(&self.bits);
        self.bits = table;
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
    fn tables_by_cell_hold_the_bits_of_the_tables_by_placement() {
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
                    db.bit_at(cells, blank)
                } else {
                    0
                };
                assert_eq!(bit(&by_cell, code), expected, "{shape} {cells:?} blank {blank}");
            }
            assert_eq!(checked, db.len());
        }
        let five = PatternDb::build(Shape::new(4, 4).unwrap(), &[0, 1, 2, 3, 4], 15);
        assert!(five.by_cell().is_none(), "five tiles on 4x4 take 4 MB by cell");
    }
}
