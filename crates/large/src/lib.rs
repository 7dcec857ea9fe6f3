//! The reductions that solve boards of any size, from 2x2 to 1000x1000
//! ([`slide_core::LargeBoard`]): good paths fast, not shortest ones; and
//! the judges' readers of such boards.
//!
//! - `read.rs`: the judges' readers of such boards ([`Numbers`],
//!   [`read_large_board`]), with errors that name the line and column;
//! - [`reduce()`] (`reduce/`): rows and columns put in place one after
//!   another, finished by a search of the last cells;
//!   [`reduce_by_search`] (`reduce/by_search.rs`) places whole lines by the
//!   weighted A* of `place_tiles.rs` and leaves 12 cells to IDA*.
//!
//! Standard library only and Rust 1.70: the judge files for big boards
//! carry it.
//!
//! ```
//! use slide_core::LargeBoard;
//! use slide_large::reduce;
//! let start = LargeBoard::parse_rows("1 2 3 / 4 5 6 / 7 _ 8").unwrap();
//! let goal = LargeBoard::goal(3, 3);
//! assert_eq!(reduce(&start, &goal, 100).unwrap().unwrap().len(), 1);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod place_tiles;
mod read;
mod reduce;
mod shorten;

pub use crate::read::{read_between, read_large_board, read_side, read_square, read_square_board, Numbers};
pub use crate::reduce::{
    reduce, reduce_by_search, reduce_by_search_into, reduce_into, reduce_with, solved_whole, ReduceError,
    SEARCH_FINISH_CELLS,
};
pub use crate::shorten::shorten;
