//! `slide random`: random solvable boards.

use slide_core::{Board, Shape, SplitMix64};

/// `count` boards of `shape`, one per line: uniform among the boards that
/// can reach the goal, or `moves` random moves from it.
pub fn boards(shape: Shape, count: usize, seed: Option<u64>, moves: Option<usize>) -> String {
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        now.as_nanos() as u64
    });
    let mut rng = SplitMix64::new(seed);
    let goal = Board::goal(shape);
    let mut output = String::new();
    for _ in 0..count {
        let board = match moves {
            Some(moves) => rng.scramble(&goal, moves),
            None => rng.solvable_board(&goal),
        };
        output.push_str(&board.to_string());
        output.push('\n');
    }
    output
}
