//! The Eleven Puzzle against a plain breadth-first search from the target
//! (boards packed four bits a cell, every slide into either blank tried),
//! to depth 12: every walk's answer within that depth agrees with it, and
//! no board it reaches is answered `NA`.

use std::collections::HashMap;

const CELLS: [(i32, i32); 13] = [
    (0, 2),
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 0),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 1),
    (3, 2),
    (3, 3),
    (4, 2),
];

fn neighbours(cell: usize) -> Vec<usize> {
    let (r, c) = CELLS[cell];
    (0..13)
        .filter(|&o| (CELLS[o].0 - r).abs() + (CELLS[o].1 - c).abs() == 1)
        .collect()
}

fn pack(board: &[u32]) -> u64 {
    board.iter().rev().fold(0, |packed, &cell| packed << 4 | cell as u64)
}

/// The boards one slide away from `board`.
fn children(board: &[u32]) -> Vec<Vec<u32>> {
    let mut children = Vec::new();
    for blank in (0..13).filter(|&c| board[c] == 0) {
        for other in neighbours(blank) {
            if board[other] != 0 {
                let mut child = board.to_vec();
                child.swap(blank, other);
                children.push(child);
            }
        }
    }
    children
}

fn dataset(board: &[u32]) -> String {
    let rows = [&board[0..1], &board[1..4], &board[4..9], &board[9..12], &board[12..13]];
    let lines: Vec<String> = rows
        .iter()
        .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    lines.join("\n")
}

#[test]
fn the_answers_agree_with_a_breadth_first_search() {
    const DEPTH: usize = 12;
    let goal: Vec<u32> = (0..13).map(|cell| if cell == 12 { 0 } else { cell }).collect();
    let mut distance = HashMap::from([(pack(&goal), 0usize)]);
    let mut layer = vec![goal.clone()];
    for d in 1..=DEPTH {
        let mut next = Vec::new();
        for board in &layer {
            for child in children(board) {
                if let std::collections::hash_map::Entry::Vacant(entry) = distance.entry(pack(&child)) {
                    entry.insert(d);
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    let mut state = 11u64;
    let mut below = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    let mut boards = Vec::new();
    for _ in 0..300 {
        let mut board = goal.clone();
        for _ in 0..below(40) {
            let options = children(&board);
            board = options[below(options.len())].clone();
        }
        boards.push(board);
    }
    let input: Vec<String> = boards.iter().map(|board| dataset(board)).collect();
    let output = aoj_0190::run(&format!("{}\n-1\n", input.join("\n"))).unwrap();
    let mut within = 0;
    for (board, answer) in boards.iter().zip(output.lines()) {
        match distance.get(&pack(board)) {
            Some(d) => {
                assert_eq!(answer, d.to_string(), "{board:?}");
                within += 1;
            }
            None => assert!(
                answer == "NA" || answer.parse::<usize>().unwrap() > DEPTH,
                "{board:?}: {answer}"
            ),
        }
    }
    assert!(within > 100, "only {within} walks within depth {DEPTH}");
}
