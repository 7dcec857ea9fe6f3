//! The moves of boards packed in a `u64` (see [`crate::layered::node`]) as
//! precomputed steps from packed word to packed word.

use slide_core::{neighbour_cell, rank_step, Move, Shape, NO_MOVE};

use crate::layered::node::{BLANK_SHIFT, LAST_SHIFT, RANK_SHIFT, TILES};
use crate::layered::Children;

/// The moves of boards packed in a `u64` (see [`crate::layered::node`]), as precomputed
/// steps from packed word to packed word, for boards of at most 9 cells and
/// 3 columns. A child costs a dozen operations and one look-up in a small
/// table, with no unpacking and no branch on the move's direction.
///
/// The rank's change (see [`slide_core::rank_step`]) is `±(cells - 1)!` for
/// a horizontal move. A vertical move takes the tile past the `cols - 1`
/// tiles between the blank's old and new cells, and the change depends only
/// on those tiles and the moving one: `cols` contiguous nibbles of the packed
/// board, the *window*, which index a table. One table of signed changes
/// serves every move: moves down from 0, moves up from `windows` (one more
/// than the largest window, whose nibbles are all `cells - 1`), and the two
/// horizontal changes at the end, which horizontal moves reach with a
/// window mask of 0.
///
/// The tables depend only on the shape, so they are made at compile time,
/// for the five shapes served ([`SERVED`]): a search starts with no set-up.
pub(crate) struct TableMoves {
    rows: usize,
    cols: usize,
    /// Indexed by bits 55..62 of a packed board ([`ROWS`]): the moves to
    /// make from there, except the one that undoes the last
    /// ([`Move::undoes`]).
    moves: [[TableMove; 4]; ROWS],
    /// The number of moves of each row, less one: every cell of a grid
    /// has at least two neighbours, so a board has at least one move that
    /// does not undo the last. Kept as `0..4`, the count cuts a row of four
    /// with no bounds check and no test for an empty row.
    fewer: [u8; ROWS],
    /// Signed rank changes, laid out as described above; the entries past a
    /// shape's last are 0 and never read.
    changes: [i32; CHANGES],
}

/// The rows of [`TableMoves`]: a board's blank cell and the low three bits
/// of its last move, which tell the moves 0 to 3 and [`NO_MOVE`] (15, read
/// as 7) apart. Masking the index to them, rather than reading all four
/// bits, also spares the look-up a bounds check.
const ROWS: usize = 128;

/// The entries of [`TableMoves::changes`]: those of 3x3, the most.
const CHANGES: usize = 2 * windows(9, 3) + 2;

/// The shapes [`TableMoves`] serve (at most 9 cells and 3 columns), with
/// their tables.
static SERVED: [TableMoves; 5] = [
    TableMoves::new(2, 2),
    TableMoves::new(2, 3),
    TableMoves::new(3, 2),
    TableMoves::new(3, 3),
    TableMoves::new(4, 2),
];

/// A board's row of [`TableMoves`].
#[inline]
const fn row(board: u64) -> usize {
    (board >> BLANK_SHIFT) as usize & (ROWS - 1)
}

/// One more than the largest window of a board of `cells` cells and `cols`
/// columns: every nibble `cells - 1`.
const fn windows(cells: usize, cols: usize) -> usize {
    (cells - 1) * (window_mask(cols) as usize / 15) + 1
}

/// The mask of a window's `cols` nibbles.
const fn window_mask(cols: usize) -> u32 {
    (1 << (4 * cols)) - 1
}

/// The rank's change when the blank of the packed `tiles` (of `cells`
/// cells) moves from `blank` to `next` (see [`rank_step`]).
const fn change(tiles: u64, cells: usize, blank: usize, next: usize) -> i32 {
    const BASE: u64 = 1 << 40;
    (rank_step(tiles, cells, blank, next, BASE) as i64 - BASE as i64) as i32
}

/// One move of [`TableMoves`].
#[derive(Clone, Copy)]
struct TableMove {
    /// A 1 in the lowest bit of the nibbles of the blank's cell and of the
    /// cell it moves to: the moving tile times this, xored in, swaps the tile
    /// and the blank (whose nibble is 0).
    cells: u64,
    /// The child's blank cell and move, in place (bits 55..63).
    tag: u64,
    /// Where the moving tile's nibble starts.
    tile_shift: u32,
    /// The change is `changes[base + ((tiles >> window_shift) & window_mask)]`.
    window_shift: u32,
    window_mask: u32,
    base: u32,
}

impl TableMove {
    /// The blank's move `mv` from `blank` to `next` on a board of `cols`
    /// columns whose largest window is below `windows`: horizontal moves
    /// read the last two changes with an empty window, moves down the
    /// changes from 0 with the window above `blank`, moves up those from
    /// `windows` with the window from `next` on.
    const fn new(blank: usize, next: usize, mv: usize, cols: usize, windows: usize) -> TableMove {
        let (window_shift, window_mask, base) = if next == blank + 1 {
            (0, 0, 2 * windows)
        } else if next + 1 == blank {
            (0, 0, 2 * windows + 1)
        } else if next > blank {
            (4 * (blank as u32 + 1), window_mask(cols), 0)
        } else {
            (4 * next as u32, window_mask(cols), windows)
        };
        TableMove {
            cells: 1 << (4 * blank) | 1 << (4 * next),
            tag: (next as u64) << BLANK_SHIFT | (mv as u64) << LAST_SHIFT,
            tile_shift: 4 * next as u32,
            window_shift,
            window_mask,
            base: base as u32,
        }
    }

    /// The entry of a row's unused places.
    const NONE: TableMove = TableMove {
        cells: 0,
        tag: 0,
        tile_shift: 0,
        window_shift: 0,
        window_mask: 0,
        base: 0,
    };
}

impl TableMoves {
    /// The steps of `shape`; `None` for a shape with more than 9 cells or 3
    /// columns.
    pub(crate) fn of(shape: Shape) -> Option<&'static TableMoves> {
        SERVED
            .iter()
            .find(|moves| moves.rows == shape.rows() && moves.cols == shape.cols())
    }

    /// The steps of the shape `rows` by `cols`, at compile time: hence the
    /// `while` loops.
    const fn new(rows: usize, cols: usize) -> TableMoves {
        let cells = rows * cols;
        let (window_mask, windows) = (window_mask(cols), windows(cells, cols));
        // The changes, from `rank_step` on boards made to show each window:
        // moving down from cell 0 the window is cells 1..=cols, moving up
        // to cell 0 it is cells 0..cols. Only windows of `cols` distinct
        // tiles (1 to cells - 1) occur: they are counted through as the
        // digits of `code` in base `cells - 1` (on 3x3, 336 of 512 codes),
        // and the other entries stay 0 and are never read.
        let mut changes = [0i32; CHANGES];
        let tiles = cells - 1;
        let mut code = 0;
        while code < tiles.pow(cols as u32) {
            let (mut window, mut seen, mut rest, mut i) = (0usize, 0u32, code, 0);
            while i < cols {
                let tile = rest % tiles + 1;
                rest /= tiles;
                window |= tile << (4 * i);
                seen |= 1 << tile;
                i += 1;
            }
            if seen.count_ones() as usize == cols {
                changes[window] = change((window as u64) << 4, cells, 0, cols);
                // Moving up undoes a move down: the tile in cell 0 (the up
                // window's first nibble) is the one in cell `cols` (the down
                // window's last) after it, the others shifted by one cell.
                let moving = window >> (4 * (cols - 1));
                let up = moving | (window << 4) & window_mask as usize;
                changes[windows + up] = -changes[window];
            }
            code += 1;
        }
        changes[2 * windows] = change(1 << 4, cells, 0, 1);
        changes[2 * windows + 1] = change(1, cells, 1, 0);

        let mut moves = [[TableMove::NONE; 4]; ROWS];
        let mut fewer = [0u8; ROWS];
        let mut blank = 0;
        while blank < cells {
            // The last moves 0 to 3, and 4 for `NO_MOVE`.
            let mut step = 0;
            while step <= 4 {
                let last = if step == 4 { NO_MOVE } else { step as u8 };
                let at = row((blank as u64) << BLANK_SHIFT | (last as u64) << LAST_SHIFT);
                let mut count = 0;
                let mut mv = 0;
                while mv < 4 {
                    if let Some(next) = neighbour_cell(rows, cols, blank, mv) {
                        if !Move::undoes(mv as u8, last) {
                            moves[at][count] = TableMove::new(blank, next, mv, cols, windows);
                            count += 1;
                        }
                    }
                    mv += 1;
                }
                fewer[at] = count as u8 - 1;
                step += 1;
            }
            blank += 1;
        }
        TableMoves {
            rows,
            cols,
            moves,
            fewer,
            changes,
        }
    }
}

impl Children for TableMoves {
    type Node = u64;
    const MAX_CHILDREN: usize = 4;

    #[inline]
    fn write_children(&self, board: u64, out: &mut [u64], mut at: usize) -> usize {
        let from = row(board);
        let tiles = board & TILES;
        let tiles_and_rank = board & ((1 << BLANK_SHIFT) - 1);
        for m in &self.moves[from][..(self.fewer[from] & 3) as usize + 1] {
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

#[cfg(test)]
mod tests {
    use slide_core::{rank, Board};

    use crate::layered::node::Node;

    use super::*;

    /// Every child from every (blank, last move) of a few thousand boards of
    /// each eligible shape is the board that `Board::apply` makes, with its
    /// rank, blank and move.
    #[test]
    fn children_are_the_boards_moves_make() {
        let served: Vec<String> = Shape::all()
            .filter(|&shape| TableMoves::of(shape).is_some())
            .map(|shape| shape.to_string())
            .collect();
        assert_eq!(served, ["2x2", "2x3", "3x2", "3x3", "4x2"]);
        for shape in Shape::all() {
            let Some(moves) = TableMoves::of(shape) else {
                continue;
            };
            let mut random = slide_core::SplitMix64::new(shape.cells() as u64);
            for _ in 0..2000 {
                let board = random.board(&Board::goal(shape));
                for last in (0..4).chain([NO_MOVE]) {
                    let packed = u64::new(board.tiles(), rank(&board), board.blank(), last);
                    let mut expected: Vec<u64> = board
                        .successors()
                        .filter(|&(mv, _)| !Move::undoes(mv as u8, last))
                        .map(|(mv, next)| u64::new(next.tiles(), rank(&next), next.blank(), mv as u8))
                        .collect();
                    let mut out = [0u64; 4];
                    let end = moves.write_children(packed, &mut out, 0);
                    let mut children = out[..end].to_vec();
                    expected.sort_unstable();
                    children.sort_unstable();
                    assert_eq!(children, expected, "{board:?} after move {last}");
                    for child in children {
                        let next = Board::from_tiles(shape, child.tiles()).unwrap();
                        assert_eq!(child.rank(), rank(&next));
                        assert!(child.last() < 4);
                    }
                }
            }
        }
    }
}
