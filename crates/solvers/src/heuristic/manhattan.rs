//! Manhattan distance: each tile's taxicab distance to its target cell.

use slide_core::Board;

use super::{Estimate, Heuristic, Slide, TargetTables};
use crate::PatternMismatch;

/// The sum over tiles of each tile's taxicab distance to its target cell.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star, Manhattan};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// assert_eq!(ida_star(&start, &Board::goal(shape), Manhattan).unwrap().length(), Some(31));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Manhattan;

/// Manhattan distance as it follows a board: only the moved tile's term changes.
pub struct ManhattanEstimate {
    tables: TargetTables,
}

impl Heuristic for Manhattan {
    type Estimate = ManhattanEstimate;

    fn name(&self) -> String {
        "manhattan".to_string()
    }

    fn start(&self, board: &Board, target: &Board) -> Result<(ManhattanEstimate, u32), PatternMismatch> {
        let tables = TargetTables::new(target);
        let h = tables.manhattan(board.tiles());
        Ok((ManhattanEstimate { tables }, h))
    }
}

impl Estimate for ManhattanEstimate {
    type Undo = ();

    #[inline]
    fn moved(&mut self, h: u32, slide: Slide) -> (u32, ()) {
        let distance = &self.tables.manhattan[slide.tile];
        (h + distance[slide.to] as u32 - distance[slide.from] as u32, ())
    }

    #[inline]
    fn undo(&mut self, _slide: Slide, _undo: ()) {}

    fn reset(&mut self, tiles: u64) -> u32 {
        self.tables.manhattan(tiles)
    }

    const STATELESS: bool = true;
}
