//! A puzzle on a graph as text: the format `slide solve --graph` reads.
//!
//! One statement a line; `#` starts a comment:
//!
//! ```text
//! grid 2x3            # or: cylinder 4x10, knight 5x5, or: cells 6 and edges 0-1 1-2 ...
//! holes 4             # cells with no edges (grid and knight only)
//! start 1 _ 2 / 3 x 4 # `_`, `0` or `.` a blank; `/` may split rows
//! target _ 1 2 / 3 x 4
//! cap 20              # the most moves looked for (default 20)
//! ```
//!
//! Cells are numbered from 0 in reading order. A label is any word; cells
//! with one label hold interchangeable pieces.

use slide_core::quoted;

use crate::graph::{Graph, MAX_VERTICES};
use crate::puzzle::Puzzle;

/// The cap when the text names none.
pub const DEFAULT_CAP: usize = 20;

/// The largest cap the text may name.
pub const MAX_CAP: usize = 80;

/// The puzzle `text` describes and its cap, or the first problem with it
/// (`line N: ...`).
///
/// ```
/// let text = "grid 1x3\nstart a _ b\ntarget _ a b\ncap 5\n";
/// let (puzzle, cap) = slide_graph::parse_puzzle(text).unwrap();
/// assert_eq!((slide_graph::fewest_moves(&puzzle, cap), cap), (Some(1), 5));
/// assert!(slide_graph::parse_puzzle("grid 1x3\nstart a _ b\n").is_err());
/// ```
pub fn parse_puzzle(text: &str) -> Result<(Puzzle, usize), String> {
    let mut shape: Option<(&str, usize, usize)> = None;
    let mut cells: Option<usize> = None;
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut holes: Vec<usize> = Vec::new();
    let mut boards: [Option<Vec<String>>; 2] = [None, None];
    let mut cap = DEFAULT_CAP;
    for (number, line) in text.lines().enumerate() {
        let at = |message: String| format!("line {}: {message}", number + 1);
        let line = line.split('#').next().unwrap_or("").trim();
        let mut words = line.split_whitespace();
        let Some(keyword) = words.next() else { continue };
        let rest: Vec<&str> = words.collect();
        match keyword {
            "grid" | "cylinder" | "knight" => {
                let size = one(&rest).map_err(at)?;
                let (r, c) = size
                    .split_once('x')
                    .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
                    .filter(|&(r, c)| r >= 1 && c >= 1 && r.checked_mul(c).is_some_and(|n| n <= MAX_VERTICES))
                    .ok_or_else(|| {
                        at(format!(
                            "{keyword} takes RxC of at most {MAX_VERTICES} cells, not \"{}\"",
                            quoted(size)
                        ))
                    })?;
                shape = Some((keyword, r, c));
            }
            "cells" => cells = Some(count(one(&rest).map_err(at)?, 1, MAX_VERTICES).map_err(at)?),
            "edges" => {
                for edge in rest {
                    let pair = edge
                        .split_once('-')
                        .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)));
                    edges.push(pair.ok_or_else(|| at(format!("an edge is written a-b, not \"{}\"", quoted(edge))))?);
                }
            }
            "holes" => {
                for hole in rest {
                    holes.push(count(hole, 0, MAX_VERTICES - 1).map_err(at)?);
                }
            }
            "start" | "target" => {
                let labels: Vec<String> = rest.iter().filter(|&&w| w != "/").map(|w| w.to_string()).collect();
                boards[(keyword == "target") as usize] = Some(labels);
            }
            "cap" => cap = count(one(&rest).map_err(at)?, 0, MAX_CAP).map_err(at)?,
            other => {
                return Err(at(format!(
                    "\"{}\" is not a statement: grid, cylinder, knight, cells, edges, holes, start, target or cap",
                    quoted(other)
                )))
            }
        }
    }
    let graph = match (shape, cells) {
        (Some(_), Some(_)) => return Err("the text gives both a shape and cells: one of them".to_string()),
        (Some((kind, r, c)), None) => {
            let mut present = vec![true; r * c];
            for &hole in &holes {
                *present
                    .get_mut(hole)
                    .ok_or(format!("hole {hole} is beyond the {} cells", r * c))? = false;
            }
            if !edges.is_empty() {
                return Err("edges go with cells, not with a shape".to_string());
            }
            match kind {
                "grid" => Graph::grid(r, c, &present),
                "cylinder" => Graph::cylinder(r, c, &present),
                _ => Graph::knight(r, c, &present),
            }
        }
        (None, Some(n)) => {
            if !holes.is_empty() {
                return Err("holes go with a shape; with cells, leave a cell out of the edges".to_string());
            }
            Graph::new(n, &edges)?
        }
        (None, None) => {
            return Err("the text gives no graph: grid RxC, cylinder RxC, knight RxC, or cells N and edges".to_string())
        }
    };
    let [Some(start), Some(target)] = boards else {
        return Err("the text needs a start line and a target line".to_string());
    };
    // Labels are words: each distinct word a number from 1, the blank 0.
    let mut names: Vec<String> = Vec::new();
    let mut numbers = |words: &[String]| -> Vec<u32> {
        words
            .iter()
            .map(|word| {
                if matches!(word.as_str(), "_" | "0" | ".") {
                    return 0;
                }
                match names.iter().position(|name| name == word) {
                    Some(i) => i as u32 + 1,
                    None => {
                        names.push(word.clone());
                        names.len() as u32
                    }
                }
            })
            .collect()
    };
    let start = numbers(&start);
    let target = numbers(&target);
    Ok((Puzzle::new(graph, start, target)?, cap))
}

fn one<'a>(rest: &[&'a str]) -> Result<&'a str, String> {
    match rest {
        [word] => Ok(word),
        _ => Err(format!("expected one value, found {}", rest.len())),
    }
}

fn count(word: &str, low: usize, high: usize) -> Result<usize, String> {
    match word.parse::<usize>() {
        Ok(value) if (low..=high).contains(&value) => Ok(value),
        _ => Err(format!(
            "expected a number from {low} to {high}, not \"{}\"",
            quoted(word)
        )),
    }
}
