//! Iterative-deepening A*: depth-first searches bounded by `g + h`, the bound
//! raised each time to the smallest `f` that exceeded it.
//!
//! The board lives in one place and moves are applied and undone in place.
//! The estimate follows the board ([`Estimate`]): a move updates it by the
//! one tile that moved, and undoing the move restores it.

use slide_core::{Board, Move, MAX_CELLS, NO_MOVE};

use crate::heuristic::{Estimate, Heuristic};
use crate::{answer_without_search, Answer, SearchError, Stats};

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
/// use slide_solvers::{ida_star, LinearConflict};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "1 2 3 4 6 7 8 x 5 10 11 12 9 13 14 15").unwrap();
/// let answer = ida_star(&start, &Board::goal(shape), LinearConflict).unwrap();
/// assert_eq!(answer.length(), Some(8));
/// ```
pub fn ida_star<H: Heuristic>(start: &Board, target: &Board, heuristic: H) -> Result<Answer, SearchError> {
    ida_star_within(start, target, heuristic, u32::MAX as usize)
}

/// [`ida_star`] that gives up once no path of at most `max_length` moves
/// exists, with [`SearchError::TooLong`]: the last iteration it runs is the
/// one bounded by `max_length`.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star_within, Manhattan, SearchError};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// let goal = Board::goal(shape);
/// let error = ida_star_within(&start, &goal, Manhattan, 30).unwrap_err();
/// assert_eq!(error, SearchError::TooLong { max_length: 30 });
/// let answer = ida_star_within(&start, &goal, Manhattan, 31).unwrap();
/// assert_eq!(answer.length(), Some(31));
/// ```
pub fn ida_star_within<H: Heuristic>(
    start: &Board,
    target: &Board,
    heuristic: H,
    max_length: usize,
) -> Result<Answer, SearchError> {
    if let Some(answer) = answer_without_search(start, target)? {
        return Ok(answer);
    }
    let (estimate, h) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
    let mut search = Search {
        neighbours: start.shape().neighbours(),
        target: target.tiles(),
        tiles: start.tiles(),
        blank: start.blank(),
        path: Vec::new(),
        stats: Stats {
            expanded: 0,
            generated: 1,
        },
        next_bound: u32::MAX,
        estimate,
    };
    let bound_limit = max_length.min(u32::MAX as usize) as u32;
    let mut bound = h;
    while bound <= bound_limit {
        search.next_bound = u32::MAX;
        if search.dfs(0, h, bound, NO_MOVE) {
            return Ok(Answer {
                path: Some(search.path),
                stats: search.stats,
            });
        }
        bound = search.next_bound;
    }
    Err(SearchError::TooLong { max_length })
}

/// The state of one IDA* run.
struct Search<E> {
    neighbours: &'static [[u8; 4]; MAX_CELLS],
    /// The target's packed tiles.
    target: u64,
    /// The board being searched, packed, and its blank's cell.
    tiles: u64,
    blank: usize,
    /// The moves from the start to the current board.
    path: Vec<Move>,
    stats: Stats,
    /// The smallest `f` that exceeded the current bound.
    next_bound: u32,
    /// The heuristic's estimate, following the board.
    estimate: E,
}

impl<E: Estimate> Search<E> {
    /// Searches below the current board, `g` moves from the start with
    /// estimate `h`; `last` is the index of the move that led here.
    fn dfs(&mut self, g: u32, h: u32, bound: u32, last: u8) -> bool {
        self.stats.expanded += 1;
        let blank = self.blank;
        for mv in Move::ALL {
            if Move::undoes(mv as u8, last) {
                continue;
            }
            let next = self.neighbours[blank][mv as usize];
            if next == u8::MAX {
                continue;
            }
            let next = next as usize;
            self.stats.generated += 1;
            // The tile in `next` slides into `blank`; see `slide_core::slide`
            // for why two XORs move it.
            let tile = ((self.tiles >> (4 * next)) & 0xF) as usize;
            let saved_tiles = self.tiles;
            self.tiles ^= ((tile << (4 * blank)) | (tile << (4 * next))) as u64;
            self.blank = next;
            let (child_h, undo) = self.estimate.moved(h, self.tiles, tile, next, blank);
            let f = g + 1 + child_h;
            if f > bound {
                self.next_bound = self.next_bound.min(f);
            } else {
                self.path.push(mv);
                if (child_h == 0 && self.tiles == self.target) || self.dfs(g + 1, child_h, bound, mv as u8) {
                    return true;
                }
                self.path.pop();
            }
            self.estimate.undo(tile, next, blank, undo);
            self.tiles = saved_tiles;
            self.blank = blank;
        }
        false
    }
}
