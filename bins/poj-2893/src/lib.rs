//! POJ 2893 M x N Puzzle: whether each board can reach the goal with tiles
//! `1 ... MN-1` in reading order and the blank last.
//!
//! Input: boards given as `M N` (2 to 999 each), then M lines of N
//! integers, `0` the blank; `0 0` ends the input. Output: `YES` or `NO` per
//! board. Boards of up to 998,001 cells are far beyond the `u64` board:
//! each is read into a vector and its parity found by counting the cycles
//! of its permutation, in time linear in its cells.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::large_is_solvable;
use slide_large::{read_large_board, read_side, Numbers};

/// The answers to every board of `input`, or the first problem with it.
///
/// ```
/// let input = "3 3\n1 0 3\n4 2 5\n7 8 6\n4 3\n1 2 5\n4 6 9\n11 8 10\n3 7 0\n0 0\n";
/// assert_eq!(poj_2893::run(input).unwrap(), "YES\nNO\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let mut numbers = Numbers::new(input);
    let mut output = String::new();
    loop {
        let Some((rows, rows_at)) = numbers.next() else {
            return Err("the input ends without its closing line 0 0".to_string());
        };
        let Some((cols, cols_at)) = numbers.next() else {
            let message = "the board's size needs two numbers, M and N".to_string();
            return Err(numbers.error_at(rows_at, message).to_string());
        };
        if (rows, cols) == (Some(0), Some(0)) {
            break;
        }
        let rows = read_side(&numbers, rows, rows_at, "number of rows").map_err(|error| error.to_string())?;
        let cols = read_side(&numbers, cols, cols_at, "number of columns").map_err(|error| error.to_string())?;
        let cells = read_large_board(&mut numbers, rows, cols, rows_at).map_err(|error| error.to_string())?;
        output.push_str(if large_is_solvable(rows, cols, &cells) {
            "YES\n"
        } else {
            "NO\n"
        });
    }
    if let Some((_, at)) = numbers.next() {
        let message = "the input goes on after its closing line 0 0".to_string();
        return Err(numbers.error_at(at, message).to_string());
    }
    Ok(output)
}
