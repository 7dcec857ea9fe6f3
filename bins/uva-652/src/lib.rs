//! UVa 652 Eight: a shortest move string for each 8-puzzle, to
//! `1 2 3 4 5 6 7 8 x`.
//!
//! Input: a count N, then N puzzles of 9 tokens `1` to `8` and `x` (on one
//! line or over several; blank lines between them). Output: for each
//! puzzle its moves (`u d l r`, where the blank goes), an empty line for a
//! solved one, or `unsolvable`; an empty line between the answers of
//! consecutive puzzles. From the 32nd search on, one distance table answers
//! them all.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{counted_boards, path_string, Board, Shape};
use slide_solvers::ToTarget;

/// The answers to every puzzle of `input`, or the first problem with it.
///
/// ```
/// let input = "2\n\n1 2 3 4 5 6 7 x 8\n\n1 2 3\n4 5 6\n7 8 x\n";
/// assert_eq!(uva_652::run(input).unwrap(), "r\n\n\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let starts = counted_boards(input, shape, "puzzles").map_err(|error| error.to_string())?;
    let mut solver = ToTarget::new(&Board::goal(shape));
    let mut answers = Vec::with_capacity(starts.len());
    for start in &starts {
        match solver.solve(start).map_err(|error| error.to_string())?.path {
            Some(path) => answers.push(path_string(&path)),
            None => answers.push("unsolvable".to_string()),
        }
    }
    let mut output = answers.join("\n\n");
    if !answers.is_empty() {
        output.push('\n');
    }
    Ok(output)
}
