//! The reductions of boards of any size (`reduce`, `reduce_by_search`):
//! every path replays to the goal, refusals say why. (Their searches are
//! checked on every 3x3 position in `exhaustive.rs`.)

use slide_core::LargeBoard;
use slide_core::{Move, SplitMix64};
use slide_large::{reduce, reduce_by_search, ReduceError};

/// A reduction: `reduce` or one of its variants.
type Reducer = fn(&LargeBoard, &LargeBoard, u64) -> Result<Option<Vec<Move>>, ReduceError>;

/// The length of `reducer`'s path from `start` to `goal`, after replaying it.
fn check_with(reducer: Reducer, start: &LargeBoard, goal: &LargeBoard) -> usize {
    let path = reducer(start, goal, u64::MAX)
        .unwrap()
        .unwrap_or_else(|| panic!("{start} reaches {goal}"));
    let mut board = start.clone();
    assert_eq!(board.apply_path(&path), None, "{start}: the path leaves the board");
    assert_eq!(&board, goal, "{start}: the path ends elsewhere");
    path.len()
}

#[test]
fn reduce_reaches_the_goal_on_random_boards_of_random_shapes() {
    let mut random = SplitMix64::new(15);
    for _ in 0..300 {
        let rows = 2 + random.below(29);
        let cols = 2 + random.below(29);
        let goal = LargeBoard::goal(rows, cols);
        check_with(reduce, &LargeBoard::random(&goal, &mut random), &goal);
    }
}

#[test]
fn reduce_reaches_goals_with_the_blank_in_any_corner() {
    let mut random = SplitMix64::new(16);
    for (rows, cols) in [(5, 5), (6, 3), (3, 7), (2, 9), (9, 2), (10, 10)] {
        let n = (rows * cols) as u32;
        let corners = slide_core::Grid::new(rows, cols).unwrap().corners();
        for corner in corners {
            // Tiles in reading order around the blank in `corner`.
            let mut cells: Vec<u32> = (1..n).collect();
            cells.insert(corner, 0);
            let goal = LargeBoard::new(rows, cols, cells).unwrap();
            for _ in 0..5 {
                check_with(reduce, &LargeBoard::random(&goal, &mut random), &goal);
            }
        }
    }
}

#[test]
fn unsolvable_boards_are_answered_none() {
    let start =
        LargeBoard::parse_rows("2 1 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24 _").unwrap();
    assert_eq!(reduce(&start, &LargeBoard::goal(5, 5), u64::MAX), Ok(None));
}

#[test]
fn long_paths_are_refused_with_a_lower_bound() {
    let goal = LargeBoard::goal(20, 20);
    let start = LargeBoard::random(&goal, &mut SplitMix64::new(3));
    let refused = reduce(&start, &goal, 100).unwrap_err();
    assert_eq!(
        refused,
        ReduceError::TooLong {
            max_moves: 100,
            lower_bound: start.manhattan(&goal)
        }
    );
}

/// Goals whose blank is anywhere, also inside; the trivial answers first.
#[test]
fn goals_with_the_blank_anywhere_are_reached() {
    let mut random = SplitMix64::new(33);
    for _ in 0..60 {
        let (rows, cols) = (2 + random.below(7), 2 + random.below(7));
        let n = (rows * cols) as u32;
        let mut cells: Vec<u32> = (1..n).collect();
        cells.insert(random.below(rows * cols), 0);
        let goal = LargeBoard::new(rows, cols, cells).unwrap();
        let start = LargeBoard::random(&goal, &mut random);
        check_with(reduce, &start, &goal);
        check_with(reduce_by_search, &start, &goal);
        assert_eq!(reduce(&goal, &goal, 0), Ok(Some(Vec::new())));
    }
    let goal = LargeBoard::parse_rows("1 2 3 / 4 _ 5 / 6 7 8").unwrap();
    let swapped = LargeBoard::parse_rows("2 1 3 / 4 _ 5 / 6 7 8").unwrap();
    assert_eq!(reduce(&swapped, &goal, 100), Ok(None));
    // A board the finishing search takes whole is solved optimally towards
    // any goal, as `solved_whole` says.
    let shape = slide_core::Shape::new(3, 3).unwrap();
    let small_goal = slide_core::Board::goal_with_blank_at(shape, 4);
    for _ in 0..30 {
        let start = random.solvable_board(&small_goal);
        let large = |board: &slide_core::Board| {
            LargeBoard::new(3, 3, board.cells().iter().map(|&t| t as u32).collect()).unwrap()
        };
        let length = check_with(reduce_by_search, &large(&start), &large(&small_goal));
        let optimal = slide_solvers::ida_star(&start, &small_goal, slide_solvers::Manhattan)
            .unwrap()
            .length();
        assert_eq!(Some(length), optimal, "{start}");
    }
}

#[test]
fn reduce_twelve_reaches_goals_in_every_corner_on_random_boards() {
    let mut random = SplitMix64::new(12);
    for _ in 0..60 {
        let (rows, cols) = (2 + random.below(6), 2 + random.below(6));
        let n = (rows * cols) as u32;
        let corner = slide_core::Grid::new(rows, cols).unwrap().corners()[random.below(4)];
        let mut cells: Vec<u32> = (1..n).collect();
        cells.insert(corner, 0);
        let goal = LargeBoard::new(rows, cols, cells).unwrap();
        check_with(reduce_by_search, &LargeBoard::random(&goal, &mut random), &goal);
    }
}

#[test]
fn reduce_twelve_on_korf_and_felner_5x5_within_the_issues_bound() {
    // Issue 15 asks for a mean of at most 140 moves (1.39 times the
    // optimal 100.78); measured 135.7.
    let goal = slide_testdata::korf_felner_goal();
    let instances = slide_testdata::korf_felner_24();
    let total: usize = instances
        .iter()
        .map(|instance| check_with(reduce_by_search, &instance.start, &goal))
        .sum();
    assert!(
        total <= 140 * instances.len(),
        "mean {}",
        total as f64 / instances.len() as f64
    );
}

#[test]
fn reduce_on_random_30x30_boards_within_the_issues_bound() {
    // Issue 15 asks for a mean of at most 2 n^3 moves on boards from 20x20
    // to 100x100 (measured on 100 boards each: 1.90 to 1.98 n^3 with
    // `reduce`; the textbook method's 8/3 n^3 would fail this).
    let n = 30;
    let goal = LargeBoard::goal(n, n);
    let mut random = SplitMix64::new(30);
    let boards = 8;
    let total: usize = (0..boards)
        .map(|_| check_with(reduce, &LargeBoard::random(&goal, &mut random), &goal))
        .sum();
    let mean = total as f64 / boards as f64 / (n * n * n) as f64;
    assert!(mean <= 2.0, "mean {mean:.3} n^3");
}
