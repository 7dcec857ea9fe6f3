//! Pattern databases: exact where they must be, never above the true
//! distance, changing by at most one per move, and optimal in IDA*.

use slide_core::{factorial, rank, unrank, Board, MoveOrder, Shape, SplitMix64};
use slide_pattern_db::{patterns_for, AdditivePdb, PatternDb, Split};
use slide_solvers::{astar, ida_star, ida_star_all, Budget, DistanceTable, Estimate, Heuristic, LinearConflict, Slide};
use slide_testdata::check_path;

#[test]
fn one_pattern_of_every_tile_is_the_exact_distance() {
    // With every tile in the pattern, every move is a pattern move and the
    // blank is the only free cell: the database is the distance table.
    let shape = Shape::new(3, 3).unwrap();
    let db = PatternDb::build(shape, &[0, 1, 2, 3, 4, 5, 6, 7], 8);
    let table = DistanceTable::new(shape, 8).unwrap();
    let mut checked = 0;
    for r in 0..factorial(9) {
        let board = unrank(shape, r).unwrap();
        if let Some(distance) = table.distance(&board) {
            let cells: Vec<u8> = (1..9)
                .map(|t| (0..9).find(|&c| board.tile(c) == t).unwrap() as u8)
                .collect();
            assert_eq!(db.value(&cells, board.blank()) as usize, distance, "{board}");
            checked += 1;
        }
    }
    assert_eq!(checked, 181_440);
}

#[test]
fn eight_tile_patterns_guide_the_search_optimally() {
    // The 7-8 split's large pattern has eight tiles, the most a pattern
    // holds: its index has eight digits, the last implied by the others.
    // On 3x3 a pattern of seven tiles and one of the eighth follow the
    // same code as 7-8 on 4x4; eight tiles in one pattern make the
    // estimate the exact distance, so IDA* walks straight to the goal.
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let whole = AdditivePdb::build(shape, &[&[0, 1, 2, 3, 4, 5, 6, 7]]);
    let split = AdditivePdb::build(shape, &[&[0, 1, 2, 3, 4, 5, 6], &[7]]);
    let table = DistanceTable::new(shape, 8).unwrap();
    let mut rng = SplitMix64::new(78);
    for _ in 0..100 {
        let start = rng.scramble(&goal, 60);
        let length = table.distance(&start);
        let answer = ida_star(&start, &goal, &whole).unwrap();
        check_path("ida_star 8-tile pattern", &start, &goal, answer.path.as_deref(), length);
        assert_eq!(
            answer.stats.expanded as usize,
            length.unwrap(),
            "{start}: straight to the goal"
        );
        check_path(
            "ida_star 7-1",
            &start,
            &goal,
            ida_star(&start, &goal, &split).unwrap().path.as_deref(),
            length,
        );
    }
}

/// Follows `slide` with `estimate`, started on the board before it: the
/// value it peeks and the one it moves to must be `expected`, the estimate
/// of the board after it computed from nothing. Undoes the move.
/// `what` names the move in a failure's message (made only then).
fn check_follows<E: Estimate>(estimate: &mut E, h: u32, slide: Slide, expected: u32, what: impl Fn() -> String) {
    assert_eq!(estimate.peek(h, slide), Some(expected), "{}: peeked", what());
    let (moved, undo) = estimate.moved(h, slide);
    assert_eq!(moved, expected, "{}: moved", what());
    estimate.undo(slide, undo);
}

/// Checks, on every solvable position of `shape`, that the databases of
/// `partition` never exceed the distance and change by at most one per
/// move, that their copies by cell read the same values, and that each
/// move's value, peeked and followed from the signs, is the value computed
/// from nothing.
fn check_admissible_and_consistent(shape: Shape, partition: &[&[u8]]) {
    let pdb = AdditivePdb::build(shape, partition);
    let by_cell = pdb.clone().into_by_cell().expect("small boards' tables copy by cell");
    let goal = Board::goal(shape);
    let table = DistanceTable::for_target(&goal).unwrap();
    let heuristic = &pdb;
    // Every position's estimate first, by rank (`None`: not solvable), so
    // that a move's estimate computed from nothing is read, not made again.
    let estimates: Vec<Option<u32>> = (0..factorial(shape.cells()))
        .map(|r| {
            let board = unrank(shape, r).unwrap();
            table.distance(&board)?;
            Some(heuristic.estimate(&board, &goal).unwrap())
        })
        .collect();
    for r in 0..factorial(shape.cells()) {
        let board = unrank(shape, r).unwrap();
        let Some(distance) = table.distance(&board) else {
            continue;
        };
        let (mut followed, h) = heuristic.start(&board, &goal).unwrap();
        let (mut followed_by_cell, h_by_cell) = (&by_cell).start(&board, &goal).unwrap();
        assert_eq!(Some(h), estimates[r as usize], "{board}");
        assert_eq!(h_by_cell, h, "{board} by cell");
        assert!(h as usize <= distance, "{board}: h {h} > {distance}");
        assert_eq!(h == 0, distance == 0);
        for (_, next) in board.successors() {
            let next_h = estimates[rank(&next) as usize].expect("a solvable board's neighbour is solvable");
            assert!(h.abs_diff(next_h) <= 1, "{board} -> {next}: {h} -> {next_h}");
            let from = next.blank();
            let slide = Slide {
                tiles: next.tiles(),
                tile: board.tile(from),
                from,
                to: board.blank(),
            };
            let what = || format!("{board} -> {next}");
            check_follows(&mut followed, h, slide, next_h, what);
            check_follows(&mut followed_by_cell, h, slide, next_h, || {
                format!("{} by cell", what())
            });
        }
    }
}

#[test]
fn a_2x3_board_split_3_2_is_admissible_and_consistent() {
    check_admissible_and_consistent(Shape::new(2, 3).unwrap(), &[&[0, 1, 2], &[3, 4]]);
}

#[test]
fn a_3x3_board_split_4_4_is_admissible_and_consistent() {
    check_admissible_and_consistent(Shape::new(3, 3).unwrap(), &[&[0, 1, 2, 3], &[4, 5, 6, 7]]);
}

#[test]
fn a_3x3_board_split_by_columns_is_admissible_and_consistent() {
    check_admissible_and_consistent(Shape::new(3, 3).unwrap(), &[&[0, 3, 6], &[1, 4], &[2, 5, 7]]);
}

#[test]
fn a_2x4_board_split_4_3_is_admissible_and_consistent() {
    check_admissible_and_consistent(Shape::new(2, 4).unwrap(), &[&[0, 1, 4, 5], &[2, 3, 6]]);
}

#[test]
fn fifteen_puzzle_estimates_on_random_walks() {
    let shape = Shape::new(4, 4).unwrap();
    let mut rng = SplitMix64::new(11);
    for (split, blank) in [
        (Split::FourFourFourThree, 15),
        (Split::FiveFiveFive, 0),
        (Split::FourFourFourThree, 3),
    ] {
        let pdb = AdditivePdb::fifteen_puzzle(split, blank).unwrap();
        let goal = Board::goal_with_blank_at(shape, blank);
        let heuristic = &pdb;
        for _ in 0..20 {
            let start = rng.scramble(&goal, 30);
            // Consistency along a further walk.
            let mut board = start;
            for _ in 0..200 {
                let next = rng.scramble(&board, 1);
                let (h, next_h) = (
                    heuristic.estimate(&board, &goal).unwrap(),
                    heuristic.estimate(&next, &goal).unwrap(),
                );
                assert!(h.abs_diff(next_h) <= 1, "{board} -> {next}: {h} -> {next_h}");
                board = next;
            }
            // Admissibility and optimality against IDA* with linear conflict.
            let reference = ida_star(&start, &goal, LinearConflict).unwrap();
            let length = reference.length().unwrap();
            assert!(heuristic.estimate(&start, &goal).unwrap() as usize <= length);
            let answer = ida_star(&start, &goal, heuristic).unwrap();
            check_path("ida_star pdb", &start, &goal, answer.path.as_deref(), Some(length));
            // The copies by cell step differently to the same values: the
            // same search, node for node.
            if let Ok(by_cell) = pdb.clone().into_by_cell() {
                assert_eq!(ida_star(&start, &goal, &by_cell).unwrap(), answer, "{start} by cell");
            }
        }
    }
}

#[test]
fn a_pattern_database_refuses_a_target_it_was_not_built_for() {
    let pdb = AdditivePdb::fifteen_puzzle(Split::FourFourFourThree, 15).unwrap();
    let shape = Shape::new(4, 4).unwrap();
    let target = Board::goal_with_blank_at(shape, 0);
    let error = ida_star(&target, &target, &pdb).err();
    // The start is the target: answered before the heuristic is consulted.
    assert_eq!(error, None);
    let start = target.apply(slide_core::Move::Right).unwrap();
    let error = ida_star(&start, &target, &pdb).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the pattern databases need the target's blank in cell 16, not 1"
    );
    assert!(AdditivePdb::fifteen_puzzle(Split::FiveFiveFive, 5).is_err());
}

#[test]
fn every_shape_of_12_to_16_cells_gets_patterns_that_solve_it_optimally() {
    let mut rng = SplitMix64::new(12);
    let shapes = Shape::all().filter(|shape| shape.cells() >= 12);
    for shape in shapes {
        let n = shape.cells();
        // The goal's blank last, and in a middle cell (4x4 splits take
        // corners only; the cut along the board takes any cell).
        for blank in [n - 1, n / 2 + 1] {
            for split in [Split::FourFourFourThree, Split::SixSixThree] {
                let patterns = patterns_for(split, shape, blank).unwrap();
                let mut cells: Vec<u8> = patterns.concat();
                cells.sort_unstable();
                let expected: Vec<u8> = (0..n as u8).filter(|&c| c as usize != blank).collect();
                assert_eq!(
                    cells, expected,
                    "{shape}, blank {blank}: one pattern per cell but the blank's"
                );
                assert!(patterns.iter().all(|p| !p.is_empty() && p.len() <= split.largest()));
            }
            // Four-tile patterns build in milliseconds: search with them.
            let patterns = patterns_for(Split::FourFourFourThree, shape, blank).unwrap();
            let patterns: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
            let pdb = AdditivePdb::build(shape, &patterns);
            let goal = Board::goal_with_blank_at(shape, blank);
            for _ in 0..3 {
                let start = rng.scramble(&goal, 40);
                let length = ida_star(&start, &goal, LinearConflict).unwrap().length();
                check_path(
                    "ida_star pdb",
                    &start,
                    &goal,
                    ida_star(&start, &goal, &pdb).unwrap().path.as_deref(),
                    length,
                );
                // A* puts every board it expands into the estimate afresh.
                let answer = astar(&start, &goal, &pdb).unwrap();
                check_path("astar pdb", &start, &goal, answer.path.as_deref(), length);
            }
        }
    }
}

/// Rosetta Code's 15-puzzle, 52 moves: the same two shortest paths by two
/// different sets of pattern databases.
#[test]
fn the_rosetta_15_puzzle_has_the_same_shortest_paths_by_two_estimates() {
    let shape = Shape::new(4, 4).unwrap();
    let start = Board::parse(shape, "15 14 1 6 9 11 4 12 0 10 7 3 13 8 5 2").unwrap();
    let goal = Board::goal(shape);
    let mut found = Vec::new();
    for split in [Split::FourFourFourThree, Split::FiveFiveFive] {
        let pdb = AdditivePdb::fifteen_puzzle(split, goal.blank()).unwrap();
        let all = ida_star_all(&start, &goal, &pdb, MoveOrder::KORF, 100, &mut Budget::default());
        let all = all.unwrap().unwrap();
        for path in &all.paths {
            check_path("rosetta", &start, &goal, Some(path), Some(52));
        }
        found.push((all.count, all.paths));
    }
    assert_eq!(found[0], found[1]);
    assert_eq!(found[0].0, 2);
}
