//! Reading boards from text, with errors that say what is wrong and where.
//!
//! A cell is written as its tile's number (`1` to `cells - 1`) or as a blank:
//! `x`, `X`, `.`, `0` or `_`. A board is either whitespace-separated tokens,
//! one per cell, or contiguous characters, one per cell (`12345678x`).
//! Cells are numbered from 1 in messages, row-major from the top-left.

use std::fmt;

use crate::board::Board;
use crate::shape::Shape;

/// Why a symbol is not a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymbolError {
    /// Not a number and not a blank.
    Unknown {
        /// The symbol as written.
        symbol: String,
    },
    /// A number that is not a tile of this board.
    OutOfRange {
        /// The number as written.
        symbol: String,
        /// The largest tile of the board.
        largest: usize,
    },
}

impl fmt::Display for SymbolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymbolError::Unknown { symbol } => write!(
                f,
                "unknown symbol '{}': a cell is a tile number or a blank (x, ., 0 or _)",
                symbol.escape_debug()
            ),
            SymbolError::OutOfRange { symbol, largest } => {
                write!(f, "tile {symbol} is out of range: tiles are 1 to {largest}")
            }
        }
    }
}

impl std::error::Error for SymbolError {}

/// The content of one cell written as `symbol`: 0 for a blank, else the tile.
///
/// ```
/// use slide_core::{parse_symbol, SymbolError};
/// assert_eq!(parse_symbol("x", 9), Ok(0));
/// assert_eq!(parse_symbol("15", 16), Ok(15));
/// assert!(matches!(parse_symbol("9", 9), Err(SymbolError::OutOfRange { .. })));
/// assert!(matches!(parse_symbol("y", 9), Err(SymbolError::Unknown { .. })));
/// ```
pub fn parse_symbol(symbol: &str, cells: usize) -> Result<u8, SymbolError> {
    match symbol {
        "x" | "X" | "." | "0" | "_" => return Ok(0),
        _ => {}
    }
    if symbol.is_empty() || !symbol.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SymbolError::Unknown {
            symbol: symbol.to_string(),
        });
    }
    // At most two significant digits can name a tile; longer numbers are out
    // of range whatever their value, and must not overflow the parse.
    let digits = symbol.trim_start_matches('0');
    match digits.parse::<usize>() {
        Ok(tile) if digits.len() <= 2 && (1..cells).contains(&tile) => Ok(tile as u8),
        _ => Err(SymbolError::OutOfRange {
            symbol: symbol.to_string(),
            largest: cells - 1,
        }),
    }
}

/// Why a list of cells is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The number of cells does not match the shape.
    WrongCellCount {
        /// How many cells were given.
        found: usize,
        /// How many the shape has.
        expected: usize,
    },
    /// A tile number too large for the board.
    TileOutOfRange {
        /// The tile.
        tile: usize,
        /// Its cell, from 0.
        cell: usize,
        /// The largest tile of the board.
        largest: usize,
    },
    /// No cell holds the blank.
    NoBlank,
    /// Two cells hold the blank.
    TwoBlanks {
        /// The first blank's cell, from 0.
        first: usize,
        /// The second blank's cell, from 0.
        second: usize,
    },
    /// A tile appears twice, so another is missing.
    RepeatedTile {
        /// The tile.
        tile: usize,
        /// Its first cell, from 0.
        first: usize,
        /// Its second cell, from 0.
        second: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardError::WrongCellCount { found, expected } => {
                write!(f, "found {found} cells, expected {expected}")
            }
            BoardError::TileOutOfRange { tile, cell, largest } => write!(
                f,
                "tile {tile} in cell {} is out of range: tiles are 1 to {largest}",
                cell + 1
            ),
            BoardError::NoBlank => write!(f, "no blank: write it as x, ., 0 or _"),
            BoardError::TwoBlanks { first, second } => {
                write!(f, "two blanks, in cells {} and {}", first + 1, second + 1)
            }
            BoardError::RepeatedTile { tile, first, second } => write!(
                f,
                "tile {tile} appears twice, in cells {} and {}",
                first + 1,
                second + 1
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why a text is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Rows of different lengths.
    UnevenRows {
        /// The row, from 0, whose length differs from the first row's.
        row: usize,
        /// Its number of cells.
        found: usize,
        /// The first row's number of cells.
        expected: usize,
    },
    /// The text does not show the shape, and none was given.
    UnknownShape {
        /// The number of cells.
        cells: usize,
    },
    /// The shape the rows show, or the one given, is not supported or does not fit.
    Shape(String),
    /// A cell's symbol is not a tile or a blank.
    Symbol {
        /// The cell, from 0.
        cell: usize,
        /// What is wrong with it.
        error: SymbolError,
    },
    /// The cells do not form a board.
    Board(BoardError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Symbol { cell, error } => write!(f, "cell {}: {error}", cell + 1),
            ParseError::Board(error) => error.fmt(f),
            ParseError::UnevenRows { row, found, expected } => {
                write!(f, "row {} has {found} cells, but the first row has {expected}", row + 1)
            }
            ParseError::UnknownShape { cells } => write!(
                f,
                "cannot tell the shape of {cells} cells: separate the rows with / or give the shape (RxC)"
            ),
            ParseError::Shape(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ParseError {}

impl From<BoardError> for ParseError {
    fn from(error: BoardError) -> ParseError {
        ParseError::Board(error)
    }
}

impl Board {
    /// Reads a board of `shape` from text.
    ///
    /// If the text has exactly one whitespace-separated token per cell, each
    /// token is a cell (`1 2 3 4 5 6 7 8 x`, or `10 11 ...` on 4x4). Otherwise
    /// every character that is not whitespace is a cell (`12345678x`,
    /// `123 456 78.`).
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// let shape = Shape::new(3, 3).unwrap();
    /// let a = Board::parse(shape, "2 3 4 1 5 x 7 6 8").unwrap();
    /// let b = Board::parse(shape, "234\n15.\n768").unwrap();
    /// assert_eq!(a, b);
    /// let err = Board::parse(shape, "2 3 4 1 5 x 7 6 6").unwrap_err();
    /// assert_eq!(err.to_string(), "tile 6 appears twice, in cells 8 and 9");
    /// ```
    pub fn parse(shape: Shape, text: &str) -> Result<Board, ParseError> {
        let cells = shape.cells();
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let symbols: Vec<String> = if tokens.len() == cells {
            tokens.iter().map(|t| t.to_string()).collect()
        } else {
            text.chars().filter(|c| !c.is_whitespace()).map(String::from).collect()
        };
        if symbols.len() != cells {
            // Name the count the writer most likely meant: tokens when several
            // were given, characters when the cells are contiguous.
            let found = if tokens.len() > 1 { tokens.len() } else { symbols.len() };
            return Err(BoardError::WrongCellCount { found, expected: cells }.into());
        }
        let mut contents = Vec::with_capacity(cells);
        for (cell, symbol) in symbols.iter().enumerate() {
            let tile = parse_symbol(symbol, cells).map_err(|error| ParseError::Symbol { cell, error })?;
            contents.push(tile);
        }
        Ok(Board::from_cells(shape, &contents)?)
    }
}

impl Board {
    /// Reads a board whose rows may be separated by `/` or line breaks, with
    /// cells separated by whitespace or contiguous within a row.
    ///
    /// The shape is `shape` if given; otherwise it comes from the rows, or,
    /// for a single row, is square when the number of cells is 4, 9 or 16.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// let board = Board::parse_rows("1 2 3 / 4 5 _", None).unwrap();
    /// assert_eq!(board.shape(), Shape::new(2, 3).unwrap());
    /// assert_eq!(Board::parse_rows("12345678x", None).unwrap().shape(), Shape::new(3, 3).unwrap());
    /// let shape = Shape::new(2, 4).unwrap();
    /// assert_eq!(Board::parse_rows("1234567.", Some(shape)).unwrap().shape(), shape);
    /// assert!(Board::parse_rows("1234567.", None).is_err());
    /// ```
    pub fn parse_rows(text: &str, shape: Option<Shape>) -> Result<Board, ParseError> {
        let rows: Vec<Vec<String>> = text
            .split(['/', '\n'])
            .map(|row| {
                // One token is a row written contiguously: a cell per character.
                let tokens: Vec<&str> = row.split_whitespace().collect();
                match tokens[..] {
                    [single] => single.chars().map(String::from).collect(),
                    _ => tokens.iter().map(|t| t.to_string()).collect(),
                }
            })
            .filter(|row: &Vec<String>| !row.is_empty())
            .collect();
        let cells: Vec<&String> = rows.iter().flatten().collect();
        let shape = match shape {
            Some(shape) => {
                if rows.len() > 1 && rows.len() != shape.rows() {
                    return Err(ParseError::Shape(format!(
                        "{} rows given for a {shape} board",
                        rows.len()
                    )));
                }
                shape
            }
            None if rows.len() > 1 => {
                let width = rows[0].len();
                if let Some(row) = rows.iter().position(|row| row.len() != width) {
                    return Err(ParseError::UnevenRows {
                        row,
                        found: rows[row].len(),
                        expected: width,
                    });
                }
                Shape::new(rows.len(), width).map_err(|e| ParseError::Shape(e.to_string()))?
            }
            None => match cells.len() {
                4 => Shape::new(2, 2).expect("2x2"),
                9 => Shape::new(3, 3).expect("3x3"),
                16 => Shape::new(4, 4).expect("4x4"),
                count => return Err(ParseError::UnknownShape { cells: count }),
            },
        };
        if cells.len() != shape.cells() {
            return Err(BoardError::WrongCellCount {
                found: cells.len(),
                expected: shape.cells(),
            }
            .into());
        }
        let mut contents = Vec::with_capacity(cells.len());
        for (cell, symbol) in cells.iter().enumerate() {
            contents.push(parse_symbol(symbol, shape.cells()).map_err(|error| ParseError::Symbol { cell, error })?);
        }
        Ok(Board::from_cells(shape, &contents)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: &str) {
        let shape = Shape::new(3, 3).unwrap();
        let actual = match Board::parse(shape, text) {
            Ok(board) => board.to_string(),
            Err(error) => format!("error: {error}"),
        };
        assert_eq!(actual, expected, "parsing {text:?}");
    }

    #[test]
    fn parses_tokens_and_characters() {
        check("1 2 3 4 5 6 7 8 x", "1 2 3 / 4 5 6 / 7 8 _");
        check("  1\t2 3\r\n4 5 6\n7 8 0 ", "1 2 3 / 4 5 6 / 7 8 _");
        check("12345678.", "1 2 3 / 4 5 6 / 7 8 _");
        check("123 _45 678", "1 2 3 / _ 4 5 / 6 7 8");
        check("000000001", "error: two blanks, in cells 1 and 2");
    }

    #[test]
    fn explains_what_is_wrong() {
        check("1 2 3 4 5 6 7 8", "error: found 8 cells, expected 9");
        check("12345678", "error: found 8 cells, expected 9");
        check("1234567890", "error: found 10 cells, expected 9");
        check(
            "1 2 3 4 5 6 7 8 9",
            "error: cell 9: tile 9 is out of range: tiles are 1 to 8",
        );
        check(
            "1 2 3 4 y 6 7 8 x",
            "error: cell 5: unknown symbol 'y': a cell is a tile number or a blank (x, ., 0 or _)",
        );
        check("1 2 3 4 5 6 7 8 1", "error: no blank: write it as x, ., 0 or _");
        check("1 2 3 4 5 6 7 x 1", "error: tile 1 appears twice, in cells 1 and 9");
        check("x 2 3 4 5 6 7 8 .", "error: two blanks, in cells 1 and 9");
        check(
            "1 2 3 4 5 6 7 8 99999999999999999999999",
            "error: cell 9: tile 99999999999999999999999 is out of range: tiles are 1 to 8",
        );
        check(
            "1 2 3 4 5 6 7 8 -1",
            "error: cell 9: unknown symbol '-1': a cell is a tile number or a blank (x, ., 0 or _)",
        );
        check("", "error: found 0 cells, expected 9");
    }

    #[test]
    fn rows_show_the_shape() {
        let shape = |text: &str| match Board::parse_rows(text, None) {
            Ok(board) => board.shape().to_string(),
            Err(error) => format!("error: {error}"),
        };
        assert_eq!(shape("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0"), "4x4");
        assert_eq!(shape("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"), "4x4");
        assert_eq!(shape("123\n456\n78_\n"), "3x3");
        assert_eq!(shape("1 2/3 0"), "2x2");
        assert_eq!(shape("1 2 3 / 4 5 6 / 7 0 8 / 9 10 11"), "4x3");
        assert_eq!(shape("12/3"), "error: row 2 has 1 cells, but the first row has 2");
        assert_eq!(
            shape("1 2 3 4 5 0"),
            "error: cannot tell the shape of 6 cells: separate the rows with / or give the shape (RxC)"
        );
        assert_eq!(
            shape("1/2/0"),
            "error: a 3x1 board is not supported: rows and columns must be at least 2 and the board at most 16 cells"
        );
        assert_eq!(
            shape(""),
            "error: cannot tell the shape of 0 cells: separate the rows with / or give the shape (RxC)"
        );
    }

    #[test]
    fn no_input_makes_it_panic() {
        let shape = Shape::new(2, 2).unwrap();
        let alphabet = ["0", "1", "2", "3", "4", "x", " ", "é", "\n", "/"];
        // Every string of up to four symbols from the alphabet.
        for len in 0..=4u32 {
            for code in 0..alphabet.len().pow(len) {
                let mut text = String::new();
                let mut rest = code;
                for _ in 0..len {
                    text.push_str(alphabet[rest % alphabet.len()]);
                    rest /= alphabet.len();
                }
                let _ = Board::parse(shape, &text);
                let _ = Board::parse_rows(&text, None);
                let _ = Board::parse_rows(&text, Some(shape));
            }
        }
    }
}
