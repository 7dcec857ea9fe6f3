//! Complete searches of the boards small enough for a distance table,
//! against `testdata/reference/max-distances.tsv`.

use crate::common::check_answer;
use slide_core::{factorial, unrank, Board, Shape};
use slide_solvers::{bfs, DistanceTable, TableError, DENSE_MAX_CELLS};
use slide_testdata::{reference, tsv_rows};

#[test]
fn complete_searches_reach_the_known_maxima() {
    let mut checked = 0;
    for row in tsv_rows(&reference("max-distances.tsv")) {
        let (rows, cols): (usize, usize) = (row[0].parse().unwrap(), row[1].parse().unwrap());
        let positions: u64 = row[2].parse().unwrap();
        let max_distance: usize = row[3].parse().unwrap();
        if rows * cols > DENSE_MAX_CELLS {
            continue;
        }
        // A board and its transpose have the same distances.
        let shape = Shape::new(rows, cols).unwrap();
        for shape in [shape, shape.transpose()] {
            // The reference's goal has the blank in a corner.
            let table = DistanceTable::new(shape, shape.cells() - 1).unwrap();
            let histogram = table.histogram();
            assert_eq!(histogram.len() - 1, max_distance, "{shape}");
            assert_eq!(histogram.iter().sum::<u64>(), positions, "{shape}");
            assert_eq!(
                positions * 2,
                factorial(shape.cells()),
                "{shape}: half of all arrangements"
            );
            checked += 1;
        }
    }
    // 2x2, 2x3, 2x4, 2x5 and 3x3, with their transposes.
    assert_eq!(checked, 10);
}

#[test]
fn bfs_finds_a_hardest_position_of_each_small_board() {
    for (rows, cols, max_distance) in [(2, 2, 6), (2, 3, 21), (3, 2, 21), (2, 4, 36), (4, 2, 36)] {
        let shape = Shape::new(rows, cols).unwrap();
        let goal = Board::goal(shape);
        let table = DistanceTable::for_target(&goal).unwrap();
        let hardest = (0..factorial(shape.cells()))
            .map(|r| unrank(shape, r).unwrap())
            .find(|board| table.distance(board) == Some(max_distance))
            .unwrap();
        check_answer(
            "bfs",
            &hardest,
            &goal,
            &bfs(&hardest, &goal).unwrap(),
            Some(max_distance),
        );
    }
}

#[test]
fn larger_boards_are_refused_clearly() {
    let shape = Shape::new(3, 4).unwrap();
    let error = DistanceTable::new(shape, 11).err().unwrap();
    assert_eq!(error, TableError::TooLarge { shape });
    assert_eq!(
        error.to_string(),
        "a distance table of a 3x4 board is too large: it covers boards of at most 10 cells"
    );
}
