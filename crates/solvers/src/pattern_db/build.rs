//! Building one pattern's database: a breadth-first search of its abstraction.

use slide_core::{count_ones_16, Shape, MAX_CELLS};

use super::{digit_weights, packed_len, placement_index, residue, shifted_digit, PatternDb, Regions, UNREACHED};

impl PatternDb {
    /// Builds the database of the pattern whose goal cells are `goal_cells`,
    /// for targets with the blank in `blank` (a cell outside the pattern).
    ///
    /// The search counts only the moves of pattern tiles: the blank walks
    /// through the other cells for free, but must go around the pattern's
    /// tiles or move one. So a state is a placement of the pattern's tiles
    /// and the *region* of free cells the blank is in; a move takes a tile
    /// next to the region into it, at cost 1.
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_solvers::PatternDb;
    /// let db = PatternDb::build(Shape::new(3, 3).unwrap(), &[0, 1], 8);
    /// assert_eq!(db.len(), 9 * 8 * 7);
    /// assert_eq!(db.value(&[0, 1], 8), 0);
    /// // Swapped, one tile steps aside and back: four moves.
    /// assert_eq!(db.value(&[1, 0], 8), 4);
    /// ```
    pub fn build(shape: Shape, goal_cells: &[u8], blank: usize) -> PatternDb {
        PatternDb::build_with_progress(shape, goal_cells, blank, &mut |_, _| {})
    }

    /// [`PatternDb::build`], calling `progress(done, total)` now and then:
    /// `done` states expanded so far, `total` the placements to value (the
    /// states run a little past it where the blank has several regions).
    ///
    /// The search goes layer by layer. A state is written into the table
    /// the moment it is first reached, its value's residue (modulo 3) in
    /// every slot of its region of the packed table the database keeps;
    /// the table needs no second pass, and a slot whose residue is still 3
    /// (unreached) is what "not seen" means. The table, two bits a slot, is
    /// the only large thing the search touches: 14 MB for a 6-tile pattern
    /// on 4x4, so two builds side by side share the last-level cache. A
    /// queued state is its tiles' cells, one per nibble, and one cell of
    /// its region. A successor's index is the current index moved by the
    /// one tile that moved (see `shifted_digit`), not recomputed.
    pub fn build_with_progress(
        shape: Shape,
        goal_cells: &[u8],
        blank: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> PatternDb {
        let n = shape.cells();
        let k = goal_cells.len();
        assert!(
            (1..=8).contains(&k) && goal_cells.iter().all(|&c| (c as usize) < n),
            "a pattern has 1 to 8 cells of the board"
        );
        assert!(
            blank < n && !goal_cells.contains(&(blank as u8)),
            "the blank's goal is outside the pattern"
        );
        let residues = match k {
            1 => breadth_first::<1>(shape, goal_cells, blank, progress),
            2 => breadth_first::<2>(shape, goal_cells, blank, progress),
            3 => breadth_first::<3>(shape, goal_cells, blank, progress),
            4 => breadth_first::<4>(shape, goal_cells, blank, progress),
            5 => breadth_first::<5>(shape, goal_cells, blank, progress),
            6 => breadth_first::<6>(shape, goal_cells, blank, progress),
            7 => breadth_first::<7>(shape, goal_cells, blank, progress),
            8 => breadth_first::<8>(shape, goal_cells, blank, progress),
            _ => unreachable!("a pattern has 1 to 8 tiles (checked above)"),
        };
        let size: usize = (n - k + 1..=n).product();
        PatternDb {
            shape,
            blank: blank as u8,
            cells: n,
            goal_cells: goal_cells.to_vec(),
            entries: size * (n - k),
            residues,
        }
    }
}

/// The search of [`PatternDb::build_with_progress`] for patterns of `K`
/// tiles (a constant, so that the loops over the tiles are unrolled):
/// the packed table of residues.
fn breadth_first<const K: usize>(
    shape: Shape,
    goal_cells: &[u8],
    blank: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Vec<u8> {
    let n = shape.cells();
    let size: usize = (n - K + 1..=n).product();
    let free_cells = n - K;
    // The residues, written as states are reached: 3 (unreached) until
    // then. A placement's slots are `2 * free_cells <= 30` consecutive bits,
    // written at once in the 8 bytes from the byte holding the first, so
    // the table has 8 bytes to spare until the end.
    let mut table = vec![u8::MAX; packed_len(size * free_cells) + 8];
    let regions = Regions::new(shape);
    let weights = digit_weights(n, K);
    // A queued state is packed into a `u64`: its placement's index from
    // bit 32 (below 16!/8! < 2^29), a cell of the blank's region in bits
    // 28..32, and the cells of the first seven tiles, one per nibble
    // (an eighth tile's cell follows from the index's last digit).
    //
    // Each layer is sorted (so by index) before it is expanded: moving
    // tile `i` shifts the index by about a multiple of its digit's
    // weight, so the successors of states taken in order of index fall
    // in a few dozen streams that each move forward through the table,
    // and the processor's caches and prefetchers serve most reads.
    // (Taken in the order they were found, nearly every read of a
    // 6-tile pattern's table missed every cache.)
    let cell_nibbles = goal_cells
        .iter()
        .take(7)
        .enumerate()
        .fold(0u64, |acc, (i, &c)| acc | (c as u64) << (4 * i));
    let goal = placement_index(goal_cells, n);
    let goal_occupied = goal_cells.iter().fold(0u32, |acc, &c| acc | 1 << c);
    // Marks the region of the free cells `free` that holds `seed` reached
    // at `distance`: its slots get the distance's residue.
    let fill = |table: &mut [u8], placement: usize, seed: usize, free: u32, distance: u8| {
        let pairs = slot_pairs(regions.region(1 << seed, free), free);
        let first = 2 * placement * free_cells;
        let word: &mut [u8; 8] = (&mut table[first >> 3..(first >> 3) + 8]).try_into().expect("8 bytes");
        let (mask, residues) = (pairs * 3, pairs * (distance % 3) as u64);
        let shift = first & 7;
        *word = (u64::from_le_bytes(*word) & !(mask << shift) | residues << shift).to_le_bytes();
    };
    fill(&mut table, goal, blank, regions.board & !goal_occupied, 0);
    let mut layer = vec![(goal as u64) << 32 | (blank as u64) << 28 | cell_nibbles];
    let mut next_layer = Vec::new();
    let mut expanded = 0u64;
    let mut distance = 0u8;
    while !layer.is_empty() {
        layer.sort_unstable();
        for &packed in &layer {
            expanded += 1;
            if expanded % (1 << 16) == 0 {
                progress(expanded, size as u64);
            }
            let placement = (packed >> 32) as i32;
            let mut cells = [0usize; K];
            let mut occupied = 0u32;
            for (i, cell) in cells.iter_mut().enumerate().take(7) {
                *cell = ((packed >> (4 * i)) & 0xF) as usize;
                occupied |= 1 << *cell;
            }
            if K == 8 {
                // The last digit counts the free cells below the last tile.
                let mut free = regions.board & !occupied;
                for _ in 0..placement as usize % (n - 7) {
                    free &= free - 1;
                }
                cells[K - 1] = free.trailing_zeros() as usize;
                occupied |= 1 << cells[K - 1];
            }
            // `tile_at[c]`: the pattern's tile in cell `c`, if any.
            let mut tile_at = [u8::MAX; MAX_CELLS];
            for (i, &cell) in cells.iter().enumerate() {
                tile_at[cell] = i as u8;
            }
            let free = regions.board & !occupied;
            let region = regions.region(1 << ((packed >> 28) & 0xF), free);
            for i in 0..K {
                let from = cells[i];
                // Each cell of the region next to the tile can take it.
                let mut targets = regions.neighbours[from] & region;
                // The pattern's tiles below `from`: the blank's slot, when
                // it takes the tile's place, is `from` less those (less
                // one more if the tile went lower).
                let tiles_below = count_ones_16((occupied & ((1 << from) - 1)) as u16) as usize;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let (low, high) = if to > from { (from, to) } else { (to, from) };
                    let mut shift = weights[i] as i32 * (high - low) as i32;
                    // The pattern's tiles on the cells between (bits
                    // `low + 1..high`; none for a move along a row).
                    let mut crossed = occupied & ((1 << high) - (2 << low));
                    while crossed != 0 {
                        let other = tile_at[crossed.trailing_zeros() as usize] as usize;
                        crossed &= crossed - 1;
                        shift += shifted_digit(&weights, i, other);
                    }
                    let next = if to > from {
                        placement + shift
                    } else {
                        placement - shift
                    } as usize;
                    let slot = next * free_cells + from - tiles_below - usize::from(to < from);
                    if residue(&table, slot) == UNREACHED {
                        let moved = if i < 7 { ((from ^ to) as u64) << (4 * i) } else { 0 };
                        let state = (next as u64) << 32 | (from as u64) << 28 | (packed ^ moved) & 0x0FFF_FFFF;
                        fill(&mut table, next, from, free ^ (1 << to) ^ (1 << from), distance + 1);
                        next_layer.push(state);
                    }
                }
            }
        }
        std::mem::swap(&mut layer, &mut next_layer);
        next_layer.clear();
        distance += 1;
    }
    progress(expanded, size as u64);
    table.truncate(packed_len(size * free_cells));
    table
}

/// The slots of the cells of `region` among the cells `free` (`region` is
/// a part of `free`), as the bit pair `01` at bits `2s..2s + 2` for slot
/// `s`: a cell's slot is its rank among the free cells. The cells are
/// taken a nibble at a time: [`SLOT_PAIRS`] gives a nibble's pairs, which
/// come after those of the free cells of the nibbles below.
#[inline]
fn slot_pairs(region: u32, free: u32) -> u64 {
    let mut pairs = 0u64;
    let mut shift = 0;
    for nibble in 0..4 {
        let (free, region) = ((free >> (4 * nibble)) & 0xF, (region >> (4 * nibble)) & 0xF);
        pairs |= (SLOT_PAIRS[free as usize][region as usize] as u64) << shift;
        shift += 2 * FREE_COUNT[free as usize];
    }
    pairs
}

/// `FREE_COUNT[f]`: the number of cells of the nibble `f`.
const FREE_COUNT: [u32; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// `SLOT_PAIRS[free][region]`, for four cells: the pair `01` at bits
/// `2s..2s + 2` for each cell of `region` whose rank among the cells of
/// `free` is `s` (cells of `region` outside `free` do not occur).
const SLOT_PAIRS: [[u8; 16]; 16] = {
    let mut table = [[0u8; 16]; 16];
    let mut free = 0;
    while free < 16 {
        let mut region = 0;
        while region < 16 {
            let (mut pairs, mut rank, mut cell) = (0u8, 0, 0);
            while cell < 4 {
                if free >> cell & 1 == 1 {
                    if region >> cell & 1 == 1 {
                        pairs |= 1 << (2 * rank);
                    }
                    rank += 1;
                }
                cell += 1;
            }
            table[free][region] = pairs;
            region += 1;
        }
        free += 1;
    }
    table
};
