//! The file format of placement tables: a header that names the pattern,
//! two bytes a slot of the index (a placement's least value, and a higher
//! region's), and a checksum of both (the 4x4 tables' checksum).

use std::borrow::Cow;
use std::io::{Read, Write};

use super::PlacementPatternDb;
use crate::file::checksum;

/// The first bytes of a placement table's file.
const MAGIC: &[u8; 8] = b"SLIDEWPD";

/// The bytes of a header, padded.
const HEADER: usize = 64;

/// Why a file is not this pattern's table, or not of this format.
const ANOTHER: &str = "the header names another pattern or format";

/// Why a file ends before its table does.
const CUT_SHORT: &str = "cannot read the table: the file is cut short";

/// The version of the placement tables' format; a file of another version
/// is rebuilt. (Version 1 let the blank end anywhere; version 2 kept only
/// the least value, a byte a placement; version 3 indexed the placements
/// by rank, 255 MB a six-tile table on 25 cells.)
pub const PLACEMENT_FORMAT_VERSION: u32 = 4;

impl PlacementPatternDb {
    /// The file's header: magic, version, rows, columns, the goal's blank
    /// cell, the number of tiles and their goal cells.
    fn header(&self) -> Vec<u8> {
        PlacementPatternDb::header_of(self.rows, self.cols, &self.goal_cells, self.blank as usize)
    }

    fn header_of(rows: usize, cols: usize, goal_cells: &[u8], blank: usize) -> Vec<u8> {
        let mut header = MAGIC.to_vec();
        header.extend_from_slice(&PLACEMENT_FORMAT_VERSION.to_le_bytes());
        header.extend([rows as u8, cols as u8, blank as u8, goal_cells.len() as u8]);
        header.extend_from_slice(goal_cells);
        // Zeros to 64 bytes: the lines of values start on a cache line of a
        // file mapped into memory.
        header.resize(HEADER, 0);
        header
    }

    /// The size of the file of a pattern of `k` tiles on `rows` by `cols`:
    /// the header (64 bytes), two bytes a slot, the checksum.
    pub fn file_size(rows: usize, cols: usize, k: usize) -> u64 {
        (HEADER + 2 * PlacementPatternDb::slots(rows * cols, k) + 8) as u64
    }

    /// Writes the table in the placement tables' format.
    pub fn write_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        let header = self.header();
        out.write_all(&header)?;
        out.write_all(self.values())?;
        out.write_all(&checksum(&header, self.values()).to_le_bytes())?;
        out.flush()
    }

    /// Reads a table written by [`PlacementPatternDb::write_to`] for the pattern
    /// `goal_cells` and the goal's blank cell `blank` on `rows` by `cols`,
    /// into `values` (emptied first; a caller that wants the table in
    /// memory of its choosing passes a buffer with room for it); an error
    /// says why a file cannot be used (another pattern, another version,
    /// damage).
    ///
    /// ```
    /// use slide_pattern_db::PlacementPatternDb;
    /// let db = PlacementPatternDb::build(3, 3, &[1, 3], 0);
    /// let mut file = Vec::new();
    /// db.write_to(&mut file).unwrap();
    /// let read = PlacementPatternDb::read_from(&mut file.as_slice(), 3, 3, &[1, 3], 0, Vec::new()).unwrap();
    /// assert_eq!(read.value(&[3, 1]), db.value(&[3, 1]));
    /// assert_eq!(read.zero_aware_value(&[1, 3], 8), 4);
    /// let other = PlacementPatternDb::read_from(&mut file.as_slice(), 3, 3, &[0, 2], 8, Vec::new());
    /// assert_eq!(other.unwrap_err(), "the header names another pattern or format");
    /// ```
    pub fn read_from(
        input: &mut impl Read,
        rows: usize,
        cols: usize,
        goal_cells: &[u8],
        blank: usize,
        mut values: Vec<u8>,
    ) -> Result<PlacementPatternDb, String> {
        let expected = PlacementPatternDb::header_of(rows, cols, goal_cells, blank);
        let mut header = vec![0u8; expected.len()];
        input
            .read_exact(&mut header)
            .map_err(|e| format!("cannot read the header: {e}"))?;
        if header != expected {
            return Err(ANOTHER.to_string());
        }
        // Read straight into the buffer's room, as `PatternDb::read_from`
        // does: zeroing 488 MB first only to overwrite it costs a pass.
        let size = 2 * PlacementPatternDb::slots(rows * cols, goal_cells.len());
        values.clear();
        values.reserve_exact(size);
        input
            .take(size as u64)
            .read_to_end(&mut values)
            .map_err(|e| format!("cannot read the table: {e}"))?;
        if values.len() != size {
            return Err(CUT_SHORT.to_string());
        }
        let mut sum = [0u8; 8];
        input
            .read_exact(&mut sum)
            .map_err(|e| format!("cannot read the checksum: {e}"))?;
        PlacementPatternDb::checked(&header, (rows, cols, goal_cells, blank), values.into(), sum)
    }

    /// The table whose file's bytes are `file` (all of them, as
    /// [`PlacementPatternDb::write_to`] wrote them), read in place: the
    /// values are `file`'s own bytes, not a copy. For a caller that keeps
    /// the file's bytes for the whole process (a file mapped into memory,
    /// which a process that starts for a few seconds' search reads faster
    /// than it copies 488 MB); the checks are
    /// [`PlacementPatternDb::read_from`]'s.
    ///
    /// ```
    /// use slide_pattern_db::PlacementPatternDb;
    /// let db = PlacementPatternDb::build(3, 3, &[0, 1], 8);
    /// let mut file = Vec::new();
    /// db.write_to(&mut file).unwrap();
    /// let file: &'static [u8] = Vec::leak(file);
    /// let read = PlacementPatternDb::from_file_bytes(file, 3, 3, &[0, 1], 8).unwrap();
    /// assert_eq!(read.value(&[1, 0]), 4);
    /// let cut = PlacementPatternDb::from_file_bytes(&file[..file.len() - 1], 3, 3, &[0, 1], 8);
    /// assert_eq!(cut.unwrap_err(), "cannot read the table: the file is cut short");
    /// ```
    pub fn from_file_bytes(
        file: &'static [u8],
        rows: usize,
        cols: usize,
        goal_cells: &[u8],
        blank: usize,
    ) -> Result<PlacementPatternDb, String> {
        let header = PlacementPatternDb::header_of(rows, cols, goal_cells, blank);
        if file.get(..header.len()) != Some(&header[..]) {
            return Err(ANOTHER.to_string());
        }
        let length = PlacementPatternDb::file_size(rows, cols, goal_cells.len()) as usize;
        match file.len().cmp(&length) {
            std::cmp::Ordering::Less => return Err(CUT_SHORT.to_string()),
            std::cmp::Ordering::Greater => return Err("the file runs on past its checksum".to_string()),
            std::cmp::Ordering::Equal => {}
        }
        let values = &file[header.len()..length - 8];
        let sum = file[length - 8..].try_into().expect("the checksum's 8 bytes");
        PlacementPatternDb::checked(&header, (rows, cols, goal_cells, blank), Cow::Borrowed(values), sum)
    }

    /// The table of `values` read after `header` if its checksum is `sum`
    /// and its goal's value is 0.
    fn checked(
        header: &[u8],
        (rows, cols, goal_cells, blank): (usize, usize, &[u8], usize),
        values: Cow<'static, [u8]>,
        sum: [u8; 8],
    ) -> Result<PlacementPatternDb, String> {
        if u64::from_le_bytes(sum) != checksum(header, &values) {
            return Err("the checksum does not match".to_string());
        }
        let db = PlacementPatternDb::from_values(rows, cols, goal_cells, blank, values);
        if db.value(goal_cells) != 0 {
            return Err("the goal's value is not 0".to_string());
        }
        Ok(db)
    }
}
