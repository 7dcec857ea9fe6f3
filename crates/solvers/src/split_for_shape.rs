//! The patterns of a split on any board of 12 to 16 cells.
//!
//! Kept apart from `pattern_db/`, and written as functions rather than
//! methods of [`Split`], so that a judge file that builds the 4x4 tables
//! does not carry them (the bundler takes a module whole, wherever a type
//! it implements something for is named).

use slide_core::{Board, Shape, MAX_CELLS};

use crate::{PatternMismatch, Split};

/// The patterns for targets of `shape` with the blank in `blank`: on
/// 4x4 with the blank in a corner, [`Split::partition`]; on any board of
/// 12 to 16 cells otherwise, the cells other than the blank's, taken
/// along the board's longer side (column by column on a wide board, row
/// by row on a tall one), cut into patterns of [`Split::largest`] cells
/// and what is left. Blocks of neighbouring cells make strong patterns:
/// their tiles get in each other's way, and the tables count that.
///
/// ```
/// use slide_core::Shape;
/// use slide_solvers::{partition_for, Split};
/// let two_by_eight = Shape::new(2, 8).unwrap();
/// let patterns = partition_for(Split::SixSixThree, two_by_eight, 15).unwrap();
/// assert_eq!(patterns, [vec![0, 8, 1, 9, 2, 10], vec![3, 11, 4, 12, 5, 13], vec![6, 14, 7]]);
/// let error = partition_for(Split::SixSixThree, Shape::new(3, 3).unwrap(), 8).unwrap_err();
/// assert_eq!(error.to_string(), "the 6-6-3 pattern databases are for boards of 12 to 16 cells, not 3x3");
/// ```
pub fn partition_for(split: Split, shape: Shape, blank: usize) -> Result<Vec<Vec<u8>>, PatternMismatch> {
    let square = Shape::new(4, 4).expect("4x4");
    if shape == square && [0, 3, 12, 15].contains(&blank) {
        return split.partition(blank);
    }
    if !(12..=MAX_CELLS).contains(&shape.cells()) || blank >= shape.cells() {
        return Err(PatternMismatch {
            reason: format!(
                "the {} pattern databases are for boards of 12 to 16 cells, not {}",
                split.name(),
                shape
            ),
        });
    }
    let (rows, cols) = (shape.rows(), shape.cols());
    let along: Vec<u8> = (0..rows * cols)
        .map(|i| if cols >= rows { (i % rows) * cols + i / rows } else { i })
        .filter(|&cell| cell != blank)
        .map(|cell| cell as u8)
        .collect();
    Ok(along.chunks(split.largest()).map(<[u8]>::to_vec).collect())
}

/// Checks that this split's tables can serve `target`: a board of 12 to
/// 16 cells (see [`partition_for`]).
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{check_split, Split};
/// assert!(check_split(Split::SixSixThree, &Board::goal(Shape::new(4, 4).unwrap())).is_ok());
/// assert!(check_split(Split::SixSixThree, &Board::goal(Shape::new(2, 7).unwrap())).is_ok());
/// assert!(check_split(Split::SixSixThree, &Board::goal(Shape::new(3, 3).unwrap())).is_err());
/// ```
pub fn check_split(split: Split, target: &Board) -> Result<(), PatternMismatch> {
    partition_for(split, target.shape(), target.blank()).map(|_| ())
}
