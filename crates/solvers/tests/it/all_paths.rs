//! Every shortest path: counted against a counting oracle, and listed in order.

use std::collections::{HashMap, VecDeque};

use slide_core::{factorial, unrank, Board, MoveOrder, Shape};
use slide_solvers::{ida_star_all, AllPaths, Budget, DistanceTable, LinearConflict};

/// The number of shortest paths from every board to `goal`, by one
/// breadth-first search that adds up the counts of each board's parents in
/// the layer before: the plainest way to count them.
fn path_counts(goal: Board) -> HashMap<Board, (usize, u128)> {
    let mut counts = HashMap::from([(goal, (0usize, 1u128))]);
    let mut queue = VecDeque::from([goal]);
    while let Some(board) = queue.pop_front() {
        let (distance, count) = counts[&board];
        for (_, next) in board.successors() {
            let entry = counts.entry(next).or_insert_with(|| {
                queue.push_back(next);
                (distance + 1, 0)
            });
            if entry.0 == distance + 1 {
                entry.1 += count;
            }
        }
    }
    counts
}

/// Checks that `all` lists distinct shortest paths from `start` to `goal`
/// of `length` moves, in `order`, as many as `count` or `limit` allow.
fn check_listing(all: &AllPaths, start: &Board, goal: &Board, length: usize, order: MoveOrder) {
    assert_eq!(all.paths.len() as u128, all.count.min(all.limit as u128), "{start}");
    let rank = |path: &Vec<slide_core::Move>| -> Vec<usize> {
        path.iter()
            .map(|mv| order.moves().iter().position(|m| m == mv).unwrap())
            .collect()
    };
    for pair in all.paths.windows(2) {
        assert!(
            rank(&pair[0]) < rank(&pair[1]),
            "{start}: paths out of order or repeated"
        );
    }
    for path in &all.paths {
        crate::common::check_answer(
            "listed path",
            start,
            goal,
            &slide_solvers::Answer {
                path: Some(path.clone()),
                stats: Default::default(),
            },
            Some(length),
        );
    }
}

#[test]
fn counts_on_the_8_puzzle_match_a_counting_search() {
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let oracle = path_counts(goal);
    let table = DistanceTable::for_target(&goal).unwrap();
    let order = MoveOrder::parse("dlru").unwrap();
    // Every 97th arrangement by rank that reaches the goal: 935 positions.
    for r in (0..factorial(9)).step_by(194) {
        let start = unrank(shape, r).unwrap();
        let Some(&(distance, count)) = oracle.get(&start) else {
            assert_eq!(table.all_shortest_paths(&start, &goal, order, 5).unwrap(), None);
            continue;
        };
        let all = table.all_shortest_paths(&start, &goal, order, 50).unwrap().unwrap();
        assert_eq!(all.count, count, "table, {start}");
        check_listing(&all, &start, &goal, distance, order);
        if r % 970 == 0 {
            let searched = ida_star_all(&start, &goal, LinearConflict, order, 50, &mut Budget::default());
            let searched = searched.unwrap().unwrap();
            assert_eq!((searched.count, &searched.paths), (count, &all.paths), "IDA*, {start}");
        }
    }
}

/// A limit of 0 lists no path, even from the target itself, and still
/// counts them (issue 33).
#[test]
fn a_limit_of_zero_lists_none() {
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let table = DistanceTable::for_target(&goal).unwrap();
    let one_move = Board::parse(shape, "1 2 3 4 5 6 7 x 8").unwrap();
    for start in [goal, one_move] {
        let listed = table
            .all_shortest_paths(&start, &goal, MoveOrder::KORF, 0)
            .unwrap()
            .unwrap();
        assert_eq!((listed.count, listed.paths.len()), (1, 0), "table, {start}");
        let searched = ida_star_all(
            &start,
            &goal,
            LinearConflict,
            MoveOrder::KORF,
            0,
            &mut Budget::default(),
        );
        let searched = searched.unwrap().unwrap();
        assert_eq!((searched.count, searched.paths.len()), (1, 0), "IDA*, {start}");
    }
}
