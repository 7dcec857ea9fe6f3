//! The heuristic interface: a type written outside the crate serves IDA*,
//! an estimate that is wrong cannot make a search run for ever, and an
//! estimate reset for a board's children only follows them exactly.

use slide_core::{Board, LargeBoard, Shape, SplitMix64};
use slide_solvers::{
    ida_star, Cells, Estimate, Heuristic, LinearConflict, Neighbours, PatternMismatch, Position, Slide, Tiles,
    WideBoard,
};

/// An estimate that is 50 everywhere, the goal included: far above the
/// truth, as a damaged table would be.
struct Fifty;

struct FiftyEstimate;

impl Heuristic for Fifty {
    type Estimate = FiftyEstimate;

    fn name(&self) -> String {
        "fifty".to_string()
    }

    fn start(&self, _board: &Board, _target: &Board) -> Result<(FiftyEstimate, u32), PatternMismatch> {
        Ok((FiftyEstimate, 50))
    }
}

impl Estimate for FiftyEstimate {
    type Undo = ();

    type Kept = ();

    #[inline]
    fn kept(&self) {}

    fn moved(&mut self, _h: u32, _slide: Slide) -> (u32, ()) {
        (50, ())
    }

    fn undo(&mut self, _slide: Slide, _undo: ()) {}

    fn reset(&mut self, _tiles: u64) -> u32 {
        50
    }
}

#[test]
fn a_wrong_estimate_still_ends_at_a_path() {
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    for (text, moves) in [("1 2 3 4 5 6 7 x 8", 1), ("1 2 3 4 x 6 7 5 8", 2)] {
        let start = Board::parse(shape, text).unwrap();
        let answer = ida_star(&start, &goal, Fifty).unwrap();
        assert_eq!(answer.length(), Some(moves), "{text}");
        assert_eq!(start.apply_path(answer.path.as_ref().unwrap()), Some(goal));
    }
}

/// Checks that `reset_around` serves every move into the blank as `reset`
/// would: on each board of a random walk from `start` (by `next`), the
/// estimate is first reset to another board (what a beam's thread last
/// expanded), then reset around this one, and each child's estimate by
/// `moved` must be the child's own, with `undo` between children.
fn check_reset_around<P: Position, H: Heuristic<P>>(heuristic: &H, start: &P, goal: &P, seed: u64) {
    let (mut around, _) = heuristic.start(start, goal).unwrap();
    let mut random = SplitMix64::new(seed);
    let (mut board, mut other) = (start.clone(), goal.tiles());
    for step in 0..300 {
        let (tiles, blank) = (board.tiles(), board.blank());
        let h = heuristic.start(&board, goal).unwrap().1;
        around.reset(other);
        around.reset_around(tiles, blank);
        let mut children = Vec::new();
        for mv in 0..4 {
            let cell = board.neighbours().next(blank, mv);
            if cell == u8::MAX {
                continue;
            }
            let (from, tile) = (cell as usize, tiles.tile(cell as usize));
            let slide = Slide {
                tiles: tiles.slide(tile, from, blank),
                tile,
                from,
                to: blank,
            };
            let child = board.with_tiles(slide.tiles, from);
            let (moved, undo) = around.moved(h, slide);
            around.undo(slide, undo);
            let own = heuristic.start(&child, goal).unwrap().1;
            assert_eq!(moved, own, "step {step}, move {mv}: the child's estimate");
            children.push(child);
        }
        other = tiles;
        board = children.swap_remove(random.below(children.len()));
    }
}

#[test]
fn an_estimate_reset_around_the_blank_follows_every_move_from_it() {
    for (rows, cols) in [(3, 3), (4, 4), (3, 5), (2, 8)] {
        let shape = Shape::new(rows, cols).unwrap();
        let goal = Board::goal(shape);
        check_reset_around(&LinearConflict, &goal, &goal, (rows * cols) as u64);
    }
    for (rows, cols) in [(5, 5), (10, 10), (7, 9), (2, 12)] {
        let large = LargeBoard::goal(rows, cols);
        let start = LargeBoard::random(&large, &mut SplitMix64::new(7));
        let (start, goal) = (
            WideBoard::<Cells>::of(&start).unwrap(),
            WideBoard::<Cells>::of(&large).unwrap(),
        );
        check_reset_around(&LinearConflict, &start, &goal, (rows * cols) as u64);
    }
}
