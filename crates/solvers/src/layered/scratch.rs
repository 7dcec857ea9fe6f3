//! Memory that searches reuse: visited tables and layer buffers.
//!
//! A bidirectional search of the 8-puzzle takes tens of microseconds, less than
//! allocating and clearing a table of 9!/2 slots or faulting in fresh pages
//! for its layers. So finished searches leave their tables and buffers in a
//! [`Scratch`], and the next search takes them back. A caller that runs many
//! searches can own one and pass it in (`*_in` functions); the others share
//! one per thread.
//!
//! # Invariant: layers
//!
//! A layer buffer's length is the most it has held: the layer is
//! its first `len` entries, the rest scratch that the branch-free compaction
//! may overwrite. Buffers hold zeros when made (allocated zeroed, so untouched
//! pages cost nothing) and grow out of the expansion's loop when a chunk's
//! children might not fit, into a new zeroed buffer (at least 2^15 entries)
//! rather than by writing zeros after the old ones.

use std::cell::RefCell;

use crate::layered::node::TwoWords;

/// Visited tables and layer buffers kept between searches.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{bidirectional_bfs_in, Budget, Scratch};
/// let shape = Shape::new(3, 3).unwrap();
/// let goal = Board::goal(shape);
/// let mut scratch = Scratch::new();
/// for text in ["1 2 3 4 5 6 7 x 8", "8 6 7 2 5 4 3 x 1"] {
///     let start = Board::parse(shape, text).unwrap();
///     assert!(bidirectional_bfs_in(&mut scratch, &start, &goal, &mut Budget::default()).is_ok());
/// }
/// ```
#[derive(Default)]
pub struct Scratch {
    /// Dense visited tables, as the searches left them, each with the
    /// number of slots its searches write to (the slots above stay 0).
    pub(crate) tables: Vec<(Vec<u8>, usize)>,
    /// Layer buffers of boards packed in a `u64`.
    pub(crate) packed_layers: Vec<Vec<u64>>,
    /// Layer buffers of wide boards.
    pub(crate) wide_layers: Vec<Vec<TwoWords>>,
    /// A*'s dense closed set: its bits, and its moves (two bits a board).
    pub(crate) closed_set: (Vec<u64>, Vec<u64>),
    /// A*'s open stacks of packed and of wide boards, empty.
    pub(crate) packed_open: Vec<Vec<u64>>,
    pub(crate) wide_open: Vec<Vec<TwoWords>>,
}

/// How many tables or buffers of one kind a scratch keeps.
const KEEP: usize = 4;

impl Scratch {
    /// An empty scratch; it fills as searches give memory back.
    pub fn new() -> Scratch {
        Scratch::default()
    }

    /// A table of zeros with room for `size` slots: a kept one, cleared, or
    /// a new one. Its length is the power of two at or above `size`, so
    /// that a search can mask a slot into it, where a bounds check would
    /// cost a compare and a branch; the search writes only the first `size`.
    pub(crate) fn take_table(&mut self, size: usize) -> Vec<u8> {
        let len = size.next_power_of_two();
        match self.tables.iter().position(|(table, _)| table.len() == len) {
            Some(index) => {
                let (mut table, written) = self.tables.swap_remove(index);
                table[..written].fill(0);
                table
            }
            None => vec![0; len],
        }
    }

    /// Keeps a table for the next search; its searches wrote no slot at or
    /// above `written`.
    pub(crate) fn give_table(&mut self, table: Vec<u8>, written: usize) {
        if self.tables.len() < KEEP {
            self.tables.push((table, written));
        }
    }

    /// A layer buffer from `spares`, or a new one.
    pub(crate) fn take_layer<T>(spares: &mut Vec<Vec<T>>) -> Vec<T> {
        spares.pop().unwrap_or_default()
    }

    /// Keeps a layer buffer in `spares` for the next search.
    pub(crate) fn give_layer<T>(spares: &mut Vec<Vec<T>>, buffer: Vec<T>) {
        if spares.len() < KEEP {
            spares.push(buffer);
        }
    }
}

thread_local! {
    /// The scratch of searches that are not given one.
    static THREAD_SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::new());
}

/// Runs `f` with this thread's scratch (or a fresh one, should the thread's
/// be in use further up the stack).
pub(crate) fn with_thread_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    THREAD_SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        Err(_) => f(&mut Scratch::new()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_all_zeros_each_time_it_is_taken() {
        let mut scratch = Scratch::new();
        let mut table = scratch.take_table(10);
        assert_eq!(table, [0; 16]);
        // A search leaves its marks; the next one must not see them.
        table[3] = 0x21;
        table[9] = 0x12;
        scratch.give_table(table, 10);
        assert_eq!(scratch.tables.len(), 1);
        assert_eq!(scratch.take_table(10), [0; 16]);
    }
}
