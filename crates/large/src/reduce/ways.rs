//! The blank's ways: of the shortest ways to where it must go, one whose
//! moves bring the tiles they displace furthest towards their cells.

use slide_core::{gap, Move};

use super::Reduction;

/// How much more a step of a tile that is placed soon counts in
/// [`Reduction::gain`].
const SOON_WEIGHT: i32 = 2;

/// Rows `top..=bottom` by columns `left..=right` of the board.
#[derive(Clone, Copy)]
pub(super) struct Rectangle {
    top: usize,
    bottom: usize,
    left: usize,
    right: usize,
}

/// The buffers of [`Reduction::move_blank`]'s searches, kept from call to
/// call: per cell of the rectangle searched, the layer it was reached in
/// (`u32::MAX` if not yet), the best score of a shortest way to it, and the
/// move into it on such a way; and the queue of cells.
#[derive(Default)]
pub(super) struct Ways {
    layer: Vec<u32>,
    score: Vec<i32>,
    arrival: Vec<Move>,
    queue: Vec<usize>,
}

impl Reduction {
    /// Takes the blank to `to` through unlocked cells other than `avoid`
    /// by a shortest way, and of the shortest ways by one whose moves bring
    /// the tiles they displace furthest towards their cells (see
    /// [`Reduction::gain`]): [`Reduction::way`]'s.
    pub(super) fn move_blank(&mut self, to: usize, avoid: usize) {
        for mv in self.way(to, avoid) {
            self.step(mv);
        }
    }

    /// The way [`Reduction::move_blank`] takes, the blank not moved: round
    /// a tile the blank stands beside without a search
    /// ([`Reduction::way_beside`]); else in the rectangle with the blank
    /// and `to` in its corners when a way that only goes towards `to`
    /// gets there ([`Reduction::best_straight_ways`]), else in that
    /// rectangle widened as far as a shortest way can stray from it, or
    /// over the whole board if the blank cannot get round nearby
    /// ([`Reduction::best_way_within`]).
    pub(super) fn way(&mut self, to: usize, avoid: usize) -> Vec<Move> {
        let blank = self.blank();
        if blank == to {
            return Vec::new();
        }
        let ((blank_row, blank_col), (to_row, to_col)) = (self.row_col[blank], self.row_col[to]);
        // The rectangle with the blank and `to` in its corners, widened by
        // `margin` cells (within the board).
        let around = |margin: usize| Rectangle {
            top: (blank_row.min(to_row) as usize).saturating_sub(margin),
            bottom: (blank_row.max(to_row) as usize + margin).min(self.rows - 1),
            left: (blank_col.min(to_col) as usize).saturating_sub(margin),
            right: (blank_col.max(to_col) as usize + margin).min(self.cols - 1),
        };
        if let Some((moves, count, _)) = self.way_beside(avoid, to) {
            return moves[..count].to_vec();
        }
        let mut ways = std::mem::take(&mut self.ways);
        let [straight] = self.best_straight_ways(&mut ways, to, avoid, [to]);
        let path = straight
            .or_else(|| {
                // A way of `distance + 2m` moves stays within `m` cells of
                // the rectangle, so once one is found, every way as short
                // is in the rectangle widened by `m`.
                let near = self.best_way_within(&mut ways, around(1), to, avoid)?;
                match (near.len() - self.distance(blank, to)) / 2 {
                    0 | 1 => Some(near),
                    margin => self.best_way_within(&mut ways, around(margin), to, avoid),
                }
            })
            .or_else(|| self.best_way_within(&mut ways, around(self.rows + self.cols), to, avoid))
            .expect("the blank reaches its cell: the reduction keeps the free cells connected");
        self.ways = ways;
        path
    }

    /// [`Reduction::way`] to each of `a` and `b`, two cells beside `avoid`
    /// (the blank's long ways to a tile, mostly): one table serves both,
    /// that of the rectangle from the blank to the corner as far as the
    /// farther of them in each direction, where it reaches them (the ways
    /// are those [`Reduction::way`] gives, found once).
    pub(super) fn ways_to_both(&mut self, a: usize, b: usize, avoid: usize) -> (Vec<Move>, Vec<Move>) {
        let (blank_row, blank_col) = self.row_col[self.blank()];
        let ((a_row, a_col), (b_row, b_col)) = (self.row_col[a], self.row_col[b]);
        let row = if gap(a_row, blank_row) >= gap(b_row, blank_row) {
            a_row
        } else {
            b_row
        };
        let col = if gap(a_col, blank_col) >= gap(b_col, blank_col) {
            a_col
        } else {
            b_col
        };
        let corner = row as usize * self.cols + col as usize;
        let mut ways = std::mem::take(&mut self.ways);
        let [to_a, to_b] = self.best_straight_ways(&mut ways, corner, avoid, [a, b]);
        self.ways = ways;
        let to_a = to_a.unwrap_or_else(|| self.way(a, avoid));
        let to_b = to_b.unwrap_or_else(|| self.way(b, avoid));
        (to_a, to_b)
    }

    /// The blank's way to `next` when the blank and `next` are two cells
    /// beside the tile at `at`, without a search: two moves round the
    /// corner between them, or four round the better side of the tile when
    /// they are on opposite sides (on a tie, the first side): its moves,
    /// their number and their gain, those a search would give; `None` when
    /// they do not stand so or a cell the way needs is locked.
    pub(super) fn way_beside(&self, at: usize, next: usize) -> Option<([Move; 4], usize, i32)> {
        let blank = self.blank();
        let towards = Move::ALL
            .into_iter()
            .find(|&mv| self.neighbour(blank, mv) == Some(at))?;
        let onwards = Move::ALL.into_iter().find(|&mv| self.neighbour(at, mv) == Some(next))?;
        let free = |cell: Option<usize>| cell.filter(|&cell| !self.locked[cell]);
        if onwards == towards {
            // Round a side: the cells beside the blank, the tile and `next`.
            let sides = match towards {
                Move::Up | Move::Down => [Move::Left, Move::Right],
                Move::Left | Move::Right => [Move::Up, Move::Down],
            };
            let mut best: Option<([Move; 4], usize, i32)> = None;
            for side in sides {
                let cells = (
                    free(self.neighbour(blank, side)),
                    free(self.neighbour(at, side)),
                    free(self.neighbour(next, side)),
                );
                if let (Some(a), Some(b), Some(c)) = cells {
                    let gain = self.gain(blank, a) + self.gain(a, b) + self.gain(b, c) + self.gain(c, next);
                    if best.map_or(true, |(_, _, most)| gain > most) {
                        best = Some(([side, towards, towards, side.reverse()], 4, gain));
                    }
                }
            }
            return best;
        }
        if onwards == towards.reverse() {
            return None;
        }
        // Round the corner: the cell beside the blank towards `next`.
        let corner = free(self.neighbour(blank, onwards))?;
        let gain = self.gain(blank, corner) + self.gain(corner, next);
        Some(([onwards, towards, Move::Up, Move::Up], 2, gain))
    }

    /// What the blank's way `path` is worth: the sum of [`Reduction::gain`]
    /// over its moves. A shortest way never comes back to a cell, so each
    /// move displaces the tile the board has there now.
    pub(super) fn way_gain(&self, path: &[Move]) -> i32 {
        let mut blank = self.blank();
        path.iter()
            .map(|&mv| {
                let next = self.neighbour(blank, mv).expect("a way on the board");
                let gain = self.gain(blank, next);
                blank = next;
                gain
            })
            .sum()
    }

    /// What the blank's move from `from` into the neighbouring cell `next`
    /// is worth: the tile in `next` slides into `from`, and a step that
    /// brings it nearer its cell is one the reduction need not pay for
    /// later (one that takes it away, one more to pay). Tiles that are
    /// placed soon (see [`Reduction::soon`]) count twice.
    ///
    /// Every move of the blank moves a tile, and on its way to the next
    /// tile or around it the blank has many shortest ways to choose from.
    /// Taking the best of them took a quarter off the paths of large boards
    /// (`record/large-boards.md`).
    #[inline]
    pub(super) fn gain(&self, from: usize, next: usize) -> i32 {
        let home = self.row_col[self.label_at[next] as usize];
        let ((from_row, from_col), (next_row, next_col)) = (self.row_col[from], self.row_col[next]);
        let nearer = gap(next_row, home.0) as i32 - gap(from_row, home.0) as i32 + gap(next_col, home.1) as i32
            - gap(from_col, home.1) as i32;
        let soon = home.0 < self.soon.0 || home.1 < self.soon.1;
        nearer * if soon { SOON_WEIGHT } else { 1 }
    }

    /// [`Reduction::move_blank`]'s way when one goes only towards `to`
    /// within the rectangle with the blank and `to` in its corners, round
    /// its cells locked or `avoid` (the blank's long ways to the next tile,
    /// mostly); `None` if none does. Such ways are then the shortest: the
    /// best score of each cell comes from the cell before it in its row or
    /// in its column, and a table filled row by row holds them all.
    ///
    /// The table of the rectangle up to `to` holds the ways to each of its
    /// cells: the way to each of `cells` is given, `None` for one outside
    /// the rectangle or not reached so.
    pub(super) fn best_straight_ways<const N: usize>(
        &self,
        ways: &mut Ways,
        to: usize,
        avoid: usize,
        cells: [usize; N],
    ) -> [Option<Vec<Move>>; N] {
        let cols = self.cols;
        let ((blank_row, blank_col), (to_row, to_col)) = (self.row_col[self.blank()], self.row_col[to]);
        let (down, right) = (to_row >= blank_row, to_col >= blank_col);
        let (height, width) = (gap(blank_row, to_row) as usize + 1, gap(blank_col, to_col) as usize + 1);
        // The cell `i` rows and `j` columns from the blank towards `to`.
        let cell = |i: usize, j: usize| {
            let row = if down {
                blank_row as usize + i
            } else {
                blank_row as usize - i
            };
            let col = if right {
                blank_col as usize + j
            } else {
                blank_col as usize - j
            };
            row * cols + col
        };
        // The score of a way into (i, j) from the cell above (in the
        // blank's direction) or beside it. A cell locked or `avoid` is
        // never entered: its score is UNREACHED, so far below any way's
        // that a score under half of it means no way gets there (the
        // gains of a way add up to a few thousand at most).
        const UNREACHED: i32 = i32::MIN / 2;
        let reached = |score: i32| if score < UNREACHED / 2 { UNREACHED } else { score };
        let blocked = |i: usize, j: usize| (i, j) != (0, 0) && (cell(i, j) == avoid || self.locked[cell(i, j)]);
        let from_above =
            |score: &[i32], i: usize, j: usize| score[(i - 1) * width + j] + self.gain(cell(i - 1, j), cell(i, j));
        let from_beside =
            |score: &[i32], i: usize, j: usize| score[i * width + j - 1] + self.gain(cell(i, j - 1), cell(i, j));
        let score = &mut ways.score;
        score.clear();
        score.resize(height * width, 0);
        for i in 0..height {
            for j in 0..width {
                score[i * width + j] = match (i > 0, j > 0) {
                    _ if blocked(i, j) => UNREACHED,
                    (true, true) => from_above(score, i, j).max(from_beside(score, i, j)),
                    (true, false) => from_above(score, i, j),
                    (false, true) => from_beside(score, i, j),
                    (false, false) => 0,
                };
                score[i * width + j] = reached(score[i * width + j]);
            }
        }
        let vertical = if down { Move::Down } else { Move::Up };
        let horizontal = if right { Move::Right } else { Move::Left };
        // The best way to (i, j), read back through the table.
        let path_to = |(mut i, mut j): (usize, usize)| {
            let mut path = Vec::with_capacity(i + j);
            while (i, j) != (0, 0) {
                if i > 0 && (j == 0 || from_above(score, i, j) == score[i * width + j]) {
                    path.push(vertical);
                    i -= 1;
                } else {
                    path.push(horizontal);
                    j -= 1;
                }
            }
            path.reverse();
            path
        };
        // A cell's place in the table, if it has one and is reached.
        let place = |cell: usize| {
            let (row, col) = self.row_col[cell];
            let i = match down {
                true => row.checked_sub(blank_row)?,
                false => blank_row.checked_sub(row)?,
            } as usize;
            let j = match right {
                true => col.checked_sub(blank_col)?,
                false => blank_col.checked_sub(col)?,
            } as usize;
            // (`bool::then_some` is newer than HackerRank's Rust 1.59.)
            if i < height && j < width && score[i * width + j] != UNREACHED {
                Some((i, j))
            } else {
                None
            }
        };
        cells.map(|cell| place(cell).map(path_to))
    }

    /// [`Reduction::move_blank`]'s way through the unlocked cells of
    /// `within` other than `avoid`; `None` if `to` cannot be reached so.
    ///
    /// A breadth-first search that keeps, for each cell, the best score of
    /// a shortest way to it: a shortest way never comes back to a cell, so
    /// the tile a move displaces is the one the board has there now, and a
    /// cell's score is final once the layer before it is done.
    pub(super) fn best_way_within(
        &self,
        ways: &mut Ways,
        within: Rectangle,
        to: usize,
        avoid: usize,
    ) -> Option<Vec<Move>> {
        let cols = self.cols;
        let width = within.right - within.left + 1;
        let slot = |cell: usize| {
            let (row, col) = self.row_col[cell];
            (row as usize - within.top) * width + (col as usize - within.left)
        };
        let size = (within.bottom - within.top + 1) * width;
        // Only the layers start afresh: a cell's score and move are written
        // when it is first reached, before they are read.
        ways.layer.clear();
        ways.layer.resize(size, u32::MAX);
        ways.score.resize(size, 0);
        ways.arrival.resize(size, Move::Up);
        ways.queue.clear();
        let blank = self.blank();
        ways.layer[slot(blank)] = 0;
        ways.score[slot(blank)] = 0;
        ways.queue.push(blank);
        let mut head = 0;
        while let Some(&cell) = ways.queue.get(head) {
            head += 1;
            if cell == to {
                let mut path = Vec::new();
                let mut at = to;
                while at != blank {
                    let mv = ways.arrival[slot(at)];
                    path.push(mv);
                    at = self.neighbour(at, mv.reverse()).expect("the way came from there");
                }
                path.reverse();
                return Some(path);
            }
            let here = slot(cell);
            let (row, col) = self.row_col[cell];
            let (row, col) = (row as usize, col as usize);
            let steps = [
                (Move::Up, row > within.top, cell.wrapping_sub(cols)),
                (Move::Down, row < within.bottom, cell + cols),
                (Move::Left, col > within.left, cell.wrapping_sub(1)),
                (Move::Right, col < within.right, cell + 1),
            ];
            for (mv, inside, next) in steps {
                if !inside || next == avoid || self.locked[next] {
                    continue;
                }
                let there = slot(next);
                let first = ways.layer[there] == u32::MAX;
                if !first && ways.layer[there] != ways.layer[here] + 1 {
                    continue;
                }
                let through = ways.score[here] + self.gain(cell, next);
                if first {
                    ways.layer[there] = ways.layer[here] + 1;
                    ways.queue.push(next);
                } else if through <= ways.score[there] {
                    continue;
                }
                ways.score[there] = through;
                ways.arrival[there] = mv;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use slide_core::SplitMix64;

    use super::super::frame::Frame;
    use slide_core::LargeBoard;

    use super::*;

    /// The gain of `path` for the blank of `work`, move by move as the
    /// board changes under it; `None` if it leaves the board.
    fn gain_of(work: &Reduction, path: &[Move]) -> Option<i32> {
        let mut copy = work.fork();
        let mut total = 0;
        for &mv in path {
            let next = copy.neighbour(copy.blank(), mv)?;
            total += copy.gain(copy.blank(), next);
            copy.step(mv);
        }
        Some(total)
    }

    /// Every shortest way of the blank to `to` through unlocked cells other
    /// than `avoid`, by depth-first search down the distances to `to`.
    fn every_shortest_way(work: &Reduction, to: usize, avoid: usize) -> Vec<Vec<Move>> {
        let free = |cell: usize| cell != avoid && !work.locked[cell];
        // Distances to `to` by breadth-first search from it.
        let mut distance = vec![usize::MAX; work.label_at.len()];
        distance[to] = 0;
        let mut queue = vec![to];
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            for mv in Move::ALL {
                if let Some(next) = work.neighbour(cell, mv).filter(|&next| free(next)) {
                    if distance[next] == usize::MAX {
                        distance[next] = distance[cell] + 1;
                        queue.push(next);
                    }
                }
            }
        }
        let mut ways = Vec::new();
        let mut way = Vec::new();
        fn down(work: &Reduction, distance: &[usize], cell: usize, way: &mut Vec<Move>, ways: &mut Vec<Vec<Move>>) {
            if distance[cell] == 0 {
                ways.push(way.clone());
                return;
            }
            for mv in Move::ALL {
                if let Some(next) = work.neighbour(cell, mv) {
                    if distance[next] != usize::MAX && distance[next] + 1 == distance[cell] {
                        way.push(mv);
                        down(work, distance, next, way, ways);
                        way.pop();
                    }
                }
            }
        }
        down(work, &distance, work.blank(), &mut way, &mut ways);
        ways
    }

    /// On random 5x6 boards with random cells locked, the blank's way is a
    /// shortest one, and none of the shortest ways gains more: the search
    /// against every shortest way listed.
    #[test]
    fn the_blank_takes_the_best_of_its_shortest_ways() {
        let (rows, cols) = (5, 6);
        let goal = LargeBoard::goal(rows, cols);
        let frame = Frame {
            rows,
            cols,
            flip_rows: false,
            flip_cols: false,
        };
        let mut random = SplitMix64::new(15);
        let mut compared = 0;
        for _ in 0..3000 {
            let mut work = Reduction::new(&LargeBoard::random(&goal, &mut random), &goal, frame);
            work.soon = (random.below(rows) as u16, random.below(cols) as u16);
            for _ in 0..random.below(6) {
                let cell = random.below(rows * cols);
                work.locked[cell] = cell != work.blank();
            }
            let (mut to, mut avoid) = (random.below(rows * cols), random.below(rows * cols));
            // Half the time the blank behind a tile it pushes straight on
            // (`Reduction::way_beside`), when the board allows.
            let ahead = Move::ALL[random.below(4)];
            if random.below(2) == 0 {
                if let Some(tile) = work.neighbour(work.blank(), ahead) {
                    if let Some(beyond) = work.neighbour(tile, ahead) {
                        (to, avoid) = (beyond, tile);
                    }
                }
            }
            if work.locked[to] || to == avoid || avoid == work.blank() {
                continue;
            }
            let ways = every_shortest_way(&work, to, avoid);
            if ways.is_empty() {
                continue;
            }
            let best = ways.iter().map(|way| gain_of(&work, way).unwrap()).max().unwrap();
            let mut moved = work.fork();
            moved.move_blank(to, avoid);
            assert_eq!(moved.blank(), to);
            assert_eq!(moved.moves.len(), ways[0].len(), "a shortest way");
            assert_eq!(gain_of(&work, &moved.moves), Some(best), "the best gain");
            assert!(moved
                .moves
                .iter()
                .zip(moved.moves.iter().skip(1))
                .all(|(a, b)| *b != a.reverse()));
            compared += 1;
        }
        assert!(compared > 1000, "only {compared} cases compared");
    }
}
