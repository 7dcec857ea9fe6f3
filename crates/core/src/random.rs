//! Random boards, from a small deterministic generator: the same seed gives
//! the same boards everywhere, so tests and benchmarks repeat.

use crate::board::Board;
use crate::large_board::LargeBoard;
use crate::moves::Move;
use crate::solvable::is_solvable;

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, fast, and
/// good enough for shuffling boards; not for secrets.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// use slide_core::SplitMix64;
    /// let (mut a, mut b) = (SplitMix64::new(7), SplitMix64::new(7));
    /// assert_eq!(a.next_u64(), b.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), without the bias of a plain remainder.
    ///
    /// ```
    /// use slide_core::SplitMix64;
    /// let mut rng = SplitMix64::new(1);
    /// assert!((0..100).all(|_| rng.below(6) < 6));
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// A uniformly random arrangement of `goal`'s shape, solvable or not.
    pub fn board(&mut self, goal: &Board) -> Board {
        let shape = goal.shape();
        let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, self.below(i + 1));
        }
        Board::from_cells(shape, &cells).expect("a shuffled permutation")
    }

    /// A board chosen uniformly among those that can reach `goal`: a uniform
    /// arrangement, with its first two tiles swapped when it cannot. The swap
    /// maps one parity class onto the other one to one, so each solvable
    /// board is drawn from exactly two arrangements.
    ///
    /// ```
    /// use slide_core::{is_solvable, Board, Shape, SplitMix64};
    /// let goal = Board::goal(Shape::new(3, 3).unwrap());
    /// let mut rng = SplitMix64::new(5);
    /// assert!((0..20).all(|_| is_solvable(&rng.solvable_board(&goal), &goal)));
    /// ```
    pub fn solvable_board(&mut self, goal: &Board) -> Board {
        let board = self.board(goal);
        if is_solvable(&board, goal) {
            return board;
        }
        let mut cells = board.cells();
        let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).take(2).collect();
        cells.swap(tiles[0], tiles[1]);
        Board::from_cells(goal.shape(), &cells).expect("a permutation")
    }

    /// `moves` random moves from `board`, never undoing the previous one.
    ///
    /// ```
    /// use slide_core::{Board, Shape, SplitMix64};
    /// let goal = Board::goal(Shape::new(2, 2).unwrap());
    /// assert_eq!(SplitMix64::new(3).scramble(&goal, 0), goal);
    /// ```
    pub fn scramble(&mut self, board: &Board, moves: usize) -> Board {
        let mut board = *board;
        let mut last: Option<Move> = None;
        for _ in 0..moves {
            let options: Vec<(Move, Board)> = board
                .successors()
                .filter(|(mv, _)| Some(mv.reverse()) != last)
                .collect();
            let (mv, next) = options[self.below(options.len())];
            board = next;
            last = Some(mv);
        }
        board
    }

    /// [`SplitMix64::scramble`] for a board of any size.
    ///
    /// ```
    /// use slide_core::{LargeBoard, SplitMix64};
    /// let goal = LargeBoard::goal(6, 6);
    /// let board = SplitMix64::new(3).scramble_large(&goal, 10);
    /// assert!(board.manhattan(&goal) <= 10);
    /// ```
    pub fn scramble_large(&mut self, board: &LargeBoard, moves: usize) -> LargeBoard {
        let mut board = board.clone();
        let mut last: Option<Move> = None;
        for _ in 0..moves {
            let options: Vec<Move> = Move::ALL
                .into_iter()
                .filter(|&mv| Some(mv.reverse()) != last && board.neighbour(board.blank(), mv).is_some())
                .collect();
            let mv = options[self.below(options.len())];
            board.apply(mv);
            last = Some(mv);
        }
        board
    }
}

impl LargeBoard {
    /// A board chosen uniformly among those that can reach `goal`, as
    /// [`SplitMix64::solvable_board`] draws small ones.
    ///
    /// ```
    /// use slide_core::SplitMix64;
    /// use slide_core::LargeBoard;
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
