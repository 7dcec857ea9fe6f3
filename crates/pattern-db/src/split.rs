//! The standard ways to split 4x4 into patterns, and the symmetries that
//! carry a split and its tables to other goals.
//!
//! # Invariant: splits by shape
//!
//! `patterns_for` (in `pattern-db/src/split.rs`) gives
//! the 4x4 splits of `Split::cells` (carried by a symmetry of the square to
//! the target's corner, `patterns_for_corner`) on 4x4 with the blank in a
//! corner, and on every other board of 12 to 16 cells (any blank cell) the
//! cells along the longer side, column by column (row by row on a tall board),
//! cut into patterns of the split's largest size; 7-8 serves 4x4 only. The
//! cache keys tables by shape and blank cell.
//!
//! The cells of `Split::cells` are chosen by measurement (the `splits` bench;
//! `record/fifteen-puzzle.md`). The choice is no invariant: any disjoint split
//! is admissible and consistent, and the tests check every split against the
//! optimal lengths.

use slide_core::{Board, Shape, MAX_CELLS};

use slide_solvers::PatternMismatch;

/// The standard ways to split the fifteen tiles of 4x4 into patterns.
///
/// Which cells make a pattern is chosen by measurement: each split's
/// cells ([`Split::cells`]) generate the fewest nodes on Korf's 100 of the
/// splits tried (`benches/src/bin/splits.rs`; the figures are in
/// `record/fifteen-puzzle.md`). Any disjoint split is admissible and
/// consistent, so the choice is no invariant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Split {
    /// Four patterns, `4-4-4-3`: the smallest tables, built in tens of
    /// milliseconds and searched through copies indexed by cells (see
    /// `PatternDb::by_cell`); the choice for a judge, where the build
    /// counts. Two of its patterns are pairs of cells apart (the top two
    /// rows' outer columns, and their inner ones).
    FourFourFourThree,
    /// Three patterns of five: built in a fraction of a second, and strong
    /// enough that from an empty cache it solves Korf's 100 sooner than
    /// 6-6-3, whose tables take several times as long to build.
    FiveFiveFive,
    /// Two patterns of six and one of three, the command line's tables.
    /// With the blank in cell 15: the first two columns below the top row,
    /// the third column below the top row with the last column above the
    /// bottom row, and the top row's first three cells.
    SixSixThree,
    /// Korf and Felner's `7-8`: the first seven tiles and the last eight,
    /// a gigabyte of tables built in minutes; for the hardest positions.
    SevenEight,
}

impl Split {
    /// The patterns as goal cells (from 0), for the blank in cell 15; on the
    /// standard goal the tiles are these cells plus one.
    pub fn cells(self) -> &'static [&'static [u8]] {
        match self {
            Split::FourFourFourThree => &[&[0, 3, 4, 7], &[1, 2, 5, 6], &[8, 9, 12, 13], &[10, 11, 14]],
            Split::FiveFiveFive => &[&[0, 1, 2, 5, 6], &[3, 7, 10, 11, 14], &[4, 8, 9, 12, 13]],
            Split::SixSixThree => &[&[4, 5, 8, 9, 12, 13], &[3, 6, 7, 10, 11, 14], &[0, 1, 2]],
            Split::SevenEight => &[&[0, 1, 2, 3, 4, 5, 6], &[7, 8, 9, 10, 11, 12, 13, 14]],
        }
    }

    /// The patterns as goal cells for targets with the blank in the corner
    /// `blank` (0, 3, 12 or 15): [`Split::cells`] carried there by the
    /// symmetry of the square that takes cell 15 to it.
    ///
    /// ```
    /// use slide_pattern_db::Split;
    /// assert_eq!(Split::SixSixThree.patterns(0).unwrap()[2], [15, 14, 13]);
    /// ```
    pub fn patterns(self, blank: usize) -> Result<Vec<Vec<u8>>, PatternMismatch> {
        patterns_for_corner(self.cells(), blank)
    }

    /// The largest pattern of the split: 4, 5, 6 or 8 tiles.
    pub fn largest(self) -> usize {
        self.cells().iter().map(|p| p.len()).max().unwrap_or(0)
    }

    /// The split's name, such as `6-6-3`.
    pub fn name(self) -> &'static str {
        match self {
            Split::FourFourFourThree => "4-4-4-3",
            Split::FiveFiveFive => "5-5-5",
            Split::SixSixThree => "6-6-3",
            Split::SevenEight => "7-8",
        }
    }
}

/// Patterns of 4x4 given as goal cells for the blank in cell 15 (as
/// [`Split::cells`] lists them), carried to the corner `blank` (0, 3, 12 or
/// 15) by the symmetry of the square that takes cell 15 there.
///
/// ```
/// use slide_pattern_db::patterns_for_corner;
/// assert_eq!(patterns_for_corner(&[[0, 1, 2]], 0).unwrap(), [[15, 14, 13]]);
/// assert!(patterns_for_corner(&[[0, 1, 2]], 5).is_err());
/// ```
pub fn patterns_for_corner<P: AsRef<[u8]>>(patterns: &[P], blank: usize) -> Result<Vec<Vec<u8>>, PatternMismatch> {
    let map = |cell: u8| -> u8 {
        let (row, col) = (cell / 4, cell % 4);
        match blank {
            15 => cell,
            0 => 15 - cell,
            3 => (3 - row) * 4 + col,
            _ => row * 4 + (3 - col),
        }
    };
    if !Shape::new(4, 4).expect("4x4").grid().corners().contains(&blank) {
        return Err(PatternMismatch {
            reason: format!(
                "the 4x4 splits need the target's blank in a corner, not in cell {}",
                blank + 1
            ),
        });
    }
    Ok(patterns
        .iter()
        .map(|p| p.as_ref().iter().map(|&c| map(c)).collect())
        .collect())
}

/// The patterns for targets of `shape` with the blank in `blank`: on
/// 4x4 with the blank in a corner, [`Split::patterns`]; on any board of
/// 12 to 16 cells otherwise, the cells other than the blank's, taken
/// along the board's longer side (column by column on a wide board, row
/// by row on a tall one), cut into patterns of [`Split::largest`] cells
/// and what is left (but 7-8, made for 4x4 only). Blocks of neighbouring
/// cells make strong patterns: their tiles get in each other's way, and
/// the tables count that.
///
/// ```
/// use slide_core::Shape;
/// use slide_pattern_db::{patterns_for, Split};
/// let two_by_eight = Shape::new(2, 8).unwrap();
/// let patterns = patterns_for(Split::SixSixThree, two_by_eight, 15).unwrap();
/// assert_eq!(patterns, [vec![0, 8, 1, 9, 2, 10], vec![3, 11, 4, 12, 5, 13], vec![6, 14, 7]]);
/// let error = patterns_for(Split::SixSixThree, Shape::new(3, 3).unwrap(), 8).unwrap_err();
/// assert_eq!(error.to_string(), "the 6-6-3 pattern databases are for boards of 12 to 16 cells, not 3x3");
/// ```
pub fn patterns_for(split: Split, shape: Shape, blank: usize) -> Result<Vec<Vec<u8>>, PatternMismatch> {
    let square = Shape::new(4, 4).expect("4x4");
    if shape == square && square.grid().corners().contains(&blank) {
        return split.patterns(blank);
    }
    // Tables of eight tiles take a gigabyte: made for 4x4 only.
    if split == Split::SevenEight && shape != square {
        return Err(PatternMismatch {
            reason: format!("the 7-8 pattern databases are for 4x4 boards, not {shape}"),
        });
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
/// 16 cells (see [`patterns_for`]).
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_pattern_db::{check_split, Split};
/// assert!(check_split(Split::SixSixThree, &Board::goal(Shape::new(4, 4).unwrap())).is_ok());
/// assert!(check_split(Split::SixSixThree, &Board::goal(Shape::new(2, 7).unwrap())).is_ok());
/// assert!(check_split(Split::SixSixThree, &Board::goal(Shape::new(3, 3).unwrap())).is_err());
/// ```
pub fn check_split(split: Split, target: &Board) -> Result<(), PatternMismatch> {
    patterns_for(split, target.shape(), target.blank()).map(|_| ())
}

/// The ways of reading a board into a set of patterns' tables, as cell maps
/// (`map[c]`: cell `c` as the tables see it): directly, and, on a square
/// board whose target has the blank on a diagonal, reflected about that
/// diagonal ([`slide_core::Grid::reflection_through`]).
///
/// Reflection: reflecting such a board, and renaming tiles so that the
/// reflected target is the target again, maps every position to one at the
/// same distance. The patterns' tables then apply to the reflected position:
/// pattern `p` (goal cells `G`) reads the tiles whose goal cells are the
/// reflections of `G`, at the reflections of their cells. The larger of the
/// two sums is still admissible and consistent.
pub(crate) fn views(shape: Shape, target_blank: usize) -> Vec<[u8; MAX_CELLS]> {
    let identity: [u8; MAX_CELLS] = std::array::from_fn(|c| c as u8);
    let mut maps = vec![identity];
    if let Some(reflection) = shape.grid().reflection_through(target_blank) {
        let mut map = identity;
        for (cell, &image) in reflection.iter().enumerate() {
            map[cell] = image as u8;
        }
        maps.push(map);
    }
    maps
}
