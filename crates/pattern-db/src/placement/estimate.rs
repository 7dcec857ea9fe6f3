//! The additive sum of placement patterns for a goal, as it follows a search's
//! board: [`PlacementPdb`].

use std::marker::PhantomData;
use std::sync::Arc;

use slide_core::CellMasks;
use slide_solvers::{Estimate, Heuristic, PatternMismatch, Position, Slide, WideBoard, WideTiles};

use super::{in_blanks_region, Lookup, PlacementPatternDb, MAX_PLACEMENT_CELLS, MAX_PLACEMENT_TILES};

/// One pattern of a [`PlacementPdb`]: a table, and the symmetry of the square
/// that carries the table's cells to the pattern's (`to_table[c]`: the
/// table's cell for board cell `c`).
#[derive(Clone)]
struct Pattern {
    table: Arc<PlacementPatternDb>,
    to_table: [u8; MAX_PLACEMENT_CELLS],
    /// The pattern's goal cells on the board, in the table's order.
    goal_cells: Vec<u8>,
}

/// Disjoint placement patterns that cover every cell of the goal but the
/// blank's, each a table carried there by a symmetry: the sum of their
/// values, and of the board reflected about the main diagonal, the larger,
/// is an admissible estimate (Korf and Felner's 24-puzzle heuristic).
#[derive(Clone)]
pub struct PlacementPdb {
    rows: usize,
    cols: usize,
    patterns: Vec<Pattern>,
    /// Whether a pattern's value is that of the blank's region (zero-aware)
    /// or the least over the regions (Korf and Felner's).
    zero_aware: bool,
    /// The grid's masks, which find the blank's region.
    masks: CellMasks,
}

impl PlacementPdb {
    /// The sum of `patterns`, each a table and the symmetry that carries its
    /// cells to the pattern's (`to_table[c]`: the table's cell for board
    /// cell `c`), on a square board of `rows` by `cols` cells.
    ///
    /// # Panics
    /// Panics if a symmetry does not map every board cell to a table cell,
    /// a table has more than 2^32 slots (a search keeps an index in 32
    /// bits; six tiles on 25 cells have 2.4e8), or there are more than
    /// twelve patterns (a beam keeps their values beside each board).
    pub fn new(rows: usize, cols: usize, patterns: Vec<(Arc<PlacementPatternDb>, Vec<u8>)>) -> PlacementPdb {
        let n = rows * cols;
        assert!(patterns.len() <= MAX_KEPT, "at most {MAX_KEPT} patterns");
        let patterns = patterns
            .into_iter()
            .map(|(table, to_table)| {
                assert_eq!(to_table.len(), n, "a symmetry maps every cell");
                let slots = PlacementPatternDb::slots(n, table.goal_cells().len());
                assert!(slots as u64 <= 1 << 32, "a table's index fits in 32 bits");
                let mut map = [0u8; MAX_PLACEMENT_CELLS];
                map[..n].copy_from_slice(&to_table);
                let mut from_table = [0u8; MAX_PLACEMENT_CELLS];
                for (cell, &t) in to_table.iter().enumerate() {
                    from_table[t as usize] = cell as u8;
                }
                let goal_cells = table.goal_cells().iter().map(|&t| from_table[t as usize]).collect();
                Pattern {
                    table,
                    to_table: map,
                    goal_cells,
                }
            })
            .collect();
        PlacementPdb {
            rows,
            cols,
            patterns,
            zero_aware: true,
            masks: slide_core::Grid::new(rows, cols).expect("the tables' grid").masks(),
        }
    }

    /// The same sum, each pattern's value the least over the blank's regions
    /// (`false`: Korf and Felner's heuristic, whose node counts the serial
    /// search reproduces) or that of the blank's own region (`true`, the
    /// default: zero-aware, never less; on Korf and Felner's 17 easiest
    /// 0.63 of the nodes, `record/2026-12-05-frontier.md`).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use slide_pattern_db::{PlacementPatternDb, PlacementPdb};
    /// use slide_solvers::{Heuristic, WideBoard};
    /// let identity: Vec<u8> = (0..9).collect();
    /// let patterns = [vec![1u8, 3], vec![2, 4, 5], vec![6, 7, 8]]
    ///     .into_iter()
    ///     .map(|cells| (Arc::new(PlacementPatternDb::build(3, 3, &cells, 0)), identity.clone()))
    ///     .collect();
    /// let pdb = PlacementPdb::new(3, 3, patterns);
    /// let least = pdb.clone().with_zero_aware(false);
    /// let goal = WideBoard::<u128>::new(3, 3, &[0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    /// // Tiles 1 and 3 home, the blank walled out of its corner.
    /// let board = WideBoard::<u128>::new(3, 3, &[4, 1, 2, 3, 5, 8, 6, 7, 0]).unwrap();
    /// assert!((&pdb).estimate(&board, &goal).unwrap() > (&least).estimate(&board, &goal).unwrap());
    /// ```
    pub fn with_zero_aware(mut self, zero_aware: bool) -> PlacementPdb {
        self.zero_aware = zero_aware;
        self
    }

    /// The patterns' goal cells on the board, each in its table's order.
    pub fn goal_cells(&self) -> Vec<Vec<u8>> {
        self.patterns.iter().map(|pattern| pattern.goal_cells.clone()).collect()
    }

    /// Checks that these tables can estimate distances to `target`: of
    /// their size, with the patterns covering every cell but the blank's.
    fn check_target<T: WideTiles>(&self, target: &WideBoard<T>) -> Result<(), PatternMismatch> {
        if (target.rows(), target.cols()) != (self.rows, self.cols) {
            return Err(PatternMismatch {
                reason: format!(
                    "the pattern databases are for {}x{} boards, the target is {}x{}",
                    self.rows,
                    self.cols,
                    target.rows(),
                    target.cols()
                ),
            });
        }
        let covered = self
            .patterns
            .iter()
            .flat_map(|p| &p.goal_cells)
            .fold(0u64, |m, &c| m | 1 << c);
        let wrong_blank = || PatternMismatch {
            reason: format!(
                "the {}x{} pattern databases need the target's blank in a corner, not in cell {}",
                self.rows,
                self.cols,
                target.blank() + 1
            ),
        };
        if covered & (1 << target.blank()) != 0 {
            return Err(wrong_blank());
        }
        // A move of a tile no pattern holds would be read as one of the
        // first pattern's.
        let cells = target.rows() * target.cols();
        if covered.count_ones() as usize + 1 != cells {
            return Err(PatternMismatch {
                reason: format!(
                    "the pattern databases cover {} of the target's {} tiles, not all",
                    covered.count_ones(),
                    cells - 1
                ),
            });
        }
        // Each table counts the moves that bring the blank into the region
        // of its goal's blank: the target's blank must be in that region.
        for pattern in &self.patterns {
            let table = &pattern.table;
            let masks = target.grid().masks();
            let walls = table.goal_cells().iter().fold(0u64, |mask, &c| mask | 1 << c);
            let region = masks.region(1 << table.blank(), masks.all & !walls);
            if region & 1 << pattern.to_table[target.blank()] == 0 {
                return Err(wrong_blank());
            }
        }
        Ok(())
    }
}

/// One way of reading a board into the patterns: directly, or reflected
/// about the main diagonal.
#[derive(Clone)]
struct View<'a> {
    /// `pattern_of[t]`: tile `t`'s pattern; `weight_of[t]`: the weight of
    /// its digit in that pattern's index (`n^s` for its slot `s`, see
    /// [`PlacementPatternDb::index`]): all a move of the tile reads about it.
    pattern_of: [u8; MAX_PLACEMENT_CELLS],
    weight_of: [u32; MAX_PLACEMENT_CELLS],
    /// Each pattern as this view reads it.
    patterns: Vec<PatternView<'a>>,
    /// The sum of the patterns' values.
    sum: u32,
}

/// One pattern as a view reads it: what a move of one of its tiles reads
/// and writes, side by side.
#[derive(Clone)]
struct PatternView<'a> {
    /// `to_table[c]`: the table cell for board cell `c`, through the view's
    /// reflection and the pattern's symmetry.
    to_table: [u8; MAX_PLACEMENT_CELLS],
    /// Its `k` tiles, in the table's order.
    tiles: [u8; MAX_PLACEMENT_TILES],
    k: usize,
    /// Its table's bytes.
    table: Lookup<'a>,
    /// These fields depend on the board, those above on the target only:
    /// the mask of the table cells its tiles stand on (for the blank's
    /// region), the index of their placement, and its value.
    used: u64,
    index: u32,
    value: u8,
}

/// A view before a move, as undoing it writes it back.
#[derive(Clone, Copy, Default)]
struct Before {
    pattern: u8,
    value: u8,
    used: u64,
    index: u32,
    sum: u32,
}

/// The most patterns a [`PlacementPdb`] sums whose values a beam keeps
/// beside each board ([`PlacementKept`]): the 35-puzzle's seven and the
/// 48-puzzle's twelve.
const MAX_KEPT: usize = 12;

/// What a board's estimate keeps beyond its value: each view's patterns'
/// values, which a search that holds the board (the beam) hands back rather
/// than read the tables again ([`Estimate::resume`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlacementKept([[u8; MAX_KEPT]; 2]);

/// What undoing a move needs: each view as it was.
#[derive(Clone, Copy)]
pub struct PlacementSaved([Before; 2]);

/// [`PlacementPdb`] as it follows one search's board.
pub struct PlacementPdbEstimate<'a, T> {
    pdb: &'a PlacementPdb,
    views: [View<'a>; 2],
    /// The grid's masks, for the blank's region (zero-aware only).
    masks: CellMasks,
    zero_aware: bool,
    tiles: PhantomData<T>,
}

impl<'a> View<'a> {
    /// The view through `reflect` (board cell to the cell the view reads
    /// it as) of `board` towards `target`.
    fn new<T: WideTiles>(
        pdb: &'a PlacementPdb,
        reflect: &[u8],
        board: &WideBoard<T>,
        target: &WideBoard<T>,
    ) -> View<'a> {
        let n = board.cells();
        let mut view = View {
            pattern_of: [0; MAX_PLACEMENT_CELLS],
            weight_of: [0; MAX_PLACEMENT_CELLS],
            patterns: Vec::with_capacity(pdb.patterns.len()),
            sum: 0,
        };
        for (p, pattern) in pdb.patterns.iter().enumerate() {
            let mut seen = PatternView {
                to_table: [0; MAX_PLACEMENT_CELLS],
                tiles: [0; MAX_PLACEMENT_TILES],
                k: pattern.goal_cells.len(),
                table: pattern.table.lookup(),
                used: 0,
                index: 0,
                value: 0,
            };
            for (to, &cell) in seen.to_table.iter_mut().zip(&reflect[..n]) {
                *to = pattern.to_table[cell as usize];
            }
            for (slot, &goal) in pattern.goal_cells.iter().enumerate() {
                // The tile the target has where the view sees this goal cell.
                let tile = target.tile(reflect[goal as usize] as usize);
                view.pattern_of[tile] = p as u8;
                view.weight_of[tile] = (n as u32).pow(slot as u32);
                seen.tiles[slot] = tile as u8;
            }
            view.patterns.push(seen);
        }
        view.place(pdb, &cells_of(board.tiles(), n), None);
        view
    }

    /// Reads the board whose tile `t` is in cell `cell_of[t]`: each
    /// pattern's table cells, its value, and their sum; the values read
    /// from `kept` where given (what [`View::values`] gave on this board),
    /// else from the tables. Allocates nothing, so that A* can start over
    /// from each board it expands.
    fn place(&mut self, pdb: &PlacementPdb, cell_of: &[u8; MAX_PLACEMENT_CELLS], kept: Option<&[u8; MAX_KEPT]>) {
        let n = pdb.rows * pdb.cols;
        self.sum = 0;
        for (p, seen) in self.patterns.iter_mut().enumerate() {
            let mut cells = [0u8; MAX_PLACEMENT_TILES];
            for (cell, &tile) in cells.iter_mut().zip(&seen.tiles[..seen.k]) {
                *cell = seen.to_table[cell_of[tile as usize] as usize];
            }
            let cells = &cells[..seen.k];
            seen.used = cells.iter().fold(0, |used, &c| used | 1 << c);
            let index = PlacementPatternDb::index(cells, n);
            seen.index = index as u32;
            seen.value = match kept {
                Some(values) => values[p],
                None => {
                    let blank = seen.to_table[cell_of[0] as usize];
                    seen.value_at(index, blank, (&pdb.masks, pdb.zero_aware))
                }
            };
            self.sum += seen.value as u32;
        }
    }

    /// Each pattern's value, for [`View::place`] to take back.
    fn values(&self) -> [u8; MAX_KEPT] {
        let mut values = [0; MAX_KEPT];
        for (value, seen) in values.iter_mut().zip(&self.patterns) {
            *value = seen.value;
        }
        values
    }

    /// Follows a move of `tile` from `from` to `to`: its pattern's index and
    /// value anew. Returns what undoing it needs.
    ///
    /// The index follows the move rather than being read anew from the
    /// pattern's cells: a tile moving from table cell `a` to `b` changes
    /// its own digit alone, by `b - a`, so the index changes by its
    /// weight times that ([`PlacementPatternDb::index`]). Read anew, the
    /// index took six digits' arithmetic; followed through the earlier
    /// index by rank, a correction for each pattern tile the move crossed
    /// (`record/2026-12-05-frontier.md`). A move reads of the tile only its
    /// pattern and weight, and of the pattern only its cells' map, mask,
    /// index, value and table, side by side.
    #[inline(always)]
    fn moved(&mut self, estimate: (&CellMasks, bool), tile: usize, from: usize, to: usize) -> Before {
        let p = self.pattern_of[tile] as usize;
        let weight = self.weight_of[tile];
        let seen = &mut self.patterns[p];
        let before = Before {
            pattern: p as u8,
            value: seen.value,
            used: seen.used,
            index: seen.index,
            sum: self.sum,
        };
        let (a, b) = (seen.to_table[from], seen.to_table[to]);
        // Modulo 2^32, where `b - a` is negative: the index fits (see
        // `PlacementPdb::new`).
        let step = weight.wrapping_mul(u32::from(b).wrapping_sub(u32::from(a)));
        let index = before.index.wrapping_add(step) as usize;
        seen.index = index as u32;
        seen.used = before.used ^ (1 << a) ^ (1 << b);
        // The mask and the index are followed apart: their cells agree.
        debug_assert_eq!(seen.used, digits_mask(index, seen.k, estimate.0.all.count_ones()));
        // The blank is now where the tile was. Only this pattern's value can
        // change: to every other one the tile is not a pattern tile, so the
        // blank stays in the same region of its free cells.
        let value = seen.value_at(index, a, estimate);
        seen.value = value;
        self.sum = before.sum + value as u32 - before.value as u32;
        before
    }

    #[inline(always)]
    fn undo(&mut self, before: Before) {
        let seen = &mut self.patterns[before.pattern as usize];
        seen.used = before.used;
        seen.index = before.index;
        seen.value = before.value;
        self.sum = before.sum;
    }
}

impl PatternView<'_> {
    /// The value of placement `index` (of this pattern's tiles on the cells
    /// of `used`) with the blank on table cell `blank`: of the blank's
    /// region if `zero_aware`, else the least over the regions.
    #[inline(always)]
    fn value_at(&self, index: usize, blank: u8, (masks, zero_aware): (&CellMasks, bool)) -> u8 {
        if zero_aware {
            // The free cells only where the region is asked for (one lookup
            // in about six).
            self.table
                .zero_aware(index, |cell| in_blanks_region(masks, self.used, blank, cell))
        } else {
            self.table.least(index)
        }
    }
}

/// The cells of the digits of `index` (its `k` digits in base `n`): for a
/// debug check that the mask a move follows matches the index it follows.
fn digits_mask(mut index: usize, k: usize, n: u32) -> u64 {
    let mut mask = 0;
    for _ in 0..k {
        mask |= 1 << (index % n as usize);
        index /= n as usize;
    }
    mask
}

impl<'a, T: WideTiles> Heuristic<WideBoard<T>> for &'a PlacementPdb {
    type Estimate = PlacementPdbEstimate<'a, T>;

    /// `pdb` and the pattern sizes, such as `pdb-6-6-6-6`.
    fn name(&self) -> String {
        let sizes: Vec<String> = self.patterns.iter().map(|p| p.goal_cells.len().to_string()).collect();
        format!("pdb-{}", sizes.join("-"))
    }

    fn start(
        &self,
        board: &WideBoard<T>,
        target: &WideBoard<T>,
    ) -> Result<(PlacementPdbEstimate<'a, T>, u32), PatternMismatch> {
        self.check_target(target)?;
        let pdb: &'a PlacementPdb = self;
        let estimate = PlacementPdbEstimate {
            pdb,
            views: pdb.views(board, target),
            masks: pdb.masks,
            zero_aware: pdb.zero_aware,
            tiles: PhantomData,
        };
        let h = estimate.value();
        Ok((estimate, h))
    }
}

impl PlacementPdb {
    /// The direct view of `board`, and the one reflected about the diagonal
    /// of the square through the target's blank
    /// ([`slide_core::Grid::reflection_through`]; on another board, or with
    /// the blank on neither diagonal, the direct one again).
    ///
    /// Why that diagonal: the reflected board towards the reflected target
    /// is as far as the board towards the target, and the tables read it
    /// only if the reflected target's blank is the one cell no pattern
    /// covers, the target's own blank cell. Korf and Felner's goal has its
    /// blank in the top-left corner, which the main diagonal keeps; a
    /// blank in the top-right or bottom-left corner is kept by the other
    /// diagonal, and the main one would carry it to the opposite corner,
    /// where a pattern reads the blank as one of its tiles.
    fn views<T: WideTiles>(&self, board: &WideBoard<T>, target: &WideBoard<T>) -> [View<'_>; 2] {
        let n = board.cells();
        let identity: Vec<u8> = (0..n as u8).collect();
        let direct = View::new(self, &identity, board, target);
        match board.grid().reflection_through(target.blank()) {
            Some(reflect) => {
                let reflect: Vec<u8> = reflect.into_iter().map(|cell| cell as u8).collect();
                [direct, View::new(self, &reflect, board, target)]
            }
            None => [direct.clone(), direct],
        }
    }
}

impl<T> PlacementPdbEstimate<'_, T> {
    /// The larger of the views' sums.
    fn value(&self) -> u32 {
        self.views[0].sum.max(self.views[1].sum)
    }
}

impl<T: WideTiles> Estimate<T> for PlacementPdbEstimate<'_, T> {
    type Undo = PlacementSaved;

    type Kept = PlacementKept;

    #[inline]
    fn kept(&self) -> PlacementKept {
        PlacementKept([self.views[0].values(), self.views[1].values()])
    }

    #[inline]
    fn moved(&mut self, h: u32, slide: Slide<T>) -> (u32, PlacementSaved) {
        self.moved_within(h, slide, u32::MAX)
    }

    /// The reflected view is read only when the direct one leaves the
    /// child within `within`.
    #[inline(always)]
    fn moved_within(&mut self, _h: u32, slide: Slide<T>, within: u32) -> (u32, PlacementSaved) {
        let mut saved = PlacementSaved([Before::default(); 2]);
        let estimate = (&self.masks, self.zero_aware);
        saved.0[0] = self.views[0].moved(estimate, slide.tile, slide.from, slide.to);
        if self.views[0].sum > within {
            saved.0[1].pattern = u8::MAX;
            return (self.views[0].sum, saved);
        }
        saved.0[1] = self.views[1].moved(estimate, slide.tile, slide.from, slide.to);
        (self.views[0].sum.max(self.views[1].sum), saved)
    }

    /// Always inlined: called at every child, it was not, and showed as
    /// 5.8% of a profile's samples; inlined alone, the time moved within
    /// the noise (`record/2026-12-05-frontier.md`).
    #[inline(always)]
    fn undo(&mut self, _slide: Slide<T>, saved: PlacementSaved) {
        self.views[0].undo(saved.0[0]);
        if saved.0[1].pattern != u8::MAX {
            self.views[1].undo(saved.0[1]);
        }
    }

    fn reset(&mut self, tiles: T) -> u32 {
        let cell_of = cells_of(tiles, self.pdb.rows * self.pdb.cols);
        for view in &mut self.views {
            view.place(self.pdb, &cell_of, None);
        }
        self.value()
    }

    /// Where each view's tiles stand follows from the board; their values
    /// are kept rather than read from the tables again.
    #[inline]
    fn resume(&mut self, tiles: T, _blank: usize, kept: PlacementKept) {
        let cell_of = cells_of(tiles, self.pdb.rows * self.pdb.cols);
        for (view, values) in self.views.iter_mut().zip(&kept.0) {
            view.place(self.pdb, &cell_of, Some(values));
        }
    }
}

/// `cell_of[t]`: the cell of tile `t` on the board of `n` cells with packed
/// `tiles`.
fn cells_of<T: WideTiles>(tiles: T, n: usize) -> [u8; MAX_PLACEMENT_CELLS] {
    let mut cell_of = [0u8; MAX_PLACEMENT_CELLS];
    for cell in 0..n {
        cell_of[tiles.tile(cell)] = cell as u8;
    }
    cell_of
}
