//! The wide pattern databases: each table against an independent search of
//! its abstract space, the sums admissible on every position of 3x3, and
//! IDA* with them optimal.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use slide_core::{factorial, unrank, Board, Shape};
use slide_pattern_db::{PlacementPatternDb, PlacementPdb, PLACEMENT_SPLITS};
use slide_solvers::{ida_star, wide_astar, Budget, Cells, DistanceTable, Heuristic, LinearConflict, WideBoard};

/// Every placement's value by the plainest search of the abstract space:
/// states are the pattern tiles' cells and the blank's cell, the blank's
/// moves into a free cell cost nothing and its moves into a pattern tile's
/// cell (the tile sliding the other way) cost one; a placement's value is
/// the least over the blank's cells. A 0-1 breadth-first search from the
/// goal state, the blank on `goal_blank`.
fn abstract_distances(rows: usize, cols: usize, goal: &[u8], goal_blank: usize) -> HashMap<Vec<u8>, u32> {
    least_over_blanks(&abstract_distances_by_blank(rows, cols, goal, goal_blank))
}

/// Each placement's least over the blank's cells of `distance`.
fn least_over_blanks(distance: &HashMap<(Vec<u8>, usize), u32>) -> HashMap<Vec<u8>, u32> {
    let mut least: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((cells, _), &d) in distance {
        let entry = least.entry(cells.clone()).or_insert(d);
        *entry = (*entry).min(d);
    }
    least
}

/// The abstract search of [`abstract_distances`], its distance for each
/// placement and cell of the blank.
fn abstract_distances_by_blank(
    rows: usize,
    cols: usize,
    goal: &[u8],
    goal_blank: usize,
) -> HashMap<(Vec<u8>, usize), u32> {
    let mut distance: HashMap<(Vec<u8>, usize), u32> = HashMap::new();
    let mut queue = VecDeque::new();
    distance.insert((goal.to_vec(), goal_blank), 0);
    queue.push_back((goal.to_vec(), goal_blank));
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
    distance
}

/// How many regions the free cells of a `rows` by `cols` board make with
/// tiles on `cells`.
fn regions(rows: usize, cols: usize, cells: &[u8]) -> usize {
    let mut seen: Vec<bool> = (0..rows * cols).map(|c| cells.contains(&(c as u8))).collect();
    let mut count = 0;
    for seed in 0..rows * cols {
        if seen[seed] {
            continue;
        }
        count += 1;
        let mut stack = vec![seed];
        seen[seed] = true;
        while let Some(c) = stack.pop() {
            let (row, col) = (c / cols, c % cols);
            let around = [
                (row > 0).then(|| c - cols),
                (row + 1 < rows).then(|| c + cols),
                (col > 0).then(|| c - 1),
                (col + 1 < cols).then(|| c + 1),
            ];
            for next in around.into_iter().flatten() {
                if !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    count
}

/// The zero-aware values against the abstract search's distance for each
/// cell of the blank: never below the placement's least nor above the
/// blank's own distance, and exact (up to the least plus six, as the
/// table keeps it) where the free cells make two regions.
#[test]
fn zero_aware_values_hold_the_blanks_distances() {
    let cases = [
        (3, 3, vec![1u8, 3], 0),
        (4, 4, vec![1u8, 4, 5], 0),
        (5, 5, vec![1, 5, 6], 0),
        (6, 6, vec![1, 6, 7], 0),
    ];
    for (rows, cols, goal, blank) in cases {
        let db = PlacementPatternDb::build(rows, cols, &goal, blank);
        let distance = abstract_distances_by_blank(rows, cols, &goal, blank);
        let least = least_over_blanks(&distance);
        let mut exact = 0;
        for ((cells, at), d) in distance {
            let (least, value) = (least[&cells], u32::from(db.zero_aware_value(&cells, at)));
            assert!(least <= value && value <= d, "{rows}x{cols} {cells:?}, blank {at}");
            if regions(rows, cols, &cells) == 2 {
                assert_eq!(value, d.min(least + 6), "{rows}x{cols} {cells:?}, blank {at}");
                exact += usize::from(d > least);
            }
        }
        assert!(exact > 0, "{rows}x{cols}: a region above the least");
    }
}

#[test]
fn tables_hold_the_abstract_distances() {
    let cases = [
        (3, 3, vec![0u8, 1, 2], 8),
        (2, 4, vec![5, 1, 6], 0),
        (3, 3, vec![8, 4], 0),
        // On 5x5, where the 24-puzzle's tables are: patterns that wall the
        // goal's blank in its corner, and one that does not.
        (5, 5, vec![1, 5, 6], 0),
        (4, 4, vec![1, 4, 5, 2], 0),
        (5, 5, vec![1, 5, 6], 24),
        // Past 32 cells, where the sets of cells take 64-bit masks.
        (6, 6, vec![1, 6, 7], 0),
        (7, 7, vec![47, 41], 48),
    ];
    for (rows, cols, goal, blank) in cases {
        let db = PlacementPatternDb::build(rows, cols, &goal, blank);
        let expected = abstract_distances(rows, cols, &goal, blank);
        assert_eq!(expected.len(), PlacementPatternDb::placements(rows * cols, goal.len()));
        for (cells, distance) in expected {
            assert_eq!(
                db.value(&cells) as u32,
                distance,
                "{rows}x{cols} {goal:?}, blank {blank}, at {cells:?}"
            );
        }
    }
}

/// A wide sum of three patterns on 3x3, every position, with the least
/// values and zero-aware: never above the distance, zero-aware never
/// below the least and above it somewhere, and IDA* and A* with them
/// optimal on a sample.
#[test]
fn sums_are_admissible_on_every_position_of_3x3() {
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let table = DistanceTable::for_target(&goal).unwrap();
    let identity: Vec<u8> = (0..9).collect();
    let patterns: Vec<(Arc<PlacementPatternDb>, Vec<u8>)> = [vec![0u8, 1, 2], vec![3, 4, 5], vec![6, 7]]
        .into_iter()
        .map(|cells| (Arc::new(PlacementPatternDb::build(3, 3, &cells, 8)), identity.clone()))
        .collect();
    let zero_aware = PlacementPdb::new(3, 3, patterns);
    let pdb = zero_aware.clone().with_zero_aware(false);
    let mut higher = 0;
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
        let z = (&zero_aware).estimate(&wide(&board), &wide_goal).unwrap() as usize;
        assert!(
            h <= z && z <= distance,
            "{board}: zero-aware {z}, plain {h}, distance {distance}"
        );
        higher += usize::from(z > h);
        if r % 97 == 0 {
            let answer = ida_star(&wide(&board), &wide_goal, &pdb).unwrap();
            assert_eq!(answer.length(), Some(distance), "{board}");
            let answer = ida_star(&wide(&board), &wide_goal, &zero_aware).unwrap();
            assert_eq!(answer.length(), Some(distance), "zero-aware on {board}");
            // A* with an estimate that is admissible but not consistent.
            let answer = wide_astar(&wide(&board), &wide_goal, &pdb, &mut Budget::default()).unwrap();
            assert_eq!(answer.length(), Some(distance), "A* on {board}");
        }
        checked += 1;
    }
    assert_eq!(checked, 181_440);
    // Measured: higher on 32,601 of the 181,440.
    assert!(higher > 0, "the zero-aware sum is higher somewhere");
}

#[test]
fn each_split_covers_each_corners_goal() {
    for split in PLACEMENT_SPLITS {
        let (side, cells) = (split.side, split.side * split.side);
        for blank in [0, side - 1, cells - side, cells - 1] {
            let patterns = split.patterns(blank).unwrap();
            let mut covered = vec![false; cells];
            for (table, to_table) in &patterns {
                // The table's cells, carried to the board: the pattern.
                for &cell in split.tables[*table] {
                    let board_cell = to_table.iter().position(|&t| t == cell).unwrap();
                    assert!(
                        !covered[board_cell],
                        "{side}x{side}, corner {blank}: cell {board_cell} twice"
                    );
                    covered[board_cell] = true;
                }
            }
            assert_eq!((0..cells).filter(|&c| !covered[c]).collect::<Vec<_>>(), [blank]);
        }
        assert!(split.patterns(side).is_err(), "a blank off the corners is refused");
    }
}

/// On 6x6 (past 32 cells), twelve tables of three tiles (two in the last)
/// covering every cell but a corner's: never above the distance, and IDA*
/// with it optimal,
/// both against IDA* with linear conflict (no table), on walks from each
/// corner's goal.
#[test]
fn six_by_six_sums_are_admissible_and_optimal() {
    let mut random = slide_core::SplitMix64::new(36);
    for blank in [0, 5, 30, 35] {
        let cells: Vec<u8> = (0..36u8).filter(|&c| c as usize != blank).collect();
        let identity: Vec<u8> = (0..36).collect();
        let patterns = cells
            .chunks(3)
            .map(|chunk| {
                (
                    Arc::new(PlacementPatternDb::build(6, 6, chunk, blank)),
                    identity.clone(),
                )
            })
            .collect();
        let pdb = PlacementPdb::new(6, 6, patterns);
        let mut tiles: Vec<u32> = (1..36).collect();
        tiles.insert(blank, 0);
        let large = slide_core::LargeBoard::new(6, 6, tiles).unwrap();
        let goal = WideBoard::<Cells>::of(&large).unwrap();
        // Patterns that leave a tile out are refused, by name.
        let some = PlacementPdb::new(
            6,
            6,
            vec![(
                Arc::new(PlacementPatternDb::build(6, 6, &cells[..2], blank)),
                identity.clone(),
            )],
        );
        let refused = (&some).estimate(&goal, &goal).unwrap_err();
        assert!(
            refused.reason.contains("cover 2 of the target's 35 tiles"),
            "{}",
            refused.reason
        );
        for moves in [8, 14, 20, 26] {
            let board = WideBoard::<Cells>::of(&random.scramble_large(&large, moves)).unwrap();
            let shortest = ida_star(&board, &goal, LinearConflict).unwrap().length().unwrap();
            let h = (&pdb).estimate(&board, &goal).unwrap() as usize;
            assert!(h <= shortest, "corner {blank}: h {h} > {shortest}");
            let answer = ida_star(&board, &goal, &pdb).unwrap();
            assert_eq!(answer.length(), Some(shortest), "corner {blank}");
            let path = answer.path.unwrap();
            assert!(path.iter().fold(board, |b, &m| b.apply(m).unwrap()) == goal);
        }
    }
}

/// The fewest moves from `start` to `target` (5x5 boards as cell lists, 0
/// the blank) by a plain breadth-first search from both ends, a whole
/// layer at a time, the least meeting of a layer taken: it shares no code
/// with the searches or the tables.
fn plain_bfs_5x5(start: &[u8], target: &[u8]) -> usize {
    type Seen = HashMap<Vec<u8>, usize>;
    if start == target {
        return 0;
    }
    let mut ends: [(Seen, Vec<Vec<u8>>); 2] = [
        ([(start.to_vec(), 0)].into(), vec![start.to_vec()]),
        ([(target.to_vec(), 0)].into(), vec![target.to_vec()]),
    ];
    for depth in 1.. {
        // The end with the smaller layer grows; its layer's depth is `depth`
        // counted over both ends, and any meeting is at most that long.
        let side = usize::from(ends[1].1.len() < ends[0].1.len());
        let (this, other) = if side == 0 {
            let [a, b] = &mut ends;
            (a, &*b)
        } else {
            let [a, b] = &mut ends;
            (b, &*a)
        };
        let mut next = Vec::new();
        let mut best = usize::MAX;
        for board in &this.1 {
            let d = this.0[board];
            let blank = board.iter().position(|&t| t == 0).unwrap();
            let (row, col) = (blank / 5, blank % 5);
            let steps = [
                (row > 0).then(|| blank - 5),
                (row < 4).then(|| blank + 5),
                (col > 0).then(|| blank - 1),
                (col < 4).then(|| blank + 1),
            ];
            for cell in steps.into_iter().flatten() {
                let mut child = board.clone();
                child.swap(blank, cell);
                if let Some(&e) = other.0.get(&child) {
                    best = best.min(d + 1 + e);
                }
                if !this.0.contains_key(&child) {
                    this.0.insert(child.clone(), d + 1);
                    next.push(child);
                }
            }
        }
        if best != usize::MAX {
            return best;
        }
        assert!(depth < 60 && !next.is_empty(), "no meeting");
        this.1 = next;
    }
    unreachable!()
}

/// A goal of 5x5 with its blank in `blank` and the tiles in a random order,
/// and a board `moves` random moves away from it.
fn walk_to(blank: usize, moves: usize, random: &mut slide_core::SplitMix64) -> (Vec<u8>, Vec<u8>) {
    let mut tiles: Vec<u8> = (1..25).collect();
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, random.below(i + 1));
    }
    tiles.insert(blank, 0);
    let goal = tiles;
    let mut board = goal.clone();
    let mut previous = usize::MAX;
    for _ in 0..moves {
        let at = board.iter().position(|&t| t == 0).unwrap();
        let steps: Vec<usize> = [at.wrapping_sub(5), at + 5, at.wrapping_sub(1), at + 1]
            .into_iter()
            .filter(|&cell| cell < 25 && (cell / 5 == at / 5 || cell % 5 == at % 5) && cell != previous)
            .collect();
        let cell = steps[random.below(steps.len())];
        board.swap(at, cell);
        previous = at;
    }
    (board, goal)
}

fn wide(cells: &[u8]) -> WideBoard<u128> {
    WideBoard::new(5, 5, &cells.iter().map(|&t| t as u32).collect::<Vec<_>>()).unwrap()
}

/// Eight three-tile tables of 5x5 covering every cell but `blank`, each
/// read directly (the small stand-in of Korf and Felner's split, built in
/// milliseconds; the real one is checked in `slide-cache`'s opt-in tests).
fn small_tables_for(blank: usize) -> PlacementPdb {
    let cells: Vec<u8> = (0..25u8).filter(|&c| c as usize != blank).collect();
    let identity: Vec<u8> = (0..25).collect();
    let patterns = cells
        .chunks(3)
        .map(|chunk| {
            (
                Arc::new(PlacementPatternDb::build(5, 5, chunk, blank)),
                identity.clone(),
            )
        })
        .collect();
    PlacementPdb::new(5, 5, patterns)
}

/// Every corner of 5x5 as the goal's blank, with the board read directly
/// and reflected about the diagonal through that corner: the sum never
/// above the distance, IDA* and A* with it optimal and the near-optimal
/// search's lower bound at most the optimum, all against a plain
/// breadth-first search. (Reflected about the main diagonal, a goal whose
/// blank is top-right or bottom-left put its blank under a pattern's cell:
/// lengths too long called optimal, and panics.)
#[test]
fn every_corner_goal_is_served_directly_and_reflected() {
    let mut random = slide_core::SplitMix64::new(24);
    for blank in [0, 4, 20, 24] {
        let pdb = small_tables_for(blank);
        for moves in [6, 10, 13, 16, 20, 24] {
            let (start, goal) = walk_to(blank, moves, &mut random);
            let shortest = plain_bfs_5x5(&start, &goal);
            let (start, goal) = (wide(&start), wide(&goal));
            let h = (&pdb).estimate(&start, &goal).unwrap() as usize;
            assert!(h <= shortest, "corner {blank}: h {h} > {shortest}");
            let answer = ida_star(&start, &goal, &pdb).unwrap();
            assert_eq!(answer.length(), Some(shortest), "IDA*, corner {blank}");
            let path = answer.path.unwrap();
            assert!(path.iter().fold(start, |b, &m| b.apply(m).unwrap()) == goal);
            let answer = wide_astar(&start, &goal, &pdb, &mut Budget::default()).unwrap();
            assert_eq!(answer.length(), Some(shortest), "A*, corner {blank}");
            let near = slide_solvers::wide_near_optimal(&start, &goal, &pdb, 2, &mut Budget::default()).unwrap();
            assert!(
                near.lower_bound <= shortest,
                "corner {blank}: bound {} > {shortest}",
                near.lower_bound
            );
        }
    }
}

/// Tables for a corner goal refuse a goal whose blank is elsewhere, by name.
#[test]
fn a_goal_whose_blank_the_tables_cover_is_refused() {
    let pdb = small_tables_for(0);
    let mut random = slide_core::SplitMix64::new(5);
    for blank in [4, 12, 7, 24] {
        let (start, goal) = walk_to(blank, 8, &mut random);
        let error = (&pdb).estimate(&wide(&start), &wide(&goal)).unwrap_err();
        assert_eq!(
            error.reason,
            format!(
                "the 5x5 pattern databases need the target's blank in a corner, not in cell {}",
                blank + 1
            )
        );
    }
}

/// A beam follows each board's children from the tables' values it kept
/// beside the board ([`slide_solvers::Estimate::resume`]): the same beams,
/// board for board, as one that reads the tables afresh at every board
/// (the same sum behind `Weighted` at 100%, which keeps nothing), with the
/// larger of linear conflict and the tables too; every path replayed.
#[test]
fn beams_that_keep_the_tables_values_are_the_beams_that_read_them() {
    let mut random = slide_core::SplitMix64::new(25);
    let pdb = small_tables_for(24);
    for moves in [30, 60, 90] {
        let (start, goal) = walk_to(24, moves, &mut random);
        let (start, goal) = (wide(&start), wide(&goal));
        let kept = slide_solvers::beam_search(&start, &goal, &&pdb, 256, 400, 2, &mut Budget::default()).unwrap();
        let fresh = slide_solvers::Weighted {
            heuristic: &pdb,
            percent: 100,
        };
        let read = slide_solvers::beam_search(&start, &goal, &fresh, 256, 400, 2, &mut Budget::default()).unwrap();
        assert_eq!(kept, read, "{moves} moves");
        let both = slide_solvers::MaxOf(LinearConflict, &pdb);
        let (end, _) = slide_solvers::beam_search(&start, &goal, &both, 256, 400, 1, &mut Budget::default()).unwrap();
        let fresh = slide_solvers::Weighted {
            heuristic: both,
            percent: 100,
        };
        let (read, _) = slide_solvers::beam_search(&start, &goal, &fresh, 256, 400, 1, &mut Budget::default()).unwrap();
        assert_eq!(end, read, "{moves} moves, with linear conflict");
        let path = end.reached().expect("a beam of 256 reaches the goal");
        assert!(path.iter().fold(start, |b, &m| b.apply(m).unwrap()) == goal);
    }
}
