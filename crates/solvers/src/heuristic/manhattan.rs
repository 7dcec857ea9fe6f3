//! Manhattan distance: each tile's taxicab distance to its target cell.

use slide_core::Board;

use super::{Estimate, Heuristic, Slide, SmallTargets, Targets};
use crate::position::Tiles;
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

/// Manhattan distance as it follows a board: only the moved tile's term
/// changes. On the `u64` board its tables are [`SmallTargets`]; on wide
/// boards [`crate::WideTargets`].
pub struct ManhattanEstimate<G = SmallTargets> {
    pub(crate) targets: G,
}

impl Heuristic for Manhattan {
    type Estimate = ManhattanEstimate;

    fn name(&self) -> String {
        "manhattan".to_string()
    }

    fn start(&self, board: &Board, target: &Board) -> Result<(ManhattanEstimate, u32), PatternMismatch> {
        let targets = SmallTargets::new(target);
        let h = targets.manhattan(board.tiles());
        Ok((ManhattanEstimate { targets }, h))
    }
}

impl<T: Tiles, G: Targets> Estimate<T> for ManhattanEstimate<G> {
    type Undo = ();

    type Kept = ();

    #[inline]
    fn kept(&self) {}

    #[inline]
    fn moved(&mut self, h: u32, slide: Slide<T>) -> (u32, ()) {
        let t = &self.targets;
        (
            h + t.distance(slide.tile, slide.to) as u32 - t.distance(slide.tile, slide.from) as u32,
            (),
        )
    }

    #[inline]
    fn undo(&mut self, _slide: Slide<T>, _undo: ()) {}

    fn reset(&mut self, tiles: T) -> u32 {
        self.targets.manhattan(tiles)
    }

    const STATELESS: bool = true;
}
