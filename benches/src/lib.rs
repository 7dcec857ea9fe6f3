//! Shared pieces of the benchmarks: the reference instance sets.

use std::path::{Path, PathBuf};

use slide_core::{Board, Shape};

/// The workspace's `testdata/` folder.
pub fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

/// One of Korf's 100 instances: its number, start, and optimal length.
pub struct KorfInstance {
    /// Its number in Korf's table, 1 to 100.
    pub id: usize,
    /// The start; the goal has the blank top-left and tile `t` in cell `t`.
    pub start: Board,
    /// The optimal solution length.
    pub optimal: usize,
}

/// Korf's goal: the blank in cell 0, tile `t` in cell `t`.
pub fn korf_goal() -> Board {
    let cells: Vec<u8> = (0..16).collect();
    Board::from_cells(Shape::new(4, 4).expect("4x4"), &cells).expect("a permutation")
}

/// Korf's 100 instances, from `testdata/reference/korf100.tsv`.
pub fn korf100() -> Result<Vec<KorfInstance>, String> {
    let path = testdata().join("reference/korf100.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let shape = Shape::new(4, 4).expect("4x4");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let bad = || format!("{}: bad line {line:?}", path.display());
            Ok(KorfInstance {
                id: fields.first().and_then(|f| f.parse().ok()).ok_or_else(bad)?,
                start: Board::parse(shape, fields.get(1).ok_or_else(bad)?).map_err(|e| format!("{}: {e}", bad()))?,
                optimal: fields.get(2).and_then(|f| f.parse().ok()).ok_or_else(bad)?,
            })
        })
        .collect()
}

/// A set of 3x3 boards from `testdata/bench/NAME.txt`, one per line.
pub fn eight_puzzle_set(name: &str) -> Result<Vec<Board>, String> {
    let path = testdata().join("bench").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| Board::parse_rows(line, None).map_err(|e| format!("{}: {line}: {e}", path.display())))
        .collect()
}

/// The 8-puzzle as the `pathfinding` crate's users write it: nine bytes, 0 the blank.
pub mod plain {
    use slide_core::Board;

    /// A board as `[u8; 9]`.
    pub type Plain = [u8; 9];

    /// The plain form of a 3x3 board.
    pub fn from_board(board: &Board) -> Plain {
        std::array::from_fn(|cell| board.tile(cell) as u8)
    }

    /// The boards one move away: the blank swapped with each neighbour.
    pub fn successors(board: &Plain) -> Vec<Plain> {
        let blank = board.iter().position(|&t| t == 0).expect("a blank");
        let (row, col) = (blank / 3, blank % 3);
        let mut next = Vec::with_capacity(4);
        let mut swap = |other: usize| {
            let mut b = *board;
            b.swap(blank, other);
            next.push(b);
        };
        if row > 0 {
            swap(blank - 3);
        }
        if row < 2 {
            swap(blank + 3);
        }
        if col > 0 {
            swap(blank - 1);
        }
        if col < 2 {
            swap(blank + 1);
        }
        next
    }

    /// The `pathfinding` crate's breadth-first search; the path's length.
    pub fn bfs(start: &Plain, goal: &Plain) -> Option<usize> {
        pathfinding::prelude::bfs(start, successors, |b| b == goal).map(|path| path.len() - 1)
    }

    /// The `pathfinding` crate's two-ended breadth-first search; the path's length.
    pub fn bfs_bidirectional(start: &Plain, goal: &Plain) -> Option<usize> {
        pathfinding::prelude::bfs_bidirectional(start, goal, successors, successors).map(|path| path.len() - 1)
    }

    /// The `pathfinding` crate's IDA* with Manhattan distance; the path's length.
    pub fn idastar(start: &Plain, goal: &Plain) -> Option<usize> {
        pathfinding::prelude::idastar(
            start,
            |b| successors(b).into_iter().map(|n| (n, 1u32)),
            |b| manhattan(b, goal),
            |b| b == goal,
        )
        .map(|(_, cost)| cost as usize)
    }

    /// The Manhattan distance to `goal`.
    pub fn manhattan(board: &Plain, goal: &Plain) -> u32 {
        let mut total = 0;
        for (cell, &tile) in board.iter().enumerate() {
            if tile != 0 {
                let home = goal.iter().position(|&t| t == tile).expect("the same tiles");
                total += ((cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3)) as u32;
            }
        }
        total
    }
}
