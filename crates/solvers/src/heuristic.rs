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
    /// `manhattan[t][c]`: the taxicab distance from cell `c` to tile `t`'s target cell;
    /// 0 for the blank, which does not count.
    pub(crate) manhattan: [[u8; MAX_CELLS]; MAX_CELLS],
    /// `goal_row[t]` and `goal_col[t]`: the row and column of tile `t`'s target cell;
    /// `u8::MAX` for the blank, which belongs to no line.
    goal_row: [u8; MAX_CELLS],
    goal_col: [u8; MAX_CELLS],
}

/// Two moves for every tile of a line that must step out of it: given, for
/// each cell of the line in order, the tile's goal coordinate along the line
/// if its goal is in the line, the number of such tiles less the longest run
/// of them whose coordinates already increase, times two.
///
/// The longest increasing run comes from patience sorting: `tails[i]` is the
/// smallest last coordinate of a run of length `i + 1` so far. Lines have at
/// most 8 cells, so a linear scan finds each coordinate's place.
#[inline]
fn line_conflict(coords: impl Iterator<Item = Option<u8>>) -> u32 {
    let mut tails = [0u8; 8];
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
        let mut goal_row = [u8::MAX; MAX_CELLS];
        let mut goal_col = [u8::MAX; MAX_CELLS];
        for tile in 1..shape.cells() {
            goal_row[tile] = goal_cell[tile] / shape.cols() as u8;
            goal_col[tile] = goal_cell[tile] % shape.cols() as u8;
        }
        TargetTables {
            shape,
            manhattan,
            goal_row,
            goal_col,
        }
    }

    /// The Manhattan distance of `board` from the target.
    pub(crate) fn manhattan(&self, board: &Board) -> u32 {
        (0..self.shape.cells())
            .map(|cell| self.manhattan[board.tile(cell)][cell] as u32)
            .sum()
    }

    /// The linear-conflict penalty of row `row` of the packed `tiles`.
    #[inline]
    pub(crate) fn row_conflict(&self, tiles: u64, row: usize) -> u32 {
        let cols = self.shape.cols();
        line_conflict((0..cols).map(|col| {
            let tile = ((tiles >> (4 * (row * cols + col))) & 0xF) as usize;
            (self.goal_row[tile] as usize == row).then_some(self.goal_col[tile])
        }))
    }

    /// The linear-conflict penalty of column `col` of the packed `tiles`.
    #[inline]
    pub(crate) fn col_conflict(&self, tiles: u64, col: usize) -> u32 {
        let cols = self.shape.cols();
        line_conflict((0..self.shape.rows()).map(|row| {
            let tile = ((tiles >> (4 * (row * cols + col))) & 0xF) as usize;
            (self.goal_col[tile] as usize == col).then_some(self.goal_row[tile])
        }))
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
