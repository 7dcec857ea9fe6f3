//! Optimal searches for sliding-tile puzzles of at most 16 cells.
//!
//! Every solver takes a start and a target [`Board`] of the same shape and
//! returns an [`Answer`]: a shortest move sequence, or `None` when the target
//! cannot be reached (decided at once from parity), with the nodes expanded
//! and generated.
//!
//! - [`bfs()`]: breadth-first search; the simplest oracle.
//! - [`bidirectional_bfs()`]: two frontiers, one layer at a time.
//! - [`ida_star()`]: iterative-deepening A* with any [`Heuristic`]:
//!   [`Manhattan`] distance, [`LinearConflict`], or additive pattern
//!   databases ([`AdditivePdb`]).
//! - [`DistanceTable`]: the complete breadth-first search of a small board,
//!   answering any start in constant time.
//! - [`solve_all`]: many starts to one target, by whichever of these is cheaper.
//!
//! ```
//! use slide_core::{Board, Shape};
//! use slide_solvers::{bfs, bidirectional_bfs, ida_star, Manhattan};
//!
//! let shape = Shape::new(3, 3).unwrap();
//! let start = Board::parse(shape, "2 3 4 1 5 x 7 6 8").unwrap();
//! let goal = Board::goal(shape);
//! assert_eq!(bfs(&start, &goal).unwrap().length(), Some(19));
//! assert_eq!(bidirectional_bfs(&start, &goal).unwrap().length(), Some(19));
//! assert_eq!(ida_star(&start, &goal, Manhattan).unwrap().length(), Some(19));
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod astar;
mod batch;
mod bfs;
mod bidirectional_bfs;
mod budget;
mod distance_table;
mod graph;
mod heuristic;
mod ida_star;
mod in_order;
mod layered;
mod linear_conflict;
mod node;
mod packed;
mod parallel_ida_star;
mod scratch;
mod visited;
mod walking_distance;

use std::fmt;

use slide_core::{Board, Move, PairError};

pub use crate::astar::{astar, astar_in, astar_with};
pub use crate::batch::{solve_all, ToTarget};
pub use crate::bfs::{bfs, bfs_in, bfs_with};
pub use crate::bidirectional_bfs::{bidirectional_bfs, bidirectional_bfs_in, bidirectional_bfs_with};
pub use crate::budget::{state_memory, Budget, Progress, BYTES_PER_STATE, DEFAULT_STATE_LIMIT};
pub use crate::distance_table::{relabel, DistanceTable, TableError};
pub use crate::graph::{graph_bfs, graph_shortest_path, GraphAnswer};
pub use crate::heuristic::{Estimate, Heuristic, Manhattan, ManhattanEstimate, MaxEstimate, MaxOf};
pub use crate::ida_star::{ida_star, ida_star_all, ida_star_in_order, ida_star_with};
pub use crate::in_order::{all_shortest_paths, shortest_path_in_order};
pub use crate::linear_conflict::{LineUndo, LinearConflict, LinearConflictEstimate};
pub use crate::parallel_ida_star::parallel_ida_star;
pub use crate::scratch::Scratch;
pub use crate::visited::DENSE_MAX_CELLS;
pub use crate::walking_distance::{WalkingDistance, WalkingDistanceEstimate};

/// What a search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successors generated, including those discarded at once.
    pub generated: u64,
}

/// Every shortest path, counted, and listed in a move order up to a limit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AllPaths {
    /// The length of the shortest paths.
    pub length: usize,
    /// The number of shortest paths.
    pub count: u128,
    /// The first `limit` of them in the move order.
    pub paths: Vec<Vec<Move>>,
    /// The most paths to list.
    pub limit: usize,
    /// What the search counted.
    pub stats: Stats,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// A shortest sequence of blank moves from the start to the target, or
    /// `None` if the target cannot be reached.
    pub path: Option<Vec<Move>>,
    /// What the search counted.
    pub stats: Stats,
}

impl Answer {
    /// The number of moves of the path, or `None` when unsolvable.
    pub fn length(&self) -> Option<usize> {
        self.path.as_ref().map(Vec::len)
    }

    fn unsolvable() -> Answer {
        Answer {
            path: None,
            stats: Stats::default(),
        }
    }
}

/// Why pattern databases do not fit a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternMismatch {
    /// What does not fit.
    pub reason: String,
}

impl fmt::Display for PatternMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for PatternMismatch {}

/// Why a search gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The start and the target have different shapes.
    Pair(PairError),
    /// The search stored as many states as it was allowed and stopped.
    StateLimit {
        /// The limit that was reached.
        limit: usize,
    },
    /// The heuristic cannot serve this target.
    Heuristic(PatternMismatch),
    /// The target is reachable, but not in as few moves as allowed.
    TooLong {
        /// The largest number of moves allowed.
        max_length: usize,
    },
    /// The search ran as long as it was allowed and stopped.
    OutOfTime {
        /// The time it was allowed.
        limit: std::time::Duration,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Pair(error) => error.fmt(f),
            SearchError::StateLimit { limit } => write!(
                f,
                "the search stopped after storing {limit} states (at most {}) without reaching the target; IDA* needs no such memory",
                crate::budget::state_memory(*limit as u64)
            ),
            SearchError::OutOfTime { limit } => write!(
                f,
                "the search stopped after {} s, its time limit, without reaching the target",
                limit.as_secs_f64()
            ),
            SearchError::Heuristic(error) => error.fmt(f),
            SearchError::TooLong { max_length } => {
                write!(f, "the target cannot be reached in {max_length} moves or fewer")
            }
        }
    }
}

impl std::error::Error for SearchError {}

impl From<PairError> for SearchError {
    fn from(error: PairError) -> SearchError {
        SearchError::Pair(error)
    }
}

/// The answer that needs no search, if there is one: the checks every solver
/// makes first. Fails when the boards have different shapes; `Ok(Some(_))`
/// when the target cannot be reached (parity) or is the start; `Ok(None)`
/// when a search is needed. Callers that must prepare a search (build
/// tables) ask this first.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::answer_without_search;
/// let shape = Shape::new(3, 3).unwrap();
/// let goal = Board::goal(shape);
/// let swapped = Board::parse(shape, "2 1 3 4 5 6 7 8 x").unwrap();
/// assert_eq!(answer_without_search(&swapped, &goal).unwrap().unwrap().length(), None);
/// assert_eq!(answer_without_search(&goal, &goal).unwrap().unwrap().length(), Some(0));
/// let one_move = Board::parse(shape, "1 2 3 4 5 6 7 x 8").unwrap();
/// assert!(answer_without_search(&one_move, &goal).unwrap().is_none());
/// ```
pub fn answer_without_search(start: &Board, target: &Board) -> Result<Option<Answer>, SearchError> {
    slide_core::check_pair(start, target)?;
    if !slide_core::is_solvable(start, target) {
        return Ok(Some(Answer::unsolvable()));
    }
    if start == target {
        return Ok(Some(Answer {
            path: Some(Vec::new()),
            stats: Stats::default(),
        }));
    }
    Ok(None)
}
