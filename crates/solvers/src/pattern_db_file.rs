//! The file format of pattern databases: versioned and checksummed, so that
//! a cache can tell a sound file from a damaged one.

use slide_core::{Shape, SplitMix64, MAX_CELLS};

use crate::pattern_db::{free_rank, placement_index, Regions};
use crate::PatternDb;

/// The first bytes of a database file.
const MAGIC: &[u8; 8] = b"SLIDEPDB";

/// The version of the file format; a file of another version is rebuilt.
/// Version 2 holds a value for every free cell (`n - k` per placement);
/// version 1 held 16 per placement, of which only each region's lowest
/// cell's was set.
pub const FORMAT_VERSION: u32 = 2;

/// The 64-bit FNV-1a hash of `bytes`: a checksum that catches any damage a
/// disk or an interrupted write is likely to do.
fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_from(0xCBF2_9CE4_8422_2325, bytes)
}

/// The FNV-1a hash of `bytes` continued from `hash`, the hash of what came
/// before them.
fn fnv1a_from(hash: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(hash, |hash, &b| (hash ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3))
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
    /// | entries | one byte per placement and free cell, as the type's invariant says |
    /// | 8 | the FNV-1a hash of everything before it, little-endian |
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.table.len() + 64);
        self.write_to(&mut bytes).expect("writing to memory does not fail");
        bytes
    }

    /// Writes [`PatternDb::to_bytes`] to `out` without copying the table.
    pub fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let mut header = Vec::with_capacity(64);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        let k = self.goal_cells.len() as u8;
        header.extend_from_slice(&[self.shape.rows() as u8, self.shape.cols() as u8, self.blank, k]);
        header.extend_from_slice(&self.goal_cells);
        header.extend_from_slice(&(self.table.len() as u64).to_le_bytes());
        let checksum = fnv1a_from(fnv1a(&header), &self.table);
        out.write_all(&header)?;
        out.write_all(&self.table)?;
        out.write_all(&checksum.to_le_bytes())
    }

    /// Reads a database written by [`PatternDb::to_bytes`], checking every
    /// field and the checksum: a truncated or altered file is refused. The
    /// table is kept in `bytes`' own memory, not copied.
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_solvers::PatternDb;
    /// let db = PatternDb::build(Shape::new(2, 3).unwrap(), &[0, 1, 2], 5);
    /// let mut bytes = db.to_bytes();
    /// assert_eq!(PatternDb::from_bytes(bytes.clone()).unwrap().value(&[1, 0, 2], 5), db.value(&[1, 0, 2], 5));
    /// bytes[30] ^= 1;
    /// assert!(PatternDb::from_bytes(bytes.clone()).is_err());
    /// bytes.truncate(40);
    /// assert_eq!(PatternDb::from_bytes(bytes).unwrap_err(), "the file is truncated");
    /// ```
    pub fn from_bytes(mut bytes: Vec<u8>) -> Result<PatternDb, String> {
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
        let expected: u64 = (n - k + 1..=n).map(|x| x as u64).product::<u64>() * (n - k) as u64;
        if entries != expected {
            return Err(format!("{entries} entries, expected {expected}"));
        }
        reader.take(entries as usize)?;
        if !reader.bytes.is_empty() {
            return Err("bytes after the table".to_string());
        }
        if fnv1a(body).to_le_bytes() != checksum {
            return Err("the checksum does not match: the file is damaged".to_string());
        }
        // The table is the `entries` bytes before the checksum.
        let header = body_len - entries as usize;
        bytes.truncate(body_len);
        bytes.drain(..header);
        let db = PatternDb {
            shape,
            blank,
            cells: n,
            goal_cells,
            table: bytes,
        };
        db.check_values()?;
        Ok(db)
    }

    /// The size in bytes of the file of a pattern of `k` tiles on `shape`,
    /// so that a reader can refuse a file of another size without reading it.
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_solvers::PatternDb;
    /// let db = PatternDb::build(Shape::new(2, 3).unwrap(), &[0, 1, 2], 5);
    /// assert_eq!(PatternDb::file_size(db.shape(), 3), db.to_bytes().len() as u64);
    /// ```
    pub fn file_size(shape: Shape, k: usize) -> u64 {
        let n = shape.cells() as u64;
        let placements: u64 = (n + 1 - k as u64..=n).product();
        (8 + 4 + 4 + k + 8 + 8) as u64 + placements * (n - k as u64)
    }

    /// A cheap check that the values make sense, for tables read from a file
    /// whose checksum may have been made anew over altered values: the goal
    /// is at distance 0, and on a sample of placements, every move of a
    /// pattern tile changes the value by at most one.
    fn check_values(&self) -> Result<(), String> {
        let (n, k) = (self.cells, self.goal_cells.len());
        let regions = Regions::new(self.shape);
        let occupied = |cells: &[u8]| cells.iter().fold(0u32, |acc, &c| acc | 1 << c);
        let value = |cells: &[u8], blank: usize| {
            self.table[placement_index(cells, n) * (n - k) + free_rank(occupied(cells), blank)]
        };
        if value(&self.goal_cells, self.blank as usize) != 0 {
            return Err("the goal's value is not 0: the table is damaged".to_string());
        }
        let mut random = SplitMix64::new(0x5A17_C4EC);
        let mut cells = [0u8; MAX_CELLS];
        for _ in 0..1000 {
            // A random placement, and a random free cell for the blank.
            let mut order: Vec<u8> = (0..n as u8).collect();
            for i in 0..=k {
                order.swap(i, i + random.below(n - i));
            }
            cells[..k].copy_from_slice(&order[..k]);
            let blank = order[k] as usize;
            let here = value(&cells[..k], blank);
            if here == u8::MAX {
                continue;
            }
            let free = regions.board & !occupied(&cells[..k]);
            let region = regions.region(1 << blank, free);
            // The blank's own steps are free: its neighbours in the region agree.
            let mut steps = regions.neighbours[blank] & region;
            while steps != 0 {
                if value(&cells[..k], steps.trailing_zeros() as usize) != here {
                    return Err("two cells of one region differ: the table is damaged".to_string());
                }
                steps &= steps - 1;
            }
            for i in 0..k {
                let from = cells[i];
                let mut targets = regions.neighbours[from as usize] & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    cells[i] = to;
                    let there = value(&cells[..k], from as usize);
                    cells[i] = from;
                    if there == u8::MAX || there.abs_diff(here) > 1 {
                        return Err("one move changes a value by more than one: the table is damaged".to_string());
                    }
                }
            }
        }
        Ok(())
    }

    /// The shape the database is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }
}
