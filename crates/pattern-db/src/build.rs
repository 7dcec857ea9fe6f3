//! Building one pattern's database: a breadth-first search of its abstraction.

use slide_core::{PerShape, Shape, MAX_CELLS};

use crate::pattern::{
    bit, digit_weights, edge, packed_len, placement_index, shifted_digit, signs_len, slot, PatternDb, SIGN_BYTES,
};
use crate::regions::Regions;

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
    /// use slide_pattern_db::PatternDb;
    /// let db = PatternDb::build(Shape::new(3, 3).unwrap(), &[0, 1], 8);
    /// assert_eq!(db.len(), 9 * 8 * 7);
    /// assert_eq!(db.value(&[0, 1], 8), 0);
    /// // Swapped, one tile steps aside and back: four moves.
    /// assert_eq!(db.value(&[1, 0], 8), 4);
    /// ```
    pub fn build(shape: Shape, goal_cells: &[u8], blank: usize) -> PatternDb {
        PatternDb::build_with_progress(shape, goal_cells, blank, &mut |_, _| true).expect("a build nothing stops")
    }

    /// [`PatternDb::build`], calling `progress(done, total)` now and then:
    /// `done` states expanded so far, `total` the placements to value (the
    /// states run a little past it where the blank has several regions).
    /// When `progress` returns `false` the build stops, and gives `None`.
    ///
    /// The search goes layer by layer. A state is written into a table of
    /// one bit a slot (a slot per placement and cell of the blank) the
    /// moment it is first reached, bit 1 of its value in every slot of its
    /// region, and marked seen in a second table of the same layout. Each
    /// move the search makes from a state of value `d` leads to one of
    /// value `d + 1` or `d - 1`, whose bits 1 differ: the neighbour's bit
    /// gives the sign of the move's edge, written into the placement's
    /// signs, the table the database keeps; it needs no second pass. The
    /// three tables are the only large things the search touches: 40 MB for
    /// a 6-tile pattern on 4x4. A queued state is its tiles' cells, one per
    /// nibble, and one cell of its region. A successor's index is the
    /// current index moved by the one tile that moved (see
    /// `shifted_digit`), not recomputed.
    pub fn build_with_progress(
        shape: Shape,
        goal_cells: &[u8],
        blank: usize,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<PatternDb> {
        let n = shape.cells();
        let k = goal_cells.len();
        assert!(
            k <= 8 && goal_cells.iter().all(|&c| (c as usize) < n),
            "a pattern has at most 8 cells of the board"
        );
        assert!(
            blank < n && !goal_cells.contains(&(blank as u8)),
            "the blank's goal is outside the pattern"
        );
        let size: usize = (n - k + 1..=n).product();
        // The bits, written as states are reached, and the slots seen.
        let mut table = vec![0u8; packed_len(size * n)];
        let mut seen = vec![0u8; packed_len(size * n)];
        let mut signs = vec![0u8; signs_len(size)];
        let grid = shape.grid();
        let regions = Regions::new(shape);
        static FIRST_REGIONS: PerShape<Vec<u16>> = PerShape::new();
        let first = FIRST_REGIONS.get(shape, || regions.first_regions());
        let weights = digit_weights(n, k);
        // `crossing[i][j]`: what tile `i` moving across tile `j` towards
        // higher cells adds to the index (see `shifted_digit`); `j = 8`, no
        // tile, adds nothing. A look-up, not a branch on whether a pattern
        // tile stands in the way, which no processor could predict.
        let mut crossing = [[0i64; 9]; 8];
        for (i, row) in crossing.iter_mut().enumerate().take(k) {
            for (j, cross) in row.iter_mut().enumerate().take(k) {
                if j != i {
                    *cross = shifted_digit(&weights, i, j) as i64;
                }
            }
        }
        // A queued state is packed into a `u64`: its placement's index from
        // bit 32 (below 16!/8! < 2^29), a cell of the blank's region in bits
        // 28..32, and the cells of the first seven tiles, one per nibble
        // (an eighth tile's cell follows from the index's last digit).
        //
        // Each layer is sorted (so by index) before it is expanded: moving
        // tile `i` shifts the index by about a multiple of its digit's
        // weight, so the successors of states taken in order of index fall
        // in a few dozen streams that each move forward through the tables,
        // and the processor's caches and prefetchers serve most reads.
        // (Taken in the order they were found, nearly every read of a
        // 6-tile pattern's tables missed every cache.)
        let pack = |placement: usize, blank: usize, cells: &[u8]| {
            let cells = cells
                .iter()
                .take(7)
                .enumerate()
                .fold(0u64, |acc, (i, &c)| acc | (c as u64) << (4 * i));
            (placement as u64) << 32 | (blank as u64) << 28 | cells
        };
        let occupied_by = |cells: &[u8]| cells.iter().fold(0u32, |acc, &c| acc | 1 << c);
        // Marks the region of free cells `free` that holds `seed` seen, and
        // writes bit 1 of `value` into its slots.
        let fill = |table: &mut [u8], seen: &mut [u8], placement: usize, seed: usize, free: u32, value: u8| {
            let mut region = regions.region_in(first, 1 << seed, free);
            while region != 0 {
                let slot = slot(placement, n, region.trailing_zeros() as usize);
                table[slot >> 3] |= ((value >> 1) & 1) << (slot & 7);
                seen[slot >> 3] |= 1 << (slot & 7);
                region &= region - 1;
            }
        };
        let goal = placement_index(goal_cells, n);
        fill(
            &mut table,
            &mut seen,
            goal,
            blank,
            regions.board & !occupied_by(goal_cells),
            0,
        );
        let mut layer = vec![pack(goal, blank, goal_cells)];
        let mut next_layer = Vec::new();
        let mut expanded = 0u64;
        let mut cells = [0u8; 8];
        let mut distance = 0u8;
        while !layer.is_empty() {
            layer.sort_unstable();
            for &packed in &layer {
                expanded += 1;
                if expanded % (1 << 16) == 0 && !progress(expanded, size as u64) {
                    return None;
                }
                let placement = (packed >> 32) as usize;
                let mut used = 0u32;
                for (i, cell) in cells[..k.min(7)].iter_mut().enumerate() {
                    *cell = ((packed >> (4 * i)) & 0xF) as u8;
                    used |= 1 << *cell;
                }
                if k == 8 {
                    // The last digit counts the free cells below the last tile.
                    let mut free = regions.board & !used;
                    for _ in 0..placement % (n - 7) {
                        free &= free - 1;
                    }
                    cells[7] = free.trailing_zeros() as u8;
                }
                // `slot_at[c]`: the pattern's tile in cell `c`, or 8.
                let mut slot_at = [8u8; MAX_CELLS];
                for (i, &cell) in cells[..k].iter().enumerate() {
                    slot_at[cell as usize] = i as u8;
                }
                let placement = placement as i64;
                let free = regions.board & !occupied_by(&cells[..k]);
                let region = regions.region_in(first, 1 << ((packed >> 28) & 0xF), free);
                for i in 0..k {
                    let from = cells[i] as usize;
                    // Each cell of the region next to the tile can take it.
                    let mut targets = regions.neighbours[from] & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as usize;
                        targets &= targets - 1;
                        let (low, high) = (from.min(to), from.max(to));
                        let mut shift = weights[i] as i64 * (high - low) as i64;
                        for &other in &slot_at[low + 1..high] {
                            shift += crossing[i][other as usize];
                        }
                        let next = (if to > from {
                            placement + shift
                        } else {
                            placement - shift
                        }) as usize;
                        // The blank is now where the tile was. Its slot is
                        // seen once its region is reached, which marks
                        // every slot of the region.
                        let next_free = (free & !(1 << to)) | 1 << from;
                        let farther = (distance + 1) >> 1 & 1;
                        let up = if bit(&seen, slot(next, n, from)) == 0 {
                            fill(&mut table, &mut seen, next, from, next_free, distance + 1);
                            cells[i] = to as u8;
                            next_layer.push(pack(next, from, &cells[..k]));
                            cells[i] = from as u8;
                            true
                        } else {
                            bit(&table, slot(next, n, from)) == farther
                        };
                        if up {
                            let e = edge(grid, from, to);
                            signs[placement as usize * SIGN_BYTES + e / 8] |= 1 << (e % 8);
                        }
                    }
                }
            }
            std::mem::swap(&mut layer, &mut next_layer);
            next_layer.clear();
            distance += 1;
        }
        progress(expanded, size as u64);
        Some(PatternDb {
            shape,
            blank: blank as u8,
            cells: n,
            goal_cells: goal_cells.to_vec(),
            entries: size * (n - k),
            signs: signs.into(),
        })
    }
}
