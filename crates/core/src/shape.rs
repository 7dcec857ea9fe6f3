//! The shape of a board (rows by columns) and the moves of its blank.

use std::fmt;

/// The largest number of cells a board may have: one 4-bit nibble per cell in a `u64`.
pub const MAX_CELLS: usize = 16;

/// A direction in which the blank travels; it swaps with the tile on that side.
///
/// The discriminants follow Korf's order (up, left, right, down), which is the
/// order the searches try moves in. They are chosen so that the move undoing
/// `m` is `3 - m`: up and down add up to 3, and so do left and right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The blank moves one row up.
    Up = 0,
    /// The blank moves one column left.
    Left = 1,
    /// The blank moves one column right.
    Right = 2,
    /// The blank moves one row down.
    Down = 3,
}

impl Move {
    /// All four moves, in the order the searches try them.
    pub const ALL: [Move; 4] = [Move::Up, Move::Left, Move::Right, Move::Down];

    /// The move with the given index in [`Move::ALL`].
    ///
    /// # Panics
    /// Panics if `index >= 4`.
    ///
    /// ```
    /// use slide_core::Move;
    /// assert_eq!(Move::from_index(3), Move::Down);
    /// ```
    #[inline]
    pub fn from_index(index: usize) -> Move {
        Move::ALL[index]
    }

    /// The move that undoes this one.
    ///
    /// ```
    /// use slide_core::Move;
    /// assert_eq!(Move::Up.reverse(), Move::Down);
    /// assert_eq!(Move::Left.reverse(), Move::Right);
    /// ```
    #[inline]
    pub fn reverse(self) -> Move {
        // Up + Down = Left + Right = 3 (see the enum's documentation).
        Move::ALL[3 - self as usize]
    }

    /// The judges' lower-case letter for this move: `u`, `l`, `r` or `d`.
    ///
    /// ```
    /// use slide_core::Move;
    /// assert_eq!(Move::Left.letter(), 'l');
    /// ```
    #[inline]
    pub fn letter(self) -> char {
        ['u', 'l', 'r', 'd'][self as usize]
    }

    /// The move written by a letter `u`, `d`, `l` or `r`, in either case.
    ///
    /// ```
    /// use slide_core::Move;
    /// assert_eq!(Move::from_letter('D'), Some(Move::Down));
    /// assert_eq!(Move::from_letter('x'), None);
    /// ```
    pub fn from_letter(letter: char) -> Option<Move> {
        match letter.to_ascii_lowercase() {
            'u' => Some(Move::Up),
            'l' => Some(Move::Left),
            'r' => Some(Move::Right),
            'd' => Some(Move::Down),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Writes a move sequence as a string of letters, such as `"ullddr"`.
///
/// ```
/// use slide_core::{path_string, Move};
/// assert_eq!(path_string(&[Move::Up, Move::Left]), "ul");
/// ```
pub fn path_string(path: &[Move]) -> String {
    path.iter().map(|m| m.letter()).collect()
}

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

/// Indexes [`NEIGHBOURS`] by shape: rows and columns both range over 2..=8.
const fn table_index(rows: usize, cols: usize) -> usize {
    (rows - 2) * 7 + (cols - 2)
}

/// For every shape, cell and move, the cell the blank reaches, or [`NONE`].
///
/// It is computed once, at compile time: 49 slots of 16 cells by 4 moves,
/// of which the shapes with more than 16 cells stay unused.
static NEIGHBOURS: [[[u8; 4]; MAX_CELLS]; 49] = {
    let mut table = [[[NONE; 4]; MAX_CELLS]; 49];
    let mut rows = 2;
    while rows <= 8 {
        let mut cols = 2;
        while cols <= 8 && rows * cols <= MAX_CELLS {
            let slot = &mut table[table_index(rows, cols)];
            let mut cell = 0;
            while cell < rows * cols {
                let (row, col) = (cell / cols, cell % cols);
                if row > 0 {
                    slot[cell][Move::Up as usize] = (cell - cols) as u8;
                }
                if col > 0 {
                    slot[cell][Move::Left as usize] = (cell - 1) as u8;
                }
                if col + 1 < cols {
                    slot[cell][Move::Right as usize] = (cell + 1) as u8;
                }
                if row + 1 < rows {
                    slot[cell][Move::Down as usize] = (cell + cols) as u8;
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
        &NEIGHBOURS[table_index(self.rows(), self.cols())]
    }

    /// The Manhattan (taxicab) distance between two cells.
    ///
    /// ```
    /// use slide_core::Shape;
    /// assert_eq!(Shape::new(3, 3).unwrap().cell_distance(0, 8), 4);
    /// ```
    #[inline]
    pub fn cell_distance(self, a: usize, b: usize) -> usize {
        let cols = self.cols();
        (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols)
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
                        assert_eq!(shape.cell_distance(cell, next), 1);
                        assert_eq!(shape.neighbour(next, mv.reverse()), Some(cell));
                    }
                }
            }
        }
    }

    #[test]
    fn letters_round_trip() {
        for mv in Move::ALL {
            assert_eq!(Move::from_letter(mv.letter()), Some(mv));
            assert_eq!(Move::from_index(mv as usize), mv);
        }
    }
}
