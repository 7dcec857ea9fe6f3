//! What a layered search keeps of a board in its layers: one entry type per
//! size class of board.
//!
//! An entry carries the board's packed tiles, its rank (on boards that have
//! dense tables), its blank cell and the index of the move that made it
//! ([`NO_MOVE`](slide_core::NO_MOVE) for a root), so that a search steps the
//! rank instead of recomputing it and skips the move undoing the last one
//! without a look-up.
//!
//! # Invariant: nodes
//!
//! A `u64` node (a layer entry, see the glossary) holds the tiles in bits `0..36`,
//! the rank in `36..55`, the blank cell in `55..59` and the move that made it
//! in `59..63` (`NO_MOVE` for the roots). Bits `55..62` (the blank and the last
//! move's low three bits, which tell moves 0 to 3 and `NO_MOVE`, 15, apart)
//! index `TableMoves`' 128 lists, which leave out the move undoing the last
//! one. A move up's rank change is minus that of the move down it undoes, so
//! only the down windows are computed. A child's rank is its
//! parent's plus a signed change added inside the rank's field: the result
//! lies in `0..9!`, so nothing carries into the tiles or out of the field.
//! `TableMoves::of` refuses boards of more than 9 cells (the fields would
//! overlap) or more than 3 columns (a vertical move's window of `cols` nibbles
//! would index a table of 16^4 or more entries).

use crate::layered::scratch::Scratch;

/// A board in a layer. The two size classes are `u64` (boards of at most
/// 9 cells) and [`TwoWords`] (larger boards). The default value is all zeros,
/// so that `vec![Node::default(); n]` costs no writes until it is used.
pub(crate) trait Node: Copy + Default {
    /// The entry of a board: its packed tiles, rank (0 where ranks are not
    /// kept), blank cell, and the index of the move that made it.
    fn new(tiles: u64, rank: u64, blank: usize, last: u8) -> Self;
    /// The packed tiles.
    fn tiles(self) -> u64;
    /// The rank, as given to [`Node::new`].
    fn rank(self) -> u64;
    /// The blank's cell.
    fn blank(self) -> usize;
    /// The index of the move that made the board, or `NO_MOVE`.
    fn last(self) -> u8;
    /// The spare layer buffers of this class in `scratch`.
    fn spares(scratch: &mut Scratch) -> &mut Vec<Vec<Self>>;
    /// A*'s open stacks of this class in `scratch`.
    fn open_stacks(scratch: &mut Scratch) -> &mut Vec<Vec<Self>>;
}

/// The bits of a packed `u64` board that hold its tiles.
pub(crate) const TILES: u64 = (1 << 36) - 1;
/// Where a packed board's rank starts.
pub(crate) const RANK_SHIFT: u32 = 36;
/// The bits of a packed board's rank, below `9! < 2^19`.
const RANK_BITS: u64 = (1 << 19) - 1;
/// Where a packed board's blank cell starts; its last move follows at 59.
pub(crate) const BLANK_SHIFT: u32 = 55;
/// Where a packed board's last move starts (four bits, to bit 63).
pub(crate) const LAST_SHIFT: u32 = 59;

/// Boards of at most 9 cells fit in 8 bytes: tiles in bits 0..36, the rank
/// (below 9! < 2^19) in bits 36..55, the blank in 55..59, the last move in
/// 59..63. Half the bytes of [`TwoWords`] halve a layer's memory traffic.
impl Node for u64 {
    #[inline]
    fn new(tiles: u64, rank: u64, blank: usize, last: u8) -> u64 {
        tiles | rank << RANK_SHIFT | (blank as u64) << BLANK_SHIFT | (last as u64) << LAST_SHIFT
    }
    #[inline]
    fn tiles(self) -> u64 {
        self & TILES
    }
    #[inline]
    fn rank(self) -> u64 {
        (self >> RANK_SHIFT) & RANK_BITS
    }
    #[inline]
    fn blank(self) -> usize {
        ((self >> BLANK_SHIFT) & 0xF) as usize
    }
    #[inline]
    fn last(self) -> u8 {
        (self >> LAST_SHIFT) as u8
    }
    fn spares(scratch: &mut Scratch) -> &mut Vec<Vec<u64>> {
        &mut scratch.packed_layers
    }
    fn open_stacks(scratch: &mut Scratch) -> &mut Vec<Vec<u64>> {
        &mut scratch.packed_open
    }
}

/// A board of 10 cells or more, in two words: the tiles, and the rank
/// (below `10! < 2^32`, 0 on boards that keep none) in bits 0..32 of the
/// second with the blank in bits 32..40 and the last move in 40..48.
///
/// An array of integers rather than a struct, so that a buffer of zeros is
/// allocated already zeroed by the system, and its pages are only touched
/// as a search fills them.
pub(crate) type TwoWords = [u64; 2];

impl Node for TwoWords {
    #[inline]
    fn new(tiles: u64, rank: u64, blank: usize, last: u8) -> TwoWords {
        [tiles, rank | (blank as u64) << 32 | (last as u64) << 40]
    }
    #[inline]
    fn tiles(self) -> u64 {
        self[0]
    }
    #[inline]
    fn rank(self) -> u64 {
        self[1] & 0xFFFF_FFFF
    }
    #[inline]
    fn blank(self) -> usize {
        ((self[1] >> 32) & 0xFF) as usize
    }
    #[inline]
    fn last(self) -> u8 {
        (self[1] >> 40) as u8
    }
    fn spares(scratch: &mut Scratch) -> &mut Vec<Vec<TwoWords>> {
        &mut scratch.wide_layers
    }
    fn open_stacks(scratch: &mut Scratch) -> &mut Vec<Vec<TwoWords>> {
        &mut scratch.wide_open
    }
}
