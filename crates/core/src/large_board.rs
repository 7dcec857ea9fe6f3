//! Boards of any size, up to 1000 by 1000: too large for the `u64` board,
//! kept as one number per cell.
//!
//! Its rules (neighbours, distances, parity) are the grid's
//! ([`crate::Grid`], [`crate::reaches()`]), as for every board.

use std::fmt;

use crate::board::Board;
use crate::grid::{Grid, MAX_SIDE};
use crate::input::InputError;
use crate::moves::Move;
use crate::parse::quoted;
use crate::shape::Shape;
use crate::solvable::reaches;

/// Whether the board of `rows` by `cols` cells holding `cells` (row-major,
/// 0 the blank, each of `0..rows * cols` once) can reach the goal with tiles
/// `1..` in reading order and the blank last, by the parity rule
/// ([`crate::reaches()`]). A board of one cell is its goal.
///
/// # Panics
/// Panics if `cells` is not a permutation of `0..rows * cols`.
///
/// ```
/// use slide_core::large_is_solvable;
/// assert!(large_is_solvable(3, 3, &[1, 0, 3, 4, 2, 5, 7, 8, 6]));
/// assert!(!large_is_solvable(4, 3, &[1, 2, 5, 4, 6, 9, 11, 8, 10, 3, 7, 0]));
/// assert!(large_is_solvable(1, 1, &[0]));
/// ```
pub fn large_is_solvable(rows: usize, cols: usize, cells: &[u32]) -> bool {
    let n = rows * cols;
    assert_eq!(cells.len(), n, "one number per cell");
    // The rule reads the columns alone, whatever the sides (a judge's board
    // may be 1x1), and a judge's file need not carry `Grid::new`'s error.
    reaches(
        Grid::of_checked(rows, cols),
        cells.iter().copied(),
        (1..n as u32).chain([0]),
    )
}

/// A board of any size from 2x2 to [`MAX_SIDE`] x [`MAX_SIDE`], one number
/// per cell: the board of boards too large for the `u64` [`crate::Board`].
///
/// Invariant: `cells` holds each of `0..rows * cols` exactly once, row-major
/// from the top-left, 0 the blank, and `blank` is the blank's cell.
///
/// ```
/// use slide_core::Move;
/// use slide_core::LargeBoard;
/// let mut board = LargeBoard::parse_rows("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 _ 24").unwrap();
/// assert!(board.apply(Move::Right));
/// assert_eq!(board, LargeBoard::goal(5, 5));
/// assert!(!board.apply(Move::Right));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LargeBoard {
    grid: Grid,
    cells: Vec<u32>,
    blank: usize,
}

impl LargeBoard {
    /// The board of `rows` by `cols` cells holding `cells` (row-major, 0 the
    /// blank), or what is wrong with it.
    ///
    /// ```
    /// use slide_core::LargeBoard;
    /// assert!(LargeBoard::new(2, 2, vec![1, 2, 3, 0]).is_ok());
    /// assert_eq!(
    ///     LargeBoard::new(2, 2, vec![1, 2, 2, 0]).unwrap_err().to_string(),
    ///     "2 appears twice on the board"
    /// );
    /// ```
    pub fn new(rows: usize, cols: usize, cells: Vec<u32>) -> Result<LargeBoard, InputError> {
        for (what, side) in [("rows", rows), ("columns", cols)] {
            if !(2..=MAX_SIDE).contains(&side) {
                return Err(InputError::whole(format!(
                    "the number of {what} must be from 2 to {MAX_SIDE}, not {side}"
                )));
            }
        }
        let grid = Grid::new(rows, cols).expect("sides from 2 to MAX_SIDE");
        let n = grid.cells();
        if cells.len() != n {
            return Err(InputError::whole(format!(
                "a {rows}x{cols} board has {n} cells, not {}",
                cells.len()
            )));
        }
        let mut seen = vec![false; n];
        for &content in &cells {
            let slot = seen.get_mut(content as usize).ok_or_else(|| {
                InputError::whole(format!(
                    "{content} is out of range: a {rows}x{cols} board holds 0 to {}",
                    n - 1
                ))
            })?;
            if *slot {
                return Err(InputError::whole(format!("{content} appears twice on the board")));
            }
            *slot = true;
        }
        let blank = cells
            .iter()
            .position(|&c| c == 0)
            .expect("each content once, so the blank too");
        Ok(LargeBoard { grid, cells, blank })
    }

    /// The packed `u64` board of this one, the fast path of the searches,
    /// if it has at most 16 cells.
    ///
    /// ```
    /// use slide_core::LargeBoard;
    /// let board = LargeBoard::parse_rows("1 2 3 / 4 5 6 / 7 _ 8").unwrap();
    /// assert_eq!(board.packed().unwrap().to_string(), "1 2 3 / 4 5 6 / 7 _ 8");
    /// assert!(LargeBoard::goal(5, 5).packed().is_none());
    /// ```
    pub fn packed(&self) -> Option<Board> {
        let shape = Shape::new(self.rows(), self.cols()).ok()?;
        let cells: Vec<u8> = self.cells.iter().map(|&content| content as u8).collect();
        Some(Board::from_cells(shape, &cells).expect("a board of each content once"))
    }

    /// The readable board of a packed one.
    ///
    /// ```
    /// use slide_core::{Board, LargeBoard, Shape};
    /// let goal = Board::goal(Shape::new(2, 3).unwrap());
    /// assert_eq!(LargeBoard::of(&goal), LargeBoard::goal(2, 3));
    /// ```
    pub fn of(board: &Board) -> LargeBoard {
        let shape = board.shape();
        let cells = board.cells().iter().map(|&tile| u32::from(tile)).collect();
        LargeBoard::new(shape.rows(), shape.cols(), cells).expect("a packed board is a board")
    }

    /// The board with rows and columns swapped: the content of row `r`,
    /// column `c` is in row `c`, column `r`. A path from a board to another
    /// is, each move [`Move::transposed`], a path between their transposes.
    ///
    /// ```
    /// use slide_core::{LargeBoard, Move};
    /// let board = LargeBoard::parse_rows("1 2 3 / 4 _ 5").unwrap();
    /// assert_eq!(board.transposed().to_string(), "1 4 / 2 _ / 3 5");
    /// let (mut moved, mut across) = (board.clone(), board.transposed());
    /// assert_eq!(moved.apply_path(&[Move::Up, Move::Right]), None);
    /// assert_eq!(across.apply_path(&[Move::Left, Move::Down]), None);
    /// assert_eq!(moved.transposed(), across);
    /// ```
    pub fn transposed(&self) -> LargeBoard {
        let (rows, cols) = (self.rows(), self.cols());
        let cells = (0..rows * cols)
            .map(|cell| self.cells[(cell % rows) * cols + cell / rows])
            .collect();
        LargeBoard::new(cols, rows, cells).expect("the same contents, each once")
    }

    /// The goal: tiles `1..` in reading order, the blank last.
    ///
    /// ```
    /// use slide_core::LargeBoard;
    /// assert_eq!(LargeBoard::goal(2, 3).to_string(), "1 2 3 / 4 5 _");
    /// ```
    pub fn goal(rows: usize, cols: usize) -> LargeBoard {
        let n = rows * cols;
        let cells = (1..n as u32).chain([0]).collect();
        LargeBoard::new(rows, cols, cells).expect("the goal is a board")
    }

    /// Reads a board written as rows separated by `/` or line breaks, cells
    /// by spaces; the blank is `0`, `x`, `X`, `.` or `_`. Cells on one line
    /// whose count is a square (25, 36, ...) are that square.
    ///
    /// ```
    /// use slide_core::LargeBoard;
    /// let board = LargeBoard::parse_rows("1 2\n3 x").unwrap();
    /// assert_eq!((board.rows(), board.cols(), board.blank()), (2, 2, 3));
    /// assert_eq!(
    ///     LargeBoard::parse_rows("1 2 / 3").unwrap_err().to_string(),
    ///     "line 1, column 7: row 2 has 1 cells, but the first row has 2"
    /// );
    /// let square = LargeBoard::parse_rows("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0").unwrap();
    /// assert_eq!((square.rows(), square.cols()), (5, 5));
    /// ```
    pub fn parse_rows(text: &str) -> Result<LargeBoard, InputError> {
        let (rows, cols, cells) = read_rows(text)?;
        if rows > 1 {
            return LargeBoard::new(rows, cols, cells);
        }
        // Cells on one line are a square when their count is one.
        match (1..=MAX_SIDE).find(|side| side * side >= cols) {
            Some(side) if side * side == cols => LargeBoard::new(side, side, cells),
            _ => Err(InputError::whole(format!(
                "cannot tell the shape of {cols} cells on one line: separate the rows with / or line breaks, or give the shape (RxC)"
            ))),
        }
    }

    /// [`LargeBoard::parse_rows`] for a board of `rows` by `cols` cells,
    /// however its text breaks them into lines.
    ///
    /// ```
    /// use slide_core::LargeBoard;
    /// let board = LargeBoard::parse_sized("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 0", 3, 7).unwrap();
    /// assert_eq!((board.rows(), board.cols()), (3, 7));
    /// assert!(LargeBoard::parse_sized("1 2 0", 2, 2).is_err());
    /// ```
    pub fn parse_sized(text: &str, rows: usize, cols: usize) -> Result<LargeBoard, InputError> {
        let (_, _, cells) = read_rows(text)?;
        if cells.len() != rows * cols {
            return Err(InputError::whole(format!(
                "found {} cells, expected {} for {rows}x{cols}",
                cells.len(),
                rows * cols
            )));
        }
        LargeBoard::new(rows, cols, cells)
    }

    /// The board's grid.
    #[inline]
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The number of rows.
    #[inline]
    pub fn rows(&self) -> usize {
        self.grid.rows()
    }

    /// The number of columns.
    #[inline]
    pub fn cols(&self) -> usize {
        self.grid.cols()
    }

    /// The contents, row-major, 0 the blank.
    #[inline]
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// The blank's cell, row-major from 0.
    #[inline]
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// The cell the blank reaches with `mv`, if it stays on the board.
    #[inline]
    pub fn neighbour(&self, cell: usize, mv: Move) -> Option<usize> {
        self.grid.neighbour(cell, mv)
    }

    /// Moves the blank; `false` (and the board unchanged) when the move
    /// would leave the board.
    #[inline]
    pub fn apply(&mut self, mv: Move) -> bool {
        match self.neighbour(self.blank, mv) {
            Some(next) => {
                self.cells.swap(self.blank, next);
                self.blank = next;
                true
            }
            None => false,
        }
    }

    /// Moves the blank along `path`; the index of the first move that would
    /// leave the board, if one would (the board is then where it stopped).
    ///
    /// ```
    /// use slide_core::parse_path;
    /// use slide_core::LargeBoard;
    /// let mut board = LargeBoard::goal(5, 6);
    /// assert_eq!(board.apply_path(&parse_path("ulldr").unwrap()), None);
    /// assert_eq!(board.apply_path(&parse_path("rd").unwrap()), Some(1));
    /// ```
    pub fn apply_path(&mut self, path: &[Move]) -> Option<usize> {
        path.iter().position(|&mv| !self.apply(mv))
    }

    /// Whether the board can reach [`LargeBoard::goal`] (the blank last).
    ///
    /// ```
    /// use slide_core::LargeBoard;
    /// assert!(LargeBoard::goal(7, 5).is_solvable());
    /// assert!(!LargeBoard::parse_rows("2 1 / 3 _").unwrap().is_solvable());
    /// ```
    pub fn is_solvable(&self) -> bool {
        large_is_solvable(self.rows(), self.cols(), &self.cells)
    }

    /// Whether the board can reach `goal`, a board of its size, by the
    /// parity rule ([`crate::reaches()`]).
    ///
    /// # Panics
    /// Panics if the boards differ in size.
    ///
    /// ```
    /// use slide_core::LargeBoard;
    /// let goal = LargeBoard::parse_rows("_ 1 / 2 3").unwrap();
    /// assert!(LargeBoard::parse_rows("1 _ / 2 3").unwrap().reaches(&goal));
    /// assert!(!LargeBoard::parse_rows("_ 2 / 1 3").unwrap().reaches(&goal));
    /// ```
    pub fn reaches(&self, goal: &LargeBoard) -> bool {
        assert_eq!(self.grid, goal.grid, "boards of one size");
        reaches(self.grid, self.cells.iter().copied(), goal.cells.iter().copied())
    }

    /// The sum over tiles of the taxicab distance to the cell where `goal`
    /// has them: a lower bound on the moves between the two boards.
    ///
    /// # Panics
    /// Panics if the boards differ in size.
    ///
    /// ```
    /// use slide_core::LargeBoard;
    /// let board = LargeBoard::parse_rows("1 2 3 / 4 5 6 / 7 _ 8").unwrap();
    /// assert_eq!(board.manhattan(&LargeBoard::goal(3, 3)), 1);
    /// ```
    pub fn manhattan(&self, goal: &LargeBoard) -> u64 {
        assert_eq!(self.grid, goal.grid, "boards of one size");
        let mut home = vec![0; self.cells.len()];
        for (cell, &content) in goal.cells.iter().enumerate() {
            home[content as usize] = cell;
        }
        let distance = |a: usize, b: usize| self.grid.distance(a, b);
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &content)| content != 0)
            .map(|(cell, &content)| distance(cell, home[content as usize]) as u64)
            .sum()
    }
}

/// The cells of board text as [`LargeBoard::parse_rows`] reads them, with
/// the number of rows and of cells a row: every row as long as the first.
fn read_rows(text: &str) -> Result<(usize, usize, Vec<u32>), InputError> {
    let mut widths: Vec<usize> = Vec::new();
    let mut cells = Vec::new();
    let mut last = (1, 1);
    for word in crate::parse::words(text) {
        last = (word.line, word.column);
        if widths.len() <= word.row {
            if let (Some(&first), Some(&previous)) = (widths.first(), widths.last()) {
                if previous != first {
                    let message = format!(
                        "row {} has {previous} cells, but the first row has {first}",
                        widths.len()
                    );
                    return Err(InputError::at(word.line, Some(word.column), message));
                }
            }
            widths.push(0);
        }
        widths[word.row] += 1;
        let content = match word.text {
            "x" | "X" | "." | "_" => 0,
            number => match number.parse::<u32>() {
                Ok(value) if number.bytes().all(|b| b.is_ascii_digit()) => value,
                _ => {
                    let message = format!("'{}' is not a number or a blank", quoted(number));
                    return Err(InputError::at(word.line, Some(word.column), message));
                }
            },
        };
        cells.push(content);
    }
    let (Some(&first), Some(&final_width)) = (widths.first(), widths.last()) else {
        return Err(InputError::whole("the board is empty"));
    };
    if final_width != first {
        let message = format!(
            "row {} has {final_width} cells, but the first row has {first}",
            widths.len()
        );
        return Err(InputError::at(last.0, Some(last.1), message));
    }
    Ok((widths.len(), first, cells))
}

impl fmt::Display for LargeBoard {
    /// Rows separated by ` / `, the blank as `_`, as [`crate::Board`] writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, &content) in self.cells.iter().enumerate() {
            if index > 0 {
                f.write_str(if index % self.cols() == 0 { " / " } else { " " })?;
            }
            if content == 0 {
                f.write_str("_")?;
            } else {
                write!(f, "{content}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{factorial, is_solvable, unrank, Board, Shape, SplitMix64};

    /// On every arrangement of small boards, the large rule agrees with the
    /// small boards' rule (checked against reachability in `solvable.rs`).
    #[test]
    fn agrees_with_the_small_rule() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let goal = Board::goal(shape);
            for r in 0..factorial(shape.cells()) {
                let board = unrank(shape, r).unwrap();
                let cells: Vec<u32> = board.cells().iter().map(|&t| t as u32).collect();
                assert_eq!(
                    large_is_solvable(rows, cols, &cells),
                    is_solvable(&board, &goal),
                    "{board}"
                );
            }
        }
    }

    /// Random text never makes the reader panic, and what it accepts is a
    /// board: each content once.
    #[test]
    fn random_text_is_read_or_refused() {
        let alphabet: Vec<char> = "0123456789 x_./\n\r\t-".chars().collect();
        let mut random = SplitMix64::new(24);
        for _ in 0..20_000 {
            let length = random.below(40);
            let text: String = (0..length).map(|_| alphabet[random.below(alphabet.len())]).collect();
            if let Ok(board) = LargeBoard::parse_rows(&text) {
                let mut contents = board.cells().to_vec();
                contents.sort_unstable();
                assert!(contents.iter().enumerate().all(|(i, &c)| c as usize == i), "{text:?}");
            }
        }
    }
}
