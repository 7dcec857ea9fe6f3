//! Boards of more than 16 cells, for the optimal searches: [`WideBoard`],
//! whose tiles travel through a search packed as a [`WideTiles`] type, and
//! the estimates that follow them (`estimates.rs`); A* and bidirectional
//! breadth-first search on them (`astar.rs`, `bidirectional_bfs.rs`), for
//! answers short enough that the boards they store fit in memory; and
//! near-optimal paths fast, by weighted A* at a ladder of weights
//! (`near.rs`). IDA* and
//! parallel IDA* are generic over every [`Position`].
//!
//! The packing is the caller's choice, made once per search: `u128`, five
//! bits a cell, for boards of at most 25 cells (the 24-puzzle), where the
//! search's speed counts; [`Cells`], a byte a cell, for any board of at
//! most 128 cells, whose answers are short enough that the copy of 128
//! bytes per node does not.
//!
//! # Invariant: wide boards
//!
//! A `WideBoard`'s tiles hold each of `0..rows * cols`
//! once, the blank is where 0 is, and its neighbour table is its grid's (made once per size and kept for the process). In the `u128` packing
//! cell `c` holds its tile in bits `5c..5c + 5` (at most 25 cells); a move is
//! two XORs, as on the `u64` board.

mod astar;
mod bidirectional_bfs;
mod estimates;
mod near;
mod tiles;

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;

use slide_core::{Grid, LargeBoard, Move};

pub(crate) use self::astar::{weighted_astar, AstarAsk, AstarEnd};
pub use self::astar::{wide_astar, wide_astar_state_bytes, wide_weighted_astar};
pub use self::bidirectional_bfs::{wide_bidirectional_bfs, wide_bidirectional_state_bytes};
pub use self::estimates::WideTargets;
pub use self::near::{wide_near_optimal, NearOptimal, NEAR_OPTIMAL_STATES, NEAR_OPTIMAL_WEIGHTS};
pub use self::tiles::{Cells, WideTiles};
use crate::position::Position;
use crate::{Answer, SearchError, Stats};

/// A board of `rows` by `cols` cells, at most `T::MAX_CELLS`, for the
/// optimal searches.
///
/// Invariant: the tiles hold each of `0..rows * cols` once (0 the blank),
/// row-major, and `blank` is where 0 is; `neighbours` is `grid`'s table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct WideBoard<T> {
    grid: Grid,
    blank: u8,
    tiles: T,
    neighbours: &'static [[u8; 4]],
}

impl<T: WideTiles> WideBoard<T> {
    /// The board of `rows` by `cols` cells holding `cells` (row-major, 0
    /// the blank), or why it cannot be one.
    ///
    /// ```
    /// use slide_solvers::WideBoard;
    /// let board = WideBoard::<u128>::new(5, 5, &(0..25).collect::<Vec<u32>>()).unwrap();
    /// assert_eq!((board.rows(), board.cols(), board.blank()), (5, 5, 0));
    /// assert!(WideBoard::<u128>::new(6, 6, &(0..36).collect::<Vec<u32>>()).is_err());
    /// ```
    pub fn new(rows: usize, cols: usize, cells: &[u32]) -> Result<WideBoard<T>, String> {
        let n = rows.saturating_mul(cols);
        let grid = Grid::new(rows, cols)
            .ok()
            .filter(|_| n <= T::MAX_CELLS)
            .ok_or_else(|| {
                format!(
                    "a {rows}x{cols} board does not fit: rows and columns from 2, at most {} cells",
                    T::MAX_CELLS
                )
            })?;
        if cells.len() != n {
            return Err(format!("found {} cells, expected {n}", cells.len()));
        }
        let mut seen = vec![false; n];
        for &content in cells {
            match seen.get_mut(content as usize) {
                Some(seen) if !*seen => *seen = true,
                _ => return Err(format!("the cells do not hold each of 0 to {} once", n - 1)),
            }
        }
        let blank = cells
            .iter()
            .position(|&content| content == 0)
            .expect("0 is one of the cells");
        let bytes: Vec<u8> = cells.iter().map(|&content| content as u8).collect();
        Ok(WideBoard {
            grid,
            blank: blank as u8,
            tiles: T::from_cells(&bytes),
            neighbours: neighbour_table(grid),
        })
    }

    /// This packing of the readable `board`, or why it does not fit (more
    /// than `T::MAX_CELLS` cells).
    ///
    /// ```
    /// use slide_core::LargeBoard;
    /// use slide_solvers::WideBoard;
    /// let board = WideBoard::<u128>::of(&LargeBoard::goal(5, 5)).unwrap();
    /// assert_eq!(board, WideBoard::goal(5, 5));
    /// assert!(WideBoard::<u128>::of(&LargeBoard::goal(6, 6)).is_err());
    /// ```
    pub fn of(board: &LargeBoard) -> Result<WideBoard<T>, String> {
        WideBoard::new(board.rows(), board.cols(), board.cells())
    }

    /// The goal: tiles `1..` in reading order, the blank last.
    pub fn goal(rows: usize, cols: usize) -> WideBoard<T> {
        let n = (rows * cols) as u32;
        let cells: Vec<u32> = (1..n).chain(std::iter::once(0)).collect();
        WideBoard::new(rows, cols, &cells).expect("the goal is a board")
    }

    /// The grid of the board.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.grid.rows()
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.grid.cols()
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.grid.cells()
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The tile in `cell` (0 for the blank).
    pub fn tile(&self, cell: usize) -> usize {
        self.tiles.tile(cell)
    }

    /// The board after the blank's move `mv`, or `None` if it would leave
    /// the board.
    pub fn apply(&self, mv: Move) -> Option<WideBoard<T>> {
        let next = self.neighbours[self.blank()][mv as usize];
        (next != u8::MAX).then(|| {
            let tile = self.tiles.tile(next as usize);
            WideBoard {
                tiles: self.tiles.slide(tile, next as usize, self.blank()),
                blank: next,
                ..*self
            }
        })
    }

    /// Whether this board can reach `target` (of the same size), by the
    /// parity rule ([`slide_core::reaches`]).
    pub fn reaches(&self, target: &WideBoard<T>) -> bool {
        let contents = |board: &WideBoard<T>| {
            (0..board.cells())
                .map(|cell| board.tile(cell) as u32)
                .collect::<Vec<_>>()
        };
        slide_core::reaches(self.grid, contents(self), contents(target))
    }
}

impl<T: WideTiles> fmt::Display for WideBoard<T> {
    /// Rows separated by ` / `, the blank as `_`, as `slide_core::Board`
    /// writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in 0..self.cells() {
            if cell > 0 {
                f.write_str(if cell % self.cols() == 0 { " / " } else { " " })?;
            }
            match self.tile(cell) {
                0 => f.write_str("_")?,
                tile => write!(f, "{tile}")?,
            }
        }
        Ok(())
    }
}

impl<T: WideTiles> fmt::Debug for WideBoard<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WideBoard({self})")
    }
}

impl<T: WideTiles> Position for WideBoard<T> {
    type Tiles = T;
    type Neighbours = &'static [[u8; 4]];

    #[inline]
    fn tiles(&self) -> T {
        self.tiles
    }

    #[inline]
    fn blank(&self) -> usize {
        self.blank as usize
    }

    #[inline]
    fn neighbours(&self) -> &'static [[u8; 4]] {
        self.neighbours
    }

    fn grid(&self) -> Grid {
        self.grid
    }

    fn with_tiles(&self, tiles: T, blank: usize) -> WideBoard<T> {
        WideBoard {
            tiles,
            blank: blank as u8,
            ..*self
        }
    }

    fn answer_without_search(&self, target: &WideBoard<T>) -> Result<Option<Answer>, SearchError> {
        if self.grid != target.grid {
            return Err(SearchError::Sizes {
                start: (self.rows(), self.cols()),
                target: (target.rows(), target.cols()),
            });
        }
        let answer = |path| Answer {
            path,
            stats: Stats::default(),
        };
        if !self.reaches(target) {
            return Ok(Some(answer(None)));
        }
        Ok((self == target).then(|| answer(Some(Vec::new()))))
    }
}

/// The neighbour table of `grid`, made once per size and kept for the
/// process (a board carries a reference to it).
fn neighbour_table(grid: Grid) -> &'static [[u8; 4]] {
    type Tables = HashMap<Grid, &'static [[u8; 4]]>;
    static TABLES: Mutex<Option<Tables>> = Mutex::new(None);
    let mut tables = TABLES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    tables
        .get_or_insert_with(HashMap::new)
        .entry(grid)
        .or_insert_with(|| Box::leak(grid.neighbour_table().into_boxed_slice()))
}
