//! Shared pieces of the benchmarks: the 8-puzzle as the `pathfinding`
//! crate's users write it. The reference instance sets come from
//! `slide-testdata`, which the tests read too.
//!
//! The comparisons need the `bench` feature, which brings in criterion,
//! `pathfinding` and plotters: `cargo bench -p slide-benches --features bench`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The 8-puzzle as the `pathfinding` crate's users write it: nine bytes, 0 the blank.
#[cfg(feature = "bench")]
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

    /// The `pathfinding` crate's A* with Manhattan distance; the path's length.
    pub fn astar(start: &Plain, goal: &Plain) -> Option<usize> {
        pathfinding::prelude::astar(
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
