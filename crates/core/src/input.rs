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

/// The boards of `shape` that `symbols` spell, one after another; at least one.
///
/// ```
/// use slide_core::{boards, symbols, Shape};
/// let shape = Shape::new(3, 3).unwrap();
/// let text = "12345678x\n1 2 3 4 5 6 7 x 8\n";
/// assert_eq!(boards(&symbols(text, shape), shape).unwrap().len(), 2);
/// let error = boards(&symbols("1 2 3 4 5 6 7 8 8", shape), shape).unwrap_err();
/// assert_eq!(error.to_string(), "line 1: puzzle 1: no blank: write it as x, ., 0 or _");
/// ```
pub fn boards(symbols: &[Symbol<'_>], shape: Shape) -> Result<Vec<Board>, InputError> {
    let cells = shape.cells();
    if symbols.is_empty() {
        return Err(InputError::whole(format!(
            "the input holds no puzzle: expected {cells} cells"
        )));
    }
    let mut boards = Vec::with_capacity(symbols.len() / cells);
    for (index, puzzle) in symbols.chunks(cells).enumerate() {
        let first = puzzle[0].line;
        if puzzle.len() < cells {
            let message = format!("the last puzzle has {} of {cells} cells", puzzle.len());
            return Err(InputError::at(first, None, message));
        }
        let mut contents = [0u8; crate::shape::MAX_CELLS];
        for (slot, symbol) in contents.iter_mut().zip(puzzle) {
            *slot = parse_symbol(symbol.text, cells)
                .map_err(|error| InputError::at(symbol.line, Some(symbol.column), error.to_string()))?;
        }
        let board = Board::from_cells(shape, &contents[..cells])
            .map_err(|error| InputError::at(first, None, format!("puzzle {}: {error}", index + 1)))?;
        boards.push(board);
    }
    Ok(boards)
}
