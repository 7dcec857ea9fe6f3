//! Sets of cells as bit masks, and the regions of free cells the blank can reach.

use slide_core::{Move, Shape, MAX_CELLS};

/// Sets of cells as bit masks (cell `c` is bit `c`), and how they grow.
#[derive(Clone)]
pub(crate) struct Regions {
    /// `neighbours[c]`: the cells next to `c`.
    pub(crate) neighbours: [u32; MAX_CELLS],
    /// The cells not in the first column, not in the last, and on the board.
    not_first_col: u32,
    not_last_col: u32,
    pub(crate) board: u32,
    cols: usize,
}

impl Regions {
    pub(crate) fn new(shape: Shape) -> Regions {
        let (n, cols) = (shape.cells(), shape.cols());
        let mut regions = Regions {
            neighbours: [0; MAX_CELLS],
            not_first_col: 0,
            not_last_col: 0,
            board: (1u32 << n) - 1,
            cols,
        };
        for cell in 0..n {
            for mv in Move::ALL {
                if let Some(next) = shape.neighbour(cell, mv) {
                    regions.neighbours[cell] |= 1 << next;
                }
            }
            if cell % cols != 0 {
                regions.not_first_col |= 1 << cell;
            }
            if cell % cols != cols - 1 {
                regions.not_last_col |= 1 << cell;
            }
        }
        regions
    }

    /// The cells of `free` connected to `seed` (a subset of `free`) by steps
    /// between neighbouring cells of `free`. Each round grows the set by one
    /// step in all four directions at once: a shift by one moves every cell
    /// to its right neighbour (cells of the last column excluded, or they
    /// would wrap to the next row), a shift by `cols` to the cell below.
    #[inline]
    pub(crate) fn region(&self, seed: u32, free: u32) -> u32 {
        let mut region = seed;
        loop {
            let grown = region
                | (region & self.not_last_col) << 1
                | (region & self.not_first_col) >> 1
                | (region << self.cols) & self.board
                | region >> self.cols;
            let grown = grown & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}
