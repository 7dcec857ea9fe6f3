//! AOJ 0121 Seven Puzzle: the fewest moves of each 2x4 board to
//! `0 1 2 3 / 4 5 6 7`, the blank top-left.
//!
//! Input: puzzles of 8 integers, `0` the blank, one line each, until the
//! end of input (at most 1,000). Output: one line per puzzle, the number of
//! moves, or `-1` for a puzzle that cannot reach the goal (the judge never
//! sends one). From the 32nd search on, one distance table of the 20,160
//! positions answers them all.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{Board, Shape};
use slide_driver::each_length_to;

/// The answers to every puzzle of `input`, or the first problem with it.
///
/// ```
/// let input = "0 1 2 3 4 5 6 7\n1 0 2 3 4 5 6 7\n7 6 5 4 3 2 1 0\n";
/// assert_eq!(aoj_0121::run(input).unwrap(), "0\n1\n28\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(2, 4).expect("2x4 is a supported shape");
    let mut output = String::new();
    each_length_to(input, &Board::goal_with_blank_at(shape, 0), |length| {
        slide_driver::push_length(&mut output, length)
    })?;
    Ok(output)
}
