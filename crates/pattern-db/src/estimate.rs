//! The incremental estimate: the patterns' values for a search's current
//! board, updated by the one pattern a move changes.

use slide_core::{Board, MAX_CELLS};

use std::marker::PhantomData;

use slide_solvers::{Estimate, Heuristic, PatternMismatch, Slide};

use crate::additive::{AdditivePdb, ByCell};
use crate::pattern::{digit_weights, edge, placement_index, shifted_digit, signs_at, Known, UNSEEN};
use crate::regions::Regions;
use crate::split::views;

/// A tile's move from one board cell to a neighbouring one as a view sees
/// it: what [`View::moved`] needs of the two cells, read in one load.
#[derive(Clone, Copy, Default)]
struct Step {
    /// The board cells strictly between the two in the view's cell order,
    /// as a bit mask: the cells the tile moves across.
    between: u16,
    /// The edge between the two cells in the view: the bit of the
    /// placement's signs that says whether the move raises its pattern's
    /// value (0 for cells that are not neighbours, never asked).
    edge: u8,
    /// How far the tile moves in the view's cell order: positive up,
    /// negative down.
    distance: i8,
}

/// One way of reading a board into the patterns: directly, or reflected
/// (see [`views`]).
///
/// A move changes one pattern's placement by one tile, so its index is
/// updated rather than recomputed: by `weight[t]` times the distance the
/// tile moved in the view's cell order, plus `crossing[t][u]` for each tile
/// `u` on a cell it moved across in that order (see [`shifted_digit`]). A
/// horizontal move in the view crosses nothing; a vertical one crosses the
/// `cols - 1` cells between, read off the board.
///
/// With tables indexed by cells (`PatternDb::by_cell`), a move changes the
/// index by `weight[t]` times the distance alone. Each pattern's value and
/// its placement's signs give the value after any move of one of its tiles
/// ([`View::peek`]) with no table read.
#[derive(Clone)]
struct View {
    /// Whether the tables are indexed by cells.
    by_cell: bool,
    /// `cell_map[c]`: cell `c` as this view sees it.
    cell_map: [u8; MAX_CELLS],
    /// `steps[a][b]`: the move of a tile from board cell `a` to `b`.
    steps: [[Step; MAX_CELLS]; MAX_CELLS],
    /// `pattern_of[t]`: tile `t`'s pattern (0 for the blank, never read).
    pattern_of: [u8; MAX_CELLS],
    /// `weight[t]`: the weight of tile `t`'s digit in its pattern's index.
    weight: [i64; MAX_CELLS],
    /// `crossing[1][t][u]`: what tile `t` moving up across tile `u` adds
    /// to the index of `t`'s pattern (`crossing[0]`, moving down, the
    /// negative: a move adds its entries with no sign to choose); 0 when `u`
    /// is in another pattern or is the blank.
    crossing: [[[i64; MAX_CELLS]; MAX_CELLS]; 2],
    /// Per pattern: the index of its placement, its value, and the
    /// placement's signs. In 64 bits: an 8-tile pattern's signs on 4x4 run
    /// to 16!/8! * 3 bytes, about 1.6e9, and a slot per cell of the blank
    /// (format 5) ran to 8.3e9.
    index: [u64; MAX_CELLS],
    values: [u8; MAX_CELLS],
    signs: [u32; MAX_CELLS],
    /// The sum of `values`.
    sum: u32,
}

/// What undoing a move needs: for each view, what it was before the move
/// (a `Before`).
#[derive(Clone, Copy)]
pub struct Saved([Before; 2]);

/// A view before a move: the moved tile's pattern, its index, value and
/// signs, and the sum. Undoing the move writes them back.
#[derive(Clone, Copy, Default)]
struct Before {
    pattern: u8,
    value: u8,
    signs: u32,
    index: u64,
    sum: u32,
}

/// How a search reads the patterns' tables: the layout of the tables, a
/// type, so that the search is made once per layout and no step branches
/// on it (one branch per step, though always predicted, cost 6-6-3 4% more
/// instructions: `record/fifteen-puzzle.md`).
pub trait Layout {
    /// Whether the tables are indexed by cells (see [`ByCell`]).
    const BY_CELL: bool;
}

/// Tables indexed by placements, [`PatternDb`]'s own.
///
/// [`PatternDb`]: crate::PatternDb
pub struct ByPlacement;

impl Layout for ByPlacement {
    const BY_CELL: bool = false;
}

impl Layout for ByCell {
    const BY_CELL: bool = true;
}

/// The pattern databases' estimate as it follows one search's board,
/// reading tables laid out as `L` says.
pub struct PdbEstimate<'a, L> {
    pdb: &'a AdditivePdb,
    /// Each pattern's table of signs, as [`View::moved`] reads them:
    /// one load, where through `pdb` it would be three.
    tables: [&'a [u8]; MAX_CELLS],
    /// The target, to start over from another board.
    target: Board,
    /// The direct view, and the reflected one (the direct one again where
    /// the board has no reflection that keeps the target's blank).
    views: [View; 2],
    /// Per pattern, the exact values found so far (both views read the
    /// same tables), and the board's regions that finding them needs.
    known: Vec<Known>,
    regions: Regions,
    layout: PhantomData<L>,
}

impl View {
    /// The view through `cell_map` for `target`: what depends on the
    /// target only; [`View::place`] adds a board.
    fn new(pdb: &AdditivePdb, cell_map: [u8; MAX_CELLS], target: &Board, by_cell: bool) -> View {
        let n = target.shape().cells();
        let mut view = View {
            by_cell,
            cell_map,
            steps: [[Step::default(); MAX_CELLS]; MAX_CELLS],
            pattern_of: [0; MAX_CELLS],
            weight: [0; MAX_CELLS],
            crossing: [[[0; MAX_CELLS]; MAX_CELLS]; 2],
            index: [0; MAX_CELLS],
            values: [0; MAX_CELLS],
            signs: [0; MAX_CELLS],
            sum: 0,
        };
        // `slot_of[t]`: tile `t`'s place in its pattern's list.
        let mut slot_of = [u8::MAX; MAX_CELLS];
        for (p, pattern) in pdb.patterns.iter().enumerate() {
            let k = pattern.goal_cells.len();
            let weights = digit_weights(n, k);
            for (slot, &goal) in pattern.goal_cells.iter().enumerate() {
                let tile = target.tile(cell_map[goal as usize] as usize);
                view.pattern_of[tile] = p as u8;
                view.weight[tile] = if by_cell {
                    n.pow((k - 1 - slot) as u32) as i64
                } else {
                    weights[slot] as i64
                };
                slot_of[tile] = slot as u8;
            }
        }
        for t in 1..n {
            let p = &pdb.patterns[view.pattern_of[t] as usize];
            let weights = digit_weights(n, p.goal_cells.len());
            for u in 1..n {
                if u != t && view.pattern_of[u] == view.pattern_of[t] {
                    let shift = shifted_digit(&weights, slot_of[t] as usize, slot_of[u] as usize);
                    view.crossing[1][t][u] = shift as i64;
                    view.crossing[0][t][u] = -(shift as i64);
                }
            }
        }
        let grid = target.shape().grid();
        for a in 0..n {
            for b in 0..n {
                let (from, to) = (cell_map[a], cell_map[b]);
                let (low, high) = (from.min(to), from.max(to));
                view.steps[a][b] = Step {
                    between: (0..n)
                        .filter(|&c| low < cell_map[c] && cell_map[c] < high)
                        .fold(0, |acc, c| acc | 1 << c),
                    edge: if grid.distance(from as usize, to as usize) == 1 {
                        edge(grid, from as usize, to as usize) as u8
                    } else {
                        0
                    },
                    distance: if to > from {
                        (high - low) as i8
                    } else {
                        -((high - low) as i8)
                    },
                };
            }
        }
        view
    }

    /// Puts `board` in the view: each pattern's placement, index, value
    /// (with the values found before in `known`, one map per pattern) and
    /// signs, read in `tables`.
    fn place(
        &mut self,
        pdb: &AdditivePdb,
        tables: &[&[u8]; MAX_CELLS],
        (target, board): (&Board, &Board),
        regions: &Regions,
        known: &mut [Known],
    ) {
        let n = board.shape().cells();
        let mut cell_of = [0u8; MAX_CELLS];
        for cell in 0..n {
            cell_of[board.tile(cell)] = cell as u8;
        }
        let blank_here = self.cell_map[board.blank()] as usize;
        self.sum = 0;
        for (p, pattern) in pdb.patterns.iter().enumerate() {
            let k = pattern.goal_cells.len();
            let mut cells = [0u8; 8];
            for (slot, &goal) in pattern.goal_cells.iter().enumerate() {
                let tile = target.tile(self.cell_map[goal as usize] as usize);
                cells[slot] = self.cell_map[cell_of[tile] as usize];
            }
            self.index[p] = if self.by_cell {
                cells[..k].iter().fold(0, |acc, &c| acc * n as u64 + c as u64)
            } else {
                placement_index(&cells[..k], n) as u64
            };
            self.signs[p] = signs_at(tables[p], self.index[p] as usize);
            // The one exact value a search needs from nothing: after it,
            // each move's value follows from the signs. (A*
            // asks for one per board it expands: `known` makes most of
            // those walks a step or two.) A slot no position reaches (a
            // board the target cannot be reached from) reads as `UNSEEN`,
            // far above any distance.
            self.values[p] = pattern
                .descend(&cells[..k], blank_here, regions, &mut known[p])
                .unwrap_or(UNSEEN);
            self.sum += self.values[p] as u32;
        }
    }

    /// Follows `slide`: the tile's pattern gets its new index and value.
    /// Returns what [`View::undo`] needs. The tables are laid out as `L`
    /// says, so each layout has a copy of this step with nothing of the
    /// other's.
    #[inline(always)]
    fn moved<L: Layout>(&mut self, tables: &[&[u8]; MAX_CELLS], slide: Slide) -> Before {
        let Slide { tiles, tile, from, to } = slide;
        // Cells, tiles and patterns are below 16: taken modulo 16 (a mask),
        // the compiler knows it and checks no index.
        let (tile, from, to) = (tile % MAX_CELLS, from % MAX_CELLS, to % MAX_CELLS);
        let step = self.steps[from][to];
        let p = self.pattern_of[tile] as usize % MAX_CELLS;
        let mut shift = self.weight[tile] * step.distance as i64;
        let crossing = &self.crossing[usize::from(step.distance > 0)][tile];
        // Tables indexed by cells count no crossings.
        let mut crossed = if L::BY_CELL { 0 } else { step.between };
        while crossed != 0 {
            let cell = crossed.trailing_zeros();
            shift += crossing[((tiles >> (4 * cell)) & 0xF) as usize];
            crossed &= crossed - 1;
        }
        let before = Before {
            pattern: p as u8,
            value: self.values[p],
            signs: self.signs[p],
            index: self.index[p],
            sum: self.sum,
        };
        let index = (before.index as i64 + shift) as u64;
        // Up or down by one, as the edge's sign says (wrapping, so that a
        // damaged table cannot stop the search: no sound one goes below 0).
        let up = (before.signs >> step.edge & 1) as u8;
        let value = before.value.wrapping_add(2 * up).wrapping_sub(1);
        self.signs[p] = signs_at(tables[p], index as usize);
        self.index[p] = index;
        self.values[p] = value;
        self.sum = (before.sum + 2 * up as u32).wrapping_sub(1);
        before
    }

    /// The sum after `slide`, without following it: the moved tile's
    /// pattern's value goes up or down by one, as the sign of the edge it
    /// crosses says, read from the signs the view holds.
    #[inline(always)]
    fn peek(&self, slide: &Slide) -> u32 {
        // Modulo 16: no index checked (see `View::moved`).
        let step = self.steps[slide.from % MAX_CELLS][slide.to % MAX_CELLS];
        let up = self.signs[self.pattern_of[slide.tile % MAX_CELLS] as usize % MAX_CELLS] >> step.edge & 1;
        (self.sum + 2 * up).wrapping_sub(1)
    }

    /// Undoes [`View::moved`]: writes back what it was before.
    #[inline(always)]
    fn undo(&mut self, before: Before) {
        let p = before.pattern as usize;
        self.index[p] = before.index;
        self.values[p] = before.value;
        self.signs[p] = before.signs;
        self.sum = before.sum;
    }
}

impl<'a, L: Layout> PdbEstimate<'a, L> {
    /// The estimate of `board` against `target` (checked by
    /// [`AdditivePdb::check_target`]), reading `tables`, one per pattern,
    /// laid out as `L` says.
    fn new(pdb: &'a AdditivePdb, tables: &[&'a [u8]], board: &Board, target: &Board) -> PdbEstimate<'a, L> {
        let maps = views(board.shape(), target.blank());
        let direct = View::new(pdb, maps[0], target, L::BY_CELL);
        // Without a reflection (a board that is not square), the second
        // view is the first again: a search then steps both alike, rather
        // than asking at every move whether there is a second.
        let second = match maps.get(1) {
            Some(&map) => View::new(pdb, map, target, L::BY_CELL),
            None => direct.clone(),
        };
        let mut estimate = PdbEstimate {
            pdb,
            tables: std::array::from_fn(|p| tables.get(p).copied().unwrap_or(&[])),
            target: *target,
            views: [direct, second],
            known: vec![Known::new(); pdb.patterns.len()],
            regions: Regions::new(board.shape()),
            layout: PhantomData,
        };
        estimate.place(board);
        estimate
    }

    /// Puts `board` in every view.
    fn place(&mut self, board: &Board) {
        for view in &mut self.views {
            view.place(
                self.pdb,
                &self.tables,
                (&self.target, board),
                &self.regions,
                &mut self.known,
            );
        }
    }

    /// The larger of the views' sums.
    fn value(&self) -> u32 {
        self.views[0].sum.max(self.views[1].sum)
    }
}

impl<'a> Heuristic for &'a AdditivePdb {
    type Estimate = PdbEstimate<'a, ByPlacement>;

    /// The split's name, such as `pdb-6-6-3`, or `pdb` and the pattern sizes.
    fn name(&self) -> String {
        let sizes: Vec<String> = self.patterns.iter().map(|p| p.goal_cells.len().to_string()).collect();
        format!("pdb-{}", sizes.join("-"))
    }

    fn start(&self, board: &Board, target: &Board) -> Result<(Self::Estimate, u32), PatternMismatch> {
        self.check_target(target)?;
        let tables: Vec<&[u8]> = self.patterns.iter().map(|pattern| &pattern.signs[..]).collect();
        let estimate = PdbEstimate::new(self, &tables, board, target);
        let h = estimate.value();
        Ok((estimate, h))
    }
}

impl<'a> Heuristic for &'a ByCell {
    type Estimate = PdbEstimate<'a, ByCell>;

    fn name(&self) -> String {
        self.pdb().name()
    }

    fn start(&self, board: &Board, target: &Board) -> Result<(Self::Estimate, u32), PatternMismatch> {
        self.pdb().check_target(target)?;
        let tables: Vec<&[u8]> = self.tables().iter().map(Vec::as_slice).collect();
        let estimate = PdbEstimate::new(self.pdb(), &tables, board, target);
        let h = estimate.value();
        Ok((estimate, h))
    }
}

impl<L: Layout> Estimate for PdbEstimate<'_, L> {
    type Undo = Saved;

    type Kept = ();

    #[inline]
    fn kept(&self) {}

    /// Only the tile's own pattern changes in each view: for the others the
    /// blank stepped between two of their free cells, in one region, whose
    /// value it keeps. The estimate is the larger of the views' sums. Both
    /// views move: IDA* cuts children off by [`Estimate::peek`], before any
    /// move, so it skips none here.
    #[inline(always)]
    fn moved(&mut self, _h: u32, slide: Slide) -> (u32, Saved) {
        let mut saved = Saved([Before::default(); 2]);
        saved.0[0] = self.views[0].moved::<L>(&self.tables, slide);
        saved.0[1] = self.views[1].moved::<L>(&self.tables, slide);
        (self.value(), saved)
    }

    /// Both views' sums after the move, from the signs they hold: a child
    /// IDA* cuts off costs no table read and nothing to undo.
    #[inline(always)]
    fn peek(&self, _h: u32, slide: Slide) -> Option<u32> {
        Some(self.views[0].peek(&slide).max(self.views[1].peek(&slide)))
    }

    fn reset(&mut self, tiles: u64) -> u32 {
        let board = Board::from_tiles(self.target.shape(), tiles).expect("a search's board is valid");
        // The views' tables depend on the target only: only the board changes.
        self.place(&board);
        self.value()
    }

    #[inline]
    fn undo(&mut self, _slide: Slide, saved: Saved) {
        self.views[0].undo(saved.0[0]);
        self.views[1].undo(saved.0[1]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::{signs_len, PatternDb};
    use crate::split::Split;
    use slide_core::{Move, Shape, SplitMix64};

    /// A pattern's database with every sign 0, unbuilt: enough to follow
    /// the indices, whose arithmetic does not read the signs. Its table is
    /// zeroed memory the system hands out untouched, so even 7-8's 1.6
    /// gigabytes cost only the pages a walk reads.
    fn unbuilt(shape: Shape, goal_cells: &[u8], blank: usize) -> PatternDb {
        let (n, k) = (shape.cells(), goal_cells.len());
        let placements: usize = (n - k + 1..=n).product();
        PatternDb {
            shape,
            blank: blank as u8,
            cells: n,
            goal_cells: goal_cells.to_vec(),
            entries: placements * (n - k),
            signs: vec![0; signs_len(placements)].into(),
        }
    }

    /// Each pattern's index as a view of `board` should hold it (see
    /// [`View`]): its placement's index, or its cells as digits for a view
    /// of tables by cell, in 64 bits.
    fn exact_indices(view: &View, pdb: &AdditivePdb, target: &Board, board: &Board) -> Vec<u64> {
        let n = board.shape().cells();
        let cell_of = |tile: usize| (0..n).find(|&cell| board.tile(cell) == tile).unwrap();
        pdb.patterns
            .iter()
            .map(|pattern| {
                let cells: Vec<u8> = pattern
                    .goal_cells
                    .iter()
                    .map(|&goal| view.cell_map[cell_of(target.tile(view.cell_map[goal as usize] as usize))])
                    .collect();
                if view.by_cell {
                    cells.iter().fold(0, |acc, &c| acc * n as u64 + c as u64)
                } else {
                    placement_index(&cells, n) as u64
                }
            })
            .collect()
    }

    /// Along a random walk, every view's index of every pattern, stepped
    /// move by move and undone, is the one computed from the board, for
    /// every 4x4 split (7-8's slots, one per cell of the blank, passed 2^32
    /// in format 5).
    #[test]
    fn a_move_steps_every_index_to_the_one_computed_from_the_board() {
        let shape = Shape::new(4, 4).unwrap();
        let goal = Board::goal(shape);
        for split in [
            Split::FourFourFourThree,
            Split::FiveFiveFive,
            Split::SixSixThree,
            Split::SevenEight,
        ] {
            let patterns = split.patterns(15).unwrap();
            let pdb =
                AdditivePdb::from_patterns(patterns.iter().map(|cells| unbuilt(shape, cells, 15)).collect()).unwrap();
            let (mut estimate, mut h) = (&pdb).start(&goal, &goal).unwrap();
            let mut board = goal;
            let mut random = SplitMix64::new(split as u64);
            for _ in 0..300 {
                let moves: Vec<(Move, Board)> = board.successors().collect();
                let (mv, child) = moves[random.below(moves.len())];
                let (blank, next) = (board.blank(), shape.neighbour(board.blank(), mv).unwrap());
                let slide = Slide {
                    tiles: child.tiles(),
                    tile: board.tile(next),
                    from: next,
                    to: blank,
                };
                let (_, saved) = estimate.moved(h, slide);
                for view in &estimate.views {
                    let exact = exact_indices(view, &pdb, &goal, &child);
                    assert_eq!(view.index[..exact.len()], exact, "{} after {mv:?}", split.name());
                }
                // Undone, then made again: the walk goes on from the child.
                estimate.undo(slide, saved);
                for view in &estimate.views {
                    let exact = exact_indices(view, &pdb, &goal, &board);
                    assert_eq!(view.index[..exact.len()], exact, "{} undoing {mv:?}", split.name());
                }
                h = estimate.moved(h, slide).0;
                board = child;
            }
        }
    }
}
