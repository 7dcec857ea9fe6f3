//! Many starts, one target: the cheapest exact method for the count.

use slide_core::{check_pair, Board};

use crate::{answer_without_search, bidirectional_bfs_in, Answer, Budget, DistanceTable, Scratch, SearchError};

/// From this many starts on, one complete distance table costs less than a
/// bidirectional search per start: on 3x3 the table costs as much as a few
/// dozen bidirectional searches (`benches/README.md` measures both).
pub const TABLE_FROM: usize = 32;

/// Shortest paths from starts that come one at a time to one target: by
/// bidirectional BFS for the first few, and from one [`DistanceTable`], built
/// when the 32nd start needs a search, for the rest (on boards of at most
/// 10 cells). Pairs that need no search (unsolvable, or already there) are
/// answered without one, and do not count.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::ToTarget;
/// let shape = Shape::new(3, 3).unwrap();
/// let mut solver = ToTarget::new(&Board::goal(shape));
/// let start = Board::parse(shape, "1 2 3 4 5 6 7 x 8").unwrap();
/// assert_eq!(solver.solve(&start).unwrap().length(), Some(1));
/// ```
pub struct ToTarget {
    target: Board,
    table: Option<DistanceTable>,
    searched: usize,
    scratch: Scratch,
}

impl ToTarget {
    /// A solver for paths to `target`; no table is built yet.
    pub fn new(target: &Board) -> ToTarget {
        ToTarget {
            target: *target,
            table: None,
            searched: 0,
            scratch: Scratch::new(),
        }
    }

    /// A shortest path from `start` to the target.
    pub fn solve(&mut self, start: &Board) -> Result<Answer, SearchError> {
        if let Some(answer) = answer_without_search(start, &self.target)? {
            return Ok(answer);
        }
        self.searched += 1;
        if self.table.is_none() && self.searched >= TABLE_FROM {
            self.table = DistanceTable::for_target(&self.target).ok();
        }
        match &self.table {
            Some(table) => Ok(table
                .solve(start, &self.target)
                .expect("the table was built for this target")),
            None => bidirectional_bfs_in(&mut self.scratch, start, &self.target, &mut Budget::default()),
        }
    }
}

/// A shortest path from each of `starts` to `target`, in order (see [`ToTarget`]).
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
    let mut solver = ToTarget::new(target);
    starts.iter().map(|start| solver.solve(start)).collect()
}
