//! UVa 10085 The Most Distant State: for each 3x3 board, a state as far
//! from it as any, and a shortest move string there.
//!
//! Input: a count N, then N boards of 3 lines of 3 integers, `0` the blank;
//! blank lines may come before and between them. Output per board:
//! `Puzzle #k`, the farthest state as 3 lines of 3 integers separated by
//! single spaces, the moves from the board to it (`U D L R`, where the
//! blank goes), and an empty line. Any farthest state is accepted.
//!
//! The states farthest from a board are those farthest to it, so the
//! complete distance table of the board's blank cell (at most nine tables
//! in all) answers each board.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{counted_boards, path_string, Shape};
use slide_solvers::DistanceTable;

/// The answers to every board of `input`, or the first problem with it.
///
/// ```
/// let output = uva_10085::run("1\n\n2 6 4\n1 3 7\n0 5 8\n").unwrap();
/// let lines: Vec<&str> = output.lines().collect();
/// assert_eq!(lines[0], "Puzzle #1");
/// assert_eq!(lines[4].len(), 31);
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let shape = Shape::new(3, 3).expect("3x3 is a supported shape");
    let starts = counted_boards(input, shape, "boards").map_err(|error| error.to_string())?;
    let mut tables: Vec<Option<DistanceTable>> = (0..shape.cells()).map(|_| None).collect();
    let mut output = String::new();
    for (case, start) in starts.iter().enumerate() {
        let table = tables[start.blank()]
            .get_or_insert_with(|| DistanceTable::for_target(start).expect("a 3x3 board has a table"));
        let (far, answer) = table.farthest_from(start).map_err(|error| error.to_string())?;
        let path = answer.path.as_deref().unwrap_or_default();
        output.push_str(&format!("Puzzle #{}\n", case + 1));
        for row in far.cells().chunks(shape.cols()) {
            let row: Vec<String> = row.iter().map(u8::to_string).collect();
            output.push_str(&row.join(" "));
            output.push('\n');
        }
        output.push_str(&path_string(path).to_uppercase());
        output.push_str("\n\n");
    }
    Ok(output)
}
