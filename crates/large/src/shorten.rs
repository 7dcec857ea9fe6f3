//! A path made shorter after the fact: windows of it replaced by shortest
//! equivalents.
//!
//! A window of `k` moves of a path takes the board from one arrangement to
//! another, and every tile it moves lies in the rectangle the blank covers
//! over those moves. Within that rectangle, grown by a cell on each side
//! where the board has one (a way round may pass there), an optimal search
//! finds the shortest way between the two arrangements: if it is shorter
//! than `k`, it replaces the window, and the path still ends where it did.
//! The tiles outside the rectangle never move, so the rest of the path is
//! untouched.

use slide_core::{Board, LargeBoard, Move, Shape, MAX_CELLS};
use slide_solvers::{ida_star_with, Budget, LinearConflict};

/// `path` from `start`, with windows of at most `window` moves replaced
/// by shortest equivalents where that is shorter: a path to the same board,
/// never longer.
///
/// ```
/// use slide_core::{LargeBoard, Move::*};
/// use slide_large::shorten;
/// let start = LargeBoard::goal(4, 4);
/// // Around a 2x2 square and back: the same board in 0 moves.
/// let path = [Up, Left, Down, Right, Left, Up, Right, Down];
/// let mut end = start.clone();
/// assert_eq!(end.apply_path(&path), None);
/// let short = shorten(&start, &path, 8);
/// let mut board = start.clone();
/// assert_eq!(board.apply_path(&short), None);
/// assert_eq!(board, end);
/// assert!(short.len() < path.len());
/// ```
pub fn shorten(start: &LargeBoard, path: &[Move], window: usize) -> Vec<Move> {
    let mut path = path.to_vec();
    let mut board = start.clone();
    let mut at = 0;
    while at + 1 < path.len() {
        let end = (at + window).min(path.len());
        if let Some(shorter) = shortest_within(&board, &path[at..end]) {
            path.splice(at..end, shorter);
            // The moves before `at` may now make a shorter window with the
            // new ones: look again a few moves back.
            let back = at.min(window / 2);
            for mv in path[at - back..at].iter().rev() {
                board.apply(mv.reverse());
            }
            at -= back;
            continue;
        }
        board.apply(path[at]);
        at += 1;
    }
    path
}

/// A shorter way than `moves` from `board` to where they take it, found
/// in the rectangle the blank covers (grown by a cell a side), if the
/// rectangle has at most 16 cells and such a way exists.
fn shortest_within(board: &LargeBoard, moves: &[Move]) -> Option<Vec<Move>> {
    let (rows, cols) = (board.rows(), board.cols());
    let mut blank = board.blank();
    let (mut top, mut bottom, mut left, mut right) = (blank / cols, blank / cols, blank % cols, blank % cols);
    for &mv in moves {
        blank = slide_core::neighbour_cell(rows, cols, blank, mv as usize)?;
        top = top.min(blank / cols);
        bottom = bottom.max(blank / cols);
        left = left.min(blank % cols);
        right = right.max(blank % cols);
    }
    // Grow the rectangle a side at a time while it stays within 16 cells.
    let area = |t: usize, b: usize, l: usize, r: usize| (b - t + 1) * (r - l + 1);
    if area(top, bottom, left, right) > MAX_CELLS {
        return None;
    }
    if top > 0 && area(top - 1, bottom, left, right) <= MAX_CELLS {
        top -= 1;
    }
    if bottom + 1 < rows && area(top, bottom + 1, left, right) <= MAX_CELLS {
        bottom += 1;
    }
    if left > 0 && area(top, bottom, left - 1, right) <= MAX_CELLS {
        left -= 1;
    }
    if right + 1 < cols && area(top, bottom, left, right + 1) <= MAX_CELLS {
        right += 1;
    }
    let (height, width) = (bottom - top + 1, right - left + 1);
    if height * width < 2 {
        return None;
    }
    let shape = Shape::new(height, width).ok()?;
    // The rectangle's tiles numbered 1.. in reading order, as they stand
    // at the start; the blank 0.
    let mut local = Vec::with_capacity(height * width);
    let mut next = 1u8;
    for row in top..=bottom {
        for col in left..=right {
            if board.cells()[row * cols + col] == 0 {
                local.push(0);
            } else {
                local.push(next);
                next += 1;
            }
        }
    }
    let from = Board::from_cells(shape, &local).ok()?;
    let to = from.apply_path(moves)?;
    let mut budget = Budget {
        max_length: Some(moves.len() - 1),
        ..Budget::default()
    };
    let answer = ida_star_with(&from, &to, LinearConflict, &mut budget).ok()?;
    let path = answer.path?;
    (path.len() < moves.len()).then_some(path)
}
