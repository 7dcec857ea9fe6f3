//! Many starts, one target: the cheapest exact method for the count.

use slide_core::{check_pair, Board};

use crate::{bidirectional_bfs_in, Answer, DistanceTable, Scratch, SearchError, DEFAULT_STATE_LIMIT};

/// From this many starts on, one complete distance table costs less than a
/// two-ended search per start: on 3x3 the table costs as much as some twenty
/// two-ended searches of the hardest positions, or fifty of random ones (the
/// README's benchmarks measure both).
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
    let mut scratch = Scratch::new();
    starts
        .iter()
        .map(|start| bidirectional_bfs_in(&mut scratch, start, target, DEFAULT_STATE_LIMIT))
        .collect()
}
