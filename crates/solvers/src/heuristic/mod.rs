//! Lower bounds on the number of moves to a target: the one interface every
//! estimate implements ([`Heuristic`] and [`Estimate`]), and the estimates
//! of this crate, one type and one file each: [`Manhattan`] distance,
//! [`LinearConflict`], [`WalkingDistance`], [`MaxOf`] two others, and
//! [`Weighted`], one scaled up.
//!
//! A heuristic search keeps one board, moves a tile, looks at the estimate,
//! and undoes the move. So an estimate is not recomputed per board: it
//! follows the search's board, updated by the one tile each move changes
//! and restored when the move is undone. Adding a heuristic is writing one
//! type that implements these two traits; the searches do not change.
//!
//! # Invariant: estimates
//!
//! Every `Heuristic` of `slide-solvers` is admissible and
//! consistent, but `Weighted`, which scales one up for the bounded searches
//! (IDA*, and wide A*, which reopens; the small boards' A* does not, so it
//! takes consistent estimates only), and the pattern databases are at least
//! admissible (above); its
//! `Estimate` follows one board: `moved` takes the `Slide` (the board after
//! the move, the tile, the cell it left and the cell it entered) and returns
//! the estimate after it and what `undo` needs to restore it exactly.
//! `peek`, where it answers, returns what `moved` would, without following
//! the move. `moved_within(.., within)` may return, when the estimate is above
//! `within`, any value above `within` that does not exceed it (the larger of
//! several estimates then skips the rest); IDA* passes the next iteration's
//! bound found so far, less `g + 2`, so its cuts, its bounds and its node
//! counts are those of exact estimates. A search treats `h = 0` as the goal
//! only when the board is the target.

pub(crate) mod linear_conflict;
mod manhattan;
mod max_of;
mod walking_distance;
mod weighted;

use slide_core::{Board, Shape, MAX_CELLS};

pub use self::linear_conflict::{LineUndo, LinearConflict, LinearConflictEstimate};
pub use self::manhattan::{Manhattan, ManhattanEstimate};

pub use self::max_of::{MaxEstimate, MaxOf};
pub use self::walking_distance::{WalkingDistance, WalkingDistanceEstimate};
pub use self::weighted::{Weighted, WeightedEstimate};
use crate::position::{Position, Tiles};
use crate::PatternMismatch;

/// A way of estimating the moves to a target. All of this crate's are
/// admissible (never more than the true distance) and consistent (one move
/// changes them by at most one), but for [`Weighted`], which scales one up
/// to trade a bounded excess in length for speed.
///
/// A heuristic serves boards of one representation, `P`: the `u64` board
/// by default, or a wider one ([`crate::WideBoard`]); a type may serve
/// several, each with its own estimate.
pub trait Heuristic<P: Position = Board> {
    /// The estimate as it follows one search's board.
    type Estimate: Estimate<P::Tiles>;

    /// The name, as the command line and the reports write it (`manhattan`).
    fn name(&self) -> String;

    /// Starts following `board` on its way to `target` (of the same shape):
    /// the estimate, and its value for `board`. Fails when this heuristic
    /// cannot serve `target` (pattern databases built for another goal).
    fn start(&self, board: &P, target: &P) -> Result<(Self::Estimate, u32), PatternMismatch>;

    /// The estimate of the moves from `board` to `target`.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// use slide_solvers::{Heuristic, LinearConflict, Manhattan};
    /// let shape = Shape::new(3, 3).unwrap();
    /// let goal = Board::goal(shape);
    /// let start = Board::parse(shape, "2 1 3 4 5 6 7 8 x").unwrap();
    /// assert_eq!(Manhattan.estimate(&start, &goal), Ok(2));
    /// assert_eq!(LinearConflict.estimate(&start, &goal), Ok(4));
    /// ```
    fn estimate(&self, board: &P, target: &P) -> Result<u32, PatternMismatch> {
        self.start(board, target).map(|(_, h)| h)
    }
}

/// One move of a search's board, as an estimate follows it: the tile
/// `tile` slid from cell `from` into the blank's cell `to` (the blank is
/// now in `from`), and `tiles`, the packed board after the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide<T = u64> {
    /// The packed board after the move.
    pub tiles: T,
    /// The tile that moved.
    pub tile: usize,
    /// The cell it left, where the blank is now.
    pub from: usize,
    /// The cell it moved into, where the blank was.
    pub to: usize,
}

/// An estimate that follows the moves of a search's board, whose tiles are
/// packed as `T`.
pub trait Estimate<T: Tiles = u64> {
    /// What [`Estimate::undo`] needs to restore the estimate after a move.
    type Undo: Copy;

    /// The estimate after `slide`, given `h`, the estimate before it; and
    /// what undoing it needs.
    fn moved(&mut self, h: u32, slide: Slide<T>) -> (u32, Self::Undo);

    /// [`Estimate::moved`] for a search that only needs the exact estimate
    /// when it is at most `within`: above it, any value above `within` that
    /// does not exceed the estimate will do (IDA* cuts such a child off and
    /// its bound for the next iteration is no larger). An estimate that is
    /// the larger of several may then skip the rest once one is above
    /// `within`. The default is [`Estimate::moved`].
    #[inline]
    fn moved_within(&mut self, h: u32, slide: Slide<T>, _within: u32) -> (u32, Self::Undo) {
        self.moved(h, slide)
    }

    /// The estimate after `slide` without following it, where the estimate
    /// knows it at no cost, from what it holds of the board before the
    /// move: then exactly what [`Estimate::moved`] would return. `None`,
    /// the default, where it would have to follow the move. IDA* cuts a
    /// child off by it with no move followed or undone.
    #[inline(always)]
    fn peek(&self, _h: u32, _slide: Slide<T>) -> Option<u32> {
        None
    }

    /// Undoes [`Estimate::moved`]: the tile is back in `slide.from`, the
    /// blank in `slide.to`.
    fn undo(&mut self, slide: Slide<T>, undo: Self::Undo);

    /// Starts following the board with packed `tiles` (of the same shape
    /// and target) from scratch, keeping what depends on the target only:
    /// its estimate. A* calls it for each board it expands, unless the
    /// estimate is [`Estimate::STATELESS`].
    fn reset(&mut self, tiles: T) -> u32;

    /// Starts following the board with packed `tiles`, whose blank is in
    /// `blank`, for its children only: afterwards [`Estimate::moved`] from
    /// the board's estimate, and its undo, are exact for every slide into
    /// `blank`, though what the estimate holds of the rest of the board
    /// may not be. A search that knows a board's estimate and expands it
    /// move by move (the beam) calls this rather than [`Estimate::reset`].
    /// The default resets; linear conflict recomputes only the lines those
    /// slides can change (at most one a slide: the line its tile belongs
    /// to), not all of them and the Manhattan distance.
    #[inline]
    fn reset_around(&mut self, tiles: T, blank: usize) {
        let _ = blank;
        self.reset(tiles);
    }

    /// What the estimate keeps of the board it follows beyond its value,
    /// for a search that holds many boards (the beam) to keep beside each
    /// and follow its children later without starting over
    /// ([`Estimate::kept`], [`Estimate::resume`]): `()` for the estimates
    /// whose [`Estimate::reset_around`] is cheap; the tables' values for
    /// the placement tables, whose reset reads fourteen tables at random.
    type Kept: Copy + Send + Sync;

    /// What the estimate keeps of the board it follows now.
    fn kept(&self) -> Self::Kept;

    /// [`Estimate::reset_around`] for a board whose estimate was `kept`
    /// ([`Estimate::kept`] of the same board): afterwards
    /// [`Estimate::moved`] from the board's estimate, and its undo, are
    /// exact for every slide into `blank`. The default resets around the
    /// blank.
    #[inline]
    fn resume(&mut self, tiles: T, blank: usize, kept: Self::Kept) {
        let _ = kept;
        self.reset_around(tiles, blank);
    }

    /// Whether the estimate keeps nothing of the board but its value, so
    /// that a search that knows a board's value need not [`Estimate::reset`]
    /// to it before a move (Manhattan distance).
    const STATELESS: bool = false;
}

/// What Manhattan distance and linear conflict need to know of a target:
/// each tile's taxicab distance from every cell to its target cell, and its
/// target row and column. Stored as fits the board: in fixed arrays on the
/// `u64` board ([`SmallTargets`], whose lengths the compiler knows), in
/// vectors as long as the board beyond ([`crate::WideTargets`]); each estimate is
/// written once, generic over this.
pub trait Targets: Clone + Send + Sync {
    /// A value per row or per column: the lines' penalties.
    type Lines: AsRef<[u32]> + AsMut<[u32]> + Clone + Send + Sync;

    /// The number of rows.
    fn rows(&self) -> usize;

    /// The number of columns.
    fn cols(&self) -> usize;

    /// The taxicab distance from `cell` to the target cell of `tile`; 0 for
    /// the blank, which does not count.
    fn distance(&self, tile: usize, cell: usize) -> u8;

    /// The target row of `tile`; `u8::MAX` for the blank, which belongs to
    /// no line.
    fn goal_row(&self, tile: usize) -> u8;

    /// The target column of `tile`; `u8::MAX` for the blank.
    fn goal_col(&self, tile: usize) -> u8;

    /// A value per line of `count` lines, all 0.
    fn lines(&self, count: usize) -> Self::Lines;

    /// The Manhattan distance of the packed `tiles` from the target.
    #[inline]
    fn manhattan<T: Tiles>(&self, tiles: T) -> u32 {
        (0..self.rows() * self.cols())
            .map(|cell| self.distance(tiles.tile(cell), cell) as u32)
            .sum()
    }
}

/// [`Targets`] of a `u64` board, in arrays of fixed size.
#[derive(Clone, Debug)]
pub struct SmallTargets {
    shape: Shape,
    /// `manhattan[t][c]`: the taxicab distance from cell `c` to tile `t`'s target cell.
    manhattan: [[u8; MAX_CELLS]; MAX_CELLS],
    goal_row: [u8; MAX_CELLS],
    goal_col: [u8; MAX_CELLS],
}

impl SmallTargets {
    pub(crate) fn new(target: &Board) -> SmallTargets {
        let shape = target.shape();
        let mut goal_cell = [0u8; MAX_CELLS];
        for cell in 0..shape.cells() {
            goal_cell[target.tile(cell)] = cell as u8;
        }
        let mut manhattan = [[0u8; MAX_CELLS]; MAX_CELLS];
        let grid = shape.grid();
        for (tile, row) in manhattan.iter_mut().enumerate().take(shape.cells()).skip(1) {
            for (cell, distance) in row.iter_mut().enumerate().take(shape.cells()) {
                *distance = grid.distance(cell, goal_cell[tile] as usize) as u8;
            }
        }
        let mut goal_row = [u8::MAX; MAX_CELLS];
        let mut goal_col = [u8::MAX; MAX_CELLS];
        for tile in 1..shape.cells() {
            goal_row[tile] = goal_cell[tile] / shape.cols() as u8;
            goal_col[tile] = goal_cell[tile] % shape.cols() as u8;
        }
        SmallTargets {
            shape,
            manhattan,
            goal_row,
            goal_col,
        }
    }
}

impl Targets for SmallTargets {
    /// A board of at most 16 cells has lines of at most 8.
    type Lines = [u32; 8];

    #[inline]
    fn rows(&self) -> usize {
        self.shape.rows()
    }

    #[inline]
    fn cols(&self) -> usize {
        self.shape.cols()
    }

    #[inline]
    fn distance(&self, tile: usize, cell: usize) -> u8 {
        self.manhattan[tile][cell]
    }

    #[inline]
    fn goal_row(&self, tile: usize) -> u8 {
        self.goal_row[tile]
    }

    #[inline]
    fn goal_col(&self, tile: usize) -> u8 {
        self.goal_col[tile]
    }

    fn lines(&self, _count: usize) -> [u32; 8] {
        [0; 8]
    }
}
