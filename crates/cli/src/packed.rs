//! A path held in two bits a move: what `slide solve` keeps of an answer,
//! so that a 1000x1000 board's path (some 1.8 billion moves) takes a
//! quarter of a byte a move rather than the byte of a `Vec<Move>` and the
//! byte of its letters (`record/2026-12-07-big-boards.md`).

use std::io::{self, Write};

use slide_core::{Move, MoveOrder};

/// Moves written a chunk at a time: a path's letters are never all in
/// memory at once.
const WRITE_CHUNK: usize = 1 << 16;

/// A path of moves, four to a byte.
///
/// A move's index in [`Move::ALL`] (`Move as u8`, 0 to 3) fills two bits;
/// move `i` is in byte `i / 4`, at bits `2 * (i % 4)` and up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PackedPath {
    bytes: Vec<u8>,
    len: usize,
}

impl PackedPath {
    /// The number of moves.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Adds `mv` at the end.
    pub(crate) fn push(&mut self, mv: Move) {
        let shift = 2 * (self.len % 4);
        if shift == 0 {
            self.bytes.push(0);
        }
        let last = self.bytes.len() - 1;
        self.bytes[last] |= (mv as u8) << shift;
        self.len += 1;
    }

    /// The moves in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        (0..self.len).map(|i| Move::from_index(usize::from(self.bytes[i / 4] >> (2 * (i % 4)) & 3)))
    }

    /// The moves, unpacked.
    pub(crate) fn to_vec(&self) -> Vec<Move> {
        self.iter().collect()
    }

    /// Writes the moves' letters to `out` in `order`'s case, a chunk at a
    /// time.
    pub(crate) fn write_letters(&self, order: MoveOrder, out: &mut dyn Write) -> io::Result<()> {
        let mut moves = self.iter();
        let mut chunk = Vec::with_capacity(WRITE_CHUNK.min(self.len));
        loop {
            chunk.clear();
            chunk.extend(moves.by_ref().take(WRITE_CHUNK));
            if chunk.is_empty() {
                return Ok(());
            }
            out.write_all(order.write(&chunk).as_bytes())?;
        }
    }

    /// The moves' letters in `order`'s case.
    pub(crate) fn letters(&self, order: MoveOrder) -> String {
        let mut letters = Vec::with_capacity(self.len);
        self.write_letters(order, &mut letters)
            .expect("writing to memory does not fail");
        String::from_utf8(letters).expect("moves are written in ASCII letters")
    }
}

impl From<Vec<Move>> for PackedPath {
    fn from(path: Vec<Move>) -> PackedPath {
        let mut packed = PackedPath::default();
        packed.extend(path);
        packed
    }
}

impl Extend<Move> for PackedPath {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        for mv in moves {
            self.push(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length up to a few bytes and past a write chunk, every move in
    /// every position: what goes in comes out, in order, as letters too.
    #[test]
    fn packs_and_unpacks_every_move_in_every_position() {
        for len in (0..40).chain([WRITE_CHUNK - 1, WRITE_CHUNK, 2 * WRITE_CHUNK + 3]) {
            let path: Vec<Move> = (0..len).map(|i| Move::from_index((i * 7 + i / 5) % 4)).collect();
            let packed = PackedPath::from(path.clone());
            assert_eq!(packed.len(), len);
            assert_eq!(packed.to_vec(), path);
            assert_eq!(packed.bytes.len(), len.div_ceil(4));
            assert_eq!(packed.letters(MoveOrder::KORF), slide_core::path_string(&path));
            let upper = MoveOrder::parse("ULRD").unwrap();
            assert_eq!(packed.letters(upper), slide_core::path_string(&path).to_uppercase());
        }
    }
}
