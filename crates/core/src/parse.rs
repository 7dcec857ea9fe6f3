//! Reading boards from text: the one tokenizer every reader of boards uses,
//! and errors that say what is wrong and where.
//!
//! Text is cut into *words* ([`words`]): runs of characters other than
//! whitespace and `/`. Line breaks and `/` also end a row, which only
//! [`Board::parse_rows`] looks at. A cell is written as its tile's number
//! (`1` to `cells - 1`) or as a blank: `x`, `X`, `.`, `0` or `_`.
//!
//! On a board of at most 10 cells every tile is one digit, so a word may
//! hold several cells written contiguously (`12345678x`, `123 456 78x`):
//! then every character is a cell ([`characters`]). The readers decide
//! between words and characters by one rule each:
//! - one board of a known shape ([`Board::parse`]): words when there is
//!   exactly one per cell, otherwise characters on boards of at most 10
//!   cells (so that `1 2 3 4 5 6 7 8 99` names the bad tile);
//! - one board of unknown shape ([`Board::parse_rows`]): words when they
//!   show the shape (4, 9 or 16 of them, or rows of several words each),
//!   otherwise characters when the text holds at most 10 of them, otherwise
//!   words;
//! - a stream of boards ([`symbols`], judge input): characters on boards of
//!   at most 10 cells, otherwise words.
//!
//! Cells are numbered from 1 in messages, row-major from the top-left.

use std::fmt;

use crate::board::{Board, BoardError};
use crate::shape::Shape;

/// Boards of at most this many cells write every tile as one digit.
const ONE_DIGIT_CELLS: usize = 10;

/// A word or a character of board text, and where it is: line and column
/// count from 1, columns in characters; `row` counts the rows (separated by
/// `/` or line breaks) that hold something, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symbol<'a> {
    /// The text.
    pub text: &'a str,
    /// Its line.
    pub line: usize,
    /// Its column.
    pub column: usize,
    /// Its row.
    pub row: usize,
}

/// The words of `text`, in order: the tokenizer of every board reader. An
/// iterator, so that a reader holds only the cells of one board at a time,
/// however long the text.
///
/// ```
/// use slide_core::words;
/// let found: Vec<_> = words("1 2/3\r\n x").collect();
/// let texts: Vec<&str> = found.iter().map(|w| w.text).collect();
/// assert_eq!(texts, ["1", "2", "3", "x"]);
/// let rows: Vec<usize> = found.iter().map(|w| w.row).collect();
/// assert_eq!(rows, [0, 0, 1, 2]);
/// assert_eq!((found[3].line, found[3].column), (2, 2));
/// ```
pub fn words(text: &str) -> Words<'_> {
    Words {
        text,
        at: 0,
        line: 1,
        column: 0,
        row: 0,
        row_used: false,
    }
}

/// The iterator of [`words`].
#[derive(Clone, Debug)]
pub struct Words<'a> {
    text: &'a str,
    /// The byte where the rest of the text starts.
    at: usize,
    /// The line and column of the last character read.
    line: usize,
    column: usize,
    /// The row of the next word, and whether a word is in it yet: a break
    /// only starts a new row after a word.
    row: usize,
    row_used: bool,
}

impl<'a> Iterator for Words<'a> {
    type Item = Symbol<'a>;

    fn next(&mut self) -> Option<Symbol<'a>> {
        let mut start: Option<(usize, usize)> = None;
        for (offset, c) in self.text[self.at..].char_indices() {
            let byte = self.at + offset;
            let separator = c.is_whitespace() || c == '/';
            if let (true, Some((first, column))) = (separator, start) {
                self.at = byte;
                self.row_used = true;
                return Some(Symbol {
                    text: &self.text[first..byte],
                    line: self.line,
                    column,
                    row: self.row,
                });
            }
            self.column += 1;
            if c == '\n' {
                (self.line, self.column) = (self.line + 1, 0);
            }
            if (c == '\n' || c == '/') && self.row_used {
                (self.row, self.row_used) = (self.row + 1, false);
            }
            if !separator && start.is_none() {
                start = Some((byte, self.column));
            }
        }
        self.at = self.text.len();
        let (first, column) = start?;
        self.row_used = true;
        Some(Symbol {
            text: &self.text[first..],
            line: self.line,
            column,
            row: self.row,
        })
    }
}

/// Every character of `words` as a symbol of its own.
///
/// ```
/// use slide_core::{characters, words};
/// let cells: Vec<_> = characters(words("12 x")).collect();
/// let texts: Vec<&str> = cells.iter().map(|c| c.text).collect();
/// assert_eq!(texts, ["1", "2", "x"]);
/// assert_eq!(cells[1].column, 2);
/// ```
pub fn characters<'a>(words: impl Iterator<Item = Symbol<'a>>) -> impl Iterator<Item = Symbol<'a>> {
    words.flat_map(|word| {
        word.text.char_indices().enumerate().map(move |(i, (byte, c))| Symbol {
            text: &word.text[byte..byte + c.len_utf8()],
            column: word.column + i,
            ..word
        })
    })
}

/// The cells of a stream of boards of `shape` (judge input): characters on
/// boards of at most 10 cells, whitespace-separated words on larger ones.
///
/// ```
/// use slide_core::{symbols, Shape};
/// let cells: Vec<_> = symbols("1 2\n3x", Shape::new(2, 2).unwrap()).collect();
/// assert_eq!(cells.iter().map(|s| s.text).collect::<Vec<_>>(), ["1", "2", "3", "x"]);
/// assert_eq!((cells[3].line, cells[3].column), (2, 2));
/// ```
pub fn symbols(text: &str, shape: Shape) -> Box<dyn Iterator<Item = Symbol<'_>> + '_> {
    cells_of_words(words(text), shape)
}

/// The cells that `words` spell on boards of `shape`: [`symbols`] for the
/// rest of a text after some words were read otherwise (a count).
pub(crate) fn cells_of_words<'a>(words: Words<'a>, shape: Shape) -> Box<dyn Iterator<Item = Symbol<'a>> + 'a> {
    if shape.cells() <= ONE_DIGIT_CELLS {
        Box::new(characters(words))
    } else {
        Box::new(words)
    }
}

/// `text` as an error message quotes it: at most 16 characters, escaped, so
/// that a huge or binary token cannot flood or upset a terminal.
///
/// ```
/// use slide_core::quoted;
/// assert_eq!(quoted("y"), "y");
/// assert_eq!(quoted("a\u{1b}b"), "a\\u{1b}b");
/// assert_eq!(quoted(&"9".repeat(50)), format!("{}...", "9".repeat(16)));
/// ```
pub fn quoted(text: &str) -> String {
    const MOST: usize = 16;
    let mut quoted: String = text.chars().take(MOST).flat_map(char::escape_debug).collect();
    if text.chars().nth(MOST).is_some() {
        quoted.push_str("...");
    }
    quoted
}

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
                quoted(symbol)
            ),
            SymbolError::OutOfRange { symbol, largest } => {
                write!(f, "tile {} is out of range: tiles are 1 to {largest}", quoted(symbol))
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
    // The error keeps a short prefix only: it never quotes more.
    let kept = || symbol.chars().take(20).collect::<String>();
    if symbol.is_empty() || !symbol.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SymbolError::Unknown { symbol: kept() });
    }
    // At most two significant digits can name a tile; longer numbers are out
    // of range whatever their value, and must not overflow the parse.
    let digits = symbol.trim_start_matches('0');
    match digits.parse::<usize>() {
        Ok(tile) if digits.len() <= 2 && (1..cells).contains(&tile) => Ok(tile as u8),
        _ => Err(SymbolError::OutOfRange {
            symbol: kept(),
            largest: cells - 1,
        }),
    }
}

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

/// The most cells a reader keeps of one board: one more than the largest
/// board, so that it can tell there are too many without holding them all.
const KEEP: usize = crate::shape::MAX_CELLS + 1;

/// The cells of one board of `cells` cells written as `text`: words when
/// there is one per cell, otherwise characters on boards whose tiles are one
/// digit. At most [`KEEP`] of them, and how many there are in all.
fn cells_of(text: &str, cells: usize) -> (Vec<Symbol<'_>>, usize) {
    let word_count = words(text).count();
    if word_count != cells && cells <= ONE_DIGIT_CELLS {
        (
            characters(words(text)).take(KEEP).collect(),
            characters(words(text)).count(),
        )
    } else {
        (words(text).take(KEEP).collect(), word_count)
    }
}

/// Whether the words of `text` are its cells by their number or layout: a
/// square board (4, 9 or 16 words), or rows of more than one word each.
fn words_show_the_shape(text: &str) -> bool {
    let mut per_row: Vec<usize> = Vec::new();
    for word in words(text).take(KEEP) {
        if per_row.len() <= word.row {
            per_row.resize(word.row + 1, 0);
        }
        per_row[word.row] += 1;
    }
    let count: usize = per_row.iter().sum();
    matches!(count, 4 | 9 | 16) || (per_row.len() > 1 && per_row.iter().all(|&n| n > 1))
}

/// The board of `shape` whose cells are `symbols`, in order; `found` cells
/// in all, of which `symbols` holds the first (at most [`KEEP`]).
fn board_of(shape: Shape, symbols: &[Symbol<'_>], found: usize, words: usize) -> Result<Board, ParseError> {
    let cells = shape.cells();
    if found != cells {
        // Name the count the writer most likely meant: words when several
        // were given, characters when the cells are contiguous.
        let found = if words > 1 { words } else { found };
        return Err(BoardError::WrongCellCount { found, expected: cells }.into());
    }
    let mut contents = [0u8; crate::shape::MAX_CELLS];
    for (cell, symbol) in symbols.iter().enumerate() {
        contents[cell] = parse_symbol(symbol.text, cells).map_err(|error| ParseError::Symbol { cell, error })?;
    }
    Ok(Board::from_cells(shape, &contents[..cells])?)
}

impl Board {
    /// Reads a board of `shape` from text, ignoring rows: words when there
    /// is one per cell (`1 2 3 4 5 6 7 8 x`, or `10 11 ...` on 4x4),
    /// otherwise, on boards of at most 10 cells, characters (`12345678x`,
    /// `123 456 78.`). See the module's documentation.
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
        let (cells, found) = cells_of(text, shape.cells());
        board_of(shape, &cells, found, words(text).count())
    }

    /// Reads a board whose rows may be separated by `/` or line breaks, with
    /// cells separated by whitespace or contiguous within a row.
    ///
    /// The shape is `shape` if given; otherwise it comes from the rows, or,
    /// for a single row, is square when the number of cells is 4, 9 or 16.
    /// When the text shows several rows, they must all have the same length
    /// (the given shape's number of columns, if there is one).
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// let board = Board::parse_rows("1 2 3 / 4 5 _", None).unwrap();
    /// assert_eq!(board.shape(), Shape::new(2, 3).unwrap());
    /// assert_eq!(Board::parse_rows("12345678x", None).unwrap().shape(), Shape::new(3, 3).unwrap());
    /// assert_eq!(Board::parse_rows("123 456 78x", None).unwrap().shape(), Shape::new(3, 3).unwrap());
    /// let shape = Shape::new(2, 4).unwrap();
    /// assert_eq!(Board::parse_rows("1234567.", Some(shape)).unwrap().shape(), shape);
    /// assert!(Board::parse_rows("1234567.", None).is_err());
    /// assert!(Board::parse_rows("1 2 3 / 4 5 6 7 / 8 x", Some(Shape::new(3, 3).unwrap())).is_err());
    /// ```
    pub fn parse_rows(text: &str, shape: Option<Shape>) -> Result<Board, ParseError> {
        let word_count = words(text).count();
        let (cells, found) = match shape {
            Some(shape) => cells_of(text, shape.cells()),
            None if words_show_the_shape(text) => (words(text).take(KEEP).collect(), word_count),
            None => {
                let characters_count = characters(words(text)).count();
                if characters_count <= ONE_DIGIT_CELLS {
                    (characters(words(text)).collect(), characters_count)
                } else {
                    (words(text).take(KEEP).collect(), word_count)
                }
            }
        };
        if found > crate::shape::MAX_CELLS {
            let found = if word_count > 1 { word_count } else { found };
            return Err(match shape {
                Some(shape) => BoardError::WrongCellCount {
                    found,
                    expected: shape.cells(),
                }
                .into(),
                None => ParseError::Shape(format!(
                    "found {found} cells, but a board has at most {}",
                    crate::shape::MAX_CELLS
                )),
            });
        }
        // The number of cells in each row; rows are numbered densely by `words`.
        let mut rows: Vec<usize> = Vec::new();
        for cell in &cells {
            if rows.len() <= cell.row {
                rows.resize(cell.row + 1, 0);
            }
            rows[cell.row] += 1;
        }
        if rows.len() > 1 {
            if let Some(shape) = shape {
                if rows.len() != shape.rows() {
                    return Err(ParseError::Shape(format!(
                        "{} rows given for a {shape} board",
                        rows.len()
                    )));
                }
                if let Some(row) = rows.iter().position(|&found| found != shape.cols()) {
                    return Err(ParseError::Shape(format!(
                        "row {} has {} cells, but a {shape} board has {} per row",
                        row + 1,
                        rows[row],
                        shape.cols()
                    )));
                }
            } else if let Some(row) = rows.iter().position(|&found| found != rows[0]) {
                return Err(ParseError::UnevenRows {
                    row,
                    found: rows[row],
                    expected: rows[0],
                });
            }
        }
        let shape = match shape {
            Some(shape) => shape,
            None if rows.len() > 1 => Shape::new(rows.len(), rows[0]).map_err(|e| ParseError::Shape(e.to_string()))?,
            None => match cells.len() {
                4 => Shape::new(2, 2).expect("2x2"),
                9 => Shape::new(3, 3).expect("3x3"),
                16 => Shape::new(4, 4).expect("4x4"),
                count => {
                    // A cell that is no tile or blank of any board is the
                    // problem to name, rather than the count it makes.
                    let wrong = |symbol: &Symbol<'_>| {
                        symbol.text.parse::<u64>().is_err()
                            && parse_symbol(symbol.text, crate::shape::MAX_CELLS).is_err()
                    };
                    if let Some(cell) = cells.iter().position(wrong) {
                        let error = parse_symbol(cells[cell].text, crate::shape::MAX_CELLS).expect_err("a wrong cell");
                        return Err(ParseError::Symbol { cell, error });
                    }
                    return Err(ParseError::UnknownShape { cells: count });
                }
            },
        };
        board_of(shape, &cells, found, word_count)
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
        check("123/_45/678", "1 2 3 / _ 4 5 / 6 7 8");
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
            "error: cell 9: tile 9999999999999999... is out of range: tiles are 1 to 8",
        );
        check(
            "1 2 3 4 5 6 7 8 -1",
            "error: cell 9: unknown symbol '-1': a cell is a tile number or a blank (x, ., 0 or _)",
        );
        check("", "error: found 0 cells, expected 9");
    }

    #[test]
    fn rows_show_the_shape() {
        let shape = |text: &str, given: Option<&str>| {
            let given = given.map(|g| {
                let (r, c) = g.split_once('x').unwrap();
                Shape::new(r.parse().unwrap(), c.parse().unwrap()).unwrap()
            });
            match Board::parse_rows(text, given) {
                Ok(board) => board.shape().to_string(),
                Err(error) => format!("error: {error}"),
            }
        };
        assert_eq!(shape("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0", None), "4x4");
        assert_eq!(shape("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", None), "4x4");
        assert_eq!(shape("123\n456\n78_\n", None), "3x3");
        assert_eq!(shape("123 456 78_", None), "3x3");
        assert_eq!(shape("123 456 78_", Some("3x3")), "3x3");
        assert_eq!(
            shape("-1 2 3 4 5 6 7 8 x", None),
            "error: cell 1: unknown symbol '-1': a cell is a tile number or a blank (x, ., 0 or _)"
        );
        assert_eq!(
            shape("1 2 3 4 5 6 7 8 10", None),
            "error: cell 9: tile 10 is out of range: tiles are 1 to 8"
        );
        assert_eq!(shape("1 2/3 0", None), "2x2");
        assert_eq!(shape("1 2 3 / 4 5 6 / 7 0 8 / 9 10 11", None), "4x3");
        assert_eq!(shape("12/3", None), "error: row 2 has 1 cells, but the first row has 2");
        assert_eq!(
            shape("1 2 3 / 4 5 6 7 / 8 x", Some("3x3")),
            "error: row 2 has 4 cells, but a 3x3 board has 3 per row"
        );
        assert_eq!(
            shape("1 / 2 3 4 5 6 7 / 8 x", Some("3x3")),
            "error: row 1 has 1 cells, but a 3x3 board has 3 per row"
        );
        assert_eq!(shape("1 2 3 / 4 5 6 / 7 8 _ /", Some("3x3")), "3x3");
        assert_eq!(
            shape("1 2 3 4 / 5 6 7 _", Some("3x3")),
            "error: 2 rows given for a 3x3 board"
        );
        assert_eq!(
            shape("1 2 3 4 5 0", None),
            "error: cannot tell the shape of 6 cells: separate the rows with / or give the shape (RxC)"
        );
        assert_eq!(
            shape("1/2/0", None),
            "error: a 3x1 board is not supported: rows and columns must be at least 2 and the board at most 16 cells"
        );
        assert_eq!(
            shape("", None),
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
