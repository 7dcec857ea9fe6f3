//! The part left solved by an optimal search of boards of its shape.

use slide_core::{Board, Shape};
use slide_solvers::{Answer, SearchError};

use super::Reduction;

impl Reduction {
    /// The part left, `rows r0..` by `cols c0..` (at most 16 cells), as a
    /// board whose goal is [`Board::goal`] of its shape: the blank in the
    /// bottom-right corner, tile `k + 1` in the part's cell `k`.
    pub(super) fn part_board(&self, r0: usize, c0: usize) -> Board {
        let (height, width) = (self.rows - r0, self.cols - c0);
        let shape = Shape::new(height, width).expect("a part left of at most 16 cells");
        let blank_label = self.label_at.len() - 1;
        let mut cells = Vec::with_capacity(height * width);
        for row in r0..self.rows {
            for col in c0..self.cols {
                let label = self.label_at[row * self.cols + col] as usize;
                cells.push(if label == blank_label {
                    0
                } else {
                    ((label / self.cols - r0) * width + (label % self.cols - c0) + 1) as u8
                });
            }
        }
        Board::from_cells(shape, &cells).expect("the part left holds its own tiles")
    }

    /// Solves the part left, `rows r0..` by `cols c0..`, with `finish`, an
    /// optimal search of its shape.
    pub(super) fn finish_by(
        &mut self,
        r0: usize,
        c0: usize,
        finish: &mut impl FnMut(&Board, &Board) -> Result<Answer, SearchError>,
    ) {
        let start = self.part_board(r0, c0);
        let goal = Board::goal(start.shape());
        let path = finish(&start, &goal)
            .expect("the finishing search succeeds")
            .path
            .expect("a solvable board leaves a solvable part");
        for mv in path {
            self.step(mv);
        }
    }
}
