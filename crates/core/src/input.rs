//! Reading judge input: many boards in one text, with errors that name the
//! line and column.
//!
//! A judge's input is a stream of cells, cut by the one tokenizer
//! ([`crate::symbols`]): characters on boards of at most 10 cells, so that
//! puzzles may be written contiguously (`12345678x`), and whitespace-separated
//! numbers on larger ones. Either way, consecutive cells form boards,
//! row-major, however the lines break.

use std::fmt;

use crate::board::Board;
use crate::parse::{parse_symbol, Symbol};
use crate::shape::Shape;

/// A problem with an input, and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The line, from 1, when the problem has one.
    pub line: Option<usize>,
    /// The column, from 1, when the problem has one.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl InputError {
    /// An error at `line` and, if known, `column`.
    pub fn at(line: usize, column: Option<usize>, message: impl Into<String>) -> InputError {
        InputError {
            line: Some(line),
            column,
            message: message.into(),
        }
    }

    /// An error about the input as a whole.
    pub fn whole(message: impl Into<String>) -> InputError {
        InputError {
            line: None,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "line {line}, column {column}: {}", self.message)
            }
            (Some(line), None) => write!(f, "line {line}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// A judge input that gives a count and then that many boards of `shape`
/// (cells read as [`crate::symbols`] reads them); `noun` names the boards
/// in messages ("boards", "puzzles"). A count that does not match the
/// boards is an error, as is anything after a count of 0.
///
/// ```
/// use slide_core::{counted_boards, Shape};
/// let shape = Shape::new(3, 3).unwrap();
/// assert_eq!(counted_boards("2\n12345678x\n1 2 3 4 5 6 7 x 8\n", shape, "puzzles").unwrap().len(), 2);
/// assert_eq!(
///     counted_boards("3\n12345678x\n", shape, "boards").unwrap_err().to_string(),
///     "line 1: the count says 3 boards, the input holds 1"
/// );
/// ```
pub fn counted_boards(input: &str, shape: Shape, noun: &str) -> Result<Vec<Board>, InputError> {
    let mut words = crate::parse::words(input);
    let Some(count) = words.next() else {
        return Err(InputError::whole(format!(
            "the input is empty: expected the number of {noun}"
        )));
    };
    let Ok(expected) = count.text.parse::<usize>() else {
        let message = format!(
            "expected the number of {noun}, found '{}'",
            crate::parse::quoted(count.text)
        );
        return Err(InputError::at(count.line, Some(count.column), message));
    };
    let mut cells = crate::parse::cells_of_words(words, shape).peekable();
    let starts = if expected == 0 && cells.peek().is_none() {
        Vec::new()
    } else {
        boards(cells, shape).collect::<Result<Vec<_>, _>>()?
    };
    if starts.len() != expected {
        let message = format!("the count says {expected} {noun}, the input holds {}", starts.len());
        return Err(InputError::at(count.line, None, message));
    }
    Ok(starts)
}

/// The boards of `shape` that `symbols` spell, one after another, read as
/// they are needed: an input of any length costs the memory of one board.
/// The first item is an error when there is no board at all; after an
/// error, the iterator ends.
///
/// ```
/// use slide_core::{boards, symbols, Shape};
/// let shape = Shape::new(3, 3).unwrap();
/// let text = "12345678x\n1 2 3 4 5 6 7 x 8\n";
/// assert_eq!(boards(symbols(text, shape), shape).count(), 2);
/// let error = boards(symbols("1 2 3 4 5 6 7 8 8", shape), shape).next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "line 1: puzzle 1: no blank: write it as x, ., 0 or _");
/// ```
pub fn boards<'a, I: Iterator<Item = Symbol<'a>>>(symbols: I, shape: Shape) -> Boards<'a, I> {
    Boards {
        symbols: symbols.peekable(),
        shape,
        read: 0,
        done: false,
    }
}

/// The iterator of [`boards`].
pub struct Boards<'a, I: Iterator<Item = Symbol<'a>>> {
    symbols: std::iter::Peekable<I>,
    shape: Shape,
    /// How many boards were read.
    read: usize,
    /// Whether an error ended the input.
    done: bool,
}

impl<'a, I: Iterator<Item = Symbol<'a>>> Iterator for Boards<'a, I> {
    type Item = Result<Board, InputError>;

    fn next(&mut self) -> Option<Result<Board, InputError>> {
        if self.done {
            return None;
        }
        let result = self.read_one()?;
        self.done = result.is_err();
        self.read += 1;
        Some(result)
    }
}

impl<'a, I: Iterator<Item = Symbol<'a>>> Boards<'a, I> {
    /// The next board, an error, or `None` at the end of a valid input.
    fn read_one(&mut self) -> Option<Result<Board, InputError>> {
        let cells = self.shape.cells();
        let Some(first) = self.symbols.peek().copied() else {
            return (self.read == 0).then(|| {
                Err(InputError::whole(format!(
                    "the input holds no puzzle: expected {cells} cells"
                )))
            });
        };
        let mut contents = [0u8; crate::shape::MAX_CELLS];
        let mut count = 0;
        for (slot, symbol) in contents[..cells].iter_mut().zip(self.symbols.by_ref()) {
            match parse_symbol(symbol.text, cells) {
                Ok(tile) => *slot = tile,
                Err(error) => return Some(Err(InputError::at(symbol.line, Some(symbol.column), error.to_string()))),
            }
            count += 1;
        }
        if count < cells {
            let message = format!("the last puzzle has {count} of {cells} cells");
            return Some(Err(InputError::at(first.line, None, message)));
        }
        Some(
            Board::from_cells(self.shape, &contents[..cells])
                .map_err(|error| InputError::at(first.line, None, format!("puzzle {}: {error}", self.read + 1))),
        )
    }
}
