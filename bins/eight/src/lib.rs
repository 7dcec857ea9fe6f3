//! AcWing 845 八数码: the fewest moves of each 8-puzzle to `1 2 3 4 5 6 7 8 x`.
//!
//! Input: puzzles of 9 cells each, `1` to `8` and a blank (`x`, or `.`, `0`,
//! `_`), separated by any whitespace or written contiguously; as many puzzles
//! as the input holds. Output: one line per puzzle, the number of moves, or
//! `-1` when the goal cannot be reached.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{Board, Shape};
use slide_driver::each_length_to;

/// The answers to every puzzle of `input`, or the first problem with it
/// (and then no answer at all).
///
/// ```
/// assert_eq!(eight::run("2  3  4  1  5  x  7  6  8\n").unwrap(), "19\n");
/// assert_eq!(eight::run("12345678x 21345678x").unwrap(), "0\n-1\n");
/// assert_eq!(
///     eight::run("1 2 3 4 5 6 7 8 9").unwrap_err(),
///     "line 1, column 17: tile 9 is out of range: tiles are 1 to 8",
/// );
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let mut output = String::new();
    each_length_to(input, &Board::goal(shape), |length| {
        slide_driver::push_length(&mut output, length)
    })?;
    Ok(output)
}
