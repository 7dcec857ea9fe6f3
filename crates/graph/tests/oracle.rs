//! The graph searches against the plainest breadth-first search (a queue,
//! a hash map of label vectors, every move tried) on random puzzles: random
//! graphs of up to 9 cells, one to three blanks, labels that repeat or not,
//! starts that are random walks from the target and starts drawn at random
//! (which the target may not reach); every path replayed.

use std::collections::{HashMap, VecDeque};

use slide_graph::{bidirectional_bfs, fewest_moves, ida_star, Graph, Puzzle};

/// A small random number generator (SplitMix64).
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The fewest moves from `start` to `target` on `edges`, if at most `cap`.
fn oracle(cells: usize, edges: &[(usize, usize)], start: &[u32], target: &[u32], cap: usize) -> Option<usize> {
    let mut seen = HashMap::from([(start.to_vec(), 0usize)]);
    let mut queue = VecDeque::from([start.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = seen[&board];
        if board == target {
            return Some(d);
        }
        if d == cap {
            continue;
        }
        for &(a, b) in edges {
            for (x, y) in [(a, b), (b, a)] {
                if board[x] == 0 && board[y] != 0 {
                    let mut child = board.clone();
                    child.swap(x, y);
                    if !seen.contains_key(&child) {
                        seen.insert(child.clone(), d + 1);
                        queue.push_back(child);
                    }
                }
            }
        }
    }
    let _ = cells;
    None
}

#[test]
fn the_searches_agree_with_a_plain_breadth_first_search() {
    let mut random = Random(17);
    for case in 0..400 {
        let cells = 3 + random.below(7);
        // A random connected-or-not graph: a path with some chords, or some
        // random edges only.
        let mut edges = Vec::new();
        if random.below(4) > 0 {
            edges.extend((1..cells).map(|c| (c - 1, c)));
        }
        for _ in 0..random.below(cells + 1) {
            let (a, b) = (random.below(cells), random.below(cells));
            if a != b && !edges.contains(&(a, b)) && !edges.contains(&(b, a)) {
                edges.push((a, b));
            }
        }
        let blanks = 1 + random.below(3.min(cells - 1));
        let kinds = 1 + random.below(cells);
        let mut target: Vec<u32> = (0..cells)
            .map(|c| if c < blanks { 0 } else { 1 + random.below(kinds) as u32 })
            .collect();
        for i in (1..cells).rev() {
            target.swap(i, random.below(i + 1));
        }
        let start = if random.below(2) == 0 {
            let mut board = target.clone();
            for _ in 0..random.below(12) {
                let (a, b) = match edges.get(random.below(edges.len().max(1))) {
                    Some(&edge) => edge,
                    None => break,
                };
                if (board[a] == 0) != (board[b] == 0) {
                    board.swap(a, b);
                }
            }
            board
        } else {
            let mut board = target.clone();
            for i in (1..cells).rev() {
                board.swap(i, random.below(i + 1));
            }
            board
        };
        let cap = random.below(14);
        let expected = oracle(cells, &edges, &start, &target, cap);
        let graph = Graph::new(cells, &edges).unwrap();
        let puzzle = Puzzle::new(graph, start.clone(), target.clone()).unwrap();
        let context = format!("case {case}: {cells} cells {edges:?}, {start:?} to {target:?}, cap {cap}");
        assert_eq!(fewest_moves(&puzzle, cap), expected, "IDA*, {context}");
        for (name, path) in [
            ("IDA*", ida_star(&puzzle, cap)),
            ("bidirectional", bidirectional_bfs(&puzzle, cap, 1 << 20, None).unwrap()),
        ] {
            assert_eq!(path.as_ref().map(Vec::len), expected, "{name}, {context}");
            if let Some(path) = path {
                assert_eq!(puzzle.replay(&path), Some(target.clone()), "{name}'s path, {context}");
            }
        }
    }
}

#[test]
fn a_board_that_does_not_fit_the_packing_is_refused() {
    let graph = Graph::grid(5, 6, &[true; 30]);
    let labels: Vec<u32> = (0..30).collect();
    let puzzle = Puzzle::new(graph, labels.clone(), labels).unwrap();
    let error = bidirectional_bfs(&puzzle, 5, 1000, None).unwrap_err();
    assert_eq!(
        error,
        "30 cells of 30 labels take 150 bits, more than the 128 a board may"
    );
}

/// AtCoder ABC224 D's puzzles: random graphs of 2 to 9 vertices, every
/// piece its own label and one blank, searched without a cap over the
/// whole space of arrangements (the target drawn at random, or one the
/// start reaches), by the two-ended search against the plain one.
#[test]
fn uncapped_searches_of_distinct_pieces_agree() {
    let mut random = Random(224);
    for _ in 0..60 {
        let cells = 2 + random.below(8);
        let density = random.below(101);
        let mut edges = Vec::new();
        for a in 0..cells {
            for b in a + 1..cells {
                if random.below(100) < density {
                    edges.push((a, b));
                }
            }
        }
        let arrangement = |random: &mut Random| {
            let mut pieces: Vec<u32> = (0..cells as u32).collect();
            for i in (1..cells).rev() {
                pieces.swap(i, random.below(i + 1));
            }
            pieces
        };
        let start = arrangement(&mut random);
        let target = if random.below(2) == 0 {
            arrangement(&mut random)
        } else {
            let mut board = start.clone();
            for _ in 0..random.below(30) {
                if let Some(&(a, b)) = edges.get(random.below(edges.len().max(1))) {
                    if board[a] == 0 || board[b] == 0 {
                        board.swap(a, b);
                    }
                }
            }
            board
        };
        let expected = oracle(cells, &edges, &start, &target, usize::MAX);
        let graph = Graph::new(cells, &edges).unwrap();
        let puzzle = Puzzle::new(graph, start.clone(), target.clone()).unwrap();
        let path = bidirectional_bfs(&puzzle, usize::MAX, usize::MAX, None).unwrap();
        assert_eq!(
            path.as_ref().map(Vec::len),
            expected,
            "{edges:?}: {start:?} to {target:?}"
        );
        if let Some(path) = path {
            assert_eq!(puzzle.replay(&path).as_deref(), Some(&target[..]), "{edges:?}");
        }
    }
}
