//! Every solver against the complete distance table, on every one of the
//! 181,440 positions of the 8-puzzle that can reach `1 2 3 / 4 5 6 / 7 8 _`.
//!
//! The table and bidirectional BFS are checked on every position always. Plain
//! BFS, IDA*, A* and the reductions take minutes of CPU on every position,
//! so by default they are checked on every position within 16 moves and on
//! every 50th of the others, and the ordered searches on every 1,000th; set
//! the environment variable `SLIDE_EXHAUSTIVE` (CI does) to check the
//! former on every position and the latter on every 250th.

use crate::common::check_answer;
use slide_core::{factorial, rank, unrank, Board, Move, MoveOrder, Shape};
use slide_solvers::{
    astar, bfs, bidirectional_bfs, ida_star, ida_star_in_order, ida_star_pruned, mirrored, Answer, Budget,
    DistanceTable, Estimate, Heuristic, LinearConflict, Manhattan, MaxOf, MoveFsm, SearchError, Slide, WalkingDistance,
};
use slide_testdata::{reference, tsv_rows};

/// Every solvable position of 3x3 with its distance to the goal, by the
/// oracle (see [`slide_testdata::naive_distances`]).
fn positions() -> (Board, Vec<(Board, usize)>) {
    slide_testdata::eight_puzzle_positions().clone()
}

/// Runs `solve` from every solvable position to the goal.
fn check_every_position(name: &str, solve: fn(&Board, &Board) -> Result<Answer, SearchError>) {
    let (goal, positions) = positions();
    check_positions(name, solve, &goal, &positions);
}

/// Runs `solve` from every solvable position when `SLIDE_EXHAUSTIVE` is set
/// (CI sets it), and otherwise from a sample: every position within 16
/// moves, and every 50th of the others (5,659 of the 181,440).
fn check_every_position_in_ci(name: &str, solve: fn(&Board, &Board) -> Result<Answer, SearchError>) {
    let (goal, positions) = positions_in_ci();
    check_positions(name, solve, &goal, &positions);
}

/// [`slide_testdata::eight_puzzle_sample`], with the goal.
fn positions_in_ci() -> (Board, Vec<(Board, usize)>) {
    (positions().0, slide_testdata::eight_puzzle_sample())
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

#[test]
fn the_table_agrees_with_a_naive_search_everywhere() {
    let (goal, positions) = positions();
    let table = DistanceTable::new(goal.shape(), goal.blank()).unwrap();
    assert_eq!(table.histogram().iter().sum::<u64>(), positions.len() as u64);
    for (board, distance) in &positions {
        assert_eq!(table.distance(board), Some(*distance), "{board}");
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
    check_every_position_in_ci("bfs", bfs);
}

#[test]
fn bidirectional_bfs_is_optimal_everywhere() {
    check_every_position("bidirectional_bfs", bidirectional_bfs);
}

/// The move machine, which also skips the start's mirrored moves, returns
/// the path the plain rule returns: the first shortest in Korf's order.
#[test]
fn duplicate_pruning_never_changes_a_path() {
    check_every_position_in_ci("ida_star manhattan with the move machine", |s, t| {
        let pruned = ida_star_pruned(s, t, Manhattan, MoveFsm::shared(), &mut Budget::default())?;
        assert_eq!(pruned.path, ida_star(s, t, Manhattan)?.path, "{s}");
        Ok(pruned)
    });
}

/// A mirrored move's child is as far from the goal as an earlier move's
/// child that is not mirrored, on every position; and there are such
/// positions (the goal's blank is in a corner, on the main diagonal).
#[test]
fn mirrored_moves_lead_as_far_as_earlier_ones() {
    let (goal, positions) = positions();
    let table = DistanceTable::for_target(&goal).unwrap();
    let mut marked = 0;
    for (board, _) in &positions {
        let mirrored = mirrored(board, &goal);
        let child = |mv: Move| board.apply(mv).map(|child| table.distance(&child));
        for later in Move::ALL.into_iter().filter(|&mv| mirrored[mv as usize]) {
            marked += 1;
            let earlier = Move::ALL[..later as usize].iter().filter(|&&mv| !mirrored[mv as usize]);
            assert!(
                earlier.clone().any(|&mv| child(mv) == child(later)),
                "{board}: {later:?}"
            );
        }
    }
    assert!(marked >= 100, "{marked} mirrored moves");
}

#[test]
fn ida_star_is_optimal_everywhere() {
    check_every_position_in_ci("ida_star manhattan", |s, t| ida_star(s, t, Manhattan));
    check_every_position_in_ci("ida_star linear conflict", |s, t| ida_star(s, t, LinearConflict));
    check_every_position_in_ci("ida_star walking distance", |s, t| ida_star(s, t, WalkingDistance));
    check_every_position_in_ci("ida_star max(walking distance, linear conflict)", |s, t| {
        ida_star(s, t, MaxOf(WalkingDistance, LinearConflict))
    });
}

#[test]
fn astar_is_optimal_everywhere() {
    check_every_position_in_ci("astar manhattan", |s, t| astar(s, t, Manhattan));
    check_every_position_in_ci("astar linear conflict", |s, t| astar(s, t, LinearConflict));
    check_every_position_in_ci("astar walking distance", |s, t| astar(s, t, WalkingDistance));
}

/// Walking distance never exceeds the distance, is 0 only at the goal, and
/// one move changes it by at most one: on every position of the 8-puzzle,
/// and of 2x4 and 4x2 (for other goals' blanks too).
#[test]
fn walking_distance_is_admissible_and_consistent_everywhere() {
    for (rows, cols, blank) in [(3, 3, 8), (3, 3, 4), (2, 4, 0), (4, 2, 5)] {
        let shape = Shape::new(rows, cols).unwrap();
        let goal = Board::goal_with_blank_at(shape, blank);
        let table = DistanceTable::for_target(&goal).unwrap();
        let (mut estimate, _) = WalkingDistance.start(&goal, &goal).unwrap();
        for r in 0..factorial(shape.cells()) {
            let board = unrank(shape, r).unwrap();
            let Some(distance) = table.distance(&board) else {
                continue;
            };
            // From scratch, and after each move from here.
            let h = estimate.reset(board.tiles());
            assert!(h as usize <= distance, "{board}: {h} > {distance}");
            assert_eq!(h == 0, distance == 0, "{board}");
            for (_, next) in board.successors() {
                let next_h = estimate.reset(next.tiles());
                let tile = board.tile(next.blank());
                estimate.reset(board.tiles());
                let slide = Slide {
                    tiles: next.tiles(),
                    tile,
                    from: next.blank(),
                    to: board.blank(),
                };
                let (moved_h, _) = estimate.moved(h, slide);
                assert_eq!(
                    moved_h, next_h,
                    "{board} -> {next}: the update agrees with a fresh start"
                );
                assert!(h.abs_diff(next_h) <= 1, "{board} -> {next}: {h} -> {next_h}");
            }
        }
    }
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

/// The shortest path from `start` to `goal` that comes first in `order`, by
/// a plain breadth-first search that expands children in that order: the
/// first path to reach a board is the first of its shortest paths, since
/// each layer is dequeued in the order of those paths.
fn first_shortest_path(start: Board, goal: Board, order: MoveOrder) -> Vec<Move> {
    // parent[rank]: the move that first reached the board, and its parent's rank.
    const UNSEEN: (u8, u32) = (u8::MAX, 0);
    let mut parent = vec![UNSEEN; factorial(start.shape().cells()) as usize];
    let mut queue = std::collections::VecDeque::from([start]);
    parent[rank(&start) as usize] = (4, 0);
    while let Some(board) = queue.pop_front() {
        if board == goal {
            break;
        }
        for mv in order.moves() {
            if let Some(next) = board.apply(mv) {
                let slot = &mut parent[rank(&next) as usize];
                if *slot == UNSEEN {
                    *slot = (mv as u8, rank(&board) as u32);
                    queue.push_back(next);
                }
            }
        }
    }
    let mut path = Vec::new();
    let mut here = rank(&goal);
    while here != rank(&start) {
        let (mv, previous) = parent[here as usize];
        path.push(Move::from_index(mv as usize));
        here = previous as u64;
    }
    path.reverse();
    path
}

/// On a sample of the solvable positions of the 8-puzzle and three move orders,
/// the table's ordered walk and ordered IDA* return the path the ordered
/// breadth-first search finds.
#[test]
fn the_first_shortest_path_in_any_order() {
    let (goal, positions) = positions();
    let table = DistanceTable::for_target(&goal).unwrap();
    // Each check is three breadth-first searches: every 250th position in
    // CI (726), every 1,000th otherwise.
    let every = if std::env::var_os("SLIDE_EXHAUSTIVE").is_some() {
        250
    } else {
        1000
    };
    let sample: Vec<Board> = positions.iter().step_by(every).map(|(board, _)| *board).collect();
    let orders = ["dlru", "ULRD", "rdul"].map(|text| MoveOrder::parse(text).unwrap());
    std::thread::scope(|scope| {
        for half in sample.chunks((sample.len() + 1) / 2) {
            let table = &table;
            scope.spawn(move || {
                for &start in half {
                    for order in orders {
                        let expected = first_shortest_path(start, goal, order);
                        let walked = table.solve_in_order(&start, &goal, order).unwrap().path.unwrap();
                        assert_eq!(walked, expected, "table, {start}, {order:?}");
                        let searched = ida_star_in_order(&start, &goal, LinearConflict, order, &mut Budget::default());
                        assert_eq!(searched.unwrap().path.unwrap(), expected, "IDA*, {start}, {order:?}");
                    }
                }
            });
        }
    });
}
