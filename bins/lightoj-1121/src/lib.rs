//! LightOJ 1121 15-Puzzle: for each 4x4 board, of the shortest move strings
//! to `1 2 3 4 / ... / 13 14 15 0` the one that comes first in the order
//! `D < L < R < U`, if one of at most 35 moves exists.
//!
//! Input: a count T (at most 100), then T boards of 4 lines of 4 integers,
//! `0` the blank, usually after a blank line. Output per board:
//! `Case k: ` and the move string, or `Case k: This puzzle is not
//! solvable.` when the goal cannot be reached or needs more than 35 moves.
//! IDA* with 4-4-4-3 pattern databases, built once, tries the moves in that
//! order, so the first path it finds at the optimal bound is the answer.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{counted_boards, Board, MoveOrder, Shape};
use slide_pattern_db::{ByCell, Split};
use slide_solvers::{answer_without_search, ida_star_in_order, Budget, SearchError};

/// The longest path the judge accepts.
const MAX_MOVES: usize = 35;

/// The answers to every board of `input`, or the first problem with it.
///
/// ```
/// let input = "1\n\n1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n";
/// assert_eq!(lightoj_1121::run(input).unwrap(), "Case 1: LLLDDRRR\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(4, 4).expect("4x4 is a supported shape");
    let goal = Board::goal(shape);
    let order = MoveOrder::parse("DLRU").expect("an order");
    let starts = counted_boards(input, shape, "boards").map_err(|error| error.to_string())?;
    // Built once, in tens of milliseconds, when a board first needs a search.
    let mut pdb: Option<ByCell> = None;
    let mut output = String::new();
    for (case, start) in starts.iter().enumerate() {
        let answer = match answer_without_search(start, &goal).map_err(|error| error.to_string())? {
            Some(answer) => Ok(answer),
            None => {
                let pdb = match &mut pdb {
                    Some(pdb) => pdb,
                    empty => empty.insert(
                        ByCell::fifteen_puzzle(Split::FourFourFourThree, goal.blank()).map_err(|e| e.to_string())?,
                    ),
                };
                let mut budget = Budget {
                    max_length: Some(MAX_MOVES),
                    ..Budget::default()
                };
                ida_star_in_order(start, &goal, &*pdb, order, &mut budget)
            }
        };
        let line = match answer {
            Ok(answer) => match &answer.path {
                Some(path) => order.write(path),
                None => "This puzzle is not solvable.".to_string(),
            },
            Err(SearchError::TooLong { .. }) => "This puzzle is not solvable.".to_string(),
            Err(error) => return Err(error.to_string()),
        };
        output.push_str(&format!("Case {}: {line}\n", case + 1));
    }
    Ok(output)
}
