//! UVa 10181 15-Puzzle Problem: a path of at most 50 moves for each board.
//!
//! Input: a count N, then N boards of 4 lines of 4 integers, `0` the blank.
//! Output: for each board, the blank's moves in capitals (`U D L R`), a
//! shortest path, or `This puzzle is not solvable.` when no path of at most
//! 50 moves exists.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{counted_boards, path_string, Board, Shape};
use slide_pattern_db::{ByCell, Split};
use slide_solvers::{ida_star_with, Budget, SearchError};

/// The longest path the judge accepts.
const MAX_MOVES: usize = 50;

/// The answers to every board of `input`, or the first problem with it.
///
/// ```
/// let input = "1\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n";
/// assert_eq!(uva_10181::run(input).unwrap(), "LLLDRDRDR\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(4, 4).expect("4x4 is a supported shape");
    let goal = Board::goal(shape);
    let starts = counted_boards(input, shape, "boards").map_err(|error| error.to_string())?;
    // Built once, in tens of milliseconds, for every board of the input.
    let pdb = ByCell::fifteen_puzzle(Split::FourFourFourThree, goal.blank()).map_err(|error| error.to_string())?;
    let mut output = String::new();
    for start in &starts {
        let mut budget = Budget {
            max_length: Some(MAX_MOVES),
            ..Budget::default()
        };
        match ida_star_with(start, &goal, &pdb, &mut budget) {
            Ok(answer) => match &answer.path {
                Some(path) => output.push_str(&path_string(path).to_uppercase()),
                None => output.push_str("This puzzle is not solvable."),
            },
            Err(SearchError::TooLong { .. }) => output.push_str("This puzzle is not solvable."),
            Err(error) => return Err(error.to_string()),
        }
        output.push('\n');
    }
    Ok(output)
}
