//! The file format of pattern databases: versioned and checksummed, so that
//! a cache can tell a sound file from a damaged one.

use std::borrow::Cow;
use std::io::Read;

use slide_core::{Shape, SplitMix64, MAX_CELLS};

use crate::pattern::{edge, signs_len, Known, PatternDb, SIGNS_MASK};
use crate::regions::Regions;

/// The first bytes of a database file.
const MAGIC: &[u8; 8] = b"SLIDEPDB";

/// The version of the file format; a file of another version is rebuilt.
/// Version 6 keeps each placement's signs, a bit per edge of the grid (see
/// [`PatternDb`]); version 5 kept bit 1 of each slot's value, a slot per
/// cell of the blank; version 4 kept each value modulo 3 in a slot per
/// free cell, four slots a byte; version 3 a byte per slot. Version 3 brought the
/// word-wise [`checksum`]; version 2 took FNV-1a a byte at a time (a serial
/// chain of multiplications, 77 ms for a 57 MB table). Version 2 brought a
/// value for every free cell (`n - k` per placement); version 1 held 16 per
/// placement, of which only each region's lowest cell's was set.
pub const FORMAT_VERSION: u32 = 6;

/// The number of interleaved lanes of [`checksum`].
const LANES: usize = 4;

/// The file's checksum of its `header` and `table`: a checksum that catches
/// any damage a disk or an interrupted write is likely to do.
///
/// Each part is read as little-endian 64-bit words (the last one padded
/// with zero bytes), word `j` going to lane `j % 4`, and each lane is
/// 64-bit FNV-1a over words: `lane = (lane ^ word) * 0x100_0000_01B3`.
/// Four lanes are four independent chains of multiplications, which the
/// processor runs side by side. Both steps are bijections of the lane for
/// a fixed word, so a change to any one word always changes the lane's
/// end value. The lanes start from the hash so far (from the FNV offset
/// basis for the header) plus their number, and end folded into it with the
/// part's length, the same way. The header's hash is where the table's
/// starts.
///
/// ```
/// use slide_pattern_db::checksum;
/// assert_ne!(checksum(b"SLIDEPDB", &[0; 9]), checksum(b"SLIDEPDB", &[0; 8]));
/// assert_ne!(checksum(b"SLIDEPDB", &[1, 0]), checksum(b"SLIDEPDB", &[0, 1]));
/// ```
pub fn checksum(header: &[u8], table: &[u8]) -> u64 {
    words_hash(words_hash(0xCBF2_9CE4_8422_2325, header), table)
}

/// One part of [`checksum`], continued from `hash`.
fn words_hash(hash: u64, bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01B3;
    let mut lanes: [u64; LANES] = std::array::from_fn(|i| hash.wrapping_add(i as u64));
    let mut blocks = bytes.chunks_exact(8 * LANES);
    for block in &mut blocks {
        for (lane, word) in lanes.iter_mut().zip(block.chunks_exact(8)) {
            let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
            *lane = (*lane ^ word).wrapping_mul(PRIME);
        }
    }
    for (i, word) in blocks.remainder().chunks(8).enumerate() {
        let mut padded = [0u8; 8];
        padded[..word.len()].copy_from_slice(word);
        lanes[i] = (lanes[i] ^ u64::from_le_bytes(padded)).wrapping_mul(PRIME);
    }
    lanes
        .iter()
        .chain([&(bytes.len() as u64)])
        .fold(hash, |hash, &value| (hash ^ value).wrapping_mul(PRIME))
}

/// What a file says before its table: the header's bytes (which the
/// checksum covers) and what they say.
struct Head {
    bytes: Vec<u8>,
    shape: Shape,
    blank: u8,
    goal_cells: Vec<u8>,
    entries: usize,
    /// The bytes of the table of signs that follow.
    packed: usize,
}

impl Head {
    /// The header read from `input`, every field checked.
    fn read(input: &mut dyn Read) -> Result<Head, String> {
        let mut header = read_exact(input, 16)?;
        if header[..8] != MAGIC[..] {
            return Err("not a pattern database (no SLIDEPDB magic)".to_string());
        }
        let version = u32::from_le_bytes(header[8..12].try_into().expect("4 bytes"));
        if version != FORMAT_VERSION {
            return Err(format!("format version {version}, expected {FORMAT_VERSION}"));
        }
        let (rows, cols, blank, k) = (
            header[12] as usize,
            header[13] as usize,
            header[14],
            header[15] as usize,
        );
        let shape = Shape::new(rows, cols).map_err(|e| e.to_string())?;
        let n = shape.cells();
        if k > 8 || k >= n {
            return Err("the pattern does not fit its board".to_string());
        }
        header.extend(read_exact(input, k + 8)?);
        let goal_cells = header[16..16 + k].to_vec();
        let entries = u64::from_le_bytes(header[16 + k..].try_into().expect("8 bytes"));
        if goal_cells.iter().chain([&blank]).any(|&c| c as usize >= n) {
            return Err("the pattern does not fit its board".to_string());
        }
        let placements: u64 = (n - k + 1..=n).map(|x| x as u64).product();
        let expected = placements * (n - k) as u64;
        if entries != expected {
            return Err(format!("{entries} entries, expected {expected}"));
        }
        Ok(Head {
            bytes: header,
            shape,
            blank,
            goal_cells,
            entries: entries as usize,
            packed: signs_len(placements as usize),
        })
    }

    /// The database of this header and `table`, if `stored` is their
    /// checksum and the values make sense.
    fn checked(self, table: Cow<'static, [u8]>, stored: &[u8]) -> Result<PatternDb, String> {
        if checksum(&self.bytes, &table).to_le_bytes()[..] != stored[..] {
            return Err("the checksum does not match: the file is damaged".to_string());
        }
        let db = PatternDb {
            shape: self.shape,
            blank: self.blank,
            cells: self.shape.cells(),
            goal_cells: self.goal_cells,
            entries: self.entries,
            signs: table,
        };
        db.check_values()?;
        Ok(db)
    }
}

/// Reads exactly `count` bytes: fewer means the file is truncated.
fn read_exact(input: &mut dyn Read, count: usize) -> Result<Vec<u8>, String> {
    let mut bytes = vec![0; count];
    input.read_exact(&mut bytes).map_err(|error| match error.kind() {
        std::io::ErrorKind::UnexpectedEof => "the file is truncated".to_string(),
        _ => format!("unreadable: {error}"),
    })?;
    Ok(bytes)
}

impl PatternDb {
    /// The database as bytes, in the format [`PatternDb::read_from`] reads:
    ///
    /// | bytes | content |
    /// |---|---|
    /// | 8 | the magic `SLIDEPDB` |
    /// | 4 | the format version, little-endian ([`FORMAT_VERSION`]) |
    /// | 4 | rows, columns, the blank's goal cell, the pattern's size `k` |
    /// | k | the pattern's goal cells |
    /// | 8 | the number of entries (placements times free cells), little-endian |
    /// | placements times 3, and 1 | the placements' signs, 3 bytes each, and a 0, as the type's invariant says |
    /// | 8 | the [`checksum`] of the header (everything before the signs) and the signs, little-endian |
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.signs.len() + 64);
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
        header.extend_from_slice(&(self.entries as u64).to_le_bytes());
        out.write_all(&header)?;
        out.write_all(&self.signs)?;
        out.write_all(&checksum(&header, &self.signs).to_le_bytes())
    }

    /// Reads a database written by [`PatternDb::to_bytes`], checking every
    /// field and the checksum: a truncated or altered file is refused.
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_pattern_db::PatternDb;
    /// let db = PatternDb::build(Shape::new(2, 3).unwrap(), &[0, 1, 2], 5);
    /// let mut bytes = db.to_bytes();
    /// assert_eq!(PatternDb::from_bytes(bytes.clone()).unwrap().value(&[1, 0, 2], 5), db.value(&[1, 0, 2], 5));
    /// bytes[30] ^= 1;
    /// assert!(PatternDb::from_bytes(bytes.clone()).is_err());
    /// bytes.truncate(40);
    /// assert_eq!(PatternDb::from_bytes(bytes).unwrap_err(), "the file is truncated");
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<PatternDb, String> {
        PatternDb::read_from(&mut bytes.as_slice(), Vec::new())
    }

    /// [`PatternDb::from_bytes`] from a reader, to its end: the signs
    /// are read straight into `table` (emptied first), so a caller that reads a
    /// large file can choose the memory it goes to, and nothing is copied
    /// after the read.
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_pattern_db::PatternDb;
    /// let db = PatternDb::build(Shape::new(2, 3).unwrap(), &[0, 1, 2], 5);
    /// let bytes = db.to_bytes();
    /// let read = PatternDb::read_from(&mut bytes.as_slice(), Vec::with_capacity(db.len())).unwrap();
    /// assert_eq!(read.value(&[1, 0, 2], 5), db.value(&[1, 0, 2], 5));
    /// let mut longer = bytes.clone();
    /// longer.push(0);
    /// assert_eq!(PatternDb::read_from(&mut longer.as_slice(), Vec::new()).unwrap_err(), "bytes after the table");
    /// ```
    pub fn read_from(input: &mut dyn Read, mut table: Vec<u8>) -> Result<PatternDb, String> {
        let head = Head::read(input)?;
        table.clear();
        table.reserve_exact(head.packed);
        input
            .take(head.packed as u64)
            .read_to_end(&mut table)
            .map_err(|error| format!("unreadable: {error}"))?;
        if table.len() != head.packed {
            return Err("the file is truncated".to_string());
        }
        let stored = read_exact(input, 8)?;
        let mut rest = [0u8; 1];
        if input.read(&mut rest).map_err(|error| format!("unreadable: {error}"))? != 0 {
            return Err("bytes after the table".to_string());
        }
        head.checked(Cow::Owned(table), &stored)
    }

    /// [`PatternDb::from_bytes`] from the bytes of a whole file that stay
    /// for the whole process (a file mapped into memory, or leaked): the
    /// signs are not copied but read where they lie, after the same checks
    /// (every field, the checksum, the sample of values).
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_pattern_db::PatternDb;
    /// let db = PatternDb::build(Shape::new(2, 3).unwrap(), &[0, 1, 2], 5);
    /// let file: &'static [u8] = Vec::leak(db.to_bytes());
    /// let read = PatternDb::from_file_bytes(file).unwrap();
    /// assert_eq!(read.to_bytes(), db.to_bytes());
    /// assert_eq!(PatternDb::from_file_bytes(&file[..file.len() - 1]).unwrap_err(), "the file is truncated");
    /// ```
    pub fn from_file_bytes(file: &'static [u8]) -> Result<PatternDb, String> {
        let mut input = file;
        let head = Head::read(&mut input)?;
        if input.len() < head.packed + 8 {
            return Err("the file is truncated".to_string());
        }
        if input.len() > head.packed + 8 {
            return Err("bytes after the table".to_string());
        }
        let (table, stored) = input.split_at(head.packed);
        head.checked(Cow::Borrowed(table), stored)
    }

    /// The size in bytes of the file of a pattern of `k` tiles on `shape`,
    /// so that a reader can refuse a file of another size without reading it.
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_pattern_db::PatternDb;
    /// let db = PatternDb::build(Shape::new(2, 3).unwrap(), &[0, 1, 2], 5);
    /// assert_eq!(PatternDb::file_size(db.shape(), 3), db.to_bytes().len() as u64);
    /// ```
    pub fn file_size(shape: Shape, k: usize) -> u64 {
        let n = shape.cells() as u64;
        let placements: u64 = (n + 1 - k as u64..=n).product();
        (8 + 4 + 4 + k + 8 + 8) as u64 + signs_len(placements as usize) as u64
    }

    /// A cheap check that the signs make sense, for tables read from a
    /// file whose checksum may have been made anew over altered bytes: the
    /// table ends in 0, every move from the goal goes up, and on a sample
    /// of placements, no edge that no move crosses has a sign, a walk down
    /// to the goal finds a neighbour one nearer at every step, and every
    /// move into the blank's region has the opposite sign of the move back.
    fn check_values(&self) -> Result<(), String> {
        let (n, k) = (self.cells, self.goal_cells.len());
        let grid = self.shape.grid();
        let regions = Regions::new(self.shape);
        let damaged = |what: &str| Err(format!("{what}: the table is damaged"));
        if self.signs.last() != Some(&0) {
            return damaged("the byte after the signs is not 0");
        }
        // The moves of the pattern's tiles on `cells` into the region of
        // `blank` (every free cell if `None`).
        let moves = |cells: &[u8], blank: Option<usize>| {
            let occupied = cells.iter().fold(0u32, |acc, &c| acc | 1 << c);
            let free = regions.board & !occupied;
            let into = blank.map_or(free, |blank| regions.region(1 << blank, free));
            regions.moves_into(cells, into).collect::<Vec<_>>()
        };
        let goal_signs = self.signs_of(&self.goal_cells);
        if moves(&self.goal_cells, Some(self.blank as usize))
            .iter()
            .any(|&(_, from, to)| goal_signs >> edge(grid, from, to) & 1 == 0)
        {
            return damaged("a move from the goal goes down");
        }
        let mut random = SplitMix64::new(0x5A17_C4EC);
        let mut cells = [0u8; MAX_CELLS];
        let mut known = Known::new();
        for _ in 0..1000 {
            // A random placement, and a random free cell for the blank.
            let mut order: Vec<u8> = (0..n as u8).collect();
            for i in 0..=k {
                order.swap(i, i + random.below(n - i));
            }
            cells[..k].copy_from_slice(&order[..k]);
            let blank = order[k] as usize;
            let signs = self.signs_of(&cells[..k]);
            let crossed = moves(&cells[..k], None)
                .iter()
                .fold(0u32, |acc, &(_, from, to)| acc | 1 << edge(grid, from, to));
            if signs & SIGNS_MASK & !crossed != 0 {
                return damaged("an edge no move crosses has a sign");
            }
            if self.descend(&cells[..k], blank, &regions, &mut known).is_none() {
                return damaged("a walk to the goal meets a position with no neighbour one move nearer");
            }
            for (i, from, to) in moves(&cells[..k], Some(blank)) {
                let mut next = cells;
                next[i] = to as u8;
                let e = edge(grid, from, to);
                if self.signs_of(&next[..k]) >> e & 1 == signs >> e & 1 {
                    return damaged("a move and the move back have one sign");
                }
            }
        }
        Ok(())
    }
}
