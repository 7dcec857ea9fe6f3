//! The judges that give one board: reading it, and refusing more.

use slide_core::{boards, symbols, Board, Shape};

/// The one board of `shape` that `input` spells, for the judges that give
/// one; or the first problem with the input, also when it spells more.
///
/// ```
/// use slide_core::Shape;
/// let shape = Shape::new(2, 2).unwrap();
/// assert!(slide_driver::one_board("1 2 3 0", shape).is_ok());
/// assert_eq!(
///     slide_driver::one_board("1 2 3 0 1 2 3 0", shape).unwrap_err(),
///     "the input holds 2 boards; the problem gives one"
/// );
/// ```
pub fn one_board(input: &str, shape: Shape) -> Result<Board, String> {
    let found: Vec<Board> = boards(symbols(input, shape), shape)
        .collect::<Result<_, _>>()
        .map_err(|error| error.to_string())?;
    match <[Board; 1]>::try_from(found) {
        Ok([board]) => Ok(board),
        Err(found) => Err(format!("the input holds {} boards; the problem gives one", found.len())),
    }
}
