//! What a search may spend, and how it tells how it goes.
//!
//! Every search takes a [`Budget`]: how many states it may store (searches
//! that store them), how long a path it may look for, how long it may run,
//! and a function to call now and then with its [`Progress`]. A search that
//! runs out of its budget stops with the matching [`SearchError`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use slide_core::Instant;

use crate::SearchError;

/// The most bytes a hashed search of boards of at most 16 cells holds per
/// stored state: its visited map (16 bytes and a control byte per slot, at
/// least 7 of 16 slots used right after the map doubles, and the old table
/// beside the new one while it does) and its layers (16 bytes per board, at
/// most two boards per stored state). Dense searches use tables of a fixed
/// size instead. The searches of wide boards store more per state, by
/// their packing (`wide_astar_state_bytes`, `wide_bidirectional_state_bytes`).
pub const BYTES_PER_STATE: usize = 100;

/// The memory the default caps allow one search: a gigabyte, a twentieth
/// of this project's 24 GB machine (`DEFAULT_STATE_LIMIT` states of
/// [`BYTES_PER_STATE`] bytes; fewer, larger ones on wide boards).
pub const DEFAULT_MEMORY: u64 = 1_000_000_000;

/// The most bytes a hash map holds per entry of `entry` bytes: a control
/// byte beside each slot; right after the table doubles only 7 of 16 slots
/// are full (16/7 slots an entry), and while it doubles the old table of
/// half as many slots is still held (8/7 more): 24/7 < 7/2 slots an entry.
/// (Measured: `record/2026-12-04-reliability.md`.)
pub(crate) const fn hashed_bytes(entry: usize) -> usize {
    (entry + 1) * 7 / 2
}

/// The most bytes a vector holds per element of `element` bytes: its
/// capacity doubles, so at most twice its length.
pub(crate) const fn vector_bytes(element: usize) -> usize {
    2 * element
}

/// How many states a search holding at most `state_bytes` bytes each may
/// store within `memory` bytes.
///
/// ```
/// use slide_solvers::{states_within, BYTES_PER_STATE, DEFAULT_MEMORY, DEFAULT_STATE_LIMIT};
/// assert_eq!(states_within(DEFAULT_MEMORY, BYTES_PER_STATE), DEFAULT_STATE_LIMIT);
/// ```
pub fn states_within(memory: u64, state_bytes: usize) -> usize {
    usize::try_from(memory / state_bytes.max(1) as u64).unwrap_or(usize::MAX)
}

/// What a search may spend, and whom it tells how it goes.
///
/// ```
/// use std::time::Duration;
/// use slide_core::{Board, Shape};
/// use slide_solvers::{bfs_with, Budget, SearchError};
/// let shape = Shape::new(3, 4).unwrap();
/// let start = Board::parse(shape, "x 11 10 9 8 7 6 5 4 3 1 2").unwrap();
/// let mut layers = 0;
/// let mut report = |_: &slide_solvers::Progress| layers += 1;
/// let mut budget = Budget {
///     max_states: 1000,
///     time_limit: Some(Duration::from_secs(60)),
///     progress: Some(&mut report),
///     ..Budget::default()
/// };
/// let error = bfs_with(&start, &Board::goal(shape), &mut budget).unwrap_err();
/// assert_eq!(error, SearchError::StateLimit { limit: 1000, state_bytes: slide_solvers::BYTES_PER_STATE });
/// assert!(layers > 0);
/// ```
pub struct Budget<'a> {
    /// The most states a search that stores them (breadth-first searches on
    /// boards of more than 10 cells, A*) may store: at most
    /// [`BYTES_PER_STATE`] bytes each on boards of at most 16 cells, more on
    /// wide boards (see each search).
    pub max_states: usize,
    /// The longest path IDA* looks for; beyond it, [`SearchError::TooLong`].
    pub max_length: Option<usize>,
    /// How long the search may run; beyond it, [`SearchError::OutOfTime`].
    pub time_limit: Option<Duration>,
    /// Called when a layer or an iteration starts, and every few tenths of
    /// a second while it runs.
    pub progress: Option<&'a mut dyn FnMut(&Progress)>,
    /// Set by another thread when the search should stop (the Python
    /// package's Ctrl-C): the search stops at its next look at the clock,
    /// with [`SearchError::Cancelled`].
    pub stop: Option<&'a AtomicBool>,
}

/// The default cap on stored states of the searches of boards of at most
/// 16 cells: [`DEFAULT_MEMORY`] at [`BYTES_PER_STATE`] bytes each.
pub const DEFAULT_STATE_LIMIT: usize = 10_000_000;

impl Default for Budget<'_> {
    fn default() -> Self {
        Budget {
            max_states: DEFAULT_STATE_LIMIT,
            max_length: None,
            time_limit: None,
            progress: None,
            stop: None,
        }
    }
}

/// The most memory `states` stored states of at most `state_bytes` bytes
/// each take, in words: `100 kB`, `1.0 GB`.
///
/// ```
/// use slide_solvers::{state_memory, BYTES_PER_STATE};
/// assert_eq!(state_memory(1000, BYTES_PER_STATE), "100 kB");
/// assert_eq!(state_memory(10_000_000, BYTES_PER_STATE), "1.0 GB");
/// ```
pub fn state_memory(states: u64, state_bytes: usize) -> String {
    let bytes = states.saturating_mul(state_bytes as u64) as f64;
    match bytes {
        b if b >= 1e9 => format!("{:.1} GB", b / 1e9),
        b if b >= 1e6 => format!("{:.0} MB", b / 1e6),
        b => format!("{:.0} kB", b / 1e3),
    }
}

/// How a running search is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The layer a breadth-first search is expanding (its distance from the
    /// root), or the bound of IDA*'s iteration.
    pub depth: usize,
    /// The states stored (breadth-first searches; 0 for IDA*).
    pub stored: u64,
    /// The nodes generated so far.
    pub generated: u64,
    /// The time since the search started.
    pub elapsed: Duration,
}

/// How often a running search reports.
const REPORT_EVERY: Duration = Duration::from_millis(200);

/// A search's clock: it checks the budget's time limit and calls its
/// progress function. Searches call [`Watch::tick`] often (every chunk of a
/// layer, every few thousand IDA* nodes); the clock is read on every call,
/// some tens of nanoseconds against microseconds of work.
pub(crate) struct Watch<'b, 'a> {
    budget: &'b mut Budget<'a>,
    started: Instant,
    next_report: Duration,
}

impl<'b, 'a> Watch<'b, 'a> {
    /// Starts the clock of a search with `budget`.
    pub(crate) fn new(budget: &'b mut Budget<'a>) -> Watch<'b, 'a> {
        Watch {
            budget,
            started: Instant::now(),
            next_report: Duration::ZERO,
        }
    }

    /// Reports progress now, as a layer or an iteration starts.
    pub(crate) fn report(&mut self, depth: usize, stored: u64, generated: u64) {
        let elapsed = self.started.elapsed();
        self.next_report = elapsed + REPORT_EVERY;
        if let Some(progress) = self.budget.progress.as_mut() {
            progress(&Progress {
                depth,
                stored,
                generated,
                elapsed,
            });
        }
    }

    /// Fails once the time limit has passed or the stop flag is set;
    /// reports progress when it is due.
    pub(crate) fn tick(&mut self, depth: usize, stored: u64, generated: u64) -> Result<(), SearchError> {
        if self.budget.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            return Err(SearchError::Cancelled);
        }
        let elapsed = self.started.elapsed();
        if let Some(limit) = self.budget.time_limit {
            if elapsed >= limit {
                return Err(SearchError::OutOfTime { limit });
            }
        }
        if elapsed >= self.next_report {
            self.report(depth, stored, generated);
        }
        Ok(())
    }
}
