//! Many starts, one target: the cheapest exact method for the count.

use slide_core::{check_pair, Board};

use crate::{bidirectional_bfs, Answer, DistanceTable, SearchError};

/// From this many starts on, one complete distance table (about 8 ms for
/// 3x3 here) costs less than a two-ended search per start (up to 0.7 ms
/// each, 0.2 ms on average).
const TABLE_FROM: usize = 32;

/// A shortest path from each of `starts` to `target`, in order: by
/// two-ended BFS when the starts are few, or from one [`DistanceTable`]
/// when they are many and the board has at most 10 cells.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::solve_all;
/// let shape = Shape::new(3, 3).unwrap();
/// let goal = Board::goal(shape);
/// let starts = [Board::parse(shape, "1 2 3 4 5 6 7 x 8").unwrap(), goal];
/// let lengths: Vec<_> = solve_all(&starts, &goal).unwrap().iter().map(|a| a.length()).collect();
/// assert_eq!(lengths, [Some(1), Some(0)]);
/// ```
pub fn solve_all(starts: &[Board], target: &Board) -> Result<Vec<Answer>, SearchError> {
    for start in starts {
        check_pair(start, target)?;
    }
    if starts.len() >= TABLE_FROM {
        if let Ok(table) = DistanceTable::for_target(target) {
            let answers = starts
                .iter()
                .map(|start| table.solve(start, target).expect("the table was built for this target"))
                .collect();
            return Ok(answers);
        }
    }
    starts.iter().map(|start| bidirectional_bfs(start, target)).collect()
}
