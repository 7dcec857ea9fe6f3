//! A path read back from the moves a search recorded.

use slide_core::Move;

/// The moves that lead to `here`, read backwards: `last` names the move
/// recorded as reaching a board (`None` where the walk ends: the start),
/// and `undo` takes a board back over a move. The caller's search says
/// why the walk ends; the moves come out in the order they are played.
#[inline]
pub(crate) fn walk_back<B>(
    mut here: B,
    mut last: impl FnMut(&B) -> Option<Move>,
    undo: impl Fn(&B, Move) -> Option<B>,
) -> Vec<Move> {
    let mut path = Vec::new();
    while let Some(mv) = last(&here) {
        path.push(mv);
        here = undo(&here, mv.reverse()).expect("a recorded move is undone by its reverse");
    }
    path.reverse();
    path
}
