//! The knights puzzle against a plain breadth-first search from the target
//! (a hash map of boards packed two bits a square, every jump tried), to
//! depth 8: the searched answers of random walks and random boards agree
//! with it at every cap up to 8.

use std::collections::HashMap;

use slide_driver::{fewest_knight_moves, KNIGHTS_GOAL};

const JUMPS: [(i32, i32); 8] = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];

/// The squares a knight jumps to from `square`.
fn jumps(square: usize) -> Vec<usize> {
    let (row, col) = ((square / 5) as i32, (square % 5) as i32);
    JUMPS
        .iter()
        .map(|&(a, b)| (row + a, col + b))
        .filter(|&(r, c)| (0..5).contains(&r) && (0..5).contains(&c))
        .map(|(r, c)| (r * 5 + c) as usize)
        .collect()
}

fn pack(board: &[u32]) -> u64 {
    board
        .iter()
        .rev()
        .fold(0, |packed, &square| packed << 2 | square as u64)
}

fn goal() -> Vec<u32> {
    KNIGHTS_GOAL
        .iter()
        .flat_map(|row| row.chars())
        .map(|c| match c {
            '1' => 1,
            '0' => 2,
            _ => 0,
        })
        .collect()
}

#[test]
fn the_knights_answers_agree_with_a_breadth_first_search() {
    const DEPTH: usize = 8;
    let mut distance = HashMap::from([(pack(&goal()), 0usize)]);
    let mut layer = vec![goal()];
    for d in 1..=DEPTH {
        let mut next = Vec::new();
        for board in &layer {
            let empty = board.iter().position(|&square| square == 0).unwrap();
            for other in jumps(empty) {
                let mut child = board.clone();
                child.swap(empty, other);
                if let std::collections::hash_map::Entry::Vacant(entry) = distance.entry(pack(&child)) {
                    entry.insert(d);
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    let mut state = 7u64;
    let mut below = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    for case in 0..400 {
        let mut board = goal();
        if case % 4 == 3 {
            for i in (1..25).rev() {
                board.swap(i, below(i + 1));
            }
        } else {
            for _ in 0..below(16) {
                let empty = board.iter().position(|&square| square == 0).unwrap();
                let options = jumps(empty);
                board.swap(empty, options[below(options.len())]);
            }
        }
        let known = distance.get(&pack(&board)).copied();
        for cap in [0, 3, 5, 8] {
            let expected = known.filter(|&d| d <= cap);
            assert_eq!(
                fewest_knight_moves(&board, cap),
                expected,
                "case {case}, cap {cap}: {board:?}"
            );
        }
    }
}
