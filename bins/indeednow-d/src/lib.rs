//! AtCoder indeednow 2015 qual A D パズル: the fewest moves of one board of
//! H x W cells (2 to 6 each) to `1 ... HW-1` in reading order with the
//! blank last; the judge promises at most 24.
//!
//! Input: `H W`, then H lines of W integers, `0` the blank. Output: one
//! line, the number of moves (`-1` for a board that cannot get there, which
//! the judge never sends). IDA* with linear conflict on a wide board
//! (`slide_solvers::WideBoard`, a byte a cell), as `slide solve --algo
//! idastar` runs it beyond 16 cells.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{quoted, words};
use slide_solvers::{ida_star, Cells, LinearConflict, WideBoard};

/// The answer for the board of `input`, or the first problem with it.
///
/// ```
/// assert_eq!(indeednow_d::run("3 3\n1 0 2\n4 5 3\n7 8 6\n").unwrap(), "3\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let mut symbols = words(input);
    let mut number = |what: &str, low: u32, high: u32| -> Result<u32, String> {
        let Some(symbol) = symbols.next() else {
            return Err(format!("the input ends before {what}"));
        };
        match symbol.text.parse::<u32>() {
            Ok(value) if (low..=high).contains(&value) => Ok(value),
            _ => {
                let text = quoted(symbol.text);
                Err(format!(
                    "line {}, column {}: {what} is from {low} to {high}, not \"{text}\"",
                    symbol.line, symbol.column
                ))
            }
        }
    };
    let rows = number("H", 2, 6)? as usize;
    let cols = number("W", 2, 6)? as usize;
    let n = rows * cols;
    let mut cells = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for _ in 0..n {
        let cell = number("a cell", 0, n as u32 - 1)?;
        if std::mem::replace(&mut seen[cell as usize], true) {
            return Err(format!(
                "{cell} appears twice: the cells hold each of 0 to {} once",
                n - 1
            ));
        }
        cells.push(cell);
    }
    if let Some(extra) = symbols.next() {
        return Err(format!("line {}: input after the {rows}x{cols} board", extra.line));
    }
    let start = WideBoard::<Cells>::new(rows, cols, &cells)?;
    let goal = WideBoard::<Cells>::goal(rows, cols);
    let answer = ida_star(&start, &goal, LinearConflict).map_err(|error| error.to_string())?;
    Ok(match answer.length() {
        Some(moves) => format!("{moves}\n"),
        None => "-1\n".to_string(),
    })
}
