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

    /// `first[free]` for every set `free` of the board's cells: the region
    /// of `free` that holds its lowest cell (see [`Regions::region_in`]).
    pub(crate) fn first_regions(&self) -> Vec<u16> {
        (0..=self.board)
            .map(|free| self.region(free & free.wrapping_neg(), free) as u16)
            .collect()
    }

    /// [`Regions::region`] through `first` ([`Regions::first_regions`]):
    /// the cells a pattern leaves free are nearly always one region, found
    /// by one look-up where the flood fill takes a round per step across
    /// it. When `seed` is not in the first region, its region is the one in
    /// the rest of `free` (regions do not touch).
    #[inline]
    pub(crate) fn region_in(&self, first: &[u16], seed: u32, free: u32) -> u32 {
        let region = first[free as usize] as u32;
        if region & seed != 0 {
            region
        } else {
            self.region(seed, free & !region)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_region_through_the_first_regions_is_the_flood_fills() {
        for (rows, cols) in [(3, 3), (4, 4), (2, 8)] {
            let shape = Shape::new(rows, cols).unwrap();
            let regions = Regions::new(shape);
            let first = regions.first_regions();
            for free in 0..=regions.board {
                let mut seeds = free;
                while seeds != 0 {
                    let seed = seeds & seeds.wrapping_neg();
                    seeds &= seeds - 1;
                    assert_eq!(
                        regions.region_in(&first, seed, free),
                        regions.region(seed, free),
                        "{shape} {free:b}"
                    );
                }
            }
        }
    }
}
