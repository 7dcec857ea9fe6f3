//! The judges' usual question: the fewest moves of each board of a stream.

use slide_core::{boards, symbols, Board};
use slide_solvers::ToTarget;

/// Reads the boards of `target`'s shape that `input` spells (cells as
/// [`slide_core::symbols`] reads them), one after another, and hands `each`
/// the fewest moves from each to `target` (`None` when it cannot be
/// reached); or stops at the first problem with the input, and returns its
/// message. The judges that ask for lengths only read their input this way.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_driver::each_length_to;
/// let goal = Board::goal(Shape::new(3, 3).unwrap());
/// let mut lengths = Vec::new();
/// each_length_to("12345678x 1234567x8\n21345678x", &goal, |length| lengths.push(length)).unwrap();
/// assert_eq!(lengths, [Some(0), Some(1), None]);
/// ```
pub fn each_length_to(input: &str, target: &Board, mut each: impl FnMut(Option<usize>)) -> Result<(), String> {
    let shape = target.shape();
    let mut solver = ToTarget::new(target);
    for start in boards(symbols(input, shape), shape) {
        let start = start.map_err(|error| error.to_string())?;
        let answer = solver.solve(&start).map_err(|error| error.to_string())?;
        each(answer.length());
    }
    Ok(())
}
