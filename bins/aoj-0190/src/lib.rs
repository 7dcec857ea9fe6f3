//! AOJ 0190 Eleven Puzzle: the fewest moves of each 13-cell diamond with
//! two blanks to the fixed one, or `NA` beyond 20.
//!
//! AOJ 0190 Eleven Puzzle: a diamond of 13 cells (the centred rows of 1, 3,
//! 5, 3 and 1 cells of a 5x5 grid, cells joined when they share a side)
//! holding the tiles 1 to 11 and **two** blanks; a move slides a tile into
//! an adjacent blank. For each dataset, the fewest moves to
//! `0 / 1 2 3 / 4 5 6 7 8 / 9 10 11 / 0`, or `NA` if more than 20.
//!
//! Input: datasets of 13 integers (`0` a blank), until a line `-1`.
//! Output: one line per dataset. IDA* on the diamond's graph
//! (`slide_graph`), the sum of the tiles' distances the bound.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{quoted, words};
use slide_graph::{fewest_moves, Graph, Puzzle};

/// The most moves an answer may have.
const CAP: usize = 20;

/// The diamond's cells: (row, column) in the 5x5 grid, in reading order.
const CELLS: [(i32, i32); 13] = [
    (0, 2),
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 0),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 1),
    (3, 2),
    (3, 3),
    (4, 2),
];

/// The answers to every dataset of `input`, or the first problem with it.
///
/// ```
/// let input = "2\n1 0 3\n4 5 6 7 8\n9 0 11\n10\n-1\n";
/// assert_eq!(aoj_0190::run(input).unwrap(), "2\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let mut edges = Vec::new();
    for (a, &(ra, ca)) in CELLS.iter().enumerate() {
        for (b, &(rb, cb)) in CELLS.iter().enumerate().skip(a + 1) {
            if (ra - rb).abs() + (ca - cb).abs() == 1 {
                edges.push((a, b));
            }
        }
    }
    let graph = Graph::new(CELLS.len(), &edges).expect("the diamond's edges join its cells");
    let goal: Vec<u32> = (0..13).map(|cell| if cell == 12 { 0 } else { cell }).collect();
    // The graph and the target's tables, made once for every dataset.
    let target = Puzzle::new(graph, goal.clone(), goal).expect("13 cells on 13 cells");
    let mut output = String::new();
    let mut symbols = words(input);
    loop {
        let Some(first) = symbols.next() else {
            return Err("the input ends before its last line, -1".to_string());
        };
        if first.text == "-1" {
            break;
        }
        let mut cells = Vec::with_capacity(13);
        let mut seen = [0usize; 12];
        for symbol in std::iter::once(first).chain(symbols.by_ref().take(12)) {
            let at = format!("line {}, column {}", symbol.line, symbol.column);
            let tile: u32 = match symbol.text.parse() {
                Ok(tile) if tile <= 11 => tile,
                _ => {
                    let text = quoted(symbol.text);
                    return Err(format!("{at}: \"{text}\" is not a cell: 0 (a blank) to 11"));
                }
            };
            seen[tile as usize] += 1;
            if seen[tile as usize] > if tile == 0 { 2 } else { 1 } {
                return Err(format!(
                    "{at}: {tile} once more than the puzzle holds (two blanks, each tile once)"
                ));
            }
            cells.push(tile);
        }
        if cells.len() < 13 {
            return Err(format!("the last dataset has {} of its 13 cells", cells.len()));
        }
        let puzzle = target.with_start(cells).expect("13 cells on 13 cells");
        match fewest_moves(&puzzle, CAP) {
            Some(moves) => output.push_str(&format!("{moves}\n")),
            None => output.push_str("NA\n"),
        }
    }
    if let Some(extra) = symbols.next() {
        return Err(format!("line {}: input after the last line, -1", extra.line));
    }
    Ok(output)
}
