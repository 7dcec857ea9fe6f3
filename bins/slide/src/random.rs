//! `slide random`: random solvable boards, written as they are made.

use slide_core::{Board, SplitMix64};

use crate::args::RandomArgs;
use crate::error::{write_stdout, CliError};

/// Bytes gathered before they are written.
const FLUSH_AT: usize = 1 << 16;

/// Writes `args.count` boards, one per line: uniform among the boards that
/// can reach the goal, or `args.moves` random moves from it. They stream out
/// as they are made, so any count works and `| head` stops it early.
pub(crate) fn boards(args: &RandomArgs) -> Result<(), CliError> {
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        now.as_nanos() as u64
    });
    let mut rng = SplitMix64::new(seed);
    let goal = Board::goal(args.shape);
    let mut pending = String::new();
    for _ in 0..args.count {
        let board = match args.moves {
            Some(moves) => rng.scramble(&goal, moves),
            None => rng.solvable_board(&goal),
        };
        pending.push_str(&board.to_string());
        pending.push('\n');
        if pending.len() >= FLUSH_AT {
            write_stdout(&pending)?;
            pending.clear();
        }
    }
    write_stdout(&pending)
}
