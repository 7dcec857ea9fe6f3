//! `slide random`: random solvable boards, written as they are made.

use slide_core::LargeBoard;
use slide_core::{Board, Shape, SplitMix64};

use crate::args::{RandomArgs, Size};
use crate::error::{bad_input, write_stdout, CliError};

/// Bytes gathered before they are written.
const FLUSH_AT: usize = 1 << 16;

/// Writes `args.count` boards, one per line: uniform among the boards that
/// can reach the goal, or `args.moves` random moves from it. They stream out
/// as they are made, so any count works and `| head` stops it early.
pub(crate) fn boards(args: &RandomArgs) -> Result<(), CliError> {
    let mut pending = String::new();
    for board in made(args.size, args.seed, args.moves).take(args.count.try_into().unwrap_or(usize::MAX)) {
        if args.json {
            pending.push_str(&serde_json::json!({ "board": board.to_string() }).to_string());
        } else {
            pending.push_str(&board.to_string());
        }
        pending.push('\n');
        if pending.len() >= FLUSH_AT {
            write_stdout(&pending)?;
            pending.clear();
        }
    }
    write_stdout(&pending)
}

/// Random boards of `rows` by `cols` that can reach the goal (the tiles in
/// order, the blank last): uniform among them, or `moves` random moves from
/// the goal, never undoing the last one; the boards `slide random` writes
/// for the same `seed` (by default one from the clock). The command line's
/// error for a size or a number of moves it refuses.
///
/// ```
/// let boards: Vec<String> = slide_cli::random_boards(3, 3, Some(5), None).unwrap().take(2).map(|b| b.to_string()).collect();
/// assert_eq!(boards, ["6 4 3 / 7 1 5 / 2 _ 8", "5 _ 2 / 8 7 6 / 4 3 1"]);
/// assert!(slide_cli::random_boards(1, 3, None, None).is_err());
/// ```
pub fn random_boards(
    rows: usize,
    cols: usize,
    seed: Option<u64>,
    moves: Option<usize>,
) -> Result<impl Iterator<Item = LargeBoard>, CliError> {
    let size = crate::args::parse_size(&format!("{rows}x{cols}")).map_err(bad_input)?;
    if let Some(moves) = moves {
        crate::args::parse_moves(&moves.to_string()).map_err(bad_input)?;
    }
    Ok(made(size, seed, moves))
}

/// The boards of [`random_boards`], endless.
fn made(size: Size, seed: Option<u64>, moves: Option<usize>) -> impl Iterator<Item = LargeBoard> {
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        now.as_nanos() as u64
    });
    let mut rng = SplitMix64::new(seed);
    let (rows, cols) = (size.rows, size.cols);
    // Boards of at most 16 cells are drawn as they always were, so that a
    // seed keeps giving the same boards; larger ones as boards of any size.
    let small_goal = Shape::new(rows, cols).ok().map(Board::goal);
    let large_goal = LargeBoard::goal(rows, cols);
    std::iter::repeat_with(move || match (small_goal, moves) {
        (Some(goal), Some(moves)) => LargeBoard::of(&rng.scramble(&goal, moves)),
        (Some(goal), None) => LargeBoard::of(&rng.solvable_board(&goal)),
        (None, Some(moves)) => rng.scramble_large(&large_goal, moves),
        (None, None) => LargeBoard::random(&large_goal, &mut rng),
    })
}
