//! The knights puzzle of Kattis knightsfen (UVa 10422) and Luogu P2324: a
//! 5x5 board of twelve black and twelve white knights and one empty square,
//! a move a knight's jump into it, towards one fixed board.

use slide_core::quoted;
use slide_graph::{fewest_moves, Graph, Puzzle};

/// The target, row by row: `1` a black knight, `0` a white one, the empty
/// square in the centre.
pub const KNIGHTS_GOAL: [&str; 5] = ["11111", "01111", "00 11", "00001", "00000"];

/// The boards of `input` after its first line, a count of boards: five
/// lines of five characters each, `1` and `0` the knights and `empty` the
/// empty square; a line shorter than five is padded with `empty` (judges'
/// files lose trailing spaces), and empty lines between boards are
/// skipped. Each board as the knights' colours per cell (0 the empty
/// square, 1 black, 2 white), or the first problem with the input.
///
/// ```
/// let input = "1\n11111\n01111\n00*11\n00001\n00000\n";
/// let boards = slide_driver::knight_boards(input, '*').unwrap();
/// assert_eq!(boards[0][12], 0);
/// assert!(slide_driver::knight_boards("1\n11111\n", '*').is_err());
/// ```
pub fn knight_boards(input: &str, empty: char) -> Result<Vec<Vec<u32>>, String> {
    let mut lines = input
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end_matches('\r')));
    let count = loop {
        match lines.next() {
            None => return Err("the input is empty: it starts with the number of boards".to_string()),
            Some((_, line)) if line.trim().is_empty() => continue,
            Some((number, line)) => match line.trim().parse::<usize>() {
                Ok(count) if count <= 100_000 => break count,
                _ => {
                    return Err(format!(
                        "line {number}: the number of boards must be a count of at most 100000, not \"{}\"",
                        quoted(line.trim())
                    ))
                }
            },
        }
    };
    let mut boards = Vec::with_capacity(count);
    // A line of nothing but spaces or tabs is no row: five squares hold
    // one empty square at most.
    let mut lines = lines.filter(|(_, line)| !line.trim().is_empty());
    for board in 1..=count {
        let mut cells = Vec::with_capacity(25);
        let mut first = 0;
        for row in 0..5 {
            let Some((number, line)) = lines.next() else {
                return Err(format!("board {board} has {row} of its 5 lines; the input ends there"));
            };
            if row == 0 {
                first = number;
            }
            // Spaces and tabs at a row's end are stray (judges' files carry
            // them), unless the empty square is itself a space: then only
            // those past the fifth column are.
            let row = if empty.is_whitespace() { line } else { line.trim_end() };
            let mut symbols: Vec<char> = row.chars().collect();
            while symbols.len() > 5 && symbols.last().is_some_and(|c| c.is_whitespace()) {
                symbols.pop();
            }
            if symbols.len() > 5 {
                return Err(format!("line {number}: a row has 5 squares, not {}", symbols.len()));
            }
            for column in 0..5 {
                let symbol = symbols.get(column).copied().unwrap_or(empty);
                cells.push(match symbol {
                    '1' => 1,
                    '0' => 2,
                    s if s == empty => 0,
                    other => {
                        return Err(format!(
                            "line {number}, column {}: \"{}\" is not a square: 1, 0 or {empty:?}",
                            column + 1,
                            quoted(&other.to_string())
                        ))
                    }
                });
            }
        }
        let empties = cells.iter().filter(|&&cell| cell == 0).count();
        if empties != 1 {
            return Err(format!(
                "line {first}: board {board} has {empties} empty squares, not 1"
            ));
        }
        boards.push(cells);
    }
    if let Some((number, _)) = lines.next() {
        return Err(format!("line {number}: more lines than the {count} boards"));
    }
    Ok(boards)
}

/// The fewest knight's jumps from `board` (as [`knight_boards`] gives it)
/// to [`KNIGHTS_GOAL`], if at most `cap`: IDA* on the knight's graph, each
/// knight's distance to the nearest target square of its colour the bound.
/// `None` too for a board that is not 25 squares.
///
/// ```
/// let board = slide_driver::knight_boards("1\n11111\n01111\n00 11\n00001\n00000\n", ' ').unwrap();
/// assert_eq!(slide_driver::fewest_knight_moves(&board[0], 10), Some(0));
/// ```
pub fn fewest_knight_moves(board: &[u32], cap: usize) -> Option<usize> {
    fewest_moves(&knights_puzzle().with_start(board.to_vec()).ok()?, cap)
}

/// The knights puzzle from its target to itself, made once: the knight's
/// graph and the target's distance tables, which every board shares.
fn knights_puzzle() -> &'static Puzzle {
    static PUZZLE: std::sync::OnceLock<Puzzle> = std::sync::OnceLock::new();
    PUZZLE.get_or_init(|| {
        let goal: Vec<u32> = KNIGHTS_GOAL
            .iter()
            .flat_map(|row| row.chars())
            .map(|c| match c {
                '1' => 1,
                '0' => 2,
                _ => 0,
            })
            .collect();
        Puzzle::new(Graph::knight(5, 5, &[true; 25]), goal.clone(), goal).expect("a 5x5 board")
    })
}
