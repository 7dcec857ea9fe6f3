//! Building one pattern's database: a breadth-first search of its abstraction.

use slide_core::{Shape, MAX_CELLS};

use super::{placement_index, PatternDb, Regions, UNSEEN};

impl PatternDb {
    /// Builds the database of the pattern whose goal cells are `goal_cells`,
    /// for targets with the blank in `blank` (a cell outside the pattern).
    ///
    /// The search counts only the moves of pattern tiles: the blank walks
    /// through the other cells for free, but must go around the pattern's
    /// tiles or move one. So a state is a placement of the pattern's tiles
    /// and the *region* of free cells the blank is in (named by its lowest
    /// cell); a move takes a tile next to the region into it, at cost 1. A
    /// placement's value is the least over its regions.
    ///
    /// ```
    /// use slide_core::Shape;
    /// use slide_solvers::PatternDb;
    /// let db = PatternDb::build(Shape::new(3, 3).unwrap(), &[0, 1], 8);
    /// assert_eq!(db.len(), 9 * 8 * 16);
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
    pub fn build_with_progress(
        shape: Shape,
        goal_cells: &[u8],
        blank: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> PatternDb {
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
        // `states[placement * 16 + r]`: the distance of the placement with
        // the blank in the region whose lowest cell is `r`.
        let mut states = vec![UNSEEN; size * MAX_CELLS];
        let regions = Regions::new(shape);
        // Queued states are packed: the cell of tile `i` in nibble `i` (bits
        // 0..32), the region's lowest cell in bits 32..36, and the
        // placement's index from bit 36 (at most 16!/8! < 2^29).
        let pack = |cells: &[u8], region: usize, placement: usize| {
            let cells = cells
                .iter()
                .enumerate()
                .fold(0u64, |acc, (i, &c)| acc | (c as u64) << (4 * i));
            cells | (region as u64) << 32 | (placement as u64) << 36
        };
        let board = (1u32 << n) - 1;
        let occupied_by = |cells: &[u8]| cells.iter().fold(0u32, |acc, &c| acc | 1 << c);
        let goal = placement_index(goal_cells, n);
        let start_region = regions.region(1 << blank, board & !occupied_by(goal_cells));
        let mut queue = vec![pack(goal_cells, start_region.trailing_zeros() as usize, goal)];
        states[goal * MAX_CELLS + start_region.trailing_zeros() as usize] = 0;
        let mut head = 0;
        let mut cells = [0u8; 8];
        while head < queue.len() {
            let packed = queue[head];
            head += 1;
            if head % (1 << 16) == 0 {
                progress(head as u64, size as u64);
            }
            let lowest = ((packed >> 32) & 0xF) as usize;
            let placement = (packed >> 36) as usize;
            let distance = states[placement * MAX_CELLS + lowest];
            for (i, cell) in cells[..k].iter_mut().enumerate() {
                *cell = ((packed >> (4 * i)) & 0xF) as u8;
            }
            let free = board & !occupied_by(&cells[..k]);
            let region = regions.region(1 << lowest, free);
            for i in 0..k {
                let from = cells[i] as usize;
                // Each cell of the region next to the tile can take it.
                let mut targets = regions.neighbours[from] & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    cells[i] = to as u8;
                    let next = placement_index(&cells[..k], n);
                    // The blank is now where the tile was.
                    let next_free = (free & !(1 << to)) | 1 << from;
                    let next_lowest = regions.region(1 << from, next_free).trailing_zeros() as usize;
                    let slot = &mut states[next * MAX_CELLS + next_lowest];
                    if *slot == UNSEEN {
                        *slot = distance + 1;
                        queue.push(pack(&cells[..k], next_lowest, next));
                    }
                }
                cells[i] = from as u8;
            }
        }
        progress(head as u64, size as u64);
        let table = states;
        PatternDb {
            shape,
            blank: blank as u8,
            cells: n,
            goal_cells: goal_cells.to_vec(),
            table,
        }
    }
}
