//! The frame: the board flipped so that the goal's blank is in the
//! bottom-right corner, where the reduction works.

use slide_core::Move;

/// The board as the reduction sees it: flipped upside down and/or left to
/// right so that the goal's blank is in the bottom-right corner.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) flip_rows: bool,
    pub(super) flip_cols: bool,
}

impl Frame {
    /// The cell inside the frame of the board's cell `cell` (flips are their
    /// own inverses, so this maps both ways).
    pub(super) fn cell(self, cell: usize) -> usize {
        let (mut row, mut col) = (cell / self.cols, cell % self.cols);
        if self.flip_rows {
            row = self.rows - 1 - row;
        }
        if self.flip_cols {
            col = self.cols - 1 - col;
        }
        row * self.cols + col
    }

    /// The board's move for a move inside the frame.
    pub(super) fn outside(self, mv: Move) -> Move {
        match mv {
            Move::Up | Move::Down if self.flip_rows => mv.reverse(),
            Move::Left | Move::Right if self.flip_cols => mv.reverse(),
            _ => mv,
        }
    }
}
