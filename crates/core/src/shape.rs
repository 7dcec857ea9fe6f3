//! The shape of a board (rows by columns), where its blank can move, and
//! the home of every table made once per shape ([`PerShape`]).

use std::fmt;
use std::sync::OnceLock;

use crate::grid::{neighbour_cell, Grid};
use crate::moves::Move;

/// The largest number of cells a board may have: one 4-bit nibble per cell in a `u64`.
pub const MAX_CELLS: usize = 16;

/// The shape of a board: `rows` by `cols` cells, numbered row-major from the top-left.
///
/// Invariant: `2 <= rows`, `2 <= cols` and `rows * cols <= 16`. That admits
/// eleven shapes and their transposes, from 2x2 to 4x4 and 2x8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    rows: u8,
    cols: u8,
}

/// Why a shape was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeError {
    /// The rows asked for.
    pub rows: usize,
    /// The columns asked for.
    pub cols: usize,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {}x{} board is not supported: rows and columns must be at least 2 and the board at most {} cells",
            self.rows, self.cols, MAX_CELLS
        )
    }
}

impl std::error::Error for ShapeError {}

/// Marks a missing neighbour in [`NEIGHBOURS`].
const NONE: u8 = u8::MAX;

/// The number of slots a per-shape table has: rows and columns both range
/// over `2..=8`, so 7 by 7, of which the shapes of more than 16 cells stay unused.
const SHAPE_SLOTS: usize = 49;

/// The slot of the shape `rows` by `cols` in per-shape tables (see [`Shape::index`]).
const fn shape_index(rows: usize, cols: usize) -> usize {
    (rows - 2) * 7 + (cols - 2)
}

/// For every shape, cell and move, the cell the blank reaches, or [`NONE`].
///
/// It is computed once, at compile time, indexed by [`Shape::index`].
static NEIGHBOURS: [[[u8; 4]; MAX_CELLS]; SHAPE_SLOTS] = {
    let mut table = [[[NONE; 4]; MAX_CELLS]; SHAPE_SLOTS];
    let mut rows = 2;
    while rows <= 8 {
        let mut cols = 2;
        while cols <= 8 && rows * cols <= MAX_CELLS {
            // Indexed in full each time: a `&mut` into a static's
            // initialiser needs Rust 1.83, and judges run 1.70.
            let slot = shape_index(rows, cols);
            let mut cell = 0;
            while cell < rows * cols {
                let mut mv = 0;
                while mv < 4 {
                    if let Some(next) = neighbour_cell(rows, cols, cell, mv) {
                        table[slot][cell][mv] = next as u8;
                    }
                    mv += 1;
                }
                cell += 1;
            }
            cols += 1;
        }
        rows += 1;
    }
    table
};

impl Shape {
    /// The shape of `rows` by `cols` cells, if it is supported.
    ///
    /// ```
    /// use slide_core::Shape;
    /// assert_eq!(Shape::new(4, 4).unwrap().cells(), 16);
    /// assert!(Shape::new(1, 9).is_err());
    /// assert!(Shape::new(3, 6).is_err());
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<Shape, ShapeError> {
        if rows >= 2 && cols >= 2 && rows * cols <= MAX_CELLS {
            Ok(Shape {
                rows: rows as u8,
                cols: cols as u8,
            })
        } else {
            Err(ShapeError { rows, cols })
        }
    }

    /// Every supported shape, ordered by rows and then columns.
    ///
    /// ```
    /// use slide_core::Shape;
    /// assert_eq!(Shape::all().count(), 19);
    /// ```
    pub fn all() -> impl Iterator<Item = Shape> {
        (2..=8usize).flat_map(|rows| (2..=8usize).filter_map(move |cols| Shape::new(rows, cols).ok()))
    }

    /// The number of rows.
    #[inline]
    pub fn rows(self) -> usize {
        self.rows as usize
    }

    /// The number of columns.
    #[inline]
    pub fn cols(self) -> usize {
        self.cols as usize
    }

    /// The slot of this shape in tables made per shape, in `0..49`: the same
    /// for every table, so that [`PerShape`] and the neighbour tables agree.
    ///
    /// ```
    /// use slide_core::Shape;
    /// let indices: Vec<usize> = Shape::all().map(Shape::index).collect();
    /// assert!(indices.windows(2).all(|w| w[0] < w[1]) && indices[18] < 49);
    /// ```
    #[inline]
    pub fn index(self) -> usize {
        shape_index(self.rows(), self.cols())
    }

    /// The number of cells, `rows * cols`.
    #[inline]
    pub fn cells(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// The shape with rows and columns swapped.
    ///
    /// ```
    /// use slide_core::Shape;
    /// assert_eq!(Shape::new(2, 5).unwrap().transpose(), Shape::new(5, 2).unwrap());
    /// ```
    pub fn transpose(self) -> Shape {
        Shape {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// The cell the blank reaches from `cell` by `mv`, or `None` at the edge.
    ///
    /// `cell` must be less than [`Shape::cells`]; for other cells the answer is `None`.
    ///
    /// ```
    /// use slide_core::{Move, Shape};
    /// let shape = Shape::new(3, 3).unwrap();
    /// assert_eq!(shape.neighbour(4, Move::Up), Some(1));
    /// assert_eq!(shape.neighbour(2, Move::Right), None);
    /// ```
    #[inline]
    pub fn neighbour(self, cell: usize, mv: Move) -> Option<usize> {
        match self.neighbours()[cell][mv as usize] {
            NONE => None,
            next => Some(next as usize),
        }
    }

    /// This shape's neighbour table: for each cell and move (indexed by
    /// `Move as usize`), the cell the blank reaches, or `u8::MAX` at the edge.
    ///
    /// Searches use it to generate moves without arithmetic on rows and columns.
    ///
    /// ```
    /// use slide_core::{Move, Shape};
    /// let table = Shape::new(2, 2).unwrap().neighbours();
    /// assert_eq!(table[0][Move::Right as usize], 1);
    /// assert_eq!(table[0][Move::Up as usize], u8::MAX);
    /// ```
    #[inline]
    pub fn neighbours(self) -> &'static [[u8; 4]; MAX_CELLS] {
        &NEIGHBOURS[self.index()]
    }

    /// The grid of this shape: where its rules (neighbours, distances,
    /// corners, regions) are written.
    ///
    /// ```
    /// use slide_core::Shape;
    /// assert_eq!(Shape::new(3, 3).unwrap().grid().distance(0, 8), 4);
    /// ```
    #[inline]
    pub fn grid(self) -> Grid {
        Grid::of_checked(self.rows(), self.cols())
    }
}

/// One value per shape, made on first use and kept for the process: the one
/// home of the tables that searches make once per shape (rank steps, packed
/// moves), so that each is a `static` of this type.
///
/// ```
/// use slide_core::{PerShape, Shape};
/// static CELLS: PerShape<Vec<usize>> = PerShape::new();
/// let shape = Shape::new(2, 3).unwrap();
/// let cells = CELLS.get(shape, || (0..shape.cells()).collect());
/// assert_eq!(cells.len(), 6);
/// assert!(std::ptr::eq(cells, CELLS.get(shape, || unreachable!())));
/// ```
pub struct PerShape<T> {
    slots: [OnceLock<T>; SHAPE_SLOTS],
}

impl<T> PerShape<T> {
    /// A slot that is not made yet. A constant, so that an array of them
    /// can be written in a `const fn` although `OnceLock` is not `Copy`.
    #[allow(clippy::declare_interior_mutable_const)]
    const UNMADE: OnceLock<T> = OnceLock::new();

    /// A table with no value made yet.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> PerShape<T> {
        PerShape {
            slots: [Self::UNMADE; SHAPE_SLOTS],
        }
    }

    /// The value for `shape`, made by `make` if this is the first call for it.
    #[inline]
    pub fn get(&self, shape: Shape, make: impl FnOnce() -> T) -> &T {
        self.slots[shape.index()].get_or_init(make)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_has_a_symmetric_neighbour_table() {
        for shape in Shape::all() {
            for cell in 0..shape.cells() {
                for mv in Move::ALL {
                    if let Some(next) = shape.neighbour(cell, mv) {
                        assert!(next < shape.cells());
                        assert_eq!(shape.grid().distance(cell, next), 1);
                        assert_eq!(shape.neighbour(next, mv.reverse()), Some(cell));
                    }
                }
            }
        }
    }
}
