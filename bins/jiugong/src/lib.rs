//! Lanqiao 九宫重排: the fewest moves from a start to a target, both 3x3.
//!
//! Input: pairs of lines, a start and then its target, 9 characters each:
//! `1` to `8` and `.` for the blank (`x`, `0` and `_` are blanks too).
//! Spaces, tabs and `\r` are ignored, and so are empty lines. Output: one
//! line per pair, the number of moves, or `-1` when the target cannot be
//! reached.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{Board, Shape};
use slide_solvers::bidirectional_bfs;

/// The answers to every pair of `input`, or the first problem with it (and
/// then no answer at all).
///
/// ```
/// assert_eq!(jiugong::run("12345678.\n123.46758\n").unwrap(), "3\n");
/// assert_eq!(
///     jiugong::run("12345678.\n123.4675\n").unwrap_err(),
///     "line 2: found 8 cells, expected 9",
/// );
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let mut output = String::new();
    // A start waiting for its target line, and the start's line.
    let mut start: Option<(Board, usize)> = None;
    for (index, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let board = Board::parse(shape, line).map_err(|error| format!("line {}: {error}", index + 1))?;
        match start.take() {
            None => start = Some((board, index + 1)),
            Some((first, _)) => {
                let answer = bidirectional_bfs(&first, &board).map_err(|error| error.to_string())?;
                slide_driver::push_length(&mut output, answer.length());
            }
        }
    }
    if let Some((_, line)) = start {
        return Err(format!("line {line}: this start has no target line after it"));
    }
    if output.is_empty() {
        return Err("the input holds no puzzle: expected a start line such as 12345678. and a target line".to_string());
    }
    Ok(output)
}
