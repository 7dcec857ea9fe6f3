//! Luogu P2324 (SCOI 2005) 骑士精神: the fewest knight's jumps of each 5x5
//! board to the fixed one, or -1 beyond 15.
//!
//! Luogu P2324 (SCOI 2005) 骑士精神: for each 5x5 board of black (`1`) and
//! white (`0`) knights and one empty square (`*`), the fewest knight's jumps
//! into the empty square that reach `11111 / 01111 / 00*11 / 00001 /
//! 00000`, or `-1` if it takes more than 15.
//!
//! Input: a count T (at most 10 on the judge), then each board as five
//! lines of five characters. Output: one line per board. IDA* on the
//! knight's graph (`slide_graph`), as in `knightsfen`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The most moves an answer may have.
const CAP: usize = 15;

/// The answers to every board of `input`, or the first problem with it.
///
/// ```
/// let input = "2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100\n";
/// assert_eq!(luogu_p2324::run(input).unwrap(), "7\n-1\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let mut output = String::new();
    for board in slide_driver::knight_boards(input, '*')? {
        slide_driver::push_length(&mut output, slide_driver::fewest_knight_moves(&board, CAP));
    }
    Ok(output)
}
