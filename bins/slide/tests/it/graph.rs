//! `slide solve --graph`: puzzles on graphs from their text, the paths
//! replayed against the puzzle, and the refusals.

use slide_graph::{parse_puzzle, Step};

use crate::hostile::{empty_cache, slide_with};

/// `slide ARGS` with `input` on standard input: status, stdout, stderr.
fn slide(args: &[&str], input: &str) -> (i32, String, String) {
    slide_with(args, input.as_bytes(), &empty_cache("graph"))
}

/// Luogu P2324's first sample (7 moves), as the manual writes it.
const KNIGHTS: &str = "knight 5x5
start  b w b b w / w b _ b b / b w b b b / w b w w b / w w w w w
target b b b b b / w b b b b / w w _ b b / w w w w b / w w w w w
cap 15
";

/// AOJ 0190's first sample (2 moves): a diamond of 13 cells in a 5x5 grid
/// with holes, two blanks.
const ELEVEN: &str = "grid 5x5
holes 0 1 3 4 5 9 15 19 20 21 23 24
start  x x 2 x x / x 1 0 3 x / 4 5 6 7 8 / x 9 0 11 x / x x 10 x x
target x x 0 x x / x 1 2 3 x / 4 5 6 7 8 / x 9 10 11 x / x x 0 x x
";

/// The moves of a `moves` line, checked to lead from the start to the target.
fn replay(text: &str, line: &str) -> usize {
    let (puzzle, _) = parse_puzzle(text).unwrap();
    let path: Vec<Step> = line
        .trim_start_matches("moves")
        .split_whitespace()
        .map(|slide| {
            let (from, to) = slide.split_once('>').unwrap();
            Step {
                from: from.parse().unwrap(),
                to: to.parse().unwrap(),
            }
        })
        .collect();
    assert_eq!(
        puzzle.replay(&path),
        Some(puzzle.target_labels()),
        "{line} does not end at the target"
    );
    path.len()
}

#[test]
fn graph_puzzles_are_solved_and_their_paths_replay() {
    for (text, length) in [(KNIGHTS, 7), (ELEVEN, 2)] {
        let (status, stdout, stderr) = slide(&["solve", "--graph", "-"], text);
        assert_eq!(status, 0, "{stderr}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines[0], format!("length {length}"));
        assert_eq!(replay(text, lines[1]), length);
    }
    // Beyond the cap, and pieces the target does not hold.
    let (status, stdout, _) = slide(&["solve", "--graph", "-"], &KNIGHTS.replace("cap 15", "cap 6"));
    assert_eq!((status, stdout.as_str()), (0, "no path of at most 6 moves\n"));
    let (status, stdout, _) = slide(
        &["solve", "--graph", "-"],
        "cells 2\nedges 0-1\nstart a _\ntarget _ b\n",
    );
    assert_eq!((status, stdout.as_str()), (0, "no path of at most 20 moves\n"));
    let (status, stdout, _) = slide(&["solve", "--graph", "-", "--json"], ELEVEN);
    assert_eq!(status, 0);
    assert!(
        stdout.contains(r#""length":2"#) && stdout.contains(r#""optimal":true"#),
        "{stdout}"
    );
}

#[test]
fn a_bad_graph_puzzle_is_refused_in_one_line() {
    let cases = [
        ("cells 3\nedges 0-3\nstart a _ b\ntarget _ a b\n", "error: the puzzle: the edge 0-3 names a cell beyond the 3 cells\n"),
        ("grid 2x2\nstart a _ b\n", "error: the puzzle: the text needs a start line and a target line\n"),
        ("grid 2x2\nstart a _ b c\ntarget a b _\n", "error: the puzzle: the target has 3 cells, the graph 4\n"),
        ("hexagon 3\n", "error: the puzzle: line 1: \"hexagon\" is not a statement: grid, cylinder, knight, cells, edges, holes, start, target or cap\n"),
        ("grid 2x2\ncap 81\n", "error: the puzzle: line 2: expected a number from 0 to 80, not \"81\"\n"),
    ];
    for (text, expected) in cases {
        let (status, stdout, stderr) = slide(&["solve", "--graph", "-"], text);
        assert_eq!(
            (status, stdout.as_str(), stderr.as_str()),
            (2, "", expected),
            "{text:?}"
        );
    }
}
