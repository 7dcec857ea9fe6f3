//! Manhattan distance and linear conflict on wide boards: the same
//! estimates as on the `u64` board (`crate::heuristic`), with tables as
//! long as the board.

use crate::heuristic::linear_conflict::line_conflict;
use crate::heuristic::{Estimate, Heuristic, Slide};
use crate::{LinearConflict, Manhattan, PatternMismatch};

use super::{WideBoard, WideTiles};

/// The longest line of a wide board: 128 cells in two rows.
const MAX_LINE: usize = 64;

/// What the estimates need to know of a wide target.
#[derive(Clone, Debug)]
struct Targets {
    rows: usize,
    cols: usize,
    /// `distance[t * cells + c]`: the taxicab distance from cell `c` to tile
    /// `t`'s target cell; 0 for the blank, which does not count.
    distance: Vec<u8>,
    /// Each tile's target row and column; `u8::MAX` for the blank.
    goal_row: Vec<u8>,
    goal_col: Vec<u8>,
}

impl Targets {
    fn new<T: WideTiles>(board: &WideBoard<T>, target: &WideBoard<T>) -> Result<Targets, PatternMismatch> {
        if (board.rows(), board.cols()) != (target.rows(), target.cols()) {
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
        let (rows, cols, n) = (target.rows(), target.cols(), target.cells());
        let grid = target.grid();
        let mut goal_row = vec![u8::MAX; n];
        let mut goal_col = vec![u8::MAX; n];
        let mut distance = vec![0u8; n * n];
        for cell in 0..n {
            let tile = target.tile(cell);
            if tile == 0 {
                continue;
            }
            goal_row[tile] = (cell / cols) as u8;
            goal_col[tile] = (cell % cols) as u8;
            for from in 0..n {
                distance[tile * n + from] = grid.distance(from, cell) as u8;
            }
        }
        Ok(Targets {
            rows,
            cols,
            distance,
            goal_row,
            goal_col,
        })
    }

    /// The Manhattan distance of `tiles`.
    fn manhattan<T: WideTiles>(&self, tiles: T) -> u32 {
        let n = self.rows * self.cols;
        (0..n)
            .map(|cell| self.distance[tiles.tile(cell) * n + cell] as u32)
            .sum()
    }

    /// The change of the Manhattan distance by `slide`.
    #[inline]
    fn step<T>(&self, h: u32, slide: &Slide<T>) -> u32 {
        let base = slide.tile * self.rows * self.cols;
        h + self.distance[base + slide.to] as u32 - self.distance[base + slide.from] as u32
    }
}

/// [`Manhattan`] as it follows a wide board.
pub struct WideManhattanEstimate {
    targets: Targets,
}

impl<T: WideTiles> Heuristic<WideBoard<T>> for Manhattan {
    type Estimate = WideManhattanEstimate;

    fn name(&self) -> String {
        "manhattan".to_string()
    }

    fn start(
        &self,
        board: &WideBoard<T>,
        target: &WideBoard<T>,
    ) -> Result<(WideManhattanEstimate, u32), PatternMismatch> {
        let targets = Targets::new(board, target)?;
        let h = targets.manhattan(board.tiles);
        Ok((WideManhattanEstimate { targets }, h))
    }
}

impl<T: WideTiles> Estimate<T> for WideManhattanEstimate {
    type Undo = ();

    #[inline]
    fn moved(&mut self, h: u32, slide: Slide<T>) -> (u32, ()) {
        (self.targets.step(h, &slide), ())
    }

    #[inline]
    fn undo(&mut self, _slide: Slide<T>, _undo: ()) {}

    fn reset(&mut self, tiles: T) -> u32 {
        self.targets.manhattan(tiles)
    }

    const STATELESS: bool = true;
}

/// [`LinearConflict`] as it follows a wide board: each line's penalty kept,
/// a move recomputing the two lines it changes.
pub struct WideLinearConflictEstimate {
    targets: Targets,
    row_conflict: Vec<u32>,
    col_conflict: Vec<u32>,
}

impl WideLinearConflictEstimate {
    fn row<T: WideTiles>(&self, tiles: T, row: usize) -> u32 {
        let t = &self.targets;
        line_conflict::<MAX_LINE>((0..t.cols).map(|col| {
            let tile = tiles.tile(row * t.cols + col);
            (t.goal_row[tile] as usize == row).then_some(t.goal_col[tile])
        }))
    }

    fn col<T: WideTiles>(&self, tiles: T, col: usize) -> u32 {
        let t = &self.targets;
        line_conflict::<MAX_LINE>((0..t.rows).map(|row| {
            let tile = tiles.tile(row * t.cols + col);
            (t.goal_col[tile] as usize == col).then_some(t.goal_row[tile])
        }))
    }
}

impl<T: WideTiles> Heuristic<WideBoard<T>> for LinearConflict {
    type Estimate = WideLinearConflictEstimate;

    fn name(&self) -> String {
        "linear-conflict".to_string()
    }

    fn start(
        &self,
        board: &WideBoard<T>,
        target: &WideBoard<T>,
    ) -> Result<(WideLinearConflictEstimate, u32), PatternMismatch> {
        let targets = Targets::new(board, target)?;
        let (rows, cols) = (targets.rows, targets.cols);
        let mut estimate = WideLinearConflictEstimate {
            targets,
            row_conflict: vec![0; rows],
            col_conflict: vec![0; cols],
        };
        let h = estimate.reset(board.tiles);
        Ok((estimate, h))
    }
}

impl<T: WideTiles> Estimate<T> for WideLinearConflictEstimate {
    /// The two changed lines' old penalties.
    type Undo = (u32, u32);

    /// Recomputes the two lines the move changed, as on the `u64` board.
    #[inline]
    fn moved(&mut self, h: u32, slide: Slide<T>) -> (u32, (u32, u32)) {
        let h = self.targets.step(h, &slide);
        let cols = self.targets.cols;
        let horizontal = slide.from.abs_diff(slide.to) == 1;
        let (a, b, a_new, b_new) = if horizontal {
            let (a, b) = (slide.from % cols, slide.to % cols);
            (a, b, self.col(slide.tiles, a), self.col(slide.tiles, b))
        } else {
            let (a, b) = (slide.from / cols, slide.to / cols);
            (a, b, self.row(slide.tiles, a), self.row(slide.tiles, b))
        };
        let lines = if horizontal {
            &mut self.col_conflict
        } else {
            &mut self.row_conflict
        };
        let undo = (lines[a], lines[b]);
        lines[a] = a_new;
        lines[b] = b_new;
        (h + a_new + b_new - undo.0 - undo.1, undo)
    }

    fn undo(&mut self, slide: Slide<T>, undo: (u32, u32)) {
        let cols = self.targets.cols;
        let (lines, a, b) = if slide.from.abs_diff(slide.to) == 1 {
            (&mut self.col_conflict, slide.from % cols, slide.to % cols)
        } else {
            (&mut self.row_conflict, slide.from / cols, slide.to / cols)
        };
        lines[a] = undo.0;
        lines[b] = undo.1;
    }

    fn reset(&mut self, tiles: T) -> u32 {
        let mut h = self.targets.manhattan(tiles);
        for row in 0..self.targets.rows {
            self.row_conflict[row] = self.row(tiles, row);
            h += self.row_conflict[row];
        }
        for col in 0..self.targets.cols {
            self.col_conflict[col] = self.col(tiles, col);
            h += self.col_conflict[col];
        }
        h
    }
}
