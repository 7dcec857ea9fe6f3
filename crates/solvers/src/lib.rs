//! Optimal searches for sliding-tile puzzles: BFS, two-ended BFS, A*, IDA*
//! and their estimates, on the packed `u64` board and on wider packings of
//! the same board.
//!
//! Every solver takes a start and a target [`slide_core::Board`] of the same shape and
//! returns an [`Answer`]: a shortest move sequence, or `None` when the target
//! cannot be reached (decided at once from parity), with the nodes expanded
//! and generated.
//!
//! - [`bfs()`]: breadth-first search; the simplest oracle.
//! - [`bidirectional_bfs()`]: two frontiers, one layer at a time.
//! - [`ida_star()`]: iterative-deepening A* with any [`Heuristic`]:
//!   [`Manhattan`] distance, [`LinearConflict`], [`WalkingDistance`], or
//!   the additive pattern databases of the `slide-pattern-db` crate;
//!   [`parallel_ida_star()`] on several threads.
//! - [`astar()`]: A* with the same heuristics.
//! - [`DistanceTable`]: the complete breadth-first search of a small board,
//!   answering any start in constant time.
//! - [`solve_all`]: many starts to one target, by whichever of these is cheaper.
//!
//! Where things are: one file per search at the top; the heuristics in
//! `heuristic/`, one file each; the machinery of the layered searches (BFS,
//! bidirectional BFS, the distance table) in `layered/`; the answer types in
//! `answer.rs`. This file only declares and re-exports.
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

/// The hash map of the searches that store boards by their packed tiles:
/// fxhash's where the feature is on (the command line), the standard one in
/// the judge files.
#[cfg(feature = "fxhash")]
pub(crate) type HashMap<K, V> = fxhash::FxHashMap<K, V>;
#[cfg(not(feature = "fxhash"))]
pub(crate) type HashMap<K, V> = std::collections::HashMap<K, V>;

mod answer;
mod astar;
mod astar_ida_star;
mod batch;
mod beam;
mod bfs;
mod bidirectional_bfs;
mod budget;
mod distance_table;
mod heuristic;
mod ida_star;
mod in_order;
mod layered;
mod mirrored;
mod move_fsm;
mod parallel_ida_star;
mod position;
mod pruning;
mod threads;
mod units;
mod walk_back;
mod wide;

pub use crate::answer::{answer_without_search, AllPaths, Answer, PatternMismatch, SearchError, Stats};
pub use crate::astar::{astar, astar_in, astar_with};
pub use crate::astar_ida_star::astar_ida_star;
pub use crate::batch::{solve_all, ToTarget, TABLE_FROM};
pub use crate::beam::{
    beam_search, beam_state_bytes, beam_within, BeamEnd, BeamFinish, BeamWay, BEAM_FIRST_WIDTH, BEAM_STALL_BOARDS,
    BEAM_STALL_DEPTHS,
};
pub use crate::bfs::{bfs, bfs_in, bfs_with};
pub use crate::bidirectional_bfs::{bidirectional_bfs, bidirectional_bfs_in, bidirectional_bfs_with};
pub use crate::budget::{
    state_memory, states_within, Budget, Progress, BYTES_PER_STATE, DEFAULT_MEMORY, DEFAULT_STATE_LIMIT,
};
pub use crate::distance_table::{relabel, DistanceTable, TableError};
pub use crate::heuristic::{
    Estimate, Heuristic, LineUndo, LinearConflict, LinearConflictEstimate, Manhattan, ManhattanEstimate, MaxEstimate,
    MaxOf, Slide, SmallTargets, Targets, WalkingDistance, WalkingDistanceEstimate, Weighted, WeightedEstimate,
};
pub use crate::ida_star::{ida_star, ida_star_all, ida_star_in_order, ida_star_pruned, ida_star_with};
pub use crate::in_order::{all_shortest_paths, shortest_path_in_order};
pub use crate::layered::scratch::Scratch;
pub use crate::layered::visited::DENSE_MAX_CELLS;
pub use crate::mirrored::mirrored;
pub use crate::move_fsm::MoveFsm;
pub use crate::parallel_ida_star::{parallel_ida_star, parallel_ida_star_pruned};
pub use crate::position::{Neighbours, Position, Tiles};
pub use crate::pruning::{Pruning, UndoLast};
pub use crate::units::{search_unit, split_iteration, IterationUnits, UnitEnd, MAX_SPLIT_DEPTH, MAX_UNIT_BOUND};
pub use crate::wide::{
    wide_astar, wide_astar_state_bytes, wide_bidirectional_bfs, wide_bidirectional_state_bytes, wide_near_optimal,
    wide_weighted_astar, Cells, NearOptimal, WideBoard, WideTargets, WideTiles, NEAR_OPTIMAL_STATES,
    NEAR_OPTIMAL_WEIGHTS,
};
