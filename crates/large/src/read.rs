//! The readers of the judges' large boards: numbers read a byte at a time,
//! with errors that name the line and column.

use slide_core::{quoted, InputError, MAX_SIDE};

use slide_core::LargeBoard;

/// The whitespace-separated tokens of a text as numbers, read a byte at a
/// time: the reader of large boards, where a board of a million cells makes
/// every byte's cost count. Each token comes with where it starts, a byte
/// offset; the line and column an error names are worked out from it only
/// then ([`Numbers::line_and_column`]).
///
/// ```
/// use slide_large::Numbers;
/// let mut numbers = Numbers::new("12 x\n 7");
/// assert_eq!(numbers.next(), Some((Some(12), 0)));
/// assert_eq!(numbers.next(), Some((None, 3)));
/// assert_eq!(numbers.next(), Some((Some(7), 6)));
/// assert_eq!(numbers.line_and_column(6), (2, 2));
/// ```
#[derive(Clone, Debug)]
pub struct Numbers<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Numbers<'a> {
    /// The tokens of `text`.
    pub fn new(text: &'a str) -> Numbers<'a> {
        Numbers { text, at: 0 }
    }

    /// The line and column (from 1, columns in characters) of byte `offset`.
    pub fn line_and_column(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset];
        let line_start = before.rfind('\n').map_or(0, |at| at + 1);
        (
            before.matches('\n').count() + 1,
            before[line_start..].chars().count() + 1,
        )
    }

    /// The token that starts at byte `offset`, as the text has it.
    pub fn token(&self, offset: usize) -> &'a str {
        let rest = &self.text[offset..];
        let end = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
        &rest[..end]
    }

    /// An error about the token at byte `offset`, naming its line and column.
    pub fn error_at(&self, offset: usize, message: String) -> InputError {
        let (line, column) = self.line_and_column(offset);
        InputError::at(line, Some(column), message)
    }
}

impl Iterator for Numbers<'_> {
    /// The token's value (`None` when it is not a number of at most 18
    /// digits) and its byte offset.
    type Item = (Option<u64>, usize);

    #[inline]
    fn next(&mut self) -> Option<(Option<u64>, usize)> {
        let bytes = self.text.as_bytes();
        while self.at < bytes.len() && bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        if self.at == bytes.len() {
            return None;
        }
        let start = self.at;
        let (mut value, mut digits, mut number) = (0u64, 0, true);
        while self.at < bytes.len() && !bytes[self.at].is_ascii_whitespace() {
            let byte = bytes[self.at];
            number &= byte.is_ascii_digit();
            value = value.wrapping_mul(10).wrapping_add(byte.wrapping_sub(b'0') as u64);
            digits += 1;
            self.at += 1;
        }
        // A token may hold other whitespace than ASCII (a wide space):
        // keep to character boundaries.
        while !self.text.is_char_boundary(self.at) {
            self.at += 1;
        }
        Some((if number && digits <= 18 { Some(value) } else { None }, start))
    }
}

/// Reads the `rows * cols` cells of a large board from `numbers`, each a
/// number in `0..rows * cols` (0 the blank) given once; the errors name the
/// line and column. `first` is the byte where the board's size was given,
/// for the message of a board that ends early.
///
/// ```
/// use slide_large::{Numbers, read_large_board};
/// let mut numbers = Numbers::new("1 0 3\n4 2 5\n7 8 6\n");
/// assert_eq!(read_large_board(&mut numbers, 3, 3, 0).unwrap(), [1, 0, 3, 4, 2, 5, 7, 8, 6]);
/// let error = read_large_board(&mut Numbers::new("1 2 3 4"), 2, 2, 0).unwrap_err();
/// assert_eq!(error.to_string(), "line 1, column 7: 4 is out of range: a 2x2 board holds 0 to 3");
/// ```
pub fn read_large_board(
    numbers: &mut Numbers<'_>,
    rows: usize,
    cols: usize,
    first: usize,
) -> Result<Vec<u32>, InputError> {
    let n = rows * cols;
    let mut cells = Vec::with_capacity(n);
    // A bit per content: whether it was read.
    let mut seen = vec![0u64; (n + 63) / 64];
    for _ in 0..n {
        let (value, at) = match numbers.next() {
            Some(next) => next,
            None => {
                let (line, _) = numbers.line_and_column(first);
                let message = format!("the {rows}x{cols} board has {} of its {n} cells", cells.len());
                return Err(InputError::at(line, None, message));
            }
        };
        let value = match value {
            Some(value) => value,
            None => {
                let message = format!("'{}' is not a number", quoted(numbers.token(at)));
                return Err(numbers.error_at(at, message));
            }
        };
        if value >= n as u64 {
            let message = format!(
                "{} is out of range: a {rows}x{cols} board holds 0 to {}",
                quoted(numbers.token(at)),
                n - 1
            );
            return Err(numbers.error_at(at, message));
        }
        let (word, bit) = (value as usize / 64, value % 64);
        if seen[word] & 1 << bit != 0 {
            return Err(numbers.error_at(at, format!("{value} appears twice on the board")));
        }
        seen[word] |= 1 << bit;
        cells.push(value as u32);
    }
    Ok(cells)
}

/// Reads an input that is one square board: its side `n` (the name `side`
/// says, from `low` to `high`), then its n x n cells, row-major, 0 the
/// blank, and nothing after them.
///
/// ```
/// use slide_large::read_square_board;
/// let board = read_square_board("2\n3 1\n2 0\n", "n", 2, 10).unwrap();
/// assert_eq!(board.to_string(), "3 1 / 2 _");
/// let error = read_square_board("2\n3 1\n2 0\n7", "n", 2, 10).unwrap_err();
/// assert_eq!(error.to_string(), "line 4, column 1: the input goes on after the 2x2 board");
/// ```
pub fn read_square_board(input: &str, side: &str, low: usize, high: usize) -> Result<LargeBoard, InputError> {
    let (n, cells) = read_square(input, side, low, high)?;
    LargeBoard::new(n, n, cells)
}

/// [`read_square_board`]'s reading alone, for a judge whose side may be 1
/// (a board of the blank alone, which no [`LargeBoard`] is): the side and
/// the cells.
///
/// ```
/// use slide_large::read_square;
/// assert_eq!(read_square("1\n0\n", "N", 1, 50).unwrap(), (1, vec![0]));
/// assert!(read_square("1\n1\n", "N", 1, 50).is_err());
/// ```
pub fn read_square(input: &str, side: &str, low: usize, high: usize) -> Result<(usize, Vec<u32>), InputError> {
    let mut numbers = Numbers::new(input);
    let (n, at) = numbers.next().ok_or_else(|| {
        InputError::whole(format!(
            "the input is empty: it needs {side}, then {side} x {side} numbers"
        ))
    })?;
    let n = read_between(&numbers, n, at, side, low, high)?;
    let cells = read_large_board(&mut numbers, n, n, at)?;
    if let Some((_, extra)) = numbers.next() {
        return Err(numbers.error_at(extra, format!("the input goes on after the {n}x{n} board")));
    }
    Ok((n, cells))
}

/// Reads a side of a large board, the token at byte `at` with value
/// `value`: a number from 2 to [`MAX_SIDE`].
///
/// ```
/// use slide_large::{Numbers, read_side};
/// let mut numbers = Numbers::new("999 1");
/// let (value, at) = numbers.next().unwrap();
/// assert_eq!(read_side(&numbers, value, at, "rows"), Ok(999));
/// let (value, at) = numbers.next().unwrap();
/// assert!(read_side(&numbers, value, at, "columns").is_err());
/// ```
pub fn read_side(numbers: &Numbers<'_>, value: Option<u64>, at: usize, what: &str) -> Result<usize, InputError> {
    read_between(numbers, value, at, &format!("the {what}"), 2, MAX_SIDE)
}

/// Reads the token at byte `at` with value `value` as a number from `low`
/// to `high`; the error names `what` it is and where.
///
/// ```
/// use slide_large::{Numbers, read_between};
/// let mut numbers = Numbers::new("11");
/// let (value, at) = numbers.next().unwrap();
/// assert_eq!(
///     read_between(&numbers, value, at, "n", 2, 10).unwrap_err().to_string(),
///     "line 1, column 1: n must be a number from 2 to 10, not '11'"
/// );
/// ```
pub fn read_between(
    numbers: &Numbers<'_>,
    value: Option<u64>,
    at: usize,
    what: &str,
    low: usize,
    high: usize,
) -> Result<usize, InputError> {
    match value {
        Some(number) if (low as u64..=high as u64).contains(&number) => Ok(number as usize),
        _ => {
            let message = format!(
                "{what} must be a number from {low} to {high}, not '{}'",
                quoted(numbers.token(at))
            );
            Err(numbers.error_at(at, message))
        }
    }
}
