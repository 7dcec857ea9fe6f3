//! HackerRank N Puzzle: any solution of a k x k board whose goal has the
//! blank in the top-left cell.
//!
//! Input: `k` (3 to 5 in the statement; 2 to 10 accepted), then the k x k
//! cells one a line, row-major, `0` the blank. Output: the number of moves
//! `M`, then M lines `UP`, `DOWN`, `LEFT` or `RIGHT` (where the blank goes)
//! that lead to the goal `0 1 2 ... k^2-1`. Any solution scores, and shorter
//! ones score more: the board is reduced row by row and column by column
//! and its last few cells solved optimally ([`slide_large::reduce`]).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::LargeBoard;
use slide_core::Move;
use slide_large::read_square_board;
use slide_large::reduce;

/// The largest side accepted.
const MAX_K: usize = 10;

/// The answer to `input`, or the first problem with it.
///
/// ```
/// let input = "3\n1\n2\n0\n3\n4\n5\n6\n7\n8\n";
/// assert_eq!(hackerrank_n_puzzle::run(input).unwrap(), "2\nLEFT\nLEFT\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let start = read_square_board(input, "k", 2, MAX_K).map_err(|e| e.to_string())?;
    let k = start.rows();
    let goal = LargeBoard::new(k, k, (0..(k * k) as u32).collect()).map_err(|e| e.to_string())?;
    let path = reduce(&start, &goal, u64::MAX)
        .map_err(|e| e.to_string())?
        .ok_or("the board cannot reach the goal 0 1 2 ... (the problem promises it can)")?;
    let mut output = format!("{}\n", path.len());
    for mv in path {
        output.push_str(match mv {
            Move::Up => "UP\n",
            Move::Down => "DOWN\n",
            Move::Left => "LEFT\n",
            Move::Right => "RIGHT\n",
        });
    }
    Ok(output)
}
