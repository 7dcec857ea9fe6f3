//! The one check the solver tests share: an answer against the expected length.

use slide_core::Board;
use slide_solvers::Answer;
use slide_testdata::check_path;

/// Checks that `answer` is a path from `start` to `target` of `expected`
/// moves (`None`: unsolvable), naming `name` when it is not.
pub fn check_answer(name: &str, start: &Board, target: &Board, answer: &Answer, expected: Option<usize>) {
    check_path(name, start, target, answer.path.as_deref(), expected);
}
