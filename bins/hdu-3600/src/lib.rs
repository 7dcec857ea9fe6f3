//! HDU 3600 Simple Puzzle: whether each N x N board can reach the goal with
//! tiles `1 ... N^2-1` in reading order and the blank last.
//!
//! Input: boards given as `N` (1 to 1000; the statement says at most 300),
//! then N x N integers, `0` the blank; `0` ends the input. Output: `YES` or
//! `NO` per board, from permutation parity in time linear in the cells.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::large_is_solvable;
use slide_core::MAX_SIDE;
use slide_large::{read_between, read_large_board, Numbers};

/// The answers to every board of `input`, or the first problem with it.
///
/// ```
/// let input = "2\n1 2\n3 0\n2\n2 1\n3 0\n0\n";
/// assert_eq!(hdu_3600::run(input).unwrap(), "YES\nNO\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let mut numbers = Numbers::new(input);
    let mut output = String::new();
    loop {
        let Some((n, at)) = numbers.next() else {
            return Err("the input ends without its closing line 0".to_string());
        };
        if n == Some(0) {
            break;
        }
        let n = read_between(&numbers, n, at, "N", 1, MAX_SIDE).map_err(|e| e.to_string())?;
        let cells = read_large_board(&mut numbers, n, n, at).map_err(|e| e.to_string())?;
        output.push_str(if large_is_solvable(n, n, &cells) {
            "YES\n"
        } else {
            "NO\n"
        });
    }
    if let Some((_, at)) = numbers.next() {
        let message = "the input goes on after its closing line 0".to_string();
        return Err(numbers.error_at(at, message).to_string());
    }
    Ok(output)
}
