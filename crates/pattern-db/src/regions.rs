//! Sets of cells as bit masks, and the regions of free cells the blank can
//! reach: the grid's rule ([`slide_core::CellMasks::region`]) on `u32`
//! masks, and the table of first regions that spares most of its floods.

use slide_core::{CellMasks, Move, Shape, MAX_CELLS};

/// Sets of cells as bit masks (cell `c` is bit `c`), and how they grow.
#[derive(Clone)]
pub(crate) struct Regions {
    /// `neighbours[c]`: the cells next to `c`.
    pub(crate) neighbours: [u32; MAX_CELLS],
    /// Every cell of the board.
    pub(crate) board: u32,
    masks: CellMasks,
}

impl Regions {
    pub(crate) fn new(shape: Shape) -> Regions {
        let masks = shape.grid().masks();
        let mut regions = Regions {
            neighbours: [0; MAX_CELLS],
            board: masks.all as u32,
            masks,
        };
        for cell in 0..shape.cells() {
            for mv in Move::ALL {
                if let Some(next) = shape.neighbour(cell, mv) {
                    regions.neighbours[cell] |= 1 << next;
                }
            }
        }
        regions
    }

    /// The cells of `free` connected to `seed` (a subset of `free`) by steps
    /// between neighbouring cells of `free` (see [`CellMasks::region`]).
    #[inline]
    pub(crate) fn region(&self, seed: u32, free: u32) -> u32 {
        self.masks.region(u64::from(seed), u64::from(free)) as u32
    }

    /// The moves of a pattern's tiles on `cells` into the cells of `into`
    /// (free cells: all of them, or the blank's region), as (the tile's
    /// place in `cells`, the cell it leaves, the cell it enters).
    pub(crate) fn moves_into<'a>(
        &'a self,
        cells: &'a [u8],
        into: u32,
    ) -> impl Iterator<Item = (usize, usize, usize)> + 'a {
        cells.iter().enumerate().flat_map(move |(i, &from)| {
            let mut targets = self.neighbours[from as usize] & into;
            std::iter::from_fn(move || {
                let to = (targets != 0).then(|| targets.trailing_zeros() as usize)?;
                targets &= targets - 1;
                Some((i, from as usize, to))
            })
        })
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
