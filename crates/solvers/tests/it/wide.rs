//! The optimal searches on boards beyond 16 cells (IDA*, parallel IDA*, A*
//! and bidirectional BFS), against an independent
//! bidirectional breadth-first search (a queue and a hash map per end, and
//! the board's own moves), on random walks from random goals of 5x5, 6x6,
//! 4x6, 3x7 and 7x7, unsolvable pairs included; every path replayed. And the
//! bounded-suboptimal ones (weighted A*, weighted IDA*, the near-optimal
//! ladder) against those shortest lengths and their bounds.

use std::collections::{HashMap, VecDeque};

use slide_core::{Move, SplitMix64};
use slide_solvers::{
    ida_star, parallel_ida_star, wide_astar, wide_astar_state_bytes, wide_bidirectional_bfs,
    wide_bidirectional_state_bytes, wide_near_optimal, wide_weighted_astar, Budget, Cells, LinearConflict, Manhattan,
    MaxOf, SearchError, Weighted, WideBoard, WideTiles,
};

/// The distance from `start` to `target` by the plainest bidirectional
/// search: whole layers from each end in turn, until they meet; `None` if
/// no path of at most `cap` moves exists.
fn oracle<T: WideTiles + std::hash::Hash>(start: &WideBoard<T>, target: &WideBoard<T>, cap: usize) -> Option<usize> {
    let key = |board: &WideBoard<T>| board.to_string();
    let mut seen = [
        HashMap::from([(key(start), 0usize)]),
        HashMap::from([(key(target), 0usize)]),
    ];
    let mut frontier = [VecDeque::from([*start]), VecDeque::from([*target])];
    if key(start) == key(target) {
        return Some(0);
    }
    let mut depth = [0usize, 0];
    while depth[0] + depth[1] < cap {
        let side = if frontier[0].len() <= frontier[1].len() { 0 } else { 1 };
        let mut next = VecDeque::new();
        for board in &frontier[side] {
            for mv in Move::ALL {
                let Some(child) = board.apply(mv) else { continue };
                let k = key(&child);
                if let Some(&other) = seen[1 - side].get(&k) {
                    return Some(depth[side] + 1 + other);
                }
                if !seen[side].contains_key(&k) {
                    seen[side].insert(k, depth[side] + 1);
                    next.push_back(child);
                }
            }
        }
        depth[side] += 1;
        frontier[side] = next;
        if frontier[side].is_empty() {
            return None;
        }
    }
    None
}

/// A random walk of `moves` moves from `board`.
fn walk<T: WideTiles>(board: &WideBoard<T>, moves: usize, random: &mut SplitMix64) -> WideBoard<T> {
    let mut board = *board;
    for _ in 0..moves {
        let options: Vec<WideBoard<T>> = Move::ALL.iter().filter_map(|&mv| board.apply(mv)).collect();
        board = options[random.below(options.len())];
    }
    board
}

/// A random walk of `moves` moves from `board` that never undoes its last
/// move: its end is farther than a plain walk's.
pub(crate) fn straight_walk<T: WideTiles>(board: &WideBoard<T>, moves: usize, random: &mut SplitMix64) -> WideBoard<T> {
    let (mut board, mut last) = (*board, None);
    for _ in 0..moves {
        let options: Vec<(Move, WideBoard<T>)> = Move::ALL
            .iter()
            .filter(|&&mv| last != Some(mv.reverse()))
            .filter_map(|&mv| Some((mv, board.apply(mv)?)))
            .collect();
        let (mv, next) = options[random.below(options.len())];
        (board, last) = (next, Some(mv));
    }
    board
}

/// A random board of `rows` by `cols` cells, any arrangement.
fn random_board<T: WideTiles>(rows: usize, cols: usize, random: &mut SplitMix64) -> WideBoard<T> {
    let mut cells: Vec<u32> = (0..(rows * cols) as u32).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, random.below(i + 1));
    }
    WideBoard::new(rows, cols, &cells).unwrap()
}

/// Checks that `path` leads from `start` to `target`.
fn replay<T: WideTiles>(start: &WideBoard<T>, target: &WideBoard<T>, path: &[Move]) {
    let mut board = *start;
    for &mv in path {
        board = board
            .apply(mv)
            .unwrap_or_else(|| panic!("{start}: the path leaves the board"));
    }
    assert_eq!(&board, target, "{start}: the path ends elsewhere");
}

fn check_shape<T: WideTiles + std::hash::Hash>(rows: usize, cols: usize, seed: u64) {
    let mut random = SplitMix64::new(seed);
    for case in 0..8 {
        let target: WideBoard<T> = random_board(rows, cols, &mut random);
        let start = walk(&target, 6 + random.below(9), &mut random);
        let expected = oracle(&start, &target, 30).expect("a walk's start reaches its end");
        for (name, answer) in [
            ("manhattan", ida_star(&start, &target, Manhattan)),
            ("linear-conflict", ida_star(&start, &target, LinearConflict)),
            ("max", ida_star(&start, &target, MaxOf(Manhattan, LinearConflict))),
            (
                "parallel",
                parallel_ida_star(&start, &target, LinearConflict, 2, &mut Budget::default()),
            ),
            (
                "astar",
                wide_astar(&start, &target, LinearConflict, &mut Budget::default()),
            ),
            (
                "astar-manhattan",
                wide_astar(&start, &target, Manhattan, &mut Budget::default()),
            ),
            (
                "bidirectional",
                wide_bidirectional_bfs(&start, &target, &mut Budget::default()),
            ),
        ] {
            let path = answer.unwrap().path.unwrap();
            assert_eq!(
                path.len(),
                expected,
                "{name} {rows}x{cols} case {case}: {start} to {target}"
            );
            replay(&start, &target, &path);
        }
        // Two tiles swapped: the other parity, which no search reaches.
        let mut cells: Vec<u32> = (0..rows * cols).map(|cell| start.tile(cell) as u32).collect();
        let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).take(2).collect();
        cells.swap(tiles[0], tiles[1]);
        let swapped = WideBoard::new(rows, cols, &cells).unwrap();
        assert_eq!(oracle(&swapped, &target, 12), None);
        assert_eq!(ida_star(&swapped, &target, LinearConflict).unwrap().path, None);
        let astar = wide_astar(&swapped, &target, LinearConflict, &mut Budget::default());
        assert_eq!(astar.unwrap().path, None);
        let bidirectional = wide_bidirectional_bfs(&swapped, &target, &mut Budget::default());
        assert_eq!(bidirectional.unwrap().path, None);
    }
}

#[test]
fn ida_star_is_optimal_on_wide_boards() {
    check_shape::<u128>(5, 5, 1);
    check_shape::<u128>(4, 6, 2);
    check_shape::<u128>(3, 7, 3);
    check_shape::<Cells>(5, 5, 4);
    check_shape::<Cells>(6, 6, 5);
    check_shape::<Cells>(7, 7, 6);
}

#[test]
fn the_packings_agree() {
    let mut random = SplitMix64::new(9);
    for _ in 0..50 {
        let narrow: WideBoard<u128> = random_board(5, 5, &mut random);
        let cells: Vec<u32> = (0..25).map(|cell| narrow.tile(cell) as u32).collect();
        let wide: WideBoard<Cells> = WideBoard::new(5, 5, &cells).unwrap();
        assert_eq!(narrow.to_string(), wide.to_string());
        for mv in Move::ALL {
            assert_eq!(
                narrow.apply(mv).map(|b| b.to_string()),
                wide.apply(mv).map(|b| b.to_string())
            );
        }
    }
}

#[test]
fn the_stored_searches_keep_to_their_cap() {
    let goal = WideBoard::<u128>::goal(5, 5);
    let far = walk(&goal, 200, &mut SplitMix64::new(3));
    let mut budget = Budget {
        max_states: 1000,
        ..Budget::default()
    };
    let state_bytes = wide_astar_state_bytes::<u128>();
    let expected = Err(SearchError::StateLimit {
        limit: 1000,
        state_bytes,
    });
    assert_eq!(wide_astar(&far, &goal, Manhattan, &mut budget), expected);
    let state_bytes = wide_bidirectional_state_bytes::<u128>();
    let expected = Err(SearchError::StateLimit {
        limit: 1000,
        state_bytes,
    });
    assert_eq!(wide_bidirectional_bfs(&far, &goal, &mut budget), expected);
}

#[test]
fn the_bounded_searches_keep_to_their_bounds() {
    let mut random = SplitMix64::new(11);
    for (rows, cols) in [(5, 5), (4, 6), (3, 7)] {
        for case in 0..6 {
            let target: WideBoard<u128> = random_board(rows, cols, &mut random);
            let start = straight_walk(&target, 36 + random.below(15), &mut random);
            let shortest = ida_star(&start, &target, LinearConflict).unwrap().length().unwrap();
            let context = format!("{rows}x{cols} case {case}: {start} to {target}, {shortest} moves");
            for weight in [120, 150, 250] {
                let weighted = wide_weighted_astar(&start, &target, LinearConflict, weight, &mut Budget::default());
                let heuristic = Weighted {
                    heuristic: LinearConflict,
                    percent: weight,
                };
                for (name, answer) in [
                    ("weighted A*", weighted),
                    ("weighted IDA*", ida_star(&start, &target, heuristic)),
                ] {
                    let path = answer.unwrap().path.unwrap();
                    assert!(
                        path.len() * 100 <= shortest * weight as usize,
                        "{name} at {weight}, {context}: {}",
                        path.len()
                    );
                    replay(&start, &target, &path);
                }
            }
            let near = wide_near_optimal(&start, &target, LinearConflict, 2, &mut Budget::default()).unwrap();
            let path = near.answer.path.unwrap();
            assert!(
                path.len() * 100 <= shortest * near.weight as usize,
                "near at {}, {context}",
                near.weight
            );
            assert!(
                near.lower_bound <= shortest,
                "near's lower bound {}, {context}",
                near.lower_bound
            );
            replay(&start, &target, &path);
            // The other parity: no path, and no search to find that out.
            let mut cells: Vec<u32> = (0..rows * cols).map(|cell| start.tile(cell) as u32).collect();
            let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).take(2).collect();
            cells.swap(tiles[0], tiles[1]);
            let swapped = WideBoard::new(rows, cols, &cells).unwrap();
            let near = wide_near_optimal(&swapped, &target, LinearConflict, 2, &mut Budget::default()).unwrap();
            assert_eq!(near.answer.path, None);
        }
    }
    // The target itself: the empty path, and it is exact.
    let goal = WideBoard::<u128>::goal(5, 5);
    let near = wide_near_optimal(&goal, &goal, Manhattan, 2, &mut Budget::default()).unwrap();
    assert_eq!((near.answer.length(), near.weight, near.lower_bound), (Some(0), 100, 0));
}

#[test]
fn the_near_optimal_ladder_keeps_to_the_budget() {
    let goal = WideBoard::<u128>::goal(5, 5);
    let far = walk(&goal, 200, &mut SplitMix64::new(5));
    let mut budget = Budget {
        max_states: 1000,
        ..Budget::default()
    };
    // Every weight stores at most the caller's cap, the last one too.
    let near = wide_near_optimal(&far, &goal, Manhattan, 2, &mut budget);
    let state_bytes = wide_astar_state_bytes::<u128>();
    assert_eq!(
        near,
        Err(SearchError::StateLimit {
            limit: 1000,
            state_bytes
        })
    );
}
