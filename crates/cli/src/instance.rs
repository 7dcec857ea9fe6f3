//! An instance: a start and its goal, read from the command line or a
//! batch line as readable boards of any size ([`LargeBoard`]), the one
//! reader every route starts from.

use slide_core::{words, Board, LargeBoard, MAX_CELLS};

use crate::args::Size;
use crate::error::{bad_input, CliError};

/// The board an argument gives: the argument itself, or standard input
/// for `-` (boards too large for a command line).
pub(crate) fn board_text(argument: &str) -> Result<String, CliError> {
    if argument != "-" {
        return Ok(argument.to_string());
    }
    let mut board = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut board)
        .map_err(|e| bad_input(format!("cannot read the board from standard input: {e}")))?;
    Ok(board)
}

/// A start and its goal, of one size.
pub(crate) struct Instance {
    pub(crate) start: LargeBoard,
    pub(crate) goal: LargeBoard,
}

impl Instance {
    /// Reads a start, and a goal of its size (default: the tiles in order,
    /// the blank last). A board of at most 16 cells is read as the packed
    /// board reads it, so that every way of writing one works (contiguous
    /// digits, `--shape`); a larger one as rows of numbers.
    pub(crate) fn read(board: &str, goal: Option<&str>, size: Option<Size>) -> Result<Instance, CliError> {
        let shape = size.map(Size::shape);
        if words(board).nth(MAX_CELLS).is_none() && shape != Some(None) {
            let start = Board::parse_rows(board, shape.flatten()).map_err(|e| bad_input(format!("the board: {e}")))?;
            let goal = match goal {
                Some(text) => {
                    Board::parse_rows(text, Some(start.shape())).map_err(|e| bad_input(format!("the goal: {e}")))?
                }
                None => Board::goal(start.shape()),
            };
            return Ok(Instance {
                start: LargeBoard::of(&start),
                goal: LargeBoard::of(&goal),
            });
        }
        let parse = |text: &str| match size {
            Some(size) => LargeBoard::parse_sized(text, size.rows, size.cols),
            None => LargeBoard::parse_rows(text),
        };
        let start = parse(board).map_err(|e| bad_input(format!("the board: {e}")))?;
        let goal = match goal {
            Some(text) => parse(text).map_err(|e| bad_input(format!("the goal: {e}")))?,
            None => LargeBoard::goal(start.rows(), start.cols()),
        };
        if goal.grid() != start.grid() {
            return Err(bad_input(format!(
                "the board is {}x{} and the goal {}x{}",
                start.rows(),
                start.cols(),
                goal.rows(),
                goal.cols()
            )));
        }
        Ok(Instance { start, goal })
    }

    /// Reads the start a board argument gives (`-`: standard input, see
    /// [`board_text`]), and its goal, as [`Instance::read`].
    pub(crate) fn read_argument(board: &str, goal: Option<&str>, size: Option<Size>) -> Result<Instance, CliError> {
        let text = board_text(board)?;
        Instance::read(&text, goal, size)
    }

    /// The start and the goal packed in a `u64` each, if they have at most
    /// 16 cells.
    pub(crate) fn packed(&self) -> Option<(Board, Board)> {
        Some((self.start.packed()?, self.goal.packed()?))
    }

    /// The number of cells.
    pub(crate) fn cells(&self) -> usize {
        self.start.grid().cells()
    }
}
