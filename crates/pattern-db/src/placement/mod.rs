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

/// The bit of a placement's byte that says some region of the blank has a
/// larger value than the byte's other bits, kept in the placement's record.
const FLAG: u8 = 0x80;

/// The most regions a placement's record keeps.
const RECORD_REGIONS: usize = 4;

/// The bytes of a line of `values`: a cache line.
const LINE: usize = 64;

/// The placements of a line; its last four bytes are its rank.
const PER_LINE: usize = 60;

/// The place in `values` of placement `index`'s byte.
#[inline(always)]
fn position(index: usize) -> usize {
    index / PER_LINE * LINE + index % PER_LINE
}

/// The bytes of `values` for `placements` placements.
fn lined(placements: usize) -> usize {
    (placements + PER_LINE - 1) / PER_LINE * LINE
}

/// One pattern's table on a board of `rows` by `cols` cells (at most
/// [`MAX_PLACEMENT_CELLS`]): for every placement of the pattern's tiles,
/// with the blank anywhere and the other tiles anonymous, the fewest moves
/// of pattern tiles that bring them to `goal_cells` and the blank to
/// `blank`, the goal's blank cell. (The blank's goal matters when the
/// pattern's goal cells enclose it: Korf and Felner's first pattern walls
/// the corner in, and the blank must get there; with the blank's goal
/// anywhere that table's largest value was 32, with it 34.)
///
/// It keeps, too, the value of each region of the blank where the regions'
/// values differ: the zero-aware value
/// ([`PlacementPatternDb::zero_aware_value`]; Clausecker and Reinefeld's
/// zero-aware tables), in a record for each placement that has such
/// regions (about one placement in six of Korf and Felner's).
///
/// Invariant: `values` has one byte per placement, in lines of 64 bytes:
/// placement `i` (its [`PlacementPatternDb::index`] of the tiles' cells in
/// the order of `goal_cells`) in byte `i % 60` of line `i / 60`, the line's
/// last four its rank, the count of flagged placements in the lines before
/// (little-endian). A byte is the least value over the blank's regions,
/// with [`FLAG`] where some region's value is larger; `records` has eight
/// bytes for each flagged placement, in order of index. (Why the lines: a
/// flagged placement's record is found from the rank in the cache line the
/// placement's byte was just read from, not from a second array.) The values and records are the table's own
/// memory, or the bytes of its file where a caller keeps them for the whole
/// process ([`PlacementPatternDb::from_file_bytes`]): a searcher that starts
/// often maps the file rather than copy it.
#[derive(Clone)]
pub struct PlacementPatternDb {
    rows: usize,
    cols: usize,
    goal_cells: Vec<u8>,
    blank: u8,
    values: Cow<'static, [u8]>,
    records: Cow<'static, [u8]>,
}

/// A table's arrays, as a search reads them.
#[derive(Clone, Copy)]
pub(crate) struct Lookup<'a> {
    values: &'a [u8],
    records: &'a [u8],
}

impl Lookup<'_> {
    /// The least value of placement `index` over the blank's regions.
    #[inline(always)]
    pub(crate) fn least(self, index: usize) -> u8 {
        self.values[position(index)] & !FLAG
    }

    /// The value of placement `index` with the blank in the region whose
    /// lowest cell `lowest()` gives (called only where the regions' values
    /// differ: one lookup in about six on Korf and Felner's tables).
    #[inline(always)]
    pub(crate) fn zero_aware(self, index: usize, lowest: impl FnOnce() -> usize) -> u8 {
        let at = position(index);
        let value = self.values[at];
        if value & FLAG == 0 {
            return value;
        }
        // The record's place: the flagged placements below this one, the
        // line's rank and the flags of the bytes before this one in the
        // line, eight at a time.
        let line = at - at % LINE;
        let rank = &self.values[line + PER_LINE..line + LINE];
        let mut rank = u32::from_le_bytes(rank.try_into().expect("4 bytes")) as usize;
        rank += flags(&self.values[line..at]);
        let record = u64::from_le_bytes(self.records[8 * rank..8 * rank + 8].try_into().expect("8 bytes"));
        // Sixteen bits a region: its lowest cell plus one in the low six
        // (0: no region), its value in the next seven.
        let cell = lowest() as u64 + 1;
        for slot in 0..RECORD_REGIONS {
            let region = record >> (16 * slot) & 0xFFFF;
            if region & 63 == cell {
                return (region >> 6) as u8;
            }
        }
        // A region with the least value, or one past the record's room.
        value & !FLAG
    }
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
        self.lookup().zero_aware(PlacementPatternDb::index(cells, n), || {
            lowest_of_region(&masks, cells, blank as u8)
        })
    }

    /// The table's arrays, as a search reads them.
    pub(crate) fn lookup(&self) -> Lookup<'_> {
        Lookup {
            values: &self.values,
            records: &self.records,
        }
    }

    /// The table's bytes of least values and flags, in lines.
    pub(crate) fn values(&self) -> &[u8] {
        &self.values
    }

    /// The records' bytes.
    pub(crate) fn records(&self) -> &[u8] {
        &self.records
    }

    /// A table of `values` and `records` as the invariant says.
    pub(crate) fn with_records(
        rows: usize,
        cols: usize,
        goal_cells: &[u8],
        blank: usize,
        (values, records): (Cow<'static, [u8]>, Cow<'static, [u8]>),
    ) -> PlacementPatternDb {
        PlacementPatternDb {
            rows,
            cols,
            goal_cells: goal_cells.to_vec(),
            blank: blank as u8,
            values,
            records,
        }
    }

    /// `values` by placement index, laid out in lines with their ranks.
    pub(crate) fn lay_out(values: &[u8]) -> Vec<u8> {
        let mut lines = Vec::with_capacity(lined(values.len()));
        let mut rank = 0u32;
        for line in values.chunks(PER_LINE) {
            lines.extend_from_slice(line);
            lines.resize(lines.len() + PER_LINE - line.len(), 0);
            lines.extend_from_slice(&rank.to_le_bytes());
            rank += flags(line) as u32;
        }
        lines
    }

    /// Whether every line's rank counts the flags before it and the flags
    /// are as many as the records: the table can be read without reading
    /// past its records. (The checksum already rules out damage; this rules
    /// out a file that was written wrong.)
    pub(crate) fn ranks_hold(&self) -> bool {
        let placements = PlacementPatternDb::placements(self.rows * self.cols, self.goal_cells.len());
        let mut rank = 0usize;
        for (number, line) in self.values.chunks(LINE).enumerate() {
            let stored = u32::from_le_bytes(line[PER_LINE..].try_into().expect("4 bytes"));
            if stored as usize != rank {
                return false;
            }
            let used = (placements - number * PER_LINE).min(PER_LINE);
            rank += flags(&line[..used]);
        }
        8 * rank == self.records.len()
    }

    /// The same table with its arrays copied into buffers that
    /// `buffer(bytes)` makes (empty, with room for `bytes`): for a caller
    /// that wants a table it built in memory of its choosing, as
    /// [`PlacementPatternDb::read_from`] reads into such buffers.
    ///
    /// ```
    /// use slide_pattern_db::PlacementPatternDb;
    /// let db = PlacementPatternDb::build(3, 3, &[0, 1], 8);
    /// let moved = db.clone().with_values_in(Vec::with_capacity);
    /// assert_eq!(moved.value(&[1, 0]), 4);
    /// ```
    pub fn with_values_in(mut self, buffer: impl Fn(usize) -> Vec<u8>) -> PlacementPatternDb {
        let copy = |bytes: &[u8]| {
            let mut copy = buffer(bytes.len());
            copy.clear();
            copy.extend_from_slice(bytes);
            copy
        };
        self.values = Cow::Owned(copy(&self.values));
        self.records = Cow::Owned(copy(&self.records));
        self
    }
}

/// How many of `bytes` are flagged: eight at a time, each word's top bits.
#[inline(always)]
fn flags(bytes: &[u8]) -> usize {
    let mut words = bytes.chunks_exact(8);
    let mut count = 0;
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        count += (word & 0x8080_8080_8080_8080).count_ones() as usize;
    }
    count + words.remainder().iter().filter(|&&byte| byte & FLAG != 0).count()
}

/// The lowest cell of the blank's region (the blank in cell `blank`) among
/// the cells that tiles on `cells` leave free.
#[inline(always)]
pub(crate) fn lowest_of_region(masks: &slide_core::CellMasks, cells: &[u8], blank: u8) -> usize {
    let used = cells.iter().fold(0u64, |mask, &c| mask | 1 << c);
    masks.region(1 << blank, masks.all & !used).trailing_zeros() as usize
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
