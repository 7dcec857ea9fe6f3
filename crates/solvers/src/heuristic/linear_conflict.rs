//! Linear conflict: Manhattan distance plus two moves for every tile that
//! must leave its line to let others in that line pass it (Hansson, Mayer
//! and Yung, 1992).

use slide_core::Board;

use crate::heuristic::{Estimate, Heuristic, Slide, TargetTables};
use crate::PatternMismatch;

/// Manhattan distance plus, in each row and column, two moves for each tile
/// whose target is in that line, less the longest run of them already in
/// their target order.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star, LinearConflict};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "1 2 3 4 6 7 8 x 5 10 11 12 9 13 14 15").unwrap();
/// let answer = ida_star(&start, &Board::goal(shape), LinearConflict).unwrap();
/// assert_eq!(answer.length(), Some(8));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinearConflict;

/// Linear conflict as it follows a board: each line's penalty is kept, and
/// a move recomputes the two lines it changes.
pub struct LinearConflictEstimate {
    tables: TargetTables,
    /// The penalty of each row and each column.
    row_conflict: [u32; 8],
    col_conflict: [u32; 8],
}

/// What undoing a move needs: the two changed lines' old penalties.
#[derive(Clone, Copy)]
pub struct LineUndo(u32, u32);

/// Two moves for every tile of a line that must step out of it: given, for
/// each cell of the line in order, the tile's goal coordinate along the line
/// if its goal is in the line, the number of such tiles less the longest run
/// of them whose coordinates already increase, times two.
///
/// The longest increasing run comes from patience sorting: `tails[i]` is the
/// smallest last coordinate of a run of length `i + 1` so far. Lines have at
/// most `N` cells (8 on boards of at most 16 cells), so a linear scan finds
/// each coordinate's place.
#[inline]
pub(crate) fn line_conflict<const N: usize>(coords: impl Iterator<Item = Option<u8>>) -> u32 {
    let mut tails = [0u8; N];
    let (mut kept, mut longest) = (0u32, 0usize);
    for coord in coords.flatten() {
        kept += 1;
        let place = tails[..longest]
            .iter()
            .position(|&tail| tail >= coord)
            .unwrap_or(longest);
        tails[place] = coord;
        longest += (place == longest) as usize;
    }
    2 * (kept - longest as u32)
}

impl LinearConflictEstimate {
    /// The penalty of row `row` of the packed `tiles`.
    #[inline]
    fn row(&self, tiles: u64, row: usize) -> u32 {
        let t = &self.tables;
        let cols = t.shape.cols();
        line_conflict::<8>((0..cols).map(|col| {
            let tile = ((tiles >> (4 * (row * cols + col))) & 0xF) as usize;
            (t.goal_row[tile] as usize == row).then_some(t.goal_col[tile])
        }))
    }

    /// The penalty of column `col` of the packed `tiles`.
    #[inline]
    fn col(&self, tiles: u64, col: usize) -> u32 {
        let t = &self.tables;
        let cols = t.shape.cols();
        line_conflict::<8>((0..t.shape.rows()).map(|row| {
            let tile = ((tiles >> (4 * (row * cols + col))) & 0xF) as usize;
            (t.goal_col[tile] as usize == col).then_some(t.goal_row[tile])
        }))
    }
}

impl Heuristic for LinearConflict {
    type Estimate = LinearConflictEstimate;

    fn name(&self) -> String {
        "linear-conflict".to_string()
    }

    fn start(&self, board: &Board, target: &Board) -> Result<(LinearConflictEstimate, u32), PatternMismatch> {
        let mut estimate = LinearConflictEstimate {
            tables: TargetTables::new(target),
            row_conflict: [0; 8],
            col_conflict: [0; 8],
        };
        let h = estimate.reset(board.tiles());
        Ok((estimate, h))
    }
}

impl Estimate for LinearConflictEstimate {
    type Undo = LineUndo;

    /// Recomputes the two lines the move changed: the columns the tile left
    /// and entered for a horizontal move (cells one apart), the rows for a
    /// vertical one.
    #[inline]
    fn moved(&mut self, h: u32, slide: Slide) -> (u32, LineUndo) {
        let Slide { tiles, tile, from, to } = slide;
        let distance = &self.tables.manhattan[tile];
        let h = h + distance[to] as u32 - distance[from] as u32;
        let cols = self.tables.shape.cols();
        let horizontal = from.abs_diff(to) == 1;
        let (a, b, a_new, b_new) = if horizontal {
            let (a, b) = (from % cols, to % cols);
            (a, b, self.col(tiles, a), self.col(tiles, b))
        } else {
            let (a, b) = (from / cols, to / cols);
            (a, b, self.row(tiles, a), self.row(tiles, b))
        };
        let lines = if horizontal {
            &mut self.col_conflict
        } else {
            &mut self.row_conflict
        };
        let undo = LineUndo(lines[a], lines[b]);
        lines[a] = a_new;
        lines[b] = b_new;
        (h + a_new + b_new - undo.0 - undo.1, undo)
    }

    fn reset(&mut self, tiles: u64) -> u32 {
        let shape = self.tables.shape;
        let mut h = self.tables.manhattan(tiles);
        for row in 0..shape.rows() {
            self.row_conflict[row] = self.row(tiles, row);
            h += self.row_conflict[row];
        }
        for col in 0..shape.cols() {
            self.col_conflict[col] = self.col(tiles, col);
            h += self.col_conflict[col];
        }
        h
    }

    #[inline]
    fn undo(&mut self, slide: Slide, undo: LineUndo) {
        let (from, to) = (slide.from, slide.to);
        let cols = self.tables.shape.cols();
        let (lines, a, b) = if from.abs_diff(to) == 1 {
            (&mut self.col_conflict, from % cols, to % cols)
        } else {
            (&mut self.row_conflict, from / cols, to / cols)
        };
        lines[a] = undo.0;
        lines[b] = undo.1;
    }
}
