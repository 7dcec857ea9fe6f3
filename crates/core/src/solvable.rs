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

/// The parity of `board` as a permutation of its cells' contents: `true` if odd.
fn permutation_parity(board: &Board) -> bool {
    // Count cycles: a permutation of n elements with c cycles is odd when n - c is.
    let n = board.shape().cells();
    let mut visited = 0u32;
    let mut cycles = 0;
    for first in 0..n {
        if visited & (1 << first) != 0 {
            continue;
        }
        cycles += 1;
        let mut cell = first;
        while visited & (1 << cell) == 0 {
            visited |= 1 << cell;
            cell = board.tile(cell);
        }
    }
    (n - cycles) % 2 == 1
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
    let arrangement = permutation_parity(start) != permutation_parity(target);
    let blank = start.shape().cell_distance(start.blank(), target.blank()) % 2 == 1;
    arrangement == blank
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
