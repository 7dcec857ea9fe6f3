//! The reductions from positions of the 8-puzzle (every one with
//! `SLIDE_EXHAUSTIVE`, a sample otherwise; see
//! [`slide_testdata::eight_puzzle_sample`]): paths that replay, never
//! shorter than the optimum, and optimal where the reduction is one search.

use slide_core::Board;
use slide_core::LargeBoard;
use slide_large::{reduce, reduce_by_search};
use slide_testdata::check_path;

/// The 8-puzzle position `board` as a board of any size.
fn large(board: &Board) -> LargeBoard {
    let cells = board.cells().iter().map(|&t| t as u32).collect();
    LargeBoard::new(3, 3, cells).unwrap()
}

#[test]
fn the_reduction_reaches_the_goal_from_every_position() {
    let (goal, _) = slide_testdata::eight_puzzle_positions();
    let positions = slide_testdata::eight_puzzle_sample();
    let large_goal = large(goal);
    let too_short: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = positions
            .chunks((positions.len() + 1) / 2)
            .map(|half| {
                let large_goal = &large_goal;
                scope.spawn(move || {
                    let mut wrong = Vec::new();
                    for (start, distance) in half {
                        let start = large(start);
                        let path = reduce(&start, large_goal, u64::MAX).unwrap().unwrap();
                        let mut board = start.clone();
                        if board.apply_path(&path).is_some() || &board != large_goal || path.len() < *distance {
                            wrong.push(format!("{start}: {} moves, optimal {distance}", path.len()));
                        }
                    }
                    wrong
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    });
    assert!(
        too_short.is_empty(),
        "{} wrong paths, such as {}",
        too_short.len(),
        too_short[0]
    );
}

/// On 3x3 the reduction by search is one IDA* from the start: optimal.
#[test]
fn the_reduction_by_search_is_optimal_on_3x3() {
    let (goal, _) = slide_testdata::eight_puzzle_positions();
    let positions = slide_testdata::eight_puzzle_sample();
    std::thread::scope(|scope| {
        for half in positions.chunks((positions.len() + 1) / 2) {
            scope.spawn(move || {
                for (start, distance) in half {
                    let path = reduce_by_search(&large(start), &large(goal), u64::MAX).unwrap();
                    check_path("reduce_by_search", start, goal, path.as_deref(), Some(*distance));
                }
            });
        }
    });
}
