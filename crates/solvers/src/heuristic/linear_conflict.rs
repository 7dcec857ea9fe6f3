//! Linear conflict: Manhattan distance plus two moves for every tile that
//! must leave its line to let others in that line pass it (Hansson, Mayer
//! and Yung, 1992).

use slide_core::Board;

use crate::heuristic::{Estimate, Heuristic, Slide, SmallTargets, Targets};
use crate::position::Tiles;
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
/// a move recomputes the one line it can change, if any. On the `u64` board its
/// tables are [`SmallTargets`]; on wide boards [`crate::WideTargets`].
pub struct LinearConflictEstimate<G: Targets = SmallTargets> {
    pub(crate) targets: G,
    /// The penalty of each row and each column.
    pub(crate) row_conflict: G::Lines,
    pub(crate) col_conflict: G::Lines,
}

/// What undoing a move needs: the two changed lines' old penalties.
#[derive(Clone, Copy)]
pub struct LineUndo(u32, u32);

/// Two moves for every tile of a line that must step out of it: given, for
/// each cell of the line in order, the tile's goal coordinate along the line
/// if its goal is in the line, the number of such tiles less the longest run
/// of them whose coordinates already increase, times two.
///
/// The longest increasing run comes from patience sorting: each pile's top
/// is the smallest last coordinate of a run as long as the pile's rank, and
/// a coordinate goes on the pile of the least top at or above it (a new
/// pile if none is). The coordinates of a line are distinct (each tile of
/// it has its own cell there) and below 64 (the longest line: 128 cells in
/// two rows), so the tops are a set of bits: the least top above the
/// coordinate is the lowest set bit of `tops` masked below it, cleared by
/// `above & above.wrapping_neg()`; the piles are the bits left.
#[inline]
pub(crate) fn line_conflict(coords: impl Iterator<Item = Option<u8>>) -> u32 {
    let (mut kept, mut tops) = (0u32, 0u64);
    for coord in coords.flatten() {
        debug_assert!(coord < 64 && tops & (1 << coord) == 0, "distinct coordinates below 64");
        kept += 1;
        let above = tops & (u64::MAX << coord);
        tops = (tops & !(above & above.wrapping_neg())) | (1 << coord);
    }
    2 * (kept - tops.count_ones())
}

impl<G: Targets> LinearConflictEstimate<G> {
    /// Follows a board towards the target of `targets`.
    pub(crate) fn new(targets: G) -> LinearConflictEstimate<G> {
        let (row_conflict, col_conflict) = (targets.lines(targets.rows()), targets.lines(targets.cols()));
        LinearConflictEstimate {
            targets,
            row_conflict,
            col_conflict,
        }
    }

    /// The penalty of row `row` of the packed `tiles`.
    #[inline]
    fn row<T: Tiles>(&self, tiles: T, row: usize) -> u32 {
        let t = &self.targets;
        let cols = t.cols();
        let coords = (0..cols).map(|col| {
            let tile = tiles.tile(row * cols + col);
            (t.goal_row(tile) as usize == row).then_some(t.goal_col(tile))
        });
        line_conflict(coords)
    }

    /// The penalty of column `col` of the packed `tiles`.
    #[inline]
    fn col<T: Tiles>(&self, tiles: T, col: usize) -> u32 {
        let t = &self.targets;
        let cols = t.cols();
        let coords = (0..t.rows()).map(|row| {
            let tile = tiles.tile(row * cols + col);
            (t.goal_col(tile) as usize == col).then_some(t.goal_row(tile))
        });
        line_conflict(coords)
    }

    /// The line whose penalty a slide of `tile` from cell `from` into the
    /// blank's cell `to` changes, if any, and whether it is a column (the
    /// slide horizontal) or a row: a horizontal slide spans two
    /// columns, a vertical one two rows, and of those it changes only the
    /// tile's target line, if it is one. A line's penalty depends only on
    /// the order of the tiles whose target is in it (the blank's is in
    /// none): a tile of another line leaving or entering it, the blank
    /// taking its place or giving it up, leaves that order as it was.
    #[inline]
    fn changed_line(&self, tile: usize, from: usize, to: usize) -> Option<(bool, usize)> {
        let t = &self.targets;
        let (horizontal, a, b) = self.spanned(from, to);
        let own = if horizontal { t.goal_col(tile) } else { t.goal_row(tile) } as usize;
        (own == a || own == b).then_some((horizontal, own))
    }

    /// The penalty of column `line` (`horizontal`: the lines a horizontal
    /// slide changes) or of row `line` of the packed `tiles`.
    #[inline]
    fn penalty<T: Tiles>(&self, tiles: T, horizontal: bool, line: usize) -> u32 {
        if horizontal {
            self.col(tiles, line)
        } else {
            self.row(tiles, line)
        }
    }

    /// Whether a slide from `from` into `to` is horizontal, and the two
    /// lines it spans: columns if it is, rows if not.
    #[inline]
    fn spanned(&self, from: usize, to: usize) -> (bool, usize, usize) {
        let cols = self.targets.cols();
        if from.abs_diff(to) == 1 {
            (true, from % cols, to % cols)
        } else {
            (false, from / cols, to / cols)
        }
    }

    /// The kept penalties of the columns (`horizontal`) or of the rows.
    #[inline]
    fn lines_mut(&mut self, horizontal: bool) -> &mut [u32] {
        if horizontal {
            self.col_conflict.as_mut()
        } else {
            self.row_conflict.as_mut()
        }
    }
}

impl Heuristic for LinearConflict {
    type Estimate = LinearConflictEstimate;

    fn name(&self) -> String {
        "linear-conflict".to_string()
    }

    fn start(&self, board: &Board, target: &Board) -> Result<(LinearConflictEstimate, u32), PatternMismatch> {
        let mut estimate = LinearConflictEstimate::new(SmallTargets::new(target));
        let h = estimate.reset(board.tiles());
        Ok((estimate, h))
    }
}

impl<T: Tiles, G: Targets> Estimate<T> for LinearConflictEstimate<G> {
    type Undo = LineUndo;

    type Kept = ();

    #[inline]
    fn kept(&self) {}

    /// Recomputes the line the move changed, if any (`changed_line`).
    #[inline]
    fn moved(&mut self, h: u32, slide: Slide<T>) -> (u32, LineUndo) {
        let Slide { tiles, tile, from, to } = slide;
        let t = &self.targets;
        let h = h + t.distance(tile, to) as u32 - t.distance(tile, from) as u32;
        let (horizontal, a, b) = self.spanned(from, to);
        let changed = self
            .changed_line(tile, from, to)
            .map(|(_, line)| (line, self.penalty(tiles, horizontal, line)));
        let lines = self.lines_mut(horizontal);
        let undo = LineUndo(lines[a], lines[b]);
        if let Some((line, penalty)) = changed {
            lines[line] = penalty;
        }
        (h + lines[a] + lines[b] - undo.0 - undo.1, undo)
    }

    fn reset(&mut self, tiles: T) -> u32 {
        let mut h = self.targets.manhattan(tiles);
        for row in 0..self.targets.rows() {
            let penalty = self.row(tiles, row);
            self.row_conflict.as_mut()[row] = penalty;
            h += penalty;
        }
        for col in 0..self.targets.cols() {
            let penalty = self.col(tiles, col);
            self.col_conflict.as_mut()[col] = penalty;
            h += penalty;
        }
        h
    }

    /// A slide into `blank` changes at most its tile's own line
    /// (`changed_line`), and `moved` reads no other: only those
    /// lines of the blank's neighbours are recomputed.
    fn reset_around(&mut self, tiles: T, blank: usize) {
        let (rows, cols) = (self.targets.rows(), self.targets.cols());
        let (row, col) = (blank / cols, blank % cols);
        let neighbours = [
            blank.checked_sub(cols),
            (row + 1 < rows).then_some(blank + cols),
            (col > 0).then(|| blank - 1),
            (col + 1 < cols).then_some(blank + 1),
        ];
        for from in neighbours.into_iter().flatten() {
            if let Some((horizontal, line)) = self.changed_line(tiles.tile(from), from, blank) {
                let penalty = self.penalty(tiles, horizontal, line);
                self.lines_mut(horizontal)[line] = penalty;
            }
        }
    }

    #[inline]
    fn undo(&mut self, slide: Slide<T>, undo: LineUndo) {
        let (horizontal, a, b) = self.spanned(slide.from, slide.to);
        let lines = self.lines_mut(horizontal);
        lines[a] = undo.0;
        lines[b] = undo.1;
    }
}

#[cfg(test)]
mod tests {
    use super::line_conflict;

    /// The oracle: the longest increasing run by the quadratic recurrence,
    /// each coordinate's run the longest before it on a smaller one, plus one.
    fn plain(coords: &[Option<u8>]) -> u32 {
        let kept: Vec<u8> = coords.iter().flatten().copied().collect();
        let mut run = vec![1u32; kept.len()];
        for i in 0..kept.len() {
            for j in 0..i {
                if kept[j] < kept[i] {
                    run[i] = run[i].max(run[j] + 1);
                }
            }
        }
        2 * (kept.len() as u32 - run.into_iter().max().unwrap_or(0))
    }

    #[test]
    fn the_bits_of_the_piles_give_the_longest_increasing_run() {
        let mut random = slide_core::SplitMix64::new(41);
        for _ in 0..20_000 {
            let length = 1 + random.below(64);
            // Distinct coordinates below the line's length, a random few of
            // the cells holding a tile of another line.
            let mut coords: Vec<u8> = (0..length as u8).collect();
            for i in (1..length).rev() {
                coords.swap(i, random.below(i + 1));
            }
            let line: Vec<Option<u8>> = coords
                .into_iter()
                .map(|coord| (random.below(3) != 0).then_some(coord))
                .collect();
            assert_eq!(line_conflict(line.iter().copied()), plain(&line), "{line:?}");
        }
    }
}
