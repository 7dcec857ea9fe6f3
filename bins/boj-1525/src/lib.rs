//! BOJ 1525 퍼즐: the fewest moves of one 3x3 board to `1 2 3 / 4 5 6 / 7 8
//! 0`, or `-1` when it cannot get there.
//!
//! Input: 3 lines of 3 integers, `0` the blank. Output: one line.
//! `slide_solvers::ToTarget`, as the other 8-puzzle judges.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{Board, Shape};
use slide_solvers::ToTarget;

/// The answer for the board of `input`, or the first problem with it.
///
/// ```
/// assert_eq!(boj_1525::run("1 0 3\n4 2 5\n7 8 6\n").unwrap(), "3\n");
/// assert_eq!(boj_1525::run("3 6 0\n8 1 2\n7 4 5\n").unwrap(), "-1\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let start = slide_driver::one_board(input, shape)?;
    let answer = ToTarget::new(&Board::goal(shape))
        .solve(&start)
        .map_err(|error| error.to_string())?;
    let mut output = String::new();
    slide_driver::push_length(&mut output, answer.length());
    Ok(output)
}
