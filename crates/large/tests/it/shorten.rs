//! The shortening pass: the same end, never longer, never shorter than a
//! shortest path, and shorter where a window goes round and back.

use slide_core::{LargeBoard, Move, SplitMix64};
use slide_large::{reduce_by_search, shorten};

/// A walk of `length` random moves from `board`, none undoing the last.
fn walk(board: &LargeBoard, length: usize, random: &mut SplitMix64) -> Vec<Move> {
    let mut board = board.clone();
    let mut path: Vec<Move> = Vec::new();
    while path.len() < length {
        let mv = Move::ALL[random.below(4)];
        if path.last() == Some(&mv.reverse()) {
            continue;
        }
        if board.apply(mv) {
            path.push(mv);
        }
    }
    path
}

/// `short` takes `start` where `path` does, and is no longer.
fn check(start: &LargeBoard, path: &[Move], short: &[Move]) {
    let (mut end, mut board) = (start.clone(), start.clone());
    assert_eq!(end.apply_path(path), None);
    assert_eq!(
        board.apply_path(short),
        None,
        "{start}: the shortened path leaves the board"
    );
    assert_eq!(board, end, "{start}: the shortened path ends elsewhere");
    assert!(short.len() <= path.len());
}

#[test]
fn walks_shorten_to_the_same_board() {
    let mut random = SplitMix64::new(3);
    for (rows, cols) in [(2, 2), (3, 3), (3, 5), (4, 4), (6, 6), (9, 4)] {
        let start = LargeBoard::random(&LargeBoard::goal(rows, cols), &mut random);
        for window in [2, 8, 16, 32] {
            let path = walk(&start, 300, &mut random);
            check(&start, &path, &shorten(&start, &path, window));
        }
    }
}

#[test]
fn a_path_round_a_square_and_back_shortens_to_nothing() {
    let start = LargeBoard::goal(5, 5);
    let (up, left, down, right) = (Move::Up, Move::Left, Move::Down, Move::Right);
    // Three times round a 2x2 square puts its three tiles back: 48 moves
    // are four times nothing.
    let round: Vec<Move> = [up, left, down, right].repeat(12);
    assert!(shorten(&start, &round, 16).is_empty());
}

#[test]
fn shortened_paths_are_never_shorter_than_a_shortest_one() {
    let (goal, _) = slide_testdata::eight_puzzle_positions();
    let large =
        |board: &slide_core::Board| LargeBoard::new(3, 3, board.cells().iter().map(|&t| t as u32).collect()).unwrap();
    let mut random = SplitMix64::new(9);
    for (start, distance) in slide_testdata::eight_puzzle_sample().iter().step_by(25) {
        let (start, goal) = (large(start), large(goal));
        // A reduction's path with a random detour inside it.
        let mut path = walk(&start, 12, &mut random);
        let mut middle = start.clone();
        middle.apply_path(&path);
        path.extend(reduce_by_search(&middle, &goal, u64::MAX).unwrap().unwrap());
        let short = shorten(&start, &path, 32);
        check(&start, &path, &short);
        assert!(
            short.len() >= *distance,
            "{start}: {} moves, shortest {distance}",
            short.len()
        );
    }
}
