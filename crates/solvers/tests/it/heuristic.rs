//! The heuristic interface: a type written outside the crate serves IDA*,
//! and an estimate that is wrong cannot make a search run for ever.

use slide_core::{Board, Shape};
use slide_solvers::{ida_star, Estimate, Heuristic, PatternMismatch, Slide};

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
