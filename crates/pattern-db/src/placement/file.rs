//! The file format of placement tables: a header that names the pattern,
//! the least values with their flags, the records of the regions whose
//! values differ, and a checksum of all (the 4x4 tables' checksum).

use std::borrow::Cow;
use std::io::{Read, Write};

use super::{lined, PlacementPatternDb};
use crate::file::{checksum, words_hash};

/// The first bytes of a placement table's file.
const MAGIC: &[u8; 8] = b"SLIDEWPD";

/// The bytes of a header, padded.
const HEADER: usize = 64;

/// Why a file is not this pattern's table, or not of this format.
const ANOTHER: &str = "the header names another pattern or format";

/// Why a file ends before its table does.
const CUT_SHORT: &str = "cannot read the table: the file is cut short";

/// The version of the placement tables' format; a file of another version
/// is rebuilt. (Version 1 let the blank end anywhere; version 2 had no
/// records of the blank's regions.)
pub const PLACEMENT_FORMAT_VERSION: u32 = 3;

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

    /// The size of the file of a pattern of `k` tiles on `rows` by `cols`
    /// with `records` records: the header (64 bytes), the values in lines
    /// (64 bytes for 60 placements), the number of records (eight bytes),
    /// eight bytes a record, the checksum.
    pub fn file_size(rows: usize, cols: usize, k: usize, records: usize) -> u64 {
        (HEADER + lined(PlacementPatternDb::placements(rows * cols, k)) + 8 + 8 * records + 8) as u64
    }

    /// The checksum of a file's parts.
    fn sum(header: &[u8], values: &[u8], records: &[u8]) -> u64 {
        words_hash(checksum(header, values), records)
    }

    /// Writes the table in the placement tables' format.
    pub fn write_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        let header = self.header();
        out.write_all(&header)?;
        out.write_all(self.values())?;
        out.write_all(&(self.records().len() as u64 / 8).to_le_bytes())?;
        out.write_all(self.records())?;
        out.write_all(&PlacementPatternDb::sum(&header, self.values(), self.records()).to_le_bytes())?;
        out.flush()
    }

    /// Reads a table written by [`PlacementPatternDb::write_to`] for the pattern
    /// `goal_cells` and the goal's blank cell `blank` on `rows` by `cols`,
    /// its arrays into buffers that `buffer(bytes)` makes (empty, with room
    /// for `bytes`: a caller that wants the table in memory of its choosing
    /// passes a maker of such buffers); an error says why a file cannot be
    /// used (another pattern, another version, damage).
    ///
    /// ```
    /// use slide_pattern_db::PlacementPatternDb;
    /// let db = PlacementPatternDb::build(3, 3, &[1, 3], 0);
    /// let mut file = Vec::new();
    /// db.write_to(&mut file).unwrap();
    /// let read = PlacementPatternDb::read_from(&mut file.as_slice(), 3, 3, &[1, 3], 0, &Vec::with_capacity).unwrap();
    /// assert_eq!(read.value(&[3, 1]), db.value(&[3, 1]));
    /// assert_eq!(read.zero_aware_value(&[1, 3], 8), 4);
    /// let other = PlacementPatternDb::read_from(&mut file.as_slice(), 3, 3, &[0, 2], 8, &Vec::with_capacity);
    /// assert_eq!(other.unwrap_err(), "the header names another pattern or format");
    /// ```
    pub fn read_from(
        input: &mut impl Read,
        rows: usize,
        cols: usize,
        goal_cells: &[u8],
        blank: usize,
        buffer: &dyn Fn(usize) -> Vec<u8>,
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
        // does: zeroing 127.5 MB first only to overwrite it costs a pass.
        let size = lined(PlacementPatternDb::placements(rows * cols, goal_cells.len()));
        let mut values = buffer(size);
        values.clear();
        values.reserve_exact(size);
        input
            .take(size as u64)
            .read_to_end(&mut values)
            .map_err(|e| format!("cannot read the table: {e}"))?;
        if values.len() != size {
            return Err(CUT_SHORT.to_string());
        }
        let mut word = [0u8; 8];
        input.read_exact(&mut word).map_err(|_| CUT_SHORT.to_string())?;
        // No more records than placements: a damaged count allocates nothing.
        let count = u64::from_le_bytes(word).min(size as u64) as usize;
        let mut records = buffer(8 * count);
        records.clear();
        records.reserve_exact(8 * count);
        input
            .take(8 * count as u64)
            .read_to_end(&mut records)
            .map_err(|e| format!("cannot read the table: {e}"))?;
        if records.len() != 8 * count || u64::from_le_bytes(word) != count as u64 {
            return Err(CUT_SHORT.to_string());
        }
        input
            .read_exact(&mut word)
            .map_err(|e| format!("cannot read the checksum: {e}"))?;
        PlacementPatternDb::checked(
            &header,
            (rows, cols, goal_cells, blank),
            (values.into(), records.into()),
            word,
        )
    }

    /// The table whose file's bytes are `file` (all of them, as
    /// [`PlacementPatternDb::write_to`] wrote them), read in place: the
    /// values and records are `file`'s own bytes, not a copy. For a caller
    /// that keeps the file's bytes for the whole process (a file mapped into
    /// memory, which a process that starts for a few seconds' search reads
    /// faster than it copies 127.5 MB); the checks are
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
        let size = lined(PlacementPatternDb::placements(rows * cols, goal_cells.len()));
        let word = |at: usize| -> Option<[u8; 8]> { file.get(at..at + 8)?.try_into().ok() };
        let count = word(header.len() + size).ok_or_else(|| CUT_SHORT.to_string())?;
        let count = u64::from_le_bytes(count).min(size as u64) as usize;
        let length = PlacementPatternDb::file_size(rows, cols, goal_cells.len(), count) as usize;
        match file.len().cmp(&length) {
            std::cmp::Ordering::Less => return Err(CUT_SHORT.to_string()),
            std::cmp::Ordering::Greater => return Err("the file runs on past its checksum".to_string()),
            std::cmp::Ordering::Equal => {}
        }
        let values = &file[header.len()..header.len() + size];
        let records = &file[header.len() + size + 8..length - 8];
        let sum = word(length - 8).expect("the checksum's 8 bytes");
        PlacementPatternDb::checked(
            &header,
            (rows, cols, goal_cells, blank),
            (Cow::Borrowed(values), Cow::Borrowed(records)),
            sum,
        )
    }

    /// The table of `values` and `records` read after `header` if its
    /// checksum is `sum`, its ranks count its flags, its records are as many
    /// as its flags, and its goal's value is 0.
    fn checked(
        header: &[u8],
        (rows, cols, goal_cells, blank): (usize, usize, &[u8], usize),
        (values, records): (Cow<'static, [u8]>, Cow<'static, [u8]>),
        sum: [u8; 8],
    ) -> Result<PlacementPatternDb, String> {
        if u64::from_le_bytes(sum) != PlacementPatternDb::sum(header, &values, &records) {
            return Err("the checksum does not match".to_string());
        }
        let db = PlacementPatternDb::with_records(rows, cols, goal_cells, blank, (values, records));
        if !db.ranks_hold() {
            return Err("the records do not match the flags".to_string());
        }
        if db.value(goal_cells) != 0 {
            return Err("the goal's value is not 0".to_string());
        }
        Ok(db)
    }
}
