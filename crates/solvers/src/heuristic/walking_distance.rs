//! Walking distance (Ken'ichiro Takahashi, about 2002): the classic estimate
//! of the Japanese puzzle community.
//!
//! Forget which tile is which, and keep of each tile only the row its goal
//! cell is in. A vertical move then takes one tile of some goal row from the
//! blank's row to the next; horizontal moves change nothing. The fewest
//! vertical moves that bring every tile to a row of its goal row, counted
//! in this abstraction, never exceed the vertical moves of any solution;
//! the same with columns bounds the horizontal ones. Their sum is admissible,
//! and consistent: a move changes one of the two by at most one.
//!
//! A state of one dimension is the table `count[line][goal line]` of how
//! many tiles of each goal line stand in each line, with the blank's line.
//! There are few (24,964 for the rows of 4x4), so a breadth-first search
//! from the goal's state values them all the first time a search needs
//! them, a few milliseconds, and a move is then one look-up in a table of
//! transitions.

use std::collections::HashMap;
use std::sync::OnceLock;

use slide_core::{Board, Shape, MAX_CELLS};

use crate::heuristic::{Estimate, Heuristic, Slide};
use crate::PatternMismatch;

/// The sum of the row and the column walking distances.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star, Heuristic, WalkingDistance};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// let goal = Board::goal(shape);
/// assert!(WalkingDistance.estimate(&start, &goal).unwrap() <= 31);
/// assert_eq!(ida_star(&start, &goal, WalkingDistance).unwrap().length(), Some(31));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkingDistance;

/// The states of one dimension (rows, or columns) and their moves.
#[derive(Clone, Debug)]
struct Walks {
    /// The lines and the cells per line of this dimension.
    lines: usize,
    /// `distance[s]`: the fewest moves from state `s` to the goal's state.
    distance: Vec<u8>,
    /// `next[(s * 2 + d) * lines + g]`: the state after the blank moves one
    /// line down (`d = 1`) or up (`d = 0`) and takes the place of a tile of
    /// goal line `g`; `u32::MAX` where there is none.
    next: Vec<u32>,
    /// The index of each state, by its encoding.
    index: HashMap<Vec<u8>, u32>,
}

/// Each dimension's states, made on first use and kept for the process:
/// they depend only on the lines, their length and the goal's blank line
/// (each at most 8), not on which tiles the target puts where.
static WALKS: [OnceLock<Option<Walks>>; 8 * 8 * 8] = {
    #[allow(clippy::declare_interior_mutable_const)]
    const UNMADE: OnceLock<Option<Walks>> = OnceLock::new();
    [UNMADE; 8 * 8 * 8]
};

/// The longest a state's encoding is: 8 lines by 8 goal lines, and the
/// blank's line.
const MAX_STATE: usize = 8 * 8 + 1;

/// The most states a dimension may have. Long lines keep them few (105 for
/// the rows of 3x3, 24,964 for 4x4, 352,560 for the five columns of 3x5);
/// seven or eight lines of two cells would have millions, and those boards
/// get no walking distance.
const MOST_STATES: usize = 400_000;

impl Walks {
    /// The states of a dimension of `lines` lines of `length` cells each,
    /// whose goal has the blank in line `blank_line`, made once per process;
    /// `None` when there would be more than [`MOST_STATES`].
    fn of(lines: usize, length: usize, blank_line: usize) -> Option<&'static Walks> {
        let index = ((lines - 1) * 8 + (length - 1)) * 8 + blank_line;
        WALKS[index]
            .get_or_init(|| Walks::new(lines, length, blank_line))
            .as_ref()
    }

    /// [`Walks::of`], made afresh: a breadth-first search from the goal's state.
    fn new(lines: usize, length: usize, blank_line: usize) -> Option<Walks> {
        // A state: `lines * lines` counts, then the blank's line.
        let mut goal = vec![0u8; lines * lines + 1];
        for line in 0..lines {
            goal[line * lines + line] = (length - (line == blank_line) as usize) as u8;
        }
        goal[lines * lines] = blank_line as u8;
        let mut states = vec![goal.clone()];
        let mut index = HashMap::from([(goal, 0u32)]);
        let mut distance = vec![0u8];
        let mut next = Vec::new();
        let mut head = 0;
        while head < states.len() {
            let state = states[head].clone();
            let blank = state[lines * lines] as usize;
            for (direction, to) in [(0, blank.checked_sub(1)), (1, Some(blank + 1).filter(|&l| l < lines))] {
                for goal_line in 0..lines {
                    let target = match to {
                        Some(to) if state[to * lines + goal_line] > 0 => {
                            let mut moved = state.clone();
                            moved[to * lines + goal_line] -= 1;
                            moved[blank * lines + goal_line] += 1;
                            moved[lines * lines] = to as u8;
                            let count = states.len() as u32;
                            let found = *index.entry(moved.clone()).or_insert(count);
                            if found == count {
                                if states.len() == MOST_STATES {
                                    return None;
                                }
                                states.push(moved);
                                distance.push(distance[head] + 1);
                            }
                            found
                        }
                        _ => u32::MAX,
                    };
                    debug_assert_eq!(next.len(), (head * 2 + direction) * lines + goal_line);
                    next.push(target);
                }
            }
            head += 1;
        }
        Some(Walks {
            lines,
            distance,
            next,
            index,
        })
    }

    /// The state of the packed `tiles` of `cells` cells, given each cell's
    /// line and each tile's goal line.
    fn state_of(&self, tiles: u64, cells: usize, line_of: impl Fn(usize) -> usize, goal_line: &[u8; MAX_CELLS]) -> u32 {
        let lines = self.lines;
        let mut state = [0u8; MAX_STATE];
        for cell in 0..cells {
            match ((tiles >> (4 * cell)) & 0xF) as usize {
                0 => state[lines * lines] = line_of(cell) as u8,
                tile => state[line_of(cell) * lines + goal_line[tile] as usize] += 1,
            }
        }
        self.index[&state[..lines * lines + 1]]
    }

    /// The state after the blank moves (down if `down`) into the place of a
    /// tile of goal line `goal_line`.
    #[inline]
    fn step(&self, state: u32, down: bool, goal_line: u8) -> u32 {
        self.next[(state as usize * 2 + down as usize) * self.lines + goal_line as usize]
    }
}

/// Walking distance as it follows a board: each dimension's state, stepped
/// by a table on each move.
pub struct WalkingDistanceEstimate {
    cells: usize,
    cols: usize,
    rows_walks: &'static Walks,
    cols_walks: &'static Walks,
    /// Each tile's goal row and goal column.
    goal_row: [u8; MAX_CELLS],
    goal_col: [u8; MAX_CELLS],
    /// The current states of the rows and the columns.
    row_state: u32,
    col_state: u32,
}

impl WalkingDistanceEstimate {
    /// The estimate of the current states.
    #[inline]
    fn value(&self) -> u32 {
        self.rows_walks.distance[self.row_state as usize] as u32
            + self.cols_walks.distance[self.col_state as usize] as u32
    }
}

impl Heuristic for WalkingDistance {
    type Estimate = WalkingDistanceEstimate;

    fn name(&self) -> String {
        "walking-distance".to_string()
    }

    fn start(&self, board: &Board, target: &Board) -> Result<(WalkingDistanceEstimate, u32), PatternMismatch> {
        let shape: Shape = target.shape();
        let (rows, cols) = (shape.rows(), shape.cols());
        let mut goal_row = [0u8; MAX_CELLS];
        let mut goal_col = [0u8; MAX_CELLS];
        for cell in 0..shape.cells() {
            goal_row[target.tile(cell)] = (cell / cols) as u8;
            goal_col[target.tile(cell)] = (cell % cols) as u8;
        }
        let walks = |lines: usize, length: usize, blank_line: usize, what: &str| {
            Walks::of(lines, length, blank_line).ok_or_else(|| PatternMismatch {
                reason: format!(
                    "walking distance is not offered on {shape} boards: their {what} would have more than {MOST_STATES} states"
                ),
            })
        };
        let rows_walks = walks(rows, cols, target.blank() / cols, "rows")?;
        let cols_walks = walks(cols, rows, target.blank() % cols, "columns")?;
        let cells = shape.cells();
        let estimate = WalkingDistanceEstimate {
            cells,
            cols,
            row_state: rows_walks.state_of(board.tiles(), cells, |cell| cell / cols, &goal_row),
            col_state: cols_walks.state_of(board.tiles(), cells, |cell| cell % cols, &goal_col),
            rows_walks,
            cols_walks,
            goal_row,
            goal_col,
        };
        let h = estimate.value();
        Ok((estimate, h))
    }
}

impl Estimate for WalkingDistanceEstimate {
    /// The states before the move.
    type Undo = (u32, u32);

    type Kept = ();

    #[inline]
    fn kept(&self) {}

    /// A vertical move steps the rows' state, a horizontal one the columns':
    /// the blank moves to the tile's old cell, `from`.
    #[inline]
    fn moved(&mut self, _h: u32, slide: Slide) -> (u32, (u32, u32)) {
        let Slide { tile, from, to, .. } = slide;
        let undo = (self.row_state, self.col_state);
        if from.abs_diff(to) == 1 {
            let down = from % self.cols > to % self.cols;
            self.col_state = self.cols_walks.step(self.col_state, down, self.goal_col[tile]);
        } else {
            let down = from > to;
            self.row_state = self.rows_walks.step(self.row_state, down, self.goal_row[tile]);
        }
        (self.value(), undo)
    }

    #[inline]
    fn undo(&mut self, _slide: Slide, undo: (u32, u32)) {
        (self.row_state, self.col_state) = undo;
    }

    fn reset(&mut self, tiles: u64) -> u32 {
        let (cells, cols) = (self.cells, self.cols);
        self.row_state = self
            .rows_walks
            .state_of(tiles, cells, |cell| cell / cols, &self.goal_row);
        self.col_state = self
            .cols_walks
            .state_of(tiles, cells, |cell| cell % cols, &self.goal_col);
        self.value()
    }
}
