//! The larger of two estimates.

use super::{Estimate, Heuristic, Slide};
use crate::position::{Position, Tiles};
use crate::PatternMismatch;

/// The larger of two estimates: admissible and consistent when both are
/// (one move changes each by at most one, so their maximum too).
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{Heuristic, LinearConflict, MaxOf, WalkingDistance};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// let goal = Board::goal(shape);
/// let both = MaxOf(WalkingDistance, LinearConflict).estimate(&start, &goal).unwrap();
/// let each = [WalkingDistance.estimate(&start, &goal).unwrap(), LinearConflict.estimate(&start, &goal).unwrap()];
/// assert_eq!(both, each[0].max(each[1]));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MaxOf<A, B>(pub A, pub B);

/// [`MaxOf`] as it follows a board: both estimates, each with its value.
pub struct MaxEstimate<A, B> {
    first: A,
    second: B,
    values: (u32, u32),
}

impl<P: Position, A: Heuristic<P>, B: Heuristic<P>> Heuristic<P> for MaxOf<A, B> {
    type Estimate = MaxEstimate<A::Estimate, B::Estimate>;

    fn name(&self) -> String {
        format!("max({},{})", self.0.name(), self.1.name())
    }

    fn start(&self, board: &P, target: &P) -> Result<(Self::Estimate, u32), PatternMismatch> {
        let (first, a) = self.0.start(board, target)?;
        let (second, b) = self.1.start(board, target)?;
        let estimate = MaxEstimate {
            first,
            second,
            values: (a, b),
        };
        Ok((estimate, a.max(b)))
    }
}

impl<T: Tiles, A: Estimate<T>, B: Estimate<T>> Estimate<T> for MaxEstimate<A, B> {
    /// Each estimate's undo (none for the second if it was skipped), and
    /// both values before the move.
    type Undo = (A::Undo, Option<B::Undo>, (u32, u32));

    /// What each keeps, and both values (after [`Estimate::moved`]: not
    /// after a [`Estimate::moved_within`] that skipped the second).
    type Kept = (A::Kept, B::Kept, (u32, u32));

    #[inline]
    fn kept(&self) -> Self::Kept {
        (self.first.kept(), self.second.kept(), self.values)
    }

    /// Each resumed from what it kept: where one of them is the placement
    /// tables, they are not read again (a reset of both, the beam's way
    /// before, took half of a 6x6 beam's time:
    /// `record/2026-12-06-near-optimal.md`).
    #[inline]
    fn resume(&mut self, tiles: T, blank: usize, kept: Self::Kept) {
        self.first.resume(tiles, blank, kept.0);
        self.second.resume(tiles, blank, kept.1);
        self.values = kept.2;
    }

    #[inline]
    fn moved(&mut self, h: u32, slide: Slide<T>) -> (u32, Self::Undo) {
        self.moved_within(h, slide, u32::MAX)
    }

    /// The second estimate is skipped when the first is above `within`
    /// (then `values.1` is stale until the move is undone, which the
    /// search does without looking at the child's estimate again).
    #[inline]
    fn moved_within(&mut self, _h: u32, slide: Slide<T>, within: u32) -> (u32, Self::Undo) {
        let before = self.values;
        let (a, undo_a) = self.first.moved_within(before.0, slide, within);
        if a > within {
            self.values.0 = a;
            return (a, (undo_a, None, before));
        }
        let (b, undo_b) = self.second.moved_within(before.1, slide, within);
        self.values = (a, b);
        (a.max(b), (undo_a, Some(undo_b), before))
    }

    #[inline]
    fn undo(&mut self, slide: Slide<T>, undo: Self::Undo) {
        self.first.undo(slide, undo.0);
        if let Some(second) = undo.1 {
            self.second.undo(slide, second);
        }
        self.values = undo.2;
    }

    fn reset(&mut self, tiles: T) -> u32 {
        self.values = (self.first.reset(tiles), self.second.reset(tiles));
        self.values.0.max(self.values.1)
    }
}
