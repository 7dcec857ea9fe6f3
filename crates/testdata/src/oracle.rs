//! The oracle of the 8-puzzle: every position's distance by the plainest
//! breadth-first search there is, sharing no code with the solvers.

use std::collections::{HashMap, VecDeque};
use std::sync::OnceLock;

use slide_core::{factorial, unrank, Board, Shape};

/// Every position's distance from `goal` by the plainest breadth-first
/// search there is: a queue, a hash map, and `Board::successors`.
pub fn naive_distances(goal: Board) -> HashMap<Board, usize> {
    let mut distances = HashMap::from([(goal, 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(board) = queue.pop_front() {
        let next_distance = distances[&board] + 1;
        for (_, next) in board.successors() {
            distances.entry(next).or_insert_with(|| {
                queue.push_back(next);
                next_distance
            });
        }
    }
    distances
}

/// The goal `1 2 3 / 4 5 6 / 7 8 _` and every one of the 181,440 positions
/// of the 8-puzzle that reach it, in the order of their ranks, each with
/// its distance by [`naive_distances`]; made once per test program.
pub fn eight_puzzle_positions() -> &'static (Board, Vec<(Board, usize)>) {
    static POSITIONS: OnceLock<(Board, Vec<(Board, usize)>)> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let shape = Shape::new(3, 3).expect("3x3");
        let goal = Board::goal(shape);
        let distances = naive_distances(goal);
        let positions: Vec<(Board, usize)> = (0..factorial(9))
            .map(|r| unrank(shape, r).expect("a rank"))
            .filter_map(|board| Some((board, *distances.get(&board)?)))
            .collect();
        assert_eq!(positions.len(), 181_440);
        (goal, positions)
    })
}

/// The positions the slow exhaustive checks run on: every one of
/// [`eight_puzzle_positions`] when the environment variable
/// `SLIDE_EXHAUSTIVE` is set (CI sets it), and otherwise every position
/// within 16 moves and every 50th of the others (5,659 of the 181,440).
pub fn eight_puzzle_sample() -> Vec<(Board, usize)> {
    let (_, positions) = eight_puzzle_positions();
    if std::env::var_os("SLIDE_EXHAUSTIVE").is_some() {
        return positions.clone();
    }
    positions
        .iter()
        .enumerate()
        .filter(|(i, (_, distance))| *distance <= 16 || i % 50 == 0)
        .map(|(_, position)| *position)
        .collect()
}
