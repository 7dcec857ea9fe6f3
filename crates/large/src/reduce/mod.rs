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
//! a search that places a whole line at once on small parts ([`LineSearch`]);
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

mod by_search;
mod finish;
mod frame;
mod lines;
mod ways;
mod window;

use slide_core::{gap, neighbour_cell, undone, Board, Move, Shape};
use slide_solvers::{Answer, SearchError};

pub use self::by_search::{reduce_by_search, reduce_by_search_into, SEARCH_FINISH_CELLS};
use self::frame::Frame;
use self::ways::Ways;
use slide_core::LargeBoard;

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
            ReduceError::TooLong { max_moves, lower_bound } => write!(
                f,
                "the path would be longer than {max_moves} moves (at least {lower_bound}, the Manhattan distance)"
            ),
        }
    }
}

impl std::error::Error for ReduceError {}

/// A path from `start` to `goal` (any goal: one whose blank is not in a
/// corner is reached by way of the goal with its blank in the nearest one), or
/// `None` when the goal cannot be reached; at most `max_moves` long, or
/// [`ReduceError::TooLong`].
///
/// The reduction goes on down to a part of 6 cells (2x3 or 3x2), solved by
/// a breadth-first search of its 360 arrangements: the reduction needs no
/// other search, so judge files that carry it stay small.
/// [`reduce_by_search`] leaves 12 cells to IDA* for shorter paths. The
/// path is not a shortest one (`record/large-boards.md` measures it).
///
/// ```
/// use slide_large::{reduce};
/// use slide_core::{LargeBoard};
/// let start = LargeBoard::parse_rows("2 3 4 5 10 / 1 7 8 9 _ / 6 11 12 13 14 / 16 17 18 19 15 / 21 22 23 24 20").unwrap();
/// let goal = LargeBoard::goal(5, 5);
/// let path = reduce(&start, &goal, 1_000).unwrap().unwrap();
/// let mut board = start.clone();
/// assert_eq!(board.apply_path(&path), None);
/// assert_eq!(board, goal);
/// ```
pub fn reduce(start: &LargeBoard, goal: &LargeBoard, max_moves: u64) -> Result<Option<Vec<Move>>, ReduceError> {
    collected(|out| reduce_into(start, goal, max_moves, out))
}

/// [`reduce`], its moves handed to `out` a line at a time rather than
/// kept: the length (`None` when the goal cannot be reached). The
/// reduction then holds a few copies of the board and the moves of one
/// line, whatever the path's length (a 1000x1000 board's path is nearly
/// two billion moves). On [`ReduceError::TooLong`] the moves handed out so
/// far lead nowhere in particular.
///
/// ```
/// use slide_core::{LargeBoard, SplitMix64};
/// use slide_large::{reduce, reduce_into};
/// let goal = LargeBoard::goal(30, 30);
/// let start = LargeBoard::random(&goal, &mut SplitMix64::new(3));
/// let mut board = start.clone();
/// let length = reduce_into(&start, &goal, u64::MAX, &mut |moves| {
///     assert_eq!(board.apply_path(moves), None);
/// });
/// assert_eq!(board, goal);
/// assert_eq!(length, Ok(Some(reduce(&start, &goal, u64::MAX).unwrap().unwrap().len() as u64)));
/// ```
pub fn reduce_into(
    start: &LargeBoard,
    goal: &LargeBoard,
    max_moves: u64,
    out: &mut dyn FnMut(&[Move]),
) -> Result<Option<u64>, ReduceError> {
    reduce_in(
        start,
        goal,
        max_moves,
        6,
        None,
        &mut |work, r0, c0| work.finish_by_window(r0, c0),
        out,
    )
}

/// Where a reduction hands its moves, a line at a time ([`reduce_into`]).
type Out<'a> = dyn FnMut(&[Move]) + 'a;

/// The path a streaming reduction hands out, collected.
pub(crate) fn collected(
    reduction: impl FnOnce(&mut Out<'_>) -> Result<Option<u64>, ReduceError>,
) -> Result<Option<Vec<Move>>, ReduceError> {
    let mut path = Vec::new();
    let length = reduction(&mut |moves| path.extend_from_slice(moves))?;
    Ok(length.map(|length| {
        debug_assert_eq!(length, path.len() as u64);
        path
    }))
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
    collected(|out| reduce_with_lines(start, goal, max_moves, None, finish_cells, finish, out))
}

/// How a reduction places the lines of small parts by search, where the
/// textbook places them tile by tile ([`reduce_by_search`] gives one).
pub(crate) trait LineSearch {
    /// The largest part (in cells) whose lines go by search.
    fn cells(&self) -> usize;

    /// Parts of at most this many cells weigh each whole way down to the
    /// finish (a row or a column at every step) by the moves it makes plus
    /// [`LineSearch::finish_estimate`] of the part it leaves, and take the
    /// least; larger parts take the line of fewer moves.
    fn weigh_cells(&self) -> usize;

    /// Given a part of `rows` by `cols` cells, the blank's cell and each
    /// tile of the line with its target (cells counted row-major inside the
    /// part), the blank's moves that put the tiles there, or `None` to
    /// leave the line to the textbook method.
    fn place(&mut self, rows: usize, cols: usize, blank: usize, tiles: &[(usize, usize)]) -> Option<Vec<Move>>;

    /// An estimate of the moves the finishing search will make from a part.
    fn finish_estimate(&mut self, part: &Board) -> usize;
}

/// [`reduce_with`], with the lines of small parts placed by search, the
/// moves handed to `out` (see [`reduce_into`]).
pub(crate) fn reduce_with_lines(
    start: &LargeBoard,
    goal: &LargeBoard,
    max_moves: u64,
    lines: Option<&mut dyn LineSearch>,
    finish_cells: usize,
    mut finish: impl FnMut(&Board, &Board) -> Result<Answer, SearchError>,
    out: &mut Out<'_>,
) -> Result<Option<u64>, ReduceError> {
    assert!((6..=16).contains(&finish_cells), "finish_cells from 6 to 16");
    let (rows, cols) = (goal.rows(), goal.cols());
    let cornered = goal.grid().corners().contains(&goal.blank());
    if !cornered && solved_whole(rows, cols, finish_cells) && (start.rows(), start.cols()) == (rows, cols) {
        // A board the finishing search takes whole goes to it whole, towards
        // the goal as it is: its path is then a shortest one.
        let small = |board: &LargeBoard| {
            let shape = Shape::new(rows, cols).expect("a part solved whole is a shape");
            let cells: Vec<u8> = board.cells().iter().map(|&content| content as u8).collect();
            Board::from_cells(shape, &cells).expect("a large board of a shape is a board")
        };
        let path = finish(&small(start), &small(goal))
            .expect("the finishing search succeeds")
            .path;
        return match path {
            Some(path) if path.len() as u64 > max_moves => Err(ReduceError::TooLong {
                max_moves,
                lower_bound: start.manhattan(goal),
            }),
            Some(path) => {
                out(&path);
                Ok(Some(path.len() as u64))
            }
            None => Ok(None),
        };
    }
    reduce_in(
        start,
        goal,
        max_moves,
        finish_cells,
        lines,
        &mut |work, r0, c0| work.finish_by(r0, c0, &mut finish),
        out,
    )
}

/// Whether a part of `rows` by `cols` cells is left whole to a finishing
/// search of at most `finish_cells` cells: then a reduction of a board of
/// that size is a single optimal search, and its path a shortest one.
///
/// ```
/// use slide_large::solved_whole;
/// assert!(solved_whole(3, 4, 12));
/// assert!(!solved_whole(2, 6, 12));
/// ```
pub fn solved_whole(rows: usize, cols: usize, finish_cells: usize) -> bool {
    rows * cols <= finish_cells && rows <= 4 && cols <= 4
}

/// [`reduce_with`], with `finish` given the reduction and the part left's
/// corner, the moves handed to `out` a line at a time.
fn reduce_in(
    start: &LargeBoard,
    goal: &LargeBoard,
    max_moves: u64,
    finish_cells: usize,
    lines: Option<&mut dyn LineSearch>,
    finish: &mut dyn FnMut(&mut Reduction, usize, usize),
    out: &mut Out<'_>,
) -> Result<Option<u64>, ReduceError> {
    let (rows, cols) = (start.rows(), start.cols());
    if (rows, cols) != (goal.rows(), goal.cols()) {
        return Err(ReduceError::Sizes {
            start: (rows, cols),
            goal: (goal.rows(), goal.cols()),
        });
    }
    if start == goal {
        return Ok(Some(0));
    }
    if !start.reaches(goal) {
        return Ok(None);
    }
    if !goal.grid().corners().contains(&goal.blank()) {
        // The reduction works towards a goal whose blank is in a corner:
        // the goal with its blank taken to the nearest corner, `detour`,
        // and then back along the same cells. Both goals are reached from
        // the same boards, so the one answer serves.
        let detour = to_nearest_corner(goal);
        let mut cornered = goal.clone();
        cornered.apply_path(&detour);
        let room = max_moves.saturating_sub(detour.len() as u64);
        let length = reduce_in(start, &cornered, room, finish_cells, lines, finish, out)?
            .expect("the cornered goal is reached from the same boards");
        let back: Vec<Move> = undone(&detour).collect();
        out(&back);
        return Ok(Some(length + back.len() as u64));
    }
    let (blank_row, blank_col) = (goal.blank() / cols, goal.blank() % cols);
    let frame = Frame {
        rows,
        cols,
        flip_rows: blank_row == 0,
        flip_cols: blank_col == 0,
    };
    let too_long = || ReduceError::TooLong {
        max_moves,
        lower_bound: start.manhattan(goal),
    };
    if start.manhattan(goal) > max_moves {
        return Err(too_long());
    }
    let mut work = Reduction::new(start, goal, frame);
    let (r0, c0) =
        reduce_lines(&mut work, 0, 0, finish_cells, lines, max_moves, Some(&mut *out)).ok_or_else(too_long)?;
    finish(&mut work, r0, c0);
    work.hand_on(out);
    if work.made() > max_moves {
        return Err(too_long());
    }
    Ok(Some(work.made()))
}

/// The blank's moves from its cell in `board` to the nearest corner: along
/// its row, then its column.
fn to_nearest_corner(board: &LargeBoard) -> Vec<Move> {
    let (rows, cols) = (board.rows(), board.cols());
    let (row, col) = (board.blank() / cols, board.blank() % cols);
    let (across, along) = match col < cols - 1 - col {
        true => (Move::Left, col),
        false => (Move::Right, cols - 1 - col),
    };
    let (down, down_by) = match row < rows - 1 - row {
        true => (Move::Up, row),
        false => (Move::Down, rows - 1 - row),
    };
    std::iter::repeat(across)
        .take(along)
        .chain(std::iter::repeat(down).take(down_by))
        .collect()
}

/// Puts lines in place from the part left `rows r0..` by `cols c0..` down
/// to a part solved whole, and returns that part's corner; `None` if the
/// moves pass `max_moves` (checked after each line). With `out`, the moves
/// of each line are handed to it once the line is in place.
fn reduce_lines(
    work: &mut Reduction,
    mut r0: usize,
    mut c0: usize,
    finish_cells: usize,
    mut lines: Option<&mut (dyn LineSearch + '_)>,
    max_moves: u64,
    mut out: Option<&mut Out<'_>>,
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
        if let Some(lines) = lines.as_deref_mut().filter(|lines| height * width <= lines.cells()) {
            // Each line by search on a copy (tile by tile if the search
            // gives up), weighed as `LineSearch::weigh_cells` says; the lightest
            // kept, the row on a tie.
            let mut best: Option<(usize, Reduction, usize, usize)> = None;
            for (row, fits) in [(true, row_fits), (false, column_fits)] {
                if !fits {
                    continue;
                }
                let mut fork = work.fork();
                if !fork.place_line_by(r0, c0, row, &mut *lines) {
                    match row {
                        true => fork.reduce_row(r0, c0),
                        false => fork.reduce_column(r0, c0),
                    }
                }
                let (mut r, mut c) = if row { (r0 + 1, c0) } else { (r0, c0 + 1) };
                let mut weight = fork.moves.len();
                if height * width <= lines.weigh_cells() {
                    (r, c) = reduce_lines(&mut fork, r, c, finish_cells, Some(&mut *lines), u64::MAX, None)
                        .expect("no limit on the moves");
                    weight = fork.moves.len() + lines.finish_estimate(&fork.part_board(r, c));
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
            // first. Measured (`record/large-boards.md`): shorter paths up to
            // 10x10, no gain from 20x20, where the longer side goes, as in
            // the textbook.
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
        if work.made() > max_moves {
            return None;
        }
        if let Some(out) = out.as_deref_mut() {
            work.hand_on(out);
        }
    }
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
    /// The moves made, inside the frame, since the last handed on.
    moves: Vec<Move>,
    /// The number of moves handed on ([`Reduction::hand_on`]).
    handed_on: u64,
    /// How the board is flipped to the reduction's frame.
    frame: Frame,
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
            handed_on: 0,
            frame,
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
            handed_on: 0,
            frame: self.frame,
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

    /// The number of moves made, handed on or not.
    fn made(&self) -> u64 {
        self.handed_on + self.moves.len() as u64
    }

    /// Hands the moves made since the last call to `out`, as moves of the
    /// board outside the frame, and forgets them: nothing takes them back
    /// after their line is in place.
    fn hand_on(&mut self, out: &mut Out<'_>) {
        for mv in &mut self.moves {
            *mv = self.frame.outside(*mv);
        }
        out(&self.moves);
        self.handed_on += self.moves.len() as u64;
        self.moves.clear();
    }

    fn blank(&self) -> usize {
        self.cell_of[self.label_at.len() - 1] as usize
    }

    fn neighbour(&self, cell: usize, mv: Move) -> Option<usize> {
        neighbour_cell(self.rows, self.cols, cell, mv as usize)
    }

    fn distance(&self, a: usize, b: usize) -> usize {
        let ((a_row, a_col), (b_row, b_col)) = (self.row_col[a], self.row_col[b]);
        gap(a_row, b_row) as usize + gap(a_col, b_col) as usize
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
        self.slide(mv);
        self.moves.push(mv);
    }

    /// Moves the blank one cell, the move not recorded.
    fn slide(&mut self, mv: Move) {
        let blank = self.blank();
        let next = self.neighbour(blank, mv).expect("a move that stays on the board");
        let label = self.label_at[next];
        self.label_at.swap(blank, next);
        self.cell_of[label as usize] = blank as u32;
        self.cell_of[self.label_at.len() - 1] = next as u32;
    }

    /// Takes back the moves made after the first `len`.
    fn undo(&mut self, len: usize) {
        while self.moves.len() > len {
            let mv = self.moves.pop().expect("a move to take back");
            self.slide(mv.reverse());
        }
    }
}
