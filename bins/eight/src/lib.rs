//! AcWing 845 八数码: the fewest moves of each 8-puzzle to `1 2 3 4 5 6 7 8 x`.
//!
//! Input: puzzles of 9 cells each, `1` to `8` and a blank (`x`, or `.`, `0`,
//! `_`), separated by any whitespace or written contiguously; as many puzzles
//! as the input holds. Output: one line per puzzle, the number of moves, or
//! `-1` when the goal cannot be reached.

use slide_core::{parse_symbol, Board, Shape};
use slide_solvers::bidirectional_bfs;

/// The answers to every puzzle of `input`, or the first problem with it
/// (and then no answer at all).
///
/// ```
/// assert_eq!(eight::run("2  3  4  1  5  x  7  6  8\n").unwrap(), "19\n");
/// assert_eq!(eight::run("12345678x 21345678x").unwrap(), "0\n-1\n");
/// assert_eq!(
///     eight::run("1 2 3 4 5 6 7 8 9").unwrap_err(),
///     "line 1, column 17: tile 9 is out of range: tiles are 1 to 8",
/// );
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let goal = Board::goal(shape);
    let symbols = symbols(input);
    if symbols.is_empty() {
        return Err(
            "the input holds no puzzle: expected 9 cells such as 2 3 4 1 5 x 7 6 8".to_string(),
        );
    }
    let mut output = String::new();
    for (index, puzzle) in symbols.chunks(shape.cells()).enumerate() {
        let (_, first_line, _) = puzzle[0];
        if puzzle.len() < shape.cells() {
            return Err(format!(
                "line {first_line}: the last puzzle has {} of {} cells",
                puzzle.len(),
                shape.cells()
            ));
        }
        let mut cells = Vec::with_capacity(shape.cells());
        for &(symbol, line, column) in puzzle {
            let tile = parse_symbol(symbol.encode_utf8(&mut [0; 4]), shape.cells())
                .map_err(|error| format!("line {line}, column {column}: {error}"))?;
            cells.push(tile);
        }
        let start = Board::from_cells(shape, &cells)
            .map_err(|error| format!("puzzle {} (from line {first_line}): {error}", index + 1))?;
        let answer = bidirectional_bfs(&start, &goal).map_err(|error| error.to_string())?;
        match answer.length() {
            Some(moves) => output.push_str(&format!("{moves}\n")),
            None => output.push_str("-1\n"),
        }
    }
    Ok(output)
}

/// Every character of `input` that is not whitespace, with its line and
/// column (both from 1, columns counted in characters).
fn symbols(input: &str) -> Vec<(char, usize, usize)> {
    input
        .lines()
        .enumerate()
        .flat_map(|(line, text)| {
            text.chars()
                .enumerate()
                .filter(|(_, c)| !c.is_whitespace())
                .map(move |(column, c)| (c, line + 1, column + 1))
        })
        .collect()
}
