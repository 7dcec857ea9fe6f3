//! Iterative-deepening A*: depth-first searches bounded by `g + h`, the bound
//! raised each time to the smallest `f` that exceeded it.
//!
//! The board lives in one place and moves are applied and undone in place.
//! The heuristic is updated per move instead of recomputed: only the moved
//! tile's Manhattan term changes, and only the two lines it leaves and enters
//! can change their linear conflict.

use slide_core::{Board, Move, MAX_CELLS};

use crate::heuristic::TargetTables;
use crate::pattern_db::PdbState;
use crate::{trivial_answer, Answer, Heuristic, SearchError, Stats};

/// A shortest path from `start` to `target` by IDA* with `heuristic`.
///
/// The blank's moves are tried in the order up, left, right, down, and the
/// move undoing the previous one is skipped. `stats.generated` counts every
/// child created (also one cut off by the bound) plus the root once, over
/// all iterations, with the last iteration stopping at its first solution:
/// Korf's count, which `korf100.tsv` lists for Manhattan distance.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star, Heuristic};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "1 2 3 4 6 7 8 x 5 10 11 12 9 13 14 15").unwrap();
/// let answer = ida_star(&start, &Board::goal(shape), Heuristic::LinearConflict).unwrap();
/// assert_eq!(answer.length(), Some(8));
/// ```
pub fn ida_star(start: &Board, target: &Board, heuristic: Heuristic) -> Result<Answer, SearchError> {
    ida_star_within(start, target, heuristic, u32::MAX as usize)
}

/// [`ida_star`] that gives up once no path of at most `max_length` moves
/// exists, with [`SearchError::TooLong`]: the last iteration it runs is the
/// one bounded by `max_length`.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star_within, Heuristic, SearchError};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// let goal = Board::goal(shape);
/// let error = ida_star_within(&start, &goal, Heuristic::Manhattan, 30).unwrap_err();
/// assert_eq!(error, SearchError::TooLong { max_length: 30 });
/// let answer = ida_star_within(&start, &goal, Heuristic::Manhattan, 31).unwrap();
/// assert_eq!(answer.length(), Some(31));
/// ```
pub fn ida_star_within(
    start: &Board,
    target: &Board,
    heuristic: Heuristic,
    max_length: usize,
) -> Result<Answer, SearchError> {
    if let Some(answer) = trivial_answer(start, target)? {
        return Ok(answer);
    }
    let tables = TargetTables::new(target);
    let mut search = Search {
        neighbours: start.shape().neighbours(),
        tables: &tables,
        tiles: start.tiles(),
        blank: start.blank(),
        path: Vec::new(),
        stats: Stats {
            expanded: 0,
            generated: 1,
        },
        next_bound: u32::MAX,
        row_conflict: [0; 8],
        col_conflict: [0; 8],
        pdb: None,
    };
    let bound_limit = max_length.min(u32::MAX as usize) as u32;
    let found = match heuristic {
        Heuristic::Manhattan => search.run::<MANHATTAN>(start, bound_limit),
        Heuristic::LinearConflict => search.run::<LINEAR_CONFLICT>(start, bound_limit),
        Heuristic::PatternDb(pdb) => {
            pdb.check_target(target).map_err(SearchError::Heuristic)?;
            search.pdb = Some(PdbState::new(pdb, start, target));
            search.run::<PATTERN_DB>(start, bound_limit)
        }
    };
    if !found {
        return Err(SearchError::TooLong { max_length });
    }
    Ok(Answer {
        path: Some(search.path),
        stats: search.stats,
    })
}

/// Which estimate a search compiles in (a const generic parameter, so that
/// each gets its own loop).
const MANHATTAN: u8 = 0;
const LINEAR_CONFLICT: u8 = 1;
const PATTERN_DB: u8 = 2;

/// The state of one IDA* run.
struct Search<'a> {
    neighbours: &'static [[u8; 4]; MAX_CELLS],
    tables: &'a TargetTables,
    /// The board being searched, packed, and its blank's cell.
    tiles: u64,
    blank: usize,
    /// The moves from the start to the current board.
    path: Vec<Move>,
    stats: Stats,
    /// The smallest `f` that exceeded the current bound.
    next_bound: u32,
    /// With linear conflict: the penalty of each row and each column.
    row_conflict: [u32; 8],
    col_conflict: [u32; 8],
    /// With pattern databases: their values for the current board.
    pdb: Option<PdbState<'a>>,
}

impl Search<'_> {
    /// Deepens until a path is found, or the bound would pass `bound_limit`.
    fn run<const H: u8>(&mut self, start: &Board, bound_limit: u32) -> bool {
        let mut h = match &self.pdb {
            Some(pdb) if H == PATTERN_DB => pdb.total(),
            _ => self.tables.manhattan(start),
        };
        if H == LINEAR_CONFLICT {
            let shape = start.shape();
            for row in 0..shape.rows() {
                self.row_conflict[row] = self.tables.row_conflict(self.tiles, row);
                h += self.row_conflict[row];
            }
            for col in 0..shape.cols() {
                self.col_conflict[col] = self.tables.col_conflict(self.tiles, col);
                h += self.col_conflict[col];
            }
        }
        let mut bound = h;
        while bound <= bound_limit {
            self.next_bound = u32::MAX;
            if self.dfs::<H>(0, h, bound, None) {
                return true;
            }
            bound = self.next_bound;
        }
        false
    }

    /// Searches below the current board, `g` moves from the start with
    /// estimate `h`; `last` is the move that led here.
    fn dfs<const H: u8>(&mut self, g: u32, h: u32, bound: u32, last: Option<Move>) -> bool {
        self.stats.expanded += 1;
        let blank = self.blank;
        for mv in Move::ALL {
            if Some(mv.reverse()) == last {
                continue;
            }
            let next = self.neighbours[blank][mv as usize];
            if next == u8::MAX {
                continue;
            }
            let next = next as usize;
            self.stats.generated += 1;
            // The tile in `next` slides into `blank`; see `slide_core::Board::apply`
            // for why two XORs move it.
            let tile = ((self.tiles >> (4 * next)) & 0xF) as usize;
            let saved_tiles = self.tiles;
            self.tiles ^= ((tile << (4 * blank)) | (tile << (4 * next))) as u64;
            self.blank = next;
            let mut saved_conflicts = (0, 0, 0, 0);
            let mut saved_values = [(0, 0); 2];
            let child_h = if H == PATTERN_DB {
                let (child_h, saved) = self
                    .pdb
                    .as_mut()
                    .map_or((0, [(0, 0); 2]), |pdb| pdb.moved(tile, next, blank));
                saved_values = saved;
                child_h
            } else {
                let md = self.tables.manhattan[tile];
                let mut child_h = h + md[blank] as u32 - md[next] as u32;
                if H == LINEAR_CONFLICT {
                    saved_conflicts = self.update_conflicts(blank, next, mv);
                    let (a_old, b_old, a_new, b_new) = saved_conflicts;
                    child_h = child_h + a_new + b_new - a_old - b_old;
                }
                child_h
            };
            let f = g + 1 + child_h;
            if f > bound {
                self.next_bound = self.next_bound.min(f);
            } else {
                self.path.push(mv);
                if child_h == 0 || self.dfs::<H>(g + 1, child_h, bound, Some(mv)) {
                    return true;
                }
                self.path.pop();
            }
            if H == LINEAR_CONFLICT {
                self.restore_conflicts(blank, next, mv, saved_conflicts);
            }
            if H == PATTERN_DB {
                if let Some(pdb) = self.pdb.as_mut() {
                    pdb.undo(tile, next, blank, saved_values);
                }
            }
            self.tiles = saved_tiles;
            self.blank = blank;
        }
        false
    }

    /// After the tile moved from `to` into `from` (the old blank), recomputes
    /// the penalties of the two lines that changed, and returns their old and
    /// new values: the columns for a horizontal move, the rows for a vertical one.
    #[inline]
    fn update_conflicts(&mut self, from: usize, to: usize, mv: Move) -> (u32, u32, u32, u32) {
        let cols = self.tables.shape.cols();
        if matches!(mv, Move::Left | Move::Right) {
            let (a, b) = (from % cols, to % cols);
            let (a_old, b_old) = (self.col_conflict[a], self.col_conflict[b]);
            self.col_conflict[a] = self.tables.col_conflict(self.tiles, a);
            self.col_conflict[b] = self.tables.col_conflict(self.tiles, b);
            (a_old, b_old, self.col_conflict[a], self.col_conflict[b])
        } else {
            let (a, b) = (from / cols, to / cols);
            let (a_old, b_old) = (self.row_conflict[a], self.row_conflict[b]);
            self.row_conflict[a] = self.tables.row_conflict(self.tiles, a);
            self.row_conflict[b] = self.tables.row_conflict(self.tiles, b);
            (a_old, b_old, self.row_conflict[a], self.row_conflict[b])
        }
    }

    /// Undoes [`Search::update_conflicts`].
    #[inline]
    fn restore_conflicts(&mut self, from: usize, to: usize, mv: Move, saved: (u32, u32, u32, u32)) {
        let cols = self.tables.shape.cols();
        if matches!(mv, Move::Left | Move::Right) {
            self.col_conflict[from % cols] = saved.0;
            self.col_conflict[to % cols] = saved.1;
        } else {
            self.row_conflict[from / cols] = saved.0;
            self.row_conflict[to / cols] = saved.1;
        }
    }
}
