//! AOJ ALDS1_13_C 15 Puzzle: the fewest moves to `1 2 3 4 / ... / 13 14 15 0`.
//!
//! Input: 4 lines of 4 integers, `0` the blank (any whitespace works, and
//! several boards are answered one per line). Output: the number of moves
//! (at most 45 in the judge's data), or `-1` for a board that cannot reach
//! the goal. IDA* with 4-4-4-3 pattern databases finds them.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{boards, symbols, Board, Shape};
use slide_pattern_db::{ByCell, Split};
use slide_solvers::{answer_without_search, ida_star};

/// The answers to every board of `input`, or the first problem with it.
///
/// ```
/// let input = "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n";
/// assert_eq!(aoj_15_puzzle::run(input).unwrap(), "8\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(4, 4).expect("4x4 is a supported shape");
    let goal = Board::goal(shape);
    // The whole input is read and checked before any table is built.
    let starts: Vec<Board> = boards(symbols(input, shape), shape)
        .collect::<Result<_, _>>()
        .map_err(|error| error.to_string())?;
    // Built once, in tens of milliseconds, when a board first needs a search.
    let mut pdb: Option<ByCell> = None;
    let mut output = String::new();
    for start in &starts {
        let answer = match answer_without_search(start, &goal).map_err(|error| error.to_string())? {
            Some(answer) => answer,
            None => {
                let split = Split::FourFourFourThree;
                let pdb = match &mut pdb {
                    Some(pdb) => pdb,
                    empty => empty.insert(ByCell::fifteen_puzzle(split, goal.blank()).map_err(|e| e.to_string())?),
                };
                ida_star(start, &goal, &*pdb).map_err(|error| error.to_string())?
            }
        };
        slide_driver::push_length(&mut output, answer.length());
    }
    Ok(output)
}
