//! Boards of any size: a good solution fast, not a shortest one.
//!
//! The textbook method: put the top row in place tile by tile (from both
//! ends inwards, each time the end whose tile is cheaper to bring), or the
//! left column when the board is wider than tall (on parts of at most
//! [`TRY_BOTH_CELLS`] cells, whichever of the two takes fewer moves), lock
//! it, and go on with the smaller board that is left, until what is left is
//! small enough for an optimal search, which finishes it: a search over the
//! arrangements of its last 6 cells ([`reduce`]), or any optimal search of
//! a part of up to 16 cells ([`reduce_with`]). A caller may also hand over
//! a search that places a whole line at once on small parts ([`Lines`]);
//! a line it gives up on goes tile by tile.
//!
//! Three invariants make every step succeed:
//!
//! - The part left is a rectangle, `rows r0..R` by `cols c0..C`, at the
//!   bottom right. The goal's blank is in its bottom-right corner, so the
//!   goal's blank is always in the part left (other corners are reached by
//!   flipping the board, see [`Frame`]).
//! - While one tile of a row is moved, the cells it may use (the part left
//!   minus the row's locked runs at its two ends) stay connected when the
//!   tile's own cell is removed, so the blank can always get in front of
//!   the tile.
//! - The last two tiles of a row, where the runs meet, cannot be put in
//!   place one after the other (the second would be locked out): they are
//!   brought into the window of 3 by 2 cells below them with the blank,
//!   and a breadth-first search over where those three stand in the window
//!   (120 states) ends it. Columns are the same with rows and columns
//!   exchanged.
//!
//! Every move of the blank moves a tile. So where the blank goes, to the
//! next tile or around it, it takes of its shortest ways one whose moves
//! bring the tiles they displace furthest towards their cells: steps the
//! reduction need not pay for later (see `Reduction::gain`).
//!
//! A tile's label is the cell where the goal has it, so a tile is in place
//! when its label equals its cell.

use slide_core::{grid_neighbour, Board, LargeBoard, Move, Shape};

use crate::{Answer, SearchError};

/// The largest part left on which [`reduce`] tries both a row and a column.
const TRY_BOTH_CELLS: usize = 144;

/// Why [`reduce`] gives no path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReduceError {
    /// The two boards differ in size.
    Sizes {
        /// The start's rows and columns.
        start: (usize, usize),
        /// The goal's rows and columns.
        goal: (usize, usize),
    },
    /// The goal's blank is not in a corner.
    BlankNotInCorner,
    /// The path would be longer than allowed.
    TooLong {
        /// The most moves allowed.
        max_moves: u64,
        /// The Manhattan distance: no path is shorter.
        lower_bound: u64,
    },
}

impl std::fmt::Display for ReduceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ReduceError::Sizes { start, goal } => write!(
                f,
                "the start is {}x{} and the goal {}x{}: they must be of one size",
                start.0, start.1, goal.0, goal.1
            ),
            ReduceError::BlankNotInCorner => f.write_str("the goal's blank must be in a corner"),
            ReduceError::TooLong { max_moves, lower_bound } => write!(
                f,
                "the path would be longer than {max_moves} moves (at least {lower_bound}, the Manhattan distance)"
            ),
        }
    }
}

impl std::error::Error for ReduceError {}

/// A path from `start` to `goal` (whose blank must be in a corner), or
/// `None` when the goal cannot be reached; at most `max_moves` long, or
/// [`ReduceError::TooLong`].
///
/// The reduction goes on down to a part of 6 cells (2x3 or 3x2), solved by
/// a breadth-first search of its 360 arrangements: the reduction needs no
/// other search, so judge files that carry it stay small.
/// [`crate::reduce_twelve`] leaves 12 cells to IDA* for shorter paths. The
/// path is not a shortest one (see the README for measurements).
///
/// ```
/// use slide_core::LargeBoard;
/// use slide_solvers::reduce;
/// let start = LargeBoard::parse_rows("2 3 4 5 10 / 1 7 8 9 _ / 6 11 12 13 14 / 16 17 18 19 15 / 21 22 23 24 20").unwrap();
/// let goal = LargeBoard::goal(5, 5);
/// let path = reduce(&start, &goal, 1_000).unwrap().unwrap();
/// let mut board = start.clone();
/// assert_eq!(board.apply_path(&path), None);
/// assert_eq!(board, goal);
/// ```
pub fn reduce(start: &LargeBoard, goal: &LargeBoard, max_moves: u64) -> Result<Option<Vec<Move>>, ReduceError> {
    reduce_in(start, goal, max_moves, 6, None, &mut |work, r0, c0| {
        work.finish_by_window(r0, c0)
    })
}

/// [`reduce`], leaving at most `finish_cells` cells (from 6 to 16), in a
/// part of at most 4 rows and 4 columns, to `finish`, an optimal search of
/// boards of that part's shape.
///
/// # Panics
/// Panics if `finish` fails, or returns no path for a board that reaches
/// its goal, or `finish_cells` is out of range.
pub fn reduce_with(
    start: &LargeBoard,
    goal: &LargeBoard,
    max_moves: u64,
    finish_cells: usize,
    finish: impl FnMut(&Board, &Board) -> Result<Answer, SearchError>,
) -> Result<Option<Vec<Move>>, ReduceError> {
    reduce_with_lines(start, goal, max_moves, None, finish_cells, finish)
}

/// How a reduction places the lines of small parts by search, where the
/// textbook places them tile by tile ([`crate::reduce_twelve`] gives one).
pub(crate) struct Lines<'a> {
    /// The largest part (in cells) whose lines go by search.
    pub cells: usize,
    /// The search: given a part of `rows` by `cols` cells, the blank's cell
    /// and each tile of the line with its target (cells counted row-major
    /// inside the part), the blank's moves that put the tiles there, or
    /// `None` to leave the line to the textbook method.
    pub search: &'a mut LineSearch<'a>,
    /// Parts of at most this many cells weigh each whole way down to the
    /// finish (a row or a column at every step) by the moves it makes plus
    /// [`Lines::finish_estimate`] of the part it leaves, and take the
    /// least; larger parts take the line of fewer moves.
    pub weigh_cells: usize,
    /// An estimate of the moves the finishing search will make from a part.
    pub finish_estimate: &'a mut dyn FnMut(&Board) -> usize,
}

/// A search that places a line: see [`Lines::search`].
pub(crate) type LineSearch<'a> = dyn FnMut(usize, usize, usize, &[(usize, usize)]) -> Option<Vec<Move>> + 'a;

/// [`reduce_with`], with the lines of small parts placed by search.
pub(crate) fn reduce_with_lines(
    start: &LargeBoard,
    goal: &LargeBoard,
    max_moves: u64,
    lines: Option<Lines>,
    finish_cells: usize,
    mut finish: impl FnMut(&Board, &Board) -> Result<Answer, SearchError>,
) -> Result<Option<Vec<Move>>, ReduceError> {
    assert!((6..=16).contains(&finish_cells), "finish_cells from 6 to 16");
    reduce_in(start, goal, max_moves, finish_cells, lines, &mut |work, r0, c0| {
        work.finish_by(r0, c0, &mut finish)
    })
}

/// Whether a part of `rows` by `cols` cells is left whole to a finishing
/// search of at most `finish_cells` cells: then a reduction of a board of
/// that size is a single optimal search, and its path a shortest one.
///
/// ```
/// use slide_solvers::solved_whole;
/// assert!(solved_whole(3, 4, 12));
/// assert!(!solved_whole(2, 6, 12));
/// ```
pub fn solved_whole(rows: usize, cols: usize, finish_cells: usize) -> bool {
    rows * cols <= finish_cells && rows <= 4 && cols <= 4
}

/// [`reduce_with`], with `finish` given the reduction and the part left's corner.
fn reduce_in(
    start: &LargeBoard,
    goal: &LargeBoard,
    max_moves: u64,
    finish_cells: usize,
    mut lines: Option<Lines>,
    finish: &mut dyn FnMut(&mut Reduction, usize, usize),
) -> Result<Option<Vec<Move>>, ReduceError> {
    let (rows, cols) = (start.rows(), start.cols());
    if (rows, cols) != (goal.rows(), goal.cols()) {
        return Err(ReduceError::Sizes {
            start: (rows, cols),
            goal: (goal.rows(), goal.cols()),
        });
    }
    let (blank_row, blank_col) = (goal.blank() / cols, goal.blank() % cols);
    if (blank_row != 0 && blank_row != rows - 1) || (blank_col != 0 && blank_col != cols - 1) {
        return Err(ReduceError::BlankNotInCorner);
    }
    let frame = Frame {
        rows,
        cols,
        flip_rows: blank_row == 0,
        flip_cols: blank_col == 0,
    };
    if !start.reaches(goal) {
        return Ok(None);
    }
    let too_long = || ReduceError::TooLong {
        max_moves,
        lower_bound: start.manhattan(goal),
    };
    if start.manhattan(goal) > max_moves {
        return Err(too_long());
    }
    let mut work = Reduction::new(start, goal, frame);
    let (r0, c0) = reduce_lines(&mut work, 0, 0, finish_cells, lines.as_mut(), max_moves).ok_or_else(too_long)?;
    finish(&mut work, r0, c0);
    if work.moves.len() as u64 > max_moves {
        return Err(too_long());
    }
    Ok(Some(work.moves.iter().map(|&mv| frame.outside(mv)).collect()))
}

/// Puts lines in place from the part left `rows r0..` by `cols c0..` down
/// to a part solved whole, and returns that part's corner; `None` if the
/// moves pass `max_moves` (checked after each line).
fn reduce_lines(
    work: &mut Reduction,
    mut r0: usize,
    mut c0: usize,
    finish_cells: usize,
    mut lines: Option<&mut Lines>,
    max_moves: u64,
) -> Option<(usize, usize)> {
    let (rows, cols) = (work.rows, work.cols);
    loop {
        let (height, width) = (rows - r0, cols - c0);
        if solved_whole(height, width, finish_cells) {
            return Some((r0, c0));
        }
        // A row needs three rows (its window, or the two rows left after it
        // for the search), a column three columns.
        let (row_fits, column_fits) = (height >= 3, width >= 3);
        if let Some(lines) = lines.as_deref_mut().filter(|lines| height * width <= lines.cells) {
            // Each line by search on a copy (tile by tile if the search
            // gives up), weighed as `Lines::weigh_cells` says; the lightest
            // kept, the row on a tie.
            let mut best: Option<(usize, Reduction, usize, usize)> = None;
            for (row, fits) in [(true, row_fits), (false, column_fits)] {
                if !fits {
                    continue;
                }
                let mut fork = work.fork();
                if !fork.place_line_by(r0, c0, row, &mut *lines.search) {
                    match row {
                        true => fork.reduce_row(r0, c0),
                        false => fork.reduce_column(r0, c0),
                    }
                }
                let (mut r, mut c) = if row { (r0 + 1, c0) } else { (r0, c0 + 1) };
                let mut weight = fork.moves.len();
                if height * width <= lines.weigh_cells {
                    (r, c) = reduce_lines(&mut fork, r, c, finish_cells, Some(&mut *lines), u64::MAX)
                        .expect("no limit on the moves");
                    weight = fork.moves.len() + (lines.finish_estimate)(&fork.part_board(r, c));
                }
                if best.as_ref().map_or(true, |&(least, ..)| weight < least) {
                    best = Some((weight, fork, r, c));
                }
            }
            let (_, fork, r, c) = best.expect("a part not solved whole fits a row or a column");
            work.adopt(fork);
            (r0, c0) = (r, c);
        } else {
            // When both can go on a part of at most TRY_BOTH_CELLS cells, the
            // one that takes fewer moves now goes: each is tried on a copy
            // first. Measured (README): 3 to 5% shorter paths up to 10x10, none
            // from 20x20, where the longer side goes, as in the textbook.
            let row_first = match (row_fits, column_fits) {
                (true, true) if height * width > TRY_BOTH_CELLS => height >= width,
                (true, true) => {
                    let mut by_row = work.fork();
                    by_row.reduce_row(r0, c0);
                    let mut by_column = work.fork();
                    by_column.reduce_column(r0, c0);
                    by_row.moves.len() <= by_column.moves.len()
                }
                (row_fits, _) => row_fits,
            };
            if row_first {
                work.reduce_row(r0, c0);
                r0 += 1;
            } else {
                work.reduce_column(r0, c0);
                c0 += 1;
            }
        }
        if work.moves.len() as u64 > max_moves {
            return None;
        }
    }
}

/// The board as the reduction sees it: flipped upside down and/or left to
/// right so that the goal's blank is in the bottom-right corner.
#[derive(Clone, Copy, Debug)]
struct Frame {
    rows: usize,
    cols: usize,
    flip_rows: bool,
    flip_cols: bool,
}

impl Frame {
    /// The cell inside the frame of the board's cell `cell` (flips are their
    /// own inverses, so this maps both ways).
    fn cell(self, cell: usize) -> usize {
        let (mut row, mut col) = (cell / self.cols, cell % self.cols);
        if self.flip_rows {
            row = self.rows - 1 - row;
        }
        if self.flip_cols {
            col = self.cols - 1 - col;
        }
        row * self.cols + col
    }

    /// The board's move for a move inside the frame.
    fn outside(self, mv: Move) -> Move {
        match mv {
            Move::Up | Move::Down if self.flip_rows => mv.reverse(),
            Move::Left | Move::Right if self.flip_cols => mv.reverse(),
            _ => mv,
        }
    }
}

/// How much more a step of a tile that is placed soon counts in
/// [`Reduction::gain`].
const SOON_WEIGHT: i32 = 2;

/// Rows `top..=bottom` by columns `left..=right` of the board.
#[derive(Clone, Copy)]
struct Rectangle {
    top: usize,
    bottom: usize,
    left: usize,
    right: usize,
}

/// A reduction in progress, inside its [`Frame`].
struct Reduction {
    rows: usize,
    cols: usize,
    /// The label of each cell's tile: the cell where the goal has it. The
    /// blank's label is the last cell.
    label_at: Vec<u32>,
    /// The cell of each label: the inverse of `label_at`.
    cell_of: Vec<u32>,
    /// Cells whose tiles are in place for good, or set aside for a while.
    locked: Vec<bool>,
    /// The moves made, inside the frame.
    moves: Vec<Move>,
    /// Each cell's row and column: the searches for the blank's ways ask
    /// for them at every step, where dividing would be most of their time.
    row_col: std::rc::Rc<[(u16, u16)]>,
    /// The buffers of [`Reduction::move_blank`]'s searches.
    ways: Ways,
    /// Tiles whose cells are in a row above `soon.0` or a column left of
    /// `soon.1` are placed soon: the lines of the part left nearest its
    /// top left corner (see [`Reduction::gain`]).
    soon: (u16, u16),
}

/// The buffers of [`Reduction::move_blank`]'s searches, kept from call to
/// call: per cell of the rectangle searched, the layer it was reached in
/// (`u32::MAX` if not yet), the best score of a shortest way to it, and the
/// move into it on such a way; and the queue of cells.
#[derive(Default)]
struct Ways {
    layer: Vec<u32>,
    score: Vec<i32>,
    arrival: Vec<Move>,
    queue: Vec<usize>,
}

impl Reduction {
    fn new(start: &LargeBoard, goal: &LargeBoard, frame: Frame) -> Reduction {
        let n = start.cells().len();
        // Where the goal has each content, inside the frame.
        let mut home = vec![0u32; n];
        for (cell, &content) in goal.cells().iter().enumerate() {
            home[content as usize] = frame.cell(cell) as u32;
        }
        let mut label_at = vec![0u32; n];
        let mut cell_of = vec![0u32; n];
        for (cell, &content) in start.cells().iter().enumerate() {
            let (inside, label) = (frame.cell(cell), home[content as usize]);
            label_at[inside] = label;
            cell_of[label as usize] = inside as u32;
        }
        Reduction {
            rows: start.rows(),
            cols: start.cols(),
            label_at,
            cell_of,
            locked: vec![false; n],
            moves: Vec::new(),
            row_col: (0..n)
                .map(|cell| ((cell / start.cols()) as u16, (cell % start.cols()) as u16))
                .collect(),
            ways: Ways::default(),
            soon: (0, 0),
        }
    }

    /// A copy to try moves on, without the moves made so far.
    fn fork(&self) -> Reduction {
        Reduction {
            rows: self.rows,
            cols: self.cols,
            label_at: self.label_at.clone(),
            cell_of: self.cell_of.clone(),
            locked: self.locked.clone(),
            moves: Vec::new(),
            row_col: self.row_col.clone(),
            ways: Ways::default(),
            soon: self.soon,
        }
    }

    /// Takes on the position and locks of `fork` and appends its moves.
    fn adopt(&mut self, fork: Reduction) {
        self.label_at = fork.label_at;
        self.cell_of = fork.cell_of;
        self.locked = fork.locked;
        self.moves.extend(fork.moves);
    }

    fn blank(&self) -> usize {
        self.cell_of[self.label_at.len() - 1] as usize
    }

    fn neighbour(&self, cell: usize, mv: Move) -> Option<usize> {
        grid_neighbour(self.rows, self.cols, cell, mv)
    }

    fn distance(&self, a: usize, b: usize) -> usize {
        let ((a_row, a_col), (b_row, b_col)) = (self.row_col[a], self.row_col[b]);
        a_row.abs_diff(b_row) as usize + a_col.abs_diff(b_col) as usize
    }

    /// The moves the blank needs from `blank` to `to` around the tile at
    /// `tile` (locked cells aside): the taxicab distance, and two more when
    /// the tile stands between them on one line. This is what makes tiles
    /// travel diagonally in zigzags: after a step the blank is behind the
    /// tile, two moves from its side and four from its front, so a turn
    /// costs three moves and a straight step five.
    fn blank_distance(&self, blank: usize, to: usize, tile: usize) -> usize {
        let (row, col) = (|c: usize| c / self.cols, |c: usize| c % self.cols);
        let between = |a: usize, b: usize, x: usize| a.min(b) < x && x < a.max(b);
        let blocked = (row(blank) == row(tile) && row(to) == row(tile) && between(col(blank), col(to), col(tile)))
            || (col(blank) == col(tile) && col(to) == col(tile) && between(row(blank), row(to), row(tile)));
        self.distance(blank, to) + if blocked { 2 } else { 0 }
    }

    /// The move that takes the blank from `from` to the adjacent `to`.
    fn move_between(&self, from: usize, to: usize) -> Move {
        Move::ALL
            .into_iter()
            .find(|&mv| self.neighbour(from, mv) == Some(to))
            .expect("adjacent cells")
    }

    /// Moves the blank one cell.
    fn step(&mut self, mv: Move) {
        let blank = self.blank();
        let next = self.neighbour(blank, mv).expect("a move that stays on the board");
        let label = self.label_at[next];
        self.label_at.swap(blank, next);
        self.cell_of[label as usize] = blank as u32;
        self.cell_of[self.label_at.len() - 1] = next as u32;
        self.moves.push(mv);
    }

    /// Takes the blank to `to` through unlocked cells other than `avoid`
    /// by a shortest way, and of the shortest ways by one whose moves bring
    /// the tiles they displace furthest towards their cells (see
    /// [`Reduction::gain`]). The ways are searched for in the rectangle
    /// with the blank and `to` in its corners when nothing is in the way
    /// there ([`Reduction::best_straight_way`]), else in that rectangle
    /// widened as far as a shortest way can stray from it, or over the
    /// whole board if the blank cannot get round nearby
    /// ([`Reduction::best_way_within`]).
    fn move_blank(&mut self, to: usize, avoid: usize) {
        let blank = self.blank();
        if blank == to {
            return;
        }
        let ((blank_row, blank_col), (to_row, to_col)) = (self.row_col[blank], self.row_col[to]);
        // The rectangle with the blank and `to` in its corners, widened by
        // `margin` cells (within the board).
        let around = |margin: usize| Rectangle {
            top: (blank_row.min(to_row) as usize).saturating_sub(margin),
            bottom: (blank_row.max(to_row) as usize + margin).min(self.rows - 1),
            left: (blank_col.min(to_col) as usize).saturating_sub(margin),
            right: (blank_col.max(to_col) as usize + margin).min(self.cols - 1),
        };
        let mut ways = std::mem::take(&mut self.ways);
        let path = self
            .best_straight_way(&mut ways, to, avoid)
            .or_else(|| {
                // A way of `distance + 2m` moves stays within `m` cells of
                // the rectangle, so once one is found, every way as short
                // is in the rectangle widened by `m`.
                let near = self.best_way_within(&mut ways, around(1), to, avoid)?;
                match (near.len() - self.distance(blank, to)) / 2 {
                    0 | 1 => Some(near),
                    margin => self.best_way_within(&mut ways, around(margin), to, avoid),
                }
            })
            .or_else(|| self.best_way_within(&mut ways, around(self.rows + self.cols), to, avoid))
            .expect("the blank reaches its cell: the reduction keeps the free cells connected");
        self.ways = ways;
        for mv in path {
            self.step(mv);
        }
    }

    /// What the blank's move from `from` into the neighbouring cell `next`
    /// is worth: the tile in `next` slides into `from`, and a step that
    /// brings it nearer its cell is one the reduction need not pay for
    /// later (one that takes it away, one more to pay). Tiles that are
    /// placed soon (see [`Reduction::soon`]) count twice.
    ///
    /// Every move of the blank moves a tile, and on its way to the next
    /// tile or around it the blank has many shortest ways to choose from.
    /// Taking the best of them took a quarter off the paths of large boards
    /// (100 random 100x100 boards: 2.61 n^3 moves with the first shortest
    /// way, 1.90 n^3 with the best; see the README).
    #[inline]
    fn gain(&self, from: usize, next: usize) -> i32 {
        let home = self.row_col[self.label_at[next] as usize];
        let ((from_row, from_col), (next_row, next_col)) = (self.row_col[from], self.row_col[next]);
        let nearer = next_row.abs_diff(home.0) as i32 - from_row.abs_diff(home.0) as i32
            + next_col.abs_diff(home.1) as i32
            - from_col.abs_diff(home.1) as i32;
        let soon = home.0 < self.soon.0 || home.1 < self.soon.1;
        nearer * if soon { SOON_WEIGHT } else { 1 }
    }

    /// [`Reduction::move_blank`]'s way when no cell of the rectangle with
    /// the blank and `to` in its corners is locked or `avoid` (the blank's
    /// long ways to the next tile, mostly); `None` if one is. The shortest
    /// ways are then those that only go towards `to`: the best score of
    /// each cell comes from the cell before it in its row or in its column,
    /// and a table filled row by row holds them all.
    fn best_straight_way(&self, ways: &mut Ways, to: usize, avoid: usize) -> Option<Vec<Move>> {
        let cols = self.cols;
        let ((blank_row, blank_col), (to_row, to_col)) = (self.row_col[self.blank()], self.row_col[to]);
        let (down, right) = (to_row >= blank_row, to_col >= blank_col);
        let (height, width) = (
            blank_row.abs_diff(to_row) as usize + 1,
            blank_col.abs_diff(to_col) as usize + 1,
        );
        // The cell `i` rows and `j` columns from the blank towards `to`.
        let cell = |i: usize, j: usize| {
            let row = if down {
                blank_row as usize + i
            } else {
                blank_row as usize - i
            };
            let col = if right {
                blank_col as usize + j
            } else {
                blank_col as usize - j
            };
            row * cols + col
        };
        for i in 0..height {
            for j in 0..width {
                if (i, j) != (0, 0) && (cell(i, j) == avoid || self.locked[cell(i, j)]) {
                    return None;
                }
            }
        }
        // The score of a way into (i, j) from the cell above (in the
        // blank's direction) or beside it.
        let from_above =
            |score: &[i32], i: usize, j: usize| score[(i - 1) * width + j] + self.gain(cell(i - 1, j), cell(i, j));
        let from_beside =
            |score: &[i32], i: usize, j: usize| score[i * width + j - 1] + self.gain(cell(i, j - 1), cell(i, j));
        let score = &mut ways.score;
        score.clear();
        score.resize(height * width, 0);
        for i in 0..height {
            for j in 0..width {
                score[i * width + j] = match (i > 0, j > 0) {
                    (true, true) => from_above(score, i, j).max(from_beside(score, i, j)),
                    (true, false) => from_above(score, i, j),
                    (false, true) => from_beside(score, i, j),
                    (false, false) => 0,
                };
            }
        }
        let vertical = if down { Move::Down } else { Move::Up };
        let horizontal = if right { Move::Right } else { Move::Left };
        let (mut i, mut j) = (height - 1, width - 1);
        let mut path = Vec::with_capacity(height + width);
        while (i, j) != (0, 0) {
            if i > 0 && (j == 0 || from_above(score, i, j) == score[i * width + j]) {
                path.push(vertical);
                i -= 1;
            } else {
                path.push(horizontal);
                j -= 1;
            }
        }
        path.reverse();
        Some(path)
    }

    /// [`Reduction::move_blank`]'s way through the unlocked cells of
    /// `within` other than `avoid`; `None` if `to` cannot be reached so.
    ///
    /// A breadth-first search that keeps, for each cell, the best score of
    /// a shortest way to it: a shortest way never comes back to a cell, so
    /// the tile a move displaces is the one the board has there now, and a
    /// cell's score is final once the layer before it is done.
    fn best_way_within(&self, ways: &mut Ways, within: Rectangle, to: usize, avoid: usize) -> Option<Vec<Move>> {
        let cols = self.cols;
        let width = within.right - within.left + 1;
        let slot = |cell: usize| {
            let (row, col) = self.row_col[cell];
            (row as usize - within.top) * width + (col as usize - within.left)
        };
        let size = (within.bottom - within.top + 1) * width;
        // Only the layers start afresh: a cell's score and move are written
        // when it is first reached, before they are read.
        ways.layer.clear();
        ways.layer.resize(size, u32::MAX);
        ways.score.resize(size, 0);
        ways.arrival.resize(size, Move::Up);
        ways.queue.clear();
        let blank = self.blank();
        ways.layer[slot(blank)] = 0;
        ways.score[slot(blank)] = 0;
        ways.queue.push(blank);
        let mut head = 0;
        while let Some(&cell) = ways.queue.get(head) {
            head += 1;
            if cell == to {
                let mut path = Vec::new();
                let mut at = to;
                while at != blank {
                    let mv = ways.arrival[slot(at)];
                    path.push(mv);
                    at = self.neighbour(at, mv.reverse()).expect("the way came from there");
                }
                path.reverse();
                return Some(path);
            }
            let here = slot(cell);
            let (row, col) = self.row_col[cell];
            let (row, col) = (row as usize, col as usize);
            let steps = [
                (Move::Up, row > within.top, cell.wrapping_sub(cols)),
                (Move::Down, row < within.bottom, cell + cols),
                (Move::Left, col > within.left, cell.wrapping_sub(1)),
                (Move::Right, col < within.right, cell + 1),
            ];
            for (mv, inside, next) in steps {
                if !inside || next == avoid || self.locked[next] {
                    continue;
                }
                let there = slot(next);
                let first = ways.layer[there] == u32::MAX;
                if !first && ways.layer[there] != ways.layer[here] + 1 {
                    continue;
                }
                let through = ways.score[here] + self.gain(cell, next);
                if first {
                    ways.layer[there] = ways.layer[here] + 1;
                    ways.queue.push(next);
                } else if through <= ways.score[there] {
                    continue;
                }
                ways.score[there] = through;
                ways.arrival[there] = mv;
            }
        }
        None
    }

    /// Moves the tile labelled `label` towards `target` through unlocked
    /// cells, until it is there or `done` says it may stop.
    fn move_tile(&mut self, label: usize, target: usize, done: impl Fn(usize) -> bool) {
        loop {
            let at = self.cell_of[label] as usize;
            if at == target || done(at) {
                return;
            }
            // The tile's next cell: one nearer the target, unlocked, and of
            // those the one the blank reaches first. One always exists: the
            // locked cells of the row (or column) being placed are runs at
            // its two ends, and the target extends one of them, so a step
            // along the row towards it and a step towards the row are never
            // both locked.
            let blank = self.blank();
            let next = Move::ALL
                .into_iter()
                .filter_map(|mv| self.neighbour(at, mv))
                .filter(|&next| !self.locked[next] && self.distance(next, target) < self.distance(at, target))
                .min_by_key(|&next| self.blank_distance(blank, next, at))
                .expect("a free cell nearer the target");
            self.move_blank(next, at);
            self.step(self.move_between(next, at));
        }
    }

    /// Puts the tile of `cell` there and locks it.
    fn place(&mut self, cell: usize) {
        self.move_tile(cell, cell, |_| false);
        self.locked[cell] = true;
    }

    /// Puts the tiles of `first` and `last`, the last two cells of a row or
    /// column, in place, with the 3 by 2 (or 2 by 3) `window` at its end;
    /// `stage` is the window's cell beside `first`, one step into the part left.
    fn place_pair(&mut self, first: usize, last: usize, stage: usize, window: [usize; 6]) {
        if self.cell_of[first] as usize == first && self.cell_of[last] as usize == last {
            self.locked[first] = true;
            self.locked[last] = true;
            return;
        }
        // Bring both tiles into the window, then the blank.
        self.move_tile(first, first, |_| false);
        self.locked[first] = true;
        self.move_tile(last, stage, |at| window.contains(&at));
        self.locked[first] = false;
        if !window.contains(&self.blank()) {
            let (a, b) = (self.cell_of[first] as usize, self.cell_of[last] as usize);
            self.locked[a] = true;
            self.locked[b] = true;
            // A free cell of the window walled in by the two tiles and
            // locked cells (beside a pair placed from both ends, the row's
            // cell above a tile that came in from the side) is not a way in.
            let open = |cell: usize| {
                Move::ALL
                    .into_iter()
                    .any(|mv| self.neighbour(cell, mv).is_some_and(|next| !self.locked[next]))
            };
            let to = *window
                .iter()
                .filter(|&&cell| cell != a && cell != b && open(cell))
                .min_by_key(|&&cell| self.distance(cell, self.blank()))
                .expect("free cells in the window that the blank can enter");
            self.move_blank(to, usize::MAX);
            self.locked[a] = false;
            self.locked[b] = false;
        }
        self.solve_window(&window, &[first, last]);
        self.locked[first] = true;
        self.locked[last] = true;
    }

    /// Puts the tiles labelled `tracked` in their cells by breadth-first
    /// search over the arrangements of `window` (at most 16 cells, which
    /// must hold the blank and those tiles), moving nothing outside it.
    ///
    /// A state packs the window one nibble a cell: 0 for the blank, `i + 1`
    /// for the `i`-th tracked tile, 15 for any other tile, so that the
    /// others count as one and the search is small (120 states for a pair
    /// in a window of 6 cells; at most 6! = 720 for a whole window of 6).
    fn solve_window(&mut self, window: &[usize], tracked: &[usize]) {
        let blank_label = self.label_at.len() - 1;
        let code = |label: usize| match tracked.iter().position(|&t| t == label) {
            _ if label == blank_label => 0u64,
            Some(i) => i as u64 + 1,
            None => 15,
        };
        let pack = |codes: &mut dyn Iterator<Item = u64>| codes.enumerate().fold(0u64, |s, (i, c)| s | c << (4 * i));
        let start = pack(&mut window.iter().map(|&cell| code(self.label_at[cell] as usize)));
        // The goal: each tracked tile (and the blank, if tracked) in its own cell.
        let (mut goal, mut mask) = (0u64, 0u64);
        for &label in tracked {
            let at = window
                .iter()
                .position(|&c| c == label)
                .expect("tracked cells in the window");
            goal |= code(label) << (4 * at);
            mask |= 15 << (4 * at);
        }
        // The window's neighbours: for each cell and move, the index of the
        // cell the blank reaches, if it stays in the window.
        let neighbours: Vec<[Option<usize>; 4]> = window
            .iter()
            .map(|&cell| {
                Move::ALL.map(|mv| {
                    self.neighbour(cell, mv)
                        .and_then(|n| window.iter().position(|&c| c == n))
                })
            })
            .collect();
        // Breadth-first, each state with the state and move it came from
        // (the start with itself, a placeholder the walk back stops before).
        let mut parents = std::collections::HashMap::from([(start, (start, Move::Up))]);
        let mut queue = vec![start];
        let mut head = 0;
        let path = loop {
            let Some(&state) = queue.get(head) else {
                break None;
            };
            head += 1;
            if state & mask == goal {
                let (mut path, mut at) = (Vec::new(), state);
                while at != start {
                    let (previous, mv) = parents[&at];
                    path.push(mv);
                    at = previous;
                }
                path.reverse();
                break Some(path);
            }
            let blank = (0..window.len())
                .find(|&i| state >> (4 * i) & 15 == 0)
                .expect("the blank in the window");
            for mv in Move::ALL {
                let Some(next) = neighbours[blank][mv as usize] else {
                    continue;
                };
                // The tile at `next` moves to the blank's cell.
                let tile = state >> (4 * next) & 15;
                let child = state & !(15 << (4 * next)) | tile << (4 * blank);
                parents.entry(child).or_insert_with(|| {
                    queue.push(child);
                    (state, mv)
                });
            }
        };
        let path = path.expect("every arrangement of the tracked tiles is reachable in the window");
        for mv in path {
            self.step(mv);
        }
    }

    /// Marks the lines of the part left at (`r0`, `c0`) that are placed
    /// soon: one more than a fifth of its shorter side, and at least three.
    /// (Measured with `reduce` on 20 boards each of 20x20, 50x50 and
    /// 100x100: counting the tiles of the line being placed twice gave
    /// 2.01, 1.98 and 1.96 n^3; of the next three lines, 1.98, 1.95 and
    /// 1.95; of a fifth of the side, 1.98, 1.92 and 1.90; of a third, 1.99,
    /// 1.93 and 1.91; three times instead of twice, within 0.01 of twice.)
    fn look_ahead(&mut self, r0: usize, c0: usize) {
        let lines = ((self.rows - r0).min(self.cols - c0) / 5).max(2) + 1;
        self.soon = ((r0 + lines) as u16, (c0 + lines) as u16);
    }

    /// Puts row `r0` of the part left (columns `c0..`) in place.
    fn reduce_row(&mut self, r0: usize, c0: usize) {
        self.look_ahead(r0, c0);
        let cols = self.cols;
        let cell = |row: usize, col: usize| row * cols + col;
        let left = self.place_from_both_ends(c0, cols - 1, |col| cell(r0, col));
        // The window: rows r0..r0 + 3 of the two columns left.
        let window = std::array::from_fn(|i| cell(r0 + i / 2, left + i % 2));
        self.place_pair(cell(r0, left), cell(r0, left + 1), cell(r0 + 1, left), window);
    }

    /// Puts the cells `cell(first..=last)` of a line in place from both
    /// ends inwards, each time the end whose tile costs fewer moves to
    /// bring (as [`Reduction::placement_cost`] estimates), until two
    /// neighbouring cells are left: returns the first of them.
    ///
    /// Each placed cell extends the placed run at its end, so a cell to
    /// place always has a free neighbour beside it on the line as well as
    /// one off it, and only the last two need [`Reduction::place_pair`].
    fn place_from_both_ends(&mut self, mut first: usize, mut last: usize, cell: impl Fn(usize) -> usize) -> usize {
        while last - first > 1 {
            if self.placement_cost(cell(first)) <= self.placement_cost(cell(last)) {
                self.place(cell(first));
                first += 1;
            } else {
                self.place(cell(last));
                last -= 1;
            }
        }
        first
    }

    /// About the moves [`Reduction::place`] takes to put the tile of `cell`
    /// there: the blank's way to the tile, and for the tile's way a turn
    /// costing three moves and a straight step five (see
    /// [`Reduction::blank_distance`]).
    fn placement_cost(&self, cell: usize) -> usize {
        let at = self.cell_of[cell] as usize;
        let rows = (at / self.cols).abs_diff(cell / self.cols);
        let cols = (at % self.cols).abs_diff(cell % self.cols);
        let turns = 2 * rows.min(cols);
        self.distance(self.blank(), at) + 3 * turns + 5 * (rows + cols - turns)
    }

    /// Puts row `r0` (if `row`, else column `c0`) of the part left in place
    /// with `search` and locks it; false, with nothing moved, if the
    /// search gives up.
    fn place_line_by(&mut self, r0: usize, c0: usize, row: bool, search: &mut LineSearch<'_>) -> bool {
        let (height, width, cols) = (self.rows - r0, self.cols - c0, self.cols);
        let local = |cell: usize| (cell / cols - r0) * width + (cell % cols - c0);
        let line: Vec<usize> = match row {
            true => (c0..cols).map(|col| r0 * cols + col).collect(),
            false => (r0..self.rows).map(|row| row * cols + c0).collect(),
        };
        let tiles: Vec<(usize, usize)> = line
            .iter()
            .map(|&cell| (local(self.cell_of[cell] as usize), local(cell)))
            .collect();
        let Some(path) = search(height, width, local(self.blank()), &tiles) else {
            return false;
        };
        // Moves inside the part are the same moves on the whole board.
        for mv in path {
            self.step(mv);
        }
        for cell in line {
            debug_assert_eq!(self.cell_of[cell] as usize, cell, "the search puts the line in place");
            self.locked[cell] = true;
        }
        true
    }

    /// Puts column `c0` of the part left (rows `r0..`) in place.
    fn reduce_column(&mut self, r0: usize, c0: usize) {
        self.look_ahead(r0, c0);
        let (rows, cols) = (self.rows, self.cols);
        let cell = |row: usize, col: usize| row * cols + col;
        let top = self.place_from_both_ends(r0, rows - 1, |row| cell(row, c0));
        // The window: columns c0..c0 + 3 of the two rows left.
        let window = std::array::from_fn(|i| cell(top + i % 2, c0 + i / 2));
        self.place_pair(cell(top, c0), cell(top + 1, c0), cell(top, c0 + 1), window);
    }

    /// Solves the part left, `rows r0..` by `cols c0..`, by breadth-first
    /// search over its arrangements.
    fn finish_by_window(&mut self, r0: usize, c0: usize) {
        let window: Vec<usize> = (r0..self.rows)
            .flat_map(|row| (c0..self.cols).map(move |col| (row, col)))
            .map(|(row, col)| row * self.cols + col)
            .collect();
        self.solve_window(&window, &window);
    }

    /// The part left, `rows r0..` by `cols c0..` (at most 16 cells), as a
    /// board whose goal is [`Board::goal`] of its shape: the blank in the
    /// bottom-right corner, tile `k + 1` in the part's cell `k`.
    fn part_board(&self, r0: usize, c0: usize) -> Board {
        let (height, width) = (self.rows - r0, self.cols - c0);
        let shape = Shape::new(height, width).expect("a part left of at most 16 cells");
        let blank_label = self.label_at.len() - 1;
        let mut cells = Vec::with_capacity(height * width);
        for row in r0..self.rows {
            for col in c0..self.cols {
                let label = self.label_at[row * self.cols + col] as usize;
                cells.push(if label == blank_label {
                    0
                } else {
                    ((label / self.cols - r0) * width + (label % self.cols - c0) + 1) as u8
                });
            }
        }
        Board::from_cells(shape, &cells).expect("the part left holds its own tiles")
    }

    /// Solves the part left, `rows r0..` by `cols c0..`, with `finish`, an
    /// optimal search of its shape.
    fn finish_by(
        &mut self,
        r0: usize,
        c0: usize,
        finish: &mut impl FnMut(&Board, &Board) -> Result<Answer, SearchError>,
    ) {
        let start = self.part_board(r0, c0);
        let goal = Board::goal(start.shape());
        let path = finish(&start, &goal)
            .expect("the finishing search succeeds")
            .path
            .expect("a solvable board leaves a solvable part");
        for mv in path {
            self.step(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use slide_core::SplitMix64;

    use super::*;

    /// The gain of `path` for the blank of `work`, move by move as the
    /// board changes under it; `None` if it leaves the board.
    fn gain_of(work: &Reduction, path: &[Move]) -> Option<i32> {
        let mut copy = work.fork();
        let mut total = 0;
        for &mv in path {
            let next = copy.neighbour(copy.blank(), mv)?;
            total += copy.gain(copy.blank(), next);
            copy.step(mv);
        }
        Some(total)
    }

    /// Every shortest way of the blank to `to` through unlocked cells other
    /// than `avoid`, by depth-first search down the distances to `to`.
    fn every_shortest_way(work: &Reduction, to: usize, avoid: usize) -> Vec<Vec<Move>> {
        let free = |cell: usize| cell != avoid && !work.locked[cell];
        // Distances to `to` by breadth-first search from it.
        let mut distance = vec![usize::MAX; work.label_at.len()];
        distance[to] = 0;
        let mut queue = vec![to];
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            for mv in Move::ALL {
                if let Some(next) = work.neighbour(cell, mv).filter(|&next| free(next)) {
                    if distance[next] == usize::MAX {
                        distance[next] = distance[cell] + 1;
                        queue.push(next);
                    }
                }
            }
        }
        let mut ways = Vec::new();
        let mut way = Vec::new();
        fn down(work: &Reduction, distance: &[usize], cell: usize, way: &mut Vec<Move>, ways: &mut Vec<Vec<Move>>) {
            if distance[cell] == 0 {
                ways.push(way.clone());
                return;
            }
            for mv in Move::ALL {
                if let Some(next) = work.neighbour(cell, mv) {
                    if distance[next] != usize::MAX && distance[next] + 1 == distance[cell] {
                        way.push(mv);
                        down(work, distance, next, way, ways);
                        way.pop();
                    }
                }
            }
        }
        down(work, &distance, work.blank(), &mut way, &mut ways);
        ways
    }

    /// On random 5x6 boards with random cells locked, the blank's way is a
    /// shortest one, and none of the shortest ways gains more: the search
    /// against every shortest way listed.
    #[test]
    fn the_blank_takes_the_best_of_its_shortest_ways() {
        let (rows, cols) = (5, 6);
        let goal = LargeBoard::goal(rows, cols);
        let frame = Frame {
            rows,
            cols,
            flip_rows: false,
            flip_cols: false,
        };
        let mut random = SplitMix64::new(15);
        let mut compared = 0;
        for _ in 0..3000 {
            let mut work = Reduction::new(&random.large_board(&goal), &goal, frame);
            work.soon = (random.below(rows) as u16, random.below(cols) as u16);
            for _ in 0..random.below(6) {
                let cell = random.below(rows * cols);
                work.locked[cell] = cell != work.blank();
            }
            let (to, avoid) = (random.below(rows * cols), random.below(rows * cols));
            if work.locked[to] || to == avoid || avoid == work.blank() {
                continue;
            }
            let ways = every_shortest_way(&work, to, avoid);
            if ways.is_empty() {
                continue;
            }
            let best = ways.iter().map(|way| gain_of(&work, way).unwrap()).max().unwrap();
            let mut moved = work.fork();
            moved.move_blank(to, avoid);
            assert_eq!(moved.blank(), to);
            assert_eq!(moved.moves.len(), ways[0].len(), "a shortest way");
            assert_eq!(gain_of(&work, &moved.moves), Some(best), "the best gain");
            assert!(moved
                .moves
                .iter()
                .zip(moved.moves.iter().skip(1))
                .all(|(a, b)| *b != a.reverse()));
            compared += 1;
        }
        assert!(compared > 1000, "only {compared} cases compared");
    }
}
