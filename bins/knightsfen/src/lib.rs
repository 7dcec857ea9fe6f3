//! Kattis knightsfen (UVa 10422 Knights in FEN): the fewest knight's jumps
//! of each 5x5 board to the fixed one, if at most 10.
//!
//! Kattis knightsfen (UVa 10422 Knights in FEN): for each 5x5 board of
//! black (`1`) and white (`0`) knights and one empty square (a space), the
//! fewest knight's jumps into the empty square that reach
//! `11111 / 01111 / 00 11 / 00001 / 00000`, if at most 10.
//!
//! Input: a count, then each board as five lines of five characters
//! (trailing spaces may be lost). Output per board: `Solvable in n
//! move(s).`, or `Unsolvable in less than 11 move(s).` IDA* on the knight's
//! graph (`slide_graph`), each knight's distance to the nearest target
//! square of its colour the bound.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The most moves an answer may have.
const CAP: usize = 10;

/// The answers to every board of `input`, or the first problem with it.
///
/// ```
/// let input = "1\n01011\n110 1\n01110\n01010\n00100\n";
/// assert_eq!(knightsfen::run(input).unwrap(), "Unsolvable in less than 11 move(s).\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let mut output = String::new();
    for board in slide_driver::knight_boards(input, ' ')? {
        match slide_driver::fewest_knight_moves(&board, CAP) {
            Some(moves) => output.push_str(&format!("Solvable in {moves} move(s).\n")),
            None => output.push_str(&format!("Unsolvable in less than {} move(s).\n", CAP + 1)),
        }
    }
    Ok(output)
}
