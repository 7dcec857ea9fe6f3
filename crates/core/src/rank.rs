//! A perfect hash of boards: `rank` numbers the `cells!` arrangements of a
//! shape densely from 0, and `unrank` inverts it.
//!
//! The rank is the Lehmer code of the *positions* of the tiles, blank first:
//! the sequence `pos[0], pos[1], ..., pos[n - 1]`, where `pos[t]` is the cell
//! of tile `t` (`pos[0]` is the blank's cell). Digit `k` of the code counts
//! the later entries smaller than `pos[k]` and weighs `(n - 1 - k)!`.
//!
//! Ranking positions rather than cell contents makes a horizontal move cheap
//! to follow: it swaps two adjacent cells, so only the order of the blank and
//! the moved tile changes, and the rank moves by exactly `(n - 1)!`.

use crate::bits::count_ones_16;
use crate::board::Board;
use crate::shape::{PerShape, Shape, MAX_CELLS};

/// `n!` for `n` up to 20 (the largest that fits in a `u64`).
///
/// ```
/// assert_eq!(slide_core::factorial(9), 362_880);
/// ```
pub const fn factorial(n: usize) -> u64 {
    let mut product = 1u64;
    let mut k = 2;
    while k <= n {
        product *= k as u64;
        k += 1;
    }
    product
}

/// The rank of `board` among the `cells!` arrangements of its shape, in `0..cells!`.
///
/// ```
/// use slide_core::{rank, unrank, Board, Shape};
/// let shape = Shape::new(3, 3).unwrap();
/// let goal = Board::goal(shape);
/// assert!(rank(&goal) < 362_880);
/// assert_eq!(unrank(shape, rank(&goal)), Some(goal));
/// ```
pub fn rank(board: &Board) -> u64 {
    rank_tiles(board.tiles(), board.shape().cells())
}

/// [`rank`] of the packed tiles of any arrangement of `cells` cells.
///
/// ```
/// use slide_core::{rank, rank_tiles, Board, Shape};
/// let goal = Board::goal(Shape::new(2, 3).unwrap());
/// assert_eq!(rank_tiles(goal.tiles(), 6), rank(&goal));
/// ```
pub fn rank_tiles(tiles: u64, cells: usize) -> u64 {
    let n = cells;
    let mut pos = [0u8; MAX_CELLS];
    for cell in 0..n {
        pos[((tiles >> (4 * cell)) & 0xF) as usize] = cell as u8;
    }
    // Left to right: the later entries smaller than pos[k] are the cells below
    // pos[k] that no earlier entry took. `free` has a bit per cell not yet
    // taken, so their count is the population count of the bits under pos[k].
    let mut free: u32 = (1 << n) - 1;
    let mut rank = 0u64;
    for (k, &p) in pos[..n].iter().enumerate() {
        let smaller_later = count_ones_16((free & ((1 << p) - 1)) as u16) as u64;
        // Horner's rule: after every digit is in, digit k weighs (n-1-k)!.
        rank = rank * (n - k) as u64 + smaller_later;
        free &= !(1 << p);
    }
    rank
}

/// The rank of the board after the blank of `board` slides to `next_blank`,
/// from the rank of `board`, in O(cols) operations instead of O(cells).
///
/// Let the blank move from cell `b` to cell `c`, the tile `t` from `c` to
/// `b`, and let `U` be the tiles in the cells strictly between them (none for
/// a horizontal move, `cols - 1` for a vertical one). Only comparisons that
/// involve the blank or `t` and a cell in `[min(b, c), max(b, c)]` change:
/// - the blank's digit (tile 0) gains or loses `|U| + 1`: it now lies on the
///   other side of `t` and of every tile in `U`;
/// - for `u` in `U` after `t` in the sequence (`u > t`), digit `t` loses or
///   gains 1, since `t` now lies on the other side of `u`;
/// - for `u` in `U` before `t` (`u < t`), digit `u` gains or loses 1.
///
/// With `s = +1` when the blank moves to a higher cell and `-1` otherwise,
/// the rank changes by `s * ((|U| + 1) * (n-1)! + sum over U of
/// (u < t ? (n-1-u)! : -(n-1-t)!))`.
///
/// `next_blank` must be a neighbour of the blank.
///
/// ```
/// use slide_core::{rank, rank_after_slide, Board, Move, Shape};
/// let board = Board::goal(Shape::new(3, 3).unwrap());
/// let moved = board.apply(Move::Up).unwrap();
/// assert_eq!(rank_after_slide(&board, rank(&board), moved.blank()), rank(&moved));
/// ```
#[inline]
pub fn rank_after_slide(board: &Board, rank: u64, next_blank: usize) -> u64 {
    rank_step(board.tiles(), board.shape().cells(), board.blank(), next_blank, rank)
}

/// [`rank_after_slide`] on packed tiles (see [`Board::tiles`]) of a board of
/// `cells` cells with the blank in `blank`: for searches that keep boards packed.
///
/// ```
/// use slide_core::{rank, rank_step, Board, Move, Shape};
/// let board = Board::goal(Shape::new(3, 3).unwrap());
/// let moved = board.apply(Move::Left).unwrap();
/// assert_eq!(rank_step(board.tiles(), 9, board.blank(), moved.blank(), rank(&board)), rank(&moved));
/// ```
///
/// A `const fn`, so that tables of steps can be made at compile time.
#[inline]
pub const fn rank_step(tiles: u64, cells: usize, blank: usize, next_blank: usize, rank: u64) -> u64 {
    let (b, c) = (blank, next_blank);
    let t = ((tiles >> (4 * c)) & 0xF) as usize;
    let (lo, hi) = if b < c { (b, c) } else { (c, b) };
    let mut delta = (hi - lo) as u64 * FACTORIALS[cells - 1];
    let mut minus = 0u64;
    let mut cell = lo + 1;
    while cell < hi {
        let u = ((tiles >> (4 * cell)) & 0xF) as usize;
        if u < t {
            delta += FACTORIALS[cells - 1 - u];
        } else {
            minus += FACTORIALS[cells - 1 - t];
        }
        cell += 1;
    }
    // delta >= minus: the first term alone exceeds any sum of smaller factorials here.
    let step = delta - minus;
    if b < c {
        rank + step
    } else {
        rank - step
    }
}

/// [`rank_step`] by table look-up, for boards of at most 3 columns.
///
/// A vertical move takes the tile `t` past the `cols - 1` tiles between the
/// blank's old and new cells, and the rank's change depends only on those
/// tiles. The cells from the lower to the higher of the two are contiguous
/// in the packed board, so their nibbles, read as one number, index a
/// table of the changes: with 3 columns, the window holds 4 nibbles, one of
/// them the blank (0) at a known end, so 3 nibbles, 4,096 entries, index it.
/// A horizontal move changes the rank by `(cells - 1)!` (see the module).
///
/// ```
/// use slide_core::{rank, Board, Move, RankSteps, Shape};
/// let shape = Shape::new(3, 3).unwrap();
/// let steps = RankSteps::new(shape);
/// let board = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// for (_, next) in board.successors() {
///     let stepped = steps.after_slide(board.tiles(), board.blank(), next.blank(), rank(&board));
///     assert_eq!(stepped, rank(&next));
/// }
/// ```
#[derive(Clone, Debug)]
pub struct RankSteps {
    cells: usize,
    cols: usize,
    /// `(cells - 1)!`: the change of a horizontal move.
    horizontal: u64,
    /// For vertical moves with `cols <= 3`: the change of a move down
    /// (indexed by the nibbles above the blank's old cell, the tile last)
    /// and of a move up (the tile first); empty for wider boards.
    down: Vec<u64>,
    up: Vec<u64>,
}

/// Each shape's [`RankSteps`], made on first use.
static STEPS: PerShape<RankSteps> = PerShape::new();

impl RankSteps {
    /// The tables for boards of `shape`, made once per process and shape.
    ///
    /// ```
    /// use slide_core::{RankSteps, Shape};
    /// let shape = Shape::new(3, 3).unwrap();
    /// assert!(std::ptr::eq(RankSteps::of(shape), RankSteps::of(shape)));
    /// ```
    pub fn of(shape: Shape) -> &'static RankSteps {
        STEPS.get(shape, || RankSteps::new(shape))
    }

    /// The tables for boards of `shape`, made afresh (see [`RankSteps::of`]).
    pub fn new(shape: Shape) -> RankSteps {
        let (cells, cols) = (shape.cells(), shape.cols());
        let mut steps = RankSteps {
            cells,
            cols,
            horizontal: FACTORIALS[cells - 1],
            down: Vec::new(),
            up: Vec::new(),
        };
        if cols <= 3 {
            let size = 1usize << (4 * cols);
            // Entry `w`: nibble i of `w` is the i-th cell of the window that
            // excludes the blank; moving down, the tile is the last of them.
            let mut nibbles = [0usize; 3];
            for w in 0..size {
                for (i, nibble) in nibbles[..cols].iter_mut().enumerate() {
                    *nibble = (w >> (4 * i)) & 0xF;
                }
                let (t_down, t_up) = (nibbles[cols - 1], nibbles[0]);
                steps.down.push(Self::change(cells, cols, t_down, &nibbles[..cols - 1]));
                steps.up.push(Self::change(cells, cols, t_up, &nibbles[1..cols]));
            }
        }
        steps
    }

    /// The size of the rank's change when `tile` passes `between` (see [`rank_step`]).
    fn change(cells: usize, cols: usize, tile: usize, between: &[usize]) -> u64 {
        let mut delta = cols as u64 * FACTORIALS[cells - 1];
        for &u in between {
            if u < tile {
                delta += FACTORIALS[(cells - 1).saturating_sub(u)];
            } else {
                delta -= FACTORIALS[(cells - 1).saturating_sub(tile)];
            }
        }
        delta
    }

    /// The rank after the blank of the packed board `tiles` moves from
    /// `blank` to its neighbour `next`; `rank` is the board's rank.
    #[inline]
    pub fn after_slide(&self, tiles: u64, blank: usize, next: usize, rank: u64) -> u64 {
        if self.down.is_empty() {
            return rank_step_out_of_line(tiles, self.cells, blank, next, rank);
        }
        // Written without branches on the move's direction, which a search
        // cannot predict: the window is read and looked up for every move,
        // and the horizontal change chosen instead where it applies.
        let down = blank < next;
        let window_start = if down { blank + 1 } else { next };
        let window = ((tiles >> (4 * window_start)) & ((1u64 << (4 * self.cols)) - 1)) as usize;
        let vertical = if down { self.down[window] } else { self.up[window] };
        let change = if blank.abs_diff(next) == 1 {
            self.horizontal
        } else {
            vertical
        };
        if down {
            rank + change
        } else {
            rank - change
        }
    }
}

/// [`rank_step`], kept out of [`RankSteps::after_slide`] so that the table
/// look-up, which searches call for every move, stays small enough to inline.
#[inline(never)]
fn rank_step_out_of_line(tiles: u64, cells: usize, blank: usize, next: usize, rank: u64) -> u64 {
    rank_step(tiles, cells, blank, next, rank)
}

/// `k!` for `k` in `0..16`.
const FACTORIALS: [u64; 16] = {
    let mut table = [1u64; 16];
    let mut k = 1;
    while k < 16 {
        table[k] = table[k - 1] * k as u64;
        k += 1;
    }
    table
};

/// The board of `shape` whose rank is `rank`, or `None` if `rank >= cells!`.
///
/// ```
/// use slide_core::{rank, unrank, Shape};
/// let shape = Shape::new(2, 2).unwrap();
/// for r in 0..24 {
///     assert_eq!(rank(&unrank(shape, r).unwrap()), r);
/// }
/// assert_eq!(unrank(shape, 24), None);
/// ```
pub fn unrank(shape: Shape, rank: u64) -> Option<Board> {
    let n = shape.cells();
    if rank >= factorial(n) {
        return None;
    }
    // Peel off the digits, least significant (the last entry's, always 0) first.
    let mut digits = [0u8; MAX_CELLS];
    let mut rest = rank;
    for k in (0..n).rev() {
        let base = (n - k) as u64;
        digits[k] = (rest % base) as u8;
        rest /= base;
    }
    let mut free: u32 = (1 << n) - 1;
    let mut tiles = 0u64;
    for (tile, &digit) in digits[..n].iter().enumerate() {
        // The cell of `tile` is the free cell with `digit` free cells below it.
        let mut rest = free;
        for _ in 0..digit {
            rest &= rest - 1; // Clear the lowest set bit.
        }
        let cell = rest.trailing_zeros() as usize;
        free &= !(1 << cell);
        tiles |= (tile as u64) << (4 * cell);
    }
    Board::from_tiles(shape, tiles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    #[test]
    fn rank_is_a_bijection_on_small_boards() {
        for shape in [
            Shape::new(2, 2).unwrap(),
            Shape::new(2, 3).unwrap(),
            Shape::new(3, 2).unwrap(),
        ] {
            let count = factorial(shape.cells());
            let mut seen = vec![false; count as usize];
            for r in 0..count {
                let board = unrank(shape, r).unwrap();
                assert_eq!(rank(&board), r);
                seen[r as usize] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn rank_after_slide_follows_every_move() {
        for shape in Shape::all() {
            let mut board = Board::goal(shape);
            for step in 0..500usize {
                let mv = Move::from_index((step * 5 + step / 7) % 4);
                if let Some(next) = board.apply(mv) {
                    assert_eq!(
                        rank_after_slide(&board, rank(&board), next.blank()),
                        rank(&next),
                        "{board:?} {mv:?}"
                    );
                    board = next;
                }
            }
        }
    }

    #[test]
    fn rank_steps_follow_every_move() {
        for shape in Shape::all().filter(|s| s.cells() <= 12) {
            let steps = RankSteps::new(shape);
            let mut board = Board::goal(shape);
            for step in 0..2000usize {
                let mv = Move::from_index((step * 5 + step / 7 + step / 31) % 4);
                if let Some(next) = board.apply(mv) {
                    let stepped = steps.after_slide(board.tiles(), board.blank(), next.blank(), rank(&board));
                    assert_eq!(stepped, rank(&next), "{board:?} {mv:?}");
                    board = next;
                }
            }
        }
    }

    #[test]
    fn a_horizontal_move_shifts_the_rank_by_a_factorial() {
        let shape = Shape::new(4, 4).unwrap();
        let board = Board::goal(shape);
        let moved = board.apply(Move::Left).unwrap();
        assert_eq!(rank(&board) - rank(&moved), factorial(15));
        assert_eq!(unrank(shape, rank(&moved)), Some(moved));
    }
}
