//! Additive disjoint pattern databases (Korf and Felner, 2002).
//!
//! A pattern is a set of goal cells; its tiles are whatever tiles the target
//! has there. Its database holds, for every placement of those tiles on the
//! board and every region of free cells the blank can be in, the fewest
//! moves *of pattern tiles* that bring them home while the blank, which must
//! do the moving, finds its way among them (the other tiles are
//! indistinguishable and their moves free). This is the exact distance in
//! an abstraction of the puzzle: every move of the puzzle is a move there
//! (of cost 1 if it moves a pattern tile, else 0), so the value never
//! exceeds the true distance and one move changes it by at most one. Every
//! move moves one tile, of one pattern, so the sum over disjoint patterns is
//! admissible and consistent too.
//!
//! Keeping the blank's region, rather than the least value over the blank's
//! cells that Korf and Felner stored, is what keeps the estimate consistent:
//! the least over the blank's cells can jump by more than one in one move
//! (on 2x3, `_ 1 3 / 2 5 4` to `1 _ 3 / 2 5 4` goes from 9 to 14 with the
//! split `1 2 3` and `4 5`). It is also never smaller. Clausecker and
//! Reinefeld call these zero-aware pattern databases.
//!
//! The tables depend only on the cells of the patterns and the blank's goal
//! cell, not on which tiles the target puts where, so one set of tables
//! serves every target whose blank is in the cell no pattern covers.

mod additive;
mod build;
mod regions;
mod split;
mod state;

use slide_core::{count_ones_16, Shape};

pub use self::additive::AdditivePdb;
pub(crate) use self::regions::Regions;
pub use self::split::Split;
pub use self::state::{PdbEstimate, Saved};

/// Marks a placement the search has not reached yet.
const UNSEEN: u8 = u8::MAX;

/// The database of one pattern.
///
/// Invariant: with the pattern's `k` tiles on `cells` and the blank on the
/// free cell `b`, `table[placement_index(cells) * (n - k) + free_rank(cells,
/// b)]` is the fewest pattern-tile moves from there to the goal, where
/// `free_rank` counts the free cells below `b` (so the `n - k` slots of a
/// placement are its free cells, in order). The value depends only on `b`'s
/// region, so every cell of a region holds the region's value, and a search
/// reads its value at the blank's cell without working out the region.
#[derive(Clone)]
pub struct PatternDb {
    pub(crate) shape: Shape,
    /// The blank's goal cell.
    pub(crate) blank: u8,
    /// The number of cells of the board.
    pub(crate) cells: usize,
    /// The goal cells of the pattern's tiles, in the order placements list them.
    pub(crate) goal_cells: Vec<u8>,
    pub(crate) table: Vec<u8>,
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

/// The place of the free cell `blank` among the free cells of a board whose
/// occupied cells are the bits of `occupied`: the number of free cells below it.
#[inline]
pub(crate) fn free_rank(occupied: u32, blank: usize) -> usize {
    blank - count_ones_16((occupied & ((1 << blank) - 1)) as u16) as usize
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

impl PatternDb {
    /// The blank's goal cell the database was built for.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The value of the placement with the pattern's `i`-th tile in
    /// `cells[i]` and the blank in `blank`.
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
        self.table[placement_index(cells, n) * (n - cells.len()) + free_rank(occupied, blank)]
    }

    /// The number of entries: one per placement and free cell (see the invariant).
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty (it never is).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The largest value in the table.
    pub fn max(&self) -> u8 {
        self.table.iter().copied().filter(|&v| v != UNSEEN).max().unwrap_or(0)
    }

    /// The goal cells of the pattern.
    pub fn goal_cells(&self) -> &[u8] {
        &self.goal_cells
    }
}

impl std::fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDb")
            .field("shape", &self.shape)
            .field("blank", &self.blank)
            .field("goal_cells", &self.goal_cells)
            .field("entries", &self.table.len())
            .finish()
    }
}
