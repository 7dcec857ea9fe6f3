//! The reference data of `testdata/reference/` and `testdata/bench/`, read
//! once here for every test, benchmark and report that uses it, and the
//! check that a path really leads from a start to a target.

use std::path::PathBuf;

use slide_core::{Board, Move, Shape};

use crate::testdata_root;

/// The text of `testdata/reference/NAME` (copied from the project's shared data).
///
/// # Panics
/// Panics if the file cannot be read: a test without its data must fail.
pub fn reference(name: &str) -> String {
    let path = testdata_root().join("reference").join(name);
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

/// One of Korf's 100 instances.
#[derive(Clone, Debug)]
pub struct KorfInstance {
    /// Its number in Korf's table, 1 to 100.
    pub id: usize,
    /// The start; the goal is [`korf_goal`].
    pub start: Board,
    /// The optimal solution length.
    pub optimal: usize,
    /// The Manhattan distance of the start.
    pub manhattan: u32,
    /// The nodes IDA* with Manhattan distance generates (see the file's header).
    pub ida_md_nodes: u64,
}

/// Korf's goal: the blank in cell 0, tile `t` in cell `t`.
pub fn korf_goal() -> Board {
    let cells: Vec<u8> = (0..16).collect();
    Board::from_cells(Shape::new(4, 4).expect("4x4"), &cells).expect("a permutation")
}

/// Korf's 100 instances, from `testdata/reference/korf100.tsv`.
///
/// # Panics
/// Panics if the file is missing or a line is malformed.
pub fn korf100() -> Vec<KorfInstance> {
    let shape = Shape::new(4, 4).expect("4x4");
    tsv_rows(&reference("korf100.tsv"))
        .iter()
        .map(|row| {
            let field = |i: usize| row.get(i).unwrap_or_else(|| panic!("korf100.tsv: short row {row:?}"));
            let number = |i: usize| -> u64 {
                field(i)
                    .parse()
                    .unwrap_or_else(|_| panic!("korf100.tsv: field {i} of {row:?}"))
            };
            KorfInstance {
                id: number(0) as usize,
                start: Board::parse(shape, field(1)).unwrap_or_else(|e| panic!("korf100.tsv: {e}")),
                optimal: number(2) as usize,
                manhattan: number(3) as u32,
                ida_md_nodes: number(4),
            }
        })
        .collect()
}

/// A set of 3x3 boards from `testdata/bench/NAME.txt`, one per line.
///
/// # Panics
/// Panics if the file is missing or a line is not a board.
pub fn eight_puzzle_set(name: &str) -> Vec<Board> {
    let path: PathBuf = testdata_root().join("bench").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| Board::parse_rows(line, None).unwrap_or_else(|e| panic!("{}: {line}: {e}", path.display())))
        .collect()
}

/// Checks that `path` is a way from `start` to `target` of `expected` moves
/// (both `None`: the target is unreachable).
///
/// # Panics
/// Panics, naming `name`, when the length differs or the moves do not lead
/// from `start` to `target`.
pub fn check_path(name: &str, start: &Board, target: &Board, path: Option<&[Move]>, expected: Option<usize>) {
    assert_eq!(
        path.map(<[Move]>::len),
        expected,
        "{name}: length from {start} to {target}"
    );
    if let Some(path) = path {
        assert_eq!(
            start.apply_path(path),
            Some(*target),
            "{name}: the path from {start} does not reach {target}"
        );
    }
}

/// One of Korf and Felner's 50 random 24-puzzles.
#[derive(Clone, Debug)]
pub struct KorfFelnerInstance {
    /// Its number in their table, 1 to 50.
    pub id: usize,
    /// The start; the goal has the blank in cell 0 and tile `t` in cell `t`.
    pub start: slide_core::LargeBoard,
    /// The optimal solution length.
    pub optimal: usize,
    /// The nodes their IDA* (6-6-6-6 and the reflection) generated, the
    /// root not counted (a third party's reproduction, node for node: the
    /// file's header).
    pub korf_felner_generated: u64,
}

/// Korf and Felner's 50 random 5x5 instances, from
/// `testdata/reference/korf-felner-24.tsv`.
pub fn korf_felner_24() -> Vec<KorfFelnerInstance> {
    tsv_rows(&reference("korf-felner-24.tsv"))
        .into_iter()
        .map(|row| {
            let field = |i: usize| {
                row.get(i)
                    .unwrap_or_else(|| panic!("korf-felner-24.tsv: short row {row:?}"))
            };
            // Node counts pass 2^32: read as u64 on every target.
            let number = |i: usize| {
                field(i)
                    .parse::<u64>()
                    .unwrap_or_else(|_| panic!("korf-felner-24.tsv: field {i} of {row:?}"))
            };
            let cells = field(1)
                .split_whitespace()
                .map(|t| t.parse().expect("a number"))
                .collect();
            KorfFelnerInstance {
                id: number(0) as usize,
                start: slide_core::LargeBoard::new(5, 5, cells).unwrap_or_else(|e| panic!("korf-felner-24.tsv: {e}")),
                optimal: number(2) as usize,
                korf_felner_generated: number(3),
            }
        })
        .collect()
}

/// Korf and Felner's goal: the blank in cell 0, tile `t` in cell `t`.
pub fn korf_felner_goal() -> slide_core::LargeBoard {
    slide_core::LargeBoard::new(5, 5, (0..25).collect()).expect("a permutation")
}
