//! Codeforces acmsguru 139 Help Needed!: whether one 4x4 board can reach
//! `1 ... 15` in reading order with the blank last.
//!
//! Input: 4 lines of 4 integers, `0` the blank. Output: `YES` or `NO`, from
//! permutation parity (`slide_core::is_solvable`): no search.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{is_solvable, Board, Shape};

/// The answer for the board of `input`, or the first problem with it.
///
/// ```
/// assert_eq!(acmsguru_139::run("1 2 3 4\n5 6 7 8\n9 10 11 0\n13 14 15 12\n").unwrap(), "YES\n");
/// assert_eq!(acmsguru_139::run("2 1 3 4\n5 6 7 8\n9 10 11 12\n0 13 14 15\n").unwrap(), "NO\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(4, 4).expect("4x4 is a supported shape");
    let board = slide_driver::one_board(input, shape)?;
    let answer = if is_solvable(&board, &Board::goal(shape)) {
        "YES\n"
    } else {
        "NO\n"
    };
    Ok(answer.to_string())
}
