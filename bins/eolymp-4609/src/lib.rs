//! eolymp 4609 Quiz: whether an N x N board (N from 1 to 50) can reach
//! `1 ... N^2-1` in reading order with the blank last, and then any path of
//! at most 2,500,000 moves.
//!
//! Input: `N`, then the N x N cells by rows, `0` the blank. Output: `No`,
//! or `Yes` and on the next line the moves in `L R U D` (where the blank
//! goes; an empty line for a board already solved). The board is reduced
//! row by row and column by column and its last cells solved optimally
//! ([`slide_large::reduce`]), far below the limit on 50 x 50. N = 1, the
//! blank alone, is the goal already: `Yes` and an empty path.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::path_string;
use slide_core::LargeBoard;
use slide_large::{read_square, reduce};

/// The largest side the problem allows.
const MAX_N: usize = 50;

/// The most moves an answer may have.
const MAX_MOVES: u64 = 2_500_000;

/// The answer to `input`, or the first problem with it.
///
/// ```
/// assert_eq!(eolymp_4609::run("2\n3 1\n2 0\n").unwrap(), "Yes\nLURD\n");
/// assert_eq!(eolymp_4609::run("2\n2 1\n3 0\n").unwrap(), "No\n");
/// assert_eq!(eolymp_4609::run("1\n0\n").unwrap(), "Yes\n\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let (n, cells) = read_square(input, "N", 1, MAX_N).map_err(|e| e.to_string())?;
    if n == 1 {
        return Ok("Yes\n\n".to_string());
    }
    let start = LargeBoard::new(n, n, cells).map_err(|e| e.to_string())?;
    match reduce(&start, &LargeBoard::goal(n, n), MAX_MOVES).map_err(|e| e.to_string())? {
        Some(path) => Ok(format!("Yes\n{}\n", path_string(&path).to_ascii_uppercase())),
        None => Ok("No\n".to_string()),
    }
}
