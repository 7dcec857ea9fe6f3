//! Luogu P1379 八数码难题: the fewest moves to the spiral `1 2 3 / 8 0 4 / 7 6 5`.
//!
//! Input: 9 digits, `0` the blank, usually as one token (`283104765`);
//! several puzzles are answered one per line. Output: the number of moves,
//! or `-1` for a puzzle that cannot reach the spiral (the judge never sends one).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{Board, Shape};
use slide_driver::each_length_to;

/// The answers to every puzzle of `input`, or the first problem with it.
///
/// ```
/// assert_eq!(luogu_p1379::run("283104765\n").unwrap(), "4\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let goal = Board::parse(shape, "1 2 3 8 0 4 7 6 5").expect("the spiral is a board");
    let mut output = String::new();
    each_length_to(input, &goal, |length| slide_driver::push_length(&mut output, length))?;
    Ok(output)
}
