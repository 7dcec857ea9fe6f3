//! Random pairs on several shapes: every solver finds a path of the same,
//! shortest, length, and every path replays.

use crate::common::check_answer;
use slide_core::{is_solvable, Board, Shape, SplitMix64};
use slide_solvers::{
    astar, bfs, bidirectional_bfs, ida_star, DistanceTable, Heuristic, LinearConflict, Manhattan, WalkingDistance,
};

/// Solves `start` to `target` with every solver that can finish on this
/// pair (`with_bfs`: plain BFS too), checks that they agree, and returns the length.
fn check_pair(start: &Board, target: &Board, with_bfs: bool) -> Option<usize> {
    let reference = bidirectional_bfs(start, target).unwrap();
    let expected = reference.length();
    assert_eq!(expected.is_some(), is_solvable(start, target));
    check_answer("bidirectional_bfs", start, target, &reference, expected);
    check_answer(
        "ida_star md",
        start,
        target,
        &ida_star(start, target, Manhattan).unwrap(),
        expected,
    );
    check_answer(
        "ida_star lc",
        start,
        target,
        &ida_star(start, target, LinearConflict).unwrap(),
        expected,
    );
    check_answer(
        "astar lc",
        start,
        target,
        &astar(start, target, LinearConflict).unwrap(),
        expected,
    );
    // Walking distance is offered where its tables stay small (not 2x7, 2x8).
    if WalkingDistance.estimate(start, target).is_ok() {
        let wd = ida_star(start, target, WalkingDistance).unwrap();
        check_answer("ida_star wd", start, target, &wd, expected);
        check_answer(
            "astar wd",
            start,
            target,
            &astar(start, target, WalkingDistance).unwrap(),
            expected,
        );
    }
    if with_bfs {
        check_answer("bfs", start, target, &bfs(start, target).unwrap(), expected);
    }
    if let Ok(table) = DistanceTable::for_target(target) {
        check_answer(
            "distance_table",
            start,
            target,
            &table.solve(start, target).unwrap(),
            expected,
        );
    }
    expected
}

#[test]
fn random_pairs_on_small_boards() {
    let mut rng = SplitMix64::new(1);
    for (rows, cols) in [(3, 3), (2, 4), (4, 2), (2, 3), (2, 5)] {
        let shape = Shape::new(rows, cols).unwrap();
        let mut unsolvable = 0;
        for _ in 0..40 {
            // Any two arrangements: about half the pairs cannot be solved.
            let (start, target) = (rng.board(&Board::goal(shape)), rng.board(&Board::goal(shape)));
            if check_pair(&start, &target, true).is_none() {
                unsolvable += 1;
            }
        }
        assert!((5..=35).contains(&unsolvable), "{shape}: {unsolvable} of 40 unsolvable");
    }
}

#[test]
fn random_pairs_on_3x4() {
    let mut rng = SplitMix64::new(2);
    let shape = Shape::new(3, 4).unwrap();
    for _ in 0..6 {
        let target = rng.board(&Board::goal(shape));
        let start = rng.solvable_board(&target);
        // BFS would store hundreds of millions of states at these depths.
        check_pair(&start, &target, false);
    }
    for _ in 0..10 {
        let target = rng.board(&Board::goal(shape));
        let start = rng.scramble(&target, 18);
        check_pair(&start, &target, true);
    }
}

#[test]
fn short_scrambles_of_4x4() {
    let mut rng = SplitMix64::new(3);
    let shape = Shape::new(4, 4).unwrap();
    for moves in [0, 1, 5, 10, 15, 20] {
        let target = rng.board(&Board::goal(shape));
        let start = rng.scramble(&target, moves);
        let length = check_pair(&start, &target, moves <= 15).unwrap();
        assert!(length <= moves && length % 2 == moves % 2);
    }
}

#[test]
fn other_shapes_work_too() {
    let mut rng = SplitMix64::new(4);
    for (rows, cols) in [(2, 6), (6, 2), (2, 7), (2, 8), (8, 2), (3, 5), (5, 3), (4, 3)] {
        let shape = Shape::new(rows, cols).unwrap();
        let target = rng.board(&Board::goal(shape));
        let start = rng.scramble(&target, 14);
        check_pair(&start, &target, true);
        let unsolvable = rng.board(&Board::goal(shape));
        if !is_solvable(&unsolvable, &target) {
            assert_eq!(check_pair(&unsolvable, &target, true), None);
        }
    }
}

/// The first layers of 4x4 by a plain breadth-first search (a hash set and
/// `Board::apply`) match `fifteen-puzzle-distances.tsv`; the deepest layer's
/// positions, a sample of them, are solved at that distance by the searches
/// of boards too large for dense tables.
#[test]
fn fifteen_puzzle_layers_match_the_reference() {
    const DEPTH: usize = 16;
    let expected: Vec<u64> = slide_testdata::tsv_rows(&slide_testdata::reference("fifteen-puzzle-distances.tsv"))
        .iter()
        .take(DEPTH + 1)
        .map(|row| row[1].parse().unwrap())
        .collect();
    let goal = Board::goal(Shape::new(4, 4).unwrap());
    let mut seen = std::collections::HashSet::from([goal]);
    let mut layer = vec![goal];
    let mut counts = vec![1u64];
    while counts.len() <= DEPTH {
        let mut next = Vec::new();
        for board in &layer {
            for (_, child) in board.successors() {
                if seen.insert(child) {
                    next.push(child);
                }
            }
        }
        counts.push(next.len() as u64);
        layer = next;
    }
    assert_eq!(counts, expected);
    for start in layer.iter().step_by(layer.len() / 5) {
        check_pair(start, &goal, true);
        assert_eq!(bidirectional_bfs(start, &goal).unwrap().length(), Some(DEPTH));
    }
}
