//! Which pairs of boards are connected by moves, decided from parity alone.
//!
//! Every move swaps the blank with a neighbour: one transposition of the
//! cells' contents, and one step of the blank's taxicab distance. So along any
//! path the parity of the arrangement (as a permutation of the cells,
//! blank included) flips exactly as often as the parity of the blank's
//! distance from where it started. A target is therefore reachable only if
//! both parities of the pair agree; and on every board of at least 2x2 that
//! condition is also sufficient (Johnson and Story, 1879, for rectangles).
//! On an odd width it reduces to "equal inversion parity"; on an even width
//! it is the familiar rule that adds the blank's row.

use std::fmt;

use crate::board::Board;
use crate::grid::Grid;
use crate::shape::Shape;

/// Why two boards cannot be posed as a start and a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairError {
    /// The start's shape.
    pub start: Shape,
    /// The target's shape.
    pub target: Shape,
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the start is a {} board but the target is a {} board; they must have the same shape and tiles",
            self.start, self.target
        )
    }
}

impl std::error::Error for PairError {}

/// Checks that `start` and `target` have the same shape, and so the same tiles.
///
/// ```
/// use slide_core::{check_pair, Board, Shape};
/// let a = Board::goal(Shape::new(2, 3).unwrap());
/// let b = Board::goal(Shape::new(3, 2).unwrap());
/// assert!(check_pair(&a, &a).is_ok());
/// assert!(check_pair(&a, &b).is_err());
/// ```
pub fn check_pair(start: &Board, target: &Board) -> Result<(), PairError> {
    if start.shape() == target.shape() {
        Ok(())
    } else {
        Err(PairError {
            start: start.shape(),
            target: target.shape(),
        })
    }
}

/// The parity of an arrangement as a permutation of its cells' contents
/// (cell `c` holding `contents[c]`, each of `0..n` once): `true` if odd.
/// A permutation of `n` elements with `c` cycles is odd when `n - c` is;
/// following each cycle once counts them. The contents are copied and a
/// cell is marked done in the copy, one read per cell (on a board of a
/// million cells each read of a cycle misses the cache).
///
/// # Panics
/// Panics if the contents are not each of `0..n` once.
///
/// ```
/// use slide_core::arrangement_parity;
/// assert!(!arrangement_parity([0, 1, 2]));
/// assert!(arrangement_parity([1, 0, 2]));
/// ```
pub fn arrangement_parity(contents: impl IntoIterator<Item = u32>) -> bool {
    parity_and_blank(contents).0
}

/// [`arrangement_parity`], and the blank's cell (where 0 is; the cell past
/// the last when there is none).
fn parity_and_blank(contents: impl IntoIterator<Item = u32>) -> (bool, usize) {
    let mut work: Vec<u32> = contents.into_iter().collect();
    let n = work.len();
    let blank = work.iter().position(|&content| content == 0).unwrap_or(n);
    let mut cycles = 0;
    for first in 0..n {
        if work[first] == u32::MAX {
            continue;
        }
        cycles += 1;
        let mut cell = first;
        while work[cell] != u32::MAX {
            let next = work[cell] as usize;
            work[cell] = u32::MAX;
            cell = next;
        }
    }
    ((n - cycles) % 2 == 1, blank)
}

/// Whether moves on `grid` turn the arrangement `start` into `target` (the
/// contents of each cell, row-major, 0 the blank, each of `0..cells` once):
/// the one parity rule every board of every size answers by (see the
/// module's documentation).
///
/// # Panics
/// Panics if an arrangement is not each of `0..cells` once.
///
/// ```
/// use slide_core::{reaches, Grid};
/// let grid = Grid::new(2, 2).unwrap();
/// assert!(reaches(grid, [1, 0, 2, 3], [0, 1, 2, 3]));
/// assert!(!reaches(grid, [0, 2, 1, 3], [0, 1, 2, 3]));
/// ```
pub fn reaches(grid: Grid, start: impl IntoIterator<Item = u32>, target: impl IntoIterator<Item = u32>) -> bool {
    let (start_parity, start_blank) = parity_and_blank(start);
    let (target_parity, target_blank) = parity_and_blank(target);
    (start_parity != target_parity) == (grid.distance(start_blank, target_blank) % 2 == 1)
}

/// The tiles of `board` cell by cell, 0 the blank.
fn contents(board: &Board) -> impl Iterator<Item = u32> + '_ {
    (0..board.shape().cells()).map(move |cell| board.tile(cell) as u32)
}

/// Whether moves can turn `start` into `target`. Boards of different shapes never can.
///
/// ```
/// use slide_core::{is_solvable, Board, Shape};
/// let shape = Shape::new(3, 3).unwrap();
/// let goal = Board::goal(shape);
/// let swapped = Board::parse(shape, "2 1 3 4 5 6 7 8 x").unwrap();
/// assert!(is_solvable(&goal, &goal));
/// assert!(!is_solvable(&swapped, &goal));
/// ```
pub fn is_solvable(start: &Board, target: &Board) -> bool {
    if check_pair(start, target).is_err() {
        return false;
    }
    reaches(start.shape().grid(), contents(start), contents(target))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::rank::{factorial, unrank};

    /// The boards reachable from `start`, by a plain graph search.
    fn reachable(start: Board) -> Vec<Board> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![start];
        seen.insert(start);
        while let Some(board) = stack.pop() {
            for mv in Move::ALL {
                if let Some(next) = board.apply(mv) {
                    if seen.insert(next) {
                        stack.push(next);
                    }
                }
            }
        }
        seen.into_iter().collect()
    }

    #[test]
    fn parity_matches_reachability_on_small_boards() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
            let shape = Shape::new(rows, cols).unwrap();
            let target = Board::goal_with_blank_at(shape, 1);
            let reachable: std::collections::HashSet<Board> = reachable(target).into_iter().collect();
            let all = factorial(shape.cells());
            assert_eq!(reachable.len() as u64 * 2, all, "{shape}");
            for r in 0..all {
                let start = unrank(shape, r).unwrap();
                assert_eq!(is_solvable(&start, &target), reachable.contains(&start), "{start:?}");
            }
        }
    }
}
