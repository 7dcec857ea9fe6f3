//! The one policy that names the strongest estimate for a goal, which the
//! command line's `auto` and the benchmarks both use.

use slide_core::Board;
use slide_solvers::{Heuristic, WalkingDistance};

use crate::split::{check_split, Split};

/// The estimates from the strongest down, as [`strongest_estimate`] picks
/// one for a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strongest {
    /// Additive pattern databases of this split.
    PatternDb(Split),
    /// The larger of walking distance and linear conflict.
    WalkingDistance,
    /// Linear conflict, which serves every board.
    LinearConflict,
}

/// The strongest estimate for searches towards `goal`: pattern databases
/// (6-6-3) on boards of 12 to 16 cells, the larger of walking distance and
/// linear conflict where walking distance serves the goal, linear conflict
/// elsewhere. The one exception is measured: on 3x4 and 4x3 walking
/// distance solves random boards sooner than the tables, whole runs with
/// the tables cached (`record/` holds the figures).
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_pattern_db::{strongest_estimate, Split, Strongest};
/// let goal = |rows, cols| Board::goal(Shape::new(rows, cols).unwrap());
/// assert_eq!(strongest_estimate(&goal(4, 4)), Strongest::PatternDb(Split::SixSixThree));
/// assert_eq!(strongest_estimate(&goal(3, 4)), Strongest::WalkingDistance);
/// assert_eq!(strongest_estimate(&goal(2, 3)), Strongest::WalkingDistance);
/// ```
pub fn strongest_estimate(goal: &Board) -> Strongest {
    let (rows, cols) = (goal.shape().rows(), goal.shape().cols());
    let walking_distance_wins = rows * cols == 12 && rows.min(cols) == 3;
    if check_split(Split::SixSixThree, goal).is_ok() && !walking_distance_wins {
        Strongest::PatternDb(Split::SixSixThree)
    } else if WalkingDistance.estimate(goal, goal).is_ok() {
        Strongest::WalkingDistance
    } else {
        Strongest::LinearConflict
    }
}
