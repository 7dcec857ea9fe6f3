//! Which of a node's moves a depth-first search skips, knowing the moves
//! that led there: the one that undoes the last ([`UndoLast`], every
//! search's rule), or every move that would end a sequence with a shorter
//! or equal equivalent ([`crate::MoveFsm`]), and with it the mirrored moves
//! ([`crate::mirrored()`]).
//!
//! The searches are generic over the rule, so the plain rule costs what the
//! one comparison did before there was a choice.

use slide_core::{Move, NO_MOVE};

use crate::position::Position;

/// A rule for the moves a depth-first search skips, as a machine reading
/// the moves on the path: its state after them, and the next state by a
/// move, or `None` where the move is skipped.
///
/// A rule may skip a move only where every path to the target it thereby
/// skips has an equivalent (a path to the target too) that is shorter, or
/// as long and earlier in the order `Move::ALL` reads: the first shortest
/// path in that order is then never skipped, and IDA* trying the moves in
/// that order returns the path it returns without the rule. (The machine's
/// walks have an equivalent ending on the same board, wherever the path
/// ends; a mirrored move's has one ending on the image of that board, the
/// target where the path ends there.)
pub trait Pruning: Copy + Send + Sync {
    /// The machine's state: what it remembers of the path.
    type State: Copy + Send + Sync;

    /// The state after the one move `last` (`NO_MOVE`: none): where a
    /// search from a board reached by another search (a frontier node, a
    /// packet) starts, knowing only the move that led there.
    fn after(self, last: u8) -> Self::State;

    /// Whether the rule also skips mirrored moves (see [`crate::mirrored()`]):
    /// a move whose child is the image of an earlier move's child, or of
    /// the board the search came from. Searches skip them at the start
    /// ([`Pruning::start`]) and at the nodes they walk one by one (the
    /// parallel search's cut). The plain rule skips none: its search stays
    /// the one the others are checked against.
    const MIRRORED: bool = false;

    /// The state at the start of a search from `start` to `target`: by
    /// default [`Pruning::after`] no move; a rule that skips mirrored moves
    /// skips the start's besides.
    fn start<P: Position>(self, start: &P, target: &P) -> Self::State {
        let _ = (start, target);
        self.after(NO_MOVE)
    }

    /// The state after the move `mv` from `state`, or `None` where the move
    /// is skipped.
    fn step(self, state: Self::State, mv: u8) -> Option<Self::State>;
}

/// The rule every search has: skip the move that undoes the last one.
///
/// ```
/// use slide_core::{Move, NO_MOVE};
/// use slide_solvers::{Pruning, UndoLast};
/// let up = UndoLast.after(Move::Up as u8);
/// assert_eq!(UndoLast.step(up, Move::Down as u8), None);
/// assert!(UndoLast.step(up, Move::Left as u8).is_some());
/// assert!(UndoLast.step(UndoLast.after(NO_MOVE), Move::Down as u8).is_some());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct UndoLast;

impl Pruning for UndoLast {
    /// The last move (`NO_MOVE` at the start).
    type State = u8;

    #[inline(always)]
    fn after(self, last: u8) -> u8 {
        last
    }

    #[inline(always)]
    fn step(self, last: u8, mv: u8) -> Option<u8> {
        (!Move::undoes(mv, last)).then_some(mv)
    }
}
