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

    /// The `pathfinding` crate's bidirectional breadth-first search; the path's length.
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

/// The reductions of boards of any size, measured: what the `large` binary
/// prints and the report plots.
pub mod large {
    use std::time::{Duration, Instant};

    use slide_core::LargeBoard;
    use slide_core::{Move, SplitMix64};
    use slide_large::{reduce_by_search_into, reduce_into, ReduceError};

    /// A reduction that hands its moves on a line at a time:
    /// [`reduce_into`] or [`reduce_by_search_into`].
    pub type Reducer = fn(&LargeBoard, &LargeBoard, u64, &mut dyn FnMut(&[Move])) -> Result<Option<u64>, ReduceError>;

    /// The reductions compared, with their names.
    pub const REDUCERS: [(&str, Reducer); 2] = [("reduce", reduce_into), ("reduce_by_search", reduce_by_search_into)];

    /// One board's result.
    #[derive(Clone, Copy, Debug)]
    pub struct Run {
        /// The path's length.
        pub length: usize,
        /// The Manhattan distance, a lower bound.
        pub manhattan: u64,
        /// How long the reduction took.
        pub time: Duration,
    }

    /// Runs `reducer` from `start` to `goal`, and checks the path by
    /// replaying it as it comes, a line at a time, so that no board's path
    /// is held whole (a 1000x1000 board's is nearly two billion moves). The
    /// time includes the replay: about 1% of it.
    ///
    /// # Panics
    /// Panics if the reducer fails or its path does not lead to `goal`.
    pub fn run(reducer: Reducer, start: &LargeBoard, goal: &LargeBoard) -> Run {
        let mut end = start.clone();
        let mut on_board = true;
        let began = Instant::now();
        let length = reducer(start, goal, u64::MAX, &mut |moves| {
            on_board &= end.apply_path(moves).is_none();
        })
        .expect("no limit on the length")
        .expect("solvable boards");
        let time = began.elapsed();
        assert!(on_board, "{start}: the path leaves the board");
        assert_eq!(&end, goal, "{start}: the path ends elsewhere");
        Run {
            length: length as usize,
            manhattan: start.manhattan(goal),
            time,
        }
    }

    /// `count` seeded random boards of `n` x `n` that reach the goal (the
    /// seed is `n`, so every run draws the same boards).
    pub fn random_boards(n: usize, count: usize) -> Vec<LargeBoard> {
        let goal = LargeBoard::goal(n, n);
        let mut random = SplitMix64::new(n as u64);
        (0..count).map(|_| LargeBoard::random(&goal, &mut random)).collect()
    }

    /// What a size's runs come to.
    #[derive(Clone, Copy, Debug)]
    pub struct Summary {
        /// The mean length.
        pub mean: f64,
        /// The mean ratio of length to Manhattan distance.
        pub over_manhattan: f64,
        /// The median and the largest time.
        pub median: Duration,
        /// The largest time.
        pub slowest: Duration,
    }

    /// The mean length, ratio and median and largest time of `runs` (not empty).
    pub fn summarize(runs: &[Run]) -> Summary {
        let count = runs.len() as f64;
        let mut times: Vec<Duration> = runs.iter().map(|r| r.time).collect();
        times.sort();
        Summary {
            mean: runs.iter().map(|r| r.length as f64).sum::<f64>() / count,
            over_manhattan: runs
                .iter()
                .map(|r| r.length as f64 / r.manhattan.max(1) as f64)
                .sum::<f64>()
                / count,
            median: times[times.len() / 2],
            slowest: times[times.len() - 1],
        }
    }
}
