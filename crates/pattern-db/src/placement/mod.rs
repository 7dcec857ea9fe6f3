//! Placement tables: pattern databases with a value a placement of the
//! pattern's tiles (and, where it differs, the value of a region of the
//! blank), for boards of up to 64 cells: Korf and Felner's for the
//! 24-puzzle, seven of five tiles for the 35-puzzle and twelve of four for
//! the 48-puzzle (`split.rs`).
//!
//! On 4x4 a table keeps a value for every placement *and region of the
//! blank* (see `crate::pattern`). On 5x5 a six-tile pattern has 127.5
//! million placements and nineteen free cells each, so a slot per free cell
//! would take 2.4 GB a table in bytes. These tables keep, per placement,
//! the least over the blank's regions of the moves that bring the pattern
//! home and the blank into the region of its goal cell (Korf and Felner's
//! value), and beside it one region whose value is larger and by how much
//! (the zero-aware value of Clausecker and Reinefeld, where the regions
//! differ: one placement in six of Korf and Felner's): two bytes a
//! placement. A table is indexed by its tiles' cells, a digit a tile
//! ([`PlacementPatternDb::index`]), so that a search follows the index of
//! a move with one multiply-add: 25^6 slots, 488 MB a six-tile table, of
//! which the 127.5 million placements' are read. The values depend on the blank only
//! through its region, so one table serves every pattern its cells (and
//! the blank's goal) are carried to by a symmetry of the square (Korf and
//! Felner's 6-6-6-6 needs two tables), and every goal whose patterns those
//! are. The sum over disjoint patterns stays admissible either way; it is
//! not consistent (a move can change it by more than one), which IDA* does
//! not need.
//!
//! The blank's goal counts where a pattern's goal cells wall it in: Korf
//! and Felner's first pattern holds the cells next to the top-left corner,
//! and a table that let the blank end anywhere (this format's first
//! version) was weaker (its largest value 32, theirs 34): on their easiest
//! instance IDA* generated 10 times their nodes, where with the blank's
//! goal it generates theirs, node for node (`record/2026-12-05-frontier.md`).
//! The zero-aware value goes further: the blank walled out of that corner
//! costs moves too, and IDA* generates about 0.6 of the nodes of their
//! heuristic (same record).
//!
//! - [`PlacementPatternDb`] (this file): one pattern's table and its index;
//!   `build.rs` builds it;
//! - [`PlacementPdb`] (`estimate.rs`): the additive sum of a split for a goal,
//!   read directly and reflected about the diagonal through the goal's
//!   blank, zero-aware or Korf and Felner's, a heuristic of
//!   [`slide_solvers::WideBoard`]; a move's index follows from the last
//!   one, as on 4x4;
//! - `file.rs`: the file format, checksummed as the 4x4 tables' is.
//!
//! # Invariant: placement tables
//!
//! A placement table keeps two bytes per placement of its tiles (indexed
//! like the 4x4 tables' placements): the least over the blank's regions of
//! the abstract distance, and a region whose distance is larger with the
//! difference. A value depends on the blank only through its region, so
//! one table serves every pattern a symmetry of the square carries its
//! cells to. The sum over disjoint patterns is admissible, not consistent.

use std::borrow::Cow;

mod build;
mod estimate;
mod file;
mod split;

pub use self::estimate::{PlacementKept, PlacementPdb, PlacementPdbEstimate, PlacementSaved};
pub use self::file::PLACEMENT_FORMAT_VERSION;
pub use self::split::{
    placement_split, PlacementSplit, KORF_FELNER, KORF_FELNER_BLANK, KORF_FELNER_TABLES, PLACEMENT_SPLITS,
    SEVEN_BY_SEVEN, SIX_BY_SIX,
};

/// The most cells a placement pattern's board has: its sets of cells are `u64`
/// masks (the grid's).
pub const MAX_PLACEMENT_CELLS: usize = 64;

/// The most tiles a placement pattern has.
pub const MAX_PLACEMENT_TILES: usize = 7;

/// What a slot holds when no placement of the abstraction reaches it.
const UNREACHED: u8 = u8::MAX;

/// The bits of a placement's first byte that hold its least value.
const VALUE: u8 = 0x3F;

/// The bits of the first byte that say how much more the higher region's
/// value is (in steps of two: 0 none, 1 to 3 for 2 to 6).
const STEP_SHIFT: u32 = 6;

/// One pattern's table on a board of `rows` by `cols` cells (at most
/// [`MAX_PLACEMENT_CELLS`]): for every placement of the pattern's tiles,
/// with the blank anywhere and the other tiles anonymous, the fewest moves
/// of pattern tiles that bring them to `goal_cells` and the blank to
/// `blank`, the goal's blank cell. (The blank's goal matters when the
/// pattern's goal cells enclose it: Korf and Felner's first pattern walls
/// the corner in, and the blank must get there; with the blank's goal
/// anywhere that table's largest value was 32, with it 34.)
///
/// It keeps, too, the value of a region of the blank whose value is
/// larger: the zero-aware value ([`PlacementPatternDb::zero_aware_value`];
/// Clausecker and Reinefeld's zero-aware tables), where the regions' values
/// differ (about one placement in six of Korf and Felner's).
///
/// Invariant: `values` has two bytes per slot of
/// [`PlacementPatternDb::index`] (of the tiles' cells in the order of
/// `goal_cells`), `n^k` slots for `k` tiles on `n` cells
/// ([`PlacementPatternDb::slots`]); a slot whose cells repeat is no
/// placement, holds 255 and 0, and is never read. A placement's two bytes,
/// at twice its index: the first holds in its low six bits the least value over
/// the blank's regions and in its top two a step `s`; the second the lowest
/// cell of a region whose value is larger by `2 s` (when `s` is not 0; the
/// step is capped at 3). Why two bytes in one place rather than a byte and
/// a record elsewhere: the second read of a flagged placement then falls in
/// the cache line the first one brought in. (Measured: with the records in
/// an array of their own, a search ran at 0.72 of the speed of the byte
/// alone; `record/2026-12-05-frontier.md`.) Of Korf and Felner's flagged
/// placements, 94% have one higher region, and its value is 2 above the
/// least in 99.3%: a second region, kept by none, reads as the least value,
/// which stays admissible. The bytes are the table's own memory, or the
/// bytes of its file where a caller keeps them for the whole process
/// ([`PlacementPatternDb::from_file_bytes`]): a searcher that starts often
/// maps the file rather than copy it.
#[derive(Clone)]
pub struct PlacementPatternDb {
    rows: usize,
    cols: usize,
    goal_cells: Vec<u8>,
    blank: u8,
    values: Cow<'static, [u8]>,
}

/// A table's bytes, as a search reads them.
#[derive(Clone, Copy)]
pub(crate) struct Lookup<'a> {
    values: &'a [u8],
}

impl Lookup<'_> {
    /// The least value of placement `index` over the blank's regions.
    #[inline(always)]
    pub(crate) fn least(self, index: usize) -> u8 {
        self.values[2 * index] & VALUE
    }

    /// The value of placement `index` with the blank in a region of which
    /// `blank_in(cell)` says whether it holds `cell` (called only where a
    /// region's value is larger: one lookup in about six on Korf and
    /// Felner's tables).
    #[inline(always)]
    pub(crate) fn zero_aware(self, index: usize, blank_in: impl FnOnce(usize) -> bool) -> u8 {
        let first = self.values[2 * index];
        let step = first >> STEP_SHIFT;
        if step != 0 && blank_in(usize::from(self.values[2 * index + 1])) {
            return (first & VALUE) + 2 * step;
        }
        first & VALUE
    }
}

impl PlacementPatternDb {
    /// The number of placements of `k` tiles on `n` cells:
    /// `n (n - 1) ... (n - k + 1)`.
    pub fn placements(n: usize, k: usize) -> usize {
        (n - k + 1..=n).product()
    }

    /// The number of slots of a table of `k` tiles on `n` cells: `n^k`, one
    /// for every `k` cells, repeated or not ([`PlacementPatternDb::index`]).
    pub fn slots(n: usize, k: usize) -> usize {
        n.pow(k as u32)
    }

    /// The index of the placement with tile `i` of the pattern on
    /// `cells[i]`: the number in base `n` whose digit `i` (of weight `n^i`)
    /// is `cells[i]`.
    ///
    /// Why by cells rather than by rank among the placements (half the
    /// slots): a tile that moves from cell `a` to `b` changes its own digit
    /// alone, so the index of the next board is this one plus `n^i (b - a)`,
    /// one multiply-add. By rank, a digit counted the cells below its tile
    /// that earlier tiles left free, and a move needed a correction for
    /// each pattern tile it crossed: the 24-puzzle's search took 1.26 to
    /// 1.39 times as long (`record/2026-12-05-frontier.md`). The price is
    /// memory: 488 MB a six-tile table on 25 cells rather than 255.
    ///
    /// ```
    /// use slide_pattern_db::PlacementPatternDb;
    /// assert_eq!(PlacementPatternDb::index(&[2, 0, 1], 9), 2 + 0 * 9 + 1 * 81);
    /// ```
    #[inline]
    pub fn index(cells: &[u8], n: usize) -> usize {
        cells.iter().rev().fold(0, |index, &cell| index * n + cell as usize)
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
        self.lookup()
            .least(PlacementPatternDb::index(cells, self.rows * self.cols))
    }

    /// The value of the placement with the pattern's tiles on `cells` and
    /// the blank in the region of free cells that holds cell `blank`: the
    /// fewest moves of pattern tiles, from that region, that bring them to
    /// their goal cells and the blank into its goal's region (at least
    /// [`PlacementPatternDb::value`], the least over the regions).
    ///
    /// ```
    /// use slide_pattern_db::PlacementPatternDb;
    /// // On 3x3, tiles on cells 1 and 3 wall the top-left corner in.
    /// let db = PlacementPatternDb::build(3, 3, &[1, 3], 0);
    /// assert_eq!(db.zero_aware_value(&[1, 3], 0), 0);
    /// // The blank outside: tile one steps right, tile two steps into the
    /// // corner, tile one comes back, tile two leaves the corner to the
    /// // blank.
    /// assert_eq!(db.value(&[1, 3]), 0);
    /// assert_eq!(db.zero_aware_value(&[1, 3], 8), 4);
    /// ```
    pub fn zero_aware_value(&self, cells: &[u8], blank: usize) -> u8 {
        let n = self.rows * self.cols;
        let masks = slide_core::Grid::new(self.rows, self.cols)
            .expect("the table's grid")
            .masks();
        let used = cells.iter().fold(0u64, |used, &c| used | 1 << c);
        self.lookup().zero_aware(PlacementPatternDb::index(cells, n), |cell| {
            in_blanks_region(&masks, used, blank as u8, cell)
        })
    }

    /// The table's bytes, as a search reads them.
    pub(crate) fn lookup(&self) -> Lookup<'_> {
        Lookup { values: &self.values }
    }

    /// The table's bytes: two a placement.
    pub(crate) fn values(&self) -> &[u8] {
        &self.values
    }

    /// A table of `values` as the invariant says.
    pub(crate) fn from_values(
        rows: usize,
        cols: usize,
        goal_cells: &[u8],
        blank: usize,
        values: Cow<'static, [u8]>,
    ) -> PlacementPatternDb {
        PlacementPatternDb {
            rows,
            cols,
            goal_cells: goal_cells.to_vec(),
            blank: blank as u8,
            values,
        }
    }

    /// The same table with its bytes copied into a buffer that
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

/// Whether `cell` is in the blank's region (the blank in cell `blank`)
/// among the cells that tiles on the cells of `used` leave free.
#[inline(always)]
pub(crate) fn in_blanks_region(masks: &slide_core::CellMasks, used: u64, blank: u8, cell: usize) -> bool {
    masks.connected(1 << blank, 1 << cell, masks.all & !used)
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
