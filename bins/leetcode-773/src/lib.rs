//! LeetCode 773 Sliding Puzzle: the fewest moves of a 2x3 board to
//! `[[1,2,3],[4,5,0]]`, or -1.
//!
//! The submission is `impl Solution` alone: LeetCode declares `struct
//! Solution` itself, so the bundle leaves that line out.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{Board, Shape};
use slide_solvers::bidirectional_bfs;

/// The type LeetCode attaches the answer to.
pub struct Solution; // not bundled

impl Solution {
    /// The fewest moves from `board` to the goal with tiles in order and the
    /// blank (0) last, or -1 if there is none. Boards of other shapes up to
    /// 16 cells work too; a board that is not a permutation gives -1.
    ///
    /// ```
    /// use leetcode_773::Solution;
    /// assert_eq!(Solution::sliding_puzzle(vec![vec![4, 1, 2], vec![5, 0, 3]]), 5);
    /// assert_eq!(Solution::sliding_puzzle(vec![vec![1, 2, 3], vec![5, 4, 0]]), -1);
    /// ```
    pub fn sliding_puzzle(board: Vec<Vec<i32>>) -> i32 {
        let cols = board.first().map_or(0, Vec::len);
        let Ok(shape) = Shape::new(board.len(), cols) else {
            return -1;
        };
        let cells: Vec<u8> = board
            .iter()
            .flatten()
            .map(|&v| u8::try_from(v).unwrap_or(u8::MAX))
            .collect();
        let Ok(start) = Board::from_cells(shape, &cells) else {
            return -1;
        };
        match bidirectional_bfs(&start, &Board::goal(shape)) {
            Ok(answer) => answer.length().map_or(-1, |moves| moves as i32),
            Err(_) => -1,
        }
    }
}
