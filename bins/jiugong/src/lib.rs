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
    let mut boards = Vec::new();
    for (index, line) in input.lines().enumerate() {
        let cells: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.is_empty() {
            continue;
        }
        let board = Board::parse(shape, &cells).map_err(|error| format!("line {}: {error}", index + 1))?;
        boards.push((board, index + 1));
    }
    if boards.is_empty() {
        return Err("the input holds no puzzle: expected a start line such as 12345678. and a target line".to_string());
    }
    if boards.len() % 2 == 1 {
        let (_, line) = boards[boards.len() - 1];
        return Err(format!("line {line}: this start has no target line after it"));
    }
    let mut lengths = Vec::with_capacity(boards.len() / 2);
    for pair in boards.chunks(2) {
        let ((start, _), (target, _)) = (pair[0], pair[1]);
        let answer = bidirectional_bfs(&start, &target).map_err(|error| error.to_string())?;
        lengths.push(answer.length());
    }
    Ok(slide_driver::length_lines(lengths))
}
