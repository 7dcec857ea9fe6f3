//! Missing Piece 2001 (BOJ 9985, POJ 2224): whether each D x D board (3 to
//! 10) reaches its given target within N moves (at most 15), and the
//! fewest.
//!
//! Missing Piece 2001 (BOJ 9985, POJ 2224): for each dataset, a D x D board
//! (3 to 10), its target and a cap N (0 to 15): `SOLVABLE WITHIN k MOVES`
//! with the fewest moves k if k is at most N, else `NOT SOLVABLE WITHIN N
//! MOVES`; each answer followed by an empty line.
//!
//! Input: datasets `START D N`, D lines of the start, D lines of the
//! target, `END`; `X` the blank, the tiles numbers; blank lines may stand
//! between datasets, and a last line `ENDOFINPUT` may end the input. IDA*
//! with linear conflict towards the given target on a wide board
//! (`slide_solvers::WideBoard`, a byte a cell), its last iteration bounded
//! by N.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{quoted, words, Words};
use slide_solvers::{ida_star_with, Budget, Cells, LinearConflict, SearchError, WideBoard};

/// The largest cap a dataset may give.
const MAX_CAP: u32 = 15;

/// The answers to every dataset of `input`, or the first problem with it.
///
/// ```
/// let input = "START 3 4\n1 5 2\n4 X 3\n7 8 6\n1 2 3\n4 5 6\n7 8 X\nEND\n";
/// assert_eq!(missing_piece::run(input).unwrap(), "SOLVABLE WITHIN 4 MOVES\n\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let mut symbols = words(input);
    let mut output = String::new();
    while let Some(first) = symbols.next() {
        // Files of this contest's problems commonly end with a line
        // `ENDOFINPUT`: the end, as the end of the text is.
        if first.text == "ENDOFINPUT" {
            if let Some(more) = symbols.next() {
                return Err(at(
                    more.line,
                    more.column,
                    &format!("nothing may follow ENDOFINPUT, found \"{}\"", quoted(more.text)),
                ));
            }
            break;
        }
        if first.text != "START" {
            return Err(at(
                first.line,
                first.column,
                &format!("a dataset starts with START, not \"{}\"", quoted(first.text)),
            ));
        }
        let d = number(&mut symbols, "D", 3, 10)? as usize;
        let cap = number(&mut symbols, "N", 0, MAX_CAP)?;
        let start = board(&mut symbols, d, "start")?;
        let target = board(&mut symbols, d, "target")?;
        match symbols.next() {
            Some(end) if end.text == "END" => {}
            Some(other) => {
                return Err(at(
                    other.line,
                    other.column,
                    &format!("a dataset ends with END, not \"{}\"", quoted(other.text)),
                ))
            }
            None => return Err("the input ends before a dataset's END".to_string()),
        }
        let start = WideBoard::<Cells>::new(d, d, &start)?;
        let target = WideBoard::<Cells>::new(d, d, &target)?;
        let mut budget = Budget {
            max_length: Some(cap as usize),
            ..Budget::default()
        };
        let fewest = match ida_star_with(&start, &target, LinearConflict, &mut budget) {
            Ok(answer) => answer.length(),
            Err(SearchError::TooLong { .. }) => None,
            Err(error) => return Err(error.to_string()),
        };
        match fewest {
            Some(moves) => output.push_str(&format!("SOLVABLE WITHIN {moves} MOVES\n\n")),
            None => output.push_str(&format!("NOT SOLVABLE WITHIN {cap} MOVES\n\n")),
        }
    }
    Ok(output)
}

/// The next word as a number from `low` to `high`.
fn number(symbols: &mut Words, what: &str, low: u32, high: u32) -> Result<u32, String> {
    let Some(symbol) = symbols.next() else {
        return Err(format!("the input ends before {what}"));
    };
    match symbol.text.parse::<u32>() {
        Ok(value) if (low..=high).contains(&value) => Ok(value),
        _ => Err(at(
            symbol.line,
            symbol.column,
            &format!("{what} is from {low} to {high}, not \"{}\"", quoted(symbol.text)),
        )),
    }
}

/// The next `d * d` cells: `X` the blank (0), tiles 1 to `d * d - 1`, each once.
fn board(symbols: &mut Words, d: usize, what: &str) -> Result<Vec<u32>, String> {
    let n = d * d;
    let mut cells = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for _ in 0..n {
        let Some(symbol) = symbols.next() else {
            return Err(format!("the input ends inside a {d}x{d} {what}"));
        };
        let cell = match symbol.text {
            "X" => 0,
            text => match text.parse::<u32>() {
                Ok(tile) if (1..n as u32).contains(&tile) => tile,
                _ => {
                    let message = format!("the {what}'s cells are X and 1 to {}, not \"{}\"", n - 1, quoted(text));
                    return Err(at(symbol.line, symbol.column, &message));
                }
            },
        };
        if std::mem::replace(&mut seen[cell as usize], true) {
            let message = format!(
                "the {what} holds {} twice",
                if cell == 0 { "X".to_string() } else { cell.to_string() }
            );
            return Err(at(symbol.line, symbol.column, &message));
        }
        cells.push(cell);
    }
    Ok(cells)
}

fn at(line: usize, column: usize, message: &str) -> String {
    format!("line {line}, column {column}: {message}")
}
