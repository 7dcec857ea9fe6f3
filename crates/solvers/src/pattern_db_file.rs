//! The file format of pattern databases: versioned and checksummed, so that
//! a cache can tell a sound file from a damaged one.

use slide_core::{Shape, MAX_CELLS};

use crate::PatternDb;

/// The first bytes of a database file.
const MAGIC: &[u8; 8] = b"SLIDEPDB";

/// The version of the file format; a file of another version is rebuilt.
pub const FORMAT_VERSION: u32 = 1;

/// The 64-bit FNV-1a hash of `bytes`: a checksum that catches any damage a
/// disk or an interrupted write is likely to do.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |hash, &b| {
        (hash ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// Reads a byte string front to back.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], String> {
        if self.bytes.len() < count {
            return Err("the file is truncated".to_string());
        }
        let (taken, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Ok(taken)
    }
}

impl PatternDb {
    /// The database as bytes, in the format [`PatternDb::from_bytes`] reads:
    ///
    /// | bytes | content |
    /// |---|---|
    /// | 8 | the magic `SLIDEPDB` |
    /// | 4 | the format version, little-endian ([`FORMAT_VERSION`]) |
    /// | 4 | rows, columns, the blank's goal cell, the pattern's size `k` |
    /// | k | the pattern's goal cells |
    /// | 8 | the number of entries, little-endian |
    /// | entries | one byte per placement and region, as the type's invariant says |
    /// | 8 | the FNV-1a hash of everything before it, little-endian |
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.table.len() + 64);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        let k = self.goal_cells.len() as u8;
        bytes.extend_from_slice(&[self.shape.rows() as u8, self.shape.cols() as u8, self.blank, k]);
        bytes.extend_from_slice(&self.goal_cells);
        bytes.extend_from_slice(&(self.table.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&self.table);
        let checksum = fnv1a(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    /// Reads a database written by [`PatternDb::to_bytes`], checking every
    /// field and the checksum: a truncated or altered file is refused.
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_solvers::PatternDb;
    /// let db = PatternDb::build(Shape::new(2, 3).unwrap(), &[0, 1, 2], 5);
    /// let mut bytes = db.to_bytes();
    /// assert_eq!(PatternDb::from_bytes(&bytes).unwrap().value(&[1, 0, 2], 5), db.value(&[1, 0, 2], 5));
    /// bytes[30] ^= 1;
    /// assert!(PatternDb::from_bytes(&bytes).is_err());
    /// bytes.truncate(40);
    /// assert_eq!(PatternDb::from_bytes(&bytes).unwrap_err(), "the file is truncated");
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternDb, String> {
        let body_len = bytes.len().checked_sub(8).ok_or("the file is truncated")?;
        let (body, checksum) = bytes.split_at(body_len);
        let mut reader = Reader { bytes: body };
        if reader.take(8)? != MAGIC {
            return Err("not a pattern database (no SLIDEPDB magic)".to_string());
        }
        let version = u32::from_le_bytes(reader.take(4)?.try_into().expect("4 bytes"));
        if version != FORMAT_VERSION {
            return Err(format!("format version {version}, expected {FORMAT_VERSION}"));
        }
        let header = reader.take(4)?;
        let (rows, cols, blank, k) = (header[0] as usize, header[1] as usize, header[2], header[3] as usize);
        let shape = Shape::new(rows, cols).map_err(|e| e.to_string())?;
        let goal_cells = reader.take(k)?.to_vec();
        let entries = u64::from_le_bytes(reader.take(8)?.try_into().expect("8 bytes"));
        let n = shape.cells();
        if k > 8 || k >= n || goal_cells.iter().chain([&blank]).any(|&c| c as usize >= n) {
            return Err("the pattern does not fit its board".to_string());
        }
        let expected: u64 = (n - k + 1..=n).map(|x| x as u64).product::<u64>() * MAX_CELLS as u64;
        if entries != expected {
            return Err(format!("{entries} entries, expected {expected}"));
        }
        let table = reader.take(entries as usize)?.to_vec();
        if !reader.bytes.is_empty() {
            return Err("bytes after the table".to_string());
        }
        if fnv1a(body).to_le_bytes() != checksum {
            return Err("the checksum does not match: the file is damaged".to_string());
        }
        Ok(PatternDb {
            shape,
            blank,
            cells: n,
            goal_cells,
            table,
        })
    }

    /// The shape the database is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }
}
