//! A short way to put a few tiles in their cells, the other tiles
//! anonymous: how [`crate::reduce_by_search()`] places a whole row or column of a
//! small part left at once, where the textbook places it tile by tile.
//!
//! The search is a weighted A* over where the tracked tiles and the blank
//! stand in a rectangle, every other tile counted as one: the states are
//! few enough (at most `cells^(k+1)` for `k` tracked tiles, far fewer
//! reached) for a table of every state reached ([`Reached`]).
//!
//! A state packs the blank's cell in its lowest 6 bits and the cell of
//! tracked tile `i` in bits `6 (i + 1) ..`; hence at most 64 cells and 8
//! tracked tiles (the table of states reached keeps 10 bits for itself).
//!
//! The estimate counts what the moves are spent on. Each tile out of place
//! costs what it would cost alone with the blank waiting where it serves
//! best (`alone`, by breadth-first search over the tile's and the blank's
//! cells: 3 moves a turn and 5 a straight step, as in the textbook); and
//! the blank must first reach one of them (the least of what `alone` adds
//! for the blank's actual cell). It is not a lower bound: tiles that travel
//! together share the blank's moves. So the paths are short, not shortest;
//! measured on Korf and Felner's 5x5 instances, this estimate with the path
//! so far weighted against it gives shorter reductions in a small part of
//! the time of A* with the Manhattan distance, a lower bound, capped at a
//! million states (`record/large-boards.md` has the figures).

use std::collections::BinaryHeap;

use slide_core::{neighbour_cell, Move};

/// The most cells of the rectangle a state can name.
pub(crate) const MAX_CELLS: usize = 64;

/// The most tiles a state can track.
pub(crate) const MAX_TILES: usize = 8;

/// The longest path a search follows: a path length is kept in 8 bits.
const MAX_LENGTH: u16 = 255;

/// The moves of a short path that takes each tile of `tiles` (a pair of its
/// cell and its target) to its target in a rectangle of `rows` by `cols`
/// cells, the blank starting at `blank`. A search's state priority is its
/// weight times the moves so far plus 10 times the estimate of the moves
/// left (a weight above 10 trusts the estimate less: longer searches,
/// shorter paths); a search gives up if it would hold more than
/// `max_states` states (or 4 million) or follow a path of more than 255
/// moves. The searches run with each of `weights` in turn, on tables built
/// once, until one finishes; `None` if none does.
///
/// The tiles and the blank must stand on distinct cells, and the targets
/// be distinct. The rectangle must have at least 2 rows and 3 columns (or
/// 3 and 2) and a cell neither the blank's nor a tracked tile's: then
/// every placement is reachable.
///
/// # Panics
/// Panics if the rectangle has more than [`MAX_CELLS`] cells, or there are
/// no tiles or more than [`MAX_TILES`].
pub(crate) fn place_tiles(
    rows: usize,
    cols: usize,
    blank: usize,
    tiles: &[(usize, usize)],
    weights: &[usize],
    max_states: usize,
) -> Option<Vec<Move>> {
    let cells = rows * cols;
    assert!(
        cells <= MAX_CELLS && (1..=MAX_TILES).contains(&tiles.len()),
        "too many cells or tiles"
    );
    let k = tiles.len();
    let neighbours: Vec<[Option<u8>; 4]> = (0..cells)
        .map(|cell| Move::ALL.map(|mv| neighbour_cell(rows, cols, cell, mv as usize).map(|n| n as u8)))
        .collect();
    // For tile i: best[i][cell], its cost from `cell` with the blank where
    // it serves best, and approach[i][cell * cells + blank], the moves the
    // blank's actual cell adds to that.
    let (best, approach): (Vec<Vec<u16>>, Vec<Vec<u16>>) = tiles
        .iter()
        .map(|&(_, target)| {
            let alone = alone(cells, &neighbours, target);
            let best: Vec<u16> = (0..cells)
                .map(|at| {
                    (0..cells)
                        .filter(|&b| b != at)
                        .map(|b| alone[at * cells + b])
                        .min()
                        .unwrap_or(0)
                })
                .collect();
            let approach = (0..cells * cells)
                .map(|i| alone[i].saturating_sub(best[i / cells]))
                .collect();
            (best, approach)
        })
        .unzip();
    let cell_of = |state: u64, i: usize| (state >> (6 * (i + 1)) & 63) as usize;
    let placed = tiles
        .iter()
        .enumerate()
        .fold(0, |state, (i, &(_, target))| state | (target as u64) << (6 * (i + 1)));
    // The estimate, given the sum of best[i] over the tiles out of place.
    let estimate = |state: u64, sum: u16| {
        let blank = (state & 63) as usize;
        let reach = (0..k)
            .filter(|&i| cell_of(state, i) != tiles[i].1)
            .map(|i| approach[i][cell_of(state, i) * cells + blank])
            .min();
        (sum + reach.unwrap_or(0)) as usize
    };
    let start = tiles.iter().enumerate().fold(blank as u64, |state, (i, &(cell, _))| {
        state | (cell as u64) << (6 * (i + 1))
    });
    let start_sum: u16 = tiles.iter().enumerate().map(|(i, &(cell, _))| best[i][cell]).sum();

    let search = |weight: usize| -> Option<Vec<Move>> {
        let mut reached = Reached::new(max_states);
        reached.improve(start, 0, 0);
        // A bucket queue by priority; within a bucket the deepest first.
        let mut open: Vec<BinaryHeap<(u16, u16, u64)>> = Vec::new();
        let push = |open: &mut Vec<BinaryHeap<(u16, u16, u64)>>, priority: usize, entry| {
            if open.len() <= priority {
                open.resize_with(priority + 1, BinaryHeap::new);
            }
            open[priority].push(entry);
        };
        push(&mut open, 10 * estimate(start, start_sum), (0, start_sum, start));
        let mut lowest = 0;
        loop {
            while open[lowest].is_empty() {
                // Children go in at `lowest` or above (an estimate that drops by
                // more than a move would put them lower), so no bucket below
                // it fills again.
                lowest += 1;
            }
            let (g, sum, state) = open[lowest].pop().expect("a nonempty bucket");
            let (known, came_by) = reached.get(state).expect("a state queued was reached");
            if known < g {
                continue; // Reached again by a shorter path since it was queued.
            }
            // The start's move is none; the index 4 undoes no move.
            let came_by = if g == 0 { 4 } else { came_by };
            if state & !63 == placed {
                return Some(path_to(state, &reached, &neighbours, k));
            }
            let blank = (state & 63) as usize;
            for (index, next) in neighbours[blank].iter().enumerate() {
                // The move back to the parent cannot shorten its path.
                let Some(next) = next.filter(|_| !Move::undoes(index as u8, came_by)) else {
                    continue;
                };
                let (mut child, mut child_sum) = (state & !63 | next as u64, sum);
                if let Some(i) = (0..k).find(|&i| cell_of(state, i) == next as usize) {
                    child = child & !(63 << (6 * (i + 1))) | (blank as u64) << (6 * (i + 1));
                    child_sum = child_sum - best[i][next as usize] + best[i][blank];
                }
                let g = g + 1;
                if g > MAX_LENGTH {
                    return None;
                }
                if reached.improve(child, g, index as u8)? {
                    let priority = weight * g as usize + 10 * estimate(child, child_sum);
                    push(&mut open, priority.max(lowest), (g, child_sum, child));
                }
            }
        }
    };
    weights.iter().find_map(|&weight| search(weight))
}

/// The states a search reached, each with the length of the shortest path
/// to it known and the index of the path's last move: an open-addressing
/// table of one `u64` a slot, twice as many slots as states allowed, so
/// that a look-up touches one cache line where a hash map of 16-byte
/// entries (which the search used before) spent most of its time waiting.
///
/// A slot holds the state in its low 54 bits (the blank and at most 8
/// tiles, 6 bits each), the length in the next 8 and the move in the top
/// 2; 0 is an empty slot, since no state is 0 (the blank and tile 0 would
/// share cell 0).
struct Reached {
    slots: Vec<u64>,
    /// The number of slots less one: a power of two less one.
    mask: usize,
    /// The number of states held, and the most allowed.
    len: usize,
    max: usize,
}

impl Reached {
    const STATE: u64 = (1 << 54) - 1;

    /// The most states a table holds, whatever it is asked for.
    const MAX: usize = 1 << 22;

    fn new(max: usize) -> Reached {
        let max = max.clamp(1, Reached::MAX);
        let slots = (2 * max).next_power_of_two();
        Reached {
            slots: vec![0; slots],
            mask: slots - 1,
            len: 0,
            max,
        }
    }

    /// The slot where `state` is, or the empty one where it would go:
    /// linear probing from a multiplicative hash (the state's high bits,
    /// the last tiles' cells, vary least, so the product's top bits are
    /// taken).
    fn slot(&self, state: u64) -> usize {
        let mut slot = (state.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask;
        while self.slots[slot] != 0 && self.slots[slot] & Reached::STATE != state {
            slot = (slot + 1) & self.mask;
        }
        slot
    }

    /// The length and move `state` was reached with, if it was.
    fn get(&self, state: u64) -> Option<(u16, u8)> {
        let entry = self.slots[self.slot(state)];
        (entry != 0).then_some(((entry >> 54) as u16 & 255, (entry >> 62) as u8))
    }

    /// Records `state` as reached by a path of `length` ending with the
    /// move of index `mv`, if it is new or that path is shorter: whether it
    /// is; `None` if it is new and the table holds its most states already.
    fn improve(&mut self, state: u64, length: u16, mv: u8) -> Option<bool> {
        debug_assert!(state != 0 && state <= Reached::STATE && length <= MAX_LENGTH && mv < 4);
        let slot = self.slot(state);
        let entry = self.slots[slot];
        if entry != 0 && (entry >> 54) as u16 & 255 <= length {
            return Some(false);
        }
        if entry == 0 {
            if self.len == self.max {
                return None;
            }
            self.len += 1;
        }
        self.slots[slot] = state | (length as u64) << 54 | (mv as u64) << 62;
        Some(true)
    }
}

/// For a tile whose target is `target`: the fewest moves that put it there
/// from each pair of its cell and the blank's (`tile * cells + blank`), no
/// other tile in the way. Breadth-first search back from the target.
fn alone(cells: usize, neighbours: &[[Option<u8>; 4]], target: usize) -> Vec<u16> {
    let mut distance = vec![u16::MAX; cells * cells];
    let mut queue = Vec::with_capacity(cells * cells);
    for blank in (0..cells).filter(|&b| b != target) {
        distance[target * cells + blank] = 0;
        queue.push((target, blank));
    }
    let mut head = 0;
    while let Some(&(tile, blank)) = queue.get(head) {
        head += 1;
        let here = distance[tile * cells + blank];
        for &next in neighbours[blank].iter().flatten() {
            // Moves are their own inverses, so a step back is a step.
            let next = next as usize;
            let (tile, blank) = if next == tile { (blank, next) } else { (tile, next) };
            if distance[tile * cells + blank] == u16::MAX {
                distance[tile * cells + blank] = here + 1;
                queue.push((tile, blank));
            }
        }
    }
    distance
}

/// The moves that lead from the search's start to `state`, read back
/// through the moves that reached each state: the state before a move has
/// the blank one step back, and the tracked tile (if any) now on the
/// blank's old cell where the blank is.
fn path_to(mut state: u64, reached: &Reached, neighbours: &[[Option<u8>; 4]], k: usize) -> Vec<Move> {
    let mut path = Vec::new();
    loop {
        let (length, index) = reached.get(state).expect("every state on the path was reached");
        if length == 0 {
            path.reverse();
            return path;
        }
        let mv = Move::from_index(index as usize);
        path.push(mv);
        let blank = state & 63;
        let before =
            neighbours[blank as usize][mv.reverse() as usize].expect("a move's reverse stays on the board") as u64;
        let mut parent = state & !63 | before;
        if let Some(i) = (0..k).find(|&i| state >> (6 * (i + 1)) & 63 == before) {
            parent = parent & !(63 << (6 * (i + 1))) | blank << (6 * (i + 1));
        }
        state = parent;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replays `path` from `blank` and `tiles` and returns where each tile ends.
    fn replay(rows: usize, cols: usize, mut blank: usize, tiles: &[(usize, usize)], path: &[Move]) -> Vec<usize> {
        let mut at: Vec<usize> = tiles.iter().map(|&(cell, _)| cell).collect();
        for &mv in path {
            let next = neighbour_cell(rows, cols, blank, mv as usize).expect("the path stays on the board");
            if let Some(tile) = at.iter_mut().find(|cell| **cell == next) {
                *tile = blank;
            }
            blank = next;
        }
        at
    }

    /// The length of the path found, after checking that it puts every
    /// tile in place and is no shorter than `shortest`.
    fn check(rows: usize, cols: usize, blank: usize, tiles: &[(usize, usize)], shortest: usize) -> usize {
        let path = place_tiles(rows, cols, blank, tiles, &[12], 1 << 20).expect("few states on small rectangles");
        let ends = replay(rows, cols, blank, tiles, &path);
        let targets: Vec<usize> = tiles.iter().map(|&(_, target)| target).collect();
        assert_eq!(ends, targets, "{tiles:?}: the path leaves tiles out of place");
        assert!(
            path.len() >= shortest,
            "{tiles:?}: {path:?} beats the shortest, {shortest}"
        );
        path.len()
    }

    #[test]
    fn one_tile_goes_the_shortest_way() {
        // Nothing to do.
        assert_eq!(check(3, 3, 8, &[(0, 0), (1, 1)], 0), 0);
        // One tile a step from its target, the blank on its far side: the
        // blank goes round by the second row (4 moves) and pulls it (1).
        assert_eq!(check(2, 3, 2, &[(1, 0)], 5), 5);
        // The blank already on the tile's target.
        assert_eq!(check(2, 3, 0, &[(1, 0)], 1), 1);
        // A tile alone follows its estimate, which is then exact: three
        // steps up and three left in turns, one move for the first step
        // (the blank is beside the tile) and 3 for each turn after it.
        assert_eq!(check(4, 4, 14, &[(15, 0)], 0), 1 + 5 * 3);
    }

    /// Breadth-first search over the same states: the oracle.
    fn shortest(rows: usize, cols: usize, blank: usize, tiles: &[(usize, usize)]) -> usize {
        let start: Vec<usize> = std::iter::once(blank)
            .chain(tiles.iter().map(|&(cell, _)| cell))
            .collect();
        let mut seen = std::collections::HashSet::from([start.clone()]);
        let mut layer = vec![start];
        for depth in 0.. {
            if layer
                .iter()
                .any(|s| s[1..].iter().zip(tiles).all(|(&at, &(_, target))| at == target))
            {
                return depth;
            }
            let mut next_layer = Vec::new();
            for state in &layer {
                for mv in Move::ALL {
                    let Some(next) = neighbour_cell(rows, cols, state[0], mv as usize) else {
                        continue;
                    };
                    let mut child = state.clone();
                    if let Some(i) = (1..child.len()).find(|&i| child[i] == next) {
                        child[i] = state[0];
                    }
                    child[0] = next;
                    if seen.insert(child.clone()) {
                        next_layer.push(child);
                    }
                }
            }
            layer = next_layer;
        }
        unreachable!()
    }

    #[test]
    fn near_the_shortest_on_small_rectangles() {
        // Breadth-first search gives the shortest; the total found must be
        // within 2% of the total shortest (measured: 1,975 moves against
        // 1,964, 0.6% more).
        let mut random = slide_core::SplitMix64::new(41);
        let (mut found, mut shortest_total) = (0, 0);
        for _ in 0..200 {
            // At least 2x3: on 2x2 the tiles' cyclic order never changes.
            let rows = 2 + random.below(3);
            let cols = 3 + random.below(2);
            let cells = rows * cols;
            let k = 1 + random.below(3.min(cells - 2));
            // Distinct cells for the blank and the tiles, distinct targets.
            let mut order: Vec<usize> = (0..cells).collect();
            let mut targets: Vec<usize> = (0..cells).collect();
            for i in (1..cells).rev() {
                order.swap(i, random.below(i + 1));
                targets.swap(i, random.below(i + 1));
            }
            let tiles: Vec<(usize, usize)> = (0..k).map(|i| (order[i + 1], targets[i])).collect();
            let shortest = shortest(rows, cols, order[0], &tiles);
            found += check(rows, cols, order[0], &tiles, shortest);
            shortest_total += shortest;
        }
        assert!(
            found * 100 <= shortest_total * 102,
            "{found} moves against {shortest_total}"
        );
    }

    #[test]
    fn a_state_limit_gives_up() {
        let tiles = [(24, 0), (23, 1), (22, 2), (21, 3), (20, 4)];
        assert_eq!(place_tiles(5, 5, 0, &tiles, &[10], 10), None);
    }
}
