//! What the searches over dense tables keep of a board in their queues, and
//! the moves of such boards as precomputed steps.
//!
//! A queued board carries its packed tiles, its rank, its blank cell and the
//! index of the move that made it (4 for none), so that a search steps the
//! rank instead of recomputing it and skips the move undoing the last one
//! without a look-up.

use std::sync::OnceLock;

use slide_core::{rank_step, Shape, MAX_CELLS};

/// A board in a queue: packed tiles, rank, blank cell, and the index of the
/// move that made it (4 for none).
pub(crate) trait Queued: Copy {
    /// A filler for queue slots not yet written.
    const EMPTY: Self;
    fn pack(tiles: u64, rank: u32, blank: usize, last: u8) -> Self;
    fn unpack(self) -> (u64, u32, usize, u8);
}

/// The bits of a packed `u64` board that hold its tiles.
const TILES: u64 = (1 << 36) - 1;
/// Where a packed board's rank starts.
const RANK_SHIFT: u32 = 36;
/// Where a packed board's blank cell starts; its last move follows at 59.
const BLANK_SHIFT: u32 = 55;

/// Boards of at most 9 cells fit in 8 bytes: tiles in bits 0..36, the rank
/// (below 9! < 2^19) in bits 36..55, the blank in 55..59, the move in
/// 59..62. Half the bytes of the wide form halve a queue's memory traffic.
impl Queued for u64 {
    const EMPTY: u64 = 0;
    #[inline]
    fn pack(tiles: u64, rank: u32, blank: usize, last: u8) -> u64 {
        tiles | (rank as u64) << RANK_SHIFT | (blank as u64) << BLANK_SHIFT | (last as u64) << 59
    }
    #[inline]
    fn unpack(self) -> (u64, u32, usize, u8) {
        let rank = ((self >> RANK_SHIFT) & ((1 << 19) - 1)) as u32;
        (
            self & TILES,
            rank,
            ((self >> BLANK_SHIFT) & 0xF) as usize,
            (self >> 59) as u8,
        )
    }
}

/// Larger boards travel wide.
impl Queued for (u64, u32, u8, u8) {
    const EMPTY: Self = (0, 0, 0, 0);
    #[inline]
    fn pack(tiles: u64, rank: u32, blank: usize, last: u8) -> Self {
        (tiles, rank, blank as u8, last)
    }
    #[inline]
    fn unpack(self) -> (u64, u32, usize, u8) {
        (self.0, self.1, self.2 as usize, self.3)
    }
}

/// Each cell's moves that stay on the board, as (next cell, move index):
/// a search loops over exactly those instead of testing all four.
pub(crate) struct Exits {
    exits: [[(u8, u8); 4]; MAX_CELLS],
    degree: [u8; MAX_CELLS],
}

impl Exits {
    pub(crate) fn of(shape: Shape) -> Exits {
        let mut exits = [[(0u8, 0u8); 4]; MAX_CELLS];
        let mut degree = [0u8; MAX_CELLS];
        for (cell, row) in shape.neighbours().iter().enumerate().take(shape.cells()) {
            for (mv, &next) in row.iter().enumerate().filter(|(_, &next)| next != u8::MAX) {
                exits[cell][degree[cell] as usize] = (next, mv as u8);
                degree[cell] += 1;
            }
        }
        Exits { exits, degree }
    }

    /// The moves from `cell`.
    #[inline]
    pub(crate) fn from(&self, cell: usize) -> &[(u8, u8)] {
        &self.exits[cell][..self.degree[cell] as usize]
    }
}

/// The moves of boards packed in a `u64` (see [`Queued`]), as precomputed
/// steps from packed word to packed word, for boards of at most 9 cells and
/// 3 columns. A child costs a dozen operations and one look-up in a small
/// table, with no unpacking and no branch on the move's direction.
///
/// The rank's change (see [`slide_core::rank_step`]) is `±(cells - 1)!` for
/// a horizontal move. A vertical move takes the tile past the `cols - 1`
/// tiles between the blank's old and new cells, and the change depends only
/// on those tiles and the moving one: `cols` contiguous nibbles of the packed
/// board, the *window*, which index a table. One table of signed changes
/// serves every move: moves down from 0, moves up from `16^cols`, and the two
/// horizontal changes at the end, which horizontal moves reach with a window
/// mask of 0.
pub(crate) struct PackedMoves {
    /// Indexed by bits 55..62 of a packed board, its blank cell and last
    /// move: the moves to make from there, except the one that undoes the
    /// last (moves `m` and `3 - m` undo each other, see `Move`).
    moves: [[PackedMove; 4]; 128],
    counts: [u8; 128],
    /// Signed rank changes, laid out as described above.
    changes: Vec<i32>,
}

/// One move of [`PackedMoves`].
#[derive(Clone, Copy, Default)]
struct PackedMove {
    /// A 1 in the lowest bit of the nibbles of the blank's cell and of the
    /// cell it moves to: the moving tile times this, xored in, swaps the tile
    /// and the blank (whose nibble is 0).
    cells: u64,
    /// The child's blank cell and move, in place (bits 55..62).
    tag: u64,
    /// Where the moving tile's nibble starts.
    tile_shift: u32,
    /// The change is `changes[base + ((tiles >> window_shift) & window_mask)]`.
    window_shift: u32,
    window_mask: u32,
    base: u32,
}

impl PackedMoves {
    /// The steps of `shape`, made once per process; `None` for a shape
    /// with more than 9 cells or 3 columns.
    pub(crate) fn of(shape: Shape) -> Option<&'static PackedMoves> {
        static MADE: [OnceLock<PackedMoves>; 49] = {
            #[allow(clippy::declare_interior_mutable_const)]
            const UNMADE: OnceLock<PackedMoves> = OnceLock::new();
            [UNMADE; 49]
        };
        if shape.cells() > 9 || shape.cols() > 3 {
            return None;
        }
        Some(MADE[(shape.rows() - 2) * 7 + (shape.cols() - 2)].get_or_init(|| PackedMoves::new(shape)))
    }

    fn new(shape: Shape) -> PackedMoves {
        let (cells, cols) = (shape.cells(), shape.cols());
        let windows = 1usize << (4 * cols);
        let window_mask = windows as u32 - 1;
        // The changes, from `rank_step` on boards made to show each window:
        // moving down from cell 0 the window is cells 1..=cols, moving up
        // to cell 0 it is cells 0..cols. Only windows of distinct tiles can
        // occur; the other entries stay 0 and are never read.
        const BASE: u64 = 1 << 40;
        let change = |tiles: u64, blank: usize, next: usize| {
            (rank_step(tiles, cells, blank, next, BASE) as i64 - BASE as i64) as i32
        };
        let mut changes = vec![0i32; 2 * windows + 2];
        for window in 0..windows {
            // The window's tiles as a set, and whether they are distinct tiles.
            let (mut seen, mut valid) = (0u32, true);
            for i in 0..cols {
                let tile = (window >> (4 * i)) & 0xF;
                valid &= (1..cells).contains(&tile) && seen & 1 << tile == 0;
                seen |= 1 << tile;
            }
            if valid {
                changes[window] = change((window as u64) << 4, 0, cols);
                changes[windows + window] = change(window as u64, cols, 0);
            }
        }
        let (right, left) = (2 * windows, 2 * windows + 1);
        changes[right] = change(1 << 4, 0, 1);
        changes[left] = change(1, 1, 0);

        let exits = Exits::of(shape);
        let mut moves = [[PackedMove::default(); 4]; 128];
        let mut counts = [0u8; 128];
        for blank in 0..cells {
            for last in 0..=4u8 {
                let at = blank | (last as usize) << 4;
                for &(next, mv) in exits.from(blank).iter().filter(|&&(_, mv)| mv + last != 3) {
                    let next = next as usize;
                    let (window_shift, window_mask, base) = match next {
                        _ if next == blank + 1 => (0, 0, right as u32),
                        _ if next + 1 == blank => (0, 0, left as u32),
                        _ if next > blank => (4 * (blank as u32 + 1), window_mask, 0),
                        _ => (4 * next as u32, window_mask, windows as u32),
                    };
                    moves[at][counts[at] as usize] = PackedMove {
                        cells: 1 << (4 * blank) | 1 << (4 * next),
                        tag: (next as u64) << BLANK_SHIFT | (mv as u64) << 59,
                        tile_shift: 4 * next as u32,
                        window_shift,
                        window_mask,
                        base,
                    };
                    counts[at] += 1;
                }
            }
        }
        PackedMoves { moves, counts, changes }
    }

    /// Writes the children of the packed board `board`, packed, except the
    /// one its last move came from, to `out` from `at` on; returns where
    /// they end. `out` has room for four.
    #[inline]
    pub(crate) fn write_children(&self, board: u64, out: &mut [u64], mut at: usize) -> usize {
        let from = (board >> BLANK_SHIFT) as usize;
        let tiles = board & TILES;
        let tiles_and_rank = board & ((1 << BLANK_SHIFT) - 1);
        for m in &self.moves[from][..self.counts[from] as usize] {
            let window = (tiles >> m.window_shift) as u32 & m.window_mask;
            let change = self.changes[(m.base + window) as usize] as i64;
            let tile = (tiles >> m.tile_shift) & 0xF;
            // The rank's change is added in its field: the new rank lies in
            // 0..9!, so nothing carries out of the field, and the tiles below
            // it are untouched.
            out[at] = (tiles_and_rank ^ (tile * m.cells)).wrapping_add((change << RANK_SHIFT) as u64) | m.tag;
            at += 1;
        }
        at
    }
}

/// The rank of the packed board `board`.
#[inline]
pub(crate) fn rank_of(board: u64) -> u64 {
    board.unpack().1 as u64
}

/// The packed tiles of the packed board `board`.
#[inline]
pub(crate) fn tiles_of(board: u64) -> u64 {
    board & TILES
}

/// The index of the move that made the packed board `board` (4 for none).
#[inline]
pub(crate) fn last_move_of(board: u64) -> usize {
    (board >> 59) as usize
}

#[cfg(test)]
mod tests {
    use slide_core::{rank, Board};

    use super::*;

    /// Every child from every (blank, last move) of a few thousand boards of
    /// each eligible shape is the board that `Board::apply` makes, with its
    /// rank, blank and move.
    #[test]
    fn children_are_the_boards_moves_make() {
        let served: Vec<String> = Shape::all()
            .filter(|&shape| PackedMoves::of(shape).is_some())
            .map(|shape| shape.to_string())
            .collect();
        assert_eq!(served, ["2x2", "2x3", "3x2", "3x3", "4x2"]);
        for shape in Shape::all() {
            let Some(moves) = PackedMoves::of(shape) else {
                continue;
            };
            let mut random = slide_core::SplitMix64::new(shape.cells() as u64);
            for _ in 0..2000 {
                let board = random.board(&Board::goal(shape));
                for last in 0..=4u8 {
                    let packed = u64::pack(board.tiles(), rank(&board) as u32, board.blank(), last);
                    let mut expected: Vec<u64> = board
                        .successors()
                        .filter(|(mv, _)| *mv as u8 + last != 3)
                        .map(|(mv, next)| u64::pack(next.tiles(), rank(&next) as u32, next.blank(), mv as u8))
                        .collect();
                    let mut out = [0u64; 4];
                    let end = moves.write_children(packed, &mut out, 0);
                    let mut children = out[..end].to_vec();
                    expected.sort_unstable();
                    children.sort_unstable();
                    assert_eq!(children, expected, "{board:?} after move {last}");
                    for child in children {
                        let next = Board::from_tiles(shape, tiles_of(child)).unwrap();
                        assert_eq!(rank_of(child), rank(&next));
                        assert!(last_move_of(child) < 4);
                    }
                }
            }
        }
    }
}
