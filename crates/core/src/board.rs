//! The board: a permutation of the cells' contents packed in a `u64`.
//!
//! # Invariant: the packed board
//!
//! Cell `i` (row-major from the top-left) holds its tile in nibble
//! `i` of a `u64`, bits `4i..4i+4`; the blank is 0. For a board of `n` cells:
//! the nibbles `0..n` hold each of `0..n` exactly once, nibbles `n..16` are 0,
//! and the stored `blank` is the cell whose nibble is 0. Every constructor
//! checks this and every move keeps it, so no other code re-checks it. A move
//! slides the tile in cell `c` into the blank at `b` with two XORs:
//! `tiles ^ (t << 4b) ^ (t << 4c)`.

use std::fmt;

use crate::moves::Move;
use crate::shape::Shape;

/// Why a list of cells is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The number of cells does not match the shape.
    WrongCellCount {
        /// How many cells were given.
        found: usize,
        /// How many the shape has.
        expected: usize,
    },
    /// A tile number too large for the board.
    TileOutOfRange {
        /// The tile.
        tile: usize,
        /// Its cell, from 0.
        cell: usize,
        /// The largest tile of the board.
        largest: usize,
    },
    /// No cell holds the blank.
    NoBlank,
    /// Two cells hold the blank.
    TwoBlanks {
        /// The first blank's cell, from 0.
        first: usize,
        /// The second blank's cell, from 0.
        second: usize,
    },
    /// A tile appears twice, so another is missing.
    RepeatedTile {
        /// The tile.
        tile: usize,
        /// Its first cell, from 0.
        first: usize,
        /// Its second cell, from 0.
        second: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardError::WrongCellCount { found, expected } => {
                write!(f, "found {found} cells, expected {expected}")
            }
            BoardError::TileOutOfRange { tile, cell, largest } => write!(
                f,
                "tile {tile} in cell {} is out of range: tiles are 1 to {largest}",
                cell + 1
            ),
            BoardError::NoBlank => write!(f, "no blank: write it as x, ., 0 or _"),
            BoardError::TwoBlanks { first, second } => {
                write!(f, "two blanks, in cells {} and {}", first + 1, second + 1)
            }
            BoardError::RepeatedTile { tile, first, second } => write!(
                f,
                "tile {tile} appears twice, in cells {} and {}",
                first + 1,
                second + 1
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// A position of a sliding-tile puzzle.
///
/// Representation: cell `i` (row-major from the top-left) holds its tile in
/// nibble `i` of `tiles`, that is in bits `4 * i .. 4 * i + 4`; the blank is
/// tile 0, and nibbles at and above [`Shape::cells`] are 0. The blank's cell is
/// kept beside the packed tiles so that moves need not search for it.
///
/// Invariants, established by every constructor and kept by every move:
/// - the nibbles `0..cells` hold each of `0..cells` exactly once;
/// - `blank` is the cell whose nibble is 0.
///
/// Two boards are equal when shape, tiles and blank agree.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    tiles: u64,
    blank: u8,
    shape: Shape,
}

impl Board {
    /// The usual goal: tiles `1..cells` in order, the blank in the last cell.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// let goal = Board::goal(Shape::new(2, 3).unwrap());
    /// assert_eq!(goal.to_string(), "1 2 3 / 4 5 _");
    /// ```
    pub fn goal(shape: Shape) -> Board {
        Board::goal_with_blank_at(shape, shape.cells() - 1)
    }

    /// The canonical goal with the blank in `blank`: the tiles `1..cells` fill
    /// the other cells in reading order.
    ///
    /// # Panics
    /// Panics if `blank` is not a cell of `shape`.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// let goal = Board::goal_with_blank_at(Shape::new(3, 3).unwrap(), 4);
    /// assert_eq!(goal.to_string(), "1 2 3 / 4 _ 5 / 6 7 8");
    /// ```
    pub fn goal_with_blank_at(shape: Shape, blank: usize) -> Board {
        assert!(blank < shape.cells(), "cell {blank} is not on a {shape} board");
        let mut tiles = 0u64;
        let mut next = 1u64;
        for cell in 0..shape.cells() {
            if cell != blank {
                tiles |= next << (4 * cell);
                next += 1;
            }
        }
        Board {
            tiles,
            blank: blank as u8,
            shape,
        }
    }

    /// The board with `cells[i]` in cell `i` (0 is the blank), if the contents
    /// are a permutation of `0..shape.cells()`.
    ///
    /// ```
    /// use slide_core::{Board, BoardError, Shape};
    /// let shape = Shape::new(2, 2).unwrap();
    /// assert_eq!(Board::from_cells(shape, &[1, 2, 3, 0]), Ok(Board::goal(shape)));
    /// assert_eq!(
    ///     Board::from_cells(shape, &[1, 2, 2, 0]),
    ///     Err(BoardError::RepeatedTile { tile: 2, first: 1, second: 2 }),
    /// );
    /// ```
    pub fn from_cells(shape: Shape, cells: &[u8]) -> Result<Board, BoardError> {
        let expected = shape.cells();
        if cells.len() != expected {
            return Err(BoardError::WrongCellCount {
                found: cells.len(),
                expected,
            });
        }
        if let Some(cell) = cells.iter().position(|&t| t as usize >= expected) {
            return Err(BoardError::TileOutOfRange {
                tile: cells[cell] as usize,
                cell,
                largest: expected - 1,
            });
        }
        if !cells.contains(&0) {
            return Err(BoardError::NoBlank);
        }
        // `seen[t]` is one more than the cell where tile `t` was first found.
        let mut seen = [0usize; crate::shape::MAX_CELLS];
        let mut tiles = 0u64;
        for (cell, &tile) in cells.iter().enumerate() {
            let t = tile as usize;
            if seen[t] != 0 {
                let first = seen[t] - 1;
                return Err(if t == 0 {
                    BoardError::TwoBlanks { first, second: cell }
                } else {
                    BoardError::RepeatedTile {
                        tile: t,
                        first,
                        second: cell,
                    }
                });
            }
            seen[t] = cell + 1;
            tiles |= (t as u64) << (4 * cell);
        }
        // With the right number of cells, all in range and none repeated,
        // every tile is present once, the blank included.
        Ok(Board {
            tiles,
            blank: (seen[0] - 1) as u8,
            shape,
        })
    }

    /// The board whose packed tiles are `tiles` (see [`Board::tiles`]), if they
    /// are a valid arrangement for `shape`.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// let shape = Shape::new(2, 2).unwrap();
    /// let goal = Board::goal(shape);
    /// assert_eq!(Board::from_tiles(shape, goal.tiles()), Some(goal));
    /// assert_eq!(Board::from_tiles(shape, 0x1111), None);
    /// ```
    pub fn from_tiles(shape: Shape, tiles: u64) -> Option<Board> {
        let n = shape.cells();
        if n < 16 && tiles >> (4 * n) != 0 {
            return None;
        }
        let mut seen = 0u32;
        let mut blank = 0;
        for cell in 0..n {
            let t = (tiles >> (4 * cell)) & 0xF;
            if t as usize >= n || seen & (1 << t) != 0 {
                return None;
            }
            seen |= 1 << t;
            if t == 0 {
                blank = cell;
            }
        }
        Some(Board {
            tiles,
            blank: blank as u8,
            shape,
        })
    }

    /// The shape of the board.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The packed tiles: cell `i` in nibble `i`, the blank as 0.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// assert_eq!(Board::goal(Shape::new(2, 2).unwrap()).tiles(), 0x0321);
    /// ```
    #[inline]
    pub fn tiles(&self) -> u64 {
        self.tiles
    }

    /// The cell that holds the blank.
    #[inline]
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The tile in `cell` (0 for the blank). Cells beyond the board read as 0.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// let goal = Board::goal(Shape::new(3, 3).unwrap());
    /// assert_eq!(goal.tile(0), 1);
    /// assert_eq!(goal.tile(8), 0);
    /// ```
    #[inline]
    pub fn tile(&self, cell: usize) -> usize {
        ((self.tiles >> (4 * cell)) & 0xF) as usize
    }

    /// The tiles cell by cell, as a vector of `cells` entries.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// assert_eq!(Board::goal(Shape::new(2, 2).unwrap()).cells(), vec![1, 2, 3, 0]);
    /// ```
    pub fn cells(&self) -> Vec<u8> {
        (0..self.shape.cells()).map(|c| self.tile(c) as u8).collect()
    }

    /// The board after the blank moves by `mv`, or `None` if that leaves the board.
    ///
    /// ```
    /// use slide_core::{Board, Move, Shape};
    /// let goal = Board::goal(Shape::new(3, 3).unwrap());
    /// let moved = goal.apply(Move::Up).unwrap();
    /// assert_eq!(moved.to_string(), "1 2 3 / 4 5 _ / 7 8 6");
    /// assert_eq!(goal.apply(Move::Down), None);
    /// ```
    #[inline]
    pub fn apply(&self, mv: Move) -> Option<Board> {
        let next = self.shape.neighbour(self.blank(), mv)?;
        Some(Board {
            tiles: slide(self.tiles, self.blank(), next),
            blank: next as u8,
            shape: self.shape,
        })
    }

    /// The board after every move of `path`, or `None` if one leaves the board.
    ///
    /// ```
    /// use slide_core::{Board, Move, Shape};
    /// let goal = Board::goal(Shape::new(2, 2).unwrap());
    /// let there = goal.apply_path(&[Move::Up, Move::Left]).unwrap();
    /// assert_eq!(there.apply_path(&[Move::Right, Move::Down]), Some(goal));
    /// ```
    pub fn apply_path(&self, path: &[Move]) -> Option<Board> {
        path.iter().try_fold(*self, |board, &mv| board.apply(mv))
    }

    /// The moves the blank can make, in the order of [`Move::ALL`], each with its result.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// let goal = Board::goal(Shape::new(3, 3).unwrap());
    /// assert_eq!(goal.successors().count(), 2);
    /// ```
    pub fn successors(&self) -> impl Iterator<Item = (Move, Board)> + '_ {
        Move::ALL
            .into_iter()
            .filter_map(move |mv| self.apply(mv).map(|b| (mv, b)))
    }

    /// The board drawn one row per line, numbers right-aligned.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// let goal = Board::goal(Shape::new(2, 2).unwrap());
    /// assert_eq!(goal.drawn().to_string(), "1 2\n3 _\n");
    /// ```
    pub fn drawn(&self) -> Drawn<'_> {
        Drawn(self)
    }
}

/// Moves the tile in cell `to` into the blank cell `from`, on packed tiles
/// (see [`Board::tiles`]): the move of the blank from `from` to `to`.
///
/// Nibble `from` is 0 (the blank) and nibble `to` holds some tile `t`. XOR-ing
/// `t` into both nibbles writes `t` into `from` (0 ^ t = t) and clears `to`
/// (t ^ t = 0): two shifts and two XORs, no loop over the cells.
///
/// ```
/// use slide_core::{slide, Board, Move, Shape};
/// let goal = Board::goal(Shape::new(2, 2).unwrap());
/// let moved = goal.apply(Move::Up).unwrap();
/// assert_eq!(slide(goal.tiles(), goal.blank(), moved.blank()), moved.tiles());
/// ```
#[inline]
pub fn slide(tiles: u64, from: usize, to: usize) -> u64 {
    let t = (tiles >> (4 * to)) & 0xF;
    tiles ^ (t << (4 * from)) ^ (t << (4 * to))
}

/// Writes a cell: `_` for the blank, the tile's number otherwise.
fn write_cell(f: &mut fmt::Formatter<'_>, tile: usize, width: usize) -> fmt::Result {
    if tile == 0 {
        write!(f, "{:>width$}", "_")
    } else {
        write!(f, "{tile:>width$}")
    }
}

/// One line: rows separated by ` / `, for example `1 2 3 / 4 5 6 / 7 8 _`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in 0..self.shape.cells() {
            if cell > 0 {
                let separator = if cell % self.shape.cols() == 0 { " / " } else { " " };
                f.write_str(separator)?;
            }
            write_cell(f, self.tile(cell), 1)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}: {})", self.shape, self)
    }
}

/// A board drawn one row per line; made by [`Board::drawn`].
pub struct Drawn<'a>(&'a Board);

impl fmt::Display for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.0;
        let shape = board.shape();
        let width = if shape.cells() > 10 { 2 } else { 1 };
        for row in 0..shape.rows() {
            for col in 0..shape.cols() {
                if col > 0 {
                    f.write_str(" ")?;
                }
                write_cell(f, board.tile(row * shape.cols() + col), width)?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_keep_the_invariants() {
        for shape in Shape::all() {
            let mut board = Board::goal(shape);
            // A deterministic walk that visits many cells of every shape.
            for step in 0..200usize {
                let mv = Move::from_index((step * 7 + step / 3) % 4);
                if let Some(next) = board.apply(mv) {
                    assert_eq!(Board::from_tiles(shape, next.tiles()), Some(next));
                    assert_eq!(next.tile(next.blank()), 0);
                    assert_eq!(next.apply(mv.reverse()), Some(board));
                    board = next;
                }
            }
        }
    }

    #[test]
    fn sixteen_cells_use_every_nibble() {
        let shape = Shape::new(4, 4).unwrap();
        let goal = Board::goal(shape);
        assert_eq!(goal.tiles(), 0x0FED_CBA9_8765_4321);
        let moved = goal.apply(Move::Up).unwrap();
        assert_eq!(moved.tile(15), 12);
        assert_eq!(moved.blank(), 11);
        assert_eq!(
            goal.drawn().to_string(),
            " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  _\n"
        );
    }
}
