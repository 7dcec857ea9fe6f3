//! The database of one pattern: its table of signs, the perfect hash of a
//! placement, and the values a search reads from them.
//!
//! # Invariant: pattern databases
//!
//! A pattern of `k` tiles on `n` cells stands for an abstraction of the
//! puzzle: only pattern tiles' moves count, and the blank walks through
//! free cells for nothing. A position of it is a placement of the tiles and
//! the blank's region of free cells; its value is the exact distance to the
//! goal there. A placement is indexed by a mixed-radix perfect hash of its
//! tiles' cells (digit `i` counts the free cells below tile `i`). The sum
//! over disjoint patterns (and its reflection) is admissible and
//! consistent.
//!
//! The table keeps no value: it keeps, per placement, one bit per edge of
//! the grid, the placement's *signs*. A move of a pattern tile across an
//! edge into the blank's cell changes the pattern's value by exactly one
//! (it changes the colour of one tile's cell on a chessboard, so the
//! abstraction's graph is bipartite), and the edge's sign says which way:
//! 1 up, 0 down. The blank's region is the one holding the cell the tile
//! moves into, so a placement and an edge fix both positions, and the
//! sign needs no slot per region. Bits of edges no move of the pattern
//! crosses (both cells free, or both under its tiles) are 0. A 4x4 grid
//! has 24 edges: a placement's signs are 3 bytes (`SIGN_BYTES`), and a 6-tile
//! table is 17.3 MB.
//!
//! A search that knows a pattern's value and its placement's signs knows
//! every child's value without reading memory: the value plus or minus one,
//! by the sign of the edge the moved tile crosses. Only a child it goes on
//! to search reads the signs of its new placement, one read per pattern
//! that changed. A move changes only the moved tile's pattern, and its
//! index by `weight[tile] * (cells moved)` plus, for each pattern tile
//! crossed in cell order, `-weight[tile]` if it comes earlier in the
//! pattern and `+weight[it]` if later (`shifted_digit`). What a move needs
//! of its two cells in a view (the cells crossed, the distance and
//! direction in the view's order, and the edge) is one `Step`, made per view
//! for every pair of cells when the search starts. A move saves the view as
//! it was (`Before`: the pattern's index, value and signs, and the sum),
//! and undoing it writes that back, so an undo computes nothing.
//!
//! When every pattern's table indexed by cells would have at most 2^16
//! codes (on 4x4, patterns of at most four tiles, so 4-4-4-3),
//! `AdditivePdb::into_by_cell` makes a `ByCell`: the tables laid out that way
//! (`PatternDb::by_cell`), which a search with `&ByCell` reads. The code of
//! tiles on cells `c0, c1, ...` is `c0 n^(k-1) + c1 n^(k-2) + ...`, so a
//! move adds its tile's weight times the distance it moved, with no
//! crossings. The layout is a type (`ByPlacement`, `ByCell`, both
//! `Layout`s): `PdbEstimate<L>` steps one way, fixed at compile time, so
//! IDA* is made once per layout and no step branches on it.
//!
//! The one exact value a search needs from nothing, at the start, comes
//! from walking down to the goal across edges of sign 0
//! (`PatternDb::descend`). Tables of one bit a slot (bit 1 of the value,
//! format 5: 11.5 MB a 6-tile table) needed a read at every child, cut off
//! or not (`record/2026-12-05-frontier.md`).
//!
//! The build is a breadth-first search layer by layer over (placement, blank
//! region). It writes a state's bit 1 into all its region's slots when the
//! state is first reached, straight into a packed table, and marks them
//! in a second table of the same layout, of the slots seen: bit 1 tells a
//! neighbour one nearer from one farther, so each move the search makes
//! from a state sets its edge's sign. It sorts each layer by index before
//! expanding it so that successors' reads move forward through memory. The
//! cache builds or loads each pattern on its own thread.

use std::borrow::Cow;

use slide_core::{count_ones_16, Grid, Shape};

use crate::regions::Regions;

/// What [`PatternDb::value`] gives for a slot no position reaches.
pub(crate) const UNSEEN: u8 = u8::MAX;

/// The database of one pattern.
///
/// Invariant: with the pattern's `k` tiles on `cells`, bytes
/// `SIGN_BYTES * placement_index(cells)` on hold the placement's signs
/// (little-endian): bit `edge(grid, a, c)` is 1 when moving the pattern's
/// tile from `a` across that edge into the free cell `c` (the blank's)
/// raises the pattern's value, 0 when it lowers it, by exactly one; bits of
/// edges no move of the pattern crosses are 0. One byte more, 0, ends the
/// table, so that every placement's signs are read in one 4-byte load.
#[derive(Clone)]
pub struct PatternDb {
    pub(crate) shape: Shape,

    /// The blank's goal cell.
    pub(crate) blank: u8,
    /// The number of cells of the board.
    pub(crate) cells: usize,
    /// The goal cells of the pattern's tiles, in the order placements list them.
    pub(crate) goal_cells: Vec<u8>,
    /// The number of positions: placements times free cells.
    pub(crate) entries: usize,
    /// The placements' signs, as the invariant says.
    /// Owned (built, or read into memory of the caller's choosing) or
    /// borrowed from a file mapped for the whole process.
    pub(crate) signs: Cow<'static, [u8]>,
}

/// The bit of `slot` in a packed table: bit 1 of its value.
#[inline(always)]
pub(crate) fn bit(bits: &[u8], slot: usize) -> u8 {
    (bits[slot >> 3] >> (slot & 7)) & 1
}

/// The bytes of a placement's signs: one bit per edge of the grid, and
/// boards of at most 16 cells have at most 24 edges (4x4).
pub(crate) const SIGN_BYTES: usize = 3;

/// The bits of a placement's signs in what [`signs_at`] reads (the fourth
/// byte is the next placement's).
pub(crate) const SIGNS_MASK: u32 = (1 << (8 * SIGN_BYTES)) - 1;

/// The signs of placement `placement` in a table of signs (see
/// [`PatternDb`]): one load of 4 bytes, the byte past the signs belonging
/// to the next placement, or to the byte that ends the table. The edges
/// number at most 24, so that byte is never asked.
#[inline(always)]
pub(crate) fn signs_at(table: &[u8], placement: usize) -> u32 {
    let at = placement * SIGN_BYTES;
    let bytes: [u8; 4] = table[at..at + 4].try_into().expect("4 bytes");
    u32::from_le_bytes(bytes)
}

/// The number of the edge between the neighbouring cells `a` and `b` of
/// `grid`: the horizontal edges first, row by row, then the vertical ones
/// by their upper cell.
pub(crate) fn edge(grid: Grid, a: usize, b: usize) -> usize {
    let (low, high) = (a.min(b), a.max(b));
    let cols = grid.cols();
    debug_assert_eq!(grid.distance(low, high), 1, "neighbouring cells");
    if high == low + 1 {
        low / cols * (cols - 1) + low % cols
    } else {
        grid.rows() * (cols - 1) + low
    }
}

/// The bytes of a table of `placements` placements' signs, with the byte
/// that ends it.
pub(crate) fn signs_len(placements: usize) -> usize {
    placements * SIGN_BYTES + 1
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

/// The most codes a table indexed by cells ([`PatternDb::by_cell`]) may
/// have: 2^16, 192 KB of signs, so four tiles on 4x4 (4-4-4-3's copies of
/// bits took 0.4 MB and its search ran about 1.2 times as fast,
/// `record/fifteen-puzzle.md`). Five tiles would take 3 MB a pattern.
const BY_CELL_CODES: usize = 1 << 16;

impl PatternDb {
    /// The same signs indexed by cells rather than by placement: the code
    /// of the pattern's `i`-th tile on `cells[i]` is `cells[0] * n^(k-1) +
    /// cells[1] * n^(k - 2) + ...`, its signs at `SIGN_BYTES` times that (0
    /// where two of those cells are one), with the byte that ends the table.
    /// A move then changes a code by the moved tile's weight times how far
    /// it moved, with no tiles crossed, for a table `n^k / (n! / (n - k)!)`
    /// times larger (1.5 for four tiles on 4x4, 1.2 for three). `None` when
    /// it would have more than `BY_CELL_CODES` codes.
    pub(crate) fn by_cell(&self) -> Option<Vec<u8>> {
        let n = self.cells;
        let codes =
            (0..self.goal_cells.len()).try_fold(1usize, |acc, _| acc.checked_mul(n).filter(|&s| s <= BY_CELL_CODES))?;
        let mut table = vec![0; signs_len(codes)];
        self.copy_by_cell(&mut table, 0, 0, 0, 0);
        Some(table)
    }

    /// Copies into `table` (see [`PatternDb::by_cell`]) the signs of every
    /// placement whose first `tiles` tiles stand on the cells of `occupied`,
    /// with `code` their cells as digits base `n` and `placement` their
    /// digits of [`placement_index`]: one placement's signs when all the
    /// pattern's tiles are placed, else those of each cell for the next.
    fn copy_by_cell(&self, table: &mut [u8], tiles: usize, code: usize, placement: usize, occupied: u32) {
        let (n, k) = (self.cells, self.goal_cells.len());
        if tiles == k {
            let from = placement * SIGN_BYTES;
            table[code * SIGN_BYTES..][..SIGN_BYTES].copy_from_slice(&self.signs[from..from + SIGN_BYTES]);
            return;
        }
        let mut free = !occupied & ((1 << n) - 1);
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

    /// The signs of the placement of the pattern's tiles on `cells`.
    pub(crate) fn signs_of(&self, cells: &[u8]) -> u32 {
        signs_at(&self.signs, placement_index(cells, self.cells))
    }

    /// The value of a position, by walking down: from each position to a
    /// neighbour one nearer (a pattern tile moved across an edge of sign 0
    /// into the blank's region), until the goal or a position in `known`,
    /// the values found by earlier walks; every position of this walk is
    /// added to it. `regions` is the board's (made once by the caller).
    /// `None` if the walk does not reach the goal in 255 steps or meets a
    /// position with no such neighbour: the position is unreached (no
    /// position of the abstraction has its placement and region), or the
    /// signs are damaged.
    pub(crate) fn descend(&self, cells: &[u8], blank: usize, regions: &Regions, known: &mut Known) -> Option<u8> {
        let (n, k) = (self.cells, cells.len());
        let grid = self.shape.grid();
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
            let signs = signs_at(&self.signs, index);
            let nearer = regions
                .moves_into(&here[..k], region)
                .find(|&(_, from, to)| signs >> edge(grid, from, to) & 1 == 0)
                .map(|(i, from, to)| {
                    let mut next = here;
                    next[i] = to as u8;
                    (next, from)
                });
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
        let mut table = buffer(self.signs.len());
        table.clear();
        table.extend_from_slice(&self.signs);
        self.signs = Cow::Owned(table);
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
    fn tables_by_cell_hold_the_signs_of_the_tables_by_placement() {
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
            for code in 0..n.pow(k as u32) {
                let cells: Vec<u8> = (0..k).rev().map(|i| (code / n.pow(i as u32) % n) as u8).collect();
                let occupied = cells.iter().fold(0u32, |acc, &c| acc | 1 << c);
                let expected = if occupied.count_ones() as usize == k {
                    checked += 1;
                    db.signs_of(&cells)
                } else {
                    0
                };
                assert_eq!(
                    signs_at(&by_cell, code) & SIGNS_MASK,
                    expected & SIGNS_MASK,
                    "{shape} {cells:?}"
                );
            }
            assert_eq!(checked * (n - k), db.len());
        }
        let five = PatternDb::build(Shape::new(4, 4).unwrap(), &[0, 1, 2, 3, 4], 15);
        assert!(five.by_cell().is_none(), "five tiles on 4x4 take 4 MB by cell");
    }
}
