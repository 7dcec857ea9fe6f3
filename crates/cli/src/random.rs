//! `slide random`: random solvable boards, written as they are made.

use slide_core::LargeBoard;
use slide_core::{Board, Move, Shape, SplitMix64};

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
    let (rows, cols) = (args.size.rows, args.size.cols);
    // Boards of at most 16 cells are drawn as they always were, so that a
    // seed keeps giving the same boards; larger ones as boards of any size.
    let small_goal = Shape::new(rows, cols).ok().map(Board::goal);
    let large_goal = LargeBoard::goal(rows, cols);
    let mut pending = String::new();
    for _ in 0..args.count {
        let board = match (small_goal, args.moves) {
            (Some(goal), Some(moves)) => rng.scramble(&goal, moves).to_string(),
            (Some(goal), None) => rng.solvable_board(&goal).to_string(),
            (None, Some(moves)) => scramble_large(&large_goal, moves, &mut rng).to_string(),
            (None, None) => LargeBoard::random(&large_goal, &mut rng).to_string(),
        };
        if args.json {
            pending.push_str(&serde_json::json!({ "board": board }).to_string());
        } else {
            pending.push_str(&board);
        }
        pending.push('\n');
        if pending.len() >= FLUSH_AT {
            write_stdout(&pending)?;
            pending.clear();
        }
    }
    write_stdout(&pending)
}

/// `moves` random moves from `board`, never undoing the previous one.
fn scramble_large(board: &LargeBoard, moves: usize, rng: &mut SplitMix64) -> LargeBoard {
    let mut board = board.clone();
    let mut last: Option<Move> = None;
    for _ in 0..moves {
        let options: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|&mv| Some(mv.reverse()) != last && board.neighbour(board.blank(), mv).is_some())
            .collect();
        let mv = options[rng.below(options.len())];
        board.apply(mv);
        last = Some(mv);
    }
    board
}
