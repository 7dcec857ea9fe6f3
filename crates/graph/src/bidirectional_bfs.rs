//! Two-ended breadth-first search on a graph puzzle: for short caps, and
//! as the searches' check.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Duration;

use slide_core::Instant;

use crate::ida_star::{out_of_time, CLOCK_EVERY};

use crate::puzzle::{Puzzle, Step};

/// A shortest path from `puzzle`'s start to its target if one of at most
/// `cap` moves exists (`Ok(None)` if not), by breadth-first search from
/// both ends: a whole layer at a time from the end whose last layer is
/// smaller, the layer finished when it meets the other end and the
/// shortest meeting kept (a board first met at depth `a` from one end and
/// `b` from the other, both ends' layers complete up to there, lies on a
/// shortest path when no board of the layer meets with less). Boards are
/// packed a few bits a cell into a `u128`; fails when they do not fit,
/// when the ends store more than `max_states` boards, or after
/// `time_limit`, if given.
///
/// ```
/// use slide_graph::{bidirectional_bfs, Graph, Puzzle};
/// let graph = Graph::grid(2, 2, &[true; 4]);
/// let puzzle = Puzzle::new(graph, vec![0, 1, 3, 2], vec![1, 2, 3, 0]).unwrap();
/// let path = bidirectional_bfs(&puzzle, 20, 1000, None).unwrap().unwrap();
/// assert_eq!(path.len(), 2);
/// ```
pub fn bidirectional_bfs(
    puzzle: &Puzzle,
    cap: usize,
    max_states: usize,
    time_limit: Option<Duration>,
) -> Result<Option<Vec<Step>>, String> {
    let deadline = time_limit.map(|limit| (Instant::now() + limit, limit));
    let mut until_clock = CLOCK_EVERY;
    let n = puzzle.graph().cells();
    if puzzle.board_bits() > 128 {
        return Err(format!(
            "{n} cells of {} labels take {} bits, more than the 128 a board may",
            puzzle.label_count(),
            puzzle.board_bits()
        ));
    }
    let bits = puzzle.board_bits() / n;
    if !puzzle.same_pieces() {
        return Ok(None);
    }
    let pack = |cells: &[u8]| {
        cells
            .iter()
            .rev()
            .fold(0u128, |packed, &label| packed << bits | label as u128)
    };
    let mask = (1u128 << bits) - 1;
    let label = |packed: u128, cell: usize| (packed >> (bits * cell) & mask) as u8;
    let (start, target) = (pack(puzzle.start()), pack(puzzle.target()));
    if start == target {
        return Ok(Some(Vec::new()));
    }
    // Per end: each board seen, with the board it was reached from.
    let mut seen: [Map; 2] = [Map::default(), Map::default()];
    seen[0].insert(start, start);
    seen[1].insert(target, target);
    let mut frontier = [vec![start], vec![target]];
    let mut depth = [0usize; 2];
    while depth[0] + depth[1] < cap {
        let side = if frontier[0].len() <= frontier[1].len() { 0 } else { 1 };
        let mut next = Vec::new();
        let mut met: Option<(usize, u128)> = None;
        for &board in &frontier[side] {
            for to in (0..n).filter(|&cell| label(board, cell) == 0) {
                let mut around = puzzle.graph().neighbours(to);
                while around != 0 {
                    let from = around.trailing_zeros() as usize;
                    around &= around - 1;
                    let piece = label(board, from) as u128;
                    if piece == 0 {
                        continue;
                    }
                    until_clock -= 1;
                    if until_clock == 0 {
                        until_clock = CLOCK_EVERY;
                        if let Some((deadline, limit)) = deadline {
                            if Instant::now() >= deadline {
                                return Err(out_of_time(limit));
                            }
                        }
                    }
                    let child = board & !(mask << (bits * from)) | piece << (bits * to);
                    if seen[side].contains_key(&child) {
                        continue;
                    }
                    seen[side].insert(child, board);
                    if seen[0].len() + seen[1].len() > max_states {
                        return Err(format!("the search stored {max_states} boards and stopped"));
                    }
                    if let Some(other) = depth_of(&seen[1 - side], child) {
                        let total = depth[side] + 1 + other;
                        if met.map_or(true, |(best, _)| total < best) {
                            met = Some((total, child));
                        }
                    }
                    next.push(child);
                }
            }
        }
        depth[side] += 1;
        if let Some((total, board)) = met {
            if total > cap {
                return Ok(None);
            }
            return Ok(Some(path_through(&seen, board, n, &label)));
        }
        if next.is_empty() {
            return Ok(None); // One end has seen every board it can reach.
        }
        frontier[side] = next;
    }
    Ok(None)
}

/// The most bytes [`bidirectional_bfs`] holds per board it stores: its
/// entry of a hash map (two `u128`s and a control byte a slot, at most 7/2
/// slots an entry counting the growth of the table) and its place in a
/// layer (a `u128`, the vector's capacity at most twice its length).
pub const BFS_STATE_BYTES: usize = (2 * 16 + 1) * 7 / 2 + 2 * 16;

/// The boards seen from one end, each with the one it was reached from
/// (the end itself with itself).
type Map = HashMap<u128, u128, BuildHasherDefault<Mix>>;

/// How many moves `board` is from its end, walking the parents back;
/// `None` if that end has not seen it.
fn depth_of(seen: &Map, board: u128) -> Option<usize> {
    walk(seen, board).map(|boards| boards.len() - 1)
}

/// The boards from `board` back to its end, `board` first; `None` if that
/// end has not seen it.
fn walk(seen: &Map, board: u128) -> Option<Vec<u128>> {
    let mut boards = vec![board];
    loop {
        let here = boards[boards.len() - 1];
        let parent = *seen.get(&here)?;
        if parent == here {
            return Some(boards);
        }
        boards.push(parent);
    }
}

/// The moves from the start to the target through `board`, seen from both
/// ends; each move is read off the two cells that differ between a board
/// and the next.
fn path_through(seen: &[Map; 2], board: u128, n: usize, label: &impl Fn(u128, usize) -> u8) -> Vec<Step> {
    let mut boards = walk(&seen[0], board).expect("the start's end saw the meeting");
    boards.reverse();
    boards.extend(
        walk(&seen[1], board)
            .expect("the target's end saw the meeting")
            .into_iter()
            .skip(1),
    );
    boards
        .windows(2)
        .map(|pair| {
            let to = (0..n).find(|&c| label(pair[0], c) == 0 && label(pair[1], c) != 0);
            let from = (0..n).find(|&c| label(pair[0], c) != 0 && label(pair[1], c) == 0);
            Step {
                from: from.expect("a piece left a cell") as u8,
                to: to.expect("a piece entered the blank") as u8,
            }
        })
        .collect()
}

/// A fast hash for packed boards (a multiply and a rotation per word, as
/// the `fxhash` crate does): the standard library's default is made to
/// resist chosen keys, which a search's own boards are not.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(byte as u64);
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
