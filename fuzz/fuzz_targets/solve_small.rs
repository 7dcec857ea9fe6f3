//! Two arrangements of a small board, from the fuzzer's bytes: every solver
//! gives the same length, and every path replays.

#![no_main]

use libfuzzer_sys::fuzz_target;
use slide_core::{is_solvable, Board, Shape};
use slide_solvers::{bfs, bidirectional_bfs, ida_star, Answer, DistanceTable, LinearConflict, Manhattan};

/// An arrangement of `shape` from bytes: a Fisher-Yates shuffle driven by them.
fn arrangement(shape: Shape, bytes: &[u8]) -> Board {
    let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
    for i in (1..cells.len()).rev() {
        let byte = bytes.get(i).copied().unwrap_or(0) as usize;
        cells.swap(i, byte % (i + 1));
    }
    Board::from_cells(shape, &cells).unwrap()
}

fn check(name: &str, start: &Board, target: &Board, answer: &Answer, expected: Option<usize>) {
    assert_eq!(answer.length(), expected, "{name}: {start} to {target}");
    if let Some(path) = &answer.path {
        assert_eq!(start.apply_path(path), Some(*target), "{name}: {start} to {target}");
    }
}

fuzz_target!(|data: &[u8]| {
    let shapes = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)];
    let Some((&selector, rest)) = data.split_first() else { return };
    let (rows, cols) = shapes[selector as usize % shapes.len()];
    let shape = Shape::new(rows, cols).unwrap();
    let (first, second) = rest.split_at(rest.len() / 2);
    let (start, target) = (arrangement(shape, first), arrangement(shape, second));
    let table = DistanceTable::for_target(&target).unwrap();
    let reference = table.solve(&start, &target).unwrap();
    let expected = reference.length();
    assert_eq!(expected.is_some(), is_solvable(&start, &target));
    check("table", &start, &target, &reference, expected);
    check("bfs", &start, &target, &bfs(&start, &target).unwrap(), expected);
    check("bidi", &start, &target, &bidirectional_bfs(&start, &target).unwrap(), expected);
    check("ida md", &start, &target, &ida_star(&start, &target, Manhattan).unwrap(), expected);
    check("ida lc", &start, &target, &ida_star(&start, &target, LinearConflict).unwrap(), expected);
});
