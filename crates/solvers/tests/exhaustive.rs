//! Every solver against the complete distance table, on every one of the
//! 181,440 positions of the 8-puzzle that can reach `1 2 3 / 4 5 6 / 7 8 _`.
//!
//! Plain BFS takes the longest: one search per position, each exploring
//! about half of the board's positions, some four minutes of CPU in all. So
//! by default BFS is checked on every position within 16 moves and on every
//! 50th of the others; set the environment variable `SLIDE_EXHAUSTIVE` (CI
//! does) to check it on every position too.

mod common;

use std::collections::HashMap;

use common::check_answer;
use slide_core::{factorial, unrank, Board, Shape};
use slide_solvers::{bfs, bidirectional_bfs, ida_star, Answer, DistanceTable, LinearConflict, Manhattan, SearchError};
use slide_testdata::{reference, tsv_rows};

/// Every solvable position of 3x3 with its distance to the goal, from the table.
fn positions() -> (Board, Vec<(Board, usize)>) {
    let shape = Shape::new(3, 3).unwrap();
    let table = DistanceTable::new(shape, 8).unwrap();
    let positions: Vec<(Board, usize)> = (0..factorial(9))
        .map(|r| unrank(shape, r).unwrap())
        .filter_map(|board| table.distance(&board).map(|d| (board, d)))
        .collect();
    assert_eq!(positions.len(), 181_440);
    (*table.goal(), positions)
}

/// Runs `solve` from every solvable position to the goal.
fn check_every_position(name: &str, solve: fn(&Board, &Board) -> Result<Answer, SearchError>) {
    let (goal, positions) = positions();
    check_positions(name, solve, &goal, &positions);
}

/// Runs `solve` from each of `positions` to `goal`, on two threads, and
/// checks each answer's length and path.
fn check_positions(
    name: &str,
    solve: fn(&Board, &Board) -> Result<Answer, SearchError>,
    goal: &Board,
    positions: &[(Board, usize)],
) {
    let goal = *goal;
    std::thread::scope(|scope| {
        for half in positions.chunks((positions.len() + 1) / 2) {
            scope.spawn(move || {
                for (start, distance) in half {
                    let answer = solve(start, &goal).unwrap();
                    check_answer(name, start, &goal, &answer, Some(*distance));
                }
            });
        }
    });
}

/// The oracle: every position's distance from `goal` by the plainest
/// breadth-first search there is (a queue, a hash map, and `Board::apply`),
/// sharing no code with the solvers.
fn naive_distances(goal: Board) -> HashMap<Board, usize> {
    let mut distances = HashMap::from([(goal, 0)]);
    let mut queue = std::collections::VecDeque::from([goal]);
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

#[test]
fn the_table_agrees_with_a_naive_search_everywhere() {
    let (goal, positions) = positions();
    let naive = naive_distances(goal);
    assert_eq!(naive.len(), positions.len());
    for (board, distance) in &positions {
        assert_eq!(naive.get(board), Some(distance), "{board}");
    }
}

#[test]
fn the_histogram_matches_the_reference() {
    let table = DistanceTable::new(Shape::new(3, 3).unwrap(), 8).unwrap();
    let expected: Vec<u64> = tsv_rows(&reference("eight-puzzle-distances.tsv"))
        .iter()
        .map(|row| row[1].parse().unwrap())
        .collect();
    assert_eq!(table.histogram(), expected);
}

#[test]
fn the_table_gives_replayable_paths() {
    let (goal, positions) = positions();
    let table = DistanceTable::for_target(&goal).unwrap();
    for (start, distance) in &positions {
        check_answer(
            "distance_table",
            start,
            &goal,
            &table.solve(start, &goal).unwrap(),
            Some(*distance),
        );
    }
}

#[test]
fn bfs_is_optimal_everywhere() {
    let (goal, positions) = positions();
    let positions: Vec<(Board, usize)> = if std::env::var_os("SLIDE_EXHAUSTIVE").is_some() {
        positions
    } else {
        positions
            .into_iter()
            .enumerate()
            .filter(|(i, (_, distance))| *distance <= 16 || i % 50 == 0)
            .map(|(_, position)| position)
            .collect()
    };
    check_positions("bfs", bfs, &goal, &positions);
}

#[test]
fn bidirectional_bfs_is_optimal_everywhere() {
    check_every_position("bidirectional_bfs", bidirectional_bfs);
}

#[test]
fn ida_star_is_optimal_everywhere() {
    check_every_position("ida_star manhattan", |s, t| ida_star(s, t, Manhattan));
    check_every_position("ida_star linear conflict", |s, t| ida_star(s, t, LinearConflict));
}

#[test]
fn unsolvable_positions_are_answered_by_every_solver() {
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let swapped = Board::parse(shape, "2 1 3 4 5 6 7 8 x").unwrap();
    let table = DistanceTable::for_target(&goal).unwrap();
    check_answer("table", &swapped, &goal, &table.solve(&swapped, &goal).unwrap(), None);
    check_answer("bfs", &swapped, &goal, &bfs(&swapped, &goal).unwrap(), None);
    check_answer(
        "bidi",
        &swapped,
        &goal,
        &bidirectional_bfs(&swapped, &goal).unwrap(),
        None,
    );
    check_answer(
        "ida md",
        &swapped,
        &goal,
        &ida_star(&swapped, &goal, Manhattan).unwrap(),
        None,
    );
    check_answer(
        "ida lc",
        &swapped,
        &goal,
        &ida_star(&swapped, &goal, LinearConflict).unwrap(),
        None,
    );
}
