//! Helpers shared by the solver tests: reference data, random boards, and
//! the check that a path really leads from start to target.

#![allow(dead_code)]

use std::path::PathBuf;

use slide_core::{Board, Shape, SplitMix64};
use slide_solvers::Answer;

/// A file of `testdata/reference/` (copied from the project's shared data).
pub fn reference(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/reference")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// The rows of a TSV file: comment lines (`#`) and the header dropped.
pub fn tsv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .skip(1)
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

/// The tests' random boards: a deterministic generator, so that failures repeat.
pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    /// A uniformly random arrangement of `shape`, solvable or not.
    pub fn board(&mut self, shape: Shape) -> Board {
        self.0.board(&Board::goal(shape))
    }

    /// A uniformly random arrangement that can reach `target`.
    pub fn solvable_board(&mut self, target: &Board) -> Board {
        self.0.solvable_board(target)
    }

    /// `moves` random moves from `board`, never undoing the previous one.
    pub fn scramble(&mut self, board: &Board, moves: usize) -> Board {
        self.0.scramble(board, moves)
    }
}

/// Checks that `answer` is a path from `start` to `target` of `expected`
/// moves (`None`: unsolvable), and returns its length.
pub fn check_answer(name: &str, start: &Board, target: &Board, answer: &Answer, expected: Option<usize>) {
    assert_eq!(answer.length(), expected, "{name}: length from {start} to {target}");
    if let Some(path) = &answer.path {
        assert_eq!(
            start.apply_path(path),
            Some(*target),
            "{name}: the path from {start} does not reach {target}"
        );
    }
}
