//! Lower bounds on the number of moves to a target, for IDA*.

use slide_core::{Board, Shape, MAX_CELLS};

use crate::pattern_db::{AdditivePdb, PdbState};

/// The estimate IDA* prunes its search by. All are admissible (never more
/// than the true distance) and consistent (one move changes them by at most one).
#[derive(Clone, Copy)]
pub enum Heuristic<'a> {
    /// The sum over tiles of each tile's taxicab distance to its target cell.
    Manhattan,
    /// Manhattan distance plus two moves for each tile that must leave its
    /// row (or column) to let others in that line pass it (Hansson, Mayer and
    /// Yung, 1992): in each line, the tiles whose target is in that line,
    /// less the longest run of them already in their target order, times two.
    LinearConflict,
    /// The sum of disjoint pattern databases' values ([`AdditivePdb`]).
    PatternDb(&'a AdditivePdb),
}

impl std::fmt::Debug for Heuristic<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Heuristic::Manhattan => f.write_str("Manhattan"),
            Heuristic::LinearConflict => f.write_str("LinearConflict"),
            Heuristic::PatternDb(pdb) => write!(f, "PatternDb({} patterns)", pdb.patterns().len()),
        }
    }
}

/// What the heuristics need to know of a target.
#[derive(Clone, Debug)]
pub(crate) struct TargetTables {
    pub(crate) shape: Shape,
    /// `goal_cell[t]`: the target cell of tile `t`.
    pub(crate) goal_cell: [u8; MAX_CELLS],
    /// `manhattan[t][c]`: the taxicab distance from cell `c` to `goal_cell[t]`;
    /// 0 for the blank, which does not count.
    pub(crate) manhattan: [[u8; MAX_CELLS]; MAX_CELLS],
}

impl TargetTables {
    pub(crate) fn new(target: &Board) -> TargetTables {
        let shape = target.shape();
        let mut goal_cell = [0u8; MAX_CELLS];
        for cell in 0..shape.cells() {
            goal_cell[target.tile(cell)] = cell as u8;
        }
        let mut manhattan = [[0u8; MAX_CELLS]; MAX_CELLS];
        for (tile, row) in manhattan.iter_mut().enumerate().take(shape.cells()).skip(1) {
            for (cell, distance) in row.iter_mut().enumerate().take(shape.cells()) {
                *distance = shape.cell_distance(cell, goal_cell[tile] as usize) as u8;
            }
        }
        TargetTables {
            shape,
            goal_cell,
            manhattan,
        }
    }

    /// The Manhattan distance of `board` from the target.
    pub(crate) fn manhattan(&self, board: &Board) -> u32 {
        (0..self.shape.cells())
            .map(|cell| self.manhattan[board.tile(cell)][cell] as u32)
            .sum()
    }

    /// The linear-conflict penalty of row `row` of the packed `tiles`.
    pub(crate) fn row_conflict(&self, tiles: u64, row: usize) -> u32 {
        let cols = self.shape.cols();
        let cells = (0..cols).map(|col| row * cols + col);
        self.line_conflict(tiles, cells, |goal| goal / cols == row, |goal| goal % cols)
    }

    /// The linear-conflict penalty of column `col` of the packed `tiles`.
    pub(crate) fn col_conflict(&self, tiles: u64, col: usize) -> u32 {
        let cols = self.shape.cols();
        let cells = (0..self.shape.rows()).map(|row| row * cols + col);
        self.line_conflict(tiles, cells, |goal| goal % cols == col, |goal| goal / cols)
    }

    /// Two moves for every tile of a line that must step out of it: the
    /// tiles whose goal is in the line (`belongs`), less the longest
    /// subsequence of them whose goal coordinates (`along`) already increase.
    fn line_conflict(
        &self,
        tiles: u64,
        cells: impl Iterator<Item = usize>,
        belongs: impl Fn(usize) -> bool,
        along: impl Fn(usize) -> usize,
    ) -> u32 {
        // `longest[k]`: the length of the longest increasing run that ends in
        // the k-th tile kept; lines have at most 8 cells.
        let mut coords = [0usize; 8];
        let mut longest = [0u32; 8];
        let mut kept = 0;
        let mut best = 0;
        for cell in cells {
            let tile = ((tiles >> (4 * cell)) & 0xF) as usize;
            if tile == 0 {
                continue;
            }
            let goal = self.goal_cell[tile] as usize;
            if !belongs(goal) {
                continue;
            }
            let coord = along(goal);
            let run = 1
                + (0..kept)
                    .filter(|&k| coords[k] < coord)
                    .map(|k| longest[k])
                    .max()
                    .unwrap_or(0);
            coords[kept] = coord;
            longest[kept] = run;
            best = best.max(run);
            kept += 1;
        }
        2 * (kept as u32 - best)
    }

    /// The linear-conflict penalty of `board` over all rows and columns.
    pub(crate) fn linear_conflict(&self, board: &Board) -> u32 {
        let rows: u32 = (0..self.shape.rows())
            .map(|r| self.row_conflict(board.tiles(), r))
            .sum();
        let cols: u32 = (0..self.shape.cols())
            .map(|c| self.col_conflict(board.tiles(), c))
            .sum();
        rows + cols
    }
}

impl Heuristic<'_> {
    /// The estimate of the moves from `board` to `target` (same shape).
    ///
    /// # Panics
    /// Panics if pattern databases do not fit `target` ([`AdditivePdb::check_target`]).
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// use slide_solvers::Heuristic;
    /// let shape = Shape::new(3, 3).unwrap();
    /// let goal = Board::goal(shape);
    /// let start = Board::parse(shape, "2 1 3 4 5 6 7 8 x").unwrap();
    /// assert_eq!(Heuristic::Manhattan.estimate(&start, &goal), 2);
    /// assert_eq!(Heuristic::LinearConflict.estimate(&start, &goal), 4);
    /// ```
    pub fn estimate(self, board: &Board, target: &Board) -> u32 {
        let tables = TargetTables::new(target);
        match self {
            Heuristic::Manhattan => tables.manhattan(board),
            Heuristic::LinearConflict => tables.manhattan(board) + tables.linear_conflict(board),
            Heuristic::PatternDb(pdb) => {
                pdb.check_target(target).expect("the pattern databases fit the target");
                PdbState::new(pdb, board, target).total()
            }
        }
    }
}
