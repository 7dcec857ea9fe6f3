//! Manhattan distance and linear conflict on wide boards: the same
//! estimates as on the `u64` board (`crate::heuristic`), written once and
//! generic over how the target's tables are stored; here as vectors as long
//! as the board ([`WideTargets`]).

use slide_core::Grid;

use crate::heuristic::{LinearConflictEstimate, ManhattanEstimate, Targets};
use crate::{Heuristic, LinearConflict, Manhattan, PatternMismatch};

use super::{WideBoard, WideTiles};

/// [`Targets`] of a wide board, in vectors as long as the board.
#[derive(Clone, Debug)]
pub struct WideTargets {
    grid: Grid,
    /// `distance[t * cells + c]`: the taxicab distance from cell `c` to tile
    /// `t`'s target cell; 0 for the blank, which does not count.
    distance: Vec<u8>,
    /// Each tile's target row and column; `u8::MAX` for the blank.
    goal_row: Vec<u8>,
    goal_col: Vec<u8>,
}

impl WideTargets {
    fn new<T: WideTiles>(board: &WideBoard<T>, target: &WideBoard<T>) -> Result<WideTargets, PatternMismatch> {
        if board.grid() != target.grid() {
            return Err(PatternMismatch {
                reason: format!(
                    "the board is {}x{}, the target {}x{}",
                    board.rows(),
                    board.cols(),
                    target.rows(),
                    target.cols()
                ),
            });
        }
        let (grid, n) = (target.grid(), target.cells());
        let mut goal_row = vec![u8::MAX; n];
        let mut goal_col = vec![u8::MAX; n];
        let mut distance = vec![0u8; n * n];
        for cell in 0..n {
            let tile = target.tile(cell);
            if tile == 0 {
                continue;
            }
            goal_row[tile] = (cell / grid.cols()) as u8;
            goal_col[tile] = (cell % grid.cols()) as u8;
            for from in 0..n {
                distance[tile * n + from] = grid.distance(from, cell) as u8;
            }
        }
        Ok(WideTargets {
            grid,
            distance,
            goal_row,
            goal_col,
        })
    }
}

impl Targets for WideTargets {
    type Lines = Vec<u32>;

    #[inline]
    fn rows(&self) -> usize {
        self.grid.rows()
    }

    #[inline]
    fn cols(&self) -> usize {
        self.grid.cols()
    }

    #[inline]
    fn distance(&self, tile: usize, cell: usize) -> u8 {
        self.distance[tile * self.grid.cells() + cell]
    }

    #[inline]
    fn goal_row(&self, tile: usize) -> u8 {
        self.goal_row[tile]
    }

    #[inline]
    fn goal_col(&self, tile: usize) -> u8 {
        self.goal_col[tile]
    }

    fn lines(&self, count: usize) -> Vec<u32> {
        vec![0; count]
    }
}

impl<T: WideTiles> Heuristic<WideBoard<T>> for Manhattan {
    type Estimate = ManhattanEstimate<WideTargets>;

    fn name(&self) -> String {
        "manhattan".to_string()
    }

    fn start(
        &self,
        board: &WideBoard<T>,
        target: &WideBoard<T>,
    ) -> Result<(ManhattanEstimate<WideTargets>, u32), PatternMismatch> {
        let targets = WideTargets::new(board, target)?;
        let h = targets.manhattan(board.tiles);
        Ok((ManhattanEstimate { targets }, h))
    }
}

impl<T: WideTiles> Heuristic<WideBoard<T>> for LinearConflict {
    type Estimate = LinearConflictEstimate<WideTargets>;

    fn name(&self) -> String {
        "linear-conflict".to_string()
    }

    fn start(
        &self,
        board: &WideBoard<T>,
        target: &WideBoard<T>,
    ) -> Result<(LinearConflictEstimate<WideTargets>, u32), PatternMismatch> {
        let mut estimate = LinearConflictEstimate::new(WideTargets::new(board, target)?);
        let h = crate::Estimate::reset(&mut estimate, board.tiles);
        Ok((estimate, h))
    }
}
