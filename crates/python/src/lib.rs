//! The Python package slide-puzzle (import slide_puzzle): solve, label and
//! estimate sliding-tile puzzles from numpy arrays.
//!
//! This crate is the package's native module, `slide_puzzle._native`; the
//! package's Python side (`python/slide_puzzle/__init__.py`) checks and
//! shapes what it is given (a numpy array of whole numbers, contiguous, as
//! `int64`, one board or a batch) and calls the functions here. Every
//! answer comes from the command line's own library ([`slide_cli`]): a board
//! is written as the command line reads it (rows of numbers, `_` for the
//! blank), so that a bad one gets the command line's message, word for
//! word, as a `ValueError`. A search that cannot finish (a cap) raises
//! `RuntimeError`. The searches run with the interpreter's lock released,
//! on threads of their own, while the calling thread looks for signals
//! every 50 ms (`SIGNAL_POLL`) until they end: a Ctrl-C stops them and raises `KeyboardInterrupt`.
//! No argument sizes a buffer past what it can hold: a request past a
//! stated limit is a `ValueError`, an allocation that fails a `MemoryError`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use numpy::ndarray::{Array3, ArrayView2, ArrayView3, Axis};
use numpy::{IntoPyArray, PyArray1, PyArray3, PyReadonlyArray2, PyReadonlyArray3};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use slide_cli::{CliError, Solver};
use slide_core::Move;

/// The one solver of the process: its tables are read once, whatever
/// calls need them.
fn solver() -> &'static Solver {
    static SOLVER: std::sync::OnceLock<Solver> = std::sync::OnceLock::new();
    SOLVER.get_or_init(Solver::new)
}

/// How often a call that searches looks for a signal (Ctrl-C) while its
/// searches run: a stop is seen well within a second.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The most cells `random_boards` makes in one call: 2^30, 8 GiB of `int64`.
const MAX_RANDOM_CELLS: usize = 1 << 30;

/// `work(stop)` on a thread of its own, the interpreter's lock released,
/// while this thread waits for its end and, every [`SIGNAL_POLL`] it goes
/// on, looks for signals: when one raises (Ctrl-C's `KeyboardInterrupt`),
/// `stop` is set, the work is waited for (its searches stop at their next
/// look at the clock) and the error raised. Work that ends sooner is
/// answered at once.
fn until_interrupted<T: Send>(py: Python<'_>, work: impl FnOnce(&Arc<AtomicBool>) -> T + Send) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, ended) = std::sync::mpsc::channel();
            let stop = &stop;
            scope.spawn(move || {
                let _ = done.send(work(stop));
            });
            let mut raised = None;
            loop {
                match ended.recv_timeout(SIGNAL_POLL) {
                    Ok(result) => return raised.map_or(Ok(result), Err),
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) if raised.is_none() => {
                        if let Err(error) = Python::attach(|py| py.check_signals()) {
                            stop.store(true, Ordering::Relaxed);
                            raised = Some(error);
                        }
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("a search does not panic"),
                }
            }
        })
    })
}

/// The command line's failure as Python's: bad input (status 2) a
/// `ValueError`, a search that could not finish a `RuntimeError`; `board`
/// names which board of a batch.
fn raised(error: CliError, board: Option<usize>) -> PyErr {
    let message = match board {
        Some(index) => format!("board {index}: {}", error.message),
        None => error.message,
    };
    match error.status {
        2 => PyValueError::new_err(message),
        _ => PyRuntimeError::new_err(message),
    }
}

/// `cells` written as the command line reads a board: rows of numbers
/// separated by ` / `, `blank` as `_`. Numbers are written as they are, so
/// that one out of range gets the command line's message; a 0 where the
/// blank is another value is not a tile, and is refused here.
fn written(cells: ArrayView2<'_, i64>, blank: i64) -> Result<String, String> {
    let mut text = String::with_capacity(cells.len() * 3);
    for (row, values) in cells.axis_iter(Axis(0)).enumerate() {
        if row > 0 {
            text.push_str(" / ");
        }
        for (col, &value) in values.iter().enumerate() {
            if col > 0 {
                text.push(' ');
            }
            if value == blank {
                text.push('_');
            } else if value == 0 {
                return Err(format!(
                    "row {}, column {}: 0 is not a tile here (the blank is {blank})",
                    row + 1,
                    col + 1
                ));
            } else {
                text.push_str(&value.to_string());
            }
        }
    }
    Ok(text)
}

/// The boards of a batch written as the command line reads them; the goal's
/// too, if given. A board that cannot be written is refused by its index.
fn written_all(
    boards: ArrayView3<'_, i64>,
    goal: Option<ArrayView2<'_, i64>>,
    blank: i64,
) -> PyResult<(Vec<String>, Option<String>)> {
    let cells = boards.shape()[1] * boards.shape()[2];
    if blank > 0 && (blank as u128) < cells as u128 {
        return Err(PyValueError::new_err(format!(
            "blank={blank} is a tile's number: the blank is 0 or a value outside 1 to {}",
            cells - 1
        )));
    }
    let goal = goal
        .map(|goal| written(goal, blank).map_err(|why| PyValueError::new_err(format!("the goal: {why}"))))
        .transpose()?;
    let texts = boards
        .axis_iter(Axis(0))
        .enumerate()
        .map(|(index, board)| {
            written(board, blank).map_err(|why| PyValueError::new_err(format!("board {index}: the board: {why}")))
        })
        .collect::<PyResult<Vec<String>>>()?;
    Ok((texts, goal))
}

/// The instances of a batch: each board with the goal.
fn instances<'t>(texts: &'t [String], goal: &'t Option<String>) -> Vec<(&'t str, Option<&'t str>)> {
    texts.iter().map(|text| (text.as_str(), goal.as_deref())).collect()
}

/// A path's moves as Python's actions: up 0, down 1, left 2, right 3.
fn action(mv: Move) -> u8 {
    match mv {
        Move::Up => 0,
        Move::Down => 1,
        Move::Left => 2,
        Move::Right => 3,
    }
}

/// A budget in seconds as a duration: positive and finite, or a
/// `ValueError` that says so.
fn seconds(budget: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    budget
        .map(|seconds| {
            std::time::Duration::try_from_secs_f64(seconds)
                .ok()
                .filter(|duration| !duration.is_zero())
                .ok_or_else(|| {
                    PyValueError::new_err(format!("budget: expected a positive number of seconds, not {seconds}"))
                })
        })
        .transpose()
}

/// The native module `slide_puzzle._native`.
#[pymodule]
mod _native {
    use super::*;

    /// One board's answer on every core: `(length, moves, actions,
    /// optimal)`, length `None` when the goal cannot be reached.
    #[pyfunction]
    #[pyo3(signature = (board, goal, blank, budget))]
    fn solve_one(
        py: Python<'_>,
        board: PyReadonlyArray3<'_, i64>,
        goal: Option<PyReadonlyArray2<'_, i64>>,
        blank: i64,
        budget: Option<f64>,
    ) -> PyResult<(Option<usize>, String, Vec<u8>, bool)> {
        let (texts, goal) = written_all(board.as_array(), goal.as_ref().map(|g| g.as_array()), blank)?;
        let budget = seconds(budget)?;
        let answer = until_interrupted(py, |stop| {
            solver().solve_until(&texts[0], goal.as_deref(), budget, stop)
        })?
        .map_err(|error| raised(error, None))?;
        let path = answer.path.clone().unwrap_or_default();
        Ok((
            answer.path.as_ref().map(Vec::len),
            answer.moves().unwrap_or_default(),
            path.into_iter().map(action).collect(),
            answer.optimal,
        ))
    }

    /// Every board's answer, side by side on `threads` threads (by default
    /// every core): lengths (-1 when the goal cannot be reached), moves,
    /// and whether each path is a shortest one.
    #[pyfunction]
    #[pyo3(signature = (boards, goal, blank, threads, budget))]
    #[allow(clippy::type_complexity)]
    fn solve_many<'py>(
        py: Python<'py>,
        boards: PyReadonlyArray3<'py, i64>,
        goal: Option<PyReadonlyArray2<'py, i64>>,
        blank: i64,
        threads: Option<usize>,
        budget: Option<f64>,
    ) -> PyResult<(Bound<'py, PyArray1<i32>>, Vec<String>, Bound<'py, PyArray1<bool>>)> {
        let (texts, goal) = written_all(boards.as_array(), goal.as_ref().map(|g| g.as_array()), blank)?;
        let budget = seconds(budget)?;
        let answers = until_interrupted(py, |stop| {
            solver().solve_many_until(&instances(&texts, &goal), threads, budget, stop)
        })?;
        let mut lengths = Vec::with_capacity(answers.len());
        let mut moves = Vec::with_capacity(answers.len());
        let mut optimal = Vec::with_capacity(answers.len());
        for (index, answer) in answers.into_iter().enumerate() {
            let answer = answer.map_err(|error| raised(error, Some(index)))?;
            lengths.push(answer.path.as_ref().map_or(-1, |path| path.len() as i32));
            moves.push(answer.moves().unwrap_or_default());
            optimal.push(answer.optimal);
        }
        Ok((lengths.into_pyarray(py), moves, optimal.into_pyarray(py)))
    }

    /// Each board's estimate `heuristic` (the command line's name).
    #[pyfunction]
    #[pyo3(signature = (boards, heuristic, goal, blank))]
    fn estimate<'py>(
        py: Python<'py>,
        boards: PyReadonlyArray3<'py, i64>,
        heuristic: &str,
        goal: Option<PyReadonlyArray2<'py, i64>>,
        blank: i64,
    ) -> PyResult<Bound<'py, PyArray1<i32>>> {
        let (texts, goal) = written_all(boards.as_array(), goal.as_ref().map(|g| g.as_array()), blank)?;
        let values = py.detach(|| {
            texts
                .iter()
                .enumerate()
                .map(|(index, text)| {
                    let value = solver()
                        .estimate(text, goal.as_deref(), heuristic)
                        .map_err(|error| (error, index))?;
                    Ok(value as i32)
                })
                .collect::<Result<Vec<i32>, (CliError, usize)>>()
        });
        let values = values.map_err(|(error, index)| raised(error, Some(index)))?;
        Ok(values.into_pyarray(py))
    }

    /// Whether each board can reach the goal.
    #[pyfunction]
    #[pyo3(signature = (boards, goal, blank))]
    fn is_solvable<'py>(
        py: Python<'py>,
        boards: PyReadonlyArray3<'py, i64>,
        goal: Option<PyReadonlyArray2<'py, i64>>,
        blank: i64,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let (texts, goal) = written_all(boards.as_array(), goal.as_ref().map(|g| g.as_array()), blank)?;
        let solvable = texts
            .iter()
            .enumerate()
            .map(|(index, text)| slide_cli::solvable(text, goal.as_deref()).map_err(|error| raised(error, Some(index))))
            .collect::<PyResult<Vec<bool>>>()?;
        Ok(solvable.into_pyarray(py))
    }

    /// `n` random solvable boards of `rows` by `cols` (the blank 0), as
    /// `slide random` makes them for the same seed.
    #[pyfunction]
    #[pyo3(signature = (rows, cols, n, seed, moves))]
    fn random_boards<'py>(
        py: Python<'py>,
        rows: usize,
        cols: usize,
        n: usize,
        seed: Option<u64>,
        moves: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray3<i64>>> {
        let boards = slide_cli::random_boards(rows, cols, seed, moves).map_err(|error| raised(error, None))?;
        let cells = rows * cols;
        let total = n
            .checked_mul(cells)
            .filter(|&total| total <= MAX_RANDOM_CELLS)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{n} boards of {rows}x{cols} are more than 2^30 cells (8 GiB), the most one call makes"
                ))
            })?;
        let mut values: Vec<i64> = Vec::new();
        values.try_reserve_exact(total).map_err(|_| {
            PyMemoryError::new_err(format!(
                "{n} boards of {rows}x{cols}: {} bytes cannot be had",
                total * 8
            ))
        })?;
        for board in boards.take(n) {
            values.extend(board.cells().iter().map(|&tile| i64::from(tile)));
        }
        let array = Array3::from_shape_vec((n, rows, cols), values).expect("n boards of rows by cols");
        Ok(array.into_pyarray(py))
    }
}
