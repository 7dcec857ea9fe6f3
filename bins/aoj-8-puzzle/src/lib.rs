//! AOJ ALDS1_13_B 8 Puzzle: the fewest moves to `1 2 3 / 4 5 6 / 7 8 0`.
//!
//! Input: 3 lines of 3 integers, `0` the blank (any whitespace works, and
//! several boards are answered one per line). Output: the number of moves,
//! or `-1` for a board that cannot reach the goal (the judge never sends one).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{Board, Shape};
use slide_driver::each_length_to;

/// The answers to every board of `input`, or the first problem with it.
///
/// ```
/// assert_eq!(aoj_8_puzzle::run("1 3 0\n4 2 5\n7 8 6\n").unwrap(), "4\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let mut output = String::new();
    each_length_to(input, &Board::goal(shape), |length| {
        slide_driver::push_length(&mut output, length)
    })?;
    Ok(output)
}
