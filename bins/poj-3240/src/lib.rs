//! POJ 3240 Solution to the n^2-1 Puzzle: any path that solves an n x n
//! board, n from 2 to 10.
//!
//! Input: `n`, then the n x n cells by rows, `0` the blank. Output: one line
//! of letters `L R U D` (where the blank goes) that leads to the goal, tiles
//! `1 ... n^2-1` in reading order and the blank last; `No Answer!` when the
//! goal cannot be reached. The judge accepts any path, so the board is
//! reduced row by row and column by column and its last few cells solved
//! optimally ([`slide_large::reduce`]): a few thousand moves on 10 x 10.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::path_string;
use slide_core::LargeBoard;
use slide_large::read_square_board;
use slide_large::reduce;

/// The largest side the problem allows.
const MAX_N: usize = 10;

/// The answer to `input`, or the first problem with it.
///
/// ```
/// assert_eq!(poj_3240::run("2\n3 1\n2 0\n").unwrap(), "LURD\n");
/// assert_eq!(poj_3240::run("2\n2 1\n3 0\n").unwrap(), "No Answer!\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let start = read_square_board(input, "n", 2, MAX_N).map_err(|e| e.to_string())?;
    let n = start.rows();
    match reduce(&start, &LargeBoard::goal(n, n), u64::MAX).map_err(|e| e.to_string())? {
        Some(path) => Ok(path_string(&path).to_ascii_uppercase() + "\n"),
        None => Ok("No Answer!\n".to_string()),
    }
}
