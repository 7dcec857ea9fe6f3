//! An estimate scaled up by a weight: the one change that turns IDA* and A*
//! into bounded-suboptimal searches.

use super::{Estimate, Heuristic, Slide};
use crate::position::{Position, Tiles};
use crate::PatternMismatch;

/// `heuristic` multiplied by `percent / 100` and rounded down: neither
/// admissible nor consistent once `percent` is above 100, but a search
/// that would be optimal with `heuristic` finds with it a path at most
/// `percent / 100` times as long as a shortest one, in far fewer nodes.
///
/// Why the bound holds for IDA* (and for A* that reopens boards reached
/// shorter): on a shortest path of length `C`, every board `n` has
/// `g(n) + w h(n) <= w (g(n) + h(n)) <= w C`, since `h` is admissible and
/// `w >= 1`. So no iteration's bound passes `w C` while some shortest path
/// is still cut off (the next bound is the least `f` that was cut, at most
/// that path's), and the path found has length at most its iteration's
/// bound. Rounding down only lowers `f`.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star, Heuristic, LinearConflict, Weighted};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// let goal = Board::goal(shape);
/// let weighted = Weighted { heuristic: LinearConflict, percent: 150 };
/// assert_eq!(weighted.estimate(&start, &goal), Ok(LinearConflict.estimate(&start, &goal).unwrap() * 3 / 2));
/// let length = ida_star(&start, &goal, weighted).unwrap().length().unwrap();
/// assert!((31..=46).contains(&length)); // The shortest path has 31 moves.
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weighted<H> {
    /// The estimate scaled.
    pub heuristic: H,
    /// The weight in hundredths: 100 leaves the estimate as it is.
    pub percent: u32,
}

/// [`Weighted`] as it follows a board: the inner estimate with its own
/// (unscaled) value, which a scaled value rounded down cannot give back.
pub struct WeightedEstimate<E> {
    inner: E,
    value: u32,
    percent: u32,
}

impl<E> WeightedEstimate<E> {
    #[inline]
    fn scale(&self, h: u32) -> u32 {
        (h as u64 * self.percent as u64 / 100).min(u32::MAX as u64) as u32
    }
}

impl<P: Position, H: Heuristic<P>> Heuristic<P> for Weighted<H> {
    type Estimate = WeightedEstimate<H::Estimate>;

    fn name(&self) -> String {
        format!(
            "{}x{}.{:02}",
            self.heuristic.name(),
            self.percent / 100,
            self.percent % 100
        )
    }

    fn start(&self, board: &P, target: &P) -> Result<(Self::Estimate, u32), PatternMismatch> {
        let (inner, value) = self.heuristic.start(board, target)?;
        let estimate = WeightedEstimate {
            inner,
            value,
            percent: self.percent.max(100),
        };
        let h = estimate.scale(value);
        Ok((estimate, h))
    }
}

impl<T: Tiles, E: Estimate<T>> Estimate<T> for WeightedEstimate<E> {
    /// The inner estimate's undo, and its value before the move.
    type Undo = (E::Undo, u32);

    type Kept = ();

    #[inline]
    fn kept(&self) {}

    #[inline]
    fn moved(&mut self, h: u32, slide: Slide<T>) -> (u32, Self::Undo) {
        self.moved_within(h, slide, u32::MAX)
    }

    /// A scaled value above `within` needs an inner value of at least
    /// `ceil(100 (within + 1) / percent)`, so the inner estimate may stop
    /// once it is past one less than that.
    #[inline]
    fn moved_within(&mut self, _h: u32, slide: Slide<T>, within: u32) -> (u32, Self::Undo) {
        let percent = self.percent as u64;
        let needed = (100 * (within as u64 + 1) + percent - 1) / percent;
        let inner_within = (needed - 1).min(u32::MAX as u64) as u32;
        let before = self.value;
        let (value, undo) = self.inner.moved_within(before, slide, inner_within);
        self.value = value;
        (self.scale(value), (undo, before))
    }

    #[inline]
    fn undo(&mut self, slide: Slide<T>, undo: Self::Undo) {
        self.inner.undo(slide, undo.0);
        self.value = undo.1;
    }

    fn reset(&mut self, tiles: T) -> u32 {
        self.value = self.inner.reset(tiles);
        self.scale(self.value)
    }
}
