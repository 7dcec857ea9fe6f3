//! AtCoder ABC224 D 8 Puzzle on Graph: the fewest moves that bring eight
//! pieces home on a graph of nine vertices, or -1.
//!
//! Input: a line `M` (0 to 36), then M lines `u v` (the edges, between
//! distinct vertices 1 to 9, each given once), then a line `p1 ... p8`:
//! piece i stands on vertex p_i, and the remaining vertex is empty. A move
//! slides a piece along an edge onto the empty vertex. Goal: piece i on
//! vertex i, vertex 9 empty. Output: the fewest moves, or `-1`.
//!
//! No parity rule decides this on a graph (it may be disconnected, a cycle,
//! or have odd cycles): two-ended breadth-first search on `slide_graph`
//! covers the whole permutation space of the 9! arrangements.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use slide_core::{quoted, words, InputError, Symbol};
use slide_graph::{bidirectional_bfs, Graph, Puzzle};

/// The number of vertices.
const VERTICES: usize = 9;

/// The next number of the input, in `low..=high`, or why there is none.
fn number<'a>(
    words: &mut impl Iterator<Item = Symbol<'a>>,
    what: &str,
    low: usize,
    high: usize,
) -> Result<(usize, Symbol<'a>), String> {
    let symbol = words
        .next()
        .ok_or_else(|| format!("the input ends where {what} should be"))?;
    match symbol.text.parse::<usize>() {
        Ok(value) if (low..=high).contains(&value) => Ok((value, symbol)),
        _ => Err(InputError::at(
            symbol.line,
            Some(symbol.column),
            format!(
                "{what} must be a number from {low} to {high}, not '{}'",
                quoted(symbol.text)
            ),
        )
        .to_string()),
    }
}

/// The answer to `input`, or the first problem with it.
///
/// ```
/// let input = "5\n1 2\n1 3\n1 9\n2 9\n3 9\n3 9 2 4 5 6 7 8\n";
/// assert_eq!(abc224_d::run(input).unwrap(), "5\n");
/// assert_eq!(abc224_d::run("2\n6 9\n1 2\n1 2 3 4 5 6 7 8\n").unwrap(), "0\n");
/// ```
pub fn run(input: &str) -> Result<String, String> {
    let mut words = words(input);
    let (edge_count, _) = number(&mut words, "the number of edges", 0, VERTICES * (VERTICES - 1) / 2)?;
    let mut edges: Vec<(usize, usize)> = Vec::with_capacity(edge_count);
    for edge in 1..=edge_count {
        let what = format!("a vertex of edge {edge}");
        let (u, symbol) = number(&mut words, &what, 1, VERTICES)?;
        let (v, _) = number(&mut words, &what, 1, VERTICES)?;
        let pair = (u.min(v) - 1, u.max(v) - 1);
        let wrong = match () {
            _ if u == v => format!("edge {edge} joins a vertex to itself"),
            _ if edges.contains(&pair) => format!("edge {edge} is given twice"),
            _ => {
                edges.push(pair);
                continue;
            }
        };
        return Err(InputError::at(symbol.line, None, wrong).to_string());
    }
    let graph = Graph::new(VERTICES, &edges).expect("edges between distinct vertices 1 to 9");
    // pieces[v]: the piece on vertex v, 0 for the empty one.
    let mut pieces = [0u8; VERTICES];
    for piece in 1..VERTICES {
        let what = format!("the vertex of piece {piece}");
        let (vertex, symbol) = number(&mut words, &what, 1, VERTICES)?;
        if pieces[vertex - 1] != 0 {
            let message = format!("pieces {} and {piece} are both on vertex {vertex}", pieces[vertex - 1]);
            return Err(InputError::at(symbol.line, Some(symbol.column), message).to_string());
        }
        pieces[vertex - 1] = piece as u8;
    }
    if let Some(extra) = words.next() {
        let message = format!(
            "'{}' follows the pieces' vertices: the input should end there",
            quoted(extra.text)
        );
        return Err(InputError::at(extra.line, Some(extra.column), message).to_string());
    }
    let goal: Vec<u32> = (1..VERTICES as u32).chain([0]).collect();
    let puzzle = Puzzle::new(graph, pieces.iter().map(|&piece| piece as u32).collect(), goal)
        .expect("eight pieces on distinct vertices and one empty");
    // No cap on moves or boards: the 9! arrangements fit.
    let path = bidirectional_bfs(&puzzle, usize::MAX, usize::MAX, None).expect("nine cells of nine labels fit");
    let answer_length = path.map(|path| path.len());
    let mut output = String::new();
    slide_driver::push_length(&mut output, answer_length);
    Ok(output)
}
