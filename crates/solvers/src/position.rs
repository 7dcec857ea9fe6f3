//! What the heuristic searches need of a board, so that they run on the
//! packed `u64` of at most 16 cells ([`slide_core::Board`]) and on wider
//! boards ([`crate::WideBoard`]) alike: the packed tiles that travel through
//! a search by value ([`Tiles`]), and the board around them ([`Position`])
//! with the table of its cells' neighbours ([`Neighbours`]).
//!
//! The searches are generic over the position, so each representation has
//! its own copy of them, made by the compiler: the `u64` board's copy is the
//! code it was before (the same instructions).

use slide_core::{Board, Grid, MAX_CELLS};

use crate::{answer_without_search, Answer, SearchError};

/// A board's tiles, packed: what a search copies at every node.
pub trait Tiles: Copy + Eq + std::hash::Hash + Send + Sync + 'static {
    /// The tile in `cell` (0 for the blank).
    fn tile(self, cell: usize) -> usize;

    /// The tiles after `tile`, in `from`, slides into the blank's cell `to`.
    fn slide(self, tile: usize, from: usize, to: usize) -> Self;
}

/// Cell `c` holds its tile in nibble `c` (see `slide_core::Board`).
impl Tiles for u64 {
    #[inline(always)]
    fn tile(self, cell: usize) -> usize {
        ((self >> (4 * cell)) & 0xF) as usize
    }

    /// Two XORs: the tile's nibble appears at `to` and leaves `from`, where
    /// the blank's nibble, 0, is then (see `slide_core::slide`).
    #[inline(always)]
    fn slide(self, tile: usize, from: usize, to: usize) -> u64 {
        let tile = tile as u64;
        self ^ ((tile << (4 * to)) | (tile << (4 * from)))
    }
}

/// The cells next to each cell of a board, by move (in `Move` order):
/// `u8::MAX` where the move leaves the board; the table a search steps
/// through, made from the board's [`slide_core::Grid`].
pub trait Neighbours: Copy + Send + Sync + 'static {
    /// The cell next to `cell` by move `mv`, or `u8::MAX`.
    fn next(self, cell: usize, mv: usize) -> u8;
}

/// A table of a fixed size: the `u64` board's, whose length the compiler
/// knows, so that a search's look-up in it costs what it did before the
/// searches were generic.
impl Neighbours for &'static [[u8; 4]; MAX_CELLS] {
    #[inline(always)]
    fn next(self, cell: usize, mv: usize) -> u8 {
        self[cell][mv]
    }
}

impl Neighbours for &'static [[u8; 4]] {
    #[inline(always)]
    fn next(self, cell: usize, mv: usize) -> u8 {
        self[cell][mv]
    }
}

/// A board as the heuristic searches see it: its packed tiles, its blank,
/// its cells' neighbours, and the checks every search makes first.
pub trait Position: Clone + Send + Sync {
    /// The packed tiles.
    type Tiles: Tiles;

    /// The table of the cells' neighbours.
    type Neighbours: Neighbours;

    /// The board's packed tiles.
    fn tiles(&self) -> Self::Tiles;

    /// The blank's cell.
    fn blank(&self) -> usize;

    /// The cells next to each cell.
    fn neighbours(&self) -> Self::Neighbours;

    /// The grid: its symmetries are what [`crate::mirrored()`] looks for.
    fn grid(&self) -> Grid;

    /// The board of the same shape with `tiles`, whose blank is in `blank`.
    fn with_tiles(&self, tiles: Self::Tiles, blank: usize) -> Self;

    /// The answer that needs no search, if there is one (see
    /// [`answer_without_search`]): boards of different shapes fail, an
    /// unreachable target or the start itself is answered.
    fn answer_without_search(&self, target: &Self) -> Result<Option<Answer>, SearchError>;
}

impl Position for Board {
    type Tiles = u64;
    type Neighbours = &'static [[u8; 4]; MAX_CELLS];

    #[inline]
    fn tiles(&self) -> u64 {
        Board::tiles(self)
    }

    #[inline]
    fn blank(&self) -> usize {
        Board::blank(self)
    }

    #[inline]
    fn neighbours(&self) -> Self::Neighbours {
        self.shape().neighbours()
    }

    fn grid(&self) -> Grid {
        self.shape().grid()
    }

    fn with_tiles(&self, tiles: u64, _blank: usize) -> Board {
        Board::from_tiles(self.shape(), tiles).expect("a search's board is valid")
    }

    fn answer_without_search(&self, target: &Board) -> Result<Option<Answer>, SearchError> {
        answer_without_search(self, target)
    }
}
