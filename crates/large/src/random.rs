//! Random large boards, for the command line, the tests and the benchmarks.

use slide_core::SplitMix64;

use crate::board::LargeBoard;

impl LargeBoard {
    /// A board chosen uniformly among those that can reach `goal`, as
    /// [`SplitMix64::solvable_board`] draws small ones.
    ///
    /// ```
    /// use slide_core::SplitMix64;
    /// use slide_large::LargeBoard;
    /// let goal = LargeBoard::goal(7, 9);
    /// let mut random = SplitMix64::new(5);
    /// assert!((0..20).all(|_| LargeBoard::random(&goal, &mut random).reaches(&goal)));
    /// ```
    pub fn random(goal: &LargeBoard, random: &mut SplitMix64) -> LargeBoard {
        let mut cells = goal.cells().to_vec();
        for i in (1..cells.len()).rev() {
            cells.swap(i, random.below(i + 1));
        }
        let board = LargeBoard::new(goal.rows(), goal.cols(), cells).expect("a shuffled permutation");
        if board.reaches(goal) {
            return board;
        }
        // Swapping two tiles changes the permutation's parity.
        let mut cells = board.cells().to_vec();
        let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).take(2).collect();
        cells.swap(tiles[0], tiles[1]);
        LargeBoard::new(goal.rows(), goal.cols(), cells).expect("a permutation")
    }
}
