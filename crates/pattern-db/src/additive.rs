//! The additive sum: disjoint patterns whose values add up to one estimate.

use slide_core::{Board, Shape};

use slide_solvers::PatternMismatch;

use crate::pattern::PatternDb;
use crate::split::Split;

/// Disjoint patterns that together cover every cell but one (the blank's
/// goal cell): the sum of their values is an admissible, consistent estimate.
#[derive(Clone)]
pub struct AdditivePdb {
    shape: Shape,
    pub(crate) patterns: Vec<PatternDb>,
}

/// Additive pattern databases with a copy of each table indexed by cells
/// (see `PatternDb::by_cell`), which a search steps with no crossings:
/// faster where the copies are small enough to make (4-4-4-3 on 4x4;
/// `record/fifteen-puzzle.md` has the figures, and with tables of signs
/// `record/2026-12-05-frontier.md`). A
/// search with `&ByCell` is made for that layout.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_pattern_db::{ByCell, Split};
/// use slide_solvers::ida_star;
/// let by_cell = ByCell::fifteen_puzzle(Split::FourFourFourThree, 15).unwrap();
/// assert!(ByCell::fifteen_puzzle(Split::FiveFiveFive, 15).is_err());
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15").unwrap();
/// assert_eq!(ida_star(&start, &Board::goal(shape), &by_cell).unwrap().length(), Some(9));
/// ```
#[derive(Clone)]
pub struct ByCell {
    pdb: AdditivePdb,
    /// One table per pattern, in the order of `pdb`'s patterns.
    tables: Vec<Vec<u8>>,
}

impl ByCell {
    /// [`AdditivePdb::fifteen_puzzle`] with copies by cell; an error when
    /// the split's copies would be too large (all but 4-4-4-3).
    pub fn fifteen_puzzle(split: Split, blank: usize) -> Result<ByCell, PatternMismatch> {
        AdditivePdb::fifteen_puzzle(split, blank)?
            .into_by_cell()
            .map_err(|_| PatternMismatch {
                reason: format!("the {} tables are too large to copy by cell", split.name()),
            })
    }

    /// The databases by placement the copies were made from.
    pub fn pdb(&self) -> &AdditivePdb {
        &self.pdb
    }

    /// The tables indexed by cells, one per pattern.
    pub(crate) fn tables(&self) -> &[Vec<u8>] {
        &self.tables
    }
}

impl AdditivePdb {
    /// Builds one database per pattern of `partition` (each a list of goal cells).
    ///
    /// # Panics
    /// Panics unless the patterns are disjoint and leave exactly one cell of
    /// the board uncovered, which must be where targets have the blank.
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// use slide_pattern_db::AdditivePdb;
    /// use slide_solvers::ida_star;
    /// let shape = Shape::new(3, 3).unwrap();
    /// let pdb = AdditivePdb::build(shape, &[&[0, 1, 2, 3], &[4, 5, 6, 7]]);
    /// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
    /// let answer = ida_star(&start, &Board::goal(shape), &pdb).unwrap();
    /// assert_eq!(answer.length(), Some(31));
    /// ```
    pub fn build(shape: Shape, partition: &[&[u8]]) -> AdditivePdb {
        let mut covered = 0u32;
        for pattern in partition {
            for &cell in *pattern {
                assert!(
                    (cell as usize) < shape.cells() && covered & (1 << cell) == 0,
                    "the patterns overlap or leave the board"
                );
                covered |= 1 << cell;
            }
        }
        assert_eq!(
            covered.count_ones() as usize,
            shape.cells() - 1,
            "the patterns must leave exactly one cell"
        );
        let blank = (!covered).trailing_zeros() as usize;
        let patterns = partition
            .iter()
            .map(|pattern| PatternDb::build(shape, pattern, blank))
            .collect();
        AdditivePdb::new(shape, patterns)
    }

    /// The patterns' sum.
    fn new(shape: Shape, patterns: Vec<PatternDb>) -> AdditivePdb {
        AdditivePdb { shape, patterns }
    }

    /// These databases with copies of their tables indexed by cells, when
    /// every copy has at most 2^20 slots (256 KB); else the databases as
    /// they are.
    pub fn into_by_cell(self) -> Result<ByCell, AdditivePdb> {
        match self.patterns.iter().map(PatternDb::by_cell).collect::<Option<Vec<_>>>() {
            Some(tables) => Ok(ByCell { pdb: self, tables }),
            None => Err(self),
        }
    }

    /// Assembles databases built (or loaded) separately. They must be for one
    /// shape and blank cell, disjoint, and cover every other cell.
    pub fn from_patterns(patterns: Vec<PatternDb>) -> Result<AdditivePdb, PatternMismatch> {
        let mismatch = |reason: &str| PatternMismatch {
            reason: reason.to_string(),
        };
        let first = patterns.first().ok_or_else(|| mismatch("no pattern"))?;
        let (shape, blank) = (first.shape, first.blank);
        let mut covered = 1u32 << blank;
        for pattern in &patterns {
            if pattern.shape != shape || pattern.blank != blank {
                return Err(mismatch("the patterns are for different boards or blank cells"));
            }
            for &cell in &pattern.goal_cells {
                if covered & (1 << cell) != 0 {
                    return Err(mismatch("the patterns overlap"));
                }
                covered |= 1 << cell;
            }
        }
        if covered.count_ones() as usize != shape.cells() {
            return Err(mismatch("the patterns leave cells uncovered"));
        }
        Ok(AdditivePdb::new(shape, patterns))
    }

    /// The databases of a standard split of 4x4 for targets with the blank
    /// in the corner `blank` (0, 3, 12 or 15).
    ///
    /// ```
    /// use slide_core::{Board, Shape};
    /// use slide_pattern_db::{AdditivePdb, Split};
    /// use slide_solvers::ida_star;
    /// let pdb = AdditivePdb::fifteen_puzzle(Split::FourFourFourThree, 15).unwrap();
    /// let shape = Shape::new(4, 4).unwrap();
    /// let start = Board::parse(shape, "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15").unwrap();
    /// let answer = ida_star(&start, &Board::goal(shape), &pdb).unwrap();
    /// assert_eq!(answer.length(), Some(9));
    /// ```
    pub fn fifteen_puzzle(split: Split, blank: usize) -> Result<AdditivePdb, PatternMismatch> {
        let shape = Shape::new(4, 4).expect("4x4 is a supported shape");
        let partition = split.patterns(blank)?;
        let patterns: Vec<&[u8]> = partition.iter().map(Vec::as_slice).collect();
        Ok(AdditivePdb::build(shape, &patterns))
    }

    /// The shape the tables are for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The patterns.
    pub fn patterns(&self) -> &[PatternDb] {
        &self.patterns
    }

    /// The cell no pattern covers: where a target's blank must be.
    pub fn blank_cell(&self) -> usize {
        let covered = self
            .patterns
            .iter()
            .flat_map(|p| &p.goal_cells)
            .fold(0u32, |acc, &c| acc | 1 << c);
        (!covered).trailing_zeros() as usize
    }

    /// Checks that these tables can estimate distances to `target`.
    pub fn check_target(&self, target: &Board) -> Result<(), PatternMismatch> {
        if target.shape() != self.shape {
            return Err(PatternMismatch {
                reason: format!(
                    "the pattern databases are for {} boards, the target is {}",
                    self.shape,
                    target.shape()
                ),
            });
        }
        if target.blank() != self.blank_cell() {
            return Err(PatternMismatch {
                reason: format!(
                    "the pattern databases need the target's blank in cell {}, not {}",
                    self.blank_cell() + 1,
                    target.blank() + 1
                ),
            });
        }
        Ok(())
    }
}

impl std::fmt::Debug for AdditivePdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.patterns).finish()
    }
}
