//! Helpers shared by the solver tests: reference data, random boards, and
//! the check that a path really leads from start to target.

#![allow(dead_code)]

use std::path::PathBuf;

use slide_core::{is_solvable, Board, Move, Shape};
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

/// SplitMix64: a small, fast, deterministic generator, so that failures repeat.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A uniformly random arrangement of `shape`, solvable or not.
    pub fn board(&mut self, shape: Shape) -> Board {
        let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, self.below(i + 1));
        }
        Board::from_cells(shape, &cells).unwrap()
    }

    /// A uniformly random arrangement that can reach `target`.
    pub fn solvable_board(&mut self, target: &Board) -> Board {
        loop {
            let board = self.board(target.shape());
            if is_solvable(&board, target) {
                return board;
            }
        }
    }

    /// `moves` random moves from `board`, never undoing the previous one.
    pub fn scramble(&mut self, board: &Board, moves: usize) -> Board {
        let mut board = *board;
        let mut last: Option<Move> = None;
        for _ in 0..moves {
            let options: Vec<(Move, Board)> = board
                .successors()
                .filter(|(mv, _)| Some(mv.reverse()) != last)
                .collect();
            let (mv, next) = options[self.below(options.len())];
            board = next;
            last = Some(mv);
        }
        board
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
