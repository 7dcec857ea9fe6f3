//! `slide random`: random solvable boards.

use slide_core::{is_solvable, Board, Move, Shape};

/// SplitMix64: small, fast, and the same boards for the same seed everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, without the bias of a plain remainder.
    fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

/// `count` boards of `shape`, one per line: uniform among the boards that
/// can reach the goal, or `moves` random moves from it.
pub fn boards(shape: Shape, count: usize, seed: Option<u64>, moves: Option<usize>) -> String {
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        now.as_nanos() as u64
    });
    let mut rng = Rng(seed);
    let goal = Board::goal(shape);
    let mut output = String::new();
    for _ in 0..count {
        let board = match moves {
            Some(moves) => walk(&mut rng, &goal, moves),
            None => uniform(&mut rng, &goal),
        };
        output.push_str(&board.to_string());
        output.push('\n');
    }
    output
}

/// A uniformly random board that can reach `goal`: a uniform arrangement,
/// with two tiles swapped when it cannot. Swapping the first two tiles is a
/// bijection between the two parity classes, so each solvable board is
/// reached from exactly two arrangements.
fn uniform(rng: &mut Rng, goal: &Board) -> Board {
    let shape = goal.shape();
    let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let board = Board::from_cells(shape, &cells).expect("a permutation");
    if is_solvable(&board, goal) {
        return board;
    }
    let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).take(2).collect();
    cells.swap(tiles[0], tiles[1]);
    Board::from_cells(shape, &cells).expect("a permutation")
}

/// `moves` random moves from `goal`, never undoing the previous one.
fn walk(rng: &mut Rng, goal: &Board, moves: usize) -> Board {
    let mut board = *goal;
    let mut last: Option<Move> = None;
    for _ in 0..moves {
        let options: Vec<(Move, Board)> = board
            .successors()
            .filter(|(mv, _)| Some(mv.reverse()) != last)
            .collect();
        let (mv, next) = options[rng.below(options.len())];
        board = next;
        last = Some(mv);
    }
    board
}
