//! What every search returns ([`Answer`], [`AllPaths`], [`Stats`]) and why
//! it may return nothing ([`SearchError`], [`PatternMismatch`]); and the
//! checks every search makes first ([`answer_without_search`]).

use std::fmt;

use slide_core::{Board, Move, PairError};

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
    /// The start and the target of a wide board differ in size.
    Sizes {
        /// The start's rows and columns.
        start: (usize, usize),
        /// The target's rows and columns.
        target: (usize, usize),
    },
    /// The search stored as many states as it was allowed and stopped.
    StateLimit {
        /// The limit that was reached.
        limit: usize,
        /// The most bytes the search holds per state (what the limit
        /// costs in memory; see [`crate::BYTES_PER_STATE`]).
        state_bytes: usize,
    },
    /// The heuristic cannot serve this target.
    Heuristic(PatternMismatch),
    /// The target is reachable, but not in as few moves as allowed.
    TooLong {
        /// The largest number of moves allowed.
        max_length: usize,
    },
    /// A work unit's moves leave the board, or are moves the search skips:
    /// no unit of this search (see [`crate::search_unit`]).
    NotAUnit {
        /// The index of the first such move.
        at: usize,
    },
    /// A unit's bound is deeper than [`crate::MAX_UNIT_BOUND`]: its search
    /// would recurse deeper than it is checked to go (see
    /// [`crate::search_unit`]).
    TooDeep {
        /// The bound asked for.
        bound: u32,
        /// The largest bound taken.
        most: u32,
    },
    /// The budget's stop flag was set: another thread stopped the search.
    Cancelled,
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
            SearchError::Sizes { start, target } => write!(
                f,
                "the start is {}x{} and the target {}x{}: they must be of one size",
                start.0, start.1, target.0, target.1
            ),
            SearchError::StateLimit { limit, state_bytes } => write!(
                f,
                "the search stopped after storing {limit} states (at most {}) without reaching the target; IDA* needs no such memory",
                crate::budget::state_memory(*limit as u64, *state_bytes)
            ),
            SearchError::OutOfTime { limit } => write!(
                f,
                "the search stopped after {} s, its time limit, without reaching the target",
                limit.as_secs_f64()
            ),
            SearchError::Heuristic(error) => error.fmt(f),
            SearchError::NotAUnit { at } => write!(
                f,
                "move {} of the unit leaves the board or is one the search skips: no unit of this search",
                at + 1
            ),
            SearchError::Cancelled => write!(f, "the search was stopped"),
            SearchError::TooDeep { bound, most } => {
                write!(f, "the bound {bound} is deeper than a unit's search goes (at most {most})")
            }
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
