//! AcWing 179, POJ 1077 and HDU 1043 (Eight): a shortest move string for
//! each 8-puzzle, to `1 2 3 4 5 6 7 8 x`.
//!
//! Input: puzzles of 9 cells each, `1` to `8` and a blank (`x`, or `.`, `0`,
//! `_`), separated by any whitespace or contiguous, until the end of input.
//! Output: one line per puzzle, the blank's moves (`u d l r`), or
//! `unsolvable`. HDU sends thousands of puzzles: from 32 on, one distance
//! table answers them all.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{boards, path_string, symbols, Board, Shape};
use slide_solvers::ToTarget;

/// The answers to every puzzle of `input`, or the first problem with it
/// (and then no answer at all).
///
/// ```
/// assert_eq!(eight_path::run("1 2 3 4 5 6 7 x 8\n").unwrap(), "r\n");
/// assert_eq!(eight_path::run("21345678x").unwrap(), "unsolvable\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let mut solver = ToTarget::new(&Board::goal(shape));
    let mut output = String::new();
    for start in boards(symbols(input, shape), shape) {
        let start = start.map_err(|error| error.to_string())?;
        match solver.solve(&start).map_err(|error| error.to_string())?.path {
            Some(path) => output.push_str(&path_string(&path)),
            None => output.push_str("unsolvable"),
        }
        output.push('\n');
    }
    Ok(output)
}
