//! Lines put in place: tile by tile from both ends inwards, the last two
//! by the window below them; or whole, by a [`LineSearch`].

use slide_core::{gap, Move};

use super::{LineSearch, Reduction};

/// How many of a tile's steps after the next one the choice of the next
/// counts, once the blank is beside the tile. Measured
/// (`record/2026-12-07-big-boards.md`, 8 boards of 100x100): one, 1.806
/// n^3; two, 1.777, in about a third more time.
const LOOK_AHEAD: usize = 2;

/// What a way of `moves` moves of the blank that gains `gain`
/// ([`Reduction::gain`]) costs a step of a tile: twice the moves less the
/// gain (`record/2026-12-07-big-boards.md` has the weights tried).
fn cost(moves: usize, gain: i32) -> i32 {
    2 * moves as i32 - gain
}

impl Reduction {
    /// Moves the tile labelled `label` towards `target` through unlocked
    /// cells, until it is there or `done` says it may stop.
    ///
    /// Each step goes to a cell nearer the target ([`Reduction::nearer`]);
    /// where there are two, to the one whose step costs less
    /// ([`Reduction::step_cost`]), counting, once the blank is beside the
    /// tile, the cheapest of the tile's next [`LOOK_AHEAD`] steps too. This
    /// is what makes tiles travel diagonally in zigzags: after a step the
    /// blank is behind the tile, two moves from its side and four from its
    /// front, so a turn costs three moves and a straight step five; and of
    /// the zigzags, it takes the ones whose blank brings other tiles
    /// nearer their cells.
    pub(super) fn move_tile(&mut self, label: usize, target: usize, done: impl Fn(usize) -> bool) {
        loop {
            let at = self.cell_of[label] as usize;
            if at == target || done(at) {
                return;
            }
            let (next, way) = match self.nearer(at, target) {
                [Some(next), None] => (next, self.way(next, at)),
                [Some(first), Some(second)] => {
                    let (first, second) = if self.distance(self.blank(), at) > 2 {
                        // The blank's long way to the tile: one table for both.
                        let (first_way, second_way) = self.ways_to_both(first, second, at);
                        (
                            (self.way_cost(&first_way), first, first_way),
                            (self.way_cost(&second_way), second, second_way),
                        )
                    } else {
                        let (first_cost, first_way) = self.looked_ahead(at, first, target, LOOK_AHEAD);
                        let (second_cost, second_way) = self.looked_ahead(at, second, target, LOOK_AHEAD);
                        ((first_cost, first, first_way), (second_cost, second, second_way))
                    };
                    let (_, next, way) = if first.0 <= second.0 { first } else { second };
                    (next, way)
                }
                _ => unreachable!("a free cell nearer the target"),
            };
            self.take_step(at, next, &way);
        }
    }

    /// The unlocked cells beside `at` one step nearer `target`: one or two.
    ///
    /// One always exists: the locked cells of the row (or column) being
    /// placed are runs at its two ends, and the target extends one of them,
    /// so a step along the row towards it and a step towards the row are
    /// never both locked.
    fn nearer(&self, at: usize, target: usize) -> [Option<usize>; 2] {
        let mut cells = Move::ALL
            .into_iter()
            .filter_map(|mv| self.neighbour(at, mv))
            .filter(|&next| !self.locked[next] && self.distance(next, target) < self.distance(at, target));
        [cells.next(), cells.next()]
    }

    /// What the step of the tile at `at` into the neighbouring `next`
    /// costs, with the blank's way to `next` ([`Reduction::way`]): [`cost`]
    /// of the way. Measured (`record/2026-12-07-big-boards.md`): moves
    /// counted once, or three times, gave longer paths.
    fn step_cost(&mut self, at: usize, next: usize) -> (i32, Vec<Move>) {
        // Most steps are the blank's ways beside the tile: their gain comes
        // with them (measured: 200x200 in 3.7 s a board, 4.2 s without).
        if let Some((moves, count, gain)) = self.way_beside(at, next) {
            return (cost(count, gain), moves[..count].to_vec());
        }
        let way = self.way(next, at);
        (self.way_cost(&way), way)
    }

    /// What the blank's `way` costs a step ([`cost`]).
    fn way_cost(&self, way: &[Move]) -> i32 {
        cost(way.len(), self.way_gain(way))
    }

    /// What the step of the tile at `at` into `next` costs
    /// ([`Reduction::step_cost`]), with the cheapest of the tile's next
    /// `depth` steps after it (each made and taken back), and the blank's
    /// way for the step.
    fn looked_ahead(&mut self, at: usize, next: usize, target: usize, depth: usize) -> (i32, Vec<Move>) {
        let (mut cost, way) = self.step_cost(at, next);
        if depth > 0 && next != target {
            let len = self.moves.len();
            self.take_step(at, next, &way);
            cost += match self.nearer(next, target) {
                [Some(a), b] => {
                    let a = self.looked_ahead(next, a, target, depth - 1).0;
                    b.map_or(a, |b| a.min(self.looked_ahead(next, b, target, depth - 1).0))
                }
                _ => unreachable!("a free cell nearer the target"),
            };
            self.undo(len);
        }
        (cost, way)
    }

    /// The blank's `way` to `next`, then the tile at `at` into it.
    fn take_step(&mut self, at: usize, next: usize, way: &[Move]) {
        for &mv in way {
            self.step(mv);
        }
        self.step(self.move_between(next, at));
    }

    /// Puts the tile of `cell` there and locks it.
    pub(super) fn place(&mut self, cell: usize) {
        self.move_tile(cell, cell, |_| false);
        self.locked[cell] = true;
    }

    /// Puts the tiles of `first` and `last`, the last two cells of a row or
    /// column, in place, with the 3 by 2 (or 2 by 3) `window` at its end;
    /// `stage` is the window's cell beside `first`, one step into the part left.
    pub(super) fn place_pair(&mut self, first: usize, last: usize, stage: usize, window: [usize; 6]) {
        if self.cell_of[first] as usize == first && self.cell_of[last] as usize == last {
            self.locked[first] = true;
            self.locked[last] = true;
            return;
        }
        // Bring both tiles into the window, then the blank.
        self.move_tile(first, first, |_| false);
        self.locked[first] = true;
        self.move_tile(last, stage, |at| window.contains(&at));
        self.locked[first] = false;
        if !window.contains(&self.blank()) {
            let (a, b) = (self.cell_of[first] as usize, self.cell_of[last] as usize);
            self.locked[a] = true;
            self.locked[b] = true;
            // A free cell of the window walled in by the two tiles and
            // locked cells (beside a pair placed from both ends, the row's
            // cell above a tile that came in from the side) is not a way in.
            let open = |cell: usize| {
                Move::ALL
                    .into_iter()
                    .any(|mv| matches!(self.neighbour(cell, mv), Some(next) if !self.locked[next]))
            };
            let to = *window
                .iter()
                .filter(|&&cell| cell != a && cell != b && open(cell))
                .min_by_key(|&&cell| self.distance(cell, self.blank()))
                .expect("free cells in the window that the blank can enter");
            self.move_blank(to, usize::MAX);
            self.locked[a] = false;
            self.locked[b] = false;
        }
        self.solve_window(&window, &[first, last]);
        self.locked[first] = true;
        self.locked[last] = true;
    }

    /// Marks the lines of the part left at (`r0`, `c0`) that are placed
    /// soon: one more than a fifth of its shorter side, and at least three.
    /// (Measured with `reduce` on 20 boards each of 20x20, 50x50 and
    /// 100x100: counting the tiles of the line being placed twice gave
    /// 2.01, 1.98 and 1.96 n^3; of the next three lines, 1.98, 1.95 and
    /// 1.95; of a fifth of the side, 1.98, 1.92 and 1.90; of a third, 1.99,
    /// 1.93 and 1.91; three times instead of twice, within 0.01 of twice.)
    pub(super) fn look_ahead(&mut self, r0: usize, c0: usize) {
        let lines = ((self.rows - r0).min(self.cols - c0) / 5).max(2) + 1;
        self.soon = ((r0 + lines) as u16, (c0 + lines) as u16);
    }

    /// Puts row `r0` of the part left (columns `c0..`) in place.
    pub(super) fn reduce_row(&mut self, r0: usize, c0: usize) {
        self.look_ahead(r0, c0);
        let cols = self.cols;
        let cell = |row: usize, col: usize| row * cols + col;
        let left = self.place_from_both_ends(c0, cols - 1, |col| cell(r0, col));
        // The window: rows r0..r0 + 3 of the two columns left.
        let window = [0, 1, 2, 3, 4, 5].map(|i| cell(r0 + i / 2, left + i % 2));
        self.place_pair(cell(r0, left), cell(r0, left + 1), cell(r0 + 1, left), window);
    }

    /// Puts the cells `cell(first..=last)` of a line in place from both
    /// ends inwards, each time the end whose tile costs fewer moves to
    /// bring (as [`Reduction::placement_cost`] estimates), until two
    /// neighbouring cells are left: returns the first of them.
    ///
    /// Each placed cell extends the placed run at its end, so a cell to
    /// place always has a free neighbour beside it on the line as well as
    /// one off it, and only the last two need [`Reduction::place_pair`].
    pub(super) fn place_from_both_ends(
        &mut self,
        mut first: usize,
        mut last: usize,
        cell: impl Fn(usize) -> usize,
    ) -> usize {
        while last - first > 1 {
            if self.placement_cost(cell(first)) <= self.placement_cost(cell(last)) {
                self.place(cell(first));
                first += 1;
            } else {
                self.place(cell(last));
                last -= 1;
            }
        }
        first
    }

    /// About the moves [`Reduction::place`] takes to put the tile of `cell`
    /// there: the blank's way to the tile, and for the tile's way a turn
    /// costing three moves and a straight step five (see
    /// [`Reduction::move_tile`]).
    pub(super) fn placement_cost(&self, cell: usize) -> usize {
        let at = self.cell_of[cell] as usize;
        let rows = gap(at / self.cols, cell / self.cols);
        let cols = gap(at % self.cols, cell % self.cols);
        let turns = 2 * rows.min(cols);
        self.distance(self.blank(), at) + 3 * turns + 5 * (rows + cols - turns)
    }

    /// Puts row `r0` (if `row`, else column `c0`) of the part left in place
    /// with `search` and locks it; false, with nothing moved, if the
    /// search gives up.
    pub(super) fn place_line_by(&mut self, r0: usize, c0: usize, row: bool, search: &mut dyn LineSearch) -> bool {
        let (height, width, cols) = (self.rows - r0, self.cols - c0, self.cols);
        let local = |cell: usize| (cell / cols - r0) * width + (cell % cols - c0);
        let line: Vec<usize> = match row {
            true => (c0..cols).map(|col| r0 * cols + col).collect(),
            false => (r0..self.rows).map(|row| row * cols + c0).collect(),
        };
        let tiles: Vec<(usize, usize)> = line
            .iter()
            .map(|&cell| (local(self.cell_of[cell] as usize), local(cell)))
            .collect();
        let path = match search.place(height, width, local(self.blank()), &tiles) {
            Some(path) => path,
            None => return false,
        };
        // Moves inside the part are the same moves on the whole board.
        for mv in path {
            self.step(mv);
        }
        for cell in line {
            debug_assert_eq!(self.cell_of[cell] as usize, cell, "the search puts the line in place");
            self.locked[cell] = true;
        }
        true
    }

    /// Puts column `c0` of the part left (rows `r0..`) in place.
    pub(super) fn reduce_column(&mut self, r0: usize, c0: usize) {
        self.look_ahead(r0, c0);
        let (rows, cols) = (self.rows, self.cols);
        let cell = |row: usize, col: usize| row * cols + col;
        let top = self.place_from_both_ends(r0, rows - 1, |row| cell(row, c0));
        // The window: columns c0..c0 + 3 of the two rows left.
        let window = [0, 1, 2, 3, 4, 5].map(|i| cell(top + i % 2, c0 + i / 2));
        self.place_pair(cell(top, c0), cell(top + 1, c0), cell(top, c0 + 1), window);
    }
}
