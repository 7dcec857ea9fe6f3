//! The packings of a wide board's tiles.

use crate::position::Tiles;

/// A packing of the tiles of a board of more than 16 cells.
pub trait WideTiles: Tiles + std::hash::Hash {
    /// The most cells it holds.
    const MAX_CELLS: usize;

    /// The packing of `cells` (row-major, 0 the blank; at most
    /// [`WideTiles::MAX_CELLS`], each below it).
    fn from_cells(cells: &[u8]) -> Self;
}

/// Five bits a cell: cell `c` holds its tile in bits `5c..5c + 5`, so 25
/// cells fit (the 24-puzzle, 4x6, 3x8). A move slides a tile with two XORs,
/// as on the `u64` board.
impl Tiles for u128 {
    #[inline(always)]
    fn tile(self, cell: usize) -> usize {
        ((self >> (5 * cell)) & 0x1F) as usize
    }

    #[inline(always)]
    fn slide(self, tile: usize, from: usize, to: usize) -> u128 {
        let tile = tile as u128;
        self ^ ((tile << (5 * to)) | (tile << (5 * from)))
    }
}

impl WideTiles for u128 {
    const MAX_CELLS: usize = 25;

    fn from_cells(cells: &[u8]) -> u128 {
        cells
            .iter()
            .enumerate()
            .fold(0, |tiles, (cell, &tile)| tiles | (tile as u128) << (5 * cell))
    }
}

/// A byte a cell, for boards of up to 128 cells (10x10, 11x11).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cells(pub [u8; 128]);

impl Tiles for Cells {
    #[inline(always)]
    fn tile(self, cell: usize) -> usize {
        self.0[cell] as usize
    }

    #[inline(always)]
    fn slide(mut self, tile: usize, from: usize, to: usize) -> Cells {
        self.0[to] = tile as u8;
        self.0[from] = 0;
        self
    }
}

impl WideTiles for Cells {
    const MAX_CELLS: usize = 128;

    fn from_cells(cells: &[u8]) -> Cells {
        let mut tiles = [0u8; 128];
        tiles[..cells.len()].copy_from_slice(cells);
        Cells(tiles)
    }
}
