//! Duplicate pruning by a finite-state machine (Taylor and Korf, 1993): a
//! depth-first search skips every move that would end a sequence of moves
//! with an equivalent that is shorter, or as long and earlier in the order
//! the search tries moves in.
//!
//! IDA* keeps no record of the boards it has seen, so it meets a board once
//! for every path within the bound: `U L D R` and `L U R D`... The plain
//! rule skips only the move that undoes the last. The machine skips every
//! sequence of at most `longest` moves that has such an equivalent, known
//! in advance from the blank's walks alone.
//!
//! **Which sequences.** The blank's walks are listed by length, and of one
//! length in the order `Move::ALL` reads, on a board without edges. A walk
//! `A` is skipped when an earlier walk `B` leaves every tile where `A` does
//! and visits no cell `A` does not visit: wherever `A` can be made (any
//! board, any start, any walls) `B` can, and ends on the same board. So a
//! path containing `A` has an equivalent, shorter or as long and earlier,
//! that contains `B` instead; the first shortest path in the order contains
//! no skipped walk, and the search still finds it (see [`crate::Pruning`]).
//! Only walks whose every shorter part is kept are looked at, so each
//! skipped walk is minimal: its every proper part is kept.
//!
//! **The machine.** An Aho-Corasick automaton over the skipped walks: a
//! state is the longest end of the path read so far that begins a skipped
//! walk; a move leading into a state that ends one is skipped. `UD` is
//! skipped (its equivalent is the empty walk), so the machine includes the
//! plain rule.
//!
//! What it saves on the 24-puzzle, and what it costs, is in
//! `record/2026-12-05-frontier.md`.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::sync::OnceLock;

use slide_core::{Move, SplitMix64, NO_MOVE};

use crate::mirrored::mirrored;
use crate::position::Position;
use crate::pruning::Pruning;

/// A finite-state machine over the blank's moves that skips the walks of at
/// most a given length having an equivalent shorter or earlier (see the
/// module's documentation). A search uses it as `&MoveFsm`.
///
/// ```
/// use slide_core::Move::{Down, Left, Right, Up};
/// use slide_solvers::MoveFsm;
/// let fsm = MoveFsm::build(8);
/// assert!(!fsm.allows(&[Up, Down]));
/// // Around a square one way and back the other: the same board.
/// assert!(fsm.allows(&[Up, Left, Down, Right]));
/// assert!(fsm.allows(&[Up, Up, Left, Down]));
/// ```
#[derive(Clone, Debug)]
pub struct MoveFsm {
    /// The next state by each move (in `Move::ALL` order), or [`SKIPPED`]:
    /// the automaton's `states` rows, then 15 rows of the start with some
    /// of its moves skipped besides, one for each set of them (see
    /// [`Pruning::start`]: the set's bits by `Move` index, less one).
    next: Vec<[u32; 4]>,
    /// How many states the automaton has.
    states: usize,
    /// The same table in 16 bits ([`NARROW_SKIPPED`] for [`SKIPPED`]) when
    /// every state fits, else empty: what a search reads. A search reads a
    /// state's row at every node, and at half the bytes (500 KB for walks
    /// of 14 moves) more of the table stays in the core's cache beside the
    /// pattern tables' lines: 0.95 of the time on four of Korf and
    /// Felner's 24-puzzles (`record/2026-12-05-frontier.md`).
    narrow: Vec<[u16; 4]>,
    /// The longest walk compared.
    longest: usize,
    /// How many (minimal) walks it skips.
    skipped: usize,
}

/// In [`MoveFsm`]'s table: the move is skipped.
const SKIPPED: u32 = u32::MAX;

/// [`SKIPPED`] in the table of 16 bits.
const NARROW_SKIPPED: u16 = u16::MAX;

/// The table in 16 bits, if every state fits below [`NARROW_SKIPPED`];
/// else empty.
fn narrowed(next: &[[u32; 4]]) -> Vec<[u16; 4]> {
    if next.len() >= usize::from(NARROW_SKIPPED) {
        return Vec::new();
    }
    next.iter()
        .map(|row| row.map(|to| if to == SKIPPED { NARROW_SKIPPED } else { to as u16 }))
        .collect()
}

impl MoveFsm {
    /// The machine skipping every walk of at most `longest` moves (at most
    /// 24) that has an equivalent shorter or earlier.
    ///
    /// ```
    /// use slide_solvers::MoveFsm;
    /// let fsm = MoveFsm::build(2);
    /// // The four walks that undo their first move.
    /// assert_eq!(fsm.skipped(), 4);
    /// ```
    pub fn build(longest: usize) -> MoveFsm {
        let longest = longest.clamp(1, 24);
        let skipped = skipped_walks(longest);
        MoveFsm::with_starts(automaton(&skipped), longest, skipped.len())
    }

    /// The machine of the automaton `next`, with the rows of the start that
    /// skip mirrored moves (see [`Pruning::start`]) added after its own.
    fn with_starts(mut next: Vec<[u32; 4]>, longest: usize, skipped: usize) -> MoveFsm {
        let states = next.len();
        for set in 1..16 {
            let mut row = next[0];
            for (mv, to) in row.iter_mut().enumerate() {
                if set >> mv & 1 == 1 {
                    *to = SKIPPED;
                }
            }
            next.push(row);
        }
        MoveFsm {
            narrow: narrowed(&next),
            next,
            states,
            longest,
            skipped,
        }
    }

    /// The machine the searches of `slide` use, built once a process: walks
    /// of at most [`MoveFsm::LONGEST`] moves.
    ///
    /// ```
    /// use slide_solvers::MoveFsm;
    /// assert_eq!(MoveFsm::shared().longest(), MoveFsm::LONGEST);
    /// ```
    pub fn shared() -> &'static MoveFsm {
        MoveFsm::shared_or(|| MoveFsm::build(MoveFsm::LONGEST))
    }

    /// [`MoveFsm::shared`], made by `make` if it is not made yet (read from
    /// a cache, say); `make` must give the machine of
    /// [`MoveFsm::LONGEST`], which is checked.
    pub fn shared_or(make: impl FnOnce() -> MoveFsm) -> &'static MoveFsm {
        static SHARED: OnceLock<MoveFsm> = OnceLock::new();
        SHARED.get_or_init(|| {
            let fsm = make();
            assert_eq!(fsm.longest, MoveFsm::LONGEST, "the shared machine's walks");
            fsm
        })
    }

    /// The machine as bytes: `longest`, the walks skipped and the states'
    /// count as little-endian `u32`s, then each state's four next states.
    ///
    /// ```
    /// use slide_solvers::MoveFsm;
    /// let fsm = MoveFsm::build(6);
    /// let again = MoveFsm::from_bytes(&fsm.to_bytes()).unwrap();
    /// assert_eq!((again.states(), again.skipped(), again.longest()), (fsm.states(), fsm.skipped(), 6));
    /// assert!(MoveFsm::from_bytes(&fsm.to_bytes()[..20]).is_none());
    /// // No states at all: no machine.
    /// assert!(MoveFsm::from_bytes(&[6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).is_none());
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(12 + 16 * self.states);
        for word in [self.longest as u32, self.skipped as u32, self.states as u32] {
            bytes.extend(word.to_le_bytes());
        }
        for next in &self.next[..self.states] {
            for word in next {
                bytes.extend(word.to_le_bytes());
            }
        }
        bytes
    }

    /// The machine [`MoveFsm::to_bytes`] wrote, or `None` if `bytes` are not
    /// one (cut short, a next state out of range).
    pub fn from_bytes(bytes: &[u8]) -> Option<MoveFsm> {
        let words: Vec<u32> = bytes
            .chunks(4)
            .map(|chunk| Some(u32::from_le_bytes(chunk.try_into().ok()?)))
            .collect::<Option<_>>()?;
        let (head, rest) = (words.get(..3)?, &words[3..]);
        let (longest, skipped, states) = (head[0], head[1], head[2]);
        // A machine has its start state at least: rows of the start that
        // skip mirrored moves are made from it.
        if states == 0 || rest.len() != 4 * states as usize || !(1..=24).contains(&longest) {
            return None;
        }
        let next: Vec<[u32; 4]> = rest
            .chunks_exact(4)
            .map(|next| [next[0], next[1], next[2], next[3]])
            .collect();
        let in_range = next.iter().flatten().all(|&to| to == SKIPPED || to < states);
        in_range.then(|| MoveFsm::with_starts(next, longest as usize, skipped as usize))
    }

    /// The longest walk [`MoveFsm::shared`] compares: 14 moves, built in
    /// about 1.8 s into 62,702 states (1 MB), for 0.53 times the plain
    /// rule's nodes on four of Korf and Felner's 24-puzzles; 16 moves cut
    /// that to 0.49 but took longer a node (`record/2026-12-05-frontier.md`).
    pub const LONGEST: usize = 14;

    /// The row of the start that skips the moves `mirrored` marks besides:
    /// the start's own where it marks none.
    fn start_row(&self, mirrored: [bool; 4]) -> u32 {
        let set = (0..4).fold(0, |set, mv| set | usize::from(mirrored[mv]) << mv);
        match set {
            0 => 0,
            set => (self.states + set - 1) as u32,
        }
    }

    /// How many states the machine has.
    pub fn states(&self) -> usize {
        self.states
    }

    /// How many walks it skips (none of which contains another).
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// The longest walk it compared.
    pub fn longest(&self) -> usize {
        self.longest
    }

    /// Whether a search reading `moves` from its start skips none of them.
    pub fn allows(&self, moves: &[Move]) -> bool {
        let mut state = Some(0);
        for &mv in moves {
            state = state.and_then(|state| self.step(state, mv as u8));
        }
        state.is_some()
    }
}

impl Pruning for &MoveFsm {
    /// The automaton's state.
    type State = u32;

    #[inline]
    fn after(self, last: u8) -> u32 {
        if last == NO_MOVE {
            0
        } else {
            // One move alone is never skipped.
            self.next[0][last as usize]
        }
    }

    const MIRRORED: bool = true;

    /// The start's row that skips its mirrored moves besides (see
    /// [`crate::mirrored()`]).
    fn start<P: Position>(self, start: &P, target: &P) -> u32 {
        self.start_row(mirrored(start, target))
    }

    #[inline(always)]
    fn step(self, state: u32, mv: u8) -> Option<u32> {
        // The narrow table where there is one: then every state is in it.
        if let Some(row) = self.narrow.get(state as usize) {
            let next = row[mv as usize];
            return (next != NARROW_SKIPPED).then_some(u32::from(next));
        }
        let next = self.next[state as usize][mv as usize];
        (next != SKIPPED).then_some(next)
    }
}

/// A walk: its moves, 2 bits each, the first in the highest bits, so that
/// walks of one length compare as `Move::ALL` reads them.
type Walk = u64;

/// A cell of the board without edges, as `(row, column)` around the start.
type Cell = (i8, i8);

/// What a walk does: where the blank ends, and each tile it moved, as
/// (cell it ends in, cell it came from), in order.
type Effect = (Cell, Vec<(Cell, Cell)>);

/// The skipped walks of at most `longest` moves, each as (walk, length).
///
/// Length by length, a depth-first search lists the walks that contain no
/// skipped walk (reading them with the machine of the shorter skipped
/// ones), in order, on a board around the start that the walks cannot
/// leave. It follows the board, and a Zobrist hash of it (each cell whose
/// tile is not its own adds the bits of that cell and tile), move by move.
/// Walks with the same hash are compared in full: the hash only finds the
/// candidates.
fn skipped_walks(longest: usize) -> Vec<(Walk, usize)> {
    let side = 2 * longest + 1;
    let mut lister = Lister {
        side,
        board: (0..side * side).map(|cell| cell as u16).collect(),
        blank: longest * side + longest,
        kept: HashMap::default(),
        more: HashMap::default(),
        skipped: Vec::new(),
        machine: Vec::new(),
    };
    lister.board[lister.blank] = BLANK;
    // The empty walk: the board as it starts, hash 0.
    lister.kept.insert(0, 1);
    for length in 1..=longest {
        lister.machine = automaton(&lister.skipped);
        lister.list(length, 0, 0, 0, 0);
    }
    lister.skipped
}

/// The blank on [`Lister`]'s board.
const BLANK: u16 = u16::MAX;

/// The state of [`skipped_walks`]'s search.
struct Lister {
    side: usize,
    /// The tile in each cell, by the cell it started in.
    board: Vec<u16>,
    blank: usize,
    /// Per hash, the first kept walk with it (in [`code`]), and the others.
    kept: HashMap<u64, u64, BuildPassThrough>,
    more: HashMap<u64, Vec<u64>, BuildPassThrough>,
    skipped: Vec<(Walk, usize)>,
    /// The machine of the skipped walks shorter than those listed now.
    machine: Vec<[u32; 4]>,
}

impl Lister {
    /// Lists the walks of `length` moves starting with `walk` (`depth`
    /// moves, the machine in `state`, the board's hash `hash`).
    fn list(&mut self, length: usize, depth: usize, walk: Walk, state: u32, hash: u64) {
        if depth == length {
            return self.decide(walk, length, hash);
        }
        for mv in 0..4 {
            let next = self.machine.get(state as usize).map_or(0, |next| next[mv as usize]);
            if next == SKIPPED {
                continue;
            }
            let from = self.blank;
            let to = match mv {
                0 => from - self.side,
                1 => from - 1,
                2 => from + 1,
                _ => from + self.side,
            };
            // The tile in `to` slides into the blank's cell.
            let tile = self.board[to];
            let moved = hash ^ zobrist(from, BLANK) ^ zobrist(from, tile) ^ zobrist(to, tile) ^ zobrist(to, BLANK);
            self.board[from] = tile;
            self.board[to] = BLANK;
            self.blank = to;
            self.list(length, depth + 1, walk << 2 | mv, next, moved);
            self.board[to] = tile;
            self.board[from] = BLANK;
            self.blank = from;
        }
    }

    /// Skips the walk, or keeps it (see the module's documentation).
    fn decide(&mut self, walk: Walk, length: usize, hash: u64) {
        let mut earlier = self
            .kept
            .get(&hash)
            .into_iter()
            .chain(self.more.get(&hash).into_iter().flatten());
        let mut this = None;
        let skip = earlier.any(|&other| {
            let (effect, cells) = this.get_or_insert_with(|| walk_effect(walk, length));
            let (other_effect, other_cells) = walk_effect(other ^ (1 << (2 * walk_length(other))), walk_length(other));
            other_effect == *effect && other_cells.iter().all(|cell| cells.contains(cell))
        });
        if skip {
            self.skipped.push((walk, length));
        } else {
            match self.kept.entry(hash) {
                Entry::Occupied(_) => self.more.entry(hash).or_default().push(code(walk, length)),
                Entry::Vacant(vacant) => {
                    vacant.insert(code(walk, length));
                }
            }
        }
    }
}

/// A walk of `length` moves with a 1 above its moves, so that its length
/// goes with it.
fn code(walk: Walk, length: usize) -> u64 {
    1 << (2 * length) | walk
}

/// The length of a walk in [`code`].
fn walk_length(code: u64) -> usize {
    (63 - code.leading_zeros() as usize) / 2
}

/// The Zobrist bits of `tile` in `cell`.
fn zobrist(cell: usize, tile: u16) -> u64 {
    SplitMix64::new((cell as u64) << 16 | tile as u64).next_u64()
}

/// Hashes that are Zobrist hashes already, used as they are.
#[derive(Default, Clone, Copy)]
struct BuildPassThrough;

/// See [`BuildPassThrough`].
#[derive(Default)]
struct PassThrough(u64);

impl std::hash::Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ byte as u64;
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

impl std::hash::BuildHasher for BuildPassThrough {
    type Hasher = PassThrough;

    fn build_hasher(&self) -> PassThrough {
        PassThrough(0)
    }
}

/// What the walk of `length` moves does, and the cells it visits (sorted).
fn walk_effect(walk: Walk, length: usize) -> (Effect, Vec<Cell>) {
    // Each visited cell and the tile now in it (by the cell it came from;
    // the blank's cell holds the start).
    let mut cells: Vec<(Cell, Cell)> = vec![((0, 0), (0, 0))];
    let mut blank: Cell = (0, 0);
    for i in (0..length).rev() {
        let (dr, dc) = match (walk >> (2 * i)) & 3 {
            0 => (-1, 0), // Up
            1 => (0, -1), // Left
            2 => (0, 1),  // Right
            _ => (1, 0),  // Down
        };
        let next = (blank.0 + dr, blank.1 + dc);
        let tile = match cells.iter().position(|&(cell, _)| cell == next) {
            Some(at) => cells[at].1,
            None => {
                cells.push((next, next));
                next
            }
        };
        // The tile in `next` slides into the blank's cell.
        for entry in cells.iter_mut() {
            if entry.0 == blank {
                entry.1 = tile;
            } else if entry.0 == next {
                entry.1 = (0, 0);
            }
        }
        blank = next;
    }
    let mut moved: Vec<(Cell, Cell)> = cells
        .iter()
        .copied()
        .filter(|&(cell, tile)| cell != blank && cell != tile)
        .collect();
    moved.sort_unstable();
    let mut visited: Vec<Cell> = cells.iter().map(|&(cell, _)| cell).collect();
    visited.sort_unstable();
    ((blank, moved), visited)
}

/// The Aho-Corasick automaton of `skipped` (none containing another): the
/// table of next states, [`SKIPPED`] where a move completes a skipped walk.
fn automaton(skipped: &[(Walk, usize)]) -> Vec<[u32; 4]> {
    const NONE: u32 = u32::MAX;
    // The trie of the walks: node 0 the empty walk.
    let mut children: Vec<[u32; 4]> = vec![[NONE; 4]];
    let mut ends: Vec<bool> = vec![false];
    for &(walk, length) in skipped {
        let mut node = 0;
        for i in (0..length).rev() {
            let mv = ((walk >> (2 * i)) & 3) as usize;
            if children[node][mv] == NONE {
                children[node][mv] = children.len() as u32;
                children.push([NONE; 4]);
                ends.push(false);
            }
            node = children[node][mv] as usize;
        }
        ends[node] = true;
    }
    // Breadth-first: each node's failure link (its longest proper end that
    // is a node), its moves, and whether it, or an end of it, is skipped.
    let nodes = children.len();
    let mut fail = vec![0u32; nodes];
    let mut delta = vec![[0u32; 4]; nodes];
    let mut dead = vec![false; nodes];
    let mut order = Vec::with_capacity(nodes);
    let mut queue = VecDeque::from([0usize]);
    while let Some(node) = queue.pop_front() {
        order.push(node);
        dead[node] = ends[node] || (node != 0 && dead[fail[node] as usize]);
        for mv in 0..4 {
            let child = children[node][mv];
            if child == NONE {
                delta[node][mv] = if node == 0 { 0 } else { delta[fail[node] as usize][mv] };
            } else {
                fail[child as usize] = if node == 0 { 0 } else { delta[fail[node] as usize][mv] };
                delta[node][mv] = child;
                queue.push_back(child as usize);
            }
        }
    }
    // The live nodes, numbered in breadth-first order (the start first).
    let mut number = vec![SKIPPED; nodes];
    let mut live = 0;
    for &node in &order {
        if !dead[node] {
            number[node] = live;
            live += 1;
        }
    }
    order
        .iter()
        .filter(|&&node| !dead[node])
        .map(|&node| delta[node].map(|next| number[next as usize]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table in 16 bits steps as the one in 32 does, state by state,
    /// and a machine without it (too many states) steps by the wide one.
    #[test]
    fn the_narrow_table_is_the_wide_one() {
        let fsm = MoveFsm::build(10);
        assert_eq!(fsm.narrow.len(), fsm.next.len());
        let wide = MoveFsm {
            narrow: Vec::new(),
            ..fsm.clone()
        };
        for state in 0..fsm.states() as u32 {
            for mv in 0..4 {
                let expected = Some(fsm.next[state as usize][mv as usize]).filter(|&to| to != SKIPPED);
                assert_eq!((&fsm).step(state, mv), expected);
                assert_eq!((&wide).step(state, mv), expected);
            }
        }
        assert!(narrowed(&vec![[0; 4]; usize::from(NARROW_SKIPPED)]).is_empty());
    }

    /// The start's rows skip the moves marked and step as the start does
    /// by the others; the bytes keep the automaton alone.
    #[test]
    fn the_start_skips_the_mirrored_moves() {
        let fsm = MoveFsm::build(6);
        assert_eq!(fsm.start_row([false; 4]), 0);
        for set in 1..16usize {
            let mirrored = [0, 1, 2, 3].map(|mv| set >> mv & 1 == 1);
            let start = fsm.start_row(mirrored);
            for mv in 0..4u8 {
                let expected = if mirrored[mv as usize] {
                    None
                } else {
                    (&fsm).step(0, mv)
                };
                assert_eq!((&fsm).step(start, mv), expected);
            }
        }
        let again = MoveFsm::from_bytes(&fsm.to_bytes()).unwrap();
        assert_eq!((again.next, again.states), (fsm.next, fsm.states));
    }

    #[test]
    fn skips_the_walks_with_an_equivalent() {
        use Move::{Down, Left, Right, Up};
        let fsm = MoveFsm::build(12);
        assert!(fsm.allows(&[Up, Up, Up, Up, Left, Left, Down, Down]));
        assert!(!fsm.allows(&[Up, Up, Down]));
        assert!(!fsm.allows(&[Left, Left, Right]));
        // Each walk of the machine's skipped ones has an equivalent.
        for (walk, length) in skipped_walks(8) {
            let (effect, cells) = walk_effect(walk, length);
            let earlier = (0..=length).any(|shorter| {
                (0..1u64 << (2 * shorter)).any(|other| {
                    (shorter < length || other < walk) && {
                        let (other_effect, other_cells) = walk_effect(other, shorter);
                        other_effect == effect && other_cells.iter().all(|cell| cells.contains(cell))
                    }
                })
            });
            assert!(earlier, "{walk:b} of {length}");
        }
    }
}
