//! Placement tables: pattern databases with one value a placement of the
//! pattern's tiles, whatever the blank's region, for boards of up to 32
//! cells; Korf and Felner's for the 24-puzzle.
//!
//! On 4x4 a table keeps a value for every placement *and region of the
//! blank* (see `crate::pattern`). On 5x5 a six-tile pattern has 127.5
//! million placements and nineteen free cells each, so a slot per free cell
//! would take 600 MB a table. These tables keep, per placement, the least
//! over the blank's regions of the moves that bring the pattern home and
//! the blank into the region of its goal cell, in a byte: 127.5 MB for six
//! tiles. The value no longer depends on where the blank is, so one table
//! serves every pattern its cells (and the blank's goal) are carried to by
//! a symmetry of the square (Korf and Felner's 6-6-6-6 needs two tables),
//! and every goal whose patterns those are. The sum over disjoint patterns
//! stays admissible; it is no longer consistent (a move can change it by
//! more than one), which IDA* does not need.
//!
//! The blank's goal counts where a pattern's goal cells wall it in: Korf
//! and Felner's first pattern holds the cells next to the top-left corner,
//! and a table that let the blank end anywhere (this format's first
//! version) was weaker (its largest value 32, theirs 34): on their easiest
//! instance IDA* generated 10 times their nodes, where with the blank's
//! goal it generates theirs, node for node (`record/2026-12-05-frontier.md`).
//!
//! - [`PlacementPatternDb`] (this file): one pattern's table and its index;
//!   `build.rs` builds it;
//! - [`PlacementPdb`] (`estimate.rs`): the additive sum of a split for a goal,
//!   read directly and reflected about the diagonal through the goal's
//!   blank, a heuristic of
//!   [`slide_solvers::WideBoard`];
//! - `file.rs`: the file format, checksummed as the 4x4 tables' is.
//!
//! # Invariant: placement tables
//!
//! A placement table keeps one byte per placement of
//! its tiles (indexed like the 4x4 tables' placements), the least over the
//! blank's regions of the abstract distance; so the value does not depend on
//! the blank, and one table serves every pattern a symmetry of the square
//! carries its cells to. The sum over disjoint patterns is admissible, not
//! consistent.

use std::borrow::Cow;

mod build;
mod estimate;
mod file;
mod split;

pub use self::estimate::{PlacementPdb, PlacementPdbEstimate, PlacementSaved};
pub use self::file::PLACEMENT_FORMAT_VERSION;
pub use self::split::{korf_felner_split, KORF_FELNER_BLANK, KORF_FELNER_TABLES};

/// The most cells a placement pattern's board has: its sets of cells are `u32`
/// masks.
pub const MAX_PLACEMENT_CELLS: usize = 32;

/// The most tiles a placement pattern has.
pub const MAX_PLACEMENT_TILES: usize = 7;

/// What a slot holds when no placement of the abstraction reaches it.
const UNREACHED: u8 = u8::MAX;

/// One pattern's table on a board of `rows` by `cols` cells (at most
/// [`MAX_PLACEMENT_CELLS`]): for every placement of the pattern's tiles,
/// with the blank anywhere and the other tiles anonymous, the fewest moves
/// of pattern tiles that bring them to `goal_cells` and the blank to
/// `blank`, the goal's blank cell. (The blank's goal matters when the
/// pattern's goal cells enclose it: Korf and Felner's first pattern walls
/// the corner in, and the blank must get there; with the blank's goal
/// anywhere that table's largest value was 32, with it 34.)
///
/// Invariant: `values` has one byte per placement, indexed by
/// [`PlacementPatternDb::index`] of the tiles' cells in the order of
/// `goal_cells`. It is the table's own memory, or the bytes of its file
/// where a caller keeps them for the whole process
/// ([`PlacementPatternDb::from_file_bytes`]): a searcher that starts often
/// maps the file rather than copy 127.5 MB.
#[derive(Clone)]
pub struct PlacementPatternDb {
    rows: usize,
    cols: usize,
    goal_cells: Vec<u8>,
    blank: u8,
    values: Cow<'static, [u8]>,
}

impl PlacementPatternDb {
    /// The number of placements of `k` tiles on `n` cells:
    /// `n (n - 1) ... (n - k + 1)`.
    pub fn placements(n: usize, k: usize) -> usize {
        (n - k + 1..=n).product()
    }

    /// The index of the placement with tile `i` of the pattern on
    /// `cells[i]`: a mixed-radix number whose digit `i` counts the cells
    /// below `cells[i]` that no earlier tile stands on (so digit `i` is
    /// below `n - i`).
    #[inline]
    pub fn index(cells: &[u8], n: usize) -> usize {
        let mut used = 0u32;
        let mut index = 0usize;
        for (i, &cell) in cells.iter().enumerate() {
            let below = (used & ((1u32 << cell) - 1)).count_ones() as usize;
            index = index * (n - i) + cell as usize - below;
            used |= 1 << cell;
        }
        index
    }

    /// The shape's rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The shape's columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The pattern's goal cells, in the order the index reads them.
    pub fn goal_cells(&self) -> &[u8] {
        &self.goal_cells
    }

    /// The goal's blank cell.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The value of the placement with the pattern's tiles on `cells`.
    ///
    /// ```
    /// use slide_pattern_db::PlacementPatternDb;
    /// let db = PlacementPatternDb::build(3, 3, &[0, 1], 8);
    /// assert_eq!(db.value(&[0, 1]), 0);
    /// // Two tiles of a corner swapped: one steps aside, the other passes.
    /// assert_eq!(db.value(&[1, 0]), 4);
    /// ```
    pub fn value(&self, cells: &[u8]) -> u8 {
        self.values[PlacementPatternDb::index(cells, self.rows * self.cols)]
    }

    /// The table, by placement index.
    pub(crate) fn values(&self) -> &[u8] {
        &self.values
    }

    /// The same table with its values copied into the buffer that
    /// `buffer(bytes)` makes (empty, with room for `bytes`): for a caller
    /// that wants a table it built in memory of its choosing, as
    /// [`PlacementPatternDb::read_from`] reads into one.
    ///
    /// ```
    /// use slide_pattern_db::PlacementPatternDb;
    /// let db = PlacementPatternDb::build(3, 3, &[0, 1], 8);
    /// let moved = db.clone().with_values_in(Vec::with_capacity);
    /// assert_eq!(moved.value(&[1, 0]), 4);
    /// ```
    pub fn with_values_in(mut self, buffer: impl FnOnce(usize) -> Vec<u8>) -> PlacementPatternDb {
        let mut values = buffer(self.values.len());
        values.clear();
        values.extend_from_slice(&self.values);
        self.values = Cow::Owned(values);
        self
    }
}

impl std::fmt::Debug for PlacementPatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PlacementPatternDb({}x{}, {:?}, blank {})",
            self.rows, self.cols, self.goal_cells, self.blank
        )
    }
}
