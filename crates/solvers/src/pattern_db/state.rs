//! The incremental estimate: the patterns' values for a search's current
//! board, updated by the one pattern a move changes.

use slide_core::{Board, MAX_CELLS};

use super::split::views;
use super::AdditivePdb;
use crate::heuristic::{Estimate, Heuristic};
use crate::PatternMismatch;

/// One way of reading a board into the patterns: directly, or reflected
/// (see [`views`]).
#[derive(Clone)]
struct View {
    /// `cell_map[c]`: cell `c` as this view sees it.
    cell_map: [u8; MAX_CELLS],
    /// `pattern_of[t]` and `slot_of[t]`: tile `t`'s pattern and its place in
    /// that pattern's list (`u8::MAX` for the blank).
    pattern_of: [u8; MAX_CELLS],
    slot_of: [u8; MAX_CELLS],
    /// Per pattern: its value, the (mapped) cells of its tiles in pattern
    /// order, the set of those cells, and the lowest cell of the blank's region.
    values: [u8; MAX_CELLS],
    placements: [[u8; 8]; MAX_CELLS],
    occupied: [u32; MAX_CELLS],
    lowest: [u8; MAX_CELLS],
    /// The sum of `values`.
    sum: u32,
}

/// What undoing a move needs: for each view, the moved tile's pattern's old
/// value and old region.
#[derive(Clone, Copy)]
pub struct Saved([(u8, u8); 2]);

/// The pattern databases' estimate as it follows one search's board.
pub struct PdbEstimate<'a> {
    pdb: &'a AdditivePdb,
    /// The target, to start over from another board.
    target: Board,
    /// The direct view, and the reflected one when it applies.
    views: Vec<View>,
}

impl<'a> PdbEstimate<'a> {
    /// The estimate of `board` against `target` (checked by [`AdditivePdb::check_target`]).
    fn new(pdb: &'a AdditivePdb, board: &Board, target: &Board) -> PdbEstimate<'a> {
        let shape = board.shape();
        let n = shape.cells();
        let mut cell_of = [0u8; MAX_CELLS];
        for cell in 0..n {
            cell_of[board.tile(cell)] = cell as u8;
        }
        let maps = views(shape, target.blank());
        let views = maps
            .into_iter()
            .map(|cell_map| {
                let mut view = View {
                    cell_map,
                    pattern_of: [u8::MAX; MAX_CELLS],
                    slot_of: [u8::MAX; MAX_CELLS],
                    values: [0; MAX_CELLS],
                    placements: [[0; 8]; MAX_CELLS],
                    occupied: [0; MAX_CELLS],
                    lowest: [0; MAX_CELLS],
                    sum: 0,
                };
                let blank_here = cell_map[board.blank()];
                for (p, pattern) in pdb.patterns.iter().enumerate() {
                    for (slot, &goal) in pattern.goal_cells.iter().enumerate() {
                        let tile = target.tile(cell_map[goal as usize] as usize);
                        view.pattern_of[tile] = p as u8;
                        view.slot_of[tile] = slot as u8;
                        let cell = cell_map[cell_of[tile] as usize];
                        view.placements[p][slot] = cell;
                        view.occupied[p] |= 1 << cell;
                    }
                    let free = pdb.regions.board & !view.occupied[p];
                    view.lowest[p] = pdb.regions.region(1 << blank_here, free).trailing_zeros() as u8;
                    view.values[p] = pdb.lookup(p, &view.placements[p], view.lowest[p]);
                    view.sum += view.values[p] as u32;
                }
                view
            })
            .collect();
        PdbEstimate {
            pdb,
            target: *target,
            views,
        }
    }
}

impl<'a> Heuristic for &'a AdditivePdb {
    type Estimate = PdbEstimate<'a>;

    /// The split's name, such as `pdb-6-6-3`, or `pdb` and the pattern sizes.
    fn name(&self) -> String {
        let sizes: Vec<String> = self.patterns.iter().map(|p| p.goal_cells.len().to_string()).collect();
        format!("pdb-{}", sizes.join("-"))
    }

    fn start(&self, board: &Board, target: &Board) -> Result<(PdbEstimate<'a>, u32), PatternMismatch> {
        self.check_target(target)?;
        let estimate = PdbEstimate::new(self, board, target);
        let h = estimate.value();
        Ok((estimate, h))
    }
}

impl PdbEstimate<'_> {
    /// The larger of the views' sums.
    fn value(&self) -> u32 {
        self.views.iter().map(|view| view.sum).max().unwrap_or(0)
    }
}

impl Estimate for PdbEstimate<'_> {
    type Undo = Saved;

    /// Only the tile's own pattern changes in each view: for the others the
    /// blank stepped between two of their free cells and stayed in its
    /// region. The estimate is the larger of the views' sums.
    #[inline]
    fn moved(&mut self, _h: u32, _tiles: u64, tile: usize, from: usize, to: usize) -> (u32, Saved) {
        let mut saved = Saved([(0, 0); 2]);
        let mut best = 0;
        let regions = &self.pdb.regions;
        for (view, old) in self.views.iter_mut().zip(&mut saved.0) {
            let p = view.pattern_of[tile] as usize;
            let (from, to) = (view.cell_map[from], view.cell_map[to]);
            view.placements[p][view.slot_of[tile] as usize] = to;
            view.occupied[p] ^= (1 << from) | (1 << to);
            *old = (view.values[p], view.lowest[p]);
            view.lowest[p] = regions
                .region(1 << from, regions.board & !view.occupied[p])
                .trailing_zeros() as u8;
            view.values[p] = self.pdb.lookup(p, &view.placements[p], view.lowest[p]);
            view.sum = view.sum + view.values[p] as u32 - old.0 as u32;
            best = best.max(view.sum);
        }
        (best, saved)
    }

    fn reset(&mut self, tiles: u64) -> u32 {
        let board = Board::from_tiles(self.target.shape(), tiles).expect("a search's board is valid");
        *self = PdbEstimate::new(self.pdb, &board, &self.target);
        self.value()
    }

    #[inline]
    fn undo(&mut self, tile: usize, from: usize, to: usize, saved: Saved) {
        for (view, &(old_value, old_lowest)) in self.views.iter_mut().zip(&saved.0) {
            let p = view.pattern_of[tile] as usize;
            let (from, to) = (view.cell_map[from], view.cell_map[to]);
            view.placements[p][view.slot_of[tile] as usize] = from;
            view.occupied[p] ^= (1 << from) | (1 << to);
            view.sum = view.sum + old_value as u32 - view.values[p] as u32;
            view.values[p] = old_value;
            view.lowest[p] = old_lowest;
        }
    }
}
