//! The wide pattern databases: each table against an independent search of
//! its abstract space, the sums admissible on every position of 3x3, and
//! IDA* with them optimal.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use slide_core::{factorial, unrank, Board, Shape};
use slide_pattern_db::{korf_felner_split, WidePatternDb, WidePdb, KORF_FELNER_TABLES};
use slide_solvers::{ida_star, wide_astar, Budget, DistanceTable, Heuristic, WideBoard};

/// Every placement's value by the plainest search of the abstract space:
/// states are the pattern tiles' cells and the blank's cell, the blank's
/// moves into a free cell cost nothing and its moves into a pattern tile's
/// cell (the tile sliding the other way) cost one; a placement's value is
/// the least over the blank's cells. A 0-1 breadth-first search from every
/// goal state.
fn abstract_distances(rows: usize, cols: usize, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    let n = rows * cols;
    let mut distance: HashMap<(Vec<u8>, usize), u32> = HashMap::new();
    let mut queue = VecDeque::new();
    for blank in (0..n).filter(|cell| !goal.contains(&(*cell as u8))) {
        distance.insert((goal.to_vec(), blank), 0);
        queue.push_back((goal.to_vec(), blank));
    }
    while let Some((cells, blank)) = queue.pop_front() {
        let d = distance[&(cells.clone(), blank)];
        let (row, col) = (blank / cols, blank % cols);
        let mut steps = Vec::new();
        if row > 0 {
            steps.push(blank - cols);
        }
        if row + 1 < rows {
            steps.push(blank + cols);
        }
        if col > 0 {
            steps.push(blank - 1);
        }
        if col + 1 < cols {
            steps.push(blank + 1);
        }
        for next in steps {
            let mut moved = cells.clone();
            let cost = match moved.iter().position(|&c| c as usize == next) {
                Some(slot) => {
                    moved[slot] = blank as u8;
                    1
                }
                None => 0,
            };
            let key = (moved, next);
            if distance.get(&key).map_or(true, |&old| old > d + cost) {
                distance.insert(key.clone(), d + cost);
                if cost == 0 {
                    queue.push_front(key);
                } else {
                    queue.push_back(key);
                }
            }
        }
    }
    let mut least: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((cells, _), d) in distance {
        let entry = least.entry(cells).or_insert(d);
        *entry = (*entry).min(d);
    }
    least
}

#[test]
fn tables_hold_the_abstract_distances() {
    let cases = [
        (3, 3, vec![0u8, 1, 2]),
        (2, 4, vec![5, 1, 6]),
        (3, 3, vec![8, 4]),
        // On 5x5, where the 24-puzzle's tables are: a pattern of the corner.
        (5, 5, vec![1, 5, 6]),
    ];
    for (rows, cols, goal) in cases {
        let db = WidePatternDb::build(rows, cols, &goal);
        let expected = abstract_distances(rows, cols, &goal);
        assert_eq!(expected.len(), WidePatternDb::placements(rows * cols, goal.len()));
        for (cells, distance) in expected {
            assert_eq!(db.value(&cells) as u32, distance, "{rows}x{cols} {goal:?} at {cells:?}");
        }
    }
}

/// A wide sum of three patterns on 3x3, every position: never above the
/// distance, and IDA* and A* with it optimal on a sample.
#[test]
fn sums_are_admissible_on_every_position_of_3x3() {
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let table = DistanceTable::for_target(&goal).unwrap();
    let identity: Vec<u8> = (0..9).collect();
    let patterns: Vec<(Arc<WidePatternDb>, Vec<u8>)> = [vec![0u8, 1, 2], vec![3, 4, 5], vec![6, 7]]
        .into_iter()
        .map(|cells| (Arc::new(WidePatternDb::build(3, 3, &cells)), identity.clone()))
        .collect();
    let pdb = WidePdb::new(3, 3, patterns);
    let wide = |board: &Board| {
        let cells: Vec<u32> = board.cells().iter().map(|&t| t as u32).collect();
        WideBoard::<u128>::new(3, 3, &cells).unwrap()
    };
    let wide_goal = wide(&goal);
    let mut checked = 0;
    for r in 0..factorial(9) {
        let board = unrank(shape, r).unwrap();
        let Some(distance) = table.distance(&board) else {
            continue;
        };
        let h = (&pdb).estimate(&wide(&board), &wide_goal).unwrap() as usize;
        assert!(h <= distance, "{board}: h {h} > {distance}");
        if r % 97 == 0 {
            let answer = ida_star(&wide(&board), &wide_goal, &pdb).unwrap();
            assert_eq!(answer.length(), Some(distance), "{board}");
            // A* with an estimate that is admissible but not consistent.
            let answer = wide_astar(&wide(&board), &wide_goal, &pdb, &mut Budget::default()).unwrap();
            assert_eq!(answer.length(), Some(distance), "A* on {board}");
        }
        checked += 1;
    }
    assert_eq!(checked, 181_440);
}

#[test]
fn korf_and_felners_split_covers_each_corners_goal() {
    for blank in [0, 4, 20, 24] {
        let split = korf_felner_split(blank).unwrap();
        let mut covered = [false; 25];
        for (table, to_table) in &split {
            // The table's cells, carried to the board: the pattern.
            for &cell in KORF_FELNER_TABLES[*table] {
                let board_cell = to_table.iter().position(|&t| t == cell).unwrap();
                assert!(!covered[board_cell], "corner {blank}: cell {board_cell} twice");
                covered[board_cell] = true;
            }
        }
        assert_eq!((0..25).filter(|&c| !covered[c]).collect::<Vec<_>>(), [blank]);
    }
}
