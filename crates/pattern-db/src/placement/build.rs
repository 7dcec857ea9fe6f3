//! The build: a breadth-first search over (placement, region of the blank).

use slide_core::{CellMasks, Grid};

use super::{PlacementPatternDb, MAX_PLACEMENT_CELLS, MAX_PLACEMENT_TILES, STEP_SHIFT, UNREACHED, VALUE};

/// The region of `free` cells connected to `seed` (which is free): the
/// grid's rule ([`slide_core::CellMasks::region`]).
#[inline]
fn region_of(masks: &CellMasks, free: u64, seed: usize) -> u64 {
    masks.region(1 << seed, free)
}

impl PlacementPatternDb {
    /// The table of the pattern whose tiles' goal cells are `goal_cells`
    /// (in the order its index reads them) on a board of `rows` by `cols`
    /// cells.
    ///
    /// A breadth-first search, layer by layer, over the pattern's
    /// placements with the blank's region of free cells: a move of a
    /// pattern tile into a cell of that region costs one; the blank's moves
    /// among free cells cost nothing, so a region is one state. The goal
    /// placement with the blank in the region of `blank` (the goal's blank
    /// cell) is the first layer. A placement's value is the layer that first
    /// reaches it with any region: the least over the blank's regions. A
    /// region that a later layer reaches keeps its own, larger value (see
    /// [`PlacementPatternDb::zero_aware_value`]).
    ///
    /// # Panics
    /// Panics if the board has more than [`MAX_PLACEMENT_CELLS`] cells or the
    /// pattern more than [`MAX_PLACEMENT_TILES`] tiles, or its cells repeat
    /// or hold `blank`.
    pub fn build(rows: usize, cols: usize, goal_cells: &[u8], blank: usize) -> PlacementPatternDb {
        PlacementPatternDb::build_with_progress(rows, cols, goal_cells, blank, &mut |_, _| true)
            .expect("a build nothing stops")
    }

    /// [`PlacementPatternDb::build`], calling `progress(placements valued,
    /// placements)` now and then; when it returns `false` the build stops
    /// and gives `None`.
    pub fn build_with_progress(
        rows: usize,
        cols: usize,
        goal_cells: &[u8],
        blank: usize,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<PlacementPatternDb> {
        let n = rows * cols;
        let k = goal_cells.len();
        assert!(
            n <= MAX_PLACEMENT_CELLS && (1..=MAX_PLACEMENT_TILES).contains(&k),
            "a placement pattern fits"
        );
        assert!(
            goal_cells.iter().all(|&c| (c as usize) < n)
                && goal_cells.iter().enumerate().all(|(i, c)| !goal_cells[..i].contains(c)),
            "the pattern's cells are distinct cells of the board"
        );
        assert!(
            blank < n && !goal_cells.contains(&(blank as u8)),
            "the goal's blank is on a free cell"
        );
        let masks = Grid::new(rows, cols).expect("a board of 2 to 64 cells a side").masks();
        let all = masks.all;
        let neighbours: Vec<[Option<u8>; 4]> = (0..n)
            .map(|cell| {
                let (row, col) = (cell / cols, cell % cols);
                [
                    (row > 0).then(|| (cell - cols) as u8),
                    (col > 0).then(|| (cell - 1) as u8),
                    (col + 1 < cols).then(|| (cell + 1) as u8),
                    (row + 1 < rows).then(|| (cell + cols) as u8),
                ]
            })
            .collect();
        let placements = PlacementPatternDb::placements(n, k);
        let slots = PlacementPatternDb::slots(n, k);
        assert!(slots as u64 <= 1 << 32, "a placement table's index fits in 32 bits");
        let mut values = vec![UNREACHED; slots];
        // One bit per (slot, region), the region named by its lowest cell.
        let mut seen = vec![0u64; (slots * n + 63) / 64];
        let mut mark = |index: usize, cell: usize| -> bool {
            let bit = index * n + cell;
            let (word, mask) = (bit / 64, 1u64 << (bit % 64));
            let new = seen[word] & mask == 0;
            seen[word] |= mask;
            new
        };
        // A state: the tiles' cells, six bits each (cells below 64), and its
        // region's lowest cell in the bits above them.
        let pack = |cells: &[u8], lowest: usize| -> u64 {
            cells
                .iter()
                .enumerate()
                .fold(0u64, |packed, (i, &c)| packed | (c as u64) << (6 * i))
                | (lowest as u64) << (6 * MAX_PLACEMENT_TILES)
        };
        // The regions reached after their placement, with a larger value:
        // placement index, region's lowest cell and value, packed.
        let mut higher: Vec<u64> = Vec::new();
        let mut layer: Vec<u64> = Vec::new();
        let goal_index = PlacementPatternDb::index(goal_cells, n);
        values[goal_index] = 0;
        let used = goal_cells.iter().fold(0u64, |mask, &c| mask | 1 << c);
        // The goal: the blank in its own region, named by the lowest cell.
        let lowest = region_of(&masks, all & !used, blank).trailing_zeros() as usize;
        mark(goal_index, lowest);
        layer.push(pack(goal_cells, lowest));
        let (mut valued, mut expanded) = (1u64, 0u64);
        let mut distance = 0u8;
        let mut next = Vec::new();
        let mut cells = [0u8; MAX_PLACEMENT_TILES];
        while !layer.is_empty() {
            distance += 1;
            // A value's byte keeps the step in its top two bits, and its
            // low six read as 63 (`UNREACHED & VALUE`) only where no
            // placement is reached.
            assert!(distance < VALUE, "a placement table's values are below 63");
            // The layer in the order of its placements' indices: a step of
            // tile `i` moves the index by a multiple of `n^i`, so the
            // children's slots then come in `k` rising streams, which the
            // memory reads ahead, rather than at random in tables of
            // hundreds of megabytes (a 6x6 table of five tiles in 18.7 s
            // rather than 46.8 s, the same bytes:
            // `record/2026-12-06-near-optimal.md`, "2026-12-08"). The order
            // within a layer changes no value: each is the layer that
            // first reaches it.
            layer.sort_unstable_by_key(|&state| state & ((1 << (6 * MAX_PLACEMENT_TILES)) - 1));
            for &state in &layer {
                for (i, cell) in cells[..k].iter_mut().enumerate() {
                    *cell = ((state >> (6 * i)) & 0x3F) as u8;
                }
                let used = cells[..k].iter().fold(0u64, |mask, &c| mask | 1 << c);
                let region = region_of(&masks, all & !used, (state >> (6 * MAX_PLACEMENT_TILES)) as usize);
                let base = PlacementPatternDb::index(&cells[..k], n);
                let mut weight = 1;
                for i in 0..k {
                    let from = cells[i] as usize;
                    for to in neighbours[from].iter().flatten() {
                        let to = *to as usize;
                        if region & (1 << to) == 0 {
                            continue;
                        }
                        // The tile steps into the blank's region; the blank
                        // is now where the tile was.
                        cells[i] = to as u8;
                        let moved = used ^ (1 << from) ^ (1 << to);
                        let reached = region_of(&masks, all & !moved, from);
                        let lowest = reached.trailing_zeros() as usize;
                        // Tile `i`'s digit alone changes (see `index`).
                        let index = base + weight * to - weight * from;
                        debug_assert_eq!(index, PlacementPatternDb::index(&cells[..k], n));
                        if mark(index, lowest) {
                            if values[index] == UNREACHED {
                                values[index] = distance;
                                valued += 1;
                            } else if values[index] < distance {
                                higher.push((index as u64) << 16 | (lowest as u64) << 8 | u64::from(distance));
                            }
                            next.push(pack(&cells[..k], lowest));
                        }
                        cells[i] = from as u8;
                    }
                    weight *= n;
                }
                expanded += 1;
                if expanded % (1 << 16) == 0 && !progress(valued, placements as u64) {
                    return None;
                }
            }
            if !progress(valued, placements as u64) {
                return None;
            }
            std::mem::swap(&mut layer, &mut next);
            next.clear();
        }
        higher.sort_unstable();
        Some(PlacementPatternDb::from_values(
            rows,
            cols,
            goal_cells,
            blank,
            two_bytes(&values, &higher).into(),
        ))
    }
}

/// The table's two bytes a slot (as [`PlacementPatternDb`]'s invariant
/// says) from the least `values` and the regions in `higher` (sorted:
/// placement index, region's lowest cell, value, packed as the build
/// packs them): of a placement's higher regions, the one with the largest
/// value (the lowest cell first among equals). A slot that is no
/// placement keeps 255 and 0.
fn two_bytes(values: &[u8], higher: &[u64]) -> Vec<u8> {
    let mut bytes: Vec<u8> = values.iter().flat_map(|&value| [value, 0]).collect();
    let mut rest = higher;
    while let Some(&first) = rest.first() {
        let index = (first >> 16) as usize;
        let count = rest.iter().take_while(|&&region| region >> 16 == first >> 16).count();
        let best = rest[..count]
            .iter()
            .max_by_key(|&&region| (region & 0xFF, std::cmp::Reverse(region)))
            .expect("a region");
        let (lowest, value) = ((best >> 8) & 0xFF, (best & 0xFF) as u8);
        // Steps of two (the regions' values differ by an even number); a
        // larger difference is kept as 6, which stays admissible.
        let step = ((value - values[index]) / 2).min(3);
        bytes[2 * index] |= step << STEP_SHIFT;
        bytes[2 * index + 1] = lowest as u8;
        rest = &rest[count..];
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of a small pattern gets a value, the goal's 0.
    #[test]
    fn every_placement_is_valued() {
        let db = PlacementPatternDb::build(2, 3, &[0, 1, 2], 5);
        assert_eq!(db.value(&[0, 1, 2]), 0);
        assert_eq!(db.value(&[3, 1, 2]), 1);
        for a in 0..6u8 {
            for b in (0..6u8).filter(|&b| b != a) {
                for c in (0..6u8).filter(|&c| c != a && c != b) {
                    assert_ne!(db.value(&[a, b, c]), UNREACHED & VALUE, "{a} {b} {c}");
                }
            }
        }
    }
}
